//! Components of Dominant Species: animals, elements, terrains, cards, the
//! board layout and the tables printed on the board.
//!
//! Sources: the rulebook (`shared/seeds/001…`, page numbers below) and
//! `shared/reference/dominant-species.md` for facts only printed on the board
//! (marked there `[BGF+2]`: board hexes, starting corners, tile mix, the
//! scoring numbers not quoted in the rulebook, the Speciation element order).

use eons_core::{Corner, Hex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The six animals in food-chain order, best first (rulebook p.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Animal {
    /// Mammals: may save one endangered species at each Extinction (p.20).
    Mammals,
    /// Reptiles: a free AP in Regression (p.11).
    Reptiles,
    /// Birds: migrate up to two tiles (p.15).
    Birds,
    /// Amphibians: three default water elements.
    Amphibians,
    /// Arachnids: a free competition on one tile of any terrain (p.15).
    Arachnids,
    /// Insects: a free species after Speciation (p.14).
    Insects,
}

impl Animal {
    /// All animals in food-chain order.
    pub const ALL: [Animal; 6] = [
        Animal::Mammals,
        Animal::Reptiles,
        Animal::Birds,
        Animal::Amphibians,
        Animal::Arachnids,
        Animal::Insects,
    ];
    /// Food-chain index (0 = mammals).
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The animal with this food-chain index.
    pub fn from_index(i: usize) -> Option<Animal> {
        Animal::ALL.get(i).copied()
    }
    /// The element printed on the display (and paired in the random earth setup, p.17).
    pub const fn element(self) -> Element {
        match self {
            Animal::Mammals => Element::Meat,
            Animal::Reptiles => Element::Sun,
            Animal::Birds => Element::Seed,
            Animal::Amphibians => Element::Water,
            Animal::Arachnids => Element::Grub,
            Animal::Insects => Element::Grass,
        }
    }
    /// Number of default (printed) elements: three water for amphibians (p.6 example), two otherwise.
    pub const fn default_count(self) -> u8 {
        match self {
            Animal::Amphibians => 3,
            _ => 2,
        }
    }
    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Animal::Mammals => "mammals",
            Animal::Reptiles => "reptiles",
            Animal::Birds => "birds",
            Animal::Amphibians => "amphibians",
            Animal::Arachnids => "arachnids",
            Animal::Insects => "insects",
        }
    }
    /// Parses a name (singular or plural, any case).
    pub fn parse(s: &str) -> Option<Animal> {
        let s = s.trim().to_ascii_lowercase();
        Animal::ALL
            .into_iter()
            .find(|a| s == a.name() || s == a.name().trim_end_matches('s'))
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The six element types, ordered like the Speciation spaces (meat, sun,
/// seed, water, grub, grass), so that `Animal::X.element()` has the animal's index.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Element {
    /// Meat (mammals).
    Meat,
    /// Sun (reptiles).
    Sun,
    /// Seed (birds).
    Seed,
    /// Water (amphibians).
    Water,
    /// Grub (arachnids).
    Grub,
    /// Grass (insects).
    Grass,
}

impl Element {
    /// All element types.
    pub const ALL: [Element; 6] = [
        Element::Meat,
        Element::Sun,
        Element::Seed,
        Element::Water,
        Element::Grub,
        Element::Grass,
    ];
    /// Index 0..6.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The element with this index.
    pub fn from_index(i: usize) -> Option<Element> {
        Element::ALL.get(i).copied()
    }
    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Element::Meat => "meat",
            Element::Sun => "sun",
            Element::Seed => "seed",
            Element::Water => "water",
            Element::Grub => "grub",
            Element::Grass => "grass",
        }
    }
    /// Parses a name.
    pub fn parse(s: &str) -> Option<Element> {
        let s = s.trim().to_ascii_lowercase();
        Element::ALL.into_iter().find(|e| s == e.name())
    }
}

impl fmt::Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The eight terrains (p.3), in Tile Scoring order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// Sea.
    Sea,
    /// Wetland.
    Wetland,
    /// Savannah.
    Savannah,
    /// Jungle.
    Jungle,
    /// Forest.
    Forest,
    /// Desert.
    Desert,
    /// Mountain.
    Mountain,
    /// Tundra: a large tile covered by a small tundra tile (p.13).
    Tundra,
}

impl Terrain {
    /// All terrains.
    pub const ALL: [Terrain; 8] = [
        Terrain::Sea,
        Terrain::Wetland,
        Terrain::Savannah,
        Terrain::Jungle,
        Terrain::Forest,
        Terrain::Desert,
        Terrain::Mountain,
        Terrain::Tundra,
    ];
    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Sea => "sea",
            Terrain::Wetland => "wetland",
            Terrain::Savannah => "savannah",
            Terrain::Jungle => "jungle",
            Terrain::Forest => "forest",
            Terrain::Desert => "desert",
            Terrain::Mountain => "mountain",
            Terrain::Tundra => "tundra",
        }
    }
    /// Three-letter abbreviation for the terminal board.
    pub const fn abbrev(self) -> &'static str {
        match self {
            Terrain::Sea => "SEA",
            Terrain::Wetland => "WET",
            Terrain::Savannah => "SAV",
            Terrain::Jungle => "JUN",
            Terrain::Forest => "FOR",
            Terrain::Desert => "DES",
            Terrain::Mountain => "MOU",
            Terrain::Tundra => "TUN",
        }
    }
    /// Parses a name.
    pub fn parse(s: &str) -> Option<Terrain> {
        let s = s.trim().to_ascii_lowercase();
        Terrain::ALL
            .into_iter()
            .find(|t| s == t.name() || s == t.abbrev().to_ascii_lowercase())
    }
    /// Index in Tile Scoring order.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The 26 Dominance cards (p.18–19).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Card {
    Aquatic,
    Biodiversity,
    Biomass,
    Blight,
    Catastrophe,
    ColdSnap,
    Disease,
    Ecodiversity,
    Evolution,
    Fecundity,
    Fertile,
    Habitat,
    Hibernation,
    IceAge,
    IceSheet,
    Immigrants,
    Instinct,
    Intelligence,
    MassExodus,
    Metamorphosis,
    NicheBiomes,
    Nocturnal,
    Omnivore,
    Parasitism,
    Predator,
    Symbiotic,
}

impl Card {
    /// All 26 Dominance cards.
    pub const ALL: [Card; 26] = [
        Card::Aquatic,
        Card::Biodiversity,
        Card::Biomass,
        Card::Blight,
        Card::Catastrophe,
        Card::ColdSnap,
        Card::Disease,
        Card::Ecodiversity,
        Card::Evolution,
        Card::Fecundity,
        Card::Fertile,
        Card::Habitat,
        Card::Hibernation,
        Card::IceAge,
        Card::IceSheet,
        Card::Immigrants,
        Card::Instinct,
        Card::Intelligence,
        Card::MassExodus,
        Card::Metamorphosis,
        Card::NicheBiomes,
        Card::Nocturnal,
        Card::Omnivore,
        Card::Parasitism,
        Card::Predator,
        Card::Symbiotic,
    ];
    /// The printed name.
    pub const fn name(self) -> &'static str {
        match self {
            Card::Aquatic => "Aquatic",
            Card::Biodiversity => "Biodiversity",
            Card::Biomass => "Biomass",
            Card::Blight => "Blight",
            Card::Catastrophe => "Catastrophe",
            Card::ColdSnap => "Cold Snap",
            Card::Disease => "Disease",
            Card::Ecodiversity => "Ecodiversity",
            Card::Evolution => "Evolution",
            Card::Fecundity => "Fecundity",
            Card::Fertile => "Fertile",
            Card::Habitat => "Habitat",
            Card::Hibernation => "Hibernation",
            Card::IceAge => "Ice Age",
            Card::IceSheet => "Ice Sheet",
            Card::Immigrants => "Immigrants",
            Card::Instinct => "Instinct",
            Card::Intelligence => "Intelligence",
            Card::MassExodus => "Mass Exodus",
            Card::Metamorphosis => "Metamorphosis",
            Card::NicheBiomes => "Niche Biomes",
            Card::Nocturnal => "Nocturnal",
            Card::Omnivore => "Omnivore",
            Card::Parasitism => "Parasitism",
            Card::Predator => "Predator",
            Card::Symbiotic => "Symbiotic",
        }
    }
    /// Parses a card name (any case, spaces optional).
    pub fn parse(s: &str) -> Option<Card> {
        let norm = |x: &str| {
            x.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let s = norm(s);
        Card::ALL.into_iter().find(|c| norm(c.name()) == s)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Tile Scoring table (board; reference §3.1): VPs for 1st..4th place.
pub const fn tile_scores(t: Terrain) -> &'static [u32] {
    match t {
        Terrain::Sea => &[9, 5, 3, 2],
        Terrain::Wetland => &[8, 4, 2, 1],
        Terrain::Savannah => &[7, 4, 2],
        Terrain::Jungle => &[6, 3, 2],
        Terrain::Forest => &[5, 3, 2],
        Terrain::Desert => &[4, 2],
        Terrain::Mountain => &[3, 2],
        Terrain::Tundra => &[1],
    }
}

/// Speciation limit per tile (p.14): sea/wetland 4, savannah/jungle/forest 3,
/// desert/mountain 2, tundra 1.
pub const fn speciation_limit(t: Terrain) -> u8 {
    match t {
        Terrain::Sea | Terrain::Wetland => 4,
        Terrain::Savannah | Terrain::Jungle | Terrain::Forest => 3,
        Terrain::Desert | Terrain::Mountain => 2,
        Terrain::Tundra => 1,
    }
}

/// The 35 hexes of the earth grid: the radius-3 hexagon minus (0,-3) and (0,3)
/// (reference §2.2, [BGF+2]).
pub fn board_hex(h: Hex) -> bool {
    h.distance(Hex::new(0, 0)) <= 3 && !(h.q == 0 && (h.r == -3 || h.r == 3))
}

/// The seven starting tiles (p.4; positions reference §2.4): centre sea under
/// tundra, then clockwise from the north.
pub const START_TILES: [(Hex, Terrain); 7] = [
    (Hex::new(0, 0), Terrain::Sea),
    (Hex::new(0, -1), Terrain::Wetland),
    (Hex::new(1, -1), Terrain::Savannah),
    (Hex::new(1, 0), Terrain::Desert),
    (Hex::new(0, 1), Terrain::Mountain),
    (Hex::new(-1, 1), Terrain::Forest),
    (Hex::new(-1, 0), Terrain::Jungle),
];

/// The 12 printed starting element corners (p.4; positions reference §2.5).
pub const START_ELEMENTS: [(Corner, Element); 12] = [
    (Corner::east(Hex::new(-1, 0)), Element::Grub),
    (Corner::west(Hex::new(1, -1)), Element::Water),
    (Corner::east(Hex::new(0, 0)), Element::Grass),
    (Corner::west(Hex::new(1, 0)), Element::Sun),
    (Corner::east(Hex::new(-1, 1)), Element::Meat),
    (Corner::west(Hex::new(0, 0)), Element::Seed),
    (Corner::west(Hex::new(0, -1)), Element::Water),
    (Corner::east(Hex::new(0, -1)), Element::Grass),
    (Corner::west(Hex::new(2, -1)), Element::Sun),
    (Corner::east(Hex::new(0, 1)), Element::Meat),
    (Corner::west(Hex::new(0, 1)), Element::Seed),
    (Corner::east(Hex::new(-2, 1)), Element::Grub),
];

/// Standard starting species (p.4): 2 on the first terrain, 1 on the others.
pub const fn start_species(a: Animal) -> [(Terrain, u8); 3] {
    match a {
        Animal::Insects => [
            (Terrain::Savannah, 2),
            (Terrain::Wetland, 1),
            (Terrain::Desert, 1),
        ],
        Animal::Arachnids => [
            (Terrain::Jungle, 2),
            (Terrain::Forest, 1),
            (Terrain::Wetland, 1),
        ],
        Animal::Amphibians => [
            (Terrain::Wetland, 2),
            (Terrain::Jungle, 1),
            (Terrain::Savannah, 1),
        ],
        Animal::Birds => [
            (Terrain::Forest, 2),
            (Terrain::Mountain, 1),
            (Terrain::Jungle, 1),
        ],
        Animal::Reptiles => [
            (Terrain::Desert, 2),
            (Terrain::Savannah, 1),
            (Terrain::Mountain, 1),
        ],
        Animal::Mammals => [
            (Terrain::Mountain, 2),
            (Terrain::Desert, 1),
            (Terrain::Forest, 1),
        ],
    }
}

/// The large tiles: 7 sea and 4 of every other non-tundra terrain (reference §1.4, [BGF+2]).
pub const LARGE_TILES: [(Terrain, u8); 7] = [
    (Terrain::Sea, 7),
    (Terrain::Wetland, 4),
    (Terrain::Savannah, 4),
    (Terrain::Jungle, 4),
    (Terrain::Forest, 4),
    (Terrain::Desert, 4),
    (Terrain::Mountain, 4),
];

/// Tundra tiles in the game (p.2).
pub const TUNDRA_TILES: u8 = 12;
/// Element disks of each type (120 / 6; reference §1.3).
pub const ELEMENTS_PER_TYPE: u16 = 20;
/// Cylinders (APs) of each colour (p.2).
pub const CYLINDERS: u8 = 10;

/// APs and gathered cubes per animal for a player count (p.4); the
/// multi-animal rules use the 6-player row (p.17).
pub const fn pieces(players: usize) -> (u8, u8) {
    match players {
        6 => (3, 35),
        5 => (4, 40),
        4 => (5, 45),
        3 => (6, 50),
        _ => (7, 55),
    }
}

/// The three terrains of each Competition eyeball space: tundra plus two
/// (p.15 picture text; reference §4.2).
pub const COMPETITION_TERRAINS: [[Terrain; 3]; 7] = [
    [Terrain::Tundra, Terrain::Jungle, Terrain::Wetland],
    [Terrain::Tundra, Terrain::Wetland, Terrain::Desert],
    [Terrain::Tundra, Terrain::Desert, Terrain::Forest],
    [Terrain::Tundra, Terrain::Forest, Terrain::Savannah],
    [Terrain::Tundra, Terrain::Savannah, Terrain::Mountain],
    [Terrain::Tundra, Terrain::Mountain, Terrain::Sea],
    [Terrain::Tundra, Terrain::Sea, Terrain::Jungle],
];

/// Migration values of the six Migration spaces (p.15).
pub const MIGRATION_VALUES: [u8; 6] = [7, 6, 5, 4, 3, 2];
