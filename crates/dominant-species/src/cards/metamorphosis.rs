//! Metamorphosis (p.19): give up one of your added elements for one of
//! your choice from the bag.

use crate::data::Animal;
use crate::offer::{not_offered, push_added, push_bag_elements};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::Refusal;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Metamorphosis (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::MetamorphosisGive { taker })
}

/// Legal choices of a step of this card.
pub(crate) fn legal(s: &State, step: CardStep, out: &mut Vec<Choice>) {
    match step {
        CardStep::MetamorphosisGive { taker } if !s.bag.is_empty() => push_added(s, taker, out),
        CardStep::MetamorphosisTake { .. } => {
            push_bag_elements(s, out);
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

/// Why `c` is refused in a step of this card.
pub(crate) fn refusal(step: CardStep) -> Refusal {
    match step {
        CardStep::MetamorphosisGive { .. } => {
            not_offered(RULE, "choose one of your added elements to give up")
        }
        _ => not_offered(RULE, "choose an element type from the bag"),
    }
}
