//! One address fills the bot pool (issue 34, hole 4): games whose bots
//! search as long as the server allows, and clock games whose stand-in for
//! a seat out of time is such a bot (they were not counted in the
//! per-address cap of bot games). Before, the pool served decisions first
//! come, first served, so another address's greedy bot waited behind every
//! one of them (no move in 150 s in the attack as found).
//!
//! Now a clock game counts as a game with bots, and one address holds one
//! place in the pool's line: the other address's bots keep moving.

use super::common;
use serde_json::json;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The attacker's games whose two bots search for the whole time limit.
const SEARCHING_GAMES: usize = 6;

/// The per-address cap of games with bots the server runs with here.
const CAP: usize = 8;

/// How long the other address's bots may take for their first three
/// moves: each waits for at most one of the attacker's 1 s searches (and
/// its own greedy decision), where first come, first served made each wait
/// for all of them.
const THREE_MOVES: Duration = Duration::from_secs(8);

#[tokio::test]
async fn one_address_cannot_stall_another_addresses_bots() {
    let dir = common::temp_dir("abuse-bot-pool-fairness");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(
        &db,
        0,
        &[
            "--bot-pool-threads",
            "1",
            "--bot-max-time-ms",
            "1000",
            "--max-bot-games-per-address",
            &CAP.to_string(),
        ],
    );
    let c = common::client();
    let searcher = json!({"kind": "bot", "bot": "mcts:1000000it"});
    for seed in 0..SEARCHING_GAMES {
        common::create(
            &server,
            &c,
            json!({"game": "ds", "players": 2, "seed": seed, "seats": [searcher, searcher]}),
        )
        .await;
    }
    // Clock games whose stand-in searches count against the same cap.
    let clock_game = json!({
        "game": "ds", "players": 2, "seats": [{}, {}],
        "clock": {"per_decision_s": 1}, "on_timeout": "mcts:1000000it"
    });
    for _ in SEARCHING_GAMES..CAP {
        common::create(&server, &c, clock_game.clone()).await;
    }
    let refused = common::post(&c, &server.url("/api/games"), &clock_game).await;
    assert_eq!(
        refused.status, 429,
        "a clock game past the cap of games with bots: {:?}",
        refused.body
    );

    // Another address's game of two greedy bots keeps moving.
    let victim = reqwest::Client::builder()
        .local_address(IpAddr::from([127, 0, 0, 2]))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client");
    let greedy = json!({"kind": "bot", "bot": "greedy"});
    let started = Instant::now();
    let (id, _) = common::create(
        &server,
        &victim,
        json!({"game": "ds", "players": 2, "seed": 9, "seats": [greedy, greedy]}),
    )
    .await;
    loop {
        let r = common::get(&victim, &server.url(&format!("/api/games/{id}"))).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let moves = r.body["move"].as_i64().unwrap_or(0);
        if moves >= 3 {
            break;
        }
        assert!(
            started.elapsed() < THREE_MOVES,
            "another address's bots made {moves} moves in {:?} while one address filled the pool",
            started.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "the other address's bots made 3 moves in {:?}",
        started.elapsed()
    );
}
