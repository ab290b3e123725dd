//! Who is at the table (issue 36): a seat is `online` while one of its
//! WebSockets is open on this process, else `offline`, with the time it was
//! last seen (its last socket closed). Views carry it in each seat of
//! `seats` (`presence`, `last_seen`); a bot's seat is always online.
//!
//! Where it meets the rest:
//! - The vote that hands an absent seat to a bot (games without a clock)
//!   opens only while the seat to move is offline: a player who is there,
//!   thinking, is not voted away however long they take.
//! - A seat going online or offline is pushed to the game's sockets, at most
//!   once a second per game ([`PUSH_EVERY`]): a client that opens and closes
//!   sockets in a loop cannot make the server push views in a loop.
//! - Kept in memory by the process the sockets reached: with several
//!   processes on one PostgreSQL database, a seat whose socket reached
//!   another process shows offline here.

use eons_core::Seat;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The shortest time between two pushes of one game's presence changes.
pub const PUSH_EVERY: Duration = Duration::from_secs(1);

/// One seat's presence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SeatPresence {
    /// Its WebSockets open now.
    open: usize,
    /// When its last socket closed (ms since the epoch), once one did.
    last_seen: Option<i64>,
}

/// A seat's presence as views show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// A socket of the seat is open now.
    pub online: bool,
    /// When it was last seen: now while online; when its last socket
    /// closed; None if it never had one here.
    pub last_seen: Option<i64>,
}

/// The presence of one game's seats.
#[derive(Debug, Default)]
pub struct Presence {
    seats: Mutex<HashMap<u8, SeatPresence>>,
    /// A push of presence changes is waiting ([`Presence::claim_push`]).
    push_pending: AtomicBool,
}

impl Presence {
    fn with<T>(&self, f: impl FnOnce(&mut HashMap<u8, SeatPresence>) -> T) -> T {
        let mut seats = self.seats.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut seats)
    }

    /// A socket of `seat` opened; true when the seat came online with it.
    pub fn connect(&self, seat: Seat) -> bool {
        self.with(|seats| {
            let p = seats.entry(seat.0).or_default();
            p.open += 1;
            p.open == 1
        })
    }

    /// A socket of `seat` closed at `now`; true when the seat went offline.
    pub fn disconnect(&self, seat: Seat, now: i64) -> bool {
        self.with(|seats| {
            let p = seats.entry(seat.0).or_default();
            p.open = p.open.saturating_sub(1);
            if p.open == 0 {
                p.last_seen = Some(now);
                true
            } else {
                false
            }
        })
    }

    /// `seat`'s presence at `now`.
    pub fn of(&self, seat: Seat, now: i64) -> Seen {
        self.with(|seats| {
            let p = seats.get(&seat.0).copied().unwrap_or_default();
            if p.open > 0 {
                Seen {
                    online: true,
                    last_seen: Some(now),
                }
            } else {
                Seen {
                    online: false,
                    last_seen: p.last_seen,
                }
            }
        })
    }

    /// Whether a socket of `seat` is open.
    pub fn online(&self, seat: Seat) -> bool {
        self.with(|seats| seats.get(&seat.0).is_some_and(|p| p.open > 0))
    }

    /// Takes the one waiting push of presence changes: true for the caller
    /// that is to push (after [`PUSH_EVERY`]), false while one waits.
    pub fn claim_push(&self) -> bool {
        !self.push_pending.swap(true, Ordering::AcqRel)
    }

    /// The waiting push is being made: changes from now on wait for the next.
    pub fn pushed(&self) {
        self.push_pending.store(false, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_online_while_one_of_its_sockets_is_open() {
        let p = Presence::default();
        let ann = Seat(0);
        assert_eq!(
            p.of(ann, 5),
            Seen {
                online: false,
                last_seen: None
            },
            "never seen"
        );
        assert!(p.connect(ann), "came online");
        assert!(!p.connect(ann), "a second tab");
        assert!(p.online(ann));
        assert!(!p.disconnect(ann, 10), "one tab still open");
        assert_eq!(p.of(ann, 11).last_seen, Some(11), "online: seen now");
        assert!(p.disconnect(ann, 12), "went offline");
        assert_eq!(
            p.of(ann, 20),
            Seen {
                online: false,
                last_seen: Some(12)
            }
        );
        assert!(!p.online(Seat(1)), "another seat has its own");
    }

    #[test]
    fn one_push_waits_at_a_time() {
        let p = Presence::default();
        assert!(p.claim_push());
        assert!(!p.claim_push(), "a change while one push waits joins it");
        p.pushed();
        assert!(p.claim_push());
    }
}
