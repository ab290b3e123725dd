//! Tectonic Shift (p.20): every pawn goes home.
//!
//! Not a decision module: it asks no decision of its own, so it does not
//! implement `eons_core::DecisionModule`; its effect runs whole when the card starts.

use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Card};

/// Starts the card's effect (p.18-20); `x` is the slot it was taken from,
/// `max_slot` the Evolution space's value.
pub(crate) fn start(
    s: &mut State,
    _a: Animal,
    _card: Card,
    _x: u8,
    _max_slot: u8,
    ev: &mut Vec<Event>,
) {
    s.return_all_pawns();
    ev.push(Event::PawnsReturned);
}
