//! Read-only questions about the board that several actions and cards ask:
//! the tiles on earth, a tile's terrain, the corners, who occupies a tile.

use crate::state::State;
use crate::types::{Animal, Terrain};
use eons_core::{CornerId, HexId};
use eons_earth::grid;

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
