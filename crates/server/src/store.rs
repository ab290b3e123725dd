//! Storage: games as records (setup, seed, ordered choices with seat and time).
//!
//! SQLite in a local file is the default; PostgreSQL is used for a
//! `postgres://` URL so that several server processes can share games (they
//! learn of each other's moves through `LISTEN/NOTIFY` on [`NOTIFY_CHANNEL`]).
//! Schema changes are versioned migrations embedded in the binary: one
//! source for both backends, `migrations/NNNN_name.sql`, with a file per
//! backend (`migrations/<backend>/NNNN_name.sql`) only where the schemas
//! differ (see `store/migrations.rs`). A move is written in one
//! transaction (on SQLite together with the moves of other games queued
//! meanwhile: [`Store::append_moves`]), and the server acknowledges it only
//! after the commit.

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;
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

/// A seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// Seat number.
    pub seat: i64,
    /// `human` or `bot`.
    pub kind: String,
    /// The bot spec for bot seats.
    pub bot: Option<String>,
    /// A display name.
    pub name: Option<String>,
    /// SHA-256 of the seat's secret token (human seats).
    pub token_hash: Option<String>,
    /// Whether someone claimed the seat.
    pub claimed: bool,
    /// When it was claimed (ms since the epoch; a bot seat: at creation).
    pub claimed_at: Option<i64>,
    /// Whether the seat is away: its time ran out, and the game's
    /// `on_timeout` bot decides for it until the player comes back.
    pub away: bool,
    /// What is left of the seat's time bank (ms), once it spent some; None:
    /// the whole bank of the game's clock.
    pub bank_ms: Option<i64>,
    /// When the seat last came back from away (ms since the epoch).
    pub back_at: Option<i64>,
    /// The profile that took it (a player's, or a bot's), if any.
    pub profile: Option<String>,
    /// The URL its player wants POSTed to on their turn (see
    /// [`crate::hub::webhooks`]); never shown to anyone else.
    pub webhook: Option<String>,
}

impl SeatRow {
    /// An open seat: a human seat nobody took that has no invite, so anyone
    /// may join it.
    pub fn is_open(&self) -> bool {
        self.kind == "human" && !self.claimed && self.token_hash.is_none()
    }
}

/// A game's time control as stored (see [`crate::hub::clock`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockRow {
    /// Time for each decision before the bank is drawn on (ms).
    pub per_decision_ms: Option<i64>,
    /// Each seat's time bank at the start (ms).
    pub bank_ms: Option<i64>,
    /// The bot spec that decides for a seat whose time ran out.
    pub on_timeout: String,
}

/// A game's header as stored.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Game id (random, URL-safe).
    pub id: String,
    /// Game kind (`ds`).
    pub game: String,
    /// Player count.
    pub players: i64,
    /// The setup as JSON.
    pub setup: String,
    /// The options typed at creation, as a JSON array.
    pub options: String,
    /// The seed.
    pub seed: u64,
    /// Whether the creator chose the seed (told to every seat).
    pub seed_chosen: bool,
    /// Creation time (ms since the epoch).
    pub created_at: i64,
    /// Last change (ms since the epoch).
    pub updated_at: i64,
    /// Moves stored.
    pub moves: i64,
    /// `active` or `over`.
    pub status: String,
    /// Final outcome JSON once over.
    pub outcome: Option<String>,
    /// The game's time control (None: no clock).
    pub clock: Option<ClockRow>,
    /// Whether spectators may write in the game's chat (seats always may).
    pub spectator_chat: bool,
    /// The limit key of the client address that created it (None for a
    /// game stored before creators were): its bots' decisions queue for the
    /// bot pool as that address's ([`crate::hub::pool`]).
    pub creator: Option<String>,
}

/// One stored move.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// Move number from 0.
    pub n: i64,
    /// The seat that chose.
    pub seat: i64,
    /// The choice as JSON.
    pub choice: String,
    /// When (ms since the epoch).
    pub at: i64,
}

/// A move to append, with the game's new status when it ends the game.
pub struct NewMove<'a> {
    /// Game id.
    pub game_id: &'a str,
    /// Move number (must be the next one).
    pub n: i64,
    /// Seat.
    pub seat: i64,
    /// Choice JSON.
    pub choice: &'a str,
    /// Time (ms).
    pub at: i64,
    /// Outcome JSON when this move ends the game.
    pub outcome: Option<&'a str>,
    /// The mover's time bank after this move (ms), stored with it: a human
    /// seat's move in a game with a clock.
    pub bank_ms: Option<i64>,
}

/// A stored snapshot of a game (see [`Store::put_snapshot`]).
#[derive(Clone, Debug)]
pub struct SnapshotRow {
    /// The stored moves it includes (its state is the one after them).
    pub n: i64,
    /// The server version that wrote it.
    pub version: String,
    /// The snapshot as JSON text.
    pub body: String,
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
mod migrations;
mod profiles;
mod seats;
pub use chat::ChatRow;
use migrations::{Backend, Embedded};
pub use profiles::{Placed, ProfileRow, RatingRow, SeatGame};
pub use seats::{Taker, Taking};

fn seed_of(s: &str) -> Result<u64, StoreError> {
    s.parse()
        .map_err(|_| StoreError::Corrupt(format!("seed `{s}`")))
}

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

    /// Stores a new game and its seats in one transaction; `creator` is the
    /// limit key of the client address that created it (see
    /// [`Store::active_bot_games`]).
    pub async fn create_game(
        &self,
        g: &GameRow,
        seats: &[SeatRow],
        creator: Option<&str>,
    ) -> Result<(), StoreError> {
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            sqlx::query(
                "INSERT INTO games (id, game, players, setup, options, seed, seed_chosen, created_at, updated_at, moves, status, creator, \
                 clock_per_decision_ms, clock_bank_ms, on_timeout, spectator_chat) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, 'active', $10, $11, $12, $13, $14)",
            )
            .bind(&g.id)
            .bind(&g.game)
            .bind(g.players)
            .bind(&g.setup)
            .bind(&g.options)
            .bind(g.seed.to_string())
            .bind(i64::from(g.seed_chosen))
            .bind(g.created_at)
            .bind(g.updated_at)
            .bind(creator)
            .bind(g.clock.as_ref().and_then(|c| c.per_decision_ms))
            .bind(g.clock.as_ref().and_then(|c| c.bank_ms))
            .bind(g.clock.as_ref().map(|c| c.on_timeout.as_str()))
            .bind(i64::from(g.spectator_chat))
            .execute(&mut *tx)
            .await?;
            for s in seats {
                sqlx::query(
                    "INSERT INTO seats (game_id, seat, kind, bot, name, token_hash, claimed, claimed_at, profile) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(&g.id)
                .bind(s.seat)
                .bind(&s.kind)
                .bind(&s.bot)
                .bind(&s.name)
                .bind(&s.token_hash)
                .bind(i64::from(s.claimed))
                .bind(s.claimed_at)
                .bind(&s.profile)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    /// Appends move `m.n`; fails with [`StoreError::Conflict`] when that move
    /// number is taken (another writer was first). Committed when it returns Ok.
    pub async fn append_move(&self, m: &NewMove<'_>) -> Result<(), StoreError> {
        let status = if m.outcome.is_some() {
            "over"
        } else {
            "active"
        };
        let is_pg = self.is_postgres();
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            let r = sqlx::query(
                "INSERT INTO moves (game_id, n, seat, choice, at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(m.game_id)
            .bind(m.n)
            .bind(m.seat)
            .bind(m.choice)
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
            let done = sqlx::query(
                "UPDATE games SET moves = $1, updated_at = $2, status = $3, outcome = $4 \
                 WHERE id = $5 AND moves = $6",
            )
            .bind(m.n + 1)
            .bind(m.at)
            .bind(status)
            .bind(m.outcome)
            .bind(m.game_id)
            .bind(m.n)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Err(StoreError::Conflict(m.n));
            }
            if let Some(bank) = m.bank_ms {
                sqlx::query(SET_BANK)
                    .bind(bank)
                    .bind(m.game_id)
                    .bind(m.seat)
                    .execute(&mut *tx)
                    .await?;
            }
            announce!(is_pg, tx, m.game_id);
            tx.commit().await?;
            Ok(())
        })
    }

    /// Appends several moves (of different games, or of one game in order)
    /// in one SQLite transaction: one commit, and so one sync of the log, for
    /// all of them (group commit). Each move is stored or refused on its own,
    /// as [`Store::append_move`] would (a savepoint each): the answer holds
    /// one result per move, in order, and every `Ok` in it is committed when
    /// this returns `Ok`. An `Err` (the transaction failed) stored none of
    /// them. PostgreSQL stores them one by one.
    pub async fn append_moves(
        &self,
        moves: &[NewMove<'_>],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let p = match self {
            Store::Sqlite(p) => p,
            Store::Postgres(_) => {
                let mut out = Vec::with_capacity(moves.len());
                for m in moves {
                    out.push(self.append_move(m).await);
                }
                return Ok(out);
            }
        };
        let mut tx = p.begin().await?;
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            // A nested transaction is a savepoint: a refused move leaves
            // the others of the batch as they are.
            let mut one = sqlx::Acquire::begin(&mut *tx).await?;
            match append_in(&mut one, m).await {
                Ok(()) => {
                    one.commit().await?;
                    out.push(Ok(()));
                }
                Err(e) => {
                    one.rollback().await?;
                    out.push(Err(e));
                }
            }
        }
        tx.commit().await?;
        Ok(out)
    }

    /// A game's header and seats.
    pub async fn game(&self, id: &str) -> Result<Option<(GameRow, Vec<SeatRow>)>, StoreError> {
        let g = with_pool!(self, p => {
            let row = sqlx::query(
                "SELECT id, game, players, setup, options, seed, seed_chosen, created_at, updated_at, moves, status, outcome, \
                 clock_per_decision_ms, clock_bank_ms, on_timeout, spectator_chat, creator \
                 FROM games WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(p)
            .await?;
            let Some(row) = row else { return Ok(None) };
            let seed: String = row.try_get("seed")?;
            let seed_chosen: i64 = row.try_get("seed_chosen")?;
            let per_decision_ms: Option<i64> = row.try_get("clock_per_decision_ms")?;
            let bank_ms: Option<i64> = row.try_get("clock_bank_ms")?;
            let on_timeout: Option<String> = row.try_get("on_timeout")?;
            let spectator_chat: i64 = row.try_get("spectator_chat")?;
            let clock = (per_decision_ms.is_some() || bank_ms.is_some()).then(|| ClockRow {
                per_decision_ms,
                bank_ms,
                on_timeout: on_timeout.unwrap_or_else(|| "greedy".into()),
            });
            GameRow {
                id: row.try_get("id")?,
                game: row.try_get("game")?,
                players: row.try_get("players")?,
                setup: row.try_get("setup")?,
                options: row.try_get("options")?,
                seed: seed_of(&seed)?,
                seed_chosen: seed_chosen != 0,
                created_at: row.try_get("created_at")?,
                updated_at: row.try_get("updated_at")?,
                moves: row.try_get("moves")?,
                status: row.try_get("status")?,
                outcome: row.try_get("outcome")?,
                clock,
                spectator_chat: spectator_chat != 0,
                creator: row.try_get("creator")?,
            }
        });
        let seats = self.seats(id).await?;
        Ok(Some((g, seats)))
    }

    /// A game's seats, in order.
    pub async fn seats(&self, id: &str) -> Result<Vec<SeatRow>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT seat, kind, bot, name, token_hash, claimed, claimed_at, away, bank_ms, back_at, profile, webhook \
                 FROM seats WHERE game_id = $1 ORDER BY seat",
            )
            .bind(id)
            .fetch_all(p)
            .await?;
            let mut seats = Vec::with_capacity(rows.len());
            for r in rows {
                let claimed: i64 = r.try_get("claimed")?;
                let away: i64 = r.try_get("away")?;
                seats.push(SeatRow {
                    seat: r.try_get("seat")?,
                    kind: r.try_get("kind")?,
                    bot: r.try_get("bot")?,
                    name: r.try_get("name")?,
                    token_hash: r.try_get("token_hash")?,
                    claimed: claimed != 0,
                    claimed_at: r.try_get("claimed_at")?,
                    away: away != 0,
                    bank_ms: r.try_get("bank_ms")?,
                    back_at: r.try_get("back_at")?,
                    profile: r.try_get("profile")?,
                    webhook: r.try_get("webhook")?,
                });
            }
            Ok(seats)
        })
    }

    /// Moves from number `from` on, in order.
    pub async fn moves_from(&self, id: &str, from: i64) -> Result<Vec<MoveRow>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT n, seat, choice, at FROM moves WHERE game_id = $1 AND n >= $2 ORDER BY n",
            )
            .bind(id)
            .bind(from)
            .fetch_all(p)
            .await?;
            let mut out = Vec::with_capacity(rows.len());
            for r in rows {
                out.push(MoveRow {
                    n: r.try_get("n")?,
                    seat: r.try_get("seat")?,
                    choice: r.try_get("choice")?,
                    at: r.try_get("at")?,
                });
            }
            Ok(out)
        })
    }

    /// The number of stored moves of a game (None: no such game).
    pub async fn move_count(&self, id: &str) -> Result<Option<i64>, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query("SELECT moves FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(p)
                .await?;
            match row {
                Some(r) => Ok(Some(r.try_get("moves")?)),
                None => Ok(None),
            }
        })
    }

    /// Ids of games most recently changed first: at most `limit`, after
    /// skipping `offset` (a page of the list).
    pub async fn recent_games(&self, limit: i64, offset: i64) -> Result<Vec<String>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT id FROM games ORDER BY updated_at DESC, id LIMIT $1 OFFSET $2",
            )
            .bind(limit)
            .bind(offset)
            .fetch_all(p)
            .await?;
            rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
        })
    }

    /// Ids of unfinished games with an open seat (a human seat nobody took
    /// that has no invite: anyone may join it): at most `limit`, after
    /// skipping `offset` (a page of the list).
    ///
    /// Ranked so that one client address cannot crowd out the others: every
    /// creator's newest open game comes first (newest first among them),
    /// then every creator's second newest, and so on. A game stored without
    /// a creator ranks as a creator of its own.
    pub async fn open_games(&self, limit: i64, offset: i64) -> Result<Vec<String>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT id FROM (SELECT g.id AS id, g.created_at AS created_at, \
                 ROW_NUMBER() OVER (PARTITION BY COALESCE(g.creator, g.id) \
                 ORDER BY g.created_at DESC, g.id) AS place \
                 FROM games g WHERE g.status = 'active' AND EXISTS \
                 (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'human' \
                  AND s.claimed = 0 AND s.token_hash IS NULL)) ranked \
                 ORDER BY place, created_at DESC, id LIMIT $1 OFFSET $2",
            )
            .bind(limit)
            .bind(offset)
            .fetch_all(p)
            .await?;
            rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
        })
    }

    /// Ids of games not over.
    pub async fn active_games(&self) -> Result<Vec<String>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query("SELECT id FROM games WHERE status = 'active' ORDER BY id")
                .fetch_all(p)
                .await?;
            rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
        })
    }

    /// How many games created by `creator` (a client's limit key) are not
    /// over, have a bot that may search (a bot seat, a clock whose
    /// `on_timeout` bot stands in for a seat out of time, or a seat voted
    /// away) and had a move (or were created) at `since` (ms since the
    /// epoch) or later.
    pub async fn active_bot_games(&self, creator: &str, since: i64) -> Result<i64, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query(
                "SELECT COUNT(*) AS n FROM games g \
                 WHERE g.creator = $1 AND g.status = 'active' AND g.updated_at >= $2 \
                 AND (g.clock_per_decision_ms IS NOT NULL OR g.clock_bank_ms IS NOT NULL \
                 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id \
                 AND (s.kind = 'bot' OR s.away <> 0)))",
            )
            .bind(creator)
            .bind(since)
            .fetch_one(p)
            .await?;
            Ok(row.try_get::<i64, _>("n")?)
        })
    }

    /// The limit key of the client address that created game `id` (`None`
    /// for no such game, or one created before it was stored).
    pub async fn creator(&self, id: &str) -> Result<Option<String>, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query("SELECT creator FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(p)
                .await?;
            match row {
                Some(r) => Ok(r.try_get::<Option<String>, _>("creator")?),
                None => Ok(None),
            }
        })
    }

    /// The rematch of game `id`, when one was asked for.
    pub async fn rematch_of(&self, id: &str) -> Result<Option<String>, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query("SELECT rematch_id FROM rematches WHERE game_id = $1")
                .bind(id)
                .fetch_optional(p)
                .await?;
            match row {
                Some(r) => Ok(Some(r.try_get("rematch_id")?)),
                None => Ok(None),
            }
        })
    }

    /// Records `rematch` as the rematch of game `id`; false (nothing
    /// changed) when the game has one already (another request was first).
    pub async fn set_rematch(&self, id: &str, rematch: &str) -> Result<bool, StoreError> {
        with_pool!(self, p => {
            let r = sqlx::query("INSERT INTO rematches (game_id, rematch_id) VALUES ($1, $2)")
                .bind(id)
                .bind(rematch)
                .execute(p)
                .await;
            match r {
                Ok(_) => Ok(true),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
                Err(e) => Err(e.into()),
            }
        })
    }

    /// What the human seats of game `id` asked of its bots: `(seat,
    /// pace_ms, paused)` by seat.
    pub async fn pace_asks(&self, id: &str) -> Result<Vec<(i64, i64, bool)>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT seat, pace_ms, paused FROM bot_pace WHERE game_id = $1 ORDER BY seat",
            )
            .bind(id)
            .fetch_all(p)
            .await?;
            let mut asks = Vec::with_capacity(rows.len());
            for r in rows {
                let seat: i64 = r.try_get("seat")?;
                let pace_ms: i64 = r.try_get("pace_ms")?;
                let paused: i64 = r.try_get("paused")?;
                asks.push((seat, pace_ms, paused != 0));
            }
            Ok(asks)
        })
    }

    /// Stores what `seat` of game `id` asked of its bots (replacing its
    /// earlier ask) and, on PostgreSQL, tells the other processes.
    pub async fn set_pace_ask(
        &self,
        id: &str,
        seat: i64,
        pace_ms: i64,
        paused: bool,
    ) -> Result<(), StoreError> {
        let is_pg = self.is_postgres();
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            sqlx::query(
                "INSERT INTO bot_pace (game_id, seat, pace_ms, paused) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (game_id, seat) DO UPDATE SET pace_ms = excluded.pace_ms, paused = excluded.paused",
            )
            .bind(id)
            .bind(seat)
            .bind(pace_ms)
            .bind(i64::from(paused))
            .execute(&mut *tx)
            .await?;
            announce!(is_pg, tx, id);
            tx.commit().await?;
            Ok(())
        })
    }

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

    /// The game and seat of a token hash.
    pub async fn seat_of_token(&self, hash: &str) -> Result<Option<(String, i64)>, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query("SELECT game_id, seat FROM seats WHERE token_hash = $1")
                .bind(hash)
                .fetch_optional(p)
                .await?;
            match row {
                Some(r) => Ok(Some((r.try_get("game_id")?, r.try_get("seat")?))),
                None => Ok(None),
            }
        })
    }
}

/// The statements of one SQLite append (see [`Store::append_move`]), in the
/// caller's transaction.
async fn append_in(tx: &mut sqlx::SqliteConnection, m: &NewMove<'_>) -> Result<(), StoreError> {
    let status = if m.outcome.is_some() {
        "over"
    } else {
        "active"
    };
    let r =
        sqlx::query("INSERT INTO moves (game_id, n, seat, choice, at) VALUES ($1, $2, $3, $4, $5)")
            .bind(m.game_id)
            .bind(m.n)
            .bind(m.seat)
            .bind(m.choice)
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
    let done = sqlx::query(
        "UPDATE games SET moves = $1, updated_at = $2, status = $3, outcome = $4 \
         WHERE id = $5 AND moves = $6",
    )
    .bind(m.n + 1)
    .bind(m.at)
    .bind(status)
    .bind(m.outcome)
    .bind(m.game_id)
    .bind(m.n)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict(m.n));
    }
    if let Some(bank) = m.bank_ms {
        sqlx::query(SET_BANK)
            .bind(bank)
            .bind(m.game_id)
            .bind(m.seat)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Stores what is left of a seat's time bank, with the move that spent it.
const SET_BANK: &str = "UPDATE seats SET bank_ms = $1 WHERE game_id = $2 AND seat = $3";
