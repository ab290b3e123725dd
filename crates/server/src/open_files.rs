//! The process's limit on open files (`RLIMIT_NOFILE`), and the cap on
//! client connections that keeps room below it.
//!
//! Every connection, WebSocket, database connection (an SQLite one with its
//! file, WAL and shared-memory files), webhook delivery and log file is an
//! open file. At the limit, `accept` fails ("too many open files") and
//! nobody is answered. So at start-up [`raise`] lifts the soft limit to the
//! hard one where the system allows it (many systems start processes at a
//! soft 1,024 under a hard limit far above), and the edge
//! (`crate::http::edge::serve`) takes at most [`connection_cap`] client
//! connections: the soft limit less [`RESERVED_FILES`] for everything else.
//! A connection over the cap is answered 503 at once and closed.

/// Open files kept free below the soft limit for what is not a client
/// connection: the database pool (PostgreSQL 8 connections and a listener;
/// SQLite 4, three files each), webhook deliveries in flight (at most
/// [`crate::services::webhooks::CONCURRENCY`]), the metrics listener and its scrapes, the runtime's own (epoll, event and signal
/// descriptors), standard streams and name lookups, with room to spare.
pub const RESERVED_FILES: u64 = 128;

/// The open-file limit at start-up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OpenFileLimit {
    /// The soft limit: what the process may open.
    pub soft: u64,
    /// The hard limit: how far the soft one may be raised.
    pub hard: u64,
    /// The soft limit before [`raise`] raised it (None: left as it was).
    pub raised_from: Option<u64>,
}

/// The process's soft and hard limits on open files; None where the system
/// has no such limit or does not tell.
pub fn current() -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        rlimit::Resource::NOFILE.get().ok()
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Raises the soft limit on open files as far as the hard limit (and the
/// system) allow, and logs what it found and did. None where the system
/// has no such limit.
pub fn raise() -> Option<OpenFileLimit> {
    let (soft, hard) = current()?;
    let mut limit = OpenFileLimit {
        soft,
        hard,
        raised_from: None,
    };
    if soft < hard {
        match rlimit::increase_nofile_limit(hard) {
            Ok(now) if now > soft => {
                limit.soft = now;
                limit.raised_from = Some(soft);
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(soft, hard, error = %e, "cannot raise the open-file limit");
            }
        }
    }
    match limit.raised_from {
        Some(from) => tracing::info!(
            from,
            to = limit.soft,
            hard,
            connections = connection_cap(limit.soft),
            "raised the open-file limit"
        ),
        None => tracing::info!(
            soft = limit.soft,
            hard,
            connections = connection_cap(limit.soft),
            "the open-file limit is as high as it goes"
        ),
    }
    Some(limit)
}

/// The most client connections open at once under a soft limit of `soft`
/// open files: `soft` less [`RESERVED_FILES`], and at least half of it (a
/// very low limit still takes some connections).
pub fn connection_cap(soft: u64) -> usize {
    let cap = soft.saturating_sub(RESERVED_FILES).max(soft / 2);
    usize::try_from(cap).unwrap_or(usize::MAX)
}

/// [`connection_cap`] of the process's soft limit now (no cap where there is
/// no limit).
pub fn current_connection_cap() -> usize {
    current().map_or(usize::MAX, |(soft, _)| connection_cap(soft))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_keeps_the_reserve_free_and_takes_half_of_a_tiny_limit() {
        assert_eq!(connection_cap(1024), 1024 - 128);
        assert_eq!(connection_cap(256), 128);
        assert_eq!(connection_cap(200), 100);
        assert_eq!(connection_cap(0), 0);
    }

    #[cfg(unix)]
    #[test]
    fn the_limit_can_be_read() {
        let (soft, hard) = current().expect("a limit on unix");
        assert!(soft <= hard);
        assert!(current_connection_cap() < usize::MAX);
    }
}
