//! Profiles and ratings: create a profile, read one (`/api/me` with its key),
//! its games and its carry link's QR code on any device (`/api/me/games`,
//! `/api/me/link.svg`), and a game's leaderboard.

use super::extract::JsonBody;
use crate::error::ApiError;
use crate::http::access::bearer_token;
use crate::services::Services;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;

/// The routes of this part of the API.
pub(super) fn router() -> Router<Arc<Services>> {
    Router::new()
        .route("/api/profiles", post(create_profile))
        .route("/api/me", get(me))
        .route("/api/me/games", get(my_games))
        .route("/api/me/link.svg", get(my_link_qr))
        .route("/api/profiles/{name}", get(profile))
        .route("/api/leaderboard/{game}", get(leaderboard))
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
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    b: Result<JsonBody<ProfileBody>, ApiError>,
) -> Result<Response, ApiError> {
    let JsonBody(b) = b?;
    let name = crate::names::requested_name(Some(&b.name))
        .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let client = services.newcomers.client(peer.ip(), &headers);
    let (name, key) = services
        .create_profile(&name.unwrap_or_default(), || {
            services.newcomers.allow_new_game(client)
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "name": name, "key": key })),
    )
        .into_response())
}

/// The profile of the key in `Authorization: Bearer KEY` → `{name}`.
async fn me(
    State(services): State<Arc<Services>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let key = bearer_token(&headers).ok_or(ApiError::NoToken)?;
    Ok(Json(
        json!({ "name": services.profile_of_key(&key).await? }),
    ))
}

/// The games of the key's profile on this device: `{name, games: [{id,
/// seat, token, summary}]}` (see [`crate::services::devices`]): 401 without
/// a key, 403 for a key that opens no profile. Never cached: it holds
/// tokens.
async fn my_games(
    State(services): State<Arc<Services>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let key = bearer_token(&headers).ok_or(ApiError::NoToken)?;
    let mine = services.games_of_key(&key).await?;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "name": mine.name, "games": mine.games })),
    )
        .into_response())
}

/// The QR code of the key's profile's carry link (`ORIGIN/profile/NAME#k=KEY`)
/// as an SVG image: scanned by a phone, it opens the profile there. ORIGIN
/// is the server's public URL, else the address the request came to
/// (`http://` and its `Host`), as the page's own links are. 401 without a
/// key, 403 for a key that opens no profile. Never cached: it holds the key.
async fn my_link_qr(
    State(services): State<Arc<Services>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let key = bearer_token(&headers).ok_or(ApiError::NoToken)?;
    let name = services.profile_of_key(&key).await?;
    let origin = match &services.links.public_url {
        Some(p) => p.as_str().to_string(),
        None => headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .and_then(|h| crate::PublicUrl::parse(&format!("http://{h}")).ok())
            .map_or_else(|| services.link_origin(), |p| p.as_str().to_string()),
    };
    let link = crate::services::devices::carry_link(&origin, &name, key.trim());
    let svg = crate::services::devices::qr_svg(&link)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

/// A profile: `{name, bot, created_at, ratings: [{game, rating,
/// uncertainty, games, wins}], games: [{id, game, game_name, seat, over,
/// place, players, created_at, updated_at}]}` (its 50 latest games).
async fn profile(
    State(services): State<Arc<Services>>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let p = services.store.profile(&name).await?.ok_or_else(|| {
        ApiError::NotFound(format!("no profile `{}`", crate::error::echoed(&name)))
    })?;
    let ratings = services.store.ratings_of(&p.name).await?;
    let games: Vec<Value> = services
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
                "game_name": services.kind(&g.game).map(|k| k.name()),
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
    State(services): State<Arc<Services>>,
    Path(game): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let kind = services.kind(&game).ok_or_else(|| {
        ApiError::NotFound(format!("no game kind `{}`", crate::error::echoed(&game)))
    })?;
    let players = services.store.leaderboard(kind.id(), false, 100).await?;
    let bots = services.store.leaderboard(kind.id(), true, 100).await?;
    Ok(Json(json!({
        "game": kind.id(),
        "game_name": kind.name(),
        "players": players,
        "bots": bots,
    })))
}
