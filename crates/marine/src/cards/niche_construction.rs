//! Niche Construction (p.19): move an element on earth.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::corners;
use crate::state::{element_of, State};
use crate::types::{Animal, Card};
use crate::words::{corner, element_at};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Niche Construction card: one [`DecisionModule`] answers for them all.
pub(crate) struct NicheConstruction;

impl DecisionModule<Marine> for NicheConstruction {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            NicheFrom { .. } => "Niche Construction (p.19): choose an element on earth to move",
            NicheTo { .. } => "Niche Construction (p.19): choose a vacant corner for it",
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            NicheFrom { .. } if s.any_vacant_corner() => {
                for (c, _) in s.earth.elements() {
                    offer!(f, Choice::Corner(c));
                }
            }
            NicheTo { from, .. } => {
                for c in corners() {
                    if c != from && s.earth.corner_vacant(c) {
                        offer!(f, Choice::Corner(c));
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
            (NicheFrom { a }, Choice::Corner(cn)) => s.stack.push(NicheTo { a, from: cn }),
            (NicheTo { from, .. }, Choice::Corner(to)) => {
                if let Some(el) = s.earth.element(from) {
                    s.earth.set_element(from, None);
                    ev.push(Event::ElementRemoved {
                        el: element_of(el),
                        corner: from,
                    });
                    s.element_to_earth(to, element_of(el), ev);
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
            (Decision::NicheTo { .. }, Choice::Corner(k)) => {
                Some(format!("move it to {}", corner(k)))
            }
            (Decision::NicheFrom { .. }, Choice::Corner(k)) => {
                Some(format!("move {}", element_at(s, k)))
            }
            _ => None,
        }
    }
}

/// Starts the card's effect (p.18-20); `x` is the slot it was taken from,
/// `max_slot` the Evolution space's value.
pub(crate) fn start(
    s: &mut State,
    a: Animal,
    _card: Card,
    _x: u8,
    _max_slot: u8,
    _ev: &mut Vec<Event>,
) {
    use Decision::*;
    s.stack.push(NicheFrom { a });
}
