//! Every bot on the test games: legality, determinism, forced wins, and no
//! cheating through hidden information.

mod common;

use common::goofspiel::{Bid, HighCard, State as HcState};
use common::nim::{Nim, Take};
use common::play_checked;
use common::race::{Add, Race};
use eons_bots::{Bot, BotSpec, Budget, CutoffReward, MctsBot, MctsConfig};
use eons_core::{Deck, Game, GameRng, Seat, Turn};
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

#[test]
fn every_bot_returns_only_legal_choices_on_the_card_game() {
    for players in 2..=4usize {
        let setup = HighCard::setup(players, &[]).expect("setup");
        let lineups: [&[&str]; 3] = [
            &["random", "greedy", "mcts:60it", "mcts:40it,threads=2"],
            &["mcts:50it,depth=3", "random", "greedy:samples=2", "greedy"],
            &["greedy", "mcts:30it,c=2", "random", "mcts:easy"],
        ];
        for (k, lineup) in lineups.iter().enumerate() {
            let mut b = bots::<HighCard>(&lineup[..players], k as u64);
            let (_, end) = play_checked::<HighCard>(&setup, 100 + k as u64, &mut b);
            assert_eq!(HighCard::turn(&end), Turn::Over);
            assert!(HighCard::outcome(&end).is_some());
        }
    }
}

#[test]
fn every_bot_returns_only_legal_choices_on_nim() {
    for players in 2..=3usize {
        let setup = Nim::setup(players, &["pile=17".into()]).expect("setup");
        let mut b = bots::<Nim>(&["mcts:200it", "greedy", "random"][..players], 5);
        let (rec, end) = play_checked::<Nim>(&setup, 0, &mut b);
        assert_eq!(Nim::turn(&end), Turn::Over);
        assert!(!rec.choices.is_empty());
    }
}

#[test]
fn no_bot_answers_when_the_game_is_over() {
    let over = Nim::position(2, 0, 0);
    for s in ["random", "greedy", "mcts:10it"] {
        let mut b = spec(s).build::<Nim>(1);
        assert_eq!(b.choose(&over, Seat(0)), None, "{s}");
    }
}

#[test]
fn same_seed_same_game_different_seed_different_game() {
    let setup = HighCard::setup(3, &[]).expect("setup");
    let lineup = ["mcts:150it", "greedy", "mcts:100it,threads=2"];
    let play = |seed: u64| {
        let mut b = bots::<HighCard>(&lineup, seed);
        play_checked::<HighCard>(&setup, 42, &mut b).0
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
    let setup = HighCard::setup(4, &[]).expect("setup");
    let mut b = bots::<HighCard>(&["mcts:40it", "greedy", "random", "random"], 3);
    let (rec, end) = play_checked::<HighCard>(&setup, 9, &mut b);
    let (replayed, _) = rec.replay().expect("replays");
    assert_eq!(replayed, end);
}

#[test]
fn mcts_takes_a_forced_win_in_one() {
    // Pile 3, two players: only "take 3" wins now; anything else lets the
    // opponent take the rest and win.
    for (players, to_move) in [(2u8, 0u8), (2, 1), (3, 2), (4, 1)] {
        let s = Nim::position(players, 3, to_move);
        for (i, cfg) in [mcts_it(200, 1), mcts_it(200, 2), MctsConfig::default()]
            .into_iter()
            .enumerate()
        {
            let mut bot = MctsBot::<Nim>::new(i as u64, cfg);
            assert_eq!(
                bot.choose(&s, Seat(to_move)),
                Some(Take(3)),
                "{players} players, config {cfg:?}"
            );
            let st = bot.last_stats();
            assert!(st.chosen_value > 0.99, "{st:?}");
            assert_eq!(st.rejected, 0);
        }
    }
}

#[test]
fn greedy_takes_a_forced_win_in_one() {
    let s = Nim::position(2, 3, 1);
    let mut bot = spec("greedy").build::<Nim>(4);
    assert_eq!(bot.choose(&s, Seat(1)), Some(Take(3)));
}

#[test]
fn a_graded_cut_off_reward_still_tells_a_wider_lead_from_a_narrower_one() {
    // Seat 0 leads 4 to 0 with three turns to go and every rollout is cut
    // off at once (depth 0). Whatever anyone adds, seat 0 stays ahead, so
    // "the leader takes all" scores every line as a sure win and cannot tell
    // the three choices apart. Graded by 2 points, Add(3) is worth most. The
    // race's own scale (2) is the default.
    let s = Race::position(&[4, 0], 3, 0);
    let choose = |cutoff, seed| {
        let config = MctsConfig {
            budget: Budget::Iterations(300),
            rollout_depth: 0,
            cutoff,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::<Race>::new(seed, config);
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
            assert_eq!(c, Some(Add(3)), "{cutoff:?}");
            assert!(value > 0.5 && value < 1.0, "{value}");
        }
    }
    // The default asks the game, and a game declares no scale unless it
    // says so (then the leader takes all, as before scales existed).
    assert_eq!(MctsConfig::default().cutoff, CutoffReward::Game);
    assert_eq!(Nim::evaluation_scale(), None);
}

#[test]
fn mcts_finds_the_forced_win_in_two_player_nim() {
    // The player to move wins by leaving a multiple of 4.
    for pile in [5u16, 6, 7, 9, 10, 11] {
        let s = Nim::position(2, pile, 0);
        let mut bot = MctsBot::<Nim>::new(u64::from(pile), mcts_it(3000, 1));
        assert_eq!(
            bot.choose(&s, Seat(0)),
            Some(Take((pile % 4) as u8)),
            "pile {pile}"
        );
    }
}

#[test]
fn mcts_iteration_budget_counts_iterations_across_threads() {
    let s = HighCard::new(&HighCard::setup(3, &[]).expect("setup"), 1).expect("new");
    let seat = match HighCard::turn(&s) {
        Turn::Seat(x) => x,
        Turn::Over => unreachable!("a new game is not over"),
    };
    for threads in [1, 2] {
        let config = MctsConfig {
            early_stop: false,
            ..mcts_it(301, threads)
        };
        let mut bot = MctsBot::<HighCard>::new(3, config);
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
        let setup = HighCard::setup(3, &[]).expect("setup");
        let mut s = HighCard::new(&setup, seed).expect("new");
        let mut on = MctsBot::<HighCard>::new(seed, mcts_it(400, 1));
        let off_config = MctsConfig {
            early_stop: false,
            ..mcts_it(400, 1)
        };
        let mut off = MctsBot::<HighCard>::new(seed, off_config);
        let mut events = Vec::new();
        while let Turn::Seat(seat) = HighCard::turn(&s) {
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
            HighCard::apply(&mut s, a, &mut events).expect("legal");
        }
    }
    assert!(saved > 0, "early stopping never triggered");
}

#[test]
fn a_settled_choice_stops_a_time_budget_early() {
    // Pile 3: taking 3 wins at once, every other choice loses; a 2-second
    // search settles long before its time is up.
    let s = Nim::position(2, 3, 0);
    let config = MctsConfig {
        budget: Budget::Time(std::time::Duration::from_secs(2)),
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::<Nim>::new(1, config);
    assert_eq!(bot.choose(&s, Seat(0)), Some(Take(3)));
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
    let mut bot = MctsBot::<Nim>::new(1, off);
    assert_eq!(bot.choose(&s, Seat(0)), Some(Take(3)));
    assert_eq!(bot.last_stats().iterations, 5_000);
    assert!(!bot.last_stats().stopped_early);
}

/// A state two rounds into a 4-player game, after `bids` face-down bids of
/// the third round.
fn mid_game(seed: u64, bids: usize) -> HcState {
    let setup = HighCard::setup(4, &[]).expect("setup");
    let mut s = HighCard::new(&setup, seed).expect("new");
    let mut rng = GameRng::new(seed ^ 0xABCD);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    // Two full rounds, then two bids of the third round.
    for _ in 0..(4 * 2 + bids) {
        legal.clear();
        HighCard::legal(&s, &mut legal);
        let c = legal[rng.index(legal.len())];
        HighCard::apply(&mut s, c, &mut ev).expect("legal");
    }
    s
}

fn to_move(s: &HcState) -> Seat {
    match HighCard::turn(s) {
        Turn::Seat(x) => x,
        Turn::Over => panic!("over"),
    }
}

/// Every card is in exactly one place.
fn assert_cards_conserved(s: &HcState) {
    let mut count = vec![0u32; 6 * s.players as usize + 1];
    for &h in &s.hands {
        for (v, c) in count.iter_mut().enumerate().skip(1) {
            if h & (1 << v) != 0 {
                *c += 1;
            }
        }
    }
    for b in s.bids.iter().flatten() {
        count[*b as usize] += 1;
    }
    for r in &s.history {
        for &b in &r.bids {
            count[b as usize] += 1;
        }
    }
    for &c in s.deck.cards() {
        count[c as usize] += 1;
    }
    assert!(count[1..].iter().all(|&c| c == 1), "{count:?}");
}

#[test]
fn determinizations_keep_what_the_seat_saw_and_vary_the_rest() {
    for game in 0..4u64 {
        let s = mid_game(game, 2);
        let seat = to_move(&s);
        assert_eq!(seat, Seat((s.round + 2) % 4));
        let view = HighCard::view(&s, Some(seat));
        let mut other_hands = HashSet::new();
        let mut decks = HashSet::new();
        let mut other_bids = HashSet::new();
        let mut next_draws = HashSet::new();
        for seed in 0..40 {
            let d = HighCard::determinize(&s, seat, seed);
            assert_eq!(
                HighCard::view(&d, Some(seat)),
                view,
                "a determinization changed what {seat} saw"
            );
            assert_cards_conserved(&d);
            assert_eq!(d.hands[seat.index()], s.hands[seat.index()]);
            let others: Vec<u32> = (0..4)
                .filter(|&i| i != seat.index())
                .map(|i| d.hands[i])
                .collect();
            other_hands.insert(others);
            decks.insert(d.deck.cards().to_vec());
            other_bids.insert(d.bids.clone());
            next_draws.insert(d.rng.clone().next_u64());
            // Same seed, same sample.
            assert_eq!(d, HighCard::determinize(&s, seat, seed));
        }
        assert!(other_hands.len() > 30, "other hands barely vary");
        assert!(decks.len() > 30, "deck order barely varies");
        assert!(other_bids.len() > 30, "face-down bids barely vary");
        assert_eq!(next_draws.len(), 40, "the RNG is not re-seeded");
    }
}

/// Another true state that `seat` cannot tell from `s`: the other seats'
/// hands and face-down bids, the deck order and the RNG are all re-dealt.
fn same_view_other_truth(s: &HcState, seat: Seat, salt: u64) -> HcState {
    let mut t = HighCard::determinize(s, seat, salt ^ 0x5151_5151);
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
    // With 3 bids made the seat to move is the last bidder: its choice
    // resolves the round, so a bot peeking at the true bids would know
    // exactly which card wins.
    for (game, bids) in [(0u64, 2usize), (1, 3), (2, 3), (3, 1)] {
        let s = mid_game(game + 10, bids);
        let seat = to_move(&s);
        for salt in 1..4u64 {
            let t = same_view_other_truth(&s, seat, salt);
            // The hidden truth really differs, and another seat would notice.
            assert_ne!(t.hands, s.hands);
            assert_ne!(t.deck, s.deck);
            let other = Seat((seat.0 + 1) % 4);
            assert_ne!(
                HighCard::view(&t, Some(other)),
                HighCard::view(&s, Some(other))
            );
            assert_eq!(
                HighCard::view(&t, Some(seat)),
                HighCard::view(&s, Some(seat))
            );
            for sp in specs {
                for bot_seed in [1u64, 2] {
                    let a = spec(sp).build::<HighCard>(bot_seed).choose(&s, seat);
                    let b = spec(sp).build::<HighCard>(bot_seed).choose(&t, seat);
                    assert!(a.is_some());
                    assert_eq!(a, b, "{sp} looked at hidden information");
                }
            }
        }
    }
}

#[test]
fn a_whole_game_of_choices_is_independent_of_other_seats_secrets() {
    // Seat 0 is an MCTS bot; the other seats play fixed cards. Whatever the
    // deal of the *others*, as long as seat 0 receives the same cards its
    // first choice is the same.
    let s = HighCard::new(&HighCard::setup(3, &[]).expect("setup"), 77).expect("new");
    let seat = Seat(0);
    let mut bot_a = MctsBot::<HighCard>::new(9, mcts_it(400, 1));
    let mut bot_b = MctsBot::<HighCard>::new(9, mcts_it(400, 1));
    let t = same_view_other_truth(&s, seat, 5);
    assert_ne!(t.hands[1], s.hands[1]);
    let a = bot_a.choose(&s, seat);
    let b = bot_b.choose(&t, seat);
    assert_eq!(a, b);
    assert!(matches!(a, Some(Bid(_))));
}

#[test]
fn mcts_beats_random_at_the_card_game() {
    // Not a timing test: a fixed-seed strength check that the search helps.
    let setup = HighCard::setup(3, &[]).expect("setup");
    let mut mcts_wins = 0;
    let games = 24;
    for g in 0..games {
        let rot = g % 3;
        let mut lineup = ["random", "random", "random"];
        lineup[rot] = "mcts:300it";
        let mut b = bots::<HighCard>(&lineup, g as u64);
        let (_, end) = play_checked::<HighCard>(&setup, 1000 + g as u64, &mut b);
        let w = HighCard::outcome(&end).and_then(|o| o.winner());
        if w == Some(Seat(rot as u8)) {
            mcts_wins += 1;
        }
    }
    // Random would win about a third (8 of 24).
    assert!(mcts_wins >= 13, "mcts won only {mcts_wins} of {games}");
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
        let s = mid_game(k as u64, 1);
        let seat = to_move(&s);
        let mut bot = spec(text)
            .with_deadline(deadline)
            .build::<HighCard>(k as u64);
        let c = bot.choose(&s, seat).expect("a choice");
        let mut legal = Vec::new();
        HighCard::legal(&s, &mut legal);
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
            let s = mid_game(seed, (seed % 3) as usize);
            let seat = to_move(&s);
            let mut plain = spec(text).build::<HighCard>(seed);
            let mut capped = spec(text).with_deadline(long).build::<HighCard>(seed);
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
