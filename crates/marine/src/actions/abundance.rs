//! Abundance (p.11): place an element of the Abundance section on earth.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::corners;
use crate::state::{CircleRow, State};
use crate::types::Action;
use crate::words::{circle, corner, take_circle};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of Abundance (p.11): one [`DecisionModule`] answers for them all.
pub(crate) struct Abundance;

impl DecisionModule<Marine> for Abundance {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            Abundance { .. } => {
                "Abundance (p.11): choose an element of the Abundance section, or forfeit"
            }
            AbundanceCorner { .. } => {
                "Abundance (p.11): place the element on a vacant corner of a tile"
            }
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        match top {
            Abundance { .. } => {
                if s.any_vacant_corner() {
                    for i in 0..d.circles(Action::Abundance) {
                        if s.circles[CircleRow::Abundance as usize][i].is_some() {
                            offer!(f, Choice::Circle(i as u8));
                        }
                    }
                }
                offer!(f, Choice::Forfeit);
            }
            AbundanceCorner { .. } => {
                for c in corners().filter(|&c| s.earth.corner_vacant(c)) {
                    offer!(f, Choice::Corner(c));
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
            (Abundance { a }, Choice::Circle(i)) => s.stack.push(AbundanceCorner { a, circle: i }),
            (AbundanceCorner { circle, .. }, Choice::Corner(cn)) => {
                if let Some(el) = s.circles[CircleRow::Abundance as usize][circle as usize].take() {
                    s.element_to_earth(cn, el, ev);
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
            (Decision::Abundance { .. }, Choice::Circle(i)) => {
                Some(take_circle(s, CircleRow::Abundance, i))
            }
            (Decision::AbundanceCorner { circle: i, .. }, Choice::Corner(k)) => {
                Some(match circle(s, CircleRow::Abundance, i) {
                    Some(e) => format!("place the {e} at {}", corner(k)),
                    None => format!("place the element at {}", corner(k)),
                })
            }
            _ => None,
        }
    }
}
