//! Presentation helper for Dominant Species: the earth as lists the browser
//! can draw directly (hex coordinates and labels, corner names), computed
//! from the view.
//! It adds no information: everything comes from the seat's own view.
//!
//! Built as plain structs and serialised straight to text: it goes into
//! every push, and a `Value` tree of it cost a loaded server more than the
//! engine's view itself.

use crate::games::earth_ui::{corner_label, hex_label};
use eons_core::Point;
use eons_dominant_species::data::{board_hex, Element};
use eons_dominant_species::View;
use eons_earth::{grid, Earth};
use serde::Serialize;
use serde_json::value::RawValue;

/// The `ui` object sent beside a Dominant Species view. The labels of every
/// corner never change: the catalog carries them (`GET /api/kinds/ds/catalog`),
/// not every move's push.
#[derive(Serialize)]
struct Ui {
    /// The board's hexes, tiled or not.
    hexes: Vec<HexUi>,
    /// The element discs on corners.
    elements: Vec<ElementUi>,
}

/// One hex of the board: `{q, r, label, terrain, species, dominant}`.
#[derive(Serialize)]
struct HexUi {
    q: i8,
    r: i8,
    label: &'static str,
    /// The tile's terrain (None: no tile yet).
    terrain: Option<&'static str>,
    /// Species cubes per animal, in the animals' order.
    species: [u8; eons_earth::ANIMALS],
    /// The animal dominating the tile, if any.
    dominant: Option<&'static str>,
}

/// One element disc: `{q, r, point, label, element}` (the corner as the east
/// or west point of a hex).
#[derive(Serialize)]
struct ElementUi {
    q: i8,
    r: i8,
    point: &'static str,
    label: &'static str,
    element: Option<&'static str>,
}

/// The `ui` object sent beside a Dominant Species view, as JSON text.
pub fn ui(v: &View) -> Box<RawValue> {
    let g = grid();
    let hexes = g
        .hexes()
        .iter()
        .filter(|&&h| board_hex(h))
        .filter_map(|&h| {
            let id = Earth::<eons_dominant_species::Terrain>::id(h)?;
            Some(HexUi {
                q: h.q,
                r: h.r,
                label: hex_label(id),
                terrain: v.earth.tile(id).map(|t| t.name()),
                species: v.earth.species_on(id),
                dominant: v
                    .dominance
                    .iter()
                    .find(|(x, _)| *x == h)
                    .map(|(_, a)| a.name()),
            })
        })
        .collect();
    let elements = v
        .earth
        .elements()
        .map(|(c, e)| {
            let corner = g.corner(c);
            ElementUi {
                q: corner.hex.q,
                r: corner.hex.r,
                point: match corner.point {
                    Point::E => "E",
                    Point::W => "W",
                },
                label: corner_label(c),
                element: Element::from_index(e as usize).map(|e| e.name()),
            }
        })
        .collect();
    serde_json::value::to_raw_value(&Ui { hexes, elements }).unwrap_or_default()
}
