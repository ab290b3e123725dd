//! Metamorphosis (p.19): exchange an element disk for one from the bag.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Card, Element};
use crate::words::{disk_at, element_piece};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Metamorphosis card: one [`DecisionModule`] answers for them all.
pub(crate) struct Metamorphosis;

impl DecisionModule<Marine> for Metamorphosis {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            MetamorphosisDisk { .. } => {
                "Metamorphosis (p.19): choose one of your element disks to exchange"
            }
            MetamorphosisType { .. } => "Metamorphosis (p.19): choose an element type from the bag",
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            MetamorphosisDisk { a } if !s.bag.is_empty() => {
                for i in s.usable_slots(a) {
                    if s.disks[a.index()][i].is_some() {
                        offer!(f, Choice::Disk(i as u8));
                    }
                }
            }
            MetamorphosisType { .. } => {
                for el in Element::ALL {
                    if s.bag.count(el.index()) > 0 {
                        offer!(f, Choice::Element(*el));
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
            (MetamorphosisDisk { a }, Choice::Disk(k)) => {
                s.stack.push(MetamorphosisType { a, disk: k })
            }
            (MetamorphosisType { a, disk }, Choice::Element(el)) => {
                if s.bag.take(el.index()) {
                    if let Some(old) = s.disks[a.index()][disk as usize].replace(el) {
                        s.bag.put(old.index());
                        ev.push(Event::DiskLost { animal: a, el: old });
                    }
                    ev.push(Event::DiskAdded { animal: a, el });
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
            (Decision::MetamorphosisType { .. }, Choice::Element(e)) => {
                Some(format!("take {} from the bag", element_piece(e)))
            }
            (Decision::MetamorphosisDisk { a }, Choice::Disk(k)) => {
                let e = disk_at(s, a, k)?;
                Some(format!("exchange your {e} disk on disk space {}", k + 1))
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
    s.stack.push(MetamorphosisDisk { a });
}
