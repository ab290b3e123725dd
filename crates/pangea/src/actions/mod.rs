//! The Action phase turn (rulebook p.17): one action (Adapt, Populate, Migrate or Survive) or
//! a pass, and the free steps before or after it. Each action and each free step lives in its
//! own module, which owns its legal choices, its resolution, the decisions that follow it and
//! the rule its refusals name; this module's decision module [`Turn`] lists them in the order
//! players read them and dispatches.

pub mod adapt;
pub mod free_steps;
pub mod migrate;
pub mod objectives;
pub mod populate;
pub mod shed;
pub mod survive;
pub mod window;

use crate::cards;
use crate::data::{data, Data};
use crate::effects::clear_track;
use crate::listing::{offer_each, Listing};
use crate::queries;
use crate::queries::{distinct, group_of};
use crate::state::{Choice, Decision, Event, State, Task};
use crate::texts::move_text;
use crate::types::Action;
use crate::Pangea;
use eons_core::{refusal_from_rule, DecisionModule, Refusal};

/// The rule of the turn itself.
pub const RULE: &str = "Action Phase (p.17)";

/// Pays an action's cost and uses one of its markers.
fn pay(s: &mut State, seat: u8, action: Action, cost: i32, ev: &mut Vec<Event>) {
    let p = s.player_mut(seat);
    p.ap -= cost;
    p.used[action as usize] += 1;
    ev.push(Event::Acted { seat, action, cost });
}

/// The parts of a turn's legal choices, in the order [`Turn`] lists them. Each part lists
/// only choices of its own kind, so checking a choice needs only its own part.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Pass.
    Pass,
    /// Adapt: Activate and Evolve.
    Adapt,
    /// Populate.
    Populate,
    /// Migrate: Move.
    Migrate,
    /// Survive.
    Survive,
    /// Completing objectives: Claim.
    Objectives,
    /// Removing an Inactive marker: Unblock.
    Unblock,
    /// Cashing in an active adaptation card: CashIn.
    CashIn,
    /// Using an active adaptation card: Use.
    Use,
    /// The Invertebrates' ability: Shed.
    Shed,
    /// The solo objective marker: Bearer.
    Bearer,
    /// Done.
    Done,
}

impl Part {
    /// The part of a turn that lists a choice; `None` for a choice no turn offers.
    pub fn of(c: Choice) -> Option<Part> {
        Some(match c {
            Choice::Pass => Part::Pass,
            Choice::Activate(_) | Choice::Evolve(_) => Part::Adapt,
            Choice::Populate { .. } => Part::Populate,
            Choice::Move { .. } => Part::Migrate,
            Choice::Survive => Part::Survive,
            Choice::Claim(_) => Part::Objectives,
            Choice::Unblock(_) => Part::Unblock,
            Choice::CashIn(_) => Part::CashIn,
            Choice::Use(_) => Part::Use,
            Choice::Shed(_) => Part::Shed,
            Choice::Bearer(_) => Part::Bearer,
            Choice::Done => Part::Done,
            Choice::Skip
            | Choice::Confirm
            | Choice::Region(_)
            | Choice::Card(_)
            | Choice::Animal(_)
            | Choice::Field(_)
            | Choice::PayDominance => return None,
        })
    }
}

/// The Action-phase turn (rulebook p.17): [`Decision::Turn`], one action or a pass, and the
/// free steps before or after it.
///
/// Its legal choices come in this order: Pass and the actions before acting; objectives; the
/// free steps unless the player must pass; Done after acting. Before acting with 0 AP
/// (rulebook p.17, Pass) no action is offered, nor any free step but those that gain AP:
/// discarding an active adaptation card (p.21) and the Invertebrates' ability (p.26).
///
/// Checking one choice lists only the choices that may be it: those of its kind (its
/// [`Part`]), and for a Migrate or a Populate only those of its animal or its region, in the
/// order of the whole list.
pub(crate) struct Turn;

impl DecisionModule<Pangea> for Turn {
    type Decision = Decision;

    /// The rule of the turn, and what it asks: act or pass before acting, a free step or the
    /// end of the turn after.
    fn rule(dec: Decision) -> &'static str {
        match dec {
            Decision::Turn { acted: true, .. } => {
                "Action Phase (p.17): you have acted: take a free step or end your turn"
            }
            _ => {
                "Action Phase (p.17): take an action (Adapt, Populate, Migrate or Survive), use a free step or pass"
            }
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let Decision::Turn {
            seat,
            acted,
            forced,
        } = dec
        else {
            return false;
        };
        offer_each(offer, |out| {
            list(s, data(), seat, acted, forced, |_| true, None, out)
        })
    }

    fn is_legal(s: &State, dec: Decision, c: Choice) -> bool {
        let (
            Decision::Turn {
                seat,
                acted,
                forced,
            },
            Some(part),
        ) = (dec, Part::of(c))
        else {
            return false;
        };
        offer_each(&mut |offered| offered == c, |out| {
            list(s, data(), seat, acted, forced, |p| p == part, Some(c), out)
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        if let Decision::Turn { seat, acted, .. } = dec {
            resolve(s, data(), seat, acted, c, ev);
        }
    }

    fn refusal(s: &State, dec: Decision, c: Choice) -> Refusal {
        match dec {
            Decision::Turn {
                seat,
                acted,
                forced,
            } => refuse(s, data(), seat, acted, forced, c),
            _ => refusal_from_rule(Self::rule(dec)),
        }
    }

    /// A Move of the Migrate action reads "migrate …", the end of a turn "end your turn".
    fn text(s: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Done => Some("end your turn".into()),
            Choice::Move {
                from,
                region,
                niche,
            } => Some(move_text(s, "migrate", &from, region, niche)),
            _ => None,
        }
    }
}

/// The choices of the parts of a turn that `want` asks for, in the order of [`Turn`]; with
/// `like`, only the Migrate choices of its animal and the Populate choices of its region.
#[allow(clippy::too_many_arguments)]
fn list(
    s: &State,
    d: &Data,
    seat: u8,
    acted: bool,
    forced: bool,
    want: impl Fn(Part) -> bool,
    like: Option<Choice>,
    out: &mut impl Listing,
) {
    let p = s.player(seat);
    // p.17: "no Action Points left ... you have to pass", once the AP that may still be
    // gained at any moment (p.21, p.26) is not gained.
    let no_ap = !acted && p.ap <= 0;
    if !acted {
        if want(Part::Pass) {
            out.push(Choice::Pass);
        }
        if !forced && !no_ap && p.actions_taken() < d.rules.action_markers {
            if want(Part::Adapt) {
                adapt::legal(s, d, seat, out);
            }
            if want(Part::Populate) {
                match like {
                    Some(Choice::Populate { region, .. }) => {
                        populate::legal_in(s, d, seat, std::iter::once(region), out)
                    }
                    _ => populate::legal(s, d, seat, out),
                }
            }
            if want(Part::Migrate) {
                let only = match like {
                    Some(Choice::Move { from, .. }) => Some(from),
                    _ => None,
                };
                migrate::legal_from(s, d, seat, only, out);
            }
            if want(Part::Survive) {
                survive::legal(s, d, seat, out);
            }
        }
    }
    if want(Part::Objectives) {
        objectives::legal(s, d, seat, out);
    }
    if !forced {
        if want(Part::Unblock) {
            free_steps::legal_unblock(s, d, seat, out);
        }
        if want(Part::CashIn) {
            free_steps::legal_cash_in(s, seat, out);
        }
        if want(Part::Use) && !no_ap {
            distinct(&p.active, |c| {
                if cards::usable(s, d, seat, c, acted, false) {
                    out.push(Choice::Use(c));
                }
            });
        }
        if want(Part::Shed) {
            shed::legal(s, d, seat, out);
        }
        if want(Part::Bearer) {
            free_steps::legal_bearer(s, d, seat, out);
        }
    }
    if acted && want(Part::Done) {
        out.push(Choice::Done);
    }
}

/// Ends the seat's turn: the next player who has not passed is asked.
fn end_turn(s: &mut State, seat: u8) {
    let g = group_of(s, seat);
    clear_track(s, g);
    s.player_mut(seat).armed = 0;
    let n = s.order.len().max(1);
    s.cursor = ((s.cursor as usize + 1) % n) as u8;
    s.tasks.push(Task::ActionPhase);
}

/// Resolves a legal choice of the seat's turn.
fn resolve(s: &mut State, d: &Data, seat: u8, acted: bool, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Pass => {
            s.player_mut(seat).passed = true;
            ev.push(Event::Passed(seat));
            end_turn(s, seat);
        }
        Choice::Done => end_turn(s, seat),
        Choice::Populate { region, special } => populate::resolve(s, d, seat, region, special, ev),
        Choice::Move {
            from,
            region,
            niche,
        } => migrate::resolve(s, d, seat, from, region, niche, ev),
        Choice::Survive => survive::resolve(s, d, seat, ev),
        Choice::Activate(card) => adapt::resolve_activate(s, d, seat, card, ev),
        Choice::Evolve(k) => adapt::resolve_evolve(s, d, seat, k, ev),
        Choice::Claim(i) => objectives::resolve(s, d, seat, acted, i, ev),
        Choice::Unblock(sp) => free_steps::resolve_unblock(s, d, seat, acted, sp, ev),
        Choice::CashIn(card) => free_steps::resolve_cash_in(s, seat, acted, card, ev),
        Choice::Use(card) => {
            s.tasks.push(Task::TurnResume { seat, acted });
            cards::use_card(s, d, seat, card, ev);
        }
        Choice::Shed(sp) => {
            s.tasks.push(Task::TurnResume { seat, acted });
            shed::shed_first(s, d, seat, &sp, ev);
        }
        Choice::Bearer(sp) => free_steps::resolve_bearer(s, d, seat, acted, sp, ev),
        _ => s.tasks.push(Task::TurnResume { seat, acted }),
    }
}

/// The rule that forbids a choice of the seat's turn which is not legal now.
fn refuse(s: &State, d: &Data, seat: u8, acted: bool, forced: bool, c: Choice) -> Refusal {
    let p = s.player(seat);
    let costs = d.group(p.group).costs;
    let action = match c {
        Choice::Populate { .. } => Some(Action::Populate),
        Choice::Move { .. } => Some(Action::Migrate),
        Choice::Survive => Some(Action::Survive),
        Choice::Activate(_) | Choice::Evolve(_) => Some(Action::Adapt),
        _ => None,
    };
    if let Some(a) = action {
        if acted {
            return Refusal::new(RULE, "one action per turn: end your turn");
        }
        if forced {
            return Refusal::new(
                "Pass (p.17)",
                "with no Action Points or no action markers left you must pass",
            );
        }
        if p.ap <= 0 {
            return Refusal::new(
                "Pass (p.17)",
                "with no Action Points left you cannot act: discard an active adaptation card for 1 AP first, or pass",
            );
        }
        if p.actions_taken() >= d.rules.action_markers {
            return Refusal::new("Action markers (p.8)", "all 5 action markers are used");
        }
        if p.used[a as usize] >= d.rules.same_action_limit {
            return Refusal::new(
                "Action limit (p.17)",
                format!("{a} was already taken twice this stage"),
            );
        }
        let cost = match c {
            Choice::Populate { .. } => queries::populate_cost(d, p),
            Choice::Move { from, .. } => s.find(&from).map_or(costs[2] as i32, |i| {
                queries::migrate_cost(d, p, s.animals[i].animal)
            }),
            _ => costs[a as usize] as i32,
        };
        if p.ap < cost {
            return Refusal::new(RULE, format!("{a} costs {cost} AP and you have {}", p.ap));
        }
        return match c {
            Choice::Populate { region, special } => populate::refuse(s, region, special),
            Choice::Move { from, .. } => migrate::refuse(s, seat, from),
            Choice::Survive => survive::refuse(),
            Choice::Activate(_) | Choice::Evolve(_) => adapt::refuse(c),
            _ => refuse_other(seat, acted, forced),
        };
    }
    match c {
        Choice::Pass if acted => {
            Refusal::new("Pass (p.17)", "you already acted this turn: end your turn")
        }
        Choice::Done if !acted => Refusal::new(RULE, "you cannot skip your turn: act or pass"),
        Choice::Claim(_) => objectives::refuse(),
        Choice::Unblock(_) | Choice::CashIn(_) | Choice::Use(_) | Choice::Shed(_) if forced => {
            Refusal::new(
                "Pass (p.17)",
                "with no Action Points or no action markers left you must pass",
            )
        }
        Choice::Use(_) if !acted && p.ap <= 0 => Refusal::new(
            "Pass (p.17)",
            "with no Action Points left you may only gain AP (discard an active adaptation card for 1 AP) or pass",
        ),
        Choice::Unblock(_) => free_steps::refuse_unblock(),
        Choice::Use(_) => cards::refuse_use(),
        Choice::Shed(_) => shed::refuse(),
        Choice::Bearer(_) => free_steps::refuse_bearer(),
        _ => refuse_other(seat, acted, forced),
    }
}

/// A choice that is no part of a turn: what the turn asks ([`Turn::rule`]).
fn refuse_other(seat: u8, acted: bool, forced: bool) -> Refusal {
    refusal_from_rule(Turn::rule(Decision::Turn {
        seat,
        acted,
        forced,
    }))
}
