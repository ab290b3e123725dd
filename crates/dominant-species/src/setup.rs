//! Setting up a game (p.4; the optional rules p.17): animals, pieces,
//! initiative, tiles, cards, elements and the starting species.

use crate::data::*;
use crate::queries::board_id;
use crate::space::SPACES;
use crate::state::{AnimalState, Decision, Setup, State, Step};
use eons_core::{Bag, Deck, GameRng, Hex, HexId, Seat, SetupError};
use eons_earth::{grid, Earth, HEXES};
use smallvec::SmallVec;

/// The state of a new game before anything runs (the engine then advances
/// it to the first decision).
pub(crate) fn build(setup: &Setup, seed: u64) -> Result<State, SetupError> {
    // The one fallible read of the data: a broken build refuses every game here.
    let d = try_data().map_err(|e| SetupError(e.to_string()))?;
    let p = setup.players as usize;
    if !(2..=6).contains(&p) {
        return Err(SetupError(format!(
            "Dominant Species is for 2 to 6 players, not {p} (p.2)"
        )));
    }
    if setup.multi_animal && p > 3 {
        return Err(SetupError(
            "the multi-animal rules are for 2 or 3 players (p.17)".into(),
        ));
    }
    let n_animals = if setup.multi_animal { 6 } else { p };
    let mut rng = GameRng::new(seed);
    let mut animals: Vec<Animal> = setup.animals.clone();
    if animals.is_empty() {
        let mut all = Animal::ALL.to_vec();
        rng.shuffle(&mut all);
        all.truncate(n_animals);
        animals = all;
    }
    if animals.len() != n_animals {
        return Err(SetupError(format!(
            "{} listed, {} needed ({} players{})",
            crate::texts::count(animals.len() as u64, "animal"),
            n_animals,
            p,
            if setup.multi_animal {
                ", multi-animal rules: all six"
            } else {
                ""
            }
        )));
    }
    for (i, a) in animals.iter().enumerate() {
        if animals[..i].contains(a) {
            return Err(SetupError(format!("{a} listed twice")));
        }
    }
    let (aps, cubes) = pieces(if setup.multi_animal { 6 } else { p });
    let mut st = State {
        setup: Setup {
            animals: animals.clone(),
            ..setup.clone()
        },
        rng,
        earth: Earth::default(),
        animals: [AnimalState::ABSENT; 6],
        initiative: Animal::ALL,
        initiative_len: 0,
        bag: Bag::from_counts([d.elements_per_type; 6]),
        adaptation: [0; 6],
        regression_box: [0; 6],
        abundance: [0; 6],
        wasteland_box: [0; 6],
        depletion_box: [0; 6],
        wanderlust: [0; 6],
        spaces: [None; SPACES],
        tundra_left: d.tundra_tiles - 1,
        stacks: Default::default(),
        face_up: [true; 3],
        deck: Deck::default(),
        available: [None; 5],
        played: SmallVec::new(),
        survival: None,
        turn: 1,
        step: Step::Planning,
        pending: Decision::None,
        plan_next: 0,
        dominated: 0,
        ice_age: false,
        hibernated: None,
        arrived: [0; HEXES],
    };
    for (i, &a) in animals.iter().enumerate() {
        st.animals[a.index()] = AnimalState {
            in_play: true,
            seat: Seat((i % p) as u8),
            added: [0; 6],
            supply: aps,
            boxed: d.cylinders - aps,
            gene_pool: cubes - 1,
            eliminated: 0,
            vp: 0,
        };
    }
    // Initiative in reverse food-chain order (p.4).
    let mut n = 0;
    for a in Animal::ALL.into_iter().rev() {
        if st.in_play(a) {
            st.initiative[n] = a;
            n += 1;
        }
    }
    st.initiative_len = n as u8;
    // Tiles (p.4, random earth p.17).
    let mut large: Vec<Terrain> = d
        .large_tiles
        .iter()
        .flat_map(|&(t, k)| std::iter::repeat_n(t, k as usize))
        .collect();
    if setup.random_earth {
        st.rng.shuffle(&mut large);
        for (i, &(h, _)) in d.start_tiles.iter().enumerate() {
            let t = if i == 0 { Terrain::Tundra } else { large[i] };
            st.earth.set_tile(board_id(h).expect("start hex"), Some(t));
        }
        large.drain(..7);
    } else {
        for &(h, t) in d.start_tiles.iter() {
            let shown = if h == Hex::new(0, 0) {
                Terrain::Tundra
            } else {
                t
            };
            st.earth
                .set_tile(board_id(h).expect("start hex"), Some(shown));
            if let Some(pos) = large.iter().position(|&x| x == t) {
                large.swap_remove(pos);
            }
        }
        st.rng.shuffle(&mut large);
    }
    for (i, chunk) in large.chunks(8).enumerate() {
        st.stacks[i] = Deck::from_bottom_up(chunk.to_vec());
    }
    // Cards: Ice Age at the bottom of the shuffled deck; five face up (p.4).
    let mut cards: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|&c| c != Card::IceAge)
        .collect();
    st.rng.shuffle(&mut cards);
    cards.insert(0, Card::IceAge);
    st.deck = Deck::from_bottom_up(cards);
    for slot in 0..5 {
        st.available[slot] = st.deck.draw();
    }
    // Elements (p.4; random earth p.17).
    for &(c, e) in d.start_elements.iter() {
        let e = if setup.random_earth {
            match st.bag.draw(&mut st.rng).and_then(Element::from_index) {
                Some(e) => e,
                None => continue,
            }
        } else {
            st.bag.take(e.index());
            e
        };
        let id = grid().corner_id(c).expect("start corner");
        st.earth.set_element(id, Some(e.index() as u8));
    }
    st.fill_display_squares();
    // Starting species (p.4; random earth p.17).
    if setup.random_earth {
        let mut counts = [0u32; 6];
        let tiles: Vec<(HexId, Terrain)> = st.earth.tiles().collect();
        for a in animals.iter().copied() {
            for &(h, t) in &tiles {
                if t == Terrain::Tundra {
                    continue;
                }
                let k = st.earth.elements_on(h)[a.element().index()];
                let k = k.min(st.animals[a.index()].gene_pool);
                st.earth.add_species(h, a.index(), k);
                st.animals[a.index()].gene_pool -= k;
                counts[a.index()] += k as u32;
            }
        }
        let m = counts.iter().copied().max().unwrap_or(0);
        for a in animals.iter().copied() {
            st.animals[a.index()].vp = m - counts[a.index()];
        }
    } else {
        for a in animals.iter().copied() {
            for (t, k) in start_species(a) {
                let &(h, _) = d
                    .start_tiles
                    .iter()
                    .find(|(_, tt)| *tt == t)
                    .expect("start terrain");
                st.earth
                    .add_species(board_id(h).expect("start hex"), a.index(), k);
                st.animals[a.index()].gene_pool -= k;
            }
        }
    }
    Ok(st)
}
