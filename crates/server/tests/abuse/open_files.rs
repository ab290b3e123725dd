//! File descriptors (issue 34, hole 13). At the process's open-file limit
//! the server logged "too many open files" and paused accepting, so nobody
//! was answered. Here the server starts with a limit of 256 open files that
//! it cannot raise, and four addresses each open the 64 connections their
//! per-address cap allows (256 in all): the server keeps room below its
//! limit, answers the connections it has no room for with a polite 503, and
//! still answers a well-behaved client. Started with a low soft limit under
//! a higher hard one, it raises the soft limit itself.

use super::common::{self, Launch, Server};
use super::well_behaved;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio::net::{TcpSocket, TcpStream};

/// The open-file limit the server runs under here.
const LIMIT: u64 = 256;

/// The addresses the attack comes from (the well-behaved client uses
/// 127.0.0.2).
const ATTACKERS: [[u8; 4]; 4] = [
    [127, 0, 0, 1],
    [127, 0, 0, 3],
    [127, 0, 0, 4],
    [127, 0, 0, 5],
];

/// Connections each attacking address holds: the default per-address cap.
const PER_ADDRESS: usize = 64;

/// What an attacking connection got from the server.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// Nothing yet: the connection is open.
    Open,
    /// An HTTP status line starting with this.
    Status(String),
    /// Closed without a word.
    Closed,
}

/// A TCP connection to `server` from `local`.
async fn connect_from(local: IpAddr, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::new(local, 0))
        .expect("bind a loopback address");
    socket.connect(server).await.expect("connect")
}

/// What `stream` got within `wait`.
async fn answer(stream: &mut TcpStream, wait: Duration) -> Answer {
    let mut buf = [0u8; 256];
    match tokio::time::timeout(wait, stream.read(&mut buf)).await {
        Err(_) => Answer::Open,
        Ok(Ok(0)) | Ok(Err(_)) => Answer::Closed,
        Ok(Ok(n)) => Answer::Status(
            String::from_utf8_lossy(&buf[..n])
                .lines()
                .next()
                .unwrap_or("")
                .to_string(),
        ),
    }
}

#[tokio::test]
async fn at_its_open_file_limit_the_server_refuses_politely_and_keeps_answering() {
    let dir = common::temp_dir("abuse-open-files");
    let db = dir.join("eons.sqlite").display().to_string();
    let log = dir.join("stderr.log");
    let server = Server::launch(
        &db,
        0,
        Launch {
            stderr: Some(&log),
            soft_open_files: Some(LIMIT),
            hard_open_files: Some(LIMIT),
            ..Launch::default()
        },
    );
    assert_eq!(server.open_file_limits(), Some((LIMIT, LIMIT)));
    let addr = server.addr();
    let mut held = Vec::new();
    for attacker in ATTACKERS {
        for _ in 0..PER_ADDRESS {
            held.push(connect_from(IpAddr::from(attacker), addr).await);
        }
    }
    well_behaved(&server).await;

    let answers = futures_util::future::join_all(
        held.iter_mut()
            .map(|s| answer(s, Duration::from_millis(500))),
    )
    .await;
    let open = answers.iter().filter(|a| **a == Answer::Open).count();
    let refused = answers
        .iter()
        .filter(|a| matches!(a, Answer::Status(s) if s.starts_with("HTTP/1.1 503")))
        .count();
    assert!(
        refused > 0 && open + refused == answers.len(),
        "each connection is either held or answered 503: {open} open, {refused} refused, of {}; \
         others: {:?}",
        answers.len(),
        answers
            .iter()
            .filter(|a| !matches!(a, Answer::Open | Answer::Status(_)))
            .take(3)
            .collect::<Vec<_>>()
    );
    if let Some(files) = server.open_files() {
        assert!(
            (files as u64) < LIMIT,
            "{files} files open at a limit of {LIMIT}"
        );
    }
    let text = std::fs::read_to_string(&log).expect("the server's log");
    assert!(
        !text.to_lowercase().contains("too many open files"),
        "the server ran out of files: {}",
        text.lines()
            .find(|l| l.to_lowercase().contains("too many open files"))
            .unwrap_or("")
    );
    drop(held);
}

#[tokio::test]
async fn the_server_raises_its_soft_open_file_limit_to_the_hard_one() {
    let dir = common::temp_dir("abuse-open-files-raise");
    let db = dir.join("eons.sqlite").display().to_string();
    let log = dir.join("stderr.log");
    let server = Server::launch(
        &db,
        0,
        Launch {
            stderr: Some(&log),
            soft_open_files: Some(LIMIT),
            ..Launch::default()
        },
    );
    let (soft, hard) = server
        .open_file_limits()
        .expect("the server's limits in /proc/PID/limits");
    assert!(hard > LIMIT, "the test runs under a hard limit of {hard}");
    assert_eq!(soft, hard, "the soft limit raised to the hard one");
    well_behaved(&server).await;
    let text = std::fs::read_to_string(&log).expect("the server's log");
    assert!(
        text.contains("open-file limit"),
        "the server says what it did with the limit: {text}"
    );
}
