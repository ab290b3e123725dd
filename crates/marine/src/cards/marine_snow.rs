//! Marine Snow (p.19): score every Ocean tile.
//!
//! Not a decision module: it asks no decision of its own, so it does not
//! implement `eons_core::DecisionModule`; its effect runs whole when the card starts.

use crate::data::data;
use crate::events::Event;
use crate::queries::{terrain_at, tiles};
use crate::state::State;
use crate::types::{Animal, Card, Terrain};
use eons_core::HexId;

/// Starts the card's effect (p.18-20); `x` is the slot it was taken from,
/// `max_slot` the Evolution space's value.
pub(crate) fn start(
    s: &mut State,
    _a: Animal,
    card: Card,
    _x: u8,
    _max_slot: u8,
    ev: &mut Vec<Event>,
) {
    let card_data = *data().card(card);
    let t = card_data.terrain.unwrap_or(Terrain::Ocean);
    let hexes: Vec<HexId> = tiles(s).filter(|&h| terrain_at(s, h) == Some(t)).collect();
    for h in hexes {
        s.score_tile(h, false, ev);
    }
}
