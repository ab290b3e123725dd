//! The decision model's vocabulary: the atomic [`Choice`]s a player makes and
//! the pending steps ([`Frame`]s) the state keeps on its stack, with the rule
//! text of each decision. Plain data: no game logic.

use crate::types::{Animal, Card, El, Face, Terrain, Trait};
use eons_core::{CornerId, HexId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One atomic decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// A trait card: to keep (draft, Gene Expression, Exaptation), to copy, or to replace.
    Trait(Trait),
    /// A special pawn (Pack Hunters).
    Pawn(El),
    /// Place a pawn on a space (index into the display; 63+ = personal space):
    /// a basic pawn, or the special pawn of an element type.
    Place {
        /// The space.
        space: u8,
        /// The special pawn, or `None` for a basic pawn.
        special: Option<El>,
    },
    /// Retrieve all your pawns (p.10).
    Retrieve,
    /// Forfeit the whole action (p.10).
    Forfeit,
    /// Stop: the rest is optional.
    Done,
    /// Do it (Regression's cube, Camouflage's species).
    Perform,
    /// An element circle of the current section (0-based).
    Circle(u8),
    /// A corner of earth.
    Corner(CornerId),
    /// A hex of earth.
    Hex(HexId),
    /// A Wanderlust stack (0-based).
    Stack(u8),
    /// A Vent face.
    Face(Face),
    /// Move one of your species.
    Move {
        /// From this tile.
        from: HexId,
        /// To this tile.
        to: HexId,
    },
    /// Move one species of this animal off the tile being emptied (Mass Exodus).
    MoveOf {
        /// Whose species.
        animal: Animal,
        /// To this tile.
        to: HexId,
    },
    /// An animal (whose species to eliminate or keep).
    Animal(Animal),
    /// One species of an animal on a tile.
    Species {
        /// The tile.
        hex: HexId,
        /// The animal.
        animal: Animal,
    },
    /// An evolution card slot (1 = bottom).
    Slot(u8),
    /// A terrain type.
    Terrain(Terrain),
    /// An element type.
    Element(El),
    /// A disk slot on your animal display (0-based).
    Disk(u8),
    /// Put the new element in an empty space (Adaptation).
    Add,
    /// Remove the element (Autotrophs).
    Remove,
    /// A species from your Gene Pool (Tectonics step 6).
    FromPool,
    /// One of your eliminated species (Tectonics step 6).
    FromBox,
}

/// How a Tectonics is being done.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TectMode {
    /// Basic space: an edge tile; may be forfeited.
    Basic,
    /// Special space: any tile; may be forfeited.
    Special,
    /// Volcanism's first ability: any Seamount.
    Seamount,
    /// Volcanism's second ability: a normal (edge) Tectonics.
    Volcano,
}

/// A pending step.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Frame {
    // ---- setup
    /// Secret trait draft (p.5).
    Draft {
        a: Animal,
    },
    /// Reveal the traits.
    Reveal,
    /// Setup traits: Exaptation's copy, then Pack Hunters.
    SetupTraits,
    /// Pack Hunters' pawns.
    SetupPack,
    /// The five setup cards (events only if the data says so).
    SetupCards,
    /// Pack Hunters: choose a special pawn.
    PackHunters {
        a: Animal,
    },
    /// Exaptation: choose a trait to copy.
    ExaptCopy {
        a: Animal,
    },
    // ---- turn
    /// Place a pawn or retrieve.
    Turn {
        a: Animal,
    },
    /// After a turn: thresholds, then the next turn.
    EndTurn {
        a: Animal,
    },
    /// After a Retrieve: Reseed or the end, Hadopelagic.
    AfterRetrieve {
        a: Animal,
        hadopelagic: bool,
    },
    /// Ancient Lineage: a species on a tile you occupy.
    AncientLineage {
        a: Animal,
    },
    // ---- actions
    Abundance {
        a: Animal,
    },
    AbundanceCorner {
        a: Animal,
        circle: u8,
    },
    Autotrophs {
        a: Animal,
        face: Face,
    },
    AutotrophsHow {
        a: Animal,
        face: Face,
        corner: CornerId,
    },
    Depletion {
        a: Animal,
    },
    Adaptation {
        a: Animal,
        special: bool,
    },
    AdaptationWhere {
        a: Animal,
        circle: u8,
    },
    Regression {
        a: Animal,
    },
    Speciation {
        a: Animal,
        circle: Option<u8>,
    },
    Speciate {
        a: Animal,
        corner: CornerId,
        left: [u8; 3],
        credited: u8,
    },
    Wanderlust {
        a: Animal,
        special: bool,
    },
    WanderHex {
        a: Animal,
        terrain: Terrain,
    },
    WanderElement {
        a: Animal,
        hex: HexId,
    },
    WanderCorner {
        a: Animal,
        hex: HexId,
        circle: u8,
    },
    WanderScore {
        a: Animal,
        hex: HexId,
    },
    WanderMove {
        a: Animal,
        hex: HexId,
    },
    Camouflage {
        a: Animal,
        hex: HexId,
    },
    Tectonics {
        a: Animal,
        mode: TectMode,
    },
    TectFace {
        a: Animal,
        hex: HexId,
    },
    TectAfter {
        a: Animal,
        hex: HexId,
    },
    TectSpecies {
        a: Animal,
        hex: HexId,
    },
    Migration {
        a: Animal,
        left: u8,
        /// True once a species has migrated: the action is under way.
        started: bool,
    },
    Competition {
        a: Animal,
        terrain: Option<Terrain>,
        n: u8,
    },
    CompSpecial {
        a: Animal,
        second: bool,
    },
    CompElim {
        a: Animal,
        hex: HexId,
        left: u8,
        then_second: bool,
    },
    Evolution {
        a: Animal,
        terrain: Option<Terrain>,
        slot: u8,
    },
    EvoCard {
        a: Animal,
        max_slot: u8,
    },
    Domination {
        a: Animal,
    },
    BottomFeeder {
        a: Animal,
    },
    // ---- traits
    NewTrait {
        a: Animal,
        replace: Trait,
    },
    GeneWhich {
        a: Animal,
    },
    // ---- cards
    CardDone {
        a: Animal,
        card: Card,
    },
    AdaptabilityDisk {
        a: Animal,
    },
    AdaptabilityCorner {
        a: Animal,
        disk: u8,
    },
    AsteroidTile {
        a: Animal,
    },
    AsteroidKeep {
        a: Animal,
        hex: HexId,
        left: u8,
        kept: [u8; 4],
    },
    Victims {
        a: Animal,
        mask: u64,
        opposing: bool,
    },
    BountifulTerrain {
        a: Animal,
    },
    CladoSecond {
        a: Animal,
        max_slot: u8,
    },
    Disease {
        a: Animal,
        b: Animal,
    },
    FecundityPick {
        a: Animal,
        mask: u64,
    },
    Fertile {
        a: Animal,
    },
    HabitatRemove {
        a: Animal,
    },
    HabitatType {
        a: Animal,
    },
    HabitatCorner {
        a: Animal,
        el: El,
    },
    ExodusTile {
        a: Animal,
    },
    ExodusMove {
        a: Animal,
        hex: HexId,
    },
    MetaDisk {
        a: Animal,
    },
    MetaType {
        a: Animal,
        disk: u8,
    },
    MonoTile {
        a: Animal,
    },
    NicheFrom {
        a: Animal,
    },
    NicheTo {
        a: Animal,
        from: CornerId,
    },
    OmniTile {
        a: Animal,
    },
    OmniElement {
        a: Animal,
        hex: HexId,
    },
    OmniVictim {
        a: Animal,
        hex: HexId,
    },
    PopTile {
        a: Animal,
    },
    Profligate {
        a: Animal,
        left: u8,
        /// Tiles already credited to Prey Switching (bit per hex).
        credited: u64,
    },
    SolarTile {
        a: Animal,
        x: u8,
    },
    SolarPick {
        a: Animal,
        hex: HexId,
        left: u8,
    },
    TerrType {
        a: Animal,
    },
    TerrCorner {
        a: Animal,
        el: El,
    },
    TerrTile {
        a: Animal,
    },
    TrophicTile {
        a: Animal,
        x: u8,
    },
    TrophicPick {
        a: Animal,
        hex: HexId,
        left: u8,
    },
}

/// Migration "all" marker: no limit on the species moved.
pub(crate) const ALL: u8 = u8::MAX;

impl Frame {
    /// The animal that decides this frame, or `None` for an automatic step.
    pub fn decider(self) -> Option<Animal> {
        use Frame::*;
        match self {
            Reveal
            | SetupTraits
            | SetupPack
            | SetupCards
            | EndTurn { .. }
            | AfterRetrieve { .. }
            | WanderScore { .. }
            | TectAfter { .. }
            | CardDone { .. } => None,
            Disease { b, .. } => Some(b),
            Draft { a }
            | PackHunters { a }
            | ExaptCopy { a }
            | Turn { a }
            | AncientLineage { a }
            | Abundance { a }
            | AbundanceCorner { a, .. }
            | Autotrophs { a, .. }
            | AutotrophsHow { a, .. }
            | Depletion { a }
            | Adaptation { a, .. }
            | AdaptationWhere { a, .. }
            | Regression { a }
            | Speciation { a, .. }
            | Speciate { a, .. }
            | Wanderlust { a, .. }
            | WanderHex { a, .. }
            | WanderElement { a, .. }
            | WanderCorner { a, .. }
            | WanderMove { a, .. }
            | Camouflage { a, .. }
            | Tectonics { a, .. }
            | TectFace { a, .. }
            | TectSpecies { a, .. }
            | Migration { a, .. }
            | Competition { a, .. }
            | CompSpecial { a, .. }
            | CompElim { a, .. }
            | Evolution { a, .. }
            | EvoCard { a, .. }
            | Domination { a }
            | BottomFeeder { a }
            | NewTrait { a, .. }
            | GeneWhich { a }
            | AdaptabilityDisk { a }
            | AdaptabilityCorner { a, .. }
            | AsteroidTile { a }
            | AsteroidKeep { a, .. }
            | Victims { a, .. }
            | BountifulTerrain { a }
            | CladoSecond { a, .. }
            | FecundityPick { a, .. }
            | Fertile { a }
            | HabitatRemove { a }
            | HabitatType { a }
            | HabitatCorner { a, .. }
            | ExodusTile { a }
            | ExodusMove { a, .. }
            | MetaDisk { a }
            | MetaType { a, .. }
            | MonoTile { a }
            | NicheFrom { a }
            | NicheTo { a, .. }
            | OmniTile { a }
            | OmniElement { a, .. }
            | OmniVictim { a, .. }
            | PopTile { a }
            | Profligate { a, .. }
            | SolarTile { a, .. }
            | SolarPick { a, .. }
            | TerrType { a }
            | TerrCorner { a, .. }
            | TerrTile { a }
            | TrophicTile { a, .. }
            | TrophicPick { a, .. } => Some(a),
        }
    }

    /// True for the first decision of an action, where forfeiting is offered.
    pub fn starts_action(self) -> bool {
        use Frame::*;
        matches!(
            self,
            Abundance { .. }
                | Autotrophs { .. }
                | Depletion { .. }
                | Adaptation { .. }
                | Regression { .. }
                | Speciation { .. }
                | Wanderlust { .. }
                | Competition { .. }
                | Evolution { .. }
                | Domination { .. }
                | BottomFeeder { .. }
        ) || matches!(
            self,
            Tectonics {
                mode: TectMode::Basic | TectMode::Special,
                ..
            }
        ) || matches!(self, CompSpecial { second: false, .. })
            || matches!(self, Migration { started: false, .. })
    }

    /// The rule governing this decision, with its rulebook page.
    pub fn rule(self) -> &'static str {
        use Frame::*;
        match self {
            Draft { .. } => "Trait cards (p.5): keep one of your dealt trait cards",
            PackHunters { .. } => "Pack Hunters (p.21): take control of a special pawn not yet controlled",
            ExaptCopy { .. } => "Exaptation (p.21): copy another animal's trait",
            Turn { .. } => "Player turns (p.9): place an available pawn on a legal space, or retrieve",
            AncientLineage { .. } => "Ancient Lineage (p.20): place a species on a tile you occupy, or decline",
            Abundance { .. } => "Abundance (p.11): choose an element of the Abundance section, or forfeit",
            AbundanceCorner { .. } => "Abundance (p.11): place the element on a vacant corner of a tile",
            Autotrophs { .. } => "Autotrophs (p.11): choose an element on a Vent of the pictured face whose removal or swap the Autotrophs Box allows, or forfeit",
            AutotrophsHow { .. } => "Autotrophs (p.11): remove the element (its type is in the Box) or swap it with a Box element",
            Depletion { .. } => "Depletion (p.11): remove an element of a type in the Depletion Box, or forfeit",
            Adaptation { .. } => "Adaptation (p.12): take an element of the Adaptation section (you need an empty space, or the special space and a disk to replace), or forfeit",
            AdaptationWhere { .. } => "Adaptation (p.12): put the element in an empty space or replace one of your disks",
            Regression { .. } => "Regression (p.12): put a Gene Pool cube on a vacant Regression square, or forfeit",
            Speciation { .. } => "Speciation (p.13): choose an element on earth of the space's type (any type on the special space), or forfeit",
            Speciate { .. } => "Speciation (p.13): place a species on a tile around the element, within its limit, or stop",
            Wanderlust { .. } => "Wanderlust (p.13): take the top tile of a stack, or forfeit",
            WanderHex { .. } => "Wanderlust (p.13): place the tile on a vacant hex adjacent to earth",
            WanderElement { .. } => "Wanderlust (p.13): choose a Wanderlust element for the new tile, or skip",
            WanderCorner { .. } => "Wanderlust (p.13): place the element on a vacant corner of the new tile",
            WanderMove { .. } => "Wanderlust (p.13): move your species from adjacent tiles onto the new tile, or stop",
            Camouflage { .. } => "Camouflage (p.20): place a species on the new tile, or decline",
            Tectonics { mode: TectMode::Basic, .. } => "Tectonics (p.14): choose a non-Vent tile on the edge of the grid, or forfeit",
            Tectonics { mode: TectMode::Special, .. } => "Tectonics (p.14): choose any non-Vent tile (special space: it need not be on the edge), or forfeit",
            Tectonics { mode: TectMode::Seamount, .. } => "Volcanism (p.20): choose any Seamount tile without a Vent, on the edge of the grid or not, for a Tectonics (a card effect: no forfeit)",
            Tectonics { mode: TectMode::Volcano, .. } => "Volcanism (p.20): choose a non-Vent tile on the edge of the grid for a normal Tectonics (a card effect: no forfeit)",
            TectFace { .. } => "Tectonics (p.14): on a centermost hex, choose the Vent's face",
            TectSpecies { .. } => "Tectonics (p.14): place a species from your Gene Pool or one of your eliminated species",
            Migration { .. } => "Migration (p.15): move one of your species to an adjacent tile, or stop",
            Competition { .. } => "Competition (p.15): choose a tile of the space's terrain holding your species, or forfeit",
            CompSpecial { .. } => "Competition (p.15): choose a tile holding your species (two at most), or stop",
            CompElim { .. } => "Competition (p.15): eliminate an opposing species on the tile, or stop",
            Evolution { .. } => "Evolution (p.16): choose a tile of the space's terrain to score, or forfeit",
            EvoCard { .. } => "Evolution (p.16): take a face-up card in a slot at or below the space's value",
            Domination { .. } => "Domination (p.17): choose an element type you dominate, or forfeit",
            BottomFeeder { .. } => "Bottom Feeder (p.20): place a species on a bottom-half tile you occupy, or forfeit",
            NewTrait { .. } => "Trait cards (p.19-21): keep one of the trait cards drawn",
            GeneWhich { .. } => "Gene Expression (p.19): choose which of your traits to replace",
            AdaptabilityDisk { .. } => "Adaptability (p.18): choose one of your element disks",
            AdaptabilityCorner { .. } => "Adaptability (p.18): choose an element on earth to swap with",
            AsteroidTile { .. } => "Asteroid (p.18): choose a tile",
            AsteroidKeep { .. } => "Asteroid (p.18): choose whose species survives on the tile",
            Victims { .. } => "Card (p.18-19): choose whose species is eliminated on this tile",
            BountifulTerrain { .. } => "Bountiful Habitat (p.18): choose a terrain type to score",
            CladoSecond { .. } => "Cladogenesis (p.18): choose another face-up card at or below the space's value",
            Disease { .. } => "Disease (p.18): remove one of your added element disks",
            FecundityPick { .. } => "Fecundity (p.19): choose a tile for one of your last species",
            Fertile { .. } => "Fertile (p.19): choose a tile you occupy",
            HabitatRemove { .. } => "Habitat (p.19): remove an element whose special pawn you do not control",
            HabitatType { .. } => "Habitat (p.19): choose an element type of a special pawn you control, from the bag",
            HabitatCorner { .. } => "Habitat (p.19): place the element on a vacant corner",
            ExodusTile { .. } => "Mass Exodus (p.19): choose a tile to empty",
            ExodusMove { .. } => "Mass Exodus (p.19): move a species off the tile to an adjacent tile",
            MetaDisk { .. } => "Metamorphosis (p.19): choose one of your element disks to exchange",
            MetaType { .. } => "Metamorphosis (p.19): choose an element type from the bag",
            MonoTile { .. } => "Monotypic Habitat (p.19): choose a tile",
            NicheFrom { .. } => "Niche Construction (p.19): choose an element on earth to move",
            NicheTo { .. } => "Niche Construction (p.19): choose a vacant corner for it",
            OmniTile { .. } => "Omnivore (p.19): choose a tile you occupy",
            OmniElement { .. } => "Omnivore (p.19): remove an element from the tile",
            OmniVictim { .. } => "Omnivore (p.19): eliminate a species there, opposing if possible",
            PopTile { .. } => "Population Explosion (p.19): choose a tile you occupy",
            Profligate { .. } => "Profligate Carnivore (p.19): eliminate an opposing species anywhere",
            SolarTile { .. } => "Solar Radiation (p.20): choose a tile",
            SolarPick { .. } => "Solar Radiation (p.20): choose a species to return to its Gene Pool",
            TerrType { .. } => "Terrestrial (p.20): choose an element type from the bag",
            TerrCorner { .. } => "Terrestrial (p.20): place it on a vacant corner of a Land or geyser tile",
            TerrTile { .. } => "Terrestrial (p.20): choose a Land or geyser tile for your species",
            TrophicTile { .. } => "Trophic Cascade (p.20): choose a tile",
            TrophicPick { .. } => "Trophic Cascade (p.20): choose an element to remove",
            Reveal | SetupTraits | SetupPack | SetupCards | EndTurn { .. } | AfterRetrieve { .. }
            | WanderScore { .. } | TectAfter { .. } | CardDone { .. } => "automatic step",
        }
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}
