//! The decision model's vocabulary: the atomic [`Choice`]s a player makes and
//! the pending steps ([`Decision`]s) the state keeps on its stack, with the rule
//! text of each decision. Plain data: no game logic.

use crate::types::{Animal, Card, Element, Face, Space, Terrain, Trait};
use eons_core::{CornerId, HexId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One atomic decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// A trait card: to keep (draft, Gene Expression, Exaptation), to copy, or to replace.
    Trait(Trait),
    /// A special pawn (Pack Hunters).
    Pawn(Element),
    /// Place a pawn on a space (a display space or a Bottom Feeder personal space):
    /// a basic pawn, or the special pawn of an element type.
    Place {
        /// The space.
        space: Space,
        /// The special pawn, or `None` for a basic pawn.
        special: Option<Element>,
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
    Element(Element),
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
pub enum TectonicsMode {
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
pub enum Decision {
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
    #[serde(rename = "ExaptCopy")]
    ExaptationCopy {
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
    #[serde(rename = "WanderHex")]
    WanderlustHex {
        a: Animal,
        terrain: Terrain,
    },
    #[serde(rename = "WanderElement")]
    WanderlustElement {
        a: Animal,
        hex: HexId,
    },
    #[serde(rename = "WanderCorner")]
    WanderlustCorner {
        a: Animal,
        hex: HexId,
        circle: u8,
    },
    #[serde(rename = "WanderScore")]
    WanderlustScore {
        a: Animal,
        hex: HexId,
    },
    #[serde(rename = "WanderMove")]
    WanderlustMove {
        a: Animal,
        hex: HexId,
    },
    Camouflage {
        a: Animal,
        hex: HexId,
    },
    Tectonics {
        a: Animal,
        mode: TectonicsMode,
    },
    #[serde(rename = "TectFace")]
    TectonicsFace {
        a: Animal,
        hex: HexId,
    },
    #[serde(rename = "TectAfter")]
    TectonicsAfter {
        a: Animal,
        hex: HexId,
    },
    #[serde(rename = "TectSpecies")]
    TectonicsSpecies {
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
    #[serde(rename = "CompSpecial")]
    CompetitionSpecial {
        a: Animal,
        second: bool,
    },
    #[serde(rename = "CompElim")]
    CompetitionEliminate {
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
    #[serde(rename = "EvoCard")]
    EvolutionCard {
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
    #[serde(rename = "CladoSecond")]
    CladogenesisSecond {
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
        el: Element,
    },
    #[serde(rename = "ExodusTile")]
    MassExodusTile {
        a: Animal,
    },
    #[serde(rename = "ExodusMove")]
    MassExodusMove {
        a: Animal,
        hex: HexId,
    },
    #[serde(rename = "MetaDisk")]
    MetamorphosisDisk {
        a: Animal,
    },
    #[serde(rename = "MetaType")]
    MetamorphosisType {
        a: Animal,
        disk: u8,
    },
    #[serde(rename = "MonoTile")]
    MonotypicTile {
        a: Animal,
    },
    NicheFrom {
        a: Animal,
    },
    NicheTo {
        a: Animal,
        from: CornerId,
    },
    #[serde(rename = "OmniTile")]
    OmnivoreTile {
        a: Animal,
    },
    #[serde(rename = "OmniElement")]
    OmnivoreElement {
        a: Animal,
        hex: HexId,
    },
    #[serde(rename = "OmniVictim")]
    OmnivoreVictim {
        a: Animal,
        hex: HexId,
    },
    #[serde(rename = "PopTile")]
    PopulationExplosionTile {
        a: Animal,
    },
    #[serde(rename = "Profligate")]
    ProfligateCarnivore {
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
    #[serde(rename = "TerrType")]
    TerrestrialType {
        a: Animal,
    },
    #[serde(rename = "TerrCorner")]
    TerrestrialCorner {
        a: Animal,
        el: Element,
    },
    #[serde(rename = "TerrTile")]
    TerrestrialTile {
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

/// The rule text of an automatic step (never offered to a player).
pub(crate) const AUTOMATIC: &str = "automatic step";

/// Migration "all" marker: no limit on the species moved.
pub(crate) const ALL: u8 = u8::MAX;

impl Decision {
    /// The animal that decides this frame, or `None` for an automatic step.
    pub fn decider(self) -> Option<Animal> {
        use Decision::*;
        match self {
            Reveal
            | SetupTraits
            | SetupPack
            | SetupCards
            | EndTurn { .. }
            | AfterRetrieve { .. }
            | WanderlustScore { .. }
            | TectonicsAfter { .. }
            | CardDone { .. } => None,
            Disease { b, .. } => Some(b),
            Draft { a }
            | PackHunters { a }
            | ExaptationCopy { a }
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
            | WanderlustHex { a, .. }
            | WanderlustElement { a, .. }
            | WanderlustCorner { a, .. }
            | WanderlustMove { a, .. }
            | Camouflage { a, .. }
            | Tectonics { a, .. }
            | TectonicsFace { a, .. }
            | TectonicsSpecies { a, .. }
            | Migration { a, .. }
            | Competition { a, .. }
            | CompetitionSpecial { a, .. }
            | CompetitionEliminate { a, .. }
            | Evolution { a, .. }
            | EvolutionCard { a, .. }
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
            | CladogenesisSecond { a, .. }
            | FecundityPick { a, .. }
            | Fertile { a }
            | HabitatRemove { a }
            | HabitatType { a }
            | HabitatCorner { a, .. }
            | MassExodusTile { a }
            | MassExodusMove { a, .. }
            | MetamorphosisDisk { a }
            | MetamorphosisType { a, .. }
            | MonotypicTile { a }
            | NicheFrom { a }
            | NicheTo { a, .. }
            | OmnivoreTile { a }
            | OmnivoreElement { a, .. }
            | OmnivoreVictim { a, .. }
            | PopulationExplosionTile { a }
            | ProfligateCarnivore { a, .. }
            | SolarTile { a, .. }
            | SolarPick { a, .. }
            | TerrestrialType { a }
            | TerrestrialCorner { a, .. }
            | TerrestrialTile { a }
            | TrophicTile { a, .. }
            | TrophicPick { a, .. } => Some(a),
        }
    }

    /// True for the first decision of an action, where forfeiting is offered.
    pub fn starts_action(self) -> bool {
        use Decision::*;
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
                mode: TectonicsMode::Basic | TectonicsMode::Special,
                ..
            }
        ) || matches!(self, CompetitionSpecial { second: false, .. })
            || matches!(self, Migration { started: false, .. })
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}
