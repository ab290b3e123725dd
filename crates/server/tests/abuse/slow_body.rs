//! Slow bodies: a request whose head arrives whole but whose body then
//! trickles in one byte every 300 ms. Before the body deadline such a
//! request stayed in flight for as long as the client kept trickling (the
//! header and idle timeouts never apply to a request in flight), holding its
//! connection and handler. Now the whole body must arrive within
//! `--header-timeout-ms` of the head: a late one is refused (408) and its
//! connection closed, and a well-behaved client is answered meanwhile.

use super::{common, well_behaved, LATENCY_BOUND};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Slow clients at once.
const SLOW_CLIENTS: usize = 40;
/// The server's header (and body) timeout in this test.
const TIMEOUT: Duration = Duration::from_millis(1000);
/// The pause between two bytes of a slow body.
const BYTE_EVERY: Duration = Duration::from_millis(300);
/// The length the slow clients declare: far more than they will ever send.
const DECLARED: usize = 4000;

/// How a slow client's request ended.
#[derive(Debug)]
enum Ended {
    /// The server answered (its status line's code) after this long.
    Answered(u16, Duration),
    /// The server closed the connection without an answer.
    Closed,
    /// Nothing happened before the client gave up.
    StillOpen,
}

/// Sends a whole request head for a `POST /api/games` with a body of
/// [`DECLARED`] bytes, then the body one byte at a time.
async fn slow_client(addr: SocketAddr) -> Ended {
    let started = Instant::now();
    let stream = TcpStream::connect(addr).await.expect("connect");
    let (mut reader, mut writer) = stream.into_split();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {DECLARED}\r\n\r\n"
    );
    let write = async move {
        if writer.write_all(head.as_bytes()).await.is_ok() {
            while writer.write_all(b" ").await.is_ok() {
                tokio::time::sleep(BYTE_EVERY).await;
            }
        }
        std::future::pending::<()>().await;
    };
    let mut buf = [0u8; 512];
    let read = tokio::time::timeout(TIMEOUT + LATENCY_BOUND, async {
        tokio::select! {
            () = write => unreachable!("the writer never ends"),
            r = reader.read(&mut buf) => r,
        }
    });
    match read.await {
        Err(_) => Ended::StillOpen,
        Ok(Ok(0)) | Ok(Err(_)) => Ended::Closed,
        Ok(Ok(n)) => {
            let text = String::from_utf8_lossy(&buf[..n]);
            let code = text
                .split(' ')
                .nth(1)
                .and_then(|c| c.parse().ok())
                .unwrap_or_else(|| panic!("not an HTTP answer: {text}"));
            Ended::Answered(code, started.elapsed())
        }
    }
}

#[tokio::test]
async fn slow_request_bodies_are_refused_and_others_are_still_answered() {
    let dir = common::temp_dir("abuse-slow-body");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(
        &db,
        0,
        &["--header-timeout-ms", &TIMEOUT.as_millis().to_string()],
    );
    let addr: SocketAddr = server.addr();
    let clients: Vec<_> = (0..SLOW_CLIENTS)
        .map(|_| tokio::spawn(slow_client(addr)))
        .collect();
    // While they trickle: a well-behaved client is answered in time.
    tokio::time::sleep(TIMEOUT / 2).await;
    well_behaved(&server).await;
    for c in clients {
        match c.await.expect("client task") {
            Ended::Answered(408, after) => {
                assert!(after >= TIMEOUT, "refused only once late ({after:?})")
            }
            other => panic!("a slow body ended as {other:?}, not refused with 408"),
        }
    }
    well_behaved(&server).await;
}
