//! Wasteland (p.12): first return one element of the Wasteland Box to the
//! bag (the acting animal's choice), then every element of a type still in
//! the box that touches a tundra tile leaves earth.

use crate::data::{Animal, Terrain};
use crate::offer::QuickAnswers;
use crate::offer::{not_offered, offer_elements};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use crate::texts::with_article;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::{CornerId, Refusal};
use smallvec::SmallVec;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Wasteland (p.12)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Wasteland(a)
}

/// Any type in the Wasteland Box, or forfeit.
fn legal(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if offer_elements(&s.wasteland_box, offer) {
        return true;
    }
    if offer(Choice::Skip) {
        return true;
    }
    false
}

/// Resolves a legal choice.
fn resolve(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Element(e) => {
            s.wasteland_box[e.index()] -= 1;
            s.bag.put(e.index());
            ev.push(Event::ElementFromBox {
                element: e,
                section: Section::Wasteland,
            });
        }
        Choice::Skip => s.forfeit(a, Section::Wasteland, ev),
        _ => {}
    }
}

/// The automatic part: elements of the box's types touching tundra leave.
pub(crate) fn automatic(s: &mut State, ev: &mut Vec<Event>) {
    // The elements to return, found first among the occupied corners:
    // returning one changes no other's test, so this is the order and the
    // set of a walk that returned each as it went.
    let wasted: SmallVec<[CornerId; 32]> = s
        .earth
        .elements()
        .filter(|&(c, e)| {
            s.wasteland_box[e as usize] > 0
                && s.earth
                    .tiles_at(c)
                    .any(|h| s.terrain(h) == Some(Terrain::Tundra))
        })
        .map(|(c, _)| c)
        .collect();
    for c in wasted {
        s.element_from_earth(c, ev);
    }
}

/// Why `c` is refused.
fn refusal(s: &State, c: Choice) -> Refusal {
    match c {
        Choice::Element(e) if s.wasteland_box[e.index()] == 0 => {
            Refusal::new(RULE, format!("no {e} element is in the Wasteland Box"))
        }
        _ => not_offered(
            RULE,
            "return one element of the Wasteland Box to the bag, or forfeit",
        ),
    }
}

/// Wasteland as a decision module: [`Decision::Wasteland`], the element
/// returned to the bag. Its automatic part ([`automatic`]) is a step of
/// the turn sequence, not a decision.
pub(crate) struct Wasteland;

impl DecisionModule<DominantSpecies> for Wasteland {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Wasteland (p.12): return one element of the Wasteland Box to the bag, or forfeit"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, _: Decision, offer: &mut F) -> bool {
        legal(s, offer)
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        if let Decision::Wasteland(a) = d {
            resolve(s, a, c, ev);
        }
    }

    fn refusal(s: &State, _: Decision, c: Choice) -> Refusal {
        refusal(s, c)
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("forfeit the action".into()),
            Choice::Element(e) => Some(format!(
                "return {} element from the Wasteland Box to the bag",
                with_article(e.name())
            )),
            _ => None,
        }
    }
}

impl QuickAnswers for Wasteland {}
