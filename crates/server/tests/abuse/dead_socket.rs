//! A dead socket: a client that opens a WebSocket and then never reads (so
//! never answers the server's pings) is closed by the server after two ping
//! intervals (`--ws-ping-ms`), and its place is freed; a client that reads
//! stays connected.

use super::common::{self, Server};
use super::well_behaved;
use futures_util::StreamExt;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// What the test waits at most for the server to act (not a timing assertion).
const PATIENCE: Duration = Duration::from_secs(30);

#[tokio::test]
async fn a_socket_that_never_answers_pings_is_closed_and_its_place_freed() {
    let dir = common::temp_dir("abuse-dead-socket");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = Server::start_with(
        &db,
        0,
        &["--ws-ping-ms", "300", "--max-sockets-per-address", "2"],
    );
    let c = common::client();
    let (id, seat0, seat1) = common::two_humans(&server, &c, 43).await;

    // A reading client: it answers pings, and notes the moves it is told of.
    let (mut live, _) = tokio_tungstenite::connect_async(server.ws_request(&id, Some(&seat1)))
        .await
        .expect("the live socket opens");
    let live_move = Arc::new(AtomicI64::new(-1));
    let live_open = Arc::new(AtomicBool::new(true));
    let reader = {
        let (live_move, live_open) = (live_move.clone(), live_open.clone());
        tokio::spawn(async move {
            while let Some(Ok(m)) = live.next().await {
                if let Message::Text(t) = m {
                    let v: serde_json::Value = serde_json::from_str(&t).unwrap_or_default();
                    if let Some(n) = v["state"]["move"].as_i64() {
                        live_move.store(n, Ordering::SeqCst);
                    }
                }
            }
            live_open.store(false, Ordering::SeqCst);
        })
    };
    // The dead client: the handshake, then nothing read, ever.
    let (mut dead, _) = tokio_tungstenite::connect_async(server.ws_request(&id, Some(&seat0)))
        .await
        .expect("the dead socket opens");

    // The address's two places are taken.
    let third = tokio_tungstenite::connect_async(server.ws_request(&id, None)).await;
    match third {
        Err(WsError::Http(resp)) => assert_eq!(resp.status().as_u16(), 429),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a third socket from one address with --max-sockets-per-address 2"),
    }
    // Until the server closes the dead socket and frees its place.
    let freed = tokio::time::timeout(PATIENCE, async {
        loop {
            if let Ok((ws, _)) =
                tokio_tungstenite::connect_async(server.ws_request(&id, None)).await
            {
                return ws;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
    .expect("the dead socket's place is freed");
    // The dead client, reading at last, finds its connection closed.
    let closed = tokio::time::timeout(PATIENCE, async {
        loop {
            match dead.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the server closed the dead socket");

    // The reading client outlived several ping intervals and still hears
    // of a move.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(
        live_open.load(Ordering::SeqCst),
        "a client that reads stays connected"
    );
    let view = common::get(
        &c,
        &server.url(&format!("/api/games/{id}/view?token={seat0}")),
    )
    .await;
    let mover = if view.body["legal"].as_array().is_some_and(|l| !l.is_empty()) {
        (seat0.clone(), view.body)
    } else {
        let v = common::get(
            &c,
            &server.url(&format!("/api/games/{id}/view?token={seat1}")),
        )
        .await;
        (seat1.clone(), v.body)
    };
    let r = common::post(
        &c,
        &server.url(&format!("/api/games/{id}/choice?token={}", mover.0)),
        &serde_json::json!({"move": 0, "index": mover.1["legal"][0]["index"]}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    tokio::time::timeout(PATIENCE, async {
        while live_move.load(Ordering::SeqCst) < 1 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the live socket is told of the move");

    well_behaved(&server).await;
    drop(freed);
    reader.abort();
}
