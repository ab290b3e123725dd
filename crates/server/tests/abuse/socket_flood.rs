//! A socket flood from one address: 127.0.0.1 opens 200 WebSockets on one
//! game as fast as it can. Those over the per-address cap
//! (`--max-sockets-per-address`, 20 by default) are refused with 429, the
//! server keeps answering, and a seat's own socket from another address
//! (127.0.0.2) still connects and receives its state.

use super::common::{self, ws_request, Server};
use super::well_behaved;
use futures_util::StreamExt;
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// How many sockets the flood opens.
const FLOOD: usize = 200;

/// The per-address cap the server runs with (its default).
const PER_ADDRESS: usize = 20;

/// The server's listening address.
fn address(server: &Server) -> SocketAddr {
    server
        .base
        .strip_prefix("http://")
        .and_then(|a| a.parse().ok())
        .expect("the server's address")
}

/// The status a WebSocket handshake was refused with (101 if it opened).
fn status<S>(r: &Result<S, WsError>) -> u16 {
    match r {
        Ok(_) => 101,
        Err(WsError::Http(resp)) => resp.status().as_u16(),
        Err(e) => panic!("a WebSocket handshake failed without an answer: {e}"),
    }
}

#[tokio::test]
async fn a_socket_flood_from_one_address_is_capped_and_a_seat_still_connects() {
    let dir = common::temp_dir("abuse-socket-flood");
    let db = dir.join("eons.sqlite").display().to_string();
    // The connection cap per address (64 by default) would close most of
    // the flood before its upgrade: lift it, so the socket cap is what refuses.
    let server = Server::start_with(&db, 0, &["--max-connections-per-address", "1000"]);
    let c = common::client();
    let (id, seat0, _) = common::two_humans(&server, &c, 41).await;

    // The flood: every handshake at once, from 127.0.0.1.
    let attempts = futures_util::future::join_all(
        (0..FLOOD).map(|_| tokio_tungstenite::connect_async(server.ws_request(&id, None))),
    )
    .await;
    let mut open = Vec::new();
    let mut too_many = 0;
    for r in attempts {
        match status(&r) {
            101 => open.extend(r.ok().map(|(ws, _)| ws)),
            429 => too_many += 1,
            other => panic!("a flooding socket got {other}, not 101 or 429"),
        }
    }
    assert_eq!(
        open.len(),
        PER_ADDRESS,
        "one address holds its cap, no more"
    );
    assert_eq!(
        too_many,
        FLOOD - PER_ADDRESS,
        "the rest are refused with 429"
    );
    // The cap holds for a seat's socket from the flooding address too.
    let r = tokio_tungstenite::connect_async(server.ws_request(&id, Some(&seat0))).await;
    assert_eq!(status(&r), 429);

    // A seat's own socket from another address connects and gets its state.
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::from(([127, 0, 0, 2], 0)))
        .expect("bind 127.0.0.2");
    let stream = socket.connect(address(&server)).await.expect("connect");
    let (mut seat, _) =
        tokio_tungstenite::client_async(ws_request(&server.ws_url(&id), Some(&seat0)), stream)
            .await
            .expect("the seat's socket from 127.0.0.2 opens");
    let first = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match seat.next().await {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str::<serde_json::Value>(&t).expect("JSON")
                }
                Some(Ok(_)) => {}
                other => panic!("the seat's socket ended: {other:?}"),
            }
        }
    })
    .await
    .expect("the seat's state in time");
    assert_eq!(first["type"], "state");
    assert_eq!(first["state"]["seat"], 0);

    well_behaved(&server).await;
    drop(open);
}
