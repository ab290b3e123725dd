//! Bottom Feeder's personal action (p.20): species on a bottom-half tile you
//! occupy.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Face, Trait};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of Bottom Feeder's personal space (p.20): one [`DecisionModule`] answers for them all.
pub(crate) struct BottomFeeder;

impl DecisionModule<Marine> for BottomFeeder {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let BottomFeeder { .. } = top {
            "Bottom Feeder (p.20): place a species on a bottom-half tile you occupy, or forfeit"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let BottomFeeder { a } = top {
            if s.pool[a.index()] > 0 {
                for h in tiles(s) {
                    if occupies(s, a, h) && State::half(h) == Some(Face::Smoker) {
                        offer!(f, Choice::Hex(h));
                    }
                }
            }
            offer!(f, Choice::Forfeit);
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        let d = data();
        if let (BottomFeeder { a }, Choice::Hex(h)) = (top, c) {
            s.from_pool(
                h,
                a,
                d.trait_data(Trait::BottomFeeder).count as u8,
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
            (Decision::BottomFeeder { .. }, Choice::Hex(h)) => {
                Some(format!("add a species to {}", tile_at(s, h)))
            }
            _ => None,
        }
    }
}
