//! Moves: storing one, and reading them back.
//!
//! The rules of storing a move are written once, in [`store_move`], for both
//! backends and for both paths a move takes: alone in its own transaction
//! ([`Store::append_move`]) or with other games' moves in one SQLite
//! transaction ([`Store::append_moves`], which the group commit,
//! [`super::GroupCommit`], calls).

use super::{MoveRow, NewMove, Store, StoreError, NOTIFY_CHANNEL};
use sqlx::{Database, Encode, Executor, IntoArguments, Postgres, Row, Sqlite, Transaction, Type};

/// What differs between SQLite and PostgreSQL in storing a move. The SQL is
/// the same text for both (numbered `$n` placeholders, which SQLite reads
/// too); only how many rows a statement changed is read through each
/// driver's own result type, as sqlx has no common trait for it.
pub(super) trait Dialect: Database {
    /// How many rows the statement that answered `done` changed.
    fn rows_changed(done: &Self::QueryResult) -> u64;
}

impl Dialect for Sqlite {
    fn rows_changed(done: &Self::QueryResult) -> u64 {
        done.rows_affected()
    }
}

impl Dialect for Postgres {
    fn rows_changed(done: &Self::QueryResult) -> u64 {
        done.rows_affected()
    }
}

/// Adds the move row.
const INSERT_MOVE: &str =
    "INSERT INTO moves (game_id, n, seat, choice, at, stand_in) VALUES ($1, $2, $3, $4, $5, $6)";

/// Moves the game's row on by one move, only from the move count the new
/// move follows, and only while the game is being played (not over, not
/// cancelled).
const ADVANCE_GAME: &str =
    "UPDATE games SET moves = $1, updated_at = $2, status = $3, outcome = $4 \
     WHERE id = $5 AND moves = $6 AND status = 'active'";

/// Cancels a game still at the move count its canceller saw.
const CANCEL_GAME: &str = "UPDATE games SET status = 'cancelled', updated_at = $1 \
     WHERE id = $2 AND moves = $3 AND status = 'active'";

/// Stores what is left of a seat's time bank, with the move that spent it.
const SET_BANK: &str = "UPDATE seats SET bank_ms = $1 WHERE game_id = $2 AND seat = $3";

/// Stores move `m` in transaction `tx` (which the caller commits, or drops
/// to roll back): the one place that says what storing a move means.
///
/// - The move's row is added; when move `m.n` of the game is stored already
///   (another writer was first) it fails with [`StoreError::Conflict`].
/// - The game's row goes from `m.n` moves to `m.n + 1`, `updated_at` becomes
///   the move's time, and its status becomes `over` with the move's outcome
///   when it has one (else `active`, without outcome). When the game's row
///   does not have exactly `m.n` moves, is not `active` (over, cancelled) or
///   is gone it fails with [`StoreError::Conflict`].
/// - The mover's time bank is stored when the move carries one.
///
/// On an error the transaction holds a part of the move at most: the caller
/// must not commit it (PostgreSQL refuses to go on in it after a failed
/// statement anyway).
pub(super) async fn store_move<DB>(
    tx: &mut Transaction<'_, DB>,
    m: &NewMove<'_>,
) -> Result<(), StoreError>
where
    DB: Dialect,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Type<DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> Option<&'q str>: Encode<'q, DB> + Type<DB>,
{
    let status = if m.outcome.is_some() {
        "over"
    } else {
        "active"
    };
    let inserted = sqlx::query::<DB>(INSERT_MOVE)
        .bind(m.game_id)
        .bind(m.n)
        .bind(m.seat)
        .bind(m.choice)
        .bind(m.at)
        .bind(m.stand_in)
        .execute(&mut **tx)
        .await;
    match inserted {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            return Err(StoreError::Conflict(m.n));
        }
        Err(e) => return Err(e.into()),
    }
    let advanced = sqlx::query::<DB>(ADVANCE_GAME)
        .bind(m.n + 1)
        .bind(m.at)
        .bind(status)
        .bind(m.outcome)
        .bind(m.game_id)
        .bind(m.n)
        .execute(&mut **tx)
        .await?;
    if DB::rows_changed(&advanced) != 1 {
        return Err(StoreError::Conflict(m.n));
    }
    if let Some(bank) = m.bank_ms {
        sqlx::query::<DB>(SET_BANK)
            .bind(bank)
            .bind(m.game_id)
            .bind(m.seat)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

impl Store {
    /// Cancels game `id` (its status becomes `cancelled`, and stays so: it
    /// loads no more, lists leave it out, no move is stored after), only if
    /// it is still being played at `moves` moves; else fails with
    /// [`StoreError::Conflict`] (a move came first, here or in another
    /// process). Announced to the other processes on PostgreSQL.
    pub async fn cancel_game(&self, id: &str, moves: i64, at: i64) -> Result<(), StoreError> {
        let is_pg = self.is_postgres();
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            let done = sqlx::query(CANCEL_GAME)
                .bind(at)
                .bind(id)
                .bind(moves)
                .execute(&mut *tx)
                .await?;
            if done.rows_affected() != 1 {
                return Err(StoreError::Conflict(moves));
            }
            announce!(is_pg, tx, id);
            tx.commit().await?;
            Ok(())
        })
    }

    /// Appends move `m.n` in a transaction of its own (see [`store_move`]
    /// for what that stores); fails with [`StoreError::Conflict`] when that
    /// move number is taken (another writer was first). Committed when it
    /// returns Ok, and on PostgreSQL announced to the other processes.
    pub async fn append_move(&self, m: &NewMove<'_>) -> Result<(), StoreError> {
        let is_pg = self.is_postgres();
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            store_move(&mut tx, m).await?;
            announce!(is_pg, tx, m.game_id);
            tx.commit().await?;
            Ok(())
        })
    }

    /// Appends several moves (of different games, or of one game in order)
    /// in one SQLite transaction: one commit, and so one sync of the log, for
    /// all of them (group commit). Each move is stored or refused on its own,
    /// as [`Store::append_move`] would (the same [`store_move`], in a
    /// savepoint each): the answer holds one result per move, in order, and
    /// every `Ok` in it is committed when this returns `Ok`. An `Err` (the
    /// transaction failed) stored none of them. PostgreSQL stores them one
    /// by one.
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
            match store_move(&mut one, m).await {
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

    /// Moves from number `from` on, in order.
    pub async fn moves_from(&self, id: &str, from: i64) -> Result<Vec<MoveRow>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT n, seat, choice, at, stand_in FROM moves WHERE game_id = $1 AND n >= $2 ORDER BY n",
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
                    stand_in: r.try_get("stand_in")?,
                });
            }
            Ok(out)
        })
    }

    /// Game `id`'s move count and status (`active`, `over`, `cancelled`),
    /// or None when there is no such game: what a sync reads first.
    pub async fn progress(&self, id: &str) -> Result<Option<(i64, String)>, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query("SELECT moves, status FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(p)
                .await?;
            match row {
                Some(r) => Ok(Some((r.try_get("moves")?, r.try_get("status")?))),
                None => Ok(None),
            }
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
}
