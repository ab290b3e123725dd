//! Rematch (issue 19, the end of a game): a seat of a finished game asks for
//! the same game again — same kind, player count, options and seats (bots
//! of the same kind, names kept), a new seed. The first request creates it;
//! every later one, by any seat, answers the same game.
//!
//! Each human seat of the old game has a seat in the new one that only it
//! can take: its token there is derived from its token here
//! ([`rematch_token`]), which only that seat holds, and is set when the seat
//! asks (a claim of the new seat, whose invite token nobody was given). So
//! asking again after a lost reply answers the same token.

use crate::error::ApiError;
use crate::services::live::{token_hash, CreateGame, GameHandle, SeatSpec};
use crate::services::Services;
use eons_core::Seat;
use serde_json::{json, Value};
use std::sync::Arc;

/// The token of a seat in the rematch `rematch_id`, for the seat whose
/// token in the old game is `token`: 64 hex digits no one else can derive.
pub fn rematch_token(rematch_id: &str, token: &str) -> String {
    token_hash(&format!("eons rematch {rematch_id} {token}"))
}

impl Services {
    /// The rematch of the finished game `h` for the seat holding `token`:
    /// `{id, token}` (the new game and the seat's token in it; `token` is
    /// null for a bot seat's token, which no client holds). Creates the
    /// rematch on the first request, taking `allowance` then (the asking
    /// client's games per hour, as a create takes it: 429 and no game when
    /// it is spent); a request that finds the rematch made takes none.
    pub async fn rematch(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        token: &str,
        allowance: impl FnOnce() -> Result<(), ApiError>,
    ) -> Result<Value, ApiError> {
        let (seat, rematch_id, profile) = {
            // Held while the rematch is created, so that two seats asking at
            // once get one game.
            let mut g = h.inner.lock().await;
            let seat = g
                .seat_of_token(token)
                .ok_or_else(|| ApiError::WrongToken(g.row.id.clone()))?;
            if g.state.outcome().is_none() {
                return Err(ApiError::Conflict(
                    "a rematch can be asked for once the game is over".into(),
                ));
            }
            let known = match g.rematch.clone() {
                Some(id) => Some(id),
                // Another process (PostgreSQL) may have made it.
                None => self.store.rematch_of(&g.row.id).await?,
            };
            let rematch_id = match known {
                Some(id) => id,
                None => {
                    let options: Vec<String> = serde_json::from_str(&g.row.options)
                        .map_err(|e| ApiError::Internal(format!("stored options: {e}")))?;
                    let seats = g
                        .seats
                        .iter()
                        .map(|s| SeatSpec {
                            kind: s.kind.clone(),
                            bot: s.bot.clone(),
                            name: s.name.clone(),
                        })
                        .collect();
                    let players = usize::try_from(g.row.players)
                        .map_err(|_| ApiError::Internal("stored player count".into()))?;
                    let game = self.prepare(CreateGame {
                        game: g.row.game.clone(),
                        players,
                        options,
                        seats,
                        seed: None,
                        // The rematch counts against whoever created
                        // the first game, as that game did.
                        creator: self.store.creator(&g.row.id).await?,
                        clock: g
                            .row
                            .clock
                            .as_ref()
                            .map(|c| crate::services::clock::ClockSpec {
                                per_decision_s: c
                                    .per_decision_ms
                                    .and_then(|ms| u64::try_from(ms / 1000).ok()),
                                bank_s: c.bank_ms.and_then(|ms| u64::try_from(ms / 1000).ok()),
                            })
                            .unwrap_or_default(),
                        on_timeout: g.row.clock.as_ref().map(|c| c.on_timeout.clone()),
                        spectator_chat: g.row.spectator_chat,
                    })?;
                    let created = self.store_new(game, allowance).await?;
                    let new_id = created
                        .get("id")
                        .and_then(Value::as_str)
                        .ok_or_else(|| ApiError::Internal("a created game without id".into()))?
                        .to_string();
                    if self.store.set_rematch(&g.row.id, &new_id).await? {
                        new_id
                    } else {
                        // Another process was first: its rematch is the one.
                        self.store.rematch_of(&g.row.id).await?.ok_or_else(|| {
                            ApiError::Internal("the rematch was stored and is gone".into())
                        })?
                    }
                }
            };
            g.rematch = Some(rematch_id.clone());
            // The seat's profile plays the rematch too.
            let profile = g
                .claimed_seat(i64::from(seat.0))
                .and_then(|s| s.profile.clone());
            (seat, rematch_id, profile)
        };
        // Announce it: the old game's seats see the rematch in their view.
        let _ = h.tx.send(h.inner.lock().await.moves);
        let token = self
            .take_rematch_seat(&rematch_id, seat, token, profile)
            .await?;
        Ok(json!({ "id": rematch_id, "token": token }))
    }

    /// Gives seat `seat` of the rematch `rematch_id` the token derived from
    /// the seat's old token (once; again the same after), and returns it.
    /// The seat keeps the name the rematch was made with (the old seat's).
    async fn take_rematch_seat(
        self: &Arc<Self>,
        rematch_id: &str,
        seat: Seat,
        old_token: &str,
        profile: Option<String>,
    ) -> Result<String, ApiError> {
        let new = self.get(rematch_id).await?;
        let token = rematch_token(rematch_id, old_token);
        let invite = {
            let g = new.inner.lock().await;
            if g.seat_of_token(&token) == Some(seat) {
                return Ok(token);
            }
            let row = g
                .seats
                .iter()
                .find(|s| s.seat == i64::from(seat.0))
                .ok_or_else(|| ApiError::Internal("the rematch lacks a seat".into()))?;
            if row.claimed && profile.is_some() && row.profile == profile {
                // The profile's other device asked first, from its own token.
                return Err(ApiError::Conflict(format!(
                    "your profile took seat {} of the rematch on another device: open it from \
                     My games in the lobby",
                    seat.0 + 1
                )));
            }
            if row.kind != "human" || row.claimed {
                return Err(ApiError::Conflict(format!(
                    "seat {} of the rematch is not open",
                    seat.0 + 1
                )));
            }
            row.token_hash
                .clone()
                .ok_or_else(|| ApiError::Internal("an open seat without token".into()))?
        };
        let (token, _) = self
            .claim(
                &new,
                i64::from(seat.0),
                invite,
                String::new(),
                Some(token),
                profile,
            )
            .await?;
        Ok(token)
    }
}
