//! Who a request is: the seat token it carries and the game it names,
//! shared by the HTTP API ([`crate::http`]) and the WebSocket ([`crate::http::ws`]).

use crate::error::ApiError;
use crate::services::live::GameHandle;
use crate::services::Services;
use axum::http::HeaderMap;
use eons_core::Seat;
use std::sync::Arc;

/// The token of an `Authorization: Bearer TOKEN` header.
pub fn bearer_token(headers: &HeaderMap) -> Option<String> {
    let v = headers.get("authorization").and_then(|v| v.to_str().ok())?;
    // The scheme is case-insensitive (RFC 9110 §11.1): "bearer", "BEARER".
    let (scheme, t) = v.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| t.trim().to_string())
}

/// The seat of a token in a game; `Ok(None)` without a token.
pub async fn seat_for(h: &GameHandle, token: Option<&str>) -> Result<Option<Seat>, ApiError> {
    let Some(t) = token else { return Ok(None) };
    let g = h.inner.lock().await;
    match g.seat_of_token(t) {
        Some(s) => Ok(Some(s)),
        None => Err(ApiError::WrongToken(g.row.id.clone())),
    }
}

/// Loads a game and, on PostgreSQL, catches up with other processes.
pub async fn load(services: &Arc<Services>, id: &str) -> Result<Arc<GameHandle>, ApiError> {
    let h = services.get(id).await?;
    if services.store.is_postgres() {
        services.sync(&h).await?;
    }
    Ok(h)
}
