//! How many TCP connections each client address holds open, for the cap
//! on them (counted by [`limit_key`], so an IPv6 client counts by its /64),
//! and how many the server holds in all, for the cap that keeps it below its
//! open-file limit (see [`crate::open_files`]).
//!
//! The server's cap is shared so that a few addresses cannot take it all:
//! an address that already holds [`LIGHT_USE`] connections gets one more
//! only while fewer than three quarters of the server's places are taken
//! ([`spectator_share`]); the last quarter is for addresses that hold
//! fewer (a browser holds about six, and one per open game).

use crate::config::limits::{limit_key, spectator_share};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Connections an address may hold and still use the last quarter of the
/// server's cap: a browser's (about 6) and its game's socket.
pub const LIGHT_USE: usize = 8;

/// Why a connection got no place.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// Its address holds as many as it may.
    Address,
    /// The server holds as many as it may (for this address).
    Server,
}

/// The open connections of every client address, up to a cap each and a
/// cap on the whole server.
#[derive(Debug)]
pub(super) struct PerAddress {
    open: Mutex<Open>,
    max: usize,
    max_total: usize,
}

/// The counts behind [`PerAddress`]'s lock.
#[derive(Debug, Default)]
struct Open {
    /// Per address key; an address with none open has no entry.
    by_address: HashMap<IpAddr, usize>,
    /// On the whole server.
    total: usize,
}

impl PerAddress {
    /// No connection open yet; at most `max` per address and `max_total`
    /// on the server.
    pub(super) fn new(max: usize, max_total: usize) -> Arc<PerAddress> {
        Arc::new(PerAddress {
            open: Mutex::new(Open::default()),
            max,
            max_total,
        })
    }

    /// A place for one more connection from `peer`, held until the returned
    /// slot is dropped; refused when the address already holds the most,
    /// or the server does (see the module's words for a heavy address).
    pub(super) fn open(self: &Arc<Self>, peer: IpAddr) -> Result<ConnectionSlot, Refused> {
        let key = limit_key(peer);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let held = open.by_address.get(&key).copied().unwrap_or(0);
        if held >= self.max {
            return Err(Refused::Address);
        }
        let room = if held >= LIGHT_USE {
            spectator_share(self.max_total)
        } else {
            self.max_total
        };
        if open.total >= room {
            return Err(Refused::Server);
        }
        *open.by_address.entry(key).or_insert(0) += 1;
        open.total += 1;
        Ok(ConnectionSlot {
            counter: self.clone(),
            key,
        })
    }

    /// How many connections `peer`'s address holds open.
    #[cfg(test)]
    fn count(&self, peer: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.by_address.get(&limit_key(peer)).copied().unwrap_or(0)
    }
}

/// One open connection's place in its address's count and the server's;
/// dropping it frees the place.
#[derive(Debug)]
pub(super) struct ConnectionSlot {
    counter: Arc<PerAddress>,
    key: IpAddr,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self
            .counter
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        open.total = open.total.saturating_sub(1);
        if let Some(count) = open.by_address.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.by_address.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("test address")
    }

    #[test]
    fn an_address_holds_at_most_the_cap_and_others_are_unaffected() {
        let p = PerAddress::new(2, 100);
        let a = p.open(ip("203.0.113.1")).expect("first");
        let b = p.open(ip("203.0.113.1")).expect("second");
        assert_eq!(
            p.open(ip("203.0.113.1")).err(),
            Some(Refused::Address),
            "third is over the cap"
        );
        assert!(p.open(ip("203.0.113.2")).is_ok(), "another address");
        drop(a);
        let c = p.open(ip("203.0.113.1")).expect("a place was freed");
        assert_eq!(p.count(ip("203.0.113.1")), 2);
        drop((b, c));
        assert_eq!(p.count(ip("203.0.113.1")), 0);
        assert_eq!(p.count(ip("203.0.113.2")), 0, "dropped at once");
        let open = p.open.lock().expect("lock");
        assert!(open.by_address.is_empty(), "no entry is kept");
        assert_eq!(open.total, 0);
    }

    #[test]
    fn an_ipv6_client_counts_by_its_64_network() {
        let p = PerAddress::new(1, 100);
        let _held = p.open(ip("2001:db8:0:7::1")).expect("first");
        assert!(p.open(ip("2001:db8:0:7::2")).is_err(), "same /64");
        assert!(p.open(ip("2001:db8:0:8::1")).is_ok(), "another /64");
    }

    #[test]
    fn heavy_addresses_fill_three_quarters_of_the_server_and_light_ones_the_rest() {
        /// Takes up to `most` places for `address` into `held`; how many.
        fn take(
            p: &Arc<PerAddress>,
            held: &mut Vec<ConnectionSlot>,
            address: &str,
            most: usize,
        ) -> usize {
            let mut got = 0;
            while got < most {
                match p.open(ip(address)) {
                    Ok(slot) => {
                        held.push(slot);
                        got += 1;
                    }
                    Err(refused) => {
                        assert_eq!(refused, Refused::Server, "{address}");
                        break;
                    }
                }
            }
            got
        }
        let p = PerAddress::new(1000, 40);
        let mut held = Vec::new();
        assert_eq!(
            take(&p, &mut held, "203.0.113.1", 1000),
            30,
            "three quarters of 40"
        );
        assert_eq!(
            take(&p, &mut held, "203.0.113.2", 1000),
            LIGHT_USE,
            "another address gets its first places from the last quarter"
        );
        assert_eq!(
            take(&p, &mut held, "203.0.113.3", 1),
            1,
            "a light address gets in"
        );
        assert_eq!(
            take(&p, &mut held, "203.0.113.4", 5),
            1,
            "until the server is full"
        );
        assert_eq!(
            take(&p, &mut held, "203.0.113.5", 1),
            0,
            "then nobody gets in"
        );
        held.pop();
        assert_eq!(
            take(&p, &mut held, "203.0.113.5", 1),
            1,
            "a freed place is given back"
        );
    }
}
