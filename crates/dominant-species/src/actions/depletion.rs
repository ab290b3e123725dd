//! Depletion (p.12): remove from earth one element of a type in the
//! Depletion Box.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::offer::only_unless;
use crate::offer::Forced;
use crate::offer::QuickAnswers;
use crate::queries::corner;
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use crate::texts::corner_label;
use crate::texts::element_at;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::Refusal;
use eons_earth::grid;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Depletion (p.12)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Depletion(a)
}

/// Every element on earth of a type in the box, or forfeit.
fn legal(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    for (c, e) in s.earth.elements() {
        if s.depletion_box[e as usize] > 0 && offer(Choice::Corner(corner(c))) {
            return true;
        }
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// True when [`legal`] offers a corner (the decision is more than "skip").
fn any_corner(s: &State) -> bool {
    s.earth
        .elements()
        .any(|(_, e)| s.depletion_box[e as usize] > 0)
}

/// True when `c` is among [`legal`]'s choices, without listing them.
fn is_legal(s: &State, c: Choice) -> bool {
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
fn resolve(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
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
fn refusal(c: Choice) -> Refusal {
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

/// Depletion as a decision module: [`Decision::Depletion`], the element
/// removed from earth.
pub(crate) struct Depletion;

impl DecisionModule<DominantSpecies> for Depletion {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Depletion (p.12): remove an element from earth of a type in the Depletion Box, or forfeit"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, _: Decision, offer: &mut F) -> bool {
        legal(s, offer)
    }

    /// Answered without listing.
    fn is_legal(s: &State, _: Decision, c: Choice) -> bool {
        is_legal(s, c)
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        if let Decision::Depletion(a) = d {
            resolve(s, a, c, ev);
        }
    }

    fn refusal(_: &State, _: Decision, c: Choice) -> Refusal {
        refusal(c)
    }

    fn text(s: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("forfeit the action".into()),
            Choice::Corner(c) => Some(format!(
                "remove the {} element from {}",
                element_at(s, c),
                corner_label(c)
            )),
            _ => None,
        }
    }
}

impl QuickAnswers for Depletion {
    /// Forced to forfeit when no element on earth matches the box.
    fn forced(s: &State, _: Decision) -> Option<Forced> {
        only_unless(any_corner(s), Choice::Skip)
    }
}
