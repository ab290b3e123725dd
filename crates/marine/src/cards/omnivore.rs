//! Omnivore (p.19): remove an element and a species on a tile you occupy.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use crate::words::{element_at, tile_at};
use crate::Marine;
use eons_core::DecisionModule;
use eons_earth::grid;

/// The decisions of the Omnivore card: one [`DecisionModule`] answers for them all.
pub(crate) struct Omnivore;

impl DecisionModule<Marine> for Omnivore {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            OmnivoreTile { .. } => "Omnivore (p.19): choose a tile you occupy",
            OmnivoreElement { .. } => "Omnivore (p.19): remove an element from the tile",
            OmnivoreVictim { .. } => {
                "Omnivore (p.19): eliminate a species there, opposing if possible"
            }
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        match top {
            OmnivoreTile { a } => {
                let own = d.card(Card::Omnivore).own_tile;
                {
                    for h in tiles(s) {
                        if (!own && s.earth.total_species(h) > 0) || occupies(s, a, h) {
                            offer!(f, Choice::Hex(h));
                        }
                    }
                }
            }
            OmnivoreElement { hex, .. } => {
                for c in grid().corners_of(hex) {
                    if s.earth.element(c).is_some() {
                        offer!(f, Choice::Corner(c));
                    }
                }
            }
            OmnivoreVictim { a, hex } => {
                let opp = s.opposing_on(hex, a) > 0;
                for b in Animal::ALL {
                    if occupies(s, *b, hex) && (*b != a) == opp {
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
            (OmnivoreTile { a }, Choice::Hex(h)) => {
                s.stack.push(OmnivoreVictim { a, hex: h });
                s.stack.push(OmnivoreElement { a, hex: h });
            }
            (OmnivoreElement { .. }, Choice::Corner(cn)) => s.element_to_bag(cn, ev),
            (OmnivoreVictim { a, hex }, Choice::Animal(b)) => {
                s.eliminate(hex, b, 1, Some(a), ev);
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
            (Decision::OmnivoreTile { .. }, Choice::Hex(h)) => {
                Some(format!("choose {} for Omnivore", tile_at(s, h)))
            }
            (Decision::OmnivoreElement { .. }, Choice::Corner(k)) => {
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
    _x: u8,
    _max_slot: u8,
    _ev: &mut Vec<Event>,
) {
    use Decision::*;
    s.stack.push(OmnivoreTile { a });
}
