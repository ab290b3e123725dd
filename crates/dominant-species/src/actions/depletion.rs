//! Depletion (p.12): remove from earth one element of a type in the
//! Depletion Box.

use crate::data::Animal;
use crate::describe::corner_label;
use crate::offer::not_offered;
use crate::query::corner;
use crate::space::Section;
use crate::state::{Choice, Event, Pending, State};
use eons_core::Refusal;
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Depletion (p.12)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Pending {
    Pending::Depletion(a)
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
