//! Instinct (p.19): place an AP from your supply on any empty eyeball
//! space (reference A8).

use crate::data::Animal;
use crate::space::Space;
use crate::state::{CardStep, Choice, Event, State};
use crate::DominantSpecies;
use eons_core::DecisionModule;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Instinct (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::InstinctSpace { taker })
}

/// Legal choices: every empty eyeball space while the supply has an AP.
fn legal(s: &State, taker: Animal, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if s.animals[taker.index()].supply > 0 {
        for sp in Space::all() {
            if s.spaces[sp.0 as usize].is_none() && offer(Choice::Place(sp)) {
                return true;
            }
        }
    }
    false
}

/// Resolves a legal choice.
fn resolve(s: &mut State, taker: Animal, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
    if let Choice::Place(sp) = c {
        s.animals[taker.index()].supply -= 1;
        s.spaces[sp.0 as usize] = Some(taker);
        ev.push(Event::ApPlaced {
            animal: taker,
            space: sp,
        });
    }
    None
}

/// Instinct as a decision module: the space for the AP.
pub(crate) struct Instinct;

impl DecisionModule<DominantSpecies> for Instinct {
    type Decision = CardStep;

    fn rule(_: CardStep) -> &'static str {
        "Instinct (p.19): place an AP from your supply on an empty eyeball space"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        let CardStep::InstinctSpace { taker } = step else {
            return false;
        };
        legal(s, taker, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        if let CardStep::InstinctSpace { taker } = step {
            let next = resolve(s, taker, c, ev);
            super::proceed(s, next);
        }
    }
}
