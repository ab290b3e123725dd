//! Presentation helper for the two games on earth (Dominant Species and
//! Marine): the place labels the board draws, taken from `eons-earth`, so
//! that the browser board prints the same "D7" and "D7/E6/E8" every text
//! uses (one source of truth: the browser never computes a label).

use eons_core::{CornerId, HexId, Point};
use eons_earth::{grid, CornerLabel, HexLabel};
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The label of a hex of the earth grid ("D7"), written once and kept.
pub fn hex_label(id: HexId) -> &'static str {
    static LABELS: OnceLock<Vec<String>> = OnceLock::new();
    let labels = LABELS.get_or_init(|| HexLabel::all().map(|l| l.to_string()).collect());
    labels.get(usize::from(id.0)).map_or("", String::as_str)
}

/// The label of a corner of the earth grid ("D7/E6/E8"), written once and
/// kept.
pub fn corner_label(id: CornerId) -> &'static str {
    static LABELS: OnceLock<Vec<String>> = OnceLock::new();
    let labels = LABELS.get_or_init(|| {
        (0..grid().corner_count())
            .map(|i| CornerLabel::of(CornerId(i as u8)).to_string())
            .collect()
    });
    labels.get(usize::from(id.0)).map_or("", String::as_str)
}

/// Every hex of the earth grid with its label, in hex id order:
/// `[{q, r, label}]`.
pub fn hex_labels() -> Value {
    let g = grid();
    Value::Array(
        HexLabel::all()
            .map(|l| {
                let h = g.hex(l.hex());
                json!({ "q": h.q, "r": h.r, "label": l.to_string() })
            })
            .collect(),
    )
}

/// One corner of the earth grid as the board draws it: `{q, r, point,
/// label}` (the corner as the east or west point of a hex, and its label).
pub fn corner_place(id: CornerId) -> Value {
    // The places never change: built once, copied after.
    static PLACES: OnceLock<Vec<Value>> = OnceLock::new();
    let places = PLACES.get_or_init(|| {
        (0..grid().corner_count())
            .map(|i| build_corner_place(CornerId(i as u8)))
            .collect()
    });
    match places.get(usize::from(id.0)) {
        Some(place) => place.clone(),
        None => build_corner_place(id),
    }
}

fn build_corner_place(id: CornerId) -> Value {
    let c = grid().corner(id);
    json!({
        "q": c.hex.q,
        "r": c.hex.r,
        "point": match c.point { Point::E => "E", Point::W => "W" },
        "label": corner_label(id),
    })
}

/// Every corner of the earth grid with its label, in corner id order
/// ([`corner_place`] each).
pub fn corner_labels() -> Value {
    static LABELS: OnceLock<Value> = OnceLock::new();
    LABELS
        .get_or_init(|| {
            Value::Array(
                (0..grid().corner_count())
                    .map(|i| corner_place(CornerId(i as u8)))
                    .collect(),
            )
        })
        .clone()
}

/// The `ui` object sent beside a Marine view, as JSON text: its text
/// rendering. The labels of every hex and corner never change: the game's
/// catalog carries them (`GET /api/kinds/marine/catalog`), not every move's
/// push.
pub fn marine_ui(v: &eons_marine::View) -> Box<RawValue> {
    use eons_core::Game;
    serde_json::value::to_raw_value(&json!({ "text": eons_marine::Marine::render(v) }))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_draws_the_labels_the_texts_use() {
        let hexes = hex_labels();
        let centre = hexes
            .as_array()
            .and_then(|a| a.iter().find(|h| h["q"] == 0 && h["r"] == 0))
            .expect("the centre hex");
        assert_eq!(centre["label"], "D7");
        let corners = corner_labels();
        let east_of_centre = corners
            .as_array()
            .and_then(|a| {
                a.iter()
                    .find(|c| c["q"] == 0 && c["r"] == 0 && c["point"] == "E")
            })
            .expect("the corner east of the centre");
        assert_eq!(east_of_centre["label"], "D7/E6/E8");
    }
}
