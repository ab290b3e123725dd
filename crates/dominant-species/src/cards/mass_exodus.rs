//! Mass Exodus (p.19): choose a tile with species and an adjacent tile;
//! every species on it moves to adjacent tiles, one at a time.

use crate::data::Animal;
use crate::queries::{board_id, hex};
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::place_in;
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::HexId;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Mass Exodus (p.19)";

/// The card's first decision.
pub(crate) fn start(taker: Animal) -> Option<CardStep> {
    Some(CardStep::MassExodusTile { taker })
}

/// Legal choices: tiles with species and a neighbour.
fn legal_tile(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    for h in s.tile_ids() {
        if s.earth.total_species(h) > 0
            && s.earth.adjacent_tiles(h).next().is_some()
            && offer(Choice::Tile(hex(h)))
        {
            return true;
        }
    }
    false
}

/// Legal choices: any species on `h` to any adjacent tile.
fn legal_move(s: &State, h: HexId, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    for a in Animal::ALL {
        if s.earth.species(h, a.index()) > 0 {
            for n in s.earth.adjacent_tiles(h) {
                if offer(Choice::Move {
                    animal: a,
                    from: hex(h),
                    to: hex(n),
                }) {
                    return true;
                }
            }
        }
    }
    false
}

/// Resolves a legal choice; the next step, if any.
fn resolve(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
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

/// Mass Exodus as a decision module: the tile, then each species moved off it.
pub(crate) struct MassExodus;

impl DecisionModule<DominantSpecies> for MassExodus {
    type Decision = CardStep;

    fn rule(step: CardStep) -> &'static str {
        match step {
            CardStep::MassExodusTile { .. } => {
                "Mass Exodus (p.19): choose a tile with species next to another tile"
            }
            _ => "Mass Exodus (p.19): move a species off the tile onto an adjacent tile",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        match step {
            CardStep::MassExodusTile { .. } => legal_tile(s, offer),
            CardStep::MassExodusMove { hex, .. } => legal_move(s, hex, offer),
            _ => false,
        }
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        let next = resolve(s, step, c, ev);
        super::proceed(s, next);
    }

    fn text(s: &State, step: CardStep, c: Choice) -> Option<String> {
        match (step, c) {
            (CardStep::MassExodusTile { .. }, Choice::Tile(h)) => {
                Some(format!("empty {}", place_in(s, h)))
            }
            _ => None,
        }
    }
}
