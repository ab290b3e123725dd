//! The browser UI: plain ES modules, CSS and SVG from `web/`, embedded in the
//! binary (no build step, nothing fetched from elsewhere: it works offline).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::path::PathBuf;
use std::sync::Arc;

/// Every embedded file: (path under `web/`, content type, content): every
/// HTML, CSS, JavaScript and SVG file of `web/` but its tests, listed by the
/// build script (`build.rs`).
pub const FILES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/web_files.rs"));

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
/// development without rebuilding): the embedded file names, and a new
/// script, style sheet or image written since the build.
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

/// The content type of a file of `web/` written after the binary was built,
/// served from the development folder: only a plain relative path (no `..`,
/// no root) with an extension the UI uses.
fn development_file(path: &str) -> Option<&'static str> {
    let plain = std::path::Path::new(path)
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if !plain || path.split('/').next() == Some("tests") {
        return None;
    }
    match path.rsplit_once('.')?.1 {
        "js" => Some("text/javascript; charset=utf-8"),
        "css" => Some("text/css; charset=utf-8"),
        "svg" => Some("image/svg+xml"),
        _ => None,
    }
}

async fn serve(dir: Arc<Option<PathBuf>>, path: String) -> Response {
    let embedded = FILES.iter().find(|(p, _, _)| *p == path);
    let (mime, body): (&str, String) = match (dir.as_ref(), embedded) {
        (Some(d), Some((name, mime, body))) => {
            match tokio::fs::read_to_string(d.join(name)).await {
                Ok(b) => (mime, b),
                Err(_) => (mime, body.to_string()),
            }
        }
        (None, Some((_, mime, body))) => (mime, body.to_string()),
        (Some(d), None) => match development_file(&path) {
            Some(mime) => match tokio::fs::read_to_string(d.join(&path)).await {
                Ok(b) => (mime, b),
                Err(_) => return (StatusCode::NOT_FOUND, "not found").into_response(),
            },
            None => return (StatusCode::NOT_FOUND, "not found").into_response(),
        },
        (None, None) => return (StatusCode::NOT_FOUND, "not found").into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_list_has_its_renderer_embedded() {
        for kind in crate::games::registry(false) {
            let file = format!("js/games/{}.js", kind.renderer());
            assert!(
                FILES.iter().any(|(p, _, _)| *p == file),
                "{}: no {file} among the embedded files",
                kind.id()
            );
        }
    }

    #[test]
    fn the_server_offers_exactly_the_games_of_the_list() {
        let served: Vec<&str> = crate::games::registry(false)
            .iter()
            .map(|k| k.id())
            .collect();
        let listed: Vec<&str> = eons_games::kinds().iter().map(|k| k.id).collect();
        assert_eq!(served, listed);
    }

    #[test]
    fn a_development_folder_serves_new_scripts_but_nothing_outside_it() {
        assert!(development_file("js/games/new.js").is_some());
        assert!(development_file("js/../../etc/passwd.js").is_none());
        assert!(development_file("/etc/x.js").is_none());
        assert!(development_file("tests/browser.mjs").is_none());
        assert!(development_file("tests/x.js").is_none());
        assert!(development_file("js/notes.txt").is_none());
    }
}
