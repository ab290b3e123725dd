//! Random playout properties over thousands of seeded games (2–6 players,
//! both optional rules): no panic, every legal choice applies, games end,
//! components are conserved, replay is exact, serde round-trips, illegal
//! choices are refused without changing the state, `apply_listed` does what
//! `apply` does.

mod common;

use common::*;
use eons_core::{Game, GameRng, Hex, Record, RecordedChoice, Seat, Turn};
use eons_dominant_species::{
    Animal, Card, Choice, DominantSpecies as Ds, Element, Space, Stack, State,
};

fn setups(i: u64) -> (usize, Vec<String>) {
    let players = 2 + (i % 5) as usize;
    let mut opts = Vec::new();
    if i % 3 == 1 {
        opts.push("random-earth".to_string());
    }
    if players <= 3 && i % 2 == 0 {
        opts.push("multi".to_string());
    }
    (players, opts)
}

/// Plays one seeded random game, checking invariants as it goes.
fn play_game(i: u64, deep: bool) -> (State, Record<Ds>) {
    let (players, opts) = setups(i);
    let setup = Ds::setup(players, &opts).expect("setup");
    let mut s = Ds::new(&setup, i).expect("new");
    let mut rec = Record::<Ds>::new(setup, i);
    let mut rng = GameRng::new(i ^ 0x5eed);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut n = 0u64;
    while let Turn::Seat(seat) = Ds::turn(&s) {
        legal.clear();
        Ds::legal(&s, &mut legal);
        assert!(!legal.is_empty(), "game {i}: no legal choice");
        let c = legal[rng.index(legal.len())];
        if deep && n % 7 == 0 {
            check_invariants(&s);
            // Every legal choice applies, and `apply_listed` (the search
            // bots' path, which skips the check) does exactly what `apply` does.
            for &x in &legal {
                let (mut t, mut u) = (s.clone(), s.clone());
                let (mut et, mut eu) = (Vec::new(), Vec::new());
                Ds::apply(&mut t, x, &mut et)
                    .unwrap_or_else(|e| panic!("game {i}: legal {x:?} refused: {e}"));
                Ds::apply_listed(&mut u, x, &mut eu).expect("listed choice applies");
                assert_eq!(u, t, "game {i}: apply_listed differs for {x:?}");
                assert_eq!(eu, et, "game {i}: apply_listed logs differently");
            }
            // A few illegal ones are refused and change nothing.
            for x in junk(&mut rng) {
                if !legal.contains(&x) {
                    let mut t = s.clone();
                    assert!(
                        Ds::apply(&mut t, x, &mut Vec::new()).is_err(),
                        "game {i}: illegal {x:?} accepted"
                    );
                    assert_eq!(t, s, "refused choice changed the state");
                }
            }
        }
        ev.clear();
        // Every other step by the search bots' path: the replay below (by
        // `apply` only) must still reach the same state.
        if n % 2 == 0 {
            Ds::apply(&mut s, c, &mut ev).expect("legal choice applies");
        } else {
            Ds::apply_listed(&mut s, c, &mut ev).expect("listed choice applies");
        }
        rec.choices.push(RecordedChoice { seat, choice: c });
        n += 1;
        assert!(n < 2_000_000, "game {i} does not end");
    }
    check_invariants(&s);
    (s, rec)
}

fn junk(rng: &mut GameRng) -> Vec<Choice> {
    let hx = |rng: &mut GameRng| Hex::new(rng.below(9) as i8 - 4, rng.below(9) as i8 - 4);
    let a = Animal::ALL[rng.index(6)];
    vec![
        Choice::Place(Space(rng.below(45) as u8)),
        Choice::Skip,
        Choice::Done,
        Choice::Element(Element::ALL[rng.index(6)]),
        Choice::Tile(hx(rng)),
        Choice::Stack(Stack(rng.below(5) as u8)),
        Choice::Count(rng.below(8) as u8),
        Choice::Move {
            animal: a,
            from: hx(rng),
            to: hx(rng),
        },
        Choice::Species {
            hex: hx(rng),
            animal: a,
        },
        Choice::Card(Card::ALL[rng.index(26)]),
        Choice::LoseAp,
        Choice::ThinOut,
    ]
}

fn check_game(i: u64, deep: bool) {
    let (s, rec) = play_game(i, deep);
    let out = Ds::outcome(&s).expect("over");
    assert_eq!(out.ranking.len(), s.setup.players as usize);
    assert!(out.scores.iter().all(|&v| v >= 0), "VP never negative");
    // Replay reproduces the final state exactly.
    let (r, _) = rec.replay().expect("replays");
    assert_eq!(r, s, "game {i}: replay differs");
    if i % 20 == 0 {
        // State and record round-trip through serde.
        let js = serde_json::to_string(&s).expect("state json");
        let back: State = serde_json::from_str(&js).expect("state parses");
        assert_eq!(back, s);
        let jr = serde_json::to_string(&rec).expect("record json");
        let back: Record<Ds> = serde_json::from_str(&jr).expect("record parses");
        assert_eq!(back.choices.len(), rec.choices.len());
        assert_eq!(back.replay().expect("replays").0, s);
        // Views never carry the deck order or face-down tiles.
        for seat in (0..s.setup.players).map(Seat).map(Some).chain([None]) {
            let v = serde_json::to_value(Ds::view(&s, seat)).expect("view json");
            let text = v.to_string();
            assert!(v.get("deck").is_none() && !text.contains("\"rng\""));
        }
    }
}

fn run_range(lo: u64, hi: u64, deep_every: u64) {
    let mid = lo + (hi - lo) / 2;
    std::thread::scope(|sc| {
        sc.spawn(|| (lo..mid).for_each(|i| check_game(i, i % deep_every == 0)));
        sc.spawn(|| (mid..hi).for_each(|i| check_game(i, i % deep_every == 0)));
    });
}

#[test]
fn random_games_0_to_700_hold_every_invariant() {
    run_range(0, 700, 10);
}

#[test]
fn random_games_700_to_1400_hold_every_invariant() {
    run_range(700, 1400, 10);
}

#[test]
fn random_games_1400_to_2100_hold_every_invariant() {
    run_range(1400, 2100, 10);
}

#[test]
fn views_hide_deck_order_and_face_down_tiles() {
    let (players, opts) = setups(3);
    let s = Ds::new(&Ds::setup(players, &opts).expect("setup"), 3).expect("new");
    let v = Ds::view(&s, Some(Seat(0)));
    let text = serde_json::to_string(&v).expect("json");
    // The view names only the face-up tops of the stacks and the deck's size.
    for st in &v.stacks {
        assert!(st.top.is_some());
    }
    assert_eq!(v.deck_size as usize, s.deck.len());
    assert!(
        !text.contains("Ice Age") && !text.contains("IceAge"),
        "the deck bottom leaked"
    );
    // Determinizations differ from each other in hidden parts only.
    let d1 = Ds::determinize(&s, Seat(0), 1);
    let d2 = Ds::determinize(&s, Seat(0), 2);
    assert_eq!(Ds::view(&d1, Some(Seat(0))), v);
    assert_eq!(Ds::view(&d2, Some(Seat(0))), v);
    assert_ne!(d1.deck, d2.deck);
    assert_eq!(
        d1.deck.cards()[0],
        Card::IceAge,
        "Ice Age stays at the bottom (p.4)"
    );
}
