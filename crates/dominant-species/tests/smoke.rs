use eons_core::{random_playout, Game, GameRng, Turn};
use eons_dominant_species::DominantSpecies as Ds;

#[test]
fn smoke_random_games_end() {
    for seed in 0..20u64 {
        let players = 2 + (seed % 5) as usize;
        let setup = Ds::setup(players, &[]).unwrap();
        let mut s = Ds::new(&setup, seed).unwrap();
        let mut rng = GameRng::new(seed);
        let n = random_playout::<Ds>(&mut s, &mut rng, 100_000).unwrap();
        eprintln!("seed {seed} players {players}: {n} decisions, turn {}, over={:?} played {:?}", s.turn, Ds::turn(&s), s.played.len());
        for a in s.animals_in_play() { let st = s.animals[a.index()]; eprintln!("   {a}: pool {} earth {} elim {} vp {} elems {:?}", st.gene_pool, s.earth.species_total(a.index()), st.eliminated, st.vp, s.display(a)); }
    }
}
