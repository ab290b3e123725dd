//! The compiled component types the rules read: map, rules, groups, cards, tiles, solo.

use crate::types::{Group, Level, Region, Scope};
use serde::Deserialize;

/// Kind of a climate zone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneKind {
    /// Subpolar (rows 1 and 5).
    Subpolar,
    /// Temperate (rows 2 and 4).
    Temperate,
    /// Interior (row 3).
    Interior,
}

/// One climate zone (a row of the map).
#[derive(Clone, Debug)]
pub struct Zone {
    /// Display name.
    pub name: String,
    /// Zone kind.
    pub kind: ZoneKind,
    /// Subcontinent index (0 Laurasia, 1 Interior, 2 Gondwana, in order of first appearance).
    pub subcontinent: u8,
    /// Subcontinent name.
    pub subcontinent_name: String,
}

/// What lies beside a field of the instinct track.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldTile {
    /// The start field: no tile.
    None,
    /// A no-peek field.
    Blind,
    /// A Sector tile.
    Sector,
    /// A Zone tile.
    Zone,
    /// A Cataclysm tile.
    Cataclysm,
}

/// A field of the instinct track.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// The tile beside it.
    pub tile: FieldTile,
    /// Dominance scored on arrival.
    pub dominance: u8,
}

/// Rules constants.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Dominance at the start.
    pub start_dominance: i32,
    /// Adaptation cards drawn per stage.
    pub draw_per_stage: u8,
    /// Inactive-zone adaptation card limit.
    pub hand_limit: u8,
    /// Active adaptation card limit.
    pub active_adaptation_limit: u8,
    /// Active evolution card limit.
    pub active_evolution_limit: u8,
    /// Times each action may be taken per stage.
    pub same_action_limit: u8,
    /// Action markers per group.
    pub action_markers: u8,
    /// Objective markers per group.
    pub objective_markers: u8,
    /// AP to remove an Inactive marker.
    pub inactive_removal_cost: u8,
    /// AP to place the solo objective marker.
    pub bearer_cost: u8,
    /// Condition markers (solo).
    pub condition_markers: u8,
    /// Unavailability markers.
    pub unavailability_markers: u8,
    /// Final dominance per surviving animal by niche.
    pub final_points_per_niche: [i32; 3],
    /// Final dominance per surviving animal with the `flat-final` option.
    pub flat_final_points: i32,
    /// Dominance at which the marker flips to its "20" side (display only).
    pub dominance_flip: i32,
}

/// An action of a management-board set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum NeutralAct {
    /// Populate.
    P,
    /// Adapt.
    A,
    /// Plain Migrate.
    M,
    /// Migrate, green arrow.
    Mg,
    /// Migrate, red arrow.
    Mr,
}

impl NeutralAct {
    /// What the management board's symbol does, as a player reads it: "Populate", "Adapt",
    /// "Migrate", "Migrate (green arrow)", "Migrate (red arrow)".
    pub fn name(self) -> &'static str {
        match self {
            NeutralAct::P => "Populate",
            NeutralAct::A => "Adapt",
            NeutralAct::M => "Migrate",
            NeutralAct::Mg => "Migrate (green arrow)",
            NeutralAct::Mr => "Migrate (red arrow)",
        }
    }
}

/// A group's special ability, with its parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ability {
    /// Vertical migration may keep the niche (Synapsids).
    RedArrows,
    /// On winning a contest the player may draw this many adaptation cards (Sauropsida).
    DrawOnWin(u8),
    /// Gain this much AP when an adaptation ability is used (Amphibians).
    ApOnAbility(u8),
    /// Once per stage remove up to `max` animals for `ap` each (Invertebrates).
    Shed {
        /// Most animals removed per use.
        max: u8,
        /// AP per removed animal.
        ap: u8,
    },
}

/// A management board.
#[derive(Clone, Debug)]
pub struct Management {
    /// Adaptation track capacity.
    pub track: u8,
    /// Contest bonus by D6 (index roll - 1).
    pub field: [i32; 6],
    /// Sets by epoch and D6.
    pub sets: [[[NeutralAct; 3]; 6]; 3],
}

/// An animal group's board.
#[derive(Clone, Debug)]
pub struct GroupData {
    /// Id used in files and options.
    pub id: String,
    /// Name.
    pub name: String,
    /// Three-letter short name.
    pub short: String,
    /// Ordinary animal markers.
    pub animals: u8,
    /// Expansiveness.
    pub expansiveness: i32,
    /// AP cost of adapt, populate, migrate, survive.
    pub costs: [u8; 4],
    /// Special ability.
    pub ability: Ability,
    /// Management board for a neutral group.
    pub neutral: Management,
}

/// The contest role an effect applies to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Either role.
    #[default]
    Any,
    /// The arriving animal.
    Attacker,
    /// The animal already there.
    Defender,
}

/// An evolution card effect (one function per kind in `effects.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EvolutionEffect {
    /// +amount Expansiveness in the given role and rows.
    Expansiveness {
        /// Bonus.
        amount: i32,
        /// Contest role.
        #[serde(default)]
        role: Role,
        /// Rows (1-based; empty: all).
        #[serde(default)]
        rows: Vec<u8>,
        /// Which animals.
        #[serde(default)]
        scope: Scope,
    },
    /// The loser of a contest this animal wins is removed.
    Devour {
        /// Contest role.
        #[serde(default)]
        role: Role,
        /// Which animals.
        #[serde(default)]
        scope: Scope,
    },
    /// No hunger cost for these animals.
    HungerExempt {
        /// Rows (1-based; empty: all).
        #[serde(default)]
        rows: Vec<u8>,
        /// Which animals.
        #[serde(default)]
        scope: Scope,
    },
    /// Hunger costs at most this much per region.
    HungerCap {
        /// Cap.
        per_region: u8,
    },
    /// Populate costs less.
    PopulateDiscount {
        /// Discount.
        amount: u8,
        /// Minimum cost.
        min: u8,
    },
    /// Horizontal migration may go one niche up.
    Climb {
        /// Which animals.
        #[serde(default)]
        scope: Scope,
    },
    /// A contest never removes the animal.
    ContestImmune {
        /// Which animals.
        #[serde(default)]
        scope: Scope,
    },
    /// On activation mark up to `count` animals Toxic.
    ToxicOnActivate {
        /// Animals.
        count: u8,
    },
    /// A populated animal may become Toxic.
    ToxicOnPopulate {},
    /// Survive may climb up to `fields`.
    SurviveRange {
        /// Fields.
        fields: u8,
    },
    /// Vertical migration may keep the niche.
    IgnoreRed {
        /// Which animals.
        #[serde(default)]
        scope: Scope,
    },
    /// Niche 0 survives the shockwave and niche-0-only removals at the Doom.
    DoomBurrow {},
    /// The first Populate of a stage places `count` animals.
    MultiPopulate {
        /// Animals.
        count: u8,
    },
    /// Migrate cost for this animal, `per_stage` times a stage.
    CheapMigrate {
        /// AP.
        cost: u8,
        /// Uses per stage.
        per_stage: u8,
        /// Which animals.
        #[serde(default)]
        scope: Scope,
    },
    /// After a Migrate ending in niche 0: a kill contest with another group's animal there.
    Niche0Attack {
        /// Which animals.
        #[serde(default)]
        scope: Scope,
    },
}

/// The kind of an evolution effect, without its parameters: a set of kinds is a `u32` of
/// their [`EffectKind::bit`]s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EffectKind {
    /// [`EvolutionEffect::Expansiveness`].
    Expansiveness,
    /// [`EvolutionEffect::Devour`].
    Devour,
    /// [`EvolutionEffect::HungerExempt`].
    HungerExempt,
    /// [`EvolutionEffect::HungerCap`].
    HungerCap,
    /// [`EvolutionEffect::PopulateDiscount`].
    PopulateDiscount,
    /// [`EvolutionEffect::Climb`].
    Climb,
    /// [`EvolutionEffect::ContestImmune`].
    ContestImmune,
    /// [`EvolutionEffect::ToxicOnActivate`].
    ToxicOnActivate,
    /// [`EvolutionEffect::ToxicOnPopulate`].
    ToxicOnPopulate,
    /// [`EvolutionEffect::SurviveRange`].
    SurviveRange,
    /// [`EvolutionEffect::IgnoreRed`].
    IgnoreRed,
    /// [`EvolutionEffect::DoomBurrow`].
    DoomBurrow,
    /// [`EvolutionEffect::MultiPopulate`].
    MultiPopulate,
    /// [`EvolutionEffect::CheapMigrate`].
    CheapMigrate,
    /// [`EvolutionEffect::Niche0Attack`].
    Niche0Attack,
}

impl EffectKind {
    /// The kind's bit in a set of kinds.
    pub fn bit(self) -> u32 {
        1 << self as u32
    }
}

impl EvolutionEffect {
    /// The effect's kind.
    pub fn kind(&self) -> EffectKind {
        match self {
            EvolutionEffect::Expansiveness { .. } => EffectKind::Expansiveness,
            EvolutionEffect::Devour { .. } => EffectKind::Devour,
            EvolutionEffect::HungerExempt { .. } => EffectKind::HungerExempt,
            EvolutionEffect::HungerCap { .. } => EffectKind::HungerCap,
            EvolutionEffect::PopulateDiscount { .. } => EffectKind::PopulateDiscount,
            EvolutionEffect::Climb { .. } => EffectKind::Climb,
            EvolutionEffect::ContestImmune { .. } => EffectKind::ContestImmune,
            EvolutionEffect::ToxicOnActivate { .. } => EffectKind::ToxicOnActivate,
            EvolutionEffect::ToxicOnPopulate {} => EffectKind::ToxicOnPopulate,
            EvolutionEffect::SurviveRange { .. } => EffectKind::SurviveRange,
            EvolutionEffect::IgnoreRed { .. } => EffectKind::IgnoreRed,
            EvolutionEffect::DoomBurrow {} => EffectKind::DoomBurrow,
            EvolutionEffect::MultiPopulate { .. } => EffectKind::MultiPopulate,
            EvolutionEffect::CheapMigrate { .. } => EffectKind::CheapMigrate,
            EvolutionEffect::Niche0Attack { .. } => EffectKind::Niche0Attack,
        }
    }
}

/// An evolution card.
#[derive(Clone, Debug)]
pub struct EvolutionCard {
    /// Id (`SYN-1`).
    pub id: String,
    /// Owner group.
    pub group: Group,
    /// Name.
    pub name: String,
    /// Activation cost in active adaptation cards.
    pub cost: u8,
    /// A Special Animal card.
    pub special: bool,
    /// Card text.
    pub text: String,
    /// The data marks the card or its text reconstructed (or a ruling's
    /// reading): not from a printed source.
    pub reconstructed: bool,
    /// Effects.
    pub effects: Vec<EvolutionEffect>,
}

/// When an adaptation card's ability may be used.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// During a contest of one of your animals.
    Contest,
    /// On your own turn, before or after your action.
    OwnTurn,
    /// On your own turn or after passing; Recovery also in a contest of your
    /// Inactive animal on any turn (ruling D5).
    AnyTime,
}

/// An adaptation card ability (one function per kind in `effects.rs`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum AdaptationEffect {
    /// +amount in this contest.
    ContestBonus {
        /// Bonus.
        amount: i32,
    },
    /// A losing animal withdraws instead of being removed.
    Escape {},
    /// A niche-0 kill contest started by you.
    Ambush {},
    /// One more step for the animal just migrated.
    ExtraStep {},
    /// The next Migrate ignores red arrows.
    LandBridge {},
    /// The next Populate goes into this niche.
    Nest {
        /// Niche.
        niche: u8,
    },
    /// The next Populate is free.
    FreePopulate {},
    /// Look at one instinct tile.
    Peek {},
    /// Move the instinct marker up.
    Premonition {
        /// Fields.
        fields: u8,
    },
    /// No hunger cost in a chosen region this stage.
    FatReserves {},
    /// Make another group's animal Inactive.
    Parasites {},
    /// Remove all your Inactive markers.
    Recovery {},
    /// Make one of your animals Toxic.
    Venom {},
    /// Draw cards.
    Mutation {
        /// Cards drawn.
        draw: u8,
    },
}

/// An adaptation card design.
#[derive(Clone, Debug)]
pub struct AdaptationCard {
    /// Id (`AD-01`).
    pub id: String,
    /// Name.
    pub name: String,
    /// Copies in the deck.
    pub copies: u8,
    /// Timing.
    pub timing: Timing,
    /// Text.
    pub text: String,
    /// The data marks the card or its text reconstructed (or a ruling's
    /// reading): not from a printed source.
    pub reconstructed: bool,
    /// Ability.
    pub effect: AdaptationEffect,
}

/// An objective requirement (one function per kind in `effects.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ObjKind {
    /// A kill this stage.
    Kill {},
    /// Animals in `count` rows.
    Rows {
        /// Rows.
        count: u8,
    },
    /// Animals in `count` regions.
    Regions {
        /// Regions.
        count: u8,
    },
    /// Hold `niche` in `count` regions.
    NicheRegions {
        /// Niche.
        niche: u8,
        /// Regions.
        count: u8,
    },
    /// Hold `niche` in `count` rows.
    NicheRows {
        /// Niche.
        niche: u8,
        /// Rows.
        count: u8,
    },
    /// Active cards.
    ActiveCards {
        /// Evolution cards.
        evolutions: u8,
        /// Adaptation cards.
        adaptations: u8,
    },
    /// One region with yours and `others` other groups.
    Sympatry {
        /// Other groups.
        others: u8,
    },
    /// High niches in the north and the south.
    Vicariance {
        /// Lowest niche counted.
        min_niche: u8,
        /// Northern rows (1-based).
        north: Vec<u8>,
        /// Southern rows (1-based).
        south: Vec<u8>,
    },
    /// Niches 0, 1 and 2 of one region.
    FullRegion {},
    /// Instinct marker at or above `field`.
    Instinct {
        /// Field.
        field: u8,
    },
    /// Animals on the board.
    Animals {
        /// Animals.
        count: u8,
    },
}

/// An objective tile.
#[derive(Clone, Debug)]
pub struct ObjTile {
    /// Id.
    pub id: String,
    /// Epoch (0-based).
    pub epoch: u8,
    /// Name.
    pub name: String,
    /// First / later reward.
    pub reward: [i32; 2],
    /// Text.
    pub text: String,
    /// The data marks the card or its text reconstructed (or a ruling's
    /// reading): not from a printed source.
    pub reconstructed: bool,
    /// Requirement.
    pub requirement: ObjKind,
}

/// Which status an event sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusKind {
    /// Inactive.
    Inactive,
    /// Toxic.
    Toxic,
}

/// A Turn of the Age effect (one function per kind in `effects.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum AgeEffect {
    /// Free placement in rows.
    FreePlacement {
        /// Rows (1-based).
        rows: Vec<u8>,
    },
    /// Lose a niche-0 animal.
    LoseNiche0 {},
    /// Set a status on animals in rows and niches.
    Status {
        /// Status.
        status: StatusKind,
        /// Rows (1-based; empty: all).
        rows: Vec<u8>,
        /// Niches.
        niches: Vec<u8>,
    },
    /// Draw cards; neutral adapt.
    Draw {
        /// Cards per player.
        count: u8,
        /// Markers per neutral group.
        neutral_adapt: u8,
    },
    /// Forced climb from a niche.
    Climb {
        /// Niche.
        from_niche: u8,
    },
    /// Close a region.
    CloseRegion {
        /// Region id.
        region: String,
    },
    /// Remove animals in rows and niches.
    Remove {
        /// Rows (1-based; empty: all).
        rows: Vec<u8>,
        /// Niches.
        niches: Vec<u8>,
    },
    /// Remove one animal or lose dominance.
    Toll {
        /// Dominance.
        dominance: i32,
    },
    /// A free Migrate each.
    FreeMigrate {},
    /// Neutral Populate, then a free Populate each.
    PopulationBoom {},
    /// Remove niches around a drawn region.
    Wildfire {
        /// Niches.
        niches: Vec<u8>,
    },
}

/// Which transition a Turn of the Age card belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum AgeBack {
    /// Cisuralian–Guadalupian.
    CG,
    /// Guadalupian–Lopingian.
    GL,
    /// Solo.
    SOLO,
}

/// A Turn of the Age card.
#[derive(Clone, Debug)]
pub struct AgeCard {
    /// Id.
    pub id: String,
    /// Back.
    pub back: AgeBack,
    /// Name.
    pub name: String,
    /// Text.
    pub text: String,
    /// The data marks the card or its text reconstructed (or a ruling's
    /// reading): not from a printed source.
    pub reconstructed: bool,
    /// Effect (with region ids resolved).
    pub effect: AgeEffect,
    /// The region of `close_region`.
    pub region: Region,
}

/// A cataclysm effect (one function per kind in `effects.rs`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CataEffect {
    /// Remove at `level` in the rows of the mask.
    Rows {
        /// Row bit mask (bit 0 = row 1).
        rows: u8,
        /// Level.
        level: Level,
    },
    /// The epicentre's subcontinent at `hit`, the others at `elsewhere`.
    Subcontinent {
        /// Level on the struck subcontinent.
        hit: Level,
        /// Level elsewhere.
        elsewhere: Level,
    },
    /// The epicentre's row and column at `level`, the shockwave extension at `extension`.
    Cross {
        /// Level in the cross.
        level: Level,
        /// Level in the extension.
        extension: Level,
    },
}

/// A cataclysm tile.
#[derive(Clone, Debug)]
pub struct Cataclysm {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Text.
    pub text: String,
    /// The data marks the card or its text reconstructed (or a ruling's
    /// reading): not from a printed source.
    pub reconstructed: bool,
    /// Effects in order.
    pub effects: Vec<CataEffect>,
}

/// When the solo bearer places a condition marker.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoloTrigger {
    /// Migrates into a climate zone without a condition marker.
    MigrateNewRow,
    /// Migrates into a niche 2 without a condition marker.
    MigrateNiche2,
    /// Wins a contest against a neutral animal.
    WinVsNeutral,
    /// Migrates into a region and causes hunger there.
    MigrateCausingHunger,
}

/// What the solo condition markers must show.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SoloGoal {
    /// Markers in `count` rows.
    Rows {
        /// Rows.
        count: u8,
    },
    /// Niche-2 markers in `sectors` sectors of one row.
    Niche2Row {
        /// Sectors.
        sectors: u8,
    },
    /// Markers in `count` regions.
    Regions {
        /// Regions.
        count: u8,
    },
}

/// A group's Game End Condition.
#[derive(Clone, Debug)]
pub struct SoloCondition {
    /// Text.
    pub text: String,
    /// Trigger.
    pub trigger: SoloTrigger,
    /// Goal.
    pub goal: SoloGoal,
    /// Animals needed at the end.
    pub min_animals: u8,
}
