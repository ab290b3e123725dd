//! The presentation catalog of Marine: every evolution and trait card and
//! the Survival card with their texts, and the action display as the table
//! draws it (sections and their spaces, which are for special pawns only,
//! each space's printed number). Built from the same data the engine plays
//! with ([`crate::data`]), so the browser keeps no copy of it.
//! Presentation only: no rule reads it.

use crate::data::{data, CardText, SpaceDef};
use crate::types::{Action, Card, Face, Trait};
use eons_core::{CardKind, CatalogCard};
use serde::Serialize;

/// The id of the Survival card in [`Catalog::cards`].
pub const SURVIVAL_ID: &str = "Survival";

/// One action space as the display prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpacePlace {
    /// Index in the view's `spaces`.
    pub index: u8,
    /// Only special pawns may go there.
    pub special: bool,
    /// What the space prints, short ("3", "any", "×2", "2p"), or empty.
    pub label: String,
    /// The same in words, for a tooltip.
    pub title: String,
}

/// One section of the action display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SectionPlaces {
    /// Its action (`speciation`).
    pub action: &'static str,
    /// Its printed name ("Speciation").
    pub name: &'static str,
    /// Its spaces, left to right.
    pub spaces: Vec<SpacePlace>,
}

/// What the table shows of Marine beside a view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Catalog {
    /// The 35 evolution cards and the 18 trait cards (id: the view's name,
    /// `BountifulHabitat`, `PackHunters`) and the Survival card (id
    /// [`SURVIVAL_ID`]).
    pub cards: Vec<CatalogCard>,
    /// The sections of the action display, top to bottom (Bottom Feeder's
    /// personal spaces are not among them).
    pub sections: Vec<SectionPlaces>,
}

fn entry(id: String, kind: CardKind, t: &CardText) -> CatalogCard {
    CatalogCard {
        id,
        kind,
        name: t.name.clone(),
        text: t.text.clone(),
        reconstructed: t.reconstructed,
    }
}

/// The printed number of a space and its words.
fn label(s: &SpaceDef) -> (String, String) {
    match s.action {
        Action::Autotrophs => match s.vent {
            Some(Face::Smoker) => ("smk".into(), "black smoker Vent".into()),
            Some(Face::Geyser) => ("gey".into(), "geyser Vent".into()),
            None => (String::new(), String::new()),
        },
        Action::Speciation => match s.circle {
            Some(c) => (
                format!("{}", c + 1),
                format!("the element of circle {}", c + 1),
            ),
            None => ("any".into(), "any element".into()),
        },
        Action::Migration => match s.cubes {
            Some(n) => (format!("{n}"), format!("up to {n} species move")),
            None => ("all".into(), "any number of species move".into()),
        },
        Action::Competition => (
            format!("×{}", s.eliminate),
            format!("{} per tile", s.eliminate),
        ),
        Action::Evolution => (
            format!("{}", s.slot),
            format!("a card from slots 1 to {}", s.slot),
        ),
        Action::Domination => (
            format!("{}p", s.min_players),
            format!("with {} or more players", s.min_players),
        ),
        _ => (String::new(), String::new()),
    }
}

/// The catalog, from the shipped data.
pub fn catalog() -> Catalog {
    let d = data();
    let mut cards: Vec<CatalogCard> = Card::ALL
        .iter()
        .zip(&d.card_texts)
        .map(|(c, t)| entry(format!("{c:?}"), CardKind::Evolution, t))
        .collect();
    cards.extend(
        Trait::ALL
            .iter()
            .zip(&d.trait_texts)
            .map(|(c, t)| entry(format!("{c:?}"), CardKind::Trait, t)),
    );
    cards.push(entry(
        SURVIVAL_ID.to_string(),
        CardKind::Survival,
        &d.survival_text,
    ));
    let sections = d
        .sections
        .iter()
        .map(|sec| SectionPlaces {
            action: sec.action.name(),
            name: sec.action.title(),
            spaces: (sec.first..sec.first.saturating_add(sec.len))
                .filter_map(|i| d.spaces.get(usize::from(i)).map(|s| (i, s)))
                .map(|(index, s)| {
                    let (label, title) = label(s);
                    SpacePlace {
                        index,
                        special: s.special,
                        label,
                        title,
                    }
                })
                .collect(),
        })
        .collect();
    Catalog { cards, sections }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_lists_every_card_with_its_text() {
        let c = catalog();
        let count = |k: CardKind| c.cards.iter().filter(|x| x.kind == k).count();
        assert_eq!(count(CardKind::Evolution), 35);
        assert_eq!(count(CardKind::Trait), 18);
        assert_eq!(count(CardKind::Survival), 1);
        assert!(c.cards.iter().all(|x| !x.text.trim().is_empty()));
        let mut ids: Vec<&str> = c.cards.iter().map(|x| x.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), c.cards.len(), "ids are unique");
        let snow = c.cards.iter().find(|x| x.id == "MarineSnow");
        assert_eq!(snow.map(|x| x.name.as_str()), Some("Marine Snow"));
        assert!(
            c.cards.iter().all(|x| x.reconstructed),
            "no card face survives"
        );
    }

    #[test]
    fn the_display_is_the_data_s() {
        let c = catalog();
        let d = data();
        assert_eq!(c.sections.len(), d.sections.len());
        let spaces: usize = c.sections.iter().map(|s| s.spaces.len()).sum();
        let on_display = d
            .spaces
            .iter()
            .filter(|s| s.action != Action::BottomFeeder)
            .count();
        assert_eq!(spaces, on_display);
        let specials = c
            .sections
            .iter()
            .flat_map(|s| &s.spaces)
            .filter(|s| s.special)
            .count();
        assert_eq!(specials, 6, "the six special-only spaces (p.22)");
    }
}
