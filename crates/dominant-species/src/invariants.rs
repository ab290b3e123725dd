//! What holds in every state of the game: every component is in exactly one
//! place (reference §1.3, §1.6; components, p.2), and the limits the rules
//! keep (at most six elements on an animal, p.10). [`check`] is
//! [`eons_core::Game::invariants`] for Dominant Species; the shared
//! random-simulation test calls it after every choice and the position
//! reader after parsing (which requires the limits only).

use crate::data::{data, pieces, Animal, Card, Terrain};
use crate::state::{Decision, State};
use eons_core::InvariantError;

fn broken(what: String) -> Result<(), InvariantError> {
    Err(InvariantError::from_setup(what))
}

/// Checks the limits of `s` ([`eons_core::Reach::Always`]), then that every
/// component is in exactly one place ([`eons_core::Reach::FromSetup`]: a
/// position may leave tiles, cubes or cards out of the game).
pub fn check(s: &State) -> Result<(), InvariantError> {
    // Limits: at most six elements on an animal (p.10), elements only on
    // corners of earth.
    for a in s.animals_in_play() {
        if s.element_total(a) > 6 {
            return Err(InvariantError::always(format!(
                "{a}: more than six elements (p.10)"
            )));
        }
    }
    if let Some((corner, _)) = s
        .earth
        .elements()
        .find(|&(corner, _)| !s.earth.corner_of_earth(corner))
    {
        return Err(InvariantError::always(format!(
            "an element on {}, a corner touching no tile",
            eons_earth::CornerLabel::of(corner)
        )));
    }
    let d = data();
    // Elements: 20 of each type, each in exactly one place.
    let earth = s.earth.element_totals();
    for e in 0..6 {
        let mut total = s.bag.count(e) as u32 + earth[e] as u32;
        for leaf in [
            s.adaptation,
            s.regression_box,
            s.abundance,
            s.wasteland_box,
            s.depletion_box,
            s.wanderlust,
        ] {
            total += leaf[e] as u32;
        }
        for a in Animal::ALL {
            total += s.animals[a.index()].added[e] as u32;
        }
        if total != u32::from(d.elements_per_type) {
            return broken(format!(
                "{total} {} elements, not {}",
                crate::data::Element::ALL[e],
                d.elements_per_type
            ));
        }
    }
    let players = if s.setup.multi_animal {
        6
    } else {
        s.setup.players as usize
    };
    let (_, cubes) = pieces(players);
    for a in s.animals_in_play() {
        let animal = s.animals[a.index()];
        let cubes_now = u32::from(animal.gene_pool)
            + s.earth.species_total(a.index())
            + u32::from(animal.eliminated)
            + 1;
        if cubes_now != u32::from(cubes) {
            return broken(format!("{a}: {cubes_now} species cubes, not {cubes}"));
        }
        // The Initiative AP is in its owner's hand while it decides (p.10).
        let in_hand = u8::from(s.pending == Decision::Initiative(a));
        let cylinders = animal.supply + s.aps_on_display(a) + animal.boxed + in_hand;
        if cylinders != d.cylinders {
            return broken(format!(
                "{a}: {cylinders} action pawns, not {}",
                d.cylinders
            ));
        }
    }
    // Tiles: the large tiles on earth or in the stacks (a tundra tile covers
    // a large tile, p.13, so the earth's tiles are its large tiles), and the
    // tundra tiles.
    // `large_tiles` counts every large tile of the game, the seven of the
    // starting earth among them.
    let large: usize = d.large_tiles.iter().map(|&(_, count)| count as usize).sum();
    let stacked: usize = s.stacks.iter().map(|stack| stack.len()).sum();
    if s.earth.tile_count() + stacked != large {
        return broken(format!(
            "{} tiles on earth and {stacked} in the stacks, not {large}",
            s.earth.tile_count()
        ));
    }
    let tundra = s
        .earth
        .tiles()
        .filter(|(_, t)| *t == Terrain::Tundra)
        .count();
    if tundra + s.tundra_left as usize != d.tundra_tiles as usize {
        return broken(format!(
            "{tundra} tundra tiles on earth and {} left, not {}",
            s.tundra_left, d.tundra_tiles
        ));
    }
    // Cards: the 26 Dominance cards, each exactly once.
    let mut cards: Vec<Card> = s
        .available
        .iter()
        .flatten()
        .chain(s.deck.cards())
        .chain(&s.played)
        .copied()
        .collect();
    cards.sort();
    if cards != Card::ALL {
        return broken(format!(
            "{} Dominance cards available, in the deck or played, not each of the 26 once",
            cards.len()
        ));
    }
    Ok(())
}
