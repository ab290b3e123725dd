//! Habitat (p.19): take an element of your choice from the bag and put it
//! on any vacant corner of earth.

use crate::data::Animal;
use crate::offer::offer_all;
use crate::offer::offer_bag_elements;
use crate::queries::corner;
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::corner_label;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_earth::grid;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Habitat (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::HabitatElement { taker })
}

/// Legal choices of a step of this card.
fn legal(s: &State, step: CardStep, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    match step {
        CardStep::HabitatElement { .. }
            if s.vacant_corners().next().is_some() && offer_bag_elements(s, offer) =>
        {
            return true;
        }
        CardStep::HabitatCorner { .. }
            if offer_all(s.vacant_corners().map(|c| Choice::Corner(corner(c))), offer) =>
        {
            return true;
        }
        _ => {}
    }
    false
}

/// Resolves a legal choice; the next step, if any.
fn resolve(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
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

/// Habitat as a decision module: the element, then its corner.
pub(crate) struct Habitat;

impl DecisionModule<DominantSpecies> for Habitat {
    type Decision = CardStep;

    fn rule(step: CardStep) -> &'static str {
        match step {
            CardStep::HabitatElement { .. } => {
                "Habitat (p.19): choose an element type from the bag"
            }
            _ => "Habitat (p.19): choose a vacant corner of earth",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        legal(s, step, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        let next = resolve(s, step, c, ev);
        super::proceed(s, next);
    }

    fn text(_: &State, step: CardStep, c: Choice) -> Option<String> {
        match (step, c) {
            (CardStep::HabitatCorner { element, .. }, Choice::Corner(c)) => Some(format!(
                "place the {element} element on {}",
                corner_label(c)
            )),
            _ => None,
        }
    }
}
