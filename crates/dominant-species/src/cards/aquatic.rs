//! Aquatic (p.18): put an element of your choice from the bag on a vacant
//! corner of a sea or wetland, then add up to 4 species to one sea or
//! wetland it touches. Reference A10: the species part stands even when the
//! element part is impossible.

use crate::data::{Animal, Terrain};
use crate::offer::{not_offered, push_bag_elements};
use crate::queries::{board_id, corner, hex};
use crate::state::{CardStep, Choice, Event, State};
use eons_core::{CornerId, HexId, Refusal};
use eons_earth::grid;

/// The rule this card's refusals name.
pub(crate) const RULE: &str = "Aquatic (p.18)";

/// True for a sea or wetland. A tundra-covered sea is tundra, not sea
/// (p.13; reference §8 item 8).
fn is_aquatic(t: Option<Terrain>) -> bool {
    matches!(t, Some(Terrain::Sea | Terrain::Wetland))
}

/// Vacant corners touching a sea or wetland.
fn aquatic_corners(s: &State) -> impl Iterator<Item = CornerId> + '_ {
    s.vacant_corners()
        .filter(|&c| s.earth.tiles_at(c).any(|h| is_aquatic(s.terrain(h))))
}

/// The card's first decision.
pub(crate) fn start(s: &State, taker: Animal) -> Option<CardStep> {
    if !s.bag.is_empty() && aquatic_corners(s).next().is_some() {
        Some(CardStep::AquaticElement { taker })
    } else {
        Some(CardStep::AquaticTile {
            taker,
            corner: None,
        })
    }
}

/// Legal choices of a step of this card.
pub(crate) fn legal(s: &State, step: CardStep, out: &mut Vec<Choice>) {
    match step {
        CardStep::AquaticElement { .. } if aquatic_corners(s).next().is_some() => {
            push_bag_elements(s, out);
        }
        CardStep::AquaticCorner { .. } => {
            out.extend(aquatic_corners(s).map(|c| Choice::Corner(corner(c))));
        }
        CardStep::AquaticTile { taker, corner } => {
            if s.animals[taker.index()].gene_pool > 0 {
                for h in s.tile_ids() {
                    let touches = corner.is_none_or(|c| s.earth.tiles_at(c).any(|x| x == h));
                    if touches && is_aquatic(s.terrain(h)) {
                        out.push(Choice::Tile(hex(h)));
                    }
                }
            }
            out.push(Choice::Skip);
        }
        CardStep::AquaticCount { taker, .. } => {
            let max = 4.min(s.animals[taker.index()].gene_pool);
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
        (CardStep::AquaticElement { taker }, Choice::Element(e)) => {
            Some(CardStep::AquaticCorner { taker, element: e })
        }
        (CardStep::AquaticElement { taker }, Choice::Skip) => Some(CardStep::AquaticTile {
            taker,
            corner: None,
        }),
        (CardStep::AquaticCorner { taker, element }, Choice::Corner(at)) => {
            let c = grid().corner_id(at)?;
            s.bag.take(element.index());
            s.element_to_earth(element, c, ev);
            let mut aquatic = s.earth.tiles_at(c).filter(|&h| is_aquatic(s.terrain(h)));
            let first: Option<HexId> = aquatic.next();
            let second = aquatic.next();
            match (first, second) {
                (Some(h), None) if s.animals[taker.index()].gene_pool > 0 => {
                    Some(CardStep::AquaticCount { taker, hex: h })
                }
                (Some(_), Some(_)) => Some(CardStep::AquaticTile {
                    taker,
                    corner: c.into(),
                }),
                _ => None,
            }
        }
        (CardStep::AquaticTile { taker, .. }, Choice::Tile(h)) => {
            board_id(h).map(|h| CardStep::AquaticCount { taker, hex: h })
        }
        (CardStep::AquaticCount { taker, hex: h }, Choice::Count(n)) => {
            s.add_species(taker, h, n, ev);
            None
        }
        _ => None,
    }
}

/// Why `c` is refused in a step of this card.
pub(crate) fn refusal(step: CardStep) -> Refusal {
    let asks = match step {
        CardStep::AquaticElement { .. } => "choose an element type from the bag",
        CardStep::AquaticCorner { .. } => "choose a vacant corner of a sea or wetland",
        CardStep::AquaticTile { .. } => "choose the sea or wetland for your species, or add none",
        _ => "choose how many species to add, from 0 to 4",
    };
    not_offered(RULE, asks)
}
