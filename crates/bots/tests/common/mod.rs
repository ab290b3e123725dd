//! Test games and helpers shared by the bots' integration tests.
#![allow(dead_code)]

pub mod goofspiel;
pub mod nim;
pub mod race;

use eons_bots::Bot;
use eons_core::{Game, Record, RecordedChoice, Seat, Turn};

/// Plays a whole game with `bots[seat]` for each seat, asserting that every
/// choice a bot returns is in the true state's legal list. Returns the record
/// and the final state.
pub fn play_checked<G: Game>(
    setup: &G::Setup,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
) -> (Record<G>, G::State) {
    let mut s = G::new(setup, seed).expect("setup");
    let mut rec = Record::<G>::new(setup.clone(), seed);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut n = 0;
    while let Turn::Seat(seat) = G::turn(&s) {
        assert!(n < 10_000, "game does not end");
        legal.clear();
        G::legal(&s, &mut legal);
        let c = bots[seat.index()]
            .choose(&s, seat)
            .unwrap_or_else(|| panic!("{} returned no choice", bots[seat.index()].name()));
        assert!(
            legal.contains(&c),
            "{} chose {c:?}, not in {legal:?}",
            bots[seat.index()].name()
        );
        // Asking another seat must give nothing.
        let other = Seat(((seat.index() + 1) % G::seats(&s)) as u8);
        assert_eq!(bots[seat.index()].choose(&s, other), None);
        G::apply(&mut s, c, &mut events).expect("legal choice applies");
        rec.choices.push(RecordedChoice { seat, choice: c });
        n += 1;
    }
    (rec, s)
}
