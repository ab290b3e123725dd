//! Snapshots (issue 20): After each `snapshot_every`-th stored row (a choice or an
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

use crate::games::changes::Delta;
use crate::games::{Audience, DynGame, DynState, EventText};
use crate::services::live::undo::{ClockPoint, UndoPoint};
use crate::services::live::{now_ms, LiveGame, LogEntry};
use crate::store::Store;
use eons_core::Seat;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    /// ([`crate::services::clock::GameClock::runs_from`]; absent in older snapshots).
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
    /// Each event's board places, in the order of `events` (absent in
    /// older snapshots: their entries light no place).
    #[serde(default)]
    event_places: Vec<Vec<String>>,
    /// The choice's board place (absent in older snapshots: none).
    #[serde(default)]
    place: Option<String>,
    changes: Vec<Delta>,
    /// The stand-in bot that chose (absent in older snapshots: none).
    #[serde(default)]
    stand_in: Option<String>,
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
pub(crate) type PendingUndo = (Box<dyn DynState>, u8, String, String, Option<ClockPoint>);

/// What a snapshot copies of a game under its lock, serialised later.
pub struct Pending {
    /// The game.
    pub(crate) id: String,
    /// Its stored rows.
    pub(crate) moves: i64,
    /// Its state.
    pub(crate) state: Box<dyn DynState>,
    /// Its log.
    pub(crate) log: Vec<Arc<LogEntry>>,
    /// Its undo points, most recent last.
    pub(crate) undo: Vec<PendingUndo>,
    /// Seat and barrier of every choice in effect.
    pub(crate) effective: Vec<(u8, bool)>,
    /// After a take-back, when the decision due began.
    pub(crate) clock_from: Option<i64>,
    /// Take-backs of each decision of the current run of undo points.
    pub(crate) take_backs: Vec<u32>,
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
                event_places: e.events.iter().map(|x| x.places.clone()).collect(),
                place: e.place.clone(),
                changes: e.changes.clone(),
                stand_in: e.stand_in.clone(),
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
pub(crate) struct Restored {
    /// Stored rows it includes.
    pub(crate) moves: i64,
    /// The state.
    pub(crate) state: Box<dyn DynState>,
    /// The log.
    pub(crate) log: Vec<Arc<LogEntry>>,
    /// The undo points, most recent last.
    pub(crate) undo: Vec<UndoPoint>,
    /// Seat and barrier of every choice in effect.
    pub(crate) effective: Vec<(u8, bool)>,
    /// After a take-back, when the decision due began.
    pub(crate) clock_from: Option<i64>,
    /// Take-backs of each decision of the current run of undo points.
    pub(crate) take_backs: Vec<u32>,
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
                events: {
                    let mut places = e.event_places.into_iter();
                    e.events
                        .into_iter()
                        .map(|(text, seat)| EventText {
                            text,
                            audience: match seat {
                                None => Audience::Public,
                                Some(s) => Audience::Seat(Seat(s)),
                            },
                            places: places.next().unwrap_or_default(),
                        })
                        .collect()
                },
                place: e.place,
                changes: e.changes,
                stand_in: e.stand_in,
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

/// The snapshots service: how often a snapshot falls due, storing one off
/// the move path and reading the latest back.
#[derive(Clone, Copy, Debug)]
pub struct Snapshots {
    /// A snapshot after every this many stored rows (0: never).
    every: u64,
}

impl Snapshots {
    /// Snapshots every `every` stored rows (0: never).
    pub fn new(every: u64) -> Snapshots {
        Snapshots { every }
    }

    /// A copy of what a snapshot of `g` stores, when its stored rows are a
    /// multiple of the service's `every` (None otherwise).
    pub fn due(&self, g: &LiveGame) -> Option<Pending> {
        let moves = u64::try_from(g.moves).ok()?;
        if moves == 0 || self.every == 0 || moves % self.every != 0 {
            return None;
        }
        Some(g.snapshot_parts())
    }

    /// Stores a snapshot copied by [`Snapshots::due`], in a task of
    /// its own (after the move was answered); a failure only logs.
    pub fn store(&self, store: &Store, pending: Pending) {
        let store = store.clone();
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
                .put_snapshot(&id, moves, VERSION, &body, now_ms())
                .await
            {
                tracing::warn!(game = %id, moves, "snapshot not stored: {e}");
            }
        });
    }

    /// The latest snapshot of game `id` that reads back (None: there is
    /// none, or it does not, which is logged).
    pub(crate) async fn latest(
        &self,
        store: &Store,
        id: &str,
        kind: &dyn DynGame,
    ) -> Option<Restored> {
        let row = match store.latest_snapshot(id).await {
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
}
