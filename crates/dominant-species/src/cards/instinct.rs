//! Instinct (p.19): place an AP from your supply on any empty eyeball
//! space (reference A8).

use crate::data::Animal;
use crate::offer::not_offered;
use crate::space::Space;
use crate::state::{CardStep, Choice, Event, State};
use eons_core::Refusal;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Instinct (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::InstinctSpace { taker })
}

/// Legal choices: every empty eyeball space while the supply has an AP.
pub(crate) fn legal(s: &State, taker: Animal, out: &mut Vec<Choice>) {
    if s.animals[taker.index()].supply > 0 {
        for sp in Space::all() {
            if s.spaces[sp.0 as usize].is_none() {
                out.push(Choice::Place(sp));
            }
        }
    }
}

/// Resolves a legal choice.
pub(crate) fn resolve(
    s: &mut State,
    taker: Animal,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
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

/// Why `c` is refused.
pub(crate) fn refusal() -> Refusal {
    not_offered(
        RULE,
        "place an AP from your supply on an empty eyeball space",
    )
}
