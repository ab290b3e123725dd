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
//! `Retry-After` beyond); a game keeps at most [`MAX_CHAT_MESSAGES`].
//! Texts are shown as text only: the web client never reads them as HTML.

use super::{now_ms, GameHandle, Hub, LiveGame};
use crate::error::ApiError;
use crate::store::{ChatRow, StoreError};
use eons_core::Seat;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// The longest message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// The most messages one game keeps.
pub const MAX_CHAT_MESSAGES: usize = 2000;
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

/// The chat's per-writer rate limiter (keyed by game and writer).
pub struct ChatLimiter(DefaultKeyedRateLimiter<String>);

impl Default for ChatLimiter {
    fn default() -> Self {
        let burst = NonZeroU32::new(CHAT_BURST).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(CHAT_EVERY)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst);
        ChatLimiter(RateLimiter::keyed(quota))
    }
}

impl ChatLimiter {
    /// Forgets writers whose allowance is full again.
    pub fn forget_idle(&self) {
        self.0.retain_recent();
    }
}

impl LiveGame {
    /// The game's chat so far.
    pub fn chat(&self) -> &[ChatRow] {
        &self.chat
    }
}

/// The WebSocket text of a new message.
fn push_text(m: &ChatRow) -> Option<Arc<str>> {
    serde_json::to_string(&serde_json::json!({ "type": "chat", "message": m }))
        .ok()
        .map(Into::into)
}

impl Hub {
    /// Stores and sends message `text` of `speaker` in game `h`. Refused:
    /// 400 for an empty or too long text, 403 for a spectator when the
    /// creator did not let spectators write, 429 over the writer's rate, 409
    /// once the game's chat is full.
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
        if let Err(not_until) = self.chat_limiter.0.check_key(&writer) {
            let wait = not_until.wait_time_from(governor::clock::DefaultClock::default().now());
            return Err(ApiError::TooManyRequests {
                message: format!(
                    "at most {CHAT_BURST} chat messages at once, then one every {} s",
                    CHAT_EVERY.as_secs()
                ),
                retry_after: wait.as_secs() + 1,
            });
        }
        if g.chat.len() >= MAX_CHAT_MESSAGES {
            return Err(ApiError::Conflict(format!(
                "this game's chat is full ({MAX_CHAT_MESSAGES} messages)"
            )));
        }
        let mut row = ChatRow {
            n: g.chat.len() as i64,
            seat,
            name,
            text,
            at: now_ms(),
        };
        // Another process may have stored message n first: catch up, once.
        for attempt in 0..2 {
            match self.store.add_chat(&id, &row).await {
                Ok(()) => break,
                Err(StoreError::Conflict(_)) if attempt == 0 => {
                    self.catch_up_chat(h, &mut g).await?;
                    row.n = g.chat.len() as i64;
                }
                Err(StoreError::Conflict(_)) => {
                    return Err(ApiError::Conflict(
                        "the chat moved on while this message was stored; send it again".into(),
                    ))
                }
                Err(e) => return Err(e.into()),
            }
        }
        g.chat.push(row.clone());
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
        let new = self.store.chat_from(&g.row.id, g.chat.len() as i64).await?;
        for m in new {
            if m.n != g.chat.len() as i64 {
                break;
            }
            if let Some(text) = push_text(&m) {
                let _ = h.chat.send(text);
            }
            g.chat.push(m);
        }
        Ok(())
    }
}
