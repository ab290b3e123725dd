//! Profiles and ratings.
//!
//! A profile is a unique name and a secret key its browser holds (no
//! password, no e-mail): `POST /api/profiles {name}` answers `{name, key}`
//! once, and only the key's SHA-256 is stored, as with seat tokens. A claim
//! or a join that sends the key takes the seat for the profile (under its
//! name), so the game counts for it; the key carries the profile to another
//! device (a link with the key in its fragment).
//!
//! Ratings: per game kind, every finished game with at least two seats that
//! belong to a profile is rated once (the transaction that marks it rated
//! also stores the ratings), never an unfinished one. Bot seats belong to a
//! fixed profile per bot spec (`Bot (greedy)`), so games against bots are
//! rated and the bots get a ladder of their own. The rating system is
//! Weng-Lin (the Bayesian approximation behind OpenSkill, from the
//! `skillratings` crate): it rates free-for-all games of any number of
//! players from their places directly, where Elo and Glicko-2 rate pairs
//! (a multiplayer game would have to be split into made-up duels); it keeps
//! an uncertainty per rating, so a newcomer moves fast and a veteran slowly;
//! and unlike TrueSkill it is free of patents. Lists order by the
//! conservative rating, mean less three uncertainties.

use crate::error::ApiError;
use crate::services::live::{now_ms, random_hex, token_hash};
use crate::services::Services;
use crate::store::{Placed, SeatRow};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::sync::Arc;

/// The fixed profile name of bot spec `spec`.
pub fn bot_profile(spec: &str) -> String {
    format!("Bot ({spec})")
}

/// Whether a player may not take `name`: it would pass for a bot ("Bot",
/// "Bot (greedy)"), however written (`Bot（greedy）` in fullwidth brackets,
/// `Вot` with a Cyrillic В: see [`crate::names::starts_as_word`]).
fn passes_for_a_bot(name: &str) -> bool {
    crate::names::starts_as_word(name, "bot")
}

/// Whether a player may not take `name`: it is, or looks like, the name a
/// seat nobody named is shown with ("player 2", `Player １２`, `player l`).
fn passes_for_a_default(name: &str) -> bool {
    let key = crate::names::look_alike_key(name);
    let prefix = crate::names::look_alike_key("player ");
    let digits: String = ('0'..='9')
        .map(|d| crate::names::look_alike_key(&d.to_string()))
        .collect();
    key.strip_prefix(prefix.as_str())
        .is_some_and(|rest| !rest.is_empty() && rest.chars().all(|c| digits.contains(c)))
}

/// In words, that `name` is profile `owner`'s name or looks like it.
fn whose(name: &str, owner: &str) -> String {
    let (name, owner) = (crate::error::echoed(name), crate::error::echoed(owner));
    if name.to_lowercase() == owner.to_lowercase() {
        format!("the name `{name}` is the profile `{owner}`'s")
    } else {
        format!("the name `{name}` looks like the profile `{owner}`'s")
    }
}

/// The seats to rate of a finished game: each profile once, at its best
/// place (`placed` comes best first). A profile that held several seats
/// (two seats of one bot spec; a player's seats from before a profile was
/// held to one seat per game) is not rated against itself.
fn each_profile_once(mut placed: Vec<Placed>) -> Vec<Placed> {
    let mut seen = std::collections::HashSet::new();
    placed.retain(|p| seen.insert(p.profile.clone()));
    placed
}

/// The finishing order the rating uses: the game's `ranking` (best first),
/// with every seat whose player resigned moved below the last human who
/// stayed (bots placed below that human stay below the resigned ones). Of
/// two who resigned, the one who stayed longer ranks higher.
pub fn rated_order(ranking: &[eons_core::Seat], seats: &[SeatRow]) -> Vec<eons_core::Seat> {
    let row = |s: eons_core::Seat| seats.iter().find(|r| r.seat == i64::from(s.0));
    let resigned_at = |s: eons_core::Seat| row(s).and_then(|r| r.resigned_at);
    let mut resigned: Vec<(i64, eons_core::Seat)> = ranking
        .iter()
        .filter_map(|&s| resigned_at(s).map(|at| (at, s)))
        .collect();
    // The latest to resign first: they stayed longest.
    resigned.sort_by_key(|&(at, _)| std::cmp::Reverse(at));
    let mut order: Vec<eons_core::Seat> = ranking
        .iter()
        .copied()
        .filter(|&s| resigned_at(s).is_none())
        .collect();
    let after_last_human = order
        .iter()
        .rposition(|&s| row(s).is_some_and(|r| r.kind == "human"))
        .map_or(0, |i| i + 1);
    order.splice(
        after_last_human..after_last_human,
        resigned.into_iter().map(|(_, s)| s),
    );
    order
}

/// The new ratings of seats placed at `places` (1: first) whose ratings
/// were `before` (None: unrated, the system's start), in the same order.
pub fn rate(before: &[Option<(f64, f64)>], places: &[usize]) -> Vec<(f64, f64)> {
    let ratings: Vec<[WengLinRating; 1]> = before
        .iter()
        .map(|r| [r.map_or_else(WengLinRating::new, WengLinRating::from)])
        .collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .zip(places)
        .map(|(r, &place)| (&r[..], MultiTeamOutcome::new(place)))
        .collect();
    weng_lin_multi_team(&teams, &WengLinConfig::new())
        .into_iter()
        .map(|team| {
            let r = team.first().copied().unwrap_or_default();
            (r.rating, r.uncertainty)
        })
        .collect()
}

impl Services {
    /// Makes profile `name` (cleaned as seat names are, at least 2
    /// characters) and answers its name and its key, given only here.
    /// Refused: 400 for a name too short, one that passes for a bot or for
    /// a seat's default name ("player 2"), 409 when the name is taken
    /// (without regard to case) or looks like a profile's (see
    /// [`crate::names::alike`]).
    ///
    /// `allowance` (the API's games per hour) is taken once the name passed
    /// every check, so that a refused name uses up none.
    pub async fn create_profile(
        &self,
        name: &str,
        allowance: impl FnOnce() -> Result<(), ApiError>,
    ) -> Result<(String, String), ApiError> {
        let name = crate::names::clean_name(name);
        if name.chars().count() < 2 {
            return Err(ApiError::BadRequest(
                "a profile name has at least 2 characters".into(),
            ));
        }
        if passes_for_a_bot(&name) {
            return Err(ApiError::BadRequest(
                "names that start with “Bot” (however written) are kept for the bots' profiles"
                    .into(),
            ));
        }
        if passes_for_a_default(&name) {
            return Err(ApiError::BadRequest(
                "“player N” is how a seat nobody named is shown; choose another name".into(),
            ));
        }
        if let Some(owner) = self.store.profile_alike(&name).await? {
            return Err(ApiError::Conflict(
                if owner.to_lowercase() == name.to_lowercase() {
                    format!(
                        "the name `{}` is taken (by the profile `{}`); choose another",
                        crate::error::echoed(&name),
                        crate::error::echoed(&owner)
                    )
                } else {
                    format!("{}; choose another", whose(&name, &owner))
                },
            ));
        }
        allowance()?;
        let key = random_hex(16)?;
        if !self
            .store
            .create_profile(&name, &token_hash(&key), now_ms())
            .await?
        {
            // Made meanwhile by another request.
            return Err(ApiError::Conflict(format!(
                "the name `{}`, or one that looks like it, is taken; choose another",
                crate::error::echoed(&name)
            )));
        }
        tracing::info!(profile = %name, "profile made");
        Ok((name, key))
    }

    /// Refuses `name` for a seat taken without a profile's key (a claim, a
    /// join, a seat named at creation): 409 when it is, or looks like, a
    /// player's profile name, which only that profile plays under.
    pub async fn refuse_profile_name(&self, name: &str) -> Result<(), ApiError> {
        match self.store.profile_alike(name).await? {
            Some(owner) => Err(ApiError::Conflict(format!(
                "{}: only that profile plays under it (a claim or a join with its key); choose another name",
                whose(name, &owner)
            ))),
            None => Ok(()),
        }
    }

    /// The name of the profile whose key is `key` (403 when none is).
    pub async fn profile_of_key(&self, key: &str) -> Result<String, ApiError> {
        self.store
            .profile_of_key(&token_hash(key.trim()))
            .await?
            .ok_or_else(|| ApiError::Forbidden("no profile has this key".into()))
    }

    /// Rates finished game `id` once (see the module's words); nothing for
    /// an unfinished game, one already rated, or one with fewer than two
    /// seats of a profile.
    pub async fn rate_finished(self: &Arc<Self>, id: &str) -> Result<bool, ApiError> {
        let Some((row, seats)) = self.store.game(id).await? else {
            return Ok(false);
        };
        let Some(outcome) = row.outcome.as_deref() else {
            return Ok(false);
        };
        let outcome: eons_core::Outcome = match serde_json::from_str(outcome) {
            Ok(o) => o,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "a stored outcome does not read back: the game is not rated");
                self.store
                    .rate_once(id, &row.game, &[], now_ms(), |_| Vec::new())
                    .await?;
                return Ok(false);
            }
        };
        let placed: Vec<Placed> = rated_order(&outcome.ranking, &seats)
            .iter()
            .enumerate()
            .filter_map(|(i, seat)| {
                let s = seats.iter().find(|s| s.seat == i64::from(seat.0))?;
                Some(Placed {
                    profile: s.profile.clone()?,
                    bot: if s.kind == "bot" { s.bot.clone() } else { None },
                    place: i + 1,
                })
            })
            .collect();
        let placed = each_profile_once(placed);
        if placed.len() < 2 {
            // Nothing to rate: marked so, so that no start looks again.
            self.store
                .rate_once(id, &row.game, &[], now_ms(), |_| Vec::new())
                .await?;
            return Ok(false);
        }
        let places: Vec<usize> = placed.iter().map(|p| p.place).collect();
        let rated = self
            .store
            .rate_once(id, &row.game, &placed, now_ms(), |before| {
                rate(before, &places)
            })
            .await?;
        if rated {
            tracing::info!(game = %id, seats = placed.len(), "game rated");
        }
        Ok(rated)
    }

    /// Rates, in a task of its own, a game that just ended.
    pub(crate) fn rate_soon(self: &Arc<Self>, id: String) {
        let services = self.clone();
        tokio::spawn(async move {
            if let Err(e) = services.rate_finished(&id).await {
                tracing::warn!(game = %id, error = %e, "cannot rate a finished game (tried again at the next start)");
            }
        });
    }

    /// Rates the finished games left unrated (a process that stopped
    /// between a game's end and its rating); run at start. A game that
    /// cannot be rated is only logged.
    pub async fn rate_unrated(self: &Arc<Self>) -> Result<usize, ApiError> {
        let mut n = 0;
        for id in self.store.unrated_games(1000).await? {
            match self.rate_finished(&id).await {
                Ok(true) => n += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(game = %id, error = %e, "cannot rate a finished game"),
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_rises_and_the_last_falls_and_everyone_grows_surer() {
        let after = rate(&[None, None, None], &[1, 2, 3]);
        assert!(after[0].0 > 25.0 && after[2].0 < 25.0, "{after:?}");
        assert!(
            after[0].0 > after[1].0 && after[1].0 > after[2].0,
            "{after:?}"
        );
        assert!(after.iter().all(|r| r.1 < 25.0 / 3.0), "{after:?}");
    }

    fn seat_row(seat: i64, kind: &str, resigned_at: Option<i64>) -> SeatRow {
        SeatRow {
            seat,
            kind: kind.into(),
            bot: None,
            name: None,
            token_hash: None,
            profile_token_hash: None,
            claimed: true,
            claimed_at: None,
            away: resigned_at.is_some(),
            bank_ms: None,
            back_at: None,
            profile: None,
            resigned_at,
            webhook: None,
        }
    }

    /// Issue 36: "the player is ranked last among humans in ratings".
    #[test]
    fn a_player_who_resigned_ranks_below_every_human_who_stayed() {
        use eons_core::Seat;
        let seats = [
            seat_row(0, "human", Some(10)),
            seat_row(1, "human", None),
            seat_row(2, "bot", None),
            seat_row(3, "human", Some(20)),
        ];
        // Seat 0 led when the game ended (its bot played on), seat 3 came
        // second, the bot third, seat 1 last.
        let ranking = [Seat(0), Seat(3), Seat(2), Seat(1)];
        // Below seat 1, the last human who stayed; seat 3 resigned later.
        assert_eq!(
            rated_order(&ranking, &seats),
            vec![Seat(2), Seat(1), Seat(3), Seat(0)]
        );
        // A bot below the last human who stayed stays below the resigned.
        let ranking = [Seat(0), Seat(1), Seat(3), Seat(2)];
        assert_eq!(
            rated_order(&ranking, &seats),
            vec![Seat(1), Seat(3), Seat(0), Seat(2)]
        );
        // Nobody resigned: the game's own order.
        let stayed = [seat_row(0, "human", None), seat_row(1, "human", None)];
        assert_eq!(
            rated_order(&[Seat(1), Seat(0)], &stayed),
            vec![Seat(1), Seat(0)]
        );
    }

    #[test]
    fn beating_a_stronger_player_gains_more() {
        let upset = rate(&[Some((25.0, 3.0)), Some((35.0, 3.0))], &[1, 2]);
        let expected = rate(&[Some((25.0, 3.0)), Some((15.0, 3.0))], &[1, 2]);
        assert!(
            upset[0].0 - 25.0 > expected[0].0 - 25.0,
            "{upset:?} {expected:?}"
        );
    }

    #[test]
    fn player_names_may_not_pass_for_bots() {
        assert!(passes_for_a_bot("Bot (greedy)"));
        assert!(passes_for_a_bot("bot"));
        assert!(passes_for_a_bot("BOT x"));
        assert!(passes_for_a_bot("Bot\u{FF08}greedy\u{FF09}"));
        assert!(passes_for_a_bot("\u{0412}ot (greedy)"));
        assert!(!passes_for_a_bot("Botticelli"));
        assert!(!passes_for_a_bot("Ann"));
    }

    #[test]
    fn player_names_may_not_pass_for_a_seat_nobody_named() {
        assert!(passes_for_a_default("player 2"));
        assert!(passes_for_a_default("Player 12"));
        assert!(passes_for_a_default("p\u{0406}ayer 1"));
        assert!(passes_for_a_default("player l"));
        assert!(!passes_for_a_default("player"));
        assert!(!passes_for_a_default("player two"));
        assert!(!passes_for_a_default("Ann"));
    }

    #[test]
    fn a_profile_is_rated_once_at_its_best_place() {
        let seat = |profile: &str, place| Placed {
            profile: profile.into(),
            bot: None,
            place,
        };
        let placed = each_profile_once(vec![
            seat("Bot (greedy)", 1),
            seat("Ann", 2),
            seat("Bot (greedy)", 3),
        ]);
        assert_eq!(placed, vec![seat("Bot (greedy)", 1), seat("Ann", 2)]);
        assert_eq!(
            each_profile_once(vec![seat("Ann", 1), seat("Ann", 2)]).len(),
            1
        );
    }
}
