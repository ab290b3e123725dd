//! Domination (p.17): take control of a dominated element's special pawn
//! and set its target.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::types::Element;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of Domination (p.17): one [`DecisionModule`] answers for them all.
pub(crate) struct Domination;

impl DecisionModule<Marine> for Domination {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Domination { .. } = top {
            "Domination (p.17): choose an element type you dominate, or forfeit"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        if let Domination { a } = top {
            let values = s.domination_values(a);
            for el in Element::ALL {
                // `dominates` (p.7), with the six values worked out together.
                if values[el.index()] > s.targets[el.index()]
                    && (d.rules.domination_own_pawn || s.special_control[el.index()] != Some(a))
                {
                    offer!(f, Choice::Element(*el));
                }
            }
            offer!(f, Choice::Forfeit);
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (Domination { a }, Choice::Element(el)) = (top, c) {
            let v = s.domination_value(a, el);
            if s.special_control[el.index()] != Some(a) {
                s.special_control[el.index()] = Some(a);
                ev.push(Event::Control { el, animal: a });
            }
            s.targets[el.index()] = v;
            ev.push(Event::Target { el, value: v });
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(_state: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::Domination { .. }, Choice::Element(e)) => {
                Some(format!("take control of the {e} special pawn"))
            }
            _ => None,
        }
    }
}
