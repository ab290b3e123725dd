//! Fertile (p.18): choose a tile you occupy; 1 VP per species on it.

use crate::data::{Animal, Card};
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State, VpCause};
use crate::texts::place_in;
use crate::DominantSpecies;
use eons_core::DecisionModule;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Fertile (p.18)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::FertileTile { taker })
}

/// Legal choices: the tiles you occupy.
fn legal(s: &State, taker: Animal, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    for h in s.tile_ids() {
        if s.earth.species(h, taker.index()) > 0 && offer(Choice::Tile(hex(h))) {
            return true;
        }
    }
    false
}

/// Resolves a legal choice.
fn resolve(s: &mut State, taker: Animal, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
    if let Choice::Tile(h) = c {
        if let Some(id) = board_id(h) {
            let n = s.earth.total_species(id);
            s.gain_vp(taker, n, VpCause::Card(Card::Fertile), ev);
        }
    }
    None
}

/// Fertile as a decision module: the tile scored.
pub(crate) struct Fertile;

impl DecisionModule<DominantSpecies> for Fertile {
    type Decision = CardStep;

    fn rule(_: CardStep) -> &'static str {
        "Fertile (p.18): choose a tile where you have a species"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        let CardStep::FertileTile { taker } = step else {
            return false;
        };
        legal(s, taker, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        if let CardStep::FertileTile { taker } = step {
            let next = resolve(s, taker, c, ev);
            super::proceed(s, next);
        }
    }

    fn text(s: &State, _: CardStep, c: Choice) -> Option<String> {
        let Choice::Tile(h) = c else { return None };
        Some(format!("score your species on {}", place_in(s, h)))
    }
}
