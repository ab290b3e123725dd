//! Open seats (issue 21), run against SQLite and PostgreSQL: the lobby
//! lists games with a seat anyone may take, and of 20 joins racing for the
//! last one exactly one wins.

use super::*;
use serde_json::{json, Value};

fn listed(list: &Value, id: &str) -> bool {
    list.as_array()
        .expect("a list")
        .iter()
        .any(|g| g["id"] == id)
}

/// 20 concurrent joins of one open seat: one 200, nineteen 409; the game
/// leaves the open list; the winner's token is the seat's, and asking again
/// with it answers the same.
pub async fn twenty_joins_race_for_one_open_seat(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seed": 4, "seats": [{}, {"kind": "open"}]}),
    )
    .await;
    assert!(
        tokens[1].is_none(),
        "an open seat has no invite: {tokens:?}"
    );
    let summary = get(&c, &s.url(&format!("/api/games/{id}"))).await.body;
    assert_eq!(summary["seats"][1]["open"], true);
    assert_eq!(
        summary["seats"][0]["open"], false,
        "an invited seat is not open"
    );
    assert!(listed(
        &get(&c, &s.url("/api/games?open=1")).await.body,
        &id
    ));

    let url = s.url(&format!("/api/games/{id}/join"));
    let joins = (0..20).map(|i| {
        let c = c.clone();
        let url = url.clone();
        let token = format!("{:032x}", 0xabc000 + i);
        async move {
            let r = post(
                &c,
                &url,
                &json!({"name": format!("joiner {i}"), "new_token": token}),
            )
            .await;
            (r, token)
        }
    });
    let answers = futures_util::future::join_all(joins).await;
    let winners: Vec<&(Resp, String)> = answers.iter().filter(|(r, _)| r.status == 200).collect();
    assert_eq!(
        winners.len(),
        1,
        "exactly one join wins: {:?}",
        answers.iter().map(|(r, _)| r.status).collect::<Vec<_>>()
    );
    for (r, _) in &answers {
        assert!(r.status == 200 || r.status == 409, "{:?}", r.body);
    }
    let (won, token) = winners[0];
    assert_eq!(won.body["seat"], 1);
    assert_eq!(&won.body["token"], token);
    let name = won.body["name"].clone();
    let v = get(&c, &s.url(&format!("/api/games/{id}/view?token={token}"))).await;
    assert_eq!(v.body["seat"], 1);
    assert_eq!(v.body["seats"][1]["name"], name);
    assert_eq!(v.body["seats"][1]["open"], false);
    assert!(!listed(
        &get(&c, &s.url("/api/games?open=1")).await.body,
        &id
    ));
    // The winner asking again (a lost reply) gets the same; anyone else 409.
    let again = post(&c, &url, &json!({"new_token": token})).await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!(again.body, won.body);
    let late = post(&c, &url, &json!({"name": "late"})).await;
    assert_eq!(late.status, 409, "{:?}", late.body);
    // A game of invited seats has nothing to join.
    let (invited, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seats": [{}, {}]}),
    )
    .await;
    let r = post(
        &c,
        &s.url(&format!("/api/games/{invited}/join")),
        &json!({}),
    )
    .await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    assert_eq!(get(&c, &s.url("/api/games?open=maybe")).await.status, 400);
}
