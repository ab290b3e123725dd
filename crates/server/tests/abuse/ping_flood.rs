//! WebSocket pings (issue 34, hole 1). A client that sends pings and never
//! reads made the server buffer a pong per ping (5 sockets: 32 → 617 MB in
//! 20 s), and a client's pings counted as "heard", so the silence check
//! never closed a socket that only pinged. Here five raw sockets flood
//! pings without reading: each is closed within two ping intervals and the
//! server's memory stays put. Sockets that read everything but only send
//! pings of their own, or pongs nobody asked for, are closed by the silence
//! check; a client that answers the server's pings stays.

use super::common::{self, Server};
use super::well_behaved;
use futures_util::StreamExt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The flooding sockets.
const FLOODERS: usize = 5;

/// How much the server's resident memory may grow while they flood: a
/// pong per ping grew it by about 30 MB a second; a bounded queue keeps it
/// within the noise of five sockets.
const GROWTH_BOUND_KB: u64 = 32 * 1024;

/// The server's resident memory in kB (`VmRSS` in `/proc/PID/status`), or
/// None where there is no `/proc`.
fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A client frame (clients mask theirs, RFC 6455 §5.3) with `opcode` and a
/// payload of at most 125 bytes.
fn client_frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    const MASK: [u8; 4] = [0x37, 0xfa, 0x21, 0x3d];
    let length = u8::try_from(payload.len())
        .ok()
        .filter(|&n| n <= 125)
        .expect("a control frame's payload is at most 125 bytes");
    let mut frame = vec![0x80 | opcode, 0x80 | length];
    frame.extend_from_slice(&MASK);
    frame.extend(payload.iter().zip(MASK.iter().cycle()).map(|(b, m)| b ^ m));
    frame
}

/// A ping frame from a client.
fn ping(payload: &[u8]) -> Vec<u8> {
    client_frame(0x9, payload)
}

/// A pong frame from a client.
fn pong(payload: &[u8]) -> Vec<u8> {
    client_frame(0xA, payload)
}

/// A spectator's WebSocket on game `id`, opened by hand over TCP (so the
/// test decides every frame it sends and whether it reads at all). Reads
/// the handshake's answer byte by byte, leaving the first push unread.
async fn raw_socket(server: &Server, id: &str) -> TcpStream {
    let mut stream = TcpStream::connect(server.addr()).await.expect("connect");
    let request = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: eons\r\n\r\n",
        server.addr()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .expect("send the handshake");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut byte))
            .await
            .expect("the handshake's answer in time")
            .expect("read the handshake's answer");
        assert_eq!(n, 1, "closed during the handshake: {head:?}");
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    stream
}

/// Sends pings as fast as the server takes them, never reading, until the
/// server closes the connection (a write fails) or `patience` runs out;
/// how long it took, or None when the socket was still open.
async fn flood(mut stream: TcpStream, patience: Duration) -> Option<Duration> {
    let burst: Vec<u8> = (0..1000).flat_map(|_| ping(&[0x5a; 125])).collect();
    let started = Instant::now();
    while started.elapsed() < patience {
        let left = patience.saturating_sub(started.elapsed());
        match tokio::time::timeout(left, stream.write_all(&burst)).await {
            Ok(Ok(())) => {}
            Ok(Err(_)) => return Some(started.elapsed()),
            Err(_) => return None,
        }
    }
    None
}

#[tokio::test]
async fn sockets_that_flood_pings_and_never_read_are_closed_and_cost_no_memory() {
    const PING: Duration = Duration::from_millis(1000);
    let dir = common::temp_dir("abuse-ping-flood");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = Server::start_with(&db, 0, &["--ws-ping-ms", "1000"]);
    let c = common::client();
    let (id, _, _) = common::two_humans(&server, &c, 47).await;
    let mut sockets = Vec::new();
    for _ in 0..FLOODERS {
        sockets.push(raw_socket(&server, &id).await);
    }
    let before = resident_kb(server.pid());

    // Two ping intervals: what a socket that does not read may last.
    let patience = PING * 2;
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (done, pid) = (done.clone(), server.pid());
        tokio::spawn(async move {
            let mut peak = 0;
            while !done.load(Ordering::SeqCst) {
                peak = peak.max(resident_kb(pid).unwrap_or(0));
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            peak
        })
    };
    let closed =
        futures_util::future::join_all(sockets.into_iter().map(|s| flood(s, patience))).await;
    done.store(true, Ordering::SeqCst);
    let peak = watcher.await.expect("the memory watcher");
    for (k, took) in closed.iter().enumerate() {
        assert!(
            took.is_some(),
            "flooding socket {k} was still open after {patience:?} of pings it never read \
             the answers to (ping interval {PING:?})"
        );
    }
    if let Some(before) = before {
        let grew = peak.saturating_sub(before);
        assert!(
            grew <= GROWTH_BOUND_KB,
            "the server's memory grew by {grew} kB while {FLOODERS} sockets flooded it with \
             pings (bound {GROWTH_BOUND_KB} kB)"
        );
    }
    well_behaved(&server).await;
}

/// Reads whatever the server sends on `stream` while sending `frame` every
/// `every`, until the server closes the connection (how long it took) or
/// `patience` runs out (None).
async fn chatter(
    mut stream: TcpStream,
    frame: Vec<u8>,
    every: Duration,
    patience: Duration,
) -> Option<Duration> {
    let started = Instant::now();
    let mut buf = vec![0u8; 64 * 1024];
    let mut tick = tokio::time::interval(every);
    loop {
        let left = patience.checked_sub(started.elapsed())?;
        tokio::select! {
            read = stream.read(&mut buf) => match read {
                Ok(0) | Err(_) => return Some(started.elapsed()),
                Ok(_) => {}
            },
            _ = tick.tick() => {
                if stream.write_all(&frame).await.is_err() {
                    return Some(started.elapsed());
                }
            }
            () = tokio::time::sleep(left) => return None,
        }
    }
}

#[tokio::test]
async fn a_client_s_own_pings_or_unasked_pongs_do_not_keep_its_socket_open() {
    const PING: Duration = Duration::from_millis(300);
    let dir = common::temp_dir("abuse-ping-only");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = Server::start_with(&db, 0, &["--ws-ping-ms", "300"]);
    let c = common::client();
    let (id, _, seat1) = common::two_humans(&server, &c, 53).await;

    // A client that answers the server's pings (tungstenite echoes each one).
    let (mut live, _) = tokio_tungstenite::connect_async(server.ws_request(&id, Some(&seat1)))
        .await
        .expect("the live socket opens");
    let live_open = Arc::new(AtomicBool::new(true));
    let reader = {
        let live_open = live_open.clone();
        tokio::spawn(async move {
            while let Some(Ok(_)) = live.next().await {}
            live_open.store(false, Ordering::SeqCst);
        })
    };

    // Silence is two intervals; the check runs at every ping: a socket not
    // heard from is closed within three.
    let patience = Duration::from_secs(3);
    let every = Duration::from_millis(100);
    let pinger = raw_socket(&server, &id).await;
    let ponger = raw_socket(&server, &id).await;
    let (pinged, ponged) = tokio::join!(
        chatter(pinger, ping(b"are you there"), every, patience),
        chatter(ponger, pong(b"still here"), every, patience),
    );
    assert!(
        pinged.is_some(),
        "a socket that only sent pings of its own was kept open for {patience:?} \
         (ping interval {PING:?}): its pings counted as hearing from it"
    );
    assert!(
        ponged.is_some(),
        "a socket that only sent pongs nobody asked for was kept open for {patience:?} \
         (ping interval {PING:?})"
    );
    assert!(
        live_open.load(Ordering::SeqCst),
        "a client that answers the server's pings stays connected"
    );
    well_behaved(&server).await;
    reader.abort();
}
