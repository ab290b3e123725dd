//! Predator (p.19): on every tile you share with opposing species, one
//! opposing species of your choice is eliminated.

use crate::data::Animal;
use crate::offer::{not_offered, push_species_on};
use crate::queries::{board_id, lowest};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::Refusal;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Predator (p.19)";

/// The card's first decision: the shared tiles, lowest first.
pub(crate) fn start(s: &State, taker: Animal) -> Option<CardStep> {
    let ti = taker.index();
    let mut tiles = 0u64;
    for h in s.tile_ids() {
        if s.earth.species(h, ti) > 0 && s.earth.has_opposing(h, ti) {
            tiles |= 1 << h.0;
        }
    }
    Some(CardStep::PredatorVictim { taker, tiles })
}

/// Legal choices: an opposing species on the next shared tile.
pub(crate) fn legal(s: &State, taker: Animal, tiles: u64, out: &mut Vec<Choice>) {
    if let Some(h) = lowest(tiles) {
        push_species_on(s, h, Some(taker), out);
    }
}

/// Resolves a legal choice; the next step, if any.
pub(crate) fn resolve(
    s: &mut State,
    taker: Animal,
    tiles: u64,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    let Choice::Species { hex: h, animal } = c else {
        return None;
    };
    board_id(h).and_then(|id| {
        s.eliminate(animal, id, 1, ev);
        let tiles = tiles & !(1 << id.0);
        (tiles != 0).then_some(CardStep::PredatorVictim { taker, tiles })
    })
}

/// Why `c` is refused.
pub(crate) fn refusal(s: &State, tiles: u64) -> Refusal {
    not_offered(
        RULE,
        format!(
            "choose which opposing species dies on {}",
            crate::texts::next_tile(s, tiles)
        ),
    )
}
