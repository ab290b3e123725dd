//! [`CatalogCard`]: one card of a game as a player reads it, the entry every
//! engine's presentation catalog (`catalog()`) lists for each of its cards,
//! and [`CardKind`], which deck or pile it belongs to.
//!
//! The catalog is presentation only: it is built from the same component data
//! the engine plays with, so the browser never keeps a copy of a card text.

use serde::Serialize;

/// Which kind of card an entry is (the decks and piles of the three games).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// Dominant Species: one of the 26 Dominance cards.
    Dominance,
    /// Dominant Species and Marine: the Survival card.
    Survival,
    /// Marine and Pangea: an evolution card.
    Evolution,
    /// Marine: a trait card.
    Trait,
    /// Pangea: an adaptation card.
    Adaptation,
    /// Pangea: an objective tile.
    Objective,
    /// Pangea: a Turn of the Ages card.
    TurnOfTheAges,
    /// Pangea: a cataclysm of the Doom.
    Cataclysm,
}

/// One card as the table shows it: its id (the name the game's view uses
/// for it, or the data file's id), its printed name, its full text, and
/// whether the data marks the card or its text reconstructed (a wording or
/// value not taken from a printed source we could verify).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CatalogCard {
    /// The id the view and the data use for the card (`ColdSnap`, `AD-01`).
    pub id: String,
    /// Which deck or pile it belongs to.
    pub kind: CardKind,
    /// The name as printed ("Cold Snap").
    pub name: String,
    /// The full effect in words.
    pub text: String,
    /// True when the data file marks the card or its text reconstructed.
    pub reconstructed: bool,
}
