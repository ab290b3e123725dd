//! The rows the store reads and writes: games, seats, moves, snapshots.

/// A seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// Seat number.
    pub seat: i64,
    /// `human` or `bot`.
    pub kind: String,
    /// The bot spec for bot seats.
    pub bot: Option<String>,
    /// A display name.
    pub name: Option<String>,
    /// SHA-256 of the seat's secret token (human seats).
    pub token_hash: Option<String>,
    /// SHA-256 of the seat's second token, its profile's (a human seat a
    /// profile holds, once the profile listed the game: see
    /// [`crate::services::devices`]); it opens the seat as its own token does.
    pub profile_token_hash: Option<String>,
    /// Whether someone claimed the seat.
    pub claimed: bool,
    /// When it was claimed (ms since the epoch; a bot seat: at creation).
    pub claimed_at: Option<i64>,
    /// Whether the seat is away: its time ran out, and the game's
    /// `on_timeout` bot decides for it until the player comes back.
    pub away: bool,
    /// What is left of the seat's time bank (ms), once it spent some; None:
    /// the whole bank of the game's clock.
    pub bank_ms: Option<i64>,
    /// When the seat last came back from away (ms since the epoch).
    pub back_at: Option<i64>,
    /// The profile that took it (a player's, or a bot's), if any.
    pub profile: Option<String>,
    /// When its player resigned (ms since the epoch): the seat is away for
    /// good, its stand-in bot plays it to the end. None while they play.
    pub resigned_at: Option<i64>,
    /// The URL its player wants POSTed to on their turn (see
    /// [`crate::services::webhooks`]); never shown to anyone else.
    pub webhook: Option<String>,
}

impl SeatRow {
    /// An open seat: a human seat nobody took that has no invite, so anyone
    /// may join it.
    pub fn is_open(&self) -> bool {
        self.kind == "human" && !self.claimed && self.token_hash.is_none()
    }
}

/// A game's time control as stored (see [`crate::services::clock`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockRow {
    /// Time for each decision before the bank is drawn on (ms).
    pub per_decision_ms: Option<i64>,
    /// Each seat's time bank at the start (ms).
    pub bank_ms: Option<i64>,
    /// The bot spec that decides for a seat whose time ran out.
    pub on_timeout: String,
}

/// A game's header as stored.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Game id (random, URL-safe).
    pub id: String,
    /// Game kind (`ds`).
    pub game: String,
    /// Player count.
    pub players: i64,
    /// The setup as JSON.
    pub setup: String,
    /// The options typed at creation, as a JSON array.
    pub options: String,
    /// The seed.
    pub seed: u64,
    /// Whether the creator chose the seed (told to every seat).
    pub seed_chosen: bool,
    /// Creation time (ms since the epoch).
    pub created_at: i64,
    /// Last change (ms since the epoch).
    pub updated_at: i64,
    /// Moves stored.
    pub moves: i64,
    /// `active` or `over`.
    pub status: String,
    /// Final outcome JSON once over.
    pub outcome: Option<String>,
    /// The game's time control (None: no clock).
    pub clock: Option<ClockRow>,
    /// Whether spectators may write in the game's chat (seats always may).
    pub spectator_chat: bool,
    /// The limit key of the client address that created it (None for a
    /// game stored before creators were): its bots' decisions queue for the
    /// bot pool as that address's ([`crate::services::bots::pool`]).
    pub creator: Option<String>,
}

/// One stored move.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// Move number from 0.
    pub n: i64,
    /// The seat that chose.
    pub seat: i64,
    /// The choice as JSON.
    pub choice: String,
    /// When (ms since the epoch).
    pub at: i64,
    /// The bot that chose for the seat while it was away (its spec), if a
    /// stand-in chose (None: the seat's own player or bot).
    pub stand_in: Option<String>,
}

/// A move to append, with the game's new status when it ends the game.
pub struct NewMove<'a> {
    /// Game id.
    pub game_id: &'a str,
    /// Move number (must be the next one).
    pub n: i64,
    /// Seat.
    pub seat: i64,
    /// Choice JSON.
    pub choice: &'a str,
    /// Time (ms).
    pub at: i64,
    /// Outcome JSON when this move ends the game.
    pub outcome: Option<&'a str>,
    /// The mover's time bank after this move (ms), stored with it: a human
    /// seat's move in a game with a clock.
    pub bank_ms: Option<i64>,
    /// The stand-in bot's spec when a stand-in chose for an away seat.
    pub stand_in: Option<&'a str>,
}

/// A stored snapshot of a game (see [`super::Store::put_snapshot`]).
#[derive(Clone, Debug)]
pub struct SnapshotRow {
    /// The stored moves it includes (its state is the one after them).
    pub n: i64,
    /// The server version that wrote it.
    pub version: String,
    /// The snapshot as JSON text.
    pub body: String,
}
