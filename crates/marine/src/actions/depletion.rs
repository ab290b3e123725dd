//! Depletion (p.11): remove an element of a type in the Depletion Box.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::{BoxKind, State};
use crate::words::element_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of Depletion (p.11): one [`DecisionModule`] answers for them all.
pub(crate) struct Depletion;

impl DecisionModule<Marine> for Depletion {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Depletion { .. } = top {
            "Depletion (p.11): remove an element of a type in the Depletion Box, or forfeit"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let Depletion { .. } = top {
            let bx = s.boxes[BoxKind::Depletion as usize];
            for (c, el) in s.earth.elements() {
                if bx[el as usize] > 0 {
                    offer!(f, Choice::Corner(c));
                }
            }
            offer!(f, Choice::Forfeit);
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (Depletion { .. }, Choice::Corner(cn)) = (top, c) {
            s.element_to_bag(cn, ev);
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(s: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::Depletion { .. }, Choice::Corner(k)) => {
                Some(format!("remove {}", element_at(s, k)))
            }
            _ => None,
        }
    }
}
