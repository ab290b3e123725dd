//! Component data: every table, map value and card of Pangea, read from the TOML files in
//! `data/pangea/` (embedded with `include_str!`), checked once at start-up and kept in a
//! [`OnceLock`]. A malformed file gives a [`DataError`] naming the file and the field, so a
//! player who owns the game can replace a reconstructed value or card text with the printed one.

use crate::types::{Group, Level, Scope, NICHES, REGIONS, ROWS, SECTORS};
use serde::Deserialize;
use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;

/// The embedded data files, by name.
pub const FILES: [(&str, &str); 8] = [
    (
        "board.toml",
        include_str!("../../../data/pangea/board.toml"),
    ),
    (
        "groups.toml",
        include_str!("../../../data/pangea/groups.toml"),
    ),
    (
        "evolution.toml",
        include_str!("../../../data/pangea/evolution.toml"),
    ),
    (
        "adaptation.toml",
        include_str!("../../../data/pangea/adaptation.toml"),
    ),
    (
        "objectives.toml",
        include_str!("../../../data/pangea/objectives.toml"),
    ),
    ("ages.toml", include_str!("../../../data/pangea/ages.toml")),
    ("doom.toml", include_str!("../../../data/pangea/doom.toml")),
    ("solo.toml", include_str!("../../../data/pangea/solo.toml")),
];

/// A data file that does not describe a playable game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DataError {
    /// The file, e.g. `board.toml`.
    pub file: String,
    /// The field, e.g. `region B3: food`.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "data/pangea/{}: {}: {}",
            self.file, self.field, self.message
        )
    }
}

fn err(file: &str, field: impl Into<String>, message: impl Into<String>) -> DataError {
    DataError {
        file: file.to_string(),
        field: field.into(),
        message: message.into(),
    }
}

/// The parsed and checked data, or why it could not be read. Parsed once.
pub fn data() -> Result<&'static Data, DataError> {
    static DATA: OnceLock<Result<Data, DataError>> = OnceLock::new();
    DATA.get_or_init(|| parse(&FILES))
        .as_ref()
        .map_err(|e| e.clone())
}

// ---------------------------------------------------------------------------------------------
// Compiled data
// ---------------------------------------------------------------------------------------------

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
pub enum EvoEffect {
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

/// An evolution card.
#[derive(Clone, Debug)]
pub struct EvoCard {
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
    /// Effects.
    pub effects: Vec<EvoEffect>,
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
pub enum AdaptEffect {
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
    /// The next Populate costs 0 AP.
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
pub struct AdaptCard {
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
    /// Ability.
    pub effect: AdaptEffect,
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
    /// Effect (with region ids resolved).
    pub effect: AgeEffect,
    /// The region of `close_region`.
    pub region: u8,
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

/// All of Pangea's component data.
#[derive(Clone, Debug)]
pub struct Data {
    /// Epoch names.
    pub epoch_names: [String; 3],
    /// Stages per epoch.
    pub stages: [u8; 3],
    /// AP per epoch.
    pub ap: [u8; 3],
    /// Objective tiles on the board per epoch.
    pub objective_tiles: [u8; 3],
    /// Names of the 9 stages.
    pub stage_names: Vec<String>,
    /// Rules constants.
    pub rules: Rules,
    /// Zones by row.
    pub zones: Vec<Zone>,
    /// Food per region per epoch.
    pub food: [[u8; 3]; REGIONS],
    /// `red[region][dir]`: the border in that direction is red (dirs: left, right, up, down).
    pub red: [[bool; 4]; REGIONS],
    /// Regions closed with fewer than 4 players (bit mask).
    pub closed_fewer: u32,
    /// Region cards at the start (bit mask).
    pub cards_start: u32,
    /// Region cards added at the first Turn of the Ages (bit mask).
    pub cards_later: u32,
    /// The instinct track.
    pub instinct: Vec<Field>,
    /// Level of the epicentre step.
    pub doom_epicentre: Level,
    /// Level of the shockwave step.
    pub doom_shockwave: Level,
    /// Groups in [`Group`] order.
    pub groups: Vec<GroupData>,
    /// Evolution cards; `evo[g * 4 + k]` is group g's k-th card.
    pub evo: Vec<EvoCard>,
    /// Adaptation card designs.
    pub adapt: Vec<AdaptCard>,
    /// Objective tiles.
    pub objectives: Vec<ObjTile>,
    /// Turn of the Age cards.
    pub ages: Vec<AgeCard>,
    /// Cataclysms.
    pub cataclysms: Vec<Cataclysm>,
    /// Solo conditions in [`Group`] order.
    pub conditions: Vec<SoloCondition>,
    /// Solo rating bands (minimum score, name), ascending.
    pub ratings: Vec<(i32, String)>,
}

impl Data {
    /// The group's board.
    pub fn group(&self, g: Group) -> &GroupData {
        &self.groups[g as usize]
    }
    /// Group g's k-th evolution card.
    pub fn evo_card(&self, g: Group, k: u8) -> &EvoCard {
        &self.evo[g as usize * 4 + k as usize]
    }
    /// The epoch of a stage (0-based).
    pub fn epoch_of(&self, stage: u8) -> u8 {
        let mut s = stage;
        for (e, &n) in self.stages.iter().enumerate() {
            if s < n {
                return e as u8;
            }
            s -= n;
        }
        2
    }
    /// Index of the first stage of an epoch.
    pub fn first_stage(&self, epoch: u8) -> u8 {
        self.stages[..epoch as usize].iter().sum()
    }
    /// Total stages.
    pub fn total_stages(&self) -> u8 {
        self.stages.iter().sum()
    }
    /// The highest instinct field.
    pub fn top_field(&self) -> u8 {
        (self.instinct.len() - 1) as u8
    }
}

// ---------------------------------------------------------------------------------------------
// Raw file structure
// ---------------------------------------------------------------------------------------------

const STATUSES: [&str; 4] = ["stated", "derived", "reconstructed", "ruling"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    epochs: RawEpochs,
    rules: RawRules,
    zone: Vec<RawZone>,
    region: Vec<RawRegion>,
    borders: RawBorders,
    fewer_players: RawFewer,
    instinct: RawInstinct,
    doom: RawDoom,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEpochs {
    names: Vec<String>,
    names_status: String,
    stages: Vec<u8>,
    stages_status: String,
    action_points: Vec<u8>,
    action_points_status: String,
    objective_tiles: Vec<u8>,
    objective_tiles_status: String,
    stage_names: Vec<String>,
    stage_names_status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    start_dominance: i32,
    start_dominance_status: String,
    draw_per_stage: u8,
    draw_per_stage_status: String,
    hand_limit: u8,
    hand_limit_status: String,
    active_adaptation_limit: u8,
    active_adaptation_limit_status: String,
    active_evolution_limit: u8,
    active_evolution_limit_status: String,
    same_action_limit: u8,
    same_action_limit_status: String,
    action_markers: u8,
    action_markers_status: String,
    objective_markers: u8,
    objective_markers_status: String,
    inactive_removal_cost: u8,
    inactive_removal_cost_status: String,
    bearer_cost: u8,
    bearer_cost_status: String,
    condition_markers: u8,
    condition_markers_status: String,
    unavailability_markers: u8,
    unavailability_markers_status: String,
    final_points_per_niche: Vec<i32>,
    final_points_per_niche_status: String,
    flat_final_points: i32,
    flat_final_points_status: String,
    dominance_flip: i32,
    dominance_flip_status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawZone {
    row: u8,
    name: String,
    kind: ZoneKind,
    subcontinent: String,
    status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRegion {
    id: String,
    food: Vec<u8>,
    status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBorders {
    status: String,
    white: Vec<String>,
    red: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFewer {
    closed: Vec<String>,
    closed_status: String,
    region_cards_start: Vec<String>,
    region_cards_later: Vec<String>,
    region_cards_status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInstinct {
    status: String,
    fields: Vec<Field>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDoom {
    epicentre: Level,
    epicentre_status: String,
    shockwave: Level,
    shockwave_status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroups {
    group: Vec<RawGroup>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    id: String,
    name: String,
    short: String,
    animals: u8,
    animals_status: String,
    expansiveness: i32,
    expansiveness_status: String,
    costs: Vec<u8>,
    costs_status: String,
    ability: String,
    ability_status: String,
    #[serde(default)]
    draw_on_win: Option<u8>,
    #[serde(default)]
    ap_on_ability: Option<u8>,
    #[serde(default)]
    shed_max: Option<u8>,
    #[serde(default)]
    shed_ap: Option<u8>,
    neutral: RawNeutral,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNeutral {
    status: String,
    adaptation_track: u8,
    adaptation_field: Vec<i32>,
    sets: Vec<Vec<Vec<NeutralAct>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvoFile {
    card: Vec<RawEvo>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvo {
    id: String,
    group: String,
    name: String,
    cost: u8,
    special: bool,
    status: String,
    text: String,
    effects: Vec<EvoEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdaptFile {
    card: Vec<RawAdapt>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdapt {
    id: String,
    name: String,
    copies: u8,
    timing: Timing,
    status: String,
    text: String,
    effect: AdaptEffect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObjFile {
    tile: Vec<RawObj>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObj {
    id: String,
    epoch: u8,
    name: String,
    reward: Vec<i32>,
    status: String,
    /// The requirement's own status where it differs from the tile's (e.g. a stated tile
    /// whose exact requirement is reconstructed or a ruling).
    #[serde(default)]
    requirement_status: Option<String>,
    text: String,
    requirement: ObjKind,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAgeFile {
    card: Vec<RawAge>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAge {
    id: String,
    back: AgeBack,
    name: String,
    status: String,
    text: String,
    effect: AgeEffect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDoomFile {
    cataclysm: Vec<RawCata>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCata {
    id: String,
    name: String,
    status: String,
    text: String,
    effects: Vec<RawCataEffect>,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum RawCataEffect {
    Rows { rows: Vec<u8>, level: Level },
    Subcontinent { hit: Level, elsewhere: Level },
    Cross { level: Level, extension: Level },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSoloFile {
    condition: Vec<RawCondition>,
    rating: Vec<RawRating>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCondition {
    group: String,
    status: String,
    text: String,
    trigger: SoloTrigger,
    goal: SoloGoal,
    /// The goal's own status where it differs from the condition's (a ruling's reading).
    #[serde(default)]
    goal_status: Option<String>,
    min_animals: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRating {
    min: i32,
    name: String,
    status: String,
}

// ---------------------------------------------------------------------------------------------
// Parsing and checking
// ---------------------------------------------------------------------------------------------

fn file<'a>(files: &'a [(&str, &str)], name: &str) -> Result<&'a str, DataError> {
    files
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| err(name, "(file)", "missing"))
}

fn de<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| {
        let msg = e.message().to_string();
        let field = match e.span() {
            Some(span) => {
                let line = text[..span.start.min(text.len())].lines().count().max(1);
                let key = text
                    .lines()
                    .nth(line - 1)
                    .and_then(|l| l.split('=').next())
                    .map(|k| k.trim().to_string())
                    .unwrap_or_default();
                format!("line {line} ({key})")
            }
            None => "(document)".to_string(),
        };
        err(name, field, msg)
    })
}

fn status(f: &str, field: &str, s: &str) -> Result<(), DataError> {
    if STATUSES.contains(&s) {
        Ok(())
    } else {
        Err(err(
            f,
            field,
            format!("status `{s}` is not one of stated, derived, reconstructed, ruling"),
        ))
    }
}

/// Parses a region id such as `B3`.
pub fn region_id(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_uppercase().checked_sub(b'A')?;
    let row = b[1].checked_sub(b'1')?;
    if (col as usize) < SECTORS && (row as usize) < ROWS {
        Some(row * SECTORS as u8 + col)
    } else {
        None
    }
}

fn regions_mask(f: &str, field: &str, ids: &[String]) -> Result<u32, DataError> {
    let mut m = 0u32;
    for id in ids {
        let r = region_id(id).ok_or_else(|| err(f, field, format!("`{id}` is not a region")))?;
        if m & (1 << r) != 0 {
            return Err(err(f, field, format!("`{id}` is listed twice")));
        }
        m |= 1 << r;
    }
    Ok(m)
}

fn rows_check(f: &str, field: &str, rows: &[u8]) -> Result<(), DataError> {
    for &r in rows {
        if r == 0 || r as usize > ROWS {
            return Err(err(f, field, format!("row {r} is not in 1..=5")));
        }
    }
    Ok(())
}

fn niches_check(f: &str, field: &str, niches: &[u8]) -> Result<(), DataError> {
    for &n in niches {
        if n as usize >= NICHES {
            return Err(err(f, field, format!("niche {n} is not in 0..=2")));
        }
    }
    Ok(())
}

fn arr3<T: Copy>(f: &str, field: &str, v: &[T]) -> Result<[T; 3], DataError> {
    if v.len() != 3 {
        return Err(err(
            f,
            field,
            format!("expected 3 values, found {}", v.len()),
        ));
    }
    Ok([v[0], v[1], v[2]])
}

fn group_id(f: &str, field: &str, s: &str) -> Result<Group, DataError> {
    Group::from_id(s).ok_or_else(|| err(f, field, format!("`{s}` is not a group")))
}

/// Parses and checks a set of data files (`name`, `text`).
pub fn parse(files: &[(&str, &str)]) -> Result<Data, DataError> {
    let bf = "board.toml";
    let board: RawBoard = de(bf, file(files, bf)?)?;

    // Epochs.
    let e = &board.epochs;
    for (n, s) in [
        ("epochs.names_status", &e.names_status),
        ("epochs.stages_status", &e.stages_status),
        ("epochs.action_points_status", &e.action_points_status),
        ("epochs.objective_tiles_status", &e.objective_tiles_status),
        ("epochs.stage_names_status", &e.stage_names_status),
    ] {
        status(bf, n, s)?;
    }
    if e.names.len() != 3 {
        return Err(err(bf, "epochs.names", "expected 3 epochs"));
    }
    let stages = arr3(bf, "epochs.stages", &e.stages)?;
    if stages.contains(&0) {
        return Err(err(bf, "epochs.stages", "every epoch needs a stage"));
    }
    let ap = arr3(bf, "epochs.action_points", &e.action_points)?;
    let objective_tiles = arr3(bf, "epochs.objective_tiles", &e.objective_tiles)?;
    let total: u8 = stages.iter().sum();
    if e.stage_names.len() != total as usize {
        return Err(err(
            bf,
            "epochs.stage_names",
            format!("expected {total} names, one per stage"),
        ));
    }

    // Rules.
    let r = &board.rules;
    for (n, s) in [
        ("rules.start_dominance_status", &r.start_dominance_status),
        ("rules.draw_per_stage_status", &r.draw_per_stage_status),
        ("rules.hand_limit_status", &r.hand_limit_status),
        (
            "rules.active_adaptation_limit_status",
            &r.active_adaptation_limit_status,
        ),
        (
            "rules.active_evolution_limit_status",
            &r.active_evolution_limit_status,
        ),
        (
            "rules.same_action_limit_status",
            &r.same_action_limit_status,
        ),
        ("rules.action_markers_status", &r.action_markers_status),
        (
            "rules.objective_markers_status",
            &r.objective_markers_status,
        ),
        (
            "rules.inactive_removal_cost_status",
            &r.inactive_removal_cost_status,
        ),
        ("rules.bearer_cost_status", &r.bearer_cost_status),
        (
            "rules.condition_markers_status",
            &r.condition_markers_status,
        ),
        (
            "rules.unavailability_markers_status",
            &r.unavailability_markers_status,
        ),
        (
            "rules.final_points_per_niche_status",
            &r.final_points_per_niche_status,
        ),
        (
            "rules.flat_final_points_status",
            &r.flat_final_points_status,
        ),
        ("rules.dominance_flip_status", &r.dominance_flip_status),
    ] {
        status(bf, n, s)?;
    }
    if r.start_dominance < 0 {
        return Err(err(bf, "rules.start_dominance", "must be at least 0"));
    }
    if r.hand_limit == 0 || r.active_adaptation_limit == 0 || r.active_evolution_limit == 0 {
        return Err(err(bf, "rules", "card limits must be at least 1"));
    }
    if r.active_evolution_limit > 4 {
        return Err(err(
            bf,
            "rules.active_evolution_limit",
            "a group has only 4 evolution cards",
        ));
    }
    if r.action_markers == 0 || r.same_action_limit == 0 {
        return Err(err(bf, "rules.action_markers", "must be at least 1"));
    }
    if r.objective_markers == 0 || r.objective_markers > 8 {
        return Err(err(bf, "rules.objective_markers", "must be in 1..=8"));
    }
    if r.unavailability_markers < 5 {
        return Err(err(
            bf,
            "rules.unavailability_markers",
            "at least 5 are needed to close Sector D",
        ));
    }
    let final_points = arr3(
        bf,
        "rules.final_points_per_niche",
        &r.final_points_per_niche,
    )?;
    let rules = Rules {
        start_dominance: r.start_dominance,
        draw_per_stage: r.draw_per_stage,
        hand_limit: r.hand_limit,
        active_adaptation_limit: r.active_adaptation_limit,
        active_evolution_limit: r.active_evolution_limit,
        same_action_limit: r.same_action_limit,
        action_markers: r.action_markers,
        objective_markers: r.objective_markers,
        inactive_removal_cost: r.inactive_removal_cost,
        bearer_cost: r.bearer_cost,
        condition_markers: r.condition_markers,
        unavailability_markers: r.unavailability_markers,
        final_points_per_niche: final_points,
        flat_final_points: r.flat_final_points,
        dominance_flip: r.dominance_flip,
    };

    // Zones.
    if board.zone.len() != ROWS {
        return Err(err(bf, "zone", format!("expected {ROWS} zones")));
    }
    let mut zones = Vec::new();
    let mut subs: Vec<String> = Vec::new();
    for (i, z) in board.zone.iter().enumerate() {
        status(bf, &format!("zone {}: status", z.row), &z.status)?;
        if z.row as usize != i + 1 {
            return Err(err(
                bf,
                format!("zone {}: row", z.row),
                "zones must be listed in row order 1..5",
            ));
        }
        let sub = match subs.iter().position(|s| *s == z.subcontinent) {
            Some(p) => p,
            None => {
                subs.push(z.subcontinent.clone());
                subs.len() - 1
            }
        };
        zones.push(Zone {
            name: z.name.clone(),
            kind: z.kind,
            subcontinent: sub as u8,
            subcontinent_name: z.subcontinent.clone(),
        });
    }

    // Regions.
    let mut food = [[0u8; 3]; REGIONS];
    let mut seen = 0u32;
    for reg in &board.region {
        let field = format!("region {}", reg.id);
        status(bf, &format!("{field}: status"), &reg.status)?;
        let id = region_id(&reg.id).ok_or_else(|| err(bf, &field, "not a region id (A1..D5)"))?;
        if seen & (1 << id) != 0 {
            return Err(err(bf, &field, "listed twice"));
        }
        seen |= 1 << id;
        food[id as usize] = arr3(bf, &format!("{field}: food"), &reg.food)?;
    }
    if seen != (1u32 << REGIONS) - 1 {
        return Err(err(bf, "region", "every region A1..D5 needs its food"));
    }

    // Borders.
    status(bf, "borders.status", &board.borders.status)?;
    let mut red = [[false; 4]; REGIONS];
    let mut listed: HashSet<(u8, u8)> = HashSet::new();
    for (colour, list) in [("white", &board.borders.white), ("red", &board.borders.red)] {
        for b in list {
            let field = format!("borders.{colour}: {b}");
            let (x, y) = b
                .split_once('-')
                .ok_or_else(|| err(bf, &field, "expected `A1-B1`"))?;
            let a = region_id(x).ok_or_else(|| err(bf, &field, "not a region"))?;
            let c = region_id(y).ok_or_else(|| err(bf, &field, "not a region"))?;
            let dir = crate::types::DIRS
                .iter()
                .position(|&d| crate::types::step(a, d) == Some(c))
                .ok_or_else(|| err(bf, &field, "the regions are not adjacent"))?;
            let key = (a.min(c), a.max(c));
            if !listed.insert(key) {
                return Err(err(bf, &field, "border listed twice"));
            }
            let back = crate::types::DIRS
                .iter()
                .position(|&d| crate::types::step(c, d) == Some(a))
                .unwrap_or(0);
            red[a as usize][dir] = colour == "red";
            red[c as usize][back] = colour == "red";
        }
    }
    if listed.len() != 31 {
        return Err(err(
            bf,
            "borders",
            format!("all 31 borders need a colour, found {}", listed.len()),
        ));
    }

    // Fewer players.
    let fp = &board.fewer_players;
    status(bf, "fewer_players.closed_status", &fp.closed_status)?;
    status(
        bf,
        "fewer_players.region_cards_status",
        &fp.region_cards_status,
    )?;
    let closed_fewer = regions_mask(bf, "fewer_players.closed", &fp.closed)?;
    if closed_fewer.count_ones() > rules.unavailability_markers as u32 {
        return Err(err(
            bf,
            "fewer_players.closed",
            "more regions than unavailability markers",
        ));
    }
    let cards_start = regions_mask(
        bf,
        "fewer_players.region_cards_start",
        &fp.region_cards_start,
    )?;
    let cards_later = regions_mask(
        bf,
        "fewer_players.region_cards_later",
        &fp.region_cards_later,
    )?;
    if cards_start & cards_later != 0 {
        return Err(err(
            bf,
            "fewer_players.region_cards_later",
            "a region card is in both lists",
        ));
    }
    if (cards_start | cards_later) & closed_fewer != 0 {
        return Err(err(
            bf,
            "fewer_players.region_cards_start",
            "a region card names a closed region",
        ));
    }
    if cards_start == 0 {
        return Err(err(
            bf,
            "fewer_players.region_cards_start",
            "the region card stack cannot start empty",
        ));
    }

    // Instinct track.
    status(bf, "instinct.status", &board.instinct.status)?;
    let fields = board.instinct.fields.clone();
    if fields.len() < 2 || fields.len() > 16 {
        return Err(err(bf, "instinct.fields", "expected 2..=16 fields"));
    }
    if fields[0].tile != FieldTile::None {
        return Err(err(
            bf,
            "instinct.fields[0]",
            "the start field has no tile (tile = \"none\")",
        ));
    }
    let count = |k: FieldTile| fields.iter().filter(|f| f.tile == k).count();
    if count(FieldTile::None) != 1 {
        return Err(err(
            bf,
            "instinct.fields",
            "only the start field has tile = \"none\"",
        ));
    }
    if count(FieldTile::Sector) != SECTORS - 1 {
        return Err(err(
            bf,
            "instinct.fields",
            format!(
                "expected {} sector fields (one sector tile is in the Doom Stack)",
                SECTORS - 1
            ),
        ));
    }
    if count(FieldTile::Zone) != ROWS - 1 {
        return Err(err(
            bf,
            "instinct.fields",
            format!("expected {} zone fields", ROWS - 1),
        ));
    }

    status(bf, "doom.epicentre_status", &board.doom.epicentre_status)?;
    status(bf, "doom.shockwave_status", &board.doom.shockwave_status)?;

    // Groups.
    let gf = "groups.toml";
    let raw_groups: RawGroups = de(gf, file(files, gf)?)?;
    let mut groups: Vec<Option<GroupData>> = vec![None, None, None, None];
    for g in &raw_groups.group {
        let field = format!("group {}", g.id);
        let gi = group_id(gf, &field, &g.id)?;
        for (n, s) in [
            ("animals_status", &g.animals_status),
            ("expansiveness_status", &g.expansiveness_status),
            ("costs_status", &g.costs_status),
            ("ability_status", &g.ability_status),
            ("neutral.status", &g.neutral.status),
        ] {
            status(gf, &format!("{field}: {n}"), s)?;
        }
        if groups[gi as usize].is_some() {
            return Err(err(gf, &field, "listed twice"));
        }
        if g.animals == 0 || g.animals > 12 {
            return Err(err(gf, format!("{field}: animals"), "must be in 1..=12"));
        }
        if g.costs.len() != 4 {
            return Err(err(
                gf,
                format!("{field}: costs"),
                "expected 4 costs: adapt, populate, migrate, survive",
            ));
        }
        let need = |v: Option<u8>, n: &str| {
            v.ok_or_else(|| err(gf, format!("{field}: {n}"), "missing for this ability"))
        };
        let ability = match g.ability.as_str() {
            "red_arrows" => Ability::RedArrows,
            "draw_on_win" => Ability::DrawOnWin(need(g.draw_on_win, "draw_on_win")?),
            "ap_on_ability" => Ability::ApOnAbility(need(g.ap_on_ability, "ap_on_ability")?),
            "shed" => Ability::Shed {
                max: need(g.shed_max, "shed_max")?,
                ap: need(g.shed_ap, "shed_ap")?,
            },
            other => {
                return Err(err(
                    gf,
                    format!("{field}: ability"),
                    format!("`{other}` is not one of red_arrows, draw_on_win, ap_on_ability, shed"),
                ))
            }
        };
        let n = &g.neutral;
        if n.adaptation_field.len() != 6 {
            return Err(err(
                gf,
                format!("{field}: neutral.adaptation_field"),
                "expected 6 values, one per D6 face",
            ));
        }
        if n.sets.len() != 3 {
            return Err(err(
                gf,
                format!("{field}: neutral.sets"),
                "expected 3 epochs",
            ));
        }
        let mut sets = [[[NeutralAct::P; 3]; 6]; 3];
        for (ep, rows) in n.sets.iter().enumerate() {
            if rows.len() != 6 {
                return Err(err(
                    gf,
                    format!("{field}: neutral.sets[{ep}]"),
                    "expected 6 sets, one per D6 face",
                ));
            }
            for (d, set) in rows.iter().enumerate() {
                sets[ep][d] = arr3(gf, &format!("{field}: neutral.sets[{ep}][{d}]"), set)?;
            }
        }
        let mut fieldv = [0i32; 6];
        fieldv.copy_from_slice(&n.adaptation_field);
        groups[gi as usize] = Some(GroupData {
            id: g.id.clone(),
            name: g.name.clone(),
            short: g.short.clone(),
            animals: g.animals,
            expansiveness: g.expansiveness,
            costs: [g.costs[0], g.costs[1], g.costs[2], g.costs[3]],
            ability,
            neutral: Management {
                track: n.adaptation_track,
                field: fieldv,
                sets,
            },
        });
    }
    let mut group_list = Vec::new();
    for (i, g) in groups.into_iter().enumerate() {
        group_list.push(g.ok_or_else(|| {
            err(
                gf,
                "group",
                format!("group `{}` is missing", Group::ALL[i].id()),
            )
        })?);
    }

    // Evolution cards.
    let ef = "evolution.toml";
    let raw_evo: RawEvoFile = de(ef, file(files, ef)?)?;
    let mut per_group: Vec<Vec<EvoCard>> = vec![Vec::new(), Vec::new(), Vec::new(), Vec::new()];
    let mut ids = HashSet::new();
    for c in &raw_evo.card {
        let field = format!("card {}", c.id);
        status(ef, &format!("{field}: status"), &c.status)?;
        if !ids.insert(c.id.clone()) {
            return Err(err(ef, &field, "id listed twice"));
        }
        let g = group_id(ef, &format!("{field}: group"), &c.group)?;
        if c.cost > rules.active_adaptation_limit {
            return Err(err(
                ef,
                format!("{field}: cost"),
                "costs more active adaptation cards than a player can hold",
            ));
        }
        for (i, eff) in c.effects.iter().enumerate() {
            let ff = format!("{field}: effects[{i}]");
            match eff {
                EvoEffect::Expansiveness { rows, .. } | EvoEffect::HungerExempt { rows, .. } => {
                    rows_check(ef, &ff, rows)?
                }
                EvoEffect::Devour {
                    role: Role::Defender,
                    ..
                } => return Err(err(ef, &ff, "devour applies to role any or attacker")),
                EvoEffect::SurviveRange { fields } if *fields == 0 => {
                    return Err(err(ef, &ff, "fields must be at least 1"))
                }
                EvoEffect::MultiPopulate { count } if *count == 0 || *count > 4 => {
                    return Err(err(ef, &ff, "count must be in 1..=4"))
                }
                _ => {}
            }
            let special_scope = matches!(
                eff,
                EvoEffect::Expansiveness {
                    scope: Scope::Special,
                    ..
                } | EvoEffect::Devour {
                    scope: Scope::Special,
                    ..
                } | EvoEffect::HungerExempt {
                    scope: Scope::Special,
                    ..
                } | EvoEffect::Climb {
                    scope: Scope::Special
                } | EvoEffect::ContestImmune {
                    scope: Scope::Special
                } | EvoEffect::IgnoreRed {
                    scope: Scope::Special
                } | EvoEffect::CheapMigrate {
                    scope: Scope::Special,
                    ..
                } | EvoEffect::Niche0Attack {
                    scope: Scope::Special
                }
            );
            if special_scope && !c.special {
                return Err(err(
                    ef,
                    &ff,
                    "scope = \"special\" needs a Special Animal card (special = true)",
                ));
            }
        }
        per_group[g as usize].push(EvoCard {
            id: c.id.clone(),
            group: g,
            name: c.name.clone(),
            cost: c.cost,
            special: c.special,
            text: c.text.clone(),
            effects: c.effects.clone(),
        });
    }
    let mut evo = Vec::new();
    for (i, cards) in per_group.into_iter().enumerate() {
        let gname = Group::ALL[i].id();
        if cards.len() != 4 {
            return Err(err(
                ef,
                "card",
                format!("group `{gname}` needs exactly 4 evolution cards"),
            ));
        }
        if cards.iter().filter(|c| c.special).count() != 1 {
            return Err(err(
                ef,
                "card",
                format!("group `{gname}` needs exactly one Special Animal card"),
            ));
        }
        evo.extend(cards);
    }

    // Adaptation cards.
    let af = "adaptation.toml";
    let raw_ad: RawAdaptFile = de(af, file(files, af)?)?;
    let mut adapt = Vec::new();
    let mut ids = HashSet::new();
    for c in &raw_ad.card {
        let field = format!("card {}", c.id);
        status(af, &format!("{field}: status"), &c.status)?;
        if !ids.insert(c.id.clone()) {
            return Err(err(af, &field, "id listed twice"));
        }
        if c.copies == 0 {
            return Err(err(af, format!("{field}: copies"), "must be at least 1"));
        }
        let want = match c.effect {
            AdaptEffect::ContestBonus { .. } | AdaptEffect::Escape {} => Timing::Contest,
            AdaptEffect::FatReserves {} | AdaptEffect::Recovery {} => Timing::AnyTime,
            _ => Timing::OwnTurn,
        };
        if c.timing != want {
            return Err(err(
                af,
                format!("{field}: timing"),
                format!("this ability kind needs timing {want:?}"),
            ));
        }
        if let AdaptEffect::Nest { niche } = c.effect {
            if niche as usize >= NICHES {
                return Err(err(af, format!("{field}: effect.niche"), "must be 0..=2"));
            }
        }
        adapt.push(AdaptCard {
            id: c.id.clone(),
            name: c.name.clone(),
            copies: c.copies,
            timing: c.timing,
            text: c.text.clone(),
            effect: c.effect,
        });
    }
    if adapt.is_empty() || adapt.len() > 64 {
        return Err(err(af, "card", "expected 1..=64 designs"));
    }

    // Objectives.
    let of = "objectives.toml";
    let raw_obj: RawObjFile = de(of, file(files, of)?)?;
    let mut objectives = Vec::new();
    let mut ids = HashSet::new();
    for t in &raw_obj.tile {
        let field = format!("tile {}", t.id);
        status(of, &format!("{field}: status"), &t.status)?;
        if let Some(rs) = &t.requirement_status {
            status(of, &format!("{field}: requirement_status"), rs)?;
        }
        if !ids.insert(t.id.clone()) {
            return Err(err(of, &field, "id listed twice"));
        }
        if t.epoch == 0 || t.epoch > 3 {
            return Err(err(of, format!("{field}: epoch"), "must be 1, 2 or 3"));
        }
        let reward = t.reward.as_slice();
        if reward.len() != 2 {
            return Err(err(
                of,
                format!("{field}: reward"),
                "expected [first, later]",
            ));
        }
        match &t.requirement {
            ObjKind::NicheRegions { niche, .. } | ObjKind::NicheRows { niche, .. } => {
                niches_check(of, &format!("{field}: requirement.niche"), &[*niche])?
            }
            ObjKind::Vicariance {
                min_niche,
                north,
                south,
            } => {
                niches_check(
                    of,
                    &format!("{field}: requirement.min_niche"),
                    &[*min_niche],
                )?;
                rows_check(of, &format!("{field}: requirement.north"), north)?;
                rows_check(of, &format!("{field}: requirement.south"), south)?;
            }
            ObjKind::Instinct { field: f } if *f as usize >= fields.len() => {
                return Err(err(
                    of,
                    format!("{field}: requirement.field"),
                    "beyond the top of the instinct track",
                ))
            }
            _ => {}
        }
        objectives.push(ObjTile {
            id: t.id.clone(),
            epoch: t.epoch - 1,
            name: t.name.clone(),
            reward: [reward[0], reward[1]],
            text: t.text.clone(),
            requirement: t.requirement.clone(),
        });
    }
    for ep in 0..3u8 {
        let n = objectives.iter().filter(|t| t.epoch == ep).count();
        if n < objective_tiles[ep as usize] as usize {
            return Err(err(
                of,
                "tile",
                format!(
                    "epoch {} has {n} tiles but the board shows {}",
                    ep + 1,
                    objective_tiles[ep as usize]
                ),
            ));
        }
    }

    // Turn of the Age cards.
    let tf = "ages.toml";
    let raw_ages: RawAgeFile = de(tf, file(files, tf)?)?;
    let mut ages = Vec::new();
    let mut ids = HashSet::new();
    let mut spare = rules.unavailability_markers as i32 - closed_fewer.count_ones() as i32;
    for c in &raw_ages.card {
        let field = format!("card {}", c.id);
        status(tf, &format!("{field}: status"), &c.status)?;
        if !ids.insert(c.id.clone()) {
            return Err(err(tf, &field, "id listed twice"));
        }
        let mut region = 0;
        match &c.effect {
            AgeEffect::FreePlacement { rows } => {
                rows_check(tf, &format!("{field}: effect.rows"), rows)?
            }
            AgeEffect::Status { rows, niches, .. } | AgeEffect::Remove { rows, niches } => {
                rows_check(tf, &format!("{field}: effect.rows"), rows)?;
                niches_check(tf, &format!("{field}: effect.niches"), niches)?;
            }
            AgeEffect::Wildfire { niches } => {
                niches_check(tf, &format!("{field}: effect.niches"), niches)?
            }
            AgeEffect::Climb { from_niche } if *from_niche as usize >= NICHES - 1 => {
                return Err(err(
                    tf,
                    format!("{field}: effect.from_niche"),
                    "must be 0 or 1",
                ));
            }
            AgeEffect::CloseRegion { region: id } => {
                region = region_id(id)
                    .ok_or_else(|| err(tf, format!("{field}: effect.region"), "not a region id"))?;
                spare -= 1;
                if spare < 0 {
                    return Err(err(
                        tf,
                        format!("{field}: effect.region"),
                        "no unavailability marker is left for it",
                    ));
                }
            }
            AgeEffect::Toll { dominance } if *dominance < 0 => {
                return Err(err(
                    tf,
                    format!("{field}: effect.dominance"),
                    "must be >= 0",
                ))
            }
            _ => {}
        }
        ages.push(AgeCard {
            id: c.id.clone(),
            back: c.back,
            name: c.name.clone(),
            text: c.text.clone(),
            effect: c.effect.clone(),
            region,
        });
    }
    for back in [AgeBack::CG, AgeBack::GL] {
        if !ages.iter().any(|a| a.back == back) {
            return Err(err(tf, "card", format!("no card with back {back:?}")));
        }
    }
    if ages.iter().filter(|a| a.back == AgeBack::SOLO).count() < 2 {
        return Err(err(tf, "card", "solo needs at least 2 SOLO cards"));
    }

    // Cataclysms.
    let df = "doom.toml";
    let raw_doom: RawDoomFile = de(df, file(files, df)?)?;
    let mut cataclysms = Vec::new();
    for c in &raw_doom.cataclysm {
        let field = format!("cataclysm {}", c.id);
        status(df, &format!("{field}: status"), &c.status)?;
        let mut effects = Vec::new();
        for (i, e) in c.effects.iter().enumerate() {
            effects.push(match e {
                RawCataEffect::Rows { rows, level } => {
                    rows_check(df, &format!("{field}: effects[{i}].rows"), rows)?;
                    CataEffect::Rows {
                        rows: rows.iter().fold(0u8, |m, r| m | 1 << (r - 1)),
                        level: *level,
                    }
                }
                RawCataEffect::Subcontinent { hit, elsewhere } => CataEffect::Subcontinent {
                    hit: *hit,
                    elsewhere: *elsewhere,
                },
                RawCataEffect::Cross { level, extension } => CataEffect::Cross {
                    level: *level,
                    extension: *extension,
                },
            });
        }
        cataclysms.push(Cataclysm {
            id: c.id.clone(),
            name: c.name.clone(),
            text: c.text.clone(),
            effects,
        });
    }
    if cataclysms.len() < 3 || cataclysms.len() > 8 {
        return Err(err(df, "cataclysm", "expected 3..=8 cataclysms"));
    }
    if count(FieldTile::Cataclysm) != cataclysms.len() - 2 {
        return Err(err(
            bf,
            "instinct.fields",
            format!(
                "expected {} cataclysm fields (one cataclysm is removed, one is in the Doom Stack)",
                cataclysms.len() - 2
            ),
        ));
    }

    // Solo.
    let sf = "solo.toml";
    let raw_solo: RawSoloFile = de(sf, file(files, sf)?)?;
    let mut conds: Vec<Option<SoloCondition>> = vec![None, None, None, None];
    for c in &raw_solo.condition {
        let field = format!("condition {}", c.group);
        status(sf, &format!("{field}: status"), &c.status)?;
        if let Some(gs) = &c.goal_status {
            status(sf, &format!("{field}: goal_status"), gs)?;
        }
        let g = group_id(sf, &format!("{field}: group"), &c.group)?;
        if conds[g as usize].is_some() {
            return Err(err(sf, &field, "listed twice"));
        }
        let cap = rules.condition_markers;
        let needs = match c.goal {
            SoloGoal::Rows { count } => count,
            SoloGoal::Niche2Row { sectors } => sectors,
            SoloGoal::Regions { count } => count,
        };
        if needs == 0 || needs > cap {
            return Err(err(
                sf,
                format!("{field}: goal"),
                format!("needs 1..={cap} condition markers"),
            ));
        }
        conds[g as usize] = Some(SoloCondition {
            text: c.text.clone(),
            trigger: c.trigger,
            goal: c.goal,
            min_animals: c.min_animals,
        });
    }
    let mut conditions = Vec::new();
    for (i, c) in conds.into_iter().enumerate() {
        conditions.push(c.ok_or_else(|| {
            err(
                sf,
                "condition",
                format!("group `{}` has no condition", Group::ALL[i].id()),
            )
        })?);
    }
    for r in &raw_solo.rating {
        status(sf, &format!("rating {}: status", r.name), &r.status)?;
    }
    let mut ratings: Vec<(i32, String)> = raw_solo
        .rating
        .iter()
        .map(|r| (r.min, r.name.clone()))
        .collect();
    ratings.sort_by_key(|r| r.0);

    Ok(Data {
        epoch_names: [e.names[0].clone(), e.names[1].clone(), e.names[2].clone()],
        stages,
        ap,
        objective_tiles,
        stage_names: e.stage_names.clone(),
        rules,
        zones,
        food,
        red,
        closed_fewer,
        cards_start,
        cards_later,
        instinct: fields,
        doom_epicentre: board.doom.epicentre,
        doom_shockwave: board.doom.shockwave,
        groups: group_list,
        evo,
        adapt,
        objectives,
        ages,
        cataclysms,
        conditions,
        ratings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(name: &str, text: String) -> Vec<(&'static str, String)> {
        FILES
            .iter()
            .map(|(n, t)| {
                (
                    *n,
                    if *n == name {
                        text.clone()
                    } else {
                        t.to_string()
                    },
                )
            })
            .collect()
    }

    fn parse_owned(files: &[(&'static str, String)]) -> Result<Data, DataError> {
        let v: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
        parse(&v)
    }

    /// The shipped data parses and passes every check.
    #[test]
    fn shipped_data_is_valid() {
        let d = data().expect("shipped data is valid");
        assert_eq!(d.total_stages(), 9);
        assert_eq!(d.evo.len(), 16);
        assert_eq!(d.adapt.iter().map(|a| a.copies as usize).sum::<usize>(), 28);
        assert_eq!(d.objectives.len(), 13);
        assert_eq!(d.ages.len(), 14);
        assert_eq!(d.cataclysms.len(), 4);
    }

    /// Rulebook p.4 (game components): 28 adaptation, 16 evolution, 14 turn of the age cards,
    /// 13 objective tiles (5/5/3), 28 animal markers (6/7/7/8).
    #[test]
    fn component_counts_p4() {
        let d = data().expect("data");
        let by_epoch: Vec<usize> = (0..3)
            .map(|e| d.objectives.iter().filter(|t| t.epoch == e).count())
            .collect();
        assert_eq!(by_epoch, vec![5, 5, 3]);
        let animals: Vec<u8> = d.groups.iter().map(|g| g.animals).collect();
        assert_eq!(animals, vec![6, 7, 7, 8]);
    }

    /// A malformed value is reported with the file and the field.
    #[test]
    fn bad_food_names_file_and_field() {
        let board = FILES[0].1.replacen("food = [2, 1, 1]", "food = [2, 1]", 1);
        let e = parse_owned(&with("board.toml", board)).expect_err("must fail");
        assert_eq!(e.file, "board.toml");
        assert!(e.field.contains("region B3: food"), "{e}");
    }

    /// An unknown effect kind is refused, naming the file and the line.
    #[test]
    fn unknown_effect_kind_is_refused() {
        let evo = FILES[2].1.replacen("kind = \"climb\"", "kind = \"fly\"", 1);
        let e = parse_owned(&with("evolution.toml", evo)).expect_err("must fail");
        assert_eq!(e.file, "evolution.toml");
        assert!(e.field.starts_with("line "), "{e}");
        assert!(e.to_string().contains("fly"), "{e}");
    }

    /// A bad status mark is refused.
    #[test]
    fn bad_status_mark_is_refused() {
        let g = FILES[1].1.replacen(
            "costs_status = \"derived\"",
            "costs_status = \"guessed\"",
            1,
        );
        let e = parse_owned(&with("groups.toml", g)).expect_err("must fail");
        assert!(e.field.contains("costs_status"), "{e}");
    }

    /// Reference 6.9 / rulings E2, G2, G4, D8: the solo rating bands, the ruling-based solo
    /// goals and objective requirements carry their own status marks, and a missing or bad mark
    /// is refused.
    #[test]
    fn ruling_and_rating_marks_are_checked() {
        let solo = FILES
            .iter()
            .find(|f| f.0 == "solo.toml")
            .map(|f| f.1)
            .expect("solo");
        assert!(solo.contains("goal_status = \"ruling\""));
        let bad = solo.replacen("status = \"reconstructed\"", "status = \"guess\"", 1);
        let e = parse_owned(&with("solo.toml", bad)).expect_err("must fail");
        assert!(e.field.contains("rating"), "{e}");
        let missing = solo.replacen(
            "name = \"Relict\"\nstatus = \"reconstructed\"",
            "name = \"Relict\"",
            1,
        );
        assert!(parse_owned(&with("solo.toml", missing)).is_err());
        let obj = FILES
            .iter()
            .find(|f| f.0 == "objectives.toml")
            .map(|f| f.1)
            .expect("objectives");
        let bad = obj.replacen(
            "requirement_status = \"ruling\"",
            "requirement_status = \"x\"",
            1,
        );
        let e = parse_owned(&with("objectives.toml", bad)).expect_err("must fail");
        assert!(e.field.contains("requirement_status"), "{e}");
    }

    /// Reference 2.5, 3.2, 5 (reconstructed values): the food table, Expansiveness 4/3/2/1 and
    /// the instinct track (blind fields 8 and 10; dominance 1/1/2/2/3 on fields 3/5/7/9/11).
    #[test]
    fn reconstructed_values_match_the_reference() {
        let d = data().expect("data");
        let rows: [[[u8; 3]; 4]; 5] = [
            [[1, 2, 2], [1, 1, 2], [1, 1, 2], [1, 2, 2]],
            [[2, 3, 2], [2, 2, 1], [2, 2, 1], [2, 3, 2]],
            [[2, 2, 1], [2, 1, 1], [2, 1, 1], [2, 2, 1]],
            [[2, 3, 2], [2, 2, 1], [2, 2, 1], [2, 3, 2]],
            [[1, 2, 2], [1, 1, 2], [1, 1, 2], [1, 2, 2]],
        ];
        for (w, row) in rows.iter().enumerate() {
            for (c, food) in row.iter().enumerate() {
                assert_eq!(d.food[w * 4 + c], *food, "row {} sector {c}", w + 1);
            }
        }
        let exp: Vec<i32> = Group::ALL
            .iter()
            .map(|&g| d.group(g).expansiveness)
            .collect();
        assert_eq!(exp, vec![4, 3, 2, 1]);
        let blind: Vec<usize> = (0..d.instinct.len())
            .filter(|&f| d.instinct[f].tile == FieldTile::Blind)
            .collect();
        assert_eq!(blind, vec![8, 10]);
        let dom: Vec<u8> = d.instinct.iter().map(|f| f.dominance).collect();
        assert_eq!(dom, vec![0, 0, 0, 1, 0, 1, 0, 2, 0, 2, 0, 3]);
    }

    /// A replaced reconstructed value is picked up (a printed value can be dropped in).
    #[test]
    fn replaced_value_is_used() {
        let g = FILES[1]
            .1
            .replacen("expansiveness = 4", "expansiveness = 5", 1);
        let d = parse_owned(&with("groups.toml", g)).expect("valid");
        assert_eq!(d.group(Group::Synapsids).expansiveness, 5);
    }
}
