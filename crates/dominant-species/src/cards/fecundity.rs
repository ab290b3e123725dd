//! Fecundity (p.18): add one species to every tile you occupy; when the
//! gene pool cannot cover them all, you choose the tiles one by one.

use crate::data::Animal;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::place_in;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::HexId;
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
fn legal(s: &State, taker: Animal, tiles: u64, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if s.animals[taker.index()].gene_pool > 0 {
        for i in 0..HEXES as u8 {
            if tiles & (1 << i) != 0 && offer(Choice::Tile(hex(HexId(i)))) {
                return true;
            }
        }
    }
    false
}

/// Resolves a legal choice; the next step, if any.
fn resolve(
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

/// Fecundity as a decision module: each tile given a species when cubes run short.
pub(crate) struct Fecundity;

impl DecisionModule<DominantSpecies> for Fecundity {
    type Decision = CardStep;

    fn rule(_: CardStep) -> &'static str {
        "Fecundity (p.18): choose a tile you occupy that has not received a species from this card"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        let CardStep::FecundityTile { taker, tiles } = step else {
            return false;
        };
        legal(s, taker, tiles, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        if let CardStep::FecundityTile { taker, tiles } = step {
            let next = resolve(s, taker, tiles, c, ev);
            super::proceed(s, next);
        }
    }

    fn text(s: &State, _: CardStep, c: Choice) -> Option<String> {
        let Choice::Tile(h) = c else { return None };
        Some(format!("add a species to {}", place_in(s, h)))
    }
}
