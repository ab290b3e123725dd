//! Disease (p.18): every animal with more elements on its display than you
//! loses one added element of its choice. Victims are fixed before any
//! removal and choose in food-chain order (reference A2).

use crate::data::Animal;
use crate::offer::offer_added;
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::lose_added_element;
use crate::DominantSpecies;
use eons_core::DecisionModule;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Disease (p.18)";

/// The card's first decision.
pub(crate) fn start(s: &State, taker: Animal) -> Option<CardStep> {
    let mine = s.element_total(taker);
    let mut victims = 0u8;
    for a in s.animals_in_play() {
        if s.element_total(a) > mine && s.animals[a.index()].added != [0; 6] {
            victims |= 1 << a.index();
        }
    }
    Some(CardStep::DiseaseLose { taker, victims })
}

/// Legal choices: an added element of the first victim.
fn legal(s: &State, victims: u8, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if let Some(a) = Animal::from_index(victims.trailing_zeros() as usize) {
        if offer_added(s, a, offer) {
            return true;
        }
    }
    false
}

/// Resolves a legal choice; the next victim, if any.
fn resolve(
    s: &mut State,
    taker: Animal,
    victims: u8,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    if let (Choice::Element(e), Some(a)) =
        (c, Animal::from_index(victims.trailing_zeros() as usize))
    {
        s.element_from_display(a, e, ev);
    }
    let victims = victims & (victims - 1);
    (victims != 0).then_some(CardStep::DiseaseLose { taker, victims })
}

/// Disease as a decision module: each victim's lost element.
pub(crate) struct Disease;

impl DecisionModule<DominantSpecies> for Disease {
    type Decision = CardStep;

    fn rule(_: CardStep) -> &'static str {
        "Disease (p.18): choose one of your added elements to lose"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        let CardStep::DiseaseLose { victims, .. } = step else {
            return false;
        };
        legal(s, victims, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        if let CardStep::DiseaseLose { taker, victims } = step {
            let next = resolve(s, taker, victims, c, ev);
            super::proceed(s, next);
        }
    }

    fn text(_: &State, _: CardStep, c: Choice) -> Option<String> {
        let Choice::Element(e) = c else { return None };
        Some(lose_added_element(e))
    }
}
