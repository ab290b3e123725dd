//! Open seats (issue 21) and the lobby's filters (issue 36), run against
//! SQLite and PostgreSQL: the lobby lists games with a seat anyone may
//! take, and of 20 joins racing for the last one exactly one wins; its
//! lists keep one game kind, a player's games or games with friends.

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

/// The ids a list answers.
fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .filter_map(|g| g["id"].as_str().map(str::to_string))
        .collect()
}

/// The lobby's filters (issue 36), done by the store over every game, not
/// the first page: `game` keeps one kind, `player` the games with a seat
/// whose name holds the words in any case (`%` and `_` are letters, not
/// wildcards), `friends=1` the games with two human seats or more (a seat
/// open to anyone waits for a person: it counts); they
/// combine with each other and with `open=1`, and a kind this server does
/// not play, an overlong name or a `friends` other than 0 or 1 is 400.
pub async fn the_lobby_filters_by_game_player_and_friends(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let bot = json!({"kind": "bot", "bot": "random"});
    let (ann_ds, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seats": [{"name": "Ann Lee"}, bot]}),
    )
    .await;
    let (ann_marine, _) = create(
        &s,
        &c,
        json!({"game": "marine", "players": 2, "seats": [{"name": "ann lee"}, {"name": "Ben"}]}),
    )
    .await;
    let (open_ds, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seats": [{"name": "Cy_100%"}, {"kind": "open"}]}),
    )
    .await;
    // The database may hold other tests' games (PostgreSQL): each list is
    // read as the games of this test it holds, in id order.
    let ours = [ann_ds.clone(), ann_marine.clone(), open_ds.clone()];
    let list = |q: &str| {
        let c = c.clone();
        let url = s.url(&format!("/api/games{q}"));
        let ours = ours.clone();
        async move {
            let body = get(&c, &url).await.body;
            let mut kept: Vec<String> = ids(&body)
                .into_iter()
                .filter(|id| ours.contains(id))
                .collect();
            kept.sort();
            (kept, body)
        }
    };
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    assert_eq!(
        list("").await.0,
        sorted(ours.to_vec()),
        "no filter lists every game"
    );
    let (ds, body) = list("?game=ds").await;
    assert_eq!(ds, sorted(vec![ann_ds.clone(), open_ds.clone()]));
    assert!(
        body.as_array()
            .expect("a list")
            .iter()
            .all(|g| g["game"] == "ds"),
        "only Dominant Species: {body}"
    );
    assert_eq!(
        list("?player=ANN").await.0,
        sorted(vec![ann_ds.clone(), ann_marine.clone()]),
        "a name in any case"
    );
    assert_eq!(
        list("?player=ann&game=marine").await.0,
        vec![ann_marine.clone()]
    );
    assert_eq!(
        list("?friends=1").await.0,
        sorted(vec![ann_marine.clone(), open_ds.clone()]),
        "two human seats: Ann and Ben, or Cy and a seat open to any person; not Ann against a bot"
    );
    assert_eq!(
        list("?player=y_1").await.0,
        vec![open_ds.clone()],
        "_ is a letter"
    );
    assert_eq!(
        list("?player=100%25").await.0,
        vec![open_ds.clone()],
        "% is a letter"
    );
    assert!(
        list("?player=a_n").await.0.is_empty(),
        "_ is not a wildcard"
    );
    assert_eq!(list("?player=%25").await.0, vec![open_ds.clone()]);
    assert_eq!(list("?open=1&game=ds").await.0, vec![open_ds.clone()]);
    assert!(list("?open=1&game=marine").await.0.is_empty());
    assert!(list("?open=1&player=ann").await.0.is_empty());
    assert_eq!(
        list("?player=%20%20").await.0.len(),
        3,
        "a blank name filters nothing"
    );
    for bad in [
        "?game=chess",
        "?friends=maybe",
        &format!("?player={}", "x".repeat(41)),
    ] {
        let r = get(&c, &s.url(&format!("/api/games{bad}"))).await;
        assert_eq!(r.status, 400, "{bad}: {:?}", r.body);
    }
}
