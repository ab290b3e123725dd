//! Load run (a measurement, not a test): N concurrent Dominant Species games
//! played through the HTTP/WebSocket API on loopback. Every seat is driven by
//! this client: it waits for its seat's WebSocket push, picks a random legal
//! choice and POSTs it with the move number. Reports moves per second and the
//! p50/p90/p99 latency of an acknowledged (committed) move.
//!
//! ```text
//! eons-server --addr 127.0.0.1:8090 --db load.sqlite --bot-pace-ms 0 \
//!     --max-games-per-hour 100000 --max-sockets 100000 --max-sockets-per-address 100000 &
//! cargo build --profile test -p eons-server --example load
//! target/debug/examples/load --server http://127.0.0.1:8090 --games 16 --moves 400
//! ```
//!
//! All traffic goes to the given loopback server; the run is bounded by
//! `--games × --moves` choices and stops by itself.

use futures_util::StreamExt;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

struct Args {
    server: String,
    games: usize,
    moves: usize,
    players: usize,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        server: "http://127.0.0.1:8090".into(),
        games: 8,
        moves: 300,
        players: 2,
    };
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mut it = v.iter();
    while let Some(k) = it.next() {
        let val = it.next().ok_or(format!("{k} needs a value"))?;
        match k.as_str() {
            "--server" => a.server = val.trim_end_matches('/').to_string(),
            "--games" => a.games = val.parse().map_err(|_| "--games N")?,
            "--moves" => a.moves = val.parse().map_err(|_| "--moves N")?,
            "--players" => a.players = val.parse().map_err(|_| "--players N")?,
            _ => return Err(format!("unknown argument {k}")),
        }
    }
    if !(a.server.starts_with("http://127.") || a.server.starts_with("http://localhost")) {
        return Err("the load run only targets a loopback server".into());
    }
    Ok(a)
}

async fn play_game(
    a: Arc<Args>,
    g: usize,
    http: reqwest::Client,
    lat: Arc<Mutex<Vec<Duration>>>,
) -> Result<usize, String> {
    let r = http
        .post(format!("{}/api/games", a.server))
        .json(&json!({ "game": "ds", "players": a.players, "seed": 1000 + g, "seats": vec![json!({}); a.players] }))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let created: Value = r.json().await.map_err(|e| e.to_string())?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let tokens: Vec<String> = created["tokens"]
        .as_array()
        .ok_or("no tokens")?
        .iter()
        .filter_map(|t| t["token"].as_str().map(String::from))
        .collect();
    // One WebSocket per seat; a shared channel of (seat, snapshot).
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(usize, Value)>();
    let ws_base = a.server.replacen("http://", "ws://", 1);
    for (seat, t) in tokens.iter().enumerate() {
        // The seat's token goes as a subprotocol, never in the URL.
        let mut request = format!("{ws_base}/api/games/{id}/ws")
            .into_client_request()
            .map_err(|e| e.to_string())?;
        request.headers_mut().insert(
            "sec-websocket-protocol",
            format!("eons, eons.token.{t}")
                .parse()
                .map_err(|e| format!("{e}"))?,
        );
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(|e| e.to_string())?;
        let tx = tx.clone();
        tokio::spawn(async move {
            let (_, mut read) = ws.split();
            while let Some(Ok(m)) = read.next().await {
                if let Message::Text(t) = m {
                    if let Ok(v) = serde_json::from_str::<Value>(&t) {
                        if tx.send((seat, v["state"].clone())).is_err() {
                            break;
                        }
                    }
                }
            }
        });
    }
    drop(tx);
    let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ g as u64;
    let mut made = 0;
    let mut done_move = -1i64;
    while made < a.moves {
        let Some((seat, st)) = tokio::time::timeout(Duration::from_secs(60), rx.recv())
            .await
            .map_err(|_| "no push in 60 s")?
        else {
            break;
        };
        if st["over"] == json!(true) {
            break;
        }
        let mv = st["move"].as_i64().unwrap_or(-1);
        let legal = st["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() || mv <= done_move {
            continue;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = &legal[((rng >> 33) as usize) % legal.len()];
        let t0 = Instant::now();
        let r = http
            .post(format!("{}/api/games/{id}/choice", a.server))
            .bearer_auth(&tokens[seat])
            .json(&json!({ "move": mv, "choice": pick["choice"] }))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let status = r.status();
        let _ = r.bytes().await;
        if status.is_success() {
            lat.lock().await.push(t0.elapsed());
            made += 1;
            done_move = mv;
        }
    }
    Ok(made)
}

fn pct(v: &[Duration], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i.min(v.len() - 1)].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let a = match args() {
        Ok(a) => Arc::new(a),
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let http = reqwest::Client::new();
    let lat = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..a.games {
        tasks.push(tokio::spawn(play_game(
            a.clone(),
            g,
            http.clone(),
            lat.clone(),
        )));
    }
    let mut total = 0;
    for t in tasks {
        match t.await {
            Ok(Ok(n)) => total += n,
            Ok(Err(e)) => eprintln!("load: a game failed: {e}"),
            Err(e) => eprintln!("load: a task failed: {e}"),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mut l = lat.lock().await.clone();
    l.sort();
    println!(
        "{} games, {} moves in {:.1} s: {:.0} moves/s; move latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        a.games,
        total,
        secs,
        total as f64 / secs,
        pct(&l, 0.5),
        pct(&l, 0.9),
        pct(&l, 0.99),
        pct(&l, 1.0)
    );
}
