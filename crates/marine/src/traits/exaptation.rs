//! Exaptation (p.21): copy another animal's trait at setup.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::effects::{draw_offer, lose_trait_effects};
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Trait};
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the Exaptation trait: one [`DecisionModule`] answers for them all.
pub(crate) struct Exaptation;

impl DecisionModule<Marine> for Exaptation {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let ExaptationCopy { .. } = top {
            "Exaptation (p.21): copy another animal's trait"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let ExaptationCopy { a } = top {
            for t in Trait::ALL {
                if *t != Trait::Exaptation
                    && s.animals()
                        .any(|b| b != a && s.traits[b.index()] & t.bit() != 0)
                {
                    offer!(f, Choice::Trait(*t));
                }
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (ExaptationCopy { a }, Choice::Trait(t)) = (top, c) {
            s.copied[a.index()] = Some(t);
            ev.push(Event::TraitCopied { animal: a, t });
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(_state: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::ExaptationCopy { .. }, Choice::Trait(t)) => Some(format!("copy {t}")),
            _ => None,
        }
    }
}

/// Exaptation (p.21), after every action: an animal holding Exaptation with
/// 16 or fewer species left in its Gene Pool loses the copied ability, if
/// any, and draws a new trait.
pub(crate) fn after_action(s: &mut State, ev: &mut Vec<Event>) {
    let d = data();
    // Exaptation (p.21): after the action leaving 16 or fewer in the Gene Pool, the
    // holder loses the copied ability, if any, and takes a new trait. A card taken
    // mid-game (Gene Expression) copies nothing, but its second ability still applies.
    let lim = d.trait_data(Trait::Exaptation).count;
    // The animals in play, bottom of the food chain first (in play does
    // not change here).
    let in_play = s.in_play;
    for &b in Animal::ALL.iter().rev() {
        if in_play & b.bit() == 0 {
            continue;
        }
        if s.traits[b.index()] & Trait::Exaptation.bit() != 0 && (s.pool[b.index()] as u32) <= lim {
            if let Some(t) = s.copied[b.index()].take() {
                ev.push(Event::TraitLost { animal: b, t });
                lose_trait_effects(s, b, ev);
            }
            draw_offer(s, b);
            s.stack.push(Decision::NewTrait {
                a: b,
                replace: Trait::Exaptation,
            });
        }
    }
}
