//! `eons serve`: the browser table (eons-server) on localhost.

use anyhow::{anyhow, Result};
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Options of `eons serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Database: an SQLite file (default `eons.sqlite`, or `$DATABASE_URL`
    /// when set) or a `postgres://…` URL shared by several servers.
    #[arg(long)]
    pub db: Option<String>,
    /// Milliseconds a bot waits before each decision (a realistic pace).
    #[arg(long, default_value_t = 700)]
    pub bot_pace_ms: u64,
    /// Serve the web UI from this folder instead of the embedded copy.
    #[arg(long)]
    pub web_dir: Option<PathBuf>,
    /// Most milliseconds of search a bot seat may spend per decision (default
    /// 10000, or `$EONS_BOT_MAX_TIME_MS`); slower bot specs are refused.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub bot_max_time_ms: Option<u64>,
    /// Most MCTS iterations a bot seat may spend per decision (default
    /// 1000000, or `$EONS_BOT_MAX_ITERATIONS`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub bot_max_iterations: Option<u64>,
    /// Most search threads per bot decision (default: the machine's cores,
    /// or `$EONS_BOT_MAX_THREADS`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub bot_max_threads: Option<u64>,
    /// Most games one client address may create per hour (default 60, or
    /// `$EONS_MAX_GAMES_PER_HOUR`); more get 429 with `Retry-After`.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_games_per_hour: Option<u32>,
    /// Most WebSockets open at once on the server (default 1000, or
    /// `$EONS_MAX_SOCKETS`); more are refused with 503.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_sockets: Option<u64>,
    /// Most WebSockets open at once on one game (default 50, or
    /// `$EONS_MAX_SOCKETS_PER_GAME`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_sockets_per_game: Option<u64>,
    /// A reverse proxy whose `X-Forwarded-For` names the client, for the
    /// games-per-address limit: an address or a network such as 10.0.0.0/8
    /// (repeatable or comma-separated; default none, or
    /// `$EONS_TRUSTED_PROXIES`).
    #[arg(long = "trusted-proxy", value_name = "ADDR|NET", value_parser = parse_proxies)]
    pub trusted_proxies: Vec<eons_server::TrustedProxies>,
    /// Seconds a game stays in memory with nobody using it (default 600,
    /// or `$EONS_EVICT_IDLE_AFTER_S`); it loads back from storage on demand.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub evict_idle_after_s: Option<u64>,
    /// Stored moves between two snapshots of a game's state (default 200,
    /// or `$EONS_SNAPSHOT_EVERY`): loading replays only the moves after the
    /// latest snapshot.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub snapshot_every: Option<u64>,
}

fn parse_proxies(s: &str) -> Result<eons_server::TrustedProxies, String> {
    eons_server::TrustedProxies::parse(s)
}

/// Runs the server until Ctrl-C.
pub fn run(a: ServeArgs) -> Result<()> {
    let config = config(a)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| anyhow!("cannot start the server runtime: {e}"))?;
    runtime
        .block_on(eons_server::serve(config))
        .map_err(|e| anyhow!("{e}"))
}

/// The server's configuration from the options.
fn config(a: ServeArgs) -> Result<eons_server::ServeConfig> {
    let mut config = eons_server::ServeConfig {
        addr: a.addr,
        bot_pace: Duration::from_millis(a.bot_pace_ms),
        web_dir: a.web_dir,
        ..eons_server::ServeConfig::default()
    };
    if let Some(db) = a.db {
        config.database = db;
    }
    for p in a.trusted_proxies {
        config.trust_proxies(p);
    }
    let limits = eons_server::LimitOptions {
        bot_max_time_ms: a.bot_max_time_ms,
        bot_max_iterations: a.bot_max_iterations,
        bot_max_threads: a.bot_max_threads,
        max_games_per_hour: a.max_games_per_hour.map(u64::from),
        max_sockets: a.max_sockets,
        max_sockets_per_game: a.max_sockets_per_game,
        evict_idle_after_s: a.evict_idle_after_s,
        snapshot_every: a.snapshot_every,
    };
    config.bot_limits = limits.bot_limits().map_err(|e| anyhow!(e))?;
    config.traffic_limits = limits.traffic_limits().map_err(|e| anyhow!(e))?;
    config.memory_limits = limits.memory_limits().map_err(|e| anyhow!(e))?;
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        args: ServeArgs,
    }

    fn parse(cmd: &[&str]) -> Result<ServeArgs, clap::Error> {
        Wrap::try_parse_from(std::iter::once("serve").chain(cmd.iter().copied())).map(|w| w.args)
    }

    #[test]
    fn trusted_proxies_from_several_options_add_up() {
        let a = parse(&[
            "--trusted-proxy",
            "127.0.0.1",
            "--trusted-proxy",
            "10.0.0.0/8,::1",
        ])
        .expect("arguments parse");
        let p = config(a).expect("config").trusted_proxies.expect("set");
        for ip in ["127.0.0.1", "10.20.30.40", "::1"] {
            assert!(p.trusts(ip.parse().expect("ip")), "{ip}");
        }
        assert!(!p.trusts("192.0.2.1".parse().expect("ip")));
    }

    #[test]
    fn without_the_option_the_server_reads_the_environment() {
        let a = parse(&[]).expect("arguments parse");
        assert_eq!(config(a).expect("config").trusted_proxies, None);
    }

    #[test]
    fn a_trusted_proxy_that_is_no_address_is_refused_by_name() {
        let err = match parse(&["--trusted-proxy", "proxy.local"]) {
            Ok(_) => panic!("a host name is refused"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains("`proxy.local`"), "{err}");
    }
}
