//! Survive (rulebook p.24): move the instinct marker up a field, or more with Lateral Line.

use super::pay;
use crate::board::{clear_track, group_of};
use crate::data::Data;
use crate::queries;
use crate::state::{not_offered, Choice, Decision, Event, State, Task};
use crate::types::Action;
use eons_core::Refusal;

/// The rule of the Survive action.
pub const RULE: &str = "Survive (p.24)";

/// The Survive choice of a turn.
pub fn legal(s: &State, d: &Data, seat: u8, out: &mut Vec<Choice>) {
    let p = s.player(seat);
    if p.used[Action::Survive as usize] < d.rules.same_action_limit
        && p.ap >= d.group(p.group).costs[3] as i32
        && p.instinct < d.top_field()
    {
        out.push(Choice::Survive);
    }
}

/// The Survive action.
pub fn resolve(s: &mut State, d: &Data, seat: u8, ev: &mut Vec<Event>) {
    let g = group_of(s, seat);
    clear_track(s, g);
    pay(s, seat, Action::Survive, d.group(g).costs[3] as i32, ev);
    s.tasks.push(Task::TurnResume { seat, acted: true });
    s.climb_instinct(d, seat, ev);
    let range = queries::survive_range(d, s.player(seat));
    if range > 1 {
        s.tasks.push(Task::SurviveMore {
            seat,
            left: range - 1,
        });
    }
}

/// [`Task::SurviveMore`]: offers another field while one is left.
pub fn offer_more(s: &mut State, d: &Data, seat: u8, left: u8) {
    if left > 0 && s.player(seat).instinct < d.top_field() {
        s.tasks.push(Task::SurviveMore { seat, left });
        s.decision = Some(Decision::SurviveMore(seat));
    }
}

/// [`Decision::SurviveMore`]: Confirm or Done.
pub fn legal_more(out: &mut Vec<Choice>) {
    out.push(Choice::Confirm);
    out.push(Choice::Done);
}

/// Resolves [`Decision::SurviveMore`].
pub fn resolve_more(s: &mut State, d: &Data, seat: u8, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Confirm => {
            if let Some(Task::SurviveMore { seat, left }) = s.tasks.pop() {
                s.climb_instinct(d, seat, ev);
                if left > 1 {
                    s.tasks.push(Task::SurviveMore {
                        seat,
                        left: left - 1,
                    });
                }
            }
        }
        Choice::Done => {
            s.tasks.pop();
        }
        _ => s.decision = Some(Decision::SurviveMore(seat)),
    }
}

/// Why a Survive that passed the turn's checks is refused.
pub fn refuse() -> Refusal {
    Refusal::new(
        "Survive (p.24; ruling I2)",
        "your instinct marker is on the top field",
    )
}

/// Why a choice is not one [`Decision::SurviveMore`] offers.
pub fn refuse_more() -> Refusal {
    not_offered(
        RULE,
        "move your instinct marker up another field, or finish with done",
    )
}
