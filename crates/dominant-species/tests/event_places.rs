//! The places each event hands the table (the log's lit places) are exactly
//! the places its text names (`eons_core::testing::check_event_places`).

use eons_core::testing::check_event_places;
use eons_core::Game;
use eons_dominant_species::DominantSpecies;

/// Every event's places are the places its words name, for two to six
/// players; hexes and corners both occur.
#[test]
fn every_event_lists_the_places_its_text_names() {
    for players in 2..=6 {
        let setup = DominantSpecies::setup(players, &[]).expect("setup");
        let report = check_event_places::<DominantSpecies>(&setup, 1, 10, 4_000)
            .unwrap_or_else(|e| panic!("{players} players: {e}"));
        assert!(report.with_places > 50, "{players} players: {report:?}");
    }
}
