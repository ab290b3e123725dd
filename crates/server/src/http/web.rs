//! The browser UI: plain ES modules, CSS and SVG from `web/`, embedded in the
//! binary (no build step, nothing fetched from elsewhere: it works offline).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::path::PathBuf;
use std::sync::Arc;

/// Every embedded file: (path under `web/`, content type, content).
pub const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../../../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../../web/style.css"),
    ),
    (
        "js/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/app.js"),
    ),
    (
        "js/api.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/api.js"),
    ),
    (
        "js/clock.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/clock.js"),
    ),
    (
        "js/notify.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/notify.js"),
    ),
    (
        "js/profile.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/profile.js"),
    ),
    (
        "js/lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/lobby.js"),
    ),
    (
        "js/table.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/table.js"),
    ),
    (
        "js/link.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/link.js"),
    ),
    (
        "js/marks.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/marks.js"),
    ),
    (
        "js/setup-form.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/setup-form.js"),
    ),
    (
        "js/hotseat.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/hotseat.js"),
    ),
    (
        "js/join.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/join.js"),
    ),
    (
        "js/cards.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/cards.js"),
    ),
    (
        "js/dom.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/dom.js"),
    ),
    (
        "js/games/generic.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/games/generic.js"),
    ),
    (
        "js/games/contract.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/games/contract.js"),
    ),
    (
        "js/games/earth.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/games/earth.js"),
    ),
    (
        "js/games/ds.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/games/ds.js"),
    ),
    (
        "js/games/marine.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/games/marine.js"),
    ),
    (
        "js/games/pangea.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/games/pangea.js"),
    ),
    (
        "js/rules.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/rules.js"),
    ),
    (
        "js/final.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/final.js"),
    ),
    (
        "js/replay.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/js/replay.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../../../web/favicon.svg"),
    ),
];

/// The paths that serve the page (`index.html`): the lobby, a table, a
/// replay, a profile, a leaderboard, the list of the games' rules and each
/// game's rules. `web/js/app.js` routes between them.
const PAGES: &[&str] = &[
    "/",
    "/play/{*rest}",
    "/replay/{*rest}",
    "/profile/{*rest}",
    "/leaderboard/{*rest}",
    "/rules",
    "/rules/{*rest}",
];

/// Routes for the UI: the [`PAGES`] serve the page, `/static/...` the files.
/// With `dir`, files are read from that folder at each request (for UI
/// development without rebuilding); only the embedded file names are served.
pub fn router(dir: Option<PathBuf>) -> Router {
    let dir = Arc::new(dir);
    let mut router = Router::new();
    for page in PAGES {
        let d = dir.clone();
        router = router.route(
            page,
            get(move || serve(d.clone(), "index.html".to_string())),
        );
    }
    router
        .route(
            "/favicon.ico",
            get(|| serve(Arc::new(None), "favicon.svg".to_string())),
        )
        .route(
            "/static/{*path}",
            get(move |Path(path): Path<String>| serve(dir.clone(), path)),
        )
}

async fn serve(dir: Arc<Option<PathBuf>>, path: String) -> Response {
    let Some((name, mime, body)) = FILES.iter().find(|(p, _, _)| *p == path) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let body: String = match dir.as_ref() {
        Some(d) => match tokio::fs::read_to_string(d.join(name)).await {
            Ok(b) => b,
            Err(_) => body.to_string(),
        },
        None => body.to_string(),
    };
    (
        [
            (header::CONTENT_TYPE, *mime),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
