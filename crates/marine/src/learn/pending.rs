//! The pending decision as the observation reads it: the one-hot of its
//! kind ([`DECISION_KINDS`]) and every field the step on top of the stack
//! carries ([`Pending`]), for the `pending_*` sections of
//! [`super::observation_layout`].

use crate::decision::{Decision, TectonicsMode, ALL};
use crate::state::ANIMALS;
use crate::types::{Animal, Element, Face, Terrain, Trait};
use eons_core::{CornerId, HexId};

/// The names of the pending decisions one-hot encoded in the
/// `pending_kind` section, in its order: every [`Decision`] a seat decides
/// (the automatic steps, never on top when a seat decides, are left out).
pub const DECISION_KINDS: [&str; 66] = [
    "Draft",
    "PackHunters",
    "ExaptationCopy",
    "Turn",
    "AncientLineage",
    "Abundance",
    "AbundanceCorner",
    "Autotrophs",
    "AutotrophsHow",
    "Depletion",
    "Adaptation",
    "AdaptationWhere",
    "Regression",
    "Speciation",
    "Speciate",
    "Wanderlust",
    "WanderlustHex",
    "WanderlustElement",
    "WanderlustCorner",
    "WanderlustMove",
    "Camouflage",
    "Tectonics",
    "TectonicsFace",
    "TectonicsSpecies",
    "Migration",
    "Competition",
    "CompetitionSpecial",
    "CompetitionEliminate",
    "Evolution",
    "EvolutionCard",
    "Domination",
    "BottomFeeder",
    "NewTrait",
    "GeneWhich",
    "AdaptabilityDisk",
    "AdaptabilityCorner",
    "AsteroidTile",
    "AsteroidKeep",
    "Victims",
    "BountifulTerrain",
    "CladogenesisSecond",
    "Disease",
    "FecundityPick",
    "Fertile",
    "HabitatRemove",
    "HabitatType",
    "HabitatCorner",
    "MassExodusTile",
    "MassExodusMove",
    "MetamorphosisDisk",
    "MetamorphosisType",
    "MonotypicTile",
    "NicheFrom",
    "NicheTo",
    "OmnivoreTile",
    "OmnivoreElement",
    "OmnivoreVictim",
    "PopulationExplosionTile",
    "ProfligateCarnivore",
    "SolarTile",
    "SolarPick",
    "TerrestrialType",
    "TerrestrialCorner",
    "TerrestrialTile",
    "TrophicTile",
    "TrophicPick",
];

/// Values of the `pending_numbers` section.
pub(super) const PENDING_NUMBERS: usize = 16;
/// Values of the `pending_flags` section.
pub(super) const PENDING_FLAGS: usize = 5;

/// What the step on top of the stack is about, for the `pending_*` sections.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Pending {
    /// The index in [`DECISION_KINDS`] (None: an automatic step).
    pub(super) kind: Option<usize>,
    /// The animal the step belongs to (its `a`).
    pub(super) animal: Option<Animal>,
    /// The tile it is about.
    pub(super) hex: Option<HexId>,
    /// A set of tiles, a bit per hex id.
    pub(super) hexes: u64,
    /// The corner it is about.
    pub(super) corner: Option<CornerId>,
    /// The element circle it uses.
    pub(super) circle: Option<u8>,
    /// The terrain it is about.
    pub(super) terrain: Option<Terrain>,
    /// The element type it places.
    pub(super) element: Option<Element>,
    /// The Vent face of the Autotrophs space.
    pub(super) face: Option<Face>,
    /// The trait a new trait card replaces.
    pub(super) replace: Option<Trait>,
    /// How a Tectonics is done.
    pub(super) mode: Option<TectonicsMode>,
    /// The disk slot it works with.
    pub(super) disk: Option<u8>,
    /// The `pending_numbers` values (indices `N_*`).
    pub(super) numbers: [u8; PENDING_NUMBERS],
    /// The `pending_flags` values, in their documented order.
    pub(super) flags: [bool; PENDING_FLAGS],
}

/// Index of "species or eliminations left" in `pending_numbers`.
const N_LEFT: usize = 0;
/// Index of "Migration moves any number".
const N_UNLIMITED: usize = 1;
/// Index of Competition's eliminations per tile.
const N_PER_TILE: usize = 2;
/// Index of Solar Radiation's or Trophic Cascade's X.
const N_X: usize = 3;
/// Index of the Evolution space's highest slot.
const N_SLOT: usize = 4;
/// Index of the highest slot a card may be taken from.
const N_MAX_SLOT: usize = 5;
/// Index of Speciation's first "left" value.
const N_SPECIATE_LEFT: usize = 6;
/// Index of Speciation's first "credited" flag.
const N_SPECIATE_CREDITED: usize = 9;
/// Index of the Asteroid's first "kept" value.
const N_KEPT: usize = 12;
/// Index of the flag "a special space's action" in `pending_flags`.
const F_SPECIAL: usize = 0;
/// Index of the flag "a Migration under way".
const F_STARTED: usize = 1;
/// Index of the flag "Competition's second special tile".
const F_SECOND: usize = 2;
/// Index of the flag "a second tile follows this elimination".
const F_THEN_SECOND: usize = 3;
/// Index of the flag "Victims among opposing species only".
const F_OPPOSING: usize = 4;

impl Pending {
    /// Reads a frame (every field it carries).
    pub(super) fn of(f: Decision) -> Pending {
        use Decision::*;
        let mut p = Pending {
            kind: decision_kind(f),
            animal: f.decider(),
            ..Pending::default()
        };
        match f {
            Draft { .. }
            | Reveal
            | SetupTraits
            | SetupPack
            | SetupCards
            | PackHunters { .. }
            | ExaptationCopy { .. }
            | Turn { .. }
            | EndTurn { .. }
            | AncientLineage { .. }
            | Abundance { .. }
            | Depletion { .. }
            | Regression { .. }
            | Domination { .. }
            | BottomFeeder { .. }
            | GeneWhich { .. }
            | AdaptabilityDisk { .. }
            | AsteroidTile { .. }
            | BountifulTerrain { .. }
            | Fertile { .. }
            | HabitatRemove { .. }
            | HabitatType { .. }
            | MassExodusTile { .. }
            | MetamorphosisDisk { .. }
            | MonotypicTile { .. }
            | NicheFrom { .. }
            | OmnivoreTile { .. }
            | PopulationExplosionTile { .. }
            | TerrestrialType { .. }
            | TerrestrialTile { .. } => {}
            AfterRetrieve { a, .. } | CardDone { a, .. } => p.animal = Some(a),
            AbundanceCorner { circle, .. }
            | AdaptationWhere { circle, .. }
            | Speciation {
                circle: Some(circle),
                ..
            } => p.circle = Some(circle),
            Speciation { circle: None, .. } => {}
            Autotrophs { face, .. } => p.face = Some(face),
            AutotrophsHow { face, corner, .. } => {
                p.face = Some(face);
                p.corner = Some(corner);
            }
            Adaptation { special, .. } | Wanderlust { special, .. } => p.flags[F_SPECIAL] = special,
            Speciate {
                corner,
                left,
                credited,
                ..
            } => {
                p.corner = Some(corner);
                for k in 0..3 {
                    p.numbers[N_SPECIATE_LEFT + k] = left[k];
                    p.numbers[N_SPECIATE_CREDITED + k] = (credited >> k) & 1;
                }
            }
            WanderlustHex { terrain, .. } => p.terrain = Some(terrain),
            WanderlustElement { hex, .. }
            | WanderlustScore { hex, .. }
            | WanderlustMove { hex, .. }
            | Camouflage { hex, .. }
            | TectonicsFace { hex, .. }
            | TectonicsAfter { hex, .. }
            | TectonicsSpecies { hex, .. }
            | MassExodusMove { hex, .. }
            | OmnivoreElement { hex, .. }
            | OmnivoreVictim { hex, .. } => p.hex = Some(hex),
            WanderlustCorner { hex, circle, .. } => {
                p.hex = Some(hex);
                p.circle = Some(circle);
            }
            Tectonics { mode, .. } => p.mode = Some(mode),
            Migration { left, started, .. } => {
                if left == ALL {
                    p.numbers[N_UNLIMITED] = 1;
                } else {
                    p.numbers[N_LEFT] = left;
                }
                p.flags[F_STARTED] = started;
            }
            Competition { terrain, n, .. } => {
                p.terrain = terrain;
                p.numbers[N_PER_TILE] = n;
            }
            CompetitionSpecial { second, .. } => p.flags[F_SECOND] = second,
            CompetitionEliminate {
                hex,
                left,
                then_second,
                ..
            } => {
                p.hex = Some(hex);
                p.numbers[N_LEFT] = left;
                p.flags[F_THEN_SECOND] = then_second;
            }
            Evolution { terrain, slot, .. } => {
                p.terrain = terrain;
                p.numbers[N_SLOT] = slot;
            }
            EvolutionCard { max_slot, .. } | CladogenesisSecond { max_slot, .. } => {
                p.numbers[N_MAX_SLOT] = max_slot
            }
            NewTrait { replace, .. } => p.replace = Some(replace),
            AdaptabilityCorner { disk, .. } | MetamorphosisType { disk, .. } => p.disk = Some(disk),
            AsteroidKeep {
                hex, left, kept, ..
            } => {
                p.hex = Some(hex);
                p.numbers[N_LEFT] = left;
                p.numbers[N_KEPT..N_KEPT + ANIMALS].copy_from_slice(&kept);
            }
            Victims { mask, opposing, .. } => {
                p.hexes = mask;
                p.flags[F_OPPOSING] = opposing;
            }
            Disease { a, .. } => p.animal = Some(a),
            FecundityPick { mask, .. } => p.hexes = mask,
            HabitatCorner { el, .. } | TerrestrialCorner { el, .. } => p.element = Some(el),
            NicheTo { from, .. } => p.corner = Some(from),
            ProfligateCarnivore { left, credited, .. } => {
                p.numbers[N_LEFT] = left;
                p.hexes = credited;
            }
            SolarTile { x, .. } | TrophicTile { x, .. } => p.numbers[N_X] = x,
            SolarPick { hex, left, .. } | TrophicPick { hex, left, .. } => {
                p.hex = Some(hex);
                p.numbers[N_LEFT] = left;
            }
        }
        p
    }
}

/// The index of a decision in [`DECISION_KINDS`], or `None` for an
/// automatic step.
fn decision_kind(f: Decision) -> Option<usize> {
    use Decision::*;
    let k = match f {
        Reveal
        | SetupTraits
        | SetupPack
        | SetupCards
        | EndTurn { .. }
        | AfterRetrieve { .. }
        | WanderlustScore { .. }
        | TectonicsAfter { .. }
        | CardDone { .. } => return None,
        Draft { .. } => 0,
        PackHunters { .. } => 1,
        ExaptationCopy { .. } => 2,
        Turn { .. } => 3,
        AncientLineage { .. } => 4,
        Abundance { .. } => 5,
        AbundanceCorner { .. } => 6,
        Autotrophs { .. } => 7,
        AutotrophsHow { .. } => 8,
        Depletion { .. } => 9,
        Adaptation { .. } => 10,
        AdaptationWhere { .. } => 11,
        Regression { .. } => 12,
        Speciation { .. } => 13,
        Speciate { .. } => 14,
        Wanderlust { .. } => 15,
        WanderlustHex { .. } => 16,
        WanderlustElement { .. } => 17,
        WanderlustCorner { .. } => 18,
        WanderlustMove { .. } => 19,
        Camouflage { .. } => 20,
        Tectonics { .. } => 21,
        TectonicsFace { .. } => 22,
        TectonicsSpecies { .. } => 23,
        Migration { .. } => 24,
        Competition { .. } => 25,
        CompetitionSpecial { .. } => 26,
        CompetitionEliminate { .. } => 27,
        Evolution { .. } => 28,
        EvolutionCard { .. } => 29,
        Domination { .. } => 30,
        BottomFeeder { .. } => 31,
        NewTrait { .. } => 32,
        GeneWhich { .. } => 33,
        AdaptabilityDisk { .. } => 34,
        AdaptabilityCorner { .. } => 35,
        AsteroidTile { .. } => 36,
        AsteroidKeep { .. } => 37,
        Victims { .. } => 38,
        BountifulTerrain { .. } => 39,
        CladogenesisSecond { .. } => 40,
        Disease { .. } => 41,
        FecundityPick { .. } => 42,
        Fertile { .. } => 43,
        HabitatRemove { .. } => 44,
        HabitatType { .. } => 45,
        HabitatCorner { .. } => 46,
        MassExodusTile { .. } => 47,
        MassExodusMove { .. } => 48,
        MetamorphosisDisk { .. } => 49,
        MetamorphosisType { .. } => 50,
        MonotypicTile { .. } => 51,
        NicheFrom { .. } => 52,
        NicheTo { .. } => 53,
        OmnivoreTile { .. } => 54,
        OmnivoreElement { .. } => 55,
        OmnivoreVictim { .. } => 56,
        PopulationExplosionTile { .. } => 57,
        ProfligateCarnivore { .. } => 58,
        SolarTile { .. } => 59,
        SolarPick { .. } => 60,
        TerrestrialType { .. } => 61,
        TerrestrialCorner { .. } => 62,
        TerrestrialTile { .. } => 63,
        TrophicTile { .. } => 64,
        TrophicPick { .. } => 65,
    };
    Some(k)
}
