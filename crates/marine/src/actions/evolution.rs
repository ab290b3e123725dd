//! Evolution (p.16): score a tile and, if thriving there, take a face-up
//! evolution card.

use crate::cards;
use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{terrain_at, tiles};
use crate::state::State;
use crate::words::tile_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of Evolution (p.16): one [`DecisionModule`] answers for them all.
pub(crate) struct Evolution;

impl DecisionModule<Marine> for Evolution {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            Evolution { .. } => {
                "Evolution (p.16): choose a tile of the space's terrain to score, or forfeit"
            }
            EvolutionCard { .. } => {
                "Evolution (p.16): take a face-up card in a slot at or below the space's value"
            }
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        match top {
            Evolution { terrain, .. } => {
                if let Some(t) = terrain {
                    for h in tiles(s) {
                        if terrain_at(s, h) == Some(t) {
                            offer!(f, Choice::Hex(h));
                        }
                    }
                }
                offer!(f, Choice::Forfeit);
            }
            EvolutionCard { max_slot, .. } => {
                for i in 0..(max_slot as usize).min(d.slots as usize) {
                    if s.row[i].is_some() {
                        offer!(f, Choice::Slot(i as u8 + 1));
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
            (Evolution { a, slot, .. }, Choice::Hex(h)) => {
                s.score_tile(h, true, ev);
                if s.thriving(a, h) {
                    s.stack.push(EvolutionCard { a, max_slot: slot });
                }
            }
            (EvolutionCard { a, max_slot }, Choice::Slot(k)) => {
                if let Some(card) = s.row[k as usize - 1] {
                    ev.push(Event::CardChosen {
                        animal: a,
                        card,
                        slot: k,
                    });
                    s.stack.push(CardDone { a, card });
                    cards::start(s, a, card, k, max_slot, ev);
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
            (Decision::Evolution { .. }, Choice::Hex(h)) => {
                Some(format!("score {}", tile_at(s, h)))
            }
            _ => None,
        }
    }
}
