//! How long writing a seat's observation takes beside playing the game,
//! whole ([`Learnable::observe`]) or in place ([`Learnable::observe_again`]):
//! random 4-player games, the observation of the seat to move after every
//! decision, as a batch of the Python package writes them.
//!
//!     cargo run --release -p eons-marine --example observe_speed
//!
//! `--again-only` and `--whole-only` observe one way only (for a
//! profiler); `--checksum [games]` prints a hash of every seat's
//! observation at every decision of games (4 unless told) of each of six
//! setups of 2 to 4 players, written whole and in place, to compare two
//! builds' observations value for value.

use eons_core::{Game, GameRng, Learnable, Turn};
use eons_marine::Marine;
use std::time::Instant;

/// How a run observes.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    /// Not at all: the cost of the decisions alone.
    Nothing,
    /// Whole, every time.
    Whole,
    /// In place, into one buffer kept with its memory.
    Again,
}

/// Plays `games` random games, observing as `mode` says; returns the
/// decisions made and the seconds taken.
fn run(games: u64, mode: Mode) -> (usize, f64) {
    let setup = Marine::setup(4, &[]).expect("4 players");
    let mut out = vec![0.0f32; Marine::observation_layout(4).len()];
    let mut memory = Default::default();
    let mut rng = GameRng::new(7);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    let start = Instant::now();
    for g in 0..games {
        let mut s = Marine::new(&setup, g).expect("a deal");
        while let Turn::Seat(seat) = Marine::turn(&s) {
            match mode {
                Mode::Nothing => {}
                Mode::Whole => Marine::observe(&s, seat, &mut out),
                Mode::Again => Marine::observe_again(&s, seat, &mut memory, &mut out),
            }
            legal.clear();
            Marine::legal(&s, &mut legal);
            let c = legal[rng.index(legal.len())];
            events.clear();
            Marine::apply(&mut s, c, &mut events).expect("a legal choice");
            decisions += 1;
        }
    }
    (decisions, start.elapsed().as_secs_f64())
}

/// A hash (FNV-1a) of every seat's observation, whole and in place, at
/// every decision of `games` games of each setup.
fn checksum(games: u64) -> (u64, u64) {
    let setups: [(usize, &[&str]); 6] = [
        (2, &[]),
        (3, &["superheroes"]),
        (4, &[]),
        (2, &["two-animals", "random-earth"]),
        (4, &["alternate-displays", "length=long"]),
        (3, &["length=short", "random-earth"]),
    ];
    let mix = |hash: &mut u64, values: &[f32]| {
        for v in values {
            for b in v.to_bits().to_le_bytes() {
                *hash = (*hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
            }
        }
    };
    let (mut whole, mut again) = (0xcbf2_9ce4_8422_2325u64, 0xcbf2_9ce4_8422_2325u64);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    for (players, options) in setups {
        let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
        let setup = Marine::setup(players, &options).expect("a setup");
        let len = Marine::observation_layout(players).len();
        let mut out = vec![0.0f32; len];
        let mut kept: Vec<_> = (0..players)
            .map(|_| (Default::default(), vec![0.0f32; len]))
            .collect();
        let mut rng = GameRng::new(players as u64);
        for g in 0..games {
            let mut s = Marine::new(&setup, g).expect("a deal");
            while let Turn::Seat(_) = Marine::turn(&s) {
                for (i, (memory, buffer)) in kept.iter_mut().enumerate() {
                    let seat = eons_core::Seat(i as u8);
                    Marine::observe(&s, seat, &mut out);
                    mix(&mut whole, &out);
                    Marine::observe_again(&s, seat, memory, buffer);
                    mix(&mut again, buffer);
                }
                legal.clear();
                Marine::legal(&s, &mut legal);
                let c = legal[rng.index(legal.len())];
                events.clear();
                Marine::apply(&mut s, c, &mut events).expect("a legal choice");
            }
        }
    }
    (whole, again)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--checksum") {
        let games = args.get(at + 1).and_then(|n| n.parse().ok()).unwrap_or(4);
        let (whole, again) = checksum(games);
        println!("observations: {whole:016x} whole, {again:016x} in place");
        return;
    }
    if std::env::args().any(|a| a == "--again-only") {
        run(60, Mode::Again);
        return;
    }
    if std::env::args().any(|a| a == "--whole-only") {
        run(60, Mode::Whole);
        return;
    }
    println!(
        "an observation of 4 players: {} values",
        Marine::observation_layout(4).len()
    );
    for round in 0..3 {
        let (n, nothing) = run(30, Mode::Nothing);
        let (_, whole) = run(30, Mode::Whole);
        let (_, again) = run(30, Mode::Again);
        let per = |t: f64| t / n as f64 * 1e6;
        println!(
            "round {round}: {n} decisions; a decision {:.3} µs; observing adds {:.3} µs whole, {:.3} µs in place",
            per(nothing),
            per(whole - nothing),
            per(again - nothing)
        );
    }
}
