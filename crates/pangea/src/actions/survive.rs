//! Survive (rulebook p.24): move the instinct marker up a field, or more with Lateral Line (the
//! decision module [`SurviveMore`]).

use super::pay;
use crate::data::{data, Data};
use crate::effects::clear_track;
use crate::listing::Listing;
use crate::queries;
use crate::queries::group_of;
use crate::state::{Choice, Decision, Event, State, Task};
use crate::types::Action;
use crate::Pangea;
use eons_core::{DecisionModule, Refusal};

/// The Survive choice of a turn.
pub fn legal(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
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

/// Lateral Line's further fields (an evolution card, rulebook p.21): [`Decision::SurviveMore`],
/// Confirm (one more field) or Done.
pub(crate) struct SurviveMore;

impl DecisionModule<Pangea> for SurviveMore {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Survive (p.24): move your instinct marker up another field, or finish with done"
    }

    fn legal<F: FnMut(Choice) -> bool>(_: &State, _: Decision, offer: &mut F) -> bool {
        offer(Choice::Confirm) || offer(Choice::Done)
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Confirm => {
                if let Some(Task::SurviveMore { seat, left }) = s.tasks.pop() {
                    s.climb_instinct(data(), seat, ev);
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
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Confirm => Some("move your instinct marker up another field".into()),
            _ => None,
        }
    }
}

/// Why a Survive that passed the turn's checks is refused.
pub fn refuse() -> Refusal {
    Refusal::new(
        "Survive (p.24; ruling I2)",
        "your instinct marker is on the top field",
    )
}
