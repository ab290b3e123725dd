//! Immigrants (p.19): every animal, in food-chain order, loses an added
//! element, loses an AP, or keeps only one species on each tile.

use crate::data::Animal;
use crate::offer::{not_offered, push_added};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::{HexId, Refusal};

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
pub(crate) fn legal(s: &State, next: u8, out: &mut Vec<Choice>) {
    if let Some(a) = Animal::from_index(next as usize) {
        push_added(s, a, out);
        if s.animals[a.index()].supply > 0 {
            out.push(Choice::LoseAp);
        }
        out.push(Choice::ThinOut);
    }
}

/// Resolves a legal choice; the next animal's turn, if any.
pub(crate) fn resolve(
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

/// Why `c` is refused.
pub(crate) fn refusal() -> Refusal {
    not_offered(
        RULE,
        "lose one of your added elements, lose an AP from your supply, or keep only one species on each tile",
    )
}
