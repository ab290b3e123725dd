//! Disease (p.18): every animal with more elements on its display than you
//! loses one added element of its choice. Victims are fixed before any
//! removal and choose in food-chain order (reference A2).

use crate::data::Animal;
use crate::offer::{not_offered, push_added};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::Refusal;

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
pub(crate) fn legal(s: &State, victims: u8, out: &mut Vec<Choice>) {
    if let Some(a) = Animal::from_index(victims.trailing_zeros() as usize) {
        push_added(s, a, out);
    }
}

/// Resolves a legal choice; the next victim, if any.
pub(crate) fn resolve(
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

/// Why `c` is refused.
pub(crate) fn refusal() -> Refusal {
    not_offered(RULE, "choose one of your added elements to lose")
}
