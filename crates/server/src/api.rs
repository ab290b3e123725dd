//! The HTTP API (JSON) and the WebSocket per seat.
//!
//! | method | path | what |
//! |---|---|---|
//! | GET | `/api/server` | `{public_url, version}`: the origin invite links point at (`--public-url`; null: the page's own) |
//! | POST | `/api/profiles` | `{name}` → 201 `{name, key}`: a profile (unique name; the key, given only here, is its browser's secret) |
//! | GET | `/api/me` | with `Authorization: Bearer KEY`: `{name}` of the key's profile |
//! | GET | `/api/profiles/{name}` | a profile's ratings and latest games |
//! | GET | `/api/leaderboard/{game}` | a game kind's ratings, players and bots apart, best first |
//! | GET | `/api/kinds` | game kinds: id, name, options (each `{name, help}` as typed on the command line, and for forms `{key, label, kind: flag\|one_of\|number\|seat_list, values, all_with}`), player counts, `hidden_information` (seats see different things) |
//! | GET | `/api/kinds/{game}/catalog` | the game's catalog: `cards` (`[{id, kind, name, text, reconstructed}]`, every card of the game) and the tables and place labels the UI draws; 404 for an unknown game |
//! | POST | `/api/games` | create: `{game, players, options?, seats?: [{kind: human\|open\|bot, bot?, name?}], seed?, clock?: {per_decision_s?, bank_s?}, on_timeout?, spectator_chat?}` → `{id, tokens: [{seat, token}]}`; checked in full ([`Hub::prepare`]: known options once each, seats, names, bot specs) before it takes from the per-hour allowance |
//! | GET | `/api/games` | recent games (public summaries), 50 a page (`?page=N`, from 0); `?open=1`: the unfinished games with an open seat, every creator's newest first |
//! | POST | `/api/games/{id}/join` | `{name?, new_token?}` → `{game, seat, name, token}`: take the game's first open seat (as a claim answers; 409 when none is open) |
//! | GET | `/api/games/{id}/chat` | the game's chat, `{messages: [{n, seat, name, text, at}]}` (`?since=N`) |
//! | POST | `/api/games/{id}/chat` | `{text, name?}`: a message, as the token's seat, or without a token as a spectator when the creator allowed it (`spectator_chat`); pushed to every socket as `{"type": "chat", "message"}` |
//! | POST | `/api/games/{id}/webhook` | `{url}` with a human seat's token: where to POST "your turn" (when the server allows webhooks; null: none) |
//! | POST | `/api/games/{id}/vote-away` | `{seat}` with another human seat's token: vote to hand the seat to move, deciding for `--absent-after-s`, to a bot; all the others' votes make it away |
//! | POST | `/api/games/{id}/back` | "I'm back": the token's away seat takes itself back from its stand-in bot |
//! | GET | `/api/games/{id}` | one game's public summary |
//! | POST | `/api/claim` | `{token, name?, new_token?}` → `{game, seat, name, token}`: claim an invited seat; the invite token stops working and the returned token is the seat's from now on. With `new_token` (32–128 lowercase hex digits the client drew at random) that becomes the seat's token, and repeating the same request after a lost reply answers the same again |
//! | GET | `/api/games/{id}/view` | the view of the token's seat (or the public view), with its legal choices |
//! | POST | `/api/games/{id}/choice` | `{move, choice}` or `{move, index}` with the seat's token |
//! | POST | `/api/games/{id}/pace` | `{pace_ms, paused}` with a human seat's token: the bots' pace this seat asks (100–20000 ms before each bot decision; `paused` holds the bots until the seat continues). Bots move at the slowest pace asked and wait while any seat paused them; every view says it in `bot_pace` |
//! | GET | `/api/games/{id}/log?since=N` | the log in words (what the token's seat may read), each entry with the board `changes` it made |
//! | GET | `/api/games/{id}/record` | the replayable record, once the game is over |
//! | GET | `/api/games/{id}/replay` | a finished game's replay (409 before the end): `{steps, seats, outcome, final_score, log}`, the log as a spectator reads it, entry `i` being step `i + 1` |
//! | GET | `/api/games/{id}/replay/{step}` | the board after `step` choices of a finished game (0: the start), as a spectator's view |
//! | POST | `/api/games/{id}/rematch` | with a seat's token, once the game is over: `{id, token}`, the same game again (seats, options; a new seed) and the seat's token in it; the first request creates it (taking one from the client's games-per-hour allowance, as a create does), later ones by any seat answer the same game |
//! | GET | `/api/games/{id}/ws` | WebSocket ([`crate::ws`]): the seat's snapshot on connect and after every move; the seat's token in the subprotocol `eons.token.TOKEN` beside `eons`, never in the URL (`?token=` is 400) |
//!
//! A token is given as `Authorization: Bearer TOKEN` or `?token=TOKEN`
//! (the WebSocket: as a subprotocol, see [`crate::ws`]).
//!
//! Limits ([`crate::limits::TrafficLimits`]): one client address (the TCP
//! peer, or behind a trusted proxy the address it forwards: see
//! [`crate::proxies`]) creates at most so many games per hour (then 429
//! `too_many_requests` with
//! `Retry-After`); one client address holds at most so many open WebSockets
//! (then 429), and the server and each game at most so many (then the
//! upgrade is refused with 503 `busy`; spectators may use three quarters of
//! those two caps, a seat's own socket all of it).

use crate::access::{bearer_token, load, seat_for};
use crate::error::ApiError;
use crate::hub::{CreateGame, GameHandle, Hub, SeatSpec};
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use eons_core::Seat;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

/// The API router (mounted at the root; paths start with `/api`).
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/api/server", get(server_info))
        .route("/api/profiles", post(create_profile))
        .route("/api/me", get(me))
        .route("/api/profiles/{name}", get(profile))
        .route("/api/leaderboard/{game}", get(leaderboard))
        .route("/api/kinds", get(kinds))
        .route("/api/kinds/{game}/catalog", get(catalog))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/claim", post(claim))
        .route("/api/games/{id}", get(game_summary))
        .route("/api/games/{id}/view", get(view))
        .route("/api/games/{id}/choice", post(choice))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/pace", post(pace))
        .route("/api/games/{id}/back", post(back))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/chat", get(chat).post(say))
        .route("/api/games/{id}/webhook", post(webhook))
        .route("/api/games/{id}/vote-away", post(vote_away))
        .route("/api/games/{id}/log", get(log))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay", get(crate::replay::replay))
        .route(
            "/api/games/{id}/replay/{step}",
            get(crate::replay::replay_step),
        )
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/ws", get(crate::ws::ws))
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .with_state(hub)
}

async fn api_not_found() -> ApiError {
    ApiError::NotFound("no such API route".into())
}

fn body<T>(b: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    b.map(|Json(x)| x).map_err(|e| {
        if let Some(late) = crate::edge::late_body(&e) {
            ApiError::RequestTimeout(late.0)
        } else if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            // Over the body limit (crate::edge::MAX_BODY_BYTES) while reading.
            ApiError::PayloadTooLarge(crate::edge::MAX_BODY_BYTES)
        } else {
            ApiError::BadRequest(format!(
                "malformed body: {}",
                crate::error::with_values_echoed(&e.body_text())
            ))
        }
    })
}

/// The token of the `Authorization` header, else of the `token` parameter.
fn token_of(headers: &HeaderMap, q: &HashMap<String, String>) -> Option<String> {
    if let Some(t) = bearer_token(headers) {
        return Some(t);
    }
    q.get("token")
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// The seat that acts (a choice, an undo): the request must carry its token.
async fn acting_seat(
    h: &GameHandle,
    headers: &HeaderMap,
    q: &HashMap<String, String>,
) -> Result<Seat, ApiError> {
    let token = token_of(headers, q).ok_or(ApiError::NoToken)?;
    seat_for(h, Some(&token)).await?.ok_or(ApiError::NoToken)
}

/// What the web client needs of the server itself: `public_url`, the
/// origin invite links point at (null: the page's own).
async fn server_info(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(json!({
        "public_url": hub.public_url.get().map(crate::PublicUrl::as_str),
        "webhooks": hub.webhooks.mode() != crate::hub::webhooks::WebhookMode::Off,
        "version": env!("CARGO_PKG_VERSION"),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileBody {
    name: String,
}

/// Makes a profile → 201 `{name, key}` (the key only here). Takes one from
/// the client's hourly allowance, as a game does (a refused name takes
/// none).
async fn create_profile(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    b: Result<Json<ProfileBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let b = body(b)?;
    let name = crate::names::requested_name(Some(&b.name))
        .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let client = hub.proxies.client(peer.ip(), &headers);
    let (name, key) = hub
        .create_profile(&name.unwrap_or_default(), || hub.allow_new_game(client))
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "name": name, "key": key })),
    )
        .into_response())
}

/// The profile of the key in `Authorization: Bearer KEY` → `{name}`.
async fn me(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let key = bearer_token(&headers).ok_or(ApiError::NoToken)?;
    Ok(Json(json!({ "name": hub.profile_of_key(&key).await? })))
}

/// A profile: `{name, bot, created_at, ratings: [{game, rating,
/// uncertainty, games, wins}], games: [{id, game, game_name, seat, over,
/// place, players, created_at, updated_at}]}` (its 50 latest games).
async fn profile(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let p = hub.store.profile(&name).await?.ok_or_else(|| {
        ApiError::NotFound(format!("no profile `{}`", crate::error::echoed(&name)))
    })?;
    let ratings = hub.store.ratings_of(&p.name).await?;
    let games: Vec<Value> = hub
        .store
        .games_of(&p.name, 50)
        .await?
        .into_iter()
        .map(|g| {
            let outcome: Option<eons_core::Outcome> = g
                .outcome
                .as_deref()
                .and_then(|o| serde_json::from_str(o).ok());
            let place = outcome.as_ref().and_then(|o| {
                o.ranking
                    .iter()
                    .position(|s| i64::from(s.0) == g.seat)
                    .map(|i| i + 1)
            });
            json!({
                "id": g.game_id,
                "game": g.game,
                "game_name": hub.kind(&g.game).map(|k| k.name()),
                "seat": g.seat,
                "over": g.status == "over",
                "place": place,
                "players": outcome.as_ref().map(|o| o.ranking.len()),
                "created_at": g.created_at,
                "updated_at": g.updated_at,
            })
        })
        .collect();
    Ok(Json(json!({
        "name": p.name,
        "bot": p.bot,
        "created_at": p.created_at,
        "ratings": ratings,
        "games": games,
    })))
}

/// A game kind's ratings, best first (by mean less three uncertainties):
/// `{game, game_name, players: [...], bots: [...]}`, 100 of each.
async fn leaderboard(
    State(hub): State<Arc<Hub>>,
    Path(game): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let kind = hub.kind(&game).ok_or_else(|| {
        ApiError::NotFound(format!("no game kind `{}`", crate::error::echoed(&game)))
    })?;
    let players = hub.store.leaderboard(kind.id(), false, 100).await?;
    let bots = hub.store.leaderboard(kind.id(), true, 100).await?;
    Ok(Json(json!({
        "game": kind.id(),
        "game_name": kind.name(),
        "players": players,
        "bots": bots,
    })))
}

async fn kinds(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(Value::Array(
        hub.kinds
            .iter()
            .map(|k| {
                json!({
                    "id": k.id(),
                    "name": k.name(),
                    "options": k.options(),
                    "players": k.player_counts(),
                    "hidden_information": k.hidden_information(),
                })
            })
            .collect(),
    ))
}

/// One game kind's catalog (every card with its text, the tables the UI draws).
async fn catalog(
    State(hub): State<Arc<Hub>>,
    Path(game): Path<String>,
) -> Result<Json<Value>, ApiError> {
    hub.kinds
        .iter()
        .find(|k| k.id() == game)
        .and_then(|k| k.catalog())
        .map(Json)
        .ok_or_else(|| {
            ApiError::NotFound(format!(
                "no game kind `{}` with a catalog",
                crate::error::echoed(&game)
            ))
        })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    game: String,
    players: usize,
    #[serde(default, deserialize_with = "crate::bounded::options")]
    options: Vec<String>,
    #[serde(default, deserialize_with = "crate::bounded::seats")]
    seats: Vec<SeatSpec>,
    #[serde(default)]
    seed: Option<Value>,
    /// The time control: `{per_decision_s?, bank_s?}`.
    #[serde(default)]
    clock: Option<crate::hub::clock::ClockSpec>,
    /// The bot that decides for a seat whose time ran out.
    #[serde(default)]
    on_timeout: Option<String>,
    /// Whether spectators may write in the chat.
    #[serde(default)]
    spectator_chat: bool,
}

/// A create request's seed: a whole number, as a number or a string.
fn seed_of(seed: Option<Value>) -> Result<Option<u64>, ApiError> {
    let refused = || ApiError::BadRequest("seed must be a whole number from 0 to 2^64-1".into());
    match seed {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_u64().map(Some).ok_or_else(refused),
        Some(Value::String(s)) => s.trim().parse::<u64>().map(Some).map_err(|_| refused()),
        Some(_) => Err(ApiError::BadRequest(
            "seed must be a number or a string".into(),
        )),
    }
}

/// Creates a game. The whole request is checked first ([`Hub::prepare`]);
/// only a request that would be stored takes one from the client's
/// games-per-hour allowance, so refused requests never use it up.
async fn create_game(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    b: Result<Json<CreateBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let b = body(b)?;
    let seed = seed_of(b.seed)?;
    let client = hub.proxies.client(peer.ip(), &headers);
    let game = hub.prepare(CreateGame {
        game: b.game,
        players: b.players,
        options: b.options,
        seats: b.seats,
        seed,
        creator: Some(crate::limits::limit_key(client).to_string()),
        clock: b.clock.unwrap_or_default(),
        on_timeout: b.on_timeout,
        spectator_chat: b.spectator_chat,
    })?;
    hub.refuse_profile_names(&game).await?;
    let out = hub.store_new(game, || hub.allow_new_game(client)).await?;
    Ok((StatusCode::CREATED, Json(out)).into_response())
}

/// The 50 most recent games; with `open=1`, the newest unfinished games
/// with an open seat (anyone may join).
/// Games a page of `GET /api/games` lists.
const PAGE_SIZE: i64 = 50;

/// Pages `GET /api/games` goes to (`page` from 0): 5,000 games.
const MAX_PAGES: u32 = 100;

/// `GET /api/games[?open=1][&page=N]`: a page of 50 games, the most
/// recently changed first, or with `open=1` the games with an open seat,
/// ranked so that one address's games cannot crowd out the others'
/// ([`crate::store::Store::open_games`]).
async fn list_games(
    State(hub): State<Arc<Hub>>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let open = match q.get("open").map(String::as_str) {
        None | Some("0") | Some("false") => false,
        Some("1") | Some("true") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "open=`{}`: 1 lists the games with an open seat, 0 all",
                crate::error::echoed(other)
            )))
        }
    };
    let page = match q.get("page") {
        None => 0,
        Some(p) => p
            .parse::<u32>()
            .ok()
            .filter(|p| *p < MAX_PAGES)
            .ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "page=`{}`: a page number from 0 to {}",
                    crate::error::echoed(p),
                    MAX_PAGES - 1
                ))
            })?,
    };
    let offset = i64::from(page) * PAGE_SIZE;
    let ids = if open {
        hub.store.open_games(PAGE_SIZE, offset).await?
    } else {
        hub.store.recent_games(PAGE_SIZE, offset).await?
    };
    let mut out = Vec::new();
    for id in ids {
        if let Ok(h) = hub.get(&id).await {
            let g = h.inner.lock().await;
            out.push(g.summary(h.kind.as_ref()));
        }
    }
    Ok(Json(Value::Array(out)))
}

async fn game_summary(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let g = h.inner.lock().await;
    Ok(Json(g.summary(h.kind.as_ref())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimBody {
    token: String,
    #[serde(default)]
    name: Option<String>,
    /// The seat's token after the claim, chosen by the client, so that a
    /// claim whose reply was lost can be asked again with the same body.
    #[serde(default)]
    new_token: Option<String>,
    /// A profile's key: the seat is taken for that profile.
    #[serde(default)]
    key: Option<String>,
}

/// A client-chosen seat token: 32 to 128 lowercase hex digits (at least 128
/// bits, as the server's own tokens).
fn client_token(t: &str) -> Result<String, ApiError> {
    let ok =
        (32..=128).contains(&t.len()) && t.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if ok {
        Ok(t.to_string())
    } else {
        Err(ApiError::BadRequest(
            "new_token must be 32 to 128 lowercase hex digits drawn at random".into(),
        ))
    }
}

async fn claim(
    State(hub): State<Arc<Hub>>,
    b: Result<Json<ClaimBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let b = body(b)?;
    let new_token = b.new_token.as_deref().map(client_token).transpose()?;
    let name = crate::names::requested_name(b.name.as_deref())
        .map_err(|e| ApiError::BadRequest(e.to_string()))?
        .unwrap_or_default();
    let hash = crate::hub::token_hash(b.token.trim());
    let Some((game, seat)) = hub.store.seat_of_token(&hash).await? else {
        // The same claim again (its reply was lost): the seat already holds
        // the token this client chose, so answer as the first time.
        if let Some(t) = new_token {
            if let Some((game, seat)) = hub.store.seat_of_token(&crate::hub::token_hash(&t)).await?
            {
                let h = load(&hub, &game).await?;
                let g = h.inner.lock().await;
                if let Some(row) = g.claimed_seat(seat) {
                    return Ok(Json(
                        json!({ "game": game, "seat": seat, "name": row.name, "token": t }),
                    ));
                }
            }
        }
        return Err(ApiError::NotFound(
            "no open seat has this invite token (an invite link works once)".into(),
        ));
    };
    let h = load(&hub, &game).await?;
    let profile = match b.key.as_deref() {
        Some(k) => Some(hub.profile_of_key(k).await?),
        None => None,
    };
    let (token, name) = hub.claim(&h, seat, hash, name, new_token, profile).await?;
    Ok(Json(
        json!({ "game": game, "seat": seat, "name": name, "token": token }),
    ))
}

async fn view(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<crate::hub::Snapshot>, ApiError> {
    let h = load(&hub, &id).await?;
    let seat = seat_for(&h, token_of(&headers, &q).as_deref()).await?;
    let g = h.inner.lock().await;
    Ok(Json(g.snapshot(h.kind.as_ref(), seat)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoiceBody {
    #[serde(rename = "move")]
    expected: i64,
    #[serde(default)]
    choice: Option<Value>,
    #[serde(default)]
    index: Option<u64>,
}

async fn choice(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    b: Result<Json<ChoiceBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let b = body(b)?;
    let seat = acting_seat(&h, &headers, &q).await?;
    let c = match (b.choice, b.index) {
        (Some(c), None) => c,
        (None, Some(i)) => json!({ "index": i }),
        _ => {
            return Err(ApiError::BadRequest(
                "give exactly one of `choice` (a choice as listed in `legal`) or `index`".into(),
            ))
        }
    };
    // Acting takes an away seat back from its stand-in bot, but not on the
    // decision its time ran out on (see `hub::clock`).
    hub.come_back(&h, seat).await?.allows_acting()?;
    let r = hub.submit(&h, seat, b.expected, &c).await?;
    Ok(Json(json!(r)))
}

/// The game's chat as kept: `{messages: [{n, seat, name, text, at}]}`
/// (`?since=N`: the messages numbered N and on; older ones may have rolled
/// off, see [`crate::hub::chat`]). Anyone who may see the game may read it.
async fn chat(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let since = match q.get("since") {
        Some(s) => s.parse::<usize>().map_err(|_| {
            ApiError::BadRequest(format!(
                "since=`{}` is not a whole number",
                crate::error::echoed(s)
            ))
        })?,
        None => 0,
    };
    let since = i64::try_from(since).unwrap_or(i64::MAX);
    let g = h.inner.lock().await;
    let messages: Vec<&crate::store::ChatRow> = g.chat().iter().filter(|m| m.n >= since).collect();
    Ok(Json(json!({ "messages": messages })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VoteBody {
    /// The seat to hand to a bot (the seat to move).
    seat: u8,
}

/// The token's seat votes to hand the seat to move, absent for a while, to
/// a bot ([`Hub::vote_away`]) → the vote as it stands.
async fn vote_away(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    b: Result<Json<VoteBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let b = body(b)?;
    let voter = acting_seat(&h, &headers, &q).await?;
    let vote = hub.vote_away(&h, voter, Seat(b.seat)).await?;
    Ok(Json(json!(vote)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WebhookBody {
    /// The URL (null or empty: none).
    url: Option<String>,
}

/// Sets the token's seat's webhook (see [`crate::hub::webhooks`]) →
/// `{url}`; 403 when the server sends no webhooks, 400 for a URL it would
/// not POST to.
async fn webhook(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    b: Result<Json<WebhookBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let b = body(b)?;
    let seat = acting_seat(&h, &headers, &q).await?;
    let url = match b.url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(u) => Some(hub.webhooks.check(u).await?.to_string()),
        None => None,
    };
    hub.set_webhook(&h, seat, url.clone()).await?;
    Ok(Json(json!({ "url": url })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SayBody {
    text: String,
    /// A spectator's name (a seat writes under its own).
    #[serde(default)]
    name: Option<String>,
}

/// Writes in the game's chat ([`Hub::say`]): with a seat's token as that
/// seat, without one as a spectator (when the creator allowed it) →
/// `{message}`.
async fn say(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    b: Result<Json<SayBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let b = body(b)?;
    let speaker = match token_of(&headers, &q) {
        Some(t) => {
            let seat = seat_for(&h, Some(&t)).await?.ok_or(ApiError::NoToken)?;
            crate::hub::chat::Speaker::Seat(seat)
        }
        None => {
            let name = crate::names::requested_name(b.name.as_deref())
                .map_err(|e| ApiError::BadRequest(e.to_string()))?
                .unwrap_or_default();
            let client = hub.proxies.client(peer.ip(), &headers);
            crate::hub::chat::Speaker::Spectator {
                client: crate::limits::limit_key(client).to_string(),
                name,
            }
        }
    };
    let message = hub.say(&h, speaker, &b.text).await?;
    Ok(Json(json!({ "message": message })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    #[serde(default)]
    name: Option<String>,
    /// The seat's token after the join, chosen by the client, so that a
    /// join whose reply was lost can be asked again with the same body.
    #[serde(default)]
    new_token: Option<String>,
    /// A profile's key: the seat is taken for that profile.
    #[serde(default)]
    key: Option<String>,
}

/// Takes the game's first open seat ([`Hub::join`]) → `{game, seat, name,
/// token}`, as a claim answers. Asking again with the same `new_token`
/// after the join went through answers the same.
async fn join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    b: Result<Json<JoinBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let b = body(b)?;
    let new_token = b.new_token.as_deref().map(client_token).transpose()?;
    let name = crate::names::requested_name(b.name.as_deref())
        .map_err(|e| ApiError::BadRequest(e.to_string()))?
        .unwrap_or_default();
    let h = load(&hub, &id).await?;
    if let Some(t) = &new_token {
        // The same join again (its reply was lost).
        if let Some((game, seat)) = hub.store.seat_of_token(&crate::hub::token_hash(t)).await? {
            let g = h.inner.lock().await;
            if let (true, Some(row)) = (game == id, g.claimed_seat(seat)) {
                return Ok(Json(
                    json!({ "game": id, "seat": seat, "name": row.name, "token": t }),
                ));
            }
        }
    }
    let profile = match b.key.as_deref() {
        Some(k) => Some(hub.profile_of_key(k).await?),
        None => None,
    };
    let joined = hub.join(&h, name, new_token, profile).await?;
    Ok(Json(json!({
        "game": id,
        "seat": joined.seat,
        "name": joined.name,
        "token": joined.token,
    })))
}

/// "I'm back": the token's seat takes itself back from the stand-in bot
/// that decided for it since its time ran out ([`Hub::come_back`]) →
/// `{away: false}`; nothing changes for a seat that is not away. While the
/// seat is to move, its stand-in makes that decision first: `{away: true,
/// back_after_this_decision: true}`.
async fn back(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let seat = acting_seat(&h, &headers, &q).await?;
    Ok(Json(match hub.come_back(&h, seat).await? {
        crate::hub::Comeback::AfterThisDecision => {
            json!({ "away": true, "back_after_this_decision": true })
        }
        crate::hub::Comeback::NotAway | crate::hub::Comeback::Back => json!({ "away": false }),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    /// The move count the client saw: an undo of a game that moved on since
    /// is stale (409), as a choice would be.
    #[serde(rename = "move")]
    expected: i64,
}

/// Takes back the seat's last choice (see [`Hub::undo`]), within the
/// seat's rate of take-backs (429 beyond: see
/// [`crate::hub::TAKE_BACK_BURST`]).
async fn undo(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    b: Result<Json<UndoBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let b = body(b)?;
    let seat = acting_seat(&h, &headers, &q).await?;
    hub.take_back_limiter.check(&id, seat)?;
    hub.come_back(&h, seat).await?.allows_acting()?;
    let moves = hub.undo(&h, seat, b.expected).await?;
    Ok(Json(json!({ "moves": moves })))
}

/// Sets the bots' pace the token's seat asks for ([`crate::hub::PaceAsk`]).
async fn pace(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    b: Result<Json<crate::hub::PaceAsk>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let ask = body(b)?;
    let seat = acting_seat(&h, &headers, &q).await?;
    Ok(Json(hub.set_pace(&h, seat, ask).await?))
}

/// The log in words from entry `since`, as the token's seat may read it.
/// The entries are copied (shared) under the game's lock and put in words
/// after it, on a costly-read thread ([`crate::reads`]) when more than a
/// few are asked for, within the client address's allowance.
async fn log(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let seat = seat_for(&h, token_of(&headers, &q).as_deref()).await?;
    let since = match q.get("since") {
        Some(s) => s.parse::<usize>().map_err(|_| {
            ApiError::BadRequest(format!(
                "since=`{}` is not a whole number",
                crate::error::echoed(s)
            ))
        })?,
        None => 0,
    };
    let (moves, entries) = {
        let g = h.inner.lock().await;
        (g.moves, g.log.get(since..).unwrap_or_default().to_vec())
    };
    let cheap = entries.len() <= CHEAP_LOG_ENTRIES;
    let words = move || -> Result<Vec<Value>, ApiError> {
        Ok(entries.iter().map(|e| e.for_seat(seat)).collect())
    };
    // A table catching up after a move or two asks for a few entries: those
    // are a lookup. A whole log is a costly read.
    let entries = if cheap {
        words()?
    } else {
        hub.reads.allow(hub.proxies.client(peer.ip(), &headers))?;
        hub.reads.run(words).await?
    };
    Ok(Json(json!({ "move": moves, "entries": entries })))
}

/// Log entries put in words on the request path; more is a costly read.
const CHEAP_LOG_ENTRIES: usize = 16;

/// A finished game's record: read without holding the game's lock, within
/// the client address's allowance of costly reads.
async fn record(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let (game, setup, seed, outcome) = {
        let g = h.inner.lock().await;
        let Some(outcome) = g.state.outcome() else {
            return Err(ApiError::Forbidden(
                "the record (which holds the seed, and so every hidden card) is published when the game is over"
                    .into(),
            ));
        };
        (g.row.game.clone(), g.row.setup.clone(), g.row.seed, outcome)
    };
    hub.reads.allow(hub.proxies.client(peer.ip(), &headers))?;
    let stored = hub.store.moves_from(&id, 0).await?;
    let record = hub
        .reads
        .run(move || {
            // The record replays: the choices in effect, without undos and
            // what they took back.
            let moves = crate::hub::effective_moves(&stored);
            let mut choices = Vec::with_capacity(moves.len());
            let mut times = Vec::with_capacity(moves.len());
            for m in moves {
                let c: Value = serde_json::from_str(&m.choice)
                    .map_err(|e| ApiError::Internal(format!("stored choice {}: {e}", m.n)))?;
                choices.push(json!({ "seat": m.seat, "choice": c }));
                times.push(m.at);
            }
            let setup: Value = serde_json::from_str(&setup)
                .map_err(|e| ApiError::Internal(format!("stored setup: {e}")))?;
            Ok(json!({
                "game": game,
                "setup": setup,
                "seed": seed,
                "choices": choices,
                "times": times,
                "outcome": outcome,
            }))
        })
        .await?;
    Ok(Json(record))
}

/// The rematch of a finished game for the seat of the token (see
/// [`crate::rematch`]). The request that creates it takes one from the
/// client's games-per-hour allowance, as a create does; asking for a
/// rematch that exists takes none.
async fn rematch(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let h = load(&hub, &id).await?;
    let token = token_of(&headers, &q).ok_or(ApiError::NoToken)?;
    let client = hub.proxies.client(peer.ip(), &headers);
    Ok(Json(
        hub.rematch(&h, &token, || hub.allow_new_game(client))
            .await?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_authorization(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            "authorization",
            value.parse().expect("a valid header value"),
        );
        headers
    }

    #[test]
    fn the_bearer_scheme_is_read_in_any_case() {
        let none = HashMap::new();
        for value in ["Bearer abc", "bearer abc", "BEARER abc", "  Bearer   abc "] {
            assert_eq!(
                token_of(&with_authorization(value), &none).as_deref(),
                Some("abc"),
                "{value}"
            );
        }
        assert_eq!(token_of(&with_authorization("Basic abc"), &none), None);
    }
}
