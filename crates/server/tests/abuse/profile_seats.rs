//! One profile in two seats of one game (issue 34, hole 11): a profile's
//! key claimed every seat of a game, so the game was rated against itself.
//! Now a claim or a join with the key of a profile that already holds a seat
//! of the game is refused (409, saying so) and changes nothing; another
//! profile, or a player without one, takes the seat as before. (Two profiles
//! of one person farming each other is what the rating does not protect
//! against: see the server's README.)

use crate::common;
use crate::well_behaved;
use serde_json::json;

/// Makes profile `name` and answers its key.
async fn profile(server: &common::Server, c: &reqwest::Client, name: &str) -> String {
    let r = common::post(c, &server.url("/api/profiles"), &json!({"name": name})).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    r.body["key"].as_str().expect("key").to_string()
}

#[tokio::test]
async fn a_profile_takes_one_seat_of_a_game() {
    let dir = common::temp_dir("abuse-profile-seats");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-games-per-hour", "1000"]);
    let c = common::client();
    let farmer = profile(&server, &c, "Farmer").await;
    let other = profile(&server, &c, "Neighbour").await;

    // Invited seats: the second claim with the same key is refused.
    let (id, tokens) = common::create(
        &server,
        &c,
        json!({"game": "demo", "players": 3, "seats": [{}, {}, {}]}),
    )
    .await;
    let invites: Vec<String> = tokens.into_iter().map(|t| t.expect("an invite")).collect();
    let claim = server.url("/api/claim");
    let r = common::post(&c, &claim, &json!({"token": invites[0], "key": farmer})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let r = common::post(&c, &claim, &json!({"token": invites[1], "key": farmer})).await;
    assert_eq!(
        r.status, 409,
        "a second seat of one game for one profile: {:?}",
        r.body
    );
    let message = r.body["error"]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("Farmer") && message.contains("seat 1"),
        "`{message}` should name the profile and the seat it holds"
    );
    // The refused claim changed nothing: the invite still works, for
    // another profile or for a player without one.
    let r = common::post(&c, &claim, &json!({"token": invites[1], "key": other})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let r = common::post(&c, &claim, &json!({"token": invites[2], "name": "Walker"})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let summary = common::get(&c, &server.url(&format!("/api/games/{id}"))).await;
    let names: Vec<&str> = summary.body["seats"]
        .as_array()
        .map(|s| s.iter().filter_map(|s| s["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(names, ["Farmer", "Neighbour", "Walker"]);

    // Open seats: the same for joins.
    let (open, _) = common::create(
        &server,
        &c,
        json!({"game": "demo", "players": 2, "seats": [{"kind": "open"}, {"kind": "open"}]}),
    )
    .await;
    let join = server.url(&format!("/api/games/{open}/join"));
    let r = common::post(&c, &join, &json!({"key": farmer})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let r = common::post(&c, &join, &json!({"key": farmer})).await;
    assert_eq!(
        r.status, 409,
        "a second open seat for one profile: {:?}",
        r.body
    );
    let r = common::post(&c, &join, &json!({"key": other})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);

    well_behaved(&server).await;
}
