//! Live games: loaded from storage by replay, changed one committed move at
//! a time, announced to WebSocket clients. [`LiveGames`] is the service that
//! keeps them in memory; [`submit`] is the move pipeline (check, store,
//! apply, publish); what a committed move sets off is in [`events`].

use crate::allowance::Allowance;
use crate::error::ApiError;
use crate::games::DynGame;
use crate::limits::MemoryLimits;
use crate::services::Services;
use governor::Quota;
use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::Mutex;

mod cancel;
mod census;

mod create;
pub mod events;
mod game;
mod join;
mod memory;
pub mod presence;
pub mod rematch;
mod resign;
pub mod sockets;
mod submit;
pub use cancel::{cancelled_message, Cancelled};
pub use resign::{resign_marker, Resigned};
pub use submit::Submitted;
pub(crate) mod undo;
pub mod views;
pub use create::{CreateGame, PreparedGame, SeatSpec, MAX_PLAYERS};
pub use game::{LiveGame, LogEntry, Snapshot};
pub use sockets::{Audience, SocketPermit};
pub use undo::{
    effective_moves, undo_marker, MAX_TAKE_BACKS_PER_DECISION, TAKE_BACK_BURST, TAKE_BACK_EVERY,
};

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Random bytes as lowercase hex.
pub fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut b = vec![0u8; bytes];
    getrandom::fill(&mut b).map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// A random 64-bit seed.
pub fn random_seed() -> Result<u64, ApiError> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
    Ok(u64::from_le_bytes(b))
}

/// SHA-256 of a token, as hex (only hashes are stored).
pub fn token_hash(token: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// A loaded game: its kind, its state behind a lock, and its update channel.
pub struct GameHandle {
    /// The game kind.
    pub kind: Arc<dyn DynGame>,
    /// The state.
    pub inner: Mutex<LiveGame>,
    /// Announces the new move count after every change (and counts the changes).
    pub tx: views::Announcer,
    /// Sends each new chat message, as its WebSocket text.
    pub chat: tokio::sync::broadcast::Sender<Arc<str>>,
    /// The latest WebSocket pushes, shared by the sockets of one seat.
    views: views::ViewCache,
    /// WebSockets open on this game.
    sockets: AtomicUsize,
    /// Which seats have a WebSocket open (the same as the game's own).
    pub presence: Arc<presence::Presence>,
    /// When it was last asked for or seen in use (ms since the epoch), for
    /// the eviction of idle games.
    last_used: AtomicI64,
}

impl GameHandle {
    /// Notes that the game is in use at `now` (ms).
    fn touch(&self, now: i64) {
        self.last_used.fetch_max(now, Ordering::AcqRel);
    }
}

/// The live-games service: the games in memory (each behind its own lock),
/// when idle ones leave memory, the moves waiting to be committed together,
/// and each seat's take-back allowance.
pub struct LiveGames {
    /// The games in memory, by id.
    games: StdMutex<HashMap<String, Arc<GameHandle>>>,
    /// When idle games leave memory, how often snapshots are stored.
    memory: MemoryLimits,
    /// Moves waiting to be committed together (SQLite).
    commits: crate::store::GroupCommit,
    /// Take-backs per seat (keyed by game and seat).
    take_backs: Allowance<String>,
}

impl LiveGames {
    /// No games in memory yet.
    pub fn new(memory: MemoryLimits) -> LiveGames {
        let every = governor::Quota::with_period(TAKE_BACK_EVERY)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(NonZeroU32::new(TAKE_BACK_BURST).unwrap_or(NonZeroU32::MIN));
        LiveGames {
            games: StdMutex::new(HashMap::new()),
            memory,
            commits: crate::store::GroupCommit::default(),
            take_backs: Allowance::new(every),
        }
    }

    /// When idle games leave memory, how often snapshots are stored.
    pub fn memory(&self) -> MemoryLimits {
        self.memory
    }

    /// The game `id` if it is in memory (not loading it).
    pub fn cached(&self, id: &str) -> Option<Arc<GameHandle>> {
        let h = self.games.lock().ok().and_then(|m| m.get(id).cloned())?;
        h.touch(now_ms());
        Some(h)
    }

    /// Every game in memory.
    pub fn loaded(&self) -> Vec<Arc<GameHandle>> {
        self.games
            .lock()
            .map(|m| m.values().cloned().collect())
            .unwrap_or_default()
    }

    /// How many games are in memory.
    pub fn loaded_count(&self) -> usize {
        self.games.lock().map_or(0, |m| m.len())
    }

    /// Forgets the seats whose take-back allowance is full again.
    pub fn forget_idle(&self) {
        self.take_backs.forget_idle();
    }
}

impl Services {
    /// The game `id`, loaded from storage if needed (from its latest
    /// snapshot, then by replaying the moves after it); a game loaded here
    /// with a bot to move has its bots started.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<GameHandle>, ApiError> {
        if let Some(h) = self.live.cached(id) {
            return Ok(h);
        }
        let (kind, live) = self.load_game(id, true).await?;
        let presence = live.presence.clone();
        let handle = Arc::new(GameHandle {
            kind,
            inner: Mutex::new(live),
            tx: views::Announcer::new(64),
            chat: tokio::sync::broadcast::channel(64).0,
            views: views::ViewCache::default(),
            sockets: AtomicUsize::new(0),
            presence,
            last_used: AtomicI64::new(now_ms()),
        });
        let (h, fresh, loaded) = {
            let mut map = self
                .live
                .games
                .lock()
                .map_err(|_| ApiError::Internal("game table poisoned".into()))?;
            let h = map.entry(id.to_string()).or_insert(handle.clone()).clone();
            let fresh = Arc::ptr_eq(&h, &handle);
            (h, fresh, map.len())
        };
        if fresh {
            self.count_loaded(loaded);
            self.kick(h.clone());
        }
        Ok(h)
    }

    /// A seat of `h` came online or went offline: its sockets are pushed the
    /// views that say so, at most once each
    /// [`presence::PUSH_EVERY`] (changes meanwhile join the waiting push).
    pub fn presence_changed(self: &Arc<Self>, h: &Arc<GameHandle>) {
        if !h.presence.claim_push() {
            return;
        }
        let services = self.clone();
        let h = h.clone();
        tokio::spawn(async move {
            tokio::time::sleep(presence::PUSH_EVERY).await;
            h.presence.pushed();
            let moves = h.inner.lock().await.moves;
            services.changed(&h, moves);
        });
    }

    /// Applies moves and seat claims another process committed (PostgreSQL),
    /// announcing them.
    pub async fn sync(self: &Arc<Self>, h: &Arc<GameHandle>) -> Result<(), ApiError> {
        let mut g = h.inner.lock().await;
        let id = g.row.id.clone();
        let Some((count, status)) = self.store.progress(&id).await? else {
            return Ok(());
        };
        // Cancelled by another process: gone here too.
        if status == "cancelled" {
            g.row.status = status;
            let n = g.moves;
            drop(g);
            self.forget_cancelled(h, &id, n);
            return Ok(());
        }
        // A claim elsewhere replaced a token hash: the invite token must stop
        // working here too.
        let seats = self.store.seats(&id).await?;
        let mut announce = seats != g.seats;
        if announce {
            g.seats = seats;
        }
        // Another process may have stored chat messages.
        self.catch_up_chat(h, &mut g).await?;
        // Another process's table may have changed the bots' pace.
        let asks = self.store.pace_asks(&id).await?;
        if g.bots.restore_pace(&asks) {
            announce = true;
        }
        if count <= g.moves {
            let n = g.moves;
            drop(g);
            if announce {
                let _ = h.tx.send(n);
                // A claim, an away seat or one back may start a clock or
                // a stand-in bot here.
                self.kick(h.clone());
            }
            return Ok(());
        }
        let moves = self.store.moves_from(&id, g.moves).await?;
        for m in &moves {
            g.replay_one(m)
                .map_err(|e| ApiError::Internal(format!("game {id}: {e}")))?;
        }
        let n = g.moves;
        drop(g);
        let _ = h.tx.send(n);
        self.kick(h.clone());
        Ok(())
    }
}
