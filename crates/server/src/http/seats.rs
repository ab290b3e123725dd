//! A seat's actions: claim it with an invite or join an open one, choose, take back, ask for a bot pace, come back, set a webhook, vote an absent seat away.

use super::acting_seat;
use super::extract::{JsonBody, SeatToken};
use crate::error::ApiError;
use crate::http::access::load;
use crate::services::Services;
use axum::extract::{Path, State};
use axum::routing::post;
use axum::{Json, Router};
use eons_core::Seat;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// The routes of this part of the API.
pub(super) fn router() -> Router<Arc<Services>> {
    Router::new()
        .route("/api/claim", post(claim))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/choice", post(choice))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/pace", post(pace))
        .route("/api/games/{id}/back", post(back))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/cancel", post(cancel))
        .route("/api/games/{id}/webhook", post(webhook))
        .route("/api/games/{id}/vote-away", post(vote_away))
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
    State(services): State<Arc<Services>>,
    b: Result<JsonBody<ClaimBody>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let JsonBody(b) = b?;
    let new_token = b.new_token.as_deref().map(client_token).transpose()?;
    let name = crate::names::requested_name(b.name.as_deref())
        .map_err(|e| ApiError::BadRequest(e.to_string()))?
        .unwrap_or_default();
    let hash = crate::services::live::token_hash(b.token.trim());
    let Some((game, seat)) = services.store.seat_of_token(&hash).await? else {
        // The same claim again (its reply was lost): the seat already holds
        // the token this client chose, so answer as the first time.
        if let Some(t) = new_token {
            if let Some((game, seat)) = services
                .store
                .seat_of_token(&crate::services::live::token_hash(&t))
                .await?
            {
                let h = load(&services, &game).await?;
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
    let h = load(&services, &game).await?;
    let profile = match b.key.as_deref() {
        Some(k) => Some(services.profile_of_key(k).await?),
        None => None,
    };
    let (token, name) = services
        .claim(&h, seat, hash, name, new_token, profile)
        .await?;
    Ok(Json(
        json!({ "game": game, "seat": seat, "name": name, "token": token }),
    ))
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

/// Takes the game's first open seat ([`Services::join`]) → `{game, seat, name,
/// token}`, as a claim answers. Asking again with the same `new_token`
/// after the join went through answers the same.
async fn join(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    b: Result<JsonBody<JoinBody>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let JsonBody(b) = b?;
    let new_token = b.new_token.as_deref().map(client_token).transpose()?;
    let name = crate::names::requested_name(b.name.as_deref())
        .map_err(|e| ApiError::BadRequest(e.to_string()))?
        .unwrap_or_default();
    let h = load(&services, &id).await?;
    if let Some(t) = &new_token {
        // The same join again (its reply was lost).
        if let Some((game, seat)) = services
            .store
            .seat_of_token(&crate::services::live::token_hash(t))
            .await?
        {
            let g = h.inner.lock().await;
            if let (true, Some(row)) = (game == id, g.claimed_seat(seat)) {
                return Ok(Json(
                    json!({ "game": id, "seat": seat, "name": row.name, "token": t }),
                ));
            }
        }
    }
    let profile = match b.key.as_deref() {
        Some(k) => Some(services.profile_of_key(k).await?),
        None => None,
    };
    let joined = services.join(&h, name, new_token, profile).await?;
    Ok(Json(json!({
        "game": id,
        "seat": joined.seat,
        "name": joined.name,
        "token": joined.token,
    })))
}

/// "I'm back": the token's seat takes itself back from the stand-in bot
/// that decided for it since its time ran out ([`Services::come_back`]) →
/// `{away: false}`; nothing changes for a seat that is not away. While the
/// seat is to move, its stand-in makes that decision first: `{away: true,
/// back_after_this_decision: true}`.
async fn back(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let seat = acting_seat(&h, &token).await?;
    Ok(Json(match services.come_back(&h, seat).await? {
        crate::services::clock::Comeback::AfterThisDecision => {
            json!({ "away": true, "back_after_this_decision": true })
        }
        crate::services::clock::Comeback::NotAway | crate::services::clock::Comeback::Back => {
            json!({ "away": false })
        }
    }))
}

/// The token's seat resigns: its player leaves for good and the game's
/// stand-in bot plays the seat to the end ([`Services::resign`]) →
/// `{move, bot}`.
async fn resign(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let seat = acting_seat(&h, &token).await?;
    Ok(Json(json!(services.resign(&h, seat).await?)))
}

/// The token's seat cancels a game nobody else has played in
/// ([`Services::cancel`]) → `{id}`; the game is gone (410) from then on.
async fn cancel(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let seat = acting_seat(&h, &token).await?;
    Ok(Json(json!(services.cancel(&h, seat).await?)))
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
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
    b: Result<JsonBody<ChoiceBody>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let JsonBody(b) = b?;
    let seat = acting_seat(&h, &token).await?;
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
    // decision its time ran out on (see `services::clock`).
    services.come_back(&h, seat).await?.allows_acting()?;
    let r = services.submit(&h, seat, b.expected, &c).await?;
    Ok(Json(json!(r)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    /// The move count the client saw: an undo of a game that moved on since
    /// is stale (409), as a choice would be.
    #[serde(rename = "move")]
    expected: i64,
}

/// Takes back the seat's last choice (see [`Services::undo`]), within the
/// seat's rate of take-backs (429 beyond: see
/// [`crate::services::live::TAKE_BACK_BURST`]).
async fn undo(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
    b: Result<JsonBody<UndoBody>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let JsonBody(b) = b?;
    let seat = acting_seat(&h, &token).await?;
    services.live.allow_take_back(&id, seat)?;
    services.come_back(&h, seat).await?.allows_acting()?;
    let moves = services.undo(&h, seat, b.expected).await?;
    Ok(Json(json!({ "moves": moves })))
}

/// Sets the bots' pace the token's seat asks for ([`crate::services::bots::pace::PaceAsk`]).
async fn pace(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
    b: Result<JsonBody<crate::services::bots::pace::PaceAsk>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let JsonBody(ask) = b?;
    let seat = acting_seat(&h, &token).await?;
    Ok(Json(services.set_pace(&h, seat, ask).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WebhookBody {
    /// The URL (null or empty: none).
    url: Option<String>,
}

/// Sets the token's seat's webhook (see [`crate::services::webhooks`]) →
/// `{url}`; 403 when the server sends no webhooks, 400 for a URL it would
/// not POST to.
async fn webhook(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
    b: Result<JsonBody<WebhookBody>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let JsonBody(b) = b?;
    let seat = acting_seat(&h, &token).await?;
    let url = match b.url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(u) => Some(services.webhooks.check(u).await?.to_string()),
        None => None,
    };
    services.set_webhook(&h, seat, url.clone()).await?;
    Ok(Json(json!({ "url": url })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VoteBody {
    /// The seat to hand to a bot (the seat to move).
    seat: u8,
}

/// The token's seat votes to hand the seat to move, absent for a while, to
/// a bot ([`Services::vote_away`]) → the vote as it stands.
async fn vote_away(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    token: SeatToken,
    b: Result<JsonBody<VoteBody>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let h = load(&services, &id).await?;
    let JsonBody(b) = b?;
    let voter = acting_seat(&h, &token).await?;
    let vote = services.vote_away(&h, voter, Seat(b.seat)).await?;
    Ok(Json(json!(vote)))
}
