//! Game leases: exactly one server process runs a game's bots and
//! its clock at a time, when several share one PostgreSQL database.
//!
//! Each process draws a random holder id at its start. A game it creates is
//! leased to it before the game is stored. A background task
//! ([`Services::start_leases`]) renews, every [`RENEW_EVERY`], the leases the
//! process holds for another [`LEASE_TERM`], and takes the leases of
//! unfinished games with bots or a clock that nobody holds (free, or expired because their
//! holder died): it then loads such a game, catches up with its stored
//! moves and starts its bots. A dead holder's games are thus taken over
//! [`LEASE_TERM`] to [`LEASE_TERM`] + [`RENEW_EVERY`] after its last
//! renewal.
//!
//! A process counts a lease as its own only until the term it last renewed
//! it for runs out, measured from before it asked (a little earlier than the
//! database's own expiry), so it stops running a game's bots before another
//! process can take the game over, even if it cannot reach the database. A
//! renewal that does not find the lease still the process's (another took
//! it) drops it at once. On SQLite a single process owns the database and
//! holds every lease, with no table traffic.

use crate::services::live::{random_hex, GameHandle};
use crate::services::Services;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a lease lasts after each renewal.
pub const LEASE_TERM: Duration = Duration::from_secs(10);
/// How often a process renews its leases and looks for games nobody runs.
pub const RENEW_EVERY: Duration = Duration::from_secs(2);
/// How many unheld games one round takes at most (the rest wait a round).
const TAKE_PER_ROUND: i64 = 100;

/// This process's leases.
pub struct Leases {
    /// Whether leases are shared with other processes (PostgreSQL); without,
    /// this process holds every lease.
    shared: bool,
    /// This process's holder id, as stored in `game_leases.holder`.
    holder: String,
    /// The games whose lease this process holds, each until when it counts
    /// it as its own.
    held: Mutex<HashMap<String, Instant>>,
    /// Set on shutdown: no more leases are taken or renewed.
    stopping: AtomicBool,
}

impl Leases {
    /// The leases of a new process; `shared` on PostgreSQL.
    pub fn new(shared: bool) -> Leases {
        let holder = match random_hex(8) {
            Ok(hex) => format!("{}-{hex}", std::process::id()),
            // Unique enough among live processes on one database host.
            Err(_) => format!("{}-{}", std::process::id(), crate::services::live::now_ms()),
        };
        Leases {
            shared,
            holder,
            held: Mutex::new(HashMap::new()),
            stopping: AtomicBool::new(false),
        }
    }

    /// This process's holder id.
    pub fn holder(&self) -> &str {
        &self.holder
    }

    fn holds(&self, game: &str) -> bool {
        if !self.shared {
            return true;
        }
        if self.stopping.load(Ordering::Acquire) {
            return false;
        }
        self.held
            .lock()
            .ok()
            .and_then(|m| m.get(game).copied())
            .is_some_and(|until| Instant::now() < until)
    }

    /// Records `game` as held until `until`; true when it was not held
    /// (or no longer counted as held) before.
    fn hold(&self, game: &str, until: Instant) -> bool {
        let Ok(mut m) = self.held.lock() else {
            return false;
        };
        let before = m.insert(game.to_string(), until);
        before.is_none_or(|was| was <= Instant::now())
    }

    fn drop_game(&self, game: &str) -> bool {
        self.held.lock().is_ok_and(|mut m| m.remove(game).is_some())
    }

    /// The games held (or counted as held until lately).
    fn held_games(&self) -> Vec<String> {
        self.held
            .lock()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    }
}

impl Services {
    /// Whether this process holds the lease of game `id`, so runs its bots
    /// (and clocks). Always true on SQLite.
    pub fn holds_lease(&self, id: &str) -> bool {
        self.bots.leases.holds(id)
    }

    /// Takes the lease of game `id`, which this process is about to create
    /// (with a bot seat or a clock), or whose seat was just voted away, so that its bots start here at once. A failure is
    /// only logged: the game is then taken over by whichever process's
    /// round finds it first.
    pub(crate) async fn lease_new_game(&self, id: &str) {
        if !self.bots.leases.shared {
            return;
        }
        let asked = Instant::now();
        match self
            .store
            .take_lease(id, &self.bots.leases.holder, LEASE_TERM)
            .await
        {
            Ok(true) => {
                self.bots.leases.hold(id, asked + LEASE_TERM);
                tracing::info!(game = %id, holder = %self.bots.leases.holder, "lease taken (new game)");
            }
            Ok(false) => {}
            Err(e) => tracing::warn!(game = %id, error = %e, "cannot take the lease of a new game"),
        }
    }

    /// Gives up the lease of game `id` (a game that could not be created).
    pub(crate) async fn give_up_lease(&self, id: &str) {
        if !self.bots.leases.shared {
            return;
        }
        self.bots.leases.drop_game(id);
        if let Err(e) = self.store.release_lease(id, &self.bots.leases.holder).await {
            tracing::warn!(game = %id, error = %e, "cannot give up a lease (it expires)");
        }
    }

    /// Starts the lease task (PostgreSQL only): renews this process's
    /// leases and takes over the games nobody runs, every [`RENEW_EVERY`].
    pub fn start_leases(self: &Arc<Self>) {
        if !self.bots.leases.shared {
            return;
        }
        tracing::info!(holder = %self.bots.leases.holder, "leases: this process's holder id");
        let services = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(RENEW_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                if services.bots.leases.stopping.load(Ordering::Acquire) {
                    return;
                }
                services.lease_round().await;
            }
        });
    }

    /// One round: renew what this process holds, then take what nobody holds.
    async fn lease_round(self: &Arc<Self>) {
        let holder = self.bots.leases.holder.clone();
        let asked = Instant::now();
        let until = asked + LEASE_TERM;
        match self.store.renew_leases(&holder, LEASE_TERM).await {
            Ok(renewal) => {
                for id in &renewal.finished {
                    self.bots.leases.drop_game(id);
                    tracing::debug!(game = %id, "lease given up: the game is over");
                }
                for id in self.bots.leases.held_games() {
                    if !renewal.renewed.contains(&id) && !renewal.finished.contains(&id) {
                        self.bots.leases.drop_game(&id);
                        tracing::info!(game = %id, holder = %holder, "lease lost: another process holds it now");
                    }
                }
                for id in &renewal.renewed {
                    if self.bots.leases.hold(id, until) {
                        // Held again after a lapse that nobody used.
                        tracing::info!(game = %id, holder = %holder, "lease taken (renewed after a lapse)");
                        self.start_leased_game(id).await;
                    }
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot renew the leases");
                self.forget_lapsed_leases();
            }
        }
        let unheld = match self.store.unheld_games(TAKE_PER_ROUND).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "cannot look for games nobody runs");
                return;
            }
        };
        for id in unheld {
            if self.bots.leases.stopping.load(Ordering::Acquire) {
                return;
            }
            let asked = Instant::now();
            match self.store.take_lease(&id, &holder, LEASE_TERM).await {
                Ok(true) => {
                    self.bots.leases.hold(&id, asked + LEASE_TERM);
                    tracing::info!(game = %id, holder = %holder, "lease taken (nobody held it)");
                    self.start_leased_game(&id).await;
                }
                // Another process was first.
                Ok(false) => {}
                Err(e) => tracing::warn!(game = %id, error = %e, "cannot take a lease"),
            }
        }
    }

    /// Drops (and logs) the leases whose term ran out without a renewal.
    fn forget_lapsed_leases(&self) {
        let now = Instant::now();
        let lapsed: Vec<String> = match self.bots.leases.held.lock() {
            Ok(m) => m
                .iter()
                .filter(|(_, until)| **until <= now)
                .map(|(id, _)| id.clone())
                .collect(),
            Err(_) => return,
        };
        for id in lapsed {
            self.bots.leases.drop_game(&id);
            tracing::info!(game = %id, "lease lost: not renewed in time");
        }
    }

    /// Loads a game whose lease this process just took, catches up with
    /// every stored move and starts its bots.
    async fn start_leased_game(self: &Arc<Self>, id: &str) {
        let handle: Arc<GameHandle> = match self.get(id).await {
            Ok(h) => h,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "cannot load a leased game");
                return;
            }
        };
        // `sync` starts the bots (after catching up, if there was anything).
        if let Err(e) = self.sync(&handle).await {
            tracing::warn!(game = %id, error = %e, "cannot catch up with a leased game");
        }
        self.kick(handle);
    }

    /// Gives up every lease of this process (a graceful shutdown), so that
    /// the other processes take its games over within one round instead of
    /// when the leases expire. Its bots stop.
    pub async fn release_leases(&self) {
        if !self.bots.leases.shared {
            return;
        }
        self.bots.leases.stopping.store(true, Ordering::Release);
        match self.store.release_leases(&self.bots.leases.holder).await {
            Ok(n) => {
                tracing::info!(holder = %self.bots.leases.holder, leases = n, "leases released")
            }
            Err(e) => tracing::warn!(error = %e, "cannot release the leases (they expire)"),
        }
        if let Ok(mut m) = self.bots.leases.held.lock() {
            m.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_process_holds_every_lease() {
        let leases = Leases::new(false);
        assert!(leases.holds("any"));
    }

    #[test]
    fn a_shared_lease_is_held_only_until_its_term() {
        let leases = Leases::new(true);
        assert!(!leases.holds("g"), "nothing is held before it is taken");
        assert!(leases.hold("g", Instant::now() + LEASE_TERM));
        assert!(leases.holds("g"));
        assert!(!leases.holds("h"));
        // Renewed while held: not news.
        assert!(!leases.hold("g", Instant::now() + LEASE_TERM));
        // A term that ran out counts as not held, and holding it again is news.
        assert!(!leases.hold("g", Instant::now()));
        assert!(!leases.holds("g"));
        assert!(leases.hold("g", Instant::now() + LEASE_TERM));
        assert!(leases.drop_game("g"));
        assert!(!leases.holds("g"));
        leases.stopping.store(true, Ordering::Release);
        leases.hold("g", Instant::now() + LEASE_TERM);
        assert!(!leases.holds("g"), "a process shutting down holds nothing");
    }

    #[test]
    fn holder_ids_differ() {
        assert_ne!(Leases::new(true).holder(), Leases::new(true).holder());
    }
}
