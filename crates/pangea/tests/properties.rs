//! Property tests over thousands of seeded random games for 1–4 players: no panic, every legal
//! choice applies, illegal choices are refused without changing the state, games end after nine
//! stages, markers and cards are conserved, the record replays to the same state, state and
//! records round-trip through serde and the position format, and views never leak a secret.

use eons_core::{Game, GameRng, Positions, Record, RecordedChoice, Seat, Turn};
use eons_pangea::state::{Owner, Task};
use eons_pangea::types::{flag, AdaptationId, Region, REGIONS};
use eons_pangea::{data, Choice, Event, Pangea, Spot, State};

fn check_invariants(s: &State, ctx: &str) {
    let d = data();
    // Adaptation cards: 28, each design with its copies.
    let mut count = vec![0usize; d.adaptations.len()];
    for &c in s.deck.iter().chain(&s.discard) {
        count[c.index()] += 1;
    }
    for p in &s.players {
        for &c in p.hand.iter().chain(&p.active) {
            count[c.index()] += 1;
        }
        assert!(p.active.len() <= 3, "{ctx}: active adaptation limit");
        assert!(
            p.evolution.count_ones() <= 3,
            "{ctx}: active evolution limit"
        );
        assert!(
            p.dominance >= 0 && p.ap >= 0,
            "{ctx}: negative dominance or AP"
        );
        assert!(p.used.iter().all(|&u| u <= 2), "{ctx}: action limit");
        assert!(p.actions_taken() <= 5, "{ctx}: action markers");
        assert!(p.instinct <= d.top_field(), "{ctx}: instinct track");
        assert!(p.claimed.count_ones() <= 4, "{ctx}: objective markers");
        let specials = (0..4u8)
            .filter(|k| p.evolution & (1 << k) != 0 && d.evolution_card(p.group, *k).special)
            .count();
        assert!(specials <= 1, "{ctx}: one Special Animal card");
    }
    for (i, c) in d.adaptations.iter().enumerate() {
        assert_eq!(count[i], c.copies as usize, "{ctx}: copies of {}", c.name);
    }
    // Animal markers.
    for g in eons_pangea::Group::ALL {
        let (held, held_special) = s.held(g);
        let ord = s.ordinary_on_board(g) + held;
        assert!(ord <= d.group(g).animals, "{ctx}: too many {g}");
        let sp = s
            .animals
            .iter()
            .filter(|p| p.animal.group == g && p.animal.special())
            .count()
            + usize::from(held_special);
        assert!(sp <= 1, "{ctx}: two {g} Special Animals");
        if s.owner[g as usize] == Owner::Absent {
            assert_eq!(s.animals_of(g), 0, "{ctx}: absent group on the board");
        }
    }
    for r in Region::all() {
        for n in 1..3 {
            let k = s
                .animals
                .iter()
                .filter(|p| p.region == r && p.niche == n)
                .count();
            assert!(k <= 1, "{ctx}: two animals in a niche {n}");
        }
        if s.closed.contains(r) {
            assert_eq!(s.count_in(r), 0, "{ctx}: animal in a closed region");
        }
    }
    assert!(
        s.animals.windows(2).all(|w| w[0].key() <= w[1].key()),
        "{ctx}: animals out of resolve order"
    );
    assert!(
        s.animals.iter().filter(|p| p.animal.bearer()).count() <= 1,
        "{ctx}: one objective marker bearer"
    );
    assert!(s.conditions.len() <= 5, "{ctx}: condition markers");
    assert!(s.closed.len() <= 7, "{ctx}: unavailability markers");
    assert!(s.stage <= 9, "{ctx}: stage");
    for (i, slot) in s.objectives.iter().enumerate() {
        for &seat in &slot.claims {
            assert!(
                s.player(seat).claimed & (1 << i) != 0,
                "{ctx}: claim without marker"
            );
        }
    }
    if let Some(eons_pangea::Decision::Turn { .. }) = s.decision {
        for p in &s.players {
            assert!(p.hand.len() <= 3, "{ctx}: hand limit applies at once");
        }
    }
}

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

fn play(players: usize, seed: u64, deep: bool, stats: &mut Stats) {
    let setup = Pangea::setup(players, &[]).expect("setup");
    let mut s = Pangea::new(&setup, seed).expect("new");
    let mut record: Record<Pangea> = Record::new(setup, seed);
    let mut rng = GameRng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 7);
    let mut legal = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut n = 0usize;
    check_invariants(&s, "after setup");
    while let Turn::Seat(seat) = Pangea::turn(&s) {
        let ctx = format!("players {players} seed {seed} decision {n}");
        legal.clear();
        Pangea::legal(&s, &mut legal);
        assert!(!legal.is_empty(), "{ctx}: a decision without choices");
        let mut uniq = legal.clone();
        uniq.sort_by_key(|c| format!("{c:?}"));
        uniq.dedup();
        assert_eq!(uniq.len(), legal.len(), "{ctx}: duplicate legal choices");
        if deep && n % 5 == 0 {
            // Every legal choice applies, and `apply_listed` (the search
            // bots' path, which skips the check) does exactly the same.
            for &c in &legal {
                let (mut t, mut u) = (s.clone(), s.clone());
                let (mut ev, mut eu) = (Vec::new(), Vec::new());
                if let Err(e) = Pangea::apply(&mut t, c, &mut ev) {
                    panic!("{ctx}: legal choice {c:?} refused: {e}");
                }
                Pangea::apply_listed(&mut u, c, &mut eu).expect("listed choice applies");
                assert_eq!(u, t, "{ctx}: apply_listed differs for {c:?}");
                assert_eq!(eu, ev, "{ctx}: apply_listed logs differently");
            }
            // Illegal choices are refused and change nothing.
            for c in probes(&s, &mut rng) {
                if legal.contains(&c) {
                    continue;
                }
                let mut t = s.clone();
                let mut ev = Vec::new();
                assert!(
                    Pangea::apply(&mut t, c, &mut ev).is_err(),
                    "{ctx}: illegal {c:?} accepted"
                );
                assert_eq!(t, s, "{ctx}: a refused choice changed the state");
                assert!(ev.is_empty(), "{ctx}: a refused choice pushed events");
            }
        }
        if deep && n % 23 == 0 {
            check_secrets(&s, &ctx, seed ^ n as u64);
            let text = Pangea::write_position(&s);
            let back = Pangea::read_position(&text)
                .unwrap_or_else(|e| panic!("{ctx}: position does not read back: {e}\n{text}"));
            assert_eq!(back, s, "{ctx}: position round trip");
        }
        let c = legal[rng.index(legal.len())];
        let before = events.len();
        // Every other step by the search bots' path; the replay (by `apply`)
        // must still reach the same state.
        if n % 2 == 0 {
            Pangea::apply(&mut s, c, &mut events)
        } else {
            Pangea::apply_listed(&mut s, c, &mut events)
        }
        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
        // Describing choices and events never fails.
        let _ = Pangea::describe_choice(&s, c);
        for e in &events[before..] {
            assert!(!Pangea::describe_event(&s, e).is_empty());
        }
        record.choices.push(RecordedChoice { seat, choice: c });
        n += 1;
        check_invariants(&s, &ctx);
        assert!(n < 50_000, "{ctx}: the game does not end");
    }
    let ctx = format!("players {players} seed {seed} end");
    assert_eq!(s.stage, 9, "{ctx}: the game ends after nine stages");
    assert!(s.result.is_some(), "{ctx}: a result");
    let stages = events
        .iter()
        .filter(|e| matches!(e, Event::StageBegan(_)))
        .count();
    assert_eq!(stages, 9, "{ctx}: nine stages were played");
    let out = Pangea::outcome(&s).expect("outcome");
    assert_eq!(out.ranking.len(), players);
    // Replay.
    let (replayed, replay_events) = record.replay().expect("replays");
    assert_eq!(replayed, s, "{ctx}: replay reproduces the final state");
    assert_eq!(replay_events.len(), events.len());
    if deep {
        let json = serde_json::to_string(&s).expect("state serialises");
        let back: State = serde_json::from_str(&json).expect("state deserialises");
        assert_eq!(back, s, "{ctx}: state serde round trip");
        let json = serde_json::to_string(&record).expect("record serialises");
        let back: Record<Pangea> = serde_json::from_str(&json).expect("record deserialises");
        assert_eq!(back, record, "{ctx}: record serde round trip");
        let _ = Pangea::render(&Pangea::view(&s, None));
    }
    stats.games += 1;
    stats.decisions += n;
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
