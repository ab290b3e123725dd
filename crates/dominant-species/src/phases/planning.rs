//! The Planning Phase (p.9): in initiative order, each animal with APs in
//! supply places one on an empty eyeball space, until every AP is placed or
//! no space is empty (no passing, reference A16).

use crate::offer::{not_offered, QuickAnswers};
use crate::queries::nth_member;
use crate::space::{Space, SPACES};
use crate::state::{Choice, Decision, Event, PhaseName, State, Step};
use crate::DominantSpecies;
use eons_core::{DecisionModule, GameRng, Refusal};

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

/// The empty eyeball spaces as a bit set (bit `i`: space `i` is empty),
/// from a loop without branches.
pub(crate) fn vacant_spaces(s: &State) -> u64 {
    s.spaces
        .iter()
        .enumerate()
        .fold(0u64, |set, (i, x)| set | u64::from(x.is_none()) << i)
}

/// Offers one placement per space of the bit set `spaces`, in space
/// order; true as soon as `offer` is.
pub(crate) fn offer_spaces<F: FnMut(Choice) -> bool>(spaces: u64, offer: &mut F) -> bool {
    let mut rest = spaces;
    while rest != 0 {
        let space = Space(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        if offer(Choice::Place(space)) {
            return true;
        }
    }
    false
}

/// The Planning Phase as a decision module: [`Decision::Plan`], place
/// one AP. The most frequent decision by far (half of a game's decisions):
/// it lists, checks and draws from the bit set of empty spaces.
pub(crate) struct Planning;

impl DecisionModule<DominantSpecies> for Planning {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Planning (p.9): place an AP on an empty eyeball space"
    }

    /// Every empty eyeball space, in space order.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, _: Decision, offer: &mut F) -> bool {
        offer_spaces(vacant_spaces(s), offer)
    }

    /// Every empty eyeball space at once, from an iterator of known length
    /// (room made once, no check per choice): the most frequent list.
    fn list(s: &State, _: Decision, out: &mut Vec<Choice>) {
        let spaces = vacant_spaces(s);
        let mut rest = spaces;
        out.extend((0..spaces.count_ones()).map(|_| {
            let space = Space(rest.trailing_zeros() as u8);
            rest &= rest - 1;
            Choice::Place(space)
        }));
    }

    /// The fast check of the most frequent decision.
    fn is_legal(s: &State, _: Decision, c: Choice) -> bool {
        match c {
            Choice::Place(sp) => s.spaces.get(sp.0 as usize).is_some_and(|x| x.is_none()),
            _ => false,
        }
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        if let (Decision::Plan(a), Choice::Place(sp)) = (d, c) {
            s.spaces[sp.0 as usize] = Some(a);
            s.animals[a.index()].supply -= 1;
            s.plan_next = (s.plan_next + 1) % s.initiative_len;
            ev.push(Event::ApPlaced {
                animal: a,
                space: sp,
            });
        }
    }

    fn refusal(_: &State, _: Decision, c: Choice) -> Refusal {
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
}

/// Planning always has a vacant space to offer (checked when set): the
/// engine never asks whether it is forced.
impl QuickAnswers for Planning {
    /// The vacant space the list would hold at `rng.index(count)`, drawn
    /// with that very call, without listing (no draw when none is vacant).
    fn draw(s: &State, _: Decision, rng: &mut GameRng) -> Option<Option<Choice>> {
        let vacant = vacant_spaces(s);
        Some((vacant != 0).then(|| {
            let k = rng.index(vacant.count_ones() as usize);
            Choice::Place(Space(nth_member(u128::from(vacant), k) as u8))
        }))
    }
}
