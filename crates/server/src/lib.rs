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
//! let config = eons_server::ServeConfig::default(); // 127.0.0.1:8080, ./eons.sqlite
//! eons_server::serve(config).await
//! # }
//! ```
//!
//! Its settings (flags, environment variables, defaults) are
//! [`config::ServerOptions`], shared by `eons-server` and `eons serve`.
//!
//! See [`http`] for the HTTP and WebSocket API and [`games`] for how a game is
//! plugged in (one line in [`games::registry`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod allowance;
pub mod config;
pub mod error;
pub mod games;
pub mod http;
pub mod metric_names;
pub mod names;
pub mod open_files;
pub mod services;
pub mod store;
pub mod telemetry;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

// The setting modules' paths from before they moved into `config`
// (`crate::limits::BotLimits`, `eons_server::proxies::TrustedProxies`).
pub use config::{limits, proxies, public_url};
pub use config::{
    AllowedHosts, BotLimits, ChatLimits, ConnectionLimits, MemoryLimits, PublicUrl, ServeConfig,
    ServerOptions, TrafficLimits, TrustedProxies,
};
pub use error::ApiError;
pub use services::{Services, Settings};
pub use store::{Store, StoreError};

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
    /// The metrics recorder could not be installed.
    #[error("metrics: {0}")]
    Metrics(String),
    /// `--test-games` asked of a build without them.
    #[error("this build has no test games: `--test-games` works in the tests' builds only (cargo feature `test-games` of eons-server)")]
    NoTestGames,
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
pub async fn serve(config: ServeConfig) -> Result<(), ServeError> {
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

/// Runs the server until `shutdown` completes; `on_bound` is told the bound
/// addresses (then the startup line is logged).
pub async fn serve_until(
    config: ServeConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
    on_bound: impl FnOnce(Bound),
) -> Result<(), ServeError> {
    let ServeConfig {
        addr,
        database,
        bot_pace,
        test_games,
        web_dir,
        bot_limits,
        traffic_limits: traffic,
        trusted_proxies: proxies,
        connection_limits: connections,
        allowed_hosts: hosts,
        metrics_addr,
        memory_limits: memory,
        public_url,
        webhooks,
        webhook_ports,
        absent_after,
        chat_limits,
    } = config;
    if test_games && !cfg!(feature = "test-games") {
        return Err(ServeError::NoTestGames);
    }
    // The bots' value networks (`mcts:learned`): the built-in ones only,
    // never a file a spec names (a spec comes from a player; `eons serve`
    // runs in the command line's process, which allows files for its own
    // commands).
    eons_games::register_value_networks();
    eons_bots::learned::allow_files(false);
    let trusted_proxies = format!("{proxies:?}");
    // Before anything opens files: the connection cap is reckoned from it.
    let open_files = open_files::raise();
    let store = Store::open(&database).await?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let services = Services::new(
        store,
        games::registry(test_games),
        Settings {
            bot_pace,
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
        database = %telemetry::describe_database(&database),
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
    let app = http::edge::protect(app(services, web_dir), hosts);
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
