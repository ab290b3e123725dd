//! Away seats coming back ("I'm back", or acting), and the vote that hands
//! an absent seat to its stand-in bot (see the module above for the rules).

use super::{AbsentVote, Services};
use crate::error::ApiError;
use crate::services::live::{now_ms, GameHandle, LiveGame};
use eons_core::{Seat, Turn};
use std::sync::Arc;

impl Services {
    /// `seat` comes back (it acted, or said "I'm back"). Nothing when it was
    /// not away. While it is to move on the decision its time ran out on (or
    /// it was voted away on), its stand-in makes that decision first: the seat is noted as returning, and is back once that move is
    /// made ([`Services::finish_return`]). Otherwise it is back now (stored
    /// before it counts), with the bank it has: coming back gives no time.
    /// Refused (409) when the clock leaves the seat no time in this game.
    pub async fn come_back(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
    ) -> Result<Comeback, ApiError> {
        let mut g = h.inner.lock().await;
        let Some(row) = g.seat_row(seat) else {
            return Ok(Comeback::NotAway);
        };
        if row.resigned_at.is_some() {
            return Err(ApiError::Conflict(
                "you resigned this game: the stand-in bot plays your seat to the end".into(),
            ));
        }
        if !row.away || row.kind != "human" {
            return Ok(Comeback::NotAway);
        }
        if g.out_of_time(seat) {
            return Err(ApiError::Conflict(
                "your time in this game has run out (no time per decision and an empty bank): \
                 the stand-in bot plays your seat to the end"
                    .into(),
            ));
        }
        if g.state.turn() == Turn::Seat(seat) && g.clock.stand_in_owes == Some((seat.0, g.moves)) {
            if !g.clock.returning.contains(&seat.0) {
                g.clock.returning.push(seat.0);
            }
            return Ok(Comeback::AfterThisDecision);
        }
        self.return_now(h, g, seat).await?;
        Ok(Comeback::Back)
    }

    /// After a stand-in's move for `seat`: a seat that asked to come back
    /// while that decision was due is back now.
    pub(crate) async fn finish_return(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
    ) -> Result<(), ApiError> {
        let mut g = h.inner.lock().await;
        let Some(k) = g.clock.returning.iter().position(|s| *s == seat.0) else {
            return Ok(());
        };
        g.clock.returning.remove(k);
        if g.seat_row(seat).is_some_and(|r| r.away) {
            self.return_now(h, g, seat).await?;
        }
        Ok(())
    }

    /// Marks `seat` back (stored first), its bank as it is.
    async fn return_now(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        mut g: tokio::sync::MutexGuard<'_, LiveGame>,
        seat: Seat,
    ) -> Result<(), ApiError> {
        let id = g.row.id.clone();
        let at = now_ms();
        if self
            .store
            .set_away(&id, i64::from(seat.0), false, None, at)
            .await?
        {
            if let Some(row) = g.seats.iter_mut().find(|r| r.seat == i64::from(seat.0)) {
                row.away = false;
                row.back_at = Some(at);
            }
            g.clock.returning.retain(|s| *s != seat.0);
            tracing::info!(game = %id, seat = seat.0, "the seat is back");
        } else {
            g.seats = self.store.seats(&id).await?;
        }
        let n = g.moves;
        drop(g);
        self.changed(h, n);
        Ok(())
    }
}

/// What "I'm back" did ([`Services::come_back`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comeback {
    /// The seat was not away.
    NotAway,
    /// The seat is back.
    Back,
    /// The seat is to move on a decision its time ran out on: its stand-in
    /// makes it, and the seat is back after it.
    AfterThisDecision,
}

impl Comeback {
    /// Refuses a choice or a take-back of a seat whose stand-in owes the
    /// decision due.
    pub fn allows_acting(self) -> Result<(), ApiError> {
        match self {
            Comeback::AfterThisDecision => Err(ApiError::Conflict(
                "your time ran out on this decision: the stand-in bot makes it, \
                 and you are back from your next decision"
                    .into(),
            )),
            Comeback::NotAway | Comeback::Back => Ok(()),
        }
    }
}

impl Services {
    /// `voter` votes to hand `target` (the seat to move, deciding for
    /// [`super::Clocks::absent_after`] at least) to a bot; once every other human seat
    /// voted, `target` is away (stored first). Answers the vote as it
    /// stands. 409 when `target` is not the seat to move, not a human
    /// deciding itself, or not deciding long enough; 403 for a voter that
    /// is not one of the others.
    pub async fn vote_away(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        voter: Seat,
        target: Seat,
    ) -> Result<AbsentVote, ApiError> {
        let mut g = h.inner.lock().await;
        let id = g.row.id.clone();
        if g.presence.online(target) {
            return Err(ApiError::Conflict(format!(
                "seat {} is at the table (its page is open): only a player who left may be voted away",
                target.0 + 1
            )));
        }
        let Some(vote) = g.absent_vote().filter(|v| v.seat == target.0) else {
            return Err(ApiError::Conflict(format!(
                "seat {} is not a player deciding now",
                target.0 + 1
            )));
        };
        if !vote.voters.contains(&voter.0) {
            return Err(ApiError::Forbidden(
                "only the other players vote a seat away".into(),
            ));
        }
        let now = now_ms();
        if now < vote.from {
            return Err(ApiError::Conflict(format!(
                "seat {} has been deciding for {} s; a vote needs {} s",
                target.0 + 1,
                (now - vote.since) / 1000,
                self.clocks.absent_after.as_secs()
            )));
        }
        let moves = g.moves;
        if !vote.votes.contains(&voter.0) {
            g.clock.away_votes.retain(|(_, _, m)| *m == moves);
            g.clock.away_votes.push((target.0, voter.0, moves));
        }
        let vote = g
            .absent_vote()
            .ok_or_else(|| ApiError::Internal("the vote is gone".into()))?;
        if vote.voters.iter().all(|v| vote.votes.contains(v)) {
            if self
                .store
                .set_away(&id, i64::from(target.0), true, None, now)
                .await?
            {
                if let Some(row) = g.seats.iter_mut().find(|r| r.seat == i64::from(target.0)) {
                    row.away = true;
                }
                g.clock.stand_in_owes = Some((target.0, moves));
                tracing::info!(game = %id, "move" = moves, seat = target.0, "voted away: a bot decides for the seat");
                // A game without bots or a clock had no lease: its stand-in
                // bot runs where the lease is (here, if nobody holds it).
                self.lease_new_game(&id).await;
            } else {
                g.seats = self.store.seats(&id).await?;
            }
            g.clock.away_votes.clear();
        }
        let n = g.moves;
        drop(g);
        self.changed(h, n);
        Ok(vote)
    }
}
