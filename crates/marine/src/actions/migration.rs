//! Migration (p.15; Seasonal Migrants p.21): move species to adjacent tiles.

use crate::decision::{Choice, Frame, ALL, AUTOMATIC};
use crate::effects::move_species;
use crate::events::Event;
use crate::queries::tiles;
use crate::state::State;
use crate::types::{Animal, Trait};
use eons_core::HexId;

/// Calls `f` with each legal choice of this decision; true when `f` did.
pub(crate) fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Frame, f: &mut F) -> bool {
    macro_rules! offer {
        ($c:expr) => {
            if f($c) {
                return true;
            }
        };
    }
    use Frame::*;
    if let Migration { a, left, .. } = top {
        if left > 0 {
            let mut out = [HexId(0); 18];
            for h in tiles(s) {
                if s.earth.species(h, a.index()) > s.moved[h.0 as usize] {
                    let n = destinations(s, a, h, &mut out);
                    for &t in &out[..n] {
                        offer!(Choice::Move { from: h, to: t });
                    }
                }
            }
        }
        offer!(Choice::Done);
    }
    false
}

/// Carries out a legal choice of this decision (its frame already popped).
pub(crate) fn execute(s: &mut State, top: Frame, c: Choice, ev: &mut Vec<Event>) {
    use Frame::*;
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

/// The rule governing this decision, with its rulebook page, and what it asks.
pub(crate) fn rule(top: Frame) -> &'static str {
    use Frame::*;
    if let Migration { .. } = top {
        "Migration (p.15): move one of your species to an adjacent tile, or stop"
    } else {
        AUTOMATIC
    }
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
