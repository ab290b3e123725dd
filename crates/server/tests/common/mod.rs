//! Helpers for tests against a real `eons-server` process.
#![allow(dead_code)]

pub mod analysis;
pub mod appends;
pub mod cancel;
pub mod chat;
pub mod clocks;
pub mod devices;
pub mod lookback;
pub mod open_seats;
pub mod presence;
pub mod ratings;
pub mod resign;
pub mod suite;
pub mod webhooks;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Upper bound for waiting on a server-side event (a timeout, not a timing assertion).
pub const PATIENCE: Duration = Duration::from_secs(300);

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh directory for one test's database.
pub fn temp_dir(name: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let d = std::env::temp_dir().join(format!(
        "eons-server-test-{}-{name}-{n}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// A running server process, killed (SIGKILL) when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    /// The database given to it.
    pub db: String,
    /// `http://127.0.0.1:PORT/metrics` when started with `--metrics-addr`.
    pub metrics: Option<String>,
}

/// How to start a server beyond its database and bot pace.
#[derive(Default)]
pub struct Launch<'a> {
    /// More command-line arguments.
    pub args: &'a [&'a str],
    /// Environment variables to set.
    pub env: &'a [(&'a str, &'a str)],
    /// A file to write its stderr to (else the test's stderr).
    pub stderr: Option<&'a std::path::Path>,
    /// The soft limit on open files to start it with (`ulimit -Sn`).
    pub soft_open_files: Option<u64>,
    /// The hard limit on open files to start it with (`ulimit -Hn`): the
    /// process cannot raise its soft limit past it.
    pub hard_open_files: Option<u64>,
}

impl Server {
    /// Starts the server on a free port with `db` and the given bot pace.
    pub fn start(db: &str, bot_pace_ms: u64) -> Server {
        Server::start_with(db, bot_pace_ms, &[])
    }

    /// Like [`Server::start`], with more command-line arguments.
    pub fn start_with(db: &str, bot_pace_ms: u64, extra: &[&str]) -> Server {
        Server::launch(
            db,
            bot_pace_ms,
            Launch {
                args: extra,
                ..Launch::default()
            },
        )
    }

    /// Like [`Server::start_with`], with more environment variables (such
    /// as `RUST_LOG`) and, when `stderr` names a file, the process's
    /// standard error (its log) written to that file.
    pub fn start_logged(
        db: &str,
        bot_pace_ms: u64,
        extra: &[&str],
        env: &[(&str, &str)],
        stderr: Option<&std::path::Path>,
    ) -> Server {
        Server::launch(
            db,
            bot_pace_ms,
            Launch {
                args: extra,
                env,
                stderr,
                ..Launch::default()
            },
        )
    }

    /// Like [`Server::start`], with more arguments, environment variables and
    /// a file for its stderr. With `--metrics-addr` among the arguments,
    /// reads the metrics line after the listening line.
    pub fn launch(db: &str, bot_pace_ms: u64, how: Launch) -> Server {
        let stderr = match how.stderr {
            Some(path) => Stdio::from(std::fs::File::create(path).expect("stderr file")),
            None => Stdio::inherit(),
        };
        let binary = env!("CARGO_BIN_EXE_eons-server");
        let mut command = if how.soft_open_files.is_none() && how.hard_open_files.is_none() {
            Command::new(binary)
        } else {
            // A shell sets the limits, then becomes the server (same pid).
            let mut script = String::new();
            if let Some(n) = how.soft_open_files {
                script.push_str(&format!("ulimit -Sn {n} && "));
            }
            if let Some(n) = how.hard_open_files {
                script.push_str(&format!("ulimit -Hn {n} && "));
            }
            script.push_str("exec \"$0\" \"$@\"");
            let mut c = Command::new("sh");
            c.arg("-c").arg(script).arg(binary);
            c
        };
        let mut child = command
            .args([
                "--addr",
                "127.0.0.1:0",
                "--db",
                db,
                "--bot-pace-ms",
                &bot_pace_ms.to_string(),
                "--test-games",
                // A PostgreSQL test database outlives a run: the bot games
                // earlier runs left unfinished would count against
                // 127.0.0.1. Tests of that cap pass a lower one in `extra`
                // (the last option wins).
                "--max-bot-games-per-address",
                "1000000",
            ])
            .args(how.args)
            .envs(how.env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("start eons-server");
        let stdout = child.stdout.take().expect("stdout");
        let mut stdout = BufReader::new(stdout);
        let mut line = String::new();
        stdout
            .read_line(&mut line)
            .expect("read the listening line");
        let base = line
            .trim()
            .strip_prefix("eons-server listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        let metrics = how.args.contains(&"--metrics-addr").then(|| {
            let mut line = String::new();
            stdout.read_line(&mut line).expect("read the metrics line");
            line.trim()
                .strip_prefix("eons-server metrics on ")
                .unwrap_or_else(|| panic!("unexpected second line {line:?}"))
                .to_string()
        });
        Server {
            child,
            base,
            db: db.to_string(),
            metrics,
        }
    }

    /// SIGKILL, and wait for the process to be gone.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The server's process id (to read its memory in `/proc`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// How many files (sockets included) the server has open: the entries
    /// of `/proc/PID/fd`; None where there is no `/proc`.
    pub fn open_files(&self) -> Option<usize> {
        std::fs::read_dir(format!("/proc/{}/fd", self.pid()))
            .ok()
            .map(|entries| entries.count())
    }

    /// The server's soft and hard limits on open files (the `Max open
    /// files` line of `/proc/PID/limits`); None where there is no `/proc`.
    pub fn open_file_limits(&self) -> Option<(u64, u64)> {
        let limits = std::fs::read_to_string(format!("/proc/{}/limits", self.pid())).ok()?;
        let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
        let mut numbers = line
            .trim_start_matches("Max open files")
            .split_whitespace()
            .map(|n| n.parse::<u64>().ok());
        Some((numbers.next()??, numbers.next()??))
    }

    /// The server's socket address, for raw TCP clients.
    pub fn addr(&self) -> std::net::SocketAddr {
        self.base
            .trim_start_matches("http://")
            .parse()
            .expect("the server's address")
    }

    /// A URL under the server.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// The WebSocket URL of a game (it carries no token: see [`Server::ws_request`]).
    pub fn ws_url(&self, id: &str) -> String {
        let base = self.base.replacen("http://", "ws://", 1);
        format!("{base}/api/games/{id}/ws")
    }

    /// The WebSocket request of a game as the web client makes it: the
    /// subprotocol `eons`, and the seat's token (if any) as the subprotocol
    /// `eons.token.TOKEN`.
    pub fn ws_request(&self, id: &str, token: Option<&str>) -> WsRequest {
        ws_request(&self.ws_url(id), token)
    }
}

/// A WebSocket handshake request (for `tokio_tungstenite::connect_async`).
pub type WsRequest = tokio_tungstenite::tungstenite::handshake::client::Request;

/// The WebSocket request for `url` offering the subprotocol `eons` and, with
/// a token, `eons.token.TOKEN` (the seat's token never goes in the URL).
pub fn ws_request(url: &str, token: Option<&str>) -> WsRequest {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut r = url.into_client_request().expect("a WebSocket URL");
    let protocols = match token {
        Some(t) => format!("eons, eons.token.{t}"),
        None => "eons".to_string(),
    };
    r.headers_mut().insert(
        "sec-websocket-protocol",
        protocols.parse().expect("a header value"),
    );
    r
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: status and JSON body.
#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub body: Value,
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(120))
        .build()
        .expect("client")
}

pub async fn get(c: &reqwest::Client, url: &str) -> Resp {
    let r = c.get(url).send().await.expect("GET");
    let status = r.status().as_u16();
    let body = r.json().await.unwrap_or(Value::Null);
    Resp { status, body }
}

pub async fn post(c: &reqwest::Client, url: &str, body: &Value) -> Resp {
    let r = c.post(url).json(body).send().await.expect("POST");
    let status = r.status().as_u16();
    let body = r.json().await.unwrap_or(Value::Null);
    Resp { status, body }
}

pub async fn post_raw(c: &reqwest::Client, url: &str, body: &str) -> Resp {
    let r = c
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("POST");
    let status = r.status().as_u16();
    let body = r.json().await.unwrap_or(Value::Null);
    Resp { status, body }
}

/// Creates a game and returns (id, tokens by seat).
pub async fn create(s: &Server, c: &reqwest::Client, req: Value) -> (String, Vec<Option<String>>) {
    let r = post(c, &s.url("/api/games"), &req).await;
    assert_eq!(r.status, 201, "create: {:?}", r.body);
    let id = r.body["id"].as_str().expect("id").to_string();
    let n = req["players"].as_u64().unwrap_or(0) as usize;
    let mut tokens = vec![None; n.max(req["seats"].as_array().map_or(0, |a| a.len()))];
    for t in r.body["tokens"].as_array().expect("tokens") {
        let seat = t["seat"].as_u64().expect("seat") as usize;
        tokens[seat] = Some(t["token"].as_str().expect("token").to_string());
    }
    (id, tokens)
}

/// A 2-player Dominant Species game of two open human seats: its id and the
/// two invite tokens.
pub async fn two_humans(s: &Server, c: &reqwest::Client, seed: u64) -> (String, String, String) {
    let (id, tokens) = create(
        s,
        c,
        json!({"game": "ds", "players": 2, "seed": seed, "seats": [{}, {}]}),
    )
    .await;
    let [Some(t0), Some(t1)] = [&tokens[0], &tokens[1]].map(Clone::clone) else {
        panic!("two invite tokens: {tokens:?}");
    };
    (id, t0, t1)
}

/// A 2-player Dominant Species game between two bots.
pub fn ds_bots(seed: u64) -> Value {
    json!({
        "game": "ds", "players": 2, "seed": seed,
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    })
}

/// Polls the summary until the game is over; returns it.
pub async fn wait_over(s: &Server, c: &reqwest::Client, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let r = get(c, &s.url(&format!("/api/games/{id}"))).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        if r.body["over"] == json!(true) {
            return r.body;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "game {id} did not end: {:?}",
            r.body
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Replays a record with the `eons-server replay` command (an independent
/// process) and returns its printed result.
pub fn replay_record(record: &Value, dir: &std::path::Path) -> Value {
    let path = dir.join("record.json");
    std::fs::write(&path, record.to_string()).expect("write record");
    let out = Command::new(env!("CARGO_BIN_EXE_eons-server"))
        .arg("replay")
        .arg(&path)
        .output()
        .expect("run replay");
    assert!(
        out.status.success(),
        "replay failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("replay output is JSON")
}

/// A small deterministic generator for picking choices.
pub struct Lcg(pub u64);
impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Plays every human seat of a game (tokens given) through the HTTP API,
/// picking among the legal choices, until the game ends. Returns the number
/// of choices submitted.
pub async fn play_humans(
    s: &Server,
    c: &reqwest::Client,
    id: &str,
    tokens: &[Option<String>],
    seed: u64,
) -> usize {
    let mut rng = Lcg(seed);
    let mut made = 0;
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < PATIENCE, "game {id} did not end");
        let mut acted = false;
        for t in tokens.iter().flatten() {
            let v = get(c, &s.url(&format!("/api/games/{id}/view?token={t}"))).await;
            assert_eq!(v.status, 200, "{:?}", v.body);
            if v.body["over"] == json!(true) {
                return made;
            }
            let legal = v.body["legal"].as_array().expect("legal");
            if legal.is_empty() {
                continue;
            }
            let pick = &legal[rng.below(legal.len())];
            let r = post(
                c,
                &s.url(&format!("/api/games/{id}/choice?token={t}")),
                &json!({"move": v.body["move"], "choice": pick["choice"]}),
            )
            .await;
            assert_eq!(r.status, 200, "choice {pick}: {:?}", r.body);
            made += 1;
            acted = true;
        }
        if !acted {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// The PostgreSQL test database (`EONS_TEST_DATABASE_URL`, set by
/// `scripts/ci-server.sh`). Every test that calls this is marked
/// `#[ignore = "needs PostgreSQL …"]`, so a plain `cargo test` counts it as
/// ignored (a visible skip, never a silent pass); asked for with
/// `--include-ignored`, a missing database fails the test.
pub fn pg() -> String {
    match std::env::var("EONS_TEST_DATABASE_URL") {
        Ok(u) if !u.trim().is_empty() => u,
        _ => panic!(
            "EONS_TEST_DATABASE_URL is not set: start PostgreSQL with \
             `source scripts/ci-server.sh --setup-only`, or leave out --include-ignored"
        ),
    }
}
