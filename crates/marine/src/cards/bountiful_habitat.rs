//! Bountiful Habitat (p.18): score every tile of a terrain type.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{terrain_at, tiles};
use crate::state::State;
use crate::types::{Animal, Card, Terrain};
use crate::Marine;
use eons_core::DecisionModule;
use eons_core::HexId;

/// The decisions of the Bountiful Habitat card: one [`DecisionModule`] answers for them all.
pub(crate) struct BountifulHabitat;

impl DecisionModule<Marine> for BountifulHabitat {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let BountifulTerrain { .. } = top {
            "Bountiful Habitat (p.18): choose a terrain type to score"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let BountifulTerrain { .. } = top {
            for t in Terrain::ALL {
                if tiles(s).any(|h| terrain_at(s, h) == Some(*t)) {
                    offer!(f, Choice::Terrain(*t));
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (BountifulTerrain { .. }, Choice::Terrain(t)) = (top, c) {
            let hexes: Vec<HexId> = tiles(s).filter(|&h| terrain_at(s, h) == Some(t)).collect();
            for h in hexes {
                s.score_tile(h, false, ev);
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
            (Decision::BountifulTerrain { .. }, Choice::Terrain(t)) => {
                Some(format!("score every {t} tile"))
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
    s.stack.push(BountifulTerrain { a });
}
