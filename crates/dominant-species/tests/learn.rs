//! The learning interface (`eons_core::Learnable`): the shared test over
//! every player count and option, and what the action space and the
//! observation's sections say.

use eons_core::testing::check_learnable;
use eons_core::{ActionSpace, Game, GameRng, Hex, Layout, Learnable, Seat, Turn};
use eons_dominant_species::learn::{board_index, observation_len, ACTIONS, PENDING_KINDS};
use eons_dominant_species::{Animal, Choice, DominantSpecies as Ds, State, Terrain};
use eons_earth::grid;

/// Runs the shared test on one setup with each seed of `seeds`, re-drawing
/// each seat's unseen information every `resample_every`-th decision.
fn check(players: usize, options: &[&str], seeds: std::ops::Range<u64>, resample_every: usize) {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let setup = Ds::setup(players, &options).expect("setup");
    for seed in seeds {
        let report = check_learnable::<Ds>(&setup, seed, resample_every);
        assert_eq!(report.actions, ACTIONS);
        assert_eq!(report.observation_len, observation_len(players));
        assert!(
            report.decisions > 100,
            "{players} players {options:?} seed {seed}: a short game"
        );
        assert!(report.resamples > 0);
    }
}

#[test]
fn learnable_with_two_players() {
    check(2, &[], 0..6, 11);
    check(2, &["multi"], 6..11, 11);
    check(2, &["random-earth", "animals=birds,insects"], 11..14, 11);
    check(
        2,
        &[
            "multi",
            "random-earth",
            "animals=insects,birds,mammals,arachnids,reptiles,amphibians",
        ],
        14..17,
        11,
    );
}

#[test]
fn learnable_with_three_players() {
    check(3, &[], 20..25, 11);
    check(3, &["multi"], 25..29, 11);
    check(3, &["multi", "random-earth"], 29..32, 11);
    check(3, &["animals=amphibians,mammals,reptiles"], 32..34, 11);
}

#[test]
fn learnable_with_four_players() {
    check(4, &[], 40..46, 13);
    check(4, &["random-earth"], 46..50, 13);
    check(4, &["animals=arachnids,birds,insects,reptiles"], 50..52, 13);
}

#[test]
fn learnable_with_five_players() {
    check(5, &[], 60..66, 13);
    check(5, &["random-earth"], 66..69, 13);
    check(
        5,
        &["animals=mammals,reptiles,birds,amphibians,arachnids"],
        69..71,
        13,
    );
}

#[test]
fn learnable_with_six_players() {
    check(6, &[], 80..85, 17);
    check(6, &["random-earth"], 85..88, 17);
    check(
        6,
        &[
            "random-earth",
            "animals=insects,arachnids,amphibians,birds,reptiles,mammals",
        ],
        88..90,
        17,
    );
}

#[test]
fn action_space_has_1693_actions_for_every_player_count() {
    assert_eq!(ACTIONS, 1_693);
    let two = ActionSpace::<Ds>::new(2);
    for players in 2..=6 {
        let space = ActionSpace::<Ds>::new(players);
        assert_eq!(space.len(), 1_693, "{players} players");
        assert_eq!(
            space.choices(),
            two.choices(),
            "{players} players: another order"
        );
    }
    // The documented landmarks of the list.
    let c = two.choices();
    assert_eq!(c[0], Choice::Skip);
    assert_eq!(c[3], Choice::ThinOut);
    assert!(matches!(c[4], Choice::Place(s) if s.0 == 0));
    assert!(matches!(c[44], Choice::Place(s) if s.0 == 40));
    assert!(matches!(c[85], Choice::Count(5)));
    assert!(matches!(c[86], Choice::Tile(_)));
    assert!(matches!(c[121], Choice::Corner(_)));
    assert!(matches!(c[212], Choice::Corner(_)));
    assert!(matches!(
        c[213],
        Choice::Species {
            animal: Animal::Mammals,
            ..
        }
    ));
    assert!(matches!(
        c[423],
        Choice::Move {
            animal: Animal::Mammals,
            ..
        }
    ));
    assert!(matches!(
        c[1_692],
        Choice::Move {
            animal: Animal::Insects,
            ..
        }
    ));
}

#[test]
fn only_the_birds_have_moves_two_hexes_long() {
    let space = ActionSpace::<Ds>::new(4);
    let far = |animal: Animal| {
        space
            .choices()
            .iter()
            .filter(|c| matches!(c, Choice::Move { animal: a, from, to } if *a == animal && from.distance(*to) == 2))
            .count()
    };
    assert!(far(Animal::Birds) > 0);
    for a in Animal::ALL.into_iter().filter(|&a| a != Animal::Birds) {
        assert_eq!(far(a), 0, "{a}");
    }
    let centre = Hex::new(0, 0);
    let birds_far = Choice::Move {
        animal: Animal::Birds,
        from: centre,
        to: Hex::new(2, -1),
    };
    assert!(space.id(&birds_far).is_some());
}

#[test]
fn observation_layout_has_the_documented_length() {
    for players in 2..=6 {
        let layout = Ds::observation_layout(players);
        assert_eq!(layout.len(), 2_809 + 8 * players, "{players} players");
        assert_eq!(layout.len(), observation_len(players));
        for seat_section in ["animal_seat", "to_move_seat", "observer_seat"] {
            let (_, len) = layout.span(seat_section).expect(seat_section);
            assert!(len == players || len == 6 * players, "{seat_section}");
        }
    }
    let layout = Ds::observation_layout(4);
    assert_eq!(
        layout.span("pending_kind").map(|s| s.1),
        Some(PENDING_KINDS.len())
    );
}

#[test]
fn every_legal_choice_at_the_start_round_trips_through_its_id() {
    for players in 2..=6 {
        let setup = Ds::setup(players, &[]).expect("setup");
        let state = Ds::new(&setup, 7).expect("new");
        let space = ActionSpace::<Ds>::new(players);
        let mut legal = Vec::new();
        Ds::legal(&state, &mut legal);
        assert_eq!(legal.len(), 41, "Planning offers every eyeball space");
        for c in &legal {
            let id = space.id(c).expect("in the space");
            assert_eq!(space.choice(id), Some(*c));
            assert!(matches!(c, Choice::Place(s) if id.index() == 4 + s.0 as usize));
        }
    }
}

/// The values of section `name` of an observation.
fn section<'a>(layout: &Layout, obs: &'a [f32], name: &str) -> &'a [f32] {
    let (start, len) = layout
        .span(name)
        .unwrap_or_else(|| panic!("no section {name}"));
    &obs[start..start + len]
}

/// The index of the single 1 of a one-hot run (None when all zero).
fn hot(values: &[f32]) -> Option<usize> {
    let ones: Vec<usize> = (0..values.len()).filter(|&i| values[i] == 1.0).collect();
    assert!(
        values.iter().all(|&v| v == 0.0 || v == 1.0) && ones.len() <= 1,
        "not one-hot: {values:?}"
    );
    ones.first().copied()
}

fn observe(state: &State, seat: Seat) -> Vec<f32> {
    let mut out = vec![f32::NAN; observation_len(Ds::seats(state))];
    Ds::observe(state, seat, &mut out);
    out
}

/// Plays `decisions` random decisions of `setup` from `seed`, calling `each`
/// on every state with a decision.
fn walk(
    players: usize,
    options: &[&str],
    seed: u64,
    decisions: usize,
    mut each: impl FnMut(&State),
) {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let setup = Ds::setup(players, &options).expect("setup");
    let mut state = Ds::new(&setup, seed).expect("new");
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..decisions {
        if Ds::turn(&state) == Turn::Over {
            break;
        }
        each(&state);
        legal.clear();
        Ds::legal(&state, &mut legal);
        let c = legal[rng.index(legal.len())];
        Ds::apply(&mut state, c, &mut Vec::new()).expect("legal");
    }
}

#[test]
fn observer_and_to_move_sections_name_the_right_seats() {
    for (players, options) in [
        (4, &[][..]),
        (2, &["multi"][..]),
        (3, &["multi"][..]),
        (6, &[][..]),
    ] {
        let layout = Ds::observation_layout(players);
        let mut checked = 0;
        walk(players, options, 3, 400, |state| {
            let Turn::Seat(to_move) = Ds::turn(state) else {
                unreachable!("walk stops at the end")
            };
            let decider = state.decider().expect("a decider");
            for seat in (0..players).map(|i| Seat(i as u8)) {
                let obs = observe(state, seat);
                assert_eq!(
                    hot(section(&layout, &obs, "observer_seat")),
                    Some(seat.index())
                );
                assert_eq!(
                    hot(section(&layout, &obs, "to_move_seat")),
                    Some(to_move.index())
                );
                assert_eq!(
                    hot(section(&layout, &obs, "to_move_animal")),
                    Some(decider.index())
                );
                let mine = section(&layout, &obs, "observer_animals");
                for a in Animal::ALL {
                    let plays = state.in_play(a) && state.seat_of(a) == seat;
                    assert_eq!(mine[a.index()], f32::from(u8::from(plays)), "{seat} {a}");
                }
                assert_eq!(
                    section(&layout, &obs, "observer_to_move"),
                    &[f32::from(u8::from(seat == to_move))]
                );
                let seats = section(&layout, &obs, "animal_seat");
                for a in Animal::ALL {
                    let one = &seats[a.index() * players..(a.index() + 1) * players];
                    let expected = state.in_play(a).then(|| state.seat_of(a).index());
                    assert_eq!(hot(one), expected, "{a}'s seat");
                }
                checked += 1;
            }
        });
        assert!(checked > 100, "{players} players: {checked} observations");
    }
}

#[test]
fn observation_shows_the_board_as_the_view_does() {
    let layout = Ds::observation_layout(5);
    let board: Vec<_> = eons_dominant_species::queries::board_ids().collect();
    let mut dominated_somewhere = false;
    walk(5, &["random-earth"], 11, 900, |state| {
        let obs = observe(state, Seat(1));
        let view = Ds::view(state, Some(Seat(1)));
        let terrain = section(&layout, &obs, "tile_terrain");
        let species = section(&layout, &obs, "species");
        let dominance = section(&layout, &obs, "dominance");
        for (i, &id) in board.iter().enumerate() {
            let h = grid().hex(id);
            assert_eq!(board_index(h), Some(i));
            let t = view.earth.tile(id).map(Terrain::index);
            assert_eq!(hot(&terrain[i * 8..i * 8 + 8]), t, "terrain of {h}");
            for a in Animal::ALL {
                assert_eq!(
                    species[i * 6 + a.index()],
                    f32::from(view.earth.species(id, a.index())),
                    "{a} on {h}"
                );
            }
            let dom = view
                .dominance
                .iter()
                .find(|(x, _)| *x == h)
                .map(|(_, a)| a.index());
            dominated_somewhere |= dom.is_some();
            assert_eq!(hot(&dominance[i * 6..i * 6 + 6]), dom, "dominance of {h}");
        }
        for a in &view.animals {
            let i = a.animal.index();
            assert_eq!(section(&layout, &obs, "animal_vp")[i], a.vp as f32);
            assert_eq!(
                section(&layout, &obs, "animal_gene_pool")[i],
                f32::from(a.gene_pool)
            );
            assert_eq!(
                section(&layout, &obs, "animal_ap_on_display")[i],
                f32::from(a.on_display)
            );
            assert_eq!(
                section(&layout, &obs, "animal_tiles_dominated")[i],
                a.dominated as f32
            );
            assert_eq!(
                &section(&layout, &obs, "animal_elements")[i * 6..i * 6 + 6],
                a.elements.map(f32::from)
            );
        }
        let available = section(&layout, &obs, "cards_available");
        for c in view.available.iter().flatten() {
            assert_eq!(available[*c as usize], 1.0, "{c}");
        }
        assert_eq!(
            available.iter().sum::<f32>() as usize,
            view.available.iter().flatten().count()
        );
        assert_eq!(
            section(&layout, &obs, "deck_size"),
            &[f32::from(view.deck_size)]
        );
        assert_eq!(
            hot(section(&layout, &obs, "survival")),
            view.survival.map(Animal::index)
        );
        let kind = hot(section(&layout, &obs, "pending_kind")).expect("a pending kind");
        let expected = eons_dominant_species::learn::pending_kind(state.pending);
        assert_eq!(kind, expected);
        assert_ne!(PENDING_KINDS[kind], "None", "a decision is pending");
    });
    assert!(
        dominated_somewhere,
        "no tile was ever dominated: the test saw nothing"
    );
}

#[test]
fn the_first_decision_is_planning_for_the_first_animal_on_initiative() {
    let setup = Ds::setup(3, &[]).expect("setup");
    let state = Ds::new(&setup, 1).expect("new");
    let layout = Ds::observation_layout(3);
    let obs = observe(&state, Seat(0));
    let kind = hot(section(&layout, &obs, "pending_kind")).expect("a kind");
    assert_eq!(PENDING_KINDS[kind], "Plan");
    let first = state.initiative_order()[0];
    assert_eq!(
        hot(section(&layout, &obs, "to_move_animal")),
        Some(first.index())
    );
    assert_eq!(
        hot(section(&layout, &obs, "pending_actor")),
        Some(first.index())
    );
    let initiative = section(&layout, &obs, "initiative");
    assert_eq!(
        hot(&initiative[first.index() * 6..first.index() * 6 + 6]),
        Some(0)
    );
    assert_eq!(section(&layout, &obs, "turn"), &[1.0]);
    assert_eq!(hot(section(&layout, &obs, "step")), Some(0), "Planning");
}

/// The compact observation (`eons_core::compact`) puts each seat's own
/// animal in slot 0 and the animals of the seats after it next: checked
/// against the state itself and against the absolute observation on random
/// games of every player count, the multi-animal rules included (two or
/// three animals per seat).
#[test]
fn compact_observations_put_the_observers_animals_first() {
    use eons_core::compact::SLOT_ANIMAL;
    use eons_core::testing::check_compact_views;
    for (players, options, seed) in [
        (2, vec![], 1u64),
        (2, vec!["multi".to_string()], 2),
        (3, vec!["multi".to_string()], 3),
        (4, vec![], 4),
        (6, vec!["random-earth".to_string()], 5),
    ] {
        let setup = Ds::setup(players, &options).expect("setup");
        let decisions = check_compact_views::<Ds>(&setup, seed, 37, |state, view| {
            let observer = view.observer.index();
            let slots = view.order.len();
            // Which animal each slot is, in seat order from the observer.
            let animal_of = |slot: usize| {
                let hot = &view.compact(SLOT_ANIMAL)[slot * 6..slot * 6 + 6];
                hot.iter().position(|&v| v == 1.0).expect("a slot's animal")
            };
            let mut expected = Vec::new();
            for r in 0..players {
                let seat = Seat(((observer + r) % players) as u8);
                expected.extend(
                    state
                        .animals_in_play()
                        .filter(|&a| state.seat_of(a) == seat)
                        .map(Animal::index),
                );
            }
            assert_eq!((0..slots).map(animal_of).collect::<Vec<_>>(), expected);
            assert_eq!(view.compact("animal_in_play"), vec![1.0; slots].as_slice());
            let own = view.compact("observer_animals");
            let mine: Vec<usize> = (0..slots).filter(|&k| own[k] == 1.0).collect();
            assert!(!mine.is_empty() && mine.iter().enumerate().all(|(i, &k)| i == k));
            for slot in 0..slots {
                let animal = Animal::ALL[animal_of(slot)];
                let relative = (state.seat_of(animal).index() + players - observer) % players;
                let row = &view.compact("animal_seat")[slot * players..(slot + 1) * players];
                assert_eq!(row.iter().position(|&v| v == 1.0), Some(relative));
                assert_eq!(
                    view.compact("animal_vp")[slot],
                    state.animals[animal.index()].vp as f32
                );
            }
            // Per hex (or eyeball space), one value per animal: the compact
            // values are the absolute ones of the slots' animals; per
            // animal, a run of values: the slots' runs.
            for name in [
                "species",
                "matching",
                "dominance",
                "hibernated",
                "eyeball_spaces",
            ] {
                let cut = view.compact(name);
                for (run, full) in view.absolute(name).chunks(6).enumerate() {
                    for (k, &a) in view.order.iter().enumerate() {
                        assert_eq!(cut[run * slots + k], full[a], "{name}");
                    }
                }
            }
            for name in ["initiative", "animal_elements", "animal_added"] {
                let full = view.absolute(name);
                let per = full.len() / 6;
                for (k, &a) in view.order.iter().enumerate() {
                    assert_eq!(
                        view.compact(name)[k * per..][..per],
                        full[a * per..][..per],
                        "{name}"
                    );
                }
            }
            let mover = view.compact("to_move_seat");
            let relative = (view.to_move.index() + players - observer) % players;
            assert_eq!(mover.iter().position(|&v| v == 1.0), Some(relative));
            assert_eq!(view.compact("observer_seat")[0], 1.0);
        });
        assert!(decisions > 100);
    }
}
