//! Creating a game, in two steps: [`Services::prepare`] checks the whole request
//! (kind, player count, options, seats, names, bot specs) and builds the
//! game without storing anything, and [`Services::store_new`] stores it and
//! starts its bots. The API takes one from the client's games-per-hour
//! allowance between the two, so a refused request (400, 404) costs none.

use super::{now_ms, random_hex, random_seed, token_hash};
use crate::error::{echoed, with_quotes_echoed, ApiError};
use crate::games::DynGame;
use crate::names::requested_name;
use crate::services::clock::{on_timeout_spec, ClockSpec};
use crate::services::Services;
use crate::store::{GameRow, SeatRow};
use eons_bots::BotSpec;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// The most players a game is created for (no game here seats more).
pub const MAX_PLAYERS: usize = 16;

/// The longest bot spec read, in bytes (`mcts:1000000it` is 14).
const MAX_BOT_SPEC_BYTES: usize = 64;

/// One seat in a create request.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// `human` (invited by a link), `open` (anyone may join) or `bot`.
    #[serde(default = "human")]
    pub kind: String,
    /// Bot spec (`random`, `greedy`, `mcts:500ms`) for bot seats.
    #[serde(default)]
    pub bot: Option<String>,
    /// Display name (cleaned: [`crate::names::clean_name`]).
    #[serde(default)]
    pub name: Option<String>,
}

fn human() -> String {
    "human".into()
}

impl Default for SeatSpec {
    fn default() -> Self {
        SeatSpec {
            kind: human(),
            bot: None,
            name: None,
        }
    }
}

/// A create request.
#[derive(Clone, Debug)]
pub struct CreateGame {
    /// Game kind id.
    pub game: String,
    /// Player count.
    pub players: usize,
    /// Setup options.
    pub options: Vec<String>,
    /// Seats (empty: all human).
    pub seats: Vec<SeatSpec>,
    /// Seed (None: random).
    pub seed: Option<u64>,
    /// The [`limit_key`](crate::limits::limit_key) of the client address
    /// that asked for it (as text), stored with the game: its unfinished bot
    /// games count against the address (see
    /// [`BotLimits::max_games_per_address`](crate::BotLimits::max_games_per_address)).
    /// `None`: not counted.
    pub creator: Option<String>,
    /// The time control (none by default: see [`crate::services::clock`]).
    pub clock: ClockSpec,
    /// The bot that decides for a seat whose time ran out (None:
    /// [`crate::services::clock::DEFAULT_ON_TIMEOUT`]); read only with a clock.
    pub on_timeout: Option<String>,
    /// Whether spectators may write in the chat (seats always may).
    pub spectator_chat: bool,
}

/// A create request checked in full and built: only storing it is left.
pub struct PreparedGame {
    /// The game kind.
    kind: Arc<dyn DynGame>,
    /// The game's stored header.
    row: GameRow,
    /// Its seats.
    seats: Vec<SeatRow>,
    /// The invite token of each human seat (`{seat, token}`).
    tokens: Vec<Value>,
    /// The creating client's limit key (see [`CreateGame::creator`]).
    creator: Option<String>,
    /// The names the request gave its seats (cleaned), which
    /// [`Services::refuse_profile_names`] checks against the profiles' names.
    asked_names: Vec<String>,
}

/// The bot spec of a bot seat as the request gave it (`greedy` when none).
fn bot_text(s: &SeatSpec) -> String {
    s.bot.clone().unwrap_or_else(|| "greedy".into())
}

/// Refuses (400) seats whose names would pass for each other
/// ([`crate::names::alike`]), as each is shown: its name, else (a human
/// seat) "player N".
fn names_read_apart(seats: &[SeatRow]) -> Result<(), ApiError> {
    let shown: Vec<String> = seats
        .iter()
        .map(|s| {
            s.name
                .clone()
                .unwrap_or_else(|| format!("player {}", s.seat + 1))
        })
        .collect();
    for (later, name) in shown.iter().enumerate() {
        if let Some(earlier) = shown[..later]
            .iter()
            .position(|other| crate::names::alike(name, other))
        {
            return Err(ApiError::BadRequest(format!(
                "seat {}'s name `{}` looks like seat {}'s `{}`: give the seats names that read apart",
                later + 1,
                echoed(name),
                earlier + 1,
                echoed(&shown[earlier])
            )));
        }
    }
    Ok(())
}

impl Services {
    /// Checks a create request and builds its game, storing nothing:
    /// refused with 404 for an unknown game kind and 400 for anything else
    /// the request gets wrong (player count, an unknown or repeated option,
    /// seats, a name too long to read or refused by
    /// [`crate::names::requested_name`], two seats named alike, a bot spec
    /// or its limits).
    pub fn prepare(&self, req: CreateGame) -> Result<PreparedGame, ApiError> {
        let kind = self.kind(&req.game).ok_or_else(|| {
            ApiError::NotFound(format!(
                "unknown game `{}` (this server offers: {})",
                echoed(&req.game),
                self.kinds
                    .iter()
                    .map(|k| k.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        if req.players == 0 || req.players > MAX_PLAYERS {
            return Err(ApiError::BadRequest(format!("{} players", req.players)));
        }
        // Cheap caps first, before the game reads anything.
        if req.seats.len() > req.players {
            return Err(ApiError::BadRequest(format!(
                "{} seats given for {} players",
                req.seats.len(),
                req.players
            )));
        }
        let setup = kind
            .setup(req.players, &req.options)
            .map_err(|e| ApiError::BadRequest(with_quotes_echoed(&e)))?;
        let seed = match req.seed {
            Some(s) => s,
            None => random_seed()?,
        };
        let state = kind.start(&setup, seed).map_err(ApiError::BadRequest)?;
        let n = state.seats();
        let seat_specs = if req.seats.is_empty() {
            vec![SeatSpec::default(); n]
        } else {
            req.seats
        };
        if seat_specs.len() != n {
            return Err(ApiError::BadRequest(format!(
                "{} seats given for a {n}-seat game",
                seat_specs.len()
            )));
        }
        let names = seat_specs
            .iter()
            .enumerate()
            .map(|(i, s)| {
                requested_name(s.name.as_deref())
                    .map_err(|e| ApiError::BadRequest(format!("seat {}: {e}", i + 1)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let asked_names: Vec<String> = names.iter().flatten().cloned().collect();
        // Unnamed bots of one kind are numbered, so that two read apart.
        let unnamed_bots: Vec<String> = seat_specs
            .iter()
            .zip(&names)
            .filter(|(s, name)| s.kind == "bot" && name.is_none())
            .map(|(s, _)| bot_text(s))
            .collect();
        let mut bots_named: HashMap<String, usize> = HashMap::new();
        let mut seats = Vec::new();
        let mut tokens = Vec::new();
        for (i, (s, name)) in seat_specs.iter().zip(names).enumerate() {
            match s.kind.as_str() {
                // A human seat gets an invite; an open seat is a human seat
                // without one: anyone may join it (`POST /api/games/{id}/join`).
                "human" | "open" => {
                    let invite = (s.kind == "human").then(|| random_hex(16)).transpose()?;
                    seats.push(SeatRow {
                        seat: i as i64,
                        kind: "human".into(),
                        bot: None,
                        name,
                        token_hash: invite.as_deref().map(token_hash),
                        profile_token_hash: None,
                        claimed: false,
                        claimed_at: None,
                        away: false,
                        bank_ms: None,
                        back_at: None,
                        profile: None,
                        resigned_at: None,
                        webhook: None,
                    });
                    if let Some(token) = invite {
                        tokens.push(json!({ "seat": i, "token": token }));
                    }
                }
                "bot" => {
                    let text = bot_text(s);
                    if text.len() > MAX_BOT_SPEC_BYTES {
                        return Err(ApiError::BadRequest(format!(
                            "seat {}: bot spec `{}` is longer than {MAX_BOT_SPEC_BYTES} bytes",
                            i + 1,
                            echoed(&text)
                        )));
                    }
                    let spec = BotSpec::parse(&text).map_err(|e| {
                        let e = with_quotes_echoed(&e.to_string());
                        ApiError::BadRequest(format!("seat {}: {e}", i + 1))
                    })?;
                    self.bots
                        .limits()
                        .check(&spec)
                        .map_err(|e| ApiError::BadRequest(format!("seat {}: {e}", i + 1)))?;
                    kind.check_bot(&spec, req.players)
                        .map_err(|e| ApiError::BadRequest(format!("seat {}: {e}", i + 1)))?;
                    let name = name.unwrap_or_else(|| {
                        let alike = unnamed_bots.iter().filter(|b| **b == text).count();
                        let number = bots_named.entry(text.clone()).or_default();
                        *number += 1;
                        if alike > 1 {
                            format!("bot {number} ({spec})")
                        } else {
                            format!("bot ({spec})")
                        }
                    });
                    seats.push(SeatRow {
                        seat: i as i64,
                        kind: "bot".into(),
                        bot: Some(spec.to_string()),
                        name: Some(name),
                        token_hash: None,
                        profile_token_hash: None,
                        claimed: true,
                        claimed_at: None,
                        away: false,
                        bank_ms: None,
                        back_at: None,
                        profile: Some(crate::services::profiles::bot_profile(&spec.to_string())),
                        resigned_at: None,
                        webhook: None,
                    });
                }
                other => {
                    return Err(ApiError::BadRequest(format!(
                        "seat {}: kind `{}` (expected human, open or bot)",
                        i + 1,
                        echoed(other)
                    )))
                }
            }
        }
        names_read_apart(&seats)?;
        let clock = match req.clock.per_decision_s.or(req.clock.bank_s) {
            None => None,
            Some(_) => {
                let spec = on_timeout_spec(req.on_timeout.as_deref())?;
                self.bots
                    .limits()
                    .check(&spec)
                    .map_err(|e| ApiError::BadRequest(format!("on_timeout: {e}")))?;
                kind.check_bot(&spec, req.players)
                    .map_err(|e| ApiError::BadRequest(format!("on_timeout: {e}")))?;
                req.clock.to_row(spec.to_string())?
            }
        };
        let now = now_ms();
        let row = GameRow {
            id: random_hex(6)?,
            game: kind.id().to_string(),
            players: req.players as i64,
            setup: setup.to_string(),
            options: serde_json::to_string(&req.options).unwrap_or_else(|_| "[]".into()),
            seed,
            seed_chosen: req.seed.is_some(),
            created_at: now,
            updated_at: now,
            moves: 0,
            status: "active".into(),
            outcome: None,
            clock,
            spectator_chat: req.spectator_chat,
            creator: req.creator.clone(),
        };
        Ok(PreparedGame {
            kind,
            row,
            seats,
            tokens,
            creator: req.creator,
            asked_names,
        })
    }

    /// Refuses (409) a prepared game one of whose seats the request named
    /// with a player's profile name, or one that looks like it: only the
    /// profile's key takes a seat under that name (see
    /// [`Services::refuse_profile_name`]).
    pub async fn refuse_profile_names(&self, game: &PreparedGame) -> Result<(), ApiError> {
        for name in &game.asked_names {
            self.refuse_profile_name(name).await?;
        }
        Ok(())
    }

    /// Stores a prepared game and starts its bots: `{id, game, tokens}`.
    /// A game with a bot seat first takes one of its creator's unfinished
    /// bot games (429 when none is left); then `allowance` is asked (the
    /// API's games-per-hour), so that a create refused for either reason
    /// uses up neither.
    pub async fn store_new(
        self: &Arc<Self>,
        game: PreparedGame,
        allowance: impl FnOnce() -> Result<(), ApiError>,
    ) -> Result<Value, ApiError> {
        let id = game.row.id.clone();
        let has_bots = game.seats.iter().any(|s| s.kind == "bot");
        // A game with bots or a clock is run (its bots, its clock) by the
        // process that holds its lease.
        let leased = has_bots || game.row.clock.is_some();
        let creator = game.creator.as_deref();
        // Counting and storing under one lock: two creates at once cannot
        // both take an address's last bot game. A clock's `on_timeout` bot
        // plays a seat out of time, so a game with a clock counts as one
        // with bots.
        let slot = match creator {
            Some(key) if leased => Some(self.allow_bot_game(key).await?),
            _ => None,
        };
        allowance()?;
        // Leased before it is stored, so that its bots start here and
        // nowhere else.
        if leased {
            self.lease_new_game(&id).await;
        }
        if let Err(e) = self
            .store
            .create_game(&game.row, &game.seats, creator)
            .await
        {
            if leased {
                self.give_up_lease(&id).await;
            }
            return Err(e.into());
        }
        drop(slot);
        let h = self.get(&id).await?;
        self.kick(h);
        Ok(json!({ "id": id, "game": game.kind.id(), "tokens": game.tokens }))
    }

    /// Creates a game: [`Services::prepare`], then [`Services::store_new`] (no
    /// allowance taken: the API takes it between the two).
    pub async fn create(self: &Arc<Self>, req: CreateGame) -> Result<Value, ApiError> {
        let game = self.prepare(req)?;
        self.store_new(game, || Ok(())).await
    }
}
