//! [`ServerOptions`]: every setting of the server as a flag with an
//! environment variable and a default, read by clap, grouped as `--help`
//! shows them.

use super::{
    AllowedHosts, BotLimits, ChatLimits, ConnectionLimits, MemoryLimits, PublicUrl, ServeConfig,
    TrafficLimits, TrustedProxies, WebhookMode, WebhookPorts, ABSENT_AFTER, DEFAULT_ADDR,
    DEFAULT_BOT_PACE, DEFAULT_DATABASE,
};
use clap::builder::{FalseyValueParser, RangedU64ValueParser};
use clap::{Args, Parser};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How to run the server: every setting, each a flag, an environment
/// variable and a default. `eons-server` parses it; `eons serve` flattens
/// it. [`ServeConfig::from`] resolves it. A flag given twice keeps its last
/// value (the tests add to a base command line); the repeatable ones
/// (`--trusted-proxy`, `--allowed-host`) add up.
#[derive(Parser, Clone, Debug, PartialEq, Eq)]
#[command(name = "eons-server", args_override_self = true)]
pub struct ServerOptions {
    /// Address to listen on (port 0: any free port; the start-up prints the
    /// one bound). 127.0.0.1 reaches only this machine: 0.0.0.0 for others.
    #[arg(long, env = "EONS_ADDR", value_name = "HOST:PORT", default_value_t = DEFAULT_ADDR)]
    pub addr: SocketAddr,
    /// Database: an SQLite file (created if missing), or a `postgres://…`
    /// URL to share games between several servers.
    #[arg(
        long = "db",
        env = "DATABASE_URL",
        hide_env_values = true,
        value_name = "PATH|URL",
        default_value = DEFAULT_DATABASE
    )]
    pub database: String,
    /// Milliseconds a bot waits before each decision (a pace a person can
    /// follow; 0 in tests).
    #[arg(long, env = "EONS_BOT_PACE_MS", value_name = "MS", default_value_t = millis(DEFAULT_BOT_PACE))]
    pub bot_pace_ms: u64,
    /// Also offer the test game Card Race (`demo`: hidden hands), for the tests: only
    /// a build with the `test-games` feature has it (the tests' builds).
    #[arg(long, env = "EONS_TEST_GAMES", value_parser = FalseyValueParser::new())]
    pub test_games: bool,
    /// Serve the web UI from this folder instead of the copy built into the
    /// binary (UI development without rebuilding). Default: the built-in copy.
    #[arg(long, env = "EONS_WEB_DIR", value_name = "DIR")]
    pub web_dir: Option<PathBuf>,
    /// Serve Prometheus metrics at `http://ADDR/metrics`, on a listener of
    /// their own. Default: no metrics.
    #[arg(long, env = "EONS_METRICS_ADDR", value_name = "HOST:PORT")]
    pub metrics_addr: Option<SocketAddr>,
    /// The address other people reach this server at, such as
    /// `https://eons.example.org` or `http://192.168.1.20:8080`: invite
    /// links point there. Default: the address the creator's browser used.
    #[arg(long, env = "EONS_PUBLIC_URL", value_name = "URL", value_parser = PublicUrl::parse)]
    pub public_url: Option<PublicUrl>,
    /// Seconds the player to move must have been deciding before the others
    /// may vote to hand their seat to a bot (games without a clock).
    #[arg(
        long,
        env = "EONS_ABSENT_AFTER_S",
        value_name = "S",
        value_parser = positive::<u64>(),
        default_value_t = ABSENT_AFTER.as_secs()
    )]
    pub absent_after_s: u64,
    /// What a bot seat may cost.
    #[command(flatten)]
    pub bots: BotOptions,
    /// New games and WebSockets.
    #[command(flatten)]
    pub traffic: TrafficOptions,
    /// TCP connections, proxies and host names.
    #[command(flatten)]
    pub connections: ConnectionOptions,
    /// Games in memory.
    #[command(flatten)]
    pub memory: MemoryOptions,
    /// The games' chat.
    #[command(flatten)]
    pub chat: ChatOptions,
    /// Webhooks.
    #[command(flatten)]
    pub webhooks: WebhookOptions,
}

/// What a bot seat may cost ([`BotLimits`]).
#[derive(Args, Clone, Debug, PartialEq, Eq)]
#[command(next_help_heading = "Bot limits")]
pub struct BotOptions {
    /// Most milliseconds of search a bot seat may spend per decision: slower
    /// bot specs are refused, and every decision stops here whatever its
    /// iteration budget.
    #[arg(
        long,
        env = "EONS_BOT_MAX_TIME_MS",
        value_name = "MS",
        value_parser = positive::<u64>(),
        default_value_t = millis(BotLimits::default().max_time)
    )]
    pub bot_max_time_ms: u64,
    /// Most MCTS iterations a bot seat may spend per decision.
    #[arg(
        long,
        env = "EONS_BOT_MAX_ITERATIONS",
        value_name = "N",
        value_parser = positive::<u64>(),
        default_value_t = BotLimits::default().max_iterations
    )]
    pub bot_max_iterations: u64,
    /// Most search threads per bot decision (default: the threads this
    /// machine runs in parallel).
    #[arg(
        long,
        env = "EONS_BOT_MAX_THREADS",
        value_name = "N",
        value_parser = positive::<usize>(),
        default_value_t = BotLimits::default().max_threads
    )]
    pub bot_max_threads: usize,
    /// Most search threads of all games' bot decisions at once (the bot
    /// pool; default: one fewer than this machine runs in parallel, at
    /// least 1); more wait in line.
    #[arg(
        long,
        env = "EONS_BOT_POOL_THREADS",
        value_name = "N",
        value_parser = positive::<usize>(),
        default_value_t = BotLimits::default().pool_threads
    )]
    pub bot_pool_threads: usize,
    /// Most unfinished games with a bot seat (or a clock) one client address
    /// may have; more get 429.
    #[arg(
        long,
        env = "EONS_MAX_BOT_GAMES_PER_ADDRESS",
        value_name = "N",
        value_parser = positive::<u64>(),
        default_value_t = BotLimits::default().max_games_per_address
    )]
    pub max_bot_games_per_address: u64,
}

/// New games and WebSockets ([`TrafficLimits`]).
#[derive(Args, Clone, Debug, PartialEq, Eq)]
#[command(next_help_heading = "Traffic limits")]
pub struct TrafficOptions {
    /// Most games one client address may create per hour (all at once if it
    /// likes, then one each 1/N hour); more get 429 with `Retry-After`.
    #[arg(
        long,
        env = "EONS_MAX_GAMES_PER_HOUR",
        value_name = "N",
        value_parser = positive::<u32>(),
        default_value_t = TrafficLimits::default().games_per_hour
    )]
    pub max_games_per_hour: u32,
    /// Most WebSockets open at once on the server (spectators: three
    /// quarters of them); more are refused with 503.
    #[arg(
        long,
        env = "EONS_MAX_SOCKETS",
        value_name = "N",
        value_parser = positive::<usize>(),
        default_value_t = TrafficLimits::default().max_sockets
    )]
    pub max_sockets: usize,
    /// Most WebSockets open at once on one game (spectators: three quarters
    /// of them); more are refused with 503.
    #[arg(
        long,
        env = "EONS_MAX_SOCKETS_PER_GAME",
        value_name = "N",
        value_parser = positive::<usize>(),
        default_value_t = TrafficLimits::default().max_sockets_per_game
    )]
    pub max_sockets_per_game: usize,
    /// Most WebSockets open at once from one client address, seats' and
    /// spectators' alike; more get 429.
    #[arg(
        long,
        env = "EONS_MAX_SOCKETS_PER_ADDRESS",
        value_name = "N",
        value_parser = positive::<usize>(),
        default_value_t = TrafficLimits::default().max_sockets_per_address
    )]
    pub max_sockets_per_address: usize,
    /// Milliseconds between the server's pings on every WebSocket; a socket
    /// that answers none for two of them is closed.
    #[arg(
        long,
        env = "EONS_WS_PING_MS",
        value_name = "MS",
        value_parser = positive::<u64>(),
        default_value_t = millis(TrafficLimits::default().ws_ping)
    )]
    pub ws_ping_ms: u64,
}

/// TCP connections ([`ConnectionLimits`]), the proxies to believe and the
/// host names answered.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
#[command(next_help_heading = "Connections")]
pub struct ConnectionOptions {
    /// Milliseconds a connection may take to send a whole request head, and
    /// then a request its whole body; slower ones are closed (a late body:
    /// 408).
    #[arg(
        long,
        env = "EONS_HEADER_TIMEOUT_MS",
        value_name = "MS",
        value_parser = positive::<u64>(),
        default_value_t = millis(ConnectionLimits::default().header_timeout)
    )]
    pub header_timeout_ms: u64,
    /// Milliseconds a keep-alive connection may sit idle between requests
    /// (WebSockets are not cut).
    #[arg(
        long,
        env = "EONS_IDLE_TIMEOUT_MS",
        value_name = "MS",
        value_parser = positive::<u64>(),
        default_value_t = millis(ConnectionLimits::default().idle_timeout)
    )]
    pub idle_timeout_ms: u64,
    /// Most TCP connections open at once from one client address (IPv6: its
    /// /64); more are closed at once. Behind a proxy, raise it.
    #[arg(
        long,
        env = "EONS_MAX_CONNECTIONS_PER_ADDRESS",
        value_name = "N",
        value_parser = positive::<usize>(),
        default_value_t = ConnectionLimits::default().max_connections_per_address
    )]
    pub max_connections_per_address: usize,
    /// A reverse proxy whose `X-Forwarded-For` names the client, for the
    /// per-address limits: an address or a network such as 10.0.0.0/8
    /// (repeatable, or comma-separated). Default: none, the TCP peer is the
    /// client.
    #[arg(
        long = "trusted-proxy",
        env = "EONS_TRUSTED_PROXIES",
        value_name = "ADDR|NET",
        value_parser = TrustedProxies::parse
    )]
    pub trusted_proxies: Vec<TrustedProxies>,
    /// A host name the server answers for (repeatable, or comma-separated):
    /// a request for another host gets 421, against DNS rebinding. Default:
    /// any host.
    #[arg(
        long = "allowed-host",
        env = "EONS_ALLOWED_HOSTS",
        value_name = "NAME",
        value_parser = AllowedHosts::parse
    )]
    pub allowed_hosts: Vec<AllowedHosts>,
}

/// Games in memory ([`MemoryLimits`]).
#[derive(Args, Clone, Debug, PartialEq, Eq)]
#[command(next_help_heading = "Games in memory")]
pub struct MemoryOptions {
    /// Seconds a game stays in memory with nobody using it (a finished game:
    /// at most 60); it loads back from storage on demand.
    #[arg(
        long,
        env = "EONS_EVICT_IDLE_AFTER_S",
        value_name = "S",
        value_parser = positive::<u64>(),
        default_value_t = MemoryLimits::default().evict_idle_after.as_secs()
    )]
    pub evict_idle_after_s: u64,
    /// Stored moves between two snapshots of a game's state: loading replays
    /// only the moves after the latest snapshot.
    #[arg(
        long,
        env = "EONS_SNAPSHOT_EVERY",
        value_name = "N",
        value_parser = positive::<u64>(),
        default_value_t = MemoryLimits::default().snapshot_every
    )]
    pub snapshot_every: u64,
}

/// The games' chat ([`ChatLimits`]).
#[derive(Args, Clone, Debug, PartialEq, Eq)]
#[command(next_help_heading = "Chat")]
pub struct ChatOptions {
    /// The newest seat messages a game's chat keeps (older ones roll off).
    #[arg(
        long,
        env = "EONS_MAX_SEAT_CHAT_MESSAGES",
        value_name = "N",
        value_parser = positive::<usize>(),
        default_value_t = ChatLimits::default().seat_messages
    )]
    pub max_seat_chat_messages: usize,
    /// The newest spectator messages a game's chat keeps, apart from the
    /// seats' (older ones roll off).
    #[arg(
        long,
        env = "EONS_MAX_SPECTATOR_CHAT_MESSAGES",
        value_name = "N",
        value_parser = positive::<usize>(),
        default_value_t = ChatLimits::default().spectator_messages
    )]
    pub max_spectator_chat_messages: usize,
    /// Chat messages the spectators of one game may send per minute, all
    /// together; more get 429.
    #[arg(
        long,
        env = "EONS_SPECTATOR_CHAT_PER_MINUTE",
        value_name = "N",
        value_parser = positive::<u32>(),
        default_value_t = ChatLimits::default().spectators_per_minute
    )]
    pub spectator_chat_per_minute: u32,
}

/// Webhooks: "your turn" messages to a URL a player gives.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
#[command(next_help_heading = "Webhooks")]
pub struct WebhookOptions {
    /// Let players give a webhook URL the server POSTs to on their turn
    /// (Discord, Slack or any receiver): `public` (URLs on public addresses
    /// only), `any` (loopback and private networks too, any port) or `off`.
    #[arg(
        long,
        env = "EONS_WEBHOOKS",
        value_name = "off|public|any",
        default_value = "off",
        value_parser = WebhookMode::parse
    )]
    pub webhooks: WebhookMode,
    /// The ports a webhook URL may name with `--webhooks public`,
    /// comma-separated.
    #[arg(
        long,
        env = "EONS_WEBHOOK_PORTS",
        value_name = "PORTS",
        default_value = "80,443",
        value_parser = WebhookPorts::parse
    )]
    pub webhook_ports: WebhookPorts,
}

/// `command` with every argument's environment variable forgotten: what
/// it parses depends on its arguments and defaults only, whatever the
/// process's environment holds (for tests; clap reads a variable's value
/// when the argument is built).
pub fn ignore_environment(command: clap::Command) -> clap::Command {
    command.mut_args(|arg| arg.env(None::<&str>))
}

/// A whole number above 0 that fits `T`: clap refuses anything else,
/// naming the flag.
fn positive<T>() -> RangedU64ValueParser<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
    <T as TryFrom<u64>>::Error: std::error::Error + Send + Sync + 'static,
{
    RangedU64ValueParser::<T>::new().range(1..)
}

/// `d` in whole milliseconds (saturating).
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl From<ServerOptions> for ServeConfig {
    /// The settings the options name, as plain values. An empty `--db`
    /// (such as an empty `DATABASE_URL`) is the default database.
    fn from(options: ServerOptions) -> Self {
        let ServerOptions {
            addr,
            database,
            bot_pace_ms,
            test_games,
            web_dir,
            metrics_addr,
            public_url,
            absent_after_s,
            bots,
            traffic,
            connections,
            memory,
            chat,
            webhooks,
        } = options;
        let mut trusted_proxies = TrustedProxies::default();
        for proxies in connections.trusted_proxies {
            trusted_proxies.extend(proxies);
        }
        let mut allowed_hosts = AllowedHosts::default();
        for hosts in connections.allowed_hosts {
            allowed_hosts.extend(hosts);
        }
        let database = if database.trim().is_empty() {
            DEFAULT_DATABASE.to_string()
        } else {
            database
        };
        ServeConfig {
            addr,
            database,
            bot_pace: Duration::from_millis(bot_pace_ms),
            test_games,
            web_dir,
            bot_limits: BotLimits {
                max_time: Duration::from_millis(bots.bot_max_time_ms),
                max_iterations: bots.bot_max_iterations,
                max_threads: bots.bot_max_threads,
                pool_threads: bots.bot_pool_threads,
                max_games_per_address: bots.max_bot_games_per_address,
            },
            traffic_limits: TrafficLimits {
                games_per_hour: traffic.max_games_per_hour,
                max_sockets: traffic.max_sockets,
                max_sockets_per_game: traffic.max_sockets_per_game,
                max_sockets_per_address: traffic.max_sockets_per_address,
                ws_ping: Duration::from_millis(traffic.ws_ping_ms),
            },
            trusted_proxies,
            connection_limits: ConnectionLimits {
                header_timeout: Duration::from_millis(connections.header_timeout_ms),
                idle_timeout: Duration::from_millis(connections.idle_timeout_ms),
                max_connections_per_address: connections.max_connections_per_address,
            },
            allowed_hosts,
            metrics_addr,
            memory_limits: MemoryLimits {
                evict_idle_after: Duration::from_secs(memory.evict_idle_after_s),
                snapshot_every: memory.snapshot_every,
            },
            public_url,
            webhooks: webhooks.webhooks,
            webhook_ports: webhooks.webhook_ports,
            absent_after: Duration::from_secs(absent_after_s),
            chat_limits: ChatLimits {
                seat_messages: chat.max_seat_chat_messages,
                spectator_messages: chat.max_spectator_chat_messages,
                spectators_per_minute: chat.spectator_chat_per_minute,
            },
        }
    }
}

#[cfg(test)]
mod tests;
