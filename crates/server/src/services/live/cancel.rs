//! Cancelling a game (issue 36): `POST /api/games/{id}/cancel` with a seat's
//! token takes back a game nobody else has played in — a table set up with
//! the wrong options, friends who never came.
//!
//! What it does, decided here:
//! - Allowed for a human seat of an unfinished game while every row of its
//!   moves is that seat's own choice: no other seat, bot or stand-in for
//!   it has moved, and nobody resigned. Otherwise 409 (the game has begun
//!   for someone else: resign instead, which ranks the player last).
//! - The game's status becomes `cancelled`, in one conditional update that
//!   also checks the move count the canceller saw, so a move stored first
//!   (here or by another process) makes the cancel 409 instead. It is kept,
//!   not deleted, so a link to it says what happened.
//! - From then on the game is gone (410 `gone`) for every read and write:
//!   it leaves this process's memory at once and every other process's at
//!   its next sync; a request holding the game when it was cancelled is
//!   refused under the game's lock; no move can be stored after (the store
//!   only advances a game that is `active`); lists, profiles and the bot-game
//!   limit leave it out; it is never rated (only `over` games are).
//! - Every open table hears `{"type": "cancelled", "message"}` on its
//!   socket, which then closes.

use super::{now_ms, GameHandle, LiveGame};
use crate::error::ApiError;
use crate::services::Services;
use crate::store::StoreError;
use eons_core::{Seat, Turn};
use serde::Serialize;
use std::sync::Arc;

/// The words every read of a cancelled game answers with (410).
pub fn cancelled_message(id: &str) -> String {
    format!("game {id} was cancelled by a player before anyone else moved in it")
}

/// What a cancel answers.
#[derive(Debug, Serialize)]
pub struct Cancelled {
    /// The game's id.
    pub id: String,
}

impl LiveGame {
    /// Whether the game was cancelled.
    pub fn cancelled(&self) -> bool {
        self.row.status == "cancelled"
    }

    /// 410 for a cancelled game, for the requests that held it meanwhile.
    pub fn refuse_if_cancelled(&self) -> Result<(), ApiError> {
        if self.cancelled() {
            return Err(ApiError::Gone(cancelled_message(&self.row.id)));
        }
        Ok(())
    }

    /// Why `seat` may not cancel the game now, if it may not.
    fn cancel_refusal(&self, seat: Seat) -> Option<String> {
        if self.state.turn() == Turn::Over {
            return Some("the game is over".into());
        }
        match self.seat_row(seat) {
            Some(r) if r.kind == "human" => {}
            _ => return Some("only a player's seat can cancel a game".into()),
        }
        let others = self
            .log
            .iter()
            .any(|e| e.seat != seat.0 || e.stand_in.is_some());
        let resigned = self.seats.iter().any(|r| r.resigned_at.is_some());
        (others || resigned).then(|| {
            "another seat has played in this game: it can no longer be cancelled (resign instead)"
                .into()
        })
    }
}

impl Services {
    /// Cancels game `h` for `seat` (see the module's words).
    pub async fn cancel(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
    ) -> Result<Cancelled, ApiError> {
        let mut g = h.inner.lock().await;
        g.refuse_if_cancelled()?;
        if let Some(why) = g.cancel_refusal(seat) {
            return Err(ApiError::Conflict(why));
        }
        let id = g.row.id.clone();
        match self.store.cancel_game(&id, g.moves, now_ms()).await {
            Ok(()) => {}
            Err(StoreError::Conflict(_)) => {
                return Err(ApiError::Conflict(
                    "a move came first: the game can no longer be cancelled".into(),
                ))
            }
            Err(e) => return Err(e.into()),
        }
        g.row.status = "cancelled".into();
        let moves = g.moves;
        drop(g);
        self.forget_cancelled(h, &id, moves);
        tracing::info!(game = %id, seat = seat.0, "a game was cancelled");
        Ok(Cancelled { id })
    }

    /// Game `h` (`id`, at `moves` moves) was cancelled, here or by another
    /// process: it leaves memory and its sockets hear of it.
    pub(super) fn forget_cancelled(self: &Arc<Self>, h: &Arc<GameHandle>, id: &str, moves: i64) {
        if let Ok(mut map) = self.live.games.lock() {
            if map.get(id).is_some_and(|x| Arc::ptr_eq(x, h)) {
                map.remove(id);
            }
        }
        let _ = h.tx.send(moves);
    }
}
