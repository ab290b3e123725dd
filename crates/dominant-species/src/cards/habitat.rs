//! Habitat (p.19): take an element of your choice from the bag and put it
//! on any vacant corner of earth.

use crate::data::Animal;
use crate::offer::{not_offered, push_bag_elements};
use crate::queries::corner;
use crate::state::{CardStep, Choice, Event, State};
use eons_core::Refusal;
use eons_earth::grid;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Habitat (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::HabitatElement { taker })
}

/// Legal choices of a step of this card.
pub(crate) fn legal(s: &State, step: CardStep, out: &mut Vec<Choice>) {
    match step {
        CardStep::HabitatElement { .. } if s.vacant_corners().next().is_some() => {
            push_bag_elements(s, out);
        }
        CardStep::HabitatCorner { .. } => {
            out.extend(s.vacant_corners().map(|c| Choice::Corner(corner(c))));
        }
        _ => {}
    }
}

/// Resolves a legal choice; the next step, if any.
pub(crate) fn resolve(
    s: &mut State,
    step: CardStep,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    match (step, c) {
        (CardStep::HabitatElement { taker }, Choice::Element(e)) => {
            Some(CardStep::HabitatCorner { taker, element: e })
        }
        (CardStep::HabitatCorner { element, .. }, Choice::Corner(at)) => {
            if let Some(c) = grid().corner_id(at) {
                s.bag.take(element.index());
                s.element_to_earth(element, c, ev);
            }
            None
        }
        _ => None,
    }
}

/// Why `c` is refused in a step of this card.
pub(crate) fn refusal(step: CardStep) -> Refusal {
    match step {
        CardStep::HabitatElement { .. } => not_offered(RULE, "choose an element type from the bag"),
        _ => not_offered(RULE, "choose a vacant corner of earth"),
    }
}
