//! Games: their header and seats as created, the lists of games, rematches
//! and what the seats asked of the bots.

use super::{ClockRow, GameRow, SeatRow, Store, StoreError, NOTIFY_CHANNEL};
use sqlx::Row;

/// What a list of games keeps (the lobby's filters); the default keeps all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// Only games of this kind (its id, "ds").
    pub game: Option<String>,
    /// Only games with a seat whose name holds these words (any case).
    pub player: Option<String>,
    /// Only games with at least two human seats (friends, not a lone
    /// player against bots).
    pub with_friends: bool,
}

impl GameFilter {
    /// The `LIKE` pattern of [`GameFilter::player`]: lower case, its `%`,
    /// `_` and `\` escaped (by `\`), inside `%…%`.
    fn player_pattern(&self) -> Option<String> {
        self.player.as_ref().map(|words| {
            let mut pattern = String::from("%");
            for c in words.to_lowercase().chars() {
                if matches!(c, '%' | '_' | '\\') {
                    pattern.push('\\');
                }
                pattern.push(c);
            }
            pattern.push('%');
            pattern
        })
    }
}

/// The SQL condition of a [`GameFilter`] on the games aliased `g` (never a
/// cancelled game), its
/// values bound as `$3` (kind), `$4` (player pattern) and `$5` (1: with
/// friends). The casts let PostgreSQL type a parameter that is NULL.
const FILTER: &str = "g.status <> 'cancelled' AND (CAST($3 AS TEXT) IS NULL OR g.game = $3) \
     AND (CAST($4 AS TEXT) IS NULL OR EXISTS (SELECT 1 FROM seats f WHERE f.game_id = g.id \
          AND LOWER(f.name) LIKE $4 ESCAPE '\\')) \
     AND ($5 = 0 OR (SELECT COUNT(*) FROM seats f WHERE f.game_id = g.id AND f.kind = 'human') >= 2)";

/// The seed as stored (text: PostgreSQL has no unsigned 64-bit integer).
fn seed_of(s: &str) -> Result<u64, StoreError> {
    s.parse()
        .map_err(|_| StoreError::Corrupt(format!("seed `{s}`")))
}

impl Store {
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
                "SELECT seat, kind, bot, name, token_hash, profile_token_hash, claimed, claimed_at, away, bank_ms, back_at, profile, resigned_at, webhook \
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
                    profile_token_hash: r.try_get("profile_token_hash")?,
                    claimed: claimed != 0,
                    claimed_at: r.try_get("claimed_at")?,
                    away: away != 0,
                    bank_ms: r.try_get("bank_ms")?,
                    back_at: r.try_get("back_at")?,
                    profile: r.try_get("profile")?,
                    resigned_at: r.try_get("resigned_at")?,
                    webhook: r.try_get("webhook")?,
                });
            }
            Ok(seats)
        })
    }

    /// Ids of games most recently changed first that `filter` lets through:
    /// at most `limit`, after skipping `offset` (a page of the list).
    pub async fn recent_games(
        &self,
        filter: &GameFilter,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<String>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(&format!(
                "SELECT g.id AS id FROM games g WHERE {FILTER} \
                 ORDER BY g.updated_at DESC, g.id LIMIT $1 OFFSET $2"
            ))
            .bind(limit)
            .bind(offset)
            .bind(filter.game.as_deref())
            .bind(filter.player_pattern())
            .bind(i64::from(filter.with_friends))
            .fetch_all(p)
            .await?;
            rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
        })
    }

    /// Ids of unfinished games with an open seat (a human seat nobody took
    /// that has no invite: anyone may join it) that `filter` lets through:
    /// at most `limit`, after skipping `offset` (a page of the list).
    ///
    /// Ranked so that one client address cannot crowd out the others: every
    /// creator's newest open game comes first (newest first among them),
    /// then every creator's second newest, and so on. A game stored without
    /// a creator ranks as a creator of its own.
    pub async fn open_games(
        &self,
        filter: &GameFilter,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<String>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(&format!(
                "SELECT id FROM (SELECT g.id AS id, g.created_at AS created_at, \
                 ROW_NUMBER() OVER (PARTITION BY COALESCE(g.creator, g.id) \
                 ORDER BY g.created_at DESC, g.id) AS place \
                 FROM games g WHERE g.status = 'active' AND EXISTS \
                 (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'human' \
                  AND s.claimed = 0 AND s.token_hash IS NULL) AND {FILTER}) ranked \
                 ORDER BY place, created_at DESC, id LIMIT $1 OFFSET $2"
            ))
            .bind(limit)
            .bind(offset)
            .bind(filter.game.as_deref())
            .bind(filter.player_pattern())
            .bind(i64::from(filter.with_friends))
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

    /// Whether some seat's token, or some profile's token for a seat, has
    /// this hash.
    pub async fn token_in_use(&self, hash: &str) -> Result<bool, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query(
                "SELECT 1 AS one FROM seats WHERE token_hash = $1 OR profile_token_hash = $1 LIMIT 1",
            )
            .bind(hash)
            .fetch_optional(p)
            .await?;
            Ok(row.is_some())
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
