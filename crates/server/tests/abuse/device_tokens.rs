//! A profile's games on any device (issue 36): `GET /api/me/games` hands a
//! key's holder a token for each seat its profile holds. An attacker with a
//! profile of their own tries to widen that: guessed keys in a loop, the
//! token their key derives for someone else's seat, their own seat's profile
//! token chosen as another seat's token, and a burst of listings of a
//! profile with more games than a list holds. Every guess is 403 and opens
//! nothing, no seat but the profile's own is ever handed out, a list holds
//! at most 50 games, and a well-behaved client is still answered in time.

use crate::common;
use crate::well_behaved;
use serde_json::{json, Value};

/// Makes profile `name` and answers its key.
async fn profile(server: &common::Server, c: &reqwest::Client, name: &str) -> String {
    let r = common::post(c, &server.url("/api/profiles"), &json!({"name": name})).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    r.body["key"].as_str().expect("key").to_string()
}

/// `GET /api/me/games` with `key`: status and body.
async fn my_games(server: &common::Server, c: &reqwest::Client, key: &str) -> (u16, Value) {
    let r = c
        .get(server.url("/api/me/games"))
        .bearer_auth(key)
        .send()
        .await
        .expect("GET");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A two-seat `demo` (Card Race) game whose seat 0 `key`'s profile claims: its id
/// and the invite of seat 1.
async fn game_of(server: &common::Server, c: &reqwest::Client, key: &str) -> (String, String) {
    let (id, tokens) = common::create(
        server,
        c,
        json!({"game": "demo", "players": 2, "seats": [{}, {}]}),
    )
    .await;
    let r = common::post(
        c,
        &server.url("/api/claim"),
        &json!({"token": tokens[0].as_deref().expect("an invite"), "key": key}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    (id, tokens[1].clone().expect("an invite"))
}

/// The token a holder of `key` derives for seat `seat` of game `id`.
fn derived(key: &str, id: &str, seat: i64) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(format!("eons profile seat {id} {seat} {key}").as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test]
async fn profile_tokens_open_only_the_profiles_own_seats() {
    let dir = common::temp_dir("abuse-device-tokens");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-games-per-hour", "1000"]);
    let c = common::client();
    let ann = profile(&server, &c, "Dana").await;
    let mallory = profile(&server, &c, "Mallory").await;
    let (ann_game, ben_invite) = game_of(&server, &c, &ann).await;
    // Ben takes the other seat without a profile.
    let r = common::post(
        &c,
        &server.url("/api/claim"),
        &json!({"token": ben_invite, "name": "Ben"}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);

    // Guessed keys, in a bounded loop: every one 403, nothing listed.
    for i in 0..200u32 {
        let guess = format!("{:032x}", u128::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let (status, body) = my_games(&server, &c, &guess).await;
        assert_eq!(status, 403, "guess {i}: {body}");
        assert!(body.get("games").is_none(), "{body}");
    }

    // Mallory's key derives a token for every seat of Ann's game: none opens.
    for seat in 0..2 {
        let t = derived(&mallory, &ann_game, seat);
        let r = common::get(
            &c,
            &server.url(&format!("/api/games/{ann_game}/view?token={t}")),
        )
        .await;
        assert_eq!(r.status, 403, "seat {seat}: {:?}", r.body);
    }
    // Ann's own key derives one for Ben's seat (no profile's): it opens nothing
    // either, before and after Ann listed her games.
    let ben_seat = derived(&ann, &ann_game, 1);
    let (status, listed) = my_games(&server, &c, &ann).await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed["games"].as_array().map(Vec::len), Some(1));
    assert_eq!(listed["games"][0]["seat"], 0);
    let r = common::get(
        &c,
        &server.url(&format!("/api/games/{ann_game}/view?token={ben_seat}")),
    )
    .await;
    assert_eq!(r.status, 403, "{:?}", r.body);
    // Mallory's list holds nothing of Ann's.
    let (status, theirs) = my_games(&server, &c, &mallory).await;
    assert_eq!(status, 200);
    assert_eq!(theirs["games"], json!([]));

    // Her own seat's profile token, chosen as the token of a seat she
    // claims next: refused (409), so no token opens two seats.
    let (mallory_game, invite) = game_of(&server, &c, &mallory).await;
    let (_, theirs) = my_games(&server, &c, &mallory).await;
    let hers = theirs["games"][0]["token"]
        .as_str()
        .expect("a token")
        .to_string();
    assert_eq!(theirs["games"][0]["id"], mallory_game);
    let r = common::post(
        &c,
        &server.url("/api/claim"),
        &json!({"token": invite, "name": "Mallory two", "new_token": hers}),
    )
    .await;
    assert_eq!(r.status, 409, "{:?}", r.body);

    // A profile with more games than a list holds, listed in a burst: at
    // most 50 each time, the same tokens every time.
    for _ in 0..55 {
        game_of(&server, &c, &ann).await;
    }
    let (_, first) = my_games(&server, &c, &ann).await;
    assert_eq!(first["games"].as_array().map(Vec::len), Some(50));
    let bursts: Vec<_> = (0..20).map(|_| my_games(&server, &c, &ann)).collect();
    for (status, body) in futures_util::future::join_all(bursts).await {
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["games"], first["games"]);
    }

    well_behaved(&server).await;
}
