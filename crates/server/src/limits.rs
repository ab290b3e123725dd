//! Server-side limits. [`BotLimits`]: what a bot seat may cost (a bot spec
//! from `POST /api/games` is refused when its budget exceeds them, a
//! stored spec from before a limit was lowered is clamped to them when it
//! runs, and every decision stops at the time limit whatever its iteration
//! budget), how many searches run at once, and how many unfinished bot
//! games one client address may have. [`TrafficLimits`]: how many games one
//! client address may create, how many WebSockets may be open (on the
//! server, on one game, from one client address) and how often the server
//! pings them. [`ConnectionLimits`]: how long a connection may take to send
//! a request head or sit idle, and how many TCP connections one client
//! address may hold open. [`MemoryLimits`]: when an idle game leaves
//! memory, and how often a game's state is stored as a snapshot.
//! [`ChatLimits`]: how many chat messages of seats and of spectators a game
//! keeps, and how fast its spectators may write.

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
/// Environment variable: most WebSockets open at once from one client address.
pub const ENV_MAX_SOCKETS_PER_ADDRESS: &str = "EONS_MAX_SOCKETS_PER_ADDRESS";
/// Environment variable: milliseconds between the server's pings on a WebSocket.
pub const ENV_WS_PING_MS: &str = "EONS_WS_PING_MS";

/// Environment variable: milliseconds a connection may take to send a whole
/// request head (and then a request its whole body).
pub const ENV_HEADER_TIMEOUT_MS: &str = "EONS_HEADER_TIMEOUT_MS";
/// Environment variable: milliseconds a keep-alive connection may sit idle.
pub const ENV_IDLE_TIMEOUT_MS: &str = "EONS_IDLE_TIMEOUT_MS";
/// Environment variable: most TCP connections open at once from one client address.
pub const ENV_MAX_CONNECTIONS_PER_ADDRESS: &str = "EONS_MAX_CONNECTIONS_PER_ADDRESS";

/// Environment variable: the newest seat messages a game's chat keeps.
pub const ENV_MAX_SEAT_CHAT_MESSAGES: &str = "EONS_MAX_SEAT_CHAT_MESSAGES";
/// Environment variable: the newest spectator messages a game's chat keeps.
pub const ENV_MAX_SPECTATOR_CHAT_MESSAGES: &str = "EONS_MAX_SPECTATOR_CHAT_MESSAGES";
/// Environment variable: chat messages the spectators of one game may send
/// per minute, all together.
pub const ENV_SPECTATOR_CHAT_PER_MINUTE: &str = "EONS_SPECTATOR_CHAT_PER_MINUTE";

/// Environment variable: seconds a game stays in memory with nobody using it.
pub const ENV_EVICT_IDLE_AFTER_S: &str = "EONS_EVICT_IDLE_AFTER_S";
/// Environment variable: moves between two stored snapshots of a game.
pub const ENV_SNAPSHOT_EVERY: &str = "EONS_SNAPSHOT_EVERY";

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

/// The key under which the per-address limits (new games, open sockets)
/// count client `ip`: an IPv4
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
/// `Retry-After` for new games and for sockets over the per-address cap, 503
/// `busy` for sockets over the server's or a game's cap) and nothing changes.
///
/// Seats before spectators: a socket opened without a seat token (a
/// spectator's) is admitted only while the server, and its game, have fewer
/// than three quarters of their caps open ([`spectator_share`]); a seat's own
/// socket (a valid seat token) may use the whole cap. So spectators alone
/// never fill a game or the server, and a seat's socket is refused only once
/// the other quarter is taken by seats' sockets too.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrafficLimits {
    /// Most games one client address (the TCP peer) may create per hour, all
    /// of them at once if it likes; then one more each 1/N hour.
    pub games_per_hour: u32,
    /// Most WebSockets open at once on the whole server.
    pub max_sockets: usize,
    /// Most WebSockets open at once on one game (every seat and spectator).
    pub max_sockets_per_game: usize,
    /// Most WebSockets open at once from one client address (counted by
    /// [`limit_key`]), seats' and spectators' alike.
    pub max_sockets_per_address: usize,
    /// How often the server pings every WebSocket; a socket from which
    /// nothing (no pong, no other frame) came for two of these is closed.
    pub ws_ping: Duration,
}

/// How many of `cap` sockets spectators may hold: three quarters, rounded
/// down (the rest, at least one place, is kept for seats' own sockets).
pub fn spectator_share(cap: usize) -> usize {
    cap - cap.div_ceil(4)
}

impl Default for TrafficLimits {
    /// 60 new games per hour per address, 1,000 sockets, 50 per game, 20
    /// per client address, a ping every 20 s.
    fn default() -> Self {
        TrafficLimits {
            games_per_hour: 60,
            max_sockets: 1000,
            max_sockets_per_game: 50,
            max_sockets_per_address: 20,
            ws_ping: Duration::from_secs(20),
        }
    }
}

impl TrafficLimits {
    /// The defaults, overridden by [`ENV_MAX_GAMES_PER_HOUR`],
    /// [`ENV_MAX_SOCKETS`], [`ENV_MAX_SOCKETS_PER_GAME`],
    /// [`ENV_MAX_SOCKETS_PER_ADDRESS`] and [`ENV_WS_PING_MS`] where set. A set
    /// but unreadable (or zero) value is an error naming the variable.
    pub fn from_env() -> Result<TrafficLimits, String> {
        Ok(TrafficLimits::default().with([
            env_number(ENV_MAX_GAMES_PER_HOUR)?,
            env_number(ENV_MAX_SOCKETS)?,
            env_number(ENV_MAX_SOCKETS_PER_GAME)?,
            env_number(ENV_MAX_SOCKETS_PER_ADDRESS)?,
            env_number(ENV_WS_PING_MS)?,
        ]))
    }

    /// These limits with the given ones put in place (games per hour, sockets,
    /// sockets per game, sockets per address, ping milliseconds); `None`
    /// keeps a limit, a value too large saturates.
    fn with(mut self, set: [Option<u64>; 5]) -> TrafficLimits {
        let [games_per_hour, sockets, sockets_per_game, sockets_per_address, ping_ms] = set;
        if let Some(n) = games_per_hour {
            self.games_per_hour = u32::try_from(n).unwrap_or(u32::MAX);
        }
        if let Some(n) = sockets {
            self.max_sockets = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(n) = sockets_per_game {
            self.max_sockets_per_game = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(n) = sockets_per_address {
            self.max_sockets_per_address = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(ms) = ping_ms {
            self.ws_ping = Duration::from_millis(ms);
        }
        self
    }
}

/// What one TCP connection may cost: the time it may take to send a request
/// head, the time it may sit idle between requests, and how many connections
/// one client address may hold open (counted by [`limit_key`] of the TCP
/// peer). See `crate::http::edge`, which enforces them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// A connection that has not sent a whole request head this long after it
    /// opened (or after the first byte of a later request) is closed; a
    /// request whose body has not arrived whole this long after its head is
    /// answered 408 and its connection closed.
    pub header_timeout: Duration,
    /// A keep-alive connection with no request in flight and no new request
    /// begun for this long is closed. An upgraded connection (a WebSocket) is
    /// no longer HTTP and is not subject to it.
    pub idle_timeout: Duration,
    /// Most TCP connections open at once from one client address; more are
    /// closed at once, before anything is read from them.
    pub max_connections_per_address: usize,
}

impl Default for ConnectionLimits {
    /// 10 s for a request head, 60 s idle, 64 connections per address.
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections_per_address: 64,
        }
    }
}

impl ConnectionLimits {
    /// The defaults, overridden by [`ENV_HEADER_TIMEOUT_MS`],
    /// [`ENV_IDLE_TIMEOUT_MS`] and [`ENV_MAX_CONNECTIONS_PER_ADDRESS`] where
    /// set. A set but unreadable (or zero) value is an error naming the variable.
    pub fn from_env() -> Result<ConnectionLimits, String> {
        Ok(ConnectionLimits::default().with(
            env_number(ENV_HEADER_TIMEOUT_MS)?,
            env_number(ENV_IDLE_TIMEOUT_MS)?,
            env_number(ENV_MAX_CONNECTIONS_PER_ADDRESS)?,
        ))
    }

    /// These limits with the given ones put in place (milliseconds,
    /// milliseconds, connections); `None` keeps a limit, a value too large
    /// saturates.
    fn with(
        mut self,
        header_timeout_ms: Option<u64>,
        idle_timeout_ms: Option<u64>,
        connections_per_address: Option<u64>,
    ) -> ConnectionLimits {
        if let Some(ms) = header_timeout_ms {
            self.header_timeout = Duration::from_millis(ms);
        }
        if let Some(ms) = idle_timeout_ms {
            self.idle_timeout = Duration::from_millis(ms);
        }
        if let Some(n) = connections_per_address {
            self.max_connections_per_address = usize::try_from(n).unwrap_or(usize::MAX);
        }
        self
    }
}

/// How much of a game's chat is kept, and how fast spectators may write in
/// it (see [`crate::services::chat`]). Seats and spectators are kept apart: a
/// game keeps its newest `seat_messages` messages of seats and, beside
/// them, its newest `spectator_messages` messages of spectators; an older
/// message of the same side rolls off (from memory and storage) when a new
/// one comes, so the chat never closes and spectators never push out what
/// the seats wrote. Each writer has its own rate (a seat, a spectator's
/// address: [`crate::services::chat::CHAT_BURST`] at once, then one every
/// [`crate::services::chat::CHAT_EVERY`]); the spectators of one game also share
/// `spectators_per_minute`, whatever their addresses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChatLimits {
    /// The newest seat messages a game keeps.
    pub seat_messages: usize,
    /// The newest spectator messages a game keeps.
    pub spectator_messages: usize,
    /// Messages the spectators of one game may send per minute, all
    /// together (all of them at once if they like; then one each 1/N
    /// minute).
    pub spectators_per_minute: u32,
}

impl Default for ChatLimits {
    /// 1,500 seat messages and 500 spectator messages kept per game (2,000
    /// in all, as the one cap before), 30 spectator messages a minute per
    /// game.
    fn default() -> Self {
        ChatLimits {
            seat_messages: 1500,
            spectator_messages: 500,
            spectators_per_minute: 30,
        }
    }
}

impl ChatLimits {
    /// The defaults, overridden by [`ENV_MAX_SEAT_CHAT_MESSAGES`],
    /// [`ENV_MAX_SPECTATOR_CHAT_MESSAGES`] and
    /// [`ENV_SPECTATOR_CHAT_PER_MINUTE`] where set. A set but unreadable
    /// (or zero) value is an error naming the variable.
    pub fn from_env() -> Result<ChatLimits, String> {
        Ok(ChatLimits::default().with([
            env_number(ENV_MAX_SEAT_CHAT_MESSAGES)?,
            env_number(ENV_MAX_SPECTATOR_CHAT_MESSAGES)?,
            env_number(ENV_SPECTATOR_CHAT_PER_MINUTE)?,
        ]))
    }

    /// These limits with the given ones put in place (seat messages kept,
    /// spectator messages kept, spectator messages per minute per game);
    /// `None` keeps a limit, a value too large saturates.
    pub fn with(mut self, set: [Option<u64>; 3]) -> ChatLimits {
        let [seat_messages, spectator_messages, per_minute] = set;
        if let Some(n) = seat_messages {
            self.seat_messages = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(n) = spectator_messages {
            self.spectator_messages = usize::try_from(n).unwrap_or(usize::MAX);
        }
        if let Some(n) = per_minute {
            self.spectators_per_minute = u32::try_from(n).unwrap_or(u32::MAX);
        }
        self
    }

    /// The newest messages a game keeps of seats (`spectators` false) or
    /// of spectators (true).
    pub fn kept(&self, spectators: bool) -> usize {
        if spectators {
            self.spectator_messages
        } else {
            self.seat_messages
        }
    }
}

/// How the server keeps games in memory. A game nobody used for
/// `evict_idle_after` (no request, no open WebSocket, no bot playing or
/// waiting to) leaves memory and loads back from storage on demand; a
/// finished game leaves after at most [`MemoryLimits::FINISHED_IDLE`]. Every
/// `snapshot_every` stored moves the game's state is stored too, so that
/// loading replays only the moves after the latest snapshot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemoryLimits {
    /// How long a game stays in memory unused.
    pub evict_idle_after: Duration,
    /// Stored moves (choices and undos) between two snapshots.
    pub snapshot_every: u64,
}

impl Default for MemoryLimits {
    /// 10 minutes idle, a snapshot every 200 moves.
    fn default() -> Self {
        MemoryLimits {
            evict_idle_after: Duration::from_secs(600),
            snapshot_every: 200,
        }
    }
}

impl MemoryLimits {
    /// The longest a finished game stays in memory unused (less if
    /// `evict_idle_after` is less): nobody moves in it any more.
    pub const FINISHED_IDLE: Duration = Duration::from_secs(60);

    /// The defaults, overridden by [`ENV_EVICT_IDLE_AFTER_S`] and
    /// [`ENV_SNAPSHOT_EVERY`] where set. A set but unreadable (or zero)
    /// value is an error naming the variable.
    pub fn from_env() -> Result<MemoryLimits, String> {
        Ok(MemoryLimits::default().with(
            env_number(ENV_EVICT_IDLE_AFTER_S)?,
            env_number(ENV_SNAPSHOT_EVERY)?,
        ))
    }

    /// These limits with the given ones put in place (seconds idle, moves
    /// between snapshots); `None` keeps a limit.
    fn with(mut self, idle_s: Option<u64>, snapshot_every: Option<u64>) -> MemoryLimits {
        if let Some(s) = idle_s {
            self.evict_idle_after = Duration::from_secs(s);
        }
        if let Some(n) = snapshot_every {
            self.snapshot_every = n;
        }
        self
    }

    /// How long a game with this outcome stays in memory unused.
    pub fn idle_limit(&self, over: bool) -> Duration {
        if over {
            self.evict_idle_after.min(Self::FINISHED_IDLE)
        } else {
            self.evict_idle_after
        }
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
    /// `--header-timeout-ms`: [`ConnectionLimits::header_timeout`] in milliseconds.
    pub header_timeout_ms: Option<u64>,
    /// `--idle-timeout-ms`: [`ConnectionLimits::idle_timeout`] in milliseconds.
    pub idle_timeout_ms: Option<u64>,
    /// `--max-connections-per-address`: [`ConnectionLimits::max_connections_per_address`].
    pub max_connections_per_address: Option<u64>,
    /// `--max-sockets-per-address`: [`TrafficLimits::max_sockets_per_address`].
    pub max_sockets_per_address: Option<u64>,
    /// `--ws-ping-ms`: [`TrafficLimits::ws_ping`] in milliseconds.
    pub ws_ping_ms: Option<u64>,
    /// `--evict-idle-after-s`: [`MemoryLimits::evict_idle_after`] in seconds.
    pub evict_idle_after_s: Option<u64>,
    /// `--snapshot-every`: [`MemoryLimits::snapshot_every`].
    pub snapshot_every: Option<u64>,
}

impl LimitOptions {
    /// The option names, as `set` takes them.
    pub const NAMES: &'static [&'static str] = &[
        "--bot-max-time-ms",
        "--bot-max-iterations",
        "--bot-max-threads",
        "--bot-pool-threads",
        "--max-bot-games-per-address",
        "--max-games-per-hour",
        "--max-sockets",
        "--max-sockets-per-game",
        "--header-timeout-ms",
        "--idle-timeout-ms",
        "--max-connections-per-address",
        "--max-sockets-per-address",
        "--ws-ping-ms",
        "--evict-idle-after-s",
        "--snapshot-every",
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
            "--header-timeout-ms" => &mut self.header_timeout_ms,
            "--idle-timeout-ms" => &mut self.idle_timeout_ms,
            "--max-connections-per-address" => &mut self.max_connections_per_address,
            "--max-sockets-per-address" => &mut self.max_sockets_per_address,
            "--ws-ping-ms" => &mut self.ws_ping_ms,
            "--evict-idle-after-s" => &mut self.evict_idle_after_s,
            "--snapshot-every" => &mut self.snapshot_every,
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
            self.max_sockets_per_address,
            self.ws_ping_ms,
        ];
        if set.iter().all(Option::is_none) {
            return Ok(None);
        }
        Ok(Some(TrafficLimits::from_env()?.with(set)))
    }

    /// The connection limits these options ask for: `None` when none of the
    /// connection options is set, else [`ConnectionLimits::from_env`] with
    /// the options on top.
    pub fn connection_limits(&self) -> Result<Option<ConnectionLimits>, String> {
        let set = [
            self.header_timeout_ms,
            self.idle_timeout_ms,
            self.max_connections_per_address,
        ];
        if set.iter().all(Option::is_none) {
            return Ok(None);
        }
        Ok(Some(
            ConnectionLimits::from_env()?.with(set[0], set[1], set[2]),
        ))
    }

    /// The memory limits these options ask for: `None` when neither memory
    /// option is set, else [`MemoryLimits::from_env`] with the options on
    /// top.
    pub fn memory_limits(&self) -> Result<Option<MemoryLimits>, String> {
        if self.evict_idle_after_s.is_none() && self.snapshot_every.is_none() {
            return Ok(None);
        }
        Ok(Some(
            MemoryLimits::from_env()?.with(self.evict_idle_after_s, self.snapshot_every),
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

    /// Options set only the limits they name; the rest come from the
    /// defaults (no `EONS_*` variable is set in the test environment), and
    /// an unset group is left to the server.
    #[test]
    fn limit_options_override_only_what_they_name() {
        let mut o = LimitOptions::default();
        assert_eq!(o.bot_limits(), Ok(None));
        assert_eq!(o.traffic_limits(), Ok(None));
        assert_eq!(o.connection_limits(), Ok(None));
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
        assert!(o.set("--ws-ping-ms", 300));
        assert!(o.set("--max-sockets-per-address", 2));
        let t = o.traffic_limits().expect("readable").expect("set");
        assert_eq!(t.ws_ping, Duration::from_millis(300));
        assert_eq!(t.max_sockets_per_address, 2);
        assert!(o.set("--max-games-per-hour", u64::MAX));
        let t = o.traffic_limits().expect("readable").expect("set");
        assert_eq!(t.games_per_hour, u32::MAX, "saturates");
        assert!(o.set("--idle-timeout-ms", 1500));
        let c = o.connection_limits().expect("readable").expect("set");
        assert_eq!(c.idle_timeout, Duration::from_millis(1500));
        assert_eq!(c.header_timeout, ConnectionLimits::default().header_timeout);
        assert_eq!(
            c.max_connections_per_address,
            ConnectionLimits::default().max_connections_per_address
        );
        assert_eq!(o.memory_limits(), Ok(None));
        assert!(o.set("--snapshot-every", 50));
        let m = o.memory_limits().expect("readable").expect("set");
        assert_eq!(m.snapshot_every, 50);
        assert_eq!(m.evict_idle_after, MemoryLimits::default().evict_idle_after);
        assert!(o.set("--evict-idle-after-s", 30));
        let m = o.memory_limits().expect("readable").expect("set");
        assert_eq!(m.evict_idle_after, Duration::from_secs(30));
        assert_eq!(m.idle_limit(true), Duration::from_secs(30));
        assert_eq!(
            MemoryLimits::default().idle_limit(true),
            MemoryLimits::FINISHED_IDLE
        );
    }

    #[test]
    fn spectators_keep_a_quarter_of_each_cap_for_seats() {
        for (cap, share) in [
            (0, 0),
            (1, 0),
            (2, 1),
            (3, 2),
            (4, 3),
            (5, 3),
            (50, 37),
            (1000, 750),
        ] {
            assert_eq!(spectator_share(cap), share, "{cap}");
        }
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
