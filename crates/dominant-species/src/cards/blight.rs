//! Blight (p.18): choose a tile with at least two elements; all its
//! elements but the one you keep return to the bag.

use crate::data::Animal;
use crate::queries::{board_id, corner, hex};
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::{corner_label, element_at, place_in};
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::HexId;
use eons_earth::grid;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Blight (p.18)";

/// The card's first decision: the tile, among those with two or more
/// elements (a card is resolved "as much as possible given the current game
/// situation", p.18, so it removes something whenever it can). With no such
/// tile the card can remove nothing and ends at once (docs/rulings.md).
pub(crate) fn start(s: &State, taker: Animal) -> Option<CardStep> {
    s.tile_ids()
        .any(|h| s.earth.element_count_on(h) >= 2)
        .then_some(CardStep::BlightTile { taker })
}

/// Legal choices: tiles with two or more elements.
fn legal_tile(s: &State, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    for h in s.tile_ids() {
        if s.earth.element_count_on(h) >= 2 && offer(Choice::Tile(hex(h))) {
            return true;
        }
    }
    false
}

/// Legal choices: the element of `h` to keep.
fn legal_keep(s: &State, h: HexId, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    for c in grid().corners_of(h) {
        if s.earth.element(c).is_some() && offer(Choice::Corner(corner(c))) {
            return true;
        }
    }
    false
}

/// Resolves a legal choice of tile.
fn resolve_tile(taker: Animal, c: Choice) -> Option<CardStep> {
    let Choice::Tile(h) = c else { return None };
    board_id(h).map(|h| CardStep::BlightKeep { taker, hex: h })
}

/// Resolves a legal choice of the element to keep on `h`.
fn resolve_keep(s: &mut State, h: HexId, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
    let Choice::Corner(keep) = c else { return None };
    let keep = grid().corner_id(keep);
    for c in grid().corners_of(h) {
        if Some(c) != keep {
            s.element_from_earth(c, ev);
        }
    }
    None
}

/// Blight as a decision module: the tile, then the element kept.
pub(crate) struct Blight;

impl DecisionModule<DominantSpecies> for Blight {
    type Decision = CardStep;

    fn rule(step: CardStep) -> &'static str {
        match step {
            CardStep::BlightTile { .. } => "Blight (p.18): choose a tile with two or more elements",
            _ => "Blight (p.18): choose the one element of the tile to keep",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        match step {
            CardStep::BlightTile { .. } => legal_tile(s, offer),
            CardStep::BlightKeep { hex, .. } => legal_keep(s, hex, offer),
            _ => false,
        }
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        let next = match step {
            CardStep::BlightTile { taker } => resolve_tile(taker, c),
            CardStep::BlightKeep { hex, .. } => resolve_keep(s, hex, c, ev),
            _ => None,
        };
        super::proceed(s, next);
    }

    fn text(s: &State, step: CardStep, c: Choice) -> Option<String> {
        match (step, c) {
            (CardStep::BlightKeep { .. }, Choice::Corner(c)) => Some(format!(
                "keep the {} element on {}",
                element_at(s, c),
                corner_label(c)
            )),
            (CardStep::BlightTile { .. }, Choice::Tile(h)) => {
                Some(format!("blight {}", place_in(s, h)))
            }
            _ => None,
        }
    }
}
