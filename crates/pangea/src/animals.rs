//! The animals on the board: the list in resolve order, and a census of it (animals per
//! group, per region, per status bit, and the regions where each group holds each niche)
//! that every change of the list keeps in step.
//!
//! The rules ask many questions of the form "how many animals of this group…", "in which
//! regions does this group hold niche 2…", several times per decision (objective tiles,
//! supply, warnings, the free steps of a turn). Scanning the ~50 animals for each was most of
//! what was left of a turn's cost, so the census answers them from counts. It is never
//! stored: the list alone is written and read back (as before), and the census is rebuilt
//! from it.

use crate::types::{Group, Placed, Region, Regions, NICHES, REGIONS, SECTORS};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;

/// Groups in the game's data (the census keeps one entry per group).
const GROUPS: usize = 4;

/// The animals on the board in resolve order, with their census. It reads as a slice of
/// [`Placed`]; it changes only through its methods, which keep the census.
#[derive(Clone, Default)]
pub struct Animals {
    /// The animals, in the order the engine keeps them (resolve order).
    list: Vec<Placed>,
    /// Counts derived from `list`.
    census: Census,
}

/// Counts of the animals in the list, kept by every change of it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Census {
    /// Animals per group.
    groups: [u16; GROUPS],
    /// Animals per group with each status bit set (index: the bit's number).
    flags: [[u16; 8]; GROUPS],
    /// Animals per region.
    regions: [u16; REGIONS],
    /// Per group and niche, the regions where the group has an animal in that niche.
    niches: [[Regions; NICHES]; GROUPS],
}

impl Animals {
    /// No animals.
    pub fn new() -> Animals {
        Animals::default()
    }

    /// Puts an animal at a position of the list.
    pub fn insert(&mut self, index: usize, p: Placed) {
        self.list.insert(index, p);
        self.count(p, true);
    }

    /// Takes the animal at a position off the list.
    pub fn remove(&mut self, index: usize) -> Placed {
        let p = self.list.remove(index);
        self.count(p, false);
        p
    }

    /// Puts an animal at the end of the list (whatever the resolve order).
    pub fn push(&mut self, p: Placed) {
        self.list.push(p);
        self.count(p, true);
    }

    /// Takes every animal off the list.
    pub fn clear(&mut self) {
        self.list.clear();
        self.census = Census::default();
    }

    /// Adds an animal to the census (`added`) or takes one out of it.
    fn count(&mut self, p: Placed, added: bool) {
        let step = |n: &mut u16| {
            *n = if added {
                n.saturating_add(1)
            } else {
                n.saturating_sub(1)
            }
        };
        let g = p.animal.group as usize;
        let c = &mut self.census;
        if let Some(n) = c.groups.get_mut(g) {
            step(n);
        }
        if let Some(bits) = c.flags.get_mut(g) {
            let mut f = p.animal.flags;
            while f != 0 {
                step(&mut bits[f.trailing_zeros() as usize]);
                f &= f - 1;
            }
        }
        if let Some(n) = c.regions.get_mut(p.region.index()) {
            step(n);
        }
        let Some(mask) = c
            .niches
            .get_mut(g)
            .and_then(|niches| niches.get_mut(p.niche as usize))
        else {
            return;
        };
        if !p.region.on_map() {
            return;
        }
        if added {
            mask.insert(p.region);
        } else {
            let left = self.list.iter().any(|q| {
                q.region == p.region && q.niche == p.niche && q.animal.group == p.animal.group
            });
            if !left {
                mask.remove(p.region);
            }
        }
    }

    /// Changes the flags of the animal at a position (where it stays).
    pub fn set_flags_at(&mut self, index: usize, flags: u8) {
        let Some(p) = self.list.get_mut(index) else {
            return;
        };
        let old = p.animal.flags;
        p.animal.flags = flags;
        if let Some(bits) = self.census.flags.get_mut(p.animal.group as usize) {
            let mut off = old & !flags;
            while off != 0 {
                let n = &mut bits[off.trailing_zeros() as usize];
                *n = n.saturating_sub(1);
                off &= off - 1;
            }
            let mut on = flags & !old;
            while on != 0 {
                let n = &mut bits[on.trailing_zeros() as usize];
                *n = n.saturating_add(1);
                on &= on - 1;
            }
        }
    }

    /// True if the census is the one the list gives when counted afresh (an invariant of
    /// every state).
    pub fn census_matches(&self) -> bool {
        self.census == Animals::from(self.list.clone()).census
    }

    /// Animals of a group (the Special Animal included).
    pub fn of_group(&self, g: Group) -> usize {
        self.census
            .groups
            .get(g as usize)
            .map_or(0, |&n| n as usize)
    }

    /// Animals of a group with a status bit ([`crate::types::flag`]) set.
    pub fn with_flag(&self, g: Group, bit: u8) -> usize {
        let Some(bits) = self.census.flags.get(g as usize) else {
            return 0;
        };
        bits.get(bit.trailing_zeros() as usize)
            .map_or(0, |&n| n as usize)
    }

    /// Animals of any group with a status bit set.
    pub fn any_with_flag(&self, bit: u8) -> bool {
        Group::ALL.into_iter().any(|g| self.with_flag(g, bit) > 0)
    }

    /// Animals in a region.
    pub fn in_region(&self, r: Region) -> usize {
        self.census
            .regions
            .get(r.index())
            .map_or(0, |&n| n as usize)
    }

    /// The regions where a group has an animal in niche `n`.
    pub fn niche_regions(&self, g: Group, n: u8) -> Regions {
        self.census
            .niches
            .get(g as usize)
            .and_then(|niches| niches.get(n as usize))
            .copied()
            .unwrap_or(Regions::NONE)
    }

    /// The regions where the first animal of niche `n` in resolve order is of group `g`:
    /// within a niche the animals are kept in group order, so those where `g` has an animal
    /// and no group before it has one.
    pub fn first_in_niche(&self, g: Group, n: u8) -> Regions {
        let before = Group::ALL
            .into_iter()
            .take_while(|&h| h != g)
            .fold(Regions::NONE, |m, h| m | self.niche_regions(h, n));
        self.niche_regions(g, n).without(before)
    }

    /// The regions where a group has an animal in niche `from` or higher.
    pub fn regions_from_niche(&self, g: Group, from: u8) -> Regions {
        let mut all = Regions::NONE;
        for n in from..NICHES as u8 {
            all |= self.niche_regions(g, n);
        }
        all
    }

    /// The regions where a group has an animal.
    pub fn regions_of(&self, g: Group) -> Regions {
        self.regions_from_niche(g, 0)
    }
}

/// The climate zones (rows) a set of regions touches, bit per row.
pub fn rows_of(regions: Regions) -> u8 {
    let row = (1u32 << SECTORS) - 1;
    (0..REGIONS / SECTORS).fold(0, |rows, k| {
        rows | u8::from(regions.0 & row << (k * SECTORS) != 0) << k
    })
}

impl From<Vec<Placed>> for Animals {
    fn from(list: Vec<Placed>) -> Animals {
        let mut animals = Animals::new();
        animals.extend(list);
        animals
    }
}

impl Extend<Placed> for Animals {
    fn extend<I: IntoIterator<Item = Placed>>(&mut self, iter: I) {
        for p in iter {
            self.push(p);
        }
    }
}

impl Deref for Animals {
    type Target = [Placed];
    fn deref(&self) -> &[Placed] {
        &self.list
    }
}

impl<'a> IntoIterator for &'a Animals {
    type Item = &'a Placed;
    type IntoIter = std::slice::Iter<'a, Placed>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

/// Two boards are equal when their lists are (the census follows from the list).
impl PartialEq for Animals {
    fn eq(&self, other: &Animals) -> bool {
        self.list == other.list
    }
}

impl Eq for Animals {}

/// Shows the list, as the plain list it replaces did.
impl fmt::Debug for Animals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.list, f)
    }
}

/// Written as the list alone.
impl Serialize for Animals {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(serializer)
    }
}

/// Read as the list; the census is rebuilt from it.
impl<'de> Deserialize<'de> for Animals {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Animals, D::Error> {
        Vec::<Placed>::deserialize(deserializer).map(Animals::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{flag, Animal};

    fn at(region: u8, niche: u8, group: Group, flags: u8) -> Placed {
        Placed {
            region: Region(region),
            niche,
            animal: Animal { group, flags },
        }
    }

    /// The census after any changes is the census of the list built afresh.
    #[test]
    fn census_follows_the_list() {
        let mut a = Animals::new();
        a.push(at(3, 0, Group::Synapsids, 0));
        a.push(at(3, 0, Group::Synapsids, flag::SPECIAL));
        a.insert(0, at(7, 2, Group::Amphibians, flag::INACTIVE));
        a.push(at(19, 1, Group::Synapsids, 0));
        assert_eq!(a.niche_regions(Group::Synapsids, 0), Regions(1 << 3));
        a.remove(1);
        assert_eq!(a.niche_regions(Group::Synapsids, 0), Regions(1 << 3));
        a.set_flags_at(0, flag::TOXIC);
        assert_eq!(a.with_flag(Group::Amphibians, flag::INACTIVE), 0);
        assert_eq!(a.with_flag(Group::Amphibians, flag::TOXIC), 1);
        a.remove(1);
        assert_eq!(a.niche_regions(Group::Synapsids, 0), Regions::NONE);
        assert_eq!(a.census, Animals::from(a.list.clone()).census);
        assert_eq!(a.of_group(Group::Synapsids), 1);
        assert_eq!(a.in_region(Region(19)), 1);
        assert_eq!(rows_of(a.regions_of(Group::Synapsids)), 1 << 4);
    }
}
