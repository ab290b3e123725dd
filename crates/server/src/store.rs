//! Storage: games as records (setup, seed, ordered choices with seat and time).
//!
//! SQLite in a local file is the default; PostgreSQL is used for a
//! `postgres://` URL so that several server processes can share games (they
//! learn of each other's moves through `LISTEN/NOTIFY` on [`NOTIFY_CHANNEL`]).
//! Schema changes are versioned migrations embedded in the binary: one
//! source for both backends, `migrations/NNNN_name.sql`, with a file per
//! backend (`migrations/<backend>/NNNN_name.sql`) only where the schemas
//! differ (see `store/migrations.rs`). A move is written in one transaction
//! (on SQLite together with the moves of other games queued meanwhile:
//! [`GroupCommit`], [`Store::append_moves`]), and the server acknowledges it
//! only after the commit; the statements that store a move are written once
//! for both backends (`store/moves.rs`).
//!
//! The modules below: `rows` (what is read and written), `games` (games,
//! seats as created, lists, rematches, the bots' pace), `moves` (appending
//! and reading moves), `group_commit` (SQLite's batched commits),
//! `snapshots`, `seats` (taking seats, away and back), `leases`, `chat`,
//! `profiles`, `migrations`.

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::str::FromStr;
use std::time::Duration;

mod leases;
pub use leases::Renewal;

/// The PostgreSQL channel on which committed moves are announced (payload: game id).
pub const NOTIFY_CHANNEL: &str = "eons_moves";

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database URL is not understood.
    #[error("database URL `{0}`: expected `sqlite:PATH`, a file path, or `postgres://…`")]
    BadUrl(String),
    /// The database refused or failed.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// A migration failed.
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// Another writer stored move `n` first (or the game row is gone).
    #[error("move {0} was already stored")]
    Conflict(i64),
    /// A stored value does not read back.
    #[error("corrupt row: {0}")]
    Corrupt(String),
}

/// The database: SQLite or PostgreSQL.
#[derive(Clone, Debug)]
pub enum Store {
    /// A local SQLite file.
    Sqlite(SqlitePool),
    /// A PostgreSQL server.
    Postgres(PgPool),
}

/// Runs `$body` with `$p` bound to whichever pool this store holds.
macro_rules! with_pool {
    ($store:expr, $p:ident => $body:expr) => {
        match $store {
            Store::Sqlite($p) => $body,
            Store::Postgres($p) => $body,
        }
    };
}

/// Announces a change of game `$id` to the other processes (PostgreSQL:
/// `NOTIFY` on [`NOTIFY_CHANNEL`], sent when transaction `$tx` commits).
macro_rules! announce {
    ($is_pg:expr, $tx:ident, $id:expr) => {
        if $is_pg {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(NOTIFY_CHANNEL)
                .bind($id)
                .execute(&mut *$tx)
                .await?;
        }
    };
}

mod chat;
mod games;
mod group_commit;
mod migrations;
mod moves;
mod profiles;
mod rows;
mod seats;
mod snapshots;
pub use chat::ChatRow;
pub use games::GameFilter;
pub use group_commit::GroupCommit;
use migrations::{Backend, Embedded};
pub use profiles::{Placed, ProfileRow, ProfileSeat, RatingRow, SeatGame};
pub use rows::{ClockRow, GameRow, MoveRow, NewMove, SeatRow, SnapshotRow};
pub use seats::{Taker, Taking};

impl Store {
    /// Opens (creating if needed) and migrates the database at `url`:
    /// `postgres://…`/`postgresql://…`, `sqlite:PATH`, or a plain file path.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let store = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await?;
            Store::Postgres(pool)
        } else {
            let path = url
                .strip_prefix("sqlite://")
                .or_else(|| url.strip_prefix("sqlite:"))
                .unwrap_or(url);
            if path.is_empty() {
                return Err(StoreError::BadUrl(url.to_string()));
            }
            let opts = SqliteConnectOptions::from_str(&format!("sqlite:{path}"))
                .map_err(|_| StoreError::BadUrl(url.to_string()))?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            let pool = SqlitePoolOptions::new()
                .max_connections(4)
                .connect_with(opts)
                .await?;
            Store::Sqlite(pool)
        };
        store.migrate().await?;
        Ok(store)
    }

    /// True for PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    /// A short name of the backend (`sqlite` or `postgres`).
    pub fn backend(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "sqlite",
            Store::Postgres(_) => "postgres",
        }
    }

    /// Runs the migrations the database has not had yet.
    async fn migrate(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(p) => {
                Migrator::new(Embedded(Backend::Sqlite))
                    .await?
                    .run(p)
                    .await?;
            }
            Store::Postgres(p) => {
                Migrator::new(Embedded(Backend::Postgres))
                    .await?
                    .run(p)
                    .await?;
            }
        }
        // Migration 0012 added a column that only Rust can fill.
        self.fill_name_skeletons().await?;
        Ok(())
    }

    /// A listener for moves committed by any process (PostgreSQL only).
    pub async fn listener(&self) -> Result<Option<PgListener>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(None),
            Store::Postgres(p) => {
                let mut l = PgListener::connect_with(p).await?;
                l.listen(NOTIFY_CHANNEL).await?;
                Ok(Some(l))
            }
        }
    }
}
