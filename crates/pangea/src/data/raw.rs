//! The data files' structure as written: what serde reads before the checks.

use super::components::*;
use crate::types::Level;
use serde::Deserialize;

/// The marks Pangea's data uses (the words of [`eons_core::Provenance`]).
pub(super) const STATUSES: [eons_core::Provenance; 4] = [
    eons_core::Provenance::Stated,
    eons_core::Provenance::Inferred,
    eons_core::Provenance::Reconstructed,
    eons_core::Provenance::Ruling,
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBoard {
    pub(super) epochs: RawEpochs,
    pub(super) rules: RawRules,
    pub(super) zone: Vec<RawZone>,
    pub(super) region: Vec<RawRegion>,
    pub(super) borders: RawBorders,
    pub(super) fewer_players: RawFewer,
    pub(super) instinct: RawInstinct,
    pub(super) doom: RawDoom,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEpochs {
    pub(super) names: Vec<String>,
    pub(super) names_status: String,
    pub(super) stages: Vec<u8>,
    pub(super) stages_status: String,
    pub(super) action_points: Vec<u8>,
    pub(super) action_points_status: String,
    pub(super) objective_tiles: Vec<u8>,
    pub(super) objective_tiles_status: String,
    pub(super) stage_names: Vec<String>,
    pub(super) stage_names_status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRules {
    pub(super) start_dominance: i32,
    pub(super) start_dominance_status: String,
    pub(super) draw_per_stage: u8,
    pub(super) draw_per_stage_status: String,
    pub(super) hand_limit: u8,
    pub(super) hand_limit_status: String,
    pub(super) active_adaptation_limit: u8,
    pub(super) active_adaptation_limit_status: String,
    pub(super) active_evolution_limit: u8,
    pub(super) active_evolution_limit_status: String,
    pub(super) same_action_limit: u8,
    pub(super) same_action_limit_status: String,
    pub(super) action_markers: u8,
    pub(super) action_markers_status: String,
    pub(super) objective_markers: u8,
    pub(super) objective_markers_status: String,
    pub(super) inactive_removal_cost: u8,
    pub(super) inactive_removal_cost_status: String,
    pub(super) bearer_cost: u8,
    pub(super) bearer_cost_status: String,
    pub(super) condition_markers: u8,
    pub(super) condition_markers_status: String,
    pub(super) unavailability_markers: u8,
    pub(super) unavailability_markers_status: String,
    pub(super) final_points_per_niche: Vec<i32>,
    pub(super) final_points_per_niche_status: String,
    pub(super) flat_final_points: i32,
    pub(super) flat_final_points_status: String,
    pub(super) dominance_flip: i32,
    pub(super) dominance_flip_status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawZone {
    pub(super) row: u8,
    pub(super) name: String,
    pub(super) kind: ZoneKind,
    pub(super) subcontinent: String,
    pub(super) status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRegion {
    pub(super) id: String,
    pub(super) food: Vec<u8>,
    pub(super) status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBorders {
    pub(super) status: String,
    pub(super) white: Vec<String>,
    pub(super) red: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFewer {
    pub(super) closed: Vec<String>,
    pub(super) closed_status: String,
    pub(super) region_cards_start: Vec<String>,
    pub(super) region_cards_later: Vec<String>,
    pub(super) region_cards_status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawInstinct {
    pub(super) status: String,
    pub(super) fields: Vec<Field>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDoom {
    pub(super) epicentre: Level,
    pub(super) epicentre_status: String,
    pub(super) shockwave: Level,
    pub(super) shockwave_status: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGroups {
    pub(super) group: Vec<RawGroup>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGroup {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) short: String,
    pub(super) animals: u8,
    pub(super) animals_status: String,
    pub(super) expansiveness: i32,
    pub(super) expansiveness_status: String,
    pub(super) costs: Vec<u8>,
    pub(super) costs_status: String,
    pub(super) ability: String,
    pub(super) ability_status: String,
    #[serde(default)]
    pub(super) draw_on_win: Option<u8>,
    #[serde(default)]
    pub(super) ap_on_ability: Option<u8>,
    #[serde(default)]
    pub(super) shed_max: Option<u8>,
    #[serde(default)]
    pub(super) shed_ap: Option<u8>,
    pub(super) neutral: RawNeutral,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawNeutral {
    pub(super) status: String,
    pub(super) adaptation_track: u8,
    pub(super) adaptation_field: Vec<i32>,
    pub(super) sets: Vec<Vec<Vec<NeutralAct>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEvoFile {
    pub(super) card: Vec<RawEvo>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEvo {
    pub(super) id: String,
    pub(super) group: String,
    pub(super) name: String,
    pub(super) cost: u8,
    pub(super) special: bool,
    pub(super) status: String,
    pub(super) text: String,
    pub(super) effects: Vec<EvolutionEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAdaptFile {
    pub(super) card: Vec<RawAdapt>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAdapt {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) copies: u8,
    pub(super) timing: Timing,
    pub(super) status: String,
    pub(super) text: String,
    pub(super) effect: AdaptationEffect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawObjFile {
    pub(super) tile: Vec<RawObj>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawObj {
    pub(super) id: String,
    pub(super) epoch: u8,
    pub(super) name: String,
    pub(super) reward: Vec<i32>,
    pub(super) status: String,
    /// The requirement's own status where it differs from the tile's (e.g. a stated tile
    /// whose exact requirement is reconstructed or a ruling).
    #[serde(default)]
    pub(super) requirement_status: Option<String>,
    pub(super) text: String,
    pub(super) requirement: ObjKind,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAgeFile {
    pub(super) card: Vec<RawAge>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAge {
    pub(super) id: String,
    pub(super) back: AgeBack,
    pub(super) name: String,
    pub(super) status: String,
    pub(super) text: String,
    pub(super) effect: AgeEffect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDoomFile {
    pub(super) cataclysm: Vec<RawCata>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCata {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) status: String,
    pub(super) text: String,
    pub(super) effects: Vec<RawCataEffect>,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub(super) enum RawCataEffect {
    Rows { rows: Vec<u8>, level: Level },
    Subcontinent { hit: Level, elsewhere: Level },
    Cross { level: Level, extension: Level },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSoloFile {
    pub(super) condition: Vec<RawCondition>,
    pub(super) rating: Vec<RawRating>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCondition {
    pub(super) group: String,
    pub(super) status: String,
    pub(super) text: String,
    pub(super) trigger: SoloTrigger,
    pub(super) goal: SoloGoal,
    /// The goal's own status where it differs from the condition's (a ruling's reading).
    #[serde(default)]
    pub(super) goal_status: Option<String>,
    pub(super) min_animals: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRating {
    pub(super) min: i32,
    pub(super) name: String,
    pub(super) status: String,
}
