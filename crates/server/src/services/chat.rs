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

use crate::allowance::Allowance;
use crate::error::ApiError;
use crate::limits::ChatLimits;
use crate::services::live::{now_ms, GameHandle, LiveGame};
use crate::services::Services;
use crate::store::{ChatRow, StoreError};
use eons_core::Seat;
use governor::Quota;
use std::num::NonZeroU32;
use std::sync::Arc;
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

/// The chat service: its caps ([`ChatLimits`]) and its allowances, one per
/// writer (keyed by game and writer) and one per game for all its
/// spectators together (keyed by game).
pub struct Chat {
    /// The caps and the spectators' rate.
    limits: ChatLimits,
    /// Each writer's own rate.
    writers: Allowance<String>,
    /// The rate of all the spectators of one game.
    spectators: Allowance<String>,
}

impl Chat {
    /// The chat service with `limits`.
    pub fn new(limits: ChatLimits) -> Chat {
        let burst = NonZeroU32::new(CHAT_BURST).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(CHAT_EVERY)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst);
        let per_minute = NonZeroU32::new(limits.spectators_per_minute).unwrap_or(NonZeroU32::MIN);
        Chat {
            limits,
            writers: Allowance::new(quota),
            spectators: Allowance::new(Quota::per_minute(per_minute)),
        }
    }

    /// The chat's limits.
    pub fn limits(&self) -> ChatLimits {
        self.limits
    }

    /// Forgets writers and games whose allowance is full again.
    pub fn forget_idle(&self) {
        self.writers.forget_idle();
        self.spectators.forget_idle();
    }
}

/// One game's chat as kept in memory, oldest first, and the number the
/// next message gets.
#[derive(Debug, Default)]
pub struct GameChat {
    /// The messages kept, oldest first.
    kept: Vec<ChatRow>,
    /// The number the next message gets.
    next: i64,
}

impl GameChat {
    /// The messages kept, oldest first.
    pub fn kept(&self) -> &[ChatRow] {
        &self.kept
    }

    /// Messages sent so far, kept or rolled off: the number the next one
    /// gets.
    pub fn sent(&self) -> usize {
        usize::try_from(self.next).unwrap_or(0)
    }

    /// Adds message `m` (numbered from the game's next number on), rolling
    /// off what `limits` no longer keeps.
    pub fn keep(&mut self, m: ChatRow, limits: ChatLimits) {
        self.next = self.next.max(m.n + 1);
        self.kept.push(m);
        self.roll_off(limits);
    }

    /// Rolls off the oldest messages of seats, and of spectators, beyond
    /// what `limits` keeps of each.
    fn roll_off(&mut self, limits: ChatLimits) {
        for spectators in [false, true] {
            let count = self
                .kept
                .iter()
                .filter(|m| m.seat.is_none() == spectators)
                .count();
            let mut extra = count.saturating_sub(limits.kept(spectators));
            if extra > 0 {
                self.kept.retain(|m| {
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

impl LiveGame {
    /// The game's chat as kept, oldest first.
    pub fn chat(&self) -> &[ChatRow] {
        self.chat.kept()
    }
}

/// The WebSocket text of a new message.
fn push_text(m: &ChatRow) -> Option<Arc<str>> {
    serde_json::to_string(&serde_json::json!({ "type": "chat", "message": m }))
        .ok()
        .map(Into::into)
}

impl Services {
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
        let services = self.clone();
        let h = h.clone();
        // Its own task: a stored message is always sent too.
        tokio::spawn(async move { services.say_now(&h, speaker, text).await })
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
        self.chat.writers.take(&writer, || {
            format!(
                "at most {CHAT_BURST} chat messages at once, then one every {} s",
                CHAT_EVERY.as_secs()
            )
        })?;
        let limits = self.chat.limits;
        if seat.is_none() {
            self.chat.spectators.take(&id, || {
                format!(
                    "the spectators of this game send at most {} chat messages a minute together",
                    limits.spectators_per_minute
                )
            })?;
        }
        let keep = limits.kept(seat.is_none());
        let mut row = ChatRow {
            n: g.chat.next,
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
                    row.n = g.chat.next;
                }
                Err(StoreError::Conflict(_)) => {
                    return Err(ApiError::Conflict(
                        "the chat moved on while this message was stored; send it again".into(),
                    ))
                }
                Err(e) => return Err(e.into()),
            }
        }
        g.chat.keep(row.clone(), limits);
        if let Some(text) = push_text(&row) {
            let _ = h.chat.send(text);
        }
        Ok(row)
    }

    /// Reads the messages other processes stored (PostgreSQL) and sends
    /// them to this process's sockets.
    pub(crate) async fn catch_up_chat(
        &self,
        h: &GameHandle,
        g: &mut LiveGame,
    ) -> Result<(), ApiError> {
        let new = self.store.chat_from(&g.row.id, g.chat.next).await?;
        let limits = self.chat.limits;
        // In order; numbers the other process rolled off meanwhile are gaps.
        for m in new {
            if m.n < g.chat.next {
                continue;
            }
            if let Some(text) = push_text(&m) {
                let _ = h.chat.send(text);
            }
            g.chat.keep(m, limits);
        }
        Ok(())
    }
}
