//! End-to-end tests of the bots in the `eons` binary: `play` with bot seats,
//! `tournament`, and replaying tournament records.

use crate::common;

use common::{eons, ok, path_str, scratch};

/// Asserts a clean failure: exit code 1, no panic, an `eons: error:` message; returns stderr.
fn fails(o: &std::process::Output) -> String {
    let err = common::fails(o);
    assert_eq!(o.status.code(), Some(1), "exit code: {err}");
    assert!(err.starts_with("eons: error: "), "{err}");
    err
}

/// The bot rows of a tournament table: (name, games, wins), in bot order.
fn bot_rows(table: &str) -> Vec<(String, usize, usize)> {
    let mut rows = Vec::new();
    for line in table.lines() {
        let t: Vec<&str> = line.split_whitespace().collect();
        let n = rows.len() + 1;
        if t.len() >= 4 && t[0] == format!("{n}.") && t[2].parse::<usize>().is_ok() {
            let games = t[2].parse().expect("games");
            let wins = t[3].parse().expect("wins");
            rows.push((t[1].to_string(), games, wins));
        } else if !rows.is_empty() {
            break;
        }
    }
    rows
}

/// The winning seat (0-based) printed by `eons replay`.
fn replayed_winner(out: &str) -> usize {
    let line = out
        .lines()
        .find(|l| l.starts_with("Winner: seat "))
        .unwrap_or_else(|| panic!("no winner in:\n{out}"));
    let n: usize = line["Winner: seat ".len()..]
        .trim()
        .parse()
        .expect("a seat number");
    n - 1
}

#[test]
fn tournament_on_demo_prints_the_table_and_its_records_replay() {
    let out_file = scratch("demo.jsonl");
    let table = ok(&eons(
        &[
            "tournament",
            "demo",
            "--bots",
            "mcts:60it,greedy,random",
            "--games",
            "6",
            "--seed",
            "11",
            "--out",
            path_str(&out_file),
        ],
        "",
    ));
    assert!(
        table.contains("3 players, seed 11: 6 of 6 games completed"),
        "{table}"
    );
    let rows = bot_rows(&table);
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(names, ["mcts:60it", "greedy", "random"], "{table}");
    assert!(rows.iter().all(|r| r.1 == 6), "{table}");
    let wins: Vec<usize> = rows.iter().map(|r| r.2).collect();
    assert_eq!(wins.iter().sum::<usize>(), 6, "{table}");
    assert!(table.contains("seat 3"), "seat table: {table}");

    // One JSON record per game, each replaying to the winner the table counted:
    // game g rotates bot b into seat (b + g) mod 3.
    let text = std::fs::read_to_string(&out_file).expect("records written");
    assert_eq!(text.lines().count(), 6, "{text}");
    let mut replayed_wins = [0usize; 3];
    for g in 0..6 {
        let record: serde_json::Value =
            serde_json::from_str(text.lines().nth(g).expect("a line")).expect("JSON line");
        assert_eq!(record["game"], "demo");
        let k = g.to_string();
        let out = ok(&eons(
            &["replay", path_str(&out_file), "--game-index", &k],
            "",
        ));
        assert!(out.contains(&format!("Game {g} of 6")), "{out}");
        let seat = replayed_winner(&out);
        replayed_wins[(seat + 3 - g % 3) % 3] += 1;
    }
    assert_eq!(replayed_wins.to_vec(), wins, "{table}");

    // Without --game-index, or out of range: a clear error.
    let err = fails(&eons(&["replay", path_str(&out_file)], ""));
    assert!(err.contains("holds 6 game records"), "{err}");
    assert!(err.contains("--game-index"), "{err}");
    let err = fails(&eons(
        &["replay", path_str(&out_file), "--game-index", "6"],
        "",
    ));
    assert!(err.contains("out of range (0 to 5)"), "{err}");

    // A damaged line is named.
    let damaged = scratch("damaged.jsonl");
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "{\"game\": \"demo\", \"setup\":";
    std::fs::write(&damaged, lines.join("\n") + "\n").expect("write");
    let err = fails(&eons(
        &["replay", path_str(&damaged), "--game-index", "2"],
        "",
    ));
    assert!(err.contains("record 2"), "{err}");
    ok(&eons(
        &["replay", path_str(&damaged), "--game-index", "3"],
        "",
    ));
}

/// The lines of a tournament records file without the thinking times
/// (which differ from run to run).
fn records_without_timing(file: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(file)
        .expect("records")
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
            let meta = v["tournament"].as_object_mut().expect("tournament entry");
            for timing in ["think_ms", "search_ms"] {
                assert!(meta.remove(timing).is_some(), "{l}");
            }
            v
        })
        .collect()
}

#[test]
fn a_stopped_tournament_resumes_and_its_file_can_be_reported_on() {
    let args_seed = |file: &std::path::Path, games: &str, seed: &str| -> Vec<String> {
        [
            "tournament",
            "demo",
            "--bots",
            "mcts:40it,greedy,random",
            "--games",
            games,
            "--seed",
            seed,
            "--out",
            path_str(file),
        ]
        .iter()
        .map(ToString::to_string)
        .collect()
    };
    let args = |file: &std::path::Path, games: &str| args_seed(file, games, "8");
    let run = |a: Vec<String>| {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        ok(&eons(&a, ""))
    };
    let whole = scratch("resume-whole.jsonl");
    let table = run(args(&whole, "9"));
    let part = scratch("resume-part.jsonl");
    run(args(&part, "3"));
    // Stopped while writing game 3: half a line at the end.
    let whole_text = std::fs::read_to_string(&whole).expect("records");
    let line3 = whole_text.lines().nth(3).expect("game 3");
    let mut cut = std::fs::read_to_string(&part).expect("records");
    cut.push_str(&line3[..20]);
    std::fs::write(&part, cut).expect("write");

    let mut report = args(&part, "9");
    report.push("--report-only".into());
    let so_far = run(report.clone());
    assert!(
        so_far.contains("3 of 3 games completed (3 read back"),
        "{so_far}"
    );
    let mut resume = args(&part, "9");
    resume.push("--resume".into());
    let resumed = run(resume);
    assert!(
        resumed.contains("9 of 9 games completed (3 read back"),
        "{resumed}"
    );
    assert_eq!(
        bot_rows(&resumed),
        bot_rows(&table),
        "{resumed}
{table}"
    );
    assert_eq!(
        records_without_timing(&part),
        records_without_timing(&whole)
    );
    let all = run(report);
    assert_eq!(bot_rows(&all), bot_rows(&table), "{all}");

    // Another seed on the same file: refused, the file untouched.
    let before = std::fs::read(&part).expect("records");
    let mut other = args_seed(&part, "12", "9");
    other.push("--resume".into());
    let other: Vec<&str> = other.iter().map(String::as_str).collect();
    let err = fails(&eons(&other, ""));
    assert!(err.contains("seed 8, not 9"), "{err}");
    assert_eq!(std::fs::read(&part).expect("records"), before);
}

#[test]
fn tournaments_with_iteration_budgets_repeat_whatever_the_threads() {
    let run = |name: &str, threads: &str| {
        let file = scratch(name);
        let table = ok(&eons(
            &[
                "tournament",
                "demo",
                "--bots",
                "mcts:40it,random",
                "--games",
                "4",
                "--seed",
                "5",
                "--threads",
                threads,
                "--out",
                path_str(&file),
            ],
            "",
        ));
        (bot_rows(&table), records_without_timing(&file))
    };
    let (rows1, rec1) = run("t1.jsonl", "1");
    let (rows2, rec2) = run("t2.jsonl", "2");
    assert_eq!(rows1.len(), 2);
    assert_eq!(rows1, rows2);
    assert_eq!(rec1, rec2);
}

#[test]
fn tournament_passes_options_players_and_variants() {
    let file = scratch("options.jsonl");
    let table = ok(&eons(
        &[
            "tournament",
            "demo",
            "--bots",
            "greedy,random",
            "--players",
            "2",
            "--games",
            "4",
            "--opt",
            "target=7",
            "--variant",
            "hand=2",
            "--variant",
            "",
            "--out",
            path_str(&file),
        ],
        "",
    ));
    let rows = bot_rows(&table);
    assert_eq!(rows.iter().map(|r| r.2).sum::<usize>(), 4, "{table}");
    assert!(table.contains("4 of 4 games completed"), "{table}");
    // Every game has the option; blocks of 2 games alternate the variants.
    let text = std::fs::read_to_string(&file).expect("records");
    let setups: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON")["setup"].clone())
        .collect();
    assert_eq!(setups.len(), 4);
    for (g, setup) in setups.iter().enumerate() {
        assert_eq!(setup["target"], 7, "{setup}");
        assert_eq!(
            setup["hand"],
            if g < 2 { 2 } else { 3 },
            "game {g}: {setup}"
        );
    }
    let err = fails(&eons(
        &[
            "tournament",
            "demo",
            "--bots",
            "random,random",
            "--games",
            "2",
            "--opt",
            "target=900",
        ],
        "",
    ));
    assert!(err.contains("target must be"), "{err}");
}

#[test]
fn tiny_dominant_species_tournament_replays() {
    let out_file = scratch("ds.jsonl");
    let table = ok(&eons(
        &[
            "tournament",
            "ds",
            "--bots",
            "random,random",
            "--games",
            "2",
            "--seed",
            "1",
            "--out",
            path_str(&out_file),
        ],
        "",
    ));
    assert!(table.contains("Dominant Species"), "{table}");
    assert!(table.contains("2 of 2 games completed"), "{table}");
    let rows = bot_rows(&table);
    assert_eq!(rows.len(), 2, "{table}");
    assert_eq!(rows.iter().map(|r| r.2).sum::<usize>(), 2, "{table}");
    let out = ok(&eons(
        &["replay", path_str(&out_file), "--game-index", "1"],
        "",
    ));
    assert!(out.contains("Dominant Species"), "{out}");
    replayed_winner(&out);
}

#[test]
fn play_with_greedy_and_mcts_seats_ends_and_repeats() {
    let save = scratch("bots-play.json");
    let args = [
        "play",
        "demo",
        "--seats",
        "greedy,mcts:50it,random",
        "--seed",
        "9",
        "--save",
        path_str(&save),
    ];
    let out = ok(&eons(&args, ""));
    assert!(
        out.contains("seat 1 greedy, seat 2 mcts:50it, seat 3 random"),
        "{out}"
    );
    assert!(out.contains("Seat 2 (mcts:50it): "), "{out}");
    assert!(out.contains("Seat 1 (greedy): "), "{out}");
    assert!(out.contains("Winner: seat"), "{out}");
    assert!(!out.contains("your choice"), "no prompt for bots: {out}");
    // Bots are seeded from the game seed and their seat: the same game again.
    assert_eq!(ok(&eons(&args, "")), out);
    let replay = ok(&eons(&["replay", path_str(&save)], ""));
    assert_eq!(replayed_winner(&replay) + 1, {
        let line = out
            .lines()
            .find(|l| l.starts_with("Winner: seat "))
            .expect("winner");
        line["Winner: seat ".len()..]
            .trim()
            .parse::<usize>()
            .expect("seat")
    });
}

#[test]
fn play_a_human_against_mcts() {
    let out = ok(&eons(
        &["play", "demo", "--seats", "human,mcts:easy", "--seed", "2"],
        &"a\n".repeat(200),
    ));
    assert!(out.contains("seat 1 human, seat 2 mcts:easy"), "{out}");
    assert!(out.contains("Seat 1, your choice"), "{out}");
    assert!(out.contains("Seat 2 (mcts:easy): "), "{out}");
    assert!(out.contains("Winner: seat"), "{out}");
}

#[test]
fn bad_bot_specs_fail_cleanly() {
    for (args, why) in [
        (
            vec!["play", "demo", "--seats", "human,wizard"],
            "unknown seat kind `wizard`",
        ),
        (
            vec!["play", "demo", "--seats", "mcts:fast"],
            "bad parameter `fast`",
        ),
        (
            vec!["play", "demo", "--seats", "mcts:1s:2s"],
            "more than one budget",
        ),
        (
            vec!["play", "demo", "--seats", "greedy:samples=0"],
            "between 1 and 1000",
        ),
        (
            vec!["play", "demo", "--seats", "human:fast,random"],
            "takes no parameters",
        ),
        (
            vec![
                "tournament",
                "demo",
                "--bots",
                "random,wizard",
                "--games",
                "2",
            ],
            "unknown bot `wizard`",
        ),
        (
            vec![
                "tournament",
                "demo",
                "--bots",
                "mcts:0it,random",
                "--games",
                "2",
            ],
            "bad parameter `0it`",
        ),
        (
            vec![
                "tournament",
                "demo",
                "--bots",
                "random,,random",
                "--games",
                "2",
            ],
            "empty bot spec",
        ),
        (
            vec![
                "tournament",
                "demo",
                "--bots",
                "human,random",
                "--games",
                "2",
            ],
            "unknown bot `human`",
        ),
        (
            vec![
                "tournament",
                "demo",
                "--bots",
                "random,random",
                "--games",
                "2",
                "--players",
                "3",
            ],
            "one bot per seat",
        ),
        (
            vec![
                "tournament",
                "demo",
                "--bots",
                "random,random",
                "--games",
                "0",
            ],
            "at least 1",
        ),
        (
            vec!["tournament", "demo", "--bots", "random", "--games", "2"],
            "2 to 4 players",
        ),
        (
            vec![
                "tournament",
                "chess",
                "--bots",
                "random,random",
                "--games",
                "2",
            ],
            "unknown game `chess`",
        ),
    ] {
        let err = fails(&eons(&args, ""));
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn tournament_reports_an_unwritable_records_file() {
    let dir = scratch("no-such-dir");
    let file = dir.join("records.jsonl");
    let err = fails(&eons(
        &[
            "tournament",
            "demo",
            "--bots",
            "random,random",
            "--games",
            "2",
            "--out",
            path_str(&file),
        ],
        "",
    ));
    assert!(err.contains("cannot write the records"), "{err}");
}
