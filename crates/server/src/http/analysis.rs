//! The analysis of a finished game (issue 38, the coach): each seat's
//! estimated win probability at every step, and the steps where a seat's
//! estimate fell most, with the choice a bot would have made there; the
//! same analysis as `eons analyse` ([`eons_bots::analysis`], its default
//! options: the shipped value network where there is one, the bot
//! [`analysis::DEFAULT_BOT`] at the drops).
//!
//! An analysis takes tenths of a second to seconds (0.36 s for a 4-player
//! Dominant Species game of 1,142 steps, a debug build), so it is made off
//! the request path, on its own thread
//! ([`crate::services::reads::ANALYSIS_THREADS`]), a few at a time
//! ([`crate::services::reads::PENDING_ANALYSES`]; 503 beyond), and kept
//! ([`crate::services::reads::AnalysisCache`]). The first request starts it;
//! every request is answered 202 (`{"status": "making", "done", "total"}`,
//! the bot searches done, and `Retry-After: 1`) until it is made, then 200.
//! Every request counts against the client address's allowance of costly
//! reads, like a replay's. Only a finished game is analysed (409 before):
//! the estimates read the whole position, hidden cards included.

use crate::error::ApiError;
use crate::http::replay::{choices_in_effect, finished_record};
use crate::services::reads::AnalysisStatus;
use crate::services::Services;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use eons_bots::analysis;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;

/// The analysis route.
pub(super) fn router() -> axum::Router<Arc<Services>> {
    axum::Router::new().route("/api/games/{id}/analysis", axum::routing::get(analysed))
}

/// `GET /api/games/{id}/analysis`: 200 with
/// `{id, game, estimator, bot, roles, steps: [{step, win}], drops: [{step,
/// seat, before, after, bot_choice}]}` once made (`roles`: each seat's
/// animals, for the drops' sentences), else 202 and the analysis started.
pub async fn analysed(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let client = services.newcomers.client(peer.ip(), &headers);
    services.reads.allow(client)?;
    let handle = services.get(&id).await?;
    if let Some(answer) = answer(services.reads.analyses.look(&id)) {
        return answer;
    }
    let record = finished_record(&services, &handle).await?;
    if !services.reads.analyses.start(&id)? {
        // Another request started it meanwhile.
        return answer(services.reads.analyses.look(&id)).unwrap_or_else(|| Ok(making(0, 0)));
    }
    let kind = handle.kind.clone();
    let task = services.clone();
    tokio::spawn(async move {
        let key = id.clone();
        let told = task.clone();
        let made = task
            .reads
            .run_analysis(move || {
                let (steps, _) = choices_in_effect(&record.stored)?;
                let analysed = kind
                    .analyse(
                        &record.setup,
                        record.seed,
                        &steps,
                        &analysis::Options::default(),
                        &mut |p| {
                            told.reads.analyses.set(
                                &key,
                                AnalysisStatus::Making {
                                    done: p.done,
                                    total: p.total,
                                },
                            )
                        },
                    )
                    .map_err(|e| ApiError::Internal(format!("the analysis failed: {e}")))?;
                let body = json!({
                    "id": key,
                    "game": kind.id(),
                    "estimator": analysed.analysis.estimator,
                    "bot": analysis::DEFAULT_BOT,
                    "roles": analysed.roles,
                    "steps": analysed.analysis.steps,
                    "drops": analysed.analysis.drops,
                });
                Ok(Arc::<str>::from(body.to_string()))
            })
            .await;
        let status = match made {
            Ok(body) => AnalysisStatus::Made(body),
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "an analysis failed");
                AnalysisStatus::Failed(e.to_string())
            }
        };
        task.reads.analyses.set(&id, status);
    });
    Ok(making(0, 0))
}

/// The answer for an analysis that was asked for before: None when it was
/// not (or was dropped).
fn answer(status: AnalysisStatus) -> Option<Result<Response, ApiError>> {
    match status {
        AnalysisStatus::Absent => None,
        AnalysisStatus::Making { done, total } => Some(Ok(making(done, total))),
        AnalysisStatus::Made(body) => Some(Ok((
            [(header::CONTENT_TYPE, "application/json")],
            body.to_string(),
        )
            .into_response())),
        AnalysisStatus::Failed(why) => Some(Err(ApiError::Internal(why))),
    }
}

/// 202: being made, `done` of `total` bot searches so far; ask again in a second.
fn making(done: usize, total: usize) -> Response {
    (
        StatusCode::ACCEPTED,
        [(header::RETRY_AFTER, "1")],
        Json(json!({ "status": "making", "done": done, "total": total })),
    )
        .into_response()
}
