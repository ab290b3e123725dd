//! Presence (issue 36), run against SQLite and PostgreSQL: a seat is online
//! while its page (a WebSocket with its token) is open, offline with the
//! time it was last seen once closed, and without a clock the others may
//! vote away only a seat that is offline.

use super::clocks::{ann_and_ben, view, wait_view};
use super::suite::ws_connect;
use super::*;
use serde_json::json;
use std::time::Duration;

pub async fn only_a_seat_that_left_the_table_is_voted_away(db: &str) {
    let s = Server::start_with(db, 100, &["--absent-after-s", "1"]);
    let c = client();
    let (id, tokens) = ann_and_ben(&s, &c, 31).await;
    let v = view(&s, &c, &id, None).await;
    for seat in v["seats"].as_array().expect("seats") {
        assert_eq!(
            seat["presence"], "offline",
            "nobody has the page open: {seat}"
        );
        assert_eq!(seat["last_seen"], Value::Null, "never seen: {seat}");
    }
    let mover = v["to_move"].as_u64().expect("to_move") as usize;
    let other = 1 - mover;

    // The seat to move opens its page: online, and not to be voted away
    // however long it thinks.
    let (mut ws, _) = ws_connect(s.ws_request(&id, Some(&tokens[mover]))).await;
    let v = wait_view(&s, &c, &id, "the mover online", |v| {
        v["seats"][mover]["presence"] == "online"
    })
    .await;
    assert_eq!(v["seats"][other]["presence"], "offline");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let v = view(&s, &c, &id, Some(&tokens[other])).await;
    assert_eq!(
        v["absent_vote"],
        Value::Null,
        "no vote while the mover is there: {v}"
    );
    let url = s.url(&format!(
        "/api/games/{id}/vote-away?token={}",
        tokens[other]
    ));
    let r = post(&c, &url, &json!({"seat": mover})).await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    assert!(r.body.to_string().contains("at the table"), "{:?}", r.body);

    // The page closes: offline, seen when it closed, and the vote opens.
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    let _ = ws.close(None).await;
    drop(ws);
    let v = wait_view(&s, &c, &id, "the mover offline", |v| {
        v["seats"][mover]["presence"] == "offline"
    })
    .await;
    let seen = v["seats"][mover]["last_seen"].as_i64().expect("last_seen");
    assert!(
        seen + 1000 >= before,
        "seen when the page closed: {seen} vs {before}"
    );
    let v = view(&s, &c, &id, Some(&tokens[other])).await;
    assert_eq!(v["absent_vote"]["seat"], mover, "{v}");
    let r = post(&c, &url, &json!({"seat": mover})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    wait_view(&s, &c, &id, "the stand-in's move", |v| {
        v["seats"][mover]["away"] == true
    })
    .await;
}
