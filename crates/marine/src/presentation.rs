//! How Marine is shown at the table ([`eons_core::Presentation`]): its text
//! rendering beside each view, the pieces on earth (for marking what a move
//! changed), the score sheet, the catalog with the earth's places (the board
//! takes its grid from there), and the rules in brief. Nothing here is a
//! rule, and nothing tells a reader more than the view it is given.

use crate::events::Event;
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
            Choice::Place { space, .. } => Some(Place::new(PlaceKind::Space, space.to_string())),
            Choice::Animal(_) => hex(crate::texts::animal_tile(state)?),
            _ => None,
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
