//! Metamorphosis (p.19): give up one of your added elements for one of
//! your choice from the bag.

use crate::data::Animal;
use crate::offer::{offer_added, offer_bag_elements};
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::with_article;
use crate::DominantSpecies;
use eons_core::DecisionModule;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Metamorphosis (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::MetamorphosisGive { taker })
}

/// Legal choices of a step of this card.
fn legal(s: &State, step: CardStep, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    match step {
        CardStep::MetamorphosisGive { taker }
            if !s.bag.is_empty() && offer_added(s, taker, offer) =>
        {
            return true;
        }
        CardStep::MetamorphosisTake { .. } if offer_bag_elements(s, offer) => {
            return true;
        }
        _ => {}
    }
    false
}

/// Resolves a legal choice; the next step, if any.
fn resolve(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
    match (step, c) {
        (CardStep::MetamorphosisGive { taker }, Choice::Element(e)) => {
            s.element_from_display(taker, e, ev);
            Some(CardStep::MetamorphosisTake { taker })
        }
        (CardStep::MetamorphosisTake { taker }, Choice::Element(e)) => {
            if s.bag.take(e.index()) {
                s.animals[taker.index()].added[e.index()] += 1;
                ev.push(Event::ElementToDisplay {
                    animal: taker,
                    element: e,
                });
            }
            None
        }
        _ => None,
    }
}

/// Metamorphosis as a decision module: the element given up, then the one taken.
pub(crate) struct Metamorphosis;

impl DecisionModule<DominantSpecies> for Metamorphosis {
    type Decision = CardStep;

    fn rule(step: CardStep) -> &'static str {
        match step {
            CardStep::MetamorphosisGive { .. } => {
                "Metamorphosis (p.19): choose one of your added elements to give up"
            }
            _ => "Metamorphosis (p.19): choose an element type from the bag",
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
            (CardStep::MetamorphosisGive { .. }, Choice::Element(e)) => {
                Some(format!("give up {} element", with_article(e.name())))
            }
            _ => None,
        }
    }
}
