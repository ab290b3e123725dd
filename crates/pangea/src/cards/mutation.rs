//! Mutation: draw adaptation cards, then discard down to the hand limit. It asks no decision of
//! its own (the discards are the hand limit's, [`crate::phases`]), so this is no decision
//! module.

use crate::state::{Event, State, Task};

/// Mutation can always be used at its timing.
pub fn usable() -> bool {
    true
}

/// Using the card: draw, then the hand limit applies at once (ruling D2).
pub fn use_card(s: &mut State, seat: u8, draw: u8, ev: &mut Vec<Event>) {
    s.draw_cards(seat, draw, ev);
    s.tasks.push(Task::HandLimit(seat));
}
