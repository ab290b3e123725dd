//! The cap on unfinished bot games per client address: a game with at
//! least one bot seat counts against the address that created it (its
//! [`limit_key`](crate::limits::limit_key), stored with the game so that
//! the count survives a restart and holds across processes sharing one
//! PostgreSQL) until it is over. A game nobody has moved in for a day (a
//! human seat that walked away from its bots) no longer counts: it costs
//! nothing while its bots wait for that seat.

use crate::error::ApiError;
use crate::services::live::now_ms;
use crate::services::Services;
use std::time::Duration;
use tokio::sync::MutexGuard;

/// How long a game must have had no move to stop counting against its creator.
pub const IDLE_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// Seconds a refused client is told to wait before trying again.
const RETRY_AFTER_SECONDS: u64 = 60;

impl Services {
    /// Counts the unfinished bot games of the client whose limit key is
    /// `creator`; refused (429 `too_many_requests`) when it has
    /// [`BotLimits::max_games_per_address`](crate::BotLimits::max_games_per_address)
    /// already. The guard returned is to be held until the new game is
    /// stored.
    pub(crate) async fn allow_bot_game(
        &self,
        creator: &str,
    ) -> Result<MutexGuard<'_, ()>, ApiError> {
        let guard = self.bots.creating.lock().await;
        let since = now_ms().saturating_sub(IDLE_AFTER.as_millis() as i64);
        let active = self.store.active_bot_games(creator, since).await?;
        let most = self.bots.limits.max_games_per_address;
        if u64::try_from(active).unwrap_or(0) >= most {
            return Err(ApiError::TooManyRequests {
                message: format!(
                    "this server allows {most} unfinished game{} with bots per address; \
                     finish or leave one first",
                    if most == 1 { "" } else { "s" }
                ),
                retry_after: RETRY_AFTER_SECONDS,
            });
        }
        Ok(guard)
    }
}
