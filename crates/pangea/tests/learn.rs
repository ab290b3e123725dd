//! The learning interface (`eons_pangea::learn`): the shared check over random games of every
//! player count and option, and the specific promises of Pangea's action space and
//! observation.

use eons_core::testing::check_learnable;
use eons_core::{ActionSpace, Game, GameRng, Layout, Learnable, Seat, Turn};
use eons_pangea::learn::{ACTION_SPACE_SIZE, DECISION_KINDS};
use eons_pangea::types::{flag, AdaptationId};
use eons_pangea::{data, Choice, Pangea, State};

fn setup(players: usize, options: &[&str]) -> eons_pangea::Setup {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    Pangea::setup(players, &options).expect("setup")
}

/// Plays `seeds` random games of a setup through the shared check, re-drawing unseen
/// information every `resample_every` decisions.
fn run(players: usize, options: &[&str], seeds: std::ops::Range<u64>, resample_every: usize) {
    let s = setup(players, options);
    for seed in seeds {
        let report = check_learnable::<Pangea>(&s, seed, resample_every);
        assert_eq!(report.actions, ACTION_SPACE_SIZE);
        assert!(report.resamples > 0, "seed {seed}: nothing re-drawn");
    }
}

#[test]
fn solo_games_keep_the_learning_interface() {
    run(1, &[], 0..40, 5);
    run(1, &["solo", "flat-final"], 100..120, 5);
}

#[test]
fn two_player_games_keep_the_learning_interface() {
    run(2, &[], 200..240, 5);
    run(2, &["groups=inv,sau", "flat-final"], 300..320, 5);
}

#[test]
fn three_player_games_keep_the_learning_interface() {
    run(3, &[], 400..440, 5);
    run(3, &["groups=amp,syn,inv"], 500..520, 5);
}

#[test]
fn four_player_games_keep_the_learning_interface() {
    run(4, &[], 600..640, 5);
    run(4, &["groups=sau,inv,syn,amp", "flat-final"], 700..720, 5);
}

/// The action space has the documented size, the same list for every player count.
#[test]
fn action_space_has_the_documented_size_for_every_player_count() {
    let one = Pangea::action_universe(1);
    assert_eq!(one.len(), ACTION_SPACE_SIZE);
    assert_eq!(ACTION_SPACE_SIZE, 23_550);
    for players in 2..=4 {
        assert_eq!(Pangea::action_universe(players), one, "{players} players");
    }
    let space = ActionSpace::<Pangea>::new(2);
    assert_eq!(space.len(), ACTION_SPACE_SIZE);
    assert_eq!(space.choice(eons_core::ActionId(0)), Some(Choice::Done));
    let moves = one
        .iter()
        .filter(|c| matches!(c, Choice::Move { .. }))
        .count();
    assert_eq!(moves, 16_448);
}

/// The values of section `name` in an observation.
fn section<'a>(layout: &Layout, out: &'a [f32], name: &str) -> &'a [f32] {
    let (at, len) = layout
        .span(name)
        .unwrap_or_else(|| panic!("no section {name}"));
    &out[at..at + len]
}

fn observe(s: &State, seat: usize) -> Vec<f32> {
    let mut out = vec![f32::NAN; Pangea::observation_layout(s.players.len()).len()];
    Pangea::observe(s, Seat(seat as u8), &mut out);
    out
}

/// The index of the single 1 of a one-hot run, or None when it is all 0 (it must hold 0s and
/// at most one 1).
fn hot(v: &[f32]) -> Option<usize> {
    assert!(v.iter().all(|&x| x == 0.0 || x == 1.0), "{v:?}");
    assert!(v.iter().filter(|&&x| x == 1.0).count() <= 1, "{v:?}");
    v.iter().position(|&x| x == 1.0)
}

/// Plays random choices until `stop` holds or the game ends.
fn play_until(s: &mut State, seed: u64, stop: impl Fn(&State) -> bool) {
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while !stop(s) {
        let Turn::Seat(_) = Pangea::turn(s) else {
            return;
        };
        legal.clear();
        Pangea::legal(s, &mut legal);
        let c = legal[rng.index(legal.len())];
        Pangea::apply(s, c, &mut events).expect("legal");
    }
}

/// At every decision of a game the `observer` one-hot names the observing seat, `to_move` the
/// deciding seat, and `decision_kind` has exactly one 1 while the game runs; all three to-move
/// sections are 0 at the end.
#[test]
fn observer_and_to_move_one_hots_name_the_right_seats() {
    let players = 3;
    let layout = Pangea::observation_layout(players);
    let mut s = Pangea::new(&setup(players, &[]), 42).expect("new");
    let mut rng = GameRng::new(42);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut movers = [false; 3];
    while let Turn::Seat(to_move) = Pangea::turn(&s) {
        movers[to_move.index()] = true;
        for seat in 0..players {
            let out = observe(&s, seat);
            assert_eq!(hot(section(&layout, &out, "observer")), Some(seat));
            assert_eq!(
                hot(section(&layout, &out, "to_move")),
                Some(to_move.index())
            );
            assert!(hot(section(&layout, &out, "decision_kind")).is_some());
        }
        legal.clear();
        Pangea::legal(&s, &mut legal);
        let c = legal[rng.index(legal.len())];
        Pangea::apply(&mut s, c, &mut events).expect("legal");
    }
    assert_eq!(movers, [true; 3], "every seat decided at some point");
    let out = observe(&s, 1);
    assert_eq!(hot(section(&layout, &out, "observer")), Some(1));
    assert_eq!(hot(section(&layout, &out, "to_move")), None);
    assert_eq!(hot(section(&layout, &out, "decision_kind")), None);
    assert_eq!(section(&layout, &out, "result")[0], 1.0);
}

/// The first decision is a starting animal's placement: `decision_kind` says Place.
#[test]
fn decision_kind_names_the_pending_decision() {
    let s = Pangea::new(&setup(2, &[]), 3).expect("new");
    let layout = Pangea::observation_layout(2);
    let out = observe(&s, 0);
    let kind = hot(section(&layout, &out, "decision_kind")).expect("a decision");
    assert_eq!(DECISION_KINDS[kind], "Place");
}

/// A seat's own Inactive-zone and active cards appear, per design, in its own observation and
/// in no other seat's: changing seat 1's cards leaves seat 0's observation as it was.
#[test]
fn own_cards_appear_only_in_the_owners_observation() {
    let players = 2;
    let layout = Pangea::observation_layout(players);
    let mut s = Pangea::new(&setup(players, &[]), 8).expect("new");
    play_until(&mut s, 8, |s| !s.players[0].hand.is_empty());
    let hand = s.players[0].hand.clone();
    assert!(!hand.is_empty(), "seat 0 never drew a card");
    let out = observe(&s, 0);
    let own = section(&layout, &out, "own_inactive_cards");
    assert_eq!(own.len(), data().adaptations.len());
    for (i, &n) in own.iter().enumerate() {
        let want = hand.iter().filter(|c| c.index() == i).count();
        assert_eq!(n as usize, want, "design {i}");
    }
    let counts = section(&layout, &out, "seat_card_counts");
    assert_eq!(counts[0] as usize, hand.len());
    // Seat 1 sees how many cards seat 0 holds, not which.
    let theirs = observe(&s, 1);
    let own1 = section(&layout, &theirs, "own_inactive_cards");
    for (i, &n) in own1.iter().enumerate() {
        let want = s.players[1].hand.iter().filter(|c| c.index() == i).count();
        assert_eq!(n as usize, want, "seat 1's own design {i}");
    }
    // Other cards for seat 0, as many as before: seat 0's observation changes, seat 1's
    // does not.
    let mut t = s.clone();
    let other: Vec<AdaptationId> = (0..data().adaptations.len() as u8)
        .map(AdaptationId)
        .filter(|c| !hand.contains(c))
        .take(hand.len())
        .collect();
    assert_eq!(other.len(), hand.len());
    t.players[0].hand = other;
    assert_eq!(first_difference(&layout, &observe(&t, 1), &theirs), None);
    assert_eq!(
        first_difference(&layout, &observe(&t, 0), &out).as_deref(),
        Some("own_inactive_cards")
    );
}

/// The section of the first value where two observations differ.
fn first_difference(layout: &Layout, a: &[f32], b: &[f32]) -> Option<String> {
    let i = (0..a.len()).find(|&i| a[i].to_bits() != b[i].to_bits())?;
    let mut at = 0;
    for s in layout.sections() {
        if i < at + s.len {
            return Some(s.name.clone());
        }
        at += s.len;
    }
    Some("(past the end)".into())
}

/// An instinct tile the observer has looked at shows in its `instinct_track`, and not in
/// another seat's until the Doom Stack is revealed.
#[test]
fn a_seen_instinct_tile_shows_only_to_the_seat_that_saw_it() {
    let players = 2;
    let layout = Pangea::observation_layout(players);
    let mut s = Pangea::new(&setup(players, &[]), 5).expect("new");
    let field = (0..s.track.len())
        .find(|&f| s.track[f].is_some())
        .expect("a field with a tile");
    s.players[0].known |= 1 << field;
    s.players[1].known = 0;
    let tiles = layout.span("instinct_track").expect("section").1 / s.track.len();
    let mine = observe(&s, 0);
    let track = section(&layout, &mine, "instinct_track");
    assert!(hot(&track[field * tiles..(field + 1) * tiles]).is_some());
    assert_eq!(section(&layout, &mine, "instinct_seen")[field], 1.0);
    let theirs = observe(&s, 1);
    let track = section(&layout, &theirs, "instinct_track");
    assert!(track.iter().all(|&x| x == 0.0), "seat 1 sees a tile");
    assert!(section(&layout, &theirs, "doom_stack")
        .iter()
        .all(|&x| x == 0.0));
    s.doom_revealed = true;
    let after = observe(&s, 1);
    assert!(
        hot(&section(&layout, &after, "instinct_track")[field * tiles..(field + 1) * tiles])
            .is_some()
    );
    assert_eq!(
        section(&layout, &after, "doom_stack")
            .iter()
            .filter(|&&x| x == 1.0)
            .count(),
        3
    );
}

/// Every animal on the board is counted once in `animals`, at the value of its region, niche,
/// group and status bits, so the section sums to the number of animals; a hand-made board
/// with more animals than a game has markers is counted the same way.
#[test]
fn animals_section_counts_every_animal_on_the_board() {
    let players = 4;
    let layout = Pangea::observation_layout(players);
    let mut s = Pangea::new(&setup(players, &[]), 17).expect("new");
    play_until(&mut s, 17, |s| s.stage >= 2);
    assert!(!s.animals.is_empty());
    let check = |s: &State| {
        let out = observe(s, 2);
        let animals = section(&layout, &out, "animals");
        let total: f32 = animals.iter().sum();
        assert_eq!(total as usize, s.animals.len());
        for a in &s.animals {
            let k = ((a.region.index() * 3 + a.niche as usize) * 4 + a.animal.group as usize) * 16
                + (a.animal.flags & flag::PERSISTENT) as usize;
            let want = s.animals.iter().filter(|b| b.spot() == a.spot()).count();
            assert_eq!(animals[k] as usize, want, "{:?}", a.spot());
        }
    };
    check(&s);
    let mut crowded = s.clone();
    let extra = crowded.animals[0];
    crowded.animals.extend(std::iter::repeat_n(extra, 70));
    check(&crowded);
}

/// An observation written again in place ([`Learnable::observe_again`]) equals the one written
/// whole through changes a random game makes rarely or never between two observations of one
/// buffer: another hand of as many cards, a switch of observing seat, an instinct tile learned,
/// the Doom Stack revealed, another discard pile of the same size, a crowded board and back.
#[test]
fn an_observation_written_again_follows_secrets_seats_and_the_doom() {
    let players = 3;
    let len = Pangea::observation_layout(players).len();
    let layout = Pangea::observation_layout(players);
    let mut s = Pangea::new(&setup(players, &[]), 11).expect("new");
    play_until(&mut s, 11, |s| {
        !s.players[0].hand.is_empty() && !s.discard.is_empty() && s.stage >= 1
    });
    assert!(!s.players[0].hand.is_empty(), "seat 0 never drew a card");
    let mut memory = Default::default();
    let mut out = vec![f32::NAN; len];
    let mut check = |s: &State, seat: usize, what: &str| {
        Pangea::observe_again(s, Seat(seat as u8), &mut memory, &mut out);
        assert_eq!(
            first_difference(&layout, &out, &observe(s, seat)),
            None,
            "{what}"
        );
    };
    check(&s, 0, "the first observation");
    let designs = data().adaptations.len() as u8;
    let hand = s.players[0].hand.clone();
    s.players[0].hand = (0..designs)
        .map(AdaptationId)
        .filter(|c| !hand.contains(c))
        .take(hand.len())
        .collect();
    assert_eq!(s.players[0].hand.len(), hand.len());
    check(&s, 0, "another hand of as many cards");
    check(&s, 1, "another seat");
    let field = (0..s.track.len())
        .find(|&f| s.track[f].is_some() && s.players[1].known & (1 << f) == 0)
        .expect("a field seat 1 has not seen");
    s.players[1].known |= 1 << field;
    check(&s, 1, "a tile learned");
    check(&s, 0, "back to seat 0");
    s.doom_revealed = true;
    check(&s, 0, "the Doom Stack revealed");
    let first = s.discard[0];
    s.discard[0] = AdaptationId((first.0 + 1) % designs);
    check(&s, 0, "another discard pile of the same size");
    let mut crowded = s.clone();
    let extra = crowded.animals[0];
    crowded.animals.extend(std::iter::repeat_n(extra, 70));
    check(&crowded, 2, "a crowded board");
    check(&s, 2, "the board as it was");
    let mut moved = s.clone();
    let first = moved.animals.remove(0);
    moved.animals.push(first);
    check(&moved, 2, "the same animals in another order");
}

/// The compact observation (`eons_core::compact`) puts the observer's group
/// first, then the groups of the seats after it, then the neutral groups
/// (1–3 players): checked against the state's owners, and the animals on
/// the board against the absolute observation, on random games of 1 to 4
/// players.
#[test]
fn compact_observations_put_the_observers_group_first() {
    use eons_core::compact::SLOT_ANIMAL;
    use eons_core::testing::check_compact_views;
    use eons_pangea::Group;
    const GROUPS: usize = 4;
    const STATUS: usize = 16;
    for (seed, players) in [(1u64, 1), (2, 2), (3, 3), (4, 4)] {
        let decisions =
            check_compact_views::<Pangea>(&setup(players, &[]), seed, 23, |state, view| {
                let slots = view.order.len();
                let hot = |run: &[f32]| run.iter().position(|&v| v == 1.0);
                for (k, &g) in view.order.iter().enumerate() {
                    assert_eq!(
                        hot(&view.compact(SLOT_ANIMAL)[k * GROUPS..][..GROUPS]),
                        Some(g)
                    );
                    let group = Group::ALL[g];
                    if k < players {
                        let seat = (view.observer.index() + k) % players;
                        assert_eq!(state.seat_of(group), Some(seat as u8));
                        // Relative seat k leads the group in slot k.
                        assert_eq!(
                            hot(&view.compact("seat_group")[k * slots..][..slots]),
                            Some(k)
                        );
                    } else {
                        assert!(state.neutral_of(group).is_some());
                    }
                }
                // The board's animals: each (region, niche) block of groups ×
                // status values, cut to the slots.
                let cut = view.compact("animals");
                for (block, run) in view.absolute("animals").chunks(GROUPS * STATUS).enumerate() {
                    for (k, &g) in view.order.iter().enumerate() {
                        let at = block * slots * STATUS + k * STATUS;
                        assert_eq!(cut[at..at + STATUS], run[g * STATUS..][..STATUS]);
                    }
                }
            });
        assert!(decisions > 20);
    }
}
