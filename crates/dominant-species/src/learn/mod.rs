//! What a learning agent sees of Dominant Species ([`Learnable`]): a fixed
//! action space of every [`Choice`] the game can offer, and a seat's
//! observation as a vector of numbers laid out in named sections.
//!
//! Places are listed in two fixed orders used throughout:
//!
//! * **board order**: the 35 hexes of the board ([`crate::queries::board_ids`]: the
//!   radius-3 hexagon of the earth grid without (0,-3) and (0,3)) in grid id
//!   order, i.e. by column `q` from west to east and inside a column by row
//!   `r` from north to south. Blank hexes are included: Wanderlust fills
//!   them.
//! * **corner order**: the [`BOARD_CORNERS`] corners touching at least one
//!   board hex, in grid corner id order (sorted by their canonical name).
//!
//! Other domains keep the engine's own orders: animals in food-chain order
//! ([`Animal::ALL`]), elements in [`Element::ALL`] order, terrains in Tile
//! Scoring order ([`Terrain::ALL`], tundra last), cards in [`Card::ALL`]
//! order, eyeball spaces in execution order (`0..41`).
//!
//! Everything in Dominant Species is public except the order of the
//! Dominance draw pile, the face-down Wanderlust tiles and the random
//! stream (see [`crate::view`]); the observation holds none of them, only
//! their counts. So every seat's observation of a state is the same apart
//! from the sections that say who observes (`observer_*`).

use crate::data::{data, Animal, Card, Element, Terrain};
use crate::queries::board_ids;
use crate::space::{Space, SPACES};
use crate::state::{CardStep, Choice, Decision, Stack, State, Step};
use crate::DominantSpecies;
use eons_core::{
    ActionId, AnimalAxis, Corner, CornerId, Hex, HexId, Layout, Learnable, Seat, SeatAxis, Writer,
};
use eons_earth::{grid, CORNERS, HEXES};
use std::sync::OnceLock;

/// Hexes of the board (blank hexes included), in board order.
pub const BOARD_HEXES: usize = 35;
/// Corners touching at least one board hex, in corner order.
pub const BOARD_CORNERS: usize = 92;
/// Species a card adds or returns to one tile at most: Aquatic up to 4
/// (p.18), Hibernation up to 5 (p.19). Speciation's limits come from the
/// terrain table ([`crate::data::Data::speciation_limits`]).
const CARD_COUNT_MAX: u8 = 5;
/// Hex distance a species moves at most: adjacent tiles (Migration,
/// Wanderlust, Mass Exodus), two tiles for the birds' Migration (p.15).
const BIRDS_REACH: u8 = 2;

/// The number of actions of [`action_universe`], for every player count.
pub const ACTIONS: usize = 1_693;

/// Names of the pending decision kinds, in the order of the observation's
/// `pending_kind` one-hot: the variants of [`Decision`], Glaciation and Ice
/// Sheet apart, then the steps of a card ([`CardStep`]).
pub const PENDING_KINDS: [&str; 50] = [
    "None",
    "Plan",
    "Initiative",
    "Adapt",
    "Regress",
    "AbundanceElement",
    "AbundanceCorner",
    "Wasteland",
    "Depletion",
    "Glaciate (Glaciation)",
    "Glaciate (Ice Sheet)",
    "SpeciationCorner",
    "SpeciationCount",
    "InsectSpecies",
    "WanderStack",
    "WanderHex",
    "WanderElement",
    "WanderCorner",
    "WanderMove",
    "Migrate",
    "CompeteFree",
    "Compete",
    "Dominate",
    "ChooseCard",
    "MammalSave",
    "Card(AquaticElement)",
    "Card(AquaticCorner)",
    "Card(AquaticTile)",
    "Card(AquaticCount)",
    "Card(BiomassVictim)",
    "Card(BlightTile)",
    "Card(BlightKeep)",
    "Card(CatastropheTile)",
    "Card(CatastropheSurvivor)",
    "Card(CatastropheAdjacent)",
    "Card(DiseaseLose)",
    "Card(EvolutionReplace)",
    "Card(FecundityTile)",
    "Card(FertileTile)",
    "Card(HabitatElement)",
    "Card(HabitatCorner)",
    "Card(HibernationTile)",
    "Card(HibernationCount)",
    "Card(ImmigrantsChoice)",
    "Card(InstinctSpace)",
    "Card(MassExodusTile)",
    "Card(MassExodusMove)",
    "Card(MetamorphosisGive)",
    "Card(MetamorphosisTake)",
    "Card(PredatorVictim)",
];

/// Names of the execution cursor's kinds ([`Step`]), in the order of the
/// observation's `step` one-hot.
pub const STEP_KINDS: [&str; 11] = [
    "Planning",
    "Space",
    "Regression",
    "WastelandAuto",
    "InsectSpeciation",
    "ArachnidCompetition",
    "Extinction",
    "Survival",
    "Reseed",
    "FinalScoring",
    "Over",
];

const ANIMALS: usize = 6;
const ELEMENTS: usize = 6;
const TERRAINS: usize = 8;
const CARDS: usize = 26;
const STACKS: usize = 3;
/// "Not on the board" in the index tables.
const NONE: u8 = u8::MAX;

/// The board's places in their fixed orders, and the way back from grid ids.
struct Tables {
    /// Board hexes in board order.
    hexes: [HexId; BOARD_HEXES],
    /// Board-order index of each grid hex id (`NONE` off the board).
    hex_index: [u8; HEXES],
    /// Board corners in corner order.
    corners: [CornerId; BOARD_CORNERS],
    /// Corner-order index of each grid corner id (`NONE` off the board).
    corner_index: [u8; CORNERS],
}

/// The tables, built once.
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = grid();
        let mut t = Tables {
            hexes: [HexId(0); BOARD_HEXES],
            hex_index: [NONE; HEXES],
            corners: [CornerId(0); BOARD_CORNERS],
            corner_index: [NONE; CORNERS],
        };
        let mut n = 0;
        for (i, h) in board_ids().enumerate() {
            t.hexes[i] = h;
            t.hex_index[h.0 as usize] = i as u8;
            n += 1;
        }
        assert_eq!(n, BOARD_HEXES, "the board has {BOARD_HEXES} hexes");
        let mut k = 0;
        for c in (0..g.corner_count() as u8).map(CornerId) {
            if g.hexes_at(c).any(|h| t.hex_index[h.0 as usize] != NONE) {
                assert!(k < BOARD_CORNERS, "more than {BOARD_CORNERS} board corners");
                t.corners[k] = c;
                t.corner_index[c.0 as usize] = k as u8;
                k += 1;
            }
        }
        assert_eq!(k, BOARD_CORNERS, "the board has {BOARD_CORNERS} corners");
        t
    })
}

/// Every choice Dominant Species can offer, whatever the player count and
/// options: [`ACTIONS`] (1,693) actions, the same list for 2 to 6 players.
/// An action id is a position in this list, which runs:
///
/// | ids | choices |
/// |---|---|
/// | 0–3 | `Skip`, `Done`, `LoseAp`, `ThinOut` |
/// | 4–44 | `Place(space)` for the 41 eyeball spaces in execution order |
/// | 45–50 | `Element(e)` in [`Element::ALL`] order |
/// | 51–53 | `Stack(0)` to `Stack(2)` |
/// | 54–79 | `Card(c)` in [`Card::ALL`] order |
/// | 80–85 | `Count(0)` to `Count(5)` (the largest: Hibernation's 5; Speciation's limit is at most 4, Aquatic's 4) |
/// | 86–120 | `Tile(hex)` for the 35 board hexes in board order |
/// | 121–212 | `Corner(corner)` for the 92 board corners in corner order |
/// | 213–422 | `Species { hex, animal }`: for each board hex in board order, for each animal in food-chain order |
/// | 423–1692 | `Move { animal, from, to }`: for each animal in food-chain order, for each `from` in board order, for each `to` in board order one hex away (the birds: one or two hexes away, their Migration's reach, p.15) |
///
/// Moves reach no farther because no rule moves a species farther: Migration
/// moves to an adjacent tile (the birds up to two tiles away), Wanderlust
/// and Mass Exodus to an adjacent tile.
pub fn action_universe(_players: usize) -> Vec<Choice> {
    let t = tables();
    let mut v = Vec::with_capacity(ACTIONS);
    v.extend([Choice::Skip, Choice::Done, Choice::LoseAp, Choice::ThinOut]);
    v.extend(Space::all().map(Choice::Place));
    v.extend(Element::ALL.map(Choice::Element));
    v.extend(Stack::ALL.map(Choice::Stack));
    v.extend(Card::ALL.map(Choice::Card));
    let species_max = data().speciation_limits.iter().copied().max().unwrap_or(0);
    v.extend((0..=species_max.max(CARD_COUNT_MAX)).map(Choice::Count));
    let hex = |id: HexId| grid().hex(id);
    v.extend(t.hexes.iter().map(|&h| Choice::Tile(hex(h))));
    v.extend(t.corners.iter().map(|&c| Choice::Corner(grid().corner(c))));
    for &h in &t.hexes {
        for animal in Animal::ALL {
            v.push(Choice::Species {
                hex: hex(h),
                animal,
            });
        }
    }
    for animal in Animal::ALL {
        let reach = if animal == Animal::Birds {
            BIRDS_REACH
        } else {
            1
        };
        for &from in &t.hexes {
            for &to in &t.hexes {
                let d = hex(from).distance(hex(to));
                if (1..=reach).contains(&d) {
                    v.push(Choice::Move {
                        animal,
                        from: hex(from),
                        to: hex(to),
                    });
                }
            }
        }
    }
    v
}

/// The sections of an observation with `players` seats (2–6), in order.
/// Raw counts are plain numbers, flags 0 or 1, and categories one-hot (all
/// zero for "none").
pub fn observation_layout(players: usize) -> Layout {
    let mut l = Layout::new();
    l.set_animals(ANIMALS);
    let per_hex = "for each board hex in board order";
    let per_animal = "for each animal in food-chain order (mammals, reptiles, birds, amphibians, arachnids, insects)";
    let elements = "element in Element::ALL order (meat, sun, seed, water, grub, grass)";
    let terrains = "terrain in Terrain::ALL order (sea, wetland, savannah, jungle, forest, desert, mountain, tundra)";
    let terrain_hot = "one-hot over the terrains in Terrain::ALL order (sea, wetland, savannah, jungle, forest, desert, mountain, tundra)";
    let element_hot =
        "one-hot over the elements in Element::ALL order (meat, sun, seed, water, grub, grass)";
    let animal_counts = |what: &str| format!("{per_animal}: {what} (0 for an animal not in play)");
    let seats = format!("one-hot over the {players} seats");
    // Earth.
    l.push(
        "tile_terrain",
        BOARD_HEXES * TERRAINS,
        format!("{per_hex}: {terrain_hot} of its tile (tundra for a glaciated tile); all zero for a blank hex"),
    );
    l.push(
        "tile_elements",
        BOARD_HEXES * ELEMENTS,
        format!("{per_hex}, for each {elements}: the number of element disks on the hex's six corners (blank hexes too: a tile placed there gets them)"),
    );
    l.push(
        "corner_elements",
        BOARD_CORNERS * ELEMENTS,
        format!("for each board corner in corner order: {element_hot} of the disk on it; all zero for an empty corner"),
    );
    l.push_animals(
        AnimalAxis::Inner,
        "species",
        BOARD_HEXES * ANIMALS,
        format!("{per_hex}, {per_animal}: the number of its species cubes on the hex"),
    );
    l.push_animals(
        AnimalAxis::Inner,
        "matching",
        BOARD_HEXES * ANIMALS,
        format!("{per_hex}, {per_animal}: its matching on the tile (p.7: the sum over element types of its display's elements times the tile's disks; 0 on a blank hex and for an animal not in play)"),
    );
    l.push_animals(
        AnimalAxis::Inner,
        "dominance",
        BOARD_HEXES * ANIMALS,
        format!("{per_hex}: one-hot over the animals (food-chain order) of the animal dominant on the tile (p.7); all zero when none is"),
    );
    l.push_animals(
        AnimalAxis::Inner,
        "hibernated",
        BOARD_HEXES * ANIMALS,
        format!("{per_hex}, {per_animal}: the number of its species placed there by Hibernation this turn, immune to this turn's Extinction (p.19)"),
    );
    l.push(
        "migration_arrived",
        BOARD_HEXES,
        format!("{per_hex}: while a Migration is pending, the acting animal's species that arrived there in this action and may not move again (p.15); 0 otherwise"),
    );
    l.push(
        "dominated_this_turn",
        BOARD_HEXES,
        format!("{per_hex}: 1 when the tile has already been chosen for Domination this turn (p.16), else 0"),
    );
    // Animals.
    l.push_animals(
        AnimalAxis::Outer,
        "animal_in_play",
        ANIMALS,
        format!("{per_animal}: 1 when the animal is in the game, else 0"),
    );
    l.push_axes(
        SeatAxis::Inner,
        AnimalAxis::Outer,
        "animal_seat",
        ANIMALS * players,
        format!("{per_animal}: {seats} (seat index 0 first, the seat shown as seat 1) of the seat playing it; all zero for an animal not in play"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_elements",
        ANIMALS * ELEMENTS,
        format!("{per_animal}, for each {elements}: the elements on its animal display, the printed ones included (0 for an animal not in play)"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_added",
        ANIMALS * ELEMENTS,
        format!("{per_animal}, for each {elements}: the element disks added to its display (the ones Regression, Disease, Immigrants and Metamorphosis may take)"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_ap_supply",
        ANIMALS,
        animal_counts("its action pawns in supply"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_ap_on_display",
        ANIMALS,
        animal_counts("its action pawns on eyeball spaces of the action display"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_ap_boxed",
        ANIMALS,
        animal_counts("its cylinders still in the box, the source of new APs"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_gene_pool",
        ANIMALS,
        animal_counts("the species cubes in its gene pool"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_eliminated",
        ANIMALS,
        animal_counts("its species eliminated during play, the Hibernation pool"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_species_on_earth",
        ANIMALS,
        animal_counts("its species cubes on earth"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_vp",
        ANIMALS,
        animal_counts("its victory points"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_tiles_dominated",
        ANIMALS,
        animal_counts("the number of tiles it dominates now"),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "initiative",
        ANIMALS * ANIMALS,
        format!("{per_animal}: one-hot over the Initiative track's six positions (0 = first, leftmost) of its marker; all zero for an animal not in play"),
    );
    // Action display.
    l.push_animals(
        AnimalAxis::Inner,
        "eyeball_spaces",
        SPACES * ANIMALS,
        "for each of the 41 eyeball spaces in execution order (Initiative, Adaptation 1-3, Regression 1-2, Abundance 1-2, Wasteland, Depletion, Glaciation 1-4, Speciation meat/sun/seed/water/grub/grass, Wanderlust 1-3, Migration 7..2, Competition 1-7, Domination 1-5): one-hot over the animals (food-chain order) of the action pawn on it; all zero when empty",
    );
    for (name, what) in [
        (
            "adaptation_squares",
            "the element disks on the Adaptation leaf squares",
        ),
        ("regression_box", "the element disks in the Regression Box"),
        (
            "abundance_squares",
            "the element disks on the Abundance leaf squares",
        ),
        ("wasteland_box", "the element disks in the Wasteland Box"),
        ("depletion_box", "the element disks in the Depletion Box"),
        (
            "wanderlust_squares",
            "the element disks on the Wanderlust leaf squares",
        ),
        (
            "bag",
            "the element disks in the draw bag (the counts only: drawing is at random)",
        ),
    ] {
        l.push(name, ELEMENTS, format!("for each {elements}: {what}"));
    }
    l.push(
        "tundra_left",
        1,
        "the tundra tiles left in the Glaciation stack",
    );
    l.push(
        "stack_sizes",
        STACKS,
        "for each Wanderlust stack (stack 1 to 3): the tiles in it",
    );
    l.push(
        "stack_face_up",
        STACKS,
        "for each Wanderlust stack (stack 1 to 3): 1 when its top tile is face up, else 0",
    );
    l.push(
        "stack_tops",
        STACKS * TERRAINS,
        format!("for each Wanderlust stack (stack 1 to 3): {terrain_hot} of its face-up top tile; all zero when face down or empty (face-down tiles are hidden)"),
    );
    // Cards.
    let cards = "for each Dominance card in Card::ALL order (Aquatic, Biodiversity, Biomass, Blight, Catastrophe, Cold Snap, Disease, Ecodiversity, Evolution, Fecundity, Fertile, Habitat, Hibernation, Ice Age, Ice Sheet, Immigrants, Instinct, Intelligence, Mass Exodus, Metamorphosis, Niche Biomes, Nocturnal, Omnivore, Parasitism, Predator, Symbiotic)";
    l.push(
        "cards_available",
        CARDS,
        format!("{cards}: 1 when it lies face up among the available Dominance cards, else 0"),
    );
    l.push(
        "cards_played",
        CARDS,
        format!("{cards}: 1 when it has been taken and resolved (out of the game), else 0"),
    );
    l.push(
        "deck_size",
        1,
        "the cards left in the Dominance draw pile (its order is hidden; Ice Age is at the bottom)",
    );
    l.push_animals(
        AnimalAxis::Inner,
        "survival",
        ANIMALS,
        "one-hot over the animals (food-chain order) of the Survival card's holder (most species on tundra, p.18); all zero when nobody holds it",
    );
    // Time.
    l.push("turn", 1, "the turn number, from 1");
    l.push(
        "ice_age",
        1,
        "1 when the Ice Age card has been taken (this turn is the last), else 0",
    );
    l.push("game_over", 1, "1 when the game is over, else 0");
    l.push(
        "step",
        STEP_KINDS.len(),
        format!(
            "one-hot over the kinds of the execution cursor, in this order: {}",
            STEP_KINDS.join(", ")
        ),
    );
    l.push(
        "step_space",
        SPACES,
        "one-hot over the 41 eyeball spaces (execution order) of the next space to execute when the cursor is at one (step `Space`); all zero otherwise",
    );
    // Who decides.
    l.push_seats(
        SeatAxis::Inner,
        "to_move_seat",
        players,
        format!("{seats} of the seat deciding now; all zero when the game is over"),
    );
    l.push_animals(
        AnimalAxis::Inner,
        "to_move_animal",
        ANIMALS,
        "one-hot over the animals (food-chain order) of the animal deciding now; all zero when the game is over",
    );
    l.push_seats(
        SeatAxis::Inner,
        "observer_seat",
        players,
        format!("{seats} of the seat this observation is for"),
    );
    l.push_animals(
        AnimalAxis::Inner,
        "observer_animals",
        ANIMALS,
        format!("{per_animal}: 1 when the observing seat plays it, else 0 (one animal per seat, several under the multi-animal rules)"),
    );
    l.push(
        "observer_to_move",
        1,
        "1 when the observing seat decides now, else 0",
    );
    // The pending decision.
    l.push(
        "pending_kind",
        PENDING_KINDS.len(),
        format!(
            "one-hot over the kinds of the pending decision, in this order: {}",
            PENDING_KINDS.join(", ")
        ),
    );
    l.push_animals(
        AnimalAxis::Inner,
        "pending_actor",
        ANIMALS,
        "one-hot over the animals (food-chain order) of the animal whose action, phase or card the pending decision belongs to: the card's taker in a card (also while Disease or Immigrants ask another animal), the animal that placed the tile in WanderMove, otherwise the animal deciding",
    );
    l.push(
        "pending_element",
        ELEMENTS,
        format!("{element_hot}: the element the pending decision is about: the element being placed (AbundanceCorner, WanderCorner, Card(AquaticCorner), Card(HabitatCorner)) or Speciation's element (SpeciationCorner); all zero otherwise"),
    );
    l.push(
        "pending_saved",
        ELEMENTS,
        format!("for each {elements}: in Regress, 1 when the type is already kept this Regression, else 0"),
    );
    l.push(
        "pending_hex",
        BOARD_HEXES,
        "one-hot over the board hexes (board order) of the hex the pending decision is about: the new tile (WanderElement, WanderCorner, WanderMove), the tile receiving species (SpeciationCount, Card(AquaticCount), Card(HibernationCount)), the chosen tile (Card(BlightKeep), Card(CatastropheSurvivor), Card(MassExodusMove)); all zero otherwise",
    );
    l.push(
        "pending_corner",
        BOARD_CORNERS,
        "one-hot over the board corners (corner order) of the corner the pending decision is about: Speciation's element (SpeciationCount), the element just placed (Card(AquaticTile)); all zero otherwise",
    );
    l.push(
        "pending_stack",
        STACKS,
        "one-hot over the Wanderlust stacks of the stack whose tile is being placed (WanderHex); all zero otherwise",
    );
    l.push(
        "pending_tiles",
        BOARD_HEXES,
        "for each board hex in board order: 1 when it is among the tiles a card still works through, else 0: the tiles still to lose a species (Card(BiomassVictim), Card(CatastropheAdjacent), Card(PredatorVictim); the first in board order is resolved next) or still to receive one (Card(FecundityTile))",
    );
    l.push_animals(
        AnimalAxis::Inner,
        "pending_animals",
        ANIMALS,
        format!("{per_animal}: 1 when it is among the animals still to lose an element (Card(DiseaseLose), the first is deciding) or already replaced (Card(EvolutionReplace)), else 0"),
    );
    l.push(
        "pending_terrains",
        TERRAINS,
        format!("for each {terrains}: in Compete, 1 when the competition space's terrain is still usable in this action, else 0"),
    );
    l.push(
        "pending_left",
        1,
        "how many more the pending decision allows: types still to keep (Regress), species still to move (Migrate); 0 otherwise",
    );
    l.push(
        "pending_first_place",
        1,
        "in ChooseCard, the 1st-place value of the tile just scored (Niche Biomes scores it); 0 otherwise",
    );
    debug_assert_eq!(l.len(), observation_len(players));
    l
}

/// The length of an observation with `players` seats: 2,809 values plus
/// eight per seat (six in `animal_seat`, one each in `to_move_seat` and
/// `observer_seat`).
pub fn observation_len(players: usize) -> usize {
    2_809 + 8 * players
}

/// The pending decision's kind: its index in [`PENDING_KINDS`].
pub fn pending_kind(p: Decision) -> usize {
    use CardStep as C;
    match p {
        Decision::None => 0,
        Decision::Plan(_) => 1,
        Decision::Initiative(_) => 2,
        Decision::Adapt(_) => 3,
        Decision::Regress { .. } => 4,
        Decision::AbundanceElement(_) => 5,
        Decision::AbundanceCorner(..) => 6,
        Decision::Wasteland(_) => 7,
        Decision::Depletion(_) => 8,
        Decision::Glaciate { card: false, .. } => 9,
        Decision::Glaciate { card: true, .. } => 10,
        Decision::SpeciationCorner(..) => 11,
        Decision::SpeciationCount { .. } => 12,
        Decision::InsectSpecies => 13,
        Decision::WanderStack(_) => 14,
        Decision::WanderHex(..) => 15,
        Decision::WanderElement(..) => 16,
        Decision::WanderCorner(..) => 17,
        Decision::WanderMove { .. } => 18,
        Decision::Migrate { .. } => 19,
        Decision::CompeteFree => 20,
        Decision::Compete { .. } => 21,
        Decision::Dominate(_) => 22,
        Decision::ChooseCard { .. } => 23,
        Decision::MammalSave => 24,
        Decision::Card(step) => match step {
            C::AquaticElement { .. } => 25,
            C::AquaticCorner { .. } => 26,
            C::AquaticTile { .. } => 27,
            C::AquaticCount { .. } => 28,
            C::BiomassVictim { .. } => 29,
            C::BlightTile { .. } => 30,
            C::BlightKeep { .. } => 31,
            C::CatastropheTile { .. } => 32,
            C::CatastropheSurvivor { .. } => 33,
            C::CatastropheAdjacent { .. } => 34,
            C::DiseaseLose { .. } => 35,
            C::EvolutionReplace { .. } => 36,
            C::FecundityTile { .. } => 37,
            C::FertileTile { .. } => 38,
            C::HabitatElement { .. } => 39,
            C::HabitatCorner { .. } => 40,
            C::HibernationTile { .. } => 41,
            C::HibernationCount { .. } => 42,
            C::ImmigrantsChoice { .. } => 43,
            C::InstinctSpace { .. } => 44,
            C::MassExodusTile { .. } => 45,
            C::MassExodusMove { .. } => 46,
            C::MetamorphosisGive { .. } => 47,
            C::MetamorphosisTake { .. } => 48,
            C::PredatorVictim { .. } => 49,
        },
    }
}

/// The cursor's kind: its index in [`STEP_KINDS`].
fn step_kind(s: Step) -> usize {
    match s {
        Step::Planning => 0,
        Step::Space(_) => 1,
        Step::Regression(_) => 2,
        Step::WastelandAuto => 3,
        Step::InsectSpeciation => 4,
        Step::ArachnidCompetition => 5,
        Step::Extinction => 6,
        Step::Survival => 7,
        Step::Reseed => 8,
        Step::FinalScoring => 9,
        Step::Over => 10,
    }
}

/// The animal whose action, phase or card a decision belongs to.
fn actor(p: Decision) -> Option<Animal> {
    use CardStep as C;
    match p {
        Decision::WanderMove { actor, .. } => Some(actor),
        Decision::Card(C::DiseaseLose { taker, .. } | C::ImmigrantsChoice { taker, .. }) => {
            Some(taker)
        }
        _ => crate::state::decider_of(p),
    }
}

/// What a pending decision is about, beyond its kind.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Details {
    element: Option<Element>,
    saved: u8,
    hex: Option<HexId>,
    corner: Option<CornerId>,
    stack: Option<Stack>,
    tiles: u64,
    animals: u8,
    terrains: [bool; TERRAINS],
    left: u8,
    first: u8,
}

mod ids;
mod observe;

pub use ids::action_id;
pub use observe::{observe, observe_again, ObservationMemory};

/// The details of the pending decision of `s`.
fn details(s: &State) -> Details {
    use CardStep as C;
    let mut d = Details::default();
    match s.pending {
        Decision::Regress { left, saved, .. } => {
            d.left = left;
            d.saved = saved;
        }
        Decision::AbundanceCorner(_, e) | Decision::SpeciationCorner(_, e) => d.element = Some(e),
        Decision::SpeciationCount { corner, tile, .. } => {
            d.corner = Some(corner);
            d.hex = s.earth.tiles_at(corner).nth(tile as usize);
        }
        Decision::WanderHex(_, stack) => d.stack = Some(stack),
        Decision::WanderElement(_, h) | Decision::WanderMove { hex: h, .. } => d.hex = Some(h),
        Decision::WanderCorner(_, h, e) => {
            d.hex = Some(h);
            d.element = Some(e);
        }
        Decision::Migrate { left, .. } => d.left = left,
        Decision::Compete {
            space, terrains, ..
        } => {
            if let Some(ts) = space.competition_terrains() {
                for (i, t) in ts.iter().enumerate() {
                    if terrains & (1 << i) != 0 {
                        d.terrains[t.index()] = true;
                    }
                }
            }
        }
        Decision::ChooseCard { first, .. } => d.first = first,
        Decision::Card(step) => match step {
            C::AquaticCorner { element, .. } | C::HabitatCorner { element, .. } => {
                d.element = Some(element)
            }
            C::AquaticTile { corner, .. } => d.corner = corner,
            C::AquaticCount { hex, .. }
            | C::BlightKeep { hex, .. }
            | C::CatastropheSurvivor { hex, .. }
            | C::HibernationCount { hex, .. }
            | C::MassExodusMove { hex, .. } => d.hex = Some(hex),
            C::BiomassVictim { tiles, .. }
            | C::CatastropheAdjacent { tiles, .. }
            | C::FecundityTile { tiles, .. }
            | C::PredatorVictim { tiles, .. } => d.tiles = tiles,
            C::DiseaseLose { victims, .. } => d.animals = victims,
            C::EvolutionReplace { used, .. } => d.animals = used,
            _ => {}
        },
        _ => {}
    }
    d
}

/// Dominant Species for learning agents: see the module docs for the
/// orders of places, [`action_universe`] for the action ids and
/// [`observation_layout`] for the observation's sections.
impl Learnable for DominantSpecies {
    /// A move names its target hex as `to`.
    const ACTION_TARGET_FIELDS: &'static [&'static str] = &["to"];

    /// Ids come from tables by the choice's parts ([`action_id`]).
    const DIRECT_ACTION_IDS: bool = true;

    /// See [`observe_again`].
    type ObservationMemory = ObservationMemory;

    fn action_universe(players: usize) -> Vec<Choice> {
        action_universe(players)
    }

    fn observation_layout(players: usize) -> Layout {
        observation_layout(players)
    }

    fn observe(state: &State, seat: Seat, out: &mut [f32]) {
        observe(state, seat, out)
    }

    fn observe_again(state: &State, seat: Seat, memory: &mut ObservationMemory, out: &mut [f32]) {
        observe_again(state, seat, memory, out)
    }

    /// The animals in play that `seat` controls, in food-chain order.
    fn seat_animals(state: &State, seat: Seat, out: &mut Vec<usize>) {
        out.extend(
            state
                .animals_in_play()
                .filter(|&a| state.seat_of(a) == seat)
                .map(Animal::index),
        );
    }

    fn action_id(_players: usize, choice: &Choice) -> Option<ActionId> {
        action_id(choice)
    }
}

/// The board hex of a place in board order (for tests and tools): the
/// index of `h` among the 35 board hexes, if it is one.
pub fn board_index(h: Hex) -> Option<usize> {
    let id = grid().id(h)?;
    match tables().hex_index[id.0 as usize] {
        NONE => None,
        i => Some(usize::from(i)),
    }
}

/// The index of a corner in corner order, if it touches the board.
pub fn corner_index(c: Corner) -> Option<usize> {
    let id = grid().corner_id(c)?;
    match tables().corner_index[id.0 as usize] {
        NONE => None,
        i => Some(usize::from(i)),
    }
}
