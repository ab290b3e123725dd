//! Random playout properties over thousands of seeded games (2–6 players,
//! both optional rules): no panic, every legal choice applies, games end,
//! components are conserved, replay is exact, serde round-trips, illegal
//! choices are refused without changing the state, `apply_listed` does what
//! `apply` does.

use crate::common;

use common::*;
use eons_core::testing::{random_simulation, Simulation};
use eons_core::{Game, GameRng, Hex, Record, Seat};
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

/// Plays one seeded random game through the shared random-simulation test
/// (`eons_core::testing`): every choice checked against the invariants, at
/// every 7th decision of a deep game every legal choice applied both ways
/// (`apply` and `apply_listed`), the junk probes refused without a change,
/// and each seat's determinization leaving its view and who is asked after
/// every legal choice alone; replay and JSON round trips at the end.
fn play_game(i: u64, deep: bool) -> (State, Record<Ds>) {
    let (players, opts) = setups(i);
    let setup = Ds::setup(players, &opts).expect("setup");
    let run = Simulation::<Ds>::new(setup, i, if deep { 7 } else { 0 }).with_probes(junk);
    let report = random_simulation(run);
    let s = report.state;
    // A finished game has no pending decision without a choice, and the
    // helper's own checks still hold.
    check_invariants(&s);
    (s, report.record)
}

fn junk(_state: &State, rng: &mut GameRng) -> Vec<Choice> {
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

/// The lobby's form controls come from `OPTIONS`: each is accepted as sent.
#[test]
fn every_option_is_accepted_as_a_form_sends_it() {
    let faults = eons_core::testing::check_options::<Ds>();
    assert!(faults.is_empty(), "{faults:#?}");
}

/// `HIDDEN_INFORMATION` is false (players sharing a screen need not pass it
/// between turns): along random games every seat's view is the spectator's,
/// but for naming the viewer.
#[test]
fn every_seat_sees_what_a_spectator_sees() {
    for seed in 0..6u64 {
        let (players, options) = setups(seed);
        let setup = Ds::setup(players, &options).expect("a valid setup");
        let mut s = Ds::new(&setup, seed).expect("a new game");
        let mut rng = GameRng::new(seed);
        let mut steps = 0;
        while let eons_core::Turn::Seat(_) = Ds::turn(&s) {
            if steps % 5 == 0 {
                let public = serde_json::to_value(Ds::view(&s, None)).expect("json");
                for seat in 0..players {
                    let mut v = Ds::view(&s, Some(Seat(seat as u8)));
                    v.seat = None;
                    let seen = serde_json::to_value(v).expect("json");
                    assert_eq!(seen, public, "seed {seed} step {steps} seat {seat}");
                }
            }
            let list = legal(&s);
            let c = list[rng.below(list.len() as u32) as usize];
            play(&mut s, c);
            steps += 1;
            if steps > 400 {
                break;
            }
        }
    }
}

/// The chapters a seeded random game passes through, each once, in order
/// ([`Game::chapter`], the replay viewer's jumps).
fn chapters_of(players: usize, seed: u64) -> Vec<String> {
    let setup = Ds::setup(players, &[]).expect("setup");
    let report = random_simulation(Simulation::<Ds>::new(setup.clone(), seed, 0));
    let mut state = Ds::new(&setup, seed).expect("start");
    let mut seen: Vec<String> = Ds::chapter(&state).into_iter().collect();
    let mut events = Vec::new();
    for c in &report.record.choices {
        Ds::apply(&mut state, c.choice, &mut events).expect("replay");
        if let Some(now) = Ds::chapter(&state) {
            if seen.last() != Some(&now) {
                seen.push(now);
            }
        }
    }
    seen
}

/// The game is played in turns, each Planning (p.9) to Reseed (p.20), the
/// turn counted from 1 one after another; the replay viewer's parts are
/// those turns.
#[test]
fn the_game_is_played_in_turns_counted_from_one() {
    for seed in 0..6 {
        let seen = chapters_of(2 + (seed % 5) as usize, seed);
        let expected: Vec<String> = (1..=seen.len()).map(|t| format!("Turn {t}")).collect();
        assert_eq!(seen, expected, "seed {seed}");
        assert!(seen.len() > 3, "seed {seed}: {seen:?}");
    }
}
