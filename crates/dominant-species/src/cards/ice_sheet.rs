//! Ice Sheet (p.19): perform a Glaciation (p.13), which may not be
//! forfeited. The decision is the Glaciation action's own
//! (`Decision::Glaciate { card: true }`, `actions/glaciation.rs`, whose
//! refusals name this module's `RULE`); this module only starts it.

use crate::data::Animal;
use crate::state::{CardStep, Decision, State};

/// The rule this card's refusals name (in the Glaciation decision).
pub(crate) const RULE: &str = "Ice Sheet (p.19)";

/// Starts the card's Glaciation.
pub(crate) fn start(s: &mut State, taker: Animal) -> Option<CardStep> {
    s.pending = Decision::Glaciate {
        animal: taker,
        card: true,
    };
    None
}
