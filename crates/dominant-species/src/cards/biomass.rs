//! Biomass (p.18): on every tile with more species than elements, one
//! species dies; you choose whose. Overcrowded means more species than
//! element disks (reference A19); the set is fixed before any elimination.

use crate::data::Animal;
use crate::offer::{not_offered, offer_species_on};
use crate::queries::{board_id, lowest};
use crate::state::{CardStep, Choice, Event, State};
use crate::DominantSpecies;
use eons_core::refusal_from_rule;
use eons_core::DecisionModule;
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
fn legal(s: &State, tiles: u64, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if let Some(h) = lowest(tiles) {
        if offer_species_on(s, h, None, offer) {
            return true;
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
    let Choice::Species { hex: h, animal } = c else {
        return None;
    };
    let id = board_id(h)?;
    s.eliminate(animal, id, 1, ev);
    let tiles = tiles & !(1 << id.0);
    (tiles != 0).then_some(CardStep::BiomassVictim { taker, tiles })
}

/// Why `c` is refused.
fn refusal(s: &State, tiles: u64) -> Refusal {
    not_offered(
        RULE,
        format!(
            "choose which species dies on {}, an overcrowded tile",
            crate::texts::next_tile(s, tiles)
        ),
    )
}

/// Biomass as a decision module: the victim on each overcrowded tile.
pub(crate) struct Biomass;

impl DecisionModule<DominantSpecies> for Biomass {
    type Decision = CardStep;

    fn rule(_: CardStep) -> &'static str {
        "Biomass (p.18): choose which species dies on an overcrowded tile"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        let CardStep::BiomassVictim { tiles, .. } = step else {
            return false;
        };
        legal(s, tiles, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        if let CardStep::BiomassVictim { taker, tiles } = step {
            let next = resolve(s, taker, tiles, c, ev);
            super::proceed(s, next);
        }
    }

    fn refusal(s: &State, step: CardStep, _: Choice) -> Refusal {
        let CardStep::BiomassVictim { tiles, .. } = step else {
            return refusal_from_rule(Self::rule(step));
        };
        refusal(s, tiles)
    }
}
