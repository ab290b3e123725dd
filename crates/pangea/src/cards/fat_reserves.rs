//! Fat Reserves: the seat's animals in one region cost nothing when hunger is resolved this
//! stage (the decision module [`FatReserves`]).

use crate::listing::{offer_each, Listing};
use crate::state::{Choice, Decision, Event, State};
use crate::Pangea;
use eons_core::DecisionModule;

/// True if a region with the seat's animals is not protected yet.
pub fn usable(s: &State, seat: u8) -> bool {
    let p = s.player(seat);
    !s.regions_of(p.group).without(p.fat_reserves).is_empty()
}

/// Using the card: choose the region.
pub fn use_card(s: &mut State, seat: u8) {
    s.decision = Some(Decision::FatReserves(seat));
}

/// Fat Reserves: [`Decision::FatReserves`], a region with the seat's animals not protected
/// yet.
pub(crate) struct FatReserves;

impl DecisionModule<Pangea> for FatReserves {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adaptation Cards (p.21): Fat Reserves: choose a region where you have animals and that is not protected yet"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let p = s.player(dec.seat());
        offer_each(offer, |out| {
            for r in s.regions_of(p.group).without(p.fat_reserves).iter() {
                out.push(Choice::Region(r));
            }
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, _: &mut Vec<Event>) {
        match c {
            Choice::Region(r) => s.player_mut(dec.seat()).fat_reserves.insert(r),
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Region(r) => Some(format!("protect {r} with Fat Reserves")),
            _ => None,
        }
    }
}
