//! Several server processes on one PostgreSQL database (issue 20): exactly
//! one process runs a game's bots at a time (it holds the game's lease), and
//! when it dies another takes the game over and finishes it, deciding no
//! move twice and keeping every acknowledged move.
//!
//! Each process runs with `RUST_LOG=eons_server::services::bots=debug,eons_server=info`, its log (stderr)
//! written to a file; the tests read the `bot decision` lines there. Like
//! `tests/postgres.rs`, these tests need `EONS_TEST_DATABASE_URL` and are
//! `#[ignore]`d: `--include-ignored` runs them (CI does).

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The pause before each bot decision: short, so a game ends in seconds.
const PACE_MS: u64 = 30;
/// How long the surviving process may take to carry on after the holder is
/// killed: the lease term (10 s) and one round (2 s), with room to spare on
/// a loaded machine. A bound on waiting, not a timing assertion.
const TAKEOVER_BOUND: Duration = Duration::from_secs(30);

/// One test at a time: every live process on the database takes over games
/// nobody holds, so the processes of a test running alongside could take
/// this test's game over instead of its own second process.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The database URL `url` narrowed to a schema of its own, `schema`, made
/// empty here: the processes of this test see only the games it creates.
/// Other tests leave unfinished bot games in the shared test database
/// (some with 10 s searches); a process here would take them over and make
/// this test's bots wait behind their searches.
async fn own_schema(url: &str, schema: &str) -> String {
    let pool = sqlx::postgres::PgPool::connect(url)
        .await
        .expect("connect to the test database");
    for statement in [
        format!("DROP SCHEMA IF EXISTS {schema} CASCADE"),
        format!("CREATE SCHEMA {schema}"),
    ] {
        sqlx::query(&statement)
            .execute(&pool)
            .await
            .expect("make the test's schema");
    }
    pool.close().await;
    let joiner = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joiner}options=-c%20search_path%3D{schema}")
}

/// A server process whose log (at info for this crate) goes to `log`.
fn logged_server(db: &str, log: &Path) -> Server {
    Server::start_logged(
        db,
        PACE_MS,
        &[],
        &[
            (
                "RUST_LOG",
                "eons_server::services::bots=debug,eons_server=info",
            ),
            ("NO_COLOR", "1"),
        ],
        Some(log),
    )
}

/// An all-bot Dominant Species game between two greedy bots.
fn greedy_bots(seed: u64) -> Value {
    json!({
        "game": "ds", "players": 2, "seed": seed,
        "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    })
}

/// A log line without its terminal colour codes (if any).
fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // ESC [ … letter
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The value of field `key` in a formatted log line (`key=value`).
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
}

/// What one process's log says of game `id`.
#[derive(Debug, Default)]
struct Said {
    /// Moves whose bot decision the process committed, by move number, with
    /// how often each is named.
    decided: BTreeMap<u64, usize>,
    /// `bot decision lost` lines.
    lost: usize,
    /// `lease taken` lines.
    leases_taken: usize,
    /// Seats whose clock ran out (`clock ran out` lines), with how often each
    /// is named.
    expired: BTreeMap<u64, usize>,
}

fn read_log(path: &Path, id: &str) -> Said {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut said = Said::default();
    for line in text.lines().map(plain) {
        if field(&line, "game") != Some(id) {
            continue;
        }
        if line.contains("bot decision lost") {
            said.lost += 1;
        } else if line.contains("bot decision") {
            let n: u64 = field(&line, "move")
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("a bot decision line without its move: {line}"));
            *said.decided.entry(n).or_default() += 1;
        } else if line.contains("lease taken") {
            said.leases_taken += 1;
        } else if line.contains("clock ran out") {
            let seat: u64 = field(&line, "seat")
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("a clock line without its seat: {line}"));
            *said.expired.entry(seat).or_default() += 1;
        }
    }
    said
}

/// The game's public summary from process `s`.
async fn summary(s: &Server, c: &reqwest::Client, id: &str) -> Value {
    let r = get(c, &s.url(&format!("/api/games/{id}"))).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body
}

/// Waits until `log` names `moves` bot decisions of game `id` (a process
/// logs a decision just after its commit, which a client may see first).
async fn wait_logged(log: &Path, id: &str, moves: usize) -> Said {
    let start = Instant::now();
    loop {
        let said = read_log(log, id);
        if said.decided.len() >= moves || start.elapsed() > Duration::from_secs(10) {
            return said;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn logs(dir: &Path) -> (PathBuf, PathBuf) {
    (dir.join("a.log"), dir.join("b.log"))
}

/// SIGKILL the process running a bot game mid-game: the other one takes it
/// over within the lease term and finishes it; no decision is made twice,
/// and every move acknowledged before the kill is in the final record,
/// which replays.
#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn the_survivor_finishes_a_killed_processs_bot_game() {
    let db = pg();
    let _alone = ONE_AT_A_TIME.lock().await;
    let db = own_schema(&db, "scale_out_kill").await;
    let dir = temp_dir("scale-out-kill");
    let (log_a, log_b) = logs(&dir);
    let a = logged_server(&db, &log_a);
    let b = logged_server(&db, &log_b);
    let c = client();
    let (id, _) = create(&a, &c, greedy_bots(2020)).await;

    // A plays some moves; B, which learns of each, decides none.
    let start = Instant::now();
    while summary(&a, &c, &id).await["move"].as_u64().unwrap_or(0) < 40 {
        assert!(start.elapsed() < PATIENCE, "the bots of A do not play");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The moves A acknowledged so far, as a spectator reads them on A.
    let before = get(&c, &a.url(&format!("/api/games/{id}/log?since=0"))).await;
    assert_eq!(before.status, 200, "{:?}", before.body);
    let acknowledged = before.body["entries"].as_array().expect("entries").clone();
    assert!(acknowledged.len() >= 40);
    let said_b = read_log(&log_b, &id);
    assert!(
        said_b.decided.is_empty(),
        "B decided moves of a game A holds: {:?}",
        said_b.decided
    );
    assert!(
        !read_log(&log_a, &id).decided.is_empty(),
        "A logs its bot decisions"
    );

    // SIGKILL A mid-game.
    a.kill();
    let killed = Instant::now();
    let at_kill = read_log(&log_a, &id);
    assert!(
        summary(&b, &c, &id).await["over"] != json!(true),
        "the game ended before A was killed; play a longer game"
    );

    // B takes over within the bound: its first decision of the game.
    loop {
        if !read_log(&log_b, &id).decided.is_empty() {
            break;
        }
        assert!(
            killed.elapsed() < TAKEOVER_BOUND,
            "B did not take the game over within {TAKEOVER_BOUND:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "takeover: B's first decision {:.1} s after A was killed",
        killed.elapsed().as_secs_f64()
    );

    let over = wait_over(&b, &c, &id).await;
    let total = over["move"].as_u64().expect("move") as usize;
    let said_a = read_log(&log_a, &id);
    assert_eq!(said_a.decided, at_kill.decided, "A logs nothing once dead");
    let said_b = wait_logged(&log_b, &id, total.saturating_sub(said_a.decided.len() + 1)).await;
    assert!(said_b.leases_taken >= 1, "B logs that it took the lease");
    assert_eq!(said_a.lost + said_b.lost, 0, "no decision lost a race");

    // Every committed move was decided once: A's before B's, no move
    // named twice, and each move named once but possibly the one A
    // committed and was killed before logging (then it is A's last).
    for (n, times) in said_a.decided.iter().chain(&said_b.decided) {
        assert_eq!(*times, 1, "move {n} decided {times} times");
    }
    let last_a = *said_a.decided.keys().last().expect("A decided");
    let first_b = *said_b.decided.keys().next().expect("B decided");
    assert!(
        last_a < first_b,
        "A decided {last_a} after B decided {first_b}"
    );
    let named: Vec<u64> = said_a
        .decided
        .keys()
        .chain(said_b.decided.keys())
        .copied()
        .collect();
    let unnamed: Vec<u64> = (0..total as u64).filter(|n| !named.contains(n)).collect();
    assert!(
        unnamed.is_empty() || (unnamed == [last_a + 1] && first_b == last_a + 2),
        "moves decided by nobody: {unnamed:?} (A's last {last_a}, B's first {first_b})"
    );
    assert!(
        named.iter().all(|&n| (n as usize) < total),
        "a decision of a move beyond the game's {total}"
    );

    // Every acknowledged move is in the final record, as it was stored.
    let rec = get(&c, &b.url(&format!("/api/games/{id}/record"))).await;
    assert_eq!(rec.status, 200, "{:?}", rec.body);
    let choices = rec.body["choices"].as_array().expect("choices");
    let times = rec.body["times"].as_array().expect("times");
    assert_eq!(choices.len(), total);
    for e in &acknowledged {
        let n = e["n"].as_u64().expect("n") as usize;
        assert_eq!(choices[n]["seat"], e["seat"], "move {n}");
        assert_eq!(times[n], e["at"], "move {n} is the one A acknowledged");
    }
    let replayed = replay_record(&rec.body, &dir);
    assert_eq!(replayed["outcome"], over["outcome"]);
    assert_eq!(replayed["moves"].as_u64(), Some(total as u64));
}

/// With two live processes, each bot game is played by exactly one of them
/// (the one that created it), and each move is decided once.
#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn two_live_processes_play_each_bot_game_once() {
    let db = pg();
    let _alone = ONE_AT_A_TIME.lock().await;
    let db = own_schema(&db, "scale_out_live").await;
    let dir = temp_dir("scale-out-live");
    let (log_a, log_b) = logs(&dir);
    let a = logged_server(&db, &log_a);
    let b = logged_server(&db, &log_b);
    let c = client();
    let (on_a, _) = create(&a, &c, greedy_bots(31)).await;
    let (on_b, _) = create(&b, &c, greedy_bots(32)).await;
    // Each is watched to its end from the other process.
    let over_a = wait_over(&b, &c, &on_a).await;
    let over_b = wait_over(&a, &c, &on_b).await;
    for (id, over, runs, idle) in [
        (&on_a, &over_a, &log_a, &log_b),
        (&on_b, &over_b, &log_b, &log_a),
    ] {
        let total = over["move"].as_u64().expect("move") as usize;
        let ran = wait_logged(runs, id, total).await;
        let other = read_log(idle, id);
        assert!(
            other.decided.is_empty(),
            "game {id}: the other process decided {:?}",
            other.decided
        );
        assert_eq!(
            ran.lost + other.lost,
            0,
            "game {id}: no decision lost a race"
        );
        assert_eq!(
            ran.decided.keys().copied().collect::<Vec<u64>>(),
            (0..total as u64).collect::<Vec<u64>>(),
            "game {id}: every move decided by its process"
        );
        assert!(
            ran.decided.values().all(|&t| t == 1),
            "game {id}: a move decided twice"
        );
    }
}

/// Clocks with two live processes (issue 21): games of two human seats
/// with a 1 s clock, each created on one process and claimed on the other.
/// Nobody acts, so both seats run out of time and their stand-in bots play
/// the game to its end: each seat's expiry is acted on exactly once, by the
/// process that holds the game's lease, which alone decides every move.
#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn two_live_processes_act_on_an_expired_clock_exactly_once() {
    let db = pg();
    let _alone = ONE_AT_A_TIME.lock().await;
    let db = own_schema(&db, "scale_out_clock").await;
    let dir = temp_dir("scale-out-clock");
    let (log_a, log_b) = logs(&dir);
    let a = logged_server(&db, &log_a);
    let b = logged_server(&db, &log_b);
    let c = client();
    let mut games = Vec::new();
    for (seed, (made_on, claimed_on, runs, idle)) in [
        (&a, &b, &log_a, &log_b),
        (&b, &a, &log_b, &log_a),
        (&a, &b, &log_a, &log_b),
    ]
    .into_iter()
    .enumerate()
    {
        let (id, tokens) = create(
            made_on,
            &c,
            json!({
                "game": "ds", "players": 2, "seed": 40 + seed,
                "seats": [{}, {}],
                "clock": {"per_decision_s": 1}, "on_timeout": "random",
            }),
        )
        .await;
        // Two names that read apart: a seat's name may not look like
        // another seat's in the same game.
        for (k, invite) in tokens.iter().flatten().enumerate() {
            common::clocks::claim(claimed_on, &c, invite, &format!("Away {}", k + 1)).await;
        }
        games.push((id, runs, idle));
    }
    for (id, runs, idle) in &games {
        let over = wait_over(&a, &c, id).await;
        let total = over["move"].as_u64().expect("move") as usize;
        let ran = wait_logged(runs, id, total).await;
        let other = read_log(idle, id);
        assert_eq!(
            ran.expired,
            BTreeMap::from([(0, 1), (1, 1)]),
            "game {id}: each seat ran out once, on the lease holder"
        );
        assert!(
            other.expired.is_empty() && other.decided.is_empty(),
            "game {id}: the other process acted: {other:?}"
        );
        assert_eq!(
            ran.decided.keys().copied().collect::<Vec<u64>>(),
            (0..total as u64).collect::<Vec<u64>>(),
            "game {id}: every move decided by the stand-ins of its process"
        );
        assert!(
            ran.decided.values().all(|&t| t == 1),
            "game {id}: a move decided twice"
        );
        let seats = &over["seats"];
        assert!(
            seats[0]["away"] == json!(true) && seats[1]["away"] == json!(true),
            "both seats away: {seats}"
        );
    }
}
