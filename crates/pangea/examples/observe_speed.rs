//! How long writing a seat's observation takes beside playing the game,
//! whole ([`Learnable::observe`]) or in place ([`Learnable::observe_again`]):
//! random 4-player games, the observation of the seat to move after every
//! decision, as a batch of the Python package writes them.
//!
//!     cargo run --release -p eons-pangea --example observe_speed
//!
//! `--again-only`, `--whole-only` and `--nothing-only` play 400 games
//! observing one way only, for a profiler (`perf stat` counts cycles of
//! the program alone, steadier than the time on a shared machine).

use eons_core::{Game, GameRng, Learnable, Turn};
use eons_pangea::Pangea;
use std::time::Instant;

/// How a run observes.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Nothing,
    Whole,
    Again,
}

/// Plays `games` random games, observing as `mode` says; returns the
/// decisions made and the seconds taken.
fn run(games: u64, mode: Mode) -> (usize, f64) {
    let setup = Pangea::setup(4, &[]).expect("4 players");
    let mut out = vec![0.0f32; Pangea::observation_layout(4).len()];
    let mut memory = Default::default();
    let mut rng = GameRng::new(7);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    let start = Instant::now();
    for g in 0..games {
        let mut s = Pangea::new(&setup, g).expect("a deal");
        while let Turn::Seat(seat) = Pangea::turn(&s) {
            match mode {
                Mode::Nothing => {}
                Mode::Whole => Pangea::observe(&s, seat, &mut out),
                Mode::Again => Pangea::observe_again(&s, seat, &mut memory, &mut out),
            }
            legal.clear();
            Pangea::legal(&s, &mut legal);
            let c = legal[rng.index(legal.len())];
            events.clear();
            Pangea::apply(&mut s, c, &mut events).expect("a legal choice");
            decisions += 1;
        }
    }
    (decisions, start.elapsed().as_secs_f64())
}

fn main() {
    let only = [
        ("--again-only", Mode::Again),
        ("--whole-only", Mode::Whole),
        ("--nothing-only", Mode::Nothing),
    ];
    for (flag, mode) in only {
        if std::env::args().any(|a| a == flag) {
            let (n, _) = run(400, mode);
            println!("{n} decisions");
            return;
        }
    }
    for round in 0..3 {
        let (n, nothing) = run(100, Mode::Nothing);
        let (_, whole) = run(100, Mode::Whole);
        let (_, again) = run(100, Mode::Again);
        let per = |t: f64| t / n as f64 * 1e6;
        println!(
            "round {round}: {n} decisions; a decision {:.3} µs; observing adds {:.3} µs whole, {:.3} µs in place",
            per(nothing),
            per(whole - nothing),
            per(again - nothing)
        );
    }
}
