//! Ice Age (p.19): every animal scores bonus VPs for the tiles it
//! dominates (reference A21); this turn is the last.

use crate::data::{Animal, Card};
use crate::state::{CardStep, Event, State, VpCause};
use eons_core::bonus_vp;

/// The rule this card names.
pub(crate) const RULE: &str = "Ice Age (p.19)";

/// Resolves the card at once.
pub(crate) fn start(s: &mut State, ev: &mut Vec<Event>) -> Option<CardStep> {
    s.ice_age = true;
    let mut counts = [0u32; 6];
    for h in s.tile_ids() {
        if let Some(d) = s.dominant(h) {
            counts[d.index()] += 1;
        }
    }
    for a in Animal::ALL {
        s.gain_vp(
            a,
            bonus_vp(counts[a.index()]),
            VpCause::Card(Card::IceAge),
            ev,
        );
    }
    None
}
