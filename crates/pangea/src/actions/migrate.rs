//! Migrate (rulebook p.23): one animal takes one step; then the triggers of a step (solo
//! condition markers, Gorgonops' niche-0 attack, the decision module [`Niche0Attack`]).

use super::pay;
use crate::cards;
use crate::data::{data, Data, SoloTrigger};
use crate::effects::place_condition;
use crate::listing::{offer_each, Listing};
use crate::moves::{kill_contest, perform_step};
use crate::queries;
use crate::queries::{first_of_spot, group_of, spots, tracked, StepRules};
use crate::state::{armed, Choice, Decision, Event, State, SynapsidsMarker, Task};
use crate::types::{flag, Action, Region, Spot};
use crate::Pangea;
use eons_core::{DecisionModule, Refusal};

/// The rule of the Migrate action.
pub const RULE: &str = "Migrate (p.23)";

/// The Migrate choices of a turn whose animal is `only` (all of them for `None`).
pub fn legal_from(s: &State, d: &Data, seat: u8, only: Option<Spot>, out: &mut impl Listing) {
    let p = s.player(seat);
    if p.used[Action::Migrate as usize] >= d.rules.same_action_limit {
        return;
    }
    let g = p.group;
    let lb = p.armed & armed::LAND_BRIDGE != 0;
    // The cost and step rules of the seat's animals, which differ only for the Special
    // Animal: worked out once per kind of animal, when first needed.
    let mut rules: [Option<(i32, StepRules)>; 2] = [None; 2];
    for i in 0..s.animals.len() {
        let q = s.animals[i];
        if q.animal.group != g || q.animal.inactive() || !first_of_spot(s, i) {
            continue;
        }
        if only.is_some_and(|sp| sp != q.spot()) {
            continue;
        }
        let (cost, step_rules) = *rules[usize::from(q.animal.special())].get_or_insert_with(|| {
            (
                queries::migrate_cost(d, p, q.animal),
                StepRules::of(d, s, q.animal, lb),
            )
        });
        if p.ap < cost {
            continue;
        }
        s.for_each_step_with(d, &q, step_rules, |r, n| {
            out.push(Choice::Move {
                from: q.spot(),
                region: r,
                niche: n,
            })
        });
    }
}

/// True if the seat has an animal that can take a migration step.
pub fn any_free_move(s: &State, d: &Data, seat: u8) -> bool {
    let g = group_of(s, seat);
    s.animals
        .iter()
        .any(|p| p.animal.group == g && !p.animal.inactive() && s.can_step(d, p, false))
}

/// Every step of the seat's active animals (a free migration step).
pub fn free_moves(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    let g = group_of(s, seat);
    for i in 0..s.animals.len() {
        let p = s.animals[i];
        if p.animal.group == g && !p.animal.inactive() && first_of_spot(s, i) {
            let rules = StepRules::of(d, s, p.animal, false);
            s.for_each_step_with(d, &p, rules, |r, n| {
                out.push(Choice::Move {
                    from: p.spot(),
                    region: r,
                    niche: n,
                })
            });
        }
    }
}

/// The Migrate action: pay (a cheap migrate is counted), use Land Bridge, then step.
pub fn resolve(
    s: &mut State,
    d: &Data,
    seat: u8,
    from: Spot,
    region: Region,
    niche: u8,
    ev: &mut Vec<Event>,
) {
    let Some(i) = s.find_plain(&from) else {
        return;
    };
    let a = s.animals[i].animal;
    let p = s.player(seat);
    let base = d.group(p.group).costs[2] as i32;
    let cost = queries::migrate_cost(d, p, a);
    if cost < base {
        s.player_mut(seat).cheap_used += 1;
    }
    pay(s, seat, Action::Migrate, cost, ev);
    let bridged = s.player(seat).armed & armed::LAND_BRIDGE != 0;
    s.player_mut(seat).armed &= !armed::LAND_BRIDGE;
    s.tasks.push(Task::TurnResume { seat, acted: true });
    perform_step(s, d, seat, i, region, niche, ev);
    if bridged {
        cards::ap_after_action(s, d, seat, ev);
    }
}

/// After a player's migration step (to `region`, `niche`, contests resolved): solo condition
/// markers and Gorgonops' niche-0 attack.
///
/// Solo (rulebook p.28): the Synapsid and Amphibian triggers need the bearer to have migrated
/// into the region, not to hold the niche it moved to: a bearer that lost the contest on
/// arrival withdrew within the same region and still counts, and its marker goes where it is.
/// Only the Sauropsida trigger ("migrates to an Ecological Niche [2]") needs it in niche 2.
#[allow(clippy::too_many_arguments)]
pub fn after_move(
    s: &mut State,
    d: &Data,
    seat: u8,
    region: Region,
    niche: u8,
    warned: bool,
    entered: bool,
    ev: &mut Vec<Event>,
) {
    let g = s.player(seat).group;
    let Some(p) = s
        .animals
        .iter()
        .find(|p| p.animal.group == g && p.animal.flags & flag::TRACK != 0)
        .copied()
    else {
        return;
    };
    if p.region != region {
        return;
    }
    if s.setup.solo() && p.animal.bearer() {
        match d.conditions[g as usize].trigger {
            SoloTrigger::MigrateNewRow => {
                let counts = entered || s.setup.synapsids_marker == SynapsidsMarker::AnyStep;
                if counts && !s.conditions.iter().any(|&(r, _)| r.row() == region.row()) {
                    place_condition(s, d, region, p.niche, ev);
                }
            }
            SoloTrigger::MigrateNiche2 => {
                if niche == 2 && p.niche == 2 {
                    place_condition(s, d, region, niche, ev);
                }
            }
            SoloTrigger::MigrateCausingHunger => {
                if warned && s.warning(d, region) {
                    s.solo_pending.insert(region);
                }
            }
            SoloTrigger::WinVsNeutral => {}
        }
    }
    if niche == 0
        && p.niche == 0
        && queries::niche0_attack(d, s, p.animal)
        && s.animals
            .iter()
            .any(|o| o.region == region && o.niche == 0 && o.animal.group != g)
    {
        s.decision = Some(Decision::Niche0Attack(seat));
    }
}

/// Gorgonops' niche-0 attack (an evolution card, rulebook p.21): [`Decision::Niche0Attack`],
/// a rival in niche 0 of the region the animal reached, or Skip; a contest whose loser is
/// removed.
pub(crate) struct Niche0Attack;

impl DecisionModule<Pangea> for Niche0Attack {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Evolution Cards (p.21): attack a rival animal in niche 0 of the region your animal migrated to, or skip"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let g = group_of(s, dec.seat());
        offer_each(offer, |out| {
            if let Some(i) = tracked(s, g) {
                let region = s.animals[i].region;
                spots(
                    s,
                    |p| p.region == region && p.niche == 0 && p.animal.group != g,
                    |sp| out.push(Choice::Animal(sp)),
                );
            }
            out.push(Choice::Skip);
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Animal(t) => {
                if let Some(i) = tracked(s, group_of(s, dec.seat())) {
                    let own = s.animals[i].spot();
                    let f = s.animals[i].animal.flags & !flag::TRACK;
                    s.set_flags(i, f);
                    kill_contest(s, data(), &own, &t, ev);
                }
            }
            Choice::Skip => {}
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("skip the attack".into()),
            Choice::Animal(sp) => Some(format!("attack {sp}")),
            _ => None,
        }
    }
}

/// Why a Migrate that passed the turn's checks is refused.
pub fn refuse(s: &State, seat: u8, from: Spot) -> Refusal {
    match s.find(&from) {
        None => Refusal::new(RULE, "there is no such animal of yours"),
        Some(i) if s.animals[i].animal.group != s.player(seat).group => {
            Refusal::new(RULE, "you can only migrate your own animals")
        }
        Some(i) if s.animals[i].animal.inactive() => {
            Refusal::new("Inactive (p.16)", "an Inactive animal cannot Migrate")
        }
        Some(_) => Refusal::new(
            RULE,
            "not a legal step: within the region ±1 niche; within the climate zone the same or one lower; within the sector one lower; never into your own group's niche",
        ),
    }
}
