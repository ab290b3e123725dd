//! Embeds the browser UI: every file of `web/` the pages load (HTML, CSS,
//! JavaScript, SVG; not `web/tests/`) becomes an entry of `FILES` in
//! `src/http/web.rs`, so that a new file (a game's renderer) needs no list
//! to be kept by hand.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The content type of a file the UI serves, by its extension.
fn content_type(path: &Path) -> Option<&'static str> {
    match path.extension()?.to_str()? {
        "html" => Some("text/html; charset=utf-8"),
        "css" => Some("text/css; charset=utf-8"),
        "js" => Some("text/javascript; charset=utf-8"),
        "svg" => Some("image/svg+xml"),
        _ => None,
    }
}

/// Every servable file under `dir`, recursively, skipping `tests`.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "tests") {
                continue;
            }
            println!("cargo:rerun-if-changed={}", path.display());
            walk(&path, out);
        } else if content_type(&path).is_some() {
            println!("cargo:rerun-if-changed={}", path.display());
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let web = manifest.join("../../web");
    // Not `web/` itself: cargo would scan its tests' node_modules too. Its
    // files and folders are watched one by one (a new folder's files appear
    // when its parent changes).
    let mut files = Vec::new();
    walk(&web, &mut files);
    files.sort();
    let mut code = String::from("&[\n");
    for path in &files {
        let name = path
            .strip_prefix(&web)
            .expect("under web/")
            .to_string_lossy()
            .replace('\\', "/");
        let mime = content_type(path).expect("filtered");
        let _ = writeln!(
            code,
            "    ({name:?}, {mime:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    code.push(']');
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("web_files.rs"), code).expect("OUT_DIR is writable");
}
