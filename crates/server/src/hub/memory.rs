//! Games in memory (issue 20): an idle game leaves memory and loads back on
//! demand, and every so many stored moves its state is stored as a
//! snapshot, so that loading a long game replays only the moves after it.
//!
//! **Eviction.** A handle ([`GameHandle`]) is reachable only through the
//! hub's table, and everything that uses a game holds the handle: a request
//! for as long as it runs (a move until it is committed and applied), an
//! open WebSocket, a bot task while it plays or waits. So the sweep, under
//! the table's lock, drops only a handle that the table alone holds
//! (`Arc::strong_count == 1`): nobody can be about to change it, and nobody
//! can get it any more but through the table, which then loads the game
//! again from storage, with every committed move. A game whose bot is to
//! move stays (its bot task may have stopped on an error; the periodic kick
//! restarts it).
//!
//! **Snapshots.** After each `snapshot_every`-th stored row (a choice or an
//! undo) the move's task copies, under the game's lock, what replay builds:
//! the state (with its score sheet), the log with every seat's texts and
//! board changes, the undo points (each with the state before it) and the
//! seats and barriers of the choices in effect. It serialises and stores
//! that after the move was answered; a failed write only logs. The rows are
//! append-only (an undo is a row of its own), so a snapshot after `n` rows
//! stays right whatever comes later: an undo after it takes back with the
//! undo points the snapshot holds. Loading checks the snapshot against its
//! last row (seat and time) and its server version, and otherwise replays
//! from the first move: the stored moves stay the record and the source of
//! truth.

use super::pace::BotPace;
use super::undo::{ClockPoint, UndoPoint};
use super::{GameHandle, Hub, LiveGame, LogEntry};
use crate::changes::Delta;
use crate::error::ApiError;
use crate::games::{Audience, DynGame, DynState, EventText};
use crate::limits::MemoryLimits;
use crate::store::MoveRow;
use eons_core::Seat;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// The server version, stored with every snapshot: a snapshot another
/// version wrote is not used (its engines may have changed).
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A snapshot as stored (JSON).
#[derive(Serialize, Deserialize)]
struct Saved {
    /// Stored rows it includes.
    moves: i64,
    /// The state and score sheet ([`DynState::save`]'s JSON text).
    state: String,
    /// One entry per stored row.
    log: Vec<SavedEntry>,
    /// The choices that may still be taken back, most recent last.
    undo: Vec<SavedUndo>,
    /// Seat and barrier of every choice in effect.
    effective: Vec<(u8, bool)>,
    /// After a take-back, when the decision due began
    /// ([`LiveGame::clock_from`]; absent in older snapshots).
    #[serde(default)]
    clock_from: Option<i64>,
    /// Take-backs of each decision of the current run of undo points
    /// (absent from snapshots stored before it was kept: none).
    #[serde(default)]
    take_backs: Vec<u32>,
}

/// A log entry as stored.
#[derive(Serialize, Deserialize)]
struct SavedEntry {
    n: i64,
    seat: u8,
    at: i64,
    choice: String,
    public_choice: String,
    /// Each event's text and the seat that alone may read it (None: all).
    events: Vec<(String, Option<u8>)>,
    changes: Vec<Delta>,
}

/// An undo point as stored.
#[derive(Serialize, Deserialize)]
struct SavedUndo {
    before: String,
    seat: u8,
    text: String,
    public_text: String,
    /// Where the clock stood when the decision began (absent in older
    /// snapshots: a take-back then charges the time as a move would).
    #[serde(default)]
    clock: Option<ClockPoint>,
}

/// An undo point as a snapshot copies it: the state before, the seat, the
/// choice's texts (its maker's, everyone's) and the clock of its decision.
type PendingUndo = (Box<dyn DynState>, u8, String, String, Option<ClockPoint>);

/// What a snapshot copies of a game under its lock, serialised later.
pub(super) struct Pending {
    id: String,
    moves: i64,
    state: Box<dyn DynState>,
    log: Vec<Arc<LogEntry>>,
    undo: Vec<PendingUndo>,
    effective: Vec<(u8, bool)>,
    clock_from: Option<i64>,
    take_backs: Vec<u32>,
}

impl Pending {
    /// The snapshot as JSON text.
    fn to_json(&self) -> Result<String, String> {
        let log = self
            .log
            .iter()
            .map(|e| SavedEntry {
                n: e.n,
                seat: e.seat,
                at: e.at,
                choice: e.choice.clone(),
                public_choice: e.public_choice.clone(),
                events: e
                    .events
                    .iter()
                    .map(|x| {
                        let seat = match x.audience {
                            Audience::Public => None,
                            Audience::Seat(s) => Some(s.0),
                        };
                        (x.text.clone(), seat)
                    })
                    .collect(),
                changes: e.changes.clone(),
            })
            .collect();
        let mut undo = Vec::with_capacity(self.undo.len());
        for (before, seat, text, public_text, clock) in &self.undo {
            undo.push(SavedUndo {
                before: before.save()?,
                seat: *seat,
                text: text.clone(),
                public_text: public_text.clone(),
                clock: *clock,
            });
        }
        let saved = Saved {
            moves: self.moves,
            state: self.state.save()?,
            log,
            undo,
            effective: self.effective.clone(),
            clock_from: self.clock_from,
            take_backs: self.take_backs.clone(),
        };
        serde_json::to_string(&saved).map_err(|e| e.to_string())
    }
}

/// What a snapshot restores of a game.
struct Restored {
    moves: i64,
    state: Box<dyn DynState>,
    log: Vec<Arc<LogEntry>>,
    undo: Vec<UndoPoint>,
    effective: Vec<(u8, bool)>,
    clock_from: Option<i64>,
    take_backs: Vec<u32>,
}

/// Reads a stored snapshot back for a game of `kind`.
fn restore(kind: &dyn DynGame, body: &str) -> Result<Restored, String> {
    let saved: Saved = serde_json::from_str(body).map_err(|e| e.to_string())?;
    if usize::try_from(saved.moves).ok() != Some(saved.log.len()) {
        return Err(format!(
            "{} log entries for {} moves",
            saved.log.len(),
            saved.moves
        ));
    }
    let state = kind.restore(&saved.state)?;
    let mut undo = Vec::with_capacity(saved.undo.len());
    for u in saved.undo {
        undo.push(UndoPoint {
            before: kind.restore(&u.before)?,
            seat: u.seat,
            text: u.text,
            public_text: u.public_text,
            clock: u.clock,
        });
    }
    let log = saved
        .log
        .into_iter()
        .map(|e| {
            Arc::new(LogEntry {
                n: e.n,
                seat: e.seat,
                at: e.at,
                choice: e.choice,
                public_choice: e.public_choice,
                events: e
                    .events
                    .into_iter()
                    .map(|(text, seat)| EventText {
                        text,
                        audience: match seat {
                            None => Audience::Public,
                            Some(s) => Audience::Seat(Seat(s)),
                        },
                    })
                    .collect(),
                changes: e.changes,
            })
        })
        .collect();
    Ok(Restored {
        moves: saved.moves,
        state,
        log,
        undo,
        effective: saved.effective,
        clock_from: saved.clock_from,
        take_backs: saved.take_backs,
    })
}

impl LiveGame {
    /// A copy of what a snapshot stores, when the game's stored rows are a
    /// multiple of `every` (None otherwise).
    pub(super) fn snapshot_due(&self, every: u64) -> Option<Pending> {
        let moves = u64::try_from(self.moves).ok()?;
        if moves == 0 || every == 0 || moves % every != 0 {
            return None;
        }
        Some(Pending {
            id: self.row.id.clone(),
            moves: self.moves,
            state: self.state.clone_box(),
            log: self.log.clone(),
            undo: self
                .undo
                .iter()
                .map(|p| {
                    (
                        p.before.clone_box(),
                        p.seat,
                        p.text.clone(),
                        p.public_text.clone(),
                        p.clock,
                    )
                })
                .collect(),
            effective: self.effective.clone(),
            clock_from: self.clock_from,
            take_backs: self.take_backs.clone(),
        })
    }

    /// The stored moves of the snapshot this game was loaded from (None:
    /// it replayed every move, or was created here).
    pub fn restored_from(&self) -> Option<i64> {
        self.restored_from
    }
}

impl Hub {
    /// Stores a snapshot copied by [`LiveGame::snapshot_due`], in a task of
    /// its own (after the move was answered); a failure only logs.
    pub(super) fn store_snapshot(&self, pending: Pending) {
        let store = self.store.clone();
        tokio::spawn(async move {
            let id = pending.id.clone();
            let moves = pending.moves;
            let body = tokio::task::spawn_blocking(move || pending.to_json()).await;
            let body = match body {
                Ok(Ok(b)) => b,
                Ok(Err(e)) => {
                    tracing::warn!(game = %id, moves, "snapshot not serialised: {e}");
                    return;
                }
                Err(e) => {
                    tracing::warn!(game = %id, moves, "snapshot task failed: {e}");
                    return;
                }
            };
            if let Err(e) = store
                .put_snapshot(&id, moves, VERSION, &body, super::now_ms())
                .await
            {
                tracing::warn!(game = %id, moves, "snapshot not stored: {e}");
            }
        });
    }

    /// Loads game `id` from storage: from its latest snapshot when
    /// `use_snapshot` and one reads back, then by replaying the stored moves
    /// after it (all of them without). Not put in the hub's table: see
    /// [`Hub::get`]. Public for tests and measurements, which compare a game
    /// loaded from a snapshot with one replayed from its first move.
    pub async fn load_game(
        &self,
        id: &str,
        use_snapshot: bool,
    ) -> Result<(Arc<dyn DynGame>, LiveGame), ApiError> {
        let not_found = || ApiError::NotFound(format!("no game `{}`", crate::error::echoed(id)));
        if id.is_empty() || id.len() > 64 {
            return Err(not_found());
        }
        let (row, seats) = self.store.game(id).await?.ok_or_else(not_found)?;
        let kind = self.kind(&row.game).ok_or_else(|| {
            ApiError::Internal(format!(
                "game {id} is of kind `{}`, which this server does not offer",
                row.game
            ))
        })?;
        let setup: Value = serde_json::from_str(&row.setup)
            .map_err(|e| ApiError::Internal(format!("game {id}: stored setup: {e}")))?;
        let state = kind
            .start(&setup, row.seed)
            .map_err(|e| ApiError::Internal(format!("game {id}: {e}")))?;
        let mut pace = BotPace::new(self.bot_pace);
        pace.restore(&self.store.pace_asks(id).await?);
        let mut live = LiveGame {
            row,
            seats,
            state,
            moves: 0,
            log: Vec::new(),
            bot_busy: false,
            undo: Vec::new(),
            effective: Vec::new(),
            take_backs: Vec::new(),
            pace,
            rematch: self.store.rematch_of(id).await?,
            restored_from: None,
            clock_timer: None,
            chat: Vec::new(),
            chat_next: 0,
            away_votes: Vec::new(),
            absent_after: self.absent_after(),
            clock_from: None,
            stand_in_owes: None,
            last_by_stand_in: false,
            returning: Vec::new(),
        };
        live.row.moves = 0;
        let limits = self.chat_limiter.limits();
        for m in self.store.chat_from(id, 0).await? {
            live.keep_chat(m, limits);
        }
        let snapshot = if use_snapshot {
            self.read_snapshot(id, kind.as_ref()).await
        } else {
            None
        };
        let moves = match snapshot {
            Some(s) => {
                // The snapshot's last row must be the stored one: the same
                // seat at the same time.
                let rows = self.store.moves_from(id, s.moves - 1).await?;
                let last = s.log.last();
                let fits = match (rows.first(), last) {
                    (Some(r), Some(e)) => {
                        r.n == s.moves - 1 && r.seat == i64::from(e.seat) && r.at == e.at
                    }
                    _ => false,
                };
                if fits {
                    live.row.updated_at = last.map_or(live.row.updated_at, |e| e.at);
                    live.restored_from = Some(s.moves);
                    live.moves = s.moves;
                    live.row.moves = s.moves;
                    live.state = s.state;
                    live.log = s.log;
                    live.undo = s.undo;
                    live.effective = s.effective;
                    live.clock_from = s.clock_from;
                    live.take_backs = s.take_backs;
                    rows.into_iter().skip(1).collect()
                } else {
                    tracing::warn!(
                        game = %id,
                        moves = s.moves,
                        "snapshot does not match the stored moves; replaying from the first"
                    );
                    self.store.moves_from(id, 0).await?
                }
            }
            None => self.store.moves_from(id, 0).await?,
        };
        replay_all(&mut live, &moves)
            .map_err(|e| ApiError::Internal(format!("game {id} does not replay: {e}")))?;
        Ok((kind, live))
    }

    /// The latest snapshot of game `id` that reads back (None: there is
    /// none, or it does not, which is logged).
    async fn read_snapshot(&self, id: &str, kind: &dyn DynGame) -> Option<Restored> {
        let row = match self.store.latest_snapshot(id).await {
            Ok(Some(r)) => r,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(game = %id, "snapshot not read: {e}");
                return None;
            }
        };
        if row.version != VERSION {
            return None;
        }
        match restore(kind, &row.body) {
            Ok(r) if r.moves == row.n && r.moves > 0 => Some(r),
            Ok(_) => {
                tracing::warn!(game = %id, moves = row.n, "snapshot of another move count");
                None
            }
            Err(e) => {
                tracing::warn!(game = %id, moves = row.n, "snapshot does not read back: {e}");
                None
            }
        }
    }

    /// How many games are in memory now.
    pub fn loaded_games(&self) -> usize {
        self.games.lock().map_or(0, |m| m.len())
    }

    /// Reports the games in memory to the metrics.
    pub(super) fn count_loaded(&self, n: usize) {
        metrics::gauge!(crate::metric_names::GAMES_IN_MEMORY).set(n as f64);
    }

    /// Drops from memory every game that nothing uses (no request, no open
    /// WebSocket, no bot task, no bot to move) and that has not been asked
    /// for during `limits`' idle time ([`MemoryLimits::idle_limit`]). Such
    /// a game loads back from storage when next asked for. Returns how many
    /// left. Run now and then by the server.
    pub fn evict_idle(&self, limits: &MemoryLimits) -> usize {
        let now = super::now_ms();
        let ms = |d: Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        let mut gone: Vec<Arc<GameHandle>> = Vec::new();
        let left = {
            let Ok(mut map) = self.games.lock() else {
                return 0;
            };
            map.retain(|_, h| {
                // Someone holds it: in use now.
                if Arc::strong_count(h) > 1 || h.sockets.load(Ordering::Acquire) > 0 {
                    h.touch(now);
                    return true;
                }
                let Ok(g) = h.inner.try_lock() else {
                    h.touch(now);
                    return true;
                };
                if g.bot_busy || g.bot_to_move() {
                    return true;
                }
                let idle = now.saturating_sub(h.last_used.load(Ordering::Acquire));
                let keep = idle < ms(limits.idle_limit(g.state.outcome().is_some()));
                drop(g);
                if !keep {
                    gone.push(h.clone());
                }
                keep
            });
            map.len()
        };
        self.count_loaded(left);
        // The games themselves are freed here, out of the table's lock.
        let n = gone.len();
        drop(gone);
        n
    }
}

/// Replays stored rows onto a game loaded so far.
fn replay_all(live: &mut LiveGame, moves: &[MoveRow]) -> Result<(), String> {
    for m in moves {
        live.replay_one(m)?;
    }
    Ok(())
}
