//! Helpers shared by the Dominant Species tests.
#![allow(dead_code)]

use eons_core::{Game, Hex, HexId, Positions, Turn};
use eons_dominant_species::{data::Animal, Choice, DominantSpecies as Ds, Event, State};
use eons_earth::grid;

/// Reads a position, panicking with the reader's message on a bad test file.
pub fn pos(text: &str) -> State {
    match Ds::read_position(text) {
        Ok(s) => s,
        Err(e) => panic!("bad test position: {e}\n{text}"),
    }
}

/// Applies a choice that must be legal; returns its events.
pub fn play(s: &mut State, c: Choice) -> Vec<Event> {
    let mut legal = Vec::new();
    Ds::legal(s, &mut legal);
    assert!(
        legal.contains(&c),
        "{c:?} is not legal; prompt: {}; legal: {legal:?}",
        eons_dominant_species::texts::prompt(s)
    );
    let mut ev = Vec::new();
    Ds::apply(s, c, &mut ev).expect("legal choice applies");
    ev
}

/// The legal choices now.
pub fn legal(s: &State) -> Vec<Choice> {
    let mut v = Vec::new();
    Ds::legal(s, &mut v);
    v
}

/// Grid id of a board hex.
pub fn h(q: i8, r: i8) -> HexId {
    grid().id(Hex::new(q, r)).expect("board hex")
}

/// `Choice::Tile` for a hex.
pub fn tile(q: i8, r: i8) -> Choice {
    Choice::Tile(Hex::new(q, r))
}

/// Species of an animal on a hex.
pub fn sp(s: &State, q: i8, r: i8, a: Animal) -> u8 {
    s.earth.species(h(q, r), a.index())
}

/// Checks every conservation invariant (reference §1.3, §1.6, p.2): the
/// engine's own [`Game::invariants`], and that a pending decision has a
/// legal choice.
pub fn check_invariants(s: &State) {
    if let Err(e) = Ds::invariants(s) {
        panic!("{e}");
    }
    if Ds::turn(s) != Turn::Over {
        assert!(
            !legal(s).is_empty(),
            "a pending decision has no legal choice"
        );
    }
}
