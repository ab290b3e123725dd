//! Catastrophe (p.18): choose a tile; all its species but one (of the
//! animal you choose) are eliminated, then one species on each adjacent
//! tile with species.

use crate::data::Animal;
use crate::offer::offer_all;
use crate::offer::{not_offered, offer_species_on};
use crate::queries::{board_id, hex, lowest};
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::{place_in, singular, with_article};
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::{HexId, Refusal};

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Catastrophe (p.18)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::CatastropheTile { taker })
}

/// Adjacent tiles holding species (the second part).
fn ring(s: &State, h: HexId) -> u64 {
    let mut m = 0u64;
    for n in s.earth.adjacent_tiles(h) {
        if s.earth.total_species(n) > 0 {
            m |= 1 << n.0;
        }
    }
    m
}

/// Legal choices of a step of this card.
fn legal(s: &State, step: CardStep, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    match step {
        CardStep::CatastropheTile { .. }
            if offer_all(s.tile_ids().map(|h| Choice::Tile(hex(h))), offer) =>
        {
            return true;
        }
        CardStep::CatastropheSurvivor { hex: h, .. } if offer_species_on(s, h, None, offer) => {
            return true;
        }
        CardStep::CatastropheAdjacent { tiles, .. } => {
            if let Some(h) = lowest(tiles) {
                if offer_species_on(s, h, None, offer) {
                    return true;
                }
            }
        }
        _ => {}
    }
    false
}

/// Resolves a legal choice; the next step, if any.
fn resolve(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
    match (step, c) {
        (CardStep::CatastropheTile { taker }, Choice::Tile(h)) => board_id(h).map(|id| {
            if s.earth.total_species(id) > 0 {
                CardStep::CatastropheSurvivor { taker, hex: id }
            } else {
                CardStep::CatastropheAdjacent {
                    taker,
                    tiles: ring(s, id),
                }
            }
        }),
        (CardStep::CatastropheSurvivor { taker, hex: id }, Choice::Species { animal, .. }) => {
            for a in Animal::ALL {
                let n = s.earth.species(id, a.index());
                let keep = u8::from(a == animal);
                s.eliminate(a, id, n.saturating_sub(keep), ev);
            }
            Some(CardStep::CatastropheAdjacent {
                taker,
                tiles: ring(s, id),
            })
        }
        (CardStep::CatastropheAdjacent { taker, tiles }, Choice::Species { hex: h, animal }) => {
            board_id(h).and_then(|id| {
                s.eliminate(animal, id, 1, ev);
                let tiles = tiles & !(1 << id.0);
                (tiles != 0).then_some(CardStep::CatastropheAdjacent { taker, tiles })
            })
        }
        _ => None,
    }
}

/// Why `c` is refused in a step of this card.
fn refusal(s: &State, step: CardStep) -> Refusal {
    let asks = match step {
        CardStep::CatastropheTile { .. } => "choose a tile of earth".to_string(),
        CardStep::CatastropheSurvivor { hex, .. } => format!(
            "choose whose one species survives on {}",
            crate::texts::place_of(s, hex)
        ),
        CardStep::CatastropheAdjacent { tiles, .. } => format!(
            "choose which species dies on {}, an adjacent tile",
            crate::texts::next_tile(s, tiles)
        ),
        _ => "choose a tile of earth".to_string(),
    };
    not_offered(RULE, asks)
}

/// Catastrophe as a decision module: the tile, its survivor, then a victim on each adjacent tile.
pub(crate) struct Catastrophe;

impl DecisionModule<DominantSpecies> for Catastrophe {
    type Decision = CardStep;

    fn rule(step: CardStep) -> &'static str {
        match step {
            CardStep::CatastropheSurvivor { .. } => {
                "Catastrophe (p.18): choose whose one species survives on the tile"
            }
            CardStep::CatastropheAdjacent { .. } => {
                "Catastrophe (p.18): choose which species dies on an adjacent tile"
            }
            _ => "Catastrophe (p.18): choose a tile of earth",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        legal(s, step, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        let next = resolve(s, step, c, ev);
        super::proceed(s, next);
    }

    fn refusal(s: &State, step: CardStep, _: Choice) -> Refusal {
        refusal(s, step)
    }

    fn text(s: &State, step: CardStep, c: Choice) -> Option<String> {
        match (step, c) {
            (CardStep::CatastropheTile { .. }, Choice::Tile(h)) => {
                Some(format!("strike {} with the catastrophe", place_in(s, h)))
            }
            (CardStep::CatastropheSurvivor { .. }, Choice::Species { hex, animal }) => {
                Some(format!(
                    "let {} survive on {}",
                    with_article(singular(animal)),
                    place_in(s, hex)
                ))
            }
            _ => None,
        }
    }
}
