//! Biomass and Predator (p.18-19): one species eliminated on each tile
//! concerned, chosen tile by tile.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use crate::Marine;
use eons_core::DecisionModule;
use eons_core::HexId;

/// The decisions of the Biomass and Predator cards: one [`DecisionModule`] answers for them all.
pub(crate) struct Victims;

impl DecisionModule<Marine> for Victims {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Victims { .. } = top {
            "Card (p.18-19): choose whose species is eliminated on each tile in turn"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let Victims { a, mask, opposing } = top {
            if let Some(h) = victims_hex(s, a, mask, opposing) {
                for b in Animal::ALL {
                    if occupies(s, *b, h) && (!opposing || *b != a) {
                        offer!(f, Choice::Animal(*b));
                    }
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (Victims { a, mask, opposing }, Choice::Animal(b)) = (top, c) {
            if let Some(h) = victims_hex(s, a, mask, opposing) {
                s.eliminate(h, b, 1, Some(a), ev);
                let rest = mask & !((1u64 << h.0 << 1).wrapping_sub(1));
                s.stack.push(Victims {
                    a,
                    mask: rest,
                    opposing,
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
    card: Card,
    _x: u8,
    _max_slot: u8,
    _ev: &mut Vec<Event>,
) {
    use Decision::*;
    let card_data = *data().card(card);
    match card {
        Card::Biomass => {
            let mut mask = 0u64;
            for h in tiles(s) {
                if s.earth.total_species(h) > s.earth.element_count_on(h) * card_data.count.max(1) {
                    mask |= 1 << h.0;
                }
            }
            s.stack.push(Victims {
                a,
                mask,
                opposing: false,
            });
        }
        Card::Predator => {
            let mut mask = 0u64;
            for h in tiles(s) {
                if occupies(s, a, h) && s.opposing_on(h, a) > 0 {
                    mask |= 1 << h.0;
                }
            }
            s.stack.push(Victims {
                a,
                mask,
                opposing: true,
            });
        }
        _ => {}
    }
}

/// The hex of the lowest bit of a mask whose tile has a legal victim.
pub(crate) fn victims_hex(s: &State, a: Animal, mask: u64, opposing: bool) -> Option<HexId> {
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        let h = HexId(i);
        let ok = Animal::ALL
            .iter()
            .any(|&b| occupies(s, b, h) && (!opposing || b != a));
        if ok {
            return Some(h);
        }
    }
    None
}
