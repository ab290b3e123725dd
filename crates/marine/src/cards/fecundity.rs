//! Fecundity (p.19): a species on each tile you occupy.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;
use eons_core::HexId;

/// The decisions of the Fecundity card: one [`DecisionModule`] answers for them all.
pub(crate) struct Fecundity;

impl DecisionModule<Marine> for Fecundity {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let FecundityPick { .. } = top {
            "Fecundity (p.19): choose a tile for one of your last species"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let FecundityPick { a, mask } = top {
            if s.pool[a.index()] > 0 {
                for i in 0..64u8 {
                    if mask & (1u64 << i) != 0 {
                        offer!(f, Choice::Hex(HexId(i)));
                    }
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (FecundityPick { a, mask }, Choice::Hex(h)) = (top, c) {
            s.from_pool(h, a, 1, true, ev);
            let rest = mask & !(1u64 << h.0);
            if rest != 0 {
                s.stack.push(FecundityPick { a, mask: rest });
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
            (Decision::FecundityPick { .. }, Choice::Hex(h)) => {
                Some(format!("add a species to {}", tile_at(s, h)))
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
    let own: Vec<HexId> = tiles(s).filter(|&h| occupies(s, a, h)).collect();
    if own.len() <= s.pool[a.index()] as usize {
        for h in own {
            s.from_pool(h, a, 1, true, ev);
        }
    } else {
        let mask = own.iter().fold(0u64, |m, h| m | 1 << h.0);
        s.stack.push(FecundityPick { a, mask });
    }
}
