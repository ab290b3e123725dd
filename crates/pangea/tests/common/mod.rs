//! Helpers for position-based rule tests.
#![allow(dead_code)]

use eons_core::{Game, Positions};
use eons_pangea::state::Decision;
use eons_pangea::types::{AdaptationId, Animal, Group, Region, Spot};
use eons_pangea::{data, Choice, Event, Pangea, State};

/// Reads a position or fails the test with the reason.
pub fn pos(text: &str) -> State {
    Pangea::read_position(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A four-player position (seat 1 Synapsids, 2 Sauropsida, 3 Amphibians, 4 Invertebrates):
/// `top` goes before the players, `extra[i]` into seat i's table.
pub fn four(top: &str, extra: [&str; 4]) -> State {
    let groups = ["synapsids", "sauropsida", "amphibians", "invertebrates"];
    let mut t = format!("seed = 11\n{top}\n");
    for i in 0..4 {
        t += &format!("\n[[player]]\ngroup = \"{}\"\n{}\n", groups[i], extra[i]);
    }
    pos(&t)
}

/// Everyone but seat 1 has passed.
pub const PASSED: &str = "passed = true";

/// The legal choices now.
pub fn legal(s: &State) -> Vec<Choice> {
    let mut v = Vec::new();
    Pangea::legal(s, &mut v);
    v
}

/// Applies a choice that must be legal.
pub fn play(s: &mut State, c: Choice) -> Vec<Event> {
    let mut ev = Vec::new();
    Pangea::apply(s, c, &mut ev)
        .unwrap_or_else(|e| panic!("{c:?} refused: {e}; decision {:?}", s.decision));
    ev
}

/// Applies a choice that must be refused, returning the error text.
pub fn refuse(s: &mut State, c: Choice) -> String {
    let before = s.clone();
    let mut ev = Vec::new();
    let e = Pangea::apply(s, c, &mut ev).expect_err("must be refused");
    assert_eq!(*s, before, "a refused choice leaves the state unchanged");
    e.to_string()
}

/// A region id.
pub fn r(name: &str) -> Region {
    eons_pangea::data::region_id(name).expect("region")
}

/// A spot: `"B3 1 syn toxic"`.
pub fn spot(text: &str) -> Spot {
    let mut it = text.split_whitespace();
    let region = r(it.next().expect("region"));
    let niche = it.next().expect("niche").parse().expect("niche");
    let group = Group::from_id(it.next().expect("group")).expect("group");
    let mut flags = 0;
    for w in it {
        flags |= match w {
            "special" => eons_pangea::types::flag::SPECIAL,
            "toxic" => eons_pangea::types::flag::TOXIC,
            "inactive" => eons_pangea::types::flag::INACTIVE,
            "bearer" => eons_pangea::types::flag::BEARER,
            _ => panic!("flag {w}"),
        };
    }
    Spot {
        region,
        niche,
        group,
        flags,
    }
}

/// A Migrate / move choice.
pub fn mv(from: &str, to: &str, niche: u8) -> Choice {
    Choice::Move {
        from: spot(from),
        region: r(to),
        niche,
    }
}

/// The animals in a region's niche.
pub fn at(s: &State, region: &str, niche: u8) -> Vec<Animal> {
    let rr = r(region);
    s.animals
        .iter()
        .filter(|p| p.region == rr && p.niche == niche)
        .map(|p| p.animal)
        .collect()
}

/// The groups in a region's niche.
pub fn groups_at(s: &State, region: &str, niche: u8) -> Vec<Group> {
    at(s, region, niche).iter().map(|a| a.group).collect()
}

/// Index of an adaptation card design by name.
pub fn card(name: &str) -> AdaptationId {
    data()
        .adaptations
        .iter()
        .position(|c| c.name == name)
        .map(|i| AdaptationId(i as u8))
        .expect("card")
}

/// Index (0..4) of a group's evolution card by name.
pub fn evo(g: Group, name: &str) -> u8 {
    let d = data();
    (0..4u8)
        .find(|&k| d.evolution_card(g, k).name == name)
        .expect("evolution card")
}

/// The decision awaited.
pub fn decision(s: &State) -> Decision {
    s.decision.expect("a decision")
}

/// Plays Done / Pass / Skip until the decision is of another seat or kind (bounded).
pub fn finish_turn(s: &mut State) {
    play(s, Choice::Done);
}
