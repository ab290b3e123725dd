//! How long writing a seat's observation takes beside playing the game,
//! whole ([`eons_core::Learnable::observe`]) or in place
//! ([`eons_core::Learnable::observe_again`]): random 4-player games, the
//! observation of the seat to move after every decision, as a batch of the
//! Python package writes them (`eons_core::testing::speed`).
//!
//!     cargo run --release -p eons-marine --example observe_speed
//!
//! `--again-only`, `--whole-only` and `--nothing-only` play 120 games
//! observing one way only, for a profiler. `--checksum [games]` prints a
//! hash of every seat's observation at every decision of games (4 unless
//! told) of each of six setups of 2 to 4 players, written whole and in
//! place, to compare two builds' observations value for value.

use eons_core::{Game, GameRng, Learnable, Turn};
use eons_marine::Marine;

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
    println!(
        "an observation of 4 players: {} values",
        Marine::observation_layout(4).len()
    );
    eons_core::testing::speed::observe_speed::<Marine>(30);
}
