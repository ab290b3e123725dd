//! Presentation helper: each game's rules in brief as JSON, served at
//! `GET /api/kinds/{game}/rules` — the engine's own summary
//! (`eons_<game>::rulebook::summary()`, read from `data/<game>/rules.toml`):
//! the "how to play" overview and one section per rule a prompt cites,
//! with its slug, title, pages, summary and the engine's reading where it
//! plays one. The rules page (`/rules/{game}`) draws it, and the table
//! links each prompt's closing citation to its section. One source of
//! truth: the browser keeps no copy. Each summary is serialised once and
//! kept.

use serde_json::Value;
use std::sync::OnceLock;

/// Dominant Species: [`eons_dominant_species::rulebook::summary`].
pub fn dominant_species() -> Value {
    static RULES: OnceLock<Value> = OnceLock::new();
    RULES
        .get_or_init(|| json(eons_dominant_species::rulebook::summary()))
        .clone()
}

/// Marine: [`eons_marine::rulebook::summary`].
pub fn marine() -> Value {
    static RULES: OnceLock<Value> = OnceLock::new();
    RULES
        .get_or_init(|| json(eons_marine::rulebook::summary()))
        .clone()
}

/// Pangea: [`eons_pangea::rulebook::summary`].
pub fn pangea() -> Value {
    static RULES: OnceLock<Value> = OnceLock::new();
    RULES
        .get_or_init(|| json(eons_pangea::rulebook::summary()))
        .clone()
}

fn json(summary: &eons_core::RulesSummary) -> Value {
    serde_json::to_value(summary).unwrap_or(Value::Null)
}
