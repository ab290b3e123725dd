//! Aquatic (p.18): put an element of your choice from the bag on a vacant
//! corner of a sea or wetland, then add up to 4 species to one sea or
//! wetland it touches. Reference A10: the species part stands even when the
//! element part is impossible.

use crate::data::{Animal, Terrain};
use crate::offer::offer_all;
use crate::offer::offer_bag_elements;
use crate::queries::{board_id, corner, hex};
use crate::state::{CardStep, Choice, Event, State};
use crate::texts::{add_count, corner_label, place_in, place_of};
use crate::DominantSpecies;
use eons_core::DecisionModule;
use eons_core::{CornerId, HexId};
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
fn legal(s: &State, step: CardStep, offer: &mut impl FnMut(Choice) -> bool) -> bool {
    match step {
        CardStep::AquaticElement { .. }
            if aquatic_corners(s).next().is_some() && offer_bag_elements(s, offer) =>
        {
            return true;
        }
        CardStep::AquaticCorner { .. }
            if offer_all(aquatic_corners(s).map(|c| Choice::Corner(corner(c))), offer) =>
        {
            return true;
        }
        CardStep::AquaticTile { taker, corner } => {
            if s.animals[taker.index()].gene_pool > 0 {
                for h in s.tile_ids() {
                    let touches = corner.is_none_or(|c| s.earth.tiles_at(c).any(|x| x == h));
                    if touches && is_aquatic(s.terrain(h)) && offer(Choice::Tile(hex(h))) {
                        return true;
                    }
                }
            }
            if offer(Choice::Skip) {
                return true;
            }
        }
        CardStep::AquaticCount { taker, .. } => {
            let max = 4.min(s.animals[taker.index()].gene_pool);
            if offer_all((0..=max).map(Choice::Count), offer) {
                return true;
            }
        }
        _ => {}
    }
    false
}

/// Resolves a legal choice; the next step, if any.
fn resolve(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) -> Option<CardStep> {
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

/// Aquatic as a decision module: its element, corner, tile and count steps.
pub(crate) struct Aquatic;

impl DecisionModule<DominantSpecies> for Aquatic {
    type Decision = CardStep;

    fn rule(step: CardStep) -> &'static str {
        match step {
            CardStep::AquaticElement { .. } => {
                "Aquatic (p.18): choose an element type from the bag"
            }
            CardStep::AquaticCorner { .. } => {
                "Aquatic (p.18): choose a vacant corner of a sea or wetland"
            }
            CardStep::AquaticTile { .. } => {
                "Aquatic (p.18): choose the sea or wetland for your species, or add none"
            }
            _ => "Aquatic (p.18): choose how many species to add, from 0 to 4",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        legal(s, step, offer)
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        let next = resolve(s, step, c, ev);
        super::proceed(s, next);
    }

    fn text(s: &State, step: CardStep, c: Choice) -> Option<String> {
        match (step, c) {
            (CardStep::AquaticTile { .. }, Choice::Skip) => Some("add no species".into()),
            (CardStep::AquaticElement { .. }, Choice::Skip) => Some("place no element".into()),
            (CardStep::AquaticCorner { element, .. }, Choice::Corner(c)) => Some(format!(
                "place the {element} element on {}",
                corner_label(c)
            )),
            (CardStep::AquaticTile { .. }, Choice::Tile(h)) => {
                Some(format!("add species to {}", place_in(s, h)))
            }
            (CardStep::AquaticCount { hex, .. }, Choice::Count(n)) => {
                Some(add_count(n, &place_of(s, hex)))
            }
            _ => None,
        }
    }
}
