//! The score breakdown of the end-of-game panel adds up: over seeded random
//! games of every player count and both optional rules, each seat's parts
//! (summed from the game's events) are its final score.

use eons_core::testing::{random_simulation, Simulation};
use eons_core::Game;
use eons_marine::score_sheet::ScoreSheet;
use eons_marine::Marine as Ds;

#[test]
fn the_parts_of_every_seat_add_up_to_its_final_score() {
    for seed in 0..15u64 {
        let players = 2 + (seed % 3) as usize;
        let mut options = Vec::new();
        if seed % 3 == 1 {
            options.push("random-earth".to_string());
        }
        if players == 2 && seed % 2 == 0 {
            options.push("two-animals".to_string());
        }
        let setup = Ds::setup(players, &options).expect("setup");
        let report = random_simulation(Simulation::<Ds>::new(setup.clone(), seed, 0));
        // Replays the record, feeding the sheet every event.
        let mut state = Ds::new(&setup, seed).expect("start");
        let mut sheet = ScoreSheet::new(&state);
        let mut events = Vec::new();
        for c in &report.record.choices {
            events.clear();
            Ds::apply(&mut state, c.choice, &mut events).expect("replay");
            events.iter().for_each(|e| sheet.record(e));
        }
        let outcome = Ds::outcome(&state).expect("the game is over");
        let breakdown = sheet.breakdown(&state);
        assert_eq!(breakdown.seats.len(), players);
        // The winners hold the best score.
        let best = outcome.scores[outcome.ranking[0].index()];
        assert!(breakdown.winners.iter().all(|&w| outcome.scores[w] == best));
        for (seat, score) in breakdown.seats.iter().enumerate() {
            let ctx = format!("seed {seed}, {players} players {options:?}, seat {seat}");
            assert_eq!(score.total, outcome.scores[seat], "{ctx}: total");
            assert_eq!(score.sum_of_parts(), score.total, "{ctx}: {score:?}");
            for part in score.parts.iter().filter(|p| !p.items.is_empty()) {
                let items: i64 = part.items.iter().map(|i| i.points).sum();
                assert_eq!(items, part.points, "{ctx}: {part:?}");
            }
            assert_eq!(
                score.counted.is_some(),
                options.contains(&"two-animals".to_string())
            );
        }
        assert!(!breakdown.tie_break.is_empty());
    }
}
