//! Complete random 4-player games per second on one core (`cargo bench -p eons-pangea`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use eons_core::{random_playout, Game, GameRng};
use eons_pangea::Pangea;
use std::hint::black_box;

fn playout(c: &mut Criterion) {
    let setup = Pangea::setup(4, &[]).expect("setup");
    let mut g = c.benchmark_group("pangea");
    g.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    g.bench_function("random 4-player game", |b| {
        b.iter(|| {
            seed += 1;
            let mut s = Pangea::new(&setup, seed).expect("new");
            let mut rng = GameRng::new(seed ^ 0x5eed);
            let n = random_playout::<Pangea>(&mut s, &mut rng, 1_000_000).expect("legal");
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, playout);
criterion_main!(benches);
