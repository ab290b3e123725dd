//! Movement cards: Long Migration (one more step for the animal that just migrated) and Land
//! Bridge (the next Migrate ignores red arrows).

use super::RULE;
use crate::board::{group_of, tracked};
use crate::data::{AdaptationEffect, Data};
use crate::moves::perform_step;
use crate::state::{armed, not_offered, Choice, Decision, Event, State};
use eons_core::Refusal;

/// True if the card can be used now.
pub fn usable(s: &State, d: &Data, seat: u8, e: AdaptationEffect, acted: bool) -> bool {
    let p = s.player(seat);
    match e {
        AdaptationEffect::ExtraStep {} => {
            acted
                && tracked(s, p.group).is_some_and(|i| {
                    let q = s.animals[i];
                    !q.animal.inactive() && s.can_step(d, &q, false)
                })
        }
        AdaptationEffect::LandBridge {} => !acted && p.armed & armed::LAND_BRIDGE == 0,
        _ => false,
    }
}

/// Using the card: Long Migration asks for the step, Land Bridge arms the next Migrate.
pub fn use_card(s: &mut State, seat: u8, e: AdaptationEffect) {
    match e {
        AdaptationEffect::ExtraStep {} => s.decision = Some(Decision::ExtraStep(seat)),
        AdaptationEffect::LandBridge {} => s.player_mut(seat).armed |= armed::LAND_BRIDGE,
        _ => {}
    }
}

/// [`Decision::ExtraStep`]: the steps of the animal that just migrated, or Skip.
pub fn legal(s: &State, d: &Data, seat: u8, out: &mut Vec<Choice>) {
    if let Some(i) = tracked(s, group_of(s, seat)) {
        let p = s.animals[i];
        if !p.animal.inactive() {
            s.for_each_step(d, &p, false, |r, n| {
                out.push(Choice::Move {
                    from: p.spot(),
                    region: r,
                    niche: n,
                })
            });
        }
    }
    out.push(Choice::Skip);
}

/// Resolves [`Decision::ExtraStep`].
pub fn resolve(s: &mut State, d: &Data, seat: u8, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Move { region, niche, .. } => {
            if let Some(i) = tracked(s, group_of(s, seat)) {
                perform_step(s, d, seat, i, region, niche, ev);
            }
        }
        Choice::Skip => {}
        _ => s.decision = Some(Decision::ExtraStep(seat)),
    }
}

/// Why a choice is not one [`Decision::ExtraStep`] offers.
pub fn refuse() -> Refusal {
    not_offered(
        RULE,
        "Long Migration: move the animal that just migrated one more step, or skip",
    )
}
