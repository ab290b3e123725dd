//! Helpers shared by the bots' integration tests, which play the tests' toy
//! game Card Race (`eons_toy::CardRace`, id `demo`).
#![allow(dead_code)]

use eons_bots::Bot;
use eons_core::{Game, Positions, Record, RecordedChoice, Seat, Turn};
use eons_toy::{CardRace, CardRaceState};

/// A Card Race position: `target`, the seat to move (0-based), each seat's
/// runner position and hand, and the deck (bottom to top). A position need
/// not hold the whole 24-card deck, so a test may fill the deck and the
/// other hands with one value and make every draw known.
pub fn race_position(
    target: u32,
    to_move: u8,
    positions: &[u32],
    hands: &[&[u8]],
    deck: &[u8],
) -> CardRaceState {
    let hands: Vec<Vec<u8>> = hands.iter().map(|h| h.to_vec()).collect();
    let text = format!(
        "target = {target}\nto_move = {}\npositions = {positions:?}\nhands = {hands:?}\ndeck = {deck:?}\n",
        to_move + 1
    );
    CardRace::read_position(&text).unwrap_or_else(|e| panic!("{e} in\n{text}"))
}

/// The seat to move (panics when the game is over).
pub fn to_move(s: &CardRaceState) -> Seat {
    match CardRace::turn(s) {
        Turn::Seat(x) => x,
        Turn::Over => panic!("the game is over"),
    }
}

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
