//! Migration (p.15; Seasonal Migrants p.21): move species to adjacent tiles.

use crate::decision::{Choice, Decision, ALL, AUTOMATIC};
use crate::effects::move_species;
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Trait};
use crate::Marine;
use eons_core::DecisionModule;
use eons_core::HexId;
use eons_earth::{mask_ids, neighbor_mask, HEXES};

/// The decisions of Migration (p.15): one [`DecisionModule`] answers for them all.
pub(crate) struct Migration;

impl DecisionModule<Marine> for Migration {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Migration { .. } = top {
            "Migration (p.15): move one of your species to an adjacent tile, or stop"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let Migration { a, left, .. } = top {
            if left > 0 {
                let mut out = [HexId(0); 18];
                // The tiles holding the animal's species, in id order.
                let held = s.earth.species_mask(a.index()) & s.earth.tile_mask();
                for h in mask_ids(held) {
                    if s.earth.species(h, a.index()) > s.moved[h.0 as usize] {
                        let n = destinations(s, a, h, &mut out);
                        for &t in &out[..n] {
                            offer!(f, Choice::Move { from: h, to: t });
                        }
                    }
                }
            }
            offer!(f, Choice::Done);
        }
        false
    }

    /// True when `c` is one of this decision's legal choices, the same answer
    /// as finding it in [`Self::legal`]'s list: a move is checked against its own
    /// tile only.
    fn is_legal(s: &State, top: Decision, c: Choice) -> bool {
        let Decision::Migration { a, left, .. } = top else {
            return false;
        };
        match c {
            Choice::Done => true,
            Choice::Move { from, to } => {
                left > 0
                    && (from.0 as usize) < HEXES
                    && s.earth.tile_mask() & (1u64 << from.0) != 0
                    && s.earth.species(from, a.index()) > s.moved[from.0 as usize]
                    && reach(s, a, from) & 1u64.checked_shl(u32::from(to.0)).unwrap_or(0) != 0
            }
            _ => false,
        }
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (Migration { a, left, .. }, Choice::Move { from, to }) = (top, c) {
            move_species(s, a, from, to, ev);
            s.moved[to.0 as usize] += 1;
            let left = if left == ALL { ALL } else { left - 1 };
            s.stack.push(Migration {
                a,
                left,
                started: true,
            });
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }
}

/// The tiles a species of `a` on `h` may migrate to, as a bit set of hex
/// ids: the set of [`destinations`] (p.15; Seasonal Migrants p.21).
fn reach(s: &State, a: Animal, h: HexId) -> u64 {
    let tiles = s.earth.tile_mask();
    let first = neighbor_mask(h) & tiles;
    if !s.has_trait(a, Trait::SeasonalMigrants) {
        return first;
    }
    let second = mask_ids(first).fold(0, |m, t| m | neighbor_mask(t)) & tiles & !(1u64 << h.0);
    first | second
}

/// Destinations of a migrating species from `h` (p.15; Seasonal Migrants p.21).
fn destinations(s: &State, a: Animal, h: HexId, out: &mut [HexId; 18]) -> usize {
    let mut n = 0;
    for t in s.earth.adjacent_tiles(h) {
        out[n] = t;
        n += 1;
    }
    if s.has_trait(a, Trait::SeasonalMigrants) {
        let first = n;
        for i in 0..first {
            for t in s.earth.adjacent_tiles(out[i]) {
                if t != h && !out[..n].contains(&t) && n < 18 {
                    out[n] = t;
                    n += 1;
                }
            }
        }
    }
    n
}
