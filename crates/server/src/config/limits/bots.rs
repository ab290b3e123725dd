//! [`BotLimits`]: what a bot seat may cost on this server. A bot spec from
//! `POST /api/games` is refused when its budget exceeds them, a stored spec
//! from before a limit was lowered is clamped to them when it runs, and
//! every decision stops at the time limit whatever its iteration budget;
//! the bot pool's size and the unfinished bot games one client address may
//! have are here too.

use eons_bots::{BotKind, BotSpec, Budget};
use std::time::Duration;

/// The most bot decisions may cost on this server.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BotLimits {
    /// Most wall-clock time per decision: a time budget's most, and the
    /// deadline of every decision whatever its budget (an iteration budget
    /// stops here too).
    pub max_time: Duration,
    /// Most iterations per decision (an iteration budget, all threads together).
    pub max_iterations: u64,
    /// Most search threads per decision.
    pub max_threads: usize,
    /// Most search threads of all games' decisions at once (the bot pool's
    /// size): a decision waits in line for as many as it uses.
    pub pool_threads: usize,
    /// Most unfinished games with a bot seat that one client address may
    /// have created (counted as the games-per-hour limit counts addresses,
    /// games idle for a day left out); more are refused with 429.
    pub max_games_per_address: u64,
}

/// The threads the machine runs in parallel (1 if unknown).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Default for BotLimits {
    /// 10 s per decision, 1,000,000 iterations, as many threads per
    /// decision as the machine runs in parallel
    /// (`std::thread::available_parallelism`, 1 if unknown), one fewer in
    /// the pool (at least 1: the bots of every game together never hold
    /// every core, so the requests of the humans are answered while they
    /// search), and 10 unfinished bot games per address.
    fn default() -> Self {
        BotLimits {
            max_time: Duration::from_secs(10),
            max_iterations: 1_000_000,
            max_threads: cores(),
            pool_threads: cores().saturating_sub(1).max(1),
            max_games_per_address: 10,
        }
    }
}

impl BotLimits {
    /// Refuses a spec whose budget or threads exceed the limits; the message
    /// says the limit.
    pub fn check(&self, spec: &BotSpec) -> Result<(), String> {
        let BotKind::Mcts(c) = spec.kind else {
            return Ok(());
        };
        match c.budget {
            Budget::Time(d) if d > self.max_time => {
                return Err(format!(
                    "bot `{spec}`: this server allows at most {} of search per decision",
                    show_duration(self.max_time)
                ));
            }
            Budget::Iterations(n) if n > self.max_iterations => {
                return Err(format!(
                    "bot `{spec}`: this server allows at most {} iterations per decision",
                    self.max_iterations
                ));
            }
            _ => {}
        }
        if c.threads > self.max_threads {
            return Err(format!(
                "bot `{spec}`: this server allows at most {} thread{} per decision",
                self.max_threads,
                if self.max_threads == 1 { "" } else { "s" }
            ));
        }
        Ok(())
    }

    /// The spec as it runs on this server: its budget and threads lowered
    /// to the limits (for specs stored before a limit was lowered), and
    /// [`BotLimits::max_time`] as the deadline of every decision whatever
    /// its budget (so `mcts:1000000it` stops at the time limit too).
    pub fn clamp(&self, mut spec: BotSpec) -> BotSpec {
        if let BotKind::Mcts(ref mut c) = spec.kind {
            c.budget = match c.budget {
                Budget::Time(d) => Budget::Time(d.min(self.max_time)),
                Budget::Iterations(n) => Budget::Iterations(n.min(self.max_iterations)),
            };
            // Never more threads than the pool grants a decision
            // ([`BotLimits::pool_share`]): a `threads=2` search on a pool
            // of one would run two threads on one place.
            c.threads = c
                .threads
                .clamp(1, self.max_threads.max(1).min(self.pool_threads.max(1)));
        }
        spec.with_deadline(self.max_time)
    }

    /// How many of the pool's threads a decision of `spec` holds while it
    /// searches: its search threads, at most the pool's size; 0 for the
    /// random bot, which does not search (it need not wait in line).
    pub fn pool_share(&self, spec: &BotSpec) -> usize {
        let threads = match spec.kind {
            BotKind::Mcts(c) => c.threads,
            BotKind::Greedy { .. } => 1,
            BotKind::Random => return 0,
        };
        threads.clamp(1, self.pool_threads.max(1))
    }
}

/// `10 s`, `1.5 s`, `500 ms`.
fn show_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms >= 1000 && ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else if ms >= 1000 {
        format!("{} s", d.as_secs_f64())
    } else {
        format!("{ms} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> BotLimits {
        BotLimits {
            max_time: Duration::from_secs(10),
            max_iterations: 1_000_000,
            max_threads: 2,
            pool_threads: 2,
            max_games_per_address: 10,
        }
    }

    fn spec(s: &str) -> BotSpec {
        BotSpec::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn over_the_limits_is_refused_at_the_limits_accepted() {
        let l = limits();
        for ok in [
            "random",
            "greedy",
            "mcts:easy",
            "mcts:hard",
            "mcts:10s",
            "mcts:1000000it",
            "mcts:1s,threads=2",
        ] {
            assert_eq!(l.check(&spec(ok)), Ok(()), "{ok}");
        }
        for (bad, says) in [
            ("mcts:86400s,threads=64,early-stop=off", "10 s"),
            ("mcts:10001ms", "10 s"),
            ("mcts:1000000000it", "1000000 iterations"),
            ("mcts:1000001it", "1000000 iterations"),
            ("mcts:1s,threads=3", "2 threads"),
        ] {
            let e = l.check(&spec(bad)).expect_err(bad);
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn clamp_lowers_stored_specs() {
        let l = limits();
        let c = l.clamp(spec("mcts:86400s,threads=64"));
        assert_eq!(l.check(&c), Ok(()));
        assert_eq!(c.to_string(), "mcts:10s,threads=2");
        let c = l.clamp(spec("mcts:1000000000it"));
        assert_eq!(c.to_string(), "mcts:1000000it");
    }

    /// Every spec the server runs stops at its time limit, whatever its
    /// budget; the budget itself is what it was.
    #[test]
    fn clamp_gives_every_decision_the_time_limit_as_its_deadline() {
        let l = BotLimits {
            max_time: Duration::from_millis(500),
            ..limits()
        };
        for text in [
            "mcts:1000000it",
            "mcts:2s",
            "mcts:100ms",
            "greedy",
            "random",
        ] {
            let c = l.clamp(spec(text));
            assert_eq!(c.deadline, Some(Duration::from_millis(500)), "{text}");
        }
        assert_eq!(
            l.clamp(spec("mcts:1000000it")).to_string(),
            "mcts:1000000it"
        );
    }

    /// A search never runs more threads than the pool grants it: on a pool
    /// of one, `threads=2` searches with one (issue 34, hole 4).
    #[test]
    fn clamp_never_runs_more_threads_than_the_pool_grants() {
        let l = BotLimits {
            pool_threads: 1,
            ..limits()
        };
        let c = l.clamp(spec("mcts:1s,threads=2"));
        assert_eq!(c.to_string(), "mcts:1s");
        assert_eq!(l.pool_share(&c), 1);
    }

    #[test]
    fn a_decision_holds_its_threads_of_the_pool_at_most_the_pool() {
        let l = BotLimits {
            pool_threads: 3,
            max_threads: 8,
            ..limits()
        };
        assert_eq!(l.pool_share(&spec("random")), 0);
        assert_eq!(l.pool_share(&spec("greedy")), 1);
        assert_eq!(l.pool_share(&spec("mcts:1s,threads=2")), 2);
        assert_eq!(l.pool_share(&spec("mcts:1s,threads=8")), 3);
    }
}
