//! Immigrants (p.19): every animal, in food-chain order, loses an added
//! element, loses an AP, or keeps only one species on each tile.

use crate::data::Animal;
use crate::offer::offer_added;
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::lose_added_element;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::HexId;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Immigrants (p.19)";

/// The card's first decision: the first animal in play.
pub(crate) fn start(s: &State, taker: Animal) -> Option<CardStep> {
    s.animals_in_play()
        .next()
        .map(|a| CardStep::ImmigrantsChoice {
            taker,
            next: a.index() as u8,
        })
}

/// Legal choices of the animal with food-chain index `next`.
fn legal(s: &State, next: u8, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    if let Some(a) = Animal::from_index(next as usize) {
        if offer_added(s, a, offer) {
            return true;
        }
        if s.animals[a.index()].supply > 0 && offer(Choice::LoseAp) {
            return true;
        }
        if offer(Choice::ThinOut) {
            return true;
        }
    }
    false
}

/// Resolves a legal choice; the next animal's turn, if any.
fn resolve(
    s: &mut State,
    taker: Animal,
    next: u8,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    if let Some(a) = Animal::from_index(next as usize) {
        match c {
            Choice::Element(e) => s.element_from_display(a, e, ev),
            Choice::LoseAp => {
                let st = &mut s.animals[a.index()];
                st.supply -= 1;
                st.boxed += 1;
                ev.push(Event::ApLost { animal: a });
            }
            Choice::ThinOut => {
                let tiles: Vec<HexId> = s.tile_ids().collect();
                for h in tiles {
                    let n = s.earth.species(h, a.index());
                    if n > 1 {
                        s.eliminate(a, h, n - 1, ev);
                    }
                }
            }
            _ => {}
        }
    }
    s.animals_in_play()
        .find(|b| b.index() > next as usize)
        .map(|b| CardStep::ImmigrantsChoice {
            taker,
            next: b.index() as u8,
        })
}

/// Immigrants as a decision module: each animal's loss.
pub(crate) struct Immigrants;

impl DecisionModule<DominantSpecies> for Immigrants {
    type Decision = CardStep;

    fn rule(_: CardStep) -> &'static str {
        "Immigrants (p.19): lose one of your added elements, lose an AP from your supply, or keep only one species on each tile"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        let CardStep::ImmigrantsChoice { next, .. } = step else {
            return false;
        };
        legal(s, next, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        if let CardStep::ImmigrantsChoice { taker, next } = step {
            let next = resolve(s, taker, next, c, ev);
            super::proceed(s, next);
        }
    }

    fn text(_: &State, _: CardStep, c: Choice) -> Option<String> {
        let Choice::Element(e) = c else { return None };
        Some(lose_added_element(e))
    }
}
