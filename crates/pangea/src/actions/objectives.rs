//! Completing objectives (rulebook p.17): before or after the action; ruling D7: also just
//! before passing, and on a turn where the player must pass.

use crate::data::Data;
use crate::listing::Listing;
use crate::queries;
use crate::state::{Choice, Event, State, Task};
use eons_core::Refusal;

/// The rule of completing an objective.
pub const RULE: &str = "Completing Objectives (p.17)";

/// The objective tiles the seat can complete now.
pub fn legal(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    if s.objective_markers_left(d, seat) > 0 {
        let p = s.player(seat);
        for (i, slot) in s.objectives.iter().enumerate() {
            if p.claimed & (1 << i) == 0
                && queries::objective_met(s, seat, &d.objectives[slot.tile as usize].requirement)
            {
                out.push(Choice::Claim(i as u8));
            }
        }
    }
}

/// Completes the objective in slot `i`: the first to complete it scores the higher reward.
pub fn resolve(s: &mut State, d: &Data, seat: u8, acted: bool, i: u8, ev: &mut Vec<Event>) {
    if let Some(slot) = s.objectives.get_mut(i as usize) {
        let t = &d.objectives[slot.tile as usize];
        let points = if slot.claims.is_empty() {
            t.reward[0]
        } else {
            t.reward[1]
        };
        slot.claims.push(seat);
        let tile = slot.tile;
        s.player_mut(seat).claimed |= 1 << i;
        ev.push(Event::Claimed { seat, tile, points });
        s.add_dominance(seat, points, ev);
    }
    s.tasks.push(Task::TurnResume { seat, acted });
}

/// Why a Claim is refused.
pub fn refuse() -> Refusal {
    Refusal::new(
        RULE,
        "the requirement is not met, you already completed it, or you have no objective marker left",
    )
}
