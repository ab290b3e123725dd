//! Blight (p.18): choose a tile with at least two elements; all its
//! elements but the one you keep return to the bag.

use crate::data::Animal;
use crate::offer::not_offered;
use crate::queries::{board_id, corner, hex};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::{HexId, Refusal};
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
pub(crate) fn legal_tile(s: &State, out: &mut Vec<Choice>) {
    for h in s.tile_ids() {
        if s.earth.element_count_on(h) >= 2 {
            out.push(Choice::Tile(hex(h)));
        }
    }
}

/// Legal choices: the element of `h` to keep.
pub(crate) fn legal_keep(s: &State, h: HexId, out: &mut Vec<Choice>) {
    for c in grid().corners_of(h) {
        if s.earth.element(c).is_some() {
            out.push(Choice::Corner(corner(c)));
        }
    }
}

/// Resolves a legal choice of tile.
pub(crate) fn resolve_tile(taker: Animal, c: Choice) -> Option<CardStep> {
    let Choice::Tile(h) = c else { return None };
    board_id(h).map(|h| CardStep::BlightKeep { taker, hex: h })
}

/// Resolves a legal choice of the element to keep on `h`.
pub(crate) fn resolve_keep(
    s: &mut State,
    h: HexId,
    c: Choice,
    ev: &mut Vec<Event>,
) -> Option<CardStep> {
    let Choice::Corner(keep) = c else { return None };
    let keep = grid().corner_id(keep);
    for c in grid().corners_of(h) {
        if Some(c) != keep {
            s.element_from_earth(c, ev);
        }
    }
    None
}

/// Why `c` is refused in a step of this card.
pub(crate) fn refusal(step: CardStep) -> Refusal {
    match step {
        CardStep::BlightTile { .. } => not_offered(RULE, "choose a tile with two or more elements"),
        _ => not_offered(RULE, "choose the one element of the tile to keep"),
    }
}
