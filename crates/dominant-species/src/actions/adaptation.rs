//! Adaptation (p.10): take one element from the Adaptation leaf squares onto
//! the animal's display, which holds at most six.

use crate::data::Animal;
use crate::offer::{not_offered, push_elements};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use eons_core::Refusal;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Adaptation (p.10)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Adapt(a)
}

/// An element of the leaf squares while the display has room, or forfeit.
pub(crate) fn legal(s: &State, a: Animal, out: &mut Vec<Choice>) {
    if s.element_total(a) < 6 {
        push_elements(&s.adaptation, out);
    }
    out.push(Choice::Skip);
}

/// True when [`legal`] offers an element (the decision is more than
/// "skip").
pub(crate) fn any_element(s: &State, a: Animal) -> bool {
    s.element_total(a) < 6 && s.adaptation.iter().any(|&n| n > 0)
}

/// True when `c` is among [`legal`]'s choices, without listing them.
pub(crate) fn is_legal(s: &State, a: Animal, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Element(e) => s.element_total(a) < 6 && s.adaptation[e.index()] > 0,
        _ => false,
    }
}

/// Resolves a legal choice.
pub(crate) fn resolve(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Element(e) => {
            s.adaptation[e.index()] -= 1;
            s.animals[a.index()].added[e.index()] += 1;
            ev.push(Event::ElementToDisplay {
                animal: a,
                element: e,
            });
        }
        Choice::Skip => s.forfeit(a, Section::Adaptation, ev),
        _ => {}
    }
}

/// Why `c` is refused.
pub(crate) fn refusal(s: &State, a: Animal, c: Choice) -> Refusal {
    match c {
        Choice::Element(_) if s.element_total(a) >= 6 => {
            Refusal::new(RULE, "your display already holds six elements")
        }
        Choice::Element(e) if s.adaptation[e.index()] == 0 => Refusal::new(
            RULE,
            format!("no {e} element is on the Adaptation leaf squares"),
        ),
        _ => not_offered(
            RULE,
            "take an element from the Adaptation leaf squares onto your display, or forfeit",
        ),
    }
}
