//! Properties of the bots' evaluation (`Pangea::evaluate`).

use eons_core::{Game, Seat};
use eons_pangea::{AdaptationId, Pangea, State};

fn game(seed: u64) -> State {
    let setup = Pangea::setup(4, &[]).expect("setup");
    Pangea::new(&setup, seed).expect("new game")
}

#[test]
fn more_dominance_all_else_equal_scores_higher() {
    for seed in 1..6 {
        let s = game(seed);
        let mut t = s.clone();
        t.players[0].dominance += 3;
        assert!(Pangea::evaluate(&t, Seat(0)) > Pangea::evaluate(&s, Seat(0)));
        assert!(Pangea::evaluate(&t, Seat(1)) <= Pangea::evaluate(&s, Seat(1)));
    }
}

#[test]
fn other_seats_secrets_do_not_change_the_evaluation() {
    for seed in 1..6 {
        let s = game(seed);
        let before = Pangea::evaluate(&s, Seat(0));
        let mut t = s.clone();
        for p in t.players.iter_mut().skip(1) {
            p.hand = vec![AdaptationId(1), AdaptationId(2), AdaptationId(3)];
            p.active = vec![AdaptationId(4), AdaptationId(5)];
            p.known = u32::MAX;
        }
        t.deck.reverse();
        t.doom.reverse();
        assert_eq!(Pangea::evaluate(&t, Seat(0)), before, "seed {seed}");
    }
}
