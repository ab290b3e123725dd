//! How long writing a seat's observation takes beside playing the game,
//! whole ([`Learnable::observe`]) or in place ([`Learnable::observe_again`]):
//! random 4-player games, the observation of the seat to move after every
//! decision, as a batch of the Python package writes them.
//!
//!     cargo run --release -p eons-dominant-species --example observe_speed

use eons_core::{Game, GameRng, Learnable, Turn};
use eons_dominant_species::DominantSpecies as Ds;
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
    let setup = Ds::setup(4, &[]).expect("4 players");
    let mut out = vec![0.0f32; Ds::observation_layout(4).len()];
    let mut memory = Default::default();
    let mut rng = GameRng::new(7);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    let start = Instant::now();
    for g in 0..games {
        let mut s = Ds::new(&setup, g).expect("a deal");
        while let Turn::Seat(seat) = Ds::turn(&s) {
            match mode {
                Mode::Nothing => {}
                Mode::Whole => Ds::observe(&s, seat, &mut out),
                Mode::Again => Ds::observe_again(&s, seat, &mut memory, &mut out),
            }
            legal.clear();
            Ds::legal(&s, &mut legal);
            let c = legal[rng.index(legal.len())];
            events.clear();
            Ds::apply(&mut s, c, &mut events).expect("a legal choice");
            decisions += 1;
        }
    }
    (decisions, start.elapsed().as_secs_f64())
}

fn main() {
    if std::env::args().any(|a| a == "--again-only") {
        run(60, Mode::Again);
        return;
    }
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
