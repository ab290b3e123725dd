//! Presentation helper for the two games on earth (Dominant Species and
//! Marine): the place labels the board draws, taken from `eons-earth`, so
//! that the browser board prints the same "D7" and "D7/E6/E8" every text
//! uses (one source of truth: the browser never computes a label).

use eons_core::{CornerId, Point};
use eons_earth::{grid, CornerLabel, HexLabel};
use serde_json::{json, Value};
use std::sync::OnceLock;

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
        "label": CornerLabel::of(id).to_string(),
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

/// The `ui` object sent beside a Marine view: its text rendering and the
/// labels of every hex and corner.
pub fn marine_ui(v: &eons_marine::View) -> Value {
    use eons_core::Game;
    json!({
        "text": eons_marine::Marine::render(v),
        "labels": hex_labels(),
        "corner_labels": corner_labels(),
    })
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
