//! How many TCP connections each client address holds open, for the cap
//! on them (counted by [`limit_key`], so an IPv6 client counts by its /64).

use crate::limits::limit_key;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// The open connections of every client address, up to a cap each.
#[derive(Debug)]
pub(super) struct PerAddress {
    open: Mutex<HashMap<IpAddr, usize>>,
    max: usize,
}

impl PerAddress {
    /// No connection open yet; at most `max` per address.
    pub(super) fn new(max: usize) -> Arc<PerAddress> {
        Arc::new(PerAddress {
            open: Mutex::new(HashMap::new()),
            max,
        })
    }

    /// A place for one more connection from `peer`, held until the returned
    /// slot is dropped; `None` when the address already holds the most.
    pub(super) fn open(self: &Arc<Self>, peer: IpAddr) -> Option<ConnectionSlot> {
        let key = limit_key(peer);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(key).or_insert(0);
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(ConnectionSlot {
            counter: self.clone(),
            key,
        })
    }

    /// How many connections `peer`'s address holds open.
    #[cfg(test)]
    fn count(&self, peer: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&limit_key(peer)).copied().unwrap_or(0)
    }
}

/// One open connection's place in its address's count; dropping it frees
/// the place.
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
        if let Some(count) = open.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.key);
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
        let p = PerAddress::new(2);
        let a = p.open(ip("203.0.113.1")).expect("first");
        let b = p.open(ip("203.0.113.1")).expect("second");
        assert!(p.open(ip("203.0.113.1")).is_none(), "third is over the cap");
        assert!(p.open(ip("203.0.113.2")).is_some(), "another address");
        drop(a);
        let c = p.open(ip("203.0.113.1")).expect("a place was freed");
        assert_eq!(p.count(ip("203.0.113.1")), 2);
        drop((b, c));
        assert_eq!(p.count(ip("203.0.113.1")), 0);
        assert!(p.open.lock().expect("lock").is_empty(), "no entry is kept");
    }

    #[test]
    fn an_ipv6_client_counts_by_its_64_network() {
        let p = PerAddress::new(1);
        let _held = p.open(ip("2001:db8:0:7::1")).expect("first");
        assert!(p.open(ip("2001:db8:0:7::2")).is_none(), "same /64");
        assert!(p.open(ip("2001:db8:0:8::1")).is_some(), "another /64");
    }
}
