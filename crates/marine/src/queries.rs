//! Read-only questions about the board that several actions and cards ask:
//! the tiles on earth, a tile's terrain, the corners, who occupies a tile.

use crate::state::State;
use crate::types::{Animal, Terrain};
use eons_core::{CornerId, HexId};
use eons_earth::{grid, CORNERS, HEXES};
use std::sync::OnceLock;

pub(crate) fn tiles(s: &State) -> impl Iterator<Item = HexId> + '_ {
    s.earth.tiles().map(|(h, _)| h)
}

pub(crate) fn terrain_at(s: &State, h: HexId) -> Option<Terrain> {
    s.earth.tile(h).map(|t| t.terrain())
}

pub(crate) fn corners() -> impl Iterator<Item = CornerId> {
    (0..grid().corner_count()).map(|i| CornerId(i as u8))
}

pub(crate) fn occupies(s: &State, a: Animal, h: HexId) -> bool {
    s.earth.species(h, a.index()) > 0
}

/// The three hex slots of a corner (grid ids, `None` off the grid).
pub(crate) fn corner_hexes(c: CornerId) -> [Option<HexId>; 3] {
    let g = grid();
    g.corner(c).hexes().map(|h| g.id(h))
}

pub(crate) fn vacant_hex_adjacent(s: &State, h: HexId) -> bool {
    s.earth.tile(h).is_none() && s.earth.adjacent_tiles(h).next().is_some()
}

/// A grid slot with no hex (off the radius-3 hexagon).
const NO_HEX: u8 = u8::MAX;

/// The earth grid's adjacency as plain tables, copied once from
/// `eons_earth::grid()`, in its order. The rules ask for neighbours and
/// corners thousands of times a game; `grid()` is a call into another crate
/// per question, these are one load.
struct GridTables {
    /// Each hex's neighbours, in `Grid::neighbors` order, `NO_HEX` padded.
    neighbors: [[u8; 6]; HEXES],
    /// Each corner's hexes, in `Grid::hexes_at` order, `NO_HEX` padded.
    corner_hexes: [[u8; 3]; CORNERS],
    /// Each hex's six corners (`Grid::corners_of`).
    hex_corners: [[CornerId; 6]; HEXES],
}

fn tables() -> &'static GridTables {
    static TABLES: OnceLock<GridTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = grid();
        let mut t = GridTables {
            neighbors: [[NO_HEX; 6]; HEXES],
            corner_hexes: [[NO_HEX; 3]; CORNERS],
            hex_corners: [[CornerId(0); 6]; HEXES],
        };
        for (i, n) in t.neighbors.iter_mut().enumerate() {
            for (slot, h) in n.iter_mut().zip(g.neighbors(HexId(i as u8))) {
                *slot = h.0;
            }
        }
        for (i, hc) in t.hex_corners.iter_mut().enumerate() {
            *hc = g.corners_of(HexId(i as u8));
        }
        for (i, ch) in t.corner_hexes.iter_mut().enumerate() {
            for (slot, h) in ch.iter_mut().zip(g.hexes_at(CornerId(i as u8))) {
                *slot = h.0;
            }
        }
        t
    })
}

/// Tiles adjacent to a hex: `Earth::adjacent_tiles`, from the tables.
pub(crate) fn adjacent_tiles(s: &State, h: HexId) -> impl Iterator<Item = HexId> + '_ {
    tables().neighbors[h.0 as usize]
        .iter()
        .filter(move |&&n| n != NO_HEX && s.earth.tile(HexId(n)).is_some())
        .map(|&n| HexId(n))
}

/// True when a corner is of earth and holds no element:
/// `Earth::corner_vacant`, from the tables.
pub(crate) fn corner_vacant(s: &State, c: CornerId) -> bool {
    s.earth.element(c).is_none()
        && tables().corner_hexes[c.0 as usize]
            .iter()
            .any(|&h| h != NO_HEX && s.earth.tile(HexId(h)).is_some())
}
