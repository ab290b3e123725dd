//! Seeing into the server: the Prometheus metrics on their own listener, the
//! startup line, and logs that never carry a token (even at `RUST_LOG=trace`).

use crate::common;

use common::{client, get, post, temp_dir, two_humans, Launch, Server};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

/// One sample of the Prometheus text format: name, labels, value.
#[derive(Debug)]
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// Parses the Prometheus text exposition format (`name{label="v",…} value`
/// per line, `#` comments), failing on any line that is not one.
fn parse_exposition(text: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || format!("not a sample line: {line:?}");
        let name_end = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .ok_or_else(bad)?;
        let name = &line[..name_end];
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(bad());
        }
        let mut rest = &line[name_end..];
        let mut labels = BTreeMap::new();
        if let Some(inner) = rest.strip_prefix('{') {
            rest = parse_labels(inner, &mut labels).ok_or_else(bad)?;
        }
        let value = rest
            .strip_prefix(' ')
            .and_then(|v| v.trim().parse::<f64>().ok())
            .ok_or_else(bad)?;
        samples.push(Sample {
            name: name.to_string(),
            labels,
            value,
        });
    }
    Ok(samples)
}

/// Reads `key="value",…}` (values quoted, with `\\`, `\"` and `\n`
/// escapes) into `labels`; returns what follows the `}`.
fn parse_labels<'a>(mut text: &'a str, labels: &mut BTreeMap<String, String>) -> Option<&'a str> {
    loop {
        if let Some(rest) = text.strip_prefix('}') {
            return Some(rest);
        }
        let (key, rest) = text.split_once("=\"")?;
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        let mut value = String::new();
        let mut chars = rest.char_indices();
        let end = loop {
            match chars.next()? {
                (i, '"') => break i,
                (_, '\\') => match chars.next()?.1 {
                    'n' => value.push('\n'),
                    c => value.push(c),
                },
                (_, c) => value.push(c),
            }
        };
        labels.insert(key.to_string(), value);
        text = &rest[end + 1..];
        text = text.strip_prefix(',').unwrap_or(text);
    }
}

/// The sum of the samples named `name` whose labels include `want`.
fn total(samples: &[Sample], name: &str, want: &[(&str, &str)]) -> Option<f64> {
    let found: Vec<f64> = samples
        .iter()
        .filter(|s| s.name == name)
        .filter(|s| {
            want.iter()
                .all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(*v))
        })
        .map(|s| s.value)
        .collect();
    (!found.is_empty()).then(|| found.iter().sum())
}

/// Plays `moves` choices of a two-human game through the API, each seat's
/// token as `Authorization: Bearer`; returns how many were committed.
async fn play(s: &Server, c: &reqwest::Client, id: &str, tokens: [&str; 2], moves: usize) -> usize {
    let mut made = 0;
    let mut idle = 0;
    while made < moves {
        let mut acted = false;
        for t in tokens {
            let v: Value = c
                .get(s.url(&format!("/api/games/{id}/view")))
                .bearer_auth(t)
                .send()
                .await
                .expect("view")
                .json()
                .await
                .expect("view JSON");
            let Some(pick) = v["legal"].as_array().and_then(|l| l.first()) else {
                continue;
            };
            let r = c
                .post(s.url(&format!("/api/games/{id}/choice")))
                .bearer_auth(t)
                .json(&json!({"move": v["move"], "choice": pick["choice"]}))
                .send()
                .await
                .expect("choice");
            assert_eq!(r.status(), 200, "choice {pick}");
            made += 1;
            acted = true;
            if made == moves {
                break;
            }
        }
        if !acted {
            idle += 1;
            assert!(idle < 100, "no seat of game {id} has a choice");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
    made
}

fn sqlite(dir: &Path) -> String {
    dir.join("eons.sqlite").display().to_string()
}

#[tokio::test]
async fn metrics_are_served_on_their_own_listener_and_count_what_happened() {
    let dir = temp_dir("metrics");
    let log = dir.join("stderr.log");
    let db = sqlite(&dir);
    let s = Server::launch(
        &db,
        0,
        Launch {
            args: &["--metrics-addr", "127.0.0.1:0"],
            stderr: Some(&log),
            ..Launch::default()
        },
    );
    let metrics = s.metrics.clone().expect("the metrics line");
    assert!(metrics.ends_with("/metrics"), "{metrics}");
    let c = client();
    let (id, t0, t1) = two_humans(&s, &c, 7).await;
    let made = play(&s, &c, &id, [&t0, &t1], 6).await;

    let r = c.get(&metrics).send().await.expect("scrape");
    assert_eq!(r.status(), 200);
    let content_type = r.headers()["content-type"]
        .to_str()
        .expect("ascii")
        .to_string();
    assert!(content_type.starts_with("text/plain"), "{content_type}");
    let text = r.text().await.expect("metrics text");
    let samples = parse_exposition(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));

    let moves = total(&samples, "eons_moves_total", &[]).expect("eons_moves_total");
    assert!(moves >= made as f64, "{moves} < {made}\n{text}");
    let choices = total(
        &samples,
        "eons_http_requests_total",
        &[
            ("route", "/api/games/{id}/choice"),
            ("method", "POST"),
            ("status", "200"),
        ],
    )
    .expect("choices counted by route");
    assert!(choices >= made as f64, "{choices} < {made}\n{text}");
    let creates = total(
        &samples,
        "eons_http_requests_total",
        &[
            ("route", "/api/games"),
            ("method", "POST"),
            ("status", "201"),
        ],
    );
    assert_eq!(creates, Some(1.0), "{text}");
    let timed = total(
        &samples,
        "eons_http_request_duration_seconds_count",
        &[("route", "/api/games/{id}/view")],
    )
    .expect("views timed");
    assert!(timed >= made as f64, "{text}");
    assert!(
        total(
            &samples,
            "eons_http_request_duration_seconds_bucket",
            &[("route", "/api/games/{id}/view"), ("le", "+Inf")],
        )
        .is_some(),
        "a histogram, not a summary\n{text}"
    );
    let games = total(&samples, "eons_games_in_memory", &[]).expect("eons_games_in_memory");
    assert!(games >= 1.0, "{text}");
    assert_eq!(
        total(&samples, "eons_open_sockets", &[]),
        Some(0.0),
        "{text}"
    );
    // No label carries a URI (or its token).
    for t in [&t0, &t1] {
        assert!(!text.contains(t.as_str()), "a token in the metrics");
    }

    // Not on the application's listener.
    let main = c.get(s.url("/metrics")).send().await.expect("GET /metrics");
    assert_eq!(main.status(), 404);

    // The startup line names the address, the database and the limits.
    s.kill();
    let logged = std::fs::read_to_string(&log).expect("stderr");
    let startup = logged
        .lines()
        .find(|l| l.contains("eons-server started"))
        .unwrap_or_else(|| panic!("no startup line in {logged}"));
    for part in [
        format!("sqlite {db}"),
        "BotLimits".into(),
        "TrafficLimits".into(),
        "127.0.0.1:".into(),
    ] {
        assert!(startup.contains(&part), "{part:?} not in {startup}");
    }
}

#[tokio::test]
async fn no_token_reaches_the_logs_even_at_trace() {
    let dir = temp_dir("no-token-logs");
    let log = dir.join("stderr.log");
    let s = Server::launch(
        &sqlite(&dir),
        0,
        Launch {
            env: &[("RUST_LOG", "trace"), ("EONS_LOG_FORMAT", "json")],
            stderr: Some(&log),
            ..Launch::default()
        },
    );
    let c = client();
    let (id, invite0, invite1) = two_humans(&s, &c, 11).await;
    // Seat 1 claims its invite and chooses its new token.
    let chosen = "0123456789abcdef0123456789abcdef0123456789abcdef".to_string();
    let r = post(
        &c,
        &s.url("/api/claim"),
        &json!({"token": invite1, "name": "Bob", "new_token": chosen}),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    // Tokens in the query, in the header, on routes that exist or not.
    let v = get(&c, &s.url(&format!("/api/games/{id}/view?token={invite0}"))).await;
    assert_eq!(v.status, 200, "{:?}", v.body);
    let made = play(&s, &c, &id, [&invite0, &chosen], 2).await;
    assert_eq!(made, 2);
    let r = c
        .get(s.url(&format!("/api/games/{id}/log")))
        .header("authorization", format!("BEARER {chosen}"))
        .send()
        .await
        .expect("log");
    assert!(r.status().is_success() || r.status().is_client_error());
    let r = c
        .get(s.url(&format!("/no/such/page?token={invite0}")))
        .send()
        .await
        .expect("unmatched");
    assert!(r.status().is_client_error() || r.status().is_success());
    // A WebSocket with the token in its URL (refused: the token goes in
    // the subprotocol header) and one with it in that header.
    let in_url = format!("{}?token={invite0}", s.ws_url(&id));
    if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(in_url).await {
        let _ = ws.close(None).await;
    }
    if let Ok((mut ws, _)) =
        tokio_tungstenite::connect_async(s.ws_request(&id, Some(&invite0))).await
    {
        let _ = ws.close(None).await;
    }
    // A move that fails, so that errors are logged too.
    let r = post(
        &c,
        &s.url(&format!("/api/games/{id}/choice?token={invite0}")),
        &json!({"move": 0, "index": 0}),
    )
    .await;
    assert!(r.status >= 400, "{:?}", r.body);
    s.kill();

    let logged = std::fs::read_to_string(&log).expect("stderr");
    // The log is there (and is JSON, one object per line) ...
    let lines: Vec<&str> = logged.lines().filter(|l| !l.trim().is_empty()).collect();
    for line in &lines {
        serde_json::from_str::<Value>(line)
            .unwrap_or_else(|e| panic!("not a JSON log line ({e}): {line}"));
    }
    assert!(
        logged.contains("/api/games/{id}/choice") && logged.contains("/api/games/{id}/view"),
        "the request spans name their routes: {logged}"
    );
    // ... and no token is in it.
    for t in [&invite0, &invite1, &chosen] {
        assert!(!logged.contains(t.as_str()), "token {t} logged:\n{logged}");
    }
}
