use eons_core::{Game, GameRng, Turn};
use eons_dominant_species::DominantSpecies as Ds;

#[test]
fn debug_trace() {
    let setup = Ds::setup(2, &[]).unwrap();
    let mut s = Ds::new(&setup, 0).unwrap();
    let mut rng = GameRng::new(0);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    for _ in 0..60 {
        if Ds::turn(&s) == Turn::Over { break; }
        legal.clear();
        Ds::legal(&s, &mut legal);
        let c = legal[rng.index(legal.len())];
        eprintln!("[{}] {} -> {}", legal.len(), eons_dominant_species::describe::prompt(&s), Ds::describe_choice(&s, c));
        ev.clear();
        Ds::apply(&mut s, c, &mut ev).unwrap();
        for e in &ev { eprintln!("     {}", Ds::describe_event(&s, e)); }
    }
}
