//! Properties of the bots' evaluation (`Marine::evaluate`).

use eons_core::{Game, Seat};
use eons_marine::{Marine, State, Trait};

fn game(seed: u64) -> State {
    let setup = Marine::setup(4, &[]).expect("setup");
    Marine::new(&setup, seed).expect("new game")
}

#[test]
fn more_vp_all_else_equal_scores_higher() {
    for seed in 1..6 {
        let s = game(seed);
        let a = s
            .animals()
            .find(|a| s.owner[a.index()] == 0)
            .expect("seat 1 plays an animal");
        let mut t = s.clone();
        t.vp[a.index()] += 10;
        let (me, other) = (Seat(0), Seat(1));
        assert!(Marine::evaluate(&t, me) > Marine::evaluate(&s, me));
        assert!(Marine::evaluate(&t, other) <= Marine::evaluate(&s, other));
    }
}

#[test]
fn other_seats_secrets_do_not_change_the_evaluation() {
    for seed in 1..6 {
        let mut s = game(seed);
        // During the draft other animals' traits are still secret.
        s.revealed = false;
        // Empty displays leave the other animals endangered unless a trait
        // (Carnivore, Ram Feeder) that seat 1 cannot see makes them thrive.
        for a in s.animals().collect::<Vec<_>>() {
            let i = a.index();
            if s.owner[i] != 0 {
                s.printed[i] = [0; 6];
                s.disks[i] = [None; 8];
            }
        }
        let before = Marine::evaluate(&s, Seat(0));
        let mut t = s.clone();
        for a in t.animals().collect::<Vec<_>>() {
            let i = a.index();
            if t.owner[i] != 0 {
                t.traits[i] = Trait::ALL.iter().fold(0, |m, tr| m | tr.bit());
                t.hands[i] = [Some(Trait::Carnivore), Some(Trait::RamFeeder), None, None];
                t.offer[i][0] = Some(Trait::RamFeeder);
            }
        }
        t.deck.shuffle(&mut t.rng);
        assert_eq!(Marine::evaluate(&t, Seat(0)), before, "seed {seed}");
    }
}
