//! Regression (p.12): put a Gene Pool cube on a Regression square.

use crate::data::{data, MAX_SQUARES};
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::types::Action;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of Regression (p.12): one [`DecisionModule`] answers for them all.
pub(crate) struct Regression;

impl DecisionModule<Marine> for Regression {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Regression { .. } = top {
            "Regression (p.12): put a Gene Pool cube on a vacant Regression square, or forfeit"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        let d = data();
        use Decision::*;
        if let Regression { a } = top {
            let sq = d
                .section_of(Action::Regression)
                .map_or(0, |x| x.squares as usize);
            if s.pool[a.index()] > 0 && s.squares[..sq.min(MAX_SQUARES)].contains(&None) {
                offer!(f, Choice::Perform);
            }
            offer!(f, Choice::Forfeit);
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (Regression { a }, Choice::Perform) = (top, c) {
            if let Some(sq) = s.squares.iter_mut().find(|x| x.is_none()) {
                *sq = Some(a);
                s.pool[a.index()] -= 1;
                ev.push(Event::RegressionCube { animal: a });
            }
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(_state: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::Regression { .. }, Choice::Perform) => {
                Some("put a cube on a Regression square".into())
            }
            _ => None,
        }
    }
}
