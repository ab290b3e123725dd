//! The look back of issue 19, run against SQLite and PostgreSQL alike: the
//! final score by source, the replay of a finished game and the rematch.

use super::*;

/// Checks that every seat's parts add up to its total and the outcome's score.
fn assert_breakdown_adds_up(final_score: &Value, outcome: &Value) {
    let seats = final_score["seats"].as_array().expect("final_score.seats");
    let scores = outcome["scores"].as_array().expect("outcome.scores");
    assert_eq!(seats.len(), scores.len());
    for (seat, score) in seats.iter().zip(scores) {
        let parts: i64 = score_parts(seat).iter().sum();
        assert_eq!(seat["total"], *score, "{seat}");
        assert_eq!(Some(parts), score.as_i64(), "{seat}");
    }
    assert!(final_score["tie_break"]
        .as_str()
        .is_some_and(|t| !t.is_empty()));
    // Dominant Species: the first of the ranking wins.
    assert_eq!(final_score["winners"], json!([outcome["ranking"][0]]));
}

fn score_parts(seat: &Value) -> Vec<i64> {
    seat["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .map(|p| p["points"].as_i64().expect("points"))
        .collect()
}

/// A finished game replays step by step: moves + 1 steps, the log as a
/// spectator reads it, the last step the final position; a running game
/// is not replayed.
pub async fn replay_of_a_finished_game(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, _) = create(&s, &c, ds_bots(5)).await;
    let summary = wait_over(&s, &c, &id).await;
    let moves = summary["move"].as_u64().expect("move");
    // The final score by source, in the finished game's view.
    let view = get(&c, &s.url(&format!("/api/games/{id}/view"))).await;
    assert_eq!(view.status, 200);
    assert_breakdown_adds_up(&view.body["final_score"], &summary["outcome"]);

    let r = get(&c, &s.url(&format!("/api/games/{id}/replay"))).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["steps"].as_u64(), Some(moves + 1));
    let log = r.body["log"].as_array().expect("log");
    assert_eq!(log.len() as u64, moves);
    assert!(log
        .iter()
        .all(|e| e["choice"].as_str().is_some_and(|t| !t.is_empty())));
    assert_eq!(r.body["outcome"], summary["outcome"]);
    assert_breakdown_adds_up(&r.body["final_score"], &summary["outcome"]);

    let first = get(&c, &s.url(&format!("/api/games/{id}/replay/0"))).await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    assert_eq!(first.body["step"], 0);
    assert_eq!(first.body["over"], false);
    assert_eq!(first.body["legal"], json!([]));
    assert!(first.body["view"].is_object());
    let middle = get(&c, &s.url(&format!("/api/games/{id}/replay/{}", moves / 2))).await;
    assert_eq!(middle.status, 200);
    assert_ne!(
        middle.body["view"], first.body["view"],
        "the board moves on"
    );
    let last = get(&c, &s.url(&format!("/api/games/{id}/replay/{moves}"))).await;
    assert_eq!(last.status, 200);
    assert_eq!(last.body["over"], true);
    assert_eq!(last.body["outcome"], summary["outcome"]);
    assert_eq!(
        last.body["view"], view.body["view"],
        "the last step is the end"
    );
    let beyond = get(&c, &s.url(&format!("/api/games/{id}/replay/{}", moves + 1))).await;
    assert_eq!(beyond.status, 404, "{:?}", beyond.body);
    let junk = get(&c, &s.url(&format!("/api/games/{id}/replay/x"))).await;
    assert_eq!(junk.status, 400, "{:?}", junk.body);

    // A running game: no replay, no step, no final score.
    let (running, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seats": [{}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    for path in ["replay", "replay/0"] {
        let r = get(&c, &s.url(&format!("/api/games/{running}/{path}"))).await;
        assert_eq!(r.status, 409, "{path}: {:?}", r.body);
    }
    let v = get(&c, &s.url(&format!("/api/games/{running}/view"))).await;
    assert_eq!(v.body["final_score"], Value::Null);
}

/// Claims an invited seat; returns the seat's token.
async fn claim(s: &Server, c: &reqwest::Client, invite: &str) -> String {
    let r = post(c, &s.url("/api/claim"), &json!({"token": invite})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body["token"].as_str().expect("token").to_string()
}

/// A rematch: asked once the game is over by a seat, the same for every seat
/// after; each human seat gets its own seat in it, bots the same kind.
pub async fn rematch_of_a_finished_game(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "demo", "players": 3, "seats": [{"name": "Ann"}, {"name": "Ben"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let a = claim(&s, &c, tokens[0].as_deref().expect("invite 0")).await;
    let b = claim(&s, &c, tokens[1].as_deref().expect("invite 1")).await;
    let rematch = |t: &str| s.url(&format!("/api/games/{id}/rematch?token={t}"));
    let early = post(&c, &rematch(&a), &json!({})).await;
    assert_eq!(early.status, 409, "not before the end: {:?}", early.body);
    play_humans(&s, &c, &id, &[Some(a.clone()), Some(b.clone())], 3).await;
    let old = wait_over(&s, &c, &id).await;
    assert_eq!(old["rematch"], Value::Null);

    let nobody = post(&c, &s.url(&format!("/api/games/{id}/rematch")), &json!({})).await;
    assert_eq!(
        nobody.status, 401,
        "a spectator cannot ask: {:?}",
        nobody.body
    );
    let wrong = post(&c, &rematch(&"ab".repeat(16)), &json!({})).await;
    assert_eq!(wrong.status, 403, "{:?}", wrong.body);

    let first = post(&c, &rematch(&b), &json!({})).await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    let new_id = first.body["id"].as_str().expect("id").to_string();
    assert_ne!(new_id, id);
    let tb = first.body["token"].as_str().expect("token").to_string();
    let again = post(&c, &rematch(&b), &json!({})).await;
    assert_eq!(again.body, first.body, "asking again answers the same");
    let other = post(&c, &rematch(&a), &json!({})).await;
    assert_eq!(other.status, 200, "{:?}", other.body);
    assert_eq!(
        other.body["id"],
        json!(new_id),
        "one rematch for every seat"
    );
    let ta = other.body["token"].as_str().expect("token").to_string();
    assert_ne!(ta, tb);

    // Each token opens its own seat of the new game.
    let seat_of = |t: String| {
        let url = s.url(&format!("/api/games/{new_id}/view?token={t}"));
        let c = c.clone();
        async move { get(&c, &url).await.body["seat"].clone() }
    };
    assert_eq!(seat_of(ta).await, 0);
    assert_eq!(seat_of(tb).await, 1);
    let new = get(&c, &s.url(&format!("/api/games/{new_id}"))).await.body;
    assert_eq!(new["game"], "demo");
    assert_eq!(new["players"], 3);
    assert_eq!(new["seed_chosen"], false);
    for seat in 0..3 {
        assert_eq!(new["seats"][seat]["kind"], old["seats"][seat]["kind"]);
        assert_eq!(new["seats"][seat]["name"], old["seats"][seat]["name"]);
        assert_eq!(new["seats"][seat]["bot"], old["seats"][seat]["bot"]);
    }
    // The old game points to it, for seats and spectators.
    let view = get(&c, &s.url(&format!("/api/games/{id}/view"))).await;
    assert_eq!(view.body["rematch"]["id"], json!(new_id));
    let summary = get(&c, &s.url(&format!("/api/games/{id}"))).await;
    assert_eq!(summary.body["rematch"]["id"], json!(new_id));
}
