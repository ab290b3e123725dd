//! Omnivore (p.19): gain an AP from the box.

use crate::data::Animal;
use crate::state::{CardStep, Event, State};

/// The rule this card names.
pub(crate) const RULE: &str = "Omnivore (p.19)";

/// Resolves the card at once.
pub(crate) fn start(s: &mut State, taker: Animal, ev: &mut Vec<Event>) -> Option<CardStep> {
    s.gain_ap(taker, ev);
    None
}
