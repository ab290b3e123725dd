//! Small `Copy` vocabulary of the game: animals, element types, terrains,
//! tiles, cards, traits and actions, with their names for data files,
//! positions and text.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Declares a fieldless enum with `ALL`, `index`, `from_index`, `name` and
/// `parse` (by its kebab-case name).
macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name { $($(#[$vm])* $v),+ }

        impl $name {
            /// Every value, in index order.
            pub const ALL: &'static [$name] = &[$($name::$v),+];
            /// Number of values.
            pub const COUNT: usize = $name::ALL.len();
            /// Dense index.
            pub const fn index(self) -> usize { self as usize }
            /// The value with this index.
            pub fn from_index(i: usize) -> Option<$name> { $name::ALL.get(i).copied() }
            /// The lower-case name used in data and position files.
            pub const fn name(self) -> &'static str { match self { $($name::$v => $s),+ } }
            /// Parses a name (case-insensitive; spaces and `_` read as `-`).
            pub fn parse(s: &str) -> Option<$name> {
                let k: String = s.trim().to_ascii_lowercase().chars()
                    .map(|c| if c == ' ' || c == '_' { '-' } else { c }).collect();
                $name::ALL.iter().copied().find(|v| v.name() == k)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.name()) }
        }
    };
}

named_enum! {
    /// An animal, in food-chain order from the top (p.7): index 0 wins ties.
    Animal {
        /// Reptiles (top of the food chain).
        Reptiles = "reptiles",
        /// Cephalopods.
        Cephalopods = "cephalopods",
        /// Fishes.
        Fishes = "fishes",
        /// Crustaceans (bottom of the food chain; first to play).
        Crustaceans = "crustaceans",
    }
}

named_enum! {
    /// An element type (p.3).
    Element {
        /// Algae.
        Algae = "algae",
        /// Worms.
        Worms = "worms",
        /// Plankton.
        Plankton = "plankton",
        /// Sponges.
        Sponges = "sponges",
        /// Gastropods.
        Gastropods = "gastropods",
        /// Sun.
        Sun = "sun",
    }
}

named_enum! {
    /// A terrain type, in Tile Scoring table order (p.16).
    Terrain {
        /// Hydrothermal Vent (a small tile on top of a large one).
        Vent = "vent",
        /// Open Ocean.
        Ocean = "ocean",
        /// Sand Plain.
        Sand = "sand",
        /// Seagrass Meadow.
        Seagrass = "seagrass",
        /// Seamount.
        Seamount = "seamount",
        /// Coral Reef.
        Reef = "reef",
        /// Kelp Forest.
        Kelp = "kelp",
        /// Land.
        Land = "land",
    }
}

named_enum! {
    /// The face of a Vent tile (p.14).
    Face {
        /// The land-based geyser side (top half).
        Geyser = "geyser",
        /// The sea-based black smoker side (bottom half).
        Smoker = "smoker",
    }
}

named_enum! {
    /// The action of a section of the action display (p.10-17).
    Action {
        /// Abundance: an element from the section onto earth.
        Abundance = "abundance",
        /// Autotrophs: remove or swap an element on a Vent.
        Autotrophs = "autotrophs",
        /// Depletion: remove an element of a type in the Depletion Box.
        Depletion = "depletion",
        /// Adaptation: an element onto your animal display.
        Adaptation = "adaptation",
        /// Regression: a cube protects your elements at the next Reseed.
        Regression = "regression",
        /// Speciation: new species around an element.
        Speciation = "speciation",
        /// Wanderlust: a new tile.
        Wanderlust = "wanderlust",
        /// Tectonics: a new Vent.
        Tectonics = "tectonics",
        /// Migration: move species.
        Migration = "migration",
        /// Competition: eliminate opposing species.
        Competition = "competition",
        /// Evolution: score a tile, then take an evolution card.
        Evolution = "evolution",
        /// Domination: take a special pawn.
        Domination = "domination",
        /// Bottom Feeder's personal action space (trait card).
        BottomFeeder = "bottom-feeder",
    }
}

named_enum! {
    /// The event icon of an evolution card (p.24).
    Icon {
        /// No icon.
        None = "none",
        /// Dead fish: an Extinction event.
        Extinction = "extinction",
        /// Live fish: a Survival event.
        Survival = "survival",
    }
}

named_enum! {
    /// The 35 evolution cards (p.18-20), alphabetical.
    Card {
        /// Swap one of your disks with an element on earth.
        Adaptability = "adaptability",
        /// 1 VP per occupied tile with worms.
        Annelids = "annelids",
        /// Devastation and the end of the game.
        Asteroid = "asteroid",
        /// 1 VP per occupied tile shared with an opponent.
        Biodiversity = "biodiversity",
        /// Overcrowded tiles lose a species.
        Biomass = "biomass",
        /// Score every tile of a terrain.
        BountifulHabitat = "bountiful-habitat",
        /// 1 VP per occupied tile with plankton.
        CarbonCycle = "carbon-cycle",
        /// Replay the top discard, then take another card.
        Cladogenesis = "cladogenesis",
        /// Opponents lose a disk.
        Disease = "disease",
        /// Bonus VPs for element types on your display.
        Ecodiversity = "ecodiversity",
        /// 1 VP per occupied tile with sponges.
        Endosymbionts = "endosymbionts",
        /// VP for your species on Vents.
        Extremophiles = "extremophiles",
        /// A new species on every tile you occupy.
        Fecundity = "fecundity",
        /// VP for every species on a tile.
        Fertile = "fertile",
        /// Replace your trait.
        GeneExpression = "gene-expression",
        /// Remove an uncontrolled element type, add a controlled one.
        Habitat = "habitat",
        /// Opponents lose species on Competition terrains.
        InvasiveSpecies = "invasive-species",
        /// Score every Ocean.
        MarineSnow = "marine-snow",
        /// Move every species off a tile.
        MassExodus = "mass-exodus",
        /// Exchange one of your disks for any element in the bag.
        Metamorphosis = "metamorphosis",
        /// Reversed tie-breaks; all but the leader lose a species on a tile.
        MonotypicHabitat = "monotypic-habitat",
        /// Move an element.
        NicheConstruction = "niche-construction",
        /// Remove an element and a species from a tile.
        Omnivore = "omnivore",
        /// As many new species as a tile holds.
        PopulationExplosion = "population-explosion",
        /// One opposing species dies on each tile you occupy.
        Predator = "predator",
        /// 1 VP per occupied tile with algae.
        Producers = "producers",
        /// Eliminate X opposing species anywhere and replace them.
        ProfligateCarnivore = "profligate-carnivore",
        /// 1 VP per occupied tile with sun.
        SemiAquatic = "semi-aquatic",
        /// X species back to their Gene Pools; first place +1 while face-up.
        SolarRadiation = "solar-radiation",
        /// VP for display elements shared with opponents.
        Symbiotic = "symbiotic",
        /// Every pawn goes back to its owner.
        TectonicShift = "tectonic-shift",
        /// An element and species on Land or a geyser.
        Terrestrial = "terrestrial",
        /// Remove X elements from a tile.
        TrophicCascade = "trophic-cascade",
        /// 1 VP per occupied tile with gastropods.
        Univalves = "univalves",
        /// Two Tectonics: one on a Seamount, one normal.
        Volcanism = "volcanism",
    }
}

named_enum! {
    /// The 18 trait cards (p.20-21), alphabetical.
    Trait {
        /// A species when you retrieve.
        AncientLineage = "ancient-lineage",
        /// A personal action space.
        BottomFeeder = "bottom-feeder",
        /// An extra basic pawn at 20 VP.
        BuddingIntelligence = "budding-intelligence",
        /// A species on other animals' new tiles and Vents.
        Camouflage = "camouflage",
        /// VP for species you eliminate.
        Cannibal = "cannibal",
        /// Never endangered among two opposing species.
        Carnivore = "carnivore",
        /// Speciation limits +1 for you, -1 for opponents, on your pawns' types.
        EcologicalNiche = "ecological-niche",
        /// Copy another trait until your Gene Pool runs low.
        Exaptation = "exaptation",
        /// Basic pawns may go before all your pawns.
        Flight = "flight",
        /// An extra turn after retrieving all your pawns.
        Hadopelagic = "hadopelagic",
        /// Start with a special pawn.
        PackHunters = "pack-hunters",
        /// Two extra element spaces.
        PhenotypicPlasticity = "phenotypic-plasticity",
        /// VP when opponents speciate onto your tiles.
        PreySwitching = "prey-switching",
        /// A seventh printed element: plankton.
        RamFeeder = "ram-feeder",
        /// A phantom cube in Regression.
        Resilience = "resilience",
        /// Migrate further and one more species.
        SeasonalMigrants = "seasonal-migrants",
        /// Basic pawns bump.
        Social = "social",
        /// Every place's VP on tiles you hold alone.
        Solitary = "solitary",
    }
}

impl Animal {
    /// A compact bit for masks.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl Trait {
    /// A compact bit for masks.
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// A tile on earth: a large terrain tile, possibly under a Vent.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tile {
    /// The large tile (never [`Terrain::Vent`]).
    pub base: Terrain,
    /// The Vent on top, if any: the tile then counts as a Vent (p.6).
    pub vent: Option<Face>,
}

impl Tile {
    /// A large tile with no Vent.
    pub const fn large(base: Terrain) -> Tile {
        Tile { base, vent: None }
    }

    /// The terrain the tile counts as (Vent when vented).
    pub fn terrain(self) -> Terrain {
        if self.vent.is_some() {
            Terrain::Vent
        } else {
            self.base
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.vent {
            Some(face) => write!(f, "{face} vent (on {})", self.base),
            None => write!(f, "{}", self.base),
        }
    }
}

/// Length of the game (p.23, "The Long & Short of It").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Length {
    /// 15 evolution cards out.
    Short,
    /// 10 evolution cards out.
    #[default]
    Standard,
    /// 5 evolution cards out.
    Long,
    /// Every card in the deck.
    Epic,
}

impl Length {
    /// Parses `short`, `standard`, `long` or `epic`.
    pub fn parse(s: &str) -> Option<Length> {
        match s.trim().to_ascii_lowercase().as_str() {
            "short" => Some(Length::Short),
            "standard" | "normal" => Some(Length::Standard),
            "long" => Some(Length::Long),
            "epic" => Some(Length::Epic),
            _ => None,
        }
    }

    /// The option value.
    pub fn name(self) -> &'static str {
        match self {
            Length::Short => "short",
            Length::Standard => "standard",
            Length::Long => "long",
            Length::Epic => "epic",
        }
    }
}

/// Names of the six corners of a hex, clockwise from east, as returned by
/// `Grid::corners_of`.
pub const CORNER_NAMES: [&str; 6] = ["e", "se", "sw", "w", "nw", "ne"];

/// Parses a corner name of [`CORNER_NAMES`].
pub fn parse_corner_name(s: &str) -> Option<usize> {
    let k = s.trim().to_ascii_lowercase();
    CORNER_NAMES.iter().position(|&n| n == k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &c in Card::ALL {
            assert_eq!(Card::parse(c.name()), Some(c));
        }
        for &t in Trait::ALL {
            assert_eq!(Trait::parse(t.name()), Some(t));
        }
        assert_eq!(Card::COUNT, 35);
        assert_eq!(Trait::COUNT, 18);
        assert_eq!(Card::parse("Marine Snow"), Some(Card::MarineSnow));
    }

    /// Rulebook p.6: a Vent placed on a large tile converts it into a Vent.
    #[test]
    fn vented_tile_counts_as_vent_p6() {
        let t = Tile {
            base: Terrain::Land,
            vent: Some(Face::Geyser),
        };
        assert_eq!(t.terrain(), Terrain::Vent);
        assert_eq!(Tile::large(Terrain::Kelp).terrain(), Terrain::Kelp);
    }
}

/// An action space a pawn is placed on: a display space (its index in the
/// display's list of spaces, see [`crate::position::space_index`]) or an
/// animal's Bottom Feeder personal space (p.20), numbered from
/// [`Space::PERSONAL`] in food-chain order. Serialized as the bare number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Space(pub u8);

impl Space {
    /// The first personal space (Reptiles'); each animal's is this plus its
    /// food-chain index.
    pub const PERSONAL: Space = Space(63);

    /// The display space with this index.
    pub fn display(index: usize) -> Space {
        Space(index as u8)
    }

    /// The Bottom Feeder personal space of an animal.
    pub fn personal(animal: Animal) -> Space {
        Space(Space::PERSONAL.0 + animal.index() as u8)
    }

    /// True for a Bottom Feeder personal space.
    pub fn is_personal(self) -> bool {
        self >= Space::PERSONAL
    }

    /// The index in the display's spaces (for a display space).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The index of the owning animal (for a personal space).
    pub fn personal_index(self) -> usize {
        (self.0 - Space::PERSONAL.0) as usize
    }

    /// Every personal space, in food-chain order.
    pub fn personal_spaces() -> impl Iterator<Item = Space> {
        Animal::ALL.iter().map(|&a| Space::personal(a))
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_personal() {
            match Animal::ALL.get(self.personal_index()) {
                Some(a) => write!(f, "the {a}' Bottom Feeder space"),
                None => write!(f, "personal space {}", self.0),
            }
        } else {
            write!(f, "display space {}", self.0)
        }
    }
}
