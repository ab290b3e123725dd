//! Hex geometry shared by every board: axial coordinates on flat-topped
//! hexes in vertical columns, edge adjacency, corners shared by up to three
//! hexes, and dense indexed grids for fast state arrays.
//!
//! Conventions (see `shared/reference/dominant-species.md` §2.1): `q` grows to
//! the east, `r` grows to the south inside a column, each column sits half a
//! hex lower than the column on its left. Neighbours of `(q, r)`: N `(q, r-1)`,
//! NE `(q+1, r-1)`, SE `(q+1, r)`, S `(q, r+1)`, SW `(q-1, r+1)`, NW `(q-1, r)`.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex position in axial coordinates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    /// Column, growing to the east.
    pub q: i8,
    /// Row inside a column, growing to the south.
    pub r: i8,
}

/// One of the six edge directions of a flat-topped hex.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// North.
    N,
    /// North-east.
    NE,
    /// South-east.
    SE,
    /// South.
    S,
    /// South-west.
    SW,
    /// North-west.
    NW,
}

impl Dir {
    /// All six directions, clockwise from north.
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];

    /// The axial offset of this direction.
    pub const fn offset(self) -> (i8, i8) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::SE => (1, 0),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::NW => (-1, 0),
        }
    }
}

impl Hex {
    /// A hex at `(q, r)`.
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    /// The neighbour across the edge in direction `d`.
    pub const fn step(self, d: Dir) -> Hex {
        let (dq, dr) = d.offset();
        Hex::new(self.q.wrapping_add(dq), self.r.wrapping_add(dr))
    }

    /// The six neighbours, clockwise from north.
    pub fn neighbors(self) -> [Hex; 6] {
        Dir::ALL.map(|d| self.step(d))
    }

    /// Hex distance (number of edge steps).
    pub fn distance(self, o: Hex) -> u8 {
        let dq = (self.q as i16 - o.q as i16).abs();
        let dr = (self.r as i16 - o.r as i16).abs();
        let ds = (self.q as i16 + self.r as i16 - o.q as i16 - o.r as i16).abs();
        ((dq + dr + ds) / 2) as u8
    }

    /// True when the two hexes share an edge.
    pub fn is_adjacent(self, o: Hex) -> bool {
        self.distance(o) == 1
    }

    /// Vertical position in half-hex units (`2r + q`); negative is north.
    pub const fn y(self) -> i16 {
        2 * self.r as i16 + self.q as i16
    }

    /// The six corners of this hex, clockwise from east.
    pub fn corners(self) -> [Corner; 6] {
        // Wrapping arithmetic: hexes far off any board never panic.
        let (q, r) = (self.q, self.r);
        let (qp, qm, rp, rm) = (
            q.wrapping_add(1),
            q.wrapping_sub(1),
            r.wrapping_add(1),
            r.wrapping_sub(1),
        );
        [
            Corner::east(Hex::new(q, r)),
            Corner::west(Hex::new(qp, r)),
            Corner::east(Hex::new(qm, rp)),
            Corner::west(Hex::new(q, r)),
            Corner::east(Hex::new(qm, r)),
            Corner::west(Hex::new(qp, rm)),
        ]
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.q, self.r)
    }
}

/// Which of the two canonical points of a hex names a corner.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Point {
    /// The east point: shared with the NE and SE neighbours.
    E,
    /// The west point: shared with the NW and SW neighbours.
    W,
}

/// A corner where three hex positions meet, in its one canonical name:
/// `E(q,r)` = {(q,r), (q+1,r-1), (q+1,r)} or `W(q,r)` = {(q,r), (q-1,r), (q-1,r+1)}.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Corner {
    /// The hex whose east or west point this is.
    pub hex: Hex,
    /// Which point.
    pub point: Point,
}

impl Corner {
    /// The east point of `hex`.
    pub const fn east(hex: Hex) -> Corner {
        Corner {
            hex,
            point: Point::E,
        }
    }
    /// The west point of `hex`.
    pub const fn west(hex: Hex) -> Corner {
        Corner {
            hex,
            point: Point::W,
        }
    }
    /// The three hex positions meeting at this corner (some may lie off a board).
    pub fn hexes(self) -> [Hex; 3] {
        let Hex { q, r } = self.hex;
        let (qp, qm) = (q.wrapping_add(1), q.wrapping_sub(1));
        match self.point {
            Point::E => [self.hex, Hex::new(qp, r.wrapping_sub(1)), Hex::new(qp, r)],
            Point::W => [self.hex, Hex::new(qm, r), Hex::new(qm, r.wrapping_add(1))],
        }
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = match self.point {
            Point::E => 'E',
            Point::W => 'W',
        };
        write!(f, "{}{}", p, self.hex)
    }
}

/// Dense index of a hex on a [`Grid`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct HexId(pub u8);

/// Dense index of a corner on a [`Grid`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CornerId(pub u8);

/// "No such hex" in a neighbour table.
pub const NO_HEX: u8 = u8::MAX;

/// A fixed set of board hexes with precomputed neighbour and corner tables.
///
/// Hex and corner ids are dense (`0..len`), so game state can keep small
/// arrays indexed by them. Corners are every corner touching at least one
/// grid hex, ordered by their canonical name.
#[derive(Clone, Debug)]
pub struct Grid {
    hexes: Vec<Hex>,
    lookup: Vec<u8>,
    min_q: i8,
    min_r: i8,
    width: usize,
    height: usize,
    neighbors: Vec<[u8; 6]>,
    corners: Vec<Corner>,
    hex_corners: Vec<[CornerId; 6]>,
    corner_hexes: Vec<[u8; 3]>,
    /// Corner ids by their name: `(q - min_q + 1, r - min_r + 1, point)`
    /// over the grid's bounds widened by one (a corner's named hex may lie
    /// just off the grid), [`NO_HEX`] where no grid corner is.
    corner_lookup: Vec<u8>,
}

impl Grid {
    /// Builds a grid from its hexes (order kept: `HexId(i)` is `hexes[i]`).
    ///
    /// # Panics
    /// On an empty list, duplicates, or more than 254 hexes / 255 corners:
    /// grids are static board data, never user input.
    pub fn new(hexes: &[Hex]) -> Grid {
        assert!(!hexes.is_empty() && hexes.len() < NO_HEX as usize);
        let min_q = hexes.iter().map(|h| h.q).min().unwrap_or(0);
        let max_q = hexes.iter().map(|h| h.q).max().unwrap_or(0);
        let min_r = hexes.iter().map(|h| h.r).min().unwrap_or(0);
        let max_r = hexes.iter().map(|h| h.r).max().unwrap_or(0);
        let width = (max_q - min_q) as usize + 1;
        let height = (max_r - min_r) as usize + 1;
        let mut lookup = vec![NO_HEX; width * height];
        for (i, h) in hexes.iter().enumerate() {
            let k = (h.q - min_q) as usize * height + (h.r - min_r) as usize;
            assert_eq!(lookup[k], NO_HEX, "duplicate hex {h}");
            lookup[k] = i as u8;
        }
        let mut g = Grid {
            hexes: hexes.to_vec(),
            lookup,
            min_q,
            min_r,
            width,
            height,
            neighbors: Vec::new(),
            corners: Vec::new(),
            hex_corners: Vec::new(),
            corner_hexes: Vec::new(),
            corner_lookup: vec![NO_HEX; (width + 2) * (height + 2) * 2],
        };
        g.neighbors = hexes
            .iter()
            .map(|h| h.neighbors().map(|n| g.id(n).map_or(NO_HEX, |i| i.0)))
            .collect();
        let mut corners: Vec<Corner> = hexes.iter().flat_map(|h| h.corners()).collect();
        corners.sort();
        corners.dedup();
        assert!(corners.len() < NO_HEX as usize);
        g.hex_corners = hexes
            .iter()
            .map(|h| {
                h.corners()
                    .map(|c| CornerId(corners.binary_search(&c).expect("own corner listed") as u8))
            })
            .collect();
        g.corner_hexes = corners
            .iter()
            .map(|c| c.hexes().map(|h| g.id(h).map_or(NO_HEX, |i| i.0)))
            .collect();
        for (i, &c) in corners.iter().enumerate() {
            if let Some(k) = g.corner_slot(c) {
                g.corner_lookup[k] = i as u8;
            }
        }
        g.corners = corners;
        g
    }

    /// Where corner `c`'s id is kept in `corner_lookup`, if its named hex
    /// lies within the grid's bounds widened by one.
    fn corner_slot(&self, c: Corner) -> Option<usize> {
        let dq = c.hex.q as i16 - self.min_q as i16 + 1;
        let dr = c.hex.r as i16 - self.min_r as i16 + 1;
        let (w, h) = (self.width as i16 + 2, self.height as i16 + 2);
        if !(0..w).contains(&dq) || !(0..h).contains(&dr) {
            return None;
        }
        let point = match c.point {
            Point::E => 0,
            Point::W => 1,
        };
        Some(((dq * h + dr) as usize) * 2 + point)
    }

    /// The hexagon of the given radius around (0,0).
    pub fn hexagon(radius: i8) -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -radius..=radius {
            for r in -radius..=radius {
                let h = Hex::new(q, r);
                if h.distance(Hex::new(0, 0)) as i8 <= radius {
                    v.push(h);
                }
            }
        }
        v
    }

    /// Number of hexes.
    #[inline]
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Always false: a grid has at least one hex.
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// Number of corners touching at least one grid hex.
    #[inline]
    pub fn corner_count(&self) -> usize {
        self.corners.len()
    }

    /// All hexes in id order.
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// The hex with this id.
    #[inline]
    pub fn hex(&self, id: HexId) -> Hex {
        self.hexes[id.0 as usize]
    }

    /// The id of a hex, if it is on the grid.
    pub fn id(&self, h: Hex) -> Option<HexId> {
        let dq = h.q as i16 - self.min_q as i16;
        let dr = h.r as i16 - self.min_r as i16;
        if dq < 0 || dr < 0 || dq as usize >= self.width || dr as usize >= self.height {
            return None;
        }
        match self.lookup[dq as usize * self.height + dr as usize] {
            NO_HEX => None,
            i => Some(HexId(i)),
        }
    }

    /// The on-grid neighbours of a hex.
    #[inline]
    pub fn neighbors(&self, id: HexId) -> impl Iterator<Item = HexId> + '_ {
        self.neighbors[id.0 as usize]
            .iter()
            .filter(|&&n| n != NO_HEX)
            .map(|&n| HexId(n))
    }

    /// True when two grid hexes share an edge.
    #[inline]
    pub fn adjacent(&self, a: HexId, b: HexId) -> bool {
        self.neighbors[a.0 as usize].contains(&b.0)
    }

    /// The corner with this id.
    #[inline]
    pub fn corner(&self, id: CornerId) -> Corner {
        self.corners[id.0 as usize]
    }

    /// The id of a corner, if it touches the grid.
    #[inline]
    pub fn corner_id(&self, c: Corner) -> Option<CornerId> {
        match self.corner_lookup[self.corner_slot(c)?] {
            NO_HEX => None,
            i => Some(CornerId(i)),
        }
    }

    /// The six corners of a hex, clockwise from east.
    #[inline]
    pub fn corners_of(&self, id: HexId) -> [CornerId; 6] {
        self.hex_corners[id.0 as usize]
    }

    /// The grid hexes meeting at a corner (one to three).
    #[inline]
    pub fn hexes_at(&self, c: CornerId) -> impl Iterator<Item = HexId> + '_ {
        self.corner_hexes[c.0 as usize]
            .iter()
            .filter(|&&n| n != NO_HEX)
            .map(|&n| HexId(n))
    }

    /// True when the hex lies on the grid's perimeter (fewer than six grid neighbours).
    pub fn is_edge(&self, id: HexId) -> bool {
        self.neighbors[id.0 as usize].contains(&NO_HEX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_ids_by_name_are_the_sorted_corner_list() {
        let g = Grid::new(&Grid::hexagon(3));
        for q in -8..=8 {
            for r in -8..=8 {
                for c in [Corner::east(Hex::new(q, r)), Corner::west(Hex::new(q, r))] {
                    let listed = g.corners.binary_search(&c).ok().map(|i| CornerId(i as u8));
                    assert_eq!(g.corner_id(c), listed, "{c}");
                }
            }
        }
    }

    #[test]
    fn corner_of_hex_contains_hex_and_two_neighbours() {
        let h = Hex::new(1, -2);
        for c in h.corners() {
            let hs = c.hexes();
            assert!(hs.contains(&h), "{c} misses {h}");
            for o in hs {
                if o != h {
                    assert!(o.is_adjacent(h));
                }
            }
        }
        // Six distinct corners.
        let mut cs = h.corners().to_vec();
        cs.sort();
        cs.dedup();
        assert_eq!(cs.len(), 6);
    }

    #[test]
    fn radius_three_hexagon_has_37_hexes_and_96_corners() {
        let g = Grid::new(&Grid::hexagon(3));
        assert_eq!(g.len(), 37);
        assert_eq!(g.corner_count(), 96);
        let edge = (0..37).filter(|&i| g.is_edge(HexId(i))).count();
        assert_eq!(edge, 18);
    }

    #[test]
    fn each_corner_is_shared_by_the_hexes_it_names() {
        let g = Grid::new(&Grid::hexagon(3));
        for i in 0..g.len() {
            let id = HexId(i as u8);
            for c in g.corners_of(id) {
                assert!(g.hexes_at(c).any(|h| h == id));
                for o in g.hexes_at(c) {
                    assert!(o == id || g.adjacent(o, id));
                }
            }
        }
    }

    #[test]
    fn distance_and_adjacency() {
        let a = Hex::new(0, 0);
        assert_eq!(a.distance(Hex::new(3, -3)), 3);
        assert_eq!(a.distance(Hex::new(-1, 2)), 2);
        for n in a.neighbors() {
            assert!(a.is_adjacent(n));
        }
    }
}
