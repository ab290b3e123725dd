//! Depletion (p.12): remove from earth one element of a type in the
//! Depletion Box.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::queries::corner;
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use crate::texts::corner_label;
use eons_core::Refusal;
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Depletion (p.12)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Depletion(a)
}

/// Every element on earth of a type in the box, or forfeit.
pub(crate) fn legal(s: &State, out: &mut Vec<Choice>) {
    for (c, e) in s.earth.elements() {
        if s.depletion_box[e as usize] > 0 {
            out.push(Choice::Corner(corner(c)));
        }
    }
    out.push(Choice::Skip);
}

/// True when [`legal`] offers a corner (the decision is more than "skip").
pub(crate) fn any_corner(s: &State) -> bool {
    s.earth
        .elements()
        .any(|(_, e)| s.depletion_box[e as usize] > 0)
}

/// True when `c` is among [`legal`]'s choices, without listing them.
pub(crate) fn is_legal(s: &State, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Corner(c) => grid()
            .corner_id(c)
            .and_then(|id| s.earth.element(id))
            .is_some_and(|e| s.depletion_box[e as usize] > 0),
        _ => false,
    }
}

/// Resolves a legal choice.
pub(crate) fn resolve(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Corner(c) => {
            if let Some(c) = grid().corner_id(c) {
                s.element_from_earth(c, ev);
            }
        }
        Choice::Skip => s.forfeit(a, Section::Depletion, ev),
        _ => {}
    }
}

/// Why `c` is refused.
pub(crate) fn refusal(c: Choice) -> Refusal {
    match c {
        Choice::Corner(c) => Refusal::new(
            RULE,
            format!(
                "{} holds no element of a type in the Depletion Box",
                corner_label(c)
            ),
        ),
        _ => not_offered(
            RULE,
            "remove an element from earth of a type in the Depletion Box, or forfeit",
        ),
    }
}
