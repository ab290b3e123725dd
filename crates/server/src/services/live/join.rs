//! Open seats: a game may be created with seats anyone may take (`{"kind":
//! "open"}`); the lobby lists such games (`GET /api/games?open=1`) and
//! `POST /api/games/{id}/join` takes the first open seat for the caller,
//! answering as a claim does (`{game, seat, name, token}`). Of joins that
//! race for one seat exactly one wins: the game's lock orders the joins of
//! one process, and the database takes a seat only while it is still open
//! (`UPDATE … WHERE claimed = 0 AND token_hash IS NULL`), across processes.
//!
//! Whoever takes a seat (a join here, a claim in [`Services::claim`]) takes it
//! under a name that reads apart from the game's other seats' ([`crate::names::alike`]:
//! not the same without regard to case, not a look-alike), and a profile
//! takes one seat of a game (so that no game is rated against itself); a
//! name asked without a profile's key may not be, or look like, a
//! profile's name. Each is refused with 409, saying whose.

use super::{now_ms, random_hex, token_hash, GameHandle, LiveGame};
use crate::error::{echoed, ApiError};
use crate::services::Services;
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

impl Services {
    /// A seat's new token: the one the client chose (refused with 409 when
    /// it is some seat's token already, or a profile's token for a seat),
    /// else 128 random bits drawn here (which need no such check).
    pub(super) async fn fresh_token(&self, chosen: Option<String>) -> Result<String, ApiError> {
        match chosen {
            Some(t) => {
                if self.store.token_in_use(&token_hash(&t)).await? {
                    return Err(ApiError::Conflict(
                        "that new token is already a seat's token; draw another".into(),
                    ));
                }
                Ok(t)
            }
            None => random_hex(16),
        }
    }

    /// Claims `seat` of a game for the holder of its invite token (hash
    /// `invite_hash`): names it and replaces the invite token by a fresh one,
    /// returned only here, so the invite link stops working for every route.
    /// `new_token` is the fresh token when the client chose it (validated by
    /// the caller); otherwise the server draws one.
    /// Refused (changing nothing) when the seat is already claimed, the
    /// hash no longer matches or the chosen token is some seat's already;
    /// 409 when `profile` holds another seat of the game, when the name
    /// looks like another seat's, or when a name asked without a profile
    /// is (or looks like) a profile's (see the module's words).
    /// Runs to completion even if the caller is dropped, so memory and
    /// database agree.
    pub async fn claim(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: i64,
        invite_hash: String,
        name: String,
        new_token: Option<String>,
        profile: Option<String>,
    ) -> Result<(String, String), ApiError> {
        let taken = self
            .take_seat(
                h,
                Way::Invite { seat, invite_hash },
                name,
                new_token,
                profile,
            )
            .await?;
        Ok((taken.token, taken.name))
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
        self.take_seat(h, Way::Open, name, new_token, profile).await
    }

    /// Takes a seat of game `h` the `way` asked, in a task of its own that
    /// finishes even if the caller is dropped; the seat taken may start the
    /// clock, so the bots and clock look again after it.
    async fn take_seat(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        way: Way,
        name: String,
        new_token: Option<String>,
        profile: Option<String>,
    ) -> Result<Joined, ApiError> {
        let services = self.clone();
        let h = h.clone();
        tokio::spawn(async move {
            let taken = services
                .take_seat_now(&h, way, &name, new_token, profile)
                .await;
            services.kick(h);
            taken
        })
        .await
        .map_err(|e| ApiError::Internal(format!("taking the seat failed: {e}")))?
    }

    async fn take_seat_now(
        &self,
        h: &Arc<GameHandle>,
        way: Way,
        name: &str,
        new_token: Option<String>,
        profile: Option<String>,
    ) -> Result<Joined, ApiError> {
        let mut g = h.inner.lock().await;
        let id = g.row.id.clone();
        let row = match &way {
            Way::Invite { seat, invite_hash } => {
                let row = g.seats.iter().find(|s| s.seat == *seat).ok_or_else(|| {
                    ApiError::NotFound(format!("game {id} has no seat {}", seat + 1))
                })?;
                if row.kind != "human" || row.claimed {
                    return Err(ApiError::Conflict(format!(
                        "seat {} of game {id} is already claimed",
                        seat + 1
                    )));
                }
                if row.token_hash.as_deref() != Some(invite_hash.as_str()) {
                    return Err(ApiError::NotFound(
                        "no open seat has this invite token (an invite link works once)".into(),
                    ));
                }
                row
            }
            Way::Open => {
                if g.state.outcome().is_some() {
                    return Err(ApiError::Conflict(format!("game {id} is over")));
                }
                g.seats
                    .iter()
                    .find(|s| s.is_open())
                    .ok_or_else(|| ApiError::Conflict(format!("game {id} has no open seat")))?
            }
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
        let taking = match &way {
            Way::Invite { invite_hash, .. } => Taking::Invite(invite_hash),
            Way::Open => Taking::Open,
        };
        let taker = Taker {
            name: &name,
            token_hash: &hash,
            at,
            profile: profile.as_deref(),
        };
        if !self.store.take_seat(&id, seat, taking, &taker).await? {
            // Another process took it first, or gave the profile another
            // seat: catch up with its seats.
            g.seats = self.store.seats(&id).await?;
            let _ = h.tx.send(g.moves);
            if let Some(p) = profile.as_deref() {
                g.profile_free(p)?;
            }
            let verb = match way {
                Way::Invite { .. } => "claimed",
                Way::Open => "taken",
            };
            return Err(ApiError::Conflict(format!(
                "seat {} of game {id} was just {verb} by someone else",
                seat + 1
            )));
        }
        g.seat_taken(seat, &name, hash, at, profile);
        // Every connection rechecks its token (sockets of an invite token
        // close).
        let _ = h.tx.send(g.moves);
        Ok(Joined { seat, name, token })
    }
}

/// How a seat is taken.
enum Way {
    /// Seat `seat` with its invite, whose token hash is `invite_hash`.
    Invite {
        /// The seat.
        seat: i64,
        /// The invite token's hash.
        invite_hash: String,
    },
    /// The first open seat.
    Open,
}

/// The name seat `row` is shown with: its own, else (a human seat nobody
/// named) "player N".
fn shown_name(row: &SeatRow) -> String {
    row.name
        .clone()
        .unwrap_or_else(|| format!("player {}", row.seat + 1))
}

impl LiveGame {
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
