//! Parasitism (p.19): you and every animal below you in the food chain
//! gain an AP from the box.

use crate::data::Animal;
use crate::state::{CardStep, Event, State};

/// The rule this card names.
pub(crate) const RULE: &str = "Parasitism (p.19)";

/// Resolves the card at once.
pub(crate) fn start(s: &mut State, taker: Animal, ev: &mut Vec<Event>) -> Option<CardStep> {
    for a in Animal::ALL.into_iter().skip(taker.index()) {
        s.gain_ap(a, ev);
    }
    None
}
