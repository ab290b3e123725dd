//! Game leases: which server process runs a game's bots and its
//! clock when several processes share one PostgreSQL database.
//!
//! A lease is a row of `game_leases`: the game, the holder (a random id each
//! process draws at its start) and when the lease expires, on the
//! database's clock (so the processes' own clocks never need to agree).
//! Every change is one statement, made atomic by PostgreSQL itself: a lease
//! is taken with `INSERT … ON CONFLICT … DO UPDATE … WHERE expires_at <
//! now()`, so of two processes racing for a free lease exactly one gets it.
//! On SQLite a single process owns the database and holds every lease: these
//! functions then read and write nothing.

use super::{Store, StoreError};
use sqlx::Row;
use std::time::Duration;

/// What one renewal round did to a holder's leases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renewal {
    /// Games whose lease the holder still holds, now for another term.
    pub renewed: Vec<String>,
    /// Games whose lease was given up because the game is over.
    pub finished: Vec<String>,
}

/// A lease term as PostgreSQL's `make_interval(secs => …)` takes it.
fn seconds(term: Duration) -> f64 {
    term.as_secs_f64()
}

fn ids(rows: &[sqlx::postgres::PgRow]) -> Result<Vec<String>, StoreError> {
    rows.iter()
        .map(|r| r.try_get("game_id").map_err(StoreError::from))
        .collect()
}

impl Store {
    /// Takes the lease of game `id` for `holder` for `term`, if it is free,
    /// expired or `holder`'s already (then it is renewed). True when
    /// `holder` holds it afterwards. Always true on SQLite.
    ///
    /// The game row need not exist yet: a process takes the lease of a game
    /// it is creating before storing it, so that no other process starts
    /// its bots first.
    pub async fn take_lease(
        &self,
        id: &str,
        holder: &str,
        term: Duration,
    ) -> Result<bool, StoreError> {
        let Store::Postgres(p) = self else {
            return Ok(true);
        };
        let done = sqlx::query(
            "INSERT INTO game_leases (game_id, holder, expires_at) \
             VALUES ($1, $2, now() + make_interval(secs => $3)) \
             ON CONFLICT (game_id) DO UPDATE \
             SET holder = excluded.holder, expires_at = excluded.expires_at \
             WHERE game_leases.expires_at < now() OR game_leases.holder = excluded.holder",
        )
        .bind(id)
        .bind(holder)
        .bind(seconds(term))
        .execute(p)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Renews for `term` every lease `holder` still holds on a game not over
    /// (a lease another process took over is no longer `holder`'s, so it is
    /// not renewed), and gives up `holder`'s leases on finished games.
    /// Nothing on SQLite.
    pub async fn renew_leases(&self, holder: &str, term: Duration) -> Result<Renewal, StoreError> {
        let Store::Postgres(p) = self else {
            return Ok(Renewal::default());
        };
        let finished = sqlx::query(
            "DELETE FROM game_leases WHERE holder = $1 \
             AND game_id IN (SELECT id FROM games WHERE status <> 'active') \
             RETURNING game_id",
        )
        .bind(holder)
        .fetch_all(p)
        .await?;
        // A lease whose game row is not stored yet (a game being created)
        // is renewed too.
        let renewed = sqlx::query(
            "UPDATE game_leases SET expires_at = now() + make_interval(secs => $2) \
             WHERE holder = $1 RETURNING game_id",
        )
        .bind(holder)
        .bind(seconds(term))
        .fetch_all(p)
        .await?;
        Ok(Renewal {
            renewed: ids(&renewed)?,
            finished: ids(&finished)?,
        })
    }

    /// Up to `limit` unfinished games with a bot seat, a clock or an away
    /// seat (a bot decides for it) whose lease is free
    /// (never taken, or given up) or expired: the games nobody runs. Most
    /// recently changed first. None on SQLite.
    pub async fn unheld_games(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        let Store::Postgres(p) = self else {
            return Ok(Vec::new());
        };
        let rows = sqlx::query(
            "SELECT g.id AS game_id FROM games g \
             LEFT JOIN game_leases l ON l.game_id = g.id \
             WHERE g.status = 'active' \
             AND (l.game_id IS NULL OR l.expires_at < now()) \
             AND (EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'bot') \
                  OR g.clock_per_decision_ms IS NOT NULL OR g.clock_bank_ms IS NOT NULL \
                  OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.away = 1)) \
             ORDER BY g.updated_at DESC, g.id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(p)
        .await?;
        ids(&rows)
    }

    /// Gives up `holder`'s lease of game `id` (nothing if another holds it).
    /// Nothing on SQLite.
    pub async fn release_lease(&self, id: &str, holder: &str) -> Result<(), StoreError> {
        let Store::Postgres(p) = self else {
            return Ok(());
        };
        sqlx::query("DELETE FROM game_leases WHERE game_id = $1 AND holder = $2")
            .bind(id)
            .bind(holder)
            .execute(p)
            .await?;
        Ok(())
    }

    /// Gives up every lease of `holder` (a process shutting down), so that
    /// the other processes take its games over at once instead of when the
    /// leases expire. Returns how many it held. Nothing on SQLite.
    pub async fn release_leases(&self, holder: &str) -> Result<u64, StoreError> {
        let Store::Postgres(p) = self else {
            return Ok(0);
        };
        let done = sqlx::query("DELETE FROM game_leases WHERE holder = $1")
            .bind(holder)
            .execute(p)
            .await?;
        Ok(done.rows_affected())
    }
}
