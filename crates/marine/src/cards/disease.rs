//! Disease (p.18): each other animal removes an added element disk.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Card};
use crate::words::disk_at;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Disease card: one [`DecisionModule`] answers for them all.
pub(crate) struct Disease;

impl DecisionModule<Marine> for Disease {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Disease { .. } = top {
            "Disease (p.18): remove one of your added element disks"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let Disease { b, .. } = top {
            for i in s.usable_slots(b) {
                if s.disks[b.index()][i].is_some() {
                    offer!(f, Choice::Disk(i as u8));
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (Disease { b, .. }, Choice::Disk(k)) = (top, c) {
            if let Some(el) = s.disks[b.index()][k as usize].take() {
                s.bag.put(el.index());
                ev.push(Event::DiskLost { animal: b, el });
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
            // The animal that loses a disk decides.
            (Decision::Disease { b, .. }, Choice::Disk(k)) => {
                let e = disk_at(s, b, k)?;
                Some(format!("lose your {e} disk on disk space {}", k + 1))
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
    for b in Animal::ALL.iter().rev() {
        if *b != a && s.plays(*b) {
            s.stack.push(Disease { a, b: *b });
        }
    }
}
