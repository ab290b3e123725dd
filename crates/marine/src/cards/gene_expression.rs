//! Gene Expression (p.19): replace one of your traits.

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::effects::draw_offer;
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Card, Trait};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Gene Expression card: one [`DecisionModule`] answers for them all.
pub(crate) struct GeneExpression;

impl DecisionModule<Marine> for GeneExpression {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let GeneWhich { .. } = top {
            "Gene Expression (p.19): choose which of your traits to replace"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let GeneWhich { a } = top {
            for t in s.held_traits(a) {
                offer!(f, Choice::Trait(t));
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, _ev: &mut Vec<Event>) {
        use Decision::*;
        if let (GeneWhich { a }, Choice::Trait(t)) = (top, c) {
            draw_offer(s, a);
            s.stack.push(NewTrait { a, replace: t });
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(_state: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::GeneWhich { .. }, Choice::Trait(t)) => Some(format!("replace {t}")),
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
    let held: Vec<Trait> = s.held_traits(a).collect();
    if held.len() > 1 {
        s.stack.push(GeneWhich { a });
    } else if let Some(&t) = held.first() {
        draw_offer(s, a);
        s.stack.push(NewTrait { a, replace: t });
    }
}
