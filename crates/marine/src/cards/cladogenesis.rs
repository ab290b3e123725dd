//! Cladogenesis (p.18): replay the top discarded card, then take another.

use crate::cards;
use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Card};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Cladogenesis card: one [`DecisionModule`] answers for them all.
pub(crate) struct Cladogenesis;

impl DecisionModule<Marine> for Cladogenesis {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let CladogenesisSecond { .. } = top {
            "Cladogenesis (p.18): choose another face-up card at or below the space's value"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        if let CladogenesisSecond { max_slot, .. } = top {
            for i in 0..(max_slot as usize).min(d.slots as usize) {
                if matches!(s.row[i], Some(c) if c != Card::Cladogenesis) {
                    offer!(f, Choice::Slot(i as u8 + 1));
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (CladogenesisSecond { a, max_slot }, Choice::Slot(k)) = (top, c) {
            if let Some(card) = s.row[k as usize - 1] {
                ev.push(Event::CardChosen {
                    animal: a,
                    card,
                    slot: k,
                });
                s.stack.push(CardDone { a, card });
                cards::start(s, a, card, k, max_slot, ev);
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
    max_slot: u8,
    ev: &mut Vec<Event>,
) {
    use Decision::*;
    s.stack.push(CladogenesisSecond { a, max_slot });
    if let Some(&top) = s.discard.last() {
        ev.push(Event::CardReplayed { card: top });
        cards::start(s, a, top, x, max_slot, ev);
    }
}
