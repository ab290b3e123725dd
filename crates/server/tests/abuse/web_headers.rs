//! The web edge: every response carries the security headers, a body over
//! the cap is refused with 413 (whether it says its length or not), and with
//! `--allowed-host` a request for another host name (DNS rebinding) gets
//! 421. Each refusal is the API's JSON error and the server keeps answering.

use super::{common, well_behaved, LATENCY_BOUND};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The body cap (`eons_server::http::edge::MAX_BODY_BYTES`).
const CAP: usize = 64 * 1024;

fn assert_security_headers(r: &reqwest::Response, what: &str) {
    let h = r.headers();
    let csp = h
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_else(|| panic!("{what}: no Content-Security-Policy"));
    for part in [
        "default-src 'self'",
        "script-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
    ] {
        assert!(csp.contains(part), "{what}: {csp} lacks {part}");
    }
    assert!(!csp.contains("unsafe-inline"), "{what}: {csp}");
    assert_eq!(h["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(h["x-frame-options"], "DENY", "{what}");
    assert_eq!(h["referrer-policy"], "no-referrer", "{what}");
}

/// Posts `body` to `path` in 4 KiB chunks (`Transfer-Encoding: chunked`, no
/// `Content-Length`) on a raw connection; the answer's head and body.
async fn chunked_post(server: &common::Server, path: &str, body: &[u8]) -> (String, String) {
    let addr = server.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("send head");
    for chunk in body.chunks(4096) {
        let mut framed = format!("{:x}\r\n", chunk.len()).into_bytes();
        framed.extend_from_slice(chunk);
        framed.extend_from_slice(b"\r\n");
        // The server may answer and close before the whole body is sent.
        if stream.write_all(&framed).await.is_err() {
            break;
        }
    }
    let _ = stream.write_all(b"0\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(LATENCY_BOUND, stream.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer).to_string();
    match answer.split_once("\r\n\r\n") {
        Some((head, body)) => (head.to_string(), body.to_string()),
        None => (answer, String::new()),
    }
}

#[tokio::test]
async fn responses_carry_the_security_headers_and_big_bodies_get_413() {
    let dir = common::temp_dir("abuse-web-headers");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start(&db, 0);
    let c = common::client();
    for path in ["/", "/static/js/app.js", "/api/kinds", "/api/nothing-here"] {
        let r = c.get(server.url(path)).send().await.expect("GET");
        assert_security_headers(&r, path);
    }
    // A create whose `options` alone are over the cap.
    let huge = serde_json::json!({
        "game": "ds", "players": 2, "seats": [{}, {}],
        "options": vec!["x"; CAP / 2],
    })
    .to_string();
    assert!(huge.len() > CAP);
    let said = c
        .post(server.url("/api/games"))
        .header("content-type", "application/json")
        .body(huge.clone())
        .send()
        .await
        .expect("POST");
    assert_eq!(said.status().as_u16(), 413);
    assert_security_headers(&said, "413");
    let body: Value = said.json().await.expect("JSON error");
    assert_eq!(body["error"]["code"], "payload_too_large");
    // The same body sent chunked, without a Content-Length: refused while read.
    let (head, body) = chunked_post(&server, "/api/games", huge.as_bytes()).await;
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    let body: Value = serde_json::from_str(&body).expect("JSON error");
    assert_eq!(body["error"]["code"], "payload_too_large");
    well_behaved(&server).await;
}

#[tokio::test]
async fn with_an_allow_list_other_host_names_get_421() {
    let dir = common::temp_dir("abuse-allowed-hosts");
    let db = dir.join("eons.sqlite").display().to_string();
    let server = common::Server::start_with(
        &db,
        0,
        &[
            "--allowed-host",
            "eons.example.org",
            "--allowed-host",
            "127.0.0.1",
        ],
    );
    let c = common::client();
    let r = c
        .get(server.url("/api/kinds"))
        .header("host", "attacker.example")
        .send()
        .await
        .expect("GET");
    assert_eq!(r.status().as_u16(), 421);
    assert_security_headers(&r, "421");
    let body: Value = r.json().await.expect("JSON error");
    assert_eq!(body["error"]["code"], "unknown_host");
    let r = c
        .get(server.url("/api/kinds"))
        .header("host", "EONS.example.org:443")
        .send()
        .await
        .expect("GET");
    assert_eq!(r.status().as_u16(), 200, "a listed name");
    // The well-behaved client asks for 127.0.0.1:PORT, which is listed.
    well_behaved(&server).await;
}
