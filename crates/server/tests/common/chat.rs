//! Chat per game (issue 21), run against SQLite and PostgreSQL: seats
//! write, spectators read (and write only when the creator allowed it);
//! messages are stored, pushed over the WebSocket, cleaned, and held to
//! their length and rate limits.

use super::suite::{ws_connect, ws_next};
use super::*;
use serde_json::{json, Value};

async fn say(s: &Server, c: &reqwest::Client, id: &str, token: Option<&str>, body: Value) -> Resp {
    let url = match token {
        Some(t) => s.url(&format!("/api/games/{id}/chat?token={t}")),
        None => s.url(&format!("/api/games/{id}/chat")),
    };
    post(c, &url, &body).await
}

/// Seats write, everyone reads, a socket gets each message; spectators may
/// not write unless the creator said so; the limits hold; a restart keeps
/// every message.
pub async fn chat_is_stored_pushed_and_limited(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, t0, _t1) = two_humans(&s, &c, 17).await;
    let ann = clocks::claim(&s, &c, &t0, "Ann").await;
    let (mut ws, _) = ws_connect(s.ws_request(&id, None)).await;

    // A seat writes; the text is kept as text, one line, cleaned.
    let r = say(
        &s,
        &c,
        &id,
        Some(&ann),
        json!({"text": "  <b>hello</b>\n\u{202e}there  "}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["message"]["text"], "<b>hello</b> there");
    assert_eq!(r.body["message"]["name"], "Ann");
    assert_eq!(r.body["message"]["seat"], 0);
    assert_eq!(r.body["message"]["n"], 0);
    // A spectator's socket gets it.
    let pushed = loop {
        let m = ws_next(&mut ws).await;
        if m["type"] == "chat" {
            break m;
        }
    };
    assert_eq!(pushed["message"], r.body["message"]);
    // Everyone reads it.
    let read = get(&c, &s.url(&format!("/api/games/{id}/chat"))).await;
    assert_eq!(read.status, 200);
    assert_eq!(read.body["messages"], json!([r.body["message"]]));

    // A spectator may not write here; bad texts are refused.
    let r = say(&s, &c, &id, None, json!({"text": "hi", "name": "Eve"})).await;
    assert_eq!(r.status, 403, "{:?}", r.body);
    for bad in [
        json!({"text": "x".repeat(501)}),
        json!({"text": " \n\t "}),
        json!({}),
    ] {
        let r = say(&s, &c, &id, Some(&ann), bad).await;
        assert_eq!(r.status, 400, "{:?}", r.body);
    }
    let r = say(&s, &c, &id, Some(&ann), json!({"text": "y".repeat(500)})).await;
    assert_eq!(r.status, 200, "500 characters fit: {:?}", r.body);

    // The rate: a burst, then 429 with the wait.
    let mut refused = None;
    for i in 0..10 {
        let r = say(
            &s,
            &c,
            &id,
            Some(&ann),
            json!({"text": format!("spam {i}")}),
        )
        .await;
        if r.status == 429 {
            refused = Some(r);
            break;
        }
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    let refused = refused.expect("the rate limit refuses a flood");
    assert!(
        refused.body["error"]["retry_after"].as_u64().unwrap_or(0) >= 1,
        "{:?}",
        refused.body
    );

    // A game whose creator let spectators write.
    let (open_id, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seats": [{}, {}], "spectator_chat": true}),
    )
    .await;
    let r = say(
        &s,
        &c,
        &open_id,
        None,
        json!({"text": "good luck", "name": "Eve"}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["message"]["name"], "Eve (spectator)");
    assert_eq!(r.body["message"]["seat"], Value::Null);

    // Stored: a restart keeps every message, in order.
    let before = get(&c, &s.url(&format!("/api/games/{id}/chat"))).await.body;
    s.kill();
    let s = Server::start(db, 0);
    let after = get(&c, &s.url(&format!("/api/games/{id}/chat"))).await.body;
    assert_eq!(after, before);
    let n = after["messages"].as_array().map_or(0, Vec::len);
    assert!(n >= 5, "{n} messages kept");
    let since = get(&c, &s.url(&format!("/api/games/{id}/chat?since={}", n - 1)))
        .await
        .body;
    assert_eq!(since["messages"].as_array().map(Vec::len), Some(1));
}
