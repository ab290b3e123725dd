//! Symbiotic (p.19): you and every animal with fewer elements than you draw
//! an element from the bag onto the display. Compared before drawing; you
//! first, then food-chain order (reference §6.3).

use crate::data::{Animal, Element};
use crate::state::{CardStep, Event, State};

/// The rule this card names.
pub(crate) const RULE: &str = "Symbiotic (p.19)";

/// Resolves the card at once.
pub(crate) fn start(s: &mut State, taker: Animal, ev: &mut Vec<Event>) -> Option<CardStep> {
    let mine = s.element_total(taker);
    let mut who = vec![taker];
    who.extend(
        s.animals_in_play()
            .filter(|&a| a != taker && s.element_total(a) < mine),
    );
    for a in who {
        if s.element_total(a) >= 6 {
            continue;
        }
        if let Some(e) = s.bag.draw(&mut s.rng) {
            s.animals[a.index()].added[e] += 1;
            ev.push(Event::ElementToDisplay {
                animal: a,
                element: Element::ALL[e],
            });
        }
    }
    None
}
