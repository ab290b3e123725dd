//! Fecundity (p.18): add one species to every tile you occupy; when the
//! gene pool cannot cover them all, you choose the tiles one by one.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::{HexId, Refusal};
use eons_earth::HEXES;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Fecundity (p.18)";

/// Resolves the card at once, or asks for the tiles when cubes run short.
pub(crate) fn start(s: &mut State, taker: Animal, ev: &mut Vec<Event>) -> Option<CardStep> {
    let ti = taker.index();
    let mut tiles = 0u64;
    for h in s.tile_ids() {
        if s.earth.species(h, ti) > 0 {
            tiles |= 1 << h.0;
        }
    }
    if (tiles.count_ones() as u8) <= s.animals[ti].gene_pool {
        for i in 0..HEXES as u8 {
            if tiles & (1 << i) != 0 {
                s.add_species(taker, HexId(i), 1, ev);
            }
        }
        None
    } else {
        Some(CardStep::FecundityTile { taker, tiles })
    }
}

/// Legal choices: the occupied tiles not yet given a species.
pub(crate) fn legal(s: &State, taker: Animal, tiles: u64, out: &mut Vec<Choice>) {
    if s.animals[taker.index()].gene_pool > 0 {
        for i in 0..HEXES as u8 {
            if tiles & (1 << i) != 0 {
                out.push(Choice::Tile(hex(HexId(i))));
            }
        }
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
    let Choice::Tile(h) = c else { return None };
    board_id(h).and_then(|id| {
        s.add_species(taker, id, 1, ev);
        let tiles = tiles & !(1 << id.0);
        let more = tiles != 0 && s.animals[taker.index()].gene_pool > 0;
        more.then_some(CardStep::FecundityTile { taker, tiles })
    })
}

/// Why `c` is refused.
pub(crate) fn refusal() -> Refusal {
    not_offered(
        RULE,
        "choose a tile you occupy that has not received a species from this card",
    )
}
