//! The server test suite, run against SQLite (`tests/sqlite.rs`) and
//! PostgreSQL (`tests/postgres.rs`). Each function takes a database: an SQLite
//! path or a PostgreSQL URL.
//!
//! This file is long because it is one suite that both databases must pass
//! alike: every test here runs against each backend, and splitting it would
//! let the two lists drift apart.
#![allow(dead_code)]

use super::*;
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Connects a WebSocket and returns it with its first message.
pub async fn ws_connect(request: WsRequest) -> (Ws, Value) {
    let (mut ws, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("ws connect");
    let first = ws_next(&mut ws).await;
    (ws, first)
}

/// The next JSON message (bounded wait).
pub async fn ws_next(ws: &mut Ws) -> Value {
    loop {
        let m = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .expect("a WebSocket message in time")
            .expect("stream open")
            .expect("ws message");
        match m {
            Message::Text(t) => return serde_json::from_str(&t).expect("JSON message"),
            Message::Ping(p) => {
                let _ = ws.send(Message::Pong(p)).await;
            }
            _ => {}
        }
    }
}

/// Waits for a push whose state is at `n` moves or more.
pub async fn ws_until_move(ws: &mut Ws, n: i64) -> Value {
    loop {
        let m = ws_next(ws).await;
        if m["state"]["move"].as_i64().unwrap_or(-1) >= n {
            return m;
        }
    }
}

/// Two random bots play Dominant Species to the end; the stored record replays
/// (in another process) to the same final scores the server reports.
pub async fn bots_play_to_end(db: &str, dir: &std::path::Path) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(&s, &c, ds_bots(11)).await;
    assert!(tokens.iter().all(Option::is_none), "bots get no tokens");
    let summary = wait_over(&s, &c, &id).await;
    // Two unnamed bots of one kind read apart (issue 19).
    assert_eq!(summary["seats"][0]["name"], "bot 1 (random)");
    assert_eq!(summary["seats"][1]["name"], "bot 2 (random)");
    let rec = get(&c, &s.url(&format!("/api/games/{id}/record"))).await;
    assert_eq!(rec.status, 200, "{:?}", rec.body);
    assert_eq!(rec.body["game"], "ds");
    assert_eq!(rec.body["seed"], 11);
    let n = rec.body["choices"].as_array().expect("choices").len();
    assert!(n > 100, "a whole game has many choices, got {n}");
    assert_eq!(rec.body["times"].as_array().map(Vec::len), Some(n));
    let replayed = replay_record(&rec.body, dir);
    assert_eq!(replayed["outcome"], summary["outcome"]);
    assert_eq!(replayed["moves"].as_u64(), Some(n as u64));
    assert_eq!(summary["move"].as_u64(), Some(n as u64));
    // The game appears in the list.
    let list = get(&c, &s.url("/api/games")).await;
    assert!(list
        .body
        .as_array()
        .expect("list")
        .iter()
        .any(|g| g["id"] == json!(id)));
}

/// A human seat plays a whole game against a bot through the HTTP API.
pub async fn human_vs_bot_over_http(db: &str, dir: &std::path::Path) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seed": 7,
               "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]}),
    )
    .await;
    assert!(tokens[0].is_some() && tokens[1].is_none());
    let made = play_humans(&s, &c, &id, &tokens, 3).await;
    assert!(made > 50, "the human made {made} choices");
    let summary = wait_over(&s, &c, &id).await;
    let rec = get(&c, &s.url(&format!("/api/games/{id}/record"))).await;
    assert_eq!(rec.status, 200);
    let seats: Vec<u64> = rec.body["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| c["seat"].as_u64().expect("seat"))
        .collect();
    assert_eq!(seats.iter().filter(|&&x| x == 0).count(), made);
    let replayed = replay_record(&rec.body, dir);
    assert_eq!(replayed["outcome"], summary["outcome"]);
}

/// Every kind of bad input gets a JSON error with the right status, and the
/// game is unchanged afterwards.
pub async fn bad_inputs_change_nothing(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let games = s.url("/api/games");
    let err = |r: &Resp| {
        r.body["error"]["message"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };

    // Creation errors.
    let r = post(&c, &games, &json!({"game": "chess", "players": 2})).await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    assert!(err(&r).contains("unknown game `chess`"), "{}", err(&r));
    let r = post(&c, &games, &json!({"game": "ds", "players": 9})).await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let r = post(
        &c,
        &games,
        &json!({"game": "ds", "players": 2, "seats": [{"kind": "bot", "bot": "wizard"}, {}]}),
    )
    .await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    assert!(err(&r).contains("wizard"), "{}", err(&r));
    let r = post(
        &c,
        &games,
        &json!({"game": "ds", "players": 2, "seats": [{}]}),
    )
    .await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let r = post(
        &c,
        &games,
        &json!({"game": "ds", "players": 2, "options": ["nonsense"]}),
    )
    .await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let r = post(&c, &games, &json!({"game": "ds", "players": 2, "seed": -4})).await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let r = post_raw(&c, &games, "{\"game\": \"ds\", ").await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    assert_eq!(r.body["error"]["code"], "bad_request");
    let r = post_raw(&c, &games, "[1,2,3]").await;
    assert_eq!(r.status, 400, "{:?}", r.body);

    // A two-human game to poke at.
    let (id, t0, t1) = two_humans(&s, &c, 3).await;
    let choice = |t: &str| s.url(&format!("/api/games/{id}/choice?token={t}"));
    let v0 = get(&c, &s.url(&format!("/api/games/{id}/view?token={t0}"))).await;
    assert_eq!(v0.status, 200);
    let to_move = v0.body["to_move"].as_u64().expect("to_move") as usize;
    let (mover, other) = if to_move == 0 { (&t0, &t1) } else { (&t1, &t0) };
    let before = get(&c, &s.url(&format!("/api/games/{id}/view?token={mover}")))
        .await
        .body;
    let legal = before["legal"].as_array().expect("legal").clone();
    assert!(!legal.is_empty());

    // Unknown game, unknown route.
    let r = get(&c, &s.url("/api/games/nope/view")).await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    let r = get(&c, &s.url("/api/nothing-here")).await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    // No token, wrong token.
    let r = post(
        &c,
        &s.url(&format!("/api/games/{id}/choice")),
        &json!({"move": 0, "index": 0}),
    )
    .await;
    assert_eq!(r.status, 401, "{:?}", r.body);
    let r = post(
        &c,
        &choice("0123456789abcdef"),
        &json!({"move": 0, "index": 0}),
    )
    .await;
    assert_eq!(r.status, 403, "{:?}", r.body);
    assert_eq!(r.body["error"]["code"], "wrong_token");
    let r = get(&c, &s.url(&format!("/api/games/{id}/view?token=forged"))).await;
    assert_eq!(r.status, 403, "{:?}", r.body);
    // Not your turn.
    let r = post(
        &c,
        &choice(other),
        &json!({"move": 0, "choice": legal[0]["choice"]}),
    )
    .await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    // Illegal choice: the engine's rule text comes back.
    let r = post(
        &c,
        &choice(mover),
        &json!({"move": 0, "choice": {"Place": 200}}),
    )
    .await;
    assert_eq!(r.status, 422, "{:?}", r.body);
    assert_eq!(r.body["error"]["code"], "illegal_choice");
    assert!(
        err(&r).contains("Planning"),
        "the rule is named: {}",
        err(&r)
    );
    let r = post(&c, &choice(mover), &json!({"move": 0, "choice": "Done"})).await;
    assert_eq!(r.status, 422, "{:?}", r.body);
    // Malformed choices.
    let r = post(
        &c,
        &choice(mover),
        &json!({"move": 0, "choice": {"Teleport": 1}}),
    )
    .await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let r = post(&c, &choice(mover), &json!({"move": 0, "index": 100000})).await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let r = post(&c, &choice(mover), &json!({"move": 0})).await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let r = post(&c, &choice(mover), &json!({"choice": legal[0]["choice"]})).await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let r = post_raw(&c, &choice(mover), "{\"move\": 0, \"choice\": ").await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    // Stale move.
    let r = post(
        &c,
        &choice(mover),
        &json!({"move": 5, "choice": legal[0]["choice"]}),
    )
    .await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    assert_eq!(r.body["error"]["code"], "stale_move");
    assert_eq!(r.body["move"], 0);
    // The record is withheld while the game runs (it holds the seed).
    let r = get(&c, &s.url(&format!("/api/games/{id}/record"))).await;
    assert_eq!(r.status, 403, "{:?}", r.body);
    let r = get(&c, &s.url(&format!("/api/games/{id}/log?since=x"))).await;
    assert_eq!(r.status, 400, "{:?}", r.body);

    // Nothing changed.
    let after = get(&c, &s.url(&format!("/api/games/{id}/view?token={mover}")))
        .await
        .body;
    assert_eq!(after["move"], 0);
    assert_eq!(after["view"], before["view"]);
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await;
    assert_eq!(log.body["entries"].as_array().map(Vec::len), Some(0));

    // A good move goes through; the same move number again is stale.
    let r = post(
        &c,
        &choice(mover),
        &json!({"move": 0, "choice": legal[0]["choice"]}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["move"], 1);
    let r = post(
        &c,
        &choice(mover),
        &json!({"move": 0, "choice": legal[0]["choice"]}),
    )
    .await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await;
    assert_eq!(log.body["entries"].as_array().map(Vec::len), Some(1));
    assert_eq!(log.body["entries"][0]["choice"], legal[0]["text"]);

    // Claiming a seat by its token names it; a wrong token claims nothing.
    let r = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": t1, "name": "Bea"}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["game"], json!(id));
    assert_eq!(r.body["seat"], 1);
    let r = post(&c, &s.url("/api/claim"), &json!({"token": "nope"})).await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    let g = get(&c, &s.url(&format!("/api/games/{id}"))).await;
    assert_eq!(g.body["seats"][1]["name"], "Bea");
    assert_eq!(g.body["seats"][1]["claimed"], true);
    assert_eq!(g.body["seats"][0]["claimed"], false);
    assert!(!g.body.to_string().contains(&t1), "tokens are never listed");
}

/// The WebSocket only pushes: a client message over the inbound limit
/// (`WS_MAX_INBOUND`, 4 KiB) closes that connection rather than being
/// buffered, and the game and other connections carry on.
pub async fn websocket_refuses_large_client_messages(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seed": 31, "seats": [{}, {}]}),
    )
    .await;
    let (mut small, _) = ws_connect(s.ws_request(&id, None)).await;
    small
        .send(Message::Text("ping".into()))
        .await
        .expect("a small message is sent");
    let (mut big, _) = ws_connect(s.ws_request(&id, None)).await;
    let _ = big.send(Message::Binary(vec![0u8; 1 << 20].into())).await;
    let closed = tokio::time::timeout(PATIENCE, async {
        loop {
            match big.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .unwrap_or(false);
    assert!(closed, "the server closes a connection that sends 1 MiB");
    // The small connection is still served.
    let (_, again) = ws_connect(s.ws_request(&id, None)).await;
    assert_eq!(again["type"], "state");
    let r = get(&c, &s.url(&format!("/api/games/{id}"))).await;
    assert_eq!(r.status, 200);
}

/// The WebSocket pushes each seat's own snapshot and the new log lines.
pub async fn websocket_pushes_updates(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, t0, t1) = two_humans(&s, &c, 21).await;
    let (mut w0, first0) = ws_connect(s.ws_request(&id, Some(&t0))).await;
    let (mut w1, first1) = ws_connect(s.ws_request(&id, Some(&t1))).await;
    let (mut spec, first_spec) = ws_connect(s.ws_request(&id, None)).await;
    assert_eq!(first0["type"], "state");
    assert_eq!(first0["state"]["seat"], 0);
    assert_eq!(first1["state"]["seat"], 1);
    assert_eq!(first_spec["state"]["seat"], Value::Null);
    assert_eq!(first_spec["state"]["legal"], json!([]));
    let mover = first0["state"]["to_move"].as_u64().expect("to_move");
    let (first_m, t_m) = if mover == 0 {
        (&first0, &t0)
    } else {
        (&first1, &t1)
    };
    let (first_o, _) = if mover == 0 {
        (&first1, &t1)
    } else {
        (&first0, &t0)
    };
    assert!(!first_m["state"]["legal"]
        .as_array()
        .expect("legal")
        .is_empty());
    assert_eq!(
        first_o["state"]["legal"],
        json!([]),
        "only the seat to move gets choices"
    );
    let pick = first_m["state"]["legal"][0].clone();
    let r = post(
        &c,
        &s.url(&format!("/api/games/{id}/choice")),
        &json!({"move": 0, "choice": pick["choice"]}),
    )
    .await;
    assert_eq!(r.status, 401);
    let r = c
        .post(s.url(&format!("/api/games/{id}/choice")))
        .bearer_auth(t_m)
        .json(&json!({"move": 0, "choice": pick["choice"]}))
        .send()
        .await
        .expect("post");
    assert_eq!(r.status().as_u16(), 200);
    for ws in [&mut w0, &mut w1, &mut spec] {
        let m = ws_until_move(ws, 1).await;
        assert_eq!(m["state"]["move"], 1);
        assert_eq!(m["log_from"], 0);
        assert_eq!(m["log"][0]["choice"], pick["text"]);
    }
    // A bad token cannot open a seat's socket.
    let bad = tokio_tungstenite::connect_async(s.ws_request(&id, Some("forged"))).await;
    assert!(bad.is_err(), "a forged token is refused");
}

/// The WebSocket takes the seat's token as the subprotocol
/// `eons.token.TOKEN` beside `eons` (the server answers `eons`), never in
/// its URL: `?token=` is refused with 400 and a message saying how to pass
/// it. A spectator offers `eons` or nothing.
pub async fn websocket_takes_the_token_as_a_subprotocol(db: &str) {
    use tokio_tungstenite::tungstenite::Error as WsError;
    let s = Server::start(db, 0);
    let c = client();
    let (id, t0, t1) = two_humans(&s, &c, 22).await;
    let refused = |r: Result<_, WsError>| match r {
        Err(WsError::Http(resp)) => {
            let body: Value = serde_json::from_slice(resp.body().as_deref().unwrap_or_default())
                .unwrap_or(Value::Null);
            (resp.status().as_u16(), body)
        }
        Err(e) => panic!("refused without an answer: {e}"),
        Ok(_) => panic!("accepted"),
    };
    // A token in the URL: 400, whether offered as a seat or not.
    for request in [
        ws_request(&format!("{}?token={t0}", s.ws_url(&id)), None),
        ws_request(&format!("{}?a=1&token={t0}", s.ws_url(&id)), Some(&t0)),
    ] {
        let (status, body) = refused(tokio_tungstenite::connect_async(request).await.map(|_| ()));
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["error"]["code"], "bad_request");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("eons.token."), "says how: {message}");
        assert!(!message.contains(&t0), "does not echo the token: {message}");
    }
    // Not a WebSocket at all, the same answer.
    let r = get(
        &c,
        &format!("{}?token={t0}", s.url(&format!("/api/games/{id}/ws"))),
    )
    .await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    // The token offered without `eons`, which the server would answer: 400.
    let mut bare = ws_request(&s.ws_url(&id), None);
    bare.headers_mut().insert(
        "sec-websocket-protocol",
        format!("eons.token.{t0}").parse().expect("header"),
    );
    let (status, _) = refused(tokio_tungstenite::connect_async(bare).await.map(|_| ()));
    assert_eq!(status, 400);

    // The subprotocol opens the seat, and the server answers `eons`.
    let (mut w0, response) = tokio_tungstenite::connect_async(s.ws_request(&id, Some(&t0)))
        .await
        .expect("the seat's socket opens");
    assert_eq!(
        response
            .headers()
            .get("sec-websocket-protocol")
            .and_then(|v| v.to_str().ok()),
        Some("eons")
    );
    let first = ws_next(&mut w0).await;
    assert_eq!(first["state"]["seat"], 0);
    // A spectator with `eons`, or with no protocol at all.
    let (_, first) = ws_connect(s.ws_request(&id, None)).await;
    assert_eq!(first["state"]["seat"], Value::Null);
    let (mut plain, response) = tokio_tungstenite::connect_async(s.ws_url(&id))
        .await
        .expect("a spectator without a protocol");
    assert!(response.headers().get("sec-websocket-protocol").is_none());
    assert_eq!(ws_next(&mut plain).await["state"]["seat"], Value::Null);
    // A client that can set headers may still use Authorization.
    let mut bearer = ws_request(&s.ws_url(&id), None);
    bearer.headers_mut().insert(
        "authorization",
        format!("Bearer {t1}").parse().expect("header"),
    );
    let (_, first) = ws_connect(bearer).await;
    assert_eq!(first["state"]["seat"], 1);
    // A forged token in the subprotocol is refused as anywhere else.
    let (status, body) = refused(
        tokio_tungstenite::connect_async(s.ws_request(&id, Some("forged")))
            .await
            .map(|_| ()),
    );
    assert_eq!(status, 403, "{body}");
}

/// Seat A never receives seat B's secrets: not in views, legal choices, the
/// log, WebSocket pushes or the record while the game runs. (Test game
/// Card Race, `demo`: hidden hands, and after each card played a card drawn
/// that only its drawer may read in the log.)
pub async fn secrets_never_leak(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "demo", "players": 2, "seed": 99, "options": ["target=10"], "seats": [{}, {}]}),
    )
    .await;
    let t = [
        tokens[0].clone().expect("t0"),
        tokens[1].clone().expect("t1"),
    ];
    let hand = |v: &Value| -> Vec<u64> {
        v["view"]["hand"]
            .as_array()
            .expect("hand")
            .iter()
            .map(|x| x.as_u64().expect("card"))
            .collect()
    };
    // What the log says of a card seat `k` (0-based) drew, which only seat
    // `k` may read.
    let seen_by = |k: usize| format!("Seat {} sees the card drawn", k + 1);
    let view = |k: usize| s.url(&format!("/api/games/{id}/view?token={}", t[k]));
    let log = |k: Option<usize>| match k {
        Some(k) => s.url(&format!("/api/games/{id}/log?token={}", t[k])),
        None => s.url(&format!("/api/games/{id}/log")),
    };
    let (mut ws_b, first_b) = ws_connect(s.ws_request(&id, Some(&t[1]))).await;
    let (mut ws_spec, _) = ws_connect(s.ws_request(&id, None)).await;
    assert_eq!(hand(&first_b["state"]).len(), 3);

    // The seat to move makes its first legal choice, until the game is over.
    let mut n = 0;
    let mut draws = [0usize; 2];
    loop {
        let v0 = get(&c, &view(0)).await.body;
        let v1 = get(&c, &view(1)).await.body;
        if v0["over"] == json!(true) {
            break;
        }
        let h = [hand(&v0), hand(&v1)];
        for (me, other) in [(0usize, 1usize), (1, 0)] {
            let mine = if me == 0 { &v0 } else { &v1 };
            // My view shows my hand, and only sizes of the other hand.
            assert_eq!(
                mine["view"]["hand_sizes"][other].as_u64(),
                Some(h[other].len() as u64)
            );
            // My legal choices name only cards of my own hand.
            for l in mine["legal"].as_array().expect("legal") {
                if let Some(card) = l["choice"]["Play"].as_u64() {
                    assert!(
                        h[me].contains(&card),
                        "seat {me} is offered card {card}, not in its hand {:?}",
                        h[me]
                    );
                }
            }
            assert!(!mine.to_string().contains("\"hands\""), "{mine}");
        }
        let to_move = v0["to_move"].as_u64().expect("to_move") as usize;
        let mine = if to_move == 0 { &v0 } else { &v1 };
        assert_eq!((if to_move == 0 { &v1 } else { &v0 })["legal"], json!([]));
        let legal = mine["legal"].as_array().expect("legal");
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/choice?token={}", t[to_move])),
            &json!({"move": n, "choice": legal[0]["choice"]}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        n += 1;
        let other = 1 - to_move;
        let own_log = get(&c, &log(Some(to_move))).await.body.to_string();
        let drew = own_log.matches(&seen_by(to_move)).count();
        if drew > draws[to_move] {
            draws[to_move] = drew;
            // The drawer reads its card in the log; the other seat and
            // spectators read only that it drew.
            let other_log = get(&c, &log(Some(other))).await.body.to_string();
            assert!(!other_log.contains(&seen_by(to_move)), "{other_log}");
            assert!(other_log.contains("draws a card"), "{other_log}");
            let public_log = get(&c, &log(None)).await.body.to_string();
            assert!(!public_log.contains("sees the card drawn"), "{public_log}");
            let spec_view = get(&c, &s.url(&format!("/api/games/{id}/view"))).await.body;
            assert_eq!(spec_view["view"]["hand"], json!(null));
            assert_eq!(spec_view["legal"], json!([]));
            // Pushes to seat 2 and the spectator never carry seat 1's draw.
            if to_move == 0 {
                let m = ws_until_move(&mut ws_b, n).await;
                assert!(
                    !m.to_string().contains(&seen_by(0)),
                    "push to seat 2 leaks: {m}"
                );
                let m = ws_until_move(&mut ws_spec, n).await;
                assert!(
                    !m.to_string().contains("sees the card drawn"),
                    "push to spectator leaks: {m}"
                );
            }
        }
        assert!(n < 200, "a race to 10 ends within 100 moves per seat");
    }
    assert!(draws.iter().all(|&d| d > 0), "both seats drew: {draws:?}");
    // Once over, the record is published and replays.
    let r = get(&c, &s.url(&format!("/api/games/{id}/record"))).await;
    assert_eq!(r.status, 200);
}

/// Dominant Species hides only the deck order, face-down tiles and the RNG:
/// none of them is in any view.
pub async fn ds_views_hide_deck_and_tiles(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(&s, &c, json!({"game": "ds", "players": 2, "seed": 5, "seats": [{}, {"kind": "bot", "bot": "random"}]})).await;
    let t0 = tokens[0].clone().expect("t0");
    for url in [
        s.url(&format!("/api/games/{id}/view?token={t0}")),
        s.url(&format!("/api/games/{id}/view")),
    ] {
        let v = get(&c, &url).await.body;
        let view = v["view"].as_object().expect("view");
        for secret in ["deck", "rng", "face_up"] {
            assert!(!view.contains_key(secret), "view has `{secret}`");
        }
        assert!(view["deck_size"].as_u64().is_some());
        for st in view["stacks"].as_array().expect("stacks") {
            let keys: Vec<&String> = st.as_object().expect("stack").keys().collect();
            assert_eq!(
                keys,
                ["size", "top"],
                "a stack shows only its size and face-up top"
            );
        }
        assert!(!v.to_string().contains("\"rng\""));
    }
}

/// SIGKILL the server while moves are being made; a restarted server has
/// every acknowledged move and carries on (bots resume).
pub async fn kill_and_restart_loses_nothing(db: &str) {
    let s = Server::start(db, 2);
    let c = client();
    // A bot game running at a slow pace, and a human-vs-bot game we drive.
    let (bot_id, _) = create(&s, &c, ds_bots(31)).await;
    let (id, tokens) = create(&s, &c, json!({"game": "ds", "players": 2, "seed": 8, "seats": [{}, {"kind": "bot", "bot": "random"}]})).await;
    let t = tokens[0].clone().expect("token");
    let mut acked: Vec<(i64, String)> = Vec::new();
    let mut rng = Lcg(5);
    while acked.len() < 25 {
        let v = get(&c, &s.url(&format!("/api/games/{id}/view?token={t}")))
            .await
            .body;
        let legal = v["legal"].as_array().expect("legal");
        if legal.is_empty() {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        }
        let pick = &legal[rng.below(legal.len())];
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/choice?token={t}")),
            &json!({"move": v["move"], "choice": pick["choice"]}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        acked.push((
            r.body["move"].as_i64().expect("move") - 1,
            pick["text"].as_str().expect("text").to_string(),
        ));
    }
    let seen_bot_moves = get(&c, &s.url(&format!("/api/games/{bot_id}"))).await.body["move"]
        .as_i64()
        .expect("move");
    assert!(seen_bot_moves > 0);
    s.kill();

    let s = Server::start(db, 0);
    let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
    let entries = log["entries"].as_array().expect("entries");
    for (n, text) in &acked {
        let e = &entries[*n as usize];
        assert_eq!(e["n"].as_i64(), Some(*n));
        assert_eq!(e["seat"], 0);
        assert_eq!(
            e["choice"].as_str(),
            Some(text.as_str()),
            "acknowledged move {n} kept"
        );
    }
    // The bot game resumes by itself and ends; nothing it had is lost.
    let summary = wait_over(&s, &c, &bot_id).await;
    assert!(summary["move"].as_i64().expect("move") >= seen_bot_moves);
    // The human game carries on too.
    let made = play_humans(&s, &c, &id, &tokens, 9).await;
    assert!(made > 0);
}

/// The seat to move's token, its view, and the view's legal choices.
async fn mover_view(
    s: &Server,
    c: &reqwest::Client,
    id: &str,
    tokens: &[String],
) -> (String, Value) {
    let v = get(c, &s.url(&format!("/api/games/{id}/view"))).await.body;
    let to_move = v["to_move"].as_u64().expect("to_move") as usize;
    let t = tokens[to_move].clone();
    let v = get(c, &s.url(&format!("/api/games/{id}/view?token={t}")))
        .await
        .body;
    assert!(!v["legal"].as_array().expect("legal").is_empty());
    (t, v)
}

/// Marine and Pangea: out-of-range ids and choices of the wrong kind get a
/// JSON error (422 for a well-formed choice that is not legal, 400 for one
/// that is not a choice of the game) and change nothing, in several phases.
/// (Marine used to describe an unchecked choice, and out-of-range hexes,
/// corners, stacks and slots panicked the request.)
pub async fn marine_and_pangea_bad_choices_change_nothing(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let cases: [(&str, Vec<Value>, Vec<Value>); 2] = [
        (
            "marine",
            vec![
                json!({"Hex": 200}),
                json!({"Hex": 37}),
                json!({"Stack": 9}),
                json!({"Stack": 255}),
                json!({"Corner": 200}),
                json!({"Corner": 96}),
                json!({"Slot": 0}),
                json!({"Slot": 255}),
                json!({"Circle": 200}),
                json!({"Disk": 200}),
                json!({"Move": {"from": 200, "to": 0}}),
                json!({"Move": {"from": 0, "to": 255}}),
                json!({"Place": {"space": 250, "special": null}}),
            ],
            vec![
                json!({"Teleport": 1}),
                json!({"Hex": -1}),
                json!({"Hex": 256}),
                json!({"Hex": "x"}),
                json!({"Region": 1}),
                json!(17),
            ],
        ),
        (
            "pangea",
            vec![
                json!({"Region": 200}),
                json!({"Card": 200}),
                json!({"Activate": 255}),
                json!({"Evolve": 200}),
                json!({"Use": 200}),
                json!({"CashIn": 200}),
                json!({"Claim": 200}),
                json!({"Field": 200}),
                json!({"Populate": {"region": 200, "special": false}}),
            ],
            vec![
                json!({"Hex": 3}),
                json!({"Region": -3}),
                json!({"Card": "x"}),
                json!([1, 2]),
            ],
        ),
    ];
    for (game, illegal, malformed) in cases {
        let (id, tokens) = create(
            &s,
            &c,
            json!({"game": game, "players": 2, "seed": 17, "seats": [{}, {}]}),
        )
        .await;
        let tokens: Vec<String> = tokens.into_iter().map(|t| t.expect("token")).collect();
        for round in 0..4 {
            let (t, before) = mover_view(&s, &c, &id, &tokens).await;
            let n = before["move"].clone();
            let url = s.url(&format!("/api/games/{id}/choice?token={t}"));
            for bad in &illegal {
                let r = post(&c, &url, &json!({"move": n, "choice": bad})).await;
                assert_eq!(r.status, 422, "{game} {bad}: {:?}", r.body);
                assert_eq!(r.body["error"]["code"], "illegal_choice", "{game} {bad}");
            }
            for bad in &malformed {
                let r = post(&c, &url, &json!({"move": n, "choice": bad})).await;
                assert_eq!(r.status, 400, "{game} {bad}: {:?}", r.body);
                assert_eq!(r.body["error"]["code"], "bad_request", "{game} {bad}");
            }
            // Nothing changed: same move, view and log.
            let after = get(&c, &s.url(&format!("/api/games/{id}/view?token={t}")))
                .await
                .body;
            assert_eq!(after["move"], n, "{game} round {round}");
            assert_eq!(after["view"], before["view"], "{game} round {round}");
            assert_eq!(after["legal"], before["legal"], "{game} round {round}");
            let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
            assert_eq!(
                log["entries"].as_array().map(Vec::len),
                n.as_u64().map(|x| x as usize)
            );
            // A legal move still goes through; then try again in the next step.
            let pick = before["legal"][0]["choice"].clone();
            let r = post(&c, &url, &json!({"move": n, "choice": pick})).await;
            assert_eq!(r.status, 200, "{game}: {:?}", r.body);
        }
    }
}

/// A claim whose reply was lost can be asked again: with a `new_token` of the
/// client's choosing, the same request answers the same seat and token again,
/// while the invite token itself still opens nothing. A chosen token must be
/// long random hex and nobody's token already.
pub async fn claim_with_a_chosen_token_can_be_repeated(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, invite0, invite1) = two_humans(&s, &c, 29).await;
    let claim_url = s.url("/api/claim");
    let claim = |b: Value| {
        let (c, url) = (&c, &claim_url);
        async move { post(c, url, &b).await }
    };
    // Unique per game (a PostgreSQL test database outlives one run): the game id
    // (12 hex digits) and 20 more.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mine = format!("{id}{:020x}", nanos % (1u128 << 80));
    assert!(
        mine.len() == 32
            && mine
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    );
    let mine = mine.as_str();
    let first = json!({"token": invite1, "name": "Bob", "new_token": mine});
    for attempt in 0..2 {
        let r = claim(first.clone()).await;
        assert_eq!(r.status, 200, "attempt {attempt}: {:?}", r.body);
        assert_eq!(r.body["game"], json!(id));
        assert_eq!(r.body["seat"], 1);
        assert_eq!(r.body["name"], "Bob");
        assert_eq!(r.body["token"], mine);
    }
    let v = get(&c, &s.url(&format!("/api/games/{id}/view?token={mine}"))).await;
    assert_eq!(v.status, 200, "{:?}", v.body);
    assert_eq!(v.body["seat"], 1);
    let r = get(&c, &s.url(&format!("/api/games/{id}/view?token={invite1}"))).await;
    assert_eq!(r.status, 403, "the invite token still opens nothing");
    // Another chosen token with the used invite: the invite works once.
    let other = json!({"token": invite1, "new_token": "f".repeat(32)});
    assert_eq!(claim(other).await.status, 404);
    // Malformed chosen tokens.
    for bad in [
        "abc",
        &"A".repeat(32),
        &"0".repeat(129),
        "0123456789abcdef0123456789abcdeg",
    ] {
        let r = claim(json!({"token": invite0, "new_token": bad})).await;
        assert_eq!(r.status, 400, "{bad}: {:?}", r.body);
    }
    // An open seat's invite token given as `new_token` is not a claimed seat: 404.
    let r = claim(json!({"token": "0".repeat(32), "new_token": invite0})).await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    // Seat 1's token cannot become seat 0's too; seat 0 stays open.
    let r = claim(json!({"token": invite0, "new_token": mine})).await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    let g = get(&c, &s.url(&format!("/api/games/{id}"))).await.body;
    assert_eq!(g["seats"][0]["claimed"], false);
    let r = claim(json!({"token": invite0})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_ne!(r.body["token"], mine);
}

/// Undo (issue 19): a seat takes back its own last choice while no other
/// seat has chosen since and it drew nothing; the state returns exactly,
/// the undo is a stored row of its own (the record of choices in effect
/// still replays), and it survives a restart. Past another seat's choice or
/// a draw, the undo is refused with 409 and the reason. (Card Race: a storm
/// card, 5 or 6, draws nothing until its knock is decided, so it may be
/// taken back; the knock or skip draws, a barrier.)
pub async fn undo_takes_back_to_the_last_barrier(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    // Seed 5: each seat holds a storm card.
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "demo", "players": 2, "seed": 5, "seats": [{}, {}]}),
    )
    .await;
    let t = [
        tokens[0].clone().expect("t0"),
        tokens[1].clone().expect("t1"),
    ];
    let view = |k: usize| s.url(&format!("/api/games/{id}/view?token={}", t[k]));
    let undo_url = s.url(&format!("/api/games/{id}/undo?token={}", t[0]));
    let undo1_url = s.url(&format!("/api/games/{id}/undo?token={}", t[1]));
    let choose = |k: usize, n: i64, choice: Value| {
        let url = s.url(&format!("/api/games/{id}/choice?token={}", t[k]));
        let c = &c;
        async move { post(c, &url, &json!({"move": n, "choice": choice})).await }
    };
    let storm = |v: &Value| -> Value {
        v["view"]["hand"]
            .as_array()
            .expect("hand")
            .iter()
            .find(|c| c.as_u64() >= Some(5))
            .cloned()
            .unwrap_or_else(|| panic!("no storm card in {v}"))
    };
    let start = get(&c, &view(0)).await.body;
    assert_eq!(start["undo"]["allowed"], false, "nothing to take back yet");
    let card = storm(&start);
    let r = choose(0, 0, json!({"Play": card})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let after = get(&c, &view(0)).await.body;
    assert_eq!(after["undo"]["allowed"], true, "{:?}", after["undo"]);
    // A stale undo is refused like a stale choice.
    let r = post(&c, &undo_url, &json!({"move": 0})).await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    assert_eq!(r.body["error"]["code"], "stale_move");
    let r = post(&c, &undo_url, &json!({"move": 1})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["moves"], 2, "the undo is a move of its own");
    let back = get(&c, &view(0)).await.body;
    assert_eq!(
        back["view"], start["view"],
        "the state before the choice returns"
    );
    assert_eq!(back["to_move"], 0);
    let log = get(&c, &s.url(&format!("/api/games/{id}/log?token={}", t[1])))
        .await
        .body;
    let last = &log["entries"][1];
    assert!(
        last["choice"]
            .as_str()
            .is_some_and(|t| t.starts_with("take back")),
        "the log tells the other seat: {last:?}"
    );
    // Play it again and let the storm pass: that draws a card, a barrier,
    // even before seat 1 moves.
    assert_eq!(choose(0, 2, json!({"Play": card})).await.status, 200);
    assert_eq!(choose(0, 3, json!("Skip")).await.status, 200);
    let r = post(&c, &undo_url, &json!({"move": 4})).await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    assert_eq!(r.body["error"]["code"], "undo_refused");
    assert!(r.body["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("drew or revealed")));
    let r = post(&c, &undo1_url, &json!({"move": 4})).await;
    assert_eq!(
        r.status, 409,
        "seat 1 cannot take back seat 0's draw: {:?}",
        r.body
    );
    // Seat 1 plays a storm card (which it may take back): seat 0 may not.
    let card1 = storm(&get(&c, &view(1)).await.body);
    assert_eq!(choose(1, 4, json!({"Play": card1})).await.status, 200);
    let r = post(&c, &undo_url, &json!({"move": 5})).await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    assert_eq!(r.body["error"]["code"], "undo_refused");
    assert!(r.body["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("another seat")));
    // A restart replays the stored rows, undo included, into the same state.
    let before_restart = [get(&c, &view(0)).await.body, get(&c, &view(1)).await.body];
    assert_eq!(before_restart[1]["undo"]["allowed"], true);
    drop(s);
    let s = Server::start(db, 0);
    for k in 0..2 {
        let url = s.url(&format!("/api/games/{id}/view?token={}", t[k]));
        let v = get(&c, &url).await.body;
        assert_eq!(
            v["view"], before_restart[k]["view"],
            "seat {k} after a restart"
        );
        assert_eq!(v["move"], 5);
    }
    // Play to the end; the record holds the choices in effect and replays.
    loop {
        let v = get(&c, &s.url(&format!("/api/games/{id}/view?token={}", t[0])))
            .await
            .body;
        if v["over"] == json!(true) {
            break;
        }
        let k = v["to_move"].as_u64().expect("to move") as usize;
        let mine = get(&c, &s.url(&format!("/api/games/{id}/view?token={}", t[k])))
            .await
            .body;
        let choice = mine["legal"][0]["choice"].clone();
        let url = s.url(&format!("/api/games/{id}/choice?token={}", t[k]));
        let r = post(&c, &url, &json!({"move": v["move"], "choice": choice})).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    let record = get(&c, &s.url(&format!("/api/games/{id}/record")))
        .await
        .body;
    let choices = record["choices"].as_array().expect("choices");
    let stored = get(&c, &s.url(&format!("/api/games/{id}"))).await.body["move"].clone();
    assert_eq!(
        choices.len() as u64 + 2,
        stored.as_u64().expect("moves"),
        "the record leaves out the undo row and the choice it took back"
    );
    assert_eq!(choices[0]["choice"], json!({"Play": card}));
}

/// Two claims racing for the same chosen token on two games: one seat gets
/// it, the other claim answers 409, never a 500, and no answer carries the
/// database's own words (issue 20: a unique-key race leaked
/// "UNIQUE constraint failed").
pub async fn racing_claims_of_one_token_conflict_cleanly(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let claim_url = s.url("/api/claim");
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    for round in 0..6u64 {
        let (_, a, _) = two_humans(&s, &c, 40 + round).await;
        let (_, b, _) = two_humans(&s, &c, 50 + round).await;
        let chosen = format!("{:032x}", (nanos + round as u128) % (1u128 << 127));
        let (body_a, body_b) = (
            json!({"token": a, "new_token": chosen}),
            json!({"token": b, "new_token": chosen}),
        );
        let (ra, rb) = tokio::join!(post(&c, &claim_url, &body_a), post(&c, &claim_url, &body_b),);
        let mut statuses = [ra.status, rb.status];
        statuses.sort();
        assert_eq!(
            statuses,
            [200, 409],
            "round {round}: {:?} {:?}",
            ra.body,
            rb.body
        );
        for r in [&ra, &rb] {
            let text = r.body.to_string().to_lowercase();
            assert!(
                !text.contains("unique") && !text.contains("constraint") && !text.contains("sql"),
                "round {round}: the database's words reached the client: {text}"
            );
        }
    }
}

/// An invite token is a key only until its seat is claimed: the claim returns
/// a fresh token (to the claimer only), and the invite token then opens
/// nothing (view, log, choice, WebSocket, a second claim), and a socket opened
/// with it closes.
pub async fn claim_replaces_the_invite_token(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seed": 23, "seats": [{"name": "Alice"}, {}]}),
    )
    .await;
    let invite0 = tokens[0].clone().expect("t0");
    let invite1 = tokens[1].clone().expect("t1");
    let view = |t: &str| s.url(&format!("/api/games/{id}/view?token={t}"));
    let log = |t: &str| s.url(&format!("/api/games/{id}/log?token={t}"));
    let choice = |t: &str| s.url(&format!("/api/games/{id}/choice?token={t}"));
    // A socket opened with the invite token before the claim.
    let (mut old_ws, first) = ws_connect(s.ws_request(&id, Some(&invite1))).await;
    assert_eq!(first["state"]["seat"], 1);

    let r = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": invite1, "name": "Bob"}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["game"], json!(id));
    assert_eq!(r.body["seat"], 1);
    assert_eq!(r.body["name"], "Bob");
    let t1 = r.body["token"].as_str().expect("a new token").to_string();
    assert_ne!(t1, invite1);
    assert!(t1.len() >= 32 && t1.chars().all(|ch| ch.is_ascii_hexdigit()));

    // The socket of the invite token is closed.
    let closed = tokio::time::timeout(PATIENCE, async {
        loop {
            match old_ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the invite token's socket closes");

    // The invite token opens nothing.
    for url in [view(&invite1), log(&invite1)] {
        let r = get(&c, &url).await;
        assert_eq!(r.status, 403, "{url}: {:?}", r.body);
        assert_eq!(r.body["error"]["code"], "wrong_token");
    }
    let r = post(&c, &choice(&invite1), &json!({"move": 0, "index": 0})).await;
    assert_eq!(r.status, 403, "{:?}", r.body);
    let bad = tokio_tungstenite::connect_async(s.ws_request(&id, Some(&invite1))).await;
    assert!(bad.is_err(), "the invite token cannot open a socket");
    let r = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": invite1, "name": "Mallory"}),
    )
    .await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    // Nor does claiming again with the new token rename or re-key the seat.
    let r = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": t1, "name": "Eve"}),
    )
    .await;
    assert_eq!(r.status, 409, "{:?}", r.body);
    let g = get(&c, &s.url(&format!("/api/games/{id}"))).await.body;
    assert_eq!(g["seats"][1]["name"], "Bob");
    assert_eq!(g["seats"][1]["claimed"], true);
    assert!(!g.to_string().contains(&t1), "tokens are never listed");

    // The creator claims seat 0 the same way.
    let r = post(&c, &s.url("/api/claim"), &json!({"token": invite0})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(
        r.body["name"], "Alice",
        "the name given at creation is kept"
    );
    let t0 = r.body["token"].as_str().expect("token").to_string();
    assert_eq!(get(&c, &view(&invite0)).await.status, 403);

    // The new tokens work everywhere.
    let v = get(&c, &view(&t1)).await;
    assert_eq!(v.status, 200, "{:?}", v.body);
    assert_eq!(v.body["seat"], 1);
    assert_eq!(get(&c, &log(&t1)).await.status, 200);
    let (mut ws1, first) = ws_connect(s.ws_request(&id, Some(&t1))).await;
    assert_eq!(first["state"]["seat"], 1);
    let tokens = [t0.clone(), t1.clone()];
    let mut seen_seat1 = false;
    for _ in 0..40 {
        let (t, v) = mover_view(&s, &c, &id, &tokens).await;
        let n = v["move"].as_i64().expect("move");
        seen_seat1 |= t == t1;
        let r = post(
            &c,
            &choice(&t),
            &json!({"move": n, "choice": v["legal"][0]["choice"]}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let m = ws_until_move(&mut ws1, n + 1).await;
        assert_eq!(m["state"]["seat"], 1);
        if seen_seat1 {
            break;
        }
    }
    assert!(seen_seat1, "seat 1 moved with its new token");
}

/// Traffic limits: one address creates at most `--max-games-per-hour` games
/// (then 429 with `Retry-After`); a game holds at most
/// `--max-sockets-per-game` open WebSockets and the server `--max-sockets`
/// (then 503 `busy`), spectators three quarters of each, a seat's own socket
/// all of it; a closed socket frees its place.
pub async fn traffic_limits_refuse_games_and_sockets(db: &str) {
    let s = Server::start_with(
        db,
        0,
        &[
            "--max-games-per-hour",
            "3",
            "--max-sockets",
            "6",
            "--max-sockets-per-game",
            "4",
        ],
    );
    let c = client();
    let new = json!({"game": "ds", "players": 2, "seed": 31, "seats": [{}, {}]});
    let mut ids = Vec::new();
    let mut seat_tokens = Vec::new();
    for _ in 0..3 {
        let (id, tokens) = create(&s, &c, new.clone()).await;
        ids.push(id);
        seat_tokens.push(tokens);
    }
    let r = c
        .post(s.url("/api/games"))
        .json(&new)
        .send()
        .await
        .expect("send");
    assert_eq!(r.status().as_u16(), 429);
    let wait: u64 = r
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("a Retry-After header in seconds");
    assert!(
        (1..=1201).contains(&wait),
        "one game back each 20 min: {wait}"
    );
    let body: Value = r.json().await.expect("json");
    assert_eq!(body["error"]["code"], "too_many_requests");
    assert_eq!(body["error"]["retry_after"], wait);
    // No proxy is trusted: a client cannot pass for another address.
    let r = c
        .post(s.url("/api/games"))
        .header("x-forwarded-for", "198.51.100.1")
        .json(&new)
        .send()
        .await
        .expect("send");
    assert_eq!(r.status().as_u16(), 429, "X-Forwarded-For is not believed");

    let busy = |r: Result<_, tokio_tungstenite::tungstenite::Error>| match r {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => resp.status().as_u16() == 503,
        _ => false,
    };
    let (a, b, d) = (&ids[0], &ids[1], &ids[2]);
    // A seat's (invite) token opens its seat's socket.
    let seat = |game: usize, k: usize| seat_tokens[game][k].clone().expect("a seat token");
    // Game A: three spectators (3/4 of its 4), a fourth is refused…
    let (a1, _) = ws_connect(s.ws_request(a, None)).await;
    let (_a2, _) = ws_connect(s.ws_request(a, None)).await;
    let (_a3, _) = ws_connect(s.ws_request(a, None)).await;
    let fourth = tokio_tungstenite::connect_async(s.ws_request(a, None)).await;
    assert!(
        busy(fourth.map(|_| ())),
        "a game's fourth spectator is refused"
    );
    // …but a seat's own socket gets the place kept for seats, and then the
    // game is full for everyone.
    let (_a_seat, first) = ws_connect(s.ws_request(a, Some(&seat(0, 0)))).await;
    assert_eq!(first["state"]["seat"], 0);
    let over = tokio_tungstenite::connect_async(s.ws_request(a, Some(&seat(0, 1)))).await;
    assert!(busy(over.map(|_| ())), "a game's fifth socket is refused");
    // The server has 4 of its 6 open: no more spectators (3/4 of 6 is 4)…
    let spectator = tokio_tungstenite::connect_async(s.ws_request(b, None)).await;
    assert!(
        busy(spectator.map(|_| ())),
        "spectators are refused once they would crowd out seats"
    );
    // …but seats still connect, up to the server's whole cap.
    let (_b_seat, _) = ws_connect(s.ws_request(b, Some(&seat(1, 0)))).await;
    let (_d_seat, _) = ws_connect(s.ws_request(d, Some(&seat(2, 0)))).await;
    let seventh = tokio_tungstenite::connect_async(s.ws_request(d, Some(&seat(2, 1)))).await;
    assert!(
        busy(seventh.map(|_| ())),
        "the server's seventh socket is refused"
    );
    drop(a1);
    let freed = tokio::time::timeout(PATIENCE, async {
        loop {
            match tokio_tungstenite::connect_async(s.ws_request(d, Some(&seat(2, 1)))).await {
                Ok(ws) => return ws,
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    })
    .await;
    assert!(freed.is_ok(), "a closed socket frees its place");
}

/// Behind a trusted proxy (`--trusted-proxy`) the games limit is kept per
/// client that the proxy names in `X-Forwarded-For` (its rightmost address
/// that is not a trusted proxy), not per proxy; entries left of it, which
/// the client wrote itself, change nothing. An IPv6 client counts by its /64.
pub async fn a_trusted_proxy_names_the_client_of_the_games_limit(db: &str) {
    let s = Server::start_with(
        db,
        0,
        &[
            "--max-games-per-hour",
            "1",
            "--trusted-proxy",
            "10.0.0.0/8,127.0.0.1",
        ],
    );
    let c = client();
    let new = json!({"game": "ds", "players": 2, "seed": 32, "seats": [{}, {}]});
    let status = |forwarded: Option<&'static str>| {
        let mut r = c.post(s.url("/api/games")).json(&new);
        if let Some(f) = forwarded {
            r = r.header("x-forwarded-for", f);
        }
        async move { r.send().await.expect("send").status().as_u16() }
    };
    assert_eq!(status(Some("203.0.113.5")).await, 201);
    assert_eq!(
        status(Some("203.0.113.5")).await,
        429,
        "its hour's game is used"
    );
    assert_eq!(
        status(Some("192.0.2.1, 203.0.113.5")).await,
        429,
        "a made-up entry left of the proxy's does not help"
    );
    assert_eq!(
        status(Some("203.0.113.5, 10.1.2.3")).await,
        429,
        "an inner trusted proxy is looked through"
    );
    assert_eq!(status(Some("203.0.113.6")).await, 201, "another client");
    // Without the header the proxy itself is the client.
    assert_eq!(status(None).await, 201);
    assert_eq!(status(None).await, 429);
    // An IPv6 client counts by its /64: another address in it gets no more.
    assert_eq!(status(Some("2001:db8:0:7::1")).await, 201);
    assert_eq!(status(Some("2001:db8:0:7::2")).await, 429, "same /64");
    assert_eq!(status(Some("2001:db8:0:8::1")).await, 201, "another /64");
}

/// Bot specs over the server's limits (10 s or 1,000,000 iterations per
/// decision, the machine's threads; or what `--bot-max-*` says) are refused
/// with a 400 that names the limit; specs at the limits are accepted.
pub async fn bot_budgets_are_bounded(db: &str) {
    let c = client();
    let bots = |a: &str, b: &str| {
        json!({"game": "ds", "players": 2,
               "seats": [{"kind": "bot", "bot": a}, {"kind": "bot", "bot": b}]})
    };
    let refused = |r: &Resp, says: &str| {
        assert_eq!(r.status, 400, "{:?}", r.body);
        assert_eq!(r.body["error"]["code"], "bad_request");
        let m = r.body["error"]["message"].as_str().unwrap_or("");
        assert!(m.contains(says), "`{m}` names the limit `{says}`");
    };
    // Bots wait an hour before deciding: the accepted games never search here.
    let pace = 3_600_000;
    {
        let s = Server::start(db, pace);
        let games = s.url("/api/games");
        for (spec, says) in [
            ("mcts:86400s,threads=64,early-stop=off", "at most 10 s"),
            ("mcts:10001ms", "at most 10 s"),
            ("mcts:1000000000it", "at most 1000000 iterations"),
            ("mcts:1000001it", "at most 1000000 iterations"),
        ] {
            refused(&post(&c, &games, &bots("random", spec)).await, says);
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let at_most = cores.min(64);
        if cores < 64 {
            let r = post(
                &c,
                &games,
                &bots(&format!("mcts:1s,threads={}", cores + 1), "random"),
            )
            .await;
            refused(&r, &format!("at most {cores} thread"));
        }
        for spec in [
            "mcts:10s".to_string(),
            "mcts:1000000it".to_string(),
            format!("mcts:10s,threads={at_most}"),
        ] {
            let r = post(&c, &games, &bots(&spec, "greedy")).await;
            assert_eq!(r.status, 201, "{spec}: {:?}", r.body);
        }
    }
    // Limits from the command line.
    let s = Server::start_with(
        db,
        pace,
        &[
            "--bot-max-time-ms",
            "500",
            "--bot-max-iterations",
            "100",
            "--bot-max-threads",
            "1",
        ],
    );
    let games = s.url("/api/games");
    refused(
        &post(&c, &games, &bots("mcts:501ms", "random")).await,
        "at most 500 ms",
    );
    refused(
        &post(&c, &games, &bots("mcts:medium", "random")).await,
        "at most 100 iterations",
    );
    refused(
        &post(&c, &games, &bots("mcts:100it,threads=2", "random")).await,
        "at most 1 thread",
    );
    for spec in ["mcts:500ms", "mcts:100it", "mcts:easy"] {
        let r = post(&c, &games, &bots(spec, "random")).await;
        assert_eq!(r.status, 201, "{spec}: {:?}", r.body);
    }
}

/// A client that gives up on a choice while it is being committed leaves the
/// server's game and its database in step: a fresh process reading the
/// database sees the same move count as the running one.
pub async fn disconnect_during_a_commit_loses_no_step(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seed": 29, "seats": [{}, {}]}),
    )
    .await;
    let tokens: Vec<String> = tokens.into_iter().map(|t| t.expect("token")).collect();
    let moves = |s: &Server| {
        let c = c.clone();
        let url = s.url(&format!("/api/games/{id}"));
        async move { get(&c, &url).await.body["move"].as_i64().expect("move") }
    };
    for i in 0..12u64 {
        let (t, v) = mover_view(&s, &c, &id, &tokens).await;
        let n = v["move"].as_i64().expect("move");
        // Give up after a few hundred microseconds: often mid-commit.
        let impatient = reqwest::Client::builder()
            .timeout(Duration::from_micros(150 + 250 * (i % 8)))
            .build()
            .expect("client");
        let _ = impatient
            .post(s.url(&format!("/api/games/{id}/choice?token={t}")))
            .json(&json!({"move": n, "choice": v["legal"][0]["choice"]}))
            .send()
            .await;
        // Let the server finish what it does, then compare with the database.
        let mut now = moves(&s).await;
        loop {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let again = moves(&s).await;
            if again == now {
                break;
            }
            now = again;
        }
        assert!(now == n || now == n + 1);
        let fresh = Server::start(db, 0);
        let stored = moves(&fresh).await;
        fresh.kill();
        assert_eq!(
            now, stored,
            "round {i}: the server's game and the database agree"
        );
    }
}

/// A creator-chosen seed is announced to everyone (summary, list, every
/// seat's view); a random seed is not flagged.
pub async fn chosen_seed_is_announced(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (chosen, tokens) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seed": 42, "seats": [{}, {}]}),
    )
    .await;
    let (random, _) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seats": [{}, {}]}),
    )
    .await;
    let g = get(&c, &s.url(&format!("/api/games/{chosen}"))).await.body;
    assert_eq!(g["seed_chosen"], true, "{g}");
    let g = get(&c, &s.url(&format!("/api/games/{random}"))).await.body;
    assert_eq!(g["seed_chosen"], false, "{g}");
    for t in tokens.iter().flatten() {
        let v = get(&c, &s.url(&format!("/api/games/{chosen}/view?token={t}")))
            .await
            .body;
        assert_eq!(v["seed_chosen"], true);
    }
    let v = get(&c, &s.url(&format!("/api/games/{chosen}/view")))
        .await
        .body;
    assert_eq!(v["seed_chosen"], true);
    let list = get(&c, &s.url("/api/games")).await.body;
    let list = list.as_array().expect("list");
    let flag = |id: &str| {
        list.iter()
            .find(|g| g["id"] == json!(id))
            .map(|g| g["seed_chosen"].clone())
    };
    // (A shared PostgreSQL may list 50 busier games first.)
    if let Some(f) = flag(&chosen) {
        assert_eq!(f, json!(true));
    }
    if let Some(f) = flag(&random) {
        assert_eq!(f, json!(false));
    }
    // The flag survives a restart (it is stored).
    s.kill();
    let s = Server::start(db, 0);
    let g = get(&c, &s.url(&format!("/api/games/{chosen}"))).await.body;
    assert_eq!(g["seed_chosen"], true);
}

/// The view of `token`'s seat, once that seat is to move (bots play on
/// meanwhile).
async fn wait_my_turn(s: &Server, c: &reqwest::Client, id: &str, token: &str) -> Value {
    let start = std::time::Instant::now();
    loop {
        let v = get(c, &s.url(&format!("/api/games/{id}/view?token={token}"))).await;
        assert_eq!(v.status, 200, "{:?}", v.body);
        if v.body["to_move"] == v.body["seat"]
            && v.body["legal"].as_array().is_some_and(|l| !l.is_empty())
        {
            return v.body;
        }
        assert!(start.elapsed() < PATIENCE, "never my turn: {:?}", v.body);
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// A human seat pauses the bots: with the bot to move nothing happens until
/// the seat continues; bad paces and seatless requests are refused; every
/// view shows the pace, and the log and the view say what moves changed on
/// the board.
pub async fn pause_holds_bots_until_continued(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 2, "seed": 5,
               "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let token = tokens[0].clone().expect("the human's token");
    let pace = s.url(&format!("/api/games/{id}/pace?token={token}"));
    for bad in [
        json!({"pace_ms": 5, "paused": false}),
        json!({"pace_ms": 20_001, "paused": false}),
        json!({"pace_ms": -1, "paused": false}),
        json!({"pace_ms": 500}),
        json!({"pace_ms": 500, "paused": false, "extra": 1}),
    ] {
        let r = post(&c, &pace, &bad).await;
        assert_eq!(r.status, 400, "{bad}: {:?}", r.body);
    }
    let r = post(
        &c,
        &s.url(&format!("/api/games/{id}/pace")),
        &json!({"pace_ms": 500, "paused": true}),
    )
    .await;
    assert_eq!(r.status, 401, "a spectator may not pause: {:?}", r.body);

    let mut v = wait_my_turn(&s, &c, &id, &token).await;
    let r = post(&c, &pace, &json!({"pace_ms": 100, "paused": true})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["paused"], true);
    assert_eq!(r.body["paused_by"], json!([0]));
    assert_eq!(r.body["mine"], json!({"pace_ms": 100, "paused": true}));
    // Every view shows it, the spectator's too.
    let public = get(&c, &s.url(&format!("/api/games/{id}/view"))).await.body;
    assert_eq!(public["bot_pace"]["paused"], true);
    assert_eq!(public["bot_pace"]["mine"], Value::Null);
    // Choose until the bot is to move.
    loop {
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/choice?token={token}")),
            &json!({"move": v["move"], "index": 0}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        v = get(&c, &s.url(&format!("/api/games/{id}/view?token={token}")))
            .await
            .body;
        if v["to_move"] == json!(1) {
            break;
        }
        assert_eq!(v["to_move"], json!(0), "{v}");
    }
    let held = v["move"].as_i64().expect("move");
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let v = get(&c, &s.url(&format!("/api/games/{id}/view"))).await.body;
    assert_eq!(v["move"].as_i64(), Some(held), "a paused bot moved: {v}");
    assert_eq!(v["to_move"], json!(1));
    // Continue: the bot moves again.
    let r = post(&c, &pace, &json!({"pace_ms": 100, "paused": false})).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["paused"], false);
    assert_eq!(r.body["pace_ms"], 100);
    let v = wait_my_turn(&s, &c, &id, &token).await;
    assert!(v["move"].as_i64() > Some(held), "{v}");
    // Play on until some move changed the board: the log says how, by place
    // labels, and the view marks every seat's last such move.
    let mut v = v;
    loop {
        let log = get(&c, &s.url(&format!("/api/games/{id}/log"))).await.body;
        let entries = log["entries"].as_array().expect("entries");
        assert!(entries.iter().all(|e| e["changes"].is_array()));
        let changed: Vec<&Value> = entries
            .iter()
            .filter(|e| e["changes"].as_array().is_some_and(|c| !c.is_empty()))
            .collect();
        if let Some(e) = changed.last() {
            let marks =
                get(&c, &s.url(&format!("/api/games/{id}/view"))).await.body["marks"].clone();
            let seat_marks = marks
                .as_array()
                .and_then(|m| m.iter().find(|m| m["seat"] == e["seat"]))
                .unwrap_or_else(|| panic!("no marks for seat {}: {marks}", e["seat"]));
            for ch in seat_marks["changes"].as_array().expect("changes") {
                let place = ch["place"].as_str().expect("place");
                assert!(
                    place.chars().next().is_some_and(|c| c.is_ascii_uppercase()),
                    "{ch}"
                );
                assert!(
                    ["added", "removed", "moved_from", "moved_to"]
                        .contains(&ch["kind"].as_str().unwrap_or("")),
                    "{ch}"
                );
            }
            break;
        }
        let r = post(
            &c,
            &s.url(&format!("/api/games/{id}/choice?token={token}")),
            &json!({"move": v["move"], "index": 0}),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        v = wait_my_turn(&s, &c, &id, &token).await;
    }
}

/// Seat names are stored clean (issue 20): control characters and
/// bidirectional overrides, isolates and marks are removed from the names a
/// create and a claim send, what is left is trimmed, and a name with
/// nothing left is the seat's default. A bot seat is marked by its `bot`
/// field (null for a human), whatever its name says.
pub async fn seat_names_are_stored_clean(db: &str) {
    let s = Server::start(db, 3_600_000);
    let c = client();
    let (id, tokens) = create(
        &s,
        &c,
        json!({"game": "ds", "players": 3, "seats": [
            {"name": "\u{202E}nnA\u{0}\u{7}  "},
            {"name": " \u{2066}\u{200F}\t"},
            {"kind": "bot", "bot": "random", "name": "Ro\u{202D}bo\u{1b}[2J"},
        ]}),
    )
    .await;
    let summary = get(&c, &s.url(&format!("/api/games/{id}"))).await;
    assert_eq!(summary.status, 200, "{:?}", summary.body);
    let seats = &summary.body["seats"];
    assert_eq!(seats[0]["name"], "nnA");
    assert_eq!(seats[1]["name"], Value::Null, "nothing left: no name");
    assert_eq!(seats[2]["name"], "Robo[2J");
    assert_eq!(seats[0]["bot"], Value::Null, "a human seat has no bot spec");
    assert_eq!(seats[2]["bot"], "random", "a bot seat says it is one");

    let claim = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": tokens[1], "name": "\u{202E}B\u{200E}e\u{0}n\r\n\u{2069} "}),
    )
    .await;
    assert_eq!(claim.status, 200, "{:?}", claim.body);
    assert_eq!(claim.body["name"], "Ben");
    let claim = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": tokens[0], "name": "\u{202E}\u{7}"}),
    )
    .await;
    assert_eq!(claim.status, 200, "{:?}", claim.body);
    assert_eq!(claim.body["name"], "nnA", "nothing left: the seat's name");
    let long = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": tokens[2].clone().unwrap_or_default(), "name": "x".repeat(1000)}),
    )
    .await;
    assert_eq!(long.status, 400, "{:?}", long.body);

    // Stored so: a fresh server reads the names back from the database.
    drop(s);
    let s = Server::start(db, 3_600_000);
    let summary = get(&c, &s.url(&format!("/api/games/{id}"))).await;
    let names: Vec<&Value> = summary.body["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|seat| &seat["name"])
        .collect();
    assert_eq!(names, [&json!("nnA"), &json!("Ben"), &json!("Robo[2J")]);
}

/// Values a client sent are repeated in errors at most 16 characters long.
pub async fn echoed_values_are_cut(db: &str) {
    let s = Server::start(db, 0);
    let c = client();
    let message = |r: &Resp| {
        r.body["error"]["message"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    let id = "g".repeat(40);
    let r = get(&c, &s.url(&format!("/api/games/{id}"))).await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    assert_eq!(message(&r), format!("no game `{}…`", "g".repeat(16)));
    let r = get(
        &c,
        &s.url(&format!("/api/kinds/{}/catalog", "k".repeat(100))),
    )
    .await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    assert!(
        message(&r).contains(&format!("`{}…`", "k".repeat(16))),
        "{}",
        message(&r)
    );
    let games = s.url("/api/games");
    let r = post(&c, &games, &json!({"game": "c".repeat(500), "players": 2})).await;
    assert_eq!(r.status, 404, "{:?}", r.body);
    assert!(
        message(&r).contains(&format!("`{}…`", "c".repeat(16))),
        "{}",
        message(&r)
    );
    let field = "f".repeat(500);
    let r = post(&c, &games, &json!({"game": "ds", "players": 2, field: 1})).await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    assert!(!message(&r).contains(&"f".repeat(17)), "{}", message(&r));
}
