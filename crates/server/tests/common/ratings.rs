//! Profiles and ratings (issue 21), run against SQLite and PostgreSQL: a
//! profile is a unique name with a key; a game claimed with the key counts
//! for it; ratings change once per finished game, never for an unfinished
//! one, and bots are rated on a ladder of their own.

use super::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

async fn profile(s: &Server, c: &reqwest::Client, name: &str) -> Value {
    let r = get(c, &s.url(&format!("/api/profiles/{name}"))).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body
}

fn rating<'a>(p: &'a Value, game: &str) -> Option<&'a Value> {
    p["ratings"].as_array()?.iter().find(|r| r["game"] == game)
}

/// Plays seat 0 (token `t`) with its first legal choice until the game is over.
async fn play_out(s: &Server, c: &reqwest::Client, id: &str, t: &str) {
    let start = Instant::now();
    loop {
        let v = get(c, &s.url(&format!("/api/games/{id}/view?token={t}")))
            .await
            .body;
        if v["over"] == true {
            return;
        }
        assert!(start.elapsed() < PATIENCE, "the game did not end: {v}");
        let legal = v["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        }
        let r = post(
            c,
            &s.url(&format!("/api/games/{id}/choice?token={t}")),
            &json!({"move": v["move"], "index": legal[0]["index"]}),
        )
        .await;
        assert!(r.status == 200 || r.status == 409, "{:?}", r.body);
    }
}

/// Waits until `until` holds of profile `name`.
async fn wait_profile(
    s: &Server,
    c: &reqwest::Client,
    name: &str,
    until: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let p = profile(s, c, name).await;
        if until(&p) {
            return p;
        }
        assert!(start.elapsed() < PATIENCE, "profile {name}: {p}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

pub async fn ratings_change_once_per_finished_game(db: &str, tag: &str) {
    let s = Server::start(db, 0);
    let c = client();
    // A unique name (the PostgreSQL test database outlives a run).
    let name = format!("Ann {tag} {}", std::process::id());
    let r = post(&c, &s.url("/api/profiles"), &json!({"name": name})).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    let key = r.body["key"].as_str().expect("key").to_string();
    assert_eq!(r.body["name"], name);
    // Unique without regard to case; no name passes for a bot.
    let again = post(
        &c,
        &s.url("/api/profiles"),
        &json!({"name": name.to_uppercase()}),
    )
    .await;
    assert_eq!(again.status, 409, "{:?}", again.body);
    let bot = post(
        &c,
        &s.url("/api/profiles"),
        &json!({"name": "Bot (greedy)"}),
    )
    .await;
    assert_eq!(bot.status, 400, "{:?}", bot.body);
    // The key carries the profile: it names it.
    let me = c
        .get(s.url("/api/me"))
        .bearer_auth(&key)
        .send()
        .await
        .expect("GET /api/me");
    assert_eq!(me.status(), 200);
    let me: Value = me.json().await.expect("json");
    assert_eq!(me["name"], name);
    let wrong = c
        .get(s.url("/api/me"))
        .bearer_auth("00")
        .send()
        .await
        .expect("GET");
    assert_eq!(wrong.status(), 403);

    // A game claimed with the key belongs to the profile, under its name.
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "demo", "players": 2, "seed": 5, "seats": [{}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let invite = tokens[0].clone().expect("invite");
    let r = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": invite, "name": "ignored", "key": key}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["name"], name, "a profile plays under its own name");
    let t = r.body["token"].as_str().expect("token").to_string();
    let p = profile(&s, &c, &name).await;
    assert_eq!(p["games"][0]["id"], id.as_str());
    assert_eq!(p["games"][0]["over"], false);
    assert!(
        rating(&p, "demo").is_none(),
        "an unfinished game is not rated: {p}"
    );

    play_out(&s, &c, &id, &t).await;
    let p = wait_profile(&s, &c, &name, |p| rating(p, "demo").is_some()).await;
    let first = rating(&p, "demo").expect("rated").clone();
    assert_eq!(first["games"], 1);
    assert_ne!(first["rating"].as_f64(), Some(25.0), "{first}");
    assert!(first["uncertainty"].as_f64().unwrap_or(99.0) < 25.0 / 3.0);
    assert_eq!(p["games"][0]["over"], true);
    let place = p["games"][0]["place"].as_u64().expect("place");
    assert_eq!(first["wins"], u64::from(place == 1));
    // The bot has its own profile and ladder.
    let bot = profile(&s, &c, "Bot (random)").await;
    assert_eq!(bot["bot"], "random");
    assert!(rating(&bot, "demo").is_some_and(|r| r["games"].as_u64() >= Some(1)));
    let board = get(&c, &s.url("/api/leaderboard/demo")).await.body;
    assert!(board["players"]
        .as_array()
        .expect("players")
        .iter()
        .any(|r| r["profile"] == name));
    assert!(board["bots"]
        .as_array()
        .expect("bots")
        .iter()
        .any(|r| r["profile"] == "Bot (random)"));
    assert!(board["players"]
        .as_array()
        .expect("players")
        .iter()
        .all(|r| r["bot"] == false));
    assert_eq!(get(&c, &s.url("/api/leaderboard/nope")).await.status, 404);

    // A restart rates nothing twice.
    s.kill();
    let s = Server::start(db, 0);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let p = profile(&s, &c, &name).await;
    assert_eq!(rating(&p, "demo"), Some(&first), "rated once");
}
