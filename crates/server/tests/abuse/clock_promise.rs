//! A clock that never forces a move (issue 34, hole 6). A clock is a promise
//! the other players rely on, yet a seat could keep it from ever forcing a
//! move: "I'm back" right after each timeout refilled the bank and restarted
//! the decision before the stand-in bot moved (19 away marks, 0 forced moves
//! in 40 s as found); a choice taken back restarted the clock from the
//! take-back; and a seat's pause held the stand-in of an away seat.
//!
//! Each test plays Card Race (`demo`, the server's test game: a storm card
//! played may be taken back until its knock is decided) with a clock of one
//! second per decision and no bank.

use super::common::{self, Server};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// How long each attack lasts at most.
const ATTACK: Duration = Duration::from_secs(5);

/// A Card Race game of two claimed seats (seed 5: seat 1 holds a storm card) with a clock of 1 s a decision and
/// no bank; returns its id and the two seats' tokens.
async fn clocked_game(server: &Server, c: &reqwest::Client) -> (String, [String; 2]) {
    let (id, invites) = common::create(
        server,
        c,
        json!({
            "game": "demo", "players": 2, "seed": 5, "seats": [{}, {}],
            "clock": {"per_decision_s": 1}, "on_timeout": "random"
        }),
    )
    .await;
    let mut tokens = Vec::new();
    for (k, invite) in invites.into_iter().enumerate() {
        let r = common::post(
            c,
            &server.url("/api/claim"),
            &json!({"token": invite.expect("an invite"), "name": format!("P{k}")}),
        )
        .await;
        assert_eq!(r.status, 200, "claim: {:?}", r.body);
        tokens.push(r.body["token"].as_str().expect("token").to_string());
    }
    let tokens: [String; 2] = tokens.try_into().expect("two seats");
    (id, tokens)
}

async fn view(server: &Server, c: &reqwest::Client, id: &str, token: &str) -> Value {
    let r = common::get(
        c,
        &server.url(&format!("/api/games/{id}/view?token={token}")),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body
}

/// "I'm back" sent again and again, for both seats, never lets a timeout
/// force a move. Now the decision whose time ran out is the stand-in's.
#[tokio::test]
async fn i_am_back_again_and_again_does_not_stop_the_clock() {
    let dir = common::temp_dir("abuse-clock-back");
    let db = dir.join("eons.sqlite").display().to_string();
    // The stand-in waits 300 ms before each move: "I'm back" comes first.
    let server = Server::start(&db, 300);
    let c = common::client();
    let (id, tokens) = clocked_game(&server, &c).await;
    let started = Instant::now();
    let mut answers = Vec::new();
    let moves = loop {
        for t in &tokens {
            let r = common::post(
                &c,
                &server.url(&format!("/api/games/{id}/back?token={t}")),
                &json!({}),
            )
            .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            answers.push(r.body);
        }
        let summary = common::get(&c, &server.url(&format!("/api/games/{id}"))).await;
        let moves = summary.body["move"].as_i64().unwrap_or(0);
        if moves >= 2 || started.elapsed() > ATTACK {
            break moves;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    };
    assert!(
        moves >= 2,
        "the clock forced {moves} moves in {ATTACK:?} while the seats kept saying \"I'm back\""
    );
    assert!(
        answers
            .iter()
            .any(|a| a["back_after_this_decision"] == json!(true)),
        "a return during the decision the stand-in owes says so"
    );
}

/// Choosing and taking back restarted the decision's clock at every
/// take-back. Now a take-back returns the seat to the decision as it stood:
/// five take-backs within the allowance (a quarter second apart) outlast
/// the second of the decision, and the seat is away half a second after
/// the last one, where a restarted clock would still run.
#[tokio::test]
async fn choosing_and_taking_back_does_not_restart_the_clock() {
    let dir = common::temp_dir("abuse-clock-undo");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = Server::start(&db, 300);
    let c = common::client();
    let (id, tokens) = clocked_game(&server, &c).await;
    let away = |v: &Value| v["seats"][0]["away"] == json!(true);
    let mut taken_back = 0;
    while taken_back < 5 {
        let v = view(&server, &c, &id, &tokens[0]).await;
        if away(&v) {
            return;
        }
        assert_eq!(v["to_move"], json!(0), "seat 1 is to move: {v}");
        let card = v["view"]["hand"]
            .as_array()
            .expect("a hand")
            .iter()
            .find(|c| c.as_u64() >= Some(5))
            .cloned()
            .expect("a storm card, which may be taken back");
        let n = v["move"].as_i64().expect("move");
        let r = common::post(
            &c,
            &server.url(&format!("/api/games/{id}/choice?token={}", tokens[0])),
            &json!({"move": n, "choice": {"Play": card}}),
        )
        .await;
        if r.status != 200 {
            // Its time ran out meanwhile: the stand-in owes this decision.
            assert_eq!(r.status, 409, "{:?}", r.body);
            continue;
        }
        let r = common::post(
            &c,
            &server.url(&format!("/api/games/{id}/undo?token={}", tokens[0])),
            &json!({"move": n + 1}),
        )
        .await;
        assert_eq!(r.status, 200, "take-back {taken_back}: {:?}", r.body);
        taken_back += 1;
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let v = view(&server, &c, &id, &tokens[0]).await;
    assert!(
        away(&v),
        "seat 1 chose and took back 5 times over more than the second its decision had, and still had time: {}",
        v["clock"]
    );
}

/// A seat's pause held the stand-in of an away seat, so pausing stopped
/// the other seat's clock from forcing a move. Now a pause holds bot seats
/// only.
#[tokio::test]
async fn a_pause_does_not_hold_a_stand_in() {
    let dir = common::temp_dir("abuse-clock-pause");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = Server::start(&db, 100);
    let c = common::client();
    let (id, tokens) = clocked_game(&server, &c).await;
    for t in &tokens {
        let r = common::post(
            &c,
            &server.url(&format!("/api/games/{id}/pace?token={t}")),
            &json!({"pace_ms": 100, "paused": true}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    let started = Instant::now();
    loop {
        let summary = common::get(&c, &server.url(&format!("/api/games/{id}"))).await;
        if summary.body["move"].as_i64().unwrap_or(0) >= 1 {
            break;
        }
        assert!(
            started.elapsed() < ATTACK,
            "the stand-in made no move in {ATTACK:?} while the seats paused the bots: {:?}",
            summary.body
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
