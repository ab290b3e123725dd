//! [`ServeConfig`]: the settings the server runs with, as plain values.

use super::{
    AllowedHosts, BotLimits, ChatLimits, ConnectionLimits, MemoryLimits, PublicUrl, TrafficLimits,
    TrustedProxies, WebhookMode, WebhookPorts,
};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::path::PathBuf;
use std::time::Duration;

/// The address the server listens on unless told otherwise: this machine
/// only, port 8080.
pub const DEFAULT_ADDR: SocketAddr = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 8080));

/// The database unless told otherwise: an SQLite file in the working
/// directory.
pub const DEFAULT_DATABASE: &str = "eons.sqlite";

/// How long a bot waits before each decision unless told otherwise (a
/// pace a person can follow).
pub const DEFAULT_BOT_PACE: Duration = Duration::from_millis(700);

/// How long the seat to move must have been deciding before the other
/// seats may vote it away, unless told otherwise.
pub const ABSENT_AFTER: Duration = Duration::from_secs(5 * 60);

/// How to run the server: every setting, resolved. [`ServerOptions`]
/// (flags, environment, defaults) turns into one with `From`; tests build
/// one from [`ServeConfig::default`], which reads nothing from the
/// environment.
///
/// [`ServerOptions`]: super::ServerOptions
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeConfig {
    /// Address to listen on (port 0: any free port; the bound address is printed).
    pub addr: SocketAddr,
    /// `postgres://…` for PostgreSQL, otherwise an SQLite file path (or `sqlite:PATH`).
    pub database: String,
    /// Delay before each bot decision (0 in tests).
    pub bot_pace: Duration,
    /// Also offer the test game Card Race (`demo`: hidden hands), for tests.
    pub test_games: bool,
    /// Serve the web UI from this folder instead of the embedded copy (UI
    /// development); `None`: the embedded copy.
    pub web_dir: Option<PathBuf>,
    /// The most a bot decision may cost, the bot pool, and bot games per
    /// client address.
    pub bot_limits: BotLimits,
    /// New games per client address, open WebSockets and their pings.
    pub traffic_limits: TrafficLimits,
    /// Reverse proxies whose `X-Forwarded-For` names the client (for the
    /// per-address limits); empty: none, the TCP peer is the client.
    pub trusted_proxies: TrustedProxies,
    /// Header and idle timeouts, and open connections per client address.
    pub connection_limits: ConnectionLimits,
    /// The host names the server answers for (others get 421); empty: any.
    pub allowed_hosts: AllowedHosts,
    /// Where to serve `GET /metrics` (Prometheus text format), on a listener
    /// of its own; `None`: no metrics.
    pub metrics_addr: Option<SocketAddr>,
    /// When idle games leave memory and how often snapshots are stored.
    pub memory_limits: MemoryLimits,
    /// The address other people reach the server at: invite links point
    /// there. `None`: the address the creator's browser used.
    pub public_url: Option<PublicUrl>,
    /// Which webhook URLs players may give (see `crate::services::webhooks`).
    pub webhooks: WebhookMode,
    /// The ports a webhook URL may name with [`WebhookMode::Public`].
    pub webhook_ports: WebhookPorts,
    /// How long the seat to move must have been deciding before the other
    /// seats may vote it away.
    pub absent_after: Duration,
    /// How many chat messages of seats and of spectators a game keeps, and
    /// how fast its spectators may write.
    pub chat_limits: ChatLimits,
}

impl Default for ServeConfig {
    /// The documented defaults ([`DEFAULT_ADDR`], [`DEFAULT_DATABASE`],
    /// [`DEFAULT_BOT_PACE`], every limit's own `Default`, nothing optional
    /// on), read from no environment variable.
    fn default() -> Self {
        ServeConfig {
            addr: DEFAULT_ADDR,
            database: DEFAULT_DATABASE.into(),
            bot_pace: DEFAULT_BOT_PACE,
            test_games: false,
            web_dir: None,
            bot_limits: BotLimits::default(),
            traffic_limits: TrafficLimits::default(),
            trusted_proxies: TrustedProxies::default(),
            connection_limits: ConnectionLimits::default(),
            allowed_hosts: AllowedHosts::default(),
            metrics_addr: None,
            memory_limits: MemoryLimits::default(),
            public_url: None,
            webhooks: WebhookMode::default(),
            webhook_ports: WebhookPorts::default(),
            absent_after: ABSENT_AFTER,
            chat_limits: ChatLimits::default(),
        }
    }
}
