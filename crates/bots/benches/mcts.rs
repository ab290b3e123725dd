//! MCTS iterations per second on the test card game ("Hidden High Card",
//! from the integration tests). Criterion reports the throughput in
//! elements/s, one element being one search iteration. Real games will be
//! added here once they exist.

#[allow(dead_code)]
#[path = "../tests/common/goofspiel.rs"]
mod goofspiel;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use eons_bots::{Bot, Budget, MctsBot, MctsConfig};
use eons_core::{Game, Turn};
use goofspiel::HighCard;
use std::hint::black_box;
use std::time::Duration;

const ITERATIONS: u64 = 2_000;

fn mcts_iterations(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts/highcard-4p");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(ITERATIONS));
    let setup = HighCard::setup(4, &[]).expect("4 players");
    let state = HighCard::new(&setup, 1).expect("new game");
    let Turn::Seat(seat) = HighCard::turn(&state) else {
        return;
    };
    for threads in [1usize, 2] {
        let config = MctsConfig {
            budget: Budget::Iterations(ITERATIONS),
            threads,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::<HighCard>::new(7, config);
        group.bench_function(format!("{ITERATIONS}it/threads={threads}"), |b| {
            b.iter(|| black_box(bot.choose(black_box(&state), seat)))
        });
    }
    group.finish();
}

criterion_group!(benches, mcts_iterations);
criterion_main!(benches);
