//! Webhooks to a receiver that never answers (issue 34, hole 5). Each
//! delivery was a task of its own with no cap: a receiver that accepts
//! connections and never answers held one open file per delivery (and
//! pinned the server at its file limit). Here both seats of 20 games ask
//! for webhooks at such a receiver and the games are played through (about
//! 100 deliveries in a few seconds): the server's open files and the
//! receiver's connections stay bounded, and a well-behaved client is
//! answered meanwhile.

use super::common::{self, Server};
use super::well_behaved;
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Games played.
const GAMES: usize = 20;

/// How many more files the server may hold open at the end than before:
/// the deliveries in flight at once, and room for the database's files.
const FILES_BOUND: usize = 32;

/// A receiver that accepts every connection and never reads or answers;
/// its URL and how many connections it accepted.
async fn silent_receiver() -> (String, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let accepted = Arc::new(AtomicUsize::new(0));
    let count = accepted.clone();
    let held = Arc::new(Mutex::new(Vec::new()));
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            count.fetch_add(1, Ordering::SeqCst);
            held.lock().expect("held connections").push(stream);
        }
    });
    (format!("http://{addr}/hook"), accepted)
}

/// Plays a 2-seat Card Race (`demo`) game whose seats both ask for a
/// webhook at `url` to its end, each seat making its first legal choice;
/// the number of times the turn passed (a delivery each).
async fn play_with_webhooks(server: &Server, c: &reqwest::Client, url: &str, seed: u64) -> usize {
    let (id, tokens) = common::create(
        server,
        c,
        json!({"game": "demo", "players": 2, "seed": seed, "options": ["target=10"], "seats": [{}, {}]}),
    )
    .await;
    let tokens: Vec<String> = tokens.into_iter().map(|t| t.expect("a token")).collect();
    for t in &tokens {
        let r = common::post(
            c,
            &server.url(&format!("/api/games/{id}/webhook?token={t}")),
            &json!({ "url": url }),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    let mut passes = 0;
    let mut seat = 0;
    loop {
        let view = common::get(
            c,
            &server.url(&format!("/api/games/{id}/view?token={}", tokens[seat])),
        )
        .await
        .body;
        if view["over"] == json!(true) {
            return passes;
        }
        let to_move = view["to_move"].as_u64().expect("a seat to move") as usize;
        if to_move != seat {
            passes += 1;
            seat = to_move;
            continue;
        }
        let r = common::post(
            c,
            &server.url(&format!("/api/games/{id}/choice?token={}", tokens[seat])),
            &json!({"move": view["move"], "choice": view["legal"][0]["choice"]}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}

#[tokio::test]
async fn webhooks_to_a_receiver_that_never_answers_hold_few_files() {
    let dir = common::temp_dir("abuse-webhook-flood");
    let db = dir.join("eons.sqlite").display().to_string();
    let (url, accepted) = silent_receiver().await;
    let server = Server::start_with(
        &db,
        0,
        &["--webhooks", "any", "--max-games-per-hour", "1000"],
    );
    let c = common::client();
    // Warm up (the first game opens the database's files), then count.
    play_with_webhooks(&server, &c, "", 1).await;
    let before = server.open_files();

    let mut deliveries = 0;
    for k in 0..GAMES {
        deliveries += play_with_webhooks(&server, &c, &url, 100 + k as u64).await;
    }
    assert!(deliveries >= 4 * GAMES, "{deliveries} turns passed");
    well_behaved(&server).await;
    let connections = accepted.load(Ordering::SeqCst);
    if let (Some(before), Some(after)) = (before, server.open_files()) {
        assert!(
            after <= before + FILES_BOUND,
            "the server held {after} open files after {deliveries} webhook deliveries to a \
             receiver that never answers ({before} before; bound {FILES_BOUND} more); \
             the receiver got {connections} connections"
        );
    }
    assert!(
        connections <= FILES_BOUND,
        "the receiver that never answers got {connections} connections at once"
    );
}
