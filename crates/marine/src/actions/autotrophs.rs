//! Autotrophs (p.11): remove or swap an element on a Vent of the space's face.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::{element_of, BoxKind, State};
use crate::types::{Element, Face};
use crate::words::element_at;
use crate::Marine;
use eons_core::CornerId;
use eons_core::DecisionModule;

/// The decisions of Autotrophs (p.11): one [`DecisionModule`] answers for them all.
pub(crate) struct Autotrophs;

impl DecisionModule<Marine> for Autotrophs {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
        Autotrophs { .. } => "Autotrophs (p.11): choose an element on a Vent of the pictured face whose removal or swap the Autotrophs Box allows, or forfeit",
        AutotrophsHow { .. } => "Autotrophs (p.11): remove the element (its type is in the Box) or swap it with a Box element",
        _ => AUTOMATIC,
    }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            Autotrophs { face, .. } => {
                let bx = s.boxes[BoxKind::Autotrophs as usize];
                let kinds = bx.iter().filter(|&&n| n > 0).count();
                if kinds > 0 {
                    for (c, el) in s.earth.elements() {
                        if on_vent_face(s, c, face)
                            && (bx[el as usize] > 0 || kinds > 1 || bx[el as usize] == 0)
                        {
                            offer!(f, Choice::Corner(c));
                        }
                    }
                }
                offer!(f, Choice::Forfeit);
            }
            AutotrophsHow { corner, .. } => {
                let bx = s.boxes[BoxKind::Autotrophs as usize];
                if let Some(el) = s.earth.element(corner) {
                    if bx[el as usize] > 0 {
                        offer!(f, Choice::Remove);
                    }
                    for t in Element::ALL {
                        if t.index() != el as usize && bx[t.index()] > 0 {
                            offer!(f, Choice::Element(*t));
                        }
                    }
                }
            }
            _ => {}
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        match (top, c) {
            (Autotrophs { a, face }, Choice::Corner(cn)) => s.stack.push(AutotrophsHow {
                a,
                face,
                corner: cn,
            }),
            (AutotrophsHow { corner, .. }, Choice::Remove) => s.element_to_bag(corner, ev),
            (AutotrophsHow { corner, .. }, Choice::Element(new)) => {
                if let Some(old) = s.earth.element(corner) {
                    let bx = &mut s.boxes[BoxKind::Autotrophs as usize];
                    bx[new.index()] -= 1;
                    bx[old as usize] += 1;
                    s.earth.set_element(corner, None);
                    ev.push(Event::ElementRemoved {
                        el: element_of(old),
                        corner,
                    });
                    ev.push(Event::ElementBoxed {
                        el: element_of(old),
                    });
                    s.element_to_earth(corner, new, ev);
                }
            }
            _ => {
                // Unreachable for a legal choice; keep the frame so the state stays consistent.
                s.stack.push(top);
            }
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(s: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::Autotrophs { .. }, Choice::Corner(k)) => {
                Some(format!("remove or swap {}", element_at(s, k)))
            }
            (Decision::AutotrophsHow { .. }, Choice::Element(e)) => {
                Some(format!("swap it with the {e} in the Autotrophs Box"))
            }
            _ => None,
        }
    }
}

/// Corners holding an element on a tile of the given Vent face.
fn on_vent_face(s: &State, c: CornerId, face: Face) -> bool {
    s.earth
        .tiles_at(c)
        .any(|h| s.earth.tile(h).is_some_and(|t| t.vent == Some(face)))
}
