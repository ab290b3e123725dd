//! Invasive Species (p.19): eliminate on every tile of a shown Competition terrain.
//!
//! Not a decision module: it asks no decision of its own, so it does not
//! implement `eons_core::DecisionModule`; its effect runs whole when the card starts.

use crate::events::Event;
use crate::queries::{terrain_at, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use eons_core::HexId;

/// Starts the card's effect (p.18-20); `x` is the slot it was taken from,
/// `max_slot` the Evolution space's value.
pub(crate) fn start(
    s: &mut State,
    a: Animal,
    _card: Card,
    _x: u8,
    _max_slot: u8,
    ev: &mut Vec<Event>,
) {
    let mut shown = [false; 8];
    for t in s.comp_markers.iter().flatten() {
        shown[t.index()] = true;
    }
    let hexes: Vec<HexId> = tiles(s)
        .filter(|&h| terrain_at(s, h).is_some_and(|t| shown[t.index()]))
        .collect();
    for h in hexes {
        for b in Animal::ALL {
            if *b != a {
                s.eliminate(h, *b, 1, Some(a), ev);
            }
        }
    }
}
