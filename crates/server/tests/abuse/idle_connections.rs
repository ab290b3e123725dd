//! Idle connections: a keep-alive connection that sends no request within
//! `--idle-timeout-ms` is closed, but a WebSocket (an upgraded connection)
//! is not cut by it and keeps receiving the game's moves, and a keep-alive
//! connection in steady use is never idle however long it lives.

use super::{common, well_behaved, LATENCY_BOUND};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const IDLE: Duration = Duration::from_millis(800);

/// A server closing keep-alive connections idle for [`IDLE`], in a fresh
/// directory named after `test`, and its address.
fn start(test: &str) -> (common::Server, SocketAddr) {
    let dir = common::temp_dir(test);
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(
        &db,
        0,
        &["--idle-timeout-ms", &IDLE.as_millis().to_string()],
    );
    let addr = server.addr();
    (server, addr)
}

#[tokio::test]
async fn idle_keep_alive_connections_close_but_websockets_stay() {
    let (server, addr) = start("abuse-idle");
    let c = common::client();
    let (id, first, second) = common::two_humans(&server, &c, 7).await;
    let mut tokens = Vec::new();
    for (invite, name) in [(first, "Ann"), (second, "Ben")] {
        let r = common::post(
            &c,
            &server.url("/api/claim"),
            &serde_json::json!({"token": invite, "name": name}),
        )
        .await;
        assert_eq!(r.status, 200, "claim: {:?}", r.body);
        tokens.push(r.body["token"].as_str().expect("token").to_string());
    }
    let (mut ws, _) = common::suite::ws_connect(server.ws_request(&id, None)).await;

    // A keep-alive connection answered once, then left idle.
    let mut idle = TcpStream::connect(addr).await.expect("connect");
    idle.write_all(b"GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .expect("send");
    let answered = Instant::now();
    let mut buf = vec![0u8; 1 << 16];
    let mut closed_after = None;
    while closed_after.is_none() {
        match tokio::time::timeout(IDLE + LATENCY_BOUND, idle.read(&mut buf)).await {
            Err(_) => panic!("an idle keep-alive connection was left open"),
            Ok(Ok(0)) | Ok(Err(_)) => closed_after = Some(answered.elapsed()),
            Ok(Ok(_)) => {} // the answer
        }
    }
    assert!(closed_after >= Some(IDLE), "closed only once idle");

    // The WebSocket, open all along (longer than the idle timeout), still
    // gets the next move.
    tokio::time::sleep(IDLE).await;
    let spectator = common::get(&c, &server.url(&format!("/api/games/{id}/view"))).await;
    let to_move = spectator.body["to_move"].as_u64().expect("to_move") as usize;
    let token = &tokens[to_move];
    let view = common::get(
        &c,
        &server.url(&format!("/api/games/{id}/view?token={token}")),
    )
    .await
    .body;
    let n = view["move"].as_i64().expect("move");
    let r = common::post(
        &c,
        &server.url(&format!("/api/games/{id}/choice?token={token}")),
        &serde_json::json!({"move": n, "choice": view["legal"][0]["choice"]}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let m = tokio::time::timeout(LATENCY_BOUND, common::suite::ws_until_move(&mut ws, n + 1))
        .await
        .expect("the WebSocket got the move in time");
    assert!(m["state"]["move"].as_i64() >= Some(n + 1));
    well_behaved(&server).await;
}

/// Reads one HTTP/1.1 response with a `Content-Length` from `stream`, and
/// returns its status; `None` if the connection closed first.
async fn read_response(stream: &mut TcpStream) -> Option<u16> {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        if let Some(end) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&got[..end]).to_ascii_lowercase();
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .map(|v| v.trim().parse().expect("content-length"))
                .expect("a content-length");
            if got.len() >= end + 4 + length {
                let status = head.split(' ').nth(1).expect("a status");
                return Some(status.parse().expect("a numeric status"));
            }
        }
        match tokio::time::timeout(LATENCY_BOUND, stream.read(&mut buf)).await {
            Err(_) => panic!("no whole response within {LATENCY_BOUND:?}"),
            Ok(Ok(0)) | Ok(Err(_)) => return None,
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// The idle timeout counts from a connection's last answer: a keep-alive
/// connection that sends a request every quarter of the timeout is answered
/// every time for three whole timeouts (before, one whose requests were each
/// answered within a single turn of the server was cut one timeout after it
/// first fell idle, with a request possibly on its way: a browser test's
/// `fetch` failed so).
#[tokio::test]
async fn a_keep_alive_connection_in_steady_use_is_never_idle() {
    let (server, addr) = start("abuse-busy-keep-alive");
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let opened = Instant::now();
    let mut answered = 0;
    while opened.elapsed() < 3 * IDLE {
        stream
            .write_all(b"GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            .await
            .expect("send");
        let status = read_response(&mut stream).await;
        assert_eq!(
            status,
            Some(200),
            "request {} after {:?} on one connection",
            answered + 1,
            opened.elapsed()
        );
        answered += 1;
        tokio::time::sleep(IDLE / 4).await;
    }
    assert!(answered >= 8, "{answered} requests in three idle timeouts");
    well_behaved(&server).await;
}
