//! Mass Exodus (p.19): choose a tile with species and an adjacent tile;
//! every species on it moves to adjacent tiles, one at a time.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::{HexId, Refusal};

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Mass Exodus (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::MassExodusTile { taker })
}

/// Legal choices: tiles with species and a neighbour.
pub(crate) fn legal_tile(s: &State, out: &mut Vec<Choice>) {
    for h in s.tile_ids() {
        if s.earth.total_species(h) > 0 && s.earth.adjacent_tiles(h).next().is_some() {
            out.push(Choice::Tile(hex(h)));
        }
    }
}

/// Legal choices: any species on `h` to any adjacent tile.
pub(crate) fn legal_move(s: &State, h: HexId, out: &mut Vec<Choice>) {
    for a in Animal::ALL {
        if s.earth.species(h, a.index()) > 0 {
            for n in s.earth.adjacent_tiles(h) {
                out.push(Choice::Move {
                    animal: a,
                    from: hex(h),
                    to: hex(n),
                });
            }
        }
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
        (CardStep::MassExodusTile { taker }, Choice::Tile(h)) => {
            board_id(h).map(|id| CardStep::MassExodusMove { taker, hex: id })
        }
        (CardStep::MassExodusMove { taker, hex: id }, Choice::Move { animal, to, .. }) => {
            if let Some(to) = board_id(to) {
                s.move_species(animal, id, to, ev);
            }
            (s.earth.total_species(id) > 0).then_some(CardStep::MassExodusMove { taker, hex: id })
        }
        _ => None,
    }
}

/// Why `c` is refused in a step of this card.
pub(crate) fn refusal(step: CardStep) -> Refusal {
    match step {
        CardStep::MassExodusTile { .. } => {
            not_offered(RULE, "choose a tile with species next to another tile")
        }
        _ => not_offered(RULE, "move a species off the tile onto an adjacent tile"),
    }
}
