//! Biomass (p.18): on every tile with more species than elements, one
//! species dies; you choose whose. Overcrowded means more species than
//! element disks (reference A19); the set is fixed before any elimination.

use crate::data::Animal;
use crate::offer::{not_offered, push_species_on};
use crate::queries::{board_id, lowest};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::Refusal;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Biomass (p.18)";

/// The card's first decision: the overcrowded tiles, lowest first.
pub(crate) fn start(s: &State, taker: Animal) -> Option<CardStep> {
    let mut tiles = 0u64;
    for h in s.tile_ids() {
        if s.earth.total_species(h) > s.earth.element_count_on(h) {
            tiles |= 1 << h.0;
        }
    }
    Some(CardStep::BiomassVictim { taker, tiles })
}

/// Legal choices: any species on the next overcrowded tile.
pub(crate) fn legal(s: &State, tiles: u64, out: &mut Vec<Choice>) {
    if let Some(h) = lowest(tiles) {
        push_species_on(s, h, None, out);
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
    let id = board_id(h)?;
    s.eliminate(animal, id, 1, ev);
    let tiles = tiles & !(1 << id.0);
    (tiles != 0).then_some(CardStep::BiomassVictim { taker, tiles })
}

/// Why `c` is refused.
pub(crate) fn refusal(s: &State, tiles: u64) -> Refusal {
    not_offered(
        RULE,
        format!(
            "choose which species dies on {}, an overcrowded tile",
            crate::texts::next_tile(s, tiles)
        ),
    )
}
