//! Plays random games and tallies which decisions and events occurred (a coverage check).
use eons_core::{Game, GameRng, Turn};
use eons_pangea::Pangea;
use std::collections::BTreeMap;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(20);
    let mut total = 0;
    let mut dec: BTreeMap<String, usize> = BTreeMap::new();
    let mut evs: BTreeMap<String, usize> = BTreeMap::new();
    let mut wins = [0usize; 4];
    for seed in 0..games {
        let players = (seed % 4) as usize + 1;
        let setup = Pangea::setup(players, &[]).expect("setup");
        let mut s = Pangea::new(&setup, seed).expect("new");
        let mut rng = GameRng::new(seed ^ 99);
        let mut legal = Vec::new();
        let mut ev = Vec::new();
        let mut n = 0;
        while let Turn::Seat(_) = Pangea::turn(&s) {
            legal.clear();
            Pangea::legal(&s, &mut legal);
            let k = format!("{:?}", s.decision.expect("decision"));
            let k = k.split(['(', ' ']).next().unwrap_or("").to_string();
            *dec.entry(k).or_default() += 1;
            let c = legal[rng.index(legal.len())];
            Pangea::apply(&mut s, c, &mut ev).expect("legal");
            n += 1;
        }
        for e in &ev {
            let k = format!("{e:?}");
            let k = k.split(['(', ' ', '{']).next().unwrap_or("").to_string();
            *evs.entry(k).or_default() += 1;
        }
        if let Some(r) = &s.result {
            for &w in &r.winners {
                wins[s.players[w as usize].group as usize] += 1;
            }
        }
        total += n;
    }
    println!("{games} games, {total} decisions");
    println!("decisions: {dec:?}");
    println!("events: {evs:?}");
    println!("wins by group: {wins:?}");
}
