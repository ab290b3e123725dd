//! Complete random 4-player games and decisions per second on one core
//! (`cargo bench -p eons-dominant-species`; also `eons bench ds`).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use eons_core::{random_playout, Game, GameRng};
use eons_dominant_species::DominantSpecies as Ds;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let setup = Ds::setup(4, &[]).expect("setup");
    // The same 64 seeded games every run, so the figures compare across commits.
    let states: Vec<_> = (0..64u64)
        .map(|i| (Ds::new(&setup, i).expect("new"), GameRng::new(i)))
        .collect();
    let decisions: u64 = states
        .iter()
        .map(|(s, r)| {
            let (mut s, mut r) = (s.clone(), r.clone());
            random_playout::<Ds>(&mut s, &mut r, usize::MAX).expect("plays") as u64
        })
        .sum();
    let mut g = c.benchmark_group("dominant-species");
    g.sample_size(10);
    g.throughput(Throughput::Elements(64));
    g.bench_function("random 4-player games (64 games; elements = games)", |b| {
        b.iter_batched(
            || states.clone(),
            |states| {
                for (mut s, mut r) in states {
                    black_box(random_playout::<Ds>(&mut s, &mut r, usize::MAX).expect("plays"));
                }
            },
            BatchSize::LargeInput,
        )
    });
    g.throughput(Throughput::Elements(decisions));
    g.bench_function("random 4-player decisions (elements = decisions)", |b| {
        b.iter_batched(
            || states.clone(),
            |states| {
                for (mut s, mut r) in states {
                    black_box(random_playout::<Ds>(&mut s, &mut r, usize::MAX).expect("plays"));
                }
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
