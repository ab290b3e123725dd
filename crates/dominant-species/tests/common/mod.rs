//! Helpers shared by the Dominant Species tests.
#![allow(dead_code)]

use eons_core::{Game, Hex, HexId, Positions, Turn};
use eons_dominant_species::{
    data::{data, Animal},
    Choice, DominantSpecies as Ds, Event, State,
};
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
        eons_dominant_species::describe::prompt(s)
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

/// Checks every conservation invariant (reference §1.3, §1.6, p.2).
pub fn check_invariants(s: &State) {
    // Elements: 20 of each type, each in exactly one place.
    let mut total = [0u32; 6];
    let earth = s.earth.element_totals();
    for e in 0..6 {
        total[e] += s.bag.count(e) as u32 + earth[e] as u32;
        for b in [
            s.adaptation,
            s.regression_box,
            s.abundance,
            s.wasteland_box,
            s.depletion_box,
            s.wanderlust,
        ] {
            total[e] += b[e] as u32;
        }
        for a in Animal::ALL {
            total[e] += s.animals[a.index()].added[e] as u32;
        }
    }
    assert_eq!(
        total,
        [data().elements_per_type as u32; 6],
        "element conservation"
    );
    let p = if s.setup.multi_animal {
        6
    } else {
        s.setup.players as usize
    };
    let (_, cubes) = eons_dominant_species::data::pieces(p);
    for a in s.animals_in_play() {
        let st = s.animals[a.index()];
        let cubes_now =
            st.gene_pool as u32 + s.earth.species_total(a.index()) + st.eliminated as u32 + 1;
        assert_eq!(cubes_now, cubes as u32, "{a}: cube conservation");
        // The Initiative AP is in its owner's hand while it decides (p.10).
        let in_hand = u8::from(s.pending == eons_dominant_species::Pending::Initiative(a));
        assert_eq!(
            st.supply + s.aps_on_display(a) + st.boxed + in_hand,
            10,
            "{a}: 10 cylinders"
        );
        assert!(s.element_total(a) <= 6, "{a}: at most six elements (p.10)");
    }
    // Tiles: 31 large tiles, 12 tundra.
    let on_earth = s.earth.tile_count();
    let stacked: usize = s.stacks.iter().map(|d| d.len()).sum();
    assert_eq!(on_earth + stacked, 31, "large tile conservation");
    let tundra = s
        .earth
        .tiles()
        .filter(|(_, t)| *t == eons_dominant_species::Terrain::Tundra)
        .count();
    assert_eq!(tundra + s.tundra_left as usize, 12, "tundra conservation");
    // Cards: 26, each once.
    let mut cards: Vec<_> = s
        .available
        .iter()
        .flatten()
        .chain(s.deck.cards())
        .chain(&s.played)
        .copied()
        .collect();
    cards.sort();
    assert_eq!(
        cards,
        eons_dominant_species::Card::ALL.to_vec(),
        "card conservation"
    );
    // Elements only on corners of earth.
    for (c, _) in s.earth.elements() {
        assert!(
            s.earth.corner_of_earth(c),
            "element on a corner touching no tile"
        );
    }
    if Ds::turn(s) != Turn::Over {
        assert!(
            !legal(s).is_empty(),
            "a pending decision has no legal choice"
        );
    }
}
