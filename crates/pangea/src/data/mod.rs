//! Component data: every table, map value and card of Pangea, read from the TOML files in
//! `data/pangea/` (embedded with `include_str!`), checked once at start-up and kept in a
//! [`OnceLock`]. A malformed file gives a [`DataError`] naming the file and the field, so a
//! player who owns the game can replace a reconstructed value or card text with the printed one.
//!
//! The module is split by stage: `components` holds the compiled types the rules read, `raw`
//! the structure of the TOML files as written, `parse` reading and checking them (file by
//! file, in the order the files depend on each other); this file holds the accessor, the error
//! and [`Data`] itself.

use crate::types::{AdaptationId, Group, Level, Regions, NICHES, REGIONS, ROWS, SECTORS};
use std::sync::OnceLock;

mod components;
mod parse;
mod raw;
mod steps;

pub use components::*;
pub use parse::{parse, region_id};
pub use steps::StepTable;

/// The embedded data files, by name.
pub const FILES: [(&str, &str); 8] = [
    (
        "board.toml",
        include_str!("../../../../data/pangea/board.toml"),
    ),
    (
        "groups.toml",
        include_str!("../../../../data/pangea/groups.toml"),
    ),
    (
        "evolution.toml",
        include_str!("../../../../data/pangea/evolution.toml"),
    ),
    (
        "adaptation.toml",
        include_str!("../../../../data/pangea/adaptation.toml"),
    ),
    (
        "objectives.toml",
        include_str!("../../../../data/pangea/objectives.toml"),
    ),
    (
        "ages.toml",
        include_str!("../../../../data/pangea/ages.toml"),
    ),
    (
        "doom.toml",
        include_str!("../../../../data/pangea/doom.toml"),
    ),
    (
        "solo.toml",
        include_str!("../../../../data/pangea/solo.toml"),
    ),
];

pub use eons_core::DataError;

fn err(file: &str, field: impl Into<String>, message: impl Into<String>) -> DataError {
    DataError::new("data/pangea", file.to_string(), field, message)
}

/// The parsed and checked data, or why it could not be read: the fallible form, called once
/// where a game begins (setting up a game, reading a position) so that a broken build refuses
/// to start a game with a [`DataError`] naming the file and the field. Parsed once.
#[inline]
pub fn try_data() -> Result<&'static Data, DataError> {
    static DATA: OnceLock<Result<Data, DataError>> = OnceLock::new();
    DATA.get_or_init(|| parse(&FILES))
        .as_ref()
        .map_err(|e| e.clone())
}

/// The parsed and checked data: the accessor every rule uses once a game exists.
#[inline]
pub fn data() -> &'static Data {
    // Every game state comes from `new_game` or `position::read`, which call `try_data` and
    // refuse to start on invalid data, and the test `shipped_data_is_valid` proves the shipped
    // files parse: once a state exists the data is valid.
    try_data().expect("component data checked when the game was set up")
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
    /// The migration steps of each region and niche, worked out from `red`.
    pub steps: StepTable,
    /// Regions closed with fewer than 4 players (bit mask).
    pub closed_fewer: Regions,
    /// Region cards at the start (bit mask).
    pub cards_start: Regions,
    /// Region cards added at the first Turn of the Ages (bit mask).
    pub cards_later: Regions,
    /// The instinct track.
    pub instinct: Vec<Field>,
    /// Level of the epicentre step.
    pub doom_epicentre: Level,
    /// Level of the shockwave step.
    pub doom_shockwave: Level,
    /// Groups in [`Group`] order.
    pub groups: Vec<GroupData>,
    /// Evolution cards; `evolutions[g * 4 + k]` is group g's k-th card.
    pub evolutions: Vec<EvolutionCard>,
    /// `effect_kinds[g][active]`: the kinds of effect ([`EffectKind::bit`]s) of group g's
    /// evolution cards whose bits are set in `active` (a player's
    /// [`crate::state::Player::evolution`]), worked out from `evolutions`.
    pub effect_kinds: [[u32; 16]; 4],
    /// Adaptation card designs.
    pub adaptations: Vec<AdaptationCard>,
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
    pub fn evolution_card(&self, g: Group, k: u8) -> &EvolutionCard {
        &self.evolutions[g as usize * 4 + k as usize]
    }
    /// True if one of group g's evolution cards active in `active` (bit k: the k-th card)
    /// has an effect of this kind.
    pub fn has_effect(&self, g: Group, active: u8, kind: EffectKind) -> bool {
        self.effect_kinds[g as usize][(active & 15) as usize] & kind.bit() != 0
    }
    /// An adaptation card design.
    pub fn adaptation(&self, card: AdaptationId) -> &AdaptationCard {
        &self.adaptations[card.index()]
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
        let d = try_data().expect("shipped data is valid");
        assert_eq!(d.total_stages(), 9);
        assert_eq!(d.evolutions.len(), 16);
        assert_eq!(
            d.adaptations
                .iter()
                .map(|a| a.copies as usize)
                .sum::<usize>(),
            28
        );
        assert_eq!(d.objectives.len(), 13);
        assert_eq!(d.ages.len(), 14);
        assert_eq!(d.cataclysms.len(), 4);
    }

    /// Rulebook p.4 (game components): 28 adaptation, 16 evolution, 14 turn of the age cards,
    /// 13 objective tiles (5/5/3), 28 animal markers (6/7/7/8).
    #[test]
    fn component_counts_p4() {
        let d = data();
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
            "costs_status = \"inferred\"",
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
        let d = data();
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
