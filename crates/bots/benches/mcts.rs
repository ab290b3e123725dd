//! MCTS iterations per second on the tests' toy game Card Race (`demo`,
//! from `eons-toy`) and on each real game (4 players, a
//! mid-game decision reached by seeded random play). Criterion reports the
//! throughput in elements/s, one element being one search iteration.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use eons_bots::{Bot, Budget, MctsBot, MctsConfig};
use eons_core::{Game, Turn};
use eons_toy::CardRace;
use std::hint::black_box;
use std::time::Duration;

const ITERATIONS: u64 = 2_000;

fn mcts_iterations(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts/demo-4p");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(ITERATIONS));
    let setup = CardRace::setup(4, &[]).expect("4 players");
    let state = CardRace::new(&setup, 1).expect("new game");
    let Turn::Seat(seat) = CardRace::turn(&state) else {
        return;
    };
    for threads in [1usize, 2] {
        let config = MctsConfig {
            budget: Budget::Iterations(ITERATIONS),
            threads,
            // Every measured search runs its whole budget, so the
            // throughput counts real iterations.
            early_stop: false,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::<CardRace>::new(7, config);
        group.bench_function(format!("{ITERATIONS}it/threads={threads}"), |b| {
            b.iter(|| black_box(bot.choose(black_box(&state), seat)))
        });
    }
    group.finish();
}

/// Plays `moves` seeded random decisions into a 4-player game of `G`, then
/// on to the next decision with at least two choices (a bot answers a
/// single choice without searching).
fn midgame<G: Game>(moves: usize) -> Option<(G::State, eons_core::Seat)> {
    let setup = G::setup(4, &[]).ok()?;
    let mut s = G::new(&setup, 11).ok()?;
    let mut rng = eons_core::GameRng::new(11);
    eons_core::random_playout::<G>(&mut s, &mut rng, moves).ok()?;
    let mut legal = Vec::new();
    loop {
        let Turn::Seat(seat) = G::turn(&s) else {
            return None;
        };
        legal.clear();
        G::legal(&s, &mut legal);
        if legal.len() >= 2 {
            return Some((s, seat));
        }
        G::apply(&mut s, *legal.first()?, &mut Vec::new()).ok()?;
    }
}

fn real_game<G: Game>(c: &mut Criterion, iterations: u64, moves: usize) {
    let Some((state, seat)) = midgame::<G>(moves) else {
        return;
    };
    let mut group = c.benchmark_group(format!("mcts/{}-4p", G::ID));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(iterations));
    for threads in [1usize, 2] {
        let config = MctsConfig {
            budget: Budget::Iterations(iterations),
            threads,
            // Every measured search runs its whole budget, so the
            // throughput counts real iterations.
            early_stop: false,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::<G>::new(7, config);
        group.bench_function(format!("{iterations}it/threads={threads}"), |b| {
            b.iter(|| black_box(bot.choose(black_box(&state), seat)))
        });
    }
    group.finish();
}

fn mcts_real_games(c: &mut Criterion) {
    real_game::<eons_dominant_species::DominantSpecies>(c, 200, 300);
    real_game::<eons_marine::Marine>(c, 200, 300);
    real_game::<eons_pangea::Pangea>(c, 500, 60);
}

criterion_group!(benches, mcts_iterations, mcts_real_games);
criterion_main!(benches);
