//! The names of the server's metrics (Prometheus text format at
//! `GET /metrics`, see [`crate::telemetry`]), in one place: every module
//! that records a metric names it from here, and the exporter describes
//! each of them.

/// Counter: HTTP requests answered, by `route`, `method` and `status`.
pub const HTTP_REQUESTS: &str = "eons_http_requests_total";
/// Histogram: seconds from a request's arrival to its response's head, by `route`.
pub const HTTP_DURATION: &str = "eons_http_request_duration_seconds";
/// Counter: choices committed (by humans and bots); moves per second is its rate.
pub const MOVES: &str = "eons_moves_total";
/// Gauge: games loaded in the server's memory (read at scrape time).
pub const GAMES_IN_MEMORY: &str = "eons_games_in_memory";
/// Gauge: WebSockets open on the server (read at scrape time).
pub const OPEN_SOCKETS: &str = "eons_open_sockets";
/// Gauge: bot decisions waiting for a search worker (emitted by the bot pool).
pub const BOT_QUEUE_DEPTH: &str = "eons_bot_queue_depth";
/// Histogram: seconds a bot decision took to search (emitted by the bot pool).
pub const BOT_DECISION: &str = "eons_bot_decision_seconds";
/// Counter: bot decisions made (emitted by the bot pool).
pub const BOT_DECISIONS: &str = "eons_bot_decisions_total";
/// Counter: webhook deliveries dropped, by `reason` (`queue_full`: the
/// sender's queue; `target_full`: one target's share of it).
pub const WEBHOOKS_DROPPED: &str = "eons_webhooks_dropped_total";
