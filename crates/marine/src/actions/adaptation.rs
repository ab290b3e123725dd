//! Adaptation (p.12): add an element disk to your animal display (the
//! special space may replace one).

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::{CircleRow, State};
use crate::types::{Action, Animal, Element};
use crate::words::{disk_at, take_circle};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of Adaptation (p.12): one [`DecisionModule`] answers for them all.
pub(crate) struct Adaptation;

impl DecisionModule<Marine> for Adaptation {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
        Adaptation { .. } => "Adaptation (p.12): take an element of the Adaptation section (you need an empty space, or the special space and a disk to replace), or forfeit",
        AdaptationWhere { .. } => "Adaptation (p.12): put the element in an empty space or replace one of your disks",
        _ => AUTOMATIC,
    }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        let d = data();
        match top {
            Adaptation { a, special } => {
                if s.has_empty_slot(a) || (special && s.added_count(a) > 0) {
                    for i in 0..d.circles(Action::Adaptation) {
                        if s.circles[CircleRow::Adaptation as usize][i].is_some() {
                            offer!(f, Choice::Circle(i as u8));
                        }
                    }
                }
                offer!(f, Choice::Forfeit);
            }
            AdaptationWhere { a, .. } => {
                if s.has_empty_slot(a) {
                    offer!(f, Choice::Add);
                }
                for i in s.usable_slots(a) {
                    if s.disks[a.index()][i].is_some() {
                        offer!(f, Choice::Disk(i as u8));
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
            (Adaptation { a, special }, Choice::Circle(i)) => {
                if special && s.added_count(a) > 0 {
                    s.stack.push(AdaptationWhere { a, circle: i });
                } else if let Some(el) =
                    s.circles[CircleRow::Adaptation as usize][i as usize].take()
                {
                    add_disk(s, a, el, ev);
                }
            }
            (AdaptationWhere { a, circle }, Choice::Add) => {
                if let Some(el) = s.circles[CircleRow::Adaptation as usize][circle as usize].take()
                {
                    add_disk(s, a, el, ev);
                }
            }
            (AdaptationWhere { a, circle }, Choice::Disk(k)) => {
                if let Some(el) = s.circles[CircleRow::Adaptation as usize][circle as usize].take()
                {
                    if let Some(old) = s.disks[a.index()][k as usize].replace(el) {
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
            (Decision::Adaptation { .. }, Choice::Circle(i)) => {
                Some(take_circle(s, CircleRow::Adaptation, i))
            }
            (Decision::AdaptationWhere { a, .. }, Choice::Disk(k)) => {
                let e = disk_at(s, a, k)?;
                Some(format!("replace your {e} disk on disk space {}", k + 1))
            }
            _ => None,
        }
    }
}

fn add_disk(s: &mut State, a: Animal, el: Element, ev: &mut Vec<Event>) {
    let slot = s.usable_slots(a).find(|&i| s.disks[a.index()][i].is_none());
    match slot {
        Some(i) => {
            s.disks[a.index()][i] = Some(el);
            ev.push(Event::DiskAdded { animal: a, el });
        }
        None => s.bag.put(el.index()),
    }
}
