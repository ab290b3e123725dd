//! What a game shows beyond its rules: the presentation each game owns.
//!
//! A game's engine ([`Game`]) decides what is legal and what happens; its
//! [`Presentation`] says how the table shows it — which renderer draws the
//! board, the extra data that renderer reads beside each view, the pieces on
//! the board (so that the table can mark what a move changed), who may read
//! an event, the score sheet that splits the final score by source, the
//! catalog of components and the rules in brief. Every hook has a default,
//! so a game starts with none and adds them one by one.
//!
//! The server, the command line and the Python package hold no per-game
//! code: they reach each game through this trait and the registry
//! (`eons-games`). Nothing here may tell a reader more than the view it is
//! given: every hook reads a view, an event or the game's fixed data, except
//! the score sheet, which the server shows only when the game is over.

use crate::{Game, RulesSummary, ScoreBreakdown, Seat};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

/// How a game is shown at the table (see the module's documentation).
pub trait Presentation: Game {
    /// The web table's renderer for this game: the module
    /// `web/js/games/<RENDERER>.js`. A game without one of its own is drawn
    /// by `generic` (its text rendering and the list of choices).
    const RENDERER: &'static str = "generic";
    /// Other names the game is known by where a person types it (the
    /// Python package's `eons.Game("dominant-species")`): lower case.
    const OTHER_NAMES: &'static [&'static str] = &[];

    /// Extra data for the renderer beside a view (the board as lists it can
    /// draw directly), as JSON text: it goes into every push as it is. It
    /// adds no information: everything comes from the view.
    fn table_extras(view: &Self::View) -> Option<Box<RawValue>> {
        let _ = view;
        None
    }

    /// The pieces on the board in a view, so that the table can mark what a
    /// move changed. Called with the public view only (the spectator's): a
    /// change never tells a reader more than the board shows everyone.
    fn board_pieces(view: &Self::View) -> Vec<Pieces> {
        let _ = view;
        Vec::new()
    }

    /// The place a legal choice is about, as the board labels it (a hex, a
    /// corner, a region, a space of the action display), or None: so that
    /// the table finds the choice's target on the board without reading its
    /// text. A move names where the piece goes; a count or an animal picked
    /// on one tile names that tile. Asked only of legal choices.
    fn choice_place(state: &Self::State, choice: Self::Choice) -> Option<Place> {
        let _ = (state, choice);
        None
    }

    /// The places on the board an event's text names ([`Game::describe_event`]),
    /// as the board labels them (hexes, corners, regions), in the order the
    /// text names them: so that the table lights them when a reader points
    /// at the log entry, without reading its text. Every label returned is
    /// written in the event's text (the shared test
    /// `eons_core::testing::check_event_places` plays games to check it).
    fn event_places(event: &Self::Event) -> Vec<Place> {
        let _ = event;
        Vec::new()
    }

    /// The one seat that may read an event in the log (None: everyone).
    fn reader_of(event: &Self::Event) -> Option<Seat> {
        let _ = event;
        None
    }

    /// A fresh score sheet for a game's first state, fed every event after
    /// (None: the game keeps none, and its end shows only the totals).
    fn score_sheet(start: &Self::State) -> Option<Box<dyn ScoreTally<Self>>> {
        let _ = start;
        None
    }

    /// The game's catalog: every card with its text and provenance mark, and
    /// the tables and places the renderer draws (one source of truth: the
    /// browser keeps no copy). Built once by the caller and kept.
    fn catalog() -> Option<Value> {
        None
    }

    /// The game's rules in brief: the "how to play" overview and one section
    /// per rule a prompt cites.
    fn rules() -> Option<&'static RulesSummary> {
        None
    }
}

/// A kind of board piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    /// Species cubes of an animal on a tile (Dominant Species, Marine).
    Species,
    /// A tile of earth (its owner is the terrain).
    Tile,
    /// An element disc on a corner (its owner is the element).
    Element,
    /// An animal of a group in a region (Pangea).
    Animal,
}

impl PieceKind {
    /// Whether a piece of this kind leaving one place and arriving at another
    /// in the same move reads as moving (species, animals); tiles and
    /// elements are put and taken.
    pub fn moves(self) -> bool {
        matches!(self, PieceKind::Species | PieceKind::Animal)
    }
}

/// What kind of place a [`Place`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlaceKind {
    /// A hex of earth ("D7").
    Hex,
    /// A corner of earth, where hexes meet ("D7/E6/E8").
    Corner,
    /// A region of Pangea's board ("B3").
    Region,
    /// A space of the action display ("Speciation 2").
    Space,
}

/// A place on the board, as the board and the texts label it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Place {
    /// What kind of place.
    pub kind: PlaceKind,
    /// Its label: what the board prints there and the texts name it by.
    pub label: String,
}

impl Place {
    /// A place of `kind` labelled `label`.
    pub fn new(kind: PlaceKind, label: impl Into<String>) -> Place {
        Place {
            kind,
            label: label.into(),
        }
    }
}

/// Some pieces of one kind and owner on one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// The place's label, as the board and the texts print it ("D7",
    /// "D7/E6/E8", Pangea's "B3").
    pub place: String,
    /// What lies there.
    pub piece: PieceKind,
    /// Whose, or which (the animal, the terrain, the element), as the view
    /// names it.
    pub owner: String,
    /// How many.
    pub count: u32,
}

/// The name a value has in JSON (an animal, terrain or element as the view
/// serialises it), so that the table finds its colour under the name it
/// already uses.
pub fn json_name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// A game's score sheet: fed every event, it splits the final score by
/// source. A game implements this on its sheet type; [`ScoreTally`] is the
/// same behind a pointer, for the table to keep beside a live state.
pub trait KeepsScore<G: Game>:
    Clone + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Adds what one event scored.
    fn record(&mut self, event: &G::Event);
    /// Every seat's score by source as of `state`, with the tie-break.
    fn breakdown(&self, state: &G::State) -> ScoreBreakdown;
}

/// A score sheet behind a pointer: a live game keeps its sheet beside its
/// state (copied with it for an undo or a trial, saved in its snapshot).
pub trait ScoreTally<G: Game>: Send + Sync {
    /// Adds what one event scored.
    fn record(&mut self, event: &G::Event);
    /// Every seat's score by source as of `state`, with the tie-break.
    fn breakdown(&self, state: &G::State) -> ScoreBreakdown;
    /// A copy.
    fn clone_box(&self) -> Box<dyn ScoreTally<G>>;
    /// The sheet as JSON, for a snapshot of the game.
    fn save(&self) -> Result<Value, String>;
    /// A sheet of the same kind read back from [`ScoreTally::save`]'s JSON.
    fn load(&self, saved: &Value) -> Result<Box<dyn ScoreTally<G>>, String>;
}

impl<G: Game, S: KeepsScore<G>> ScoreTally<G> for S {
    fn record(&mut self, event: &G::Event) {
        KeepsScore::record(self, event);
    }
    fn breakdown(&self, state: &G::State) -> ScoreBreakdown {
        KeepsScore::breakdown(self, state)
    }
    fn clone_box(&self) -> Box<dyn ScoreTally<G>> {
        Box::new(self.clone())
    }
    fn save(&self) -> Result<Value, String> {
        serde_json::to_value(self).map_err(|e| e.to_string())
    }
    fn load(&self, saved: &Value) -> Result<Box<dyn ScoreTally<G>>, String> {
        Ok(Box::new(S::deserialize(saved).map_err(|e| e.to_string())?))
    }
}
