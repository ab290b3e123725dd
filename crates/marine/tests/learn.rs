//! The learning interface (`eons_core::Learnable`): the shared test over
//! random games of every player count and option, and Marine's own checks
//! of the action space's size, the one-hots naming seats, and secrets that
//! reach their owner's observation only.

use eons_core::learn::{ActionSpace, Learnable};
use eons_core::testing::check_learnable;
use eons_core::{Game, GameRng, Seat, Turn};
use eons_marine::decision::Decision;
use eons_marine::learn::DECISION_KINDS;
use eons_marine::{Marine, State, Trait};

/// Player counts and options the shared test cycles through.
const VARIANTS: &[(usize, &[&str])] = &[
    (2, &[]),
    (3, &[]),
    (4, &[]),
    (2, &["two-animals"]),
    (4, &["random-earth"]),
    (3, &["length=short"]),
    (4, &["length=long"]),
    (2, &["length=epic"]),
    (4, &["alternate-displays"]),
    (3, &["superheroes"]),
    (2, &["two-animals", "superheroes", "random-earth"]),
    (
        3,
        &[
            "alternate-displays",
            "superheroes",
            "length=short",
            "random-earth",
        ],
    ),
    (4, &["max-rounds=3"]),
];

/// The size of the action space with the shipped data, as documented on
/// `eons_marine::learn::action_universe`.
const ACTIONS: usize = 1244;

fn setup(players: usize, opts: &[&str]) -> eons_marine::Setup {
    let o: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    Marine::setup(players, &o).expect("setup")
}

fn observation(s: &State, seat: Seat) -> Vec<f32> {
    let len = Marine::observation_layout(Marine::seats(s)).len();
    let mut out = vec![f32::NAN; len];
    Marine::observe(s, seat, &mut out);
    out
}

/// The values of section `name` of an observation.
fn section<'a>(players: usize, obs: &'a [f32], name: &str) -> &'a [f32] {
    let (at, len) = Marine::observation_layout(players)
        .span(name)
        .unwrap_or_else(|| panic!("no section {name}"));
    &obs[at..at + len]
}

/// Plays random choices from `seed` until `stop` says so (or the game ends).
fn play_until(
    players: usize,
    opts: &[&str],
    seed: u64,
    mut stop: impl FnMut(&State) -> bool,
) -> Option<State> {
    let mut s = Marine::new(&setup(players, opts), seed).expect("game");
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    while Marine::turn(&s) != Turn::Over {
        if stop(&s) {
            return Some(s);
        }
        legal.clear();
        Marine::legal(&s, &mut legal);
        let c = legal[rng.index(legal.len())];
        Marine::apply(&mut s, c, &mut ev).expect("legal");
    }
    None
}

/// Runs the shared test on the games `seeds` (each seed picks its variant),
/// re-drawing unseen information every 53rd decision.
fn shared_check(seeds: std::ops::Range<u64>) {
    let mut decisions = 0;
    let mut actions = Vec::new();
    for seed in seeds {
        let (players, opts) = VARIANTS[seed as usize % VARIANTS.len()];
        let report = check_learnable::<Marine>(&setup(players, opts), seed, 53);
        assert!(report.resamples > 0);
        decisions += report.decisions;
        actions.push(report.actions);
    }
    assert!(actions.iter().all(|&n| n == ACTIONS), "{actions:?}");
    assert!(decisions > 10_000, "only {decisions} decisions");
}

#[test]
fn shared_learnable_check_games_0_to_33() {
    shared_check(0..33);
}

#[test]
fn shared_learnable_check_games_33_to_66() {
    shared_check(33..66);
}

#[test]
fn action_space_has_the_documented_size_for_every_player_count() {
    for players in 2..=4 {
        let space = ActionSpace::<Marine>::new(players);
        assert_eq!(space.len(), ACTIONS, "{players} players");
        assert_eq!(
            space.choices(),
            ActionSpace::<Marine>::new(2).choices(),
            "the same list for every player count"
        );
    }
}

#[test]
fn layout_sections_sum_to_the_observation_length() {
    for players in 2..=4 {
        let layout = Marine::observation_layout(players);
        let sum: usize = layout.sections().iter().map(|s| s.len).sum();
        assert_eq!(layout.len(), sum);
        assert_eq!(layout.span("observer"), Some((0, players)));
        assert_eq!(layout.span("to_move"), Some((players, players)));
        assert_eq!(
            layout.span("pending_kind").map(|x| x.1),
            Some(DECISION_KINDS.len())
        );
        assert_eq!(layout.span("animal_owner").map(|x| x.1), Some(4 * players));
    }
    // Only the seat sections grow with the player count.
    let two = Marine::observation_layout(2).len();
    assert_eq!(Marine::observation_layout(4).len(), two + 2 * (1 + 1 + 4));
}

#[test]
fn observer_and_to_move_one_hots_name_the_right_seats() {
    let mut checked = 0;
    for (players, opts) in [(2, &[][..]), (3, &[]), (4, &[]), (2, &["two-animals"])] {
        let mut step = 0;
        play_until(players, opts, 11 + players as u64, |s| {
            step += 1;
            if step % 7 != 0 {
                return step > 600;
            }
            let Turn::Seat(to_move) = Marine::turn(s) else {
                return true;
            };
            for i in 0..players {
                let obs = observation(s, Seat(i as u8));
                let mut want = vec![0.0; players];
                want[i] = 1.0;
                assert_eq!(section(players, &obs, "observer"), &want[..]);
                let mut want = vec![0.0; players];
                want[to_move.index()] = 1.0;
                assert_eq!(section(players, &obs, "to_move"), &want[..]);
                let deciding = s.stack.last().and_then(|f| f.decider()).expect("decider");
                let d = section(players, &obs, "deciding_animal");
                assert_eq!(d[deciding.index()], 1.0);
                assert_eq!(d.iter().sum::<f32>(), 1.0);
                assert_eq!(
                    section(players, &obs, "pending_kind").iter().sum::<f32>(),
                    1.0
                );
                checked += 1;
            }
            false
        });
    }
    assert!(checked > 200, "only {checked} observations checked");
}

#[test]
fn draft_hand_and_picks_reach_only_their_owner() {
    // At the start every animal drafts in secret (p.5).
    let s = play_until(3, &[], 3, |s| {
        matches!(s.stack.last(), Some(Decision::Draft { .. })) && s.picks.iter().any(|&p| p != 0)
    })
    .expect("a draft with a pick made");
    let kinds = |obs: &[f32]| section(3, obs, "pending_kind")[0];
    for seat in 0..3u8 {
        let obs = observation(&s, Seat(seat));
        assert_eq!(kinds(&obs), 1.0, "the draft is pending");
        let hand = section(3, &obs, "own_hand");
        let traits = section(3, &obs, "animal_traits");
        for a in s.animals() {
            let i = a.index();
            let own = s.owner[i] == seat;
            for t in Trait::ALL {
                let k = i * Trait::COUNT + t.index();
                let in_hand = s.hands[i].contains(&Some(*t));
                let picked = s.picks[i] & t.bit() != 0;
                assert_eq!(
                    hand[k],
                    (own && in_hand) as u8 as f32,
                    "{a} {t} seat {seat}"
                );
                assert_eq!(
                    traits[k],
                    (own && picked) as u8 as f32,
                    "{a} {t} seat {seat}"
                );
            }
        }
    }
    // Some animal's hand is seen by its owner.
    let obs = observation(&s, Seat(0));
    assert!(section(3, &obs, "own_hand").contains(&1.0));
}

#[test]
fn trait_offer_reaches_only_its_owner() {
    // Gene Expression or Exaptation offers trait cards in secret.
    let mut found = None;
    for seed in 0..400u64 {
        found = play_until(4, &[], seed, |s| {
            matches!(s.stack.last(), Some(Decision::NewTrait { .. }))
        });
        if found.is_some() {
            break;
        }
    }
    let s = found.expect("some game offers a new trait card");
    let Some(&Decision::NewTrait { a, .. }) = s.stack.last() else {
        unreachable!()
    };
    let owner = s.owner[a.index()];
    assert!(s.offer[a.index()].iter().any(Option::is_some));
    for seat in 0..4u8 {
        let obs = observation(&s, Seat(seat));
        let offer = &section(4, &obs, "own_offer")[a.index() * Trait::COUNT..][..Trait::COUNT];
        for t in Trait::ALL {
            let offered = s.offer[a.index()].contains(&Some(*t));
            let want = (seat == owner && offered) as u8 as f32;
            assert_eq!(offer[t.index()], want, "{a}'s offer of {t}, seat {seat}");
        }
    }
}

#[test]
fn board_sections_read_the_state() {
    let s = play_until(4, &[], 21, |s| s.turns >= 40).expect("40 turns");
    let obs = observation(&s, Seat(1));
    let species = section(4, &obs, "species");
    let terrain = section(4, &obs, "tile_terrain");
    for h in 0..37u8 {
        let hex = eons_core::HexId(h);
        for a in 0..4 {
            assert_eq!(species[h as usize * 4 + a], s.earth.species(hex, a) as f32);
        }
        let t = &terrain[h as usize * 8..][..8];
        match s.earth.tile(hex) {
            Some(tile) => {
                assert_eq!(t[tile.terrain().index()], 1.0);
                assert_eq!(t.iter().sum::<f32>(), 1.0);
            }
            None => assert!(t.iter().all(|&v| v == 0.0)),
        }
    }
    let vp = section(4, &obs, "animal_counts");
    for a in s.animals() {
        assert_eq!(vp[a.index() * 11], s.vp[a.index()] as f32);
    }
}

/// One buffer and its memory handed from seat to seat at the same state —
/// through the secret draft, the reveal of the traits and the first turns
/// — hold each seat's whole observation: what a seat sees of the draft
/// hands, picks and offers is rewritten in place when only the observer
/// changes, and no seat's secret stays behind for the next.
#[test]
fn observation_rewritten_in_place_for_another_seat_at_the_same_state_is_the_whole_one() {
    for (players, opts, seed) in [(3, &[][..], 5), (4, &[], 6), (2, &["two-animals"][..], 7)] {
        let len = Marine::observation_layout(players).len();
        let mut memory = <Marine as Learnable>::ObservationMemory::default();
        let mut buffer = vec![f32::NAN; len];
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        let (mut drafting, mut revealed, mut steps) = (0, 0, 0);
        play_until(players, opts, seed, |s| {
            for seat in (0..players).map(|i| Seat(i as u8)) {
                Marine::observe_again(s, seat, &mut memory, &mut buffer);
                assert_eq!(
                    bits(&buffer),
                    bits(&observation(s, seat)),
                    "{players} players {opts:?}: {seat} at step {steps}"
                );
            }
            if !s.revealed && s.picks.iter().any(|&p| p != 0) {
                drafting += 1;
            }
            revealed += usize::from(s.revealed);
            steps += 1;
            steps > 400
        });
        assert!(drafting > 0, "{players} players: no draft with picks made");
        assert!(
            revealed > 0,
            "{players} players: the traits were never revealed"
        );
    }
}

/// The ids Marine computes from a choice's parts agree with the action
/// space's table for choices in it and out of it: moves between every pair
/// of hexes (the same hex, too far, past the grid), a basic pawn on a
/// special space, every value of the one-number choices.
#[test]
fn direct_action_ids_agree_with_the_table_in_and_out_of_the_space() {
    use eons_core::{CornerId, HexId};
    use eons_marine::{Animal, Choice, Element, Space};
    let space = ActionSpace::<Marine>::new(4);
    let mut choices = Vec::new();
    let hexes = (0..=40u8).chain([255]).map(HexId);
    for from in hexes.clone() {
        for to in hexes.clone() {
            choices.push(Choice::Move { from, to });
        }
        for &animal in Animal::ALL {
            choices.push(Choice::MoveOf { animal, to: from });
            choices.push(Choice::Species { hex: from, animal });
        }
    }
    for n in 0..=255u8 {
        for special in std::iter::once(None).chain(Element::ALL.iter().map(|&e| Some(e))) {
            choices.push(Choice::Place {
                space: Space(n),
                special,
            });
        }
        choices.extend([
            Choice::Circle(n),
            Choice::Corner(CornerId(n)),
            Choice::Hex(HexId(n)),
            Choice::Stack(n),
            Choice::Slot(n),
            Choice::Disk(n),
        ]);
    }
    let mut outside = 0;
    for c in &choices {
        let listed = space.listed_id(c);
        assert_eq!(Marine::action_id(4, c), listed, "{c:?}");
        outside += usize::from(listed.is_none());
    }
    assert!(outside > 1000, "only {outside} choices outside the space");
}

/// The index of the 1 in a one-hot run, if any.
fn hot(run: &[f32]) -> Option<usize> {
    run.iter().position(|&v| v == 1.0)
}

/// The compact observation (`eons_core::compact`) puts each seat's own
/// animals first (two under the 2-player two-animals option, p.22), then
/// the animals of the seats after it: checked against the state's owners,
/// and the pawns on the display and on Bottom Feeder's personal spaces and
/// the special pawns' controllers against the absolute observation, on
/// random games of 2, 3 and 4 players.
#[test]
fn compact_observations_put_the_observers_animals_first() {
    use eons_core::compact::SLOT_ANIMAL;
    use eons_core::testing::check_compact_views;
    const ANIMALS: usize = 4;
    const PAWN_KINDS: usize = ANIMALS + 6;
    for (seed, (players, opts)) in [
        (2, &["two-animals"][..]),
        (3, &[][..]),
        (4, &["alternate-displays"][..]),
    ]
    .into_iter()
    .enumerate()
    {
        let setup = setup(players, opts);
        let decisions = check_compact_views::<Marine>(&setup, seed as u64, 29, |state, view| {
            let (order, slots) = (&view.order, view.order.len());
            let relative: Vec<usize> = (0..slots)
                .map(|k| {
                    let animal = hot(&view.compact(SLOT_ANIMAL)[k * ANIMALS..][..ANIMALS]);
                    assert_eq!(animal, Some(order[k]));
                    let owner = usize::from(state.owner[order[k]]);
                    (owner + players - view.observer.index()) % players
                })
                .collect();
            // Seat order from the observer, the observer first.
            assert!(relative.windows(2).all(|w| w[0] <= w[1]), "{relative:?}");
            assert_eq!(relative[0], 0);
            let mine = view.compact("animal_is_mine");
            for k in 0..slots {
                assert_eq!(mine[k] == 1.0, relative[k] == 0);
                let owner = &view.compact("animal_owner")[k * players..][..players];
                assert_eq!(hot(owner), Some(relative[k]));
            }
            // A pawn one-hot: the animals' basic pawns by slot, then the
            // special pawns.
            let pawn = |was: Option<usize>| {
                was.map(|p| match p {
                    p if p < ANIMALS => view.slot_of(p).expect("in play"),
                    p => p - ANIMALS + slots,
                })
            };
            let cut = PAWN_KINDS - ANIMALS + slots;
            let display = view.compact("display_spaces");
            for (space, run) in view
                .absolute("display_spaces")
                .chunks(PAWN_KINDS)
                .enumerate()
            {
                assert_eq!(hot(&display[space * cut..][..cut]), pawn(hot(run)));
            }
            let personal = view.compact("personal_spaces");
            for (k, &animal) in order.iter().enumerate() {
                let run = &view.absolute("personal_spaces")[animal * PAWN_KINDS..][..PAWN_KINDS];
                assert_eq!(hot(&personal[k * cut..][..cut]), pawn(hot(run)));
            }
            let special = ANIMALS + 2;
            let pawns = view.compact("special_pawns");
            for (e, run) in view.absolute("special_pawns").chunks(special).enumerate() {
                let at = e * (special - ANIMALS + slots);
                let controller = hot(&run[..ANIMALS]).map(|a| view.slot_of(a).expect("in play"));
                assert_eq!(hot(&pawns[at..at + slots]), controller);
                assert_eq!(pawns[at + slots..at + slots + 2], run[ANIMALS..]);
            }
        });
        assert!(decisions > 100);
    }
}
