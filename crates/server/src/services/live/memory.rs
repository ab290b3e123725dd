//! Games in memory (issue 20): an idle game leaves memory and loads back on
//! demand, and every so many stored moves its state is stored as a
//! snapshot, so that loading a long game replays only the moves after it.
//!
//! **Eviction.** A handle ([`GameHandle`]) is reachable only through the
//! live games' table, and everything that uses a game holds the handle: a request
//! for as long as it runs (a move until it is committed and applied), an
//! open WebSocket, a bot task while it plays or waits. So the sweep, under
//! the table's lock, drops only a handle that the table alone holds
//! (`Arc::strong_count == 1`): nobody can be about to change it, and nobody
//! can get it any more but through the table, which then loads the game
//! again from storage, with every committed move. A game whose bot is to
//! move stays (its bot task may have stopped on an error; the periodic kick
//! restarts it).
//!
//!
//! Snapshots (see [`crate::services::snapshots`]) make loading a long game
//! replay only the moves after the latest one.

use super::{GameHandle, LiveGame};
use crate::error::ApiError;
use crate::games::DynGame;
use crate::limits::MemoryLimits;
use crate::services::bots::GameBots;
use crate::services::chat::GameChat;
use crate::services::clock::GameClock;
use crate::services::snapshots::Pending;
use crate::services::Services;
use crate::store::MoveRow;
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

impl LiveGame {
    /// A copy of what a snapshot stores (see [`crate::services::snapshots`]).
    pub(crate) fn snapshot_parts(&self) -> Pending {
        Pending {
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
            clock_from: self.clock.runs_from(),
            take_backs: self.take_backs.clone(),
        }
    }

    /// The stored moves of the snapshot this game was loaded from (None:
    /// it replayed every move, or was created here).
    pub fn restored_from(&self) -> Option<i64> {
        self.restored_from
    }
}

impl Services {
    /// Loads game `id` from storage: from its latest snapshot when
    /// `use_snapshot` and one reads back, then by replaying the stored moves
    /// after it (all of them without). Not put in the live games' table: see
    /// [`Services::get`]. Public for tests and measurements, which compare a game
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
        if row.status == "cancelled" {
            return Err(ApiError::Gone(super::cancelled_message(id)));
        }
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
        let bots = GameBots::new(self.bots.default_pace(), &self.store.pace_asks(id).await?);
        let mut live = LiveGame {
            row,
            seats,
            state,
            moves: 0,
            log: Vec::new(),
            bots,
            undo: Vec::new(),
            effective: Vec::new(),
            take_backs: Vec::new(),
            rematch: self.store.rematch_of(id).await?,
            restored_from: None,
            clock: GameClock::new(self.clocks.absent_after()),
            chat: GameChat::default(),
            presence: Arc::default(),
        };
        live.row.moves = 0;
        let limits = self.chat.limits();
        for m in self.store.chat_from(id, 0).await? {
            live.chat.keep(m, limits);
        }
        let snapshot = if use_snapshot {
            self.snapshots.latest(&self.store, id, kind.as_ref()).await
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
                    live.clock.run_from(s.clock_from);
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

    /// How many games are in memory now.
    pub fn loaded_games(&self) -> usize {
        self.live.loaded_count()
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
            let Ok(mut map) = self.live.games.lock() else {
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
                if g.bots.busy() || g.bot_to_move() {
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
