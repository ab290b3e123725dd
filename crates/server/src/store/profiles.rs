//! Profiles, the seats they took and their ratings (migration 0010).

use super::{Store, StoreError, NOTIFY_CHANNEL};
use sqlx::Row;

/// A profile as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProfileRow {
    /// Its unique name, as chosen.
    pub name: String,
    /// A bot profile's spec (None: a player's).
    pub bot: Option<String>,
    /// When it was made (ms since the epoch).
    pub created_at: i64,
}

/// A profile's rating in one game kind (Weng-Lin).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RatingRow {
    /// The profile.
    pub profile: String,
    /// The game kind (`ds`).
    pub game: String,
    /// The rating's mean (starts at 25).
    pub rating: f64,
    /// Its uncertainty (starts at 25/3).
    pub uncertainty: f64,
    /// Rated games played.
    pub games: i64,
    /// Of which won (first place).
    pub wins: i64,
    /// Whether the profile is a bot's.
    pub bot: bool,
}

/// A game a profile took a seat in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatGame {
    /// The game's id.
    pub game_id: String,
    /// Its kind.
    pub game: String,
    /// The seat.
    pub seat: i64,
    /// `active` or `over`.
    pub status: String,
    /// The outcome JSON once over.
    pub outcome: Option<String>,
    /// When it was created and last changed (ms since the epoch).
    pub created_at: i64,
    /// Last change.
    pub updated_at: i64,
}

/// A human seat a profile holds, for its games on any device
/// ([`Store::profile_seats`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileSeat {
    /// The game's id.
    pub game_id: String,
    /// The seat.
    pub seat: i64,
    /// The hash of the profile's token for the seat, once set.
    pub profile_token_hash: Option<String>,
}

/// One seat of a finished game to rate: its profile, whether a bot, and
/// its place (1: first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The profile.
    pub profile: String,
    /// The bot spec of a bot profile.
    pub bot: Option<String>,
    /// Its place, from 1.
    pub place: usize,
}

fn rating_row(r: &impl RowLike) -> Result<RatingRow, StoreError> {
    r.rating()
}

/// Reads a rating from either backend's row.
trait RowLike {
    fn rating(&self) -> Result<RatingRow, StoreError>;
}

macro_rules! rating_from {
    ($row:ty) => {
        impl RowLike for $row {
            fn rating(&self) -> Result<RatingRow, StoreError> {
                let bot: Option<String> = self.try_get("bot")?;
                Ok(RatingRow {
                    profile: self.try_get("profile")?,
                    game: self.try_get("game")?,
                    rating: self.try_get("rating")?,
                    uncertainty: self.try_get("uncertainty")?,
                    games: self.try_get("games")?,
                    wins: self.try_get("wins")?,
                    bot: bot.is_some(),
                })
            }
        }
    };
}
rating_from!(sqlx::sqlite::SqliteRow);
rating_from!(sqlx::postgres::PgRow);

const RATING_COLUMNS: &str =
    "r.profile AS profile, r.game AS game, r.rating AS rating, r.uncertainty AS uncertainty, \
     r.games AS games, r.wins AS wins, p.bot AS bot";

impl Store {
    /// Makes profile `name` (unique without regard to case, and by its
    /// confusable skeleton [`crate::names::look_alike_key`]) with the key
    /// whose hash is `key_hash`; false when the name, or one that looks
    /// like it, is taken.
    pub async fn create_profile(
        &self,
        name: &str,
        key_hash: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        let name_key = name.to_lowercase();
        let skeleton = crate::names::look_alike_key(name);
        with_pool!(self, p => {
            let r = sqlx::query(
                "INSERT INTO profiles (name, name_key, key_hash, bot, created_at, name_skeleton) \
                 VALUES ($1, $2, $3, NULL, $4, $5)",
            )
            .bind(name)
            .bind(&name_key)
            .bind(key_hash)
            .bind(at)
            .bind(&skeleton)
            .execute(p)
            .await;
            match r {
                Ok(_) => Ok(true),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
                Err(e) => Err(e.into()),
            }
        })
    }

    /// The name of a player's profile (not a bot's) that is `name` without
    /// regard to case, or whose confusable skeleton is `name`'s (see
    /// [`crate::names::look_alike_key`]); None when no profile looks like it.
    pub async fn profile_alike(&self, name: &str) -> Result<Option<String>, StoreError> {
        let name_key = name.to_lowercase();
        let skeleton = crate::names::look_alike_key(name);
        with_pool!(self, p => {
            let row = sqlx::query(
                "SELECT name FROM profiles WHERE bot IS NULL AND (name_key = $1 OR name_skeleton = $2) \
                 ORDER BY created_at LIMIT 1",
            )
            .bind(&name_key)
            .bind(&skeleton)
            .fetch_optional(p)
            .await?;
            match row {
                Some(r) => Ok(Some(r.try_get("name")?)),
                None => Ok(None),
            }
        })
    }

    /// Gives every player's profile made before migration 0012 the
    /// confusable skeleton of its name. Of two older profiles whose names
    /// look alike, the older gets it and the younger keeps none (logged):
    /// both go on, and no new name alike to either is made.
    pub async fn fill_name_skeletons(&self) -> Result<usize, StoreError> {
        let mut filled = 0;
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT name FROM profiles WHERE bot IS NULL AND name_skeleton IS NULL ORDER BY created_at",
            )
            .fetch_all(p)
            .await?;
            for r in rows {
                let name: String = r.try_get("name")?;
                let done = sqlx::query("UPDATE profiles SET name_skeleton = $1 WHERE name = $2")
                    .bind(crate::names::look_alike_key(&name))
                    .bind(&name)
                    .execute(p)
                    .await;
                match done {
                    Ok(_) => filled += 1,
                    Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                        tracing::warn!(profile = %name, "an older profile's name looks like another's: it keeps no skeleton");
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            Ok(filled)
        })
    }

    /// The name of the profile whose key has this hash.
    pub async fn profile_of_key(&self, key_hash: &str) -> Result<Option<String>, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query("SELECT name FROM profiles WHERE key_hash = $1")
                .bind(key_hash)
                .fetch_optional(p)
                .await?;
            match row {
                Some(r) => Ok(Some(r.try_get("name")?)),
                None => Ok(None),
            }
        })
    }

    /// Profile `name` (found without regard to case).
    pub async fn profile(&self, name: &str) -> Result<Option<ProfileRow>, StoreError> {
        with_pool!(self, p => {
            let row = sqlx::query("SELECT name, bot, created_at FROM profiles WHERE name_key = $1")
                .bind(name.to_lowercase())
                .fetch_optional(p)
                .await?;
            match row {
                Some(r) => Ok(Some(ProfileRow {
                    name: r.try_get("name")?,
                    bot: r.try_get("bot")?,
                    created_at: r.try_get("created_at")?,
                })),
                None => Ok(None),
            }
        })
    }

    /// A profile's ratings, one per game kind it was rated in.
    pub async fn ratings_of(&self, name: &str) -> Result<Vec<RatingRow>, StoreError> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings r JOIN profiles p ON p.name = r.profile \
             WHERE r.profile = $1 ORDER BY r.game"
        );
        with_pool!(self, p => {
            let rows = sqlx::query(&sql).bind(name).fetch_all(p).await?;
            rows.iter().map(rating_row).collect()
        })
    }

    /// The `limit` best rated profiles of game kind `game`, players or bots,
    /// by their conservative rating (mean less three uncertainties).
    pub async fn leaderboard(
        &self,
        game: &str,
        bots: bool,
        limit: i64,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let which = if bots { "IS NOT NULL" } else { "IS NULL" };
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings r JOIN profiles p ON p.name = r.profile \
             WHERE r.game = $1 AND p.bot {which} \
             ORDER BY r.rating - 3 * r.uncertainty DESC, r.profile LIMIT $2"
        );
        with_pool!(self, p => {
            let rows = sqlx::query(&sql).bind(game).bind(limit).fetch_all(p).await?;
            rows.iter().map(rating_row).collect()
        })
    }

    /// The `limit` latest games profile `name` took a seat in.
    pub async fn games_of(&self, name: &str, limit: i64) -> Result<Vec<SeatGame>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT s.game_id AS game_id, s.seat AS seat, g.game AS game, g.status AS status, \
                 g.outcome AS outcome, g.created_at AS created_at, g.updated_at AS updated_at \
                 FROM seats s JOIN games g ON g.id = s.game_id WHERE s.profile = $1 AND g.status <> 'cancelled' \
                 ORDER BY g.created_at DESC, g.id LIMIT $2",
            )
            .bind(name)
            .bind(limit)
            .fetch_all(p)
            .await?;
            let mut out = Vec::with_capacity(rows.len());
            for r in rows {
                out.push(SeatGame {
                    game_id: r.try_get("game_id")?,
                    game: r.try_get("game")?,
                    seat: r.try_get("seat")?,
                    status: r.try_get("status")?,
                    outcome: r.try_get("outcome")?,
                    created_at: r.try_get("created_at")?,
                    updated_at: r.try_get("updated_at")?,
                });
            }
            Ok(out)
        })
    }

    /// The human seats profile `name` holds: its `limit` latest games,
    /// unfinished ones first, each newest first. One query, by the index of
    /// `seats.profile`.
    pub async fn profile_seats(
        &self,
        name: &str,
        limit: i64,
    ) -> Result<Vec<ProfileSeat>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT s.game_id AS game_id, s.seat AS seat, s.profile_token_hash AS profile_token_hash \
                 FROM seats s JOIN games g ON g.id = s.game_id \
                 WHERE s.profile = $1 AND s.kind = 'human' AND g.status <> 'cancelled' \
                 ORDER BY CASE WHEN g.status = 'over' THEN 1 ELSE 0 END, g.created_at DESC, g.id, s.seat \
                 LIMIT $2",
            )
            .bind(name)
            .bind(limit)
            .fetch_all(p)
            .await?;
            let mut out = Vec::with_capacity(rows.len());
            for r in rows {
                out.push(ProfileSeat {
                    game_id: r.try_get("game_id")?,
                    seat: r.try_get("seat")?,
                    profile_token_hash: r.try_get("profile_token_hash")?,
                });
            }
            Ok(out)
        })
    }

    /// Gives seat `seat` of game `id` the profile token of hash `hash`, only
    /// while profile `profile` holds it as a human seat and it has none yet:
    /// false otherwise (nothing changed). Announced like a move on
    /// PostgreSQL.
    pub async fn set_profile_token(
        &self,
        id: &str,
        seat: i64,
        profile: &str,
        hash: &str,
    ) -> Result<bool, StoreError> {
        let is_pg = self.is_postgres();
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            let done = sqlx::query(
                "UPDATE seats SET profile_token_hash = $1 WHERE game_id = $2 AND seat = $3 \
                 AND profile = $4 AND kind = 'human' AND profile_token_hash IS NULL",
            )
            .bind(hash)
            .bind(id)
            .bind(seat)
            .bind(profile)
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

    /// Ids of up to `limit` finished games not rated yet.
    pub async fn unrated_games(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        with_pool!(self, p => {
            let rows = sqlx::query(
                "SELECT g.id AS id FROM games g LEFT JOIN rated_games r ON r.game_id = g.id \
                 WHERE g.status = 'over' AND r.game_id IS NULL ORDER BY g.updated_at LIMIT $1",
            )
            .bind(limit)
            .fetch_all(p)
            .await?;
            rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
        })
    }

    /// Rates finished game `id` of kind `game` once: in one transaction,
    /// marks it rated (nothing more happens if it was already: false), makes
    /// the bot profiles it needs, reads the seats' ratings (None: never
    /// rated in this kind), asks `rate` for the new ones (in the same
    /// order) and stores them, counting a game and, for first place, a win.
    pub async fn rate_once(
        &self,
        id: &str,
        game: &str,
        seats: &[Placed],
        at: i64,
        rate: impl FnOnce(&[Option<(f64, f64)>]) -> Vec<(f64, f64)>,
    ) -> Result<bool, StoreError> {
        with_pool!(self, p => {
            let mut tx = p.begin().await?;
            let marked = sqlx::query(
                "INSERT INTO rated_games (game_id, rated_at) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING",
            )
            .bind(id)
            .bind(at)
            .execute(&mut *tx)
            .await?;
            if marked.rows_affected() != 1 {
                return Ok(false);
            }
            let mut before = Vec::with_capacity(seats.len());
            for s in seats {
                if let Some(spec) = &s.bot {
                    sqlx::query(
                        "INSERT INTO profiles (name, name_key, key_hash, bot, created_at) \
                         VALUES ($1, $2, NULL, $3, $4) ON CONFLICT DO NOTHING",
                    )
                    .bind(&s.profile)
                    .bind(s.profile.to_lowercase())
                    .bind(spec)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
                }
                let row = sqlx::query(
                    "SELECT rating, uncertainty FROM ratings WHERE profile = $1 AND game = $2",
                )
                .bind(&s.profile)
                .bind(game)
                .fetch_optional(&mut *tx)
                .await?;
                before.push(match row {
                    Some(r) => Some((r.try_get("rating")?, r.try_get("uncertainty")?)),
                    None => None,
                });
            }
            let after = rate(&before);
            for (s, (rating, uncertainty)) in seats.iter().zip(after) {
                sqlx::query(
                    "INSERT INTO ratings (profile, game, rating, uncertainty, games, wins) \
                     VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (profile, game) DO UPDATE SET \
                     rating = excluded.rating, uncertainty = excluded.uncertainty, \
                     games = ratings.games + 1, wins = ratings.wins + excluded.wins",
                )
                .bind(&s.profile)
                .bind(game)
                .bind(rating)
                .bind(uncertainty)
                .bind(i64::from(s.place == 1))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(true)
        })
    }
}
