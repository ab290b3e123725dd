//! Games: create and list them, read one (summary, a seat's view, its log and record), and ask for a rematch.

use super::extract::{JsonBody, SeatToken};
use crate::error::ApiError;
use crate::http::access::{load, seat_for};
use crate::services::live::{CreateGame, SeatSpec};
use crate::services::Services;
use crate::store::GameFilter;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

/// The 50 most recent games; with `open=1`, the newest unfinished games
/// with an open seat (anyone may join).
/// Games a page of `GET /api/games` lists.
const PAGE_SIZE: i64 = 50;

/// Pages `GET /api/games` goes to (`page` from 0): 5,000 games.
const MAX_PAGES: u32 = 100;

/// Log entries put in words on the request path; more is a costly read.
const CHEAP_LOG_ENTRIES: usize = 16;

/// The routes of this part of the API.
pub(super) fn router() -> Router<Arc<Services>> {
    Router::new()
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(game_summary))
        .route("/api/games/{id}/view", get(view))
        .route("/api/games/{id}/log", get(log))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/rematch", post(rematch))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    game: String,
    players: usize,
    #[serde(default, deserialize_with = "crate::http::bounded::options")]
    options: Vec<String>,
    #[serde(default, deserialize_with = "crate::http::bounded::seats")]
    seats: Vec<SeatSpec>,
    #[serde(default)]
    seed: Option<Value>,
    /// The time control: `{per_decision_s?, bank_s?}`.
    #[serde(default)]
    clock: Option<crate::services::clock::ClockSpec>,
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

/// Creates a game. The whole request is checked first ([`Services::prepare`]);
/// only a request that would be stored takes one from the client's
/// games-per-hour allowance, so refused requests never use it up.
async fn create_game(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    b: Result<JsonBody<CreateBody>, ApiError>,
) -> Result<Response, ApiError> {
    let JsonBody(b) = b?;
    let seed = seed_of(b.seed)?;
    let client = services.newcomers.client(peer.ip(), &headers);
    let game = services.prepare(CreateGame {
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
    services.refuse_profile_names(&game).await?;
    let out = services
        .store_new(game, || services.newcomers.allow_new_game(client))
        .await?;
    Ok((StatusCode::CREATED, Json(out)).into_response())
}

/// `GET /api/games[?open=1][&page=N][&game=KIND][&player=WORDS][&friends=1]`:
/// a page of 50 games, the most recently changed first, or with `open=1`
/// the games with an open seat, ranked so that one address's games cannot
/// crowd out the others' ([`crate::store::Store::open_games`]). The lobby's
/// filters: `game` keeps one kind, `player` the games with a seat whose name
/// holds those words (any case; SQLite folds ASCII letters only), `friends=1`
/// those with two human seats or more (an open seat counts: it waits for
/// a person).
async fn list_games(
    State(services): State<Arc<Services>>,
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
    let filter = game_filter(&services, &q)?;
    let offset = i64::from(page) * PAGE_SIZE;
    let ids = if open {
        services
            .store
            .open_games(&filter, PAGE_SIZE, offset)
            .await?
    } else {
        services
            .store
            .recent_games(&filter, PAGE_SIZE, offset)
            .await?
    };
    let mut out = Vec::new();
    for id in ids {
        if let Ok(h) = services.get(&id).await {
            let g = h.inner.lock().await;
            out.push(g.summary(h.kind.as_ref()));
        }
    }
    Ok(Json(Value::Array(out)))
}

/// The longest `player=` a list takes (a seat's name is at most 40 characters).
const MAX_PLAYER_QUERY: usize = 40;

/// The lobby's filters of `GET /api/games`, checked: a kind this server
/// plays, a player's name of at most 40 characters (blank: no filter), and
/// `friends` as 0 or 1.
fn game_filter(services: &Services, q: &HashMap<String, String>) -> Result<GameFilter, ApiError> {
    let game = match q.get("game").map(|g| g.trim()).filter(|g| !g.is_empty()) {
        None => None,
        Some(g) if services.kinds.iter().any(|k| k.id() == g) => Some(g.to_string()),
        Some(g) => {
            return Err(ApiError::BadRequest(format!(
                "game=`{}`: no such game kind (GET /api/kinds lists them)",
                crate::error::echoed(g)
            )))
        }
    };
    let player = match q.get("player").map(|p| p.trim()).filter(|p| !p.is_empty()) {
        None => None,
        Some(p) if p.chars().count() <= MAX_PLAYER_QUERY => Some(p.to_string()),
        Some(_) => {
            return Err(ApiError::BadRequest(format!(
                "player=: at most {MAX_PLAYER_QUERY} characters, as a seat's name"
            )))
        }
    };
    let with_friends = match q.get("friends").map(String::as_str) {
        None | Some("0") | Some("false") => false,
        Some("1") | Some("true") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "friends=`{}`: 1 lists the games with two human seats or more, 0 all",
                crate::error::echoed(other)
            )))
        }
    };
    Ok(GameFilter {
        game,
        player,
        with_friends,
    })
}

async fn game_summary(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let g = h.inner.lock().await;
    Ok(Json(g.summary(h.kind.as_ref())))
}

async fn view(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
) -> Result<Json<crate::services::live::Snapshot>, ApiError> {
    let h = load(&services, &id).await?;
    let seat = seat_for(&h, token.0.clone().as_deref()).await?;
    let g = h.inner.lock().await;
    Ok(Json(g.snapshot(h.kind.as_ref(), seat)))
}

/// The log in words from entry `since`, as the token's seat may read it.
/// The entries are copied (shared) under the game's lock and put in words
/// after it, on a costly-read thread ([`crate::services::reads`]) when more than a
/// few are asked for, within the client address's allowance.
async fn log(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    token: SeatToken,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let seat = seat_for(&h, token.0.clone().as_deref()).await?;
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
        services
            .reads
            .allow(services.newcomers.client(peer.ip(), &headers))?;
        services.reads.run(words).await?
    };
    Ok(Json(json!({ "move": moves, "entries": entries })))
}

/// A finished game's record: read without holding the game's lock, within
/// the client address's allowance of costly reads.
async fn record(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
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
    services
        .reads
        .allow(services.newcomers.client(peer.ip(), &headers))?;
    let stored = services.store.moves_from(&id, 0).await?;
    let record = services
        .reads
        .run(move || {
            // The record replays: the choices in effect, without undos and
            // what they took back.
            let (steps, times) = super::replay::choices_in_effect(&stored)?;
            let choices: Vec<Value> = steps
                .into_iter()
                .map(|(seat, choice)| json!({ "seat": seat, "choice": choice }))
                .collect();
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
/// [`crate::services::live::rematch`]). The request that creates it takes one from the
/// client's games-per-hour allowance, as a create does; asking for a
/// rematch that exists takes none.
async fn rematch(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    token: SeatToken,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let token = token.0.clone().ok_or(ApiError::NoToken)?;
    let client = services.newcomers.client(peer.ip(), &headers);
    Ok(Json(
        services
            .rematch(&h, &token, || services.newcomers.allow_new_game(client))
            .await?,
    ))
}
