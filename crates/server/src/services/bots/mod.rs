//! The bots of live games: a task per game that plays the bot seats at the
//! pace the human seats asked, and the restart of every unfinished game.
//!
//! Each decision runs with the server's [`BotLimits`](crate::BotLimits)
//! (its time limit is every decision's deadline, whatever the budget) in
//! the shared [`BotPool`](pool::BotPool), inside a `bot_decision`
//! span; a committed decision is logged as `bot decision` (debug: one line
//! per bot move would drown everything else at info), and one that
//! another process stored first (PostgreSQL) as `bot decision lost`.

pub mod games;
pub mod lease;
pub mod pace;
pub mod pool;

use crate::error::ApiError;
use crate::limits::BotLimits;
use crate::services::live::{undo_marker, GameHandle};
use crate::services::Services;
use eons_bots::BotSpec;
use eons_core::{Seat, Turn};
use lease::Leases;
use pace::BotPace;
use pool::BotPool;
use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

/// The bots service: one pool of search threads shared by every game's
/// bots (fair across the addresses that created the games), the limits of
/// a decision, the default pace, the cap on bot games per address, and
/// (PostgreSQL) the leases that say which process runs a game's bots.
pub struct Bots {
    /// Delay before each bot decision, unless the seats asked otherwise.
    pace: Duration,
    /// The most a bot decision may cost.
    limits: BotLimits,
    /// The search threads.
    pool: BotPool,
    /// Held from counting a client's bot games to storing its new one, so
    /// that two creates at once cannot both take the last place.
    creating: tokio::sync::Mutex<()>,
    /// The games whose bots this process runs.
    leases: Leases,
}

impl Bots {
    /// The bots service; `shared_leases` on PostgreSQL.
    pub fn new(pace: Duration, limits: BotLimits, shared_leases: bool) -> Bots {
        Bots {
            pace,
            pool: BotPool::new(limits.pool_threads),
            limits,
            creating: tokio::sync::Mutex::new(()),
            leases: Leases::new(shared_leases),
        }
    }

    /// The most a bot decision may cost.
    pub fn limits(&self) -> BotLimits {
        self.limits
    }

    /// The delay before each bot decision, unless the seats asked otherwise.
    pub fn default_pace(&self) -> Duration {
        self.pace
    }

    /// The bot pool (for the census).
    pub fn pool(&self) -> &BotPool {
        &self.pool
    }
}

/// One game's bots: whether a bot task runs for it, and the pace its human
/// seats asked for.
#[derive(Debug)]
pub struct GameBots {
    /// A bot task is running for this game.
    busy: bool,
    /// How fast the bots move, as the human seats asked.
    pace: BotPace,
}

impl GameBots {
    /// A game's bots at the server's pace `default`, with the seats' stored
    /// `asks`.
    pub fn new(default: Duration, asks: &[(i64, i64, bool)]) -> GameBots {
        let mut pace = BotPace::new(default);
        pace.restore(asks);
        GameBots { busy: false, pace }
    }

    /// Whether a bot task runs for the game.
    pub fn busy(&self) -> bool {
        self.busy
    }

    /// Takes the seats' stored `asks` (another process's table may have
    /// changed them); true if the pace changed.
    pub fn restore_pace(&mut self, asks: &[(i64, i64, bool)]) -> bool {
        self.pace.restore(asks)
    }

    /// The bots' pace as `seat` (None: a spectator) sees it.
    pub fn pace_json(&self, seat: Option<Seat>) -> serde_json::Value {
        self.pace.json(seat)
    }

    /// Whether a seat paused the bots.
    pub fn paused(&self) -> bool {
        self.pace.paused()
    }
}

impl Services {
    /// Starts the bot task of a game if a bot is to move, none runs, and
    /// this process holds the game's lease (see [`lease`]).
    pub fn kick(self: &Arc<Self>, h: Arc<GameHandle>) {
        let services = self.clone();
        tokio::spawn(async move {
            {
                let mut g = h.inner.lock().await;
                services.arm_clock(&h, &mut g);
                if g.bots.busy || !g.bot_to_move() || !services.holds_lease(&g.row.id) {
                    return;
                }
                g.bots.busy = true;
            }
            services.run_bots(&h).await;
            h.inner.lock().await.bots.busy = false;
            // A human may have moved while the flag was being cleared.
            let again = h.inner.lock().await.bot_to_move();
            if again {
                services.kick(h);
            }
        });
    }

    async fn run_bots(self: &Arc<Self>, h: &Arc<GameHandle>) {
        loop {
            if !self.wait_for_pace(h).await {
                return;
            }
            let job = {
                let g = h.inner.lock().await;
                // A pause holds the bot seats, never an away seat's stand-in.
                if g.bots.pace.paused() && !g.stand_in_to_move() {
                    continue;
                }
                // The lease was lost: another process runs this game now.
                if !self.holds_lease(&g.row.id) {
                    return;
                }
                let Turn::Seat(seat) = g.state.turn() else {
                    return;
                };
                // A bot seat's own bot, or the stand-in of an away seat.
                let Some(decider) = g.decider(seat) else {
                    return;
                };
                let spec = match BotSpec::parse(decider) {
                    Ok(s) => self.bots.limits.clamp(s),
                    Err(_) => BotSpec::random(),
                };
                let seed = eons_bots::mix_seed(g.row.seed, g.moves as u64);
                // The pool's line is fair across the addresses that created
                // the games (a game stored without one is its own).
                let queue = g.row.creator.clone().unwrap_or_else(|| g.row.id.clone());
                (
                    queue,
                    g.row.id.clone(),
                    g.state.clone_box(),
                    spec,
                    seed,
                    seat,
                    g.moves,
                )
            };
            let (queue, id, state, spec, seed, seat, n) = job;
            let threads = self.bots.limits.pool_share(&spec);
            let span = tracing::info_span!("bot_decision", game = %id, "move" = n, seat = seat.0);
            let choice = self
                .bots
                .pool
                .run(&queue, threads, move || state.bot_choice(&spec, seed, seat))
                .instrument(span)
                .await;
            let choice = match choice {
                Ok(Some(choice)) => choice,
                Ok(None) => {
                    tracing::warn!(game = %id, "move" = n, seat = seat.0, "bot found no choice");
                    return;
                }
                Err(e) => {
                    tracing::warn!(game = %id, "move" = n, seat = seat.0, "bot decision failed: {e}");
                    return;
                }
            };
            // A seat paused the bots while this one was thinking, or the
            // away seat it decides for came back.
            {
                let g = h.inner.lock().await;
                if (g.bots.pace.paused() && !g.stand_in_to_move()) || g.decider(seat).is_none() {
                    continue;
                }
            }
            // The lease was lost while this one was thinking.
            if !self.holds_lease(&id) {
                return;
            }
            match self.submit(h, seat, n, &choice).await {
                Ok(_) => {
                    tracing::debug!(game = %id, "move" = n, seat = seat.0, "bot decision");
                    // A seat that asked to come back while its stand-in owed
                    // this decision is back now.
                    if let Err(e) = self.finish_return(h, seat).await {
                        tracing::warn!(game = %id, seat = seat.0, "cannot take the seat back: {e}");
                    }
                }
                Err(ApiError::Stale { .. }) => self.note_stale_decision(&id, n, seat).await,
                Err(e) => {
                    tracing::warn!(game = %id, "move" = n, seat = seat.0, "bot move failed: {e}");
                    return;
                }
            }
        }
    }

    /// Logs why the decision of `seat` for move `n` of game `id` came too
    /// late: another process (PostgreSQL) stored that move first, for the
    /// same bot seat, or the game changed under it (a seat took a choice back).
    async fn note_stale_decision(&self, id: &str, n: i64, seat: Seat) {
        let stored = match self.store.moves_from(id, n).await {
            Ok(rows) => rows.into_iter().find(|m| m.n == n),
            Err(e) => {
                tracing::warn!(game = %id, "move" = n, "cannot read the stored move: {e}");
                return;
            }
        };
        let by_this_seat = stored.is_some_and(|m| {
            m.seat == i64::from(seat.0)
                && serde_json::from_str::<serde_json::Value>(&m.choice)
                    .is_ok_and(|c| c != undo_marker())
        });
        if by_this_seat {
            tracing::info!(game = %id, "move" = n, "bot decision lost: another process stored this move first");
        } else {
            tracing::debug!(game = %id, "move" = n, "bot decision dropped: the game changed while the bot searched");
        }
    }

    /// Loads every unfinished game and restarts its bots (after a restart).
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, ApiError> {
        let ids = self.store.active_games().await?;
        let mut n = 0;
        for id in ids {
            match self.get(&id).await {
                Ok(h) => {
                    self.kick(h);
                    n += 1;
                }
                Err(e) => tracing::warn!(game = %id, error = %e, "cannot resume the game"),
            }
        }
        Ok(n)
    }

    /// Kicks every loaded unfinished game (a periodic safety net after errors).
    pub fn kick_all(self: &Arc<Self>) {
        for h in self.live.loaded() {
            self.kick(h);
        }
    }
}
