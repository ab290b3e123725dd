//! The extractors of the API's handlers: the JSON body within the server's
//! limits ([`JsonBody`]) and the seat token a request carries
//! ([`SeatToken`]).

use crate::error::ApiError;
use crate::http::access::bearer_token;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::convert::Infallible;

/// A JSON body, read within [`crate::http::edge::MAX_BODY_BYTES`] and its
/// time limit. Refused as the API refuses everything: 413 over the size,
/// 408 when it came too slowly, 400 (the parser's words, values cut) when
/// it does not read. Take it as `Result<JsonBody<T>, ApiError>` to decide
/// when a refusal counts (after the game is found, say).
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T, S> FromRequest<S> for JsonBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(x)) => Ok(JsonBody(x)),
            Err(e) => Err(if let Some(late) = crate::http::edge::late_body(&e) {
                ApiError::RequestTimeout(late.0)
            } else if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::PayloadTooLarge(crate::http::edge::MAX_BODY_BYTES)
            } else {
                ApiError::BadRequest(format!(
                    "malformed body: {}",
                    crate::error::with_values_echoed(&e.body_text())
                ))
            }),
        }
    }
}

/// The seat token a request carries: its `Authorization: Bearer` header,
/// else its `token` query parameter (None: neither).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatToken(pub Option<String>);

impl SeatToken {
    /// The token of these headers and query parameters.
    pub fn of(headers: &axum::http::HeaderMap, query: &HashMap<String, String>) -> SeatToken {
        if let Some(t) = bearer_token(headers) {
            return SeatToken(Some(t));
        }
        SeatToken(
            query
                .get("token")
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty()),
        )
    }
}

impl<S: Send + Sync> FromRequestParts<S> for SeatToken {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Infallible> {
        let query = Query::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map(|Query(q)| q)
            .unwrap_or_default();
        Ok(SeatToken::of(&parts.headers, &query))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn with_authorization(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            "authorization",
            value.parse().expect("a valid header value"),
        );
        headers
    }

    #[test]
    fn the_bearer_scheme_is_read_in_any_case() {
        let none = HashMap::new();
        for value in ["Bearer abc", "bearer abc", "BEARER abc", "  Bearer   abc "] {
            assert_eq!(
                SeatToken::of(&with_authorization(value), &none)
                    .0
                    .as_deref(),
                Some("abc"),
                "{value}"
            );
        }
        assert_eq!(
            SeatToken::of(&with_authorization("Basic abc"), &none).0,
            None
        );
    }

    #[test]
    fn the_header_comes_before_the_query_parameter() {
        let query = HashMap::from([("token".to_string(), " xyz ".to_string())]);
        assert_eq!(
            SeatToken::of(&HeaderMap::new(), &query).0.as_deref(),
            Some("xyz")
        );
        assert_eq!(
            SeatToken::of(&with_authorization("Bearer abc"), &query)
                .0
                .as_deref(),
            Some("abc")
        );
    }
}
