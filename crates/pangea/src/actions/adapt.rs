//! Adapt (rulebook p.21): activate an adaptation card from the Inactive zone, or an evolution
//! card paid with active adaptation cards; then what an evolution card asks for when it comes
//! into play (Special Animal swap, Toxic markers).

use super::pay;
use crate::board::{distinct, group_of, insert_sorted, remove_card, set_flag_on, spots};
use crate::data::Data;
use crate::queries;
use crate::state::{not_offered, Cause, Choice, Decision, Event, State, Task};
use crate::types::{flag, Action, AdaptationId, Animal};
use eons_core::Refusal;

/// The rule of the Adapt action.
pub const RULE: &str = "Adapt (p.21)";

/// The Adapt choices of a turn. Ruling I1: only when it activates something; ruling D3: no
/// adaptation card into a full active zone.
pub fn legal(s: &State, d: &Data, seat: u8, out: &mut Vec<Choice>) {
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
    crate::board::clear_track(s, g);
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
    crate::board::clear_track(s, g);
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

/// [`Decision::EvolvePay`]: the seat's active adaptation cards.
pub fn legal_payment(s: &State, seat: u8, out: &mut Vec<Choice>) {
    distinct(&s.player(seat).active, |c| out.push(Choice::Card(c)));
}

/// Resolves [`Decision::EvolvePay`]: the card is discarded.
pub fn resolve_payment(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
    let Choice::Card(card) = c else {
        s.decision = Some(Decision::EvolvePay(seat));
        return;
    };
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

/// [`Decision::SpecialSwap`]: the seat's ordinary animals, or Skip.
pub fn legal_special_swap(s: &State, seat: u8, out: &mut Vec<Choice>) {
    let g = group_of(s, seat);
    spots(
        s,
        |p| p.animal.group == g && !p.animal.special() && !p.animal.bearer(),
        |sp| out.push(Choice::Animal(sp)),
    );
    out.push(Choice::Skip);
}

/// Resolves [`Decision::SpecialSwap`]: the Special Animal takes the animal's place and keeps
/// its Toxic and Inactive markers.
pub fn resolve_special_swap(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
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
                        group: group_of(s, seat),
                        flags,
                    },
                    ev,
                );
            }
        }
        Choice::Skip => {}
        _ => s.decision = Some(Decision::SpecialSwap(seat)),
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

/// [`Decision::Toxify`]: the seat's animals without a Toxic marker, or Done.
pub fn legal_toxify(s: &State, seat: u8, out: &mut Vec<Choice>) {
    let g = group_of(s, seat);
    spots(
        s,
        |p| p.animal.group == g && !p.animal.toxic(),
        |sp| out.push(Choice::Animal(sp)),
    );
    out.push(Choice::Done);
}

/// Resolves [`Decision::Toxify`].
pub fn resolve_toxify(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
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
        _ => s.decision = Some(Decision::Toxify(seat)),
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

/// Why a choice is not one the decisions after an Adapt offer.
pub fn refuse_decision(dec: Decision) -> Refusal {
    match dec {
        Decision::SpecialSwap(_) => not_offered(
            "Special Animals (p.22; ruling I7)",
            "choose one of your ordinary animals to swap for the Special Animal, or skip",
        ),
        Decision::Toxify(_) => not_offered(
            "Toxic (p.16)",
            "choose one of your animals without a Toxic marker to make Toxic, or finish with done",
        ),
        _ => not_offered(
            RULE,
            "discard one of your active adaptation cards to pay for the evolution card",
        ),
    }
}
