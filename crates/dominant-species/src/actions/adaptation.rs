//! Adaptation (p.10): take one element from the Adaptation leaf squares onto
//! the animal's display, which holds at most six.

use crate::data::Animal;
use crate::offer::{not_offered, offer_elements, only_unless, Forced, QuickAnswers};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use crate::texts::with_article;
use crate::DominantSpecies;
use eons_core::{refusal_from_rule, DecisionModule, Refusal};

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Adaptation (p.10)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Adapt(a)
}

/// An element of the leaf squares while the display has room, or forfeit.
fn legal(s: &State, a: Animal, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if s.element_total(a) < 6 && offer_elements(&s.adaptation, offer) {
        return true;
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// True when [`legal`] offers an element (the decision is more than
/// "skip").
fn any_element(s: &State, a: Animal) -> bool {
    s.element_total(a) < 6 && s.adaptation.iter().any(|&n| n > 0)
}

/// True when `c` is among [`legal`]'s choices, without listing them.
fn is_legal(s: &State, a: Animal, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Element(e) => s.element_total(a) < 6 && s.adaptation[e.index()] > 0,
        _ => false,
    }
}

/// Resolves a legal choice.
fn resolve(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
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
fn refusal(s: &State, a: Animal, c: Choice) -> Refusal {
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

/// Adaptation as a decision module: [`Decision::Adapt`], take an element.
pub(crate) struct Adaptation;

impl DecisionModule<DominantSpecies> for Adaptation {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adaptation (p.10): take an element from the Adaptation leaf squares onto your display, or forfeit"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        let Decision::Adapt(a) = d else { return false };
        legal(s, a, offer)
    }

    /// Answered without listing.
    fn is_legal(s: &State, d: Decision, c: Choice) -> bool {
        let Decision::Adapt(a) = d else { return false };
        is_legal(s, a, c)
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        if let Decision::Adapt(a) = d {
            resolve(s, a, c, ev);
        }
    }

    fn refusal(s: &State, d: Decision, c: Choice) -> Refusal {
        let Decision::Adapt(a) = d else {
            return refusal_from_rule(Self::rule(d));
        };
        refusal(s, a, c)
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("forfeit the action".into()),
            Choice::Element(e) => Some(format!(
                "take {} element onto your display",
                with_article(e.name())
            )),
            _ => None,
        }
    }
}

impl QuickAnswers for Adaptation {
    /// Forced to forfeit when no element can be taken.
    fn forced(s: &State, d: Decision) -> Option<Forced> {
        let Decision::Adapt(a) = d else { return None };
        only_unless(any_element(s, a), Choice::Skip)
    }
}
