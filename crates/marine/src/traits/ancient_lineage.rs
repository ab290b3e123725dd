//! Ancient Lineage (p.20): a species on a tile you occupy after a Retrieve.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::Trait;
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Ancient Lineage trait: one [`DecisionModule`] answers for them all.
pub(crate) struct AncientLineage;

impl DecisionModule<Marine> for AncientLineage {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let AncientLineage { .. } = top {
            "Ancient Lineage (p.20): place a species on a tile you occupy, or decline"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let AncientLineage { a } = top {
            if s.pool[a.index()] > 0 {
                for h in tiles(s).filter(|&h| occupies(s, a, h)) {
                    offer!(f, Choice::Hex(h));
                }
            }
            offer!(f, Choice::Done);
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (AncientLineage { a }, Choice::Hex(h)) = (top, c) {
            s.from_pool(
                h,
                a,
                data().trait_data(Trait::AncientLineage).count as u8,
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
            (Decision::AncientLineage { .. }, Choice::Hex(h)) => {
                Some(format!("add a species to {}", tile_at(s, h)))
            }
            (Decision::AncientLineage { .. }, Choice::Done) => {
                Some("decline Ancient Lineage".into())
            }
            _ => None,
        }
    }
}
