//! API errors: every refusal is a JSON body `{"error": {"code", "message"}}`
//! with an HTTP status, and changes nothing.

use crate::games::ApplyError;
use crate::store::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// A refused or failed request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request cannot be read (bad JSON, missing field, bad value).
    #[error("{0}")]
    BadRequest(String),
    /// No token was given where one is needed.
    #[error("this needs a seat token (Authorization: Bearer TOKEN or ?token=TOKEN)")]
    NoToken,
    /// The token is not a seat of this game.
    #[error("the token is not a seat of game {0}")]
    WrongToken(String),
    /// Something does not exist.
    #[error("{0}")]
    NotFound(String),
    /// The client's move number is not the game's.
    #[error("stale move: you sent move {sent} but the game is at move {current}")]
    Stale {
        /// What the client sent.
        sent: i64,
        /// The game's current move number.
        current: i64,
    },
    /// It is not this seat's turn, or the game is over.
    #[error("{0}")]
    Conflict(String),
    /// The engine refused the choice (the message names the rule).
    #[error("{0}")]
    Illegal(String),
    /// Only allowed later (the record before the game ends).
    #[error("{0}")]
    Forbidden(String),
    /// Too many requests of this kind from this client for now.
    #[error("{message}")]
    TooManyRequests {
        /// What limit was reached.
        message: String,
        /// Seconds until the client may try again (the `Retry-After` header).
        retry_after: u64,
    },
    /// The server is at a capacity limit (open connections).
    #[error("{0}")]
    Busy(String),
    /// The server failed.
    #[error("{0}")]
    Internal(String),
    /// An undo the rules of undo refuse (a barrier, another seat's choice).
    #[error("this cannot be taken back: {0}")]
    UndoRefused(String),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NoToken => StatusCode::UNAUTHORIZED,
            ApiError::WrongToken(_) | ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Stale { .. } | ApiError::Conflict(_) | ApiError::UndoRefused(_) => {
                StatusCode::CONFLICT
            }
            ApiError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::NoToken => "no_token",
            ApiError::WrongToken(_) => "wrong_token",
            ApiError::NotFound(_) => "not_found",
            ApiError::Stale { .. } => "stale_move",
            ApiError::Conflict(_) => "conflict",
            ApiError::Illegal(_) => "illegal_choice",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::TooManyRequests { .. } => "too_many_requests",
            ApiError::Busy(_) => "busy",
            ApiError::Internal(_) => "internal",
            ApiError::UndoRefused(_) => "undo_refused",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": { "code": self.code(), "message": self.to_string() } });
        if let ApiError::Stale { current, .. } = self {
            body["move"] = json!(current);
        }
        if let ApiError::TooManyRequests { retry_after, .. } = self {
            body["error"]["retry_after"] = json!(retry_after);
            let wait = [(axum::http::header::RETRY_AFTER, retry_after.to_string())];
            return (self.status(), wait, Json(body)).into_response();
        }
        (self.status(), Json(body)).into_response()
    }
}

impl From<StoreError> for ApiError {
    /// A unique key taken by a concurrent request (two claims choosing the
    /// same new token) is a conflict; any other database failure is logged
    /// here and reaches the client without the database's words.
    fn from(e: StoreError) -> Self {
        if let StoreError::Db(sqlx::Error::Database(db)) = &e {
            if db.is_unique_violation() {
                return ApiError::Conflict(
                    "another request took this value at the same moment; try again".into(),
                );
            }
        }
        tracing::error!(error = %e, "storage error");
        ApiError::Internal("the server could not store or read the game; try again".into())
    }
}

impl From<ApplyError> for ApiError {
    fn from(e: ApplyError) -> Self {
        match e {
            ApplyError::Malformed(m) => ApiError::BadRequest(m),
            ApplyError::Over | ApplyError::NotYourTurn(_) => ApiError::Conflict(e.to_string()),
            ApplyError::Illegal(m) => ApiError::Illegal(m),
        }
    }
}
