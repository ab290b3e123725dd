//! Clocks and away seats (issue 21), run against SQLite and PostgreSQL: a
//! seat whose time runs out is handed to the game's `on_timeout` bot and
//! taken back by "I'm back" or by acting; a restart keeps the deadline.

use super::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Claims an invite and returns the seat's new token.
pub async fn claim(s: &Server, c: &reqwest::Client, invite: &str, name: &str) -> String {
    let r = post(
        c,
        &s.url("/api/claim"),
        &json!({"token": invite, "name": name}),
    )
    .await;
    assert_eq!(r.status, 200, "claim: {:?}", r.body);
    r.body["token"].as_str().expect("token").to_string()
}

/// A 2-player Dominant Species game of two human seats claimed as "Ann" and
/// "Ben" (see [`two_humans`]): its id and their tokens.
pub async fn ann_and_ben(s: &Server, c: &reqwest::Client, seed: u64) -> (String, [String; 2]) {
    let (id, t0, t1) = two_humans(s, c, seed).await;
    let tokens = [claim(s, c, &t0, "Ann").await, claim(s, c, &t1, "Ben").await];
    (id, tokens)
}

/// A 2-player Dominant Species game of one human seat (seat 1, claimed as
/// "Ann") against a random bot, with `clock`: its id and Ann's token.
pub async fn clocked_game_against_a_bot(
    s: &Server,
    c: &reqwest::Client,
    seed: u64,
    clock: Value,
) -> (String, String) {
    let (id, tokens) = create(
        s,
        c,
        json!({
            "game": "ds", "players": 2, "seed": seed,
            "seats": [{}, {"kind": "bot", "bot": "random"}],
            "clock": clock, "on_timeout": "random",
        }),
    )
    .await;
    let invite = tokens[0].clone().expect("an invite for seat 1");
    (id.clone(), claim(s, c, &invite, "Ann").await)
}

/// The view of game `id` for `token` (None: a spectator's).
pub async fn view(s: &Server, c: &reqwest::Client, id: &str, token: Option<&str>) -> Value {
    let url = match token {
        Some(t) => s.url(&format!("/api/games/{id}/view?token={t}")),
        None => s.url(&format!("/api/games/{id}/view")),
    };
    let r = get(c, &url).await;
    assert_eq!(r.status, 200, "view: {:?}", r.body);
    r.body
}

/// Polls the public view until `until` holds of it; returns it.
pub async fn wait_view(
    s: &Server,
    c: &reqwest::Client,
    id: &str,
    what: &str,
    until: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let v = view(s, c, id, None).await;
        if until(&v) {
            return v;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "waited too long for {what}: {v}"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

fn away(v: &Value, seat: usize) -> bool {
    v["seats"][seat]["away"] == json!(true)
}

/// A seat's time runs out: it shows as away and the `on_timeout` bot
/// decides for it; "I'm back" takes the seat back (its clock runs again
/// from then), and after it runs out again, acting takes it back too.
pub async fn a_clock_running_out_hands_the_seat_to_a_bot_until_the_player_returns(db: &str) {
    // The bots wait 1.5 s before each decision: time for Ann to act first.
    let s = Server::start(db, 1500);
    let c = client();
    let (id, ann) = clocked_game_against_a_bot(&s, &c, 21, json!({"per_decision_s": 3})).await;

    // Her clock runs while she is to move, and no longer than 3 s.
    let v = wait_view(&s, &c, &id, "Ann to move", |v| v["to_move"] == 0).await;
    let clock = &v["clock"];
    assert_eq!(clock["per_decision_ms"], 3000, "{clock}");
    assert_eq!(clock["on_timeout"], "random");
    assert_eq!(clock["running"]["seat"], 0, "{clock}");
    let deadline = clock["running"]["deadline"].as_i64().expect("deadline");
    assert!(deadline <= clock["now"].as_i64().expect("now") + 3000);
    assert!(!away(&v, 0));

    // She does nothing: she is away, and the stand-in plays her seat.
    let v = wait_view(&s, &c, &id, "Ann away", |v| away(v, 0)).await;
    assert!(v["clock"]["now"].as_i64().expect("now") >= deadline);
    assert_eq!(v["clock"]["seats"][0]["away"], true);
    let moved_at = v["move"].as_i64().expect("move");
    let v = wait_view(&s, &c, &id, "the stand-in's move", |v| {
        v["move"].as_i64().unwrap_or(0) > moved_at + 2
    })
    .await;
    assert!(away(&v, 0), "the seat stays away until she returns");
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
    let entries = log["entries"].as_array().expect("entries");
    assert!(
        entries[moved_at as usize..].iter().any(|e| e["seat"] == 0),
        "the stand-in decided for seat 1: {entries:?}"
    );
    // The log tells the stand-in's choices from the player's and the bot
    // seat's own: she made none, the bot seat's are its own.
    for e in entries {
        let by = if e["seat"] == 0 {
            json!("random")
        } else {
            Value::Null
        };
        assert_eq!(e["stand_in"], by, "{e}");
    }

    // "I'm back": no longer away, and no clock runs out at once.
    let r = post(
        &c,
        &s.url(&format!("/api/games/{id}/back?token={ann}")),
        &json!({}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let v = view(&s, &c, &id, Some(&ann)).await;
    assert!(!away(&v, 0), "back: {}", v["seats"]);
    // Only her own token brings her back.
    let r = post(&c, &s.url(&format!("/api/games/{id}/back")), &json!({})).await;
    assert_eq!(r.status, 401, "{:?}", r.body);

    // She lets it run out again, then acts: her choice counts and she is back.
    wait_view(&s, &c, &id, "Ann away again", |v| away(v, 0)).await;
    let start = Instant::now();
    let n = loop {
        assert!(start.elapsed() < PATIENCE, "Ann never got to act");
        let v = view(&s, &c, &id, Some(&ann)).await;
        let legal = v["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/choice?token={ann}")),
            &json!({"move": v["move"], "index": legal[0]["index"]}),
        )
        .await;
        if r.status == 200 {
            break v["move"].as_i64().expect("move");
        }
        // The stand-in was quicker (409): try the next decision.
        assert_eq!(r.status, 409, "{:?}", r.body);
    };
    let v = view(&s, &c, &id, Some(&ann)).await;
    assert!(!away(&v, 0), "acting took the seat back: {}", v["seats"]);
    let log = get(&c, &s.url(&format!("/api/games/{id}/log?token={ann}")))
        .await
        .body;
    assert_eq!(log["entries"][n as usize]["seat"], 0);
    assert_eq!(
        log["entries"][n as usize]["stand_in"],
        Value::Null,
        "her own choice is hers"
    );
}

/// The deadline is stored, not kept in memory: after a SIGKILL and a
/// restart the same deadline stands, and the seat goes away once it passes.
pub async fn a_restart_keeps_the_deadline(db: &str) {
    let s = Server::start(db, 50);
    let c = client();
    let (id, _ann) =
        clocked_game_against_a_bot(&s, &c, 22, json!({"per_decision_s": 6, "bank_s": 2})).await;
    let v = wait_view(&s, &c, &id, "Ann's clock", |v| {
        v["clock"]["running"]["seat"] == 0
    })
    .await;
    let deadline = v["clock"]["running"]["deadline"].clone();
    assert_eq!(v["clock"]["seats"][0]["bank_ms"], 2000);
    assert_eq!(
        v["absent_vote"],
        Value::Null,
        "a clock, not a vote, hands a seat over"
    );
    s.kill();

    let s = Server::start(db, 50);
    let v = view(&s, &c, &id, None).await;
    assert_eq!(
        v["clock"]["running"]["deadline"], deadline,
        "the restarted server keeps the deadline: {}",
        v["clock"]
    );
    let v = wait_view(&s, &c, &id, "Ann away", |v| away(v, 0)).await;
    assert!(v["clock"]["now"].as_i64() >= deadline.as_i64());
    assert_eq!(v["clock"]["seats"][0]["bank_ms"], 0, "her bank is spent");
}

/// A create's clock is checked: unknown fields, times over their caps, a
/// clock that leaves no time and an unknown `on_timeout` bot are refused.
pub async fn clock_requests_are_checked(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    for (body, why) in [
        (json!({"clock": {"per_decision_s": 0}}), "no time"),
        (json!({"clock": {"per_decision_s": 700000}}), "over a week"),
        (json!({"clock": {"bank_s": 9999999}}), "over 30 days"),
        (json!({"clock": {"hours": 1}}), "unknown field"),
        (
            json!({"clock": {"per_decision_s": 5}, "on_timeout": "nobody"}),
            "unknown bot",
        ),
        (json!({"clock": {"per_decision_s": -1}}), "negative"),
    ] {
        let mut req = json!({"game": "ds", "players": 2});
        for (k, v) in body.as_object().expect("object") {
            req[k] = v.clone();
        }
        let r = post(&c, &s.url("/api/games"), &req).await;
        assert_eq!(r.status, 400, "{why}: {:?}", r.body);
    }
    // Without a clock a game has none.
    let (id, _) = create(&s, &c, json!({"game": "ds", "players": 2})).await;
    assert_eq!(view(&s, &c, &id, None).await["clock"], Value::Null);
}

/// Without a clock: once the seat to move has been deciding for
/// `--absent-after-s`, the other seat votes it away and a bot decides for
/// it; a vote before then, or by the absent seat itself, is refused; the
/// player takes the seat back by acting.
pub async fn the_others_vote_an_absent_seat_to_a_bot(db: &str) {
    let s = Server::start_with(db, 100, &["--absent-after-s", "2"]);
    let c = client();
    let (id, tokens) = ann_and_ben(&s, &c, 31).await;
    let v = view(&s, &c, &id, None).await;
    assert_eq!(v["clock"], Value::Null, "no clock");
    let absent = v["to_move"].as_u64().expect("to_move") as usize;
    let other = 1 - absent;
    let vote = &v["absent_vote"];
    assert_eq!(vote["seat"], absent);
    assert_eq!(vote["voters"], json!([other]));
    assert_eq!(
        vote["from"].as_i64(),
        vote["since"].as_i64().map(|s| s + 2000)
    );
    let url = |t: &str| s.url(&format!("/api/games/{id}/vote-away?token={t}"));
    // Too early, and never by the seat itself.
    let early = post(&c, &url(&tokens[other]), &json!({"seat": absent})).await;
    assert_eq!(early.status, 409, "{:?}", early.body);
    let own = post(&c, &url(&tokens[absent]), &json!({"seat": absent})).await;
    assert_eq!(own.status, 403, "{:?}", own.body);
    // Once it has been deciding long enough, the other's vote hands it over.
    let start = Instant::now();
    let voted = loop {
        let r = post(&c, &url(&tokens[other]), &json!({"seat": absent})).await;
        if r.status == 200 {
            break r.body;
        }
        assert_eq!(r.status, 409, "{:?}", r.body);
        assert!(start.elapsed() < PATIENCE);
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(voted["votes"], json!([other]));
    let moved = wait_view(&s, &c, &id, "the bot's move for the absent seat", |v| {
        v["move"].as_i64() > Some(0)
    })
    .await;
    assert!(away(&moved, absent));
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
    assert_eq!(
        log["entries"][0]["seat"], absent,
        "the bot chose for the absent seat"
    );

    // The stand-in plays the absent seat's decisions until the other human
    // is to move (who has no clock: the game waits there). Every one of
    // them is the stand-in's, in the log, and stays so after a restart.
    wait_view(&s, &c, &id, "the other human to move", |v| {
        v["to_move"] == json!(other)
    })
    .await;
    let stand_ins = |log: &Value| -> Vec<Value> {
        log["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| e["stand_in"].clone())
            .collect()
    };
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
    let by = stand_ins(&log);
    assert!(!by.is_empty());
    assert!(
        by.iter().all(|b| b == "greedy"),
        "every choice since the vote is the stand-in's (the default on_timeout bot): {by:?}"
    );
    s.kill();
    let s = Server::start_with(db, 100, &["--absent-after-s", "2"]);
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
    assert_eq!(stand_ins(&log), by, "the log after a restart");

    // Back by saying so.
    let r = post(
        &c,
        &s.url(&format!("/api/games/{id}/back?token={}", tokens[absent])),
        &json!({}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert!(!away(&view(&s, &c, &id, None).await, absent));
    // The bot's choice is not the returning player's to take back, after a
    // restart as before it.
    let v = view(&s, &c, &id, Some(&tokens[absent])).await;
    assert_eq!(v["undo"]["allowed"], false, "{}", v["undo"]);
    let why = v["undo"]["reason"].as_str().unwrap_or_default();
    assert!(why.contains("a bot made your last choice"), "{why}");
    let r = post(
        &c,
        &s.url(&format!("/api/games/{id}/undo?token={}", tokens[absent])),
        &json!({"move": v["move"]}),
    )
    .await;
    assert_eq!(r.status, 409, "{:?}", r.body);
}
