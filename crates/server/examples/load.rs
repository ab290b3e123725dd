//! Load run (a measurement, not a test): concurrent Dominant Species games
//! played through the HTTP/WebSocket API of a server on loopback. Each human
//! seat is driven by this client: it waits for its seat's WebSocket push,
//! (in `mixed` mode) thinks for a while, picks a random legal choice and
//! POSTs it by index with the move number; the 200 comes only after the
//! move is committed. Bot seats are played by the server.
//!
//! Two modes:
//! - `saturated` (the throughput figure): `--games` games of two humans, no
//!   think time, each playing `--moves` moves (a finished game is replaced
//!   by a new one). Reports committed moves/s and the latency of a move.
//! - `mixed`: `--games` games at once for `--seconds` (after `--warmup`):
//!   half of them two humans thinking `--think-ms MIN-MAX` (0.5–2 s) between
//!   a push and their move, a quarter one such human against a bot, a
//!   quarter bot against bot (at the server's `--bot-pace-ms`, 0 for the
//!   run). Reports committed moves/s of all games, and the latency of the
//!   human moves alone. A finished game is replaced by a new one of its kind.
//!
//! ```text
//! eons-server --addr 127.0.0.1:8090 --db load.sqlite --bot-pace-ms 0 \
//!     --max-games-per-hour 1000000 --max-sockets 5000 --max-sockets-per-address 5000 \
//!     --max-connections-per-address 5000 --max-bot-games-per-address 1000 &
//! cargo build --release -p eons-server --example load
//! target/release/examples/load --server http://127.0.0.1:8090 --mode saturated --games 200 --moves 100
//! target/release/examples/load --server http://127.0.0.1:8090 --mode mixed --games 500 --seconds 60
//! ```
//!
//! The client is kept cheap, since it shares the machine with the server:
//! a push is read for its move number, `over` and the number of legal
//! choices only (the rest is skipped, not built). All traffic goes to the
//! given loopback server; the run is bounded and stops by itself.
//!
//! `--ws-token query` sends each socket's seat token as `?token=` instead of
//! a subprotocol, for measuring a server from before the subprotocol side by
//! side with this one (same client).

use futures_util::StreamExt;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::json;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Saturated,
    Mixed,
}

struct Args {
    server: String,
    mode: Mode,
    games: usize,
    moves: usize,
    seconds: u64,
    warmup: u64,
    think: (u64, u64),
    bot: String,
    /// Where a socket's seat token goes: a subprotocol (this server), or
    /// `?token=` for a server older than the subprotocol (to measure a base
    /// commit side by side with the same client).
    token_in_query: bool,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        server: "http://127.0.0.1:8090".into(),
        mode: Mode::Saturated,
        games: 200,
        moves: 100,
        seconds: 60,
        warmup: 10,
        think: (500, 2000),
        bot: "greedy".into(),
        token_in_query: false,
    };
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mut it = v.iter();
    while let Some(k) = it.next() {
        let val = it.next().ok_or(format!("{k} needs a value"))?;
        match k.as_str() {
            "--server" => a.server = val.trim_end_matches('/').to_string(),
            "--mode" => {
                a.mode = match val.as_str() {
                    "saturated" => Mode::Saturated,
                    "mixed" => Mode::Mixed,
                    _ => return Err("--mode saturated|mixed".into()),
                }
            }
            "--games" => a.games = val.parse().map_err(|_| "--games N")?,
            "--moves" => a.moves = val.parse().map_err(|_| "--moves N")?,
            "--seconds" => a.seconds = val.parse().map_err(|_| "--seconds S")?,
            "--warmup" => a.warmup = val.parse().map_err(|_| "--warmup S")?,
            "--think-ms" => {
                let (lo, hi) = val.split_once('-').ok_or("--think-ms MIN-MAX")?;
                a.think = (
                    lo.parse().map_err(|_| "--think-ms MIN-MAX")?,
                    hi.parse().map_err(|_| "--think-ms MIN-MAX")?,
                );
                if a.think.0 > a.think.1 {
                    return Err("--think-ms MIN-MAX with MIN <= MAX".into());
                }
            }
            "--bot" => a.bot = val.clone(),
            "--ws-token" => {
                a.token_in_query = match val.as_str() {
                    "subprotocol" => false,
                    "query" => true,
                    _ => return Err("--ws-token subprotocol|query".into()),
                }
            }
            _ => return Err(format!("unknown argument {k}")),
        }
    }
    if !(a.server.starts_with("http://127.") || a.server.starts_with("http://localhost")) {
        return Err("the load run only targets a loopback server".into());
    }
    Ok(a)
}

/// What the client reads of a push: the rest of the snapshot is skipped.
#[derive(Deserialize)]
struct Push {
    state: PushState,
}

#[derive(Deserialize)]
struct PushState {
    #[serde(rename = "move")]
    moves: i64,
    over: bool,
    legal: Vec<IgnoredAny>,
}

#[derive(Deserialize)]
struct Summary {
    #[serde(rename = "move")]
    moves: i64,
    over: bool,
}

#[derive(Deserialize)]
struct Created {
    id: String,
    tokens: Vec<SeatToken>,
}

#[derive(Deserialize)]
struct SeatToken {
    token: String,
}

/// The kinds of game of a run.
#[derive(Clone, Copy)]
enum Table {
    /// Two human seats.
    Humans,
    /// A human (seat 1) against a bot.
    HumanAndBot,
    /// Two bots.
    Bots,
}

/// Counters shared by every game task.
struct Stats {
    /// Committed moves seen, of every game (move numbers pushed or polled).
    committed: AtomicU64,
    /// Human moves acknowledged.
    human: AtomicU64,
    /// Games that failed (an error other than a stale move).
    failed: AtomicU64,
    /// Human move latencies measured inside the window.
    latencies: Mutex<Vec<Duration>>,
    /// Inside the measured window.
    measuring: AtomicBool,
    /// The run is over: every task stops.
    stop: AtomicBool,
}

struct Run {
    a: Args,
    http: reqwest::Client,
    stats: Stats,
}

impl Run {
    async fn create(&self, table: Table, seed: u64) -> Result<Created, String> {
        let bot = json!({ "kind": "bot", "bot": self.a.bot });
        let seats = match table {
            Table::Humans => vec![json!({}), json!({})],
            Table::HumanAndBot => vec![json!({}), bot],
            Table::Bots => vec![bot.clone(), bot],
        };
        let r = self
            .http
            .post(format!("{}/api/games", self.a.server))
            .json(&json!({ "game": "ds", "players": 2, "seed": seed, "seats": seats }))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if !r.status().is_success() {
            return Err(format!("create: {}", r.status()));
        }
        r.json().await.map_err(|e| e.to_string())
    }

    /// Plays the human seats of a game until it is over, `moves` moves were
    /// made, or the run stops.
    async fn play(&self, g: &Created, think: bool, rng: &mut u64) -> Result<usize, String> {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(usize, PushState)>();
        let ws_base = self.a.server.replacen("http://", "ws://", 1);
        let mut readers = Vec::new();
        for (seat, t) in g.tokens.iter().enumerate() {
            // The seat's token goes as a subprotocol, never in the URL
            // (but for a server older than that, `--ws-token query`).
            let url = match self.a.token_in_query {
                true => format!("{ws_base}/api/games/{}/ws?token={}", g.id, t.token),
                false => format!("{ws_base}/api/games/{}/ws", g.id),
            };
            let mut request = url.into_client_request().map_err(|e| e.to_string())?;
            if !self.a.token_in_query {
                request.headers_mut().insert(
                    "sec-websocket-protocol",
                    format!("eons, eons.token.{}", t.token)
                        .parse()
                        .map_err(|e| format!("{e}"))?,
                );
            }
            let (ws, _) = tokio_tungstenite::connect_async(request)
                .await
                .map_err(|e| e.to_string())?;
            let tx = tx.clone();
            readers.push(tokio::spawn(async move {
                let (_, mut read) = ws.split();
                while let Some(Ok(m)) = read.next().await {
                    if let Message::Text(t) = m {
                        if let Ok(p) = serde_json::from_str::<Push>(&t) {
                            if tx.send((seat, p.state)).is_err() {
                                break;
                            }
                        }
                    }
                }
            }));
        }
        drop(tx);
        let result = self.drive(g, think, rng, &mut rx).await;
        for r in readers {
            r.abort();
        }
        result
    }

    async fn drive(
        &self,
        g: &Created,
        think: bool,
        rng: &mut u64,
        rx: &mut tokio::sync::mpsc::UnboundedReceiver<(usize, PushState)>,
    ) -> Result<usize, String> {
        let stats = &self.stats;
        let mut made = 0;
        let mut done_move = -1i64;
        let mut seen = 0i64;
        let most = match self.a.mode {
            Mode::Saturated => self.a.moves,
            Mode::Mixed => usize::MAX,
        };
        while made < most && !stats.stop.load(Ordering::Relaxed) {
            let Ok(next) = tokio::time::timeout(Duration::from_secs(1), rx.recv()).await else {
                continue;
            };
            let Some((seat, st)) = next else { break };
            if st.moves > seen {
                stats
                    .committed
                    .fetch_add((st.moves - seen) as u64, Ordering::Relaxed);
                seen = st.moves;
            }
            if st.over {
                break;
            }
            if st.legal.is_empty() || st.moves <= done_move {
                continue;
            }
            let pick = next_random(rng) % st.legal.len() as u64;
            if think {
                let (lo, hi) = self.a.think;
                let wait = lo + next_random(rng) % (hi - lo + 1);
                tokio::time::sleep(Duration::from_millis(wait)).await;
            }
            let t0 = Instant::now();
            let r = self
                .http
                .post(format!("{}/api/games/{}/choice", self.a.server, g.id))
                .bearer_auth(&g.tokens[seat].token)
                .json(&json!({ "move": st.moves, "index": pick }))
                .send()
                .await
                .map_err(|e| e.to_string())?;
            let status = r.status();
            let _ = r.bytes().await;
            let took = t0.elapsed();
            if status.is_success() {
                stats.human.fetch_add(1, Ordering::Relaxed);
                if stats.measuring.load(Ordering::Relaxed) {
                    if let Ok(mut l) = stats.latencies.lock() {
                        l.push(took);
                    }
                }
                made += 1;
                done_move = st.moves;
            } else if status.as_u16() != 409 {
                return Err(format!("choice: {status}"));
            }
        }
        Ok(made)
    }

    /// Follows a bot game by its summary (once a second) until it is over
    /// or the run stops.
    async fn watch(&self, g: &Created) -> Result<(), String> {
        let mut seen = 0i64;
        while !self.stats.stop.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let r = self
                .http
                .get(format!("{}/api/games/{}", self.a.server, g.id))
                .send()
                .await
                .map_err(|e| e.to_string())?;
            let s: Summary = r.json().await.map_err(|e| e.to_string())?;
            if s.moves > seen {
                self.stats
                    .committed
                    .fetch_add((s.moves - seen) as u64, Ordering::Relaxed);
                seen = s.moves;
            }
            if s.over {
                break;
            }
        }
        Ok(())
    }

    /// One table of the run: a game of its kind, then another once it is
    /// over, until the run stops (saturated: one game of `--moves` moves).
    async fn table(self: Arc<Self>, n: usize, table: Table) {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ (n as u64).wrapping_mul(0x2545_F491_4F6C_DD1D);
        let think = self.a.mode == Mode::Mixed;
        let mut round = 0u64;
        while !self.stats.stop.load(Ordering::Relaxed) {
            let seed = 1000 + n as u64 + 100_000 * round;
            round += 1;
            let r = match self.create(table, seed).await {
                Ok(g) => match table {
                    Table::Bots => self.watch(&g).await,
                    _ => self.play(&g, think, &mut rng).await.map(|_| ()),
                },
                Err(e) => Err(e),
            };
            if let Err(e) = r {
                self.stats.failed.fetch_add(1, Ordering::Relaxed);
                eprintln!("load: game {n}: {e}");
                return;
            }
            if self.a.mode == Mode::Saturated {
                return;
            }
        }
    }
}

fn next_random(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
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
        Ok(a) => a,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let run = Arc::new(Run {
        http: reqwest::Client::new(),
        stats: Stats {
            committed: AtomicU64::new(0),
            human: AtomicU64::new(0),
            failed: AtomicU64::new(0),
            latencies: Mutex::new(Vec::new()),
            measuring: AtomicBool::new(false),
            stop: AtomicBool::new(false),
        },
        a,
    });
    let start = Instant::now();
    let mut tasks = Vec::new();
    for n in 0..run.a.games {
        let table = match (run.a.mode, n % 4) {
            (Mode::Saturated, _) | (Mode::Mixed, 0 | 1) => Table::Humans,
            (Mode::Mixed, 2) => Table::HumanAndBot,
            _ => Table::Bots,
        };
        tasks.push(tokio::spawn(run.clone().table(n, table)));
    }
    let all = tokio::spawn(futures_util::future::join_all(tasks));
    // The window: saturated from the start to the last game's end; mixed
    // from the end of the warm-up for `--seconds`.
    let (warmup, length) = match run.a.mode {
        Mode::Saturated => (0, u64::MAX),
        Mode::Mixed => (run.a.warmup, run.a.seconds),
    };
    let stats = &run.stats;
    if warmup == 0 {
        stats.measuring.store(true, Ordering::Relaxed);
    }
    let mut window_start = (start, 0u64, 0u64);
    let mut last = (Instant::now(), 0u64);
    let mut tick = tokio::time::interval(Duration::from_secs(5));
    tick.tick().await;
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = tokio::time::sleep(Duration::from_millis(200)) => {
                if !all.is_finished() { continue; }
            }
        }
        let now = Instant::now();
        let committed = stats.committed.load(Ordering::Relaxed);
        let human = stats.human.load(Ordering::Relaxed);
        let secs = now.duration_since(start).as_secs();
        if !stats.measuring.load(Ordering::Relaxed) && secs >= warmup {
            stats.measuring.store(true, Ordering::Relaxed);
            window_start = (now, committed, human);
        }
        if now.duration_since(last.0) >= Duration::from_secs(5) || all.is_finished() {
            eprintln!(
                "load: {secs:>4} s: {committed} moves committed ({:.0}/s lately), {human} human moves",
                (committed - last.1) as f64 / now.duration_since(last.0).as_secs_f64()
            );
            last = (now, committed);
        }
        let measured = now.duration_since(window_start.0).as_secs();
        if all.is_finished() || (stats.measuring.load(Ordering::Relaxed) && measured >= length) {
            stats.stop.store(true, Ordering::Relaxed);
            stats.measuring.store(false, Ordering::Relaxed);
            let secs = now.duration_since(window_start.0).as_secs_f64();
            let moves = committed - window_start.1;
            let humans = human - window_start.2;
            let mut l = stats
                .latencies
                .lock()
                .map(|l| l.clone())
                .unwrap_or_default();
            l.sort();
            let mode = match run.a.mode {
                Mode::Saturated => "saturated",
                Mode::Mixed => "mixed",
            };
            println!(
                "{mode}: {} games, {moves} moves committed in {secs:.1} s: {:.0} moves/s; {humans} human moves ({:.0}/s), latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} games failed",
                run.a.games,
                moves as f64 / secs,
                humans as f64 / secs,
                pct(&l, 0.5),
                pct(&l, 0.9),
                pct(&l, 0.99),
                pct(&l, 1.0),
                stats.failed.load(Ordering::Relaxed),
            );
            break;
        }
    }
    // Give the tasks a moment to see the stop, then leave.
    let _ = tokio::time::timeout(Duration::from_secs(5), all).await;
}
