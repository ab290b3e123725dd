//! Refused creates do not use up the games-per-hour allowance: a client
//! that sends malformed creates (once each took one from its allowance) can
//! still create the games it is allowed, and no more.

use crate::common;
use crate::well_behaved;
use serde_json::json;

#[tokio::test]
async fn refused_creates_leave_the_allowance_whole() {
    let dir = common::temp_dir("abuse-failed-creates");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(&db, 0, &["--max-games-per-hour", "2"]);
    let c = common::client();
    let games = server.url("/api/games");
    let malformed = [
        (json!({"game": "chess", "players": 2}), 404),
        (json!({"game": "ds", "players": 0}), 400),
        (json!({"game": "ds", "players": 99}), 400),
        (
            json!({"game": "ds", "players": 2, "options": ["nonsense"]}),
            400,
        ),
        (
            json!({"game": "ds", "players": 2, "options": ["multi", "multi"]}),
            400,
        ),
        (json!({"game": "ds", "players": 2, "seats": [{}]}), 400),
        (
            json!({"game": "ds", "players": 2, "seats": [{}, {}, {}]}),
            400,
        ),
        (
            json!({"game": "ds", "players": 2, "seats": [{"kind": "bot", "bot": "wizard"}, {}]}),
            400,
        ),
        (
            json!({"game": "ds", "players": 2, "seats": [{"kind": "alien"}, {}]}),
            400,
        ),
        (json!({"game": "ds", "players": 2, "seed": -4}), 400),
    ];
    for (request, status) in &malformed {
        let r = common::post(&c, &games, request).await;
        assert_eq!(r.status, *status, "{request}: {:?}", r.body);
    }
    let good = json!({"game": "ds", "players": 2});
    for n in 1..=2 {
        let r = common::post(&c, &games, &good).await;
        assert_eq!(r.status, 201, "good create {n}: {:?}", r.body);
    }
    let r = common::post(&c, &games, &good).await;
    assert_eq!(r.status, 429, "the third good create: {:?}", r.body);
    assert_eq!(r.body["error"]["code"], "too_many_requests");
    // Another address has its own allowance.
    well_behaved(&server).await;
}
