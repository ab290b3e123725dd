//! Terrestrial (p.20): an element and species on a Land or geyser tile.

use crate::data::data;
use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::queries::{corners, tiles};
use crate::state::State;
use crate::types::{Animal, Card, Element, Face, Terrain};
use crate::words::{corner, element_piece, tile_at};
use crate::Marine;
use eons_core::DecisionModule;
use eons_core::HexId;

/// The decisions of the Terrestrial card: one [`DecisionModule`] answers for them all.
pub(crate) struct Terrestrial;

impl DecisionModule<Marine> for Terrestrial {
    type Decision = Decision;

    /// The rule governing this decision, with its rulebook page, and what it asks.
    fn rule(top: Decision) -> &'static str {
        use Decision::*;
        match top {
            TerrestrialType { .. } => "Terrestrial (p.20): choose an element type from the bag",
            TerrestrialCorner { .. } => {
                "Terrestrial (p.20): place it on a vacant corner of a Land or geyser tile"
            }
            TerrestrialTile { .. } => {
                "Terrestrial (p.20): choose a Land or geyser tile for your species"
            }
            _ => AUTOMATIC,
        }
    }

    /// Calls `f` with each legal choice of this decision; true when `f` did.
    fn legal<F: FnMut(Choice) -> bool>(s: &State, top: Decision, f: &mut F) -> bool {
        use Decision::*;
        match top {
            TerrestrialType { .. }
                if corners().any(|c| {
                    s.earth.element(c).is_none()
                        && s.earth.tiles_at(c).any(|h| land_or_geyser(s, h))
                }) =>
            {
                for el in Element::ALL {
                    if s.bag.count(el.index()) > 0 {
                        offer!(f, Choice::Element(*el));
                    }
                }
            }
            TerrestrialCorner { .. } => {
                for c in corners() {
                    if s.earth.element(c).is_none()
                        && s.earth.tiles_at(c).any(|h| land_or_geyser(s, h))
                    {
                        offer!(f, Choice::Corner(c));
                    }
                }
            }
            TerrestrialTile { a } if s.pool[a.index()] > 0 => {
                for h in tiles(s) {
                    if land_or_geyser(s, h) {
                        offer!(f, Choice::Hex(h));
                    }
                }
            }
            _ => {}
        }
        false
    }

    /// Carries out a legal choice of this decision (its frame already popped).
    fn apply(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
        use Decision::*;
        let d = data();
        match (top, c) {
            (TerrestrialType { a }, Choice::Element(el)) => {
                s.stack.push(TerrestrialCorner { a, el })
            }
            (TerrestrialCorner { el, .. }, Choice::Corner(cn)) => {
                if s.bag.take(el.index()) {
                    s.element_to_earth(cn, el, ev);
                }
            }
            (TerrestrialTile { a }, Choice::Hex(h)) => {
                s.from_pool(
                    h,
                    a,
                    d.card(Card::Terrestrial).count.min(255) as u8,
                    true,
                    ev,
                );
            }
            _ => {
                // Unreachable for a legal choice; keep the frame so the state stays consistent.
                s.stack.push(top);
            }
        }
    }

    /// This decision's own wording of `c`, where it differs from the
    /// general wording of [`crate::texts::describe_choice`].
    fn text(s: &State, top: Decision, c: Choice) -> Option<String> {
        match (top, c) {
            (Decision::TerrestrialTile { .. }, Choice::Hex(h)) => {
                Some(format!("add a species to {}", tile_at(s, h)))
            }
            (Decision::TerrestrialCorner { el, .. }, Choice::Corner(k)) => {
                Some(format!("place the {el} at {}", corner(k)))
            }
            (Decision::TerrestrialType { .. }, Choice::Element(e)) => {
                Some(format!("take {} from the bag", element_piece(e)))
            }
            _ => None,
        }
    }
}

/// Starts the card's effect (p.18-20); `x` is the slot it was taken from,
/// `max_slot` the Evolution space's value.
pub(crate) fn start(
    s: &mut State,
    a: Animal,
    _card: Card,
    _x: u8,
    _max_slot: u8,
    _ev: &mut Vec<Event>,
) {
    use Decision::*;
    s.stack.push(TerrestrialTile { a });
    s.stack.push(TerrestrialType { a });
}

/// Land or geyser-Vent tile (Terrestrial).
pub(crate) fn land_or_geyser(s: &State, h: HexId) -> bool {
    s.earth
        .tile(h)
        .is_some_and(|t| t.terrain() == Terrain::Land || t.vent == Some(Face::Geyser))
}
