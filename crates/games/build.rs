//! Embeds the value networks of `models/` at the repository's root (every
//! `<game>-<players>p.safetensors`, not the `.reference.` files of the
//! tests) into the crate, so that a program plays `eval=net` with no file
//! at hand; a game without a trained network simply has none. See
//! docs/learning.md, "Playing with a network".

use std::io::Write;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let models = Path::new(&manifest).join("../../models");
    println!("cargo:rerun-if-changed={}", models.display());
    let mut found: Vec<(String, usize, String)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&models) {
        for entry in entries.flatten() {
            let path = entry.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let Some(stem) = name.strip_suffix(".safetensors") else {
                continue;
            };
            if stem.contains('.') {
                continue; // `.reference.safetensors` and the like.
            }
            let Some((game, players)) = stem.rsplit_once('-') else {
                continue;
            };
            let Some(players) = players.strip_suffix('p').and_then(|p| p.parse().ok()) else {
                continue;
            };
            println!("cargo:rerun-if-changed={}", path.display());
            let absolute = path.canonicalize().unwrap_or(path.clone());
            found.push((game.to_string(), players, absolute.display().to_string()));
        }
    }
    found.sort();
    let mut code = String::from(
        "/// The networks of `models/`, built in.\nstatic NETWORKS: &[ShippedNetwork] = &[\n",
    );
    for (game, players, path) in &found {
        code.push_str(&format!(
            "    ShippedNetwork {{ game: {game:?}, players: {players}, bytes: include_bytes!({path:?}) }},\n"
        ));
    }
    code.push_str("];\n");
    let target = Path::new(&out_dir).join("networks.rs");
    let mut file = std::fs::File::create(target).expect("OUT_DIR is writable");
    file.write_all(code.as_bytes())
        .expect("OUT_DIR is writable");
}
