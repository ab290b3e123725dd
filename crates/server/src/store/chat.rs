//! A game's chat messages (migration 0009): the newest of seats and of
//! spectators, each side up to its own count (see [`crate::services::chat`]).

use super::{Store, StoreError, NOTIFY_CHANNEL};
use sqlx::Row;

/// A chat message as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ChatRow {
    /// Its number in the game's chat, from 0.
    pub n: i64,
    /// The seat that wrote it (None: a spectator).
    pub seat: Option<i64>,
    /// The name shown with it.
    pub name: String,
    /// What it says (cleaned: one line of text).
    pub text: String,
    /// When (ms since the epoch).
    pub at: i64,
}

impl Store {
    /// Game `id`'s chat messages from number `from` on, in order.
    pub async fn chat_from(&self, id: &str, from: i64) -> Result<Vec<ChatRow>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT n, seat, name, text, at FROM chat WHERE game_id = $1 AND n >= $2 ORDER BY n",
            )
            .bind(id)
            .bind(from)
            .fetch_all(p)
            .await?;
            let mut out = Vec::with_capacity(rows.len());
            for r in rows {
                out.push(ChatRow {
                    n: r.try_get("n")?,
                    seat: r.try_get("seat")?,
                    name: r.try_get("name")?,
                    text: r.try_get("text")?,
                    at: r.try_get("at")?,
                });
            }
            Ok(out)
        })
    }

    /// Stores chat message `m.n` of game `id` and, in the same transaction,
    /// deletes the messages of the same side (seats, or spectators: `m.seat`
    /// None) older than the newest `keep` of that side;
    /// [`StoreError::Conflict`] when that number is taken (another process
    /// stored a message first). Announced like a move on PostgreSQL.
    pub async fn add_chat(&self, id: &str, m: &ChatRow, keep: usize) -> Result<(), StoreError> {
        let is_pg = self.is_postgres();
        let side = if m.seat.is_some() {
            "seat IS NOT NULL"
        } else {
            "seat IS NULL"
        };
        let roll_off = format!(
            "DELETE FROM chat WHERE game_id = $1 AND {side} AND n <= \
             (SELECT n FROM chat WHERE game_id = $1 AND {side} ORDER BY n DESC LIMIT 1 OFFSET $2)"
        );
        let keep = i64::try_from(keep).unwrap_or(i64::MAX);
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            let r = sqlx::query(
                "INSERT INTO chat (game_id, n, seat, name, text, at) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(m.n)
            .bind(m.seat)
            .bind(&m.name)
            .bind(&m.text)
            .bind(m.at)
            .execute(&mut *tx)
            .await;
            match r {
                Ok(_) => {}
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    return Err(StoreError::Conflict(m.n));
                }
                Err(e) => return Err(e.into()),
            }
            sqlx::query(&roll_off)
                .bind(id)
                .bind(keep)
                .execute(&mut *tx)
                .await?;
            announce!(is_pg, tx, id);
            tx.commit().await?;
            Ok(())
        })
    }
}
