//! `eons-server`: a small binary around the `eons-server` library, for tests,
//! load runs and local play (the `eons serve` command calls the same library).
//!
//! ```text
//! eons-server [--addr 127.0.0.1:8080] [--db eons.sqlite | --db postgres://…]
//!             [--bot-pace-ms 700] [--test-games] [--web-dir web/]
//!             [--bot-max-time-ms 10000] [--bot-max-iterations 1000000] [--bot-max-threads N]
//!             [--bot-pool-threads N] [--max-bot-games-per-address 10]
//!             [--max-games-per-hour 60] [--max-sockets 1000] [--max-sockets-per-game 50]
//!             [--max-sockets-per-address 20] [--ws-ping-ms 20000]
//!             [--evict-idle-after-s 600] [--snapshot-every 200]
//!             [--trusted-proxy ADDR|NET ...]
//!             [--header-timeout-ms 10000] [--idle-timeout-ms 60000]
//!             [--max-connections-per-address 64] [--allowed-host NAME ...]
//!             [--metrics-addr 127.0.0.1:9090] [--public-url https://eons.example.org]
//!             [--webhooks off|public|any] [--webhook-ports 80,443] [--absent-after-s 300]
//! eons-server replay RECORD.json      replays a record (from GET /api/games/{id}/record)
//!                                     and prints its outcome as JSON
//! ```
//!
//! Logs go to stderr (`RUST_LOG`, `EONS_LOG_FORMAT=json`); see the
//! `telemetry` module of the library.

use eons_core::Seat;
use eons_server::{games, AllowedHosts, ChatLimits, LimitOptions, ServeConfig, TrustedProxies};
use serde_json::{json, Value};
use std::process::ExitCode;
use std::time::Duration;

/// mimalloc rather than the system allocator: a loaded server spent ~40% of
/// its CPU in glibc's malloc and free (the JSON of every push).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn usage() -> ExitCode {
    eprintln!(
        "usage: eons-server [--addr HOST:PORT] [--db PATH|postgres://...] [--bot-pace-ms N] [--test-games] [--web-dir DIR]\n                   [--bot-max-time-ms MS] [--bot-max-iterations N] [--bot-max-threads N]\n                   [--bot-pool-threads N] [--max-bot-games-per-address N]\n                   [--max-games-per-hour N] [--max-sockets N] [--max-sockets-per-game N]\n                   [--max-sockets-per-address N] [--ws-ping-ms MS]\n                   [--evict-idle-after-s S] [--snapshot-every N]\n                   [--max-seat-chat-messages N] [--max-spectator-chat-messages N]\n                   [--spectator-chat-per-minute N]\n                   [--trusted-proxy ADDR|NET ...]\n                   [--header-timeout-ms MS] [--idle-timeout-ms MS] [--max-connections-per-address N]\n                   [--allowed-host NAME ...] [--metrics-addr HOST:PORT] [--public-url URL]\n                   [--webhooks off|public|any] [--webhook-ports 80,443] [--absent-after-s 300]\n       eons-server replay RECORD.json\n\nDefaults: --header-timeout-ms 10000 (a whole request head in 10 s, then its body in 10 s), --idle-timeout-ms 60000\n(keep-alive connections idle 60 s are closed), --max-connections-per-address 64 (more are\nclosed at once), any Host (--allowed-host: answer only these names, others get 421).\nEach limit also reads an environment variable (EONS_HEADER_TIMEOUT_MS, EONS_IDLE_TIMEOUT_MS,\nEONS_MAX_CONNECTIONS_PER_ADDRESS, EONS_ALLOWED_HOSTS, ...; see crates/server/README.md).\nLogs go to stderr: RUST_LOG filters them (default eons_server=info,tower_http=warn),\nEONS_LOG_FORMAT=json writes one JSON object per line. --metrics-addr (or EONS_METRICS_ADDR)\nserves Prometheus metrics at http://HOST:PORT/metrics (off by default). --public-url (or EONS_PUBLIC_URL)\nis the origin others reach the server at, such as https://eons.example.org: invite links point there.\n--webhooks public (or EONS_WEBHOOKS) lets players give a URL the server POSTs to on their turn\n(public: only URLs on public addresses, on ports 80 and 443 unless --webhook-ports or EONS_WEBHOOK_PORTS\nnames others; any: loopback and private networks too, any port; off by default).\nChat: a game keeps its newest --max-seat-chat-messages (1500) messages of seats and, apart, its newest\n--max-spectator-chat-messages (500) of spectators (older ones roll off); the spectators of one game\nsend at most --spectator-chat-per-minute (30) together (EONS_MAX_SEAT_CHAT_MESSAGES, ...)."
    );
    ExitCode::from(2)
}

fn replay(path: &str) -> Result<Value, String> {
    let text = if path == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| e.to_string())?
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?
    };
    let rec: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let game = rec["game"].as_str().ok_or("record has no `game`")?;
    let kind = games::registry(true)
        .into_iter()
        .find(|k| k.id() == game)
        .ok_or_else(|| format!("unknown game `{game}`"))?;
    let seed = rec["seed"].as_u64().ok_or("record has no `seed`")?;
    let mut state = kind.start(&rec["setup"], seed)?;
    let choices = rec["choices"].as_array().ok_or("record has no `choices`")?;
    for (i, c) in choices.iter().enumerate() {
        let seat = c["seat"]
            .as_u64()
            .and_then(|s| u8::try_from(s).ok())
            .ok_or_else(|| format!("choice {i}: no seat"))?;
        state
            .apply(Seat(seat), &c["choice"])
            .map_err(|e| format!("choice {i}: {e}"))?;
    }
    Ok(json!({ "moves": choices.len(), "outcome": state.outcome(), "scores": state.scores() }))
}

/// A whole number above 0, or None.
fn positive(v: Option<&String>) -> Option<u64> {
    v.and_then(|v| v.parse::<u64>().ok()).filter(|&n| n > 0)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("replay") {
        let Some(path) = args.get(1) else {
            return usage();
        };
        return match replay(path) {
            Ok(v) => {
                println!("{v}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("eons-server replay: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let mut config = ServeConfig::default();
    let mut limits = LimitOptions::default();
    // The chat's limits: seat messages kept, spectator messages kept,
    // spectator messages per minute per game.
    let mut chat: [Option<u64>; 3] = [None; 3];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--addr" => match it.next().and_then(|v| v.parse().ok()) {
                Some(v) => config.addr = v,
                None => return usage(),
            },
            "--db" => match it.next() {
                Some(v) => config.database = v.clone(),
                None => return usage(),
            },
            "--bot-pace-ms" => match it.next().and_then(|v| v.parse::<u64>().ok()) {
                Some(v) => config.bot_pace = Duration::from_millis(v),
                None => return usage(),
            },
            "--test-games" => config.test_games = true,
            name if LimitOptions::NAMES.contains(&name) => match positive(it.next()) {
                Some(n) => {
                    limits.set(name, n);
                }
                None => return usage(),
            },
            name @ ("--max-seat-chat-messages"
            | "--max-spectator-chat-messages"
            | "--spectator-chat-per-minute") => match positive(it.next()) {
                Some(n) => {
                    let slot = match name {
                        "--max-seat-chat-messages" => 0,
                        "--max-spectator-chat-messages" => 1,
                        _ => 2,
                    };
                    chat[slot] = Some(n);
                }
                None => return usage(),
            },
            "--trusted-proxy" => match it.next().map(|v| TrustedProxies::parse(v)) {
                Some(Ok(p)) => config.trust_proxies(p),
                Some(Err(e)) => {
                    eprintln!("eons-server: {e}");
                    return usage();
                }
                None => return usage(),
            },
            "--allowed-host" => match it.next().map(|v| AllowedHosts::parse(v)) {
                Some(Ok(h)) => config.allow_hosts(h),
                Some(Err(e)) => {
                    eprintln!("eons-server: {e}");
                    return usage();
                }
                None => return usage(),
            },
            "--absent-after-s" => match positive(it.next()) {
                Some(s) => config.absent_after = Some(Duration::from_secs(s)),
                None => return usage(),
            },
            "--webhooks" => match it
                .next()
                .map(|v| eons_server::services::webhooks::WebhookMode::parse(v))
            {
                Some(Ok(m)) => config.webhooks = Some(m),
                Some(Err(e)) => {
                    eprintln!("eons-server: {e}");
                    return usage();
                }
                None => return usage(),
            },
            "--webhook-ports" => match it
                .next()
                .map(|v| eons_server::services::webhooks::WebhookPorts::parse(v))
            {
                Some(Ok(p)) => config.webhook_ports = Some(p),
                Some(Err(e)) => {
                    eprintln!("eons-server: {e}");
                    return usage();
                }
                None => return usage(),
            },
            "--public-url" => match it.next().map(|v| eons_server::PublicUrl::parse(v)) {
                Some(Ok(p)) => config.public_url = Some(p),
                Some(Err(e)) => {
                    eprintln!("eons-server: {e}");
                    return usage();
                }
                None => return usage(),
            },
            "--metrics-addr" => match it.next().and_then(|v| v.parse().ok()) {
                Some(v) => config.metrics_addr = Some(v),
                None => return usage(),
            },
            "--web-dir" => match it.next() {
                Some(v) => config.web_dir = Some(v.into()),
                None => return usage(),
            },
            "-h" | "--help" => {
                usage();
                return ExitCode::SUCCESS;
            }
            _ => return usage(),
        }
    }
    match (
        limits.bot_limits(),
        limits.traffic_limits(),
        limits.connection_limits(),
        limits.memory_limits(),
    ) {
        (Ok(bots), Ok(traffic), Ok(connections), Ok(memory)) => {
            config.bot_limits = bots;
            config.traffic_limits = traffic;
            config.connection_limits = connections;
            config.memory_limits = memory;
        }
        (Err(e), _, _, _) | (_, Err(e), _, _) | (_, _, Err(e), _) | (_, _, _, Err(e)) => {
            eprintln!("eons-server: {e}");
            return ExitCode::FAILURE;
        }
    }
    if chat.iter().any(Option::is_some) {
        match ChatLimits::from_env() {
            Ok(from_env) => config.chat_limits = Some(from_env.with(chat)),
            Err(e) => {
                eprintln!("eons-server: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    eons_server::telemetry::init_logs();
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("eons-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match rt.block_on(eons_server::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("eons-server: {e}");
            ExitCode::FAILURE
        }
    }
}
