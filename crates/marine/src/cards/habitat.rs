//! Habitat (p.19): remove an element, place one of a type whose special pawn
//! you control.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::corners;
use crate::state::State;
use crate::types::{Animal, Card, Element};
use crate::words::{corner, element_at, element_piece};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Habitat card: one [`DecisionModule`] answers for them all.
pub(crate) struct Habitat;

impl DecisionModule<Marine> for Habitat {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            HabitatRemove { .. } => {
                "Habitat (p.19): remove an element whose special pawn you do not control"
            }
            HabitatType { .. } => {
                "Habitat (p.19): choose an element type of a special pawn you control, from the bag"
            }
            HabitatCorner { .. } => "Habitat (p.19): place the element on a vacant corner",
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            HabitatCorner { .. } => {
                for c in corners().filter(|&c| s.earth.corner_vacant(c)) {
                    offer!(f, Choice::Corner(c));
                }
            }
            HabitatRemove { a } => {
                for (c, el) in s.earth.elements() {
                    if s.special_control[el as usize] != Some(a) {
                        offer!(f, Choice::Corner(c));
                    }
                }
            }
            HabitatType { a } if s.any_vacant_corner() => {
                for el in Element::ALL {
                    if s.special_control[el.index()] == Some(a) && s.bag.count(el.index()) > 0 {
                        offer!(f, Choice::Element(*el));
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
            (HabitatRemove { .. }, Choice::Corner(cn)) => s.element_to_bag(cn, ev),
            (HabitatType { a }, Choice::Element(el)) => s.stack.push(HabitatCorner { a, el }),
            (HabitatCorner { el, .. }, Choice::Corner(cn)) => {
                if s.bag.take(el.index()) {
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
            (Decision::HabitatCorner { el, .. }, Choice::Corner(k)) => {
                Some(format!("place the {el} at {}", corner(k)))
            }
            (Decision::HabitatRemove { .. }, Choice::Corner(k)) => {
                Some(format!("remove {}", element_at(s, k)))
            }
            (Decision::HabitatType { .. }, Choice::Element(e)) => {
                Some(format!("take {} from the bag", element_piece(e)))
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
    s.stack.push(HabitatType { a });
    s.stack.push(HabitatRemove { a });
}
