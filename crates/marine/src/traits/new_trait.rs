//! A new trait card (p.19-21): keep one of the cards drawn, the replaced
//! one goes back to the box (Gene Expression, Exaptation).

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::effects::lose_trait_effects;
use crate::events::Event;
use crate::state::{State, MAX_OFFER};
use crate::types::Trait;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of a new trait card: one [`DecisionModule`] answers for them all.
pub(crate) struct NewTrait;

impl DecisionModule<Marine> for NewTrait {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let NewTrait { .. } = top {
            "Trait cards (p.19-21): keep one of the trait cards drawn"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let NewTrait { a, .. } = top {
            for t in s.offer[a.index()].iter().flatten() {
                offer!(f, Choice::Trait(*t));
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        if let (NewTrait { a, replace }, Choice::Trait(t)) = (top, c) {
            let had = s.traits[a.index()] & replace.bit() != 0;
            if had {
                s.traits[a.index()] &= !replace.bit();
                s.trait_box.push(replace);
                ev.push(Event::TraitLost {
                    animal: a,
                    t: replace,
                });
                if replace == Trait::Exaptation {
                    if let Some(c) = s.copied[a.index()].take() {
                        ev.push(Event::TraitLost { animal: a, t: c });
                    }
                }
            }
            s.traits[a.index()] |= t.bit();
            ev.push(Event::TraitHeld { animal: a, t });
            for k in 0..MAX_OFFER {
                if let Some(o) = s.offer[a.index()][k].take() {
                    if o != t {
                        s.trait_box.push(o);
                    }
                }
            }
            s.trait_box.sort();
            lose_trait_effects(s, a, ev);
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }
}
