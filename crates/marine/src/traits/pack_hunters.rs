//! Pack Hunters (p.21): take control of a special pawn at setup.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::types::Element;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Pack Hunters trait: one [`DecisionModule`] answers for them all.
pub(crate) struct PackHunters;

impl DecisionModule<Marine> for PackHunters {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let PackHunters { .. } = top {
            "Pack Hunters (p.21): take control of a special pawn not yet controlled"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let PackHunters { .. } = top {
            for el in Element::ALL {
                if s.special_control[el.index()].is_none() {
                    offer!(f, Choice::Pawn(*el));
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        let d = data();
        if let (PackHunters { a }, Choice::Pawn(el)) = (top, c) {
            s.special_control[el.index()] = Some(a);
            s.targets[el.index()] = d.pack_hunters_target;
            ev.push(Event::Control { el, animal: a });
            ev.push(Event::Target {
                el,
                value: d.pack_hunters_target,
            });
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }
}
