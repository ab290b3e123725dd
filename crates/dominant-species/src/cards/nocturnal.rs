//! Nocturnal (p.19): swap your initiative marker with the one directly to
//! its left.

use crate::data::Animal;
use crate::state::{CardStep, Event, State};

/// The rule this card names.
pub(crate) const RULE: &str = "Nocturnal (p.19)";

/// Resolves the card at once.
pub(crate) fn start(s: &mut State, taker: Animal, ev: &mut Vec<Event>) -> Option<CardStep> {
    s.move_ahead_in_initiative(taker, ev);
    None
}
