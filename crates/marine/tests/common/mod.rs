//! Helpers for position-based tests.
#![allow(dead_code)]

use eons_core::{CornerId, Game, Hex, HexId, Positions, Seat, Turn};
use eons_marine::position::space_index;
use eons_marine::{Animal, Choice, Element, Event, Marine, State};

/// Loads a position, panicking with the reader's message.
pub fn pos(text: &str) -> State {
    let s = Marine::read_position(text).unwrap_or_else(|e| panic!("{e}"));
    s.invariants()
        .unwrap_or_else(|e| panic!("inconsistent position: {e}"));
    s
}

/// A hex id.
pub fn hex(q: i8, r: i8) -> HexId {
    eons_earth::grid().id(Hex::new(q, r)).expect("on the grid")
}

/// A corner by tile and direction (`e`, `se`, `sw`, `w`, `nw`, `ne`).
pub fn corner(q: i8, r: i8, dir: &str) -> CornerId {
    let k = eons_marine::types::parse_corner_name(dir).expect("corner name");
    eons_earth::grid().corners_of(hex(q, r))[k]
}

/// A display space index.
pub fn space(name: &str) -> eons_marine::Space {
    space_index(name).expect("space name")
}

/// Places a basic pawn.
pub fn basic(name: &str) -> Choice {
    Choice::Place {
        space: space(name),
        special: None,
    }
}

/// Places a special pawn.
pub fn special(name: &str, e: Element) -> Choice {
    Choice::Place {
        space: space(name),
        special: Some(e),
    }
}

/// The legal choices.
pub fn legal(s: &State) -> Vec<Choice> {
    let mut v = Vec::new();
    Marine::legal(s, &mut v);
    v
}

/// Applies a choice that must be legal; returns its events.
pub fn play(s: &mut State, c: Choice) -> Vec<Event> {
    let l = legal(s);
    assert!(
        l.contains(&c),
        "{c:?} not legal; legal: {l:?}; asking: {:?}",
        s.stack.last()
    );
    let mut ev = Vec::new();
    Marine::apply(s, c, &mut ev).unwrap_or_else(|e| panic!("{e}"));
    s.invariants()
        .unwrap_or_else(|e| panic!("after {c:?}: {e}"));
    ev
}

/// Applies a sequence of choices.
pub fn play_all(s: &mut State, cs: &[Choice]) -> Vec<Event> {
    let mut all = Vec::new();
    for &c in cs {
        all.extend(play(s, c));
    }
    all
}

/// Asserts a choice is refused and leaves the state unchanged.
pub fn refused(s: &mut State, c: Choice) {
    let before = s.clone();
    let mut ev = Vec::new();
    assert!(Marine::apply(s, c, &mut ev).is_err(), "{c:?} was accepted");
    assert_eq!(*s, before);
}

/// Species of an animal on a hex.
pub fn sp(s: &State, q: i8, r: i8, a: Animal) -> u8 {
    s.earth.species(hex(q, r), a.index())
}

/// The seat whose decision it is.
pub fn seat(s: &State) -> Seat {
    match Marine::turn(s) {
        Turn::Seat(x) => x,
        Turn::Over => panic!("game over"),
    }
}

/// The animal deciding now.
pub fn decider(s: &State) -> Animal {
    s.stack
        .last()
        .and_then(|f| f.decider())
        .expect("a decision")
}

/// VP of an animal.
pub fn vp(s: &State, a: Animal) -> u32 {
    s.vp[a.index()]
}
