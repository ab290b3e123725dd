//! Costly reads in a loop (issue 34, holes 2 and 3): clients from four
//! addresses ask again and again for a finished game's last replay step
//! (which replayed the whole record on an async worker, ~190 ms of CPU a
//! request) and its whole log (built entry by entry under the game's lock),
//! while two players play a game of their own from another address.
//!
//! The players' requests must stay quick: the replay is built once and
//! kept, answers are built on one blocking thread off the async workers,
//! and each address has an allowance of costly reads (429 after it).

use super::common::{self, Server};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// How long the attack lasts.
const ATTACK: Duration = Duration::from_secs(4);

/// The slowest answer a player may get during the attack: generous, for a
/// debug build on a busy 2-core machine (its slowest was 31 ms here).
const PLAYER_BOUND: Duration = Duration::from_millis(750);

/// The fewest answers the players must get during the attack: before the
/// fix every async worker was replaying and they got 131 in 4 s (a debug
/// build on 2 cores); after it, about 1,300.
const PLAYER_ANSWERS: usize = 300;

/// A client that connects from `address`.
fn client_from(address: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::from(address))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client")
}

/// Loops on `paths` from `address` until `until`; returns (answers, 429s).
async fn attacker(
    server: &Server,
    address: [u8; 4],
    paths: Vec<String>,
    until: Instant,
) -> (usize, usize) {
    let c = client_from(address);
    let (mut answered, mut refused) = (0, 0);
    while Instant::now() < until {
        for p in &paths {
            let r = c.get(server.url(p)).send().await.expect("GET");
            match r.status().as_u16() {
                200 => answered += 1,
                429 => refused += 1,
                other => panic!("{p}: {other}"),
            }
            let _ = r.bytes().await;
        }
    }
    (answered, refused)
}

/// Two players (from 127.0.0.2) make choices until `until`; returns every
/// answer's time.
async fn players(server: &Server, until: Instant) -> Vec<Duration> {
    let c = client_from([127, 0, 0, 2]);
    let (id, tokens) = common::create(
        server,
        &c,
        json!({"game": "ds", "players": 2, "seed": 3, "seats": [{}, {}]}),
    )
    .await;
    let tokens: Vec<String> = tokens.into_iter().flatten().collect();
    let mut took = Vec::new();
    while Instant::now() < until {
        for t in &tokens {
            let started = Instant::now();
            let v = c
                .get(server.url(&format!("/api/games/{id}/view?token={t}")))
                .send()
                .await
                .expect("view");
            assert_eq!(v.status().as_u16(), 200);
            let v: Value = v.json().await.expect("view JSON");
            took.push(started.elapsed());
            let Some(first) = v["legal"].as_array().and_then(|l| l.first()) else {
                continue;
            };
            let started = Instant::now();
            let r = c
                .post(server.url(&format!("/api/games/{id}/choice?token={t}")))
                .json(&json!({"move": v["move"], "index": first["index"]}))
                .send()
                .await
                .expect("choice");
            assert_eq!(r.status().as_u16(), 200, "a choice");
            took.push(started.elapsed());
        }
    }
    took
}

#[tokio::test]
async fn replay_and_log_loops_do_not_slow_the_players() {
    let dir = common::temp_dir("abuse-costly-reads");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = Server::start(&db, 0);
    let c = common::client();
    let (id, _) = common::create(&server, &c, common::ds_bots(5)).await;
    let summary = common::wait_over(&server, &c, &id).await;
    let last = summary["move"].as_u64().expect("moves");

    let until = Instant::now() + ATTACK;
    let replay = vec![format!("/api/games/{id}/replay/{last}")];
    let log = vec![format!("/api/games/{id}/log")];
    let (took, a, b, c2, d) = tokio::join!(
        players(&server, until),
        attacker(&server, [127, 0, 0, 10], replay.clone(), until),
        attacker(&server, [127, 0, 0, 11], replay, until),
        attacker(&server, [127, 0, 0, 12], log.clone(), until),
        attacker(&server, [127, 0, 0, 13], log, until),
    );
    let slowest = took.iter().max().copied().unwrap_or_default();
    let answered = a.0 + b.0 + c2.0 + d.0;
    let refused = a.1 + b.1 + c2.1 + d.1;
    eprintln!(
        "{} player answers, slowest {slowest:?}; attackers: {answered} answered, {refused} refused",
        took.len()
    );
    assert!(
        took.len() >= PLAYER_ANSWERS,
        "the players got {} answers in {ATTACK:?} while others looped on replays and logs (at least {PLAYER_ANSWERS})",
        took.len()
    );
    assert!(
        slowest <= PLAYER_BOUND,
        "a player waited {slowest:?} while others looped on replays and logs (bound {PLAYER_BOUND:?})"
    );
    assert!(answered > 0, "the attackers were answered at first");
    assert!(
        refused > 0,
        "each address's allowance of costly reads ran out"
    );
}
