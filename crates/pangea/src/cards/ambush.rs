//! Ambush: one of your animals in niche 0 attacks a rival animal in the same niche 0; the loser
//! of that contest is removed.

use super::RULE;
use crate::board::{group_of, spots};
use crate::data::Data;
use crate::moves::kill_contest;
use crate::state::{not_offered, Choice, Decision, Event, State};
use crate::types::{Group, Region, Spot};
use eons_core::Refusal;

/// True if a rival animal of `g` is in niche 0 of the region.
fn rival_in_niche0(s: &State, g: Group, region: Region) -> bool {
    s.animals
        .iter()
        .any(|o| o.region == region && o.niche == 0 && o.animal.group != g)
}

/// True if the seat has an animal in a niche 0 a rival shares.
pub fn usable(s: &State, seat: u8) -> bool {
    let g = group_of(s, seat);
    s.animals
        .iter()
        .any(|q| q.animal.group == g && q.niche == 0 && rival_in_niche0(s, g, q.region))
}

/// Using the card: choose your animal.
pub fn use_card(s: &mut State, seat: u8) {
    s.decision = Some(Decision::AmbushOwn(seat));
}

/// [`Decision::AmbushOwn`]: the seat's animals in a niche 0 a rival shares.
pub fn legal_own(s: &State, seat: u8, out: &mut Vec<Choice>) {
    let g = group_of(s, seat);
    spots(
        s,
        |p| p.animal.group == g && p.niche == 0 && rival_in_niche0(s, g, p.region),
        |sp| out.push(Choice::Animal(sp)),
    );
}

/// [`Decision::AmbushTarget`]: the rival animals in niche 0 of the attacker's region.
pub fn legal_target(s: &State, seat: u8, own: Spot, out: &mut Vec<Choice>) {
    let g = group_of(s, seat);
    spots(
        s,
        |p| p.region == own.region && p.niche == 0 && p.animal.group != g,
        |sp| out.push(Choice::Animal(sp)),
    );
}

/// Resolves [`Decision::AmbushOwn`].
pub fn resolve_own(s: &mut State, seat: u8, c: Choice) {
    match c {
        Choice::Animal(sp) => s.decision = Some(Decision::AmbushTarget(seat, sp)),
        _ => s.decision = Some(Decision::AmbushOwn(seat)),
    }
}

/// Resolves [`Decision::AmbushTarget`]: the contest starts.
pub fn resolve_target(
    s: &mut State,
    d: &Data,
    seat: u8,
    own: Spot,
    c: Choice,
    ev: &mut Vec<Event>,
) {
    match c {
        Choice::Animal(t) => kill_contest(s, d, &own, &t, ev),
        _ => s.decision = Some(Decision::AmbushTarget(seat, own)),
    }
}

/// Why a choice is not one the Ambush decisions offer.
pub fn refuse(dec: Decision) -> Refusal {
    match dec {
        Decision::AmbushTarget(..) => not_offered(
            RULE,
            "Ambush: choose a rival animal in niche 0 of your animal's region",
        ),
        _ => not_offered(
            RULE,
            "Ambush: choose one of your animals in niche 0 of a region where a rival also holds niche 0",
        ),
    }
}
