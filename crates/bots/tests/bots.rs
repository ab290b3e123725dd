//! Every bot on the tests' toy game Card Race (`demo`): legality,
//! determinism, forced wins, and no cheating through hidden information.

use crate::common;

use common::{play_checked, race_position, to_move};
use eons_bots::{Bot, BotSpec, Budget, CutoffReward, MctsBot, MctsConfig};
use eons_core::{Deck, Game, GameRng, Seat, Turn};
use eons_toy::{CardRace, CardRaceChoice, CardRaceState};
use std::collections::HashSet;

fn spec(s: &str) -> BotSpec {
    BotSpec::parse(s).expect("valid spec")
}

fn bots<G: Game>(specs: &[&str], seed: u64) -> Vec<Box<dyn Bot<G>>> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| spec(s).build::<G>(seed * 31 + i as u64))
        .collect()
}

fn mcts_it(n: u64, threads: usize) -> MctsConfig {
    MctsConfig {
        budget: Budget::Iterations(n),
        threads,
        ..MctsConfig::default()
    }
}

fn setup(players: usize, options: &[&str]) -> <CardRace as Game>::Setup {
    let options: Vec<String> = options.iter().map(|o| (*o).to_string()).collect();
    CardRace::setup(players, &options).expect("setup")
}

fn legal(s: &CardRaceState) -> Vec<CardRaceChoice> {
    let mut out = Vec::new();
    CardRace::legal(s, &mut out);
    out
}

fn after(s: &CardRaceState, c: CardRaceChoice) -> CardRaceState {
    let mut t = s.clone();
    CardRace::apply(&mut t, c, &mut Vec::new()).expect("legal");
    t
}

/// True when `seat` wins within `plies` decisions whatever the other seats
/// play, searched exhaustively on the true state.
fn forces_a_win(s: &CardRaceState, seat: Seat, plies: u32) -> bool {
    match CardRace::turn(s) {
        Turn::Over => s.winner == Some(seat),
        Turn::Seat(_) if plies == 0 => false,
        Turn::Seat(mover) => {
            let wins = |c| forces_a_win(&after(s, c), seat, plies - 1);
            if mover == seat {
                legal(s).into_iter().any(wins)
            } else {
                legal(s).into_iter().all(wins)
            }
        }
    }
}

/// Checks a position by hand: every card `seat` has not seen (the deck and
/// the other hands) has one value, so that every determinization a search
/// samples is the true state; `win` forces a win within `plies` decisions,
/// and every other choice lets the next seat win at once, whatever it holds.
fn assert_only_winning_choice(s: &CardRaceState, win: CardRaceChoice, plies: u32) {
    let seat = to_move(s);
    let mut unseen: Vec<u8> = s.deck.cards().to_vec();
    for (i, h) in s.hands.iter().enumerate() {
        if i != seat.index() {
            unseen.extend(h);
        }
    }
    let values: HashSet<u8> = unseen.iter().copied().collect();
    assert_eq!(values.len(), 1, "unseen cards {unseen:?}");
    let choices = legal(s);
    assert!(choices.contains(&win), "{win:?} not in {choices:?}");
    assert!(forces_a_win(&after(s, win), seat, plies - 1), "{win:?}");
    for c in choices.into_iter().filter(|&c| c != win) {
        let t = after(s, c);
        let next = to_move(&t);
        assert_ne!(next, seat, "{c:?}");
        assert!(forces_a_win(&t, next, 1), "{c:?} does not lose at once");
        assert!(
            !forces_a_win(&t, seat, plies + 4),
            "{c:?} wins too: the test could pass vacuously"
        );
    }
}

/// A position of `players` seats where `to_move`, at 17 of 20 holding a 2
/// and a 3, wins by playing the 3; every other runner is at 19, so the 2
/// lets the next seat win with any card.
fn win_in_one(players: u8, to_move: u8) -> CardRaceState {
    let mut positions = vec![19; usize::from(players)];
    positions[usize::from(to_move)] = 17;
    let mut hands: Vec<&[u8]> = vec![&[6, 6, 6]; usize::from(players)];
    hands[usize::from(to_move)] = &[2, 3];
    let s = race_position(20, to_move, &positions, &hands, &[6; 10]);
    assert_only_winning_choice(&s, CardRaceChoice::Play(3), 1);
    s
}

#[test]
fn every_bot_returns_only_legal_choices() {
    for players in 2..=4usize {
        let setup = setup(players, &[]);
        let lineups: [&[&str]; 3] = [
            &["random", "greedy", "mcts:60it", "mcts:40it,threads=2"],
            &["mcts:50it,depth=3", "random", "greedy:samples=2", "greedy"],
            &["greedy", "mcts:30it,c=2", "random", "mcts:easy"],
        ];
        for (k, lineup) in lineups.iter().enumerate() {
            let mut b = bots::<CardRace>(&lineup[..players], k as u64);
            let (_, end) = play_checked::<CardRace>(&setup, 100 + k as u64, &mut b);
            assert_eq!(CardRace::turn(&end), Turn::Over);
            assert!(CardRace::outcome(&end).is_some());
        }
    }
}

#[test]
fn every_bot_returns_only_legal_choices_in_a_short_race_of_one_card_hands() {
    for players in 2..=3usize {
        let setup = setup(players, &["target=8", "hand=1"]);
        let mut b = bots::<CardRace>(&["mcts:200it", "greedy", "random"][..players], 5);
        let (rec, end) = play_checked::<CardRace>(&setup, 0, &mut b);
        assert_eq!(CardRace::turn(&end), Turn::Over);
        assert!(!rec.choices.is_empty());
    }
}

#[test]
fn no_bot_answers_when_the_game_is_over() {
    let text = "to_move = 2\nwinner = 1\npositions = [20, 3]\nhands = [[2], [4, 5]]\n";
    let over = <CardRace as eons_core::Positions>::read_position(text).expect("reads");
    assert_eq!(CardRace::turn(&over), Turn::Over);
    for s in ["random", "greedy", "mcts:10it"] {
        let mut b = spec(s).build::<CardRace>(1);
        assert_eq!(b.choose(&over, Seat(0)), None, "{s}");
        assert_eq!(b.choose(&over, Seat(1)), None, "{s}");
    }
}

#[test]
fn same_seed_same_game_different_seed_different_game() {
    let setup = setup(3, &[]);
    let lineup = ["mcts:150it", "greedy", "mcts:100it,threads=2"];
    let play = |seed: u64| {
        let mut b = bots::<CardRace>(&lineup, seed);
        play_checked::<CardRace>(&setup, 42, &mut b).0
    };
    let a = play(7);
    let b = play(7);
    assert_eq!(a, b, "same bot seeds and game seed must give the same game");
    let others: Vec<_> = (8..12).map(play).collect();
    assert!(
        others.iter().any(|r| r.choices != a.choices),
        "other bot seeds never changed a single choice"
    );
}

#[test]
fn records_of_bot_games_replay() {
    let setup = setup(4, &[]);
    let mut b = bots::<CardRace>(&["mcts:40it", "greedy", "random", "random"], 3);
    let (rec, end) = play_checked::<CardRace>(&setup, 9, &mut b);
    let (replayed, _) = rec.replay().expect("replays");
    assert_eq!(replayed, end);
}

#[test]
fn mcts_takes_a_win_in_one() {
    for (players, to_move) in [(2u8, 0u8), (2, 1), (3, 2), (4, 1)] {
        let s = win_in_one(players, to_move);
        for (i, cfg) in [mcts_it(200, 1), mcts_it(200, 2), MctsConfig::default()]
            .into_iter()
            .enumerate()
        {
            let mut bot = MctsBot::<CardRace>::new(i as u64, cfg);
            assert_eq!(
                bot.choose(&s, Seat(to_move)),
                Some(CardRaceChoice::Play(3)),
                "{players} players, config {cfg:?}"
            );
            let st = bot.last_stats();
            assert!(st.chosen_value > 0.99, "{st:?}");
            assert_eq!(st.rejected, 0);
        }
    }
}

#[test]
fn greedy_takes_a_win_in_one() {
    let s = win_in_one(2, 1);
    let mut bot = spec("greedy").build::<CardRace>(4);
    assert_eq!(bot.choose(&s, Seat(1)), Some(CardRaceChoice::Play(3)));
}

#[test]
fn a_graded_cut_off_reward_still_tells_a_wider_lead_from_a_narrower_one() {
    // Seat 0 leads 4 to 0 in a long race and every rollout is cut off at
    // once (depth 0). Every unseen card is a 2, so seat 1 gains 2 a turn and
    // seat 0 at least 2: whatever anyone plays, seat 0 stays ahead, and "the
    // leader takes all" scores every line as a sure win and cannot tell the
    // three cards apart. Graded, the 4 (the widest lead) is worth most.
    let s = race_position(200, 0, &[4, 0], &[&[2, 3, 4], &[2, 2, 2]], &[2; 60]);
    let choose = |cutoff, seed| {
        let config = MctsConfig {
            budget: Budget::Iterations(300),
            rollout_depth: 0,
            cutoff,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::<CardRace>::new(seed, config);
        let c = bot.choose(&s, Seat(0));
        (c, bot.last_stats().chosen_value)
    };
    for seed in 0..8 {
        // A scale that is not finite and positive (only a config built in
        // code can hold one) falls back to the leader instead of NaN rewards.
        for cutoff in [
            CutoffReward::Leader,
            CutoffReward::Graded { scale: 0.0 },
            CutoffReward::Graded { scale: f64::NAN },
        ] {
            let (c, value) = choose(cutoff, seed);
            assert!(c.is_some());
            assert_eq!(value, 1.0, "{cutoff:?}");
        }
        for cutoff in [CutoffReward::Graded { scale: 2.0 }, CutoffReward::Game] {
            let (c, value) = choose(cutoff, seed);
            assert_eq!(c, Some(CardRaceChoice::Play(4)), "{cutoff:?}");
            assert!(value > 0.5 && value < 1.0, "{value}");
        }
    }
    // The default asks the game, and Card Race declares its scale.
    assert_eq!(MctsConfig::default().cutoff, CutoffReward::Game);
    assert_eq!(CardRace::evaluation_scale(), Some(4.0));
}

#[test]
fn mcts_finds_a_win_that_needs_a_sprint_first() {
    // Seat 1 is at 19 and wins with any card, so seat 0 must win on this
    // turn: only a sprint (a 1: draw, then play again) gets it there, once
    // or twice, and then only the right card of the new hand.
    let cases: [(u32, &[u8], u8, CardRaceChoice, u32); 5] = [
        (14, &[1, 2, 3], 6, CardRaceChoice::Play(1), 2),
        (15, &[1, 2, 3], 5, CardRaceChoice::Play(1), 2),
        (13, &[1, 4, 4], 6, CardRaceChoice::Play(1), 2),
        (12, &[1, 1, 2], 6, CardRaceChoice::Play(1), 3),
        (16, &[2, 3, 4], 6, CardRaceChoice::Play(4), 1),
    ];
    for (k, (at, hand, unseen, win, plies)) in cases.into_iter().enumerate() {
        let s = race_position(20, 0, &[at, 19], &[hand, &[unseen; 3]], &[unseen; 10]);
        assert_only_winning_choice(&s, win, plies);
        let mut bot = MctsBot::<CardRace>::new(k as u64, mcts_it(3000, 1));
        assert_eq!(bot.choose(&s, Seat(0)), Some(win), "at {at}, hand {hand:?}");
    }
}

#[test]
fn mcts_iteration_budget_counts_iterations_across_threads() {
    let s = CardRace::new(&setup(3, &[]), 1).expect("new");
    let seat = to_move(&s);
    for threads in [1, 2] {
        let config = MctsConfig {
            early_stop: false,
            ..mcts_it(301, threads)
        };
        let mut bot = MctsBot::<CardRace>::new(3, config);
        assert!(bot.choose(&s, seat).is_some());
        let st = bot.last_stats();
        assert_eq!(st.iterations, 301, "threads {threads}");
        assert!(st.nodes > 1);
        assert_eq!(st.rejected, 0);
    }
}

#[test]
fn stopping_early_never_changes_the_choice_of_an_iteration_budget() {
    // Same seed, same budget, with and without early stopping: the same
    // choice at every decision of whole games, and fewer iterations only
    // when the search said it stopped early.
    let mut saved = 0u64;
    for seed in 0..6u64 {
        let mut s = CardRace::new(&setup(3, &[]), seed).expect("new");
        let mut on = MctsBot::<CardRace>::new(seed, mcts_it(400, 1));
        let off_config = MctsConfig {
            early_stop: false,
            ..mcts_it(400, 1)
        };
        let mut off = MctsBot::<CardRace>::new(seed, off_config);
        let mut events = Vec::new();
        while let Turn::Seat(seat) = CardRace::turn(&s) {
            let a = on.choose(&s, seat).expect("a choice");
            let b = off.choose(&s, seat).expect("a choice");
            assert_eq!(a, b, "seed {seed}");
            let (st_on, st_off) = (on.last_stats(), off.last_stats());
            if st_off.iterations > 0 {
                assert_eq!(st_off.iterations, 400);
                assert!(!st_off.stopped_early);
                assert_eq!(st_on.stopped_early, st_on.iterations < 400, "{st_on:?}");
                saved += st_off.iterations - st_on.iterations;
            }
            CardRace::apply(&mut s, a, &mut events).expect("legal");
        }
    }
    assert!(saved > 0, "early stopping never triggered");
}

#[test]
fn a_settled_choice_stops_a_time_budget_early() {
    // Playing the 3 wins at once, the 2 loses at once; a 2-second search
    // settles long before its time is up.
    let s = win_in_one(2, 0);
    let config = MctsConfig {
        budget: Budget::Time(std::time::Duration::from_secs(2)),
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::<CardRace>::new(1, config);
    assert_eq!(bot.choose(&s, Seat(0)), Some(CardRaceChoice::Play(3)));
    let st = bot.last_stats();
    assert!(st.stopped_early, "{st:?}");
    assert!(st.chosen_visits * 2 > st.iterations, "{st:?}");
    // Turned off, the search runs to its budget (checked by iterations, not
    // by time: an iteration budget of the same size).
    let off = MctsConfig {
        budget: Budget::Iterations(5_000),
        early_stop: false,
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::<CardRace>::new(1, off);
    assert_eq!(bot.choose(&s, Seat(0)), Some(CardRaceChoice::Play(3)));
    assert_eq!(bot.last_stats().iterations, 5_000);
    assert!(!bot.last_stats().stopped_early);
}

/// A 4-player game after `moves` random decisions (none ends it).
fn mid_game(seed: u64, moves: usize) -> CardRaceState {
    let mut s = CardRace::new(&setup(4, &[]), seed).expect("new");
    let mut rng = GameRng::new(seed ^ 0xABCD);
    let mut ev = Vec::new();
    for _ in 0..moves {
        let legal = legal(&s);
        let c = legal[rng.index(legal.len())];
        CardRace::apply(&mut s, c, &mut ev).expect("legal");
    }
    assert_ne!(CardRace::turn(&s), Turn::Over, "seed {seed}, {moves} moves");
    s
}

/// What `seat` sees, comparable.
fn seen(s: &CardRaceState, seat: Seat) -> String {
    format!("{:?}", CardRace::view(s, Some(seat)))
}

/// Every card is in exactly one place: four of each value.
fn assert_cards_conserved(s: &CardRaceState) {
    let mut count = [0u32; 7];
    let cards = s
        .hands
        .iter()
        .flatten()
        .chain(s.deck.cards())
        .chain(&s.discard);
    for &c in cards {
        count[usize::from(c)] += 1;
    }
    assert_eq!(count, [0, 4, 4, 4, 4, 4, 4]);
}

#[test]
fn determinizations_keep_what_the_seat_saw_and_vary_the_rest() {
    for game in 0..4u64 {
        let s = mid_game(game, 6 + game as usize);
        let seat = to_move(&s);
        let view = seen(&s, seat);
        let mut other_hands = HashSet::new();
        let mut decks = HashSet::new();
        let mut next_draws = HashSet::new();
        for seed in 0..40 {
            let d = CardRace::determinize(&s, seat, seed);
            assert_eq!(
                seen(&d, seat),
                view,
                "a determinization changed what {seat} saw"
            );
            assert_cards_conserved(&d);
            assert_eq!(d.hands[seat.index()], s.hands[seat.index()]);
            let others: Vec<Vec<u8>> = (0..4)
                .filter(|&i| i != seat.index())
                .map(|i| d.hands[i].clone())
                .collect();
            other_hands.insert(others);
            decks.insert(d.deck.cards().to_vec());
            next_draws.insert(d.rng.clone().next_u64());
            // Same seed, same sample.
            assert_eq!(d, CardRace::determinize(&s, seat, seed));
        }
        assert!(other_hands.len() > 30, "other hands barely vary");
        assert!(decks.len() > 30, "deck order barely varies");
        assert_eq!(next_draws.len(), 40, "the RNG is not re-seeded");
    }
}

/// Another true state that `seat` cannot tell from `s`: the other seats'
/// hands, the deck order and the RNG are all re-dealt.
fn same_view_other_truth(s: &CardRaceState, seat: Seat, salt: u64) -> CardRaceState {
    let mut t = CardRace::determinize(s, seat, salt ^ 0x5151_5151);
    t.rng = GameRng::new(salt.wrapping_mul(977));
    let mut deck = t.deck.cards().to_vec();
    GameRng::new(salt).shuffle(&mut deck);
    t.deck = Deck::from_bottom_up(deck);
    t
}

#[test]
fn choices_depend_only_on_the_seats_view() {
    let specs = [
        "random",
        "greedy",
        "greedy:samples=1",
        "mcts:300it",
        "mcts:200it,threads=2",
        "mcts:100it,depth=2",
    ];
    // A position where the others' hands decide the game: seat 1 is at 16
    // and wins next turn with a 4 or more, so a bot peeking at its hand
    // would know whether to knock it back with the storm or to skip.
    let storm = race_position(
        20,
        0,
        &[8, 16, 10],
        &[&[6, 2], &[4, 2, 1], &[3, 3, 5]],
        &[1, 2, 3, 4, 5, 6, 1, 2],
    );
    let storm = after(&storm, CardRaceChoice::Play(6));
    let mut states = vec![storm];
    for (game, moves) in [(0u64, 2usize), (1, 5), (2, 9), (3, 1)] {
        states.push(mid_game(game + 10, moves));
    }
    for s in &states {
        let seat = to_move(s);
        for salt in 1..4u64 {
            let t = same_view_other_truth(s, seat, salt);
            // The hidden truth really differs, and another seat would notice.
            assert_ne!(t.hands, s.hands);
            assert_ne!(t.deck, s.deck);
            let others = (0..s.pos.len() as u8).map(Seat).filter(|&o| o != seat);
            assert!(others
                .into_iter()
                .any(|other| seen(&t, other) != seen(s, other)));
            assert_eq!(seen(&t, seat), seen(s, seat));
            for sp in specs {
                for bot_seed in [1u64, 2] {
                    let a = spec(sp).build::<CardRace>(bot_seed).choose(s, seat);
                    let b = spec(sp).build::<CardRace>(bot_seed).choose(&t, seat);
                    assert!(a.is_some());
                    assert_eq!(a, b, "{sp} looked at hidden information");
                }
            }
        }
    }
}

#[test]
fn a_first_choice_is_independent_of_other_seats_secrets() {
    // Whatever the deal of the *others*, as long as seat 0 holds the same
    // cards its first choice is the same.
    let s = CardRace::new(&setup(3, &[]), 77).expect("new");
    let seat = Seat(0);
    let mut bot_a = MctsBot::<CardRace>::new(9, mcts_it(400, 1));
    let mut bot_b = MctsBot::<CardRace>::new(9, mcts_it(400, 1));
    let t = same_view_other_truth(&s, seat, 5);
    assert_ne!(t.hands, s.hands);
    assert_eq!(t.hands[0], s.hands[0]);
    let a = bot_a.choose(&s, seat);
    let b = bot_b.choose(&t, seat);
    assert_eq!(a, b);
    assert!(matches!(a, Some(CardRaceChoice::Play(_))));
}

#[test]
fn mcts_beats_random_at_card_race() {
    // Not a timing test: a fixed-seed strength check that the search helps.
    let setup = setup(3, &[]);
    let mut mcts_wins = 0;
    let games = 48;
    for g in 0..games {
        let rot = g % 3;
        let mut lineup = ["random", "random", "random"];
        lineup[rot] = "mcts:300it";
        let mut b = bots::<CardRace>(&lineup, g as u64);
        let (_, end) = play_checked::<CardRace>(&setup, 1000 + g as u64, &mut b);
        let w = CardRace::outcome(&end).and_then(|o| o.winner());
        if w == Some(Seat(rot as u8)) {
            mcts_wins += 1;
        }
    }
    // Random would win about a third (16 of 48, give or take 3); at these
    // seeds the search wins 29.
    assert!(mcts_wins >= 24, "mcts won only {mcts_wins} of {games}");
}

/// A server's time limit stops even a huge iteration budget: with a short
/// deadline `mcts:1000000000it` (which would search for hours) answers a
/// legal choice after far fewer iterations, on one thread and on two; so
/// does a long time budget.
#[test]
fn a_deadline_stops_a_huge_iteration_budget() {
    let deadline = std::time::Duration::from_millis(50);
    for (k, text) in [
        "mcts:1000000000it,early-stop=off",
        "mcts:1000000000it,threads=2",
        "mcts:86400s,early-stop=off",
    ]
    .into_iter()
    .enumerate()
    {
        let s = mid_game(k as u64, 3);
        let seat = to_move(&s);
        let mut bot = spec(text)
            .with_deadline(deadline)
            .build::<CardRace>(k as u64);
        let c = bot.choose(&s, seat).expect("a choice");
        let legal = legal(&s);
        assert!(legal.contains(&c), "{text}: {c:?} not in {legal:?}");
        let st = bot.last_search().expect("it searched");
        assert!(st.iterations >= 1, "{text}: {st:?}");
        assert!(st.iterations < 1_000_000_000, "{text}: {st:?}");
    }
}

/// A deadline the search does not reach changes nothing: the same seed and
/// iteration budget give the same choices and the same search as without
/// one (MCTS on one and two threads, greedy).
#[test]
fn a_deadline_not_reached_keeps_every_choice() {
    let long = std::time::Duration::from_secs(3600);
    for text in ["mcts:300it", "mcts:200it,threads=2", "mcts:easy", "greedy"] {
        for seed in 0..6u64 {
            let s = mid_game(seed, (seed % 3) as usize + 2);
            let seat = to_move(&s);
            let mut plain = spec(text).build::<CardRace>(seed);
            let mut capped = spec(text).with_deadline(long).build::<CardRace>(seed);
            for round in 0..3 {
                assert_eq!(
                    plain.choose(&s, seat),
                    capped.choose(&s, seat),
                    "{text}, seed {seed}, decision {round}"
                );
                assert_eq!(
                    plain
                        .last_search()
                        .map(|st| (st.iterations, st.chosen_visits)),
                    capped
                        .last_search()
                        .map(|st| (st.iterations, st.chosen_visits)),
                    "{text}, seed {seed}, decision {round}"
                );
            }
        }
    }
}

/// The deadline is no part of a spec's text, and the earlier of two stays.
#[test]
fn a_deadline_is_kept_out_of_the_spec_text() {
    let d = spec("mcts:1000000it")
        .with_deadline(std::time::Duration::from_secs(10))
        .with_deadline(std::time::Duration::from_millis(500));
    assert_eq!(d.to_string(), "mcts:1000000it");
    assert_eq!(d.deadline, Some(std::time::Duration::from_millis(500)));
    assert_eq!(spec(&d.to_string()).deadline, None);
}
