//! The score breakdown of the end-of-game panel adds up: over seeded random
//! games of every player count (solo too), each player's parts (summed from
//! the game's events) are its final score, and every dominance change is
//! placed under a source.

use eons_core::testing::{random_simulation, Simulation};
use eons_core::Game;
use eons_pangea::score_sheet::ScoreSheet;
use eons_pangea::{Pangea, State};

/// A seeded random game played to its end, then replayed from its record
/// feeding the sheet every event: the final state and the sheet.
fn played(players: usize, options: &[String], seed: u64) -> (State, ScoreSheet) {
    let setup = Pangea::setup(players, options).expect("setup");
    let report = random_simulation(Simulation::<Pangea>::new(setup.clone(), seed, 0));
    let mut state = Pangea::new(&setup, seed).expect("start");
    let mut sheet = ScoreSheet::new(&state);
    let mut events = Vec::new();
    for c in &report.record.choices {
        events.clear();
        Pangea::apply(&mut state, c.choice, &mut events).expect("replay");
        events.iter().for_each(|e| sheet.record(e));
    }
    (state, sheet)
}

#[test]
fn the_parts_of_every_seat_add_up_to_its_final_score() {
    for seed in 0..12u64 {
        let players = 1 + (seed % 4) as usize;
        let options: Vec<String> = if players == 1 {
            vec!["solo".to_string()]
        } else {
            Vec::new()
        };
        let (state, sheet) = played(players, &options, seed);
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

/// The end panel says why the most dominance did not win when it did not:
/// the winner is the player with the most dominance who has at least one
/// animal on the board (reference §6, "Winner"; ruling G3 for ties), so a
/// player ahead on dominance whose animals all died is named, with the
/// rule; when the most dominance won, nothing is added.
#[test]
fn only_a_player_with_an_animal_on_the_board_can_win_is_said_when_it_decides() {
    let mut said = 0;
    let mut silent = 0;
    for seed in 0..400u64 {
        let players = 2 + (seed % 3) as usize;
        let (state, sheet) = played(players, &[], seed);
        let breakdown = sheet.breakdown(&state);
        let winners = &state.result.as_ref().expect("over").winners;
        let best = winners.iter().map(|&w| state.player(w).dominance).max();
        let beaten: Vec<String> = state
            .players
            .iter()
            .enumerate()
            .filter(|(seat, p)| {
                !winners.contains(&(*seat as u8))
                    && best.is_some_and(|b| p.dominance >= b)
                    && state.animals_of(p.group) == 0
            })
            .map(|(_, p)| p.group.to_string())
            .collect();
        let ctx = format!("seed {seed}, {players} players: {:?}", breakdown.decided);
        if winners.is_empty() {
            let text = breakdown.decided.as_deref().expect(&ctx);
            assert!(text.starts_with("Nobody wins"), "{ctx}");
            said += 1;
        } else if beaten.is_empty() {
            assert_eq!(breakdown.decided, None, "{ctx}");
            silent += 1;
        } else {
            let text = breakdown.decided.as_deref().expect(&ctx);
            assert!(
                text.ends_with("only a player with an animal on the board can win."),
                "{ctx}"
            );
            assert!(beaten.iter().all(|g| text.contains(g.as_str())), "{ctx}");
            said += 1;
        }
    }
    assert!(
        said > 0 && silent > 0,
        "both cases met: {said} said, {silent} silent"
    );
}
