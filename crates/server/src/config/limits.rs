//! Server-side limits. [`BotLimits`]: what a bot seat may cost (a bot spec
//! from `POST /api/games` is refused when its budget exceeds them, a
//! stored spec from before a limit was lowered is clamped to them when it
//! runs, and every decision stops at the time limit whatever its iteration
//! budget), how many searches run at once, and how many unfinished bot
//! games one client address may have. [`TrafficLimits`]: how many games one
//! client address may create, how many WebSockets may be open (on the
//! server, on one game, from one client address) and how often the server
//! pings them. [`ConnectionLimits`]: how long a connection may take to send
//! a request head or sit idle, and how many TCP connections one client
//! address may hold open. [`MemoryLimits`]: when an idle game leaves
//! memory, and how often a game's state is stored as a snapshot.
//! [`ChatLimits`]: how many chat messages of seats and of spectators a game
//! keeps, and how fast its spectators may write.
//!
//! Each is set by the server's options ([`crate::config::ServerOptions`]);
//! their `Default`s are the documented defaults.

mod bots;

pub use bots::BotLimits;

use std::net::{IpAddr, Ipv6Addr};
use std::time::Duration;

/// The key under which the per-address limits (new games, open sockets)
/// count client `ip`: an IPv4
/// address itself, an IPv6 address by its /64 network (the block one
/// household or host is usually given, whose addresses it may use freely,
/// so that rotating through them does not multiply the allowance). An
/// IPv4-mapped IPv6 address counts as its IPv4 address.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// How much traffic the server takes: new games per client address, and
/// open WebSockets. Over a limit the request is refused (429 with
/// `Retry-After` for new games and for sockets over the per-address cap, 503
/// `busy` for sockets over the server's or a game's cap) and nothing changes.
///
/// Seats before spectators: a socket opened without a seat token (a
/// spectator's) is admitted only while the server, and its game, have fewer
/// than three quarters of their caps open ([`spectator_share`]); a seat's own
/// socket (a valid seat token) may use the whole cap. So spectators alone
/// never fill a game or the server, and a seat's socket is refused only once
/// the other quarter is taken by seats' sockets too.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrafficLimits {
    /// Most games one client address (the TCP peer) may create per hour, all
    /// of them at once if it likes; then one more each 1/N hour.
    pub games_per_hour: u32,
    /// Most WebSockets open at once on the whole server.
    pub max_sockets: usize,
    /// Most WebSockets open at once on one game (every seat and spectator).
    pub max_sockets_per_game: usize,
    /// Most WebSockets open at once from one client address (counted by
    /// [`limit_key`]), seats' and spectators' alike.
    pub max_sockets_per_address: usize,
    /// How often the server pings every WebSocket; a socket from which
    /// nothing (no pong, no other frame) came for two of these is closed.
    pub ws_ping: Duration,
}

/// How many of `cap` sockets spectators may hold: three quarters, rounded
/// down (the rest, at least one place, is kept for seats' own sockets).
pub fn spectator_share(cap: usize) -> usize {
    cap - cap.div_ceil(4)
}

impl Default for TrafficLimits {
    /// 60 new games per hour per address, 1,000 sockets, 50 per game, 20
    /// per client address, a ping every 20 s.
    fn default() -> Self {
        TrafficLimits {
            games_per_hour: 60,
            max_sockets: 1000,
            max_sockets_per_game: 50,
            max_sockets_per_address: 20,
            ws_ping: Duration::from_secs(20),
        }
    }
}

/// What one TCP connection may cost: the time it may take to send a request
/// head, the time it may sit idle between requests, and how many connections
/// one client address may hold open (counted by [`limit_key`] of the TCP
/// peer). See `crate::http::edge`, which enforces them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// A connection that has not sent a whole request head this long after it
    /// opened (or after the first byte of a later request) is closed; a
    /// request whose body has not arrived whole this long after its head is
    /// answered 408 and its connection closed.
    pub header_timeout: Duration,
    /// A keep-alive connection with no request in flight and no new request
    /// begun for this long is closed. An upgraded connection (a WebSocket) is
    /// no longer HTTP and is not subject to it.
    pub idle_timeout: Duration,
    /// Most TCP connections open at once from one client address; more are
    /// closed at once, before anything is read from them.
    pub max_connections_per_address: usize,
}

impl Default for ConnectionLimits {
    /// 10 s for a request head, 60 s idle, 64 connections per address.
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections_per_address: 64,
        }
    }
}

/// How much of a game's chat is kept, and how fast spectators may write in
/// it (see [`crate::services::chat`]). Seats and spectators are kept apart: a
/// game keeps its newest `seat_messages` messages of seats and, beside
/// them, its newest `spectator_messages` messages of spectators; an older
/// message of the same side rolls off (from memory and storage) when a new
/// one comes, so the chat never closes and spectators never push out what
/// the seats wrote. Each writer has its own rate (a seat, a spectator's
/// address: [`crate::services::chat::CHAT_BURST`] at once, then one every
/// [`crate::services::chat::CHAT_EVERY`]); the spectators of one game also share
/// `spectators_per_minute`, whatever their addresses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChatLimits {
    /// The newest seat messages a game keeps.
    pub seat_messages: usize,
    /// The newest spectator messages a game keeps.
    pub spectator_messages: usize,
    /// Messages the spectators of one game may send per minute, all
    /// together (all of them at once if they like; then one each 1/N
    /// minute).
    pub spectators_per_minute: u32,
}

impl Default for ChatLimits {
    /// 1,500 seat messages and 500 spectator messages kept per game (2,000
    /// in all, as the one cap before), 30 spectator messages a minute per
    /// game.
    fn default() -> Self {
        ChatLimits {
            seat_messages: 1500,
            spectator_messages: 500,
            spectators_per_minute: 30,
        }
    }
}

impl ChatLimits {
    /// The newest messages a game keeps of seats (`spectators` false) or
    /// of spectators (true).
    pub fn kept(&self, spectators: bool) -> usize {
        if spectators {
            self.spectator_messages
        } else {
            self.seat_messages
        }
    }
}

/// How the server keeps games in memory. A game nobody used for
/// `evict_idle_after` (no request, no open WebSocket, no bot playing or
/// waiting to) leaves memory and loads back from storage on demand; a
/// finished game leaves after at most [`MemoryLimits::FINISHED_IDLE`]. Every
/// `snapshot_every` stored moves the game's state is stored too, so that
/// loading replays only the moves after the latest snapshot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemoryLimits {
    /// How long a game stays in memory unused.
    pub evict_idle_after: Duration,
    /// Stored moves (choices and undos) between two snapshots.
    pub snapshot_every: u64,
}

impl Default for MemoryLimits {
    /// 10 minutes idle, a snapshot every 200 moves.
    fn default() -> Self {
        MemoryLimits {
            evict_idle_after: Duration::from_secs(600),
            snapshot_every: 200,
        }
    }
}

impl MemoryLimits {
    /// The longest a finished game stays in memory unused (less if
    /// `evict_idle_after` is less): nobody moves in it any more.
    pub const FINISHED_IDLE: Duration = Duration::from_secs(60);

    /// How long a game with this outcome stays in memory unused.
    pub fn idle_limit(&self, over: bool) -> Duration {
        if over {
            self.evict_idle_after.min(Self::FINISHED_IDLE)
        } else {
            self.evict_idle_after
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spectators_keep_a_quarter_of_each_cap_for_seats() {
        for (cap, share) in [
            (0, 0),
            (1, 0),
            (2, 1),
            (3, 2),
            (4, 3),
            (5, 3),
            (50, 37),
            (1000, 750),
        ] {
            assert_eq!(spectator_share(cap), share, "{cap}");
        }
    }

    #[test]
    fn the_games_limit_counts_an_ipv6_client_by_its_64_network() {
        let key = |s: &str| limit_key(s.parse().expect("ip"));
        assert_eq!(key("2001:db8:0:7::1"), key("2001:db8:0:7:ffff::9"));
        assert_ne!(key("2001:db8:0:7::1"), key("2001:db8:0:8::1"));
        assert_eq!(key("2001:db8:0:7::1"), key("2001:db8:0:7::"));
        assert_eq!(key("203.0.113.5"), key("::ffff:203.0.113.5"));
        assert_ne!(key("203.0.113.5"), key("203.0.113.6"));
    }
}
