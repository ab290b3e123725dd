//! The WebSocket pushes of a game, built once per change and shared.
//!
//! After every change each open socket of a game sends its seat's snapshot.
//! Building one (the engine's view, its drawing helpers, the log lines) and
//! serialising it costs far more than sending it, and every socket of one
//! seat (a player's tabs) and every spectator receives the same text. So the
//! text is built once per (seat, change, first log line) and kept on the
//! game's handle ([`ViewCache`]) for the other sockets of that seat.
//!
//! A seat's text is only ever served to a socket of that same seat (the key
//! holds the seat; spectators have their own key), so nothing another seat
//! may not see is sent to it. Changes are counted by [`Announcer`]: every
//! change of a game is announced through it after the change is made, so a
//! socket that reads the count under the game's lock never takes a text older
//! than the state it was told about.

use super::{GameHandle, Snapshot};
use eons_core::Seat;
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use tokio::sync::broadcast;

/// The most texts kept per game (a few seats and spectators, each maybe at
/// two log positions); the oldest is dropped first.
const KEPT: usize = 16;

/// A game's update channel that also counts its changes (the cache key of
/// [`ViewCache`]). `send` and `subscribe` are those of the broadcast channel.
pub struct Announcer {
    sender: broadcast::Sender<i64>,
    changes: AtomicU64,
}

impl Announcer {
    /// A channel keeping up to `capacity` announcements per lagging socket.
    pub fn new(capacity: usize) -> Announcer {
        let (sender, _) = broadcast::channel(capacity);
        Announcer {
            sender,
            changes: AtomicU64::new(0),
        }
    }

    /// Announces a change (the game's move count `moves`) made before this
    /// call; counts it first, so a listener woken by it reads the new count.
    pub fn send(&self, moves: i64) -> Result<usize, broadcast::error::SendError<i64>> {
        self.changes.fetch_add(1, Ordering::AcqRel);
        self.sender.send(moves)
    }

    /// A receiver of the announcements from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<i64> {
        self.sender.subscribe()
    }

    /// Changes announced so far.
    fn changes(&self) -> u64 {
        self.changes.load(Ordering::Acquire)
    }
}

/// Which text: for whom, after which change, from which log line.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    seat: Option<Seat>,
    changes: u64,
    log_from: usize,
}

/// The latest push texts of one game, shared by its sockets.
#[derive(Default)]
pub struct ViewCache {
    texts: StdMutex<Vec<(Key, usize, Arc<str>)>>,
}

impl ViewCache {
    fn find(&self, key: Key) -> Option<(usize, Arc<str>)> {
        let texts = self.texts.lock().ok()?;
        texts
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|(_, log_len, text)| (*log_len, text.clone()))
    }

    fn keep(&self, key: Key, log_len: usize, text: Arc<str>) {
        let Ok(mut texts) = self.texts.lock() else {
            return;
        };
        // Texts of earlier changes are never asked for again.
        texts.retain(|(k, _, _)| k.changes >= key.changes);
        if texts.len() >= KEPT {
            texts.remove(0);
        }
        texts.push((key, log_len, text));
    }
}

/// One push: `{"type":"state","state":…,"log_from":k,"log":[…]}`.
#[derive(Serialize)]
struct Push<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    state: &'a Snapshot,
    log_from: usize,
    log: &'a [Value],
}

/// The next push for a socket of `seat` (None: a spectator) that opened with
/// the token of hash `token_hash` and has sent the log up to `sent_log`
/// (advanced here): `{"type":"state","state":…,"log_from":k,"log":[…]}`.
/// None when the token no longer opens the seat (an invite token whose seat
/// was claimed), or should a push ever fail to serialise: the socket must
/// close.
pub async fn next_push(
    h: &GameHandle,
    seat: Option<Seat>,
    token_hash: Option<&str>,
    sent_log: &mut usize,
) -> Option<Arc<str>> {
    let g = h.inner.lock().await;
    if let (Some(s), Some(hash)) = (seat, token_hash) {
        if g.seat_of_hash(hash) != Some(s) {
            return None;
        }
    }
    let key = Key {
        seat,
        changes: h.tx.changes(),
        log_from: *sent_log,
    };
    if let Some((log_len, text)) = h.views.find(key) {
        *sent_log = log_len;
        return Some(text);
    }
    let log: Vec<Value> = g
        .log
        .iter()
        .skip(*sent_log)
        .map(|e| e.for_seat(seat))
        .collect();
    let log_len = g.log.len();
    let state = g.snapshot(h.kind.as_ref(), seat);
    drop(g);
    let push = Push {
        kind: "state",
        state: &state,
        log_from: key.log_from,
        log: &log,
    };
    // A snapshot and log entries always serialise; a bug that broke one
    // closes the socket (None) rather than sending half a push.
    let text: Arc<str> = serde_json::to_string(&push).ok()?.into();
    h.views.keep(key, log_len, text.clone());
    *sent_log = log_len;
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(seat: Option<u8>, changes: u64) -> Key {
        Key {
            seat: seat.map(Seat),
            changes,
            log_from: 0,
        }
    }

    #[test]
    fn a_text_is_served_only_for_its_own_seat_and_change() {
        let cache = ViewCache::default();
        cache.keep(key(Some(0), 1), 3, "seat 0".into());
        assert_eq!(cache.find(key(Some(0), 1)).map(|t| t.0), Some(3));
        assert!(cache.find(key(Some(1), 1)).is_none());
        assert!(cache.find(key(None, 1)).is_none());
        assert!(cache.find(key(Some(0), 2)).is_none());
    }

    #[test]
    fn a_new_change_drops_the_texts_of_earlier_ones() {
        let cache = ViewCache::default();
        cache.keep(key(Some(0), 1), 0, "old".into());
        cache.keep(key(None, 2), 0, "new".into());
        assert!(cache.find(key(Some(0), 1)).is_none());
        assert!(cache.find(key(None, 2)).is_some());
    }

    #[test]
    fn an_announcement_counts_a_change() {
        let announcer = Announcer::new(4);
        let mut rx = announcer.subscribe();
        assert_eq!(announcer.changes(), 0);
        let _ = announcer.send(7);
        assert_eq!(announcer.changes(), 1);
        assert_eq!(rx.try_recv().ok(), Some(7));
    }
}
