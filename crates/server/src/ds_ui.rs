//! Presentation helper for Dominant Species: the earth as lists the browser
//! can draw directly (hex coordinates and labels, corner names), computed
//! from the view.
//! It adds no information: everything comes from the seat's own view.

use eons_dominant_species::data::{board_hex, Element};
use eons_dominant_species::View;
use eons_earth::{grid, Earth, HexLabel};
use serde_json::{json, Value};

/// The `ui` object sent beside a Dominant Species view.
pub fn ui(v: &View) -> Value {
    let g = grid();
    let mut hexes = Vec::new();
    for &h in g.hexes() {
        if !board_hex(h) {
            continue;
        }
        let Some(id) = Earth::<eons_dominant_species::Terrain>::id(h) else {
            continue;
        };
        let terrain = v.earth.tile(id);
        let species = v.earth.species_on(id);
        let dominant = v
            .dominance
            .iter()
            .find(|(x, _)| *x == h)
            .map(|(_, a)| a.name());
        hexes.push(json!({
            "q": h.q,
            "r": h.r,
            "label": HexLabel::of(id).to_string(),
            "terrain": terrain.map(|t| t.name()),
            "species": species,
            "dominant": dominant,
        }));
    }
    let corners: Vec<Value> = v
        .earth
        .elements()
        .map(|(c, e)| {
            let mut place = crate::earth_ui::corner_place(c);
            place["element"] = json!(Element::from_index(e as usize).map(|e| e.name()));
            place
        })
        .collect();
    json!({
        "hexes": hexes,
        "elements": corners,
        "corner_labels": crate::earth_ui::corner_labels(),
    })
}
