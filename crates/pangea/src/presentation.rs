//! How Pangea is shown at the table ([`eons_core::Presentation`]): the
//! animals in each region (for marking what a move changed), the score
//! sheet, the catalog (its region labels are in it) and the rules in brief.
//! Nothing here is a rule, and nothing tells a reader more than the view it
//! is given.

use crate::score_sheet::ScoreSheet;
use crate::{Choice, Event, Pangea, Region, State, View};
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

    /// The regions animals are placed in, move from and to, leave, fight
    /// or change status in, and the regions markers, region cards, the
    /// Doom's epicentre, closings and a closing Turn of the Age card name,
    /// as the text names them.
    fn event_places(event: &Event) -> Vec<Place> {
        let regions: Vec<Region> = match event {
            Event::Placed { spot }
            | Event::Removed { spot, .. }
            | Event::Status { spot, .. }
            | Event::BearerPlaced(spot) => vec![spot.region],
            Event::Moved { from, region, .. } if from.region == *region => vec![*region],
            Event::Moved { from, region, .. } => vec![from.region, *region],
            Event::ContestBegan { region, .. }
            | Event::ConditionMarker { region, .. }
            | Event::DoomRevealed {
                epicentre: region, ..
            }
            | Event::HungerMarker(region)
            | Event::Closed(region)
            | Event::RegionCard(region) => vec![*region],
            // A Turn of the Age card that closes a region names it in its text.
            Event::AgeRevealed(card) => crate::data::data()
                .ages
                .get(usize::from(*card))
                .filter(|age| matches!(age.effect, crate::data::AgeEffect::CloseRegion { .. }))
                .map(|age| vec![age.region])
                .unwrap_or_default(),
            Event::StageBegan(_)
            | Event::NeutralRolled { .. }
            | Event::NeutralAdapted(_)
            | Event::NeutralRecovered(_)
            | Event::NeutralBonus { .. }
            | Event::ContestDecided { .. }
            | Event::Drew { .. }
            | Event::Reshuffled
            | Event::Discarded { .. }
            | Event::Acted { .. }
            | Event::ActivatedAdaptation(_)
            | Event::Evolved { .. }
            | Event::UsedCard { .. }
            | Event::Ap { .. }
            | Event::Dominance { .. }
            | Event::Passed(_)
            | Event::Instinct { .. }
            | Event::Peeked { .. }
            | Event::Claimed { .. }
            | Event::Initiative(_)
            | Event::Objectives(_)
            | Event::DyingStep { .. }
            | Event::FinalScore { .. }
            | Event::SoloResult { .. }
            | Event::GameOver { .. } => Vec::new(),
        };
        regions
            .into_iter()
            .map(|r| Place::new(PlaceKind::Region, r.to_string()))
            .collect()
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
