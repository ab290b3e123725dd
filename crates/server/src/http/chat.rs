//! A game's chat: read it and write in it.

use super::extract::{JsonBody, SeatToken};
use crate::error::ApiError;
use crate::http::access::{load, seat_for};
use crate::services::Services;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

/// The routes of this part of the API.
pub(super) fn router() -> Router<Arc<Services>> {
    Router::new().route("/api/games/{id}/chat", get(chat).post(say))
}

/// The game's chat as kept: `{messages: [{n, seat, name, text, at}]}`
/// (`?since=N`: the messages numbered N and on; older ones may have rolled
/// off, see [`crate::services::chat`]). Anyone who may see the game may read it.
async fn chat(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
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
struct SayBody {
    text: String,
    /// A spectator's name (a seat writes under its own).
    #[serde(default)]
    name: Option<String>,
}

/// Writes in the game's chat ([`Services::say`]): with a seat's token as that
/// seat, without one as a spectator (when the creator allowed it) →
/// `{message}`.
async fn say(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    token: SeatToken,
    b: Result<JsonBody<SayBody>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let JsonBody(b) = b?;
    let speaker = match token.0.clone() {
        Some(t) => {
            let seat = seat_for(&h, Some(&t)).await?.ok_or(ApiError::NoToken)?;
            crate::services::chat::Speaker::Seat(seat)
        }
        None => {
            let name = crate::names::requested_name(b.name.as_deref())
                .map_err(|e| ApiError::BadRequest(e.to_string()))?
                .unwrap_or_default();
            let client = services.newcomers.client(peer.ip(), &headers);
            crate::services::chat::Speaker::Spectator {
                client: crate::limits::limit_key(client).to_string(),
                name,
            }
        }
    };
    let message = services.say(&h, speaker, &b.text).await?;
    Ok(Json(json!({ "message": message })))
}
