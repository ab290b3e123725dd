//! The abuse suite: the real `eons-server` binary on 127.0.0.1, attacked by
//! bounded versions of what an abusive client does (slow headers, a socket
//! flood from one address, slow request bodies, huge option lists, a bot with a huge iteration
//! budget, racing claims with one chosen token, look-alike names, one profile
//! in two seats, rematches past the games allowance, spectators flooding the
//! chat, keys guessed for a profile's games on any device, …). Each attack runs for a
//! bounded time and then asserts that the server still answers a
//! well-behaved client (see [`well_behaved`]) within [`LATENCY_BOUND`].
//!
//! One module per attack; each starts its own server process.

#[path = "../common/mod.rs"]
mod common;

mod bot_budget;
mod bot_games;
mod bot_pool_fairness;
mod clock_promise;
mod connection_flood;
mod costly_reads;
mod dead_socket;
mod device_tokens;
mod failed_creates;
mod huge_options;
mod idle_connections;
mod lobby_burst;
mod look_alike_names;
mod open_files;
mod ping_flood;
mod profile_seats;
mod rematch_allowance;
mod same_token_race;
mod slow_body;
mod slow_headers;
mod socket_flood;
mod spectator_chat;
mod undo_spam;
mod web_headers;
mod webhook_flood;

use std::time::{Duration, Instant};

/// What a well-behaved client may wait for one answer while (or right after)
/// the server is attacked. Generous on purpose (a debug build on a shared
/// 2-core CI machine), but far below what the attacks cost before they were
/// fixed (every request timing out, 46 s bot decisions).
pub const LATENCY_BOUND: Duration = Duration::from_secs(3);

/// A client whose connections come from the loopback address `127.0.0.N`
/// (the server sees another client address than 127.0.0.1's for each N).
pub fn client_from(n: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, n]))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client")
}

/// Acts as a well-behaved client on `server`: lists the game kinds, creates
/// a two-human Dominant Species game, claims a seat, reads a view and makes
/// one choice, all from the address `127.0.0.2`: attackers connect from
/// 127.0.0.1, so per-address limits they run into do not count against it.
/// Then it reads its view [`POLITE_READS`] times and prints the answers'
/// p50 and p99 (run the suite with `--release --no-capture` to measure).
/// Panics unless every answer is a success and comes within [`LATENCY_BOUND`].
pub async fn well_behaved(server: &common::Server) {
    let c = client_from(2);
    let took_all = std::cell::RefCell::new(Vec::new());
    let timed = |what: &'static str, started: Instant| {
        let took = started.elapsed();
        took_all.borrow_mut().push(took);
        assert!(
            took <= LATENCY_BOUND,
            "a well-behaved client waited {took:?} for {what} (bound {LATENCY_BOUND:?})"
        );
    };
    let t = Instant::now();
    let kinds = common::get(&c, &server.url("/api/kinds")).await;
    assert_eq!(kinds.status, 200, "kinds: {:?}", kinds.body);
    timed("the game kinds", t);

    let t = Instant::now();
    let (id, tokens) = common::create(
        server,
        &c,
        serde_json::json!({"game": "ds", "players": 2, "seats": [{}, {}]}),
    )
    .await;
    timed("a new game", t);
    let invite = tokens[0].clone().expect("an invite token for seat 1");

    let t = Instant::now();
    let claim = common::post(
        &c,
        &server.url("/api/claim"),
        &serde_json::json!({"token": invite, "name": "Ann"}),
    )
    .await;
    assert_eq!(claim.status, 200, "claim: {:?}", claim.body);
    timed("a claim", t);
    let token = claim.body["token"].as_str().expect("token").to_string();

    let t = Instant::now();
    let view = c
        .get(server.url(&format!("/api/games/{id}/view")))
        .bearer_auth(&token)
        .send()
        .await
        .expect("view");
    assert_eq!(view.status().as_u16(), 200);
    let view: serde_json::Value = view.json().await.expect("view JSON");
    timed("a view", t);

    if let Some(first) = view["legal"].as_array().and_then(|l| l.first()) {
        let t = Instant::now();
        let r = c
            .post(server.url(&format!("/api/games/{id}/choice")))
            .bearer_auth(&token)
            .json(&serde_json::json!({"move": view["move"], "index": first["index"]}))
            .send()
            .await
            .expect("choice");
        assert_eq!(r.status().as_u16(), 200, "a choice");
        timed("a choice", t);
    }

    // Then it reads its view again and again (as a table does after each
    // push), so that the suite reports a percentile, not one answer.
    for _ in 0..POLITE_READS {
        let t = Instant::now();
        let r = c
            .get(server.url(&format!("/api/games/{id}/view")))
            .bearer_auth(&token)
            .send()
            .await
            .expect("view");
        assert_eq!(r.status().as_u16(), 200, "a view");
        let _ = r.bytes().await;
        timed("a view", t);
    }
    let mut took = took_all.into_inner();
    took.sort();
    let at = |q: f64| took[((took.len() as f64 - 1.0) * q).round() as usize];
    eprintln!(
        "polite client ({}): {} answers, p50 {:.1} ms, p99 {:.1} ms, slowest {:.1} ms",
        std::thread::current().name().unwrap_or("?"),
        took.len(),
        at(0.5).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
        took.last().copied().unwrap_or_default().as_secs_f64() * 1000.0
    );
}

/// Views the well-behaved client reads after its first choice.
const POLITE_READS: usize = 100;

/// The well-behaved client on a server nobody attacks: the suite's baseline.
#[tokio::test]
async fn a_well_behaved_client_is_answered_on_a_quiet_server() {
    let dir = common::temp_dir("abuse-quiet");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start(&db, 0);
    well_behaved(&server).await;
}
