//! Fertile (p.19): VP for the species on a tile you occupy.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::{Event, VpCause};
use crate::queries::{occupies, tiles};
use crate::state::State;
use crate::types::{Animal, Card};
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Fertile card: one [`DecisionModule`] answers for them all.
pub(crate) struct Fertile;

impl DecisionModule<Marine> for Fertile {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Fertile { .. } = top {
            "Fertile (p.19): choose a tile you occupy"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        if let Fertile { a } = top {
            let own = d.card(Card::Fertile).own_tile;
            {
                for h in tiles(s) {
                    if (!own && s.earth.total_species(h) > 0) || occupies(s, a, h) {
                        offer!(f, Choice::Hex(h));
                    }
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (Fertile { a }, Choice::Hex(h)) = (top, c) {
            let vp = s.earth.total_species(h);
            s.add_vp(a, vp, VpCause::Card(Card::Fertile), ev);
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(s: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::Fertile { .. }, Choice::Hex(h)) => {
                Some(format!("choose {} for Fertile", tile_at(s, h)))
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
    s.stack.push(Fertile { a });
}
