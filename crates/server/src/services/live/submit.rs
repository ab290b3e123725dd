//! The move pipeline: a choice is checked against the game's state, stored
//! as the game's next row, applied in memory and published
//! ([`super::events`]). A row another process stored first (PostgreSQL) is
//! caught up with and the choice answered as stale.

use super::events::Committed;
use super::game::{expect_move, LogEntry, StoredRow};
use super::{now_ms, GameHandle, LiveGame};
use crate::error::ApiError;
use crate::services::Services;
use crate::store::{NewMove, StoreError};
use eons_core::Seat;
use serde::Serialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::MutexGuard;

/// What a successful submission returns.
#[derive(Debug, Serialize)]
pub struct Submitted {
    /// The game's move number after the choice.
    #[serde(rename = "move")]
    pub moves: i64,
    /// The choice in words, as its maker reads it.
    pub choice: String,
    /// Whether the game is over now.
    pub over: bool,
}

impl Services {
    /// Submits `choice` for `seat`, expecting the game at move `expected`.
    /// Returns only after the move is committed.
    ///
    /// The work runs in its own task, which finishes even when the caller is
    /// dropped (a client that disconnects mid-request): a committed move is
    /// always applied in memory too, so the game never stays one move behind
    /// its database.
    pub async fn submit(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
        expected: i64,
        choice: &Value,
    ) -> Result<Submitted, ApiError> {
        let services = self.clone();
        let h = h.clone();
        let choice = choice.clone();
        tokio::spawn(async move {
            let submitted = services.submit_now(&h, seat, expected, &choice).await;
            if submitted.is_ok() {
                metrics::counter!(crate::metric_names::MOVES).increment(1);
            }
            submitted
        })
        .await
        .map_err(|e| ApiError::Internal(format!("the move failed: {e}")))?
    }

    async fn submit_now(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
        expected: i64,
        choice: &Value,
    ) -> Result<Submitted, ApiError> {
        let g = h.inner.lock().await;
        g.refuse_if_cancelled()?;
        expect_move(&g, expected)?;
        let mut next = g.state.clone_box();
        let applied = next.apply(seat, choice)?;
        let outcome = next.outcome();
        let at = now_ms();
        let n = g.moves;
        // An away human seat's choices are its stand-in bot's.
        let stand_in = g
            .seat_row(seat)
            .filter(|r| r.kind == "human" && r.away)
            .and_then(|_| g.decider(seat))
            .map(str::to_string);
        let row = StoredRow {
            seat,
            choice: applied.choice.to_string(),
            at,
            outcome: outcome.as_ref().map(|o| json!(o).to_string()),
            bank_ms: g.bank_after(seat, at),
            stand_in,
        };
        let clock = g.clock_point(seat, at);
        let mut g = self.store_next_row(h, g, expected, &row).await?;
        g.spend_bank(seat, row.bank_ms);
        let before = std::mem::replace(&mut g.state, next);
        g.note_choice(seat.0, before, &applied, clock, row.stand_in.is_some());
        g.moves += 1;
        g.row.moves = g.moves;
        g.row.updated_at = at;
        if let Some(o) = row.outcome {
            g.row.status = "over".into();
            g.row.outcome = Some(o);
        }
        g.log.push(Arc::new(LogEntry {
            n,
            seat: seat.0,
            at,
            choice: applied.text.clone(),
            public_choice: applied.public_text,
            events: applied.events,
            place: applied.place,
            changes: applied.changes,
            stand_in: row.stand_in,
        }));
        let event = Committed::of(self, &g, seat, h.kind.name());
        let moves = g.moves;
        drop(g);
        self.committed(h, event);
        Ok(Submitted {
            moves,
            choice: applied.text,
            over: outcome.is_some(),
        })
    }

    /// Stores `row` as the game's next row (its number is `g.moves`),
    /// holding the game's lock throughout, and hands the lock back. When
    /// another process stored that row first, catches up with it and
    /// answers [`ApiError::Stale`] against `expected`.
    pub(super) async fn store_next_row<'a>(
        self: &Arc<Self>,
        h: &'a Arc<GameHandle>,
        g: MutexGuard<'a, LiveGame>,
        expected: i64,
        row: &StoredRow,
    ) -> Result<MutexGuard<'a, LiveGame>, ApiError> {
        let r = self
            .live
            .commits
            .append(
                &self.store,
                &NewMove {
                    game_id: &g.row.id,
                    n: g.moves,
                    seat: i64::from(row.seat.0),
                    choice: &row.choice,
                    at: row.at,
                    outcome: row.outcome.as_deref(),
                    bank_ms: row.bank_ms,
                    stand_in: row.stand_in.as_deref(),
                },
            )
            .await;
        match r {
            Ok(()) => Ok(g),
            Err(StoreError::Conflict(_)) => {
                // Another process stored this move first: catch up, report stale.
                drop(g);
                self.sync(h).await?;
                let current = h.inner.lock().await.moves;
                Err(ApiError::Stale {
                    sent: expected,
                    current,
                })
            }
            Err(e) => Err(e.into()),
        }
    }
}
