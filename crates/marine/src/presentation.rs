//! How Marine is shown at the table ([`eons_core::Presentation`]): its text
//! rendering beside each view, the pieces on earth (for marking what a move
//! changed), the score sheet, the catalog with the earth's places (the board
//! takes its grid from there), and the rules in brief. Nothing here is a
//! rule, and nothing tells a reader more than the view it is given.

use crate::events::{Event, VpCause};
use crate::score_sheet::ScoreSheet;
use crate::state::State;
use crate::{Animal, Choice, Marine, View};
use eons_core::{
    json_name, Game, KeepsScore, PieceKind, Pieces, Place, PlaceKind, Presentation, RulesSummary,
    ScoreBreakdown, ScoreTally,
};
use eons_earth::places::{corner_label, hex_label};
use eons_earth::CornerLabel;
use serde_json::value::RawValue;
use serde_json::{json, Value};

impl Presentation for Marine {
    const RENDERER: &'static str = "marine";
    const OTHER_NAMES: &'static [&'static str] = &["dominant-species-marine", "dsm"];

    /// The `ui` object beside a view: its text rendering (`{text}`). The
    /// places never change: the catalog carries them, not every push.
    fn table_extras(view: &View) -> Option<Box<RawValue>> {
        serde_json::value::to_raw_value(&json!({ "text": Marine::render(view) })).ok()
    }

    /// Tiles (a Vent on top counts as another tile), species cubes and
    /// elements.
    fn board_pieces(v: &View) -> Vec<Pieces> {
        let mut out = Vec::new();
        for t in &v.tiles {
            out.push(Pieces {
                place: t.label.clone(),
                piece: PieceKind::Tile,
                owner: match t.tile.vent {
                    Some(_) => format!("{} vent", json_name(&t.tile.base)),
                    None => json_name(&t.tile.base),
                },
                count: 1,
            });
            for (i, n) in t.species.iter().enumerate() {
                if let (Some(animal), true) = (Animal::from_index(i), *n > 0) {
                    out.push(Pieces {
                        place: t.label.clone(),
                        piece: PieceKind::Species,
                        owner: json_name(&animal),
                        count: u32::from(*n),
                    });
                }
            }
        }
        for (corner, e) in &v.elements {
            out.push(Pieces {
                place: CornerLabel::of(*corner).to_string(),
                piece: PieceKind::Element,
                owner: json_name(e),
                count: 1,
            });
        }
        out
    }

    /// A move names where the species goes; an animal picked on one tile
    /// names that tile.
    fn choice_place(state: &State, choice: Choice) -> Option<Place> {
        let hex = |h| Some(Place::new(PlaceKind::Hex, hex_label(h)));
        match choice {
            Choice::Hex(h)
            | Choice::Species { hex: h, .. }
            | Choice::Move { to: h, .. }
            | Choice::MoveOf { to: h, .. } => hex(h),
            Choice::Corner(c) => Some(Place::new(PlaceKind::Corner, corner_label(c))),
            // The space as the choice's words name it ("Tectonics 1/2").
            Choice::Place { space, .. } => Some(Place::new(
                PlaceKind::Space,
                crate::texts::space_name(space),
            )),
            Choice::Animal(_) => hex(crate::texts::animal_tile(state)?),
            _ => None,
        }
    }

    /// The hexes species, tiles and Vents come to, leave or score on, and
    /// the corners elements come to or leave, as the text names them.
    fn event_places(event: &Event) -> Vec<Place> {
        let hex = |h| Place::new(PlaceKind::Hex, hex_label(h));
        match *event {
            Event::ElementPlaced { corner, .. } | Event::ElementRemoved { corner, .. } => {
                vec![Place::new(PlaceKind::Corner, corner_label(corner))]
            }
            Event::Added { hex: h, .. }
            | Event::Revived { hex: h, .. }
            | Event::Eliminated { hex: h, .. }
            | Event::ToPool { hex: h, .. }
            | Event::TilePlaced { hex: h, .. }
            | Event::VentPlaced { hex: h, .. }
            | Event::Vp {
                why: VpCause::Scoring { hex: h, .. },
                ..
            } => vec![hex(h)],
            Event::Moved { from, to, .. } => vec![hex(from), hex(to)],
            Event::TraitPicked { .. }
            | Event::TraitsRevealed
            | Event::TraitHeld { .. }
            | Event::TraitLost { .. }
            | Event::TraitCopied { .. }
            | Event::Placed { .. }
            | Event::Bumped { .. }
            | Event::Retrieved { .. }
            | Event::Forfeited { .. }
            | Event::ElementBoxed { .. }
            | Event::DiskAdded { .. }
            | Event::DiskLost { .. }
            | Event::RegressionCube { .. }
            | Event::StackTop { .. }
            | Event::Vp { .. }
            | Event::Control { .. }
            | Event::Target { .. }
            | Event::CardChosen { .. }
            | Event::CardReplayed { .. }
            | Event::CardDiscarded { .. }
            | Event::CardRevealed { .. }
            | Event::Extinction
            | Event::Survival { .. }
            | Event::Reseed { .. }
            | Event::LastRound
            | Event::NoSpeciesLeft { .. }
            | Event::RoundCap { .. }
            | Event::FinalScoring
            | Event::GameOver
            | Event::ExtraTurn { .. }
            | Event::ExtraPawn { .. }
            | Event::PawnsReturned => Vec::new(),
        }
    }

    fn score_sheet(start: &State) -> Option<Box<dyn ScoreTally<Self>>> {
        Some(Box::new(ScoreSheet::new(start)))
    }

    fn catalog() -> Option<Value> {
        Some(eons_earth::places::with_places(crate::catalog::catalog()))
    }

    fn rules() -> Option<&'static RulesSummary> {
        Some(crate::rulebook::summary())
    }
}

impl KeepsScore<Marine> for ScoreSheet {
    fn record(&mut self, event: &Event) {
        ScoreSheet::record(self, event);
    }
    fn breakdown(&self, state: &State) -> ScoreBreakdown {
        ScoreSheet::breakdown(self, state)
    }
}
