//! Small `Copy` types: regions, adaptation card ids, groups, niches, animals, tiles.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Sectors (columns A–D).
pub const SECTORS: usize = 4;
/// Climate zones (rows 1–5).
pub const ROWS: usize = 5;
/// Regions on the map.
pub const REGIONS: usize = SECTORS * ROWS;
/// Ecological niches per region.
pub const NICHES: usize = 3;

/// An animal group.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Group {
    /// Synapsids.
    Synapsids = 0,
    /// Sauropsida.
    Sauropsida = 1,
    /// Amphibians.
    Amphibians = 2,
    /// Invertebrates.
    Invertebrates = 3,
}

impl Group {
    /// All groups in board order.
    pub const ALL: [Group; 4] = [
        Group::Synapsids,
        Group::Sauropsida,
        Group::Amphibians,
        Group::Invertebrates,
    ];
    /// The id used in data files and options.
    pub fn id(self) -> &'static str {
        match self {
            Group::Synapsids => "synapsids",
            Group::Sauropsida => "sauropsida",
            Group::Amphibians => "amphibians",
            Group::Invertebrates => "invertebrates",
        }
    }
    /// Parses an id or a 3-letter prefix (`syn`, `sau`, `amp`, `inv`).
    pub fn from_id(s: &str) -> Option<Group> {
        let l = s.trim().to_ascii_lowercase();
        if l.len() < 3 {
            return None;
        }
        Group::ALL.into_iter().find(|g| g.id().starts_with(&l))
    }
    /// From an index 0..4.
    pub fn from_index(i: usize) -> Option<Group> {
        Group::ALL.get(i).copied()
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Group::Synapsids => "Synapsids",
            Group::Sauropsida => "Sauropsida",
            Group::Amphibians => "Amphibians",
            Group::Invertebrates => "Invertebrates",
        })
    }
}

/// Which animals of a group an evolution effect applies to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Every animal of the group.
    #[default]
    All,
    /// The Special Animal only.
    Special,
}

/// How much of a region a removal reaches (The Course of the Extinction legend).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Every animal in the region.
    Region,
    /// Animals in niches 0 and 1.
    Niches01,
    /// Animals in niche 0.
    Niche0,
}

impl Level {
    /// True if an animal in `niche` dies at this level.
    pub fn hits(self, niche: u8) -> bool {
        match self {
            Level::Region => true,
            Level::Niches01 => niche <= 1,
            Level::Niche0 => niche == 0,
        }
    }
}

/// A direction on the map.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Left (towards Sector A).
    Left,
    /// Right (towards Sector D).
    Right,
    /// Up (towards row 1).
    Up,
    /// Down (towards row 5).
    Down,
}

/// The four directions, in the order of [`crate::data::Data::red`].
pub const DIRS: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];

/// A region of the map, numbered row by row: `row * SECTORS + column`, so A1 = 0, D1 = 3,
/// A2 = 4, …, D5 = 19. Serialized as that bare number; displayed as its name (`B3`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Region(pub u8);

impl Region {
    /// Every region, A1 first, in number order.
    pub fn all() -> impl Iterator<Item = Region> {
        (0..REGIONS as u8).map(Region)
    }
    /// The region's number as an index into per-region tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// Row (climate zone, 0-based).
    pub fn row(self) -> u8 {
        self.0 / SECTORS as u8
    }
    /// Column (sector, 0-based).
    pub fn column(self) -> u8 {
        self.0 % SECTORS as u8
    }
    /// The region at a column and row, if both are on the map.
    pub fn at(column: i32, row: i32) -> Option<Region> {
        if (0..SECTORS as i32).contains(&column) && (0..ROWS as i32).contains(&row) {
            Some(Region((row * SECTORS as i32 + column) as u8))
        } else {
            None
        }
    }
    /// The neighbour in a direction (the board does not wrap).
    pub fn step(self, direction: Dir) -> Option<Region> {
        let (c, w) = (self.column() as i32, self.row() as i32);
        match direction {
            Dir::Left => Region::at(c - 1, w),
            Dir::Right => Region::at(c + 1, w),
            Dir::Up => Region::at(c, w - 1),
            Dir::Down => Region::at(c, w + 1),
        }
    }
    /// The next region in number order (phases that walk the map step by step; the one after
    /// D5 is past the map).
    pub fn next(self) -> Region {
        Region(self.0 + 1)
    }
    /// True if this is a region of the map (not past D5).
    pub fn on_map(self) -> bool {
        self.index() < REGIONS
    }
    /// The region's name (`B3`).
    pub fn name(self) -> String {
        self.to_string()
    }
    /// This region's bit in a `u32` region mask.
    pub fn bit(self) -> u32 {
        1 << self.0
    }
}

/// Shows the bare number, as the `u8` it replaces did (debug dumps stay the same).
impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

/// The region's name: sector letter and zone number (`B3`).
impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = [b'A' + self.column(), b'1' + self.row()];
        f.pad(std::str::from_utf8(&name).map_err(|_| fmt::Error)?)
    }
}

/// A set of regions, one bit per region number (serialized as that bare `u32` mask).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Regions(pub u32);

impl Regions {
    /// No region.
    pub const NONE: Regions = Regions(0);
    /// True if the region is in the set.
    pub fn contains(self, region: Region) -> bool {
        self.0 & region.bit() != 0
    }
    /// Adds a region.
    pub fn insert(&mut self, region: Region) {
        self.0 |= region.bit();
    }
    /// Takes a region out.
    pub fn remove(&mut self, region: Region) {
        self.0 &= !region.bit();
    }
    /// True if the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// How many regions the set holds.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// The regions of this set that are not in `other`.
    pub fn without(self, other: Regions) -> Regions {
        Regions(self.0 & !other.0)
    }
    /// The regions in the set, in number order.
    pub fn iter(self) -> impl Iterator<Item = Region> {
        Region::all().filter(move |&r| self.contains(r))
    }
}

impl std::ops::BitOr for Regions {
    type Output = Regions;
    fn bitor(self, other: Regions) -> Regions {
        Regions(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for Regions {
    fn bitor_assign(&mut self, other: Regions) {
        self.0 |= other.0;
    }
}

impl std::ops::BitAnd for Regions {
    type Output = Regions;
    fn bitand(self, other: Regions) -> Regions {
        Regions(self.0 & other.0)
    }
}

impl From<Region> for Regions {
    fn from(region: Region) -> Regions {
        Regions(region.bit())
    }
}

impl FromIterator<Region> for Regions {
    fn from_iter<I: IntoIterator<Item = Region>>(iter: I) -> Regions {
        let mut set = Regions::NONE;
        for region in iter {
            set.insert(region);
        }
        set
    }
}

/// Shows the bare mask, as the `u32` it replaces did (debug dumps stay the same).
impl fmt::Debug for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

/// The region names, comma-separated (`A1, B2`).
impl fmt::Display for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, region) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{region}")?;
        }
        Ok(())
    }
}

/// An adaptation card design: its index in the data's list of designs
/// ([`crate::data::Data::adaptations`]). Copies of one design share the id. Serialized as that
/// bare number. It has no `Display`: a player reads a card by its printed name, which needs the
/// data ([`crate::data::Data::adaptation`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AdaptationId(pub u8);

impl AdaptationId {
    /// The id as an index into the list of designs.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Shows the bare number, as the `u8` it replaces did (debug dumps stay the same).
impl fmt::Debug for AdaptationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

/// Animal status bits.
pub mod flag {
    /// The group's Special Animal marker.
    pub const SPECIAL: u8 = 1;
    /// Toxic marker.
    pub const TOXIC: u8 = 2;
    /// Inactive marker.
    pub const INACTIVE: u8 = 4;
    /// Carries the solo objective marker.
    pub const BEARER: u8 = 8;
    /// Bits that belong to the animal (the rest are the engine's bookkeeping).
    pub const PERSISTENT: u8 = SPECIAL | TOXIC | INACTIVE | BEARER;
    /// Engine bookkeeping: the animal being migrated this turn.
    pub const TRACK: u8 = 16;
    /// Engine bookkeeping: already moved in this neutral Migrate.
    pub const MOVED: u8 = 32;
}

/// An animal marker: its group and status flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Animal {
    /// Group.
    pub group: Group,
    /// Status bits ([`flag`]).
    pub flags: u8,
}

impl Animal {
    /// A plain animal.
    pub fn new(group: Group) -> Animal {
        Animal { group, flags: 0 }
    }
    /// Special Animal.
    pub fn special(self) -> bool {
        self.flags & flag::SPECIAL != 0
    }
    /// Toxic.
    pub fn toxic(self) -> bool {
        self.flags & flag::TOXIC != 0
    }
    /// Inactive.
    pub fn inactive(self) -> bool {
        self.flags & flag::INACTIVE != 0
    }
    /// Carries the solo objective marker.
    pub fn bearer(self) -> bool {
        self.flags & flag::BEARER != 0
    }
}

/// An animal on the board: where it is and what it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    /// Region.
    pub region: Region,
    /// Niche.
    pub niche: u8,
    /// The animal.
    pub animal: Animal,
}

impl Placed {
    /// Sort key: resolve order (region, then niche 2 before 1 before 0), then group and flags.
    pub fn key(&self) -> (Region, u8, u8, u8) {
        (
            self.region,
            2 - self.niche.min(2),
            self.animal.group as u8,
            self.animal.flags,
        )
    }
    /// The choice-level identity of this animal.
    pub fn spot(&self) -> Spot {
        Spot {
            region: self.region,
            niche: self.niche,
            group: self.animal.group,
            flags: self.animal.flags & flag::PERSISTENT,
        }
    }
}

/// Names an animal in a choice: region, niche, group and status. Animals that share all four
/// are interchangeable, so a choice never has to tell them apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Spot {
    /// Region.
    pub region: Region,
    /// Niche.
    pub niche: u8,
    /// Group.
    pub group: Group,
    /// Persistent status bits.
    pub flags: u8,
}

impl Spot {
    /// True if a placed animal is this one.
    pub fn matches(&self, p: &Placed) -> bool {
        p.region == self.region
            && p.niche == self.niche
            && p.animal.group == self.group
            && p.animal.flags & flag::PERSISTENT == self.flags
    }
}

/// The animal as a player reads it, the group standing for its marker: "Invertebrates
/// (Special Animal, Toxic) in C3, niche 0". The group's name is plural, so a sentence goes on
/// with a plural verb ("… in C3, niche 0 move to C2, niche 1").
impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{} in {}",
            self.group,
            describe_flags(self.flags),
            Niche(self.region, self.niche)
        )
    }
}

/// A niche of a region as the board names both: "C3, niche 0".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Niche(pub Region, pub u8);

impl fmt::Display for Niche {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, niche {}", self.0, self.1)
    }
}

/// The markers beside an animal, as a suffix: " (Special Animal, Toxic)", or nothing for a
/// plain animal.
pub fn describe_flags(flags: u8) -> String {
    let v = flag_names(flags);
    if v.is_empty() {
        String::new()
    } else {
        format!(" ({})", v.join(", "))
    }
}

/// The names of the markers in `flags`, in board order: "Special Animal", "Toxic", "Inactive",
/// "objective marker".
pub fn flag_names(flags: u8) -> Vec<&'static str> {
    let mut v = Vec::new();
    if flags & flag::SPECIAL != 0 {
        v.push("Special Animal");
    }
    if flags & flag::TOXIC != 0 {
        v.push("Toxic");
    }
    if flags & flag::INACTIVE != 0 {
        v.push("Inactive");
    }
    if flags & flag::BEARER != 0 {
        v.push("objective marker");
    }
    v
}

/// An instinct tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tile {
    /// Sector tile (column 0..4).
    Sector(u8),
    /// Zone tile (row 0..5).
    Zone(u8),
    /// Cataclysm tile (index into the cataclysm list).
    Cataclysm(u8),
}

/// The four player actions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Adapt.
    Adapt = 0,
    /// Populate.
    Populate = 1,
    /// Migrate.
    Migrate = 2,
    /// Survive.
    Survive = 3,
}

impl Action {
    /// All actions in cost-table order.
    pub const ALL: [Action; 4] = [
        Action::Adapt,
        Action::Populate,
        Action::Migrate,
        Action::Survive,
    ];
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Adapt => "Adapt",
            Action::Populate => "Populate",
            Action::Migrate => "Migrate",
            Action::Survive => "Survive",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rulebook p.19 (Regions): adjacency is left, right, up, down; the edges do not wrap.
    #[test]
    fn adjacency_does_not_wrap_p19() {
        let a1 = Region(0);
        assert_eq!(a1.step(Dir::Left), None);
        assert_eq!(a1.step(Dir::Up), None);
        let d1 = Region(3);
        assert_eq!(d1.step(Dir::Right), None);
        let a5 = Region(16);
        assert_eq!(a5.step(Dir::Down), None);
        assert_eq!(a1.step(Dir::Down), Some(Region(4)));
        assert_eq!(Region(9).name(), "B3");
    }

    #[test]
    fn group_ids_parse() {
        assert_eq!(Group::from_id("syn"), Some(Group::Synapsids));
        assert_eq!(Group::from_id("Invertebrates"), Some(Group::Invertebrates));
        assert_eq!(Group::from_id("x"), None);
    }
}
