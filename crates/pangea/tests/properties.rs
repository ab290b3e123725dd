//! Property tests over thousands of seeded random games for 1–4 players: no panic, every legal
//! choice applies, illegal choices are refused without changing the state, games end after nine
//! stages, markers and cards are conserved, the record replays to the same state, state and
//! records round-trip through serde and the position format, and views never leak a secret.

use eons_core::testing::{random_simulation, Simulation};
use eons_core::{Game, GameRng, Positions, Seat};
use eons_pangea::state::Task;
use eons_pangea::types::{flag, AdaptationId, Region, REGIONS};
use eons_pangea::{Choice, Event, Pangea, Spot, State};

/// Choices that are illegal most of the time, to probe `apply`'s refusals.
fn probes(s: &State, rng: &mut GameRng) -> Vec<Choice> {
    let r = Region(rng.below(REGIONS as u32) as u8);
    let spot = Spot {
        region: r,
        niche: rng.below(3) as u8,
        group: eons_pangea::Group::ALL[rng.index(4)],
        flags: 0,
    };
    let mut v = vec![
        Choice::Pass,
        Choice::Done,
        Choice::Skip,
        Choice::Confirm,
        Choice::Survive,
        Choice::PayDominance,
        Choice::Region(r),
        Choice::Region(Region(200)),
        Choice::Populate {
            region: r,
            special: true,
        },
        Choice::Move {
            from: spot,
            region: r,
            niche: 2,
        },
        Choice::Animal(spot),
        Choice::Card(AdaptationId(rng.below(20) as u8)),
        Choice::Use(AdaptationId(rng.below(20) as u8)),
        Choice::Activate(AdaptationId(rng.below(20) as u8)),
        Choice::Evolve(rng.below(6) as u8),
        Choice::Claim(rng.below(6) as u8),
        Choice::Field(rng.below(14) as u8),
        Choice::Shed(spot),
        Choice::Unblock(spot),
        Choice::Bearer(spot),
    ];
    if let Some(p) = s.animals.first() {
        v.push(Choice::Move {
            from: p.spot(),
            region: Region((p.region.0 + 5) % 20),
            niche: 0,
        });
    }
    v
}

struct Stats {
    games: usize,
    decisions: usize,
}

/// Pangea's own checks at the deep-check decisions: no secret in a view,
/// and the position format writes the state and reads it back unchanged.
fn deep_check(s: &State, _legal: &[Choice], ctx: &str) {
    check_secrets(s, ctx, s.rng.clone().next_u64());
    let text = Pangea::write_position(s);
    let back = Pangea::read_position(&text)
        .unwrap_or_else(|e| panic!("{ctx}: position does not read back: {e}\n{text}"));
    assert_eq!(&back, s, "{ctx}: position round trip");
}

/// Plays one seeded random game through the shared random-simulation test
/// (`eons_core::testing`: invariants after every choice; in a deep game,
/// every 5th decision, every legal choice applied both ways, the probes
/// refused without a change, each seat's determinization leaving its view
/// and who is asked after every legal choice alone (Pangea's end-of-phase
/// window once asked only seats holding a usable face-down card), and
/// [`deep_check`]; replay and JSON round trips at the end), then
/// checks that it lasted nine stages.
fn play(players: usize, seed: u64, deep: bool, stats: &mut Stats) {
    let setup = Pangea::setup(players, &[]).expect("setup");
    let run = Simulation::<Pangea>::new(setup, seed, if deep { 5 } else { 0 })
        .with_probes(probes)
        .with_deep_check(deep_check);
    let report = random_simulation(run);
    let s = report.state;
    let ctx = format!("players {players} seed {seed} end");
    assert_eq!(s.stage, 9, "{ctx}: the game ends after nine stages");
    assert!(s.result.is_some(), "{ctx}: a result");
    let (_, events) = report.record.replay().expect("replays");
    let stages = events
        .iter()
        .filter(|e| matches!(e, Event::StageBegan(_)))
        .count();
    assert_eq!(stages, 9, "{ctx}: nine stages were played");
    if deep {
        let _ = Pangea::render(&Pangea::view(&s, None));
    }
    stats.games += 1;
    stats.decisions += report.decisions;
}

/// A view of seat A does not change when anything A has not seen is re-drawn, and it never
/// contains another seat's hand, active cards or peeks.
fn check_secrets(s: &State, ctx: &str, seed: u64) {
    for a in 0..s.players.len() as u8 {
        let v = serde_json::to_value(Pangea::view(s, Some(Seat(a)))).expect("view");
        let other = Pangea::determinize(s, Seat(a), seed);
        let w = serde_json::to_value(Pangea::view(&other, Some(Seat(a)))).expect("view");
        assert_eq!(v, w, "{ctx}: the view of seat {a} depends on a secret");
        for b in 0..s.players.len() {
            if b == a as usize {
                continue;
            }
            let pb = &v["players"][b];
            assert!(pb["hand"].is_null(), "{ctx}: seat {a} sees seat {b}'s hand");
            assert!(
                pb["active"].is_null(),
                "{ctx}: seat {a} sees seat {b}'s active cards"
            );
            assert!(
                pb["known"].is_null(),
                "{ctx}: seat {a} sees seat {b}'s peeks"
            );
        }
        if !s.doom_revealed {
            assert!(v["doom"].is_null(), "{ctx}: the Doom Stack is visible");
        }
        assert!(
            v.get("rng").is_none(),
            "{ctx}: the random stream is visible"
        );
        assert!(v.get("deck").is_none(), "{ctx}: the deck order is visible");
    }
    // A spectator sees no hand at all.
    let v = serde_json::to_value(Pangea::view(s, None)).expect("view");
    for p in v["players"].as_array().expect("players") {
        assert!(p["hand"].is_null() && p["known"].is_null());
    }
    // No pending task leaks through the view either.
    let _ = s
        .tasks
        .iter()
        .filter(|t| matches!(t, Task::Contest(_)))
        .count();
    let _ = flag::PERSISTENT;
}

fn run(players: usize, seeds: std::ops::Range<u64>, deep_every: u64) {
    let mut stats = Stats {
        games: 0,
        decisions: 0,
    };
    for seed in seeds {
        play(players, seed, seed % deep_every == 0, &mut stats);
    }
    assert!(stats.decisions > stats.games * 50);
}

#[test]
fn random_games_solo() {
    run(1, 0..500, 10);
}

#[test]
fn random_games_two_players() {
    run(2, 1000..1500, 10);
}

#[test]
fn random_games_three_players() {
    run(3, 2000..2500, 10);
}

#[test]
fn random_games_four_players() {
    run(4, 3000..3500, 10);
}

/// Options: fixed groups and the flat final scoring are accepted and applied.
#[test]
fn setup_options_are_applied() {
    let setup = Pangea::setup(2, &["groups=amp,inv".into(), "flat-final".into()]).expect("setup");
    let s = Pangea::new(&setup, 5).expect("new");
    assert_eq!(s.players[0].group, eons_pangea::Group::Amphibians);
    assert_eq!(s.players[1].group, eons_pangea::Group::Invertebrates);
    assert!(s.setup.flat_final);
    assert!(Pangea::setup(2, &["solo".into()]).is_err());
    assert!(Pangea::setup(5, &[]).is_err());
    assert!(Pangea::setup(2, &["groups=amp".into()]).is_err());
    assert!(Pangea::setup(2, &["colour=red".into()]).is_err());
    assert!(Pangea::setup(1, &["solo".into()]).is_ok());
}

/// The lobby's form controls come from `OPTIONS`: each is accepted as sent.
#[test]
fn every_option_is_accepted_as_a_form_sends_it() {
    let faults = eons_core::testing::check_options::<Pangea>();
    assert!(faults.is_empty(), "{faults:#?}");
}

/// The game's parts as the replay viewer lists them ([`Game::chapter`]):
/// placing the starting animals, then the Epoch Track's stages in order,
/// by number and name (the Initiative phase moves the Doom marker on,
/// rulebook p.18), a Turn of the Ages between two epochs (p.19), and the
/// Doom after the last stage (p.19–20).
#[test]
fn the_stages_of_the_epoch_track_follow_one_another_and_end_with_the_doom() {
    for seed in 0..6u64 {
        let players = 2 + (seed % 3) as usize;
        let setup = Pangea::setup(players, &[]).expect("setup");
        let report = random_simulation(Simulation::<Pangea>::new(setup.clone(), seed, 0));
        let mut state = Pangea::new(&setup, seed).expect("start");
        let mut seen: Vec<String> = Pangea::chapter(&state).into_iter().collect();
        let mut events = Vec::new();
        for c in &report.record.choices {
            events.clear();
            Pangea::apply(&mut state, c.choice, &mut events).expect("replay");
            if let Some(now) = Pangea::chapter(&state) {
                if seen.last() != Some(&now) {
                    seen.push(now);
                }
            }
        }
        let ctx = format!("seed {seed}: {seen:?}");
        assert_eq!(
            seen.first().map(String::as_str),
            Some("Placing the starting animals"),
            "{ctx}"
        );
        assert_eq!(seen.last().map(String::as_str), Some("The Doom"), "{ctx}");
        let stages: Vec<u32> = seen
            .iter()
            .filter_map(|c| c.strip_prefix("Stage "))
            .map(|c| {
                c.split(' ')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect(&ctx)
            })
            .collect();
        let expected: Vec<u32> = (1..=stages.len() as u32).collect();
        assert_eq!(stages, expected, "{ctx}: every stage once, in order");
        // A Turn of the Ages shows only where a player decides in it (an
        // Age card's step): then it comes right after a stage.
        for (i, c) in seen.iter().enumerate() {
            if let Some(after) = c.strip_prefix("Turn of the Ages after stage ") {
                let before = format!("Stage {after} (");
                assert!(i > 0 && seen[i - 1].starts_with(&before), "{ctx}");
            }
        }
        assert!(
            seen.iter().all(|c| !c.contains('?')),
            "{ctx}: every stage named"
        );
    }
}
