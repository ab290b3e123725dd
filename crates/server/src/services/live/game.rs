//! One game in memory ([`LiveGame`]): its stored header and seats, its state
//! rebuilt by replay, its log, and the per-game state of each service (the
//! undo points here; the clock, the chat and the bots' pace in their own
//! services' types). What a seat may see of it is a [`Snapshot`].

use super::token_hash;
use super::undo::{undo_marker, UndoPoint};
use crate::error::ApiError;
use crate::games::{DynGame, DynState, EventText, LegalChoice, SeatView};
use crate::services::bots::GameBots;
use crate::services::chat::GameChat;
use crate::services::clock::{self, GameClock};
use crate::store::{GameRow, MoveRow, SeatRow};
use eons_core::{Outcome, Seat, Turn};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::sync::Arc;

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
    /// The label of the board place the choice is about, if any.
    pub place: Option<String>,
    /// What it changed on the board, as everyone sees it.
    pub changes: Vec<crate::games::changes::Delta>,
    /// The bot that chose for the seat while it was away (its spec): the
    /// log says "Bot for Ann", and the choice is not the player's to take
    /// back. None: the seat's own player (or its own bot) chose.
    pub stand_in: Option<String>,
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
        let maker = seat == Some(Seat(self.seat));
        let choice = if maker {
            &self.choice
        } else {
            &self.public_choice
        };
        let places = crate::games::entry_places(
            self.place.as_deref(),
            maker || self.public_choice == self.choice,
            &self.events,
            seat,
        );
        let changes = crate::games::changes::classify(&self.changes);
        json!({
            "n": self.n,
            "seat": self.seat,
            "at": self.at,
            "choice": choice,
            "events": events,
            "places": places,
            "changes": changes,
            "stand_in": self.stand_in,
        })
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
    pub marks: Vec<crate::games::changes::SeatMarks>,
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
    /// the game's lock and builds its answer after (see [`crate::services::reads`]).
    pub log: Vec<Arc<LogEntry>>,
    /// The bots' state in this game: whether a bot task runs for it, and
    /// how fast its bots move as the human seats asked (see
    /// [`crate::services::bots`]).
    pub(crate) bots: GameBots,
    /// Undo: the trailing choices that their seat may still take back, with
    /// the state before each, most recent last. They are the longest run of
    /// one seat's latest choices since the last barrier (a choice that drew
    /// or revealed something) or another seat's choice.
    pub(super) undo: Vec<UndoPoint>,
    /// Seat and barrier of every choice in effect (not taken back), in order.
    pub(super) effective: Vec<(u8, bool)>,
    /// How often each decision of the current run of undo points was taken
    /// back, by its place in the run (see [`super::undo::MAX_TAKE_BACKS_PER_DECISION`]).
    pub(super) take_backs: Vec<u32>,
    /// The id of this finished game's rematch, once a seat asked for one.
    pub rematch: Option<String>,
    /// The snapshot it was loaded from (see [`LiveGame::restored_from`]).
    pub(crate) restored_from: Option<i64>,
    /// The game's clock, away votes and stand-ins (see [`clock`]).
    pub(crate) clock: GameClock,
    /// The game's chat as kept (see [`crate::services::chat`]).
    pub(crate) chat: GameChat,
    /// Which seats have a WebSocket open (see [`super::presence`]).
    pub presence: Arc<super::presence::Presence>,
}

impl LiveGame {
    /// The seat a token belongs to.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        self.seat_of_hash(&token_hash(token))
    }

    /// The seat whose token has this hash (an invite token stops matching
    /// once its seat is claimed: the claim replaces the hash), or whose
    /// profile's token for it has (a seat a profile holds opens with both:
    /// see [`crate::services::devices`]).
    pub fn seat_of_hash(&self, hash: &str) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| {
                s.token_hash.as_deref() == Some(hash)
                    || s.profile_token_hash.as_deref() == Some(hash)
            })
            .and_then(|s| u8::try_from(s.seat).ok().map(Seat))
    }

    /// A claimed seat's row (None for a bot, an open seat or no such seat).
    pub fn claimed_seat(&self, seat: i64) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == seat && s.claimed)
    }

    pub(crate) fn seat_row(&self, seat: Seat) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == i64::from(seat.0))
    }

    /// Public seat list. `profile` is true for a human seat a player's
    /// profile holds (taken with the profile's key: its name is the
    /// profile's own, and the game counts for its rating); a bot's seat
    /// says so by `bot`. `presence` is `online` while a socket of the seat
    /// is open (a bot's seat: always), else `offline`, and `last_seen` when
    /// it was last seen (ms since the epoch; see [`super::presence`]).
    pub fn seats_json(&self) -> Vec<Value> {
        let now = super::now_ms();
        self.seats
            .iter()
            .map(|s| {
                let seen = u8::try_from(s.seat)
                    .map(|n| self.presence.of(Seat(n), now))
                    .unwrap_or(super::presence::Seen {
                        online: false,
                        last_seen: None,
                    });
                let online = s.kind == "bot" || seen.online;
                json!({
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "claimed": s.claimed || s.kind == "bot",
                    "open": s.is_open(),
                    "away": s.away,
                    "resigned": s.resigned_at.is_some(),
                    "presence": if online { "online" } else { "offline" },
                    "last_seen": if s.kind == "bot" { None } else { seen.last_seen },
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
            marks: crate::games::changes::last_moves(
                self.log.iter().map(|e| (e.seat, e.n, e.changes.as_slice())),
                self.state.seats(),
            ),
            bot_pace: self.bots.pace_json(seat),
            final_score: self.state.final_score(),
            rematch: self.rematch.as_ref().map(|id| json!({ "id": id })),
            clock: self.clock_view(),
            spectator_chat: self.row.spectator_chat,
            chat_len: self.chat.sent(),
            webhook: seat
                .and_then(|s| self.seat_row(s))
                .and_then(|r| r.webhook.clone()),
            absent_vote: self.absent_vote(),
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
    pub(super) fn replay_one(&mut self, m: &MoveRow) -> Result<(), String> {
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
        if choice == super::resign_marker() {
            let bot = m
                .stand_in
                .clone()
                .unwrap_or_else(|| self.stand_in_spec().to_string());
            self.resign_seat(Seat(seat), m.n, m.at, &bot);
            return Ok(());
        }
        let before = self.state.clone_box();
        let clock = self.clock_point(Seat(seat), m.at);
        let applied = self
            .state
            .apply(Seat(seat), &choice)
            .map_err(|e| format!("move {}: {e}", m.n))?;
        // A stand-in's choice stands after a restart as it did live.
        self.note_choice(seat, before, &applied, clock, m.stand_in.is_some());
        self.log.push(Arc::new(LogEntry {
            n: m.n,
            seat,
            at: m.at,
            choice: applied.text,
            public_choice: applied.public_text,
            events: applied.events,
            place: applied.place,
            changes: applied.changes,
            stand_in: m.stand_in.clone(),
        }));
        self.moves += 1;
        self.row.moves = self.moves;
        self.row.updated_at = m.at;
        Ok(())
    }
}

/// A row about to be stored in `moves`: a choice, or an undo.
pub(super) struct StoredRow {
    /// Who made it.
    pub(super) seat: Seat,
    /// The choice as JSON text (for an undo, [`undo_marker`]).
    pub(super) choice: String,
    /// When (ms since the epoch).
    pub(super) at: i64,
    /// The outcome, as JSON text, when the row ends the game.
    pub(super) outcome: Option<String>,
    /// The mover's time bank after it (see [`LiveGame::bank_after`]).
    pub(super) bank_ms: Option<i64>,
    /// The stand-in bot's spec when one chose for an away seat.
    pub(super) stand_in: Option<String>,
}

/// Refuses a move or an undo sent for another move count than the game's.
pub(super) fn expect_move(g: &LiveGame, expected: i64) -> Result<(), ApiError> {
    if expected == g.moves {
        Ok(())
    } else {
        Err(ApiError::Stale {
            sent: expected,
            current: g.moves,
        })
    }
}
