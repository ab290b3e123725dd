//! Monotypic Habitat (p.19): all but the dominant animal lose a species on
//! a tile.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::tiles;
use crate::state::{State, ANIMALS};
use crate::types::{Animal, Card};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Monotypic Habitat card: one [`DecisionModule`] answers for them all.
pub(crate) struct MonotypicHabitat;

impl DecisionModule<Marine> for MonotypicHabitat {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let MonotypicTile { .. } = top {
            "Monotypic Habitat (p.19): choose a tile"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let MonotypicTile { .. } = top {
            for h in tiles(s) {
                if s.earth.total_species(h) > 0 {
                    offer!(f, Choice::Hex(h));
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (MonotypicTile { a }, Choice::Hex(h)) = (top, c) {
            let mut rank = [Animal::Reptiles; ANIMALS];
            let n = s.ranking(h, &mut rank);
            for &b in &rank[1..n.max(1)] {
                s.eliminate(h, b, 1, Some(a), ev);
            }
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(s: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::MonotypicTile { .. }, Choice::Hex(h)) => {
                Some(format!("choose {} for Monotypic Habitat", tile_at(s, h)))
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
    s.stack.push(MonotypicTile { a });
}
