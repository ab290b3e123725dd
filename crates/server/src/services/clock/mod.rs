//! Clocks: games that never stall.
//!
//! A game may be created with a time control ([`ClockSpec`]): seconds for
//! each decision (`per_decision_s`) and a bank per seat (`bank_s`), either
//! or both. A human seat's decision may take its `per_decision_s`; what it
//! takes beyond that comes out of its bank. When both are used up the
//! seat's time has run out: it is marked **away**, and the game's
//! `on_timeout` bot decides for it (at the bots' pace) until the player
//! comes back, by acting or with "I'm back" (`POST /api/games/{id}/back`).
//!
//! A clock is a promise the other players rely on (issue 34, hole 6), so:
//! - **The decision whose time ran out is the stand-in's.** A seat that
//!   comes back while that decision is due is back once its stand-in has
//!   made it (the answer says `back_after_this_decision`); a choice
//!   or a take-back it sends meanwhile is refused (409).
//! - **Coming back gives no time.** The bank stays as the timeout left it;
//!   the seat's next decision has its time per decision, if the clock gives
//!   one. When the clock gives none and the bank is spent, the seat has no
//!   time left in this game: "I'm back" is refused (409) and the stand-in
//!   plays it to the end.
//! - **A take-back gives no time.** It returns the seat to the decision it
//!   took back, on that decision's clock: the decision began when it first
//!   began, with the bank it had then ([`crate::services::live::undo::ClockPoint`]).
//! - **A pause never holds a stand-in.** A seat's pause holds the bot
//!   seats only; an away seat's stand-in moves at the bots' pace whatever
//!   the pause (see [`crate::services::bots::pace`]).
//!
//! Nothing of it lives only in memory: the clock is stored with the game,
//! each seat's bank with the move that spent it (in the same transaction),
//! and away and back on the seat, so the deadline of the decision due is
//! known again after a restart: it is counted from the last stored move (or
//! the last claim: the clock does not run while a human seat waits for its
//! player; or the seat's return). Only the process that holds the game's
//! lease ([`crate::services::bots::lease`]) acts on an expired clock, so with several
//! processes on one PostgreSQL database exactly one marks the seat away
//! and its bot decides once (the database refuses a second away mark and a
//! second move `n`).
//!
//! Without a clock the other seats may vote a seat away: once the seat to
//! move has been deciding for [`Clocks::absent_after`] (`--absent-after-s`, 5
//! minutes by default), each other human seat may vote (`POST
//! /api/games/{id}/vote-away {seat}`), and when all of them have, the seat
//! is away as if its time had run out (the `on_timeout` bot, `greedy` by
//! default, decides for it until its player comes back). Votes count for
//! the decision they were cast in, and are kept by the process that took
//! them.

mod away;
pub use away::Comeback;

use crate::error::{echoed, with_quotes_echoed, ApiError};
use crate::services::live::undo::ClockPoint;
use crate::services::live::{now_ms, GameHandle, LiveGame};
use crate::services::Services;
use crate::store::ClockRow;
use eons_bots::BotSpec;
use eons_core::{Seat, Turn};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// The most time per decision a clock may give: a week.
pub const MAX_PER_DECISION: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// The largest bank a clock may give: 30 days.
pub const MAX_BANK: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// The bot that decides for a seat out of time when the creator named none.
pub const DEFAULT_ON_TIMEOUT: &str = "greedy";

/// A create request's time control: `clock: {"per_decision_s": N,
/// "bank_s": M}`, both optional (neither: no clock).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Seconds each decision may take before the bank is drawn on.
    #[serde(default)]
    pub per_decision_s: Option<u64>,
    /// Seconds each seat has in its bank at the start.
    #[serde(default)]
    pub bank_s: Option<u64>,
}

impl ClockSpec {
    /// The stored clock, with `on_timeout` (a bot spec, checked by the
    /// caller); None when neither time is given. Refused (400) when a time
    /// is over its cap or the two leave no time at all.
    pub fn to_row(self, on_timeout: String) -> Result<Option<ClockRow>, ApiError> {
        if self.per_decision_s.is_none() && self.bank_s.is_none() {
            return Ok(None);
        }
        let ms = |s: u64, most: Duration, what: &str| -> Result<i64, ApiError> {
            if s > most.as_secs() {
                return Err(ApiError::BadRequest(format!(
                    "clock: {what} is at most {} s",
                    most.as_secs()
                )));
            }
            Ok(i64::try_from(s * 1000).unwrap_or(i64::MAX))
        };
        let per_decision_ms = self
            .per_decision_s
            .map(|s| ms(s, MAX_PER_DECISION, "per_decision_s"))
            .transpose()?;
        let bank_ms = self.bank_s.map(|s| ms(s, MAX_BANK, "bank_s")).transpose()?;
        if per_decision_ms.unwrap_or(0) + bank_ms.unwrap_or(0) == 0 {
            return Err(ApiError::BadRequest(
                "clock: per_decision_s and bank_s leave no time to decide".into(),
            ));
        }
        Ok(Some(ClockRow {
            per_decision_ms,
            bank_ms,
            on_timeout,
        }))
    }
}

/// Reads a create request's `on_timeout` bot spec (default
/// [`DEFAULT_ON_TIMEOUT`]); the caller checks it against the bot limits.
pub fn on_timeout_spec(text: Option<&str>) -> Result<BotSpec, ApiError> {
    let text = text.unwrap_or(DEFAULT_ON_TIMEOUT);
    if text.len() > 64 {
        return Err(ApiError::BadRequest(format!(
            "on_timeout: bot spec `{}` is longer than 64 bytes",
            echoed(text)
        )));
    }
    BotSpec::parse(text).map_err(|e| {
        ApiError::BadRequest(format!(
            "on_timeout: {}",
            with_quotes_echoed(&e.to_string())
        ))
    })
}

/// One seat's clock as every view shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SeatClock {
    /// The seat.
    pub seat: u8,
    /// What is left of its bank (ms); for the seat to move, as it was when
    /// its decision began (the deadline says the rest).
    pub bank_ms: i64,
    /// Its time ran out: the `on_timeout` bot decides for it.
    pub away: bool,
}

/// A game's clock as every view shows it (`clock` in views and pushes).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ClockView {
    /// Time for each decision (ms; 0: none, only the bank).
    pub per_decision_ms: i64,
    /// Each seat's bank at the start (ms).
    pub bank_ms: i64,
    /// The bot that decides for a seat out of time.
    pub on_timeout: String,
    /// The seat whose clock runs, and when its time runs out (ms since the
    /// epoch): None while nobody's runs (the game is over, a bot or an
    /// away seat is to move, or a human seat is not taken yet).
    pub running: Option<Running>,
    /// The server's time when this was written (ms since the epoch), so a
    /// client can count down on its own clock whatever its offset.
    pub now: i64,
    /// Every seat's clock.
    pub seats: Vec<SeatClock>,
}

/// The clock that runs now.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Running {
    /// The seat to move.
    pub seat: u8,
    /// When its time runs out (ms since the epoch).
    pub deadline: i64,
}

/// The default time a seat to move must have been deciding before the
/// others may vote it away.
pub const ABSENT_AFTER: Duration = crate::config::ABSENT_AFTER;

/// A vote to hand an absent seat to a bot, as every view shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct AbsentVote {
    /// The seat to move (a human seat deciding itself).
    pub seat: u8,
    /// Since when it has been deciding (ms since the epoch).
    pub since: i64,
    /// From when the others may vote it away (ms since the epoch).
    pub from: i64,
    /// The seats that voted so far (this decision).
    pub votes: Vec<u8>,
    /// The seats whose votes it takes.
    pub voters: Vec<u8>,
}

/// The timer of a game's running clock (one per game; a newer one aborts it).
struct ClockTimer {
    /// What it waits for.
    running: Running,
    /// The move it was armed at.
    moves: i64,
    /// Its task.
    task: tokio::task::AbortHandle,
}

impl Drop for ClockTimer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The clocks service: how long a seat must have been deciding before the
/// others may vote it away. (Each game's clock is in its [`GameClock`];
/// the timers run as tasks of their own.)
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    /// How long the seat to move must have been deciding before the others
    /// may vote it away (`--absent-after-s`).
    absent_after: Duration,
}

impl Clocks {
    /// The clocks service.
    pub fn new(absent_after: Duration) -> Clocks {
        Clocks { absent_after }
    }

    /// How long the seat to move must have been deciding before the others
    /// may vote it away.
    pub fn absent_after(&self) -> Duration {
        self.absent_after
    }
}

/// One game's clock as it runs in memory: its timer, the away votes and
/// the stand-ins' debts.
#[derive(Default)]
pub struct GameClock {
    /// The timer of the clock that runs now.
    timer: Option<ClockTimer>,
    /// Votes to hand an absent seat to a bot: (target, voter, at move).
    away_votes: Vec<(u8, u8, i64)>,
    /// How long a seat must have been deciding before the others may vote
    /// it away (the service's, copied for the views).
    absent_after: Duration,
    /// After a take-back, when the decision the seat is back at began: its
    /// clock runs from then, not from the take-back (None: from the last
    /// stored row).
    from: Option<i64>,
    /// The decision a stand-in owes: the seat whose time ran out (or that
    /// was voted away) and the move it was due at. Kept in memory: after a
    /// restart a returning seat may make that decision itself.
    stand_in_owes: Option<(u8, i64)>,
    /// Away seats that came back during the decision their stand-in owes:
    /// they are back once it has made it (see [`Services::come_back`]).
    returning: Vec<u8>,
}

impl GameClock {
    /// A game's clock with nothing running yet.
    pub fn new(absent_after: Duration) -> GameClock {
        GameClock {
            absent_after,
            ..GameClock::default()
        }
    }

    /// After a take-back: the decision the seat is back at began at `at`
    /// (None: the clock runs from the last stored row).
    pub fn run_from(&mut self, at: Option<i64>) {
        self.from = at;
    }

    /// When the current decision's clock runs from, if a take-back set it.
    pub fn runs_from(&self) -> Option<i64> {
        self.from
    }

    /// `seat` will not come back (it resigned): no return is pending for it.
    pub fn forget_return(&mut self, seat: Seat) {
        self.returning.retain(|s| *s != seat.0);
    }
}

impl LiveGame {
    /// The bot spec that decides for `seat` now: a bot seat's own, or the
    /// game's `on_timeout` bot for a human seat that is away; None for a
    /// human seat that decides itself.
    pub(crate) fn decider(&self, seat: Seat) -> Option<&str> {
        let row = self.seat_row(seat)?;
        if row.kind == "bot" {
            return Some(row.bot.as_deref().unwrap_or("random"));
        }
        if row.away {
            return Some(self.stand_in_spec());
        }
        None
    }

    /// The bot spec that plays a human seat that is away (or resigned): the
    /// clock's `on_timeout` kind, [`DEFAULT_ON_TIMEOUT`] without a clock.
    pub(crate) fn stand_in_spec(&self) -> &str {
        self.row
            .clock
            .as_ref()
            .map_or(DEFAULT_ON_TIMEOUT, |c| c.on_timeout.as_str())
    }

    /// A bot (a bot seat's, or the stand-in of an away seat) is to move.
    pub(crate) fn bot_to_move(&self) -> bool {
        match self.state.turn() {
            Turn::Seat(s) => self.decider(s).is_some(),
            Turn::Over => false,
        }
    }

    /// What is left of `seat`'s bank (ms).
    fn bank_of(&self, seat: Seat) -> i64 {
        let whole = self.row.clock.as_ref().and_then(|c| c.bank_ms).unwrap_or(0);
        self.seat_row(seat)
            .and_then(|r| r.bank_ms)
            .unwrap_or(whole)
            .max(0)
    }

    /// When the clock of `seat`'s decision due now started: the last stored
    /// move (after a take-back: when the decision taken back began), the
    /// last claim (None while a human seat is not taken) or the seat's
    /// return, whichever is latest.
    fn decision_began(&self, seat: Seat) -> Option<i64> {
        let mut began = self.clock.from.unwrap_or(self.row.updated_at);
        for s in &self.seats {
            if s.kind == "human" {
                if !s.claimed {
                    return None;
                }
                began = began.max(s.claimed_at.unwrap_or(0));
            }
        }
        let back = self.seat_row(seat).and_then(|r| r.back_at).unwrap_or(0);
        Some(began.max(back))
    }

    /// The clock that runs now, if any (see [`ClockView::running`]).
    pub fn running_clock(&self) -> Option<Running> {
        let clock = self.row.clock.as_ref()?;
        let Turn::Seat(seat) = self.state.turn() else {
            return None;
        };
        if self.decider(seat).is_some() {
            return None;
        }
        let began = self.decision_began(seat)?;
        let allowance = clock.per_decision_ms.unwrap_or(0) + self.bank_of(seat);
        Some(Running {
            seat: seat.0,
            deadline: began.saturating_add(allowance),
        })
    }

    /// What `seat`'s bank will be after it decides at `at` (ms): None
    /// without a clock, or when a bot decides for the seat.
    pub(crate) fn bank_after(&self, seat: Seat, at: i64) -> Option<i64> {
        let clock = self.row.clock.as_ref()?;
        if self.decider(seat).is_some() {
            return None;
        }
        let began = self.decision_began(seat).unwrap_or(at);
        let over = (at - began - clock.per_decision_ms.unwrap_or(0)).max(0);
        Some((self.bank_of(seat) - over).max(0))
    }

    /// Where `seat`'s clock stands for the decision it makes at `at`: when
    /// that decision began and the bank it had then. None without a clock,
    /// or when a bot decides for the seat.
    pub(crate) fn clock_point(&self, seat: Seat, at: i64) -> Option<ClockPoint> {
        self.row.clock.as_ref()?;
        if self.decider(seat).is_some() {
            return None;
        }
        Some(ClockPoint {
            began: self.decision_began(seat).unwrap_or(at),
            bank_ms: self.bank_of(seat),
        })
    }

    /// True when the seat to move is an away seat played by its stand-in
    /// (a seat's pause does not hold it).
    pub(crate) fn stand_in_to_move(&self) -> bool {
        match self.state.turn() {
            Turn::Seat(s) => self
                .seat_row(s)
                .is_some_and(|r| r.kind == "human" && r.away),
            Turn::Over => false,
        }
    }

    /// True when the clock leaves `seat` no time in this game: no time per
    /// decision and nothing left in its bank.
    fn out_of_time(&self, seat: Seat) -> bool {
        self.row
            .clock
            .as_ref()
            .is_some_and(|c| c.per_decision_ms.unwrap_or(0) == 0 && self.bank_of(seat) == 0)
    }

    /// Notes a move's spending of `seat`'s bank in memory (as stored).
    pub(crate) fn spend_bank(&mut self, seat: Seat, bank_ms: Option<i64>) {
        if let Some(bank) = bank_ms {
            if let Some(row) = self.seats.iter_mut().find(|r| r.seat == i64::from(seat.0)) {
                row.bank_ms = Some(bank);
            }
        }
    }

    /// The human seats, taken and not away, other than `seat`: those whose
    /// votes hand `seat` to a bot.
    fn voters_against(&self, seat: Seat) -> Vec<u8> {
        self.seats
            .iter()
            .filter(|s| s.kind == "human" && s.claimed && !s.away && s.seat != i64::from(seat.0))
            .filter_map(|s| u8::try_from(s.seat).ok())
            .collect()
    }

    /// The vote that may hand the seat to move to a bot (None: the game has
    /// a clock, which does that itself, no human seat is deciding itself,
    /// the seat to move is at the table (a socket of its open), or nobody
    /// could vote).
    pub fn absent_vote(&self) -> Option<AbsentVote> {
        let after = self.clock.absent_after;
        if self.row.clock.is_some() {
            return None;
        }
        let Turn::Seat(seat) = self.state.turn() else {
            return None;
        };
        if self.decider(seat).is_some() {
            return None;
        }
        // A player who is at the table is not voted away, however long they think.
        if self.presence.online(seat) {
            return None;
        }
        let since = self.decision_began(seat)?;
        let voters = self.voters_against(seat);
        if voters.is_empty() {
            return None;
        }
        Some(AbsentVote {
            seat: seat.0,
            since,
            from: since.saturating_add(i64::try_from(after.as_millis()).unwrap_or(i64::MAX)),
            votes: self
                .clock
                .away_votes
                .iter()
                .filter(|(target, _, moves)| *target == seat.0 && *moves == self.moves)
                .map(|(_, voter, _)| *voter)
                .collect(),
            voters,
        })
    }

    /// The clock as every view shows it; None without one.
    pub fn clock_view(&self) -> Option<ClockView> {
        let clock = self.row.clock.as_ref()?;
        Some(ClockView {
            per_decision_ms: clock.per_decision_ms.unwrap_or(0),
            bank_ms: clock.bank_ms.unwrap_or(0),
            on_timeout: clock.on_timeout.clone(),
            running: self.running_clock(),
            now: now_ms(),
            seats: self
                .seats
                .iter()
                .filter(|s| s.kind == "human")
                .filter_map(|s| {
                    let seat = Seat(u8::try_from(s.seat).ok()?);
                    Some(SeatClock {
                        seat: seat.0,
                        bank_ms: self.bank_of(seat),
                        away: s.away,
                    })
                })
                .collect(),
        })
    }
}

impl Services {
    /// Arms the timer of the clock that runs now in game `h` (none runs:
    /// drops any timer), if this process holds the game's lease. Called
    /// with the game's lock after every change ([`Services::kick`]).
    pub(crate) fn arm_clock(self: &Arc<Self>, h: &Arc<GameHandle>, g: &mut LiveGame) {
        let running = match g.running_clock() {
            Some(r) if self.holds_lease(&g.row.id) => r,
            _ => {
                g.clock.timer = None;
                return;
            }
        };
        if g.clock
            .timer
            .as_ref()
            .is_some_and(|t| t.running == running && t.moves == g.moves)
        {
            return;
        }
        let services = self.clone();
        let handle = h.clone();
        let moves = g.moves;
        let task = tokio::spawn(async move {
            let wait = running.deadline.saturating_sub(now_ms()).max(0);
            tokio::time::sleep(Duration::from_millis(wait.unsigned_abs())).await;
            services.expire(&handle, running, moves).await;
        });
        g.clock.timer = Some(ClockTimer {
            running,
            moves,
            task: task.abort_handle(),
        });
    }

    /// The timer of `running`, armed at move `moves`, went off: if that
    /// clock still runs and this process still holds the lease, the seat is
    /// marked away (stored first) and its stand-in bot starts.
    async fn expire(self: &Arc<Self>, h: &Arc<GameHandle>, running: Running, moves: i64) {
        let mut g = h.inner.lock().await;
        if g.moves != moves || g.running_clock() != Some(running) {
            return;
        }
        if now_ms() < running.deadline {
            // Woken early (the system clock moved): wait again.
            g.clock.timer = None;
            self.arm_clock(h, &mut g);
            return;
        }
        if !self.holds_lease(&g.row.id) {
            return;
        }
        let id = g.row.id.clone();
        let seat = i64::from(running.seat);
        match self
            .store
            .set_away(&id, seat, true, Some(0), running.deadline)
            .await
        {
            Ok(true) => {
                if let Some(row) = g.seats.iter_mut().find(|r| r.seat == seat) {
                    row.away = true;
                    row.bank_ms = Some(0);
                }
                g.clock.stand_in_owes = Some((running.seat, moves));
                tracing::info!(game = %id, "move" = moves, seat = running.seat, "clock ran out: the seat is away");
            }
            // Another process marked it first: catch up.
            Ok(false) => match self.store.seats(&id).await {
                Ok(seats) => g.seats = seats,
                Err(e) => tracing::warn!(game = %id, error = %e, "cannot read the seats"),
            },
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "cannot mark a seat away (tried again soon)");
                drop(g);
                tokio::time::sleep(Duration::from_secs(1)).await;
                // Dropping this timer ends this task at its next wait, so
                // nothing is awaited after it: the kick arms a new one.
                h.inner.lock().await.clock.timer = None;
                self.kick(h.clone());
                return;
            }
        }
        // This task's own timer: dropping it ends the task at its next wait,
        // and none follows.
        g.clock.timer = None;
        let n = g.moves;
        drop(g);
        self.changed(h, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_needs_some_time_and_no_more_than_its_caps() {
        let none = ClockSpec::default().to_row("greedy".into());
        assert!(matches!(none, Ok(None)));
        let zero = ClockSpec {
            per_decision_s: Some(0),
            bank_s: Some(0),
        };
        assert!(zero.to_row("greedy".into()).is_err());
        let long = ClockSpec {
            per_decision_s: Some(MAX_PER_DECISION.as_secs() + 1),
            bank_s: None,
        };
        assert!(long.to_row("greedy".into()).is_err());
        let live = ClockSpec {
            per_decision_s: Some(20),
            bank_s: Some(600),
        };
        let row = live.to_row("random".into()).ok().flatten();
        assert_eq!(
            row,
            Some(ClockRow {
                per_decision_ms: Some(20_000),
                bank_ms: Some(600_000),
                on_timeout: "random".into(),
            })
        );
    }

    #[test]
    fn on_timeout_defaults_to_greedy_and_refuses_unknown_bots() {
        assert_eq!(
            on_timeout_spec(None).map(|s| s.to_string()).ok(),
            Some("greedy".into())
        );
        assert!(on_timeout_spec(Some("nobody")).is_err());
        assert!(on_timeout_spec(Some(&"x".repeat(65))).is_err());
    }
}
