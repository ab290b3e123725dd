//! `eons serve`: the browser table (eons-server) on localhost.

use anyhow::{anyhow, Result};
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How to serve to other machines, after `eons serve --help`.
pub const NETWORK_HELP: &str = "\
Playing with friends on other machines:
  By default the server listens on 127.0.0.1, which only this machine reaches,
  and so do the invite links it makes. Serve on an address others reach, and
  say where they reach it (--public-url: invite links point there):

  On your network (LAN):
    eons serve --addr 0.0.0.0:8080 --public-url http://192.168.1.20:8080

  On the internet, behind a reverse proxy with TLS on this machine (the proxy
  must pass WebSocket upgrades and append X-Forwarded-For):
    eons serve --public-url https://eons.example.org --trusted-proxy 127.0.0.1 \\
               --allowed-host eons.example.org
    Caddyfile:  eons.example.org {
                    reverse_proxy 127.0.0.1:8080
                }
  An nginx example is in the README (\"Play with friends on other machines\").";

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
    /// 10000, or `$EONS_BOT_MAX_TIME_MS`); slower bot specs are refused, and
    /// every decision stops here whatever its iteration budget.
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
    /// Most search threads of all games' bot decisions at once (default:
    /// one fewer than the machine's cores, at least 1, or
    /// `$EONS_BOT_POOL_THREADS`); more wait in line.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub bot_pool_threads: Option<u64>,
    /// Most unfinished games with a bot seat one client address may have
    /// (default 10, or `$EONS_MAX_BOT_GAMES_PER_ADDRESS`); more get 429.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_bot_games_per_address: Option<u64>,
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
    /// Most WebSockets open at once from one client address (default 20, or
    /// `$EONS_MAX_SOCKETS_PER_ADDRESS`); more get 429. Spectators may use
    /// three quarters of the server's and a game's caps, a seat's own socket
    /// all of them.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_sockets_per_address: Option<u64>,
    /// Milliseconds between the server's pings on every WebSocket (default
    /// 20000, or `$EONS_WS_PING_MS`); a socket silent for two of them is closed.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub ws_ping_ms: Option<u64>,
    /// A reverse proxy whose `X-Forwarded-For` names the client, for the
    /// games-per-address limit: an address or a network such as 10.0.0.0/8
    /// (repeatable or comma-separated; default none, or
    /// `$EONS_TRUSTED_PROXIES`).
    #[arg(long = "trusted-proxy", value_name = "ADDR|NET", value_parser = parse_proxies)]
    pub trusted_proxies: Vec<eons_server::TrustedProxies>,
    /// Milliseconds a connection may take to send a whole request head, and
    /// then a request its whole body (default 10000, or
    /// `$EONS_HEADER_TIMEOUT_MS`); slower ones are closed (a late body: 408).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_ms: Option<u64>,
    /// Milliseconds a keep-alive connection may sit idle between requests
    /// (default 60000, or `$EONS_IDLE_TIMEOUT_MS`); WebSockets are not cut.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout_ms: Option<u64>,
    /// Most TCP connections open at once from one client address (default
    /// 64, or `$EONS_MAX_CONNECTIONS_PER_ADDRESS`); more are closed at once.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections_per_address: Option<u64>,
    /// A host name the server answers for (repeatable or comma-separated;
    /// default any host, or `$EONS_ALLOWED_HOSTS`): a request for another
    /// host gets 421, against DNS rebinding.
    #[arg(long = "allowed-host", value_name = "NAME", value_parser = parse_hosts)]
    pub allowed_hosts: Vec<eons_server::AllowedHosts>,
    /// Serve Prometheus metrics at `http://ADDR/metrics`, on a listener of
    /// their own (default off, or `$EONS_METRICS_ADDR`).
    #[arg(long, value_name = "ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// Seconds a game stays in memory with nobody using it (default 600,
    /// or `$EONS_EVICT_IDLE_AFTER_S`); it loads back from storage on demand.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub evict_idle_after_s: Option<u64>,
    /// Stored moves between two snapshots of a game's state (default 200,
    /// or `$EONS_SNAPSHOT_EVERY`): loading replays only the moves after the
    /// latest snapshot.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub snapshot_every: Option<u64>,
    /// The address other people reach this server at, such as
    /// `https://eons.example.org` or `http://192.168.1.20:8080` (default:
    /// `$EONS_PUBLIC_URL`, else the address the creator's browser used).
    /// Invite links point there.
    #[arg(long, value_name = "URL", value_parser = parse_public_url)]
    pub public_url: Option<eons_server::PublicUrl>,
    /// Let players give a webhook URL the server POSTs to on their turn
    /// (Discord, Slack or any receiver): `public` (URLs on public addresses
    /// only), `any` (loopback and private networks too) or `off` (default,
    /// or `$EONS_WEBHOOKS`).
    #[arg(long, value_name = "off|public|any", value_parser = parse_webhooks)]
    pub webhooks: Option<eons_server::services::webhooks::WebhookMode>,
    /// Seconds the player to move must have been deciding before the others
    /// may vote to hand their seat to a bot (default 300, or
    /// `$EONS_ABSENT_AFTER_S`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub absent_after_s: Option<u64>,
}

fn parse_webhooks(s: &str) -> Result<eons_server::services::webhooks::WebhookMode, String> {
    eons_server::services::webhooks::WebhookMode::parse(s)
}

fn parse_public_url(s: &str) -> Result<eons_server::PublicUrl, String> {
    eons_server::PublicUrl::parse(s)
}

fn parse_proxies(s: &str) -> Result<eons_server::TrustedProxies, String> {
    eons_server::TrustedProxies::parse(s)
}

fn parse_hosts(s: &str) -> Result<eons_server::AllowedHosts, String> {
    eons_server::AllowedHosts::parse(s)
}

/// Runs the server until Ctrl-C.
/// Logs go to stderr (`RUST_LOG`, `EONS_LOG_FORMAT=json`).
pub fn run(a: ServeArgs) -> Result<()> {
    eons_server::telemetry::init_logs();
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
        metrics_addr: a.metrics_addr,
        public_url: a.public_url,
        webhooks: a.webhooks,
        absent_after: a.absent_after_s.map(Duration::from_secs),
        ..eons_server::ServeConfig::default()
    };
    if let Some(db) = a.db {
        config.database = db;
    }
    for p in a.trusted_proxies {
        config.trust_proxies(p);
    }
    for h in a.allowed_hosts {
        config.allow_hosts(h);
    }
    let limits = eons_server::LimitOptions {
        bot_max_time_ms: a.bot_max_time_ms,
        bot_max_iterations: a.bot_max_iterations,
        bot_max_threads: a.bot_max_threads,
        bot_pool_threads: a.bot_pool_threads,
        max_bot_games_per_address: a.max_bot_games_per_address,
        max_games_per_hour: a.max_games_per_hour.map(u64::from),
        max_sockets: a.max_sockets,
        max_sockets_per_game: a.max_sockets_per_game,
        header_timeout_ms: a.header_timeout_ms,
        idle_timeout_ms: a.idle_timeout_ms,
        max_connections_per_address: a.max_connections_per_address,
        max_sockets_per_address: a.max_sockets_per_address,
        ws_ping_ms: a.ws_ping_ms,
        evict_idle_after_s: a.evict_idle_after_s,
        snapshot_every: a.snapshot_every,
    };
    config.bot_limits = limits.bot_limits().map_err(|e| anyhow!(e))?;
    config.traffic_limits = limits.traffic_limits().map_err(|e| anyhow!(e))?;
    config.connection_limits = limits.connection_limits().map_err(|e| anyhow!(e))?;
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
    fn socket_options_reach_the_traffic_limits() {
        let a = parse(&["--max-sockets-per-address", "3", "--ws-ping-ms", "250"])
            .expect("arguments parse");
        let t = config(a).expect("config").traffic_limits.expect("set");
        assert_eq!(t.max_sockets_per_address, 3);
        assert_eq!(t.ws_ping, Duration::from_millis(250));
        assert!(parse(&["--ws-ping-ms", "0"]).is_err(), "0 is refused");
    }

    #[test]
    fn without_the_option_the_server_reads_the_environment() {
        let a = parse(&[]).expect("arguments parse");
        let c = config(a).expect("config");
        assert_eq!(c.trusted_proxies, None);
        assert_eq!(c.connection_limits, None);
        assert_eq!(c.allowed_hosts, None);
        assert_eq!(c.metrics_addr, None);
    }

    #[test]
    fn connection_options_and_allowed_hosts_reach_the_config() {
        let a = parse(&[
            "--header-timeout-ms",
            "1500",
            "--max-connections-per-address",
            "8",
            "--allowed-host",
            "eons.example.org",
            "--allowed-host",
            "localhost,127.0.0.1",
        ])
        .expect("arguments parse");
        let c = config(a).expect("config");
        let l = c.connection_limits.expect("set");
        assert_eq!(l.header_timeout, Duration::from_millis(1500));
        assert_eq!(l.max_connections_per_address, 8);
        assert_eq!(
            l.idle_timeout,
            eons_server::ConnectionLimits::default().idle_timeout
        );
        let h = c.allowed_hosts.expect("set");
        for ok in ["eons.example.org", "localhost:8080", "127.0.0.1"] {
            assert!(h.allows(Some(ok)), "{ok}");
        }
        assert!(!h.allows(Some("attacker.example")));
        assert!(parse(&["--allowed-host", "x.org:80"]).is_err());
    }

    #[test]
    fn the_metrics_address_is_passed_on() {
        let a = parse(&["--metrics-addr", "127.0.0.1:9090"]).expect("arguments parse");
        let want: SocketAddr = "127.0.0.1:9090".parse().expect("address");
        assert_eq!(config(a).expect("config").metrics_addr, Some(want));
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
