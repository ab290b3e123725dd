//! Property tests over seeded random games (2-4 players, every variant):
//! no panic, every legal choice applies, games end, conservation
//! invariants, VP never negative, replay reproduces the final state, serde
//! round-trips, views never leak a secret, illegal choices are refused
//! without changing the state.

use eons_core::testing::{random_simulation, Simulation};
use eons_core::{Game, GameRng, Seat, Turn};
use eons_marine::{Choice, Element, Marine, State};

/// Every option mix the property tests cycle through.
const VARIANTS: &[(usize, &[&str])] = &[
    (2, &[]),
    (3, &[]),
    (4, &[]),
    (2, &["two-animals"]),
    (4, &["random-earth"]),
    (3, &["length=short"]),
    (4, &["length=long"]),
    (2, &["length=epic"]),
    (4, &["alternate-displays"]),
    (3, &["superheroes"]),
    (2, &["two-animals", "superheroes", "random-earth"]),
    (
        4,
        &[
            "alternate-displays",
            "superheroes",
            "length=short",
            "random-earth",
        ],
    ),
];

/// A few choices that are never legal in most states, to probe refusals.
fn probes(_state: &State, _rng: &mut GameRng) -> Vec<Choice> {
    vec![
        Choice::Slot(9),
        Choice::Disk(7),
        Choice::Stack(3),
        Choice::Place {
            space: eons_marine::Space(60),
            special: None,
        },
        Choice::Circle(5),
        Choice::Hex(eons_core::HexId(200)),
    ]
}

struct Stats {
    decisions: usize,
}

/// Marine's own checks at the deep-check decisions: every placement, on any
/// space (display, past its end, personal) with any pawn, is legal exactly
/// when it is listed (`is_legal` checks a turn's placement on its own space
/// only), and a determinization leaves the spectator's view alone.
fn deep_check(s: &State, legal: &[Choice], ctx: &str) {
    for space in (0..=70u8).map(eons_marine::Space) {
        for special in std::iter::once(None).chain(Element::ALL.iter().copied().map(Some)) {
            let c = Choice::Place { space, special };
            assert_eq!(
                eons_marine::rules::is_legal(s, c),
                legal.contains(&c),
                "{ctx}: {c:?}"
            );
        }
    }
    assert_eq!(
        Marine::view(s, None),
        Marine::view(&Marine::determinize(s, Seat(0), 99), None),
        "{ctx}: spectator view leaks"
    );
}

/// Plays one random game through the shared random-simulation test
/// (`eons_core::testing`: the invariants after every choice; in a deep
/// game, every 97th decision, every legal choice applied both ways, the
/// probes refused without a change, each seat's determinization leaving its
/// view and who is asked after every legal choice alone, and [`deep_check`]; replay and JSON round trips at the end),
/// then checks the scores; returns its length.
fn play(players: usize, opts: &[&str], seed: u64, deep: bool) -> Stats {
    let o: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    let setup = Marine::setup(players, &o).expect("setup");
    let run = Simulation::<Marine>::new(setup, seed, if deep { 97 } else { 0 })
        .with_probes(probes)
        .with_deep_check(deep_check);
    let report = random_simulation(run);
    let s = report.state;
    assert!(s.over);
    let out = Marine::outcome(&s).expect("outcome");
    assert_eq!(out.ranking.len(), players);
    assert!(out.scores.iter().all(|&v| v >= 0), "VP never negative");
    assert!(Marine::scores(&s).iter().all(|&v| v >= 0));
    // The winner has the highest score.
    let best = out.scores.iter().max().copied().unwrap_or(0);
    assert_eq!(out.scores[out.ranking[0].index()], best);
    Stats {
        decisions: report.decisions,
    }
}

fn run(from: u64, to: u64, deep: bool) {
    let mut total = 0;
    for seed in from..to {
        let (p, o) = VARIANTS[seed as usize % VARIANTS.len()];
        total += play(p, o, seed, deep).decisions;
    }
    assert!(total > 0);
}

#[test]
fn random_games_0_to_500_with_deep_checks() {
    run(0, 500, true);
}

#[test]
fn random_games_500_to_1250() {
    run(500, 1250, false);
}

#[test]
fn random_games_1250_to_2000() {
    run(1250, 2000, false);
}

#[test]
fn serde_round_trip_mid_game_and_views() {
    let setup = Marine::setup(4, &["superheroes".to_string()]).expect("setup");
    let mut s = Marine::new(&setup, 5).expect("game");
    let mut rng = GameRng::new(5);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    for _ in 0..400 {
        if Marine::turn(&s) == Turn::Over {
            break;
        }
        legal.clear();
        Marine::legal(&s, &mut legal);
        let c = legal[rng.index(legal.len())];
        Marine::apply(&mut s, c, &mut ev).expect("legal");
        let json = serde_json::to_string(&s).expect("ser");
        let back: State = serde_json::from_str(&json).expect("de");
        assert_eq!(back, s);
        for e in &ev {
            assert!(!Marine::describe_event(&s, e).is_empty());
        }
        ev.clear();
        let v = Marine::view(&s, Some(Seat(0)));
        assert!(!Marine::render(&v).is_empty());
        let vj = serde_json::to_string(&v).expect("view serialises");
        assert!(!vj.contains("\"rng\""), "a view never carries the RNG");
    }
}

/// The draft is secret (p.5): until the reveal, a seat's view shows its own
/// hand only, and a determinization re-deals the others' hands.
#[test]
fn draft_is_secret_until_reveal() {
    let setup = Marine::setup(3, &[]).expect("setup");
    let s = Marine::new(&setup, 11).expect("game");
    let v0 = Marine::view(&s, Some(Seat(0)));
    let own = v0.animals.iter().filter(|a| a.hand.is_some()).count();
    assert_eq!(own, 1, "seat 1 sees exactly its own hand");
    assert!(v0
        .animals
        .iter()
        .filter(|a| a.seat != Seat(0))
        .all(|a| a.traits.is_none() && a.hand.is_none()));
    let spectator = Marine::view(&s, None);
    assert!(spectator.animals.iter().all(|a| a.hand.is_none()));
    // Re-dealt hands differ for some seed, views do not.
    let mut differs = false;
    for k in 0..20 {
        let d = Marine::determinize(&s, Seat(0), k);
        assert_eq!(Marine::view(&d, Some(Seat(0))), v0);
        differs |= d.hands != s.hands;
    }
    assert!(differs, "determinization re-deals other seats' hands");
}

/// The lobby's form controls come from `OPTIONS`: each is accepted as sent.
#[test]
fn every_option_is_accepted_as_a_form_sends_it() {
    let faults = eons_core::testing::check_options::<Marine>();
    assert!(faults.is_empty(), "{faults:#?}");
}

/// Retrieve, p.10: "a 'round' is a series of player turns culminating in a
/// Reseed event", so the game's parts, as the replay viewer lists them
/// ([`Game::chapter`]), are rounds counted from 1, each ended by a Reseed.
#[test]
fn a_round_ends_with_a_reseed_and_rounds_count_from_one() {
    for seed in 0..6 {
        let players = 2 + (seed % 3) as usize;
        let setup = Marine::setup(players, &[]).expect("setup");
        let report = random_simulation(Simulation::<Marine>::new(setup.clone(), seed, 0));
        let mut state = Marine::new(&setup, seed).expect("start");
        let mut seen: Vec<String> = Marine::chapter(&state).into_iter().collect();
        let mut events = Vec::new();
        let mut reseeds = 0;
        for c in &report.record.choices {
            events.clear();
            Marine::apply(&mut state, c.choice, &mut events).expect("replay");
            reseeds += events
                .iter()
                .filter(|e| matches!(e, eons_marine::Event::Reseed { .. }))
                .count();
            if let Some(now) = Marine::chapter(&state) {
                if seen.last() != Some(&now) {
                    seen.push(now);
                }
            }
        }
        let expected: Vec<String> = (1..=seen.len()).map(|r| format!("Round {r}")).collect();
        assert_eq!(seen, expected, "seed {seed}");
        assert_eq!(
            seen.len(),
            reseeds + 1,
            "seed {seed}: a round after each Reseed"
        );
    }
}
