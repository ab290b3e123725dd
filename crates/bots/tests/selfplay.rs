//! Self-play shards: written, read back and checked against the games
//! themselves, replayed here from the documented seeds.

use eons_bots::selfplay::{self, Config, Shard};
use eons_bots::tournament::play_game;
use eons_bots::{mix_seed, parse_bot_list, Bot};
use eons_core::{ActionSpace, Game, Learnable, Turn};
use eons_marine::Marine;
use std::path::PathBuf;

/// A fresh directory for one test's shards.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("eons-selfplay-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn config(threads: usize) -> Config {
    let bots = parse_bot_list("mcts:24it,random").expect("bots");
    let mut config = Config::new(2, bots, 5, 11);
    config.every = 3;
    config.threads = threads;
    config.games_per_shard = 2;
    config
}

fn run(config: &Config, name: &str) -> Vec<Vec<u8>> {
    let dir = scratch_dir(name);
    let mut seen = 0;
    let summary = selfplay::run::<Marine>(config, &dir, |p| seen = p.done).expect("a run");
    assert_eq!(seen, config.games);
    assert_eq!(summary.shards.len(), 3, "5 games, 2 per shard");
    let bytes = summary
        .shards
        .iter()
        .map(|p| std::fs::read(p).expect("a shard"))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    bytes
}

#[test]
fn shards_hold_the_games_as_they_were_played() {
    let config = config(1);
    let shards = run(&config, "one");
    let p = config.players;
    let len = Marine::observation_layout(p).len();
    let space = ActionSpace::<Marine>::new(p);
    let setup = Marine::setup(p, &[]).expect("setup");
    let mut games_seen = Vec::new();
    let mut searched_rows = 0;
    for bytes in &shards {
        let shard = Shard::from_bytes(bytes).expect("a readable shard");
        let n = shard.rows;
        assert!(n > 0);
        assert_eq!(shard.metadata["format"], "eons-selfplay-1");
        assert_eq!(shard.metadata["game"], Marine::ID);
        assert_eq!(shard.metadata["observation_len"], len.to_string());
        assert_eq!(shard.metadata["actions"], space.len().to_string());
        assert_eq!(
            shard.metadata["roles"],
            "reptiles,cephalopods,fishes,crustaceans"
        );
        assert_eq!(shard.observation.len(), n * len);
        assert_eq!(shard.policy_offsets.len(), n + 1);
        assert_eq!(shard.policy_offsets[0], 0);
        assert_eq!(shard.policy_offsets[n] as usize, shard.policy_ids.len());
        assert!(shard.policy_offsets.windows(2).all(|w| w[0] <= w[1]));
        for row in shard.win.chunks(p) {
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-6, "{row:?}");
        }
        assert!(shard.role.iter().all(|&r| (0..4).contains(&r)));
        // Replay every game of the shard from the documented seeds.
        let mut games: Vec<i64> = shard.game.clone();
        games.dedup();
        for &g in &games {
            games_seen.push(g);
            let g = g as usize;
            let base = mix_seed(config.seed, g as u64);
            let mut bots: Vec<Box<dyn Bot<Marine>>> = (0..p)
                .map(|s| config.bots[(s + g) % 2].build::<Marine>(mix_seed(base, 1 + s as u64)))
                .collect();
            let played = play_game::<Marine>(&setup, config.seed + g as u64, &mut bots, 100_000);
            let outcome = played.outcome.expect("a finished game");
            let rows: Vec<usize> = (0..n).filter(|&i| shard.game[i] == g as i64).collect();
            let mut state = Marine::new(&setup, config.seed + g as u64).expect("a deal");
            let mut events = Vec::new();
            let mut observation = vec![0f32; len];
            let mut next = rows.iter().peekable();
            for (d, recorded) in played.record.choices.iter().enumerate() {
                assert_eq!(Marine::turn(&state), Turn::Seat(recorded.seat));
                if d % config.every == 0 {
                    let &i = next.next().expect("a row for every 3rd decision");
                    assert_eq!(shard.decision[i], d as i64);
                    assert_eq!(shard.seat[i], recorded.seat.index() as i64);
                    Marine::observe(&state, recorded.seat, &mut observation);
                    assert_eq!(&shard.observation[i * len..(i + 1) * len], &observation[..]);
                    let scores = Marine::scores(&state);
                    for s in 0..p {
                        assert_eq!(shard.vp[i * p + s], scores[s] as f32);
                        assert_eq!(shard.final_vp[i * p + s], outcome.scores[s] as f32);
                        let won = outcome.winner().map(|w| w.index()) == Some(s);
                        assert_eq!(shard.win[i * p + s], if won { 1.0 } else { 0.0 });
                    }
                    let (from, to) = (shard.policy_offsets[i], shard.policy_offsets[i + 1]);
                    let mcts_seat = (g % 2 == 0) == (recorded.seat.index() == 0);
                    if !mcts_seat {
                        assert_eq!(from, to, "a random bot does not search");
                    } else if from < to {
                        searched_rows += 1;
                        let ids = &shard.policy_ids[from as usize..to as usize];
                        let visits = &shard.policy_visits[from as usize..to as usize];
                        // One root visit per iteration; the search may stop early.
                        let total = visits.iter().sum::<f32>();
                        assert!((1.0..=24.0).contains(&total), "{total}");
                        let chosen = space.id(&recorded.choice).expect("an id").0 as i64;
                        assert!(ids.contains(&chosen));
                    }
                }
                events.clear();
                Marine::apply(&mut state, recorded.choice, &mut events).expect("replays");
            }
            assert!(next.next().is_none(), "no row past the game's end");
        }
    }
    assert_eq!(games_seen, (0..5).collect::<Vec<i64>>());
    assert!(searched_rows > 0, "some rows carry the search's visits");
}

#[test]
fn shards_are_the_same_bytes_whatever_the_threads() {
    let (one, three) = (run(&config(1), "t1"), run(&config(3), "t3"));
    assert_eq!(one.len(), three.len());
    for (k, (a, b)) in one.iter().zip(&three).enumerate() {
        assert!(
            a == b,
            "shard {k} differs ({} and {} bytes)",
            a.len(),
            b.len()
        );
    }
}

#[test]
fn a_bot_list_of_the_wrong_length_is_refused() {
    let bots = parse_bot_list("random,random,random").expect("bots");
    let config = Config::new(2, bots, 1, 0);
    let err = selfplay::run::<Marine>(&config, &scratch_dir("refused"), |_| {}).unwrap_err();
    assert!(err.to_string().contains("3 bots for 2 players"), "{err}");
}
