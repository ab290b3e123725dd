//! The action display (p.8–9): 41 eyeball spaces in twelve sections,
//! executed top to bottom and left to right.

use crate::data::{data, Element};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The twelve sections of the action display, in execution order (p.9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Section {
    Initiative,
    Adaptation,
    Regression,
    Abundance,
    Wasteland,
    Depletion,
    Glaciation,
    Speciation,
    Wanderlust,
    Migration,
    Competition,
    Domination,
}

impl Section {
    /// Name as printed.
    pub const fn name(self) -> &'static str {
        match self {
            Section::Initiative => "Initiative",
            Section::Adaptation => "Adaptation",
            Section::Regression => "Regression",
            Section::Abundance => "Abundance",
            Section::Wasteland => "Wasteland",
            Section::Depletion => "Depletion",
            Section::Glaciation => "Glaciation",
            Section::Speciation => "Speciation",
            Section::Wanderlust => "Wanderlust",
            Section::Migration => "Migration",
            Section::Competition => "Competition",
            Section::Domination => "Domination",
        }
    }
    /// First space index and number of eyeball spaces (reference §4.1).
    pub const fn range(self) -> (u8, u8) {
        match self {
            Section::Initiative => (0, 1),
            Section::Adaptation => (1, 3),
            Section::Regression => (4, 2),
            Section::Abundance => (6, 2),
            Section::Wasteland => (8, 1),
            Section::Depletion => (9, 1),
            Section::Glaciation => (10, 4),
            Section::Speciation => (14, 6),
            Section::Wanderlust => (20, 3),
            Section::Migration => (23, 6),
            Section::Competition => (29, 7),
            Section::Domination => (36, 5),
        }
    }
    /// All sections in order.
    pub const ALL: [Section; 12] = [
        Section::Initiative,
        Section::Adaptation,
        Section::Regression,
        Section::Abundance,
        Section::Wasteland,
        Section::Depletion,
        Section::Glaciation,
        Section::Speciation,
        Section::Wanderlust,
        Section::Migration,
        Section::Competition,
        Section::Domination,
    ];
}

/// Number of eyeball spaces.
pub const SPACES: usize = 41;

/// One eyeball space of the action display (index `0..41` in execution order).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Space(pub u8);

impl Space {
    /// The space at `index` of a section, if it exists.
    pub fn of(section: Section, index: u8) -> Option<Space> {
        let (first, n) = section.range();
        (index < n).then_some(Space(first + index))
    }
    /// Every eyeball space in execution order.
    pub fn all() -> impl Iterator<Item = Space> {
        (0..SPACES as u8).map(Space)
    }
    /// The section and the position inside it.
    pub fn section(self) -> (Section, u8) {
        for s in Section::ALL {
            let (first, n) = s.range();
            if self.0 >= first && self.0 < first + n {
                return (s, self.0 - first);
            }
        }
        (Section::Domination, 4)
    }
    /// The element of a Speciation space (meat, sun, seed, water, grub, grass; reference §4.2).
    pub fn speciation_element(self) -> Option<Element> {
        match self.section() {
            (Section::Speciation, i) => Element::from_index(i as usize),
            _ => None,
        }
    }
    /// The value of a Migration space (7..2).
    pub fn migration_value(self) -> Option<u8> {
        match self.section() {
            (Section::Migration, i) => data().migration_values.get(i as usize).copied(),
            _ => None,
        }
    }
    /// The terrains of a Competition space.
    pub fn competition_terrains(self) -> Option<[crate::data::Terrain; 3]> {
        match self.section() {
            (Section::Competition, i) => data().competition_terrains.get(i as usize).copied(),
            _ => None,
        }
    }
    /// A short label such as "Speciation (meat)" or "Migration 7".
    pub fn label(self) -> String {
        if self.0 as usize >= SPACES {
            return format!("no space #{}", self.0);
        }
        let (s, i) = self.section();
        match s {
            Section::Speciation => format!("Speciation ({})", Element::ALL[i as usize]),
            Section::Migration => format!("Migration {}", data().migration_values[i as usize]),
            Section::Competition => {
                let t = data().competition_terrains[i as usize];
                format!("Competition ({}/{}/{})", t[0], t[1], t[2])
            }
            Section::Initiative | Section::Wasteland | Section::Depletion => s.name().to_string(),
            _ => format!("{} {}", s.name(), i + 1),
        }
    }
    /// Parses a label produced by [`Space::label`] (case-insensitive), or `section N`.
    pub fn parse(text: &str) -> Option<Space> {
        let t = text.trim().to_ascii_lowercase();
        Space::all().find(|s| s.label().to_ascii_lowercase() == t)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference §4.1: 1+3+2+2+1+1+4+6+3+6+7+5 = 41 eyeball spaces.
    #[test]
    fn action_display_has_41_eyeball_spaces() {
        let total: u8 = Section::ALL.iter().map(|s| s.range().1).sum();
        assert_eq!(total as usize, SPACES);
        for s in Space::all() {
            assert_eq!(Space::parse(&s.label()), Some(s), "{}", s.label());
        }
    }
}
