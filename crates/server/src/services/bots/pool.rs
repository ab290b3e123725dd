//! The bot pool: one bounded set of search threads for the bot decisions of
//! every game, so that many bot games cannot take the machine from the
//! requests.
//!
//! The pool has [`BotLimits::pool_threads`](crate::BotLimits::pool_threads)
//! permits (by default the machine's cores). A decision takes as many as it
//! searches with (a `threads=N` search N of them, at most the pool's size),
//! holds them while its search runs on one of tokio's blocking threads (so
//! the async runtime keeps answering), and gives them back when the search
//! ends. A decision that does not search (the random bot) takes no
//! permit and runs at once. Waiting decisions are served first come, first served (tokio's
//! semaphore is fair: a decision waiting for two permits is not overtaken by
//! later ones for one). Each game's bot task waits for one decision at a
//! time and, once it has moved, queues again behind the games already
//! waiting, so games take turns.
//!
//! **Fair across addresses.** Every decision queues under a name, the limit
//! key of the client address that created its game: one name may have at
//! most [`BotPool::share`] decisions (half the pool, at least one) waiting
//! for the pool's threads or searching; its others wait behind them, out
//! of the line. So an address with many games of long searches holds one
//! place in the line, and another address's bot waits for at most one
//! search of each address ahead of it, not for all of their games' (issue
//! 34, hole 4: a victim's greedy bot made no move in 150 s).
//!
//! Measured with the `metrics` facade: `eons_bot_queue_depth` (gauge:
//! decisions waiting for the pool), `eons_bot_decision_seconds` (histogram:
//! each search's time) and `eons_bot_decisions_total` (counter: searches
//! run).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;
use tokio::sync::Semaphore;

/// Why a decision did not come back from the pool.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// The pool was closed (the server is stopping).
    #[error("the bot pool is closed")]
    Closed,
    /// The search panicked or was cancelled.
    #[error("the bot search failed: {0}")]
    Failed(String),
}

/// The bounded pool of search threads (see the module docs).
pub struct BotPool {
    /// One permit per thread that may search at once.
    permits: Arc<Semaphore>,
    /// The number of permits.
    size: usize,
    /// Decisions waiting for permits.
    waiting: AtomicUsize,
    /// Each queue name's places in the line ([`BotPool::share`] each),
    /// while it has decisions waiting or searching.
    queues: Mutex<HashMap<String, Arc<Semaphore>>>,
}

/// Counts one decision as waiting until dropped (also when the waiting
/// task is cancelled).
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(count: &'a AtomicUsize) -> Self {
        count.fetch_add(1, Ordering::AcqRel);
        metrics::gauge!(crate::metric_names::BOT_QUEUE_DEPTH).increment(1.0);
        Waiting(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
        metrics::gauge!(crate::metric_names::BOT_QUEUE_DEPTH).decrement(1.0);
    }
}

impl BotPool {
    /// A pool of `size` threads (at least 1).
    pub fn new(size: usize) -> BotPool {
        let size = size.clamp(1, Semaphore::MAX_PERMITS);
        BotPool {
            permits: Arc::new(Semaphore::new(size)),
            size,
            waiting: AtomicUsize::new(0),
            queues: Mutex::new(HashMap::new()),
        }
    }

    /// The most decisions of one queue name waiting for the pool's threads
    /// or searching at once: half the pool, at least one.
    pub fn share(&self) -> usize {
        (self.size / 2).max(1)
    }

    /// The places in the line of queue `name`.
    fn queue(&self, name: &str) -> Arc<Semaphore> {
        let mut queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner);
        queues
            .entry(name.to_string())
            .or_insert_with(|| Arc::new(Semaphore::new(self.share())))
            .clone()
    }

    /// Forgets queue `name` once nothing of it waits or searches.
    fn forget_if_idle(&self, name: &str) {
        let mut queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner);
        if queues
            .get(name)
            .is_some_and(|q| Arc::strong_count(q) == 1 && q.available_permits() == self.share())
        {
            queues.remove(name);
        }
    }

    /// Queue names with decisions waiting or searching now.
    pub fn queues(&self) -> usize {
        self.queues
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// The pool's size: the most threads searching at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Decisions waiting for the pool now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Acquire)
    }

    /// Runs `search` on a blocking thread once `threads` of the pool's
    /// threads (at most the pool's size) are free, in the order decisions
    /// asked within the places of queue `name` ([`BotPool::share`]), and
    /// returns what it returns; with `threads` 0 (a decision that does not
    /// search) at once. The permits are held until the search ends, even if
    /// the caller stops waiting for it. The search runs inside the caller's
    /// current `tracing` span.
    pub async fn run<T, F>(&self, name: &str, threads: usize, search: F) -> Result<T, PoolError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        if threads == 0 {
            let span = tracing::Span::current();
            return tokio::task::spawn_blocking(move || span.in_scope(search))
                .await
                .map_err(|e| PoolError::Failed(e.to_string()));
        }
        let wanted = u32::try_from(threads.min(self.size)).unwrap_or(u32::MAX);
        let queue = self.queue(name);
        let answer = async {
            let (place, permit) = {
                let _waiting = Waiting::new(&self.waiting);
                let place = queue
                    .clone()
                    .acquire_owned()
                    .await
                    .map_err(|_| PoolError::Closed)?;
                let permit = self
                    .permits
                    .clone()
                    .acquire_many_owned(wanted)
                    .await
                    .map_err(|_| PoolError::Closed)?;
                (place, permit)
            };
            let span = tracing::Span::current();
            tokio::task::spawn_blocking(move || {
                let _entered = span.enter();
                let started = Instant::now();
                let out = search();
                drop(permit);
                drop(place);
                metrics::histogram!(crate::metric_names::BOT_DECISION)
                    .record(started.elapsed().as_secs_f64());
                metrics::counter!(crate::metric_names::BOT_DECISIONS).increment(1);
                out
            })
            .await
            .map_err(|e| PoolError::Failed(e.to_string()))
        }
        .await;
        drop(queue);
        self.forget_if_idle(name);
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::time::Duration;

    /// Waits (briefly yielding) until `pool` has `n` decisions waiting.
    async fn until_waiting(pool: &BotPool, n: usize) {
        for _ in 0..10_000 {
            if pool.waiting() == n {
                return;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        panic!("{} decisions waiting, expected {n}", pool.waiting());
    }

    /// Holds every thread of `pool` until the returned sender is dropped or
    /// sent to; returns once the holder searches.
    async fn hold_all(pool: &Arc<BotPool>) -> std::sync::mpsc::Sender<()> {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let p = pool.clone();
        let size = p.size();
        tokio::spawn(async move { p.run("holder", size, move || rx.recv().ok()).await });
        for _ in 0..10_000 {
            if pool.permits.available_permits() == 0 {
                return tx;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        panic!("the holder never started");
    }

    /// Queues a decision of `game` that records its name when it runs.
    fn queue(
        pool: &Arc<BotPool>,
        ran: &Arc<Mutex<Vec<&'static str>>>,
        game: &'static str,
        threads: usize,
    ) -> tokio::task::JoinHandle<()> {
        let (p, ran) = (pool.clone(), ran.clone());
        tokio::spawn(async move {
            p.run(game, threads, move || {
                if let Ok(mut r) = ran.lock() {
                    r.push(game);
                }
            })
            .await
            .expect("the pool runs it");
        })
    }

    /// Decisions run in the order they asked, whatever game they come from:
    /// a game that asks again waits behind those already waiting.
    #[tokio::test]
    async fn decisions_run_first_come_first_served() {
        let pool = Arc::new(BotPool::new(1));
        let ran = Arc::new(Mutex::new(Vec::new()));
        let holder = hold_all(&pool).await;
        let mut tasks = Vec::new();
        for (k, game) in ["a", "b", "c", "a again"].into_iter().enumerate() {
            tasks.push(queue(&pool, &ran, game, 1));
            until_waiting(&pool, k + 1).await;
        }
        assert!(ran.lock().expect("lock").is_empty(), "nothing ran yet");
        drop(holder);
        for t in tasks {
            t.await.expect("task");
        }
        assert_eq!(*ran.lock().expect("lock"), ["a", "b", "c", "a again"]);
        assert_eq!(pool.waiting(), 0);
    }

    /// A decision that needs two threads is not overtaken by later ones
    /// that need one (it would starve otherwise), and a decision asking for
    /// more threads than the pool has gets the whole pool.
    #[tokio::test]
    async fn a_wide_decision_is_not_overtaken() {
        let pool = Arc::new(BotPool::new(2));
        let ran = Arc::new(Mutex::new(Vec::new()));
        let holder = hold_all(&pool).await;
        let wide = queue(&pool, &ran, "wide", 64);
        until_waiting(&pool, 1).await;
        let narrow = queue(&pool, &ran, "narrow", 1);
        until_waiting(&pool, 2).await;
        drop(holder);
        wide.await.expect("wide");
        narrow.await.expect("narrow");
        assert_eq!(*ran.lock().expect("lock"), ["wide", "narrow"]);
    }

    /// One address's many decisions hold one place in the line: another
    /// address's decision, asked after all of them, runs second, not last;
    /// and the queues are forgotten once empty.
    #[tokio::test]
    async fn one_address_cannot_fill_the_line() {
        let pool = Arc::new(BotPool::new(1));
        let ran = Arc::new(Mutex::new(Vec::new()));
        let holder = hold_all(&pool).await;
        let mut tasks = Vec::new();
        for k in 0..4 {
            tasks.push(queue(&pool, &ran, "attacker", 1));
            until_waiting(&pool, k + 1).await;
        }
        tasks.push(queue(&pool, &ran, "victim", 1));
        until_waiting(&pool, 5).await;
        drop(holder);
        for t in tasks {
            t.await.expect("task");
        }
        let ran = ran.lock().expect("lock").clone();
        assert_eq!(ran.len(), 5);
        assert_eq!(ran[1], "victim", "{ran:?}");
        // The holder's task forgets its queue after its search returns,
        // when it is next polled: wait for it (a queue never forgotten
        // fails here after 10 s).
        for _ in 0..10_000 {
            if pool.queues() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(pool.queues(), 0);
    }

    /// A decision that does not search runs while every thread is taken.
    #[tokio::test]
    async fn a_decision_without_search_does_not_wait() {
        let pool = Arc::new(BotPool::new(1));
        let holder = hold_all(&pool).await;
        assert_eq!(pool.run("a", 0, || 7).await.expect("ran"), 7);
        drop(holder);
    }

    /// At most the pool's size of threads search at once.
    #[tokio::test]
    async fn no_more_than_the_pool_searches_at_once() {
        let pool = Arc::new(BotPool::new(2));
        let busy = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..8)
            .map(|k| {
                let (p, busy, most) = (pool.clone(), busy.clone(), most.clone());
                tokio::spawn(async move {
                    p.run(&format!("address {k}"), 1, move || {
                        let now = busy.fetch_add(1, Ordering::AcqRel) + 1;
                        most.fetch_max(now, Ordering::AcqRel);
                        std::thread::sleep(Duration::from_millis(5));
                        busy.fetch_sub(1, Ordering::AcqRel);
                    })
                    .await
                })
            })
            .collect();
        for t in tasks {
            t.await.expect("task").expect("ran");
        }
        let most = most.load(Ordering::Acquire);
        assert!((1..=2).contains(&most), "{most} searched at once");
    }
}
