//! `eons-earth`: the "earth" the two Dominant Species games share — one
//! implementation, not copies.
//!
//! Earth lives on the radius-3 hexagon of 37 hex positions (Dominant Species
//! uses 35 of them, Marine all 37; a game restricts placement itself). It
//! holds a tile (a game-defined terrain) or nothing on each hex, at most one
//! element disk on each of the 96 corners, and the number of species cubes of
//! up to six animals on each hex. From that it derives what both games use:
//! elements on a tile, matching, endangered species, dominance and the
//! species ranking used by tile scoring.
//!
//! Every place reads by its label ([`labels`]): hexes as printed on the
//! board's edges ("D7"), corners by the hexes meeting there ("D7/E6/E8").
//!
//! Animals and element types are small indices (`0..6`); animal index order
//! is the game's food chain (0 = top), which breaks ties.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod labels;
pub mod places;
pub use labels::{CornerLabel, HexLabel, LabelError};

use eons_core::bag::serde_arrays;
use eons_core::{CornerId, Grid, Hex, HexId};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::sync::OnceLock;

/// Number of hex positions of the earth grid.
pub const HEXES: usize = 37;
// Bit sets of hex ids ([`neighbor_mask`]) are `u64`s, of corner ids `u128`s.
const _: () = assert!(HEXES <= 64 && CORNERS <= 128);
/// Number of corners touching the earth grid.
pub const CORNERS: usize = 96;
/// Maximum animals on earth.
pub const ANIMALS: usize = 6;
/// Number of element types.
pub const ELEMENTS: usize = 6;
/// Marker for an empty corner.
const NO_ELEMENT: u8 = u8::MAX;

/// Counts per element type (on a display, a tile, a box…).
pub type ElementCounts = [u8; ELEMENTS];

/// The radius-3 hexagon grid shared by both games.
#[inline]
pub fn grid() -> &'static Grid {
    static GRID: OnceLock<Grid> = OnceLock::new();
    GRID.get_or_init(|| {
        let g = Grid::new(&Grid::hexagon(3));
        debug_assert_eq!(g.len(), HEXES);
        debug_assert_eq!(g.corner_count(), CORNERS);
        g
    })
}

/// A hex's grid neighbours as a bit set of hex ids (bit `i` stands for
/// `HexId(i)`; the grid's 37 hexes fit a `u64`). Built once from [`grid`],
/// for the move and reach questions the engines ask thousands of times a
/// game.
#[inline]
pub fn neighbor_mask(h: HexId) -> u64 {
    static MASKS: OnceLock<[u64; HEXES]> = OnceLock::new();
    MASKS.get_or_init(|| per_hex(|g, h| g.neighbors(h).fold(0, |mask, n| mask | 1 << n.0)))
        [h.0 as usize]
}

/// A table with `f`'s answer for every hex of the grid, by hex id.
fn per_hex<T>(f: impl Fn(&Grid, HexId) -> T) -> [T; HEXES] {
    let g = grid();
    std::array::from_fn(|i| f(g, HexId(i as u8)))
}

/// The corners of the hexes of a bit set of hex ids, as a bit set of corner
/// ids (bit `i` stands for `CornerId(i)`).
fn corners_of_tiles(tiles: u64) -> u128 {
    static MASKS: OnceLock<[u128; HEXES]> = OnceLock::new();
    let masks = MASKS
        .get_or_init(|| per_hex(|g, h| g.corners_of(h).iter().fold(0, |mask, c| mask | 1 << c.0)));
    mask_ids(tiles).fold(0, |set, h| set | masks[h.0 as usize])
}

/// The corner ids of a bit set of corner ids, lowest first (each half of
/// the set walked as [`mask_ids`] walks a set of hex ids).
pub fn corner_ids(set: u128) -> impl Iterator<Item = CornerId> {
    let (low, high) = (set as u64, (set >> 64) as u64);
    mask_ids(low)
        .map(|i| CornerId(i.0))
        .chain(mask_ids(high).map(|i| CornerId(i.0 + 64)))
}

/// The hex ids of a bit set (as [`neighbor_mask`] makes), lowest first.
#[inline]
pub fn mask_ids(mut mask: u64) -> impl Iterator<Item = HexId> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            HexId(i)
        })
    })
}

/// Matching of a display with the elements on a tile, both as counts per
/// type (`needs` from the display, `on` from [`Earth::elements_on`]): Σ over
/// types of needs × disks (DS p.7). For a caller that asks several animals
/// about one tile and counts its elements once.
#[inline]
pub fn matching_counts(needs: &ElementCounts, on: &ElementCounts) -> u32 {
    needs
        .iter()
        .zip(on)
        .map(|(&n, &o)| u32::from(n) * u32::from(o))
        .sum()
}

/// A terrain type a game puts on earth.
pub trait Terrain:
    Copy + Eq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
}
impl<T: Copy + Eq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static> Terrain for T {}

/// The state of earth.
///
/// Besides what it stores, it keeps bit sets: the hexes holding a tile
/// ([`Earth::tile_mask`]), the hexes holding each animal's species
/// ([`Earth::species_mask`]), the corners of earth and the corners holding
/// an element. The methods that change tiles, elements and species (the
/// only ways to) keep them; they are rebuilt when earth is read back,
/// never stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "T: Terrain", from = "StoredEarth<T>", into = "StoredEarth<T>")]
pub struct Earth<T: Terrain> {
    /// What is stored: tiles, elements and species.
    stored: StoredEarth<T>,
    /// Bit `i` set when hex id `i` holds a tile.
    tile_mask: u64,
    /// Bit `i` set when corner id `i` touches a tile.
    of_earth: u128,
    /// Bit `i` set when corner id `i` holds an element.
    occupied: u128,
    /// Per element type, bit `i` set when corner id `i` holds that type.
    of_type: [u128; ELEMENTS],
    /// Per animal, bit `i` set when hex id `i` holds its species.
    present: [u64; ANIMALS],
}

/// Earth as stored: [`Earth`] without the bit sets it derives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "T: Terrain")]
struct StoredEarth<T: Terrain> {
    #[serde(with = "serde_arrays")]
    tiles: [Option<T>; HEXES],
    #[serde(with = "serde_arrays")]
    elements: [u8; CORNERS],
    #[serde(with = "serde_arrays")]
    species: [[u8; ANIMALS]; HEXES],
}

impl<T: Terrain> From<StoredEarth<T>> for Earth<T> {
    fn from(stored: StoredEarth<T>) -> Self {
        let tile_mask = stored
            .tiles
            .iter()
            .enumerate()
            .fold(0, |mask, (i, t)| mask | u64::from(t.is_some()) << i);
        let occupied = stored
            .elements
            .iter()
            .enumerate()
            .fold(0, |mask, (i, &e)| mask | u128::from(e != NO_ELEMENT) << i);
        let of_type = std::array::from_fn(|kind| {
            stored.elements.iter().enumerate().fold(0, |mask, (i, &e)| {
                mask | u128::from(e as usize == kind) << i
            })
        });
        let present = std::array::from_fn(|a| {
            stored
                .species
                .iter()
                .enumerate()
                .fold(0, |mask, (i, sp)| mask | u64::from(sp[a] > 0) << i)
        });
        Earth {
            stored,
            tile_mask,
            of_earth: corners_of_tiles(tile_mask),
            occupied,
            of_type,
            present,
        }
    }
}

impl<T: Terrain> From<Earth<T>> for StoredEarth<T> {
    fn from(earth: Earth<T>) -> Self {
        earth.stored
    }
}

impl<T: Terrain> Default for Earth<T> {
    fn default() -> Self {
        Earth {
            stored: StoredEarth {
                tiles: [None; HEXES],
                elements: [NO_ELEMENT; CORNERS],
                species: [[0; ANIMALS]; HEXES],
            },
            tile_mask: 0,
            of_earth: 0,
            occupied: 0,
            of_type: [0; ELEMENTS],
            present: [0; ANIMALS],
        }
    }
}

impl<T: Terrain> Earth<T> {
    /// The id of a hex (None if off the grid).
    pub fn id(h: Hex) -> Option<HexId> {
        grid().id(h)
    }

    /// The tile on a hex.
    pub fn tile(&self, h: HexId) -> Option<T> {
        self.stored.tiles[h.0 as usize]
    }

    /// Puts (or replaces) a tile.
    pub fn set_tile(&mut self, h: HexId, t: Option<T>) {
        self.stored.tiles[h.0 as usize] = t;
        let bit = 1u64 << h.0;
        if t.is_some() {
            self.tile_mask |= bit;
        } else {
            self.tile_mask &= !bit;
        }
        self.of_earth = corners_of_tiles(self.tile_mask);
    }

    /// Iterates over the hexes holding a tile, in id order.
    pub fn tiles(&self) -> impl Iterator<Item = (HexId, T)> + '_ {
        mask_ids(self.tile_mask).filter_map(|h| self.stored.tiles[h.0 as usize].map(|t| (h, t)))
    }

    /// The hexes holding a tile, as a bit set of hex ids (see
    /// [`neighbor_mask`]).
    #[inline]
    pub fn tile_mask(&self) -> u64 {
        self.tile_mask
    }

    /// Number of tiles on earth.
    pub fn tile_count(&self) -> usize {
        self.tile_mask.count_ones() as usize
    }

    /// Tiles adjacent to a hex (in the grid's order of neighbours, which
    /// the games' lists of choices follow).
    pub fn adjacent_tiles(&self, h: HexId) -> impl Iterator<Item = HexId> + '_ {
        let tiles = self.tile_mask;
        grid().neighbors(h).filter(move |n| tiles & (1 << n.0) != 0)
    }

    /// The element on a corner.
    pub fn element(&self, c: CornerId) -> Option<u8> {
        match self.stored.elements[c.0 as usize] {
            NO_ELEMENT => None,
            e => Some(e),
        }
    }

    /// Puts an element on a corner (replacing nothing: callers check vacancy).
    pub fn set_element(&mut self, c: CornerId, e: Option<u8>) {
        let slot = &mut self.stored.elements[c.0 as usize];
        let bit = 1u128 << c.0;
        if let Some(old) = self.of_type.get_mut(*slot as usize) {
            *old &= !bit;
        }
        *slot = e.unwrap_or(NO_ELEMENT);
        if let Some(new) = self.of_type.get_mut(*slot as usize) {
            *new |= bit;
        }
        if e.is_some() {
            self.occupied |= bit;
        } else {
            self.occupied &= !bit;
        }
    }

    /// The corners holding an element of type `e`, as a bit set of corner
    /// ids (empty for a type that is not one).
    #[inline]
    pub fn element_mask(&self, e: u8) -> u128 {
        self.of_type.get(e as usize).copied().unwrap_or(0)
    }

    /// The corners holding an element of type `e`, in id order.
    pub fn corners_with(&self, e: u8) -> impl Iterator<Item = CornerId> {
        corner_ids(self.element_mask(e))
    }

    /// Iterates over occupied corners, in id order.
    pub fn elements(&self) -> impl Iterator<Item = (CornerId, u8)> + '_ {
        corner_ids(self.occupied).map(|c| (c, self.stored.elements[c.0 as usize]))
    }

    /// Number of element disks on earth per type.
    pub fn element_totals(&self) -> ElementCounts {
        self.of_type.map(|set| set.count_ones() as u8)
    }

    /// True when a corner touches at least one tile ("a corner of earth").
    pub fn corner_of_earth(&self, c: CornerId) -> bool {
        self.of_earth & 1 << c.0 != 0
    }

    /// True when a corner is of earth and holds no element.
    pub fn corner_vacant(&self, c: CornerId) -> bool {
        self.stored.elements[c.0 as usize] == NO_ELEMENT && self.corner_of_earth(c)
    }

    /// The corners holding an element, as a bit set of corner ids.
    #[inline]
    pub fn occupied_mask(&self) -> u128 {
        self.occupied
    }

    /// The vacant corners of earth ([`Earth::corner_vacant`]) as a bit set
    /// of corner ids.
    #[inline]
    pub fn vacant_corner_mask(&self) -> u128 {
        self.of_earth & !self.occupied
    }

    /// The vacant corners of earth ([`Earth::corner_vacant`]), in id order.
    pub fn vacant_corners(&self) -> impl Iterator<Item = CornerId> + '_ {
        corner_ids(self.vacant_corner_mask())
    }

    /// The tiles (hexes with a tile) meeting at a corner.
    pub fn tiles_at(&self, c: CornerId) -> impl Iterator<Item = HexId> + '_ {
        grid()
            .hexes_at(c)
            .filter(move |h| self.stored.tiles[h.0 as usize].is_some())
    }

    /// Element disks on a tile's six corners, per type.
    pub fn elements_on(&self, h: HexId) -> ElementCounts {
        let mut n = [0; ELEMENTS];
        for c in grid().corners_of(h) {
            let e = self.stored.elements[c.0 as usize];
            if e != NO_ELEMENT {
                n[e as usize] += 1;
            }
        }
        n
    }

    /// Number of element disks on a tile's corners.
    pub fn element_count_on(&self, h: HexId) -> u32 {
        grid()
            .corners_of(h)
            .iter()
            .filter(|c| self.stored.elements[c.0 as usize] != NO_ELEMENT)
            .count() as u32
    }

    /// Species of `animal` on a hex.
    pub fn species(&self, h: HexId, animal: usize) -> u8 {
        self.stored.species[h.0 as usize][animal]
    }

    /// Species of every animal on a hex.
    pub fn species_on(&self, h: HexId) -> [u8; ANIMALS] {
        self.stored.species[h.0 as usize]
    }

    /// Total species of all animals on a hex.
    pub fn total_species(&self, h: HexId) -> u32 {
        self.stored.species[h.0 as usize]
            .iter()
            .map(|&n| n as u32)
            .sum()
    }

    /// Adds species.
    pub fn add_species(&mut self, h: HexId, animal: usize, n: u8) {
        self.stored.species[h.0 as usize][animal] += n;
        if self.stored.species[h.0 as usize][animal] > 0 {
            self.present[animal] |= 1 << h.0;
        }
    }

    /// Removes up to `n` species; returns how many were removed.
    pub fn remove_species(&mut self, h: HexId, animal: usize, n: u8) -> u8 {
        let s = &mut self.stored.species[h.0 as usize][animal];
        let k = n.min(*s);
        *s -= k;
        if *s == 0 {
            self.present[animal] &= !(1 << h.0);
        }
        k
    }

    /// The hexes holding species of `animal`, as a bit set of hex ids (see
    /// [`neighbor_mask`]).
    #[inline]
    pub fn species_mask(&self, animal: usize) -> u64 {
        self.present[animal]
    }

    /// Total species of an animal on earth.
    pub fn species_total(&self, animal: usize) -> u32 {
        self.stored.species.iter().map(|s| s[animal] as u32).sum()
    }

    /// True when any other animal than `animal` has species on the hex.
    pub fn has_opposing(&self, h: HexId, animal: usize) -> bool {
        self.stored.species[h.0 as usize]
            .iter()
            .enumerate()
            .any(|(a, &n)| a != animal && n > 0)
    }

    /// Matching of a display (`needs`: element counts on the animal display)
    /// with a tile: Σ over types of needs × disks on the tile (DS p.7).
    pub fn matching(&self, h: HexId, needs: &ElementCounts) -> u32 {
        matching_counts(needs, &self.elements_on(h))
    }

    /// The animal dominant on a hex, if any: it has species there, its matching
    /// is at least 1 and strictly greater than every other present animal's
    /// (DS p.7). `displays[a]` are the element counts of animal `a`.
    pub fn dominant(&self, h: HexId, displays: &[ElementCounts; ANIMALS]) -> Option<usize> {
        self.dominant_on(h, &self.elements_on(h), displays)
    }

    /// [`Earth::dominant`] where the caller already holds the hex's
    /// element counts (`on`, as [`Earth::elements_on`] reads them).
    pub fn dominant_on(
        &self,
        h: HexId,
        on: &ElementCounts,
        displays: &[ElementCounts; ANIMALS],
    ) -> Option<usize> {
        let on = *on;
        let sp = self.stored.species[h.0 as usize];
        let mut best: Option<usize> = None;
        let mut best_m = 0u32;
        let mut tie = false;
        for a in 0..ANIMALS {
            if sp[a] == 0 {
                continue;
            }
            let m = matching_counts(&displays[a], &on);
            if m > best_m {
                best_m = m;
                best = Some(a);
                tie = false;
            } else if m == best_m && m > 0 {
                tie = true;
            }
        }
        if tie {
            None
        } else {
            best
        }
    }

    /// Animals present on a hex ranked by species count, most first, ties
    /// broken by food chain (lower index first). Writes into `out` and returns
    /// the number of ranked animals.
    pub fn ranking(&self, h: HexId, out: &mut [usize; ANIMALS]) -> usize {
        let sp = self.stored.species[h.0 as usize];
        let mut n = 0;
        for (a, &k) in sp.iter().enumerate() {
            if k > 0 {
                out[n] = a;
                n += 1;
            }
        }
        // Stable insertion sort by count descending keeps food-chain order on ties.
        for i in 1..n {
            let mut j = i;
            while j > 0 && sp[out[j - 1]] < sp[out[j]] {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    enum T {
        Land,
    }

    fn h(q: i8, r: i8) -> HexId {
        grid().id(Hex::new(q, r)).expect("on grid")
    }

    /// The bit sets earth keeps beside its tiles and elements always say
    /// what the tiles and elements say, also after a round trip through
    /// serde (which stores only the tiles, elements and species).
    #[test]
    fn kept_bit_sets_follow_every_change_and_a_round_trip() {
        let mut rng = eons_core::GameRng::new(5);
        let mut e: Earth<T> = Earth::default();
        for step in 0..2_000 {
            let hex = HexId(rng.index(HEXES) as u8);
            if rng.index(4) == 0 {
                let t = (rng.index(4) != 0).then_some(T::Land);
                e.set_tile(hex, t);
            } else if rng.index(3) == 0 {
                let (animal, n) = (rng.index(ANIMALS), rng.index(3) as u8);
                if rng.index(2) == 0 {
                    e.add_species(hex, animal, n);
                } else {
                    e.remove_species(hex, animal, n);
                }
            } else {
                let x = (rng.index(3) != 0).then(|| rng.index(ELEMENTS) as u8);
                e.set_element(CornerId(rng.index(CORNERS) as u8), x);
            }
            let tiles: Vec<HexId> = (0..HEXES as u8)
                .map(HexId)
                .filter(|&h| e.tile(h).is_some())
                .collect();
            assert_eq!(e.tiles().map(|(h, _)| h).collect::<Vec<_>>(), tiles);
            assert_eq!(e.tile_count(), tiles.len());
            let elements: Vec<(CornerId, u8)> = (0..CORNERS as u8)
                .map(CornerId)
                .filter_map(|c| e.element(c).map(|x| (c, x)))
                .collect();
            assert_eq!(e.elements().collect::<Vec<_>>(), elements);
            let vacant: Vec<CornerId> = (0..CORNERS as u8)
                .map(CornerId)
                .filter(|&c| {
                    e.element(c).is_none() && grid().hexes_at(c).any(|h| e.tile(h).is_some())
                })
                .collect();
            assert_eq!(e.vacant_corners().collect::<Vec<_>>(), vacant);
            for kind in 0..ELEMENTS as u8 {
                let with: Vec<CornerId> = elements
                    .iter()
                    .filter(|&&(_, x)| x == kind)
                    .map(|&(c, _)| c)
                    .collect();
                assert_eq!(e.corners_with(kind).collect::<Vec<_>>(), with);
                assert_eq!(e.element_totals()[kind as usize] as usize, with.len());
            }
            for animal in 0..ANIMALS {
                let present = (0..HEXES as u8)
                    .filter(|&h| e.species(HexId(h), animal) > 0)
                    .fold(0u64, |mask, h| mask | 1 << h);
                assert_eq!(e.species_mask(animal), present);
            }
            if step % 100 == 0 {
                let json = serde_json::to_string(&e).expect("serialises");
                let back: Earth<T> = serde_json::from_str(&json).expect("reads back");
                assert_eq!(back, e);
            }
        }
    }

    #[test]
    fn element_on_a_corner_is_on_every_tile_meeting_there() {
        let mut e: Earth<T> = Earth::default();
        for x in [h(0, 0), h(1, -1), h(1, 0)] {
            e.set_tile(x, Some(T::Land));
        }
        let c = grid()
            .corner_id(eons_core::Corner::east(Hex::new(0, 0)))
            .expect("corner");
        e.set_element(c, Some(2));
        for x in [h(0, 0), h(1, -1), h(1, 0)] {
            assert_eq!(e.elements_on(x)[2], 1);
        }
        assert_eq!(e.tiles_at(c).count(), 3);
    }

    #[test]
    fn dominance_needs_strictly_highest_positive_matching() {
        let mut e: Earth<T> = Earth::default();
        let x = h(0, 0);
        e.set_tile(x, Some(T::Land));
        let c = grid().corners_of(x)[0];
        e.set_element(c, Some(0));
        let mut d = [[0u8; 6]; 6];
        d[0][0] = 1;
        d[1][0] = 1;
        e.add_species(x, 0, 1);
        e.add_species(x, 1, 3);
        assert_eq!(e.dominant(x, &d), None, "a tie means nobody dominates");
        d[1][0] = 2;
        assert_eq!(e.dominant(x, &d), Some(1));
        d = [[0u8; 6]; 6];
        assert_eq!(e.dominant(x, &d), None, "endangered species never dominate");
    }

    #[test]
    fn ranking_breaks_ties_by_food_chain() {
        let mut e: Earth<T> = Earth::default();
        let x = h(0, 0);
        e.add_species(x, 3, 2);
        e.add_species(x, 1, 2);
        e.add_species(x, 5, 4);
        let mut out = [0; 6];
        let n = e.ranking(x, &mut out);
        assert_eq!(&out[..n], &[5, 1, 3]);
    }

    #[test]
    fn earth_round_trips_through_serde() {
        let mut e: Earth<T> = Earth::default();
        e.set_tile(h(0, 0), Some(T::Land));
        e.add_species(h(0, 0), 2, 5);
        let s = serde_json::to_string(&e).expect("ser");
        let back: Earth<T> = serde_json::from_str(&s).expect("de");
        assert_eq!(back, e);
    }
}
