//! Two claims racing with the same chosen `new_token` on different games:
//! the server once answered 500 with the database's words (`UNIQUE
//! constraint failed: seats.token_hash`). Twenty open seats of twenty games
//! are claimed at once, every claim choosing the same new token: exactly one
//! claim succeeds, the others are conflicts (409), none is a server failure,
//! no answer mentions the database, and the server then answers a
//! well-behaved client.

use crate::common;
use crate::well_behaved;
use serde_json::{json, Value};

/// Games raced (one open seat claimed in each).
const GAMES: usize = 20;

/// Words of a database error that must never reach a client.
const DATABASE_WORDS: [&str; 6] = [
    "sql",
    "unique",
    "constraint",
    "token_hash",
    "database",
    "duplicate key",
];

/// Races the claims on `server`, then checks it answers a well-behaved client.
async fn race(server: &common::Server) {
    let c = common::client();
    let mut invites = Vec::with_capacity(GAMES);
    for seed in 0..GAMES as u64 {
        let (_, invite, _) = common::two_humans(server, &c, seed).await;
        invites.push(invite);
    }
    // Fresh for each run: a database kept between runs (PostgreSQL) has
    // the last run's token already.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("a clock after 1970")
        .as_nanos();
    let chosen = format!("{now:032x}{:08x}", std::process::id());
    let claims = invites.into_iter().map(|invite| {
        let c = c.clone();
        let url = server.url("/api/claim");
        let body = json!({"token": invite, "name": "Racer", "new_token": chosen});
        tokio::spawn(async move {
            let r = c.post(url).json(&body).send().await.expect("claim");
            let status = r.status().as_u16();
            let text = r.text().await.expect("claim body");
            (status, text)
        })
    });
    let answers: Vec<(u16, String)> = futures_util::future::join_all(claims)
        .await
        .into_iter()
        .map(|joined| joined.expect("a claim task"))
        .collect();
    for (status, text) in &answers {
        assert!(
            *status == 200 || *status == 409,
            "a racing claim answered {status}: {text}"
        );
        let lower = text.to_lowercase();
        for word in DATABASE_WORDS {
            assert!(!lower.contains(word), "`{word}` reached a client: {text}");
        }
        if *status == 409 {
            let body: Value = serde_json::from_str(text).expect("a JSON refusal");
            assert_eq!(body["error"]["code"], "conflict", "{text}");
        }
    }
    let won = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(won, 1, "exactly one claim takes the token: {answers:?}");
    well_behaved(server).await;
}

/// On SQLite (every process's default).
#[tokio::test]
async fn racing_claims_with_one_new_token_get_one_seat_and_conflicts() {
    let dir = common::temp_dir("abuse-same-token");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-games-per-hour", "1000"]);
    race(&server).await;
}

/// On PostgreSQL (`EONS_TEST_DATABASE_URL`; ignored unless asked for with
/// `--include-ignored`, as CI does).
#[tokio::test]
#[ignore = "needs PostgreSQL: set EONS_TEST_DATABASE_URL and pass --include-ignored (CI does)"]
async fn racing_claims_with_one_new_token_on_postgres() {
    let url = common::pg();
    let server = common::Server::start_with(&url, 0, &["--max-games-per-hour", "1000"]);
    race(&server).await;
}
