//! A burst of open games from one address (issue 34, hole 9): the lobby's
//! open list showed the newest 50 only, so 60 games from 127.0.0.1 pushed a
//! game another address opened just before out of `?open=1`. The list now
//! ranks every creator's newest open game first, and pages.

use super::common;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::net::IpAddr;
use std::time::Duration;

/// The games the burst opens: more than one page of the list.
const BURST: usize = 60;

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|g| g["id"].as_str().expect("id").to_string())
        .collect()
}

#[tokio::test]
async fn one_address_cannot_push_another_game_out_of_the_open_list() {
    let dir = common::temp_dir("abuse-lobby-burst");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-games-per-hour", "1000"]);
    let victim = reqwest::Client::builder()
        .local_address(IpAddr::from([127, 0, 0, 2]))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client");
    let open_game = json!({"game": "ds", "players": 2, "seats": [{}, {"kind": "open"}]});
    let (theirs, _) = common::create(&server, &victim, open_game.clone()).await;

    let c = common::client();
    let mut burst = HashSet::new();
    for _ in 0..BURST {
        burst.insert(common::create(&server, &c, open_game.clone()).await.0);
    }

    let first = common::get(&c, &server.url("/api/games?open=1")).await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    let first = ids(&first.body);
    assert_eq!(first.len(), 50, "a page holds 50 games");
    // Each address's newest game comes first: the burst's newest, then the
    // other address's only one (it was the first 50's victim).
    assert!(
        first[..2].contains(&theirs),
        "the other address's only open game is in the first round: {:?}",
        &first[..2]
    );
    // The second page holds the rest of the burst, and no game twice.
    let second = common::get(&c, &server.url("/api/games?open=1&page=1")).await;
    assert_eq!(second.status, 200, "{:?}", second.body);
    let second = ids(&second.body);
    assert_eq!(second.len(), BURST + 1 - 50);
    let all: HashSet<&String> = first.iter().chain(&second).collect();
    assert_eq!(
        all.len(),
        BURST + 1,
        "every open game once over the two pages"
    );
    assert!(burst.iter().all(|id| all.contains(id)));
    let bad = common::get(&c, &server.url("/api/games?open=1&page=-1")).await;
    assert_eq!(bad.status, 400);
}
