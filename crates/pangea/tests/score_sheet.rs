//! The score breakdown of the end-of-game panel adds up: over seeded random
//! games of every player count (solo too), each player's parts (summed from
//! the game's events) are its final score, and every dominance change is
//! placed under a source.

use eons_core::testing::{random_simulation, Simulation};
use eons_core::Game;
use eons_pangea::score_sheet::ScoreSheet;
use eons_pangea::Pangea;

#[test]
fn the_parts_of_every_seat_add_up_to_its_final_score() {
    for seed in 0..12u64 {
        let players = 1 + (seed % 4) as usize;
        let options: Vec<String> = if players == 1 {
            vec!["solo".to_string()]
        } else {
            Vec::new()
        };
        let setup = Pangea::setup(players, &options).expect("setup");
        let report = random_simulation(Simulation::<Pangea>::new(setup.clone(), seed, 0));
        // Replays the record, feeding the sheet every event.
        let mut state = Pangea::new(&setup, seed).expect("start");
        let mut sheet = ScoreSheet::new(&state);
        let mut events = Vec::new();
        for c in &report.record.choices {
            events.clear();
            Pangea::apply(&mut state, c.choice, &mut events).expect("replay");
            events.iter().for_each(|e| sheet.record(e));
        }
        let outcome = Pangea::outcome(&state).expect("the game is over");
        let breakdown = sheet.breakdown(&state);
        assert_eq!(breakdown.seats.len(), players);
        // The winners hold the best score.
        let best = outcome.scores[outcome.ranking[0].index()];
        assert!(breakdown.winners.iter().all(|&w| outcome.scores[w] == best));
        for (seat, score) in breakdown.seats.iter().enumerate() {
            let ctx = format!("seed {seed}, {players} players, seat {seat}");
            assert_eq!(score.total, outcome.scores[seat], "{ctx}: total");
            assert_eq!(score.sum_of_parts(), score.total, "{ctx}: {score:?}");
            assert!(
                score.parts.iter().all(|p| p.source != "Other"),
                "{ctx}: a change of dominance with no source: {score:?}"
            );
            for part in score.parts.iter().filter(|p| !p.items.is_empty()) {
                let items: i64 = part.items.iter().map(|i| i.points).sum();
                assert_eq!(items, part.points, "{ctx}: {part:?}");
            }
        }
    }
}
