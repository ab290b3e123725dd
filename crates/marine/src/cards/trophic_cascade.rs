//! Trophic Cascade (p.20): remove elements from a tile.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::tiles;
use crate::state::State;
use crate::types::{Animal, Card};
use crate::words::{element_at, tile_at};
use crate::Marine;
use eons_core::DecisionModule;
use eons_earth::grid;

/// The decisions of the Trophic Cascade card: one [`DecisionModule`] answers for them all.
pub(crate) struct TrophicCascade;

impl DecisionModule<Marine> for TrophicCascade {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            TrophicTile { .. } => "Trophic Cascade (p.20): choose a tile",
            TrophicPick { .. } => "Trophic Cascade (p.20): choose an element to remove",
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            TrophicTile { .. } => {
                for h in tiles(s) {
                    if s.earth.element_count_on(h) > 0 {
                        offer!(f, Choice::Hex(h));
                    }
                }
            }
            TrophicPick { hex, left, .. } if left > 0 => {
                for c in grid().corners_of(hex) {
                    if s.earth.element(c).is_some() {
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
            (TrophicTile { a, x }, Choice::Hex(h)) => {
                if s.earth.element_count_on(h) <= x as u32 {
                    for cn in grid().corners_of(h) {
                        s.element_to_bag(cn, ev);
                    }
                } else {
                    s.stack.push(TrophicPick { a, hex: h, left: x });
                }
            }
            (TrophicPick { a, hex, left }, Choice::Corner(cn)) => {
                s.element_to_bag(cn, ev);
                if left > 1 {
                    s.stack.push(TrophicPick {
                        a,
                        hex,
                        left: left - 1,
                    });
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
            (Decision::TrophicTile { .. }, Choice::Hex(h)) => {
                Some(format!("choose {} for Trophic Cascade", tile_at(s, h)))
            }
            (Decision::TrophicPick { .. }, Choice::Corner(k)) => {
                Some(format!("remove {}", element_at(s, k)))
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
    x: u8,
    _max_slot: u8,
    _ev: &mut Vec<Event>,
) {
    use Decision::*;
    s.stack.push(TrophicTile { a, x });
}
