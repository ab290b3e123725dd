//! Volcanism (p.20): two Tectonics (a Seamount, then an edge tile); their
//! decisions are in `actions/tectonics.rs`.
//!
//! Not a decision module: it asks no decision of its own, so it does not
//! implement `eons_core::DecisionModule`; it pushes the two Tectonics decisions, which `actions::tectonics::Tectonics` asks.

use crate::decision::{Decision, TectonicsMode};
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Card};

/// Starts the card's effect (p.18-20); `x` is the slot it was taken from,
/// `max_slot` the Evolution space's value.
pub(crate) fn start(
    s: &mut State,
    a: Animal,
    _card: Card,
    _x: u8,
    _max_slot: u8,
    _ev: &mut Vec<Event>,
) {
    use Decision::*;
    s.stack.push(Tectonics {
        a,
        mode: TectonicsMode::Volcano,
    });
    s.stack.push(Tectonics {
        a,
        mode: TectonicsMode::Seamount,
    });
}
