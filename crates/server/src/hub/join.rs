//! Open seats: a game may be created with seats anyone may take (`{"kind":
//! "open"}`); the lobby lists such games (`GET /api/games?open=1`) and
//! `POST /api/games/{id}/join` takes the first open seat for the caller,
//! answering as a claim does (`{game, seat, name, token}`). Of joins that
//! race for one seat exactly one wins: the game's lock orders the joins of
//! one process, and the database takes a seat only while it is still open
//! (`UPDATE … WHERE claimed = 0 AND token_hash IS NULL`), across processes.
//!
//! Whoever takes a seat (a join here, a claim in [`Hub::claim`]) takes it
//! under a name that reads apart from the game's other seats' ([`crate::names::alike`]:
//! not the same without regard to case, not a look-alike), and a profile
//! takes one seat of a game (so that no game is rated against itself); a
//! name asked without a profile's key may not be, or look like, a
//! profile's name. Each is refused with 409, saying whose.

use super::{now_ms, random_hex, token_hash, GameHandle, Hub};
use crate::error::{echoed, ApiError};
use crate::store::{SeatRow, Taker, Taking};
use std::sync::Arc;

/// What a join answers: the seat taken, its name and its new token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    /// The seat.
    pub seat: i64,
    /// Its name now.
    pub name: String,
    /// Its secret token, returned only here.
    pub token: String,
}

/// The name a seat takes when claimed or joined: `asked`, cleaned (as
/// every way in stores a clean name), else the name it was created with,
/// else "player N".
pub(super) fn seat_name(row: &SeatRow, asked: &str) -> String {
    let name = crate::names::clean_name(asked);
    if name.is_empty() {
        row.name
            .clone()
            .unwrap_or_else(|| format!("player {}", row.seat + 1))
    } else {
        name
    }
}

impl Hub {
    /// A seat's new token: the one the client chose (refused with 409 when
    /// it is some seat's token already), else 128 random bits drawn here
    /// (which need no such check).
    pub(super) async fn fresh_token(&self, chosen: Option<String>) -> Result<String, ApiError> {
        match chosen {
            Some(t) => {
                if self.store.seat_of_token(&token_hash(&t)).await?.is_some() {
                    return Err(ApiError::Conflict(
                        "that new token is already a seat's token; draw another".into(),
                    ));
                }
                Ok(t)
            }
            None => random_hex(16),
        }
    }

    /// Takes the first open seat of game `h` for a player named `name`
    /// (cleaned; empty: the seat's default) or for `profile` (under its
    /// name), with the token the client chose (`new_token`) or one drawn
    /// here. 409 when no seat is open (anymore).
    /// Runs to completion even if the caller is dropped.
    pub async fn join(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        name: String,
        new_token: Option<String>,
        profile: Option<String>,
    ) -> Result<Joined, ApiError> {
        let hub = self.clone();
        let h = h.clone();
        tokio::spawn(async move {
            let joined = hub.join_now(&h, &name, new_token, profile).await;
            // The last seat taken starts the clock.
            hub.kick(h);
            joined
        })
        .await
        .map_err(|e| ApiError::Internal(format!("join failed: {e}")))?
    }

    async fn join_now(
        &self,
        h: &Arc<GameHandle>,
        name: &str,
        new_token: Option<String>,
        profile: Option<String>,
    ) -> Result<Joined, ApiError> {
        let mut g = h.inner.lock().await;
        let id = g.row.id.clone();
        if g.state.outcome().is_some() {
            return Err(ApiError::Conflict(format!("game {id} is over")));
        }
        let Some(row) = g.seats.iter().find(|s| s.is_open()) else {
            return Err(ApiError::Conflict(format!("game {id} has no open seat")));
        };
        let seat = row.seat;
        let asked = !name.is_empty();
        // A profile plays under its own name.
        let name = seat_name(row, profile.as_deref().unwrap_or(name));
        if let Some(p) = profile.as_deref() {
            g.profile_free(p)?;
        }
        g.name_free(seat, &name)?;
        if profile.is_none() && asked {
            self.refuse_profile_name(&name).await?;
        }
        let token = self.fresh_token(new_token).await?;
        let hash = token_hash(&token);
        let at = now_ms();
        if !self
            .store
            .take_seat(
                &id,
                seat,
                Taking::Open,
                &Taker {
                    name: &name,
                    token_hash: &hash,
                    at,
                    profile: profile.as_deref(),
                },
            )
            .await?
        {
            // Another process took it first, or gave the profile another
            // seat: catch up with its seats.
            g.seats = self.store.seats(&id).await?;
            let _ = h.tx.send(g.moves);
            if let Some(p) = profile.as_deref() {
                g.profile_free(p)?;
            }
            return Err(ApiError::Conflict(format!(
                "seat {} of game {id} was just taken by someone else",
                seat + 1
            )));
        }
        g.seat_taken(seat, &name, hash, at, profile);
        let _ = h.tx.send(g.moves);
        Ok(Joined { seat, name, token })
    }
}

/// The name seat `row` is shown with: its own, else (a human seat nobody
/// named) "player N".
fn shown_name(row: &SeatRow) -> String {
    row.name
        .clone()
        .unwrap_or_else(|| format!("player {}", row.seat + 1))
}

impl super::LiveGame {
    /// Refuses (409) `name` for seat `seat` when another seat of the game
    /// is shown with a name alike to it ([`crate::names::alike`]).
    pub(super) fn name_free(&self, seat: i64, name: &str) -> Result<(), ApiError> {
        for other in self.seats.iter().filter(|s| s.seat != seat) {
            let shown = shown_name(other);
            if crate::names::alike(name, &shown) {
                return Err(ApiError::Conflict(format!(
                    "the name `{}` looks like seat {}'s `{}` in this game; choose a name that reads apart",
                    echoed(name),
                    other.seat + 1,
                    echoed(&shown)
                )));
            }
        }
        Ok(())
    }

    /// Refuses (409) a seat for `profile` when it holds a human seat of
    /// this game already: a profile plays one seat of a game, so that no
    /// game is rated against itself.
    pub(super) fn profile_free(&self, profile: &str) -> Result<(), ApiError> {
        match self
            .seats
            .iter()
            .find(|s| s.kind == "human" && s.profile.as_deref() == Some(profile))
        {
            Some(held) => Err(ApiError::Conflict(format!(
                "the profile `{}` holds seat {} of this game already: a profile plays one seat of a game",
                echoed(profile),
                held.seat + 1
            ))),
            None => Ok(()),
        }
    }

    /// Notes in memory what the store just stored of a seat taken (a claim
    /// or a join): its name, token hash, time and profile.
    pub(super) fn seat_taken(
        &mut self,
        seat: i64,
        name: &str,
        token_hash: String,
        at: i64,
        profile: Option<String>,
    ) {
        if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
            s.claimed = true;
            s.name = Some(name.to_string());
            s.token_hash = Some(token_hash);
            s.claimed_at = Some(at);
            s.profile = profile;
        }
    }
}
