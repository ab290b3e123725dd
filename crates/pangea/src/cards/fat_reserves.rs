//! Fat Reserves: the seat's animals in one region cost nothing when hunger is resolved this
//! stage.

use super::RULE;
use crate::state::{not_offered, Choice, Decision, State};
use eons_core::Refusal;

/// True if a region with the seat's animals is not protected yet.
pub fn usable(s: &State, seat: u8) -> bool {
    let p = s.player(seat);
    !s.regions_of(p.group).without(p.fat_reserves).is_empty()
}

/// Using the card: choose the region.
pub fn use_card(s: &mut State, seat: u8) {
    s.decision = Some(Decision::FatReserves(seat));
}

/// [`Decision::FatReserves`]: the regions with the seat's animals not protected yet.
pub fn legal(s: &State, seat: u8, out: &mut Vec<Choice>) {
    let p = s.player(seat);
    for r in s.regions_of(p.group).without(p.fat_reserves).iter() {
        out.push(Choice::Region(r));
    }
}

/// Resolves [`Decision::FatReserves`].
pub fn resolve(s: &mut State, seat: u8, c: Choice) {
    match c {
        Choice::Region(r) => s.player_mut(seat).fat_reserves.insert(r),
        _ => s.decision = Some(Decision::FatReserves(seat)),
    }
}

/// Why a choice is not one [`Decision::FatReserves`] offers.
pub fn refuse() -> Refusal {
    not_offered(
        RULE,
        "Fat Reserves: choose a region where you have animals and that is not protected yet",
    )
}
