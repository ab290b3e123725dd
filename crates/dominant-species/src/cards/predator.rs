//! Predator (p.19): on every tile you share with opposing species, one
//! opposing species of your choice is eliminated.

use crate::data::Animal;
use crate::offer::{not_offered, offer_species_on};
use crate::queries::{board_id, lowest};
use crate::state::{CardStep, Choice, Event, State};
use crate::DominantSpecies;
use eons_core::refusal_from_rule;
use eons_core::DecisionModule;
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
fn legal(s: &State, taker: Animal, tiles: u64, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if let Some(h) = lowest(tiles) {
        if offer_species_on(s, h, Some(taker), offer) {
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
    board_id(h).and_then(|id| {
        s.eliminate(animal, id, 1, ev);
        let tiles = tiles & !(1 << id.0);
        (tiles != 0).then_some(CardStep::PredatorVictim { taker, tiles })
    })
}

/// Why `c` is refused.
fn refusal(s: &State, tiles: u64) -> Refusal {
    not_offered(
        RULE,
        format!(
            "choose which opposing species dies on {}",
            crate::texts::next_tile(s, tiles)
        ),
    )
}

/// Predator as a decision module: the victim on each shared tile.
pub(crate) struct Predator;

impl DecisionModule<DominantSpecies> for Predator {
    type Decision = CardStep;

    fn rule(_: CardStep) -> &'static str {
        "Predator (p.19): choose which opposing species dies on a tile you share"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        let CardStep::PredatorVictim { taker, tiles } = step else {
            return false;
        };
        legal(s, taker, tiles, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        if let CardStep::PredatorVictim { taker, tiles } = step {
            let next = resolve(s, taker, tiles, c, ev);
            super::proceed(s, next);
        }
    }

    fn refusal(s: &State, step: CardStep, _: Choice) -> Refusal {
        let CardStep::PredatorVictim { tiles, .. } = step else {
            return refusal_from_rule(Self::rule(step));
        };
        refusal(s, tiles)
    }
}
