//! Ambush: one of your animals in niche 0 attacks a rival animal in the same niche 0; the loser
//! of that contest is removed. The decision modules are [`AmbushOwn`] and [`AmbushTarget`].

use crate::data::data;
use crate::listing::{offer_each, Listing};
use crate::moves::kill_contest;
use crate::queries::{group_of, spots};
use crate::state::{Choice, Decision, Event, State};
use crate::types::{Group, Region};
use crate::Pangea;
use eons_core::DecisionModule;

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

/// Ambush, first step: [`Decision::AmbushOwn`], the seat's animal in a niche 0 a rival shares.
pub(crate) struct AmbushOwn;

impl DecisionModule<Pangea> for AmbushOwn {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adaptation Cards (p.21): Ambush: choose one of your animals in niche 0 of a region where a rival also holds niche 0"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let g = group_of(s, dec.seat());
        offer_each(offer, |out| {
            spots(
                s,
                |p| p.animal.group == g && p.niche == 0 && rival_in_niche0(s, g, p.region),
                |sp| out.push(Choice::Animal(sp)),
            )
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, _: &mut Vec<Event>) {
        match c {
            Choice::Animal(sp) => s.decision = Some(Decision::AmbushTarget(dec.seat(), sp)),
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Animal(sp) => Some(format!("ambush with {sp}")),
            _ => None,
        }
    }
}

/// Ambush, second step: [`Decision::AmbushTarget`], the rival animal in niche 0 of the
/// attacker's region; the contest starts.
pub(crate) struct AmbushTarget;

impl DecisionModule<Pangea> for AmbushTarget {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adaptation Cards (p.21): Ambush: choose a rival animal in niche 0 of your animal's region"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let Decision::AmbushTarget(seat, own) = dec else {
            return false;
        };
        let g = group_of(s, seat);
        offer_each(offer, |out| {
            spots(
                s,
                |p| p.region == own.region && p.niche == 0 && p.animal.group != g,
                |sp| out.push(Choice::Animal(sp)),
            )
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match (dec, c) {
            (Decision::AmbushTarget(_, own), Choice::Animal(t)) => {
                kill_contest(s, data(), &own, &t, ev)
            }
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Animal(sp) => Some(format!("attack {sp}")),
            _ => None,
        }
    }
}
