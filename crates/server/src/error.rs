//! API errors: every refusal is a JSON body `{"error": {"code", "message"}}`
//! with an HTTP status, and changes nothing. A server failure (500) is
//! logged with its details and answered without them; a unique key taken
//! by a concurrent request is a conflict (409); values the client sent are
//! repeated at most [`ECHO_CHARS`] characters long ([`echoed`]).

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
    /// Something existed and is gone for good (a cancelled game).
    #[error("{0}")]
    Gone(String),
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
    /// The request body did not arrive whole within this time of its head
    /// (`crate::http::edge::BodyLate`).
    #[error("the request body did not arrive within {0:?} of its head")]
    RequestTimeout(std::time::Duration),
    /// The request body is larger than any real request needs.
    #[error("the request body is over {0} bytes")]
    PayloadTooLarge(usize),
    /// The request names a host this server does not answer for (its
    /// allow-list of host names; against DNS rebinding).
    #[error("this server does not answer for the host `{0}`")]
    UnknownHost(String),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NoToken => StatusCode::UNAUTHORIZED,
            ApiError::WrongToken(_) | ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Gone(_) => StatusCode::GONE,
            ApiError::Stale { .. } | ApiError::Conflict(_) | ApiError::UndoRefused(_) => {
                StatusCode::CONFLICT
            }
            ApiError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::UnknownHost(_) => StatusCode::MISDIRECTED_REQUEST,
        }
    }

    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::NoToken => "no_token",
            ApiError::WrongToken(_) => "wrong_token",
            ApiError::NotFound(_) => "not_found",
            ApiError::Gone(_) => "gone",
            ApiError::Stale { .. } => "stale_move",
            ApiError::Conflict(_) => "conflict",
            ApiError::Illegal(_) => "illegal_choice",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::TooManyRequests { .. } => "too_many_requests",
            ApiError::Busy(_) => "busy",
            ApiError::Internal(_) => "internal",
            ApiError::UndoRefused(_) => "undo_refused",
            ApiError::PayloadTooLarge(_) => "payload_too_large",
            ApiError::RequestTimeout(_) => "request_timeout",
            ApiError::UnknownHost(_) => "unknown_host",
        }
    }
}

/// The most characters of a client's value an error message repeats.
pub const ECHO_CHARS: usize = 16;

/// A value the client sent, as an error message repeats it: at most
/// [`ECHO_CHARS`] characters, then `…` when it was longer (so that an
/// error never sends back, or logs, a megabyte the client made up).
pub fn echoed(value: &str) -> String {
    let mut chars = value.chars();
    let mut out: String = chars.by_ref().take(ECHO_CHARS).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// A message from a parser that may quote what the client sent (serde's
/// "unknown field `…`", "invalid type: string \"…\""): every quoted part
/// cut as [`echoed`] cuts it.
pub fn with_quotes_echoed(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(256));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = &rest[open..open + 1];
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        match inside.find(quote) {
            Some(close) => {
                out.push_str(&echoed(&inside[..close]));
                out.push_str(quote);
                rest = &inside[close + 1..];
            }
            None => {
                out.push_str(&echoed(inside));
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// A request parser's message (serde through axum), which may repeat what
/// the client sent quoted ([`with_quotes_echoed`]) and unquoted (the path
/// to a field, `ffff…: unknown field`): quoted parts and every other word
/// cut as [`echoed`] cuts them.
pub fn with_values_echoed(message: &str) -> String {
    with_quotes_echoed(message)
        .split(' ')
        .map(|word| {
            if word.starts_with(['`', '"']) {
                word.to_string()
            } else {
                echoed(word)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a client reads of a server failure: its details (a database's
/// words, a stored row that does not read) are logged, never sent.
const INTERNAL_MESSAGE: &str = "the server failed to answer this request; try again later";

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = match &self {
            ApiError::Internal(detail) => {
                tracing::error!(detail = %detail, "a request failed inside the server");
                INTERNAL_MESSAGE.to_string()
            }
            other => other.to_string(),
        };
        let mut body = json!({ "error": { "code": self.code(), "message": message } });
        if let ApiError::Stale { current, .. } = self {
            body["move"] = json!(current);
        }
        if matches!(
            self,
            ApiError::PayloadTooLarge(_) | ApiError::RequestTimeout(_)
        ) {
            // The body was left unread (refused on its declared length, or
            // cut at the cap or the deadline), so the connection cannot carry
            // another request: say so, or a client that pools connections
            // sends its next request into a socket the server is closing
            // (RFC 9112 §9.6) and gets a broken pipe.
            let close = [(axum::http::header::CONNECTION, "close")];
            return (self.status(), close, Json(body)).into_response();
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
        ApiError::Internal("the server could not store or read the game".into())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_echoed_value_is_cut_at_sixteen_characters() {
        assert_eq!(echoed("abc"), "abc");
        assert_eq!(echoed(&"x".repeat(16)), "x".repeat(16));
        assert_eq!(echoed(&"é".repeat(1000)), format!("{}…", "é".repeat(16)));
    }

    #[test]
    fn quoted_parts_of_a_parser_message_are_cut() {
        let long = "y".repeat(1000);
        let message = format!("unknown field `{long}`, expected `game` at line 1 column 1009");
        assert_eq!(
            with_quotes_echoed(&message),
            format!(
                "unknown field `{}…`, expected `game` at line 1 column 1009",
                "y".repeat(16)
            )
        );
        let message = format!("invalid type: string \"{long}\", expected u64");
        assert!(with_quotes_echoed(&message).len() < 80);
        assert_eq!(
            with_quotes_echoed(&format!("`{long}")),
            format!("`{}…", "y".repeat(16))
        );
    }

    #[test]
    fn a_field_path_of_a_parser_message_is_cut() {
        let long = "f".repeat(500);
        let message =
            format!("into the target type: {long}: unknown field `{long}`, expected `game`");
        let cut = with_values_echoed(&message);
        assert!(!cut.contains(&"f".repeat(17)), "{cut}");
        assert!(cut.ends_with("expected `game`"), "{cut}");
    }

    #[test]
    fn a_server_failure_is_answered_without_its_details() {
        let response =
            ApiError::Internal("UNIQUE constraint failed: seats.token_hash".into()).into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = futures_util::FutureExt::now_or_never(axum::body::to_bytes(
            response.into_body(),
            usize::MAX,
        ))
        .expect("a ready body")
        .expect("the body");
        let text = String::from_utf8_lossy(&body);
        assert!(!text.contains("UNIQUE"), "{text}");
        assert!(text.contains("\"internal\""), "{text}");
    }
}
