//! `eons-server`: play Eons games in a browser.
//!
//! A server on localhost (axum/tokio) that creates games of any registered
//! game, gives each human seat an invite token (its invite link) that the
//! first claim exchanges for the seat's own secret token, plays bot seats
//! server-side at a realistic pace (within [`BotLimits`]), stores every game as a record
//! (SQLite by default, PostgreSQL when the database URL names one) and serves
//! the web UI embedded in the binary.
//!
//! ```no_run
//! # async fn run() -> Result<(), eons_server::ServeError> {
//! let config = eons_server::ServeConfig::default(); // 127.0.0.1:8080, ./eons.sqlite or $DATABASE_URL
//! eons_server::serve(config).await
//! # }
//! ```
//!
//! See [`http`] for the HTTP and WebSocket API and [`games`] for how a game is
//! plugged in (one line in [`games::registry`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod allowance;

pub mod error;
pub mod games;
pub mod http;
pub mod limits;
pub mod metric_names;
pub mod names;
pub mod open_files;
pub mod proxies;
pub mod public_url;
pub mod services;
pub mod store;
pub mod telemetry;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use error::ApiError;
pub use http::edge::AllowedHosts;
pub use limits::{
    BotLimits, ChatLimits, ConnectionLimits, LimitOptions, MemoryLimits, TrafficLimits,
};
pub use proxies::TrustedProxies;
pub use public_url::PublicUrl;
pub use services::{Services, Settings};
pub use store::{Store, StoreError};

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to listen on (port 0: any free port; the bound address is printed).
    pub addr: SocketAddr,
    /// `postgres://…` for PostgreSQL, otherwise an SQLite file path (or `sqlite:PATH`).
    pub database: String,
    /// Delay before each bot decision (0 in tests).
    pub bot_pace: Duration,
    /// Also offer the test game "secrets" (hidden hands), for tests.
    pub test_games: bool,
    /// Serve the web UI from this folder instead of the embedded copy (UI development).
    pub web_dir: Option<std::path::PathBuf>,
    /// The most a bot decision may cost. `None`: [`BotLimits::from_env`]
    /// (10 s, 1,000,000 iterations, the machine's parallelism, unless
    /// `EONS_BOT_MAX_TIME_MS`, `EONS_BOT_MAX_ITERATIONS`, `EONS_BOT_MAX_THREADS` say otherwise).
    pub bot_limits: Option<BotLimits>,
    /// New games per client address and open WebSockets. `None`:
    /// [`TrafficLimits::from_env`] (60 games per hour, 1,000 sockets, 50 per
    /// game, unless `EONS_MAX_GAMES_PER_HOUR`, `EONS_MAX_SOCKETS`,
    /// `EONS_MAX_SOCKETS_PER_GAME` say otherwise).
    pub traffic_limits: Option<TrafficLimits>,
    /// Reverse proxies whose `X-Forwarded-For` names the client (for the
    /// new-games limit). `None`: [`TrustedProxies::from_env`]
    /// (`EONS_TRUSTED_PROXIES`, none when unset).
    pub trusted_proxies: Option<TrustedProxies>,
    /// Header and idle timeouts, and open connections per client address.
    /// `None`: [`ConnectionLimits::from_env`] (10 s, 60 s, 64, unless
    /// `EONS_HEADER_TIMEOUT_MS`, `EONS_IDLE_TIMEOUT_MS`,
    /// `EONS_MAX_CONNECTIONS_PER_ADDRESS` say otherwise).
    pub connection_limits: Option<ConnectionLimits>,
    /// The host names the server answers for (others get 421). `None`:
    /// [`AllowedHosts::from_env`] (`EONS_ALLOWED_HOSTS`; any host when unset).
    pub allowed_hosts: Option<AllowedHosts>,
    /// Where to serve `GET /metrics` (Prometheus text format), on a listener
    /// of its own. `None`: `EONS_METRICS_ADDR` when set, otherwise no metrics.
    pub metrics_addr: Option<SocketAddr>,
    /// When idle games leave memory and how often snapshots are stored.
    /// `None`: [`MemoryLimits::from_env`] (10 minutes, every 200 moves,
    /// unless `EONS_EVICT_IDLE_AFTER_S`, `EONS_SNAPSHOT_EVERY` say otherwise).
    pub memory_limits: Option<MemoryLimits>,
    /// The address other people reach the server at: invite links point
    /// there. `None`: `EONS_PUBLIC_URL` when set, otherwise the address the
    /// creator's browser used.
    pub public_url: Option<PublicUrl>,
    /// Which webhook URLs players may give (see [`crate::services::webhooks`]). `None`:
    /// `EONS_WEBHOOKS` when set, otherwise off.
    pub webhooks: Option<services::webhooks::WebhookMode>,
    /// The ports a webhook URL may name with `--webhooks public`. `None`:
    /// `EONS_WEBHOOK_PORTS` when set, otherwise 80 and 443.
    pub webhook_ports: Option<services::webhooks::WebhookPorts>,
    /// How long the seat to move must have been deciding before the other
    /// seats may vote it away. `None`: `EONS_ABSENT_AFTER_S` when set,
    /// otherwise 5 minutes.
    pub absent_after: Option<Duration>,
    /// How many chat messages of seats and of spectators a game keeps, and
    /// how fast its spectators may write. `None`: [`ChatLimits::from_env`]
    /// (1,500 and 500 messages, 30 spectator messages a minute per game,
    /// unless `EONS_MAX_SEAT_CHAT_MESSAGES`,
    /// `EONS_MAX_SPECTATOR_CHAT_MESSAGES`, `EONS_SPECTATOR_CHAT_PER_MINUTE`
    /// say otherwise).
    pub chat_limits: Option<ChatLimits>,
}

impl Default for ServeConfig {
    /// `127.0.0.1:8080`, the database from `$DATABASE_URL` or `eons.sqlite` in
    /// the working directory, bots wait 700 ms before each decision.
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: std::env::var("DATABASE_URL")
                .ok()
                .filter(|s| !s.trim().is_empty())
                .unwrap_or_else(|| "eons.sqlite".into()),
            bot_pace: Duration::from_millis(700),
            test_games: false,
            web_dir: None,
            bot_limits: None,
            traffic_limits: None,
            trusted_proxies: None,
            connection_limits: None,
            allowed_hosts: None,
            metrics_addr: None,
            memory_limits: None,
            public_url: None,
            webhooks: None,
            webhook_ports: None,
            absent_after: None,
            chat_limits: None,
        }
    }
}

impl ServeConfig {
    /// Trusts the proxies `p` as well (a repeated `--trusted-proxy`): the
    /// first call replaces the environment's default, later ones add up.
    pub fn trust_proxies(&mut self, p: TrustedProxies) {
        self.trusted_proxies
            .get_or_insert_with(TrustedProxies::default)
            .extend(p);
    }

    /// Allows the host names `h` as well (a repeated `--allowed-host`): the
    /// first call replaces the environment's default, later ones add up.
    pub fn allow_hosts(&mut self, h: AllowedHosts) {
        self.allowed_hosts
            .get_or_insert_with(AllowedHosts::default)
            .extend(h);
    }
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be bound, or serving failed.
    #[error("network: {0}")]
    Io(#[from] std::io::Error),
    /// Resuming stored games failed.
    #[error("resume: {0}")]
    Resume(#[from] ApiError),
    /// A setting (from the environment) cannot be read.
    #[error("configuration: {0}")]
    Config(String),
}

/// The addresses the server listens on, once bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The application's address.
    pub addr: SocketAddr,
    /// The metrics listener's address, when metrics are served.
    pub metrics: Option<SocketAddr>,
}

/// The whole application (API, WebSocket and UI) over its services, reading
/// request bodies up to [`http::edge::MAX_BODY_BYTES`], with a span and metrics
/// per request ([`telemetry::observe_requests`]). Requests need the peer
/// address as `ConnectInfo<SocketAddr>` (as [`http::edge::serve`] gives it, or
/// `into_make_service_with_connect_info::<SocketAddr>()`): the new-games
/// limit is kept per client address (the peer, or what a trusted proxy
/// says). [`serve_until`] also puts it behind [`http::edge::protect`].
pub fn app(services: Arc<Services>, web_dir: Option<std::path::PathBuf>) -> axum::Router {
    telemetry::observe_requests(
        http::router(services)
            .merge(http::web::router(web_dir))
            .layer(axum::extract::DefaultBodyLimit::max(
                http::edge::MAX_BODY_BYTES,
            )),
    )
}

/// Runs the server until Ctrl-C (or SIGTERM). Prints `eons-server
/// listening on http://ADDR/` once it accepts connections, the metrics
/// address when it serves metrics, then the link to open (see
/// [`public_url::open_lines`]).
pub async fn serve(mut config: ServeConfig) -> Result<(), ServeError> {
    config.public_url = given_or_env(config.public_url.map(Some), PublicUrl::from_env)?;
    let public = config.public_url.clone();
    serve_until(config, shutdown_signal(), move |bound| {
        // Written, not `println!`: a reader that stopped reading (`| head
        // -1`, a test that read the first line) must not stop the server.
        let say = |line: String| {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}").and_then(|()| out.flush());
        };
        say(format!("eons-server listening on http://{}/", bound.addr));
        if let Some(metrics) = bound.metrics {
            say(format!("eons-server metrics on http://{metrics}/metrics"));
        }
        for line in public_url::open_lines(bound.addr, public.as_ref()) {
            say(line);
        }
    })
    .await
}

/// The setting the caller gave, else the one `from_env` reads from the
/// environment (an unreadable one stops the server).
fn given_or_env<T>(given: Option<T>, from_env: fn() -> Result<T, String>) -> Result<T, ServeError> {
    given.map_or_else(from_env, Ok).map_err(ServeError::Config)
}

/// `EONS_ABSENT_AFTER_S` (seconds, at least 1), else 5 minutes.
fn absent_after_from_env() -> Result<Duration, String> {
    match std::env::var("EONS_ABSENT_AFTER_S") {
        Ok(v) => match v.trim().parse::<u64>() {
            Ok(s) if s > 0 => Ok(Duration::from_secs(s)),
            _ => Err(format!(
                "EONS_ABSENT_AFTER_S=`{}`: a whole number of seconds, at least 1",
                error::echoed(&v)
            )),
        },
        Err(_) => Ok(services::clock::ABSENT_AFTER),
    }
}

/// Runs the server until `shutdown` completes; `on_bound` is told the bound
/// addresses (then the startup line is logged).
pub async fn serve_until(
    config: ServeConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
    on_bound: impl FnOnce(Bound),
) -> Result<(), ServeError> {
    let bot_limits = given_or_env(config.bot_limits, BotLimits::from_env)?;
    let traffic = given_or_env(config.traffic_limits, TrafficLimits::from_env)?;
    let proxies = given_or_env(config.trusted_proxies, TrustedProxies::from_env)?;
    let connections = given_or_env(config.connection_limits, ConnectionLimits::from_env)?;
    let hosts = given_or_env(config.allowed_hosts, AllowedHosts::from_env)?;
    let metrics_addr = given_or_env(
        config.metrics_addr.map(Some),
        telemetry::metrics_addr_from_env,
    )?;
    let trusted_proxies = format!("{proxies:?}");
    let memory = given_or_env(config.memory_limits, MemoryLimits::from_env)?;
    let public_url = given_or_env(config.public_url.map(Some), PublicUrl::from_env)?;
    let webhooks = given_or_env(config.webhooks, services::webhooks::WebhookMode::from_env)?;
    let webhook_ports = given_or_env(
        config.webhook_ports.clone(),
        services::webhooks::WebhookPorts::from_env,
    )?;
    let absent_after = given_or_env(config.absent_after, absent_after_from_env)?;
    // Before anything opens files: the connection cap is reckoned from it.
    let open_files = open_files::raise();
    let chat_limits = given_or_env(config.chat_limits, ChatLimits::from_env)?;
    let store = Store::open(&config.database).await?;
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let services = Services::new(
        store,
        games::registry(config.test_games),
        Settings {
            bot_pace: config.bot_pace,
            bot_limits,
            traffic,
            proxies,
            memory,
            chat: chat_limits,
            webhooks,
            webhook_ports: webhook_ports.clone(),
            absent_after,
            public_url: public_url.clone(),
            bound: Some(addr),
        },
    );
    let metrics = match metrics_addr {
        Some(a) => Some(telemetry::MetricsServer::start(a, services.clone()).await?),
        None => None,
    };
    start_background(&services).await?;
    // On shutdown the other processes take this one's games over at once
    // (before the open connections have drained).
    let lease_services = services.clone();
    let shutdown = async move {
        shutdown.await;
        lease_services.release_leases().await;
    };
    let metrics_addr = metrics.as_ref().map(telemetry::MetricsServer::addr);
    on_bound(Bound {
        addr,
        metrics: metrics_addr,
    });
    tracing::info!(
        %addr,
        metrics = ?metrics_addr,
        database = %telemetry::describe_database(&config.database),
        bot_limits = ?bot_limits,
        traffic_limits = ?traffic,
        connection_limits = ?connections,
        allowed_hosts = ?hosts,
        trusted_proxies = %trusted_proxies,
        public_url = public_url.as_ref().map(PublicUrl::as_str),
        webhooks = ?webhooks,
        webhook_ports = ?webhook_ports,
        open_files = ?open_files,
        chat_limits = ?chat_limits,
        "eons-server started"
    );
    // The edge gives handlers the peer address: it (or, from a trusted
    // proxy, its X-Forwarded-For) is the key of the new-games limit.
    let app = http::edge::protect(app(services, config.web_dir.clone()), hosts);
    http::edge::serve(listener, app, connections, shutdown).await;
    Ok(())
}

/// Resumes stored games (bots carry on), listens for other processes' moves
/// and keeps this process's game leases (PostgreSQL), and kicks idle bots
/// now and then.
async fn start_background(services: &Arc<Services>) -> Result<(), ServeError> {
    if let Some(mut listener) = services.store.listener().await? {
        let h = services.clone();
        tokio::spawn(async move {
            loop {
                match listener.recv().await {
                    Ok(n) => {
                        let id = n.payload().to_string();
                        // A game not in memory loads with the move when
                        // next asked for.
                        if let Some(g) = h.live.cached(&id) {
                            if let Err(e) = h.sync(&g).await {
                                tracing::warn!(game = %id, error = %e, "cannot catch up with another server's move");
                            }
                        }
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the database's move notifications failed; listening again");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        });
    }
    let resumed = services.resume_all().await?;
    if resumed > 0 {
        tracing::info!(games = resumed, "resumed unfinished games");
    }
    // Games that ended just before a stop are rated now (once: see
    // services::profiles).
    match services.rate_unrated().await {
        Ok(0) => {}
        Ok(rated) => tracing::info!(games = rated, "rated finished games left unrated"),
        Err(e) => tracing::warn!(error = %e, "cannot look for unrated games"),
    }
    // PostgreSQL: run the bots only of the games this process holds the
    // lease of, and take over those of a process that died.
    services.start_leases();
    let h = services.clone();
    tokio::spawn(async move {
        let mut t = tokio::time::interval(Duration::from_secs(10));
        loop {
            t.tick().await;
            h.kick_all();
            h.forget_idle_addresses();
        }
    });
    // Idle games leave memory; checked at least every 10 s (more often when
    // they may idle less than 20 s, as in tests).
    let h = services.clone();
    let every = (h.live.memory().evict_idle_after / 2)
        .clamp(Duration::from_secs(1), Duration::from_secs(10));
    tokio::spawn(async move {
        let mut t = tokio::time::interval(every);
        loop {
            t.tick().await;
            let gone = h.evict_idle(&h.live.memory());
            if gone > 0 {
                tracing::debug!(gone, "idle games left memory");
            }
        }
    });
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
