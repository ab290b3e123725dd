//! Solar Radiation (p.20): species on a tile go back to their Gene Pools.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Solar Radiation card: one [`DecisionModule`] answers for them all.
pub(crate) struct SolarRadiation;

impl DecisionModule<Marine> for SolarRadiation {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            SolarTile { .. } => "Solar Radiation (p.20): choose a tile",
            SolarPick { .. } => {
                "Solar Radiation (p.20): choose a species to return to its Gene Pool"
            }
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            SolarTile { .. } => {
                for h in tiles(s) {
                    if s.earth.total_species(h) > 0 {
                        offer!(f, Choice::Hex(h));
                    }
                }
            }
            SolarPick { hex, left, .. } if left > 0 => {
                for b in Animal::ALL {
                    if occupies(s, *b, hex) {
                        offer!(f, Choice::Animal(*b));
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
            (SolarTile { a, x }, Choice::Hex(h)) => s.stack.push(SolarPick { a, hex: h, left: x }),
            (SolarPick { a, hex, left }, Choice::Animal(b)) => {
                s.to_pool(hex, b, 1, ev);
                if left > 1 {
                    s.stack.push(SolarPick {
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
            (Decision::SolarTile { .. }, Choice::Hex(h)) => {
                Some(format!("choose {} for Solar Radiation", tile_at(s, h)))
            }
            (Decision::SolarPick { hex, .. }, Choice::Animal(a)) => Some(format!(
                "return one {a} species on {} to its Gene Pool",
                tile_at(s, hex)
            )),
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
    s.stack.push(SolarTile { a, x });
}
