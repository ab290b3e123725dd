//! How fast the bots of a game move, as its human seats ask: each human seat
//! may ask for a slower or faster pace, or pause the bots until it
//! continues. The bots move at the slowest pace asked (the server's
//! `--bot-pace-ms` while nobody asked) and wait while any human seat paused
//! them. The asks are stored with the game (table `bot_pace`), so a
//! restarted server and every process sharing a PostgreSQL database keep
//! to them.

use crate::error::ApiError;
use crate::services::live::{GameHandle, LiveGame};
use crate::services::Services;
use eons_core::Seat;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// The fastest pace a seat may ask for: a pause between bot moves, in ms.
pub const MIN_PACE_MS: u64 = 100;
/// The slowest pace a seat may ask for, in ms.
pub const MAX_PACE_MS: u64 = 20_000;

/// What one human seat asked of the bots.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaceAsk {
    /// The pause before each bot decision, in ms
    /// ([`MIN_PACE_MS`]..=[`MAX_PACE_MS`]).
    pub pace_ms: u64,
    /// Hold the bots until this seat continues.
    pub paused: bool,
}

/// The bot pace of one game: the server's default and every seat's ask.
#[derive(Clone, Debug)]
pub struct BotPace {
    /// The server's pace, while no seat asked for one.
    default: Duration,
    /// Asks by seat.
    asks: BTreeMap<u8, PaceAsk>,
}

impl BotPace {
    /// The server's pace, nobody having asked yet.
    pub fn new(default: Duration) -> BotPace {
        BotPace {
            default,
            asks: BTreeMap::new(),
        }
    }

    /// Replaces every ask by the ones stored (`(seat, pace_ms, paused)`, as
    /// [`crate::store::Store::pace_asks`] reads them); a stored row out of
    /// range is left out. True when that changed anything.
    pub fn restore(&mut self, stored: &[(i64, i64, bool)]) -> bool {
        let asks: BTreeMap<u8, PaceAsk> = stored
            .iter()
            .filter_map(|&(seat, pace_ms, paused)| {
                let seat = u8::try_from(seat).ok()?;
                let pace_ms = u64::try_from(pace_ms).ok()?;
                (MIN_PACE_MS..=MAX_PACE_MS)
                    .contains(&pace_ms)
                    .then_some((seat, PaceAsk { pace_ms, paused }))
            })
            .collect();
        let changed = asks != self.asks;
        self.asks = asks;
        changed
    }

    /// The pause before each bot decision: the slowest asked, or the
    /// server's.
    pub fn delay(&self) -> Duration {
        self.asks
            .values()
            .map(|a| Duration::from_millis(a.pace_ms))
            .max()
            .unwrap_or(self.default)
    }

    /// Whether some seat holds the bots.
    pub fn paused(&self) -> bool {
        self.asks.values().any(|a| a.paused)
    }

    /// The pace as the view shows it to `viewer`: `{pace_ms, paused,
    /// paused_by, default_ms, min_ms, max_ms, mine}` (`mine`: the viewer's
    /// own ask, null if it asked nothing).
    pub fn json(&self, viewer: Option<Seat>) -> Value {
        let paused_by: Vec<u8> = self
            .asks
            .iter()
            .filter(|(_, a)| a.paused)
            .map(|(s, _)| *s)
            .collect();
        let mine = viewer
            .and_then(|s| self.asks.get(&s.0))
            .map(|a| json!({ "pace_ms": a.pace_ms, "paused": a.paused }));
        json!({
            "pace_ms": u64::try_from(self.delay().as_millis()).unwrap_or(u64::MAX),
            "paused": self.paused(),
            "paused_by": paused_by,
            "default_ms": u64::try_from(self.default.as_millis()).unwrap_or(u64::MAX),
            "min_ms": MIN_PACE_MS,
            "max_ms": MAX_PACE_MS,
            "mine": mine,
        })
    }
}

impl Services {
    /// Records `seat`'s ask for the bots' pace and tells every table (and
    /// the bot task, which waits on the same announcement). Refused when the
    /// pace is out of range or the seat is not a human's.
    pub async fn set_pace(
        &self,
        h: &GameHandle,
        seat: Seat,
        ask: PaceAsk,
    ) -> Result<Value, ApiError> {
        if !(MIN_PACE_MS..=MAX_PACE_MS).contains(&ask.pace_ms) {
            return Err(ApiError::BadRequest(format!(
                "pace_ms {} is out of range: from {MIN_PACE_MS} to {MAX_PACE_MS}",
                ask.pace_ms
            )));
        }
        let mut g = h.inner.lock().await;
        if g.seat_row(seat).is_none_or(|r| r.kind != "human") {
            return Err(ApiError::Forbidden(
                "only a human seat sets the bots' pace".into(),
            ));
        }
        // Stored first, so every server process (and a restart) holds the
        // bots too; the others learn of it as of a move.
        self.store
            .set_pace_ask(
                &g.row.id,
                i64::from(seat.0),
                i64::try_from(ask.pace_ms).unwrap_or(i64::MAX),
                ask.paused,
            )
            .await?;
        g.bots.pace.asks.insert(seat.0, ask);
        let answer = g.bots.pace.json(Some(seat));
        let moves = g.moves;
        drop(g);
        let _ = h.tx.send(moves);
        Ok(answer)
    }

    /// Waits the pace before a bot decision: while the bots are paused,
    /// until they continue, then the pause between moves. A change of pace
    /// (or any other announcement) meanwhile starts the wait again under the
    /// new pace. False when the game's channel closed.
    pub(super) async fn wait_for_pace(&self, h: &GameHandle) -> bool {
        let mut news = h.tx.subscribe();
        loop {
            // Only announcements from now on wake the wait.
            news = news.resubscribe();
            let (delay, paused) = {
                let g: tokio::sync::MutexGuard<'_, LiveGame> = h.inner.lock().await;
                // A pause holds the bot seats, never an away seat's stand-in.
                (
                    g.bots.pace.delay(),
                    g.bots.pace.paused() && !g.stand_in_to_move(),
                )
            };
            if paused {
                if let Err(RecvError::Closed) = news.recv().await {
                    return false;
                }
                continue;
            }
            if delay.is_zero() {
                return true;
            }
            tokio::select! {
                _ = tokio::time::sleep(delay) => return true,
                r = news.recv() => {
                    if let Err(RecvError::Closed) = r {
                        return false;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slowest_ask_wins_and_any_pause_holds() {
        let mut p = BotPace::new(Duration::from_millis(700));
        assert_eq!(p.delay(), Duration::from_millis(700));
        assert!(!p.paused());
        p.asks.insert(
            0,
            PaceAsk {
                pace_ms: 200,
                paused: false,
            },
        );
        p.asks.insert(
            2,
            PaceAsk {
                pace_ms: 3000,
                paused: true,
            },
        );
        assert_eq!(p.delay(), Duration::from_millis(3000));
        assert!(p.paused());
        assert_eq!(p.json(Some(Seat(2)))["paused_by"], json!([2]));
        assert_eq!(p.json(Some(Seat(1)))["mine"], Value::Null);
        p.asks.insert(
            2,
            PaceAsk {
                pace_ms: 100,
                paused: false,
            },
        );
        assert_eq!(p.delay(), Duration::from_millis(200));
        assert!(!p.paused());
    }
}
