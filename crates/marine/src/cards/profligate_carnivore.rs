//! ProfligateCarnivore Carnivore (p.19): eliminate opposing species, replacing them
//! with yours.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Profligate Carnivore card: one [`DecisionModule`] answers for them all.
pub(crate) struct ProfligateCarnivore;

impl DecisionModule<Marine> for ProfligateCarnivore {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let ProfligateCarnivore { .. } = top {
            "Profligate Carnivore (p.19): eliminate an opposing species anywhere"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let ProfligateCarnivore { a, left, .. } = top {
            if left > 0 {
                for h in tiles(s) {
                    for b in Animal::ALL {
                        if *b != a && occupies(s, *b, h) {
                            offer!(f, Choice::Species { hex: h, animal: *b });
                        }
                    }
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (
            ProfligateCarnivore {
                a,
                left,
                mut credited,
            },
            Choice::Species { hex, animal },
        ) = (top, c)
        {
            s.eliminate(hex, animal, 1, Some(a), ev);
            // Prey Switching (p.21): 1 VP per tile, however many species
            // this card places there.
            let bit = 1u64 << hex.0;
            if s.from_pool(hex, a, 1, credited & bit == 0, ev) > 0 {
                credited |= bit;
            }
            if left > 1 {
                s.stack.push(ProfligateCarnivore {
                    a,
                    left: left - 1,
                    credited,
                });
            }
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
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
    s.stack.push(ProfligateCarnivore {
        a,
        left: x,
        credited: 0,
    });
}
