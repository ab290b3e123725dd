//! Group commit of moves on SQLite.
//!
//! SQLite has one writer at a time, and each transaction's commit syncs its
//! log to disk. Committing every move on its own makes the moves of all games
//! wait in line for one sync each. Here one writer task takes every move
//! queued meanwhile (from any game), stores them in one transaction
//! ([`Store::append_moves`], a savepoint per move so that each is stored or
//! refused on its own, by the same statements as a move stored alone) and
//! answers each waiter only after that commit: a move is still acknowledged
//! only once it is durable, and a conflict reaches only the game whose move
//! conflicted.
//!
//! A game's moves keep their order: the game's lock is held from its move's
//! validation until its answer, so a game has at most one move queued. On
//! PostgreSQL (many writers, each commit its own) every move is stored
//! directly, as before.

use super::{NewMove, Store, StoreError};
use std::sync::OnceLock;
use tokio::sync::{mpsc, oneshot};

/// The most moves committed in one transaction.
const MOST_PER_COMMIT: usize = 512;

/// A move waiting for the writer, with its own copy of the row.
struct Pending {
    game_id: String,
    n: i64,
    seat: i64,
    choice: String,
    at: i64,
    outcome: Option<String>,
    bank_ms: Option<i64>,
    stand_in: Option<String>,
    answer: oneshot::Sender<Result<(), StoreError>>,
}

impl Pending {
    fn row(&self) -> NewMove<'_> {
        NewMove {
            game_id: &self.game_id,
            n: self.n,
            seat: self.seat,
            choice: &self.choice,
            at: self.at,
            outcome: self.outcome.as_deref(),
            bank_ms: self.bank_ms,
            stand_in: self.stand_in.as_deref(),
        }
    }
}

/// The queue of moves to the SQLite writer task (started on first use): the
/// way the live games store their moves, on either backend.
#[derive(Debug, Default)]
pub struct GroupCommit {
    queue: OnceLock<mpsc::UnboundedSender<Pending>>,
}

impl GroupCommit {
    /// Stores move `m` as [`Store::append_move`] does (same refusals, same
    /// [`StoreError::Conflict`]), committed with the moves queued beside it;
    /// returns once it is committed.
    pub async fn append(&self, store: &Store, m: &NewMove<'_>) -> Result<(), StoreError> {
        if store.is_postgres() {
            return store.append_move(m).await;
        }
        let queue = self.queue.get_or_init(|| {
            let (queue, moves) = mpsc::unbounded_channel();
            tokio::spawn(write(store.clone(), moves));
            queue
        });
        let (answer, answered) = oneshot::channel();
        let pending = Pending {
            game_id: m.game_id.to_string(),
            n: m.n,
            seat: m.seat,
            choice: m.choice.to_string(),
            at: m.at,
            outcome: m.outcome.map(str::to_string),
            bank_ms: m.bank_ms,
            stand_in: m.stand_in.map(str::to_string),
            answer,
        };
        if queue.send(pending).is_err() {
            // The writer is gone (the runtime is stopping): store it alone.
            return store.append_move(m).await;
        }
        answered
            .await
            .unwrap_or(Err(StoreError::Db(sqlx::Error::WorkerCrashed)))
    }
}

/// The writer: commits what is queued, as one transaction, until the queue
/// closes.
async fn write(store: Store, mut moves: mpsc::UnboundedReceiver<Pending>) {
    let mut batch = Vec::with_capacity(MOST_PER_COMMIT);
    while moves.recv_many(&mut batch, MOST_PER_COMMIT).await > 0 {
        let rows: Vec<NewMove<'_>> = batch.iter().map(Pending::row).collect();
        let results = match store.append_moves(&rows).await {
            Ok(results) => results,
            // The transaction stored none of them: each on its own, so each
            // waiter gets its own answer.
            Err(_) => {
                let mut results = Vec::with_capacity(rows.len());
                for row in &rows {
                    results.push(store.append_move(row).await);
                }
                results
            }
        };
        drop(rows);
        for (pending, result) in batch.drain(..).zip(results) {
            let _ = pending.answer.send(result);
        }
    }
}
