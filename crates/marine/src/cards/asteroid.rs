//! Asteroid (p.18): the last round; a tile's species die but a few, and
//! one on each adjacent tile.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::tiles;
use crate::state::State;
use crate::types::{Animal, Card};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Asteroid card: one [`DecisionModule`] answers for them all.
pub(crate) struct Asteroid;

impl DecisionModule<Marine> for Asteroid {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            AsteroidTile { .. } => "Asteroid (p.18): choose a tile",
            AsteroidKeep { .. } => "Asteroid (p.18): choose whose species survives on the tile",
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            AsteroidTile { .. } => {
                for h in tiles(s) {
                    offer!(f, Choice::Hex(h));
                }
            }
            AsteroidKeep {
                hex, left, kept, ..
            } if left > 0 => {
                for b in Animal::ALL {
                    if s.earth.species(hex, b.index()) > kept[b.index()] {
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
        let d = data();
        match (top, c) {
            (AsteroidTile { a }, Choice::Hex(h)) => {
                let keep = d.card(Card::Asteroid).count.min(255) as u8;
                let mut mask = 0u64;
                for n in s.earth.adjacent_tiles(h) {
                    mask |= 1 << n.0;
                }
                s.stack.push(Victims {
                    a,
                    mask,
                    opposing: false,
                });
                if s.earth.total_species(h) <= keep as u32 {
                    // Nothing dies on the chosen tile.
                } else if keep == 0 {
                    for b in Animal::ALL {
                        s.eliminate(h, *b, u8::MAX, Some(a), ev);
                    }
                } else {
                    s.stack.push(AsteroidKeep {
                        a,
                        hex: h,
                        left: keep,
                        kept: [0; 4],
                    });
                }
            }
            (
                AsteroidKeep {
                    a,
                    hex,
                    left,
                    mut kept,
                },
                Choice::Animal(b),
            ) => {
                kept[b.index()] += 1;
                let total_kept: u32 = kept.iter().map(|&k| k as u32).sum();
                if left > 1 && s.earth.total_species(hex) > total_kept {
                    s.stack.push(AsteroidKeep {
                        a,
                        hex,
                        left: left - 1,
                        kept,
                    });
                } else {
                    for &x in Animal::ALL {
                        let n = s
                            .earth
                            .species(hex, x.index())
                            .saturating_sub(kept[x.index()]);
                        s.eliminate(hex, x, n, Some(a), ev);
                    }
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
            (Decision::AsteroidTile { .. }, Choice::Hex(h)) => {
                Some(format!("choose {} for the Asteroid", tile_at(s, h)))
            }
            (Decision::AsteroidKeep { hex, .. }, Choice::Animal(a)) => {
                Some(format!("keep one {a} species on {}", tile_at(s, hex)))
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
    ev: &mut Vec<Event>,
) {
    use Decision::*;
    s.last_round = true;
    ev.push(Event::LastRound);
    s.stack.push(AsteroidTile { a });
}
