//! The secret trait draft (p.5), its reveal and the setup traits that follow
//! (Exaptation's copy, Pack Hunters' pawns).

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::effects::turn_order;
use crate::events::Event;
use crate::state::State;
use crate::types::Trait;
use crate::Marine;
use eons_core::DecisionModule;

/// The decisions of the trait draft (p.5): one [`DecisionModule`] answers for them all.
pub(crate) struct Draft;

impl DecisionModule<Marine> for Draft {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        if let Draft { .. } = top {
            "Trait cards (p.5): keep one of your dealt trait cards"
        } else {
            AUTOMATIC
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        if let Draft { a } = top {
            for t in s.hands[a.index()].iter().flatten() {
                offer!(f, Choice::Trait(*t));
            }
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        let d = data();
        if let (Draft { a }, Choice::Trait(t)) = (top, c) {
            for slot in s.hands[a.index()].iter_mut() {
                if *slot == Some(t) {
                    *slot = None;
                }
            }
            s.picks[a.index()] |= t.bit();
            ev.push(Event::TraitPicked { animal: a });
            let keep = if s.setup.superheroes {
                d.traits_keep_superheroes
            } else {
                d.traits_keep
            };
            if s.picks[a.index()].count_ones() < keep as u32 {
                s.stack.push(top);
            }
        } else {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }
}

/// Runs this automatic step (its frame already popped).
pub(crate) fn automatic(s: &mut State, step: Decision, ev: &mut Vec<Event>) {
    use Decision::*;
    match step {
        Reveal => {
            for a in s.animals().collect::<Vec<_>>() {
                s.traits[a.index()] = s.picks[a.index()];
                s.picks[a.index()] = 0;
                for k in 0..4 {
                    if let Some(t) = s.hands[a.index()][k].take() {
                        s.trait_box.push(t);
                    }
                }
            }
            s.trait_box.sort();
            s.revealed = true;
            ev.push(Event::TraitsRevealed);
            for a in s.animals().collect::<Vec<_>>() {
                for t in s.held_traits(a).collect::<Vec<_>>() {
                    ev.push(Event::TraitHeld { animal: a, t });
                }
            }
        }
        SetupTraits => {
            s.stack.push(SetupPack);
            for a in turn_order(s).into_iter().rev() {
                if s.traits[a.index()] & Trait::Exaptation.bit() != 0 {
                    s.stack.push(ExaptationCopy { a });
                }
            }
        }
        SetupPack => {
            for a in turn_order(s).into_iter().rev() {
                if s.has_trait(a, Trait::PackHunters) {
                    s.stack.push(PackHunters { a });
                }
            }
        }
        _ => {}
    }
}
