//! Regression (p.11): every animal loses one added element of each type in
//! the Regression Box, but keeps one type per AP on a Regression space (the
//! reptiles one more). Runs as its own step after Adaptation.

use crate::data::{Animal, Element};
use crate::offer::not_offered;
use crate::offer::QuickAnswers;
use crate::space::Space;
use crate::state::{Choice, Decision, Event, State, Step};
use crate::DominantSpecies;
use eons_core::refusal_from_rule;
use eons_core::DecisionModule;
use eons_core::Refusal;

/// The rule this action's refusals name.
pub(crate) const RULE: &str = "Regression (p.11)";

/// The Regression step, for the animals from food-chain index `k` onwards:
/// asks the first animal with a choice to make, or finishes the section.
pub(crate) fn step(s: &mut State, k: u8, ev: &mut Vec<Event>) {
    for i in k..6 {
        let a = Animal::ALL[i as usize];
        if !s.in_play(a) {
            continue;
        }
        let threat = s.threatened(a);
        let mut saves = s.spaces[4..6].iter().filter(|x| **x == Some(a)).count() as u8;
        if a == Animal::Reptiles {
            saves += 1; // the reptiles' free AP (p.11)
        }
        let n = threat.count_ones() as u8;
        if n == 0 || n <= saves {
            continue;
        }
        if saves == 0 {
            losses(s, a, threat, ev);
            continue;
        }
        s.step = Step::Regression(i + 1);
        s.pending = Decision::Regress {
            animal: a,
            left: saves,
            saved: 0,
        };
        return;
    }
    for sp in 4..6 {
        if let Some(a) = s.spaces[sp].take() {
            s.animals[a.index()].supply += 1;
        }
    }
    s.step = Step::Space(Space(6));
}

/// Removes one added element of each type in the bit set `lose`.
fn losses(s: &mut State, a: Animal, lose: u8, ev: &mut Vec<Event>) {
    for e in Element::ALL {
        if lose & (1 << e.index()) != 0 {
            s.element_from_display(a, e, ev);
        }
    }
}

/// The threatened types not yet saved.
fn legal(s: &State, animal: Animal, saved: u8, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    let t = s.threatened(animal) & !saved;
    for e in Element::ALL {
        if t & (1 << e.index()) != 0 && offer(Choice::Element(e)) {
            return true;
        }
    }
    false
}

/// Resolves a legal choice: one more type kept.
fn resolve(s: &mut State, animal: Animal, left: u8, saved: u8, c: Choice, ev: &mut Vec<Event>) {
    if let Choice::Element(e) = c {
        let saved = saved | (1 << e.index());
        if left > 1 && (s.threatened(animal) & !saved) != 0 {
            s.pending = Decision::Regress {
                animal,
                left: left - 1,
                saved,
            };
        } else {
            let lose = s.threatened(animal) & !saved;
            losses(s, animal, lose, ev);
        }
    }
}

/// Why `c` is refused.
fn refusal(left: u8, c: Choice) -> Refusal {
    match c {
        Choice::Element(e) => Refusal::new(
            RULE,
            format!(
                "{e} is not a type you would lose to the Regression Box, or you keep it already"
            ),
        ),
        _ => not_offered(
            RULE,
            format!("choose an element type of the Regression Box to keep ({left} left)"),
        ),
    }
}

/// Regression as a decision module: [`Decision::Regress`], a threatened
/// type to keep.
pub(crate) struct Regression;

impl DecisionModule<DominantSpecies> for Regression {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Regression (p.11): choose an element type of the Regression Box to keep"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, d: Decision, offer: &mut F) -> bool {
        let Decision::Regress { animal, saved, .. } = d else {
            return false;
        };
        legal(s, animal, saved, offer)
    }

    fn apply(s: &mut State, d: Decision, c: Choice, ev: &mut Vec<Event>) {
        if let Decision::Regress {
            animal,
            left,
            saved,
        } = d
        {
            resolve(s, animal, left, saved, c, ev);
        }
    }

    fn refusal(_: &State, d: Decision, c: Choice) -> Refusal {
        let Decision::Regress { left, .. } = d else {
            return refusal_from_rule(Self::rule(d));
        };
        refusal(left, c)
    }

    fn text(s: &State, d: Decision, c: Choice) -> Option<String> {
        let (Decision::Regress { animal, .. }, Choice::Element(e)) = (d, c) else {
            return None;
        };
        Some(if s.animals[animal.index()].added[e.index()] == 1 {
            format!("keep your {e} element")
        } else {
            format!("keep your {e} elements")
        })
    }
}

impl QuickAnswers for Regression {}
