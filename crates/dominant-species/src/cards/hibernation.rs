//! Hibernation (p.19): return up to 5 of your eliminated species to one
//! tile; they are immune to this turn's Extinction.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::Refusal;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Hibernation (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::HibernationTile { taker })
}

/// Legal choices of a step of this card.
pub(crate) fn legal(s: &State, step: CardStep, out: &mut Vec<Choice>) {
    match step {
        CardStep::HibernationTile { taker } => {
            if s.animals[taker.index()].eliminated > 0 {
                out.extend(s.tile_ids().map(|h| Choice::Tile(hex(h))));
            }
            out.push(Choice::Skip);
        }
        CardStep::HibernationCount { taker, .. } => {
            let max = 5.min(s.animals[taker.index()].eliminated);
            out.extend((0..=max).map(Choice::Count));
        }
        _ => {}
    }
}

/// Resolves a legal choice; the next step, if any.
pub(crate) fn resolve(
    s: &mut State,
    step: CardStep,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    match (step, c) {
        (CardStep::HibernationTile { taker }, Choice::Tile(h)) => {
            board_id(h).map(|id| CardStep::HibernationCount { taker, hex: id })
        }
        (CardStep::HibernationCount { taker, hex: id }, Choice::Count(n)) => {
            if n > 0 {
                let st = &mut s.animals[taker.index()];
                st.eliminated -= n;
                s.earth.add_species(id, taker.index(), n);
                ev.push(Event::SpeciesAdded {
                    animal: taker,
                    hex: hex(id),
                    terrain: s.terrain(id),
                    count: n,
                });
                s.hibernated = Some((id, taker, n));
            }
            None
        }
        _ => None,
    }
}

/// Why `c` is refused in a step of this card.
pub(crate) fn refusal(step: CardStep) -> Refusal {
    match step {
        CardStep::HibernationTile { .. } => {
            not_offered(RULE, "choose a tile for your eliminated species, or none")
        }
        _ => not_offered(
            RULE,
            "choose how many eliminated species return, from 0 to 5",
        ),
    }
}
