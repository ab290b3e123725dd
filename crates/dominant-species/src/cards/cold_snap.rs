//! Cold Snap (p.18): every other animal loses one species on each tundra
//! tile. Only the taking animal is spared (reference A3).

use crate::data::{Animal, Terrain};
use crate::state::{CardStep, Event, State};
use eons_core::HexId;

/// The rule this card names.
pub(crate) const RULE: &str = "Cold Snap (p.18)";

/// Resolves the card at once.
pub(crate) fn start(s: &mut State, taker: Animal, ev: &mut Vec<Event>) -> Option<CardStep> {
    let tiles: Vec<HexId> = s.tile_ids().collect();
    for h in tiles {
        if s.terrain(h) != Some(Terrain::Tundra) {
            continue;
        }
        for a in Animal::ALL {
            if a != taker && s.in_play(a) {
                s.eliminate(a, h, 1, ev);
            }
        }
    }
    None
}
