//! Costly reads: the answers that cost more than a lookup (a finished
//! game's replay and its steps, a game's log from an early entry, a record).
//!
//! Each one is built off the async workers (on a blocking thread, through
//! [`CostlyReads::run`]), never while holding a game's lock, by at most
//! [`CostlyReads::permits`] threads at once, and counts against the client
//! address's allowance of costly reads ([`CostlyReads::allow`]), so that
//! clients looping on them cannot take the CPU from the players' moves.
//! The answers that cannot change, a finished game's replay and its
//! analysis, are kept ([`ReplayCache`], [`AnalysisCache`]). An analysis
//! takes up to seconds (a bot's search at each of its drops), so no request waits
//! for it: the first request starts it and is answered 202, and so is every
//! request until it is done ([`AnalysisCache::look`]).
//!
//! Before (issue 34, holes 2 and 3): `GET /replay/{step}` replayed the whole
//! record on an async worker (~190 ms of CPU for every unauthenticated
//! request), and `GET /log` built every entry under the game's lock.

use crate::allowance::Allowance;
use crate::error::ApiError;
use crate::games::DynState;
use crate::limits::limit_key;
use governor::Quota;
use serde_json::Value;
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::Semaphore;

/// Costly reads one client address may make per second, once its burst is
/// spent: far more than a replay viewer stepping by hand or on autoplay.
pub const READS_PER_SECOND: u32 = 20;

/// Costly reads one client address may make at once before the per-second
/// rate applies.
pub const READS_BURST: u32 = 100;

/// Blocking threads building costly answers at once, whatever the number of
/// clients: one, so a machine's other cores stay with the players' moves.
pub const READ_THREADS: usize = 1;

/// Threads making analyses at once: one, apart from [`READ_THREADS`], so
/// that an analysis (up to seconds of a bot's search) never holds up a replay
/// or a log, which take milliseconds.
pub const ANALYSIS_THREADS: usize = 1;

/// Finished games whose replay is kept in memory (the least recently used
/// leaves first).
pub const KEPT_REPLAYS: usize = 32;

/// A replay keeps the state after every this many steps, so a step's board
/// is at most this many choices away from a kept state.
pub const CHECKPOINT_EVERY: usize = 32;

/// Finished games whose analysis is kept in memory (the least recently used
/// leaves first; an analysis being made is never dropped).
pub const KEPT_ANALYSES: usize = 64;

/// Analyses waiting for a thread or being made at once, whatever the
/// number of clients: a request that would start one more is refused (503,
/// [`ApiError::Busy`]) until one is done, so that requests for the analyses
/// of many finished games cannot queue up hours of work.
pub const PENDING_ANALYSES: usize = 4;

/// The costly reads service: the allowance per client address, the threads
/// that build the answers, and the finished games' replays and analyses.
pub struct CostlyReads {
    /// The allowance per client address ([`limit_key`]).
    allowance: Allowance<IpAddr>,
    /// The threads that build answers.
    threads: Arc<Semaphore>,
    /// The thread that makes analyses ([`ANALYSIS_THREADS`]).
    analysis_threads: Arc<Semaphore>,
    /// The finished games' replays, built once each.
    pub replays: ReplayCache,
    /// The finished games' analyses, made once each.
    pub analyses: AnalysisCache,
}

impl Default for CostlyReads {
    /// [`READS_PER_SECOND`] with a burst of [`READS_BURST`], built by
    /// [`READ_THREADS`] thread, [`KEPT_REPLAYS`] replays kept.
    fn default() -> Self {
        CostlyReads::new(READS_PER_SECOND, READS_BURST, READ_THREADS, KEPT_REPLAYS)
    }
}

impl CostlyReads {
    /// `per_second` costly reads per client address after a burst of
    /// `burst`, built by at most `threads` threads at once, `kept` finished
    /// games' replays kept.
    pub fn new(per_second: u32, burst: u32, threads: usize, kept: usize) -> CostlyReads {
        let rate = NonZeroU32::new(per_second).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(burst).unwrap_or(rate);
        CostlyReads {
            allowance: Allowance::new(Quota::per_second(rate).allow_burst(burst)),
            threads: Arc::new(Semaphore::new(threads.max(1))),
            analysis_threads: Arc::new(Semaphore::new(ANALYSIS_THREADS)),
            replays: ReplayCache::new(kept),
            analyses: AnalysisCache::new(KEPT_ANALYSES, PENDING_ANALYSES),
        }
    }

    /// Threads that build costly answers at once.
    pub fn permits(&self) -> usize {
        self.threads.available_permits()
    }

    /// Counts one costly read by client `addr` (an IPv6 client counts by its
    /// /64, see [`limit_key`]); refused (429, with the seconds to wait) once
    /// the address has used up its allowance.
    pub fn allow(&self, addr: IpAddr) -> Result<(), ApiError> {
        self.allowance.take(&limit_key(addr), || {
            format!(
                "this server answers {READS_PER_SECOND} replay, log and record reads a second from one address"
            )
        })
    }

    /// Forgets addresses whose allowance is full again.
    pub fn forget_idle(&self) {
        self.allowance.forget_idle();
    }

    /// Builds an answer on a blocking thread, once one of the service's
    /// threads is free: the async workers go on serving everyone else.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        Self::run_on(&self.threads, work).await
    }

    /// Makes an analysis on a blocking thread, once the analysis thread is
    /// free ([`ANALYSIS_THREADS`]).
    pub async fn run_analysis<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        Self::run_on(&self.analysis_threads, work).await
    }

    async fn run_on<T, F>(threads: &Arc<Semaphore>, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let permit = threads
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::Internal("the costly reads are closed".into()))?;
        tokio::task::spawn_blocking(move || {
            let answer = work();
            drop(permit);
            answer
        })
        .await
        .map_err(|e| ApiError::Internal(format!("a costly read failed: {e}")))?
    }
}

/// A finished game replayed once: the states every [`CHECKPOINT_EVERY`]
/// steps, the choices after them, and the log as a spectator reads it.
pub struct Replayed {
    /// The state after steps 0, K, 2K, … (K = [`CHECKPOINT_EVERY`]).
    checkpoints: Vec<Box<dyn DynState>>,
    /// Every choice in effect: its seat and the choice.
    pub steps: Vec<(u8, Value)>,
    /// The log as a spectator reads it, entry `i` being step `i + 1`.
    pub log: Vec<Value>,
    /// The outcome (JSON), as the game ended.
    pub outcome: Value,
    /// The final score sheet (JSON), if the game has one.
    pub final_score: Value,
    /// Where each part of the game begins ([`eons_core::Game::chapter`]):
    /// `{"step", "title"}`, the step being the first that shows the part.
    pub chapters: Vec<Value>,
}

impl Replayed {
    /// Replays `steps` from `start`, keeping every [`CHECKPOINT_EVERY`]-th
    /// state and the spectator's log. `at` gives each step's time.
    pub fn build(
        start: Box<dyn DynState>,
        steps: Vec<(u8, Value)>,
        at: &[i64],
    ) -> Result<Replayed, ApiError> {
        let mut state = start;
        let mut checkpoints = vec![state.clone_box()];
        let mut log = Vec::with_capacity(steps.len());
        let mut chapters = Vec::new();
        let mut chapter = state.chapter();
        if let Some(title) = &chapter {
            chapters.push(serde_json::json!({ "step": 0, "title": title }));
        }
        for (n, (seat, choice)) in steps.iter().enumerate() {
            let applied = state
                .apply(eons_core::Seat(*seat), choice)
                .map_err(|e| ApiError::Internal(format!("the record does not replay: {e}")))?;
            let events: Vec<&str> = applied
                .events
                .iter()
                .filter(|e| e.audience.allows(None))
                .map(|e| e.text.as_str())
                .collect();
            let places = crate::games::entry_places(
                applied.place.as_deref(),
                applied.public_text == applied.text,
                &applied.events,
                None,
            );
            log.push(serde_json::json!({
                "n": n,
                "seat": seat,
                "at": at.get(n).copied().unwrap_or(0),
                "choice": applied.public_text,
                "events": events,
                "places": places,
            }));
            if (n + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push(state.clone_box());
            }
            let now = state.chapter();
            if now != chapter {
                if let Some(title) = &now {
                    chapters.push(serde_json::json!({ "step": n + 1, "title": title }));
                }
                chapter = now;
            }
        }
        Ok(Replayed {
            checkpoints,
            outcome: serde_json::to_value(state.outcome()).unwrap_or(Value::Null),
            final_score: state.final_score().unwrap_or(Value::Null),
            steps,
            log,
            chapters,
        })
    }

    /// The state after `step` choices (0: the start), from the nearest kept
    /// state before it; None past the last step.
    pub fn state_at(&self, step: usize) -> Result<Option<Box<dyn DynState>>, ApiError> {
        if step > self.steps.len() {
            return Ok(None);
        }
        let kept = step / CHECKPOINT_EVERY;
        let Some(from) = self.checkpoints.get(kept) else {
            return Err(ApiError::Internal(format!("no kept state {kept}")));
        };
        let mut state = from.clone_box();
        for (seat, choice) in &self.steps[kept * CHECKPOINT_EVERY..step] {
            state
                .apply(eons_core::Seat(*seat), choice)
                .map_err(|e| ApiError::Internal(format!("the record does not replay: {e}")))?;
        }
        Ok(Some(state))
    }
}

/// The replays of the most recently viewed finished games: a finished game
/// cannot change, so its replay is built once.
pub struct ReplayCache {
    kept: Mutex<HashMap<String, (u64, Arc<Replayed>)>>,
    most: usize,
    uses: std::sync::atomic::AtomicU64,
}

impl ReplayCache {
    /// An empty cache of at most `most` replays.
    pub fn new(most: usize) -> ReplayCache {
        ReplayCache {
            kept: Mutex::new(HashMap::new()),
            most: most.max(1),
            uses: std::sync::atomic::AtomicU64::new(0),
        }
    }

    fn tick(&self) -> u64 {
        self.uses.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }

    /// The kept replay of game `id`, if any.
    pub fn get(&self, id: &str) -> Option<Arc<Replayed>> {
        let now = self.tick();
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = kept.get_mut(id)?;
        entry.0 = now;
        Some(entry.1.clone())
    }

    /// Keeps the replay of game `id`, dropping the least recently used one
    /// when full.
    pub fn keep(&self, id: &str, replayed: Arc<Replayed>) {
        let now = self.tick();
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() >= self.most && !kept.contains_key(id) {
            if let Some(oldest) = kept
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| k.clone())
            {
                kept.remove(&oldest);
            }
        }
        kept.insert(id.to_string(), (now, replayed));
    }

    /// Replays kept now.
    pub fn len(&self) -> usize {
        self.kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// True when no replay is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where a finished game's analysis stands ([`AnalysisCache`]).
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisStatus {
    /// Nobody asked yet (or it was dropped): the caller starts it.
    Absent,
    /// Being made: `done` of `total` bot searches (`total` is 0 until the
    /// drops are known).
    Making {
        /// Searches done.
        done: usize,
        /// Searches in all.
        total: usize,
    },
    /// Made: the answer's JSON text.
    Made(Arc<str>),
    /// It could not be made (a record that does not replay): the reason.
    Failed(String),
}

/// The analyses of finished games: made once each, off the request path,
/// at most a few at a time, the most recently asked kept.
pub struct AnalysisCache {
    kept: Mutex<HashMap<String, (u64, AnalysisStatus)>>,
    most: usize,
    pending: usize,
    uses: std::sync::atomic::AtomicU64,
}

impl AnalysisCache {
    /// An empty cache of at most `most` analyses, `pending` of them being
    /// made at once.
    pub fn new(most: usize, pending: usize) -> AnalysisCache {
        AnalysisCache {
            kept: Mutex::new(HashMap::new()),
            most: most.max(pending).max(1),
            pending: pending.max(1),
            uses: std::sync::atomic::AtomicU64::new(0),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u64, AnalysisStatus)>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn tick(&self) -> u64 {
        self.uses.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }

    /// Where the analysis of game `id` stands.
    pub fn look(&self, id: &str) -> AnalysisStatus {
        let now = self.tick();
        match self.lock().get_mut(id) {
            Some(entry) => {
                entry.0 = now;
                entry.1.clone()
            }
            None => AnalysisStatus::Absent,
        }
    }

    /// Marks the analysis of game `id` as being made: true when the caller
    /// is to make it, false when another request started it meanwhile or
    /// it is already made. Refused ([`ApiError::Busy`]) while
    /// [`PENDING_ANALYSES`] are being made. Drops the least recently asked
    /// made analysis when full.
    pub fn start(&self, id: &str) -> Result<bool, ApiError> {
        let now = self.tick();
        let mut kept = self.lock();
        if kept.contains_key(id) {
            return Ok(false);
        }
        let making = kept
            .values()
            .filter(|(_, s)| matches!(s, AnalysisStatus::Making { .. }))
            .count();
        if making >= self.pending {
            return Err(ApiError::Busy(format!(
                "this server is analysing {making} games already: ask again in a minute"
            )));
        }
        if kept.len() >= self.most {
            if let Some(oldest) = kept
                .iter()
                .filter(|(_, (_, s))| !matches!(s, AnalysisStatus::Making { .. }))
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| k.clone())
            {
                kept.remove(&oldest);
            }
        }
        kept.insert(
            id.to_string(),
            (now, AnalysisStatus::Making { done: 0, total: 0 }),
        );
        Ok(true)
    }

    /// Sets where the analysis of game `id` stands (progress, the answer or
    /// its failure).
    pub fn set(&self, id: &str, status: AnalysisStatus) {
        let now = self.tick();
        self.lock().insert(id.to_string(), (now, status));
    }

    /// Analyses kept or being made now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when no analysis is kept or being made.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry;

    fn replayed(players: usize, seed: u64) -> (Box<dyn DynState>, Replayed) {
        let kind = registry(false)
            .into_iter()
            .find(|k| k.id() == "pangea")
            .expect("pangea");
        let setup = kind
            .setup(players, &[])
            .expect("a setup of the default options");
        let start = kind.start(&setup, seed).expect("a start");
        let mut state = start.clone_box();
        let mut steps = Vec::new();
        let mut pick: u64 = seed;
        while let eons_core::Turn::Seat(seat) = state.turn() {
            // A fixed walk among the legal choices (a whole game, not the
            // shortest one the first choice would play).
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let legal = state.legal().len().max(1) as u64;
            let choice = serde_json::json!({ "index": (pick >> 33) % legal });
            state.apply(seat, &choice).expect("the first legal choice");
            steps.push((seat.0, choice));
        }
        let r = Replayed::build(start, steps, &[]).expect("replays");
        (state, r)
    }

    /// Every step's board from the kept states is the board of a replay from
    /// the start, at the checkpoints and between them.
    #[test]
    fn a_step_from_a_kept_state_is_the_step_from_the_start() {
        let (end, r) = replayed(2, 5);
        assert!(r.steps.len() > 2 * CHECKPOINT_EVERY, "a long enough game");
        assert_eq!(r.log.len(), r.steps.len());
        let last = r.state_at(r.steps.len()).expect("replays").expect("a step");
        assert_eq!(last.save(), end.save());
        for step in [
            0,
            1,
            CHECKPOINT_EVERY - 1,
            CHECKPOINT_EVERY,
            CHECKPOINT_EVERY + 3,
        ] {
            let mut direct = r.checkpoints[0].clone_box();
            for (seat, choice) in &r.steps[..step] {
                direct
                    .apply(eons_core::Seat(*seat), choice)
                    .expect("replays");
            }
            let kept = r.state_at(step).expect("replays").expect("a step");
            assert_eq!(kept.save(), direct.save(), "step {step}");
        }
        assert!(r.state_at(r.steps.len() + 1).expect("no error").is_none());
    }

    /// The cache keeps at most its size, dropping the least recently used.
    #[test]
    fn the_replay_cache_drops_the_least_recently_used() {
        let (_, r) = replayed(2, 6);
        let r = Arc::new(r);
        let cache = ReplayCache::new(2);
        cache.keep("a", r.clone());
        cache.keep("b", r.clone());
        assert!(cache.get("a").is_some());
        cache.keep("c", r);
        assert_eq!(cache.len(), 2);
        assert!(cache.get("b").is_none(), "b was used least recently");
        assert!(cache.get("a").is_some() && cache.get("c").is_some());
    }

    /// An analysis is started once; at most `pending` are made at once;
    /// a full cache drops the least recently asked made one, never one
    /// being made.
    #[test]
    fn analyses_start_once_a_few_at_a_time() {
        let cache = AnalysisCache::new(3, 2);
        assert_eq!(cache.look("a"), AnalysisStatus::Absent);
        assert_eq!(cache.start("a").ok(), Some(true));
        assert_eq!(cache.start("a").ok(), Some(false), "already started");
        assert_eq!(cache.start("b").ok(), Some(true));
        assert!(
            matches!(cache.start("c"), Err(ApiError::Busy(_))),
            "two are being made"
        );
        cache.set("a", AnalysisStatus::Made(Arc::from("{}")));
        assert_eq!(cache.start("c").ok(), Some(true), "one is done");
        cache.set("c", AnalysisStatus::Made(Arc::from("{}")));
        cache.look("a");
        // Full (a, b, c): d drops c, asked least recently; b is being made.
        assert_eq!(cache.start("d").ok(), Some(true));
        assert_eq!(cache.len(), 3);
        assert_eq!(cache.look("c"), AnalysisStatus::Absent);
        assert!(matches!(cache.look("b"), AnalysisStatus::Making { .. }));
        assert!(matches!(cache.look("a"), AnalysisStatus::Made(_)));
    }

    /// An address's allowance runs out after its burst; another address
    /// keeps its own.
    #[test]
    fn the_allowance_is_per_address() {
        let reads = CostlyReads::new(1, 3, 1, 1);
        let a = IpAddr::from([10, 0, 0, 1]);
        for _ in 0..3 {
            reads.allow(a).expect("within the burst");
        }
        assert!(matches!(
            reads.allow(a),
            Err(ApiError::TooManyRequests { .. })
        ));
        reads
            .allow(IpAddr::from([10, 0, 0, 2]))
            .expect("another address");
    }
}
