//! End-to-end tests of the `eons` binary with the built-in `demo` game.

mod common;

use common::*;
use std::path::PathBuf;

fn line_with<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with {prefix:?} in:\n{text}"))
}

/// Plays a random-vs-random demo game with `seed` and saves it to `name`.
fn saved_bot_game(name: &str, seed: &str) -> (PathBuf, serde_json::Value) {
    let file = scratch(name);
    ok(&eons(
        &[
            "play",
            "demo",
            "--seats",
            "random,random",
            "--seed",
            seed,
            "--save",
            path_str(&file),
        ],
        "",
    ));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("json");
    (file, json)
}

#[test]
fn play_with_piped_input_to_the_end_then_replay_the_record() {
    let file = scratch("piped.json");
    // A human always answering "1" against two random bots; answers to spare.
    let input = "1\n".repeat(500);
    let out = ok(&eons(
        &[
            "play",
            "demo",
            "--players",
            "3",
            "--seats",
            "human,random,random",
            "--seed",
            "42",
            "--save",
            path_str(&file),
        ],
        &input,
    ));
    assert!(out.contains("==== seat 1 to choose ===="), "{out}");
    assert!(
        out.contains("Your hand (seat 1):"),
        "board of seat 1: {out}"
    );
    assert!(
        !out.contains("Your hand (seat 2)"),
        "seat 2's hand leaked: {out}"
    );
    assert!(
        out.contains("seat 2 (random): "),
        "bot moves are logged: {out}"
    );
    assert!(out.contains("Game over."), "{out}");
    assert!(out.contains("Record saved to"), "{out}");
    let winner = line_with(&out, "Winner: ");

    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("json");
    assert_eq!(record["game"], "demo");
    assert_eq!(record["seed"], 42);
    let choices = record["choices"].as_array().expect("choices").len();
    let logged = out
        .lines()
        .filter(|l| {
            l.starts_with("seat ") && (l.contains(" (human): ") || l.contains(" (random): "))
        })
        .count();
    assert_eq!(choices, logged, "one record entry per logged choice");

    let replay = ok(&eons(&["replay", path_str(&file)], ""));
    assert!(
        replay.contains(&format!("{choices} recorded choices")),
        "{replay}"
    );
    assert_eq!(line_with(&replay, "Winner: "), winner);
}

#[test]
fn play_same_seed_same_game() {
    let (_, a) = saved_bot_game("same-a.json", "9");
    let (_, b) = saved_bot_game("same-b.json", "9");
    let (_, c) = saved_bot_game("same-c.json", "10");
    assert_eq!(a, b);
    assert_ne!(a["choices"], c["choices"]);
}

#[test]
fn play_quit_and_eof_save_an_unfinished_record() {
    let file = scratch("quit.json");
    let out = ok(&eons(
        &["play", "demo", "--seed", "3", "--save", path_str(&file)],
        "2\nq\n",
    ));
    assert!(out.contains("Quit: game left unfinished after"), "{out}");
    let replay = ok(&eons(&["replay", path_str(&file)], ""));
    assert!(
        replay.contains("The record ends before the game does"),
        "{replay}"
    );

    let file = scratch("eof.json");
    let out = ok(&eons(
        &["play", "demo", "--seed", "3", "--save", path_str(&file)],
        "",
    ));
    assert!(out.contains("Input ended"), "{out}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("json");
    assert_eq!(record["choices"].as_array().map(Vec::len), Some(0));
}

#[test]
fn play_reprompts_on_bad_answers() {
    let out = ok(&eons(
        &["play", "demo", "--seed", "5", "--seats", "human,human"],
        "0\n17\nzebra\nplay\n?\n\nq\n",
    ));
    assert!(out.contains("\"0\" is not a choice number"), "{out}");
    assert!(out.contains("\"17\" is not a choice number"), "{out}");
    assert!(out.contains("no legal choice matches \"zebra\""), "{out}");
    assert!(out.contains("---- recent log ----"), "{out}");
    assert!(out.contains("Quit"), "{out}");
}

#[test]
fn replay_names_the_first_bad_choice() {
    let (_, record) = saved_bot_game("good.json", "11");
    let n = record["choices"].as_array().expect("choices").len();
    assert!(n > 6);

    // An illegal choice at index 5 (no card 9 exists; knocking is not a card play).
    let mut bad = record.clone();
    bad["choices"][5]["choice"] = serde_json::json!({ "Play": 9 });
    let file = scratch("bad-illegal.json");
    std::fs::write(&file, bad.to_string()).expect("write");
    let err = fails(&eons(&["replay", path_str(&file)], ""));
    assert!(err.contains("choices[5]"), "{err}");
    assert!(err.contains("not legal"), "{err}");

    // The wrong seat at index 3.
    let mut bad = record.clone();
    let seat = bad["choices"][3]["seat"].as_u64().expect("seat");
    bad["choices"][3]["seat"] = serde_json::json!(1 - seat);
    let file = scratch("bad-seat.json");
    std::fs::write(&file, bad.to_string()).expect("write");
    let err = fails(&eons(&["replay", path_str(&file)], ""));
    assert!(err.contains("choices[3]"), "{err}");
    assert!(err.contains("turn"), "{err}");

    // A choice that is not even a choice of this game.
    let mut bad = record.clone();
    bad["choices"][4]["choice"] = serde_json::json!("Fly");
    let file = scratch("bad-unreadable.json");
    std::fs::write(&file, bad.to_string()).expect("write");
    let err = fails(&eons(&["replay", path_str(&file)], ""));
    assert!(err.contains("choices[4]"), "{err}");
    assert!(err.contains("cannot be read"), "{err}");

    // A choice after the end.
    let mut bad = record.clone();
    let first = bad["choices"][0].clone();
    bad["choices"].as_array_mut().expect("choices").push(first);
    let file = scratch("bad-late.json");
    std::fs::write(&file, bad.to_string()).expect("write");
    let err = fails(&eons(&["replay", path_str(&file)], ""));
    assert!(err.contains(&format!("choices[{n}]")), "{err}");
    assert!(err.contains("after the end"), "{err}");
}

#[test]
fn replay_rejects_bad_files() {
    let file = scratch("not-json.json");
    std::fs::write(&file, "{ not json").expect("write");
    assert!(fails(&eons(&["replay", path_str(&file)], "")).contains("not valid JSON"));

    std::fs::write(&file, r#"{"game": "chess", "seed": 1}"#).expect("write");
    assert!(fails(&eons(&["replay", path_str(&file)], "")).contains("unknown game `chess`"));

    std::fs::write(&file, r#"{"seed": 1}"#).expect("write");
    assert!(fails(&eons(&["replay", path_str(&file)], "")).contains("no \"game\""));

    std::fs::write(
        &file,
        r#"{"game": "demo", "setup": 5, "seed": 1, "choices": []}"#,
    )
    .expect("write");
    assert!(fails(&eons(&["replay", path_str(&file)], "")).contains("not a valid"));

    std::fs::write(&file, r#"{"game": "demo", "seed": 1}"#).expect("write");
    assert!(fails(&eons(&["replay", path_str(&file)], "")).contains("no \"choices\""));

    std::fs::write(&file, r#"{"game": "demo", "choices": 1}"#).expect("write");
    assert!(fails(&eons(&["replay", path_str(&file)], "")).contains("must be an array"));

    let setup = r#"{"players": 9, "target": 20, "hand": 3}"#;
    std::fs::write(
        &file,
        format!(r#"{{"game": "demo", "setup": {setup}, "seed": 1, "choices": []}}"#),
    )
    .expect("write");
    assert!(fails(&eons(&["replay", path_str(&file)], "")).contains("setup"));

    let missing = scratch("missing.json");
    assert!(fails(&eons(&["replay", path_str(&missing)], "")).contains("cannot read"));
}

const POSITION: &str = r#"
# A storm cannot push a runner below the start.
game = "demo"
choices = ["play 6", "Knock back seat 2", 1]
target = 20
to_move = 1
positions = [3, 1]
hands = [[6, 2, 1], [4, 4, 4]]
deck = [1, 2, 3, 5]
"#;

#[test]
fn check_applies_choices_and_prints_the_position() {
    let file = scratch("position.toml");
    std::fs::write(&file, POSITION).expect("write");
    let out = ok(&eons(&["check", path_str(&file)], ""));
    assert!(out.contains("1. seat 1: play 6"), "{out}");
    assert!(out.contains("seat 1 knocks seat 2 back to 0"), "{out}");
    assert!(out.contains("3. seat 2: play 4"), "choice number 1: {out}");
    assert!(out.contains("positions = [9, 4]"), "{out}");
    assert!(out.contains("hands = [[1, 2, 5], [3, 4, 4]]"), "{out}");
    assert!(out.contains("deck = [1, 2]"), "{out}");
    assert!(out.contains("seat 1 to move; legal choices:"), "{out}");

    let json = ok(&eons(&["check", "--json", path_str(&file)], ""));
    let v: serde_json::Value = serde_json::from_str(&json).expect("--json prints JSON");
    assert_eq!(v["game"], "demo");
    assert_eq!(v["steps"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["steps"][1]["choice"], "knock back seat 2");
    assert_eq!(v["to_move"], 0);
    assert_eq!(
        v["legal"],
        serde_json::json!(["play 1", "play 2", "play 5"])
    );

    // The printed position is itself a check file.
    let position = v["position"].as_str().expect("position text");
    let again = scratch("position-again.toml");
    std::fs::write(&again, position).expect("write");
    let out = ok(&eons(&["check", path_str(&again)], ""));
    assert!(out.contains("positions = [9, 4]"), "{out}");
}

/// `eons check` on a Pangea position with choices: an Inactive defender's owner answers
/// the attack with Recovery (ruling D5), and the log says who won with which totals.
#[test]
fn check_plays_choices_on_a_pangea_position() {
    let file = scratch("pangea-recovery.toml");
    std::fs::write(
        &file,
        r#"
game = "pangea"
choices = ["contest with Synapsids", "Recovery", "done"]
seed = 11
to_move = 4
animals = ["B2 0 inv", "B2 1 syn inactive", "C2 0 syn inactive"]

[[player]]
group = "synapsids"
active = ["Recovery", "Aggressive Display"]

[[player]]
group = "sauropsida"
passed = true

[[player]]
group = "amphibians"
passed = true

[[player]]
group = "invertebrates"
"#,
    )
    .expect("write");
    let out = ok(&eons(&["check", path_str(&file)], ""));
    assert!(out.contains("2. seat 1: use Recovery"), "{out}");
    assert!(
        out.contains("Synapsids in B2 niche 1 is now plain"),
        "{out}"
    );
    assert!(
        out.contains("Synapsids beat Invertebrates (attacker 1, defender 4)"),
        "{out}"
    );
    assert!(out.contains("\"B2 1 synapsids\""), "{out}");
}

#[test]
fn check_refuses_unmatched_choices_listing_the_legal_ones() {
    let file = scratch("position-bad.toml");
    for (choice, why) in [
        ("play", "ambiguous"),
        ("fly", "no legal choice matches"),
        ("7", "not a choice number"),
    ] {
        let text = POSITION.replace(
            r#"choices = ["play 6", "Knock back seat 2", 1]"#,
            &format!(r#"choices = ["{choice}"]"#),
        );
        std::fs::write(&file, text).expect("write");
        let err = fails(&eons(&["check", path_str(&file)], ""));
        assert!(err.contains("choices[0]"), "{err}");
        assert!(err.contains(why), "{err}");
        assert!(err.contains("1. play 1"), "{err}");
        assert!(err.contains("3. play 6"), "{err}");
    }
}

#[test]
fn check_rejects_bad_files() {
    let file = scratch("bad-position.toml");
    for (text, why) in [
        ("x = [", "not valid TOML"),
        ("target = 5", "names no game"),
        ("game = 3", "must be a string"),
        ("game = \"chess\"", "unknown game"),
        ("game = \"demo\"\nchoices = \"play\"", "must be an array"),
        ("game = \"demo\"\nchoices = [[1]]", "string or a number"),
        ("game = \"demo\"\nto_move = 1", "missing field"),
        (
            "game = \"demo\"\nto_move = 1\npositions = [0, 0]\nhands = [[9], []]",
            "card 9",
        ),
        (
            "game = \"demo\"\nto_move = 1\npositions = [0, 0]\nhands = [[1], []]\ncolour = 1",
            "unknown field",
        ),
    ] {
        std::fs::write(&file, text).expect("write");
        let err = fails(&eons(&["check", path_str(&file)], ""));
        assert!(err.contains(why), "{text:?}: {err}");
    }
}

/// The sim report without its timing line.
fn sim_report(args: &[&str]) -> String {
    let out = ok(&eons(args, ""));
    out.lines()
        .filter(|l| !l.starts_with("time:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn sim_prints_win_rates_and_does_not_depend_on_threads() {
    let args = [
        "sim",
        "demo",
        "--games",
        "300",
        "--players",
        "3",
        "--seed",
        "12",
    ];
    let one = sim_report(&args);
    assert!(one.contains("finished: 300, unfinished"), "{one}");
    assert!(one.contains("mean decisions per game:"), "{one}");
    assert!(one.contains("per role"), "{one}");
    // Every seat's colour is a role in every game; the wins of the seats add
    // up to the number of finished games.
    let mut wins = 0;
    for seat in ["seat 1", "seat 2", "seat 3"] {
        let line = line_with(&one, &format!("  {seat} "));
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cols[2], "300", "{line}");
        wins += cols[3].parse::<u32>().expect("wins");
        assert!(cols[4].ends_with('%'), "{line}");
    }
    assert_eq!(wins, 300);
    for role in ["red", "green", "blue"] {
        let line = line_with(&one, &format!("  {role} "));
        assert!(line.contains("300"), "{line}");
    }
    assert!(!one.contains("yellow"), "no fourth seat: {one}");

    let mut two_threads = args.to_vec();
    two_threads.extend(["--threads", "2"]);
    assert_eq!(sim_report(&two_threads), one);

    let mut other_seed = args.to_vec();
    other_seed[7] = "13";
    assert_ne!(sim_report(&other_seed), one);
}

#[test]
fn sim_passes_options_to_the_game() {
    let short = sim_report(&[
        "sim",
        "demo",
        "--games",
        "100",
        "--players",
        "2",
        "--opt",
        "target=5",
    ]);
    let long = sim_report(&[
        "sim",
        "demo",
        "--games",
        "100",
        "--players",
        "2",
        "--opt",
        "target=60",
    ]);
    let mean = |s: &str| -> f64 {
        line_with(s, "mean decisions per game: ")
            .trim_start_matches("mean decisions per game: ")
            .parse()
            .expect("a number")
    };
    assert!(mean(&short) < mean(&long), "{short}\n{long}");
}

#[test]
fn bench_reports_rates() {
    let out = ok(&eons(
        &["bench", "demo", "--seconds", "0.2", "--players", "4"],
        "",
    ));
    assert!(out.contains("games/second: "), "{out}");
    assert!(out.contains("decisions/second: "), "{out}");
}

#[test]
fn games_lists_demo() {
    let out = ok(&eons(&["games"], ""));
    assert!(out.contains("demo"), "{out}");
    assert!(out.contains("target=N"), "{out}");
}

#[test]
fn bad_command_lines_fail_cleanly() {
    for (args, why) in [
        (vec!["play", "chess"], "unknown game `chess`"),
        (
            vec!["sim", "chess", "--games", "1", "--players", "2"],
            "unknown game",
        ),
        (vec!["bench", "chess"], "unknown game"),
        (vec!["play", "demo", "--players", "9"], "2 to 4 players"),
        (
            vec!["play", "demo", "--players", "3", "--seats", "human,random"],
            "--seats lists 2",
        ),
        (
            vec!["play", "demo", "--seats", "human,wizard"],
            "unknown seat kind `wizard`",
        ),
        (
            vec!["play", "demo", "--opt", "target=banana"],
            "needs a number",
        ),
        (vec!["play", "demo", "--opt", "colour"], "unknown option"),
        (
            vec!["sim", "demo", "--games", "0", "--players", "2"],
            "at least 1",
        ),
        (
            vec!["sim", "demo", "--games", "5", "--players", "1"],
            "2 to 4 players",
        ),
        (vec!["bench", "demo", "--seconds", "0"], "positive"),
        (vec!["play"], "GAME"),
        (vec!["frobnicate"], "unrecognized subcommand"),
    ] {
        let err = fails(&eons(&args, ""));
        assert!(err.contains(why), "{args:?}: {err}");
    }
    let missing = scratch("missing.toml");
    assert!(fails(&eons(&["check", path_str(&missing)], "")).contains("cannot read"));
}
