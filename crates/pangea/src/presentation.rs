//! How Pangea is shown at the table ([`eons_core::Presentation`]): the
//! animals in each region (for marking what a move changed), the score
//! sheet, the catalog (its region labels are in it) and the rules in brief.
//! Nothing here is a rule, and nothing tells a reader more than the view it
//! is given.

use crate::score_sheet::ScoreSheet;
use crate::{Choice, Event, Pangea, State, View};
use eons_core::{
    json_name, KeepsScore, PieceKind, Pieces, Place, PlaceKind, Presentation, RulesSummary,
    ScoreBreakdown, ScoreTally,
};
use serde_json::Value;

impl Presentation for Pangea {
    const RENDERER: &'static str = "pangea";

    /// The animals of each group in each region.
    fn board_pieces(v: &View) -> Vec<Pieces> {
        v.animals
            .iter()
            .map(|a| Pieces {
                place: a.region.to_string(),
                piece: PieceKind::Animal,
                owner: json_name(&a.animal.group),
                count: 1,
            })
            .collect()
    }

    /// A region, or the region of the animal picked; a migration names
    /// where the animal goes.
    fn choice_place(_state: &State, choice: Choice) -> Option<Place> {
        let region = match choice {
            Choice::Region(r)
            | Choice::Populate { region: r, .. }
            | Choice::Move { region: r, .. } => r,
            Choice::Animal(spot)
            | Choice::Unblock(spot)
            | Choice::Shed(spot)
            | Choice::Bearer(spot) => spot.region,
            _ => return None,
        };
        Some(Place::new(PlaceKind::Region, region.to_string()))
    }

    fn score_sheet(start: &State) -> Option<Box<dyn ScoreTally<Self>>> {
        Some(Box::new(ScoreSheet::new(start)))
    }

    fn catalog() -> Option<Value> {
        serde_json::to_value(crate::catalog::catalog()).ok()
    }

    fn rules() -> Option<&'static RulesSummary> {
        Some(crate::rulebook::summary())
    }
}

impl KeepsScore<Pangea> for ScoreSheet {
    fn record(&mut self, event: &Event) {
        ScoreSheet::record(self, event);
    }
    fn breakdown(&self, state: &State) -> ScoreBreakdown {
        ScoreSheet::breakdown(self, state)
    }
}
