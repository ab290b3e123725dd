//! The presentation catalog of Dominant Species: every card with its full
//! text, and the action display as the table draws it (sections with their
//! eyeball spaces, the Speciation elements, the Migration values, the
//! Competition terrains). Built from the same data the engine plays with
//! ([`crate::data`], [`crate::space`]), so the browser keeps no copy of it.
//! Presentation only: no rule reads it.

use crate::data::{data, Card, Element, Terrain};
use crate::space::Section;
use eons_core::{CardKind, CatalogCard};
use serde::Serialize;

/// The id of the Survival card in [`Catalog::cards`].
pub const SURVIVAL_ID: &str = "Survival";

/// One section of the action display: its printed name and eyeball spaces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SectionPlaces {
    /// Name as printed ("Speciation").
    pub name: &'static str,
    /// Index of its first eyeball space in the view's `spaces`.
    pub first: u8,
    /// Number of eyeball spaces.
    pub spaces: u8,
}

/// What the table shows of Dominant Species beside a view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Catalog {
    /// The 26 Dominance cards (id: the view's name, `ColdSnap`) and the
    /// Survival card (id [`SURVIVAL_ID`]).
    pub cards: Vec<CatalogCard>,
    /// The twelve sections of the action display, in execution order.
    pub sections: Vec<SectionPlaces>,
    /// The element of each Speciation space, left to right.
    pub speciation: Vec<Element>,
    /// The number of each Migration space, left to right.
    pub migration: Vec<u8>,
    /// The two terrains beside tundra on each Competition space, left to right.
    pub competition: Vec<[Terrain; 2]>,
}

/// The catalog, from the shipped data.
pub fn catalog() -> Catalog {
    let d = data();
    let mut cards: Vec<CatalogCard> = Card::ALL
        .iter()
        .zip(&d.cards)
        .map(|(card, t)| CatalogCard {
            id: format!("{card:?}"),
            kind: CardKind::Dominance,
            name: t.name.clone(),
            text: t.text.clone(),
            reconstructed: t.reconstructed,
        })
        .collect();
    cards.push(CatalogCard {
        id: SURVIVAL_ID.to_string(),
        kind: CardKind::Survival,
        name: d.survival.name.clone(),
        text: d.survival.text.clone(),
        reconstructed: d.survival.reconstructed,
    });
    Catalog {
        cards,
        sections: Section::ALL
            .iter()
            .map(|s| {
                let (first, spaces) = s.range();
                SectionPlaces {
                    name: s.name(),
                    first,
                    spaces,
                }
            })
            .collect(),
        speciation: Element::ALL.to_vec(),
        migration: d.migration_values.to_vec(),
        // Each space's terrains are tundra and two others (p.15).
        competition: d
            .competition_terrains
            .iter()
            .map(|t| {
                let mut others = t.iter().copied().filter(|&x| x != Terrain::Tundra);
                let first = others.next().unwrap_or(Terrain::Tundra);
                [first, others.next().unwrap_or(first)]
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_lists_every_card_with_its_text() {
        let c = catalog();
        let dominance = c
            .cards
            .iter()
            .filter(|x| x.kind == CardKind::Dominance)
            .count();
        assert_eq!(dominance, 26);
        let survival: Vec<_> = c
            .cards
            .iter()
            .filter(|x| x.kind == CardKind::Survival)
            .collect();
        assert_eq!(survival.len(), 1);
        assert!(!survival[0].reconstructed, "Survival is printed on p.18");
        assert!(c.cards.iter().all(|x| !x.text.trim().is_empty()));
        let cold = c
            .cards
            .iter()
            .find(|x| x.id == "ColdSnap")
            .expect("Cold Snap");
        assert_eq!(cold.name, "Cold Snap");
        assert!(cold.reconstructed, "its printed wording is lost");
        let intelligence = c.cards.iter().find(|x| x.id == "Intelligence");
        assert_eq!(intelligence.map(|x| x.reconstructed), Some(false));
    }

    #[test]
    fn the_display_tables_come_from_the_data() {
        let c = catalog();
        assert_eq!(c.sections.len(), 12);
        let spaces: u32 = c.sections.iter().map(|s| u32::from(s.spaces)).sum();
        assert_eq!(spaces as usize, crate::space::SPACES);
        assert_eq!(c.migration, vec![7, 6, 5, 4, 3, 2]);
        assert_eq!(c.competition[0], [Terrain::Jungle, Terrain::Wetland]);
        assert_eq!(c.competition.len(), 7);
        assert_eq!(c.speciation[1], Element::Sun);
    }
}
