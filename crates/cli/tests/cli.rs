//! End-to-end tests of the `eons` binary with the built-in `demo` game.

use crate::common;

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
    // A human always answering "a" against two random bots; answers to spare.
    let input = "a\n".repeat(500);
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
    assert!(out.contains("Seat 1, your choice (a"), "{out}");
    assert!(out.contains("Seat 1: play a card"), "the prompt: {out}");
    assert!(
        out.contains("Your hand (seat 1):"),
        "board of seat 1: {out}"
    );
    assert!(
        !out.contains("Your hand (seat 2)"),
        "seat 2's hand leaked: {out}"
    );
    assert!(
        out.contains("Seat 2 (random): "),
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
            l.starts_with("Seat ") && (l.contains(" (human): ") || l.contains(" (random): "))
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
        "b\nq\n",
    ));
    assert!(
        out.contains("Quit: the game is left unfinished after"),
        "{out}"
    );
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
    assert!(out.contains("\"0\" is not a key"), "{out}");
    assert!(out.contains("\"17\" is not a key"), "{out}");
    assert!(out.contains("No choice matches \"zebra\""), "{out}");
    assert!(out.contains("the whole log so far"), "help: {out}");
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
    assert!(
        out.contains("1. seat 1, asked \"Seat 1: play a card\": play 6"),
        "{out}"
    );
    assert!(
        out.contains("2. seat 1, asked \"Seat 1: knock an opponent back 2 spaces, or skip\": knock back seat 2"),
        "{out}"
    );
    assert!(out.contains("Seat 1 knocks seat 2 back to 0"), "{out}");
    assert!(
        out.contains("3. seat 2, asked \"Seat 2: play a card\": play 4"),
        "choice number 1: {out}"
    );
    assert!(!out.contains("while loading"), "no forced step: {out}");
    assert!(out.contains("positions = [9, 4]"), "{out}");
    assert!(out.contains("hands = [[1, 2, 5], [3, 4, 4]]"), "{out}");
    assert!(out.contains("deck = [1, 2]"), "{out}");
    assert!(
        out.contains("seat 1 to move, asked \"Seat 1: play a card\"; legal choices:"),
        "{out}"
    );

    let json = ok(&eons(&["check", "--json", path_str(&file)], ""));
    let v: serde_json::Value = serde_json::from_str(&json).expect("--json prints JSON");
    assert_eq!(v["game"], "demo");
    assert_eq!(v["steps"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["steps"][1]["choice"], "knock back seat 2");
    // Seats are counted from 1, in fields that say so.
    let seats: Vec<Option<u64>> = v["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| s["seat_number"].as_u64())
        .collect();
    assert_eq!(seats, [Some(1), Some(1), Some(2)], "{json}");
    assert_eq!(
        v["steps"][1]["prompt"],
        "Seat 1: knock an opponent back 2 spaces, or skip"
    );
    assert_eq!(v["to_move_seat_number"], 1);
    assert_eq!(v["prompt"], "Seat 1: play a card");
    assert!(
        v.get("to_move").is_none() && v["steps"][0].get("seat").is_none(),
        "{json}"
    );
    assert_eq!(v["loading_events"], serde_json::json!([]));
    assert_eq!(v["warnings"], serde_json::json!([]));
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
    assert!(out.contains("2. seat 1, asked "), "{out}");
    assert!(out.contains(": use Recovery"), "{out}");
    assert!(
        out.contains("Synapsids (Inactive) in B2, niche 1 lose their Inactive marker"),
        "{out}"
    );
    assert!(
        out.contains("Synapsids beat Invertebrates (attacker 1, defender 4)"),
        "{out}"
    );
    assert!(out.contains("\"B2 1 synapsids\""), "{out}");
}

/// A position whose seat to move has no card: it draws one while loading.
const EMPTY_HAND: &str = r#"
game = "demo"
choices = ["play 5", "skip"]
to_move = 2
positions = [3, 1]
hands = [[6, 2, 1], []]
deck = [1, 2, 3, 5]
"#;

#[test]
fn check_tells_the_forced_steps_of_loading() {
    let file = scratch("position-empty-hand.toml");
    std::fs::write(&file, EMPTY_HAND).expect("write");
    let out = ok(&eons(&["check", path_str(&file)], ""));
    let loading = out
        .find(
            "Forced steps while loading the position:\n     Seat 2 draws a card\n     Seat 2 sees the card drawn: 5\n",
        )
        .unwrap_or_else(|| panic!("no loading events: {out}"));
    let first = out.find("1. seat 2, asked").expect("the first choice");
    assert!(loading < first, "loading comes first: {out}");
    assert!(out.contains("Seat 2 plays 5 and moves to 6"), "{out}");

    let json = ok(&eons(&["check", "--json", path_str(&file)], ""));
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        v["loading_events"],
        serde_json::json!(["Seat 2 draws a card", "Seat 2 sees the card drawn: 5"])
    );
    assert_eq!(v["steps"][0]["seat_number"], 2);
    assert_eq!(v["steps"][0]["choice"], "play 5");
    assert_eq!(v["to_move_seat_number"], 1);
}

#[test]
fn check_warns_when_a_part_of_a_text_answers_another_seat() {
    let file = scratch("position-partial.toml");
    // "skip" is part of seat 1's "skip the knock" (seat 1 again: no warning);
    // "play" is part of seat 2's only choice, "play 4": another seat.
    let text = POSITION.replace(
        r#"choices = ["play 6", "Knock back seat 2", 1]"#,
        r#"choices = ["play 6", "skip", "play"]"#,
    );
    std::fs::write(&file, text).expect("write");
    let o = eons(&["check", path_str(&file)], "");
    let out = ok(&o);
    assert!(
        out.contains("3. seat 2, asked \"Seat 2: play a card\": play 4"),
        "{out}"
    );
    let err = stderr(&o);
    assert_eq!(
        err.trim_end(),
        "eons: warning: choices[2] \"play\" answers seat 2's prompt \"Seat 2: play a card\", \
         while choices[1] answered seat 1's",
        "one warning, for choices[2] only"
    );
    let json = ok(&eons(&["check", "--json", path_str(&file)], ""));
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["warnings"].as_array().map(Vec::len), Some(1), "{json}");

    let err = fails(&eons(&["check", "--strict", path_str(&file)], ""));
    assert!(
        err.contains("eons: error: choices[2] \"play\" answers seat 2's prompt"),
        "{err}"
    );
    assert!(err.contains("--strict"), "{err}");
    // The whole text answers any seat's prompt, even with --strict.
    let text = POSITION.replace(
        r#"choices = ["play 6", "Knock back seat 2", 1]"#,
        r#"choices = ["play 6", "skip", "play 4"]"#,
    );
    std::fs::write(&file, text).expect("write");
    let o = eons(&["check", "--strict", path_str(&file)], "");
    ok(&o);
    assert_eq!(stderr(&o), "");
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

/// The screen's choices, as (key, text) pairs, of the first decision in `out`.
fn first_choices(out: &str) -> Vec<(String, String)> {
    out.lines()
        .skip_while(|l| !l.starts_with("Seat 1: "))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| {
            let (key, text) = l.trim_start().split_once("  ")?;
            Some((key.to_string(), text.to_string()))
        })
        .collect()
}

#[test]
fn play_keys_answer_their_choice() {
    let args = ["play", "demo", "--seats", "human,human", "--seed", "3"];
    let out = ok(&eons(&args, "q\n"));
    let choices = first_choices(&out);
    assert!(choices.len() >= 2, "{out}");
    assert_eq!(choices[0].0, "a", "{out}");
    assert_eq!(choices[1].0, "b", "{out}");
    // The last key, in capitals: the choice beside it, not another.
    let (key, text) = choices.last().expect("a choice");
    let out = ok(&eons(&args, &format!("{}\nq\n", key.to_uppercase())));
    assert!(
        out.contains(&format!("\nSeat 1 (human): {text}\n")),
        "{out}"
    );
    let others = choices.iter().filter(|(_, t)| t != text);
    for (_, t) in others {
        assert!(!out.contains(&format!("Seat 1 (human): {t}\n")), "{out}");
    }
}

#[test]
fn play_output_is_plain_when_piped_and_coloured_on_request() {
    let args = ["play", "demo", "--seats", "human,random", "--seed", "4"];
    let input = "a\n".repeat(300);
    let plain = ok(&eons(&args, &input));
    assert!(plain.contains("Game over."), "{plain}");
    assert!(
        !plain.contains('\x1b'),
        "escape codes in piped output: {plain:?}"
    );
    let mut always = args.to_vec();
    always.extend(["--color", "always"]);
    let coloured = ok(&eons(&always, &input));
    assert!(
        coloured.contains("\x1b[1mSeat 1: play a card\x1b[0m"),
        "{coloured:?}"
    );
    assert!(!coloured.contains("\x1b[2J"), "a pipe is never cleared");
    let mut never = args.to_vec();
    never.extend(["--color", "never"]);
    assert_eq!(ok(&eons(&never, &input)), plain);
}

#[test]
fn play_log_prints_the_whole_log() {
    let out = ok(&eons(
        &["play", "demo", "--seats", "human,random", "--seed", "3"],
        &format!("{}log\nq\n", "a\n".repeat(6)),
    ));
    let (before, after) = out
        .split_once("---- the log so far (")
        .unwrap_or_else(|| panic!("no log: {out}"));
    let block: Vec<&str> = after.lines().skip(1).take_while(|l| *l != "----").collect();
    assert!(block.len() >= 3, "{out}");
    assert!(block[0].starts_with("Seat 1 (human): play "), "{out}");
    for line in &block {
        assert!(
            before.contains(&format!("\n{line}\n")),
            "{line:?} was shown before: {out}"
        );
    }
    assert!(
        block.iter().any(|l| l.starts_with("Seat 2 (random): ")),
        "{out}"
    );
}

/// The first seed from 0 whose screen offers seat 1 a storm card.
fn storm_seed() -> (String, String) {
    for seed in 0..50 {
        let seed = seed.to_string();
        let out = ok(&eons(
            &["play", "demo", "--seats", "human,random", "--seed", &seed],
            "q\n",
        ));
        if let Some((_, text)) = first_choices(&out)
            .into_iter()
            .rev()
            .find(|(_, t)| t == "play 5" || t == "play 6")
        {
            return (seed, text);
        }
    }
    panic!("no seed from 0 to 49 deals seat 1 a storm card");
}

#[test]
fn play_undo_takes_back_a_choice_and_the_record_lacks_it() {
    let (seed, storm) = storm_seed();
    let file = scratch("undo.json");
    let args = [
        "play",
        "demo",
        "--seats",
        "human,random",
        "--seed",
        &seed,
        "--save",
        path_str(&file),
    ];
    let out = ok(&eons(&args, &format!("undo\n{storm}\nundo\nq\n")));
    assert!(
        out.contains("Nothing to undo: no choice has been made yet."),
        "{out}"
    );
    assert!(
        out.contains("Seat 1: knock an opponent back 2 spaces, or skip"),
        "the storm was played: {out}"
    );
    assert!(out.contains(&format!("Taken back: {storm}.")), "{out}");
    assert_eq!(
        out.matches("Seat 1: play a card").count(),
        2,
        "back to the first decision: {out}"
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("json");
    assert_eq!(record["choices"], serde_json::json!([]), "{record}");

    // Without the undo, the record keeps the storm card.
    let out = ok(&eons(&args, &format!("{storm}\nq\n")));
    assert!(out.contains("Record saved"), "{out}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("json");
    assert_eq!(
        record["choices"].as_array().map(Vec::len),
        Some(1),
        "{record}"
    );
}
