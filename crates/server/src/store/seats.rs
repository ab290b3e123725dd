//! Seats once a game is made: taken (a claim, a join), away and back, and
//! their webhooks.

use super::{Store, StoreError, NOTIFY_CHANNEL};

/// How a seat is taken ([`Store::take_seat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taking<'a> {
    /// With its invite, whose token hash the seat holds until then.
    Invite(&'a str),
    /// An open seat: a human seat without invite.
    Open,
}

/// Who takes a seat ([`Store::take_seat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taker<'a> {
    /// The seat's name from now on.
    pub name: &'a str,
    /// The hash of the seat's token from now on.
    pub token_hash: &'a str,
    /// When (ms since the epoch).
    pub at: i64,
    /// The profile that takes it, if any.
    pub profile: Option<&'a str>,
}

impl Store {
    /// Takes seat `seat` of game `id` for `who` (a claim of its invite, or
    /// a join of an open seat): marks it claimed, names it and gives it the
    /// token hash `who.token_hash`, so an invite link stops working. False
    /// when the seat is no longer to be taken that way (someone was first),
    /// or when `who.profile` holds another human seat of the game already (a
    /// profile plays one seat of a game); nothing is changed then. On
    /// PostgreSQL the game's row is locked first, so that two processes
    /// cannot each give one profile a seat of the same game. Announced like
    /// a move on PostgreSQL, so other processes drop the old token.
    pub async fn take_seat(
        &self,
        id: &str,
        seat: i64,
        how: Taking<'_>,
        who: &Taker<'_>,
    ) -> Result<bool, StoreError> {
        let is_pg = self.is_postgres();
        let sql = format!(
            "UPDATE seats SET claimed = 1, name = $1, token_hash = $2, claimed_at = $3, profile = $4 \
             WHERE game_id = $5 AND seat = $6 AND claimed = 0 AND {} \
             AND NOT EXISTS (SELECT 1 FROM seats held WHERE held.game_id = $5 \
             AND held.kind = 'human' AND held.profile = $4)",
            match how {
                Taking::Invite(_) => "token_hash = $7",
                Taking::Open => "kind = 'human' AND token_hash IS NULL",
            }
        );
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            if is_pg && who.profile.is_some() {
                sqlx::query("SELECT id FROM games WHERE id = $1 FOR UPDATE")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            let mut q = sqlx::query(&sql)
                .bind(who.name)
                .bind(who.token_hash)
                .bind(who.at)
                .bind(who.profile)
                .bind(id)
                .bind(seat);
            if let Taking::Invite(old_hash) = how {
                q = q.bind(old_hash);
            }
            let done = q.execute(&mut *tx).await?;
            if done.rows_affected() != 1 {
                return Ok(false);
            }
            announce!(is_pg, tx, id);
            tx.commit().await?;
            Ok(true)
        })
    }

    /// Sets (or, with None, removes) the webhook URL of seat `seat` of
    /// game `id`. Announced like a move on PostgreSQL.
    pub async fn set_webhook(
        &self,
        id: &str,
        seat: i64,
        url: Option<&str>,
    ) -> Result<(), StoreError> {
        let is_pg = self.is_postgres();
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            sqlx::query("UPDATE seats SET webhook = $1 WHERE game_id = $2 AND seat = $3")
                .bind(url)
                .bind(id)
                .bind(seat)
                .execute(&mut *tx)
                .await?;
            announce!(is_pg, tx, id);
            tx.commit().await?;
            Ok(())
        })
    }

    /// Marks seat `seat` of game `id` away (`away`: its time ran out) or
    /// back at time `at`, and, when `bank_ms` is given, sets what is left of
    /// its bank.
    /// False when the seat already was so (another request or process was
    /// first); nothing is changed then. Announced like a move on PostgreSQL,
    /// so every process shows it.
    pub async fn set_away(
        &self,
        id: &str,
        seat: i64,
        away: bool,
        bank_ms: Option<i64>,
        at: i64,
    ) -> Result<bool, StoreError> {
        let is_pg = self.is_postgres();
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            let done = sqlx::query(
                "UPDATE seats SET away = $1, bank_ms = COALESCE($2, bank_ms), \
                 back_at = CASE WHEN $1 = 0 THEN $6 ELSE back_at END \
                 WHERE game_id = $3 AND seat = $4 AND away = $5",
            )
            .bind(i64::from(away))
            .bind(bank_ms)
            .bind(id)
            .bind(seat)
            .bind(i64::from(!away))
            .bind(at)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(false);
            }
            announce!(is_pg, tx, id);
            tx.commit().await?;
            Ok(true)
        })
    }

    /// Marks seat `seat` of game `id` resigned at `at`: away for good (its
    /// stand-in plays it on). False when it had resigned already; nothing
    /// is changed then. Announced like a move on PostgreSQL.
    pub async fn set_resigned(&self, id: &str, seat: i64, at: i64) -> Result<bool, StoreError> {
        let is_pg = self.is_postgres();
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            let done = sqlx::query(
                "UPDATE seats SET away = 1, resigned_at = $1 \
                 WHERE game_id = $2 AND seat = $3 AND resigned_at IS NULL",
            )
            .bind(at)
            .bind(id)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(false);
            }
            announce!(is_pg, tx, id);
            tx.commit().await?;
            Ok(true)
        })
    }
}
