//! Resigning (issue 36), run against SQLite and PostgreSQL: a seat's player
//! leaves for good, the stand-in bot plays the seat to the end, the log says
//! so, and a restart keeps all of it.

use super::clocks::{claim, view, wait_view};
use super::*;
use serde_json::{json, Value};
use std::time::Instant;

fn entries(log: &Value) -> Vec<Value> {
    log["entries"].as_array().cloned().unwrap_or_default()
}

pub async fn a_resigned_seat_is_played_to_the_end_by_its_stand_in(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    // The test game with hidden hands, a race to 10: short, so that Ann plays it out. Its
    // bot seat leases the game to this process from its creation, so that on
    // a PostgreSQL database shared with other tests' servers no other process
    // takes it over (and dies with it) when Ben's seat needs its stand-in.
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "demo", "players": 3, "seed": 41, "options": ["target=10"],
               "seats": [{}, {}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let [Some(t0), Some(t1)] = [&tokens[0], &tokens[1]].map(Clone::clone) else {
        panic!("two invite tokens: {tokens:?}");
    };
    let ann = claim(&s, &c, &t0, "Ann").await;
    let ben = claim(&s, &c, &t1, "Ben").await;
    let url = |what: &str, t: &str| s.url(&format!("/api/games/{id}/{what}?token={t}"));

    // Without a seat's token, nobody resigns it.
    let r = post(&c, &s.url(&format!("/api/games/{id}/resign")), &json!({})).await;
    assert!(r.status == 401 || r.status == 403, "{:?}", r.body);
    let before = view(&s, &c, &id, None).await;
    let moves = before["move"].as_i64().expect("move");

    let r = post(&c, &url("resign", &ben), &json!({})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["bot"], "greedy", "the default stand-in");
    assert_eq!(r.body["move"].as_i64(), Some(moves + 1), "a row of its own");
    let again = post(&c, &url("resign", &ben), &json!({})).await;
    assert_eq!(again.status, 409, "{:?}", again.body);

    let v = view(&s, &c, &id, None).await;
    assert_eq!(v["seats"][1]["resigned"], true, "{}", v["seats"]);
    assert_eq!(v["seats"][1]["away"], true);
    assert_eq!(v["seats"][0]["resigned"], false);
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
    let said = entries(&log)
        .into_iter()
        .find(|e| e["n"].as_i64() == Some(moves))
        .expect("the resignation's log entry");
    assert_eq!(said["seat"], 1);
    assert!(
        said["choice"]
            .as_str()
            .is_some_and(|t| t.starts_with("resign") && t.contains("greedy bot")),
        "{said}"
    );

    // The player is gone for good: no coming back, no choice, no take-back.
    let r = post(&c, &url("back", &ben), &json!({})).await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    let v = view(&s, &c, &id, Some(&ben)).await;
    let r = post(
        &c,
        &url("choice", &ben),
        &json!({"move": v["move"], "index": 0}),
    )
    .await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    let r = post(&c, &url("undo", &ben), &json!({"move": v["move"]})).await;
    assert_eq!(r.status, 409, "{:?}", r.body);

    // Ann plays on; the stand-in plays Ben's seat to the end.
    let start = Instant::now();
    loop {
        let v = view(&s, &c, &id, Some(&ann)).await;
        if v["over"] == true {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "the game did not end: {v}");
        let legal = v["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            continue;
        }
        let r = post(
            &c,
            &url("choice", &ann),
            &json!({"move": v["move"], "index": legal[0]["index"]}),
        )
        .await;
        assert!(r.status == 200 || r.status == 409, "{:?}", r.body);
    }
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
    let bens: Vec<Value> = entries(&log)
        .into_iter()
        .filter(|e| e["seat"] == 1 && e["n"].as_i64() > Some(moves))
        .collect();
    assert!(!bens.is_empty(), "the stand-in moved for Ben");
    assert!(
        bens.iter().all(|e| e["stand_in"] == "greedy"),
        "every move of Ben's seat since is the stand-in's: {bens:?}"
    );
    // A restart keeps it: the seat row and the log entry in its place (after
    // the end: a SIGKILLed process's lease on PostgreSQL would hold the
    // stand-in until it expires).
    s.kill();
    let s = Server::start(db, 0);
    let url = |what: &str, t: &str| s.url(&format!("/api/games/{id}/{what}?token={t}"));
    let v = view(&s, &c, &id, None).await;
    assert_eq!(v["seats"][1]["resigned"], true, "after a restart");
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
    assert!(entries(&log)
        .iter()
        .any(|e| e["n"].as_i64() == Some(moves) && e["choice"] == said["choice"]));

    // The record holds the choices in effect: no resignation among them.
    let record = get(&c, &s.url(&format!("/api/games/{id}/record")))
        .await
        .body;
    assert!(
        !record.to_string().contains("$resign"),
        "the record leaves the resignation out"
    );
    let over = post(&c, &url("resign", &ann), &json!({})).await;
    assert_eq!(over.status, 409, "{:?}", over.body);
    let _ = wait_view(&s, &c, &id, "the game over", |v| v["over"] == true).await;
}
