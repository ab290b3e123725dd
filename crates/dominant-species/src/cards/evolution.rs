//! Evolution (p.18): replace one species of up to two different opposing
//! animals with species from your gene pool.

use crate::data::Animal;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::{place_in, singular, with_article};
use crate::DominantSpecies;
use eons_core::DecisionModule;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Evolution (p.18)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::EvolutionReplace { taker, used: 0 })
}

/// Legal choices: an opposing species of an animal not replaced yet, or done.
fn legal(s: &State, taker: Animal, used: u8, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if s.animals[taker.index()].gene_pool > 0 && used.count_ones() < 2 {
        for h in s.tile_ids() {
            for a in Animal::ALL {
                if a != taker
                    && used & (1 << a.index()) == 0
                    && s.earth.species(h, a.index()) > 0
                    && offer(Choice::Species {
                        hex: hex(h),
                        animal: a,
                    })
                {
                    return true;
                }
            }
        }
    }
    if offer(Choice::Done) {
        return true;
    }
    false
}

/// Resolves a legal choice; the next step, if any.
fn resolve(
    s: &mut State,
    taker: Animal,
    used: u8,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    let Choice::Species { hex: h, animal } = c else {
        return None;
    };
    board_id(h).map(|id| {
        s.eliminate(animal, id, 1, ev);
        s.add_species(taker, id, 1, ev);
        CardStep::EvolutionReplace {
            taker,
            used: used | (1 << animal.index()),
        }
    })
}

/// Evolution as a decision module: each species replaced, or done.
pub(crate) struct Evolution;

impl DecisionModule<DominantSpecies> for Evolution {
    type Decision = CardStep;

    fn rule(_: CardStep) -> &'static str {
        "Evolution (p.18): replace one species of an opposing animal not yet replaced, or stop with done"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        let CardStep::EvolutionReplace { taker, used } = step else {
            return false;
        };
        legal(s, taker, used, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        if let CardStep::EvolutionReplace { taker, used } = step {
            let next = resolve(s, taker, used, c, ev);
            super::proceed(s, next);
        }
    }

    fn text(s: &State, _: CardStep, c: Choice) -> Option<String> {
        match c {
            Choice::Done => Some("replace no more species".into()),
            Choice::Species { hex, animal } => Some(format!(
                "replace {} on {}",
                with_article(singular(animal)),
                place_in(s, hex)
            )),
            _ => None,
        }
    }
}
