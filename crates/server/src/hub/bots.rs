//! The bots of live games: a task per game that plays the bot seats at the
//! pace the human seats asked, and the restart of every unfinished game.
//!
//! Each decision runs with the server's [`BotLimits`](crate::BotLimits)
//! (its time limit is every decision's deadline, whatever the budget) in
//! the shared [`BotPool`](super::pool::BotPool), inside a `bot_decision`
//! span; a committed decision is logged as `bot decision` (debug: one line
//! per bot move would drown everything else at info), and one that
//! another process stored first (PostgreSQL) as `bot decision lost`.

use super::{undo_marker, GameHandle, Hub};
use crate::error::ApiError;
use eons_bots::BotSpec;
use eons_core::{Seat, Turn};
use std::sync::Arc;
use tracing::Instrument;

impl Hub {
    /// Starts the bot task of a game if a bot is to move, none runs, and
    /// this process holds the game's lease (see [`super::lease`]).
    pub fn kick(self: &Arc<Self>, h: Arc<GameHandle>) {
        let hub = self.clone();
        tokio::spawn(async move {
            {
                let mut g = h.inner.lock().await;
                hub.arm_clock(&h, &mut g);
                if g.bot_busy || !g.bot_to_move() || !hub.holds_lease(&g.row.id) {
                    return;
                }
                g.bot_busy = true;
            }
            hub.run_bots(&h).await;
            h.inner.lock().await.bot_busy = false;
            // A human may have moved while the flag was being cleared.
            let again = h.inner.lock().await.bot_to_move();
            if again {
                hub.kick(h);
            }
        });
    }

    async fn run_bots(self: &Arc<Self>, h: &Arc<GameHandle>) {
        loop {
            if !self.wait_for_pace(h).await {
                return;
            }
            let job = {
                let g = h.inner.lock().await;
                // A pause holds the bot seats, never an away seat's stand-in.
                if g.pace.paused() && !g.stand_in_to_move() {
                    continue;
                }
                // The lease was lost: another process runs this game now.
                if !self.holds_lease(&g.row.id) {
                    return;
                }
                let Turn::Seat(seat) = g.state.turn() else {
                    return;
                };
                // A bot seat's own bot, or the stand-in of an away seat.
                let Some(decider) = g.decider(seat) else {
                    return;
                };
                let spec = match BotSpec::parse(decider) {
                    Ok(s) => self.bot_limits.clamp(s),
                    Err(_) => BotSpec::random(),
                };
                let seed = eons_bots::mix_seed(g.row.seed, g.moves as u64);
                // The pool's line is fair across the addresses that created
                // the games (a game stored without one is its own).
                let queue = g.row.creator.clone().unwrap_or_else(|| g.row.id.clone());
                (
                    queue,
                    g.row.id.clone(),
                    g.state.clone_box(),
                    spec,
                    seed,
                    seat,
                    g.moves,
                )
            };
            let (queue, id, state, spec, seed, seat, n) = job;
            let threads = self.bot_limits.pool_share(&spec);
            let span = tracing::info_span!("bot_decision", game = %id, "move" = n, seat = seat.0);
            let choice = self
                .bot_pool
                .run(&queue, threads, move || state.bot_choice(&spec, seed, seat))
                .instrument(span)
                .await;
            let choice = match choice {
                Ok(Some(choice)) => choice,
                Ok(None) => {
                    tracing::warn!(game = %id, "move" = n, seat = seat.0, "bot found no choice");
                    return;
                }
                Err(e) => {
                    tracing::warn!(game = %id, "move" = n, seat = seat.0, "bot decision failed: {e}");
                    return;
                }
            };
            // A seat paused the bots while this one was thinking, or the
            // away seat it decides for came back.
            {
                let g = h.inner.lock().await;
                if (g.pace.paused() && !g.stand_in_to_move()) || g.decider(seat).is_none() {
                    continue;
                }
            }
            // The lease was lost while this one was thinking.
            if !self.holds_lease(&id) {
                return;
            }
            match self.submit(h, seat, n, &choice).await {
                Ok(_) => {
                    tracing::debug!(game = %id, "move" = n, seat = seat.0, "bot decision");
                    // A seat that asked to come back while its stand-in owed
                    // this decision is back now.
                    if let Err(e) = self.finish_return(h, seat).await {
                        tracing::warn!(game = %id, seat = seat.0, "cannot take the seat back: {e}");
                    }
                }
                Err(ApiError::Stale { .. }) => self.note_stale_decision(&id, n, seat).await,
                Err(e) => {
                    tracing::warn!(game = %id, "move" = n, seat = seat.0, "bot move failed: {e}");
                    return;
                }
            }
        }
    }

    /// Logs why the decision of `seat` for move `n` of game `id` came too
    /// late: another process (PostgreSQL) stored that move first, for the
    /// same bot seat, or the game changed under it (a seat took a choice back).
    async fn note_stale_decision(&self, id: &str, n: i64, seat: Seat) {
        let stored = match self.store.moves_from(id, n).await {
            Ok(rows) => rows.into_iter().find(|m| m.n == n),
            Err(e) => {
                tracing::warn!(game = %id, "move" = n, "cannot read the stored move: {e}");
                return;
            }
        };
        let by_this_seat = stored.is_some_and(|m| {
            m.seat == i64::from(seat.0)
                && serde_json::from_str::<serde_json::Value>(&m.choice)
                    .is_ok_and(|c| c != undo_marker())
        });
        if by_this_seat {
            tracing::info!(game = %id, "move" = n, "bot decision lost: another process stored this move first");
        } else {
            tracing::debug!(game = %id, "move" = n, "bot decision dropped: the game changed while the bot searched");
        }
    }

    /// Loads every unfinished game and restarts its bots (after a restart).
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, ApiError> {
        let ids = self.store.active_games().await?;
        let mut n = 0;
        for id in ids {
            match self.get(&id).await {
                Ok(h) => {
                    self.kick(h);
                    n += 1;
                }
                Err(e) => tracing::warn!(game = %id, error = %e, "cannot resume the game"),
            }
        }
        Ok(n)
    }

    /// Kicks every loaded unfinished game (a periodic safety net after errors).
    pub fn kick_all(self: &Arc<Self>) {
        let handles: Vec<Arc<GameHandle>> = match self.games.lock() {
            Ok(m) => m.values().cloned().collect(),
            Err(_) => return,
        };
        for h in handles {
            self.kick(h);
        }
    }
}
