//! Rematches past the games-per-hour allowance (issue 34, hole 12): with
//! the allowance spent, `POST /api/games` answered 429 but a rematch, and
//! the rematch of that rematch, still created games (200). A rematch that
//! creates a game now takes one from the asking address's allowance as a
//! create does (429 with `Retry-After` beyond, and nothing created); asking
//! for a rematch that exists already creates nothing and costs nothing.

use crate::common;
use crate::{client_from, well_behaved};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Plays the human seat holding `token` (its first legal choice each time)
/// until the game is over; the other seat is a bot.
async fn play_out(server: &common::Server, c: &reqwest::Client, id: &str, token: &str) {
    let started = Instant::now();
    loop {
        let view = common::get(
            c,
            &server.url(&format!("/api/games/{id}/view?token={token}")),
        )
        .await;
        assert_eq!(view.status, 200, "{:?}", view.body);
        if view.body["over"] == true {
            return;
        }
        assert!(
            started.elapsed() < common::PATIENCE,
            "game {id} did not end: {}",
            view.body
        );
        let legal = view.body["legal"].as_array().cloned().unwrap_or_default();
        let Some(first) = legal.first() else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let r = common::post(
            c,
            &server.url(&format!("/api/games/{id}/choice?token={token}")),
            &json!({"move": view.body["move"], "index": first["index"]}),
        )
        .await;
        assert!(r.status == 200 || r.status == 409, "{:?}", r.body);
    }
}

/// Asks for the rematch of game `id` for the seat holding `token`.
async fn rematch(
    server: &common::Server,
    c: &reqwest::Client,
    id: &str,
    token: &str,
) -> common::Resp {
    let r = c
        .post(server.url(&format!("/api/games/{id}/rematch")))
        .bearer_auth(token)
        .send()
        .await
        .expect("POST rematch");
    let status = r.status().as_u16();
    let body = r.json().await.unwrap_or(Value::Null);
    common::Resp { status, body }
}

/// Asserts a 429 that says how long to wait.
fn over_allowance(r: &common::Resp, what: &str) {
    assert_eq!(r.status, 429, "{what}: {:?}", r.body);
    assert!(
        r.body["error"]["retry_after"].as_u64().unwrap_or(0) >= 1,
        "{what}: {:?}",
        r.body
    );
}

#[tokio::test]
async fn a_rematch_takes_from_the_games_allowance() {
    let dir = common::temp_dir("abuse-rematch-allowance");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-games-per-hour", "1"]);
    // Two addresses of one player (a laptop, then a phone).
    let laptop = client_from(3);
    let phone = client_from(4);
    let request =
        json!({"game": "demo", "players": 2, "seats": [{}, {"kind": "bot", "bot": "random"}]});
    let (id, tokens) = common::create(&server, &laptop, request.clone()).await;
    let invite = tokens[0].clone().expect("an invite");
    let r = common::post(
        &laptop,
        &server.url("/api/claim"),
        &json!({"token": invite, "name": "Ann"}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let token = r.body["token"].as_str().expect("token").to_string();
    play_out(&server, &laptop, &id, &token).await;

    // The laptop's allowance is spent: no new game, and no rematch either.
    let r = common::post(&laptop, &server.url("/api/games"), &request).await;
    over_allowance(&r, "a create past the allowance");
    let r = rematch(&server, &laptop, &id, &token).await;
    over_allowance(&r, "a rematch past the allowance");
    let summary = common::get(&laptop, &server.url(&format!("/api/games/{id}"))).await;
    assert_eq!(
        summary.body["rematch"],
        Value::Null,
        "a refused rematch made no game"
    );

    // From another address with an allowance left, the rematch is made;
    // asking again from anywhere answers the same game at no cost.
    let made = rematch(&server, &phone, &id, &token).await;
    assert_eq!(made.status, 200, "{:?}", made.body);
    let again = rematch(&server, &laptop, &id, &token).await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!(again.body, made.body);
    let second = made.body["id"].as_str().expect("id").to_string();
    let second_token = made.body["token"].as_str().expect("token").to_string();

    // The rematch of the rematch: the phone's allowance is spent now.
    play_out(&server, &phone, &second, &second_token).await;
    let r = rematch(&server, &phone, &second, &second_token).await;
    over_allowance(&r, "the rematch of a rematch past the allowance");

    well_behaved(&server).await;
}
