//! Many bot games from one address: each costs search time as long as it
//! runs, so one address may have only so many unfinished games with a bot
//! seat (here 3, then 429), counted from the database so that a restart
//! does not reset it; and a dozen all-bot games searching at once go
//! through the server's bounded bot pool, so a well-behaved client is
//! still answered.

use super::{common, well_behaved};
use serde_json::{json, Value};
use std::time::Duration;

/// A Dominant Species game of a human seat (nobody claims it: the game waits
/// there for good) and a random bot.
fn human_and_bot(seed: u64) -> Value {
    json!({
        "game": "ds", "players": 2, "seed": seed,
        "seats": [{}, {"kind": "bot", "bot": "random"}]
    })
}

#[tokio::test]
async fn one_address_may_have_only_so_many_unfinished_bot_games() {
    let dir = common::temp_dir("abuse-bot-games-cap");
    let db = dir.join("eons.sqlite").display().to_string();
    let flags = ["--max-bot-games-per-address", "3"];
    let server = common::Server::start_with(&db, 0, &flags);
    let c = common::client();
    for seed in 0..3 {
        common::create(&server, &c, human_and_bot(seed)).await;
    }
    let refused = common::post(&c, &server.url("/api/games"), &human_and_bot(3)).await;
    assert_eq!(refused.status, 429, "{:?}", refused.body);
    assert_eq!(refused.body["error"]["code"], "too_many_requests");
    let message = refused.body["error"]["message"].as_str().unwrap_or("");
    assert!(
        message.contains('3'),
        "the message names the cap: {message}"
    );
    // Games without bots are not capped, and another address has its own.
    common::create(
        &server,
        &c,
        json!({"game": "ds", "players": 2, "seats": [{}, {}]}),
    )
    .await;
    well_behaved(&server).await;
    let other = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 3]))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client");
    common::create(&server, &other, human_and_bot(4)).await;

    // The count is kept in the database: a restarted server refuses too.
    server.kill();
    let server = common::Server::start_with(&db, 0, &flags);
    let refused = common::post(&c, &server.url("/api/games"), &human_and_bot(5)).await;
    assert_eq!(refused.status, 429, "after a restart: {:?}", refused.body);
    well_behaved(&server).await;
}

#[tokio::test]
async fn a_dozen_bot_games_at_once_leave_the_server_answering() {
    let dir = common::temp_dir("abuse-bot-games-dozen");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-bot-games-per-address", "12"]);
    let c = common::client();
    // Every game has a searching seat, so none is over within seconds.
    let searching = ["mcts:300it", "mcts:200it,threads=2", "mcts:easy"];
    let other = ["greedy", "greedy:samples=8", "mcts:100it", "random"];
    let mut ids = Vec::new();
    for seed in 0..12u64 {
        let (a, b) = (searching[seed as usize % 3], other[seed as usize % 4]);
        let (id, _) = common::create(
            &server,
            &c,
            json!({
                "game": "ds", "players": 2, "seed": seed,
                "seats": [{"kind": "bot", "bot": a}, {"kind": "bot", "bot": b}]
            }),
        )
        .await;
        ids.push(id);
    }
    // The 13th is over the cap while the dozen run.
    let refused = common::post(&c, &server.url("/api/games"), &common::ds_bots(12)).await;
    assert_eq!(refused.status, 429, "{:?}", refused.body);
    well_behaved(&server).await;
    well_behaved(&server).await;
    // The bots did play meanwhile.
    let mut moves = 0;
    for id in &ids {
        let r = common::get(&c, &server.url(&format!("/api/games/{id}"))).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        moves += r.body["move"].as_i64().unwrap_or(0);
    }
    assert!(moves > 0, "no bot moved");
}
