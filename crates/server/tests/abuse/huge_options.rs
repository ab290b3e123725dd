//! Huge option lists: `options` repeated 190,000 times was once accepted
//! and kept in memory (40 such games took 110 MB). A handful of creates
//! with 190,000 repeated options, with 10,000 unknown options, and with an
//! option given twice are each refused (400, or 413 when a body cap refuses
//! the body first), the server's memory does not grow by them, and it then
//! answers a well-behaved client.

use crate::common;
use crate::well_behaved;
use serde_json::{json, Value};

/// Huge requests sent (each a body of about 1.5 MB).
const HUGE_REQUESTS: usize = 4;

/// How much the server's resident memory may grow over the attack: far
/// below what keeping the lists would take (each request's options are
/// about 2.7 MB as Rust strings; a debug build's allocator keeps some of
/// what it freed), far above the noise of a few requests.
const GROWTH_BOUND_KB: u64 = 48 * 1024;

/// The server's resident memory in kB (`VmRSS` in `/proc/PID/status`), or
/// None where there is no `/proc`.
fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Posts a body the server may refuse before reading it: its status and
/// body, or status 0 when the server closed the connection while the
/// client was still sending (a body over the cap, refused on its
/// `Content-Length`: the 413 goes out before the body is read, and the
/// client's write then fails).
async fn post_big(c: &reqwest::Client, url: &str, body: &Value) -> common::Resp {
    match c.post(url).json(body).send().await {
        Ok(r) => {
            let status = r.status().as_u16();
            let body = r.json().await.unwrap_or(Value::Null);
            common::Resp { status, body }
        }
        Err(e) if e.is_request() || e.is_body() => common::Resp {
            status: 0,
            body: Value::Null,
        },
        Err(e) => panic!("POST {url}: {e}"),
    }
}

/// Asserts a refusal: 400 `bad_request` whose message says `says`, or 413
/// (a body cap refused it unread), or 0 (closed while it was being sent).
fn refused(status: u16, body: &Value, says: &str) {
    match status {
        0 | 413 => {}
        400 => {
            assert_eq!(body["error"]["code"], "bad_request", "{body}");
            let message = body["error"]["message"].as_str().unwrap_or("");
            assert!(message.contains(says), "`{message}` should say `{says}`");
            assert!(
                message.len() < 400,
                "the refusal repeats the request: {message}"
            );
        }
        other => panic!("answered {other}, not a refusal: {body}"),
    }
}

#[tokio::test]
async fn huge_unknown_and_repeated_options_are_refused() {
    let dir = common::temp_dir("abuse-huge-options");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-games-per-hour", "1000"]);
    let c = common::client();
    let games = server.url("/api/games");
    // Warm up (the first create loads the game's data), then measure.
    common::create(&server, &c, json!({"game": "ds", "players": 2})).await;
    let before = resident_kb(server.pid());

    let repeated = vec!["multi"; 190_000];
    for _ in 0..HUGE_REQUESTS {
        let r = post_big(
            &c,
            &games,
            &json!({"game": "ds", "players": 2, "options": repeated}),
        )
        .await;
        refused(r.status, &r.body, "more than 32 options");
    }
    let unknown: Vec<String> = (0..10_000).map(|i| format!("option-{i}")).collect();
    let r = post_big(
        &c,
        &games,
        &json!({"game": "marine", "players": 2, "options": unknown}),
    )
    .await;
    refused(r.status, &r.body, "more than 32 options");
    for (game, options, says) in [
        (
            "ds",
            json!(["multi", "multi"]),
            "option `multi` given twice",
        ),
        (
            "ds",
            json!(["random-earth", "random-earth=yes"]),
            "option `random-earth` given twice",
        ),
        (
            "pangea",
            json!(["flat-final", "groups=syn,amp", "groups=amp,syn"]),
            "option `groups` given twice",
        ),
        (
            "marine",
            json!(["colour=red"]),
            "unknown option `colour=red`",
        ),
        (
            "ds",
            json!(["random-earth", "multi", "animals=birds,insects", "multi"]),
            "4 options given",
        ),
    ] {
        let r = common::post(
            &c,
            &games,
            &json!({"game": game, "players": 2, "options": options}),
        )
        .await;
        refused(r.status, &r.body, says);
    }
    // The refused requests stored nothing: the recent games are the warm-up.
    let list = common::get(&c, &games).await;
    assert_eq!(
        list.body.as_array().map(Vec::len),
        Some(1),
        "{:?}",
        list.body
    );

    if let (Some(before), Some(after)) = (before, resident_kb(server.pid())) {
        eprintln!("huge options: the server's resident memory went from {before} kB to {after} kB");
        assert!(
            after <= before + GROWTH_BOUND_KB,
            "the server grew from {before} kB to {after} kB over refused requests"
        );
    }
    well_behaved(&server).await;
}
