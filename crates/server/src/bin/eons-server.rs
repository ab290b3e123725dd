//! `eons-server`: a small binary around the `eons-server` library, for tests,
//! load runs and local play (the `eons serve` command calls the same library
//! with the same options).
//!
//! ```text
//! eons-server [OPTIONS]              serves; `eons-server --help` lists every
//!                                    option with its environment variable and default
//! eons-server replay RECORD.json     replays a record (from GET /api/games/{id}/record)
//!                                    and prints its outcome as JSON
//! ```
//!
//! Logs go to stderr (`RUST_LOG`, `EONS_LOG_FORMAT=json`); see the
//! `telemetry` module of the library.

use clap::{Parser, Subcommand};
use eons_core::Seat;
use eons_server::{games, ServeConfig, ServerOptions};
use serde_json::{json, Value};
use std::process::ExitCode;

/// mimalloc rather than the system allocator: a loaded server spent ~40% of
/// its CPU in glibc's malloc and free (the JSON of every push).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Replays the record in the file `path` (`-`: standard input): its moves,
/// outcome and scores, or why it does not replay.
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

/// The Eons browser table: an HTTP and WebSocket server with the web UI
/// built in, storing games in SQLite or PostgreSQL.
#[derive(Parser, Debug)]
#[command(name = "eons-server", version, after_long_help = LOGS_HELP)]
struct Cli {
    #[command(subcommand)]
    tool: Option<Tool>,
    #[command(flatten)]
    server: ServerOptions,
}

/// What the binary does besides serving.
#[derive(Subcommand, Debug)]
enum Tool {
    /// Replay a record (from GET /api/games/{id}/record) and print
    /// `{"moves", "outcome", "scores"}` as JSON.
    Replay {
        /// The record's file, or `-` for standard input.
        #[arg(value_name = "RECORD.json")]
        record: String,
    },
}

/// After `--help`: where logs go.
const LOGS_HELP: &str = "\
Logs go to stderr: RUST_LOG filters them (default eons_server=info,tower_http=warn),
EONS_LOG_FORMAT=json writes one JSON object per line. Every option is described,
with what happens over each limit, in crates/server/README.md (Configuration).";

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Tool::Replay { record }) = cli.tool {
        return match replay(&record) {
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
    let config = ServeConfig::from(cli.server);
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
