//! Mass Exodus (p.19): empty a tile onto adjacent tiles.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::effects::move_species;
use crate::events::Event;
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Mass Exodus card: one [`DecisionModule`] answers for them all.
pub(crate) struct MassExodus;

impl DecisionModule<Marine> for MassExodus {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            MassExodusTile { .. } => "Mass Exodus (p.19): choose a tile to empty",
            MassExodusMove { .. } => {
                "Mass Exodus (p.19): move a species off the tile to an adjacent tile"
            }
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            MassExodusTile { .. } => {
                for h in tiles(s) {
                    if s.earth.total_species(h) > 0 && s.earth.adjacent_tiles(h).next().is_some() {
                        offer!(f, Choice::Hex(h));
                    }
                }
            }
            MassExodusMove { hex, .. } => {
                for b in Animal::ALL {
                    if occupies(s, *b, hex) {
                        for t in s.earth.adjacent_tiles(hex) {
                            offer!(f, Choice::MoveOf { animal: *b, to: t });
                        }
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
            (MassExodusTile { a }, Choice::Hex(h)) => s.stack.push(MassExodusMove { a, hex: h }),
            (MassExodusMove { a, hex }, Choice::MoveOf { animal, to }) => {
                move_species(s, animal, hex, to, ev);
                if s.earth.total_species(hex) > 0 {
                    s.stack.push(MassExodusMove { a, hex });
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
            (Decision::MassExodusTile { .. }, Choice::Hex(h)) => {
                Some(format!("empty {}", tile_at(s, h)))
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
    s.stack.push(MassExodusTile { a });
}
