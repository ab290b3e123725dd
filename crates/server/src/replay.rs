//! The replay of a finished game (issue 19, the look back): the stored record
//! (the choices in effect, without undos: [`crate::hub::effective_moves`])
//! replayed from its setup and seed, so that the replay viewer can step
//! through the game move by move with the board and the log in step.
//!
//! Only a finished game is replayed (409 before): every step is shown as a
//! spectator sees it, yet stepping through a running game would still tell
//! more than its table does. Each request replays from the start: an
//! engine applies thousands of choices in milliseconds, and nothing is
//! kept in memory for it.

use crate::error::ApiError;
use crate::games::{DynGame, DynState};
use crate::hub::{effective_moves, GameHandle, Hub};
use axum::extract::{Path, State};
use axum::Json;
use eons_core::{Seat, Turn};
use serde_json::{json, Value};
use std::sync::Arc;

/// One choice of the record: who made it and what.
struct Step {
    seat: u8,
    choice: Value,
    at: i64,
}

/// A finished game's record: its kind, setup, seed and choices in effect.
struct Finished {
    handle: Arc<GameHandle>,
    setup: Value,
    seed: u64,
    steps: Vec<Step>,
}

/// Loads a finished game's record; 409 while it is running.
async fn finished(hub: &Arc<Hub>, id: &str) -> Result<Finished, ApiError> {
    let handle = hub.get(id).await?;
    if hub.store.is_postgres() {
        // Catches up with moves other processes made.
        hub.sync(&handle).await?;
    }
    let (setup, seed) = {
        let g = handle.inner.lock().await;
        if g.state.outcome().is_none() {
            return Err(ApiError::Conflict(
                "a game can be replayed once it is over (its record holds every hidden card)"
                    .into(),
            ));
        }
        let setup: Value = serde_json::from_str(&g.row.setup)
            .map_err(|e| ApiError::Internal(format!("stored setup: {e}")))?;
        (setup, g.row.seed)
    };
    let stored = hub.store.moves_from(id, 0).await?;
    let steps = effective_moves(&stored)
        .into_iter()
        .map(|m| {
            let choice = serde_json::from_str(&m.choice)
                .map_err(|e| ApiError::Internal(format!("stored choice {}: {e}", m.n)))?;
            let seat =
                u8::try_from(m.seat).map_err(|_| ApiError::Internal(format!("seat {}", m.seat)))?;
            Ok(Step {
                seat,
                choice,
                at: m.at,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(Finished {
        handle,
        setup,
        seed,
        steps,
    })
}

/// The game's first state.
fn start(kind: &dyn DynGame, f: &Finished) -> Result<Box<dyn DynState>, ApiError> {
    kind.start(&f.setup, f.seed)
        .map_err(|e| ApiError::Internal(format!("the record does not start: {e}")))
}

/// `GET /api/games/{id}/replay`: what the viewer needs besides the board:
/// the number of steps (choices in effect + 1: the start), the seats, the
/// outcome and final score, and the log as a spectator reads it, one entry
/// per choice (entry `i` is what step `i + 1` did).
pub async fn replay(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let f = finished(&hub, &id).await?;
    let kind = f.handle.kind.clone();
    let mut state = start(kind.as_ref(), &f)?;
    let mut log = Vec::with_capacity(f.steps.len());
    for (n, s) in f.steps.iter().enumerate() {
        let applied = state
            .apply(Seat(s.seat), &s.choice)
            .map_err(|e| ApiError::Internal(format!("the record does not replay: {e}")))?;
        let events: Vec<&str> = applied
            .events
            .iter()
            .filter(|e| e.audience.allows(None))
            .map(|e| e.text.as_str())
            .collect();
        log.push(json!({
            "n": n,
            "seat": s.seat,
            "at": s.at,
            "choice": applied.public_text,
            "events": events,
        }));
    }
    let g = f.handle.inner.lock().await;
    Ok(Json(json!({
        "id": g.row.id,
        "game": kind.id(),
        "game_name": kind.name(),
        "players": g.row.players,
        "created_at": g.row.created_at,
        "seats": g.seats_json(),
        "seed_chosen": g.row.seed_chosen,
        "steps": f.steps.len() + 1,
        "outcome": state.outcome(),
        "final_score": state.final_score(),
        "log": log,
    })))
}

/// `GET /api/games/{id}/replay/{step}`: the board after `step` choices
/// (0: the start), as the table's snapshot for a spectator has it (view,
/// ui, prompt, seat to move; no legal choices), so the same game renderer
/// draws it.
pub async fn replay_step(
    State(hub): State<Arc<Hub>>,
    Path((id, step)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let f = finished(&hub, &id).await?;
    let step: usize = step.parse().map_err(|_| {
        ApiError::BadRequest(format!(
            "step `{}` is not a whole number",
            crate::error::echoed(&step)
        ))
    })?;
    if step > f.steps.len() {
        return Err(ApiError::NotFound(format!(
            "game {id} has steps 0 to {}",
            f.steps.len()
        )));
    }
    let kind = f.handle.kind.clone();
    let mut state = start(kind.as_ref(), &f)?;
    for s in &f.steps[..step] {
        state
            .apply(Seat(s.seat), &s.choice)
            .map_err(|e| ApiError::Internal(format!("the record does not replay: {e}")))?;
    }
    let turn = state.turn();
    let view = state.view(None);
    let g = f.handle.inner.lock().await;
    Ok(Json(json!({
        "id": g.row.id,
        "game": kind.id(),
        "game_name": kind.name(),
        "players": g.row.players,
        "move": step,
        "step": step,
        "steps": f.steps.len() + 1,
        "seat": Value::Null,
        "to_move": match turn { Turn::Seat(s) => Some(s.0), Turn::Over => None },
        "over": turn == Turn::Over,
        "prompt": state.prompt(),
        "view": view.view,
        "ui": view.ui,
        "legal": [],
        "outcome": state.outcome(),
        "final_score": state.final_score(),
        "seats": g.seats_json(),
        "seed_chosen": g.row.seed_chosen,
        "log_len": step,
    })))
}
