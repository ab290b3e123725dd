//! Server-side limits. [`BotLimits`]: what a bot seat may cost (a bot spec
//! from `POST /api/games` is refused when its budget exceeds them, a
//! stored spec from before a limit was lowered is clamped to them when it
//! runs, and every decision stops at the time limit whatever its iteration
//! budget), how many searches run at once, and how many unfinished bot
//! games one client address may have. [`TrafficLimits`]: how many games one client address may create
//! and how many WebSockets may be open.

use eons_bots::{BotKind, BotSpec, Budget};
use std::net::{IpAddr, Ipv6Addr};
use std::time::Duration;

/// Environment variable: most milliseconds of search per bot decision.
pub const ENV_MAX_TIME_MS: &str = "EONS_BOT_MAX_TIME_MS";
/// Environment variable: most MCTS iterations per bot decision.
pub const ENV_MAX_ITERATIONS: &str = "EONS_BOT_MAX_ITERATIONS";
/// Environment variable: most search threads per bot decision.
pub const ENV_MAX_THREADS: &str = "EONS_BOT_MAX_THREADS";
/// Environment variable: most search threads of all bot decisions at once.
pub const ENV_POOL_THREADS: &str = "EONS_BOT_POOL_THREADS";
/// Environment variable: most unfinished bot games one client address may have.
pub const ENV_MAX_BOT_GAMES_PER_ADDRESS: &str = "EONS_MAX_BOT_GAMES_PER_ADDRESS";

/// Environment variable: most games one client address may create per hour.
pub const ENV_MAX_GAMES_PER_HOUR: &str = "EONS_MAX_GAMES_PER_HOUR";
/// Environment variable: most WebSockets open at once on this server.
pub const ENV_MAX_SOCKETS: &str = "EONS_MAX_SOCKETS";
/// Environment variable: most WebSockets open at once on one game.
pub const ENV_MAX_SOCKETS_PER_GAME: &str = "EONS_MAX_SOCKETS_PER_GAME";

/// A whole number above 0 from the environment variable `name`; `None` when
/// unset or empty, an error naming the variable when unreadable or zero.
fn env_number(name: &str) -> Result<Option<u64>, String> {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => match v.trim().parse::<u64>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(format!("{name}=`{v}`: expected a whole number above 0")),
        },
        _ => Ok(None),
    }
}

/// The key under which the new-games limit counts client `ip`: an IPv4
/// address itself, an IPv6 address by its /64 network (the block one
/// household or host is usually given, whose addresses it may use freely,
/// so that rotating through them does not multiply the allowance). An
/// IPv4-mapped IPv6 address counts as its IPv4 address.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// How much traffic the server takes: new games per client address, and
/// open WebSockets. Over a limit the request is refused (429 with
/// `Retry-After` for new games, 503 `busy` for sockets) and nothing changes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrafficLimits {
    /// Most games one client address (the TCP peer) may create per hour, all
    /// of them at once if it likes; then one more each 1/N hour.
    pub games_per_hour: u32,
    /// Most WebSockets open at once on the whole server.
    pub max_sockets: usize,
    /// Most WebSockets open at once on one game (every seat and spectator).
    pub max_sockets_per_game: usize,
}

impl Default for TrafficLimits {
    /// 60 new games per hour per address, 1,000 sockets, 50 per game.
    fn default() -> Self {
        TrafficLimits {
            games_per_hour: 60,
            max_sockets: 1000,
            max_sockets_per_game: 50,
        }
    }
}

impl TrafficLimits {
    /// The defaults, overridden by [`ENV_MAX_GAMES_PER_HOUR`],
    /// [`ENV_MAX_SOCKETS`] and [`ENV_MAX_SOCKETS_PER_GAME`] where set. A set
    /// but unreadable (or zero) value is an error naming the variable.
    pub fn from_env() -> Result<TrafficLimits, String> {
        Ok(TrafficLimits::default().with(
            env_number(ENV_MAX_GAMES_PER_HOUR)?,
            env_number(ENV_MAX_SOCKETS)?,
            env_number(ENV_MAX_SOCKETS_PER_GAME)?,
        ))
    }

    /// These limits with the given ones put in place (games per hour, sockets,
    /// sockets per game); `None` keeps a limit, a value too large saturates.
    fn with(
        mut self,
        games_per_hour: Option<u64>,
        sockets: Option<u64>,
        sockets_per_game: Option<u64>,
    ) -> TrafficLimits {
        if let Some(n) = games_per_hour {
            self.games_per_hour = u32::try_from(n).unwrap_or(u32::MAX);
        }
        if let Some(n) = sockets {
            self.max_sockets = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(n) = sockets_per_game {
            self.max_sockets_per_game = usize::try_from(n).unwrap_or(usize::MAX);
        }
        self
    }
}

/// Limits given as command-line options (`eons serve`, `eons-server`), each
/// a whole number above 0; `None` leaves that limit to the environment or
/// the default. Options win over the environment.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LimitOptions {
    /// `--bot-max-time-ms`: [`BotLimits::max_time`] in milliseconds.
    pub bot_max_time_ms: Option<u64>,
    /// `--bot-max-iterations`: [`BotLimits::max_iterations`].
    pub bot_max_iterations: Option<u64>,
    /// `--bot-max-threads`: [`BotLimits::max_threads`].
    pub bot_max_threads: Option<u64>,
    /// `--bot-pool-threads`: [`BotLimits::pool_threads`].
    pub bot_pool_threads: Option<u64>,
    /// `--max-bot-games-per-address`: [`BotLimits::max_games_per_address`].
    pub max_bot_games_per_address: Option<u64>,
    /// `--max-games-per-hour`: [`TrafficLimits::games_per_hour`].
    pub max_games_per_hour: Option<u64>,
    /// `--max-sockets`: [`TrafficLimits::max_sockets`].
    pub max_sockets: Option<u64>,
    /// `--max-sockets-per-game`: [`TrafficLimits::max_sockets_per_game`].
    pub max_sockets_per_game: Option<u64>,
}

impl LimitOptions {
    /// The option names, as `set` takes them.
    pub const NAMES: [&'static str; 8] = [
        "--bot-max-time-ms",
        "--bot-max-iterations",
        "--bot-max-threads",
        "--bot-pool-threads",
        "--max-bot-games-per-address",
        "--max-games-per-hour",
        "--max-sockets",
        "--max-sockets-per-game",
    ];

    /// Sets the option called `name` (one of [`LimitOptions::NAMES`]);
    /// false for another name.
    pub fn set(&mut self, name: &str, n: u64) -> bool {
        let field = match name {
            "--bot-max-time-ms" => &mut self.bot_max_time_ms,
            "--bot-max-iterations" => &mut self.bot_max_iterations,
            "--bot-max-threads" => &mut self.bot_max_threads,
            "--bot-pool-threads" => &mut self.bot_pool_threads,
            "--max-bot-games-per-address" => &mut self.max_bot_games_per_address,
            "--max-games-per-hour" => &mut self.max_games_per_hour,
            "--max-sockets" => &mut self.max_sockets,
            "--max-sockets-per-game" => &mut self.max_sockets_per_game,
            _ => return false,
        };
        *field = Some(n);
        true
    }

    /// The bot limits these options ask for: `None` when none of the bot
    /// options is set (the server then reads the environment itself), else
    /// [`BotLimits::from_env`] with the options on top.
    pub fn bot_limits(&self) -> Result<Option<BotLimits>, String> {
        let set = [
            self.bot_max_time_ms,
            self.bot_max_iterations,
            self.bot_max_threads,
            self.bot_pool_threads,
            self.max_bot_games_per_address,
        ];
        if set.iter().all(Option::is_none) {
            return Ok(None);
        }
        Ok(Some(BotLimits::from_env()?.with(set)))
    }

    /// The traffic limits these options ask for: `None` when none of the
    /// traffic options is set, else [`TrafficLimits::from_env`] with the
    /// options on top.
    pub fn traffic_limits(&self) -> Result<Option<TrafficLimits>, String> {
        let set = [
            self.max_games_per_hour,
            self.max_sockets,
            self.max_sockets_per_game,
        ];
        if set.iter().all(Option::is_none) {
            return Ok(None);
        }
        Ok(Some(
            TrafficLimits::from_env()?.with(set[0], set[1], set[2]),
        ))
    }
}

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
    /// decision and in the pool as the machine runs in parallel
    /// (`std::thread::available_parallelism`, 1 if unknown), and 10
    /// unfinished bot games per address.
    fn default() -> Self {
        BotLimits {
            max_time: Duration::from_secs(10),
            max_iterations: 1_000_000,
            max_threads: cores(),
            pool_threads: cores(),
            max_games_per_address: 10,
        }
    }
}

impl BotLimits {
    /// The defaults, overridden by [`ENV_MAX_TIME_MS`], [`ENV_MAX_ITERATIONS`],
    /// [`ENV_MAX_THREADS`], [`ENV_POOL_THREADS`] and
    /// [`ENV_MAX_BOT_GAMES_PER_ADDRESS`] where set. A set but unreadable (or
    /// zero) value is an error naming the variable.
    pub fn from_env() -> Result<BotLimits, String> {
        Ok(BotLimits::default().with([
            env_number(ENV_MAX_TIME_MS)?,
            env_number(ENV_MAX_ITERATIONS)?,
            env_number(ENV_MAX_THREADS)?,
            env_number(ENV_POOL_THREADS)?,
            env_number(ENV_MAX_BOT_GAMES_PER_ADDRESS)?,
        ]))
    }

    /// These limits with the given ones put in place (milliseconds,
    /// iterations, threads per decision, pool threads, bot games per
    /// address); `None` keeps a limit, a value too large saturates.
    fn with(mut self, set: [Option<u64>; 5]) -> BotLimits {
        let [time_ms, iterations, threads, pool, games] = set;
        if let Some(ms) = time_ms {
            self.max_time = Duration::from_millis(ms);
        }
        if let Some(n) = iterations {
            self.max_iterations = n;
        }
        if let Some(n) = threads {
            self.max_threads = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(n) = pool {
            self.pool_threads = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(n) = games {
            self.max_games_per_address = n;
        }
        self
    }

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
            c.threads = c.threads.clamp(1, self.max_threads.max(1));
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

    /// Options set only the limits they name; the rest come from the
    /// defaults (no `EONS_*` variable is set in the test environment), and
    /// an unset group is left to the server.
    #[test]
    fn limit_options_override_only_what_they_name() {
        let mut o = LimitOptions::default();
        assert_eq!(o.bot_limits(), Ok(None));
        assert_eq!(o.traffic_limits(), Ok(None));
        assert!(!o.set("--max-games", 3), "not an option");
        for name in LimitOptions::NAMES {
            let mut one = LimitOptions::default();
            assert!(one.set(name, 7), "{name}");
            assert_ne!(one, LimitOptions::default(), "{name} sets a field");
        }
        assert!(o.set("--max-sockets", 7));
        assert!(o.set("--bot-max-time-ms", 250));
        let t = o.traffic_limits().expect("readable").expect("set");
        assert_eq!(t.max_sockets, 7);
        assert_eq!(t.games_per_hour, TrafficLimits::default().games_per_hour);
        assert_eq!(
            t.max_sockets_per_game,
            TrafficLimits::default().max_sockets_per_game
        );
        let b = o.bot_limits().expect("readable").expect("set");
        assert_eq!(b.max_time, Duration::from_millis(250));
        assert_eq!(b.max_iterations, BotLimits::default().max_iterations);
        assert!(o.set("--max-games-per-hour", u64::MAX));
        let t = o.traffic_limits().expect("readable").expect("set");
        assert_eq!(t.games_per_hour, u32::MAX, "saturates");
    }

    #[test]
    fn the_games_limit_counts_an_ipv6_client_by_its_64_network() {
        let key = |s: &str| limit_key(s.parse().expect("ip"));
        assert_eq!(key("2001:db8:0:7::1"), key("2001:db8:0:7:ffff::9"));
        assert_ne!(key("2001:db8:0:7::1"), key("2001:db8:0:8::1"));
        assert_eq!(key("2001:db8:0:7::1"), key("2001:db8:0:7::"));
        assert_eq!(key("203.0.113.5"), key("::ffff:203.0.113.5"));
        assert_ne!(key("203.0.113.5"), key("203.0.113.6"));
    }

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
