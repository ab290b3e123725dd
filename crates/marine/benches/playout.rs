//! Complete random 4-player Marine games per second on one core.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use eons_core::{random_playout, Game, GameRng};
use eons_marine::Marine;
use std::hint::black_box;

fn playout(c: &mut Criterion) {
    let setup = Marine::setup(4, &[]).expect("setup");
    let mut g = c.benchmark_group("marine");
    g.throughput(Throughput::Elements(1));
    g.sample_size(20);
    let mut seed = 0u64;
    g.bench_function("random 4-player game", |b| {
        b.iter(|| {
            seed += 1;
            let mut s = Marine::new(&setup, seed).expect("game");
            let mut rng = GameRng::new(seed);
            let n =
                random_playout::<Marine>(&mut s, &mut rng, 1_000_000).expect("legal choices apply");
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, playout);
criterion_main!(benches);
