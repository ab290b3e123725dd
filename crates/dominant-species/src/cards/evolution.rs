//! Evolution (p.18): replace one species of up to two different opposing
//! animals with species from your gene pool.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::Refusal;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Evolution (p.18)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::EvolutionReplace { taker, used: 0 })
}

/// Legal choices: an opposing species of an animal not replaced yet, or done.
pub(crate) fn legal(s: &State, taker: Animal, used: u8, out: &mut Vec<Choice>) {
    if s.animals[taker.index()].gene_pool > 0 && used.count_ones() < 2 {
        for h in s.tile_ids() {
            for a in Animal::ALL {
                if a != taker && used & (1 << a.index()) == 0 && s.earth.species(h, a.index()) > 0 {
                    out.push(Choice::Species {
                        hex: hex(h),
                        animal: a,
                    });
                }
            }
        }
    }
    out.push(Choice::Done);
}

/// Resolves a legal choice; the next step, if any.
pub(crate) fn resolve(
    s: &mut State,
    taker: Animal,
    used: u8,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    let Choice::Species { hex: h, animal } = c else {
        return None;
    };
    board_id(h).map(|id| {
        s.eliminate(animal, id, 1, ev);
        s.add_species(taker, id, 1, ev);
        CardStep::EvolutionReplace {
            taker,
            used: used | (1 << animal.index()),
        }
    })
}

/// Why `c` is refused.
pub(crate) fn refusal() -> Refusal {
    not_offered(
        RULE,
        "replace one species of an opposing animal not yet replaced, or stop with done",
    )
}
