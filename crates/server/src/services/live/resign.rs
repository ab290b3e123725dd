//! Resigning (issue 36): a seat's player leaves the game for good
//! (`POST /api/games/{id}/resign` with the seat's token).
//!
//! What it does, decided here:
//! - The seat is away for good: the game's stand-in bot (the clock's
//!   `on_timeout` kind, greedy without a clock) plays it to the end, at once
//!   when the seat is to move. "I'm back", choices and take-backs from its
//!   token are refused (409); the token still opens the seat's view and chat.
//! - It is a row of `moves` of its own ([`resign_marker`], with the bot's
//!   spec as the row's `stand_in`), so it is stored, replayed after a
//!   restart and ordered among the moves like any other row, and the log
//!   says "Ann: resign (the greedy bot plays the seat to the end)". The
//!   published record, which holds the choices in effect, leaves it out.
//! - Nothing before it can be taken back: it ends every seat's run of
//!   choices, as another seat's choice does.
//! - The seat row keeps when (`seats.resigned_at`), which the rating reads:
//!   a player who resigned is ranked below every human who stayed (see
//!   [`crate::services::profiles`]).
//! - Refused (409) once the game is over, for a bot seat, an open seat, or a
//!   seat that resigned already.

use super::events::Committed;
use super::game::{LogEntry, StoredRow};
use super::{now_ms, GameHandle, LiveGame};
use crate::error::ApiError;
use crate::services::Services;
use eons_core::{Seat, Turn};
use serde::Serialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// The stored form of a resignation: a row of `moves` whose choice is this
/// JSON (no game's choice serialises so).
pub fn resign_marker() -> Value {
    json!({ "$resign": 1 })
}

/// What a resignation answers.
#[derive(Debug, Serialize)]
pub struct Resigned {
    /// The game's move count after it.
    #[serde(rename = "move")]
    pub moves: i64,
    /// The bot that plays the seat from now on (its spec).
    pub bot: String,
}

impl LiveGame {
    /// Whether `seat`'s player resigned.
    pub fn resigned(&self, seat: Seat) -> bool {
        self.seat_row(seat).is_some_and(|r| r.resigned_at.is_some())
    }

    /// Applies the resignation of `seat` stored as row `n` at `at`, its seat
    /// now played by `bot`: the seat is away for good, nothing before can be
    /// taken back, and the log says so.
    pub(super) fn resign_seat(&mut self, seat: Seat, n: i64, at: i64, bot: &str) {
        if let Some(row) = self.seats.iter_mut().find(|r| r.seat == i64::from(seat.0)) {
            row.away = true;
            row.resigned_at.get_or_insert(at);
        }
        self.clock.forget_return(seat);
        self.undo.clear();
        self.take_backs.clear();
        let text = format!("resign (the {bot} bot plays the seat to the end)");
        self.log.push(Arc::new(LogEntry {
            n,
            seat: seat.0,
            at,
            choice: text.clone(),
            public_choice: text,
            events: Vec::new(),
            place: None,
            changes: Vec::new(),
            stand_in: None,
        }));
        self.moves += 1;
        self.row.moves = self.moves;
        self.row.updated_at = at;
    }
}

impl Services {
    /// `seat` resigns (see the module's words): stored, applied and
    /// published like a move; the stand-in bot moves for it from now on.
    pub async fn resign(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
    ) -> Result<Resigned, ApiError> {
        let services = self.clone();
        let h = h.clone();
        tokio::spawn(async move { services.resign_now(&h, seat).await })
            .await
            .map_err(|e| ApiError::Internal(format!("the resignation failed: {e}")))?
    }

    async fn resign_now(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
    ) -> Result<Resigned, ApiError> {
        let g = h.inner.lock().await;
        if g.state.turn() == Turn::Over {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        let Some(row) = g.seat_row(seat) else {
            return Err(ApiError::NotFound("no such seat".into()));
        };
        if row.kind != "human" || !row.claimed {
            return Err(ApiError::Conflict(
                "only a player who took a seat may resign it".into(),
            ));
        }
        if row.resigned_at.is_some() {
            return Err(ApiError::Conflict("you resigned this game already".into()));
        }
        let bot = g.stand_in_spec().to_string();
        let at = now_ms();
        let n = g.moves;
        let expected = g.moves;
        let stored = StoredRow {
            seat,
            choice: resign_marker().to_string(),
            at,
            outcome: None,
            bank_ms: None,
            stand_in: Some(bot.clone()),
        };
        let mut g = self.store_next_row(h, g, expected, &stored).await?;
        // The row is what counts (a restart replays it); the seat's column is
        // for the readers that do not load the game (the rating).
        self.store
            .set_resigned(&g.row.id, i64::from(seat.0), at)
            .await?;
        g.resign_seat(seat, n, at, &bot);
        // A game without bots or a clock had no lease: its stand-in runs
        // where the lease is (here, if nobody holds it).
        self.lease_new_game(&g.row.id).await;
        tracing::info!(game = %g.row.id, seat = seat.0, bot = %bot, "seat resigned");
        let event = Committed::of(self, &g, seat, h.kind.name());
        let moves = g.moves;
        drop(g);
        self.committed(h, event);
        Ok(Resigned { moves, bot })
    }
}
