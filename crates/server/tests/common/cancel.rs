//! Cancelling a game (issue 36), run against SQLite and PostgreSQL: a
//! player takes back a game nobody else has played in; it is gone (410) for
//! every read and write, leaves the lists, and its open tables hear of it;
//! once another seat has moved, it cannot be cancelled.

use super::clocks::{ann_and_ben, view};
use super::suite::{ws_connect, ws_next};
use super::*;
use serde_json::{json, Value};

/// The seat to move (0 or 1) and the first legal choice, from its own view.
async fn mover(s: &Server, c: &reqwest::Client, id: &str, tokens: &[String; 2]) -> (usize, Value) {
    let v = view(s, c, id, None).await;
    let seat = v["to_move"].as_u64().expect("a seat to move") as usize;
    let mine = view(s, c, id, Some(&tokens[seat])).await;
    (seat, mine["legal"][0]["choice"].clone())
}

/// `seat` makes the first legal choice at move `n`.
async fn play(s: &Server, c: &reqwest::Client, id: &str, token: &str, n: i64, choice: &Value) {
    let r = post(
        c,
        &s.url(&format!("/api/games/{id}/choice?token={token}")),
        &json!({"move": n, "choice": choice}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
}

pub async fn a_game_nobody_else_played_in_can_be_cancelled_and_is_gone(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = ann_and_ben(&s, &c, 12).await;
    let url = |what: &str, t: &str| s.url(&format!("/api/games/{id}/{what}?token={t}"));

    // Without a seat's token, nobody cancels.
    let r = post(&c, &s.url(&format!("/api/games/{id}/cancel")), &json!({})).await;
    assert!(r.status == 401 || r.status == 403, "{:?}", r.body);

    // The first to move plays once: only their own choice is in the game.
    let (first, choice) = mover(&s, &c, &id, &tokens).await;
    play(&s, &c, &id, &tokens[first], 0, &choice).await;
    let other = 1 - first;
    let (mut ws, _) = ws_connect(s.ws_request(&id, Some(&tokens[other]))).await;
    let listed = |body: &Value| {
        body.as_array()
            .expect("a list")
            .iter()
            .any(|g| g["id"] == id.as_str())
    };
    assert!(listed(&get(&c, &s.url("/api/games")).await.body));

    let r = post(&c, &url("cancel", &tokens[first]), &json!({})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["id"], id.as_str());

    // The other seat's open table hears it.
    let heard = loop {
        let m = ws_next(&mut ws).await;
        if m["type"] == "cancelled" {
            break m;
        }
    };
    assert!(
        heard["message"]
            .as_str()
            .unwrap_or("")
            .contains("cancelled"),
        "{heard}"
    );
    // Gone for every read and write, with either token or none.
    for path in [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/view"),
        format!("/api/games/{id}/view?token={}", tokens[other]),
        format!("/api/games/{id}/log"),
        format!("/api/games/{id}/record"),
    ] {
        let r = get(&c, &s.url(&path)).await;
        assert_eq!(r.status, 410, "{path}: {:?}", r.body);
        assert_eq!(r.body["error"]["code"], "gone", "{path}");
    }
    let late = post(
        &c,
        &url("choice", &tokens[other]),
        &json!({"move": 1, "choice": choice}),
    )
    .await;
    assert_eq!(late.status, 410, "{:?}", late.body);
    let again = post(&c, &url("cancel", &tokens[first]), &json!({})).await;
    assert_eq!(again.status, 410, "{:?}", again.body);
    assert!(
        !listed(&get(&c, &s.url("/api/games")).await.body),
        "a cancelled game leaves the lobby's list"
    );

    // A restart keeps it gone.
    s.kill();
    let s = Server::start(db, 0);
    let r = get(&c, &s.url(&format!("/api/games/{id}/view"))).await;
    assert_eq!(r.status, 410, "{:?}", r.body);
}

pub async fn a_game_another_seat_played_in_cannot_be_cancelled(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = ann_and_ben(&s, &c, 12).await;
    // Both seats play until each has made a choice.
    let mut moved = [false, false];
    let mut n = 0;
    while !(moved[0] && moved[1]) {
        let (seat, choice) = mover(&s, &c, &id, &tokens).await;
        play(&s, &c, &id, &tokens[seat], n, &choice).await;
        moved[seat] = true;
        n += 1;
        assert!(n < 20, "both seats move within 20 choices");
    }
    for t in &tokens {
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/cancel?token={t}")),
            &json!({}),
        )
        .await;
        assert_eq!(r.status, 409, "{:?}", r.body);
        assert!(
            r.body["error"]["message"]
                .as_str()
                .unwrap_or("")
                .contains("resign instead"),
            "{:?}",
            r.body
        );
    }
    assert_eq!(
        get(&c, &s.url(&format!("/api/games/{id}/view")))
            .await
            .status,
        200
    );
}
