//! Final scoring (p.20): every tile is scored once more, then the game ends.

use crate::state::{Event, PhaseName, State, Step};
use eons_core::HexId;

/// Scores every tile and ends the game.
pub(crate) fn final_scoring(s: &mut State, ev: &mut Vec<Event>) {
    ev.push(Event::PhaseBegan {
        phase: PhaseName::FinalScoring,
    });
    let tiles: Vec<HexId> = s.tile_ids().collect();
    for h in tiles {
        s.score_tile(h, true, ev);
    }
    s.step = Step::Over;
    ev.push(Event::GameEnded);
}
