//! The learning interface ([`eons_core::Learnable`]) of Dominant Species:
//! Marine: a fixed action space ([`action_universe`]) and a seat's
//! observation as a fixed-shape vector of numbers ([`observation_layout`],
//! [`observe`]), for agents written against OpenSpiel or PettingZoo.
//!
//! The observation reads the [`State`] directly (no [`crate::View`], no
//! allocation); what it shows follows [`crate::view`]: everything on the
//! table, the observer's own draft hand, picks and trait offers, and never
//! another seat's hand, picks or offer, the order of the evolution deck, the
//! tiles under a Wanderlust stack's top, the cards out of the game or the
//! trait box.

use crate::data::{data, Data};
use crate::decision::{Choice, Decision, TectonicsMode};
use crate::state::{CircleRow, Pawn, State, ANIMALS, DISKS};
use crate::types::{Action, Animal, Card, Element, Face, Space, Terrain, Trait};
use crate::Marine;
use eons_core::{AnimalAxis, CornerId, HexId, Layout, Learnable, Seat, SeatAxis, Writer};
use eons_earth::{grid, CORNERS, ELEMENTS, HEXES};

mod ids;
mod observe;
mod pending;

pub use ids::action_id;
pub use observe::{observe, observe_again, ObservationMemory};
pub use pending::DECISION_KINDS;
use pending::{Pending, PENDING_FLAGS, PENDING_NUMBERS};

/// The farthest a species moves in one step of any rule: Migration moves to
/// an adjacent tile, Seasonal Migrants (p.21) one tile further (see
/// `actions/migration.rs`, `destinations`); Wanderlust's moves are onto an
/// adjacent new tile. [`Choice::Move`] is listed only between hexes this
/// far apart or closer.
pub const MOVE_REACH: u8 = 2;

/// Values per animal of the `animal_counts` section.
const ANIMAL_COUNTS: usize = 11;
/// Values per space of the pawn sections: a basic pawn of each animal, then
/// the special pawn of each element type.
const PAWN_KINDS: usize = ANIMALS + ELEMENTS;
/// The number of Vent faces.
const FACES: usize = 2;
/// The number of Tectonics modes.
const MODES: usize = 4;

impl Learnable for Marine {
    /// A move names its target space as `to`.
    const ACTION_TARGET_FIELDS: &'static [&'static str] = &["to"];

    /// Ids come from a table by the choice's parts ([`action_id`]).
    const DIRECT_ACTION_IDS: bool = true;

    /// See [`observe_again`].
    type ObservationMemory = ObservationMemory;

    /// See [`action_universe`].
    fn action_universe(players: usize) -> Vec<Choice> {
        action_universe(players)
    }

    /// See [`observation_layout`].
    fn observation_layout(players: usize) -> Layout {
        observation_layout(players)
    }

    /// See [`observe`].
    fn observe(state: &State, seat: Seat, out: &mut [f32]) {
        observe(state, seat, out)
    }

    /// See [`observe_again`].
    fn observe_again(state: &State, seat: Seat, memory: &mut ObservationMemory, out: &mut [f32]) {
        observe_again(state, seat, memory, out)
    }

    /// See [`action_id`].
    /// The animals in play that `seat` controls (two under the 2-player
    /// two-animals option, p.22), in food-chain order.
    fn seat_animals(state: &State, seat: Seat, out: &mut Vec<usize>) {
        out.extend(
            state
                .animals()
                .filter(|a| state.owner[a.index()] == seat.0)
                .map(Animal::index),
        );
    }

    fn action_id(_players: usize, choice: &Choice) -> Option<eons_core::ActionId> {
        action_id(choice)
    }
}

/// The sizes the component data gives the display, read once per call.
struct Dims {
    /// Action spaces of the display.
    spaces: usize,
    /// Element circles of each circle row (Abundance, Adaptation,
    /// Speciation, Wanderlust).
    circles: [usize; 4],
    /// Competition marker squares.
    comp_markers: usize,
    /// Evolution marker squares.
    evo_markers: usize,
    /// Regression cube squares.
    squares: usize,
    /// Evolution card slots.
    slots: usize,
    /// Wanderlust stacks.
    stacks: usize,
}

impl Dims {
    fn of(d: &Data) -> Dims {
        Dims {
            spaces: d.spaces.len(),
            circles: CircleRow::ALL.map(|r| d.circles(r.action())),
            comp_markers: d.markers(Action::Competition),
            evo_markers: d.markers(Action::Evolution),
            squares: d
                .section_of(Action::Regression)
                .map_or(0, |x| x.squares as usize),
            slots: d.slots as usize,
            stacks: d.stacks as usize,
        }
    }

    /// The most circles in one row: the domain of [`Choice::Circle`].
    fn max_circles(&self) -> usize {
        self.circles.iter().copied().max().unwrap_or(0)
    }
}

/// Every choice Marine can offer, whatever the player count and options, in
/// this order (an action id is a position in the list):
///
/// 1. `Trait(t)` for the 18 traits in [`Trait::ALL`] order;
/// 2. `Pawn(e)` for the 6 element types in [`Element::ALL`] order;
/// 3. `Place` on each display space in index order — first the basic pawn
///    (`special: None`, left out on the special spaces, where basic pawns
///    never go), then each special pawn in element order — then on each
///    animal's Bottom Feeder personal space in food-chain order, the basic
///    pawn then each special pawn;
/// 4. `Retrieve`, `Forfeit`, `Done`, `Perform`;
/// 5. `Circle(i)` for `i` below the most circles of a section;
/// 6. `Corner(c)` for every corner of the earth grid in id order;
/// 7. `Hex(h)` for every hex of the grid in id order;
/// 8. `Stack(i)` for each Wanderlust stack;
/// 9. `Face(f)`: geyser, smoker;
/// 10. `Move { from, to }` for `from` in hex order, then `to` in hex order,
///     for every pair at most [`MOVE_REACH`] apart (and not the same hex);
/// 11. `MoveOf { animal, to }` for each animal in food-chain order, then
///     each hex;
/// 12. `Animal(a)` in food-chain order;
/// 13. `Species { hex, animal }` for each hex, then each animal;
/// 14. `Slot(k)` for the evolution card slots 1 (bottom) to the top;
/// 15. `Terrain(t)` in [`Terrain::ALL`] order;
/// 16. `Element(e)` in [`Element::ALL`] order;
/// 17. `Disk(i)` for the 8 disk slots;
/// 18. `Add`, `Remove`, `FromPool`, `FromBox`.
///
/// The list is the same for every player count (1,244 choices with the
/// shipped data).
pub fn action_universe(_players: usize) -> Vec<Choice> {
    let d = data();
    let dims = Dims::of(d);
    let g = grid();
    let hexes = || (0..g.len()).map(|i| HexId(i as u8));
    let mut v = Vec::with_capacity(2048);
    v.extend(Trait::ALL.iter().map(|&t| Choice::Trait(t)));
    v.extend(Element::ALL.iter().map(|&e| Choice::Pawn(e)));
    let specials = || Element::ALL.iter().map(|&e| Some(e));
    for (i, def) in d.spaces.iter().enumerate() {
        let space = Space::display(i);
        let basic = (!def.special).then_some(None);
        for special in basic.into_iter().chain(specials()) {
            v.push(Choice::Place { space, special });
        }
    }
    for space in Space::personal_spaces() {
        for special in std::iter::once(None).chain(specials()) {
            v.push(Choice::Place { space, special });
        }
    }
    v.extend([
        Choice::Retrieve,
        Choice::Forfeit,
        Choice::Done,
        Choice::Perform,
    ]);
    v.extend((0..dims.max_circles()).map(|i| Choice::Circle(i as u8)));
    v.extend((0..g.corner_count()).map(|i| Choice::Corner(CornerId(i as u8))));
    v.extend(hexes().map(Choice::Hex));
    v.extend((0..dims.stacks).map(|i| Choice::Stack(i as u8)));
    v.extend(Face::ALL.iter().map(|&f| Choice::Face(f)));
    for from in hexes() {
        for to in hexes() {
            let dist = g.hex(from).distance(g.hex(to));
            if (1..=MOVE_REACH).contains(&dist) {
                v.push(Choice::Move { from, to });
            }
        }
    }
    for &animal in Animal::ALL {
        v.extend(hexes().map(|to| Choice::MoveOf { animal, to }));
    }
    v.extend(Animal::ALL.iter().map(|&a| Choice::Animal(a)));
    for hex in hexes() {
        v.extend(
            Animal::ALL
                .iter()
                .map(|&animal| Choice::Species { hex, animal }),
        );
    }
    v.extend((1..=dims.slots).map(|k| Choice::Slot(k as u8)));
    v.extend(Terrain::ALL.iter().map(|&t| Choice::Terrain(t)));
    v.extend(Element::ALL.iter().map(|&e| Choice::Element(e)));
    v.extend((0..DISKS).map(|i| Choice::Disk(i as u8)));
    v.extend([
        Choice::Add,
        Choice::Remove,
        Choice::FromPool,
        Choice::FromBox,
    ]);
    v
}

/// The sections of a Marine observation with `players` seats, in order.
/// Animals are always the four in food-chain order (Reptiles, Cephalopods,
/// Fishes, Crustaceans), those not in play left at zero; hexes are the 37 of
/// the earth grid and corners its 96, both in id order; element types,
/// terrains, traits and cards are in the order of [`Element::ALL`],
/// [`Terrain::ALL`], [`Trait::ALL`] and [`Card::ALL`]. Counts are raw
/// numbers, flags 0 or 1.
pub fn observation_layout(players: usize) -> Layout {
    let dims = Dims::of(data());
    let mut l = Layout::new();
    l.set_animals(ANIMALS);
    l.push_seats(
        SeatAxis::Inner,
        "observer",
        players,
        "one-hot over seats (seat order): the seat this observation is for",
    );
    l.push_seats(
        SeatAxis::Inner,
        "to_move",
        players,
        "one-hot over seats (seat order): the seat deciding now; all zero once the game is over",
    );
    l.push_animals(
        AnimalAxis::Inner,
        "deciding_animal",
        ANIMALS,
        "one-hot over animals (food-chain order): the animal deciding now; all zero once the game is over",
    );
    l.push_animals(
        AnimalAxis::Inner,
        "current_animal",
        ANIMALS,
        "one-hot over animals (food-chain order): the animal whose turn it is",
    );
    l.push(
        "pending_kind",
        DECISION_KINDS.len(),
        format!(
            "one-hot over the kinds of pending decision, the step on top of the engine's stack, in this order: {}; all zero once the game is over",
            DECISION_KINDS.join(", ")
        ),
    );
    l.push_animals(
        AnimalAxis::Inner,
        "pending_animal",
        ANIMALS,
        "one-hot over animals (food-chain order): the animal whose turn, action, card or trait the pending decision belongs to (Disease: the card's player, while the victim decides)",
    );
    l.push(
        "pending_hex",
        HEXES,
        "one-hot over hexes (id order): the tile the pending decision is about (a Wanderlust tile, a Competition, Camouflage, Tectonics, Asteroid, Mass Exodus, Omnivore, Solar Radiation or Trophic Cascade tile), if any",
    );
    l.push(
        "pending_hex_set",
        HEXES,
        "flags per hex (id order): the tiles Biomass or Predator still has to visit (Victims), Fecundity may still pick, or Profligate Carnivore has already credited to Prey Switching",
    );
    l.push(
        "pending_corner",
        CORNERS,
        "one-hot over corners (id order): the corner of the pending decision (Autotrophs' chosen corner, Speciation's element, Niche Construction's origin), if any",
    );
    l.push(
        "pending_circle",
        dims.max_circles(),
        "one-hot over circle positions (0-based, left to right): the element circle the pending decision uses (Abundance, Adaptation, Speciation, Wanderlust), if any",
    );
    l.push(
        "pending_terrain",
        Terrain::COUNT,
        "one-hot over terrains: the terrain of the pending decision (the Wanderlust tile being placed, the Competition or Evolution space's marker), if any",
    );
    l.push(
        "pending_element",
        ELEMENTS,
        "one-hot over element types: the element type of the pending decision (Habitat's or Terrestrial's element to place), if any",
    );
    l.push(
        "pending_face",
        FACES,
        "one-hot over Vent faces (geyser, smoker): the face of the Autotrophs space taken, if any",
    );
    l.push(
        "pending_trait",
        Trait::COUNT,
        "one-hot over traits: the trait the pending new trait card replaces (NewTrait), if any",
    );
    l.push(
        "pending_tectonics_mode",
        MODES,
        "one-hot over Tectonics modes (basic space, special space, Volcanism's Seamount, Volcanism's normal Tectonics) while a Tectonics is pending",
    );
    l.push(
        "pending_disk",
        DISKS,
        "one-hot over disk slots (0-based): the disk the pending Adaptability or Metamorphosis step works with, if any",
    );
    l.push(
        "pending_numbers",
        PENDING_NUMBERS,
        "counts of the pending decision, 0 when it has none: species or eliminations left (Migration, Competition, Asteroid, Solar Radiation, Trophic Cascade, Profligate Carnivore), 1 if Migration's count is unlimited, Competition's eliminations per tile, Solar Radiation's or Trophic Cascade's X, the Evolution space's highest slot, the highest slot an evolution card may be taken from (Evolution, Cladogenesis), Speciation's species left on each of the three tiles around its corner (3 values, grid order of the corner's hexes), 1 per those tiles already credited (3 values), and the Asteroid's species kept per animal (4 values, food-chain order)",
    );
    l.push(
        "pending_flags",
        PENDING_FLAGS,
        "flags of the pending decision: a special space's action (Adaptation, Wanderlust), a Migration under way, Competition's second special tile, a second tile to follow this elimination, Victims among opposing species only",
    );
    l.push(
        "resolving_card",
        Card::COUNT,
        "one-hot over evolution cards: the card being resolved (the topmost on the engine's stack), if any",
    );
    l.push(
        "round",
        6,
        "the Reseeds so far (count), the turns taken (count), then flags: this is the last round, the current animal takes another turn after this one, the game is over, the traits are revealed",
    );
    l.push(
        "options",
        10,
        "the setup: flags two-animals, random earth, then a one-hot over game length (short, standard, long, epic), flags alternate displays, superheroes, then the round cap (count, 0 = none), then 1 if ties are broken in reversed food-chain order (Monotypic Habitat face-up)",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_in_play",
        ANIMALS,
        "flags per animal (food-chain order): the animal is in the game",
    );
    l.push_axes(
        SeatAxis::Inner,
        AnimalAxis::Outer,
        "animal_owner",
        ANIMALS * players,
        "per animal (food-chain order), a one-hot over seats (seat order): the seat playing it; all zero for an animal not in play",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_is_mine",
        ANIMALS,
        "flags per animal (food-chain order): the observer plays this animal",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_counts",
        ANIMALS * ANIMAL_COUNTS,
        "per animal (food-chain order), 11 values: VP, species in its Gene Pool, eliminated species, species on earth, species on Regression squares, basic pawns in front of it, basic pawns owned (counts), then flags: pawns retrieved this round (food-chain cube in the right box), Budding Intelligence's pawn taken, then the draft cards still in its hand and the traits it has picked (counts, during the secret draft)",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_printed",
        ANIMALS * ELEMENTS,
        "per animal (food-chain order), per element type: elements printed on its display (counts)",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_disks",
        ANIMALS * DISKS * (1 + ELEMENTS),
        "per animal (food-chain order), per disk slot (0-based; the last two are Phenotypic Plasticity's), 7 values: 1 if the slot is usable now, then a one-hot over element types of the disk on it",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_needs",
        ANIMALS * ELEMENTS,
        "per animal (food-chain order), per element type: the elements its display matches (printed, disks and Ram Feeder's plankton; counts)",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_traits",
        ANIMALS * Trait::COUNT,
        "per animal (food-chain order), flags per trait: the traits it holds once revealed; before the reveal the observer's own picks, and zeros for the other seats' animals",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_traits_known",
        ANIMALS,
        "flags per animal (food-chain order): its traits are known to the observer (revealed, or its own)",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "animal_copied",
        ANIMALS * Trait::COUNT,
        "per animal (food-chain order), a one-hot over traits: the trait its Exaptation copies, if any",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "own_hand",
        ANIMALS * Trait::COUNT,
        "per animal (food-chain order), flags per trait: the secret draft hand of the observer's own animals before the reveal; zeros for every other animal",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "own_offer",
        ANIMALS * Trait::COUNT,
        "per animal (food-chain order), flags per trait: the trait cards secretly offered to the observer's own animals (Gene Expression, Exaptation); zeros for every other animal",
    );
    l.push(
        "tile_terrain",
        HEXES * Terrain::COUNT,
        "per hex (id order), a one-hot over terrains: the terrain the tile counts as (Vent when a Vent lies on it); all zero without a tile",
    );
    l.push(
        "tile_vent_face",
        HEXES * FACES,
        "per hex (id order), a one-hot over Vent faces (geyser, smoker): the face of the Vent on the tile, if any",
    );
    l.push(
        "tile_vent_base",
        HEXES * Terrain::COUNT,
        "per hex (id order), a one-hot over terrains: the large tile under the Vent, if any",
    );
    l.push(
        "corner_elements",
        CORNERS * ELEMENTS,
        "per corner (id order), a one-hot over element types: the element disk on the corner, if any",
    );
    l.push_animals(
        AnimalAxis::Inner,
        "species",
        HEXES * ANIMALS,
        "per hex (id order), per animal (food-chain order): species cubes on the tile (counts)",
    );
    l.push_animals(
        AnimalAxis::Inner,
        "thriving",
        HEXES * ANIMALS,
        "per hex (id order), per animal (food-chain order): 1 if the animal's species on the tile thrive, 0 if endangered or absent",
    );
    l.push(
        "migrated",
        HEXES,
        "per hex (id order): species that already migrated onto the tile in this action (counts)",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "domination",
        ANIMALS * ELEMENTS * 2,
        "per animal (food-chain order), per element type, 2 values: its domination value (display count × tiles holding its species and such an element) and 1 if that beats the element's target number",
    );
    l.push_animals(
        AnimalAxis::Leading { run: PAWN_KINDS },
        "display_spaces",
        dims.spaces * PAWN_KINDS,
        "per action space of the display (space index order, as Choice::Place numbers them), a one-hot over pawns: a basic pawn of each animal (food-chain order), then the special pawn of each element type",
    );
    l.push_animals(
        AnimalAxis::OuterLeading { run: PAWN_KINDS },
        "personal_spaces",
        ANIMALS * PAWN_KINDS,
        "per animal's Bottom Feeder personal space (food-chain order), a one-hot over pawns: a basic pawn of each animal, then the special pawn of each element type",
    );
    l.push_animals(
        AnimalAxis::Leading { run: ANIMALS + 2 },
        "special_pawns",
        ELEMENTS * (ANIMALS + 2),
        "per element type's special pawn, 6 values: a one-hot over animals (food-chain order) of its controller, then 1 if it stands on an action space, then its target number (count)",
    );
    l.push(
        "circles",
        dims.circles.iter().sum::<usize>() * ELEMENTS,
        format!(
            "per element circle — Abundance's {}, Adaptation's {}, Speciation's {}, Wanderlust's {}, each left to right — a one-hot over element types of the element on it",
            dims.circles[0], dims.circles[1], dims.circles[2], dims.circles[3]
        ),
    );
    l.push(
        "boxes",
        3 * ELEMENTS,
        "per element box (Autotrophs, Depletion, Regression), per element type: elements in the box (counts)",
    );
    l.push_animals(
        AnimalAxis::Inner,
        "regression_squares",
        dims.squares * ANIMALS,
        "per Regression cube square (left to right), a one-hot over animals (food-chain order): whose cube is on it",
    );
    l.push(
        "competition_markers",
        dims.comp_markers * Terrain::COUNT,
        "per Competition marker square (left to right), a one-hot over terrains: the terrain marker on it",
    );
    l.push(
        "evolution_markers",
        dims.evo_markers * Terrain::COUNT,
        "per Evolution marker square (left to right), a one-hot over terrains: the terrain marker on it",
    );
    l.push(
        "card_row",
        dims.slots * Card::COUNT,
        "per evolution card slot (slot 1, the bottom, first), a one-hot over cards: the face-up card in it",
    );
    l.push(
        "discard_pile",
        Card::COUNT,
        "flags per evolution card: the card is in the face-up discard pile",
    );
    l.push(
        "discard_top",
        Card::COUNT,
        "one-hot over evolution cards: the top card of the discard pile (Cladogenesis replays it), if any",
    );
    l.push(
        "card_counts",
        3,
        "evolution cards in the draw pile, out of the game, and in the discard pile (counts)",
    );
    l.push(
        "wanderlust_stacks",
        dims.stacks * (Terrain::COUNT + 1),
        "per Wanderlust stack (left to right), 9 values: a one-hot over terrains of its face-up top tile, then its number of tiles (count)",
    );
    l.push(
        "supplies",
        3,
        "Vent tiles left, element disks in the black bag, terrain markers in the red bag (counts)",
    );
    l.push(
        "bag_elements",
        ELEMENTS,
        "per element type: disks in the black bag (counts; public, as every other disk is in sight)",
    );
    l.push(
        "marker_bag",
        Terrain::COUNT,
        "per terrain: markers in the red bag (counts; public, as every other marker is in sight)",
    );
    l.push_animals(
        AnimalAxis::Inner,
        "survival",
        ANIMALS,
        "one-hot over animals (food-chain order): the holder of the Survival card (the sole most species on Vents), if any",
    );
    l
}

/// A flag as a value.
fn flag(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// The index of a pawn in a [`PAWN_KINDS`] one-hot.
fn pawn_index(p: Option<Pawn>) -> Option<usize> {
    p.map(|p| match p {
        Pawn::Basic(a) => a.index(),
        Pawn::Special(e) => ANIMALS + e.index(),
    })
}
