//! Live games: loaded from storage by replay, changed one committed move at a
//! time, announced to WebSocket clients, and played by bots on their seats.

use crate::error::ApiError;
use crate::games::{DynGame, DynState, EventText, LegalChoice, SeatView};
use crate::limits::{limit_key, BotLimits, MemoryLimits, TrafficLimits};
use crate::proxies::TrustedProxies;
use crate::store::{GameRow, MoveRow, NewMove, SeatRow, Store, StoreError, Taker, Taking};
use eons_core::{Outcome, Seat, Turn};
use governor::{clock::Clock, DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};

mod bot_games;
mod bots;
mod census;
pub mod chat;
pub mod clock;
mod create;
mod join;
pub mod lease;
mod memory;
mod pace;
pub mod pool;
pub mod profiles;
mod sockets;
mod undo;
pub mod webhooks;
pub use clock::Comeback;
pub use create::{CreateGame, PreparedGame, SeatSpec, MAX_PLAYERS};
pub mod views;
use pace::BotPace;
pub use pace::{PaceAsk, MAX_PACE_MS, MIN_PACE_MS};
use pool::BotPool;
pub use sockets::{Audience, SocketPermit};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{Mutex, MutexGuard};
use undo::UndoPoint;
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

/// One move of the log, in words.
#[derive(Clone, Debug, Serialize)]
pub struct LogEntry {
    /// Move number from 0.
    pub n: i64,
    /// The seat that chose.
    pub seat: u8,
    /// When (ms since the epoch).
    pub at: i64,
    /// The choice in words, as its maker reads it.
    pub choice: String,
    /// The choice as every other reader reads it (no secret named).
    pub public_choice: String,
    /// What happened, in words.
    pub events: Vec<EventText>,
    /// What it changed on the board, as everyone sees it.
    pub changes: Vec<crate::changes::Delta>,
}

impl LogEntry {
    /// The entry as `seat` (None: a spectator) may read it.
    pub fn for_seat(&self, seat: Option<Seat>) -> Value {
        let events: Vec<&str> = self
            .events
            .iter()
            .filter(|e| e.audience.allows(seat))
            .map(|e| e.text.as_str())
            .collect();
        let choice = if seat == Some(Seat(self.seat)) {
            &self.choice
        } else {
            &self.public_choice
        };
        let changes = crate::changes::classify(&self.changes);
        json!({ "n": self.n, "seat": self.seat, "at": self.at, "choice": choice, "events": events, "changes": changes })
    }
}

/// What one seat (or a spectator) may see of a live game at one moment
/// ([`LiveGame::snapshot`]): the body of `GET /api/games/{id}/view` and the
/// `state` of every WebSocket push. Serialised straight to text: the seat's
/// view comes as text already ([`SeatView`]).
#[derive(Debug, Serialize)]
pub struct Snapshot {
    /// The game's id.
    pub id: String,
    /// The game kind's id (`ds`).
    pub game: &'static str,
    /// The game kind's name.
    pub game_name: &'static str,
    /// The number of seats.
    pub players: i64,
    /// When the game was created (ms since the epoch).
    pub created_at: i64,
    /// Moves made so far (the number the next choice must name).
    #[serde(rename = "move")]
    pub moves: i64,
    /// The seat this is for (None: a spectator).
    pub seat: Option<u8>,
    /// The seat to move (None once over).
    pub to_move: Option<u8>,
    /// Whether the game is over.
    pub over: bool,
    /// What the seat to move is asked.
    pub prompt: String,
    /// For a seat: whether it may take back its last choice, and why not.
    pub undo: Option<Value>,
    /// The engine's view for this seat.
    pub view: Box<RawValue>,
    /// The game's UI helpers drawn from that view.
    pub ui: Box<RawValue>,
    /// The seat's legal choices (empty unless it is to move).
    pub legal: Vec<LegalChoice>,
    /// The outcome once over.
    pub outcome: Option<Outcome>,
    /// The public seat list.
    pub seats: Vec<Value>,
    /// Whether the creator chose the seed.
    pub seed_chosen: bool,
    /// Log entries so far.
    pub log_len: usize,
    /// Every seat's last move on the board.
    pub marks: Vec<crate::changes::SeatMarks>,
    /// The bots' pace as this seat sees it.
    pub bot_pace: Value,
    /// Every seat's final score, once over.
    pub final_score: Option<Value>,
    /// The rematch's id, once one was made.
    pub rematch: Option<Value>,
    /// The game's clock (None: it has none).
    pub clock: Option<clock::ClockView>,
    /// Whether spectators may write in the chat (seats always may).
    pub spectator_chat: bool,
    /// Chat messages sent so far, kept or rolled off: the number the next
    /// one gets (read them at `GET …/chat`).
    pub chat_len: usize,
    /// The viewer's own webhook URL (only in its own seat's view).
    pub webhook: Option<String>,
    /// The vote that may hand the seat to move to a bot, when the others
    /// could cast it (see [`clock`]).
    pub absent_vote: Option<clock::AbsentVote>,
    /// The bot that decides for an away seat.
    pub on_timeout: String,
}

/// A game in memory.
pub struct LiveGame {
    /// The stored header.
    pub row: GameRow,
    /// The seats.
    pub seats: Vec<SeatRow>,
    /// The current state (rebuilt by replay).
    pub state: Box<dyn DynState>,
    /// Moves applied (= the next move number).
    pub moves: i64,
    /// The log. Entries are shared, so that a reader copies the list under
    /// the game's lock and builds its answer after (see [`crate::reads`]).
    pub log: Vec<Arc<LogEntry>>,
    /// A bot task is running for this game.
    bot_busy: bool,
    /// Undo: the trailing choices that their seat may still take back, with
    /// the state before each, most recent last. They are the longest run of
    /// one seat's latest choices since the last barrier (a choice that drew
    /// or revealed something) or another seat's choice.
    undo: Vec<UndoPoint>,
    /// Seat and barrier of every choice in effect (not taken back), in order.
    effective: Vec<(u8, bool)>,
    /// How often each decision of the current run of undo points was taken
    /// back, by its place in the run (see [`undo::MAX_TAKE_BACKS_PER_DECISION`]).
    take_backs: Vec<u32>,
    /// How fast the bots move, as the human seats asked.
    pace: BotPace,
    /// The id of this finished game's rematch, once a seat asked for one.
    pub rematch: Option<String>,
    /// The snapshot it was loaded from (see [`LiveGame::restored_from`]).
    restored_from: Option<i64>,
    /// The timer of the clock that runs now (see [`clock`]).
    clock_timer: Option<clock::ClockTimer>,
    /// The game's chat as kept, oldest first (see [`chat`]).
    chat: Vec<crate::store::ChatRow>,
    /// The number the next chat message gets.
    chat_next: i64,
    /// Votes to hand an absent seat to a bot: (target, voter, at move).
    away_votes: Vec<(u8, u8, i64)>,
    /// How long a seat must have been deciding before the others may vote
    /// it away (the hub's, copied for the views).
    absent_after: Duration,
    /// After a take-back, when the decision the seat is back at began: its
    /// clock runs from then, not from the take-back (None: from the last
    /// stored row; see [`clock`]).
    clock_from: Option<i64>,
    /// The latest choice in effect was a stand-in's (kept in memory only):
    /// a take-back refused for it says so.
    last_by_stand_in: bool,
    /// The decision a stand-in owes: the seat whose time ran out (or that
    /// was voted away) and the move it was due at. Kept in memory: after a
    /// restart a returning seat may make that decision itself.
    stand_in_owes: Option<(u8, i64)>,
    /// Away seats that came back during the decision their stand-in owes:
    /// they are back once it has made it (see [`Hub::come_back`]).
    returning: Vec<u8>,
}

impl LiveGame {
    /// The seat a token belongs to.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        self.seat_of_hash(&token_hash(token))
    }

    /// The seat whose token has this hash (an invite token stops matching
    /// once its seat is claimed: the claim replaces the hash).
    pub fn seat_of_hash(&self, hash: &str) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.token_hash.as_deref() == Some(hash))
            .and_then(|s| u8::try_from(s.seat).ok().map(Seat))
    }

    /// A claimed seat's row (None for a bot, an open seat or no such seat).
    pub fn claimed_seat(&self, seat: i64) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == seat && s.claimed)
    }

    fn seat_row(&self, seat: Seat) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == i64::from(seat.0))
    }

    /// Public seat list. `profile` is true for a human seat a player's
    /// profile holds (taken with the profile's key: its name is the
    /// profile's own, and the game counts for its rating); a bot's seat
    /// says so by `bot`.
    pub fn seats_json(&self) -> Vec<Value> {
        self.seats
            .iter()
            .map(|s| {
                json!({
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "claimed": s.claimed || s.kind == "bot",
                    "open": s.is_open(),
                    "away": s.away,
                    "profile": s.kind == "human" && s.profile.is_some(),
                })
            })
            .collect()
    }

    /// What `seat` (None: a spectator) may see now: the body of
    /// `GET …/view` and the `state` of every push.
    pub fn snapshot(&self, kind: &dyn DynGame, seat: Option<Seat>) -> Snapshot {
        let turn = self.state.turn();
        let to_move = match turn {
            Turn::Seat(s) => Some(s.0),
            Turn::Over => None,
        };
        let legal = match (turn, seat) {
            (Turn::Seat(s), Some(me)) if s == me => self.state.legal(),
            _ => Vec::new(),
        };
        let SeatView { view, ui } = self.state.view(seat);
        Snapshot {
            id: self.row.id.clone(),
            game: kind.id(),
            game_name: kind.name(),
            players: self.row.players,
            created_at: self.row.created_at,
            moves: self.moves,
            seat: seat.map(|s| s.0),
            to_move,
            over: turn == Turn::Over,
            prompt: self.state.prompt(),
            undo: seat.map(|s| match self.take_back_refusal(s) {
                None => json!({ "allowed": true }),
                Some(why) => json!({
                    "allowed": false,
                    "reason": why,
                    "own_last_choice": self.last_choice_is(s),
                }),
            }),
            view,
            ui,
            legal,
            outcome: self.state.outcome(),
            seats: self.seats_json(),
            seed_chosen: self.row.seed_chosen,
            log_len: self.log.len(),
            marks: crate::changes::last_moves(
                self.log.iter().map(|e| (e.seat, e.n, e.changes.as_slice())),
                self.state.seats(),
            ),
            bot_pace: self.pace.json(seat),
            final_score: self.state.final_score(),
            rematch: self.rematch.as_ref().map(|id| json!({ "id": id })),
            clock: self.clock_view(),
            spectator_chat: self.row.spectator_chat,
            chat_len: usize::try_from(self.chat_next).unwrap_or(0),
            webhook: seat
                .and_then(|s| self.seat_row(s))
                .and_then(|r| r.webhook.clone()),
            absent_vote: self.absent_vote(self.absent_after),
            on_timeout: self
                .row
                .clock
                .as_ref()
                .map_or(clock::DEFAULT_ON_TIMEOUT, |c| c.on_timeout.as_str())
                .to_string(),
        }
    }

    /// A short public summary for lists.
    pub fn summary(&self, kind: &dyn DynGame) -> Value {
        let to_move = match self.state.turn() {
            Turn::Seat(s) => Some(s.0),
            Turn::Over => None,
        };
        json!({
            "id": self.row.id,
            "game": kind.id(),
            "game_name": kind.name(),
            "players": self.row.players,
            "created_at": self.row.created_at,
            "updated_at": self.row.updated_at,
            "move": self.moves,
            "to_move": to_move,
            "over": to_move.is_none(),
            "outcome": self.state.outcome(),
            "seats": self.seats_json(),
            "seed_chosen": self.row.seed_chosen,
            "rematch": self.rematch.as_ref().map(|id| json!({ "id": id })),
            "clock": self.clock_view(),
        })
    }

    /// Applies a stored move during replay or catch-up.
    fn replay_one(&mut self, m: &MoveRow) -> Result<(), String> {
        if m.n != self.moves {
            return Err(format!(
                "move {} stored where move {} was expected",
                m.n, self.moves
            ));
        }
        let seat = u8::try_from(m.seat).map_err(|_| format!("bad seat {}", m.seat))?;
        let choice: Value =
            serde_json::from_str(&m.choice).map_err(|e| format!("move {}: {e}", m.n))?;
        if choice == undo_marker() {
            if let Some(why) = self.undo_refusal(Seat(seat)) {
                return Err(format!("move {}: an undo that was not allowed: {why}", m.n));
            }
            self.take_back(m.n, m.at);
            return Ok(());
        }
        let before = self.state.clone_box();
        let clock = self.clock_point(Seat(seat), m.at);
        let applied = self
            .state
            .apply(Seat(seat), &choice)
            .map_err(|e| format!("move {}: {e}", m.n))?;
        // Who decided is not stored: a replayed stand-in's choice may be
        // taken back by its seat after a restart.
        self.note_choice(seat, before, &applied, clock, false);
        self.log.push(Arc::new(LogEntry {
            n: m.n,
            seat,
            at: m.at,
            choice: applied.text,
            public_choice: applied.public_text,
            events: applied.events,
            changes: applied.changes,
        }));
        self.moves += 1;
        self.row.moves = self.moves;
        self.row.updated_at = m.at;
        Ok(())
    }
}

/// A row about to be stored in `moves`: a choice, or an undo.
struct StoredRow {
    /// Who made it.
    seat: Seat,
    /// The choice as JSON text (for an undo, [`undo_marker`]).
    choice: String,
    /// When (ms since the epoch).
    at: i64,
    /// The outcome, as JSON text, when the row ends the game.
    outcome: Option<String>,
    /// The mover's time bank after it (see [`LiveGame::bank_after`]).
    bank_ms: Option<i64>,
}

/// Refuses a move or an undo sent for another move count than the game's.
fn expect_move(g: &LiveGame, expected: i64) -> Result<(), ApiError> {
    if expected == g.moves {
        Ok(())
    } else {
        Err(ApiError::Stale {
            sent: expected,
            current: g.moves,
        })
    }
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

/// What a successful submission returns.
#[derive(Debug, Serialize)]
pub struct Submitted {
    /// The game's move number after the choice.
    #[serde(rename = "move")]
    pub moves: i64,
    /// The choice in words, as its maker reads it.
    pub choice: String,
    /// Whether the game is over now.
    pub over: bool,
}

/// Every loaded game, the store, the game kinds and the bot pace.
pub struct Hub {
    /// The database.
    pub store: Store,
    /// Game kinds by id.
    pub kinds: Vec<Arc<dyn DynGame>>,
    /// Delay before each bot decision.
    pub bot_pace: Duration,
    /// The most a bot decision may cost.
    pub bot_limits: BotLimits,
    /// The search threads shared by every game's bot decisions.
    pub bot_pool: BotPool,
    /// Held from counting a client's bot games to storing its new one, so
    /// that two creates at once cannot both take the last place.
    bot_games: Mutex<()>,
    /// New games per address, open sockets.
    pub traffic: TrafficLimits,
    /// Reverse proxies whose `X-Forwarded-For` names the client.
    pub proxies: TrustedProxies,
    /// When idle games leave memory, how often snapshots are stored.
    pub memory: MemoryLimits,
    games: StdMutex<HashMap<String, Arc<GameHandle>>>,
    /// WebSockets open on the whole server and per client address.
    sockets: sockets::SocketCounts,
    /// Games created per client address (a token bucket per [`limit_key`]).
    new_games: DefaultKeyedRateLimiter<IpAddr>,
    /// The games whose bots this process runs (see [`lease`]).
    leases: lease::Leases,
    /// Moves waiting to be committed together (SQLite).
    commits: crate::store::GroupCommit,
    /// Where other people reach the server (invite links point there), when
    /// the operator said so.
    pub public_url: std::sync::OnceLock<crate::PublicUrl>,
    /// Chat messages per writer.
    pub chat_limiter: chat::ChatLimiter,
    /// Replays, logs and records: built off the async workers, within each
    /// client address's allowance ([`crate::reads`]).
    pub reads: crate::reads::CostlyReads,
    /// Take-backs per seat.
    pub take_back_limiter: undo::TakeBackLimiter,
    /// "Your turn" POSTs to the players' webhooks.
    pub webhooks: webhooks::Webhooks,
    /// The address this server is bound to (links fall back to it).
    pub bound: std::sync::OnceLock<std::net::SocketAddr>,
    /// How long the seat to move must have been deciding before the others
    /// may vote it away (default [`clock::ABSENT_AFTER`]).
    pub absent_after: std::sync::OnceLock<Duration>,
}

impl Hub {
    /// A hub over a store.
    pub fn new(
        store: Store,
        kinds: Vec<Arc<dyn DynGame>>,
        bot_pace: Duration,
        bot_limits: BotLimits,
        traffic: TrafficLimits,
        proxies: TrustedProxies,
        memory: MemoryLimits,
    ) -> Arc<Hub> {
        let per_hour = NonZeroU32::new(traffic.games_per_hour).unwrap_or(NonZeroU32::MIN);
        let leases = lease::Leases::new(store.is_postgres());
        Arc::new(Hub {
            store,
            kinds,
            bot_pace,
            bot_pool: BotPool::new(bot_limits.pool_threads),
            bot_games: Mutex::new(()),
            bot_limits,
            traffic,
            proxies,
            memory,
            games: StdMutex::new(HashMap::new()),
            sockets: sockets::SocketCounts::default(),
            new_games: RateLimiter::keyed(Quota::per_hour(per_hour)),
            leases,
            commits: crate::store::GroupCommit::default(),
            public_url: std::sync::OnceLock::new(),
            chat_limiter: chat::ChatLimiter::default(),
            reads: crate::reads::CostlyReads::default(),
            take_back_limiter: undo::TakeBackLimiter::default(),
            webhooks: webhooks::Webhooks::default(),
            bound: std::sync::OnceLock::new(),
            absent_after: std::sync::OnceLock::new(),
        })
    }

    /// Counts a game about to be created by client `addr` (see
    /// [`TrustedProxies::client`]; an IPv6 client counts by its /64, see
    /// [`limit_key`]); refused (429, with the seconds to wait) when that
    /// address used up its games for the hour.
    pub fn allow_new_game(&self, addr: IpAddr) -> Result<(), ApiError> {
        self.new_games
            .check_key(&limit_key(addr))
            .map_err(|not_until| {
                let wait = not_until.wait_time_from(governor::clock::DefaultClock::default().now());
                ApiError::TooManyRequests {
                    message: format!(
                        "this server allows {} new game{} per hour from one address",
                        self.traffic.games_per_hour,
                        if self.traffic.games_per_hour == 1 {
                            ""
                        } else {
                            "s"
                        }
                    ),
                    retry_after: wait.as_secs() + 1,
                }
            })
    }

    /// Forgets addresses whose games-per-hour allowance is full again (run
    /// now and then, so the table does not keep every address ever seen).
    pub fn forget_idle_addresses(&self) {
        self.new_games.retain_recent();
        self.chat_limiter.forget_idle();
        self.reads.forget_idle();
        self.take_back_limiter.forget_idle();
    }

    /// The game kind with this id.
    pub fn kind(&self, id: &str) -> Option<Arc<dyn DynGame>> {
        self.kinds.iter().find(|k| k.id() == id).cloned()
    }

    /// The game `id` if it is in memory (not loading it).
    pub fn cached(&self, id: &str) -> Option<Arc<GameHandle>> {
        let h = self.games.lock().ok().and_then(|m| m.get(id).cloned())?;
        h.touch(now_ms());
        Some(h)
    }

    /// The game `id`, loaded from storage if needed (from its latest
    /// snapshot, then by replaying the moves after it); a game loaded here
    /// with a bot to move has its bots started.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<GameHandle>, ApiError> {
        if let Some(h) = self.cached(id) {
            return Ok(h);
        }
        let (kind, live) = self.load_game(id, true).await?;
        let handle = Arc::new(GameHandle {
            kind,
            inner: Mutex::new(live),
            tx: views::Announcer::new(64),
            chat: tokio::sync::broadcast::channel(64).0,
            views: views::ViewCache::default(),
            sockets: AtomicUsize::new(0),
            last_used: AtomicI64::new(now_ms()),
        });
        let (h, fresh, loaded) = {
            let mut map = self
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

    /// Applies moves and seat claims another process committed (PostgreSQL),
    /// announcing them.
    pub async fn sync(self: &Arc<Self>, h: &Arc<GameHandle>) -> Result<(), ApiError> {
        let mut g = h.inner.lock().await;
        let id = g.row.id.clone();
        let Some(count) = self.store.move_count(&id).await? else {
            return Ok(());
        };
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
        if g.pace.restore(&asks) {
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

    /// Claims `seat` of a game for the holder of its invite token (hash
    /// `invite_hash`): names it and replaces the invite token by a fresh one,
    /// returned only here, so the invite link stops working for every route.
    /// `new_token` is the fresh token when the client chose it (validated by
    /// the caller); otherwise the server draws one.
    /// Refused (changing nothing) when the seat is already claimed, the
    /// hash no longer matches or the chosen token is some seat's already;
    /// 409 when `profile` holds another seat of the game, when the name
    /// looks like another seat's, or when a name asked without a profile
    /// is (or looks like) a profile's (see [`join`]).
    /// Runs to completion even if the caller is dropped, so memory and
    /// database agree.
    pub async fn claim(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: i64,
        invite_hash: String,
        name: String,
        new_token: Option<String>,
        profile: Option<String>,
    ) -> Result<(String, String), ApiError> {
        let hub = self.clone();
        let h = h.clone();
        tokio::spawn(async move {
            let claimed = hub
                .claim_now(&h, seat, &invite_hash, name, new_token, profile)
                .await;
            // The last claim starts the clock.
            hub.kick(h);
            claimed
        })
        .await
        .map_err(|e| ApiError::Internal(format!("claim failed: {e}")))?
    }

    async fn claim_now(
        &self,
        h: &Arc<GameHandle>,
        seat: i64,
        invite_hash: &str,
        name: String,
        new_token: Option<String>,
        profile: Option<String>,
    ) -> Result<(String, String), ApiError> {
        let asked = !name.is_empty();
        let mut g = h.inner.lock().await;
        let id = g.row.id.clone();
        let row = g
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .ok_or_else(|| ApiError::NotFound(format!("game {id} has no seat {}", seat + 1)))?;
        if row.kind != "human" || row.claimed {
            return Err(ApiError::Conflict(format!(
                "seat {} of game {id} is already claimed",
                seat + 1
            )));
        }
        if row.token_hash.as_deref() != Some(invite_hash) {
            return Err(ApiError::NotFound(
                "no open seat has this invite token (an invite link works once)".into(),
            ));
        }
        // A profile plays under its own name.
        let name = join::seat_name(row, profile.as_deref().unwrap_or(&name));
        if let Some(p) = profile.as_deref() {
            g.profile_free(p)?;
        }
        g.name_free(seat, &name)?;
        if profile.is_none() && asked {
            self.refuse_profile_name(&name).await?;
        }
        let token = self.fresh_token(new_token).await?;
        let new_hash = token_hash(&token);
        let at = now_ms();
        if !self
            .store
            .take_seat(
                &id,
                seat,
                Taking::Invite(invite_hash),
                &Taker {
                    name: &name,
                    token_hash: &new_hash,
                    at,
                    profile: profile.as_deref(),
                },
            )
            .await?
        {
            // Another process took it first, or gave the profile another
            // seat: catch up with its seats.
            g.seats = self.store.seats(&id).await?;
            let _ = h.tx.send(g.moves);
            if let Some(p) = profile.as_deref() {
                g.profile_free(p)?;
            }
            return Err(ApiError::Conflict(format!(
                "seat {} of game {id} was just claimed by someone else",
                seat + 1
            )));
        }
        g.seat_taken(seat, &name, new_hash, at, profile);
        // Every connection rechecks its token (sockets of the invite token close).
        let _ = h.tx.send(g.moves);
        Ok((token, name))
    }

    /// Submits `choice` for `seat`, expecting the game at move `expected`.
    /// Returns only after the move is committed.
    ///
    /// The work runs in its own task, which finishes even when the caller is
    /// dropped (a client that disconnects mid-request): a committed move is
    /// always applied in memory too, so the game never stays one move behind
    /// its database.
    pub async fn submit(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
        expected: i64,
        choice: &Value,
    ) -> Result<Submitted, ApiError> {
        let hub = self.clone();
        let h = h.clone();
        let choice = choice.clone();
        tokio::spawn(async move {
            let submitted = hub.submit_now(&h, seat, expected, &choice).await;
            if submitted.is_ok() {
                metrics::counter!(crate::metric_names::MOVES).increment(1);
            }
            submitted
        })
        .await
        .map_err(|e| ApiError::Internal(format!("the move failed: {e}")))?
    }

    async fn submit_now(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: Seat,
        expected: i64,
        choice: &Value,
    ) -> Result<Submitted, ApiError> {
        let g = h.inner.lock().await;
        expect_move(&g, expected)?;
        let mut next = g.state.clone_box();
        let applied = next.apply(seat, choice)?;
        let outcome = next.outcome();
        let at = now_ms();
        let n = g.moves;
        let row = StoredRow {
            seat,
            choice: applied.choice.to_string(),
            at,
            outcome: outcome.as_ref().map(|o| json!(o).to_string()),
            bank_ms: g.bank_after(seat, at),
        };
        let clock = g.clock_point(seat, at);
        let by_stand_in = g
            .seat_row(seat)
            .is_some_and(|r| r.kind == "human" && r.away);
        let mut g = self.store_next_row(h, g, expected, &row).await?;
        g.spend_bank(seat, row.bank_ms);
        let before = std::mem::replace(&mut g.state, next);
        g.note_choice(seat.0, before, &applied, clock, by_stand_in);
        g.moves += 1;
        g.row.moves = g.moves;
        g.row.updated_at = at;
        if let Some(o) = row.outcome {
            g.row.status = "over".into();
            g.row.outcome = Some(o);
        }
        g.log.push(Arc::new(LogEntry {
            n,
            seat: seat.0,
            at,
            choice: applied.text.clone(),
            public_choice: applied.public_text,
            events: applied.events,
            changes: applied.changes,
        }));
        let moves = g.moves;
        let snapshot = g.snapshot_due(self.memory.snapshot_every);
        let ended = outcome.is_some().then(|| g.row.id.clone());
        // The turn passed to a player who asked to be told by webhook.
        if let Turn::Seat(next) = g.state.turn() {
            if next != seat {
                if let Some(row) = g.seat_row(next).filter(|r| r.kind == "human" && !r.away) {
                    if let Some(url) = row.webhook.as_deref() {
                        let player = row
                            .name
                            .clone()
                            .unwrap_or_else(|| format!("player {}", next.0 + 1));
                        self.your_turn(
                            &g.row.id,
                            h.kind.name(),
                            next.0,
                            &player,
                            url,
                            &g.state.prompt(),
                        );
                    }
                }
            }
        }
        drop(g);
        let _ = h.tx.send(moves);
        self.kick(h.clone());
        if let Some(id) = ended {
            self.rate_soon(id);
        }
        if let Some(s) = snapshot {
            self.store_snapshot(s);
        }
        Ok(Submitted {
            moves,
            choice: applied.text,
            over: outcome.is_some(),
        })
    }

    /// Stores `row` as the game's next row (its number is `g.moves`),
    /// holding the game's lock throughout, and hands the lock back. When
    /// another process stored that row first, catches up with it and
    /// answers [`ApiError::Stale`] against `expected`.
    async fn store_next_row<'a>(
        self: &Arc<Self>,
        h: &'a Arc<GameHandle>,
        g: MutexGuard<'a, LiveGame>,
        expected: i64,
        row: &StoredRow,
    ) -> Result<MutexGuard<'a, LiveGame>, ApiError> {
        let r = self
            .commits
            .append(
                &self.store,
                &NewMove {
                    game_id: &g.row.id,
                    n: g.moves,
                    seat: i64::from(row.seat.0),
                    choice: &row.choice,
                    at: row.at,
                    outcome: row.outcome.as_deref(),
                    bank_ms: row.bank_ms,
                },
            )
            .await;
        match r {
            Ok(()) => Ok(g),
            Err(StoreError::Conflict(_)) => {
                // Another process stored this move first: catch up, report stale.
                drop(g);
                self.sync(h).await?;
                let current = h.inner.lock().await.moves;
                Err(ApiError::Stale {
                    sent: expected,
                    current,
                })
            }
            Err(e) => Err(e.into()),
        }
    }
}
