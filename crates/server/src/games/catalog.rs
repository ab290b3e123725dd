//! Presentation helper: each game's catalog as JSON, served at
//! `GET /api/kinds/{game}/catalog` — the engine's own `catalog()` (every
//! card with its full text and `reconstructed` mark, and the tables the
//! browser draws), plus, for the two games on earth, the place labels of
//! every hex and corner (`labels`, `corner_labels`): the board takes them
//! from here, once per page, and no push repeats them.
//! One source of truth: the browser keeps no copy of any of it.
//! Each catalog is built once and kept.

use serde_json::Value;
use std::sync::OnceLock;

/// Serialises an engine's catalog and adds the earth's place labels when asked.
fn build(catalog: impl serde::Serialize, earth: bool) -> Value {
    let mut v = serde_json::to_value(catalog).unwrap_or(Value::Null);
    if earth {
        if let Value::Object(map) = &mut v {
            map.insert("labels".into(), crate::games::earth_ui::hex_labels());
            map.insert(
                "corner_labels".into(),
                crate::games::earth_ui::corner_labels(),
            );
        }
    }
    v
}

/// Dominant Species: [`eons_dominant_species::catalog::catalog`] and the
/// earth's labels.
pub fn dominant_species() -> Value {
    static CATALOG: OnceLock<Value> = OnceLock::new();
    CATALOG
        .get_or_init(|| build(eons_dominant_species::catalog::catalog(), true))
        .clone()
}

/// Marine: [`eons_marine::catalog::catalog`] and the earth's labels.
pub fn marine() -> Value {
    static CATALOG: OnceLock<Value> = OnceLock::new();
    CATALOG
        .get_or_init(|| build(eons_marine::catalog::catalog(), true))
        .clone()
}

/// Pangea: [`eons_pangea::catalog::catalog`] (its region labels are in it).
pub fn pangea() -> Value {
    static CATALOG: OnceLock<Value> = OnceLock::new();
    CATALOG
        .get_or_init(|| build(eons_pangea::catalog::catalog(), false))
        .clone()
}
