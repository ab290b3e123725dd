//! The replay of a finished game (issue 19, the look back): the stored record
//! (the choices in effect, without undos: [`crate::services::live::effective_moves`])
//! replayed from its setup and seed, so that the replay viewer can step
//! through the game move by move with the board and the log in step.
//!
//! Only a finished game is replayed (409 before): every step is shown as a
//! spectator sees it, yet stepping through a running game would still tell
//! more than its table does. A finished game cannot change, so its replay is
//! built once, on a blocking thread, and kept ([`crate::services::reads`]): the log,
//! and the state every few steps, from which a step's board is a few
//! choices away. Every request counts against the client address's
//! allowance of costly reads.

use crate::error::ApiError;
use crate::services::live::{effective_moves, GameHandle};
use crate::services::reads::Replayed;
use crate::services::Services;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::Json;
use eons_core::Turn;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;

/// The replay routes: a finished game's whole replay, and one step of it.
pub(super) fn router() -> axum::Router<Arc<Services>> {
    axum::Router::new()
        .route("/api/games/{id}/replay", axum::routing::get(replay))
        .route(
            "/api/games/{id}/replay/{step}",
            axum::routing::get(replay_step),
        )
}

/// A finished game as stored: its setup, its seed and every stored row (the
/// choices, undos and resignations; [`choices_in_effect`] reads them).
pub(super) struct FinishedRecord {
    /// The setup (JSON).
    pub setup: Value,
    /// The state's seed.
    pub seed: u64,
    /// Every stored row, in order.
    pub stored: Vec<crate::store::MoveRow>,
}

/// The stored record of game `handle`, once it is over (409 before: its
/// record holds every hidden card).
pub(super) async fn finished_record(
    services: &Arc<Services>,
    handle: &Arc<GameHandle>,
) -> Result<FinishedRecord, ApiError> {
    if services.store.is_postgres() {
        // Catches up with moves other processes made.
        services.sync(handle).await?;
    }
    let (setup, seed, id) = {
        let g = handle.inner.lock().await;
        if g.state.outcome().is_none() {
            return Err(ApiError::Conflict(
                "a game can be replayed and analysed once it is over (its record holds every hidden card)"
                    .into(),
            ));
        }
        let setup: Value = serde_json::from_str(&g.row.setup)
            .map_err(|e| ApiError::Internal(format!("stored setup: {e}")))?;
        (setup, g.row.seed, g.row.id.clone())
    };
    let stored = services.store.moves_from(&id, 0).await?;
    Ok(FinishedRecord {
        setup,
        seed,
        stored,
    })
}

/// The choices in effect of a record, each with its seat (as
/// [`Replayed::build`] takes them), and their times (ms since the epoch).
pub(super) type ChoicesInEffect = (Vec<(u8, Value)>, Vec<i64>);

/// The choices in effect of stored rows (without the undone ones), each
/// with its seat, and their times. Parses every choice: run it off the
/// async workers.
pub(super) fn choices_in_effect(
    stored: &[crate::store::MoveRow],
) -> Result<ChoicesInEffect, ApiError> {
    let moves = effective_moves(stored);
    let mut steps = Vec::with_capacity(moves.len());
    let mut at = Vec::with_capacity(moves.len());
    for m in moves {
        let choice: Value = serde_json::from_str(&m.choice)
            .map_err(|e| ApiError::Internal(format!("stored choice {}: {e}", m.n)))?;
        let seat =
            u8::try_from(m.seat).map_err(|_| ApiError::Internal(format!("seat {}", m.seat)))?;
        steps.push((seat, choice));
        at.push(m.at);
    }
    Ok((steps, at))
}

/// A finished game's replay, kept or built now; 409 while it is running.
/// Counts one costly read of `client` first.
async fn replayed(
    services: &Arc<Services>,
    id: &str,
    client: std::net::IpAddr,
) -> Result<(Arc<GameHandle>, Arc<Replayed>), ApiError> {
    services.reads.allow(client)?;
    let handle = services.get(id).await?;
    if let Some(kept) = services.reads.replays.get(id) {
        return Ok((handle, kept));
    }
    let record = finished_record(services, &handle).await?;
    let kind = handle.kind.clone();
    let built = services
        .reads
        .run(move || {
            let (steps, at) = choices_in_effect(&record.stored)?;
            let start = kind
                .start(&record.setup, record.seed)
                .map_err(|e| ApiError::Internal(format!("the record does not start: {e}")))?;
            Replayed::build(start, steps, &at)
        })
        .await?;
    let built = Arc::new(built);
    services.reads.replays.keep(id, built.clone());
    Ok((handle, built))
}

/// `GET /api/games/{id}/replay`: what the viewer needs besides the board:
/// the number of steps (choices in effect + 1: the start), the seats, the
/// outcome and final score, the log as a spectator reads it, one entry
/// per choice (entry `i` is what step `i + 1` did), and the chapters: where
/// each turn, round or stage begins (`{"step", "title"}`).
pub async fn replay(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let client = services.newcomers.client(peer.ip(), &headers);
    let (handle, r) = replayed(&services, &id, client).await?;
    let kind = handle.kind.clone();
    let g = handle.inner.lock().await;
    Ok(Json(json!({
        "id": g.row.id,
        "game": kind.id(),
        "game_name": kind.name(),
        "players": g.row.players,
        "created_at": g.row.created_at,
        "seats": g.seats_json(),
        "seed_chosen": g.row.seed_chosen,
        "steps": r.steps.len() + 1,
        "outcome": r.outcome,
        "final_score": r.final_score,
        "log": r.log,
        "chapters": r.chapters,
    })))
}

/// `GET /api/games/{id}/replay/{step}`: the board after `step` choices
/// (0: the start), as the table's snapshot for a spectator has it (view,
/// ui, prompt, seat to move; no legal choices), so the same game renderer
/// draws it.
pub async fn replay_step(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((id, step)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let step: usize = step.parse().map_err(|_| {
        ApiError::BadRequest(format!(
            "step `{}` is not a whole number",
            crate::error::echoed(&step)
        ))
    })?;
    let client = services.newcomers.client(peer.ip(), &headers);
    let (handle, r) = replayed(&services, &id, client).await?;
    let steps = r.steps.len();
    if step > steps {
        return Err(ApiError::NotFound(format!(
            "game {id} has steps 0 to {steps}"
        )));
    }
    let board = services
        .reads
        .run(move || {
            let state = r
                .state_at(step)?
                .ok_or_else(|| ApiError::Internal(format!("no step {step}")))?;
            let turn = state.turn();
            let view = state.view(None);
            Ok(json!({
                "to_move": match turn { Turn::Seat(s) => Some(s.0), Turn::Over => None },
                "over": turn == Turn::Over,
                "prompt": state.prompt(),
                "view": view.view,
                "ui": view.ui,
                "outcome": state.outcome(),
                "final_score": state.final_score(),
            }))
        })
        .await?;
    let kind = handle.kind.clone();
    let g = handle.inner.lock().await;
    let mut answer = json!({
        "id": g.row.id,
        "game": kind.id(),
        "game_name": kind.name(),
        "players": g.row.players,
        "move": step,
        "step": step,
        "steps": steps + 1,
        "seat": Value::Null,
        "legal": [],
        "seats": g.seats_json(),
        "seed_chosen": g.row.seed_chosen,
        "log_len": step,
    });
    if let (Some(answer), Value::Object(board)) = (answer.as_object_mut(), board) {
        answer.extend(board);
    }
    Ok(Json(answer))
}
