//! Initiative (p.10): move one place forward on the Initiative track, then
//! re-place the AP on any empty eyeball space, or forfeit the whole action
//! (reference A7; the AP cannot go back on Initiative).

use crate::data::Animal;
use crate::offer::{only_unless, Forced, QuickAnswers};
use crate::phases::planning;
use crate::queries::nth_member;
use crate::space::{Section, Space, SPACES};
use crate::state::{Choice, Decision, Event, State};
use crate::DominantSpecies;
use eons_core::{refusal_from_rule, DecisionModule, GameRng, Refusal};

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Initiative (p.10)";

/// The decision the action starts with.
pub(crate) fn start(a: Animal) -> Decision {
    Decision::Initiative(a)
}

/// Initiative as a decision module: [`Decision::Initiative`], re-place the
/// AP or forfeit.
pub(crate) struct Initiative;

impl DecisionModule<DominantSpecies> for Initiative {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Initiative (p.10): move ahead one place and re-place this AP on an empty eyeball space, or forfeit"
    }

    /// Any empty eyeball space but Initiative's own, or forfeit.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, _: Decision, offer: &mut F) -> bool {
        planning::offer_spaces(planning::vacant_spaces(s) & !1, offer) || offer(Choice::Skip)
    }

    /// Answered without listing.
    fn is_legal(s: &State, _: Decision, c: Choice) -> bool {
        match c {
            Choice::Skip => true,
            Choice::Place(sp) => {
                sp.0 >= 1 && s.spaces.get(sp.0 as usize).is_some_and(|x| x.is_none())
            }
            _ => false,
        }
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        let Decision::Initiative(a) = d else { return };
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

    fn refusal(s: &State, d: Decision, c: Choice) -> Refusal {
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
            _ => refusal_from_rule(Self::rule(d)),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        (c == Choice::Skip).then(|| "forfeit the action".into())
    }
}

impl QuickAnswers for Initiative {
    /// Forced to forfeit when no space is empty.
    fn forced(s: &State, _: Decision) -> Option<Forced> {
        only_unless(s.spaces.iter().skip(1).any(|x| x.is_none()), Choice::Skip)
    }

    /// The choice the list would hold at `rng.index(len)`, with that draw.
    fn draw(s: &State, _: Decision, rng: &mut GameRng) -> Option<Option<Choice>> {
        let spaces = planning::vacant_spaces(s) & !1;
        let k = rng.index(spaces.count_ones() as usize + 1);
        Some(Some(if k == spaces.count_ones() as usize {
            Choice::Skip
        } else {
            Choice::Place(Space(nth_member(u128::from(spaces), k) as u8))
        }))
    }
}
