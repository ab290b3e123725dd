//! Fertile (p.18): choose a tile you occupy; 1 VP per species on it.

use crate::data::{Animal, Card};
use crate::offer::not_offered;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State, VpCause};
use eons_core::Refusal;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Fertile (p.18)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::FertileTile { taker })
}

/// Legal choices: the tiles you occupy.
pub(crate) fn legal(s: &State, taker: Animal, out: &mut Vec<Choice>) {
    for h in s.tile_ids() {
        if s.earth.species(h, taker.index()) > 0 {
            out.push(Choice::Tile(hex(h)));
        }
    }
}

/// Resolves a legal choice.
pub(crate) fn resolve(
    s: &mut State,
    taker: Animal,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    if let Choice::Tile(h) = c {
        if let Some(id) = board_id(h) {
            let n = s.earth.total_species(id);
            s.gain_vp(taker, n, VpCause::Card(Card::Fertile), ev);
        }
    }
    None
}

/// Why `c` is refused.
pub(crate) fn refusal() -> Refusal {
    not_offered(RULE, "choose a tile where you have a species")
}
