//! Small `Copy` vocabulary of the game: animals, element types, terrains,
//! tiles, cards, traits and actions, with their names for data files,
//! positions and text.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The title a value reads as: the given one, else its file name.
macro_rules! title_or_name {
    ($s:literal) => {
        $s
    };
    ($s:literal, $t:literal) => {
        $t
    };
}

/// Declares a fieldless enum with `ALL`, `index`, `from_index`, `name` and
/// `parse` (by its kebab-case name), and `title`, the name players read (as
/// printed: "Bountiful Habitat"), which `Display` writes.
macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal $(/ $t:literal)?),+ $(,)? }) => {
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
            /// The name players read, as the board and cards print it.
            pub const fn title(self) -> &'static str {
                match self { $($name::$v => title_or_name!($s $(, $t)?)),+ }
            }
            /// Parses a name (case-insensitive; spaces and `_` read as `-`).
            pub fn parse(s: &str) -> Option<$name> {
                let k: String = s.trim().to_ascii_lowercase().chars()
                    .map(|c| if c == ' ' || c == '_' { '-' } else { c }).collect();
                $name::ALL.iter().copied().find(|v| v.name() == k)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.title()) }
        }
    };
}

named_enum! {
    /// An animal, in food-chain order from the top (p.7): index 0 wins ties.
    Animal {
        /// Reptiles (top of the food chain).
        Reptiles = "reptiles" / "Reptiles",
        /// Cephalopods.
        Cephalopods = "cephalopods" / "Cephalopods",
        /// Fishes.
        Fishes = "fishes" / "Fishes",
        /// Crustaceans (bottom of the food chain; first to play).
        Crustaceans = "crustaceans" / "Crustaceans",
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
        Abundance = "abundance" / "Abundance",
        /// Autotrophs: remove or swap an element on a Vent.
        Autotrophs = "autotrophs" / "Autotrophs",
        /// Depletion: remove an element of a type in the Depletion Box.
        Depletion = "depletion" / "Depletion",
        /// Adaptation: an element onto your animal display.
        Adaptation = "adaptation" / "Adaptation",
        /// Regression: a cube protects your elements at the next Reseed.
        Regression = "regression" / "Regression",
        /// Speciation: new species around an element.
        Speciation = "speciation" / "Speciation",
        /// Wanderlust: a new tile.
        Wanderlust = "wanderlust" / "Wanderlust",
        /// Tectonics: a new Vent.
        Tectonics = "tectonics" / "Tectonics",
        /// Migration: move species.
        Migration = "migration" / "Migration",
        /// Competition: eliminate opposing species.
        Competition = "competition" / "Competition",
        /// Evolution: score a tile, then take an evolution card.
        Evolution = "evolution" / "Evolution",
        /// Domination: take a special pawn.
        Domination = "domination" / "Domination",
        /// Bottom Feeder's personal action space (trait card).
        BottomFeeder = "bottom-feeder" / "Bottom Feeder",
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
        Adaptability = "adaptability" / "Adaptability",
        /// 1 VP per occupied tile with worms.
        Annelids = "annelids" / "Annelids",
        /// Devastation and the end of the game.
        Asteroid = "asteroid" / "Asteroid",
        /// 1 VP per occupied tile shared with an opponent.
        Biodiversity = "biodiversity" / "Biodiversity",
        /// Overcrowded tiles lose a species.
        Biomass = "biomass" / "Biomass",
        /// Score every tile of a terrain.
        BountifulHabitat = "bountiful-habitat" / "Bountiful Habitat",
        /// 1 VP per occupied tile with plankton.
        CarbonCycle = "carbon-cycle" / "Carbon Cycle",
        /// Replay the top discard, then take another card.
        Cladogenesis = "cladogenesis" / "Cladogenesis",
        /// Opponents lose a disk.
        Disease = "disease" / "Disease",
        /// Bonus VPs for element types on your display.
        Ecodiversity = "ecodiversity" / "Ecodiversity",
        /// 1 VP per occupied tile with sponges.
        Endosymbionts = "endosymbionts" / "Endosymbionts",
        /// VP for your species on Vents.
        Extremophiles = "extremophiles" / "Extremophiles",
        /// A new species on every tile you occupy.
        Fecundity = "fecundity" / "Fecundity",
        /// VP for every species on a tile.
        Fertile = "fertile" / "Fertile",
        /// Replace your trait.
        GeneExpression = "gene-expression" / "Gene Expression",
        /// Remove an uncontrolled element type, add a controlled one.
        Habitat = "habitat" / "Habitat",
        /// Opponents lose species on Competition terrains.
        InvasiveSpecies = "invasive-species" / "Invasive Species",
        /// Score every Ocean.
        MarineSnow = "marine-snow" / "Marine Snow",
        /// Move every species off a tile.
        MassExodus = "mass-exodus" / "Mass Exodus",
        /// Exchange one of your disks for any element in the bag.
        Metamorphosis = "metamorphosis" / "Metamorphosis",
        /// Reversed tie-breaks; all but the leader lose a species on a tile.
        MonotypicHabitat = "monotypic-habitat" / "Monotypic Habitat",
        /// Move an element.
        NicheConstruction = "niche-construction" / "Niche Construction",
        /// Remove an element and a species from a tile.
        Omnivore = "omnivore" / "Omnivore",
        /// As many new species as a tile holds.
        PopulationExplosion = "population-explosion" / "Population Explosion",
        /// One opposing species dies on each tile you occupy.
        Predator = "predator" / "Predator",
        /// 1 VP per occupied tile with algae.
        Producers = "producers" / "Producers",
        /// Eliminate X opposing species anywhere and replace them.
        ProfligateCarnivore = "profligate-carnivore" / "Profligate Carnivore",
        /// 1 VP per occupied tile with sun.
        SemiAquatic = "semi-aquatic" / "Semi-Aquatic",
        /// X species back to their Gene Pools; first place +1 while face-up.
        SolarRadiation = "solar-radiation" / "Solar Radiation",
        /// VP for display elements shared with opponents.
        Symbiotic = "symbiotic" / "Symbiotic",
        /// Every pawn goes back to its owner.
        TectonicShift = "tectonic-shift" / "Tectonic Shift",
        /// An element and species on Land or a geyser.
        Terrestrial = "terrestrial" / "Terrestrial",
        /// Remove X elements from a tile.
        TrophicCascade = "trophic-cascade" / "Trophic Cascade",
        /// 1 VP per occupied tile with gastropods.
        Univalves = "univalves" / "Univalves",
        /// Two Tectonics: one on a Seamount, one normal.
        Volcanism = "volcanism" / "Volcanism",
    }
}

named_enum! {
    /// The 18 trait cards (p.20-21), alphabetical.
    Trait {
        /// A species when you retrieve.
        AncientLineage = "ancient-lineage" / "Ancient Lineage",
        /// A personal action space.
        BottomFeeder = "bottom-feeder" / "Bottom Feeder",
        /// An extra basic pawn at 20 VP.
        BuddingIntelligence = "budding-intelligence" / "Budding Intelligence",
        /// A species on other animals' new tiles and Vents.
        Camouflage = "camouflage" / "Camouflage",
        /// VP for species you eliminate.
        Cannibal = "cannibal" / "Cannibal",
        /// Never endangered among two opposing species.
        Carnivore = "carnivore" / "Carnivore",
        /// Speciation limits +1 for you, -1 for opponents, on your pawns' types.
        EcologicalNiche = "ecological-niche" / "Ecological Niche",
        /// Copy another trait until your Gene Pool runs low.
        Exaptation = "exaptation" / "Exaptation",
        /// Basic pawns may go before all your pawns.
        Flight = "flight" / "Flight",
        /// An extra turn after retrieving all your pawns.
        Hadopelagic = "hadopelagic" / "Hadopelagic",
        /// Start with a special pawn.
        PackHunters = "pack-hunters" / "Pack Hunters",
        /// Two extra element spaces.
        PhenotypicPlasticity = "phenotypic-plasticity" / "Phenotypic Plasticity",
        /// VP when opponents speciate onto your tiles.
        PreySwitching = "prey-switching" / "Prey Switching",
        /// A seventh printed element: plankton.
        RamFeeder = "ram-feeder" / "Ram Feeder",
        /// A phantom cube in Regression.
        Resilience = "resilience" / "Resilience",
        /// Migrate further and one more species.
        SeasonalMigrants = "seasonal-migrants" / "Seasonal Migrants",
        /// Basic pawns bump.
        Social = "social" / "Social",
        /// Every place's VP on tiles you hold alone.
        Solitary = "solitary" / "Solitary",
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
            Some(face) => write!(f, "{face} vent over {}", self.base),
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
