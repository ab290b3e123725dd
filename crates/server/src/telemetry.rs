//! Seeing into the server: structured logs on stderr (`tracing`), a span per
//! request, and Prometheus metrics on a listener of their own.
//!
//! Logs: [`init_logs`] installs a `tracing` subscriber writing to stderr,
//! filtered by `RUST_LOG` (default [`DEFAULT_FILTER`]), as text or, with
//! `EONS_LOG_FORMAT=json`, one JSON object per line. A request's span names
//! its method and its matched route (`/api/games/{id}/view`), never its URI,
//! so a `?token=` never reaches the log.
//!
//! Metrics: the `metrics` facade; [`MetricsServer`] installs the Prometheus
//! recorder and serves `GET /metrics` on its own address (off unless
//! `--metrics-addr` or `EONS_METRICS_ADDR` names one). The names are the
//! constants of this module.

use crate::services::Services;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tower_http::trace::TraceLayer;
use tracing::Span;
use tracing_subscriber::EnvFilter;

/// The log filter when `RUST_LOG` is unset (or cannot be read): the server's
/// own lines from `info` up, the HTTP layer's only when something is wrong.
pub const DEFAULT_FILTER: &str = "eons_server=info,tower_http=warn";

pub use crate::metric_names::{
    BOT_DECISION, BOT_DECISIONS, BOT_QUEUE_DEPTH, GAMES_IN_MEMORY, HTTP_DURATION, HTTP_REQUESTS,
    MOVES, OPEN_SOCKETS, WEBHOOKS_DROPPED,
};

/// The route label of requests that matched no route (one label for all of
/// them, so that scanners cannot grow the metrics without bound).
const UNMATCHED: &str = "unmatched";

/// Request latency buckets, in seconds (1 ms to 10 s).
const HTTP_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Bot decision buckets, in seconds (1 ms to the longest time limits).
const BOT_BUCKETS: &[f64] = &[
    0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
];

/// The log format `EONS_LOG_FORMAT` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines (the default, or `text`).
    Text,
    /// One JSON object per line (`json`), for log collectors.
    Json,
}

impl LogFormat {
    /// The format named by `EONS_LOG_FORMAT` (`text` or `json`, any case);
    /// `Err` names a value that is neither.
    pub fn from_env() -> Result<LogFormat, String> {
        match std::env::var("EONS_LOG_FORMAT") {
            Err(_) => Ok(LogFormat::Text),
            Ok(v) => match v.trim().to_ascii_lowercase().as_str() {
                "" | "text" => Ok(LogFormat::Text),
                "json" => Ok(LogFormat::Json),
                _ => Err(v),
            },
        }
    }
}

/// Installs the logger: `tracing` events to stderr, filtered by `RUST_LOG`
/// (else [`DEFAULT_FILTER`]), in the format of `EONS_LOG_FORMAT`. Events of
/// crates that use the `log` crate (the database driver) are included.
/// Calling it again, or after another subscriber was installed, changes
/// nothing.
pub fn init_logs() {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let format = LogFormat::from_env();
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let installed = match format {
        Ok(LogFormat::Json) => builder.json().try_init(),
        Ok(LogFormat::Text) | Err(_) => builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
    };
    if installed.is_ok() {
        if let Err(v) = format {
            tracing::warn!(value = %v, "EONS_LOG_FORMAT is neither `text` nor `json`; logging text");
        }
    }
}

/// The database as the startup line names it: its backend and location,
/// with a PostgreSQL password replaced by `***`.
pub fn describe_database(url: &str) -> String {
    let url = url.trim();
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        format!("postgresql {}", redact_url(url))
    } else {
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        format!("sqlite {path}")
    }
}

/// `url` with the password of its user part and any `password=` parameter
/// replaced by `***`.
fn redact_url(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    // The user part ends at the last `@` (a password may hold `/`, `?` or
    // `@`); when that `@` was in the query, more is hidden than needed.
    let (user, rest) = match rest.rsplit_once('@') {
        Some((user, rest)) => match user.split_once(':') {
            Some((name, _password)) => (format!("{name}:***@"), rest),
            None => (format!("{user}@"), rest),
        },
        None => (String::new(), rest),
    };
    let rest = match rest.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => rest.to_string(),
    };
    format!("{scheme}://{user}{rest}")
}

/// The route a request matched (its pattern, such as `/api/games/{id}`), or
/// `unmatched`. Never the URI: its query may carry a token.
fn route_of<B>(request: &axum::http::Request<B>) -> String {
    request
        .extensions()
        .get::<MatchedPath>()
        .map_or(UNMATCHED, MatchedPath::as_str)
        .to_string()
}

/// The method as a label: the standard ones by name, any other as `OTHER`
/// (a client may send any word there).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        Method::PATCH => "PATCH",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => "OTHER",
    }
}

/// Adds to `router` a span per request (method and matched route; status
/// and latency once answered, logged at `debug`) and the request metrics.
/// Apply it after every route is added.
pub fn observe_requests(router: Router) -> Router {
    let trace = TraceLayer::new_for_http()
        .make_span_with(|request: &axum::http::Request<_>| {
            tracing::info_span!(
                "request",
                method = method_label(request.method()),
                route = %route_of(request),
                status = tracing::field::Empty,
                latency_ms = tracing::field::Empty,
            )
        })
        .on_request(())
        .on_response(|response: &Response, latency: Duration, span: &Span| {
            span.record("status", response.status().as_u16());
            span.record("latency_ms", latency.as_secs_f64() * 1000.0);
            tracing::debug!("answered");
        });
    router
        .layer(axum::middleware::from_fn(count_request))
        .layer(trace)
}

/// Counts a request and times it to its response's head, by route.
async fn count_request(request: Request, next: Next) -> Response {
    let route = route_of(&request);
    let method = method_label(request.method());
    let start = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::histogram!(HTTP_DURATION, "route" => route.clone())
        .record(start.elapsed().as_secs_f64());
    metrics::counter!(HTTP_REQUESTS, "route" => route, "method" => method, "status" => status)
        .increment(1);
    response
}

/// The Prometheus recorder of this process, installed on first use (the
/// `metrics` macros record nothing before).
fn prometheus() -> Result<PrometheusHandle, String> {
    static HANDLE: OnceLock<Result<PrometheusHandle, String>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let handle = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.into()), HTTP_BUCKETS)
                .and_then(|b| {
                    b.set_buckets_for_metric(Matcher::Full(BOT_DECISION.into()), BOT_BUCKETS)
                })
                .and_then(PrometheusBuilder::install_recorder)
                .map_err(|e| format!("cannot install the metrics recorder: {e}"))?;
            describe();
            Ok(handle)
        })
        .clone()
}

/// The help text of every metric.
fn describe() {
    metrics::describe_counter!(
        HTTP_REQUESTS,
        "HTTP requests answered, by matched route, method and status"
    );
    metrics::describe_histogram!(
        HTTP_DURATION,
        metrics::Unit::Seconds,
        "Time from a request's arrival to its response's head, by matched route"
    );
    metrics::describe_counter!(
        MOVES,
        "Choices committed, by humans and bots (moves per second is its rate)"
    );
    metrics::describe_gauge!(GAMES_IN_MEMORY, "Games loaded in the server's memory");
    metrics::describe_gauge!(OPEN_SOCKETS, "WebSockets open on the server");
    metrics::describe_gauge!(BOT_QUEUE_DEPTH, "Bot decisions waiting for a search worker");
    metrics::describe_histogram!(
        BOT_DECISION,
        metrics::Unit::Seconds,
        "Time a bot decision spent searching"
    );
    metrics::describe_counter!(BOT_DECISIONS, "Bot decisions made");
    metrics::describe_counter!(
        WEBHOOKS_DROPPED,
        "Webhook deliveries dropped, by reason (queue_full, target_full)"
    );
}

/// What the metrics route reads.
#[derive(Clone)]
struct Scrape {
    services: Arc<Services>,
    handle: PrometheusHandle,
}

/// `GET /metrics`: the gauges read from the services now, then every metric in
/// the Prometheus text format.
async fn metrics_text(State(s): State<Scrape>) -> impl IntoResponse {
    metrics::gauge!(GAMES_IN_MEMORY).set(s.services.loaded_games() as f64);
    metrics::gauge!(OPEN_SOCKETS).set(s.services.open_sockets() as f64);
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        s.handle.render(),
    )
}

/// The metrics listener: `GET /metrics` on an address of its own, served
/// until this value is dropped.
pub struct MetricsServer {
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl MetricsServer {
    /// Installs the Prometheus recorder (once per process), binds `addr` and
    /// serves the services' metrics there.
    pub async fn start(
        addr: SocketAddr,
        services: Arc<Services>,
    ) -> Result<MetricsServer, crate::ServeError> {
        let handle = prometheus().map_err(crate::ServeError::Metrics)?;
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let addr = listener.local_addr()?;
        let upkeep = handle.clone();
        let app = Router::new()
            .route("/metrics", axum::routing::get(metrics_text))
            .with_state(Scrape { services, handle });
        let task = tokio::spawn(async move {
            let keep = async move {
                let mut every = tokio::time::interval(Duration::from_secs(5));
                loop {
                    every.tick().await;
                    upkeep.run_upkeep();
                }
            };
            tokio::select! {
                served = axum::serve(listener, app) => {
                    if let Err(e) = served {
                        tracing::error!(error = %e, "the metrics listener stopped");
                    }
                }
                () = keep => {}
            }
        });
        Ok(MetricsServer { addr, task })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for MetricsServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postgres_password_is_never_shown() {
        assert_eq!(
            describe_database("postgres://eons:s3cret@db.example:5432/eons"),
            "postgresql postgres://eons:***@db.example:5432/eons"
        );
        assert_eq!(
            describe_database("postgresql://eons@db/eons?sslmode=require&password=s3cret"),
            "postgresql postgresql://eons@db/eons?sslmode=require&password=***"
        );
        assert_eq!(
            describe_database("postgres://a:b:c@d@host/x"),
            "postgresql postgres://a:***@host/x"
        );
        assert_eq!(
            describe_database("postgres://u:pa/ss?@host/db"),
            "postgresql postgres://u:***@host/db"
        );
        assert_eq!(
            describe_database("postgres://host"),
            "postgresql postgres://host"
        );
    }

    #[test]
    fn an_sqlite_database_is_named_by_its_path() {
        assert_eq!(describe_database("eons.sqlite"), "sqlite eons.sqlite");
        assert_eq!(
            describe_database("sqlite:/var/eons.db"),
            "sqlite /var/eons.db"
        );
        assert_eq!(
            describe_database("sqlite:///var/eons.db"),
            "sqlite /var/eons.db"
        );
    }

    #[test]
    fn unknown_methods_share_one_label() {
        assert_eq!(method_label(&Method::POST), "POST");
        let odd = Method::from_bytes(b"TOKENabc123").expect("a method");
        assert_eq!(method_label(&odd), "OTHER");
    }
}
