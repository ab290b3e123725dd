//! Webhooks (issue 21), run against SQLite and PostgreSQL: a seat's "your
//! turn" reaches a receiver on 127.0.0.1, is tried again after a failure,
//! and never holds up the move that caused it.

use super::*;
use axum::routing::post as route_post;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// A receiver: records each body; holds the first request until released,
/// then fails it (500); answers 200 afterwards.
struct Receiver {
    url: String,
    bodies: Arc<Mutex<Vec<Value>>>,
    release: Arc<Notify>,
}

async fn receiver() -> Receiver {
    let bodies: Arc<Mutex<Vec<Value>>> = Arc::default();
    let release = Arc::new(Notify::new());
    let (b, r) = (bodies.clone(), release.clone());
    let app = axum::Router::new().route(
        "/hook",
        route_post(move |axum::Json(body): axum::Json<Value>| {
            let (b, r) = (b.clone(), r.clone());
            async move {
                let n = {
                    let mut v = b.lock().expect("bodies");
                    v.push(body);
                    v.len()
                };
                if n == 1 {
                    r.notified().await;
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR
                } else {
                    axum::http::StatusCode::OK
                }
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Receiver {
        url: format!("http://{addr}/hook"),
        bodies,
        release,
    }
}

async fn wait_bodies(r: &Receiver, n: usize) -> Vec<Value> {
    let start = Instant::now();
    loop {
        let got = r.bodies.lock().expect("bodies").clone();
        if got.len() >= n {
            return got;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{} webhook calls, expected {n}",
            got.len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

pub async fn a_webhook_is_delivered_and_retried_without_holding_the_move(db: &str) {
    let rx = receiver().await;
    let s = Server::start_with(db, 0, &["--webhooks", "any"]);
    let c = client();
    let (id, t0, t1) = two_humans(&s, &c, 23).await;
    let tokens = [
        clocks::claim(&s, &c, &t0, "Ann").await,
        clocks::claim(&s, &c, &t1, "Ben").await,
    ];
    // Each seat asks to be told; only its own view shows its URL.
    for t in &tokens {
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/webhook?token={t}")),
            &json!({"url": rx.url}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    let own = get(
        &c,
        &s.url(&format!("/api/games/{id}/view?token={}", tokens[0])),
    )
    .await
    .body;
    assert_eq!(own["webhook"], rx.url.as_str());
    let public = get(&c, &s.url(&format!("/api/games/{id}/view"))).await.body;
    assert_eq!(public["webhook"], Value::Null);
    let bad = post(
        &c,
        &s.url(&format!("/api/games/{id}/webhook?token={}", tokens[0])),
        &json!({"url": "ftp://example.org/x"}),
    )
    .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    let none = post(
        &c,
        &s.url(&format!("/api/games/{id}/webhook")),
        &json!({"url": rx.url}),
    )
    .await;
    assert_eq!(none.status, 401, "{:?}", none.body);

    // Moves until the turn passes to the other seat: that move is answered
    // while its webhook call is still held by the receiver.
    let passed_to = loop {
        let v = get(&c, &s.url(&format!("/api/games/{id}/view"))).await.body;
        let mover = v["to_move"].as_u64().expect("to_move") as usize;
        let mine = get(
            &c,
            &s.url(&format!("/api/games/{id}/view?token={}", tokens[mover])),
        )
        .await
        .body;
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/choice?token={}", tokens[mover])),
            &json!({"move": mine["move"], "index": mine["legal"][0]["index"]}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let after = get(&c, &s.url(&format!("/api/games/{id}/view"))).await.body;
        let next = after["to_move"].as_u64().expect("to_move") as usize;
        if next != mover {
            break next;
        }
    };
    let first = wait_bodies(&rx, 1).await;
    assert_eq!(first.len(), 1, "one call so far, held by the receiver");
    let body = &first[0];
    assert_eq!(body["game"], id.as_str());
    assert_eq!(body["seat"], passed_to);
    assert_eq!(body["player"], ["Ann", "Ben"][passed_to]);
    assert!(body["content"]
        .as_str()
        .is_some_and(|t| t.starts_with("Your move in Dominant Species")));
    assert_eq!(
        body["content"], body["text"],
        "Discord's and Slack's text alike"
    );
    assert!(body["link"]
        .as_str()
        .is_some_and(|l| l.ends_with(&format!("/play/{id}"))));

    // The receiver fails it: the server tries again, with the same body.
    rx.release.notify_one();
    let both = wait_bodies(&rx, 2).await;
    assert_eq!(both[1], both[0]);

    // Without --webhooks, nobody can set one.
    s.kill();
    let s = Server::start(db, 0);
    let r = post(
        &c,
        &s.url(&format!("/api/games/{id}/webhook?token={}", tokens[0])),
        &json!({"url": rx.url}),
    )
    .await;
    assert_eq!(r.status, 403, "{:?}", r.body);
}
