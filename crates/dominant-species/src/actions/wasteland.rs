//! Wasteland (p.12): first return one element of the Wasteland Box to the
//! bag (the acting animal's choice), then every element of a type still in
//! the box that touches a tundra tile leaves earth.

use crate::data::{Animal, Terrain};
use crate::offer::{not_offered, push_elements};
use crate::space::Section;
use crate::state::{Choice, Decision, Event, State};
use eons_core::{CornerId, Refusal};
use smallvec::SmallVec;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Wasteland (p.12)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Wasteland(a)
}

/// Any type in the Wasteland Box, or forfeit.
pub(crate) fn legal(s: &State, out: &mut Vec<Choice>) {
    push_elements(&s.wasteland_box, out);
    out.push(Choice::Skip);
}

/// Resolves a legal choice.
pub(crate) fn resolve(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
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
pub(crate) fn refusal(s: &State, c: Choice) -> Refusal {
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
