//! What this server offers: its settings, the game kinds and their options, each kind's catalog of components and its rules in brief.

use crate::error::ApiError;
use crate::services::Services;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::sync::Arc;

/// The routes of this part of the API.
pub(super) fn router() -> Router<Arc<Services>> {
    Router::new()
        .route("/api/server", get(server_info))
        .route("/api/kinds", get(kinds))
        .route("/api/kinds/{game}/catalog", get(catalog))
        .route("/api/kinds/{game}/rules", get(rules))
}

/// What the web client needs of the server itself: `public_url`, the
/// origin invite links point at (null: the page's own).
async fn server_info(State(services): State<Arc<Services>>) -> Json<Value> {
    Json(json!({
        "public_url": services.links.public_url.as_ref().map(crate::PublicUrl::as_str),
        "webhooks": services.webhooks.mode() != crate::services::webhooks::WebhookMode::Off,
        "version": env!("CARGO_PKG_VERSION"),
    }))
}

/// The game kinds: `id`, `name`, `renderer`, `options`, `players` (the
/// player counts), `hidden_information`, and `learned_bot_players`: the
/// player counts with a value network built in, where the lobby offers the
/// learned bot (`mcts:learned`; a spec with a network is refused for the
/// others).
async fn kinds(State(services): State<Arc<Services>>) -> Json<Value> {
    Json(Value::Array(
        services
            .kinds
            .iter()
            .map(|k| {
                let mut learned: Vec<usize> = eons_games::value_networks()
                    .iter()
                    .filter(|n| n.game == k.id())
                    .map(|n| n.players)
                    .collect();
                learned.sort_unstable();
                learned.dedup();
                json!({
                    "id": k.id(),
                    "name": k.name(),
                    "renderer": k.renderer(),
                    "options": k.options(),
                    "players": k.player_counts(),
                    "hidden_information": k.hidden_information(),
                    "learned_bot_players": learned,
                })
            })
            .collect(),
    ))
}

/// One game kind's catalog (every card with its text, the tables the UI draws).
async fn catalog(
    State(services): State<Arc<Services>>,
    Path(game): Path<String>,
) -> Result<Json<Value>, ApiError> {
    of_kind(&services, &game, "a catalog", |k| k.catalog())
}

/// One game kind's rules in brief (`eons_core::RulesSummary`: `game`,
/// `rulebook`, `overview` `[{heading, text}]` and `section` `[{id, title,
/// group, pages, cited_as?, summary, note?}]`), for the rules page and the
/// table's links from each prompt's citation; 404 for a kind without one.
async fn rules(
    State(services): State<Arc<Services>>,
    Path(game): Path<String>,
) -> Result<Json<Value>, ApiError> {
    of_kind(&services, &game, "rules", |k| k.rules())
}

/// What `part` gives of the game kind `game`, or 404 naming what is missing.
fn of_kind(
    services: &Services,
    game: &str,
    what: &str,
    part: impl FnOnce(&dyn crate::games::DynGame) -> Option<Value>,
) -> Result<Json<Value>, ApiError> {
    services
        .kinds
        .iter()
        .find(|k| k.id() == game)
        .and_then(|k| part(k.as_ref()))
        .map(Json)
        .ok_or_else(|| {
            ApiError::NotFound(format!(
                "no game kind `{}` with {what}",
                crate::error::echoed(game)
            ))
        })
}
