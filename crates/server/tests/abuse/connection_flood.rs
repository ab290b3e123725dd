//! Connection flood: one address opens more TCP connections than
//! `--max-connections-per-address`. The extra ones are closed at once,
//! before anything is read from them; the ones within the cap still work;
//! a closed one frees its place; and a well-behaved client from another
//! address is answered throughout.

use super::{common, well_behaved, LATENCY_BOUND};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The cap in this test.
const CAP: usize = 16;
/// Connections opened beyond the cap.
const EXTRA: usize = 48;

/// Whether the server closed `stream` (end of stream or reset) within `wait`;
/// panics if it sent anything.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 64];
    match tokio::time::timeout(wait, stream.read(&mut buf)).await {
        Err(_) => false,
        Ok(Ok(0)) | Ok(Err(_)) => true,
        Ok(Ok(n)) => panic!("the server sent {:?}", String::from_utf8_lossy(&buf[..n])),
    }
}

/// One keep-alive request on `stream`; its status line.
async fn request(stream: &mut TcpStream) -> String {
    stream
        .write_all(b"GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .expect("send a request");
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !got.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(LATENCY_BOUND, stream.read(&mut buf))
            .await
            .expect("an answer in time")
            .expect("read");
        assert!(n > 0, "closed before answering");
        got.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&got);
    text.lines().next().unwrap_or("").to_string()
}

#[tokio::test]
async fn connections_over_the_cap_are_closed_at_once_and_others_served() {
    let dir = common::temp_dir("abuse-connection-flood");
    let db = dir.join("eons.sqlite").display().to_string();
    let server =
        common::Server::start_with(&db, 0, &["--max-connections-per-address", &CAP.to_string()]);
    let addr: SocketAddr = server.addr();
    let mut held = Vec::new();
    for _ in 0..CAP {
        held.push(TcpStream::connect(addr).await.expect("connect"));
    }
    // Every connection over the cap is closed at once, unread.
    let started = Instant::now();
    let mut extra = Vec::new();
    for _ in 0..EXTRA {
        extra.push(TcpStream::connect(addr).await.expect("connect"));
    }
    for stream in &mut extra {
        assert!(
            closed_within(stream, LATENCY_BOUND).await,
            "a connection over the cap was left open"
        );
    }
    assert!(started.elapsed() <= LATENCY_BOUND * 2, "closed at once");
    // Another address is not affected.
    well_behaved(&server).await;
    // The connections within the cap are open and answered.
    for stream in &mut held {
        assert!(!closed_within(stream, Duration::from_millis(50)).await);
    }
    assert_eq!(request(&mut held[0]).await, "HTTP/1.1 200 OK");
    // Closing one frees its place for a new connection from the address.
    drop(held.pop());
    let deadline = Instant::now() + LATENCY_BOUND;
    loop {
        let mut again = TcpStream::connect(addr).await.expect("connect");
        if !closed_within(&mut again, Duration::from_millis(100)).await {
            assert_eq!(request(&mut again).await, "HTTP/1.1 200 OK");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the freed place was not given back"
        );
    }
}
