//! Snapshots of a game's state, so that loading it replays only the moves
//! after the latest one.

use super::{SnapshotRow, Store, StoreError};
use sqlx::Row;

impl Store {
    /// Stores a snapshot of game `id` after its first `n` stored moves,
    /// and drops its older ones (one is enough to load from). A snapshot of
    /// that `n` already stored (another process was first) is kept as it is.
    pub async fn put_snapshot(
        &self,
        id: &str,
        n: i64,
        version: &str,
        body: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            sqlx::query(
                "INSERT INTO snapshots (game_id, n, version, body, created_at) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (game_id, n) DO NOTHING",
            )
            .bind(id)
            .bind(n)
            .bind(version)
            .bind(body)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM snapshots WHERE game_id = $1 AND n < $2")
                .bind(id)
                .bind(n)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// The latest snapshot of game `id`, if any.
    pub async fn latest_snapshot(&self, id: &str) -> Result<Option<SnapshotRow>, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query(
                "SELECT n, version, body FROM snapshots WHERE game_id = $1 ORDER BY n DESC LIMIT 1",
            )
            .bind(id)
            .fetch_optional(p)
            .await?;
            match row {
                Some(r) => Ok(Some(SnapshotRow {
                    n: r.try_get("n")?,
                    version: r.try_get("version")?,
                    body: r.try_get("body")?,
                })),
                None => Ok(None),
            }
        })
    }
}
