//! Chat per game: the seats write (spectators too, when the creator let
//! them: `spectator_chat` at creation), everyone who may see the game reads
//! (`GET /api/games/{id}/chat`), and every open WebSocket of the game gets
//! each new message as `{"type": "chat", "message": {n, seat, name, text,
//! at}}`. Messages are stored with the game (migration 0009) before they
//! are shown, numbered within it; on PostgreSQL the other processes learn
//! of one through the same notification as a move.
//!
//! Limits: a message is one line of at most [`MAX_CHAT_CHARS`] characters
//! (cleaned as names are: no control or invisible format characters); each
//! writer (a seat, or a spectator's client address) may send a burst of
//! [`CHAT_BURST`] and then one every [`CHAT_EVERY`] (429 with
//! `Retry-After` beyond), and the spectators of one game together at most
//! [`ChatLimits::spectators_per_minute`] (429 too), however many addresses
//! they write from. The chat never closes: a game keeps its newest
//! [`ChatLimits::seat_messages`] messages of seats and, apart, its newest
//! [`ChatLimits::spectator_messages`] of spectators; an older message of the
//! same side rolls off (from memory and from storage) when a new one comes,
//! so spectators never push out what the seats wrote. Numbers go on
//! counting (`chat_len` in views is the number the next message gets), so a
//! client reading `?since=N` sees the messages numbered N and on that are
//! still kept. Texts are shown as text only: the web client never reads
//! them as HTML.

use super::{now_ms, GameHandle, Hub, LiveGame};
use crate::error::ApiError;
use crate::limits::ChatLimits;
use crate::store::{ChatRow, StoreError};
use eons_core::Seat;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The longest message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// Messages one writer may send at once.
pub const CHAT_BURST: u32 = 5;
/// Then one more each this often.
pub const CHAT_EVERY: Duration = Duration::from_secs(2);

/// Who writes a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Speaker {
    /// A seat (its token).
    Seat(Seat),
    /// A spectator: the limit key of its client address and the name it
    /// gave (cleaned; empty: "spectator").
    Spectator {
        /// The client's [`limit_key`](crate::limits::limit_key), as text.
        client: String,
        /// The name it gave.
        name: String,
    },
}

/// The chat's rate limiters: one per writer (keyed by game and writer), and
/// one per game for all its spectators together (keyed by game), made at
/// first use from the chat's [`ChatLimits`].
pub struct ChatLimiter {
    /// Each writer's own rate.
    writers: DefaultKeyedRateLimiter<String>,
    /// The rate of all the spectators of one game.
    spectators: OnceLock<DefaultKeyedRateLimiter<String>>,
    /// The limits (the defaults unless set before the first message).
    limits: OnceLock<ChatLimits>,
}

impl Default for ChatLimiter {
    fn default() -> Self {
        let burst = NonZeroU32::new(CHAT_BURST).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(CHAT_EVERY)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst);
        ChatLimiter {
            writers: RateLimiter::keyed(quota),
            spectators: OnceLock::new(),
            limits: OnceLock::new(),
        }
    }
}

impl ChatLimiter {
    /// Sets the chat's limits; false (and nothing changes) once they were
    /// set or read (the server sets them at start).
    pub fn set_limits(&self, limits: ChatLimits) -> bool {
        self.limits.set(limits).is_ok()
    }

    /// The chat's limits.
    pub fn limits(&self) -> ChatLimits {
        *self.limits.get_or_init(ChatLimits::default)
    }

    /// The limiter of all the spectators of a game.
    fn spectators(&self) -> &DefaultKeyedRateLimiter<String> {
        self.spectators.get_or_init(|| {
            let per_minute =
                NonZeroU32::new(self.limits().spectators_per_minute).unwrap_or(NonZeroU32::MIN);
            RateLimiter::keyed(Quota::per_minute(per_minute))
        })
    }

    /// Forgets writers and games whose allowance is full again.
    pub fn forget_idle(&self) {
        self.writers.retain_recent();
        if let Some(spectators) = self.spectators.get() {
            spectators.retain_recent();
        }
    }
}

/// The 429 of a rate limiter that refused until `not_until`.
fn too_many(
    not_until: governor::NotUntil<<governor::clock::DefaultClock as Clock>::Instant>,
    message: String,
) -> ApiError {
    let wait = not_until.wait_time_from(governor::clock::DefaultClock::default().now());
    ApiError::TooManyRequests {
        message,
        retry_after: wait.as_secs() + 1,
    }
}

impl LiveGame {
    /// The game's chat as kept, oldest first.
    pub fn chat(&self) -> &[ChatRow] {
        &self.chat
    }

    /// Adds message `m` (numbered from the game's next number on) to the
    /// chat kept in memory, rolling off what `limits` no longer keeps.
    pub(super) fn keep_chat(&mut self, m: ChatRow, limits: ChatLimits) {
        self.chat_next = self.chat_next.max(m.n + 1);
        self.chat.push(m);
        self.roll_off_chat(limits);
    }

    /// Rolls off the oldest messages of seats, and of spectators, beyond
    /// what `limits` keeps of each.
    fn roll_off_chat(&mut self, limits: ChatLimits) {
        for spectators in [false, true] {
            let count = self
                .chat
                .iter()
                .filter(|m| m.seat.is_none() == spectators)
                .count();
            let mut extra = count.saturating_sub(limits.kept(spectators));
            if extra > 0 {
                self.chat.retain(|m| {
                    let roll = extra > 0 && m.seat.is_none() == spectators;
                    if roll {
                        extra -= 1;
                    }
                    !roll
                });
            }
        }
    }
}

/// The WebSocket text of a new message.
fn push_text(m: &ChatRow) -> Option<Arc<str>> {
    serde_json::to_string(&serde_json::json!({ "type": "chat", "message": m }))
        .ok()
        .map(Into::into)
}

impl Hub {
    /// Stores and sends message `text` of `speaker` in game `h`, rolling
    /// off the oldest message of the same side (seats or spectators) beyond
    /// what the game keeps. Refused: 400 for an empty or too long text, 403
    /// for a spectator when the creator did not let spectators write, 429
    /// over the writer's rate or, for a spectator, over the rate of the
    /// game's spectators together.
    pub async fn say(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        speaker: Speaker,
        text: &str,
    ) -> Result<ChatRow, ApiError> {
        if text.chars().count() > MAX_CHAT_CHARS {
            return Err(ApiError::BadRequest(format!(
                "a chat message is at most {MAX_CHAT_CHARS} characters"
            )));
        }
        let text = crate::names::clean_text(text, MAX_CHAT_CHARS);
        if text.is_empty() {
            return Err(ApiError::BadRequest("an empty chat message".into()));
        }
        let hub = self.clone();
        let h = h.clone();
        // Its own task: a stored message is always sent too.
        tokio::spawn(async move { hub.say_now(&h, speaker, text).await })
            .await
            .map_err(|e| ApiError::Internal(format!("chat failed: {e}")))?
    }

    async fn say_now(
        &self,
        h: &Arc<GameHandle>,
        speaker: Speaker,
        text: String,
    ) -> Result<ChatRow, ApiError> {
        let mut g = h.inner.lock().await;
        let id = g.row.id.clone();
        let (seat, name, writer) = match &speaker {
            Speaker::Seat(s) => {
                let name = g
                    .claimed_seat(i64::from(s.0))
                    .and_then(|r| r.name.clone())
                    .unwrap_or_else(|| format!("player {}", s.0 + 1));
                (Some(i64::from(s.0)), name, format!("{id} seat {}", s.0))
            }
            Speaker::Spectator { client, name } => {
                if !g.row.spectator_chat {
                    return Err(ApiError::Forbidden(
                        "only the players write in this game's chat (the creator chose so)".into(),
                    ));
                }
                let name = crate::names::clean_name(name);
                let name = if name.is_empty() {
                    "spectator".to_string()
                } else {
                    format!("{name} (spectator)")
                };
                (None, name, format!("{id} spectator {client}"))
            }
        };
        if let Err(not_until) = self.chat_limiter.writers.check_key(&writer) {
            return Err(too_many(
                not_until,
                format!(
                    "at most {CHAT_BURST} chat messages at once, then one every {} s",
                    CHAT_EVERY.as_secs()
                ),
            ));
        }
        let limits = self.chat_limiter.limits();
        if seat.is_none() {
            if let Err(not_until) = self.chat_limiter.spectators().check_key(&id) {
                return Err(too_many(
                    not_until,
                    format!(
                        "the spectators of this game send at most {} chat messages a minute together",
                        limits.spectators_per_minute
                    ),
                ));
            }
        }
        let keep = limits.kept(seat.is_none());
        let mut row = ChatRow {
            n: g.chat_next,
            seat,
            name,
            text,
            at: now_ms(),
        };
        // Another process may have stored message n first: catch up, once.
        for attempt in 0..2 {
            match self.store.add_chat(&id, &row, keep).await {
                Ok(()) => break,
                Err(StoreError::Conflict(_)) if attempt == 0 => {
                    self.catch_up_chat(h, &mut g).await?;
                    row.n = g.chat_next;
                }
                Err(StoreError::Conflict(_)) => {
                    return Err(ApiError::Conflict(
                        "the chat moved on while this message was stored; send it again".into(),
                    ))
                }
                Err(e) => return Err(e.into()),
            }
        }
        g.keep_chat(row.clone(), limits);
        if let Some(text) = push_text(&row) {
            let _ = h.chat.send(text);
        }
        Ok(row)
    }

    /// Reads the messages other processes stored (PostgreSQL) and sends
    /// them to this process's sockets.
    pub(super) async fn catch_up_chat(
        &self,
        h: &GameHandle,
        g: &mut LiveGame,
    ) -> Result<(), ApiError> {
        let new = self.store.chat_from(&g.row.id, g.chat_next).await?;
        let limits = self.chat_limiter.limits();
        // In order; numbers the other process rolled off meanwhile are gaps.
        for m in new {
            if m.n < g.chat_next {
                continue;
            }
            if let Some(text) = push_text(&m) {
                let _ = h.chat.send(text);
            }
            g.keep_chat(m, limits);
        }
        Ok(())
    }
}
