//! Counting open WebSockets against the [`TrafficLimits`](crate::limits::TrafficLimits):
//! on the whole server, on each game and per client address, seats before
//! spectators (see [`spectator_share`]). A [`SocketPermit`] holds one place
//! in each count until it is dropped, and keeps the gauge
//! `eons_open_sockets` (the server's open sockets) up to date.

use super::GameHandle;
use crate::error::ApiError;
use crate::limits::TrafficLimits;
use crate::limits::{limit_key, spectator_share};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Seconds a client refused for its address's socket count is asked to wait
/// (`Retry-After`): one of its sockets may close any moment.
const ADDRESS_RETRY_SECONDS: u64 = 5;

/// Who a socket is for, which decides how much of a cap it may use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// A seat's own socket (opened with a valid seat token): the whole cap.
    Seat,
    /// A spectator's socket (no token): three quarters of a cap
    /// ([`spectator_share`]).
    Spectator,
}

impl Audience {
    /// How many sockets may be open (seats' and spectators' together) for
    /// one more of this audience to be admitted under `cap`.
    fn share(self, cap: usize) -> usize {
        match self {
            Audience::Seat => cap,
            Audience::Spectator => spectator_share(cap),
        }
    }
}

/// The server's open sockets: in all, and per client address.
#[derive(Default)]
struct SocketCounts {
    /// Sockets open on the whole server.
    total: AtomicUsize,
    /// Sockets open per client address ([`limit_key`]); an address with none
    /// open has no entry.
    per_address: Mutex<HashMap<IpAddr, usize>>,
}

impl SocketCounts {
    /// WebSockets open on the whole server now.
    fn open(&self) -> usize {
        self.total.load(Ordering::Acquire)
    }
}

impl SocketCounts {
    /// Counts one more socket from `address` unless it has `max` open; true
    /// if it counted.
    fn take_address(&self, address: IpAddr, max: usize) -> bool {
        let mut map = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        let open = map.entry(address).or_insert(0);
        if *open >= max {
            if *open == 0 {
                map.remove(&address);
            }
            return false;
        }
        *open += 1;
        true
    }

    /// Counts one socket from `address` less.
    fn give_back_address(&self, address: IpAddr) {
        let mut map = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(open) = map.get_mut(&address) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                map.remove(&address);
            }
        }
    }

    /// Sets the gauge `eons_open_sockets` to the server's open sockets.
    fn report(&self) {
        metrics::gauge!(crate::metric_names::OPEN_SOCKETS)
            .set(self.total.load(Ordering::Acquire) as f64);
    }
}

/// Adds one to `n` unless it is at `max` already; true if it added.
fn take_one(n: &AtomicUsize, max: usize) -> bool {
    n.fetch_update(Ordering::AcqRel, Ordering::Acquire, |v| {
        (v < max).then_some(v + 1)
    })
    .is_ok()
}

/// One open WebSocket, counted on its game, on the server and on its client
/// address until dropped.
pub struct SocketPermit {
    counts: Arc<SocketCounts>,
    game: Arc<GameHandle>,
    address: IpAddr,
}

impl Drop for SocketPermit {
    fn drop(&mut self) {
        self.game.sockets.fetch_sub(1, Ordering::AcqRel);
        self.counts.total.fetch_sub(1, Ordering::AcqRel);
        self.counts.give_back_address(self.address);
        self.counts.report();
    }
}

/// The sockets service: the open WebSockets, counted against the caps of
/// [`TrafficLimits`] (and the ping interval the sockets keep).
pub struct Sockets {
    /// The counts.
    counts: Arc<SocketCounts>,
    /// The caps.
    limits: TrafficLimits,
}

impl Sockets {
    /// No sockets open yet, under `limits`.
    pub fn new(limits: TrafficLimits) -> Sockets {
        Sockets {
            counts: Arc::default(),
            limits,
        }
    }

    /// The caps (and the ping interval).
    pub fn limits(&self) -> &TrafficLimits {
        &self.limits
    }

    /// How many WebSockets are open on the server.
    pub fn open_now(&self) -> usize {
        self.counts.open()
    }

    /// A permit for one more WebSocket on game `h` from `client` (the client
    /// address: see [`crate::proxies::TrustedProxies::client`]). Refused with
    /// 429 when that address (by [`limit_key`]) has as many open as
    /// [`TrafficLimits::max_sockets_per_address`](crate::limits::TrafficLimits::max_sockets_per_address),
    /// and with 503 `busy` when the server or the game has as many open as
    /// the `audience` may use of its cap (a spectator three quarters, a seat
    /// all of it).
    pub fn open(
        &self,
        h: &Arc<GameHandle>,
        client: IpAddr,
        audience: Audience,
    ) -> Result<SocketPermit, ApiError> {
        let limits = &self.limits;
        let address = limit_key(client);
        if !self
            .counts
            .take_address(address, limits.max_sockets_per_address)
        {
            tracing::debug!(%address, "WebSocket refused: too many open from this address");
            return Err(ApiError::TooManyRequests {
                message: format!(
                    "this server allows {} open connections from one address; close one first",
                    limits.max_sockets_per_address
                ),
                retry_after: ADDRESS_RETRY_SECONDS,
            });
        }
        let whose = match audience {
            Audience::Seat => "",
            Audience::Spectator => " for spectators (a quarter is kept for the players)",
        };
        if !take_one(&self.counts.total, audience.share(limits.max_sockets)) {
            self.counts.give_back_address(address);
            tracing::debug!(?audience, "WebSocket refused: the server is full");
            return Err(ApiError::Busy(format!(
                "this server has as many connections open as it allows{whose}; try again later"
            )));
        }
        if !take_one(&h.sockets, audience.share(limits.max_sockets_per_game)) {
            self.counts.total.fetch_sub(1, Ordering::AcqRel);
            self.counts.give_back_address(address);
            tracing::debug!(?audience, "WebSocket refused: the game is full");
            return Err(ApiError::Busy(format!(
                "this game has as many connections open as it allows{whose}; close a tab or try again later"
            )));
        }
        self.counts.report();
        Ok(SocketPermit {
            counts: self.counts.clone(),
            game: h.clone(),
            address,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_counts_up_to_its_cap_and_frees_its_places() {
        let counts = SocketCounts::default();
        let a: IpAddr = "203.0.113.5".parse().expect("ip");
        let b: IpAddr = "203.0.113.6".parse().expect("ip");
        assert!(counts.take_address(a, 2));
        assert!(counts.take_address(a, 2));
        assert!(!counts.take_address(a, 2), "the third is over the cap");
        assert!(counts.take_address(b, 2), "another address has its own");
        counts.give_back_address(a);
        assert!(counts.take_address(a, 2), "a closed socket frees its place");
        counts.give_back_address(a);
        counts.give_back_address(a);
        counts.give_back_address(b);
        assert!(
            counts.per_address.lock().expect("lock").is_empty(),
            "no entry is kept for an address with nothing open"
        );
        assert!(!counts.take_address(a, 0));
        assert!(counts.per_address.lock().expect("lock").is_empty());
    }

    #[test]
    fn spectators_use_three_quarters_seats_the_whole_cap() {
        assert_eq!(Audience::Seat.share(4), 4);
        assert_eq!(Audience::Spectator.share(4), 3);
        assert_eq!(Audience::Spectator.share(1), 0);
    }
}
