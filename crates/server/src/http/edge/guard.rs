//! What every request and response goes through: the allow-list of host
//! names (against DNS rebinding), the body cap, and the security headers.

pub use crate::config::AllowedHosts;
use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::sync::Arc;
use tower_http::set_header::SetResponseHeaderLayer;

/// The largest request body the server reads (64 KiB): a real request (a
/// new game with every seat named, a choice) is a few hundred bytes. Larger
/// bodies are refused with 413 `payload_too_large`.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The `Content-Security-Policy` of every response: everything from this
/// server only, no inline script (the UI's scripts are files; its styles
/// are a file and CSSOM), WebSockets to this server only, nothing may frame
/// the page, no `<base>`, forms post here only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
    object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// The security headers set on every response.
const SECURITY_HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
];

/// The most of a refused host name echoed back in the error.
const ECHOED_HOST_CHARS: usize = 64;

/// `app` behind the edge's request checks (allowed hosts, declared body
/// length) and with the security headers on every response, refusals
/// included.
pub fn protect(app: Router, hosts: AllowedHosts) -> Router {
    let mut app = app.layer(axum::middleware::from_fn_with_state(
        Arc::new(hosts),
        check_request,
    ));
    for (name, value) in SECURITY_HEADERS {
        app = app.layer(SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ));
    }
    app
}

/// Refuses a request for a host not allowed (421) or whose declared body is
/// over [`MAX_BODY_BYTES`] (413, before reading it); passes the others on.
async fn check_request(
    State(hosts): State<Arc<AllowedHosts>>,
    request: Request,
    next: Next,
) -> Response {
    if !hosts.is_empty() {
        // An absolute-form target names the host itself (RFC 9112 §3.2.2).
        let host = match request.uri().authority() {
            Some(a) => Some(a.as_str()),
            None => request
                .headers()
                .get(header::HOST)
                .and_then(|v| v.to_str().ok()),
        };
        if !hosts.allows(host) {
            let shown: String = host.unwrap_or("").chars().take(ECHOED_HOST_CHARS).collect();
            return ApiError::UnknownHost(shown).into_response();
        }
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return ApiError::PayloadTooLarge(MAX_BODY_BYTES).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::StatusCode;
    use axum::routing::{get, post};
    use tower::ServiceExt;

    fn hosts(list: &str) -> AllowedHosts {
        AllowedHosts::parse(list).expect("hosts")
    }

    fn app() -> Router {
        Router::new()
            .route("/", get(|| async { "hello" }))
            .route("/echo", post(|body: String| async move { body }))
    }

    async fn send(app: Router, request: axum::http::Request<Body>) -> Response {
        app.oneshot(request).await.expect("infallible")
    }

    async fn json(response: Response) -> serde_json::Value {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .expect("body");
        serde_json::from_slice(&bytes).expect("JSON")
    }

    fn request(host: &str) -> axum::http::Request<Body> {
        axum::http::Request::get("/")
            .header(header::HOST, host)
            .body(Body::empty())
            .expect("request")
    }

    #[tokio::test]
    async fn every_response_carries_the_security_headers_refusals_too() {
        let open = protect(app(), AllowedHosts::default());
        let strict = protect(app(), hosts("eons.example.org"));
        let ok = send(open, request("anything")).await;
        let refused = send(strict, request("attacker.example")).await;
        assert_eq!(ok.status(), StatusCode::OK);
        assert_eq!(refused.status(), StatusCode::MISDIRECTED_REQUEST);
        for response in [&ok, &refused] {
            for (name, value) in SECURITY_HEADERS {
                assert_eq!(
                    response.headers().get(&name).and_then(|v| v.to_str().ok()),
                    Some(value),
                    "{name}"
                );
            }
        }
        let csp = CONTENT_SECURITY_POLICY;
        assert!(!csp.contains("unsafe"), "no inline script or style: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    }

    #[tokio::test]
    async fn a_host_not_listed_gets_421_with_the_json_error() {
        let strict = protect(app(), hosts("eons.example.org"));
        let ok = send(strict.clone(), request("eons.example.org:8080")).await;
        assert_eq!(ok.status(), StatusCode::OK);
        let long = format!("{}.attacker.example", "a".repeat(500));
        let refused = send(strict.clone(), request(&long)).await;
        assert_eq!(refused.status(), StatusCode::MISDIRECTED_REQUEST);
        let body = json(refused).await;
        assert_eq!(body["error"]["code"], "unknown_host");
        let message = body["error"]["message"].as_str().expect("message");
        assert!(message.len() < 200, "the host is truncated: {message}");
        let absolute = axum::http::Request::get("http://attacker.example/")
            .header(header::HOST, "eons.example.org")
            .body(Body::empty())
            .expect("request");
        let refused = send(strict, absolute).await;
        assert_eq!(
            refused.status(),
            StatusCode::MISDIRECTED_REQUEST,
            "the request target's host wins over the Host header"
        );
    }

    #[tokio::test]
    async fn a_declared_body_over_the_cap_gets_413_before_it_is_read() {
        let open = protect(app(), AllowedHosts::default());
        let over = axum::http::Request::post("/echo")
            .header(header::CONTENT_LENGTH, (MAX_BODY_BYTES + 1).to_string())
            .body(Body::empty())
            .expect("request");
        let refused = send(open.clone(), over).await;
        assert_eq!(refused.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            refused
                .headers()
                .get(header::CONNECTION)
                .map(|v| v.as_bytes()),
            Some(&b"close"[..]),
            "the unread body ends the connection, and the answer says so"
        );
        assert_eq!(json(refused).await["error"]["code"], "payload_too_large");
        let fits = axum::http::Request::post("/echo")
            .body(Body::from("x".repeat(MAX_BODY_BYTES)))
            .expect("request");
        assert_eq!(send(open, fits).await.status(), StatusCode::OK);
    }
}
