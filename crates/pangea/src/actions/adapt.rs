//! Adapt (rulebook p.21): activate an adaptation card from the Inactive zone, or an evolution
//! card paid with active adaptation cards; then what an evolution card asks for when it comes
//! into play (Special Animal swap, Toxic markers): the decision modules [`EvolvePayment`],
//! [`SpecialSwap`] and [`Toxify`].

use super::pay;
use crate::data::{data, Data};
use crate::effects::{insert_sorted, remove_card, set_flag_on};
use crate::listing::{offer_each, Listing};
use crate::queries;
use crate::queries::{distinct, group_of, spots};
use crate::state::{Cause, Choice, Decision, Event, State, Task};
use crate::texts::card_name;
use crate::types::{flag, Action, AdaptationId, Animal};
use crate::Pangea;
use eons_core::{DecisionModule, Refusal};

/// The rule of the Adapt action.
pub const RULE: &str = "Adapt (p.21)";

/// The Adapt choices of a turn. Ruling I1: only when it activates something; ruling D3: no
/// adaptation card into a full active zone.
pub fn legal(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    let p = s.player(seat);
    let g = p.group;
    let costs = d.group(g).costs;
    if p.used[Action::Adapt as usize] < d.rules.same_action_limit && p.ap >= costs[0] as i32 {
        if p.active.len() < d.rules.active_adaptation_limit as usize {
            distinct(&p.hand, |c| out.push(Choice::Activate(c)));
        }
        if (p.evolution.count_ones() as u8) < d.rules.active_evolution_limit {
            let sp = queries::special_active(d, p);
            for k in 0..4u8 {
                let c = d.evolution_card(g, k);
                if p.evolution & (1 << k) == 0
                    && c.cost as usize <= p.active.len()
                    && !(c.special && sp)
                {
                    out.push(Choice::Evolve(k));
                }
            }
        }
    }
}

/// Activates an adaptation card from the Inactive zone (face down).
pub fn resolve_activate(
    s: &mut State,
    d: &Data,
    seat: u8,
    card: AdaptationId,
    ev: &mut Vec<Event>,
) {
    let g = group_of(s, seat);
    crate::effects::clear_track(s, g);
    pay(s, seat, Action::Adapt, d.group(g).costs[0] as i32, ev);
    let p = s.player_mut(seat);
    if remove_card(&mut p.hand, card) {
        insert_sorted(&mut p.active, card);
    }
    ev.push(Event::ActivatedAdaptation(seat));
    s.tasks.push(Task::TurnResume { seat, acted: true });
}

/// Activates the group's k-th evolution card: pay its cost, then swap in the Special Animal and
/// put its Toxic markers.
pub fn resolve_evolve(s: &mut State, d: &Data, seat: u8, k: u8, ev: &mut Vec<Event>) {
    let g = group_of(s, seat);
    crate::effects::clear_track(s, g);
    pay(s, seat, Action::Adapt, d.group(g).costs[0] as i32, ev);
    s.tasks.push(Task::TurnResume { seat, acted: true });
    let card = d.evolution_card(g, k);
    let tox = queries::toxic_on_activate(card);
    if tox > 0 {
        s.tasks.push(Task::Toxify { seat, left: tox });
    }
    if card.special {
        s.tasks.push(Task::SpecialSwap(seat));
    }
    s.tasks.push(Task::EvolvePay {
        seat,
        card: k,
        left: card.cost,
    });
}

/// [`Task::EvolvePay`]: asks for the next card of the cost, or activates the card once paid.
pub fn offer_payment(s: &mut State, seat: u8, card: u8, left: u8, ev: &mut Vec<Event>) {
    if left == 0 {
        let p = s.player_mut(seat);
        p.evolution |= 1 << card;
        ev.push(Event::Evolved { seat, card });
    } else if s.player(seat).active.is_empty() {
        // Cannot happen when the card was affordable; stop rather than wait forever.
    } else {
        s.tasks.push(Task::EvolvePay { seat, card, left });
        s.decision = Some(Decision::EvolvePay(seat));
    }
}

/// Paying for an evolution card (rulebook p.21): [`Decision::EvolvePay`], one active
/// adaptation card discarded at a time.
pub(crate) struct EvolvePayment;

impl DecisionModule<Pangea> for EvolvePayment {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adapt (p.21): discard one of your active adaptation cards to pay for the evolution card"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| {
            distinct(&s.player(dec.seat()).active, |c| out.push(Choice::Card(c)))
        })
    }

    /// The card is discarded.
    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        let Choice::Card(card) = c else {
            s.decision = Some(dec);
            return;
        };
        let seat = dec.seat();
        if let Some(Task::EvolvePay { card: k, left, .. }) = s.tasks.pop() {
            remove_card(&mut s.player_mut(seat).active, card);
            s.discard.push(card);
            ev.push(Event::Discarded { seat, card });
            s.tasks.push(Task::EvolvePay {
                seat,
                card: k,
                left: left.saturating_sub(1),
            });
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Card(card) => Some(format!(
                "discard {} to pay for the evolution card",
                card_name(data(), card)
            )),
            _ => None,
        }
    }
}

/// [`Task::SpecialSwap`]: offers the Special Animal swap. Ruling I7: the swap is optional.
pub fn offer_special_swap(s: &mut State, seat: u8) {
    let g = s.player(seat).group;
    let any = s
        .animals
        .iter()
        .any(|p| p.animal.group == g && !p.animal.special() && !p.animal.bearer());
    if any && !s.special_out(g) {
        s.decision = Some(Decision::SpecialSwap(seat));
    }
}

/// The Special Animal swap (rulebook p.22; ruling I7): [`Decision::SpecialSwap`], one of the
/// seat's ordinary animals, or Skip. The Special Animal takes the animal's place and keeps its
/// Toxic and Inactive markers.
pub(crate) struct SpecialSwap;

impl DecisionModule<Pangea> for SpecialSwap {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Special Animals (p.22; ruling I7): choose one of your ordinary animals to swap for the Special Animal, or skip"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let g = group_of(s, dec.seat());
        offer_each(offer, |out| {
            spots(
                s,
                |p| p.animal.group == g && !p.animal.special() && !p.animal.bearer(),
                |sp| out.push(Choice::Animal(sp)),
            );
            out.push(Choice::Skip);
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Animal(sp) => {
                if let Some(i) = s.find_plain(&sp) {
                    let old = s.animals[i];
                    s.kill(i, Cause::Swap, ev);
                    let flags = flag::SPECIAL | (old.animal.flags & (flag::TOXIC | flag::INACTIVE));
                    s.place_new(
                        old.region,
                        old.niche,
                        Animal {
                            group: group_of(s, dec.seat()),
                            flags,
                        },
                        ev,
                    );
                }
            }
            Choice::Skip => {}
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("skip the swap".into()),
            Choice::Animal(sp) => Some(format!("swap {sp} for your Special Animal")),
            _ => None,
        }
    }
}

/// [`Task::Toxify`]: asks for the next Toxic marker while one is left to place.
pub fn offer_toxify(s: &mut State, seat: u8, left: u8) {
    let g = s.player(seat).group;
    if left > 0
        && s.animals
            .iter()
            .any(|p| p.animal.group == g && !p.animal.toxic())
    {
        s.tasks.push(Task::Toxify { seat, left });
        s.decision = Some(Decision::Toxify(seat));
    }
}

/// The Toxic markers an evolution card puts (rulebook p.16): [`Decision::Toxify`], one of the
/// seat's animals without a Toxic marker, or Done.
pub(crate) struct Toxify;

impl DecisionModule<Pangea> for Toxify {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Toxic (p.16): choose one of your animals without a Toxic marker to make Toxic, or finish with done"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| {
            crate::cards::status::untoxic_animals(s, dec.seat(), out);
            out.push(Choice::Done);
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Animal(sp) => {
                if let Some(Task::Toxify { seat, left }) = s.tasks.pop() {
                    set_flag_on(s, &sp, flag::TOXIC, true, ev);
                    if left > 1 {
                        s.tasks.push(Task::Toxify {
                            seat,
                            left: left - 1,
                        });
                    }
                }
            }
            Choice::Done => {
                s.tasks.pop();
            }
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        crate::cards::status::toxic_marker_text(c)
    }
}

/// Why an Adapt choice that passed the turn's checks is refused.
pub fn refuse(c: Choice) -> Refusal {
    match c {
        Choice::Evolve(_) => Refusal::new(
            RULE,
            "that evolution card is active, unaffordable, beyond the limit of 3, or a second Special Animal",
        ),
        _ => Refusal::new(
            RULE,
            "that card is not in your Inactive zone, or your Active zone holds 3",
        ),
    }
}
