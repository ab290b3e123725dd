//! Adaptability (p.18): swap one of your element disks with an element on earth.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::{element_of, State};
use crate::types::{Animal, Card};
use crate::words::{disk_at, element_at};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Adaptability card: one [`DecisionModule`] answers for them all.
pub(crate) struct Adaptability;

impl DecisionModule<Marine> for Adaptability {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            AdaptabilityDisk { .. } => "Adaptability (p.18): choose one of your element disks",
            AdaptabilityCorner { .. } => {
                "Adaptability (p.18): choose an element on earth to swap with"
            }
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            AdaptabilityDisk { a } if s.earth.elements().next().is_some() => {
                for i in s.usable_slots(a) {
                    if s.disks[a.index()][i].is_some() {
                        offer!(f, Choice::Disk(i as u8));
                    }
                }
            }
            AdaptabilityCorner { .. } => {
                for (c, _) in s.earth.elements() {
                    offer!(f, Choice::Corner(c));
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
            (AdaptabilityDisk { a }, Choice::Disk(k)) => {
                s.stack.push(AdaptabilityCorner { a, disk: k })
            }
            (AdaptabilityCorner { a, disk }, Choice::Corner(cn)) => {
                if let (Some(mine), Some(theirs)) =
                    (s.disks[a.index()][disk as usize], s.earth.element(cn))
                {
                    let theirs = element_of(theirs);
                    s.disks[a.index()][disk as usize] = Some(theirs);
                    s.earth.set_element(cn, Some(mine.index() as u8));
                    ev.push(Event::DiskLost {
                        animal: a,
                        el: mine,
                    });
                    ev.push(Event::ElementRemoved {
                        el: theirs,
                        corner: cn,
                    });
                    ev.push(Event::ElementPlaced {
                        el: mine,
                        corner: cn,
                    });
                    ev.push(Event::DiskAdded {
                        animal: a,
                        el: theirs,
                    });
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
            (Decision::AdaptabilityCorner { .. }, Choice::Corner(k)) => {
                Some(format!("swap it with {}", element_at(s, k)))
            }
            (Decision::AdaptabilityDisk { a }, Choice::Disk(k)) => {
                let e = disk_at(s, a, k)?;
                Some(format!("swap your {e} disk on disk space {}", k + 1))
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
    s.stack.push(AdaptabilityDisk { a });
}
