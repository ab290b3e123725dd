//! The final score by source (issue 19, the end of a game): each engine's
//! score sheet behind one interface, so that a live game keeps its sheet
//! beside its state (copied with it, taken back with it) and the table's
//! end-of-game panel can show every seat's score part by part.

use eons_core::{Game, ScoreBreakdown};
use eons_dominant_species::DominantSpecies;
use eons_marine::Marine;
use eons_pangea::Pangea;
use serde::Deserialize;
use serde_json::Value;

/// A game's score sheet: fed every event, it splits the final score by source.
pub trait ScoreTally<G: Game>: Send + Sync {
    /// Adds what one event scored.
    fn record(&mut self, event: &G::Event);
    /// Every seat's score by source as of `state`, with the tie-break.
    fn breakdown(&self, state: &G::State) -> ScoreBreakdown;
    /// A copy (the state is copied for undo and for trial applies).
    fn clone_box(&self) -> Box<dyn ScoreTally<G>>;
    /// The sheet as JSON, for a snapshot of the game.
    fn save(&self) -> Result<Value, String>;
    /// A sheet of the same kind read back from [`ScoreTally::save`]'s JSON.
    fn load(&self, saved: &Value) -> Result<Box<dyn ScoreTally<G>>, String>;
}

impl ScoreTally<DominantSpecies> for eons_dominant_species::score_sheet::ScoreSheet {
    fn record(&mut self, event: &eons_dominant_species::state::Event) {
        self.record(event);
    }
    fn breakdown(&self, state: &eons_dominant_species::State) -> ScoreBreakdown {
        self.breakdown(state)
    }
    fn clone_box(&self) -> Box<dyn ScoreTally<DominantSpecies>> {
        Box::new(self.clone())
    }
    fn save(&self) -> Result<Value, String> {
        serde_json::to_value(self).map_err(|e| e.to_string())
    }
    fn load(&self, saved: &Value) -> Result<Box<dyn ScoreTally<DominantSpecies>>, String> {
        Ok(Box::new(
            Self::deserialize(saved).map_err(|e| e.to_string())?,
        ))
    }
}

impl ScoreTally<Marine> for eons_marine::score_sheet::ScoreSheet {
    fn record(&mut self, event: &eons_marine::events::Event) {
        self.record(event);
    }
    fn breakdown(&self, state: &eons_marine::state::State) -> ScoreBreakdown {
        self.breakdown(state)
    }
    fn clone_box(&self) -> Box<dyn ScoreTally<Marine>> {
        Box::new(self.clone())
    }
    fn save(&self) -> Result<Value, String> {
        serde_json::to_value(self).map_err(|e| e.to_string())
    }
    fn load(&self, saved: &Value) -> Result<Box<dyn ScoreTally<Marine>>, String> {
        Ok(Box::new(
            Self::deserialize(saved).map_err(|e| e.to_string())?,
        ))
    }
}

impl ScoreTally<Pangea> for eons_pangea::score_sheet::ScoreSheet {
    fn record(&mut self, event: &eons_pangea::Event) {
        self.record(event);
    }
    fn breakdown(&self, state: &eons_pangea::State) -> ScoreBreakdown {
        self.breakdown(state)
    }
    fn clone_box(&self) -> Box<dyn ScoreTally<Pangea>> {
        Box::new(self.clone())
    }
    fn save(&self) -> Result<Value, String> {
        serde_json::to_value(self).map_err(|e| e.to_string())
    }
    fn load(&self, saved: &Value) -> Result<Box<dyn ScoreTally<Pangea>>, String> {
        Ok(Box::new(
            Self::deserialize(saved).map_err(|e| e.to_string())?,
        ))
    }
}

/// A Dominant Species game's sheet.
pub fn ds_sheet(start: &eons_dominant_species::State) -> Box<dyn ScoreTally<DominantSpecies>> {
    Box::new(eons_dominant_species::score_sheet::ScoreSheet::new(start))
}

/// A Marine game's sheet.
pub fn marine_sheet(start: &eons_marine::state::State) -> Box<dyn ScoreTally<Marine>> {
    Box::new(eons_marine::score_sheet::ScoreSheet::new(start))
}

/// A Pangea game's sheet.
pub fn pangea_sheet(start: &eons_pangea::State) -> Box<dyn ScoreTally<Pangea>> {
    Box::new(eons_pangea::score_sheet::ScoreSheet::new(start))
}
