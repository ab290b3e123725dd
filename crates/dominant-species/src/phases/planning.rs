//! The Planning Phase (p.9): in initiative order, each animal with APs in
//! supply places one on an empty eyeball space, until every AP is placed or
//! no space is empty (no passing, reference A16).

use crate::data::Animal;
use crate::offer::not_offered;
use crate::queries::nth_member;
use crate::space::{Space, SPACES};
use crate::state::{Choice, Decision, Event, PhaseName, State, Step};
use eons_core::{GameRng, Refusal};

/// The rule this phase's refusals name.
pub(crate) const RULE: &str = "Planning (p.9)";

/// Asks the next animal with APs to place one, or starts Execution.
pub(crate) fn next_planner(s: &mut State, ev: &mut Vec<Event>) {
    let n = s.initiative_len;
    let vacant = s.spaces.iter().any(|x| x.is_none());
    if vacant {
        for k in 0..n {
            let idx = (s.plan_next + k) % n;
            let a = s.initiative[idx as usize];
            if s.animals[a.index()].supply > 0 {
                s.plan_next = idx;
                s.pending = Decision::Plan(a);
                return;
            }
        }
    }
    ev.push(Event::PhaseBegan {
        phase: PhaseName::Execution,
    });
    s.step = Step::Space(Space(0));
}

/// Every empty eyeball space.
pub(crate) fn legal(s: &State, out: &mut Vec<Choice>) {
    // The most frequent decision by far (half of a game's decisions).
    list_spaces(vacant_spaces(s), out);
}

/// The vacant space [`legal`] would list at `rng.index(count)`, drawn with
/// that very call, without listing (`None`, and no draw, when none is
/// vacant).
pub(crate) fn random_choice(s: &State, rng: &mut GameRng) -> Option<Choice> {
    let vacant = vacant_spaces(s);
    (vacant != 0).then(|| {
        let k = rng.index(vacant.count_ones() as usize);
        Choice::Place(Space(nth_member(u128::from(vacant), k) as u8))
    })
}

/// The empty eyeball spaces as a bit set (bit `i`: space `i` is empty),
/// from a loop without branches.
pub(crate) fn vacant_spaces(s: &State) -> u64 {
    s.spaces
        .iter()
        .enumerate()
        .fold(0u64, |set, (i, x)| set | u64::from(x.is_none()) << i)
}

/// One placement per space of the bit set `spaces`, in space order, from
/// an iterator of known length (room made once, no check per choice).
pub(crate) fn list_spaces(spaces: u64, out: &mut Vec<Choice>) {
    let mut rest = spaces;
    out.extend((0..spaces.count_ones()).map(|_| {
        let space = Space(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        Choice::Place(space)
    }));
}

/// True when `c` is legal: the fast check of the most frequent decision.
pub(crate) fn is_legal(s: &State, c: Choice) -> bool {
    match c {
        Choice::Place(sp) => s.spaces.get(sp.0 as usize).is_some_and(|x| x.is_none()),
        _ => false,
    }
}

/// Resolves a legal choice.
pub(crate) fn resolve(s: &mut State, a: Animal, c: Choice, ev: &mut Vec<Event>) {
    if let Choice::Place(sp) = c {
        s.spaces[sp.0 as usize] = Some(a);
        s.animals[a.index()].supply -= 1;
        s.plan_next = (s.plan_next + 1) % s.initiative_len;
        ev.push(Event::ApPlaced {
            animal: a,
            space: sp,
        });
    }
}

/// Why `c` is refused.
pub(crate) fn refusal(c: Choice) -> Refusal {
    match c {
        Choice::Place(sp) if sp.0 as usize >= SPACES => Refusal::new(
            RULE,
            format!("there is no eyeball space number {}", sp.0 as u16 + 1),
        ),
        Choice::Place(sp) => Refusal::new(
            RULE,
            format!("{sp} already holds an AP: each eyeball space holds one"),
        ),
        _ => not_offered(RULE, "place an AP on an empty eyeball space"),
    }
}
