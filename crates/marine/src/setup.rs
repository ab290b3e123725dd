//! Setting up a game (rulebook p.4-5 and the variants p.22-23): the starting
//! state, before the trait draft.

use crate::data::{data, StartRole, MAX_CIRCLES, MAX_MARKERS, MAX_SLOTS, MAX_SQUARES};
use crate::decision::Decision;
use crate::state::{ActionDisplay, Setup, State, ANIMALS, DISKS, MAX_OFFER};
use crate::types::{Animal, Card, Element, Terrain, Tile, Trait};
use eons_core::{Bag, Deck, GameRng, SetupError};
use eons_earth::{Earth, ELEMENTS, HEXES};

/// Builds the starting state (p.4-5 and the variants p.22-23). The trait
/// draft and the setup traits (Pack Hunters, Exaptation) are the first
/// decisions.
pub fn new_game(setup: &Setup, seed: u64) -> Result<State, SetupError> {
    let d = crate::data::try_data().map_err(|e| SetupError(e.to_string()))?;
    let check = Setup::parse(setup.players as usize, &setup.options())?;
    if check != *setup {
        return Err(SetupError("inconsistent setup".into()));
    }
    let mut rng = GameRng::new(seed);
    let mut in_play = 0u8;
    let mut owner = [0u8; ANIMALS];
    for (i, &a) in setup.animals.iter().enumerate() {
        in_play |= a.bit();
        owner[a.index()] = (i % setup.players as usize) as u8;
    }
    let mut s = State {
        setup: setup.clone(),
        in_play,
        owner,
        earth: Earth::default(),
        pool: [0; ANIMALS],
        eliminated: [0; ANIMALS],
        vp: [0; ANIMALS],
        printed: [[0; ELEMENTS]; ANIMALS],
        disks: [[None; DISKS]; ANIMALS],
        basic_total: [0; ANIMALS],
        basic_avail: [0; ANIMALS],
        traits: [0; ANIMALS],
        copied: [None; ANIMALS],
        hands: [[None; 4]; ANIMALS],
        picks: [0; ANIMALS],
        revealed: false,
        offer: [[None; MAX_OFFER]; ANIMALS],
        trait_box: Vec::new(),
        budding_done: 0,
        food_right: 0,
        spaces: ActionDisplay::empty(),
        personal: [None; ANIMALS],
        special_control: [None; ELEMENTS],
        special_space: [None; ELEMENTS],
        targets: [d.target_start; ELEMENTS],
        circles: [[None; MAX_CIRCLES]; 4],
        boxes: [[0; ELEMENTS]; 3],
        squares: [None; MAX_SQUARES],
        comp_markers: [None; MAX_MARKERS],
        evo_markers: [None; MAX_MARKERS],
        bag: Bag::from_counts([d.elements_per_type; ELEMENTS]),
        marker_bag: Bag::default(),
        row: [None; MAX_SLOTS],
        deck: Deck::default(),
        discard: Vec::new(),
        removed: Vec::new(),
        stacks: Default::default(),
        vents_left: d.vents_total,
        tiles_out: 0,
        cur: Animal::Crustaceans,
        extra_turn: false,
        // A round cap of one round makes round 1 the last (p.9: it ends
        // where the first Reseed would have been).
        last_round: setup.max_rounds == 1,
        reseeds: 0,
        turns: 0,
        stack: Vec::new(),
        moved: [0; HEXES],
        over: false,
        rng: GameRng::new(0),
    };
    for t in Terrain::ALL {
        for _ in 0..d.terrain[t.index()].markers {
            s.marker_bag.put(t.index());
        }
    }

    // Animal displays: default side, or three random disks (p.23).
    for a in s.animals().collect::<Vec<_>>() {
        if setup.alternate_displays {
            for i in 0..3.min(s.display_slots(a)) {
                s.disks[a.index()][i] = s.bag.draw(&mut rng).and_then(Element::from_index);
            }
        } else {
            s.printed[a.index()] = d.printed[a.index()];
        }
    }

    // Tiles and stacks (p.4; random earth p.22).
    let mut stack_pool: Vec<Terrain> = Vec::new();
    for t in Terrain::ALL {
        for _ in 0..d.terrain[t.index()].stack_tiles {
            stack_pool.push(*t);
        }
    }
    let mut center_hexes = Vec::new();
    for &(h, tile, role) in &d.start_tiles {
        if setup.random_earth && role == StartRole::Center {
            stack_pool.push(tile.base);
            center_hexes.push((h, tile.vent));
        } else {
            s.earth.set_tile(h, Some(tile));
        }
        if tile.vent.is_some() {
            s.vents_left = s.vents_left.saturating_sub(1);
        }
    }
    rng.shuffle(&mut stack_pool);
    for (h, vent) in center_hexes {
        let base = stack_pool.pop().unwrap_or(Terrain::Ocean);
        s.earth.set_tile(h, Some(Tile { base, vent }));
    }
    let per = d.stack_size as usize;
    for i in 0..d.stacks as usize {
        let from = (i * per).min(stack_pool.len());
        let to = ((i + 1) * per).min(stack_pool.len());
        s.stacks[i] = Deck::from_bottom_up(stack_pool[from..to].to_vec());
    }

    // Starting elements: one of each type (p.4), or random (p.22).
    if setup.random_earth {
        let mut tries = 0;
        loop {
            tries += 1;
            let mut placed = Vec::new();
            for &(c, _) in &d.start_elements {
                if let Some(e) = s.bag.draw(&mut rng) {
                    s.earth.set_element(c, Some(e as u8));
                    placed.push(c);
                }
            }
            let ok = s
                .animals()
                .all(|a| s.earth.matching(d.center, &s.needs(a)) > 0);
            if ok || tries >= 1000 {
                break;
            }
            for c in placed {
                if let Some(e) = s.earth.element(c) {
                    s.bag.put(e as usize);
                    s.earth.set_element(c, None);
                }
            }
        }
    } else {
        for &(c, e) in &d.start_elements {
            if s.bag.take(e.index()) {
                s.earth.set_element(c, Some(e.index() as u8));
            }
        }
    }

    // Element circles and terrain markers (p.4).
    s.rng = rng;
    s.fill_circles();
    s.draw_markers();

    // Pawns (p.4; two animals p.22).
    let basic = if setup.two_animals {
        d.basic_two_animals
    } else {
        d.basic_pawns[setup.players as usize]
    };
    for a in s.animals().collect::<Vec<_>>() {
        s.basic_total[a.index()] = basic;
        s.basic_avail[a.index()] = basic;
    }

    // Species: 1 Reseed marker, 3 on the central tile (p.5) or per matching element (p.22).
    for a in s.animals().collect::<Vec<_>>() {
        s.pool[a.index()] = d.cubes - 1;
        let n = if setup.random_earth {
            let on = s.earth.elements_on(d.center);
            let needs = s.needs(a);
            (0..ELEMENTS)
                .map(|e| needs[e] as u32 * on[e] as u32)
                .sum::<u32>() as u8
        } else {
            d.start_on_center
        };
        let n = n.min(s.pool[a.index()]);
        s.pool[a.index()] -= n;
        s.earth.add_species(d.center, a.index(), n);
    }
    if setup.random_earth {
        // Every animal starts at the sum of the central tile's places, less
        // what it would score there now (p.22).
        let sum: u32 = s
            .earth
            .tile(d.center)
            .map_or(0, |t| data().places(t.terrain()).iter().sum());
        let mut dummy = Vec::new();
        let before = s.vp;
        s.score_tile(d.center, false, &mut dummy);
        for &a in Animal::ALL {
            let gain = s.vp[a.index()] - before[a.index()];
            s.vp[a.index()] = if s.plays(a) {
                sum.saturating_sub(gain)
            } else {
                0
            };
        }
    }

    // Evolution deck (p.5; lengths p.23).
    let mut cards: Vec<Card> = Card::ALL
        .iter()
        .copied()
        .filter(|&c| c != Card::Asteroid)
        .collect();
    s.rng.shuffle(&mut cards);
    let out = d.removed[setup.length as usize] as usize;
    s.removed = cards.split_off(cards.len() - out);
    let mut bottom = cards.split_off(cards.len() - d.bottom_stack as usize);
    bottom.push(Card::Asteroid);
    s.rng.shuffle(&mut bottom);
    bottom.extend(cards);
    s.deck = Deck::from_bottom_up(bottom);
    for i in 0..d.slots as usize {
        s.row[i] = s.deck.draw();
    }

    // Traits: deal three to each animal (p.5).
    let mut traits: Vec<Trait> = Trait::ALL.to_vec();
    s.rng.shuffle(&mut traits);
    for a in s.animals().collect::<Vec<_>>() {
        for k in 0..d.traits_dealt as usize {
            s.hands[a.index()][k] = traits.pop();
        }
    }
    s.trait_box = traits;
    s.trait_box.sort();

    s.cur = s.first_animal();
    // Decisions: the draft in turn order, then the reveal and the first turn.
    s.stack.push(Decision::Turn { a: s.cur });
    s.stack.push(Decision::SetupCards);
    s.stack.push(Decision::SetupTraits);
    s.stack.push(Decision::Reveal);
    let order: Vec<Animal> = {
        let mut v = vec![s.cur];
        let mut a = s.cur;
        for _ in 1..s.animal_count() {
            a = s.next_animal(a);
            v.push(a);
        }
        v
    };
    for &a in order.iter().rev() {
        s.stack.push(Decision::Draft { a });
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(players: usize, opts: &[&str]) -> Setup {
        let o: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
        Setup::parse(players, &o).expect("setup")
    }

    /// Rulebook p.4: 15 starting tiles, two Vents, six elements, 4 per circle row,
    /// 3 + 5 terrain markers; p.5: 3 species each on the Reef.
    #[test]
    fn standard_setup_p4() {
        let s = new_game(&setup(4, &[]), 1).expect("game");
        assert_eq!(s.earth.tile_count(), 15);
        assert_eq!(s.vents_left, 10);
        assert_eq!(s.earth.elements().count(), 6);
        let center = data().center;
        for &a in Animal::ALL {
            assert_eq!(s.earth.species(center, a.index()), 3);
            assert_eq!(s.pool[a.index()], 31);
            assert_eq!(s.basic_total[a.index()], 4);
        }
        assert_eq!(s.marker_bag.len(), 8);
        assert_eq!(s.bag.len(), 120 - 6 - 16);
        assert_eq!(s.stacks.iter().map(|d| d.len()).sum::<usize>(), 21);
        assert_eq!(
            s.cur,
            Animal::Crustaceans,
            "p.5: lowest on the food chain begins"
        );
    }

    /// Rulebook p.5: 10 cards out unseen, the Asteroid among the last five.
    #[test]
    fn evolution_deck_p5() {
        for seed in 0..50 {
            let s = new_game(&setup(3, &[]), seed).expect("game");
            assert_eq!(s.removed.len(), 10);
            assert_eq!(s.deck.len(), 20);
            let pos = s
                .deck
                .cards()
                .iter()
                .position(|&c| c == Card::Asteroid)
                .expect("asteroid in deck");
            assert!(pos < 5, "asteroid at {pos} from the bottom");
            assert_eq!(s.row.iter().flatten().count(), 5);
        }
    }

    /// Rulebook p.4: pawns by player count: 4 -> 4, 3 -> 5, 2 -> 7.
    #[test]
    fn pawns_by_player_count_p4() {
        assert_eq!(new_game(&setup(3, &[]), 0).expect("g").basic_total[0], 5);
        assert_eq!(new_game(&setup(2, &[]), 0).expect("g").basic_total[0], 7);
        assert_eq!(
            new_game(&setup(2, &["two-animals"]), 0)
                .expect("g")
                .basic_total[3],
            4
        );
    }

    /// Rulebook p.23: short game 15 cards out, long 5, epic none.
    #[test]
    fn long_and_short_p23() {
        assert_eq!(
            new_game(&setup(4, &["length=short"]), 0)
                .expect("g")
                .deck
                .len(),
            15
        );
        assert_eq!(
            new_game(&setup(4, &["length=long"]), 0)
                .expect("g")
                .deck
                .len(),
            25
        );
        assert_eq!(
            new_game(&setup(4, &["length=epic"]), 0)
                .expect("g")
                .deck
                .len(),
            30
        );
    }

    /// Rulebook p.22: random earth keeps the top Lands and bottom Oceans; every
    /// animal matches a starting element; species per matching disk.
    #[test]
    fn random_earth_p22() {
        for seed in 0..20 {
            let s = new_game(&setup(4, &["random-earth"]), seed).expect("game");
            let c = data().center;
            for &a in Animal::ALL {
                assert!(s.earth.matching(c, &s.needs(a)) > 0);
                let want = s.earth.matching(c, &s.needs(a)) as u8;
                assert_eq!(s.earth.species(c, a.index()), want);
            }
            assert_eq!(s.earth.tile_count(), 15);
            assert_eq!(s.stacks.iter().map(|d| d.len()).sum::<usize>(), 21);
        }
    }

    /// Rulebook p.23: alternate displays: no printed elements, three random disks.
    #[test]
    fn alternate_displays_p23() {
        let s = new_game(&setup(4, &["alternate-displays"]), 3).expect("game");
        for &a in Animal::ALL {
            assert_eq!(s.printed[a.index()], [0; 6]);
            assert_eq!(s.added_count(a), 3);
        }
    }

    #[test]
    fn bad_setups_are_refused() {
        assert!(Setup::parse(5, &[]).is_err());
        assert!(Setup::parse(3, &["two-animals".into()]).is_err());
        assert!(Setup::parse(2, &["animals=reptiles,reptiles".into()]).is_err());
        assert!(Setup::parse(2, &["bogus".into()]).is_err());
    }
}
