//! Component data: every table, layout and card parameter, read from the TOML
//! files in `data/marine/` (embedded at build time) and validated once.
//!
//! Each value in the files carries a mark (`S`, `S-IT`, `I`, `R`, `P`: see
//! `data/marine/README.md`). [`parse`] is the one fallible reading: setting
//! up a game and reading a position call [`try_data`] and refuse a malformed
//! file with a [`DataError`] naming the file and the field; after that the
//! rules read [`data`] infallibly.
//!
//! This file is long because it is the whole reading of six
//! files: each table's raw form, its checks and its error messages sit
//! together so that a field's validation is next to its definition.

use crate::types::{Action, Animal, Card, Element, Face, Icon, Terrain, Tile, Trait};
use eons_core::{Corner, CornerId, Hex, HexId};
use serde::Deserialize;
use std::sync::OnceLock;

const TERRAIN: &str = include_str!("../../../data/marine/terrain.toml");
const COMPONENTS: &str = include_str!("../../../data/marine/components.toml");
const BOARD: &str = include_str!("../../../data/marine/board.toml");
const ANIMALS: &str = include_str!("../../../data/marine/animals.toml");
const DISPLAY: &str = include_str!("../../../data/marine/display.toml");
const CARDS: &str = include_str!("../../../data/marine/cards.toml");

/// Most element circles in one section.
pub const MAX_CIRCLES: usize = 6;
/// Most terrain-marker squares in one section.
pub const MAX_MARKERS: usize = 8;
/// Most action spaces on the display.
pub const MAX_SPACES: usize = 48;
/// Most evolution card slots.
pub const MAX_SLOTS: usize = 8;
/// Most Wanderlust stacks.
pub const MAX_STACKS: usize = 4;
/// Most Regression cube squares.
pub const MAX_SQUARES: usize = 4;

pub use eons_core::DataError;
use eons_core::Provenance;

fn err(file: &'static str, field: impl Into<String>, message: impl Into<String>) -> DataError {
    DataError::new("data/marine", file, field, message)
}

/// The marks Marine's data uses ([`Provenance`]).
const MARKS: [Provenance; 4] = [
    Provenance::Stated,
    Provenance::Inferred,
    Provenance::Reconstructed,
    Provenance::Placeholder,
];

/// A value's mark: one of [`MARKS`].
fn check_mark(
    file: &'static str,
    field: &str,
    m: &Option<String>,
) -> Result<Provenance, DataError> {
    match m {
        Some(m) => Provenance::parse(m)
            .filter(|p| MARKS.contains(p))
            .ok_or_else(|| {
                err(
                    file,
                    format!("{field}_mark"),
                    format!("unknown mark `{m}` (use {})", Provenance::listed(&MARKS)),
                )
            }),
        None => Err(err(file, format!("{field}_mark"), "missing mark")),
    }
}

/// A card's text with its mark; an empty text is refused.
fn card_text(
    file: &'static str,
    field: &str,
    name: &str,
    text: &str,
    mark: &Option<String>,
) -> Result<CardText, DataError> {
    let provenance = check_mark(file, field, mark)?;
    if text.trim().is_empty() {
        return Err(err(file, field, "a text expected"));
    }
    Ok(CardText {
        name: name.to_string(),
        text: text.to_string(),
        reconstructed: provenance.is_reconstructed(),
    })
}

fn parse_toml<'a, T: Deserialize<'a>>(file: &'static str, text: &'a str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| err(file, "(file)", e.to_string().replace('\n', " ")))
}

fn el(file: &'static str, field: &str, s: &str) -> Result<Element, DataError> {
    Element::parse(s).ok_or_else(|| err(file, field, format!("unknown element type `{s}`")))
}

fn terrain(file: &'static str, field: &str, s: &str) -> Result<Terrain, DataError> {
    Terrain::parse(s).ok_or_else(|| err(file, field, format!("unknown terrain `{s}`")))
}

// ---------------------------------------------------------------- raw files

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrainFile {
    terrain: Vec<RawTerrain>,
    evolution: RawEvoOrder,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    name: String,
    places: Vec<u32>,
    places_mark: Option<String>,
    speciation: u8,
    speciation_mark: Option<String>,
    stack_tiles: u8,
    stack_tiles_mark: Option<String>,
    markers: u8,
    markers_mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvoOrder {
    order: Vec<String>,
    order_mark: Option<String>,
}

macro_rules! raw_section {
    ($name:ident { $($f:ident : $t:ty),* $(,)? }) => {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct $name { $($f: $t),* }
    };
}

raw_section!(RawComponents {
    elements: RawElements,
    species: RawSpecies,
    pawns: RawPawns,
    vents: RawVents,
    bonus: RawBonus,
    targets: RawTargets,
    evolution: RawEvolution,
    traits: RawTraits,
    display: RawDisplayCap,
    rules: RawRules,
});
raw_section!(RawElements { per_type: u16, per_type_mark: Option<String> });
raw_section!(RawSpecies {
    cubes: u8,
    cubes_mark: Option<String>,
    start_on_center: u8,
    start_on_center_mark: Option<String>,
});
raw_section!(RawPawns {
    basic_2: u8,
    basic_2_mark: Option<String>,
    basic_3: u8,
    basic_3_mark: Option<String>,
    basic_4: u8,
    basic_4_mark: Option<String>,
    basic_two_animals: u8,
    basic_two_animals_mark: Option<String>,
    per_colour: u8,
    per_colour_mark: Option<String>,
});
raw_section!(RawVents { total: u8, total_mark: Option<String> });
raw_section!(RawBonus { vp: Vec<u32>, vp_mark: Option<String> });
raw_section!(RawTargets {
    start: u32,
    start_mark: Option<String>,
    pack_hunters: u32,
    pack_hunters_mark: Option<String>,
});
raw_section!(RawEvolution {
    removed_short: u8,
    removed_short_mark: Option<String>,
    removed_standard: u8,
    removed_standard_mark: Option<String>,
    removed_long: u8,
    removed_long_mark: Option<String>,
    removed_epic: u8,
    removed_epic_mark: Option<String>,
    bottom_stack: u8,
    bottom_stack_mark: Option<String>,
    slots: u8,
    slots_mark: Option<String>,
});
raw_section!(RawTraits {
    dealt: u8,
    dealt_mark: Option<String>,
    keep: u8,
    keep_mark: Option<String>,
    keep_superheroes: u8,
    keep_superheroes_mark: Option<String>,
    redraw: u8,
    redraw_mark: Option<String>,
});
raw_section!(RawDisplayCap { capacity: u8, capacity_mark: Option<String> });
raw_section!(RawRules {
    tectonics_edge: String,
    tectonics_edge_mark: Option<String>,
    competition_special_needs_presence: bool,
    competition_special_needs_presence_mark: Option<String>,
    domination_own_pawn: bool,
    domination_own_pawn_mark: Option<String>,
    setup_cards_trigger_events: bool,
    setup_cards_trigger_events_mark: Option<String>,
    max_rounds: u16,
    max_rounds_mark: Option<String>,
});

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    radius: i8,
    radius_mark: Option<String>,
    center: [i8; 2],
    center_mark: Option<String>,
    stacks: RawStacks,
    tile: Vec<RawStartTile>,
    element: Vec<RawStartElement>,
}
raw_section!(RawStacks {
    count: u8,
    count_mark: Option<String>,
    size: u8,
    size_mark: Option<String>,
});
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartTile {
    hex: [i8; 2],
    terrain: String,
    vent: Option<String>,
    role: String,
    mark: Option<String>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartElement {
    corner: String,
    element: String,
    mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnimals {
    animal: Vec<RawAnimal>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnimal {
    name: String,
    colour: String,
    printed: Vec<String>,
    printed_mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDisplay {
    section: Vec<RawSection>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSection {
    action: String,
    circles: Option<u8>,
    circles_mark: Option<String>,
    markers: Option<u8>,
    markers_mark: Option<String>,
    squares: Option<u8>,
    squares_mark: Option<String>,
    mark: Option<String>,
    space: Vec<RawSpace>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpace {
    special: Option<bool>,
    vent: Option<String>,
    circle: Option<u8>,
    cubes: Option<u8>,
    eliminate: Option<u8>,
    marker: Option<u8>,
    slot: Option<u8>,
    min_players: Option<u8>,
    mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCards {
    evolution: Vec<RawCard>,
    #[serde(rename = "trait")]
    traits: Vec<RawTrait>,
    survival: RawSurvival,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSurvival {
    name: String,
    text: String,
    text_mark: Option<String>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: String,
    text: String,
    text_mark: Option<String>,
    icon: String,
    icon_mark: Option<String>,
    element: Option<String>,
    element_mark: Option<String>,
    count: Option<u32>,
    count_mark: Option<String>,
    terrain: Option<String>,
    terrain_mark: Option<String>,
    own_tile: Option<bool>,
    own_tile_mark: Option<String>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrait {
    name: String,
    text: String,
    text_mark: Option<String>,
    mark: Option<String>,
    element: Option<String>,
    element_mark: Option<String>,
    count: Option<u32>,
    count_mark: Option<String>,
}

// ---------------------------------------------------------------- checked data

/// One terrain's row of the tables.
#[derive(Clone, Debug)]
pub struct TerrainData {
    /// VP per place, 1st first.
    pub places: Vec<u32>,
    /// Most new species per tile in one Speciation.
    pub speciation: u8,
    /// Large tiles of this type in the Wanderlust stacks.
    pub stack_tiles: u8,
    /// Terrain markers of this type.
    pub markers: u8,
}

/// The role of a starting tile in the random-earth variant (p.22).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StartRole {
    /// One of the four top Lands: stays.
    Top,
    /// One of the four bottom Oceans: stays.
    Bottom,
    /// One of the seven central starting spaces: drawn at random.
    Center,
}

/// One action space of the display.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SpaceDef {
    /// The section's action.
    pub action: Action,
    /// Section index, top to bottom (0-based; Bottom Feeder's personal space
    /// sits above every section).
    pub section: u8,
    /// Column, left to right, 0-based.
    pub col: u8,
    /// Special pawns only.
    pub special: bool,
    /// Autotrophs: the Vent face.
    pub vent: Option<Face>,
    /// Speciation: element circle (0-based); `None` on the special space (any element).
    pub circle: Option<u8>,
    /// Migration: species that may move (`None`: all).
    pub cubes: Option<u8>,
    /// Competition: eliminations per tile.
    pub eliminate: u8,
    /// Competition/Evolution: marker square (0-based); `None` on the special
    /// Competition space (any terrain, two tiles).
    pub marker: Option<u8>,
    /// Evolution: highest card slot (1-based).
    pub slot: u8,
    /// Domination: fewest players for the space to be usable (p.17; with two
    /// animals each, the players, not the animals, count).
    pub min_players: u8,
}

/// The display's spaces as bitsets (bit `i` = space `i`; `MAX_SPACES` fits
/// a `u64`), worked out once from [`Data::spaces`]: a random game lists a
/// turn's placements about 1,200 times, and with these it reads each space's
/// definition as one bit instead of a loop over the display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceSets {
    /// Every display space.
    pub all: u64,
    /// Spaces that take only a special pawn.
    pub special_only: u64,
    /// Spaces usable with `n` players (index `n`): `min_players <= n`.
    pub usable: [u64; 9],
    /// Per space: the spaces strictly after it in the "after" rule's order
    /// (p.9: by section, then column).
    pub after: [u64; MAX_SPACES],
    /// Per space: the spaces strictly before it in that order.
    pub before: [u64; MAX_SPACES],
}

impl SpaceSets {
    /// The sets of these spaces (at most [`MAX_SPACES`]; the loader refuses more).
    fn new(spaces: &[SpaceDef]) -> SpaceSets {
        let key = |d: &SpaceDef| (d.section, d.col);
        let mut t = SpaceSets {
            all: 0,
            special_only: 0,
            usable: [0; 9],
            after: [0; MAX_SPACES],
            before: [0; MAX_SPACES],
        };
        for (i, d) in spaces.iter().enumerate().take(MAX_SPACES) {
            let bit = 1u64 << i;
            t.all |= bit;
            if d.special {
                t.special_only |= bit;
            }
            for (n, set) in t.usable.iter_mut().enumerate() {
                if d.min_players as usize <= n {
                    *set |= bit;
                }
            }
            for (j, e) in spaces.iter().enumerate().take(MAX_SPACES) {
                if key(e) > key(d) {
                    t.after[i] |= 1u64 << j;
                } else if key(e) < key(d) {
                    t.before[i] |= 1u64 << j;
                }
            }
        }
        t
    }
}

/// One section of the display.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SectionDef {
    /// Its action.
    pub action: Action,
    /// Element circles.
    pub circles: u8,
    /// Terrain-marker squares.
    pub markers: u8,
    /// Cube squares (Regression).
    pub squares: u8,
    /// First space index.
    pub first: u8,
    /// Number of spaces.
    pub len: u8,
}

/// An evolution card's parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CardData {
    /// The event its appearance triggers.
    pub icon: Icon,
    /// Element parameter (the six "1 VP per tile" cards).
    pub element: Option<Element>,
    /// Numeric parameter (see cards.toml).
    pub count: u32,
    /// Terrain parameter (Marine Snow).
    pub terrain: Option<Terrain>,
    /// The chosen tile must hold your species.
    pub own_tile: bool,
}

/// A card's text as the table shows it (presentation only: no rule reads it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardText {
    /// The name as printed.
    pub name: String,
    /// The effect in words.
    pub text: String,
    /// The text is marked `R` (reconstructed) or `P` (placeholder): not
    /// the printed card face.
    pub reconstructed: bool,
}

/// A trait card's parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TraitData {
    /// Element parameter (Ram Feeder).
    pub element: Option<Element>,
    /// Numeric parameter (see cards.toml).
    pub count: u32,
}

/// Rule flags for open rules questions (components.toml `[rules]`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RuleFlags {
    /// Basic Tectonics: `true` = printed-grid perimeter, `false` = tiles with
    /// fewer than six adjacent tiles.
    pub edge_is_grid: bool,
    /// Special Competition tiles must hold your species.
    pub competition_special_needs_presence: bool,
    /// Domination may raise a pawn you already control.
    pub domination_own_pawn: bool,
    /// Icons of the five setup cards run their events.
    pub setup_cards_trigger_events: bool,
    /// Rounds before the last one is forced (0 = no cap).
    pub max_rounds: u16,
}

/// Every component fact the engine uses.
#[derive(Clone, Debug)]
pub struct Data {
    /// Per terrain (index = [`Terrain::index`]).
    pub terrain: Vec<TerrainData>,
    /// Rank of each terrain in the Evolution marker order (0 = leftmost).
    pub evolution_rank: [u8; 8],
    /// Element disks per type.
    pub elements_per_type: u16,
    /// Cubes per animal.
    pub cubes: u8,
    /// Cubes on the central tile at setup.
    pub start_on_center: u8,
    /// Basic pawns by player count (index 2..=4).
    pub basic_pawns: [u8; 5],
    /// Basic pawns per animal in the two-animal variant.
    pub basic_two_animals: u8,
    /// Cylinders per colour.
    pub pawns_per_colour: u8,
    /// Vent tiles in all.
    pub vents_total: u8,
    /// Bonus Points table for counts 1..
    pub bonus: Vec<u32>,
    /// Target markers' start.
    pub target_start: u32,
    /// Pack Hunters' target start.
    pub pack_hunters_target: u32,
    /// Evolution cards out by length (short, standard, long, epic).
    pub removed: [u8; 4],
    /// Cards shuffled with the Asteroid.
    pub bottom_stack: u8,
    /// Evolution card slots.
    pub slots: u8,
    /// Traits dealt.
    pub traits_dealt: u8,
    /// Traits kept.
    pub traits_keep: u8,
    /// Traits kept with Superheroes.
    pub traits_keep_superheroes: u8,
    /// Traits drawn by Gene Expression and Exaptation.
    pub traits_redraw: u8,
    /// Display capacity.
    pub display_capacity: u8,
    /// Rule flags.
    pub rules: RuleFlags,
    /// The central tile.
    pub center: HexId,
    /// Starting tiles.
    pub start_tiles: Vec<(HexId, Tile, StartRole)>,
    /// Starting elements (corner of the central tile, type).
    pub start_elements: Vec<(CornerId, Element)>,
    /// Wanderlust stacks and their size.
    pub stacks: u8,
    /// Tiles per stack.
    pub stack_size: u8,
    /// Printed elements per animal, as counts per type.
    pub printed: [[u8; 6]; 4],
    /// Display colour names.
    pub colours: [String; 4],
    /// The action display's spaces in order.
    pub spaces: Vec<SpaceDef>,
    /// The same spaces as bitsets, for listing a turn's placements.
    pub space_sets: SpaceSets,
    /// The sections in order.
    pub sections: Vec<SectionDef>,
    /// Per evolution card.
    pub cards: Vec<CardData>,
    /// Per trait card.
    pub traits: Vec<TraitData>,
    /// Each evolution card's text, in [`Card::ALL`] order.
    pub card_texts: Vec<CardText>,
    /// Each trait card's text, in [`Trait::ALL`] order.
    pub trait_texts: Vec<CardText>,
    /// The Survival card's text.
    pub survival_text: CardText,
}

impl Data {
    /// Section index of an action, if the display has it.
    pub fn section_of(&self, a: Action) -> Option<&SectionDef> {
        self.sections.iter().find(|s| s.action == a)
    }

    /// Circles of the section with this action (0 if absent).
    pub fn circles(&self, a: Action) -> usize {
        self.section_of(a).map_or(0, |s| s.circles as usize)
    }

    /// Marker squares of the section with this action (0 if absent).
    pub fn markers(&self, a: Action) -> usize {
        self.section_of(a).map_or(0, |s| s.markers as usize)
    }

    /// Bonus VPs for a count (0 for 0; the last entry beyond the table).
    pub fn bonus_vp(&self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let i = (n as usize - 1).min(self.bonus.len().saturating_sub(1));
        self.bonus.get(i).copied().unwrap_or(0)
    }

    /// A card's data.
    pub fn card(&self, c: Card) -> &CardData {
        &self.cards[c.index()]
    }

    /// A trait's data.
    pub fn trait_data(&self, t: Trait) -> &TraitData {
        &self.traits[t.index()]
    }

    /// Scoring places of a terrain.
    pub fn places(&self, t: Terrain) -> &[u32] {
        &self.terrain[t.index()].places
    }
}

/// The data, parsed and checked once: the infallible accessor every rule
/// reads after setup.
///
/// Setting up a game ([`Setup::parse`](crate::Setup::parse),
/// [`new_game`](crate::setup::new_game)) and reading a position call
/// [`try_data`] first and refuse with the [`DataError`] (file and field) when
/// the embedded files are broken, so no game reaches this accessor with bad
/// data; the unit test `shipped_data_is_valid` proves the shipped files parse.
#[inline]
pub fn data() -> &'static Data {
    // The rules read the tables on every step: once loaded, one atomic load.
    match DATA.get() {
        Some(Ok(d)) => d,
        _ => loaded(),
    }
}

#[cold]
fn loaded() -> &'static Data {
    // Setup and the position reader checked the data with `try_data` before
    // any rule runs, and `shipped_data_is_valid` proves the embedded files
    // parse: this cannot fail.
    try_data().expect("the embedded data/marine files were checked at setup")
}

static DATA: OnceLock<Result<Data, DataError>> = OnceLock::new();

/// The data, loaded and checked once, or the error naming the file and field.
pub fn try_data() -> Result<&'static Data, DataError> {
    DATA.get_or_init(load).as_ref().map_err(|e| e.clone())
}

fn load() -> Result<Data, DataError> {
    parse(TERRAIN, COMPONENTS, BOARD, ANIMALS, DISPLAY, CARDS)
}

/// Parses and checks the data from the texts of the six files: the one
/// fallible reading of the component data, refusing a malformed file with a
/// [`DataError`] naming the file and the field.
pub fn parse(
    terrain_t: &str,
    components_t: &str,
    board_t: &str,
    animals_t: &str,
    display_t: &str,
    cards_t: &str,
) -> Result<Data, DataError> {
    // terrain.toml
    const TF: &str = "terrain.toml";
    let rt: RawTerrainFile = parse_toml(TF, terrain_t)?;
    if rt.terrain.len() != Terrain::COUNT {
        return Err(err(
            TF,
            "terrain",
            format!("expected {} terrains", Terrain::COUNT),
        ));
    }
    let mut terrains = Vec::new();
    for (i, t) in rt.terrain.iter().enumerate() {
        let f = format!("terrain[{i}]");
        let want = Terrain::ALL[i];
        if terrain(TF, &format!("{f}.name"), &t.name)? != want {
            return Err(err(
                TF,
                format!("{f}.name"),
                format!("expected `{want}` in this position"),
            ));
        }
        check_mark(TF, &format!("{f}.places"), &t.places_mark)?;
        check_mark(TF, &format!("{f}.speciation"), &t.speciation_mark)?;
        check_mark(TF, &format!("{f}.stack_tiles"), &t.stack_tiles_mark)?;
        check_mark(TF, &format!("{f}.markers"), &t.markers_mark)?;
        if t.places.is_empty() || t.places.len() > 4 {
            return Err(err(TF, format!("{f}.places"), "between 1 and 4 places"));
        }
        if want == Terrain::Vent && t.stack_tiles != 0 {
            return Err(err(
                TF,
                format!("{f}.stack_tiles"),
                "Vents are never in the stacks",
            ));
        }
        terrains.push(TerrainData {
            places: t.places.clone(),
            speciation: t.speciation,
            stack_tiles: t.stack_tiles,
            markers: t.markers,
        });
    }
    check_mark(TF, "evolution.order", &rt.evolution.order_mark)?;
    let mut evolution_rank = [u8::MAX; 8];
    if rt.evolution.order.len() != 8 {
        return Err(err(TF, "evolution.order", "list all eight terrains"));
    }
    for (i, n) in rt.evolution.order.iter().enumerate() {
        let t = terrain(TF, "evolution.order", n)?;
        if evolution_rank[t.index()] != u8::MAX {
            return Err(err(TF, "evolution.order", format!("`{t}` twice")));
        }
        evolution_rank[t.index()] = i as u8;
    }

    // components.toml
    const CF: &str = "components.toml";
    let c: RawComponents = parse_toml(CF, components_t)?;
    for (f, m) in [
        ("elements.per_type", &c.elements.per_type_mark),
        ("species.cubes", &c.species.cubes_mark),
        ("species.start_on_center", &c.species.start_on_center_mark),
        ("pawns.basic_2", &c.pawns.basic_2_mark),
        ("pawns.basic_3", &c.pawns.basic_3_mark),
        ("pawns.basic_4", &c.pawns.basic_4_mark),
        ("pawns.basic_two_animals", &c.pawns.basic_two_animals_mark),
        ("pawns.per_colour", &c.pawns.per_colour_mark),
        ("vents.total", &c.vents.total_mark),
        ("bonus.vp", &c.bonus.vp_mark),
        ("targets.start", &c.targets.start_mark),
        ("targets.pack_hunters", &c.targets.pack_hunters_mark),
        ("evolution.removed_short", &c.evolution.removed_short_mark),
        (
            "evolution.removed_standard",
            &c.evolution.removed_standard_mark,
        ),
        ("evolution.removed_long", &c.evolution.removed_long_mark),
        ("evolution.removed_epic", &c.evolution.removed_epic_mark),
        ("evolution.bottom_stack", &c.evolution.bottom_stack_mark),
        ("evolution.slots", &c.evolution.slots_mark),
        ("traits.dealt", &c.traits.dealt_mark),
        ("traits.keep", &c.traits.keep_mark),
        ("traits.keep_superheroes", &c.traits.keep_superheroes_mark),
        ("traits.redraw", &c.traits.redraw_mark),
        ("display.capacity", &c.display.capacity_mark),
        ("rules.tectonics_edge", &c.rules.tectonics_edge_mark),
        (
            "rules.competition_special_needs_presence",
            &c.rules.competition_special_needs_presence_mark,
        ),
        (
            "rules.domination_own_pawn",
            &c.rules.domination_own_pawn_mark,
        ),
        (
            "rules.setup_cards_trigger_events",
            &c.rules.setup_cards_trigger_events_mark,
        ),
        ("rules.max_rounds", &c.rules.max_rounds_mark),
    ] {
        check_mark(CF, f, m)?;
    }
    if c.elements.per_type == 0 || c.elements.per_type > 200 {
        return Err(err(CF, "elements.per_type", "between 1 and 200"));
    }
    if c.species.cubes < 2 || c.species.cubes > 200 {
        return Err(err(CF, "species.cubes", "between 2 and 200"));
    }
    if c.species.start_on_center >= c.species.cubes {
        return Err(err(CF, "species.start_on_center", "fewer than the cubes"));
    }
    let per_colour = c.pawns.per_colour;
    for (f, v) in [
        ("pawns.basic_2", c.pawns.basic_2),
        ("pawns.basic_3", c.pawns.basic_3),
        ("pawns.basic_4", c.pawns.basic_4),
        ("pawns.basic_two_animals", c.pawns.basic_two_animals),
    ] {
        if v == 0 || v > per_colour {
            return Err(err(CF, f, "between 1 and pawns.per_colour"));
        }
    }
    if c.vents.total < 2 || c.vents.total > 37 {
        return Err(err(CF, "vents.total", "between 2 and 37"));
    }
    if c.bonus.vp.is_empty() {
        return Err(err(CF, "bonus.vp", "at least one entry"));
    }
    if c.evolution.slots == 0 || c.evolution.slots as usize > MAX_SLOTS {
        return Err(err(
            CF,
            "evolution.slots",
            format!("between 1 and {MAX_SLOTS}"),
        ));
    }
    let removed = [
        c.evolution.removed_short,
        c.evolution.removed_standard,
        c.evolution.removed_long,
        c.evolution.removed_epic,
    ];
    let others = Card::COUNT as u32 - 1;
    for (i, r) in removed.iter().enumerate() {
        let f = [
            "removed_short",
            "removed_standard",
            "removed_long",
            "removed_epic",
        ][i];
        if *r as u32 + c.evolution.bottom_stack as u32 > others {
            return Err(err(CF, format!("evolution.{f}"), "too many cards removed"));
        }
    }
    if c.traits.dealt == 0
        || c.traits.keep == 0
        || c.traits.keep > c.traits.dealt
        || c.traits.keep_superheroes > c.traits.dealt
        || c.traits.keep_superheroes == 0
        || c.traits.dealt as usize * 4 > Trait::COUNT
    {
        return Err(err(
            CF,
            "traits",
            "need 1 <= keep <= dealt and dealt x 4 <= 18",
        ));
    }
    if c.traits.redraw == 0 || c.traits.redraw as usize > Trait::COUNT - 4 {
        return Err(err(CF, "traits.redraw", "between 1 and 14"));
    }
    if c.display.capacity == 0 || c.display.capacity > 8 {
        return Err(err(CF, "display.capacity", "between 1 and 8"));
    }
    let edge_is_grid = match c.rules.tectonics_edge.as_str() {
        "grid" => true,
        "tiles" => false,
        o => {
            return Err(err(
                CF,
                "rules.tectonics_edge",
                format!("`{o}`: use \"grid\" or \"tiles\""),
            ))
        }
    };

    // board.toml
    const BF: &str = "board.toml";
    let b: RawBoard = parse_toml(BF, board_t)?;
    check_mark(BF, "radius", &b.radius_mark)?;
    check_mark(BF, "center", &b.center_mark)?;
    check_mark(BF, "stacks.count", &b.stacks.count_mark)?;
    check_mark(BF, "stacks.size", &b.stacks.size_mark)?;
    if b.radius != 3 {
        return Err(err(BF, "radius", "eons-earth's grid has radius 3"));
    }
    let grid = eons_earth::grid();
    let hex_id = |f: &str, h: [i8; 2]| {
        grid.id(Hex::new(h[0], h[1]))
            .ok_or_else(|| err(BF, f, format!("({},{}) is not on the grid", h[0], h[1])))
    };
    let center = hex_id("center", b.center)?;
    if b.stacks.count == 0 || b.stacks.count as usize > MAX_STACKS {
        return Err(err(
            BF,
            "stacks.count",
            format!("between 1 and {MAX_STACKS}"),
        ));
    }
    let mut start_tiles = Vec::new();
    for (i, t) in b.tile.iter().enumerate() {
        let f = format!("tile[{i}]");
        check_mark(BF, &f, &t.mark)?;
        let h = hex_id(&format!("{f}.hex"), t.hex)?;
        if start_tiles.iter().any(|&(o, _, _)| o == h) {
            return Err(err(BF, format!("{f}.hex"), "two tiles on one hex"));
        }
        let base = terrain(BF, &format!("{f}.terrain"), &t.terrain)?;
        if base == Terrain::Vent {
            return Err(err(
                BF,
                format!("{f}.terrain"),
                "a large terrain (Vents go in `vent`)",
            ));
        }
        let vent = match &t.vent {
            None => None,
            Some(v) => Some(
                Face::parse(v)
                    .ok_or_else(|| err(BF, format!("{f}.vent"), "use \"geyser\" or \"smoker\""))?,
            ),
        };
        let role = match t.role.as_str() {
            "top" => StartRole::Top,
            "bottom" => StartRole::Bottom,
            "center" => StartRole::Center,
            _ => return Err(err(BF, format!("{f}.role"), "use top, bottom or center")),
        };
        start_tiles.push((h, Tile { base, vent }, role));
    }
    if !start_tiles.iter().any(|&(h, _, _)| h == center) {
        return Err(err(BF, "center", "no starting tile there"));
    }
    let mut start_elements = Vec::new();
    let corners = grid.corners_of(center);
    for (i, e) in b.element.iter().enumerate() {
        let f = format!("element[{i}]");
        check_mark(BF, &f, &e.mark)?;
        let k = crate::types::parse_corner_name(&e.corner)
            .ok_or_else(|| err(BF, format!("{f}.corner"), "use e, se, sw, w, nw or ne"))?;
        let el = el(BF, &format!("{f}.element"), &e.element)?;
        if start_elements.iter().any(|&(c, _)| c == corners[k]) {
            return Err(err(BF, format!("{f}.corner"), "two elements on one corner"));
        }
        start_elements.push((corners[k], el));
    }
    let vents_at_start = start_tiles.iter().filter(|t| t.1.vent.is_some()).count();
    if vents_at_start > c.vents.total as usize {
        return Err(err(BF, "tile", "more starting Vents than vents.total"));
    }
    let stack_total: usize = terrains.iter().map(|t| t.stack_tiles as usize).sum();
    if stack_total != b.stacks.count as usize * b.stacks.size as usize {
        return Err(err(
            TF,
            "stack_tiles",
            format!(
                "stack tiles add up to {stack_total}, but board.toml has {} stacks of {}",
                b.stacks.count, b.stacks.size
            ),
        ));
    }
    if stack_total + start_tiles.len() > eons_earth::HEXES {
        return Err(err(BF, "tile", "more tiles than hexes"));
    }

    // animals.toml
    const AF: &str = "animals.toml";
    let a: RawAnimals = parse_toml(AF, animals_t)?;
    if a.animal.len() != 4 {
        return Err(err(AF, "animal", "list the four animals"));
    }
    let mut printed = [[0u8; 6]; 4];
    let mut colours: [String; 4] = Default::default();
    for (i, r) in a.animal.iter().enumerate() {
        let f = format!("animal[{i}]");
        let want = Animal::ALL[i];
        if Animal::parse(&r.name) != Some(want) {
            return Err(err(
                AF,
                format!("{f}.name"),
                format!("expected `{want}` (food-chain order)"),
            ));
        }
        check_mark(AF, &format!("{f}.printed"), &r.printed_mark)?;
        if r.printed.len() > c.display.capacity as usize {
            return Err(err(
                AF,
                format!("{f}.printed"),
                "more than the display capacity",
            ));
        }
        for p in &r.printed {
            printed[i][el(AF, &format!("{f}.printed"), p)?.index()] += 1;
        }
        colours[i] = r.colour.clone();
    }

    // display.toml
    const DF: &str = "display.toml";
    let d: RawDisplay = parse_toml(DF, display_t)?;
    let mut spaces = Vec::new();
    let mut sections = Vec::new();
    for (si, s) in d.section.iter().enumerate() {
        let f = format!("section[{si}]");
        check_mark(DF, &f, &s.mark)?;
        let action = Action::parse(&s.action)
            .filter(|&a| a != Action::BottomFeeder)
            .ok_or_else(|| {
                err(
                    DF,
                    format!("{f}.action"),
                    format!("unknown action `{}`", s.action),
                )
            })?;
        if sections.iter().any(|x: &SectionDef| x.action == action) {
            return Err(err(
                DF,
                format!("{f}.action"),
                "each action has one section",
            ));
        }
        let circles = s.circles.unwrap_or(0);
        let markers = s.markers.unwrap_or(0);
        let squares = s.squares.unwrap_or(0);
        if s.circles.is_some() {
            check_mark(DF, &format!("{f}.circles"), &s.circles_mark)?;
        }
        if s.markers.is_some() {
            check_mark(DF, &format!("{f}.markers"), &s.markers_mark)?;
        }
        if s.squares.is_some() {
            check_mark(DF, &format!("{f}.squares"), &s.squares_mark)?;
        }
        let needs_circles = matches!(
            action,
            Action::Abundance | Action::Adaptation | Action::Speciation | Action::Wanderlust
        );
        if needs_circles != (circles > 0) || circles as usize > MAX_CIRCLES {
            return Err(err(
                DF,
                format!("{f}.circles"),
                format!("Abundance, Adaptation, Speciation and Wanderlust have 1..={MAX_CIRCLES} circles, the others none"),
            ));
        }
        let needs_markers = matches!(action, Action::Competition | Action::Evolution);
        if needs_markers != (markers > 0) || markers as usize > MAX_MARKERS {
            return Err(err(
                DF,
                format!("{f}.markers"),
                format!("Competition and Evolution have 1..={MAX_MARKERS} marker squares, the others none"),
            ));
        }
        if (action == Action::Regression) != (squares > 0) || squares as usize > MAX_SQUARES {
            return Err(err(
                DF,
                format!("{f}.squares"),
                format!("Regression has 1..={MAX_SQUARES} cube squares, the others none"),
            ));
        }
        if s.space.is_empty() {
            return Err(err(DF, format!("{f}.space"), "at least one space"));
        }
        let first = spaces.len() as u8;
        for (ci, p) in s.space.iter().enumerate() {
            let g = format!("{f}.space[{ci}]");
            check_mark(DF, &g, &p.mark)?;
            let special = p.special.unwrap_or(false);
            let mut def = SpaceDef {
                action,
                section: si as u8,
                col: ci as u8,
                special,
                vent: None,
                circle: None,
                cubes: None,
                eliminate: 0,
                marker: None,
                slot: 0,
                min_players: 0,
            };
            let unexpected = |name: &str, present: bool| -> Result<(), DataError> {
                if present {
                    Err(err(
                        DF,
                        format!("{g}.{name}"),
                        format!("not used by {action}"),
                    ))
                } else {
                    Ok(())
                }
            };
            if action != Action::Autotrophs {
                unexpected("vent", p.vent.is_some())?;
            }
            if action != Action::Speciation {
                unexpected("circle", p.circle.is_some())?;
            }
            if action != Action::Migration {
                unexpected("cubes", p.cubes.is_some())?;
            }
            if action != Action::Competition {
                unexpected("eliminate", p.eliminate.is_some())?;
            }
            if !matches!(action, Action::Competition | Action::Evolution) {
                unexpected("marker", p.marker.is_some())?;
            }
            if action != Action::Evolution {
                unexpected("slot", p.slot.is_some())?;
            }
            if action != Action::Domination {
                unexpected("min_players", p.min_players.is_some())?;
            }
            match action {
                Action::Autotrophs => {
                    def.vent = Some(p.vent.as_deref().and_then(Face::parse).ok_or_else(|| {
                        err(DF, format!("{g}.vent"), "use \"smoker\" or \"geyser\"")
                    })?);
                }
                Action::Speciation => {
                    if special {
                        unexpected("circle", p.circle.is_some())?;
                    } else {
                        let k = p.circle.unwrap_or(0);
                        if k == 0 || k > circles {
                            return Err(err(DF, format!("{g}.circle"), format!("1..={circles}")));
                        }
                        def.circle = Some(k - 1);
                    }
                }
                Action::Migration => {
                    let k = p
                        .cubes
                        .ok_or_else(|| err(DF, format!("{g}.cubes"), "missing (0 = all)"))?;
                    def.cubes = if k == 0 { None } else { Some(k) };
                }
                Action::Competition => {
                    def.eliminate = p
                        .eliminate
                        .filter(|&e| e > 0)
                        .ok_or_else(|| err(DF, format!("{g}.eliminate"), "missing or 0"))?;
                    if special {
                        unexpected("marker", p.marker.is_some())?;
                    } else {
                        let k = p.marker.unwrap_or(0);
                        if k == 0 || k > markers {
                            return Err(err(DF, format!("{g}.marker"), format!("1..={markers}")));
                        }
                        def.marker = Some(k - 1);
                    }
                }
                Action::Evolution => {
                    if special {
                        return Err(err(
                            DF,
                            format!("{g}.special"),
                            "Evolution has no special space",
                        ));
                    }
                    let k = p.marker.unwrap_or(0);
                    if k == 0 || k > markers {
                        return Err(err(DF, format!("{g}.marker"), format!("1..={markers}")));
                    }
                    def.marker = Some(k - 1);
                    let sl = p.slot.unwrap_or(0);
                    if sl == 0 || sl > c.evolution.slots {
                        return Err(err(
                            DF,
                            format!("{g}.slot"),
                            format!("1..={}", c.evolution.slots),
                        ));
                    }
                    def.slot = sl;
                }
                Action::Domination => {
                    def.min_players = p.min_players.unwrap_or(2);
                }
                _ => {}
            }
            spaces.push(def);
        }
        if spaces.len() > MAX_SPACES {
            return Err(err(DF, "section", format!("more than {MAX_SPACES} spaces")));
        }
        sections.push(SectionDef {
            action,
            circles,
            markers,
            squares,
            first,
            len: s.space.len() as u8,
        });
    }
    for need in [
        Action::Abundance,
        Action::Autotrophs,
        Action::Depletion,
        Action::Adaptation,
        Action::Regression,
        Action::Speciation,
        Action::Wanderlust,
        Action::Tectonics,
        Action::Migration,
        Action::Competition,
        Action::Evolution,
        Action::Domination,
    ] {
        if !sections.iter().any(|s| s.action == need) {
            return Err(err(DF, "section", format!("no `{need}` section")));
        }
    }
    let markers_used: usize = sections.iter().map(|s| s.markers as usize).sum();
    let markers_total: usize = terrains.iter().map(|t| t.markers as usize).sum();
    if markers_used > markers_total {
        return Err(err(
            DF,
            "markers",
            "more marker squares than terrain markers",
        ));
    }

    // cards.toml
    const KF: &str = "cards.toml";
    let k: RawCards = parse_toml(KF, cards_t)?;
    if k.evolution.len() != Card::COUNT {
        return Err(err(
            KF,
            "evolution",
            format!("list all {} evolution cards", Card::COUNT),
        ));
    }
    let mut cards = Vec::new();
    let mut card_texts = Vec::new();
    for (i, r) in k.evolution.iter().enumerate() {
        let want = Card::ALL[i];
        let f = format!("evolution[{i}]");
        if Card::parse(&r.name) != Some(want) {
            return Err(err(
                KF,
                format!("{f}.name"),
                format!("expected `{want}` (alphabetical)"),
            ));
        }
        let f = format!("evolution.{want}");
        card_texts.push(card_text(
            KF,
            &format!("{f}.text"),
            want.title(),
            &r.text,
            &r.text_mark,
        )?);
        check_mark(KF, &format!("{f}.icon"), &r.icon_mark)?;
        let icon = Icon::parse(&r.icon).ok_or_else(|| {
            err(
                KF,
                format!("{f}.icon"),
                "use \"extinction\", \"survival\" or \"none\"",
            )
        })?;
        let element = match &r.element {
            Some(e) => {
                check_mark(KF, &format!("{f}.element"), &r.element_mark)?;
                Some(el(KF, &format!("{f}.element"), e)?)
            }
            None => None,
        };
        if r.count.is_some() {
            check_mark(KF, &format!("{f}.count"), &r.count_mark)?;
        }
        let terrain_p = match &r.terrain {
            Some(t) => {
                check_mark(KF, &format!("{f}.terrain"), &r.terrain_mark)?;
                Some(terrain(KF, &format!("{f}.terrain"), t)?)
            }
            None => None,
        };
        if r.own_tile.is_some() {
            check_mark(KF, &format!("{f}.own_tile"), &r.own_tile_mark)?;
        }
        let needs_el = matches!(
            want,
            Card::Annelids
                | Card::CarbonCycle
                | Card::Endosymbionts
                | Card::Producers
                | Card::SemiAquatic
                | Card::Univalves
        );
        if needs_el != element.is_some() {
            return Err(err(
                KF,
                format!("{f}.element"),
                "the six \"1 VP per tile\" cards need an element, the others none",
            ));
        }
        let needs_count = matches!(
            want,
            Card::Asteroid
                | Card::Biomass
                | Card::Extremophiles
                | Card::SolarRadiation
                | Card::Terrestrial
        );
        if needs_count != r.count.is_some() {
            return Err(err(
                KF,
                format!("{f}.count"),
                "needed by asteroid, biomass, extremophiles, solar-radiation and terrestrial only",
            ));
        }
        if (want == Card::MarineSnow) != terrain_p.is_some() {
            return Err(err(
                KF,
                format!("{f}.terrain"),
                "needed by marine-snow only",
            ));
        }
        let own_card = matches!(
            want,
            Card::Fertile | Card::Omnivore | Card::PopulationExplosion
        );
        if !own_card && r.own_tile.is_some() {
            return Err(err(
                KF,
                format!("{f}.own_tile"),
                "used by fertile, omnivore and population-explosion only",
            ));
        }
        if want == Card::Asteroid && r.count == Some(0) {
            // Zero survivors is a legal reading; nothing to check.
        }
        cards.push(CardData {
            icon,
            element,
            count: r.count.unwrap_or(0),
            terrain: terrain_p,
            own_tile: r.own_tile.unwrap_or(false),
        });
    }
    if cards[Card::Asteroid.index()].icon != Icon::None && cards[Card::Asteroid.index()].count > 5 {
        return Err(err(KF, "evolution.asteroid.count", "at most 5"));
    }
    if k.traits.len() != Trait::COUNT {
        return Err(err(
            KF,
            "trait",
            format!("list all {} trait cards", Trait::COUNT),
        ));
    }
    let mut traits = Vec::new();
    let mut trait_texts = Vec::new();
    for (i, r) in k.traits.iter().enumerate() {
        let want = Trait::ALL[i];
        if Trait::parse(&r.name) != Some(want) {
            return Err(err(
                KF,
                format!("trait[{i}].name"),
                format!("expected `{want}` (alphabetical)"),
            ));
        }
        let f = format!("trait.{want}");
        check_mark(KF, &f, &r.mark)?;
        trait_texts.push(card_text(
            KF,
            &format!("{f}.text"),
            want.title(),
            &r.text,
            &r.text_mark,
        )?);
        let element = match &r.element {
            Some(e) => {
                check_mark(KF, &format!("{f}.element"), &r.element_mark)?;
                Some(el(KF, &format!("{f}.element"), e)?)
            }
            None => None,
        };
        if r.count.is_some() {
            check_mark(KF, &format!("{f}.count"), &r.count_mark)?;
        }
        if (want == Trait::RamFeeder) != element.is_some() {
            return Err(err(KF, format!("{f}.element"), "needed by ram-feeder only"));
        }
        let needs_count = !matches!(
            want,
            Trait::Flight
                | Trait::Hadopelagic
                | Trait::PackHunters
                | Trait::RamFeeder
                | Trait::Resilience
                | Trait::Social
                | Trait::Solitary
        );
        if needs_count != r.count.is_some() {
            return Err(err(
                KF,
                format!("{f}.count"),
                if needs_count { "missing" } else { "not used" },
            ));
        }
        if want == Trait::PhenotypicPlasticity && r.count.unwrap_or(0) > 2 {
            return Err(err(KF, format!("{f}.count"), "at most 2 extra spaces"));
        }
        traits.push(TraitData {
            element,
            count: r.count.unwrap_or(0),
        });
    }

    let _ = Corner::east(Hex::new(0, 0));
    let survival_text = card_text(
        KF,
        "survival.text",
        &k.survival.name,
        &k.survival.text,
        &k.survival.text_mark,
    )?;
    Ok(Data {
        card_texts,
        trait_texts,
        survival_text,
        terrain: terrains,
        evolution_rank,
        elements_per_type: c.elements.per_type,
        cubes: c.species.cubes,
        start_on_center: c.species.start_on_center,
        basic_pawns: [0, 0, c.pawns.basic_2, c.pawns.basic_3, c.pawns.basic_4],
        basic_two_animals: c.pawns.basic_two_animals,
        pawns_per_colour: per_colour,
        vents_total: c.vents.total,
        bonus: c.bonus.vp,
        target_start: c.targets.start,
        pack_hunters_target: c.targets.pack_hunters,
        removed,
        bottom_stack: c.evolution.bottom_stack,
        slots: c.evolution.slots,
        traits_dealt: c.traits.dealt,
        traits_keep: c.traits.keep,
        traits_keep_superheroes: c.traits.keep_superheroes,
        traits_redraw: c.traits.redraw,
        display_capacity: c.display.capacity,
        rules: RuleFlags {
            edge_is_grid,
            competition_special_needs_presence: c.rules.competition_special_needs_presence,
            domination_own_pawn: c.rules.domination_own_pawn,
            setup_cards_trigger_events: c.rules.setup_cards_trigger_events,
            max_rounds: c.rules.max_rounds,
        },
        center,
        start_tiles,
        start_elements,
        stacks: b.stacks.count,
        stack_size: b.stacks.size,
        printed,
        colours,
        space_sets: SpaceSets::new(&spaces),
        spaces,
        sections,
        cards,
        traits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files shipped in `data/marine/` parse and pass every check, so the
    /// infallible [`data`] accessor never fails.
    #[test]
    fn shipped_data_is_valid() {
        let parsed = parse(TERRAIN, COMPONENTS, BOARD, ANIMALS, DISPLAY, CARDS);
        assert!(parsed.is_ok(), "{:?}", parsed.err());
        assert!(try_data().is_ok());
    }

    #[test]
    fn embedded_data_loads() {
        let d = try_data().expect("data loads");
        assert_eq!(d.spaces.len(), 37, "reference 4.1: 37 spaces");
        assert_eq!(
            d.spaces.iter().filter(|s| s.special).count(),
            6,
            "p.8: six special-only actions"
        );
        assert_eq!(d.start_tiles.len(), 15, "p.4: fifteen starting tiles");
        assert_eq!(d.start_elements.len(), 6, "p.4: six starting elements");
    }

    /// Rulebook p.16: the Kelp Forest scores 7 / 4 / 2 (Evolution example, p.17).
    #[test]
    fn kelp_scores_seven_four_two_p17() {
        assert_eq!(data().places(Terrain::Kelp), &[7, 4, 2]);
        assert_eq!(data().places(Terrain::Land).len(), 4);
        assert_eq!(data().places(Terrain::Vent).len(), 1);
    }

    /// Rulebook p.6: Bonus Points table; p.13-14 examples: 2 -> 3 VP, 3 -> 6 VP.
    #[test]
    fn bonus_table_p6() {
        let d = data();
        assert_eq!(d.bonus_vp(0), 0);
        assert_eq!(d.bonus_vp(2), 3);
        assert_eq!(d.bonus_vp(3), 6);
        assert_eq!(d.bonus_vp(12), 45);
    }

    #[test]
    fn malformed_file_names_file_and_field() {
        let bad = COMPONENTS.replace("per_type = 20", "per_type = 0");
        let e = parse(TERRAIN, &bad, BOARD, ANIMALS, DISPLAY, CARDS).unwrap_err();
        assert_eq!(e.file, "components.toml");
        assert_eq!(e.field, "elements.per_type");
        let bad = DISPLAY.replacen("vent = \"smoker\"", "vent = \"volcano\"", 1);
        let e = parse(TERRAIN, COMPONENTS, BOARD, ANIMALS, &bad, CARDS).unwrap_err();
        assert_eq!(e.file, "display.toml");
        assert!(e.field.ends_with(".vent"), "{e}");
        let bad = CARDS.replacen("icon_mark = \"placeholder\"", "icon_mark = \"P\"", 1);
        let e = parse(TERRAIN, COMPONENTS, BOARD, ANIMALS, DISPLAY, &bad).unwrap_err();
        assert!(e.to_string().contains("cards.toml"), "{e}");
        let bad = TERRAIN.replacen("speciation = 1", "speciation = \"one\"", 1);
        let e = parse(&bad, COMPONENTS, BOARD, ANIMALS, DISPLAY, CARDS).unwrap_err();
        assert_eq!(e.file, "terrain.toml");
    }
}
