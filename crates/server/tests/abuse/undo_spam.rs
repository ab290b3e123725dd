//! Undo spam (issue 34, hole 7): 1,321 choose+undo pairs in 30 s stored
//! 2,642 rows. Here a seat loops choose+undo at each of its decisions of a
//! Card Race (`demo`) game, playing a storm card (which may be taken back
//! until its knock is decided): each loop stops being accepted after a few take-backs
//! (409 `undo_refused`, saying why), across decisions the seat's rate of
//! take-backs runs out (429 with `Retry-After`), the stored rows stay
//! bounded, and the seat can still play on.

use super::common::{self, Server};
use super::well_behaved;
use serde_json::{json, Value};

/// Choose+undo pairs the attacker tries at each decision.
const PAIRS: usize = 40;

/// The most take-backs one decision may see accepted here: the rule in the
/// README is a handful, far below the attack's pairs.
const PER_DECISION_BOUND: usize = 10;

/// The most rows the attacker's three decisions may store (each: its
/// take-backs, the storm card that stands and the skip after it); the other
/// seat's choices come on top.
const ROWS_BOUND: i64 = 3 * (2 * PER_DECISION_BOUND as i64 + 2);

#[tokio::test]
async fn a_choose_and_undo_loop_stops_being_accepted_and_stores_few_rows() {
    let dir = common::temp_dir("abuse-undo-spam");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = Server::start(&db, 0);
    let c = common::client();
    let (id, tokens) = common::create(
        &server,
        &c,
        json!({"game": "demo", "players": 2, "seed": 5, "seats": [{}, {}]}),
    )
    .await;
    let tokens: Vec<String> = tokens.into_iter().map(|t| t.expect("a token")).collect();
    let view = |seat: usize| server.url(&format!("/api/games/{id}/view?token={}", tokens[seat]));
    let choice =
        |seat: usize| server.url(&format!("/api/games/{id}/choice?token={}", tokens[seat]));
    let undo = server.url(&format!("/api/games/{id}/undo?token={}", tokens[0]));
    let storm_card = |v: &Value| {
        v["view"]["hand"]
            .as_array()
            .expect("a hand")
            .iter()
            .find(|c| c.as_u64() >= Some(5))
            .cloned()
            .unwrap_or_else(|| panic!("seed 5 gives seat 1 a storm card at each decision: {v}"))
    };
    let mut others = 0;

    let mut rate_limited = None;
    for decision in 0..3 {
        // Seat 0's decision: choose, take back, again and again.
        let mut accepted = 0;
        let refusal = loop {
            let v = common::get(&c, &view(0)).await.body;
            let n = v["move"].as_i64().expect("move");
            let r = common::post(
                &c,
                &choice(0),
                &json!({"move": n, "choice": {"Play": storm_card(&v)}}),
            )
            .await;
            assert_eq!(r.status, 200, "decision {decision}: {:?}", r.body);
            let r = c
                .post(&undo)
                .json(&json!({"move": n + 1}))
                .send()
                .await
                .expect("undo");
            let status = r.status().as_u16();
            let retry_after = r
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok());
            let body: Value = r.json().await.unwrap_or(Value::Null);
            if status != 200 {
                break (status, retry_after, body);
            }
            accepted += 1;
            assert!(
                accepted <= PER_DECISION_BOUND,
                "take-back {accepted} at one decision was accepted (decision {decision}, bound \
                 {PER_DECISION_BOUND})"
            );
            assert!(accepted < PAIRS, "the loop was never refused");
        };
        let (status, retry_after, body) = refusal;
        let message = body["error"]["message"].as_str().unwrap_or("").to_string();
        match status {
            409 => {
                assert_eq!(body["error"]["code"], "undo_refused", "{body}");
                assert!(message.contains("taken back"), "says why: {message}");
                let v = common::get(&c, &view(0)).await.body;
                assert_eq!(v["undo"]["allowed"], false, "the view says so too");
            }
            429 => {
                assert_eq!(body["error"]["code"], "too_many_requests", "{body}");
                assert!(
                    retry_after.is_some_and(|s| s >= 1),
                    "Retry-After: {retry_after:?}"
                );
                assert!(message.contains("take-back"), "says why: {message}");
                rate_limited = Some(decision);
            }
            other => panic!("a take-back refused with {other}: {body}"),
        }
        // Seat 0's card stands and it lets the storm pass; seat 1 plays;
        // the game goes on.
        let v = common::get(&c, &view(0)).await.body;
        let n = v["move"].as_i64().expect("move");
        let r = common::post(&c, &choice(0), &json!({"move": n, "choice": "Skip"})).await;
        assert_eq!(r.status, 200, "seat 0 skips the knock: {:?}", r.body);
        loop {
            let v = common::get(&c, &view(1)).await.body;
            if v["to_move"] != json!(1) {
                break;
            }
            let n = v["move"].as_i64().expect("move");
            let r = common::post(
                &c,
                &choice(1),
                &json!({"move": n, "choice": v["legal"][0]["choice"]}),
            )
            .await;
            assert_eq!(r.status, 200, "seat 1 plays on: {:?}", r.body);
            others += 1;
        }
        if rate_limited.is_some() {
            break;
        }
    }
    assert!(
        rate_limited.is_some(),
        "take-backs over three decisions never ran into a rate"
    );
    let rows = common::get(&c, &server.url(&format!("/api/games/{id}")))
        .await
        .body["move"]
        .as_i64()
        .expect("stored rows");
    assert!(
        rows <= ROWS_BOUND + others,
        "{rows} rows stored (bound {ROWS_BOUND} and seat 2's {others} choices)"
    );
    well_behaved(&server).await;
}
