//! Components of Dominant Species: animals, elements, terrains, cards, the
//! board's hexes, and the tables of components read from the TOML files in
//! `data/dominant-species/` (embedded at build time, parsed and checked once
//! by [`parse`]; every value there carries its provenance mark, see the
//! folder's README).
//!
//! Sources: the rulebook (`shared/seeds/001…`, page numbers below) and
//! `shared/reference/dominant-species.md` for facts only printed on the board
//! (marked there `[BGF+2]`: board hexes, starting corners, tile mix, the
//! scoring numbers not quoted in the rulebook, the Speciation element order).

use eons_core::{Corner, Hex};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The six animals in food-chain order, best first (rulebook p.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Animal {
    /// Mammals: may save one endangered species at each Extinction (p.20).
    Mammals,
    /// Reptiles: a free AP in Regression (p.11).
    Reptiles,
    /// Birds: migrate up to two tiles (p.15).
    Birds,
    /// Amphibians: three default water elements.
    Amphibians,
    /// Arachnids: a free competition on one tile of any terrain (p.15).
    Arachnids,
    /// Insects: a free species after Speciation (p.14).
    Insects,
}

impl Animal {
    /// All animals in food-chain order.
    pub const ALL: [Animal; 6] = [
        Animal::Mammals,
        Animal::Reptiles,
        Animal::Birds,
        Animal::Amphibians,
        Animal::Arachnids,
        Animal::Insects,
    ];
    /// Food-chain index (0 = mammals).
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The animal with this food-chain index.
    pub fn from_index(i: usize) -> Option<Animal> {
        Animal::ALL.get(i).copied()
    }
    /// The element printed on the display (and paired in the random earth setup, p.17).
    pub const fn element(self) -> Element {
        match self {
            Animal::Mammals => Element::Meat,
            Animal::Reptiles => Element::Sun,
            Animal::Birds => Element::Seed,
            Animal::Amphibians => Element::Water,
            Animal::Arachnids => Element::Grub,
            Animal::Insects => Element::Grass,
        }
    }
    /// Number of default (printed) elements: three water for amphibians (p.6 example), two otherwise.
    pub const fn default_count(self) -> u8 {
        match self {
            Animal::Amphibians => 3,
            _ => 2,
        }
    }
    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Animal::Mammals => "mammals",
            Animal::Reptiles => "reptiles",
            Animal::Birds => "birds",
            Animal::Amphibians => "amphibians",
            Animal::Arachnids => "arachnids",
            Animal::Insects => "insects",
        }
    }
    /// Parses a name (singular or plural, any case).
    pub fn parse(s: &str) -> Option<Animal> {
        let s = s.trim().to_ascii_lowercase();
        Animal::ALL
            .into_iter()
            .find(|a| s == a.name() || s == a.name().trim_end_matches('s'))
    }
}

/// The animal as players read it, with a capital ("Birds"); [`Animal::name`]
/// is the lower-case name files and options use.
impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Animal::Mammals => "Mammals",
            Animal::Reptiles => "Reptiles",
            Animal::Birds => "Birds",
            Animal::Amphibians => "Amphibians",
            Animal::Arachnids => "Arachnids",
            Animal::Insects => "Insects",
        })
    }
}

/// The six element types, ordered like the Speciation spaces (meat, sun,
/// seed, water, grub, grass), so that `Animal::X.element()` has the animal's index.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Element {
    /// Meat (mammals).
    Meat,
    /// Sun (reptiles).
    Sun,
    /// Seed (birds).
    Seed,
    /// Water (amphibians).
    Water,
    /// Grub (arachnids).
    Grub,
    /// Grass (insects).
    Grass,
}

impl Element {
    /// All element types.
    pub const ALL: [Element; 6] = [
        Element::Meat,
        Element::Sun,
        Element::Seed,
        Element::Water,
        Element::Grub,
        Element::Grass,
    ];
    /// Index 0..6.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The element with this index.
    pub fn from_index(i: usize) -> Option<Element> {
        Element::ALL.get(i).copied()
    }
    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Element::Meat => "meat",
            Element::Sun => "sun",
            Element::Seed => "seed",
            Element::Water => "water",
            Element::Grub => "grub",
            Element::Grass => "grass",
        }
    }
    /// Parses a name.
    pub fn parse(s: &str) -> Option<Element> {
        let s = s.trim().to_ascii_lowercase();
        Element::ALL.into_iter().find(|e| s == e.name())
    }
}

impl fmt::Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The eight terrains (p.3), in Tile Scoring order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// Sea.
    Sea,
    /// Wetland.
    Wetland,
    /// Savannah.
    Savannah,
    /// Jungle.
    Jungle,
    /// Forest.
    Forest,
    /// Desert.
    Desert,
    /// Mountain.
    Mountain,
    /// Tundra: a large tile covered by a small tundra tile (p.13).
    Tundra,
}

impl Terrain {
    /// All terrains.
    pub const ALL: [Terrain; 8] = [
        Terrain::Sea,
        Terrain::Wetland,
        Terrain::Savannah,
        Terrain::Jungle,
        Terrain::Forest,
        Terrain::Desert,
        Terrain::Mountain,
        Terrain::Tundra,
    ];
    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Sea => "sea",
            Terrain::Wetland => "wetland",
            Terrain::Savannah => "savannah",
            Terrain::Jungle => "jungle",
            Terrain::Forest => "forest",
            Terrain::Desert => "desert",
            Terrain::Mountain => "mountain",
            Terrain::Tundra => "tundra",
        }
    }
    /// Three-letter abbreviation for the terminal board.
    pub const fn abbrev(self) -> &'static str {
        match self {
            Terrain::Sea => "SEA",
            Terrain::Wetland => "WET",
            Terrain::Savannah => "SAV",
            Terrain::Jungle => "JUN",
            Terrain::Forest => "FOR",
            Terrain::Desert => "DES",
            Terrain::Mountain => "MOU",
            Terrain::Tundra => "TUN",
        }
    }
    /// Parses a name.
    pub fn parse(s: &str) -> Option<Terrain> {
        let s = s.trim().to_ascii_lowercase();
        Terrain::ALL
            .into_iter()
            .find(|t| s == t.name() || s == t.abbrev().to_ascii_lowercase())
    }
    /// Index in Tile Scoring order.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The 26 Dominance cards (p.18–19).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Card {
    Aquatic,
    Biodiversity,
    Biomass,
    Blight,
    Catastrophe,
    ColdSnap,
    Disease,
    Ecodiversity,
    Evolution,
    Fecundity,
    Fertile,
    Habitat,
    Hibernation,
    IceAge,
    IceSheet,
    Immigrants,
    Instinct,
    Intelligence,
    MassExodus,
    Metamorphosis,
    NicheBiomes,
    Nocturnal,
    Omnivore,
    Parasitism,
    Predator,
    Symbiotic,
}

impl Card {
    /// All 26 Dominance cards.
    pub const ALL: [Card; 26] = [
        Card::Aquatic,
        Card::Biodiversity,
        Card::Biomass,
        Card::Blight,
        Card::Catastrophe,
        Card::ColdSnap,
        Card::Disease,
        Card::Ecodiversity,
        Card::Evolution,
        Card::Fecundity,
        Card::Fertile,
        Card::Habitat,
        Card::Hibernation,
        Card::IceAge,
        Card::IceSheet,
        Card::Immigrants,
        Card::Instinct,
        Card::Intelligence,
        Card::MassExodus,
        Card::Metamorphosis,
        Card::NicheBiomes,
        Card::Nocturnal,
        Card::Omnivore,
        Card::Parasitism,
        Card::Predator,
        Card::Symbiotic,
    ];
    /// The printed name (`data/dominant-species/cards.toml`).
    pub fn name(self) -> &'static str {
        &data().cards[self as usize].name
    }
    /// The card's full effect (`data/dominant-species/cards.toml`).
    pub fn text(self) -> &'static str {
        &data().cards[self as usize].text
    }
    /// Parses a card name (any case, spaces optional).
    pub fn parse(s: &str) -> Option<Card> {
        let norm = |x: &str| {
            x.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let s = norm(s);
        Card::ALL.into_iter().find(|c| norm(c.name()) == s)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The 35 hexes of the earth grid: the radius-3 hexagon minus (0,-3) and (0,3)
/// (reference §2.2, [BGF+2]).
pub fn board_hex(h: Hex) -> bool {
    h.distance(Hex::new(0, 0)) <= 3 && !(h.q == 0 && (h.r == -3 || h.r == 3))
}

// ------------------------------------------------------------------ tables

const TERRAIN_FILE: &str = "terrain.toml";
const COMPONENTS_FILE: &str = "components.toml";
const BOARD_FILE: &str = "board.toml";
const CARDS_FILE: &str = "cards.toml";

const TERRAIN_TOML: &str = include_str!("../../../data/dominant-species/terrain.toml");
const COMPONENTS_TOML: &str = include_str!("../../../data/dominant-species/components.toml");
const BOARD_TOML: &str = include_str!("../../../data/dominant-species/board.toml");
const CARDS_TOML: &str = include_str!("../../../data/dominant-species/cards.toml");

pub use eons_core::DataError;
use eons_core::Provenance;

fn err(file: &'static str, field: impl Into<String>, message: impl Into<String>) -> DataError {
    DataError::new("data/dominant-species", file, field, message)
}

/// The printed name and effect text of a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardText {
    /// The printed name ("Cold Snap").
    pub name: String,
    /// The rulebook page that describes the card.
    pub page: u8,
    /// The full effect, as the table shows it.
    pub text: String,
    /// The wording is reconstructed (`text_mark = "reconstructed"`): the rulebook does
    /// not reproduce the printed card text, so this restates the effect.
    pub reconstructed: bool,
}

/// Every component table, read from `data/dominant-species/*.toml`. Small
/// tables are plain arrays so that the rules read them without indirection.
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    /// Tile Scoring table (p.16; reference §3.1): VPs for 1st..4th place, per terrain.
    pub tile_scores: [[u32; 4]; 8],
    /// How many places score, per terrain.
    pub scoring_places: [u8; 8],
    /// Speciation limit per terrain (p.14).
    pub speciation_limits: [u8; 8],
    /// The large tiles in the game, per non-tundra terrain (reference §1.4).
    pub large_tiles: [(Terrain, u8); 7],
    /// Tundra tiles in the game (p.2).
    pub tundra_tiles: u8,
    /// Element disks of each type (120 / 6; reference §1.3).
    pub elements_per_type: u16,
    /// Cylinders (APs) of each colour (p.2).
    pub cylinders: u8,
    /// APs and cubes per animal for 2..=6 players (p.4).
    pub pieces: [(u8, u8); 5],
    /// The three terrains of each Competition eyeball space (p.15).
    pub competition_terrains: [[Terrain; 3]; 7],
    /// Migration values of the six Migration spaces (p.15).
    pub migration_values: [u8; 6],
    /// The seven starting tiles (p.4; positions reference §2.4): centre sea
    /// under tundra, then clockwise from the north.
    pub start_tiles: [(Hex, Terrain); 7],
    /// The 12 printed starting element corners (p.4; positions reference §2.5).
    pub start_elements: [(Corner, Element); 12],
    /// Standard starting species per animal in food-chain order (p.4).
    pub start_species: [[(Terrain, u8); 3]; 6],
    /// The 26 Dominance cards in [`Card::ALL`] order.
    pub cards: Vec<CardText>,
    /// The Survival card.
    pub survival: CardText,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrainFile {
    terrain: Vec<RawTerrain>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    name: String,
    scores: Vec<u32>,
    scores_mark: Option<String>,
    speciation: u8,
    speciation_mark: Option<String>,
    large_tiles: u8,
    large_tiles_mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawComponents {
    tundra_tiles: u8,
    tundra_tiles_mark: Option<String>,
    elements_per_type: u16,
    elements_per_type_mark: Option<String>,
    cylinders: u8,
    cylinders_mark: Option<String>,
    migration_values: Vec<u8>,
    migration_values_mark: Option<String>,
    pieces: Vec<RawPieces>,
    competition: Vec<RawCompetition>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPieces {
    players: u8,
    aps: u8,
    cubes: u8,
    mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCompetition {
    terrains: Vec<String>,
    mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    start_tile: Vec<RawStartTile>,
    start_element: Vec<RawStartElement>,
    start_species: Vec<RawStartSpecies>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartTile {
    hex: [i8; 2],
    terrain: String,
    mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartElement {
    hex: [i8; 2],
    point: String,
    element: String,
    mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartSpecies {
    animal: String,
    terrains: Vec<String>,
    counts: Vec<u8>,
    mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCards {
    card: Vec<RawCard>,
    survival: RawCardText,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    key: String,
    name: String,
    page: u8,
    text: String,
    mark: Option<String>,
    text_mark: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCardText {
    name: String,
    page: u8,
    text: String,
    mark: Option<String>,
    text_mark: Option<String>,
}

fn parse_toml<T: serde::de::DeserializeOwned>(
    file: &'static str,
    text: &str,
) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| err(file, "(file)", e.to_string().replace('\n', " ")))
}

fn check_mark(file: &'static str, field: &str, m: &Option<String>) -> Result<(), DataError> {
    mark(file, field, m, &[Provenance::Stated, Provenance::Inferred]).map(|_| ())
}

/// A mark ([`Provenance`]), one of `allowed`.
fn mark(
    file: &'static str,
    field: &str,
    m: &Option<String>,
    allowed: &[Provenance],
) -> Result<Provenance, DataError> {
    let m = m
        .as_deref()
        .ok_or_else(|| err(file, field, "missing mark"))?;
    Provenance::parse(m)
        .filter(|p| allowed.contains(p))
        .ok_or_else(|| {
            err(
                file,
                field,
                format!("unknown mark `{m}` (use {})", Provenance::listed(allowed)),
            )
        })
}

/// Reads a card text's `text_mark`: `stated` (the rulebook reproduces the
/// printed text word for word) or `reconstructed` (the printed wording is
/// lost and the text restates the effect). True when reconstructed.
fn text_reconstructed(
    file: &'static str,
    field: &str,
    m: &Option<String>,
) -> Result<bool, DataError> {
    mark(
        file,
        field,
        m,
        &[Provenance::Stated, Provenance::Reconstructed],
    )
    .map(Provenance::is_reconstructed)
}

fn terrain(file: &'static str, field: &str, s: &str) -> Result<Terrain, DataError> {
    Terrain::parse(s).ok_or_else(|| err(file, field, format!("unknown terrain `{s}`")))
}

fn exactly<T, const N: usize>(
    file: &'static str,
    field: &str,
    items: Vec<T>,
) -> Result<[T; N], DataError> {
    let n = items.len();
    items
        .try_into()
        .map_err(|_| err(file, field, format!("{n} entries, {N} expected")))
}

/// Parses and checks the four data files' texts.
pub fn parse(
    terrain_toml: &str,
    components: &str,
    board: &str,
    cards: &str,
) -> Result<Data, DataError> {
    // terrain.toml
    let f = TERRAIN_FILE;
    let raw: RawTerrainFile = parse_toml(f, terrain_toml)?;
    let rows: [RawTerrain; 8] = exactly(f, "terrain", raw.terrain)?;
    let mut tile_scores = [[0u32; 4]; 8];
    let mut scoring_places = [0u8; 8];
    let mut speciation_limits = [0u8; 8];
    let mut large_tiles = [(Terrain::Sea, 0u8); 7];
    for (i, row) in rows.iter().enumerate() {
        let field = |x: &str| format!("terrain[{i}].{x}");
        let t = terrain(f, &field("name"), &row.name)?;
        if t.index() != i {
            return Err(err(f, field("name"), format!("`{}` out of Tile Scoring order (sea, wetland, savannah, jungle, forest, desert, mountain, tundra)", row.name)));
        }
        check_mark(f, &field("scores_mark"), &row.scores_mark)?;
        check_mark(f, &field("speciation_mark"), &row.speciation_mark)?;
        check_mark(f, &field("large_tiles_mark"), &row.large_tiles_mark)?;
        if row.scores.is_empty() || row.scores.len() > 4 {
            return Err(err(f, field("scores"), "1 to 4 places expected"));
        }
        tile_scores[i][..row.scores.len()].copy_from_slice(&row.scores);
        scoring_places[i] = row.scores.len() as u8;
        if row.speciation == 0 {
            return Err(err(
                f,
                field("speciation"),
                "a limit of at least 1 expected",
            ));
        }
        speciation_limits[i] = row.speciation;
        if t == Terrain::Tundra {
            if row.large_tiles != 0 {
                return Err(err(f, field("large_tiles"), "tundra has no large tiles"));
            }
        } else {
            large_tiles[i] = (t, row.large_tiles);
        }
    }
    // components.toml
    let f = COMPONENTS_FILE;
    let raw: RawComponents = parse_toml(f, components)?;
    check_mark(f, "tundra_tiles_mark", &raw.tundra_tiles_mark)?;
    check_mark(f, "elements_per_type_mark", &raw.elements_per_type_mark)?;
    check_mark(f, "cylinders_mark", &raw.cylinders_mark)?;
    check_mark(f, "migration_values_mark", &raw.migration_values_mark)?;
    let (tundra_tiles, elements_per_type, cylinders) =
        (raw.tundra_tiles, raw.elements_per_type, raw.cylinders);
    if raw.tundra_tiles == 0 {
        return Err(err(
            f,
            "tundra_tiles",
            "at least one (the starting tundra) expected",
        ));
    }
    let migration_values: [u8; 6] = exactly(f, "migration_values", raw.migration_values)?;
    let rows: [RawPieces; 5] = exactly(f, "pieces", raw.pieces)?;
    let mut pieces = [(0u8, 0u8); 5];
    for (i, row) in rows.iter().enumerate() {
        let field = |x: &str| format!("pieces[{i}].{x}");
        check_mark(f, &field("mark"), &row.mark)?;
        if row.players as usize != i + 2 {
            return Err(err(
                f,
                field("players"),
                format!(
                    "{} players where {} expected (2 to 6 in order)",
                    row.players,
                    i + 2
                ),
            ));
        }
        if row.aps == 0 || row.aps > raw.cylinders || row.cubes == 0 {
            return Err(err(
                f,
                field("aps"),
                "at least one AP and one cube, and no more APs than cylinders",
            ));
        }
        pieces[i] = (row.aps, row.cubes);
    }
    let rows: [RawCompetition; 7] = exactly(f, "competition", raw.competition)?;
    let mut competition_terrains = [[Terrain::Tundra; 3]; 7];
    for (i, row) in rows.iter().enumerate() {
        let field = format!("competition[{i}].terrains");
        check_mark(f, &format!("competition[{i}].mark"), &row.mark)?;
        let names: [&String; 3] = exactly(f, &field, row.terrains.iter().collect())?;
        for (k, name) in names.iter().enumerate() {
            competition_terrains[i][k] = terrain(f, &field, name)?;
        }
    }
    // board.toml
    let f = BOARD_FILE;
    let raw: RawBoard = parse_toml(f, board)?;
    let rows: [RawStartTile; 7] = exactly(f, "start_tile", raw.start_tile)?;
    let mut start_tiles = [(Hex::new(0, 0), Terrain::Sea); 7];
    for (i, row) in rows.iter().enumerate() {
        let field = |x: &str| format!("start_tile[{i}].{x}");
        check_mark(f, &field("mark"), &row.mark)?;
        let h = Hex::new(row.hex[0], row.hex[1]);
        if !board_hex(h) {
            return Err(err(
                f,
                field("hex"),
                format!("{h} is not a hex of the board"),
            ));
        }
        let t = terrain(f, &field("terrain"), &row.terrain)?;
        if t == Terrain::Tundra || start_tiles[..i].iter().any(|&(x, y)| x == h || y == t) {
            return Err(err(
                f,
                field("terrain"),
                "seven different hexes of seven different non-tundra terrains expected",
            ));
        }
        start_tiles[i] = (h, t);
    }
    if start_tiles[0].0 != Hex::new(0, 0) {
        return Err(err(
            f,
            "start_tile[0].hex",
            "the first starting tile is the centre [0, 0], under tundra",
        ));
    }
    let rows: [RawStartElement; 12] = exactly(f, "start_element", raw.start_element)?;
    let mut start_elements = [(Corner::east(Hex::new(0, 0)), Element::Meat); 12];
    for (i, row) in rows.iter().enumerate() {
        let field = |x: &str| format!("start_element[{i}].{x}");
        check_mark(f, &field("mark"), &row.mark)?;
        let h = Hex::new(row.hex[0], row.hex[1]);
        let c = match row.point.as_str() {
            "east" => Corner::east(h),
            "west" => Corner::west(h),
            other => {
                return Err(err(
                    f,
                    field("point"),
                    format!("`{other}`: east or west expected"),
                ))
            }
        };
        if eons_earth::grid().corner_id(c).is_none() {
            return Err(err(
                f,
                field("hex"),
                format!("{c} is not a corner of the board"),
            ));
        }
        let e = Element::parse(&row.element).ok_or_else(|| {
            err(
                f,
                field("element"),
                format!("unknown element `{}`", row.element),
            )
        })?;
        start_elements[i] = (c, e);
    }
    let rows: [RawStartSpecies; 6] = exactly(f, "start_species", raw.start_species)?;
    let mut start_species = [[(Terrain::Sea, 0u8); 3]; 6];
    for (i, row) in rows.iter().enumerate() {
        let field = |x: &str| format!("start_species[{i}].{x}");
        check_mark(f, &field("mark"), &row.mark)?;
        if Animal::parse(&row.animal) != Animal::from_index(i) {
            return Err(err(
                f,
                field("animal"),
                format!("`{}` out of food-chain order", row.animal),
            ));
        }
        let names: [&String; 3] = exactly(f, &field("terrains"), row.terrains.iter().collect())?;
        let counts: [u8; 3] = exactly(f, &field("counts"), row.counts.clone())?;
        for k in 0..3 {
            let t = terrain(f, &field("terrains"), names[k])?;
            if !start_tiles.iter().any(|&(_, x)| x == t) {
                return Err(err(
                    f,
                    field("terrains"),
                    format!("no starting tile is {t}"),
                ));
            }
            start_species[i][k] = (t, counts[k]);
        }
    }
    let fewest_cubes = pieces.iter().map(|p| u32::from(p.1)).min().unwrap_or(0);
    for (i, row) in start_species.iter().enumerate() {
        if row.iter().map(|&(_, k)| u32::from(k)).sum::<u32>() >= fewest_cubes {
            return Err(err(
                f,
                format!("start_species[{i}].counts"),
                "more species than cubes",
            ));
        }
    }
    // Cross-file checks: the setup deals from these counts.
    let large_total: u32 = large_tiles.iter().map(|&(_, k)| u32::from(k)).sum();
    if !(7..=31).contains(&large_total) {
        return Err(err(TERRAIN_FILE, "large_tiles", format!("{large_total} large tiles: 7 starting tiles and at most 24 in three stacks of 8 expected")));
    }
    for &(_, t) in &start_tiles {
        if large_tiles.iter().all(|&(x, k)| x != t || k == 0) {
            return Err(err(
                TERRAIN_FILE,
                "large_tiles",
                format!("no large {t} tile for the starting tile"),
            ));
        }
    }
    if elements_per_type < 2 {
        return Err(err(
            COMPONENTS_FILE,
            "elements_per_type",
            "at least the two of each type on the starting corners expected",
        ));
    }
    // cards.toml
    let f = CARDS_FILE;
    let raw: RawCards = parse_toml(f, cards)?;
    let rows: [RawCard; 26] = exactly(f, "card", raw.card)?;
    let mut card_texts = Vec::with_capacity(26);
    for (i, row) in rows.into_iter().enumerate() {
        let field = |x: &str| format!("card[{i}].{x}");
        check_mark(f, &field("mark"), &row.mark)?;
        let expected = format!("{:?}", Card::ALL[i]);
        if row.key != expected {
            return Err(err(
                f,
                field("key"),
                format!(
                    "`{}` where `{expected}` expected (alphabetical order)",
                    row.key
                ),
            ));
        }
        if row.name.trim().is_empty() || row.text.trim().is_empty() {
            return Err(err(f, field("text"), "a name and a text expected"));
        }
        let reconstructed = text_reconstructed(f, &field("text_mark"), &row.text_mark)?;
        card_texts.push(CardText {
            name: row.name,
            page: row.page,
            text: row.text,
            reconstructed,
        });
    }
    check_mark(f, "survival.mark", &raw.survival.mark)?;
    let reconstructed = text_reconstructed(f, "survival.text_mark", &raw.survival.text_mark)?;
    let survival = CardText {
        name: raw.survival.name,
        page: raw.survival.page,
        text: raw.survival.text,
        reconstructed,
    };
    Ok(Data {
        tile_scores,
        scoring_places,
        speciation_limits,
        large_tiles,
        tundra_tiles,
        elements_per_type,
        cylinders,
        pieces,
        competition_terrains,
        migration_values,
        start_tiles,
        start_elements,
        start_species,
        cards: card_texts,
        survival,
    })
}

static DATA: OnceLock<Result<Data, DataError>> = OnceLock::new();

/// The shipped data, parsed and checked once, or the error naming the file
/// and field. [`State::new`](crate::State::new) and the position reader call
/// this, so a broken build refuses to set up a game.
pub fn try_data() -> Result<&'static Data, DataError> {
    DATA.get_or_init(|| parse(TERRAIN_TOML, COMPONENTS_TOML, BOARD_TOML, CARDS_TOML))
        .as_ref()
        .map_err(Clone::clone)
}

/// The shipped data. Every game is set up through [`try_data`] first, which
/// refuses a broken build with the error; the rules then read the data
/// through this infallible accessor.
#[inline]
pub fn data() -> &'static Data {
    match DATA.get() {
        Some(Ok(d)) => d,
        _ => loaded(),
    }
}

#[cold]
fn loaded() -> &'static Data {
    // Setup and the position reader checked the data with `try_data`, and
    // the unit test `shipped_data_is_valid` proves the shipped files parse.
    try_data().expect("the shipped Dominant Species data is valid")
}

/// Tile Scoring table (board; reference §3.1): VPs for 1st..4th place.
#[inline]
pub fn tile_scores(t: Terrain) -> &'static [u32] {
    let d = data();
    &d.tile_scores[t.index()][..d.scoring_places[t.index()] as usize]
}

/// Speciation limit per tile (p.14): sea/wetland 4, savannah/jungle/forest 3,
/// desert/mountain 2, tundra 1.
#[inline]
pub fn speciation_limit(t: Terrain) -> u8 {
    data().speciation_limits[t.index()]
}

/// Standard starting species (p.4): 2 on the first terrain, 1 on the others.
pub fn start_species(a: Animal) -> [(Terrain, u8); 3] {
    data().start_species[a.index()]
}

/// APs and gathered cubes per animal for a player count (p.4); the
/// multi-animal rules use the 6-player row (p.17).
pub fn pieces(players: usize) -> (u8, u8) {
    let rows = &data().pieces;
    match players {
        3..=6 => rows[players - 2],
        _ => rows[0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> [String; 4] {
        [TERRAIN_TOML, COMPONENTS_TOML, BOARD_TOML, CARDS_TOML].map(String::from)
    }

    fn parse_all(f: &[String; 4]) -> Result<Data, DataError> {
        parse(&f[0], &f[1], &f[2], &f[3])
    }

    #[test]
    fn shipped_data_is_valid() {
        let d = try_data().expect("shipped data parses");
        assert_eq!(tile_scores(Terrain::Sea), &[9, 5, 3, 2]);
        assert_eq!(speciation_limit(Terrain::Desert), 2);
        assert_eq!(pieces(3), (6, 50));
        assert_eq!(d.cards.len(), 26);
        assert_eq!(d.cards[Card::ColdSnap as usize].name, "Cold Snap");
        assert_eq!(d.survival.name, "Survival");
    }

    #[test]
    fn a_broken_file_names_the_file_and_the_field() {
        let mut f = shipped();
        f[0] = f[0].replacen("scores = [9, 5, 3, 2]", "scores = []", 1);
        let e = parse_all(&f).expect_err("empty scores");
        assert_eq!(
            (e.file.as_ref(), e.field.as_str()),
            ("terrain.toml", "terrain[0].scores")
        );

        let mut f = shipped();
        f[1] = f[1].replacen("cylinders_mark = \"inferred\"", "cylinders_mark = \"I\"", 1);
        let e = parse_all(&f).expect_err("bad mark");
        assert_eq!(
            (e.file.as_ref(), e.field.as_str()),
            ("components.toml", "cylinders_mark")
        );

        let mut f = shipped();
        f[2] = f[2].replacen("terrain = \"wetland\"", "terrain = \"swamp\"", 1);
        let e = parse_all(&f).expect_err("unknown terrain");
        assert_eq!(
            (e.file.as_ref(), e.field.as_str()),
            ("board.toml", "start_tile[1].terrain")
        );

        let mut f = shipped();
        f[3] = f[3].replacen("key = \"Biomass\"", "key = \"Blight\"", 1);
        let e = parse_all(&f).expect_err("order");
        assert_eq!(
            (e.file.as_ref(), e.field.as_str()),
            ("cards.toml", "card[2].key")
        );

        let mut f = shipped();
        f[3] = f[3].replacen("[survival]", "[surviving]", 1);
        let e = parse_all(&f).expect_err("unknown table");
        assert_eq!(e.file, "cards.toml");

        let mut f = shipped();
        f[1] = f[1].replacen(
            "migration_values = [7, 6, 5, 4, 3, 2]",
            "migration_values = [7, 6]",
            1,
        );
        let e = parse_all(&f).expect_err("six values");
        assert_eq!(e.field, "migration_values");
        assert!(e
            .to_string()
            .starts_with("data/dominant-species/components.toml: migration_values:"));
    }
}
