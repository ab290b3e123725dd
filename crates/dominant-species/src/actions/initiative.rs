//! Initiative (p.10): move one place forward on the Initiative track, then
//! re-place the AP on any empty eyeball space, or forfeit the whole action
//! (reference A7; the AP cannot go back on Initiative).

use crate::data::Animal;
use crate::offer::not_offered;
use crate::phases::planning;
use crate::queries::nth_member;
use crate::space::{Section, Space, SPACES};
use crate::state::{Choice, Decision, Event, State};
use eons_core::{GameRng, Refusal};

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Initiative (p.10)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Initiative(a)
}

/// Any empty eyeball space but Initiative's own, or forfeit.
pub(crate) fn legal(s: &State, out: &mut Vec<Choice>) {
    planning::list_spaces(planning::vacant_spaces(s) & !1, out);
    out.push(Choice::Skip);
}

/// The choice [`legal`] would list at `rng.index(len)`, with that draw.
pub(crate) fn random_choice(s: &State, rng: &mut GameRng) -> Choice {
    let spaces = planning::vacant_spaces(s) & !1;
    let k = rng.index(spaces.count_ones() as usize + 1);
    if k == spaces.count_ones() as usize {
        Choice::Skip
    } else {
        Choice::Place(Space(nth_member(u128::from(spaces), k) as u8))
    }
}

/// True when [`legal`] offers a space (the decision is more than "skip").
pub(crate) fn any_space(s: &State) -> bool {
    s.spaces.iter().skip(1).any(|x| x.is_none())
}

/// True when `c` is among [`legal`]'s choices, without listing them.
pub(crate) fn is_legal(s: &State, c: Choice) -> bool {
    match c {
        Choice::Skip => true,
        Choice::Place(sp) => sp.0 >= 1 && s.spaces.get(sp.0 as usize).is_some_and(|x| x.is_none()),
        _ => false,
    }
}

/// Resolves a legal choice.
pub(crate) fn resolve(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Place(sp) => {
            s.move_ahead_in_initiative(a, ev);
            s.spaces[sp.0 as usize] = Some(a);
            ev.push(Event::ApPlaced {
                animal: a,
                space: sp,
            });
        }
        Choice::Skip => {
            s.animals[a.index()].supply += 1;
            s.forfeit(a, Section::Initiative, ev);
        }
        _ => {}
    }
}

/// Why `c` is refused.
pub(crate) fn refusal(s: &State, c: Choice) -> Refusal {
    match c {
        Choice::Place(sp) if sp.0 as usize >= SPACES => Refusal::new(
            RULE,
            format!("there is no eyeball space number {}", sp.0 as u16 + 1),
        ),
        Choice::Place(sp) if sp.0 == 0 => {
            Refusal::new(RULE, "the AP cannot go back on the Initiative space")
        }
        Choice::Place(sp) if s.spaces[sp.0 as usize].is_some() => {
            Refusal::new(RULE, format!("{sp} already holds an AP"))
        }
        _ => not_offered(
            RULE,
            "move ahead one place and re-place this AP on an empty eyeball space, or forfeit",
        ),
    }
}
