//! The analysis of finished Card Race games (`eons_bots::analysis`).

use crate::common;

use common::play_checked;
use eons_bots::analysis::{analyse, Analysis, Options, Progress};
use eons_bots::{Bot, BotSpec};
use eons_core::{Game, Record, Turn};
use eons_toy::CardRace;

/// A finished game between two greedy bots and a random one.
fn finished_game(seed: u64) -> (Record<CardRace>, <CardRace as Game>::State) {
    let setup = CardRace::setup(3, &[]).expect("setup");
    let mut bots: Vec<Box<dyn Bot<CardRace>>> = vec![
        BotSpec::greedy().build(seed),
        BotSpec::random().build(seed + 1),
        BotSpec::greedy().build(seed + 2),
    ];
    let (record, state) = play_checked::<CardRace>(&setup, seed, &mut bots);
    assert_eq!(CardRace::turn(&state), Turn::Over);
    (record, state)
}

fn options(drops: usize) -> Options {
    Options {
        drops,
        bot: BotSpec::parse("mcts:200it").expect("spec"),
        seed: 3,
    }
}

/// Checks everything an analysis of `record` promises.
fn check(record: &Record<CardRace>, state: &<CardRace as Game>::State, a: &Analysis, n: usize) {
    assert_eq!(a.steps.len(), record.choices.len() + 1, "one row per step");
    for (k, row) in a.steps.iter().enumerate() {
        assert_eq!(row.step, k);
        assert_eq!(row.win.len(), 3);
        let sum: f64 = row.win.iter().sum();
        assert!((sum - 1.0).abs() < 1e-6, "step {k} sums to {sum}");
        assert!(row.win.iter().all(|p| (0.0..=1.0).contains(p)), "{row:?}");
    }
    let winner = CardRace::outcome(state)
        .and_then(|o| o.winner())
        .expect("winner");
    let last = &a.steps[record.choices.len()].win;
    for (i, p) in last.iter().enumerate() {
        assert_eq!(*p, if i == winner.index() { 1.0 } else { 0.0 }, "{last:?}");
    }
    assert!(a.drops.len() <= n);
    // Every fall of a seat's estimate over its own choice, to compare with
    // the drops kept; not into the last row, the result.
    let mut falls: Vec<f64> = Vec::new();
    for k in 1..a.steps.len() - 1 {
        let seat = record.choices[k - 1].seat.index();
        let fall = a.steps[k - 1].win[seat] - a.steps[k].win[seat];
        if fall > 0.0 {
            falls.push(fall);
        }
    }
    falls.sort_by(|x, y| y.total_cmp(x));
    assert_eq!(a.drops.len(), falls.len().min(n));
    for (d, fall) in a.drops.iter().zip(&falls) {
        assert!(d.before > d.after, "{d:?}");
        assert!(d.step >= 1 && d.step < record.choices.len());
        assert_eq!(d.before, a.steps[d.step - 1].win[d.seat.index()]);
        assert_eq!(d.after, a.steps[d.step].win[d.seat.index()]);
        assert_eq!(d.size(), *fall, "the largest, largest first");
        assert_eq!(d.seat, record.choices[d.step - 1].seat, "its own choice");
        assert!(!d.bot_choice.is_empty());
    }
}

#[test]
fn a_finished_card_race_is_analysed_step_by_step() {
    // Card Race's own choices rarely lower a seat's evaluation (a card
    // played moves its runner on): seed 32 is the game of the first 60
    // with a drop; 1 and 7 have none.
    for seed in [1, 7, 32] {
        let (record, state) = finished_game(seed);
        let mut seen = Vec::new();
        let a = analyse(&record, &options(4), |p| seen.push(p)).expect("analysis");
        // No network for Card Race: the softmax of its evaluation.
        assert_eq!(a.estimator.to_string(), "evaluate");
        check(&record, &state, &a, 4);
        assert_eq!(
            seen.last(),
            Some(&Progress {
                done: a.drops.len(),
                total: a.drops.len()
            })
        );
        assert_eq!(a.drops.is_empty(), seed != 32, "seed {seed}: {:?}", a.drops);
        // The same record and options give the same analysis.
        assert_eq!(analyse(&record, &options(4), |_| {}).expect("again"), a);
        // Fewer drops: the first ones of the longer list.
        let one = analyse(&record, &options(1), |_| {}).expect("one");
        assert_eq!(one.drops[..], a.drops[..a.drops.len().min(1)]);
    }
}

#[test]
fn the_json_has_the_issues_shape() {
    // A game with a drop (see above).
    let (record, _) = finished_game(32);
    let a = analyse(&record, &options(2), |_| {}).expect("analysis");
    let json = serde_json::to_value(&a).expect("json");
    let object = json.as_object().expect("an object");
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["drops", "estimator", "steps"]);
    assert_eq!(json["estimator"], "evaluate");
    for row in json["steps"].as_array().expect("steps") {
        let mut keys: Vec<&str> = row
            .as_object()
            .expect("row")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["step", "win"]);
        assert_eq!(row["win"].as_array().map(Vec::len), Some(3));
    }
    let drops = json["drops"].as_array().expect("drops");
    assert!(!drops.is_empty());
    for d in drops {
        let mut keys: Vec<&str> = d
            .as_object()
            .expect("drop")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["after", "before", "bot_choice", "seat", "step"]);
        assert!(d["seat"].is_u64(), "a seat is its number: {d}");
        assert!(d["bot_choice"].is_string());
    }
}

#[test]
fn unfinished_and_broken_records_are_refused() {
    let (mut record, _) = finished_game(2);
    let last = record.choices.pop().expect("a choice");
    let err = analyse(&record, &options(3), |_| {}).expect_err("unfinished");
    assert!(err.to_string().contains("not finished"), "{err}");

    record.choices.push(last.clone());
    record.choices.push(last);
    let err = analyse(&record, &options(3), |_| {}).expect_err("too long");
    assert!(err.to_string().contains("does not replay"), "{err}");

    record.choices.pop();
    record.game = "ds".into();
    let err = analyse(&record, &options(3), |_| {}).expect_err("another game");
    assert!(err.to_string().contains("not `demo`"), "{err}");

    record.game = "demo".into();
    let bot = Options {
        bot: BotSpec::parse("mcts:100it,eval=net").expect("spec"),
        ..options(3)
    };
    let err = analyse(&record, &bot, |_| {}).expect_err("no network for demo");
    assert!(err.to_string().contains("no value network"), "{err}");
}
