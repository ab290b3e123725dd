//! Undo (issue 19): a seat takes back its own latest choices, back to the
//! last barrier. The engine decides what a barrier is
//! ([`eons_core::Game::undo_barrier`]: something drawn or revealed); another
//! seat's choice is one too. An undo is stored as a row of `moves` of its
//! own ([`undo_marker`]), so the stored moves stay append-only, a restart or
//! another process replays it, and the published record keeps only the
//! choices in effect ([`effective_moves`]).
//!
//! Limits (issue 34: 1,321 choose+undo pairs in 30 s stored 2,642 rows): a
//! seat may take back one decision at most [`MAX_TAKE_BACKS_PER_DECISION`]
//! times (then its choice there stands: 409 `undo_refused`, and the view's
//! `undo` says so), and a seat may ask to take back at most
//! [`TAKE_BACK_BURST`] times at once, then once more each
//! [`TAKE_BACK_EVERY`] (429 with `Retry-After`; the route
//! `POST /api/games/{id}/undo` asks [`super::LiveGames::allow_take_back`], as the
//! new-games limit is asked by its route). A refused take-back changes
//! nothing and stores nothing.

use super::events::Committed;
use super::game::{expect_move, LogEntry, StoredRow};
use super::{now_ms, GameHandle, LiveGame};
use crate::error::ApiError;
use crate::games::{Applied, DynState};
use crate::services::Services;
use crate::store::MoveRow;
use eons_core::Seat;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// Times one decision of a seat may be taken back; then the choice made
/// there stands. Enough to fix a slip or two, not to store rows in a loop.
pub const MAX_TAKE_BACKS_PER_DECISION: u32 = 5;
/// Take-backs a seat may make at once (across its decisions).
pub const TAKE_BACK_BURST: u32 = 10;
/// Then one more each this often.
pub const TAKE_BACK_EVERY: Duration = Duration::from_secs(6);

impl super::LiveGames {
    /// Takes one take-back from the allowance of `seat` of game `id`;
    /// refused (429, with the seconds to wait) when none is left.
    pub fn allow_take_back(&self, id: &str, seat: Seat) -> Result<(), ApiError> {
        self.take_backs.take(&format!("{id}/{}", seat.0), || {
            format!(
                "at most {TAKE_BACK_BURST} take-backs at once, then one every {} s",
                TAKE_BACK_EVERY.as_secs()
            )
        })
    }
}

/// A choice that may still be taken back.
pub(crate) struct UndoPoint {
    /// The state before it.
    pub(crate) before: Box<dyn DynState>,
    /// Who made it.
    pub(crate) seat: u8,
    /// It, as its maker read it.
    pub(crate) text: String,
    /// It, as everyone else read it.
    pub(crate) public_text: String,
    /// The clock of the decision it answered, when a clock ran for it: a
    /// take-back returns the seat to that decision as it stood (see
    /// [`crate::services::clock`]).
    pub(crate) clock: Option<ClockPoint>,
}

/// Where a seat's clock stood when it began a decision that may be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ClockPoint {
    /// When the decision began (ms since the epoch).
    pub(crate) began: i64,
    /// What was left of the seat's bank then (ms).
    pub(crate) bank_ms: i64,
}

/// The stored form of an undo: a row of `moves` whose choice is this JSON
/// (no game's choice serialises so), so that the record stays append-only.
pub fn undo_marker() -> Value {
    json!({ "$undo": 1 })
}

/// The choices in effect of a stored game: every stored row, without the
/// undo rows and the choices they took back, and without resignations
/// ([`super::resign_marker`]), which are no game's choices.
pub fn effective_moves(moves: &[MoveRow]) -> Vec<&MoveRow> {
    let marker = undo_marker();
    let resign = super::resign_marker();
    let mut out: Vec<&MoveRow> = Vec::with_capacity(moves.len());
    for m in moves {
        // Compared as JSON, whatever spacing the database gives back.
        match serde_json::from_str::<Value>(&m.choice) {
            Ok(c) if c == marker => {
                out.pop();
            }
            Ok(c) if c == resign => {}
            _ => out.push(m),
        }
    }
    out
}

impl LiveGame {
    /// Keeps what undo needs of a choice just applied by `seat` to the
    /// state `before`.
    /// `clock` is where the seat's clock stood when the decision began
    /// ([`LiveGame::clock_point`], read before the choice). A choice a bot
    /// made for a human seat (the stand-in of an away seat) stands like a
    /// barrier: the player cannot take back the move the clock forced.
    pub(super) fn note_choice(
        &mut self,
        seat: u8,
        before: Box<dyn DynState>,
        applied: &Applied,
        clock: Option<ClockPoint>,
        by_stand_in: bool,
    ) {
        // A new decision: its clock starts from this choice.
        self.clock.run_from(None);
        let barrier = applied.barrier || by_stand_in;
        self.effective.push((seat, barrier));
        if barrier || self.undo.last().is_some_and(|p| p.seat != seat) {
            self.undo.clear();
            self.take_backs.clear();
        }
        if !barrier {
            self.undo.push(UndoPoint {
                before,
                seat,
                text: applied.text.clone(),
                public_text: applied.public_text.clone(),
                clock,
            });
        }
    }

    /// Whether the latest choice in effect is `seat`'s: a refused take-back
    /// then concerns a choice the seat can see on its own table.
    pub fn last_choice_is(&self, seat: Seat) -> bool {
        self.effective.last().is_some_and(|&(s, _)| s == seat.0)
    }

    /// Why `seat` may not take back its last choice now (None: it may).
    pub fn undo_refusal(&self, seat: Seat) -> Option<String> {
        if self.state.outcome().is_some() {
            return Some("the game is over".into());
        }
        match (self.effective.last(), self.undo.last()) {
            (_, Some(p)) if p.seat == seat.0 => None,
            (None, _) => Some("no choice has been made yet".into()),
            (Some(&(last, _)), _) if last != seat.0 => {
                Some("another seat has chosen since your last choice".into())
            }
            (Some(&(_, true)), _) if self.log.last().is_some_and(|e| e.stand_in.is_some()) => {
                Some("a bot made your last choice for you while you were away, so it stands".into())
            }
            (Some(&(_, true)), _) => {
                Some("your last choice drew or revealed something hidden, so it stands".into())
            }
            (Some(_), _) => Some(
                "your earlier choices stand: a draw or another seat's choice came before them"
                    .into(),
            ),
        }
    }

    /// Why `seat` may not take back its last choice now (None: it may):
    /// [`LiveGame::undo_refusal`]'s rules, and at most
    /// [`MAX_TAKE_BACKS_PER_DECISION`] take-backs of one decision.
    pub fn take_back_refusal(&self, seat: Seat) -> Option<String> {
        if let Some(why) = self.undo_refusal(seat) {
            return Some(why);
        }
        let decision = self.undo.len().checked_sub(1)?;
        let taken = self.take_backs.get(decision).copied().unwrap_or(0);
        (taken >= MAX_TAKE_BACKS_PER_DECISION).then(|| {
            format!(
                "you have taken back this decision {taken} times, as often as the server allows; \
                 the choice you made stands"
            )
        })
    }

    /// Takes back the last choice (undo row `n`, stored at `at`): the state
    /// before it returns, and the log says so. The caller checked
    /// [`LiveGame::undo_refusal`].
    pub(super) fn take_back(&mut self, n: i64, at: i64) {
        let Some(p) = self.undo.pop() else { return };
        self.effective.pop();
        // The seat is back at the decision it took back, on the clock that
        // decision had: a take-back gives no time.
        self.clock.run_from(p.clock.map(|c| c.began));
        let decision = self.undo.len();
        if self.take_backs.len() <= decision {
            self.take_backs.resize(decision + 1, 0);
        }
        self.take_backs[decision] = self.take_backs[decision].saturating_add(1);
        let changes =
            crate::games::changes::diff(&self.state.board_pieces(), &p.before.board_pieces());
        self.state = p.before;
        self.log.push(Arc::new(LogEntry {
            n,
            seat: p.seat,
            at,
            choice: format!("take back “{}”", p.text),
            public_choice: format!("take back “{}”", p.public_text),
            events: Vec::new(),
            place: None,
            changes,
            stand_in: None,
        }));
        self.moves += 1;
        self.row.moves = self.moves;
        self.row.updated_at = at;
    }
}

impl Services {
    /// Takes back `seat`'s last choice, expecting the game at move
    /// `expected`; returns the new move count once the undo is committed.
    /// Refused ([`ApiError::UndoRefused`], changing nothing) past a barrier
    /// the engine decided (a draw, something revealed) or another seat's
    /// choice, or for a decision taken back as often as it may be
    /// ([`MAX_TAKE_BACKS_PER_DECISION`]). The undo is stored as a row of its own, so the stored moves
    /// stay append-only and a crash leaves a game that loads.
    pub async fn undo(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
        expected: i64,
    ) -> Result<i64, ApiError> {
        let services = self.clone();
        let h = h.clone();
        tokio::spawn(async move { services.undo_now(&h, seat, expected).await })
            .await
            .map_err(|e| ApiError::Internal(format!("the undo failed: {e}")))?
    }

    async fn undo_now(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
        expected: i64,
    ) -> Result<i64, ApiError> {
        let g = h.inner.lock().await;
        expect_move(&g, expected)?;
        if let Some(why) = g.take_back_refusal(seat) {
            return Err(ApiError::UndoRefused(why));
        }
        let at = now_ms();
        let n = g.moves;
        // The bank as it was when the decision taken back began (its clock
        // runs on from then: see `take_back`); without that record (a point
        // restored from an older snapshot), the time since the last row is
        // charged as a move would be.
        let bank_ms = match g.undo.last().and_then(|p| p.clock) {
            Some(point) if g.row.clock.is_some() => Some(point.bank_ms),
            _ => g.bank_after(seat, at),
        };
        let row = StoredRow {
            seat,
            choice: undo_marker().to_string(),
            at,
            outcome: None,
            bank_ms,
            stand_in: None,
        };
        let mut g = self.store_next_row(h, g, expected, &row).await?;
        g.spend_bank(seat, row.bank_ms);
        g.take_back(n, at);
        let event = Committed::of(self, &g, seat, h.kind.name());
        let moves = g.moves;
        drop(g);
        self.committed(h, event);
        Ok(moves)
    }
}
