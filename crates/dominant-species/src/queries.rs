//! Read-only questions about a state: which hexes form the board, which
//! corners are vacant, which tiles an action may choose. Nothing here
//! changes the state, so every rule module and the text module may ask.

use crate::data::{board_hex, Animal, Terrain};
use crate::state::State;
use eons_core::{Corner, CornerId, Hex, HexId};
use eons_earth::{grid, mask_ids, HEXES};

/// The grid id of a hex of the Dominant Species board (35 hexes), if any.
pub fn board_id(h: Hex) -> Option<HexId> {
    if board_hex(h) {
        grid().id(h)
    } else {
        None
    }
}

/// Hex ids of the board, in id order.
pub fn board_ids() -> impl Iterator<Item = HexId> {
    (0..HEXES as u8)
        .map(HexId)
        .filter(|&id| board_hex(grid().hex(id)))
}

/// The hex of a grid id.
pub(crate) fn hex(id: HexId) -> Hex {
    grid().hex(id)
}

/// The corner of a grid id.
pub(crate) fn corner(id: CornerId) -> Corner {
    grid().corner(id)
}

/// The `k`-th member (from 0, lowest first) of a bit set that has more than
/// `k` members: the `k`-th entry of a list made by walking the set.
pub(crate) fn nth_member(mut set: u128, k: usize) -> u32 {
    for _ in 0..k {
        set &= set - 1;
    }
    set.trailing_zeros()
}

/// The lowest hex id in a bit set of hex ids.
pub(crate) fn lowest(mask: u64) -> Option<HexId> {
    (mask != 0).then(|| HexId(mask.trailing_zeros() as u8))
}

impl State {
    /// Vacant corners of earth (touching at least one tile; p.11, reference A9).
    pub(crate) fn vacant_corners(&self) -> impl Iterator<Item = CornerId> + '_ {
        self.earth.vacant_corners()
    }

    /// The ids of the tiles on earth.
    pub(crate) fn tile_ids(&self) -> impl Iterator<Item = HexId> + '_ {
        self.earth.tiles().map(|(h, _)| h)
    }

    /// Tiles a Glaciation may choose: non-tundra tiles adjacent to a tundra tile (p.13).
    pub(crate) fn glaciation_targets(&self) -> impl Iterator<Item = HexId> + '_ {
        self.earth.tiles().filter_map(move |(h, t)| {
            (t != Terrain::Tundra
                && self
                    .earth
                    .adjacent_tiles(h)
                    .any(|n| self.terrain(n) == Some(Terrain::Tundra)))
            .then_some(h)
        })
    }

    /// Blank board hexes adjacent to at least one tile (p.14).
    pub(crate) fn wanderlust_targets(&self) -> impl Iterator<Item = HexId> + '_ {
        board_ids().filter(move |&h| {
            self.earth.tile(h).is_none() && self.earth.adjacent_tiles(h).next().is_some()
        })
    }

    /// Types in the Regression Box that `a` would lose (added disks only, p.11).
    pub(crate) fn threatened(&self, a: Animal) -> u8 {
        let mut m = 0u8;
        for e in 0..6 {
            if self.regression_box[e] > 0 && self.animals[a.index()].added[e] > 0 {
                m |= 1 << e;
            }
        }
        m
    }

    /// Species of `a` on `h` placed by Hibernation this turn (immune to Extinction).
    pub(crate) fn immune(&self, a: Animal, h: HexId) -> u8 {
        match self.hibernated {
            Some((hh, aa, k)) if hh == h && aa == a => k,
            _ => 0,
        }
    }

    /// Tiles where the mammals may save an endangered species (p.20).
    pub(crate) fn mammal_save_targets(&self) -> impl Iterator<Item = HexId> + '_ {
        let m = Animal::Mammals;
        let holding = self.earth.species_mask(m.index()) & self.earth.tile_mask();
        mask_ids(holding).filter(move |&h| {
            self.endangered(m, h) && self.earth.species(h, m.index()) > self.immune(m, h)
        })
    }

    /// The animal holding the Survival card: strictly most species on tundra (p.18).
    pub fn survival_holder(&self) -> Option<Animal> {
        let mut counts = [0u32; 6];
        for (h, t) in self.earth.tiles() {
            if t == Terrain::Tundra {
                for (i, c) in counts.iter_mut().enumerate() {
                    *c += self.earth.species(h, i) as u32;
                }
            }
        }
        let best = counts.iter().copied().max().unwrap_or(0);
        if best == 0 || counts.iter().filter(|&&c| c == best).count() > 1 {
            return None;
        }
        Animal::from_index(counts.iter().position(|&c| c == best)?)
    }

    /// True when no animal has a species on earth or in its gene pool: no
    /// tile can ever be dominated again, so no card — and never the Ice Age —
    /// can be taken. The rulebook assumes this never happens; the engine then
    /// ends the game with final scoring instead of looping forever (engine ruling).
    pub fn stalemate(&self) -> bool {
        self.animals_in_play().all(|a| {
            self.animals[a.index()].gene_pool == 0 && self.earth.species_total(a.index()) == 0
        })
    }
}
