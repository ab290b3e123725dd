//! Camouflage (p.20): a species on a new tile or Vent.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::types::Trait;
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Camouflage trait: one [`DecisionModule`] answers for them all.
pub(crate) struct Camouflage;

impl DecisionModule<Marine> for Camouflage {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Camouflage { .. } = top {
            "Camouflage (p.20): place a species on the new tile, or decline"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let Camouflage { a, .. } = top {
            if s.pool[a.index()] > 0 {
                offer!(f, Choice::Perform);
            }
            offer!(f, Choice::Done);
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        let d = data();
        if let (Camouflage { a, hex }, Choice::Perform) = (top, c) {
            s.from_pool(
                hex,
                a,
                d.trait_data(Trait::Camouflage).count as u8,
                true,
                ev,
            );
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(s: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::Camouflage { .. }, Choice::Done) => Some("decline Camouflage".into()),
            (Decision::Camouflage { hex, .. }, Choice::Perform) => {
                Some(format!("add a species to {}", tile_at(s, hex)))
            }
            _ => None,
        }
    }
}
