//! Slow headers (slowloris): many connections from one address, each
//! sending a request head one header line every 300 ms and never finishing
//! it. Before the header timeout such connections stayed open for good, and
//! enough of them made every request time out. Now each is closed once it
//! has not sent a whole request head within `--header-timeout-ms`, and a
//! well-behaved client is answered while they are open.

use super::{common, well_behaved, LATENCY_BOUND};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Slow connections opened at once.
const SLOW_CLIENTS: usize = 200;
/// The server's header timeout in this test.
const HEADER_TIMEOUT: Duration = Duration::from_millis(1000);
/// The pause between two header lines of a slow client.
const LINE_EVERY: Duration = Duration::from_millis(300);
/// How long a slow client keeps trying before it gives up (the test fails).
const GIVE_UP: Duration = Duration::from_secs(20);

/// How a slow client's connection ended.
#[derive(Debug)]
enum Ended {
    /// The server closed it (end of stream or reset) after this long.
    Closed(Duration),
    /// The server answered something (it should just close).
    Answered(Vec<u8>),
    /// Still open when the client gave up.
    StillOpen,
}

/// Connects to `addr` and sends a request head one line at a time, never
/// the blank line that ends it, until the server closes the connection.
async fn slow_client(addr: SocketAddr) -> Ended {
    let started = Instant::now();
    let stream = TcpStream::connect(addr).await.expect("connect");
    let (mut reader, mut writer) = stream.into_split();
    let write = async move {
        let mut line = 0;
        let mut next = b"GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n".to_vec();
        loop {
            if writer.write_all(&next).await.is_err() {
                // Closed: the reader sees it too.
                std::future::pending::<()>().await;
            }
            tokio::time::sleep(LINE_EVERY).await;
            line += 1;
            next = format!("X-Slow-{line}: {line}\r\n").into_bytes();
        }
    };
    let mut buf = [0u8; 512];
    let read = tokio::time::timeout(GIVE_UP, async {
        tokio::select! {
            () = write => unreachable!("the writer never ends"),
            r = reader.read(&mut buf) => r,
        }
    });
    match read.await {
        Err(_) => Ended::StillOpen,
        Ok(Ok(0)) | Ok(Err(_)) => Ended::Closed(started.elapsed()),
        Ok(Ok(n)) => Ended::Answered(buf[..n].to_vec()),
    }
}

#[tokio::test]
async fn slow_request_heads_are_closed_and_others_are_still_answered() {
    let dir = common::temp_dir("abuse-slow-headers");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(
        &db,
        0,
        &[
            "--header-timeout-ms",
            &HEADER_TIMEOUT.as_millis().to_string(),
            // Let every slow client in: this test is about the timeout.
            "--max-connections-per-address",
            "1000",
        ],
    );
    let addr: SocketAddr = server.addr();
    let clients: Vec<_> = (0..SLOW_CLIENTS)
        .map(|_| tokio::spawn(slow_client(addr)))
        .collect();
    // The slow clients are connected and sending their lines.
    tokio::time::sleep(LINE_EVERY * 2).await;
    well_behaved(&server).await;
    let bound = HEADER_TIMEOUT + LATENCY_BOUND;
    for client in clients {
        match client.await.expect("slow client") {
            Ended::Closed(after) => assert!(
                after <= bound,
                "a slow client was closed only after {after:?} (bound {bound:?})"
            ),
            Ended::Answered(bytes) => panic!(
                "a slow client was answered instead of closed: {:?}",
                String::from_utf8_lossy(&bytes)
            ),
            Ended::StillOpen => panic!("a slow client was left open for {GIVE_UP:?}"),
        }
    }
    // And the server still answers afterwards.
    well_behaved(&server).await;
}
