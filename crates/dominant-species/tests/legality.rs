//! `State::is_legal` answers the long decisions (planning, Migration,
//! Domination, Abundance, Competition, Speciation, Depletion) without
//! listing them, for speed; `apply` refuses by it. Here it must agree with
//! the list of legal choices on every choice of the action space (and some
//! that no list could hold), in random games of every player count. (The
//! other shortcut, the test of a forced decision in `advance`, is checked
//! against the list by a `debug_assert` in every test game.)

use eons_core::{Corner, Game, GameRng, Hex, Learnable, Turn};
use eons_dominant_species::{Animal, Choice, DominantSpecies as Ds};

#[test]
fn is_legal_agrees_with_the_list_of_legal_choices() {
    let mut checked = 0u64;
    for players in 2..=6 {
        let mut universe = Ds::action_universe(players);
        // Off the board, and an animal moving another's species.
        universe.push(Choice::Tile(Hex::new(9, 9)));
        universe.push(Choice::Corner(Corner::east(Hex::new(9, 9))));
        universe.push(Choice::Move {
            animal: Animal::Birds,
            from: Hex::new(0, 0),
            to: Hex::new(9, 9),
        });
        let setup = Ds::setup(players, &[]).expect("setup");
        for seed in 0..2u64 {
            let mut s = Ds::new(&setup, seed).expect("new");
            let mut rng = GameRng::new(seed);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            let mut decision = 0u64;
            while let Turn::Seat(_) = Ds::turn(&s) {
                legal.clear();
                Ds::legal(&s, &mut legal);
                if decision % 3 == 0 {
                    for &c in &universe {
                        assert_eq!(
                            s.is_legal(c),
                            legal.contains(&c),
                            "{players} players, seed {seed}, decision {decision}: {c:?} in {:?}",
                            s.pending
                        );
                    }
                    checked += 1;
                }
                let c = legal[rng.index(legal.len())];
                events.clear();
                Ds::apply(&mut s, c, &mut events).expect("a listed choice is legal");
                decision += 1;
            }
        }
    }
    assert!(checked > 5_000, "only {checked} decisions checked");
}
