//! Breeding cards: Nesting Site (the next Populate goes into a higher niche) and Fertility (the
//! next Populate costs 0 AP). Both arm the seat's next Populate; neither asks a decision, so
//! this is no decision module.

use crate::data::AdaptationEffect;
use crate::state::{armed, State};

/// True if the card can be used now: before the turn's action, once per turn.
pub fn usable(s: &State, seat: u8, e: AdaptationEffect, acted: bool) -> bool {
    let p = s.player(seat);
    match e {
        AdaptationEffect::Nest { .. } => !acted && p.armed & armed::NEST == 0,
        AdaptationEffect::FreePopulate {} => !acted && p.armed & armed::FERTILITY == 0,
        _ => false,
    }
}

/// Using the card arms the next Populate (Nesting Site keeps its niche in the high bits).
pub fn use_card(s: &mut State, seat: u8, e: AdaptationEffect) {
    match e {
        AdaptationEffect::Nest { niche } => {
            let p = s.player_mut(seat);
            p.armed = (p.armed & 0x0f) | armed::NEST | (niche << 4);
        }
        AdaptationEffect::FreePopulate {} => s.player_mut(seat).armed |= armed::FERTILITY,
        _ => {}
    }
}
