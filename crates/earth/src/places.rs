//! The earth's places as the table draws them: every hex and corner of the
//! grid with the label the texts print ("D7", "D7/E6/E8"), so that the board
//! in the browser names each place as the log does (one source of truth: the
//! browser never computes a label). Both games on earth add these lists to
//! their catalog ([`with_places`]), served once per page, not in every push.

use crate::{grid, CornerLabel, HexLabel};
use eons_core::{CornerId, HexId, Point};
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

/// The side of its hex a corner is drawn at: `"E"` or `"W"`.
pub fn point_name(point: Point) -> &'static str {
    match point {
        Point::E => "E",
        Point::W => "W",
    }
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

/// Every corner of the earth grid in corner id order, as the board draws
/// it: `[{q, r, point, label}]` (the corner as the east or west point of a
/// hex, and its label).
pub fn corner_labels() -> Value {
    let g = grid();
    Value::Array(
        (0..g.corner_count())
            .map(|i| {
                let id = CornerId(i as u8);
                let c = g.corner(id);
                json!({
                    "q": c.hex.q,
                    "r": c.hex.r,
                    "point": point_name(c.point),
                    "label": corner_label(id),
                })
            })
            .collect(),
    )
}

/// A game's catalog (any serialisable value that is a JSON object) with the
/// earth's places added as `labels` ([`hex_labels`]) and `corner_labels`
/// ([`corner_labels`]).
pub fn with_places(catalog: impl serde::Serialize) -> Value {
    let mut v = serde_json::to_value(catalog).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut v {
        map.insert("labels".into(), hex_labels());
        map.insert("corner_labels".into(), corner_labels());
    }
    v
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
