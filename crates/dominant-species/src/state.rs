//! The complete state of a Dominant Species game, its choices and events.

use crate::data::{Animal, Card, Element, Terrain};
use crate::space::{Section, Space, SPACES};
use eons_core::bag::serde_arrays;
use eons_core::{Bag, Corner, CornerId, Deck, GameRng, Hex, HexId, Seat};
use eons_earth::{Earth, ElementCounts};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Everything chosen before the first decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Number of players (2–6).
    pub players: u8,
    /// Animals in seat order. With `multi_animal`, seat `i` plays
    /// `animals[i]`, `animals[i + players]`, … Empty: assigned at random from the seed.
    #[serde(default)]
    pub animals: Vec<Animal>,
    /// Optional rules for 2 and 3 players: all six animals, each player's
    /// lowest-scoring animal counts (p.17).
    #[serde(default)]
    pub multi_animal: bool,
    /// Optional random earth setup (p.17).
    #[serde(default)]
    pub random_earth: bool,
}

/// One animal's pieces and display.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnimalState {
    /// In the game?
    pub in_play: bool,
    /// The seat controlling it (serialized as the bare number).
    pub seat: Seat,
    /// Element disks added to the display, per type (defaults are implicit).
    pub added: ElementCounts,
    /// APs in supply.
    pub supply: u8,
    /// Cylinders of this colour still in the box (source of new APs, p.19).
    pub boxed: u8,
    /// Cubes in the gene pool.
    pub gene_pool: u8,
    /// Cubes eliminated during play (the Hibernation pool, p.19).
    pub eliminated: u8,
    /// Victory points (never below 0, p.8).
    pub vp: u32,
}

impl AnimalState {
    /// An animal not in the game.
    pub const ABSENT: AnimalState = AnimalState {
        in_play: false,
        seat: Seat(0),
        added: [0; 6],
        supply: 0,
        boxed: 0,
        gene_pool: 0,
        eliminated: 0,
        vp: 0,
    };
}

/// Where the execution cursor stands when no decision is pending.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Planning Phase (p.9).
    Planning,
    /// The next eyeball space to execute.
    Space(Space),
    /// Regression, for the animal with this food-chain index onwards (p.11).
    Regression(u8),
    /// Wasteland's automatic removal (p.12).
    WastelandAuto,
    /// The insects' free species (p.14).
    InsectSpeciation,
    /// The arachnids' free competition (p.15).
    ArachnidCompetition,
    /// Reset Phase: Extinction (p.20).
    Extinction,
    /// Reset Phase: Survival (p.20).
    Survival,
    /// Reset Phase: Reseed (p.20).
    Reseed,
    /// Final scoring (p.20).
    FinalScoring,
    /// The game is over.
    Over,
}

/// The decision the game waits for. Each names the animal that decides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Decision {
    /// Nothing: the engine advances by itself.
    None,
    /// Planning: place one AP (p.9).
    Plan(Animal),
    /// Initiative: re-place the AP (after the swap) or forfeit (p.10).
    Initiative(Animal),
    /// Adaptation: take an element (p.10).
    Adapt(Animal),
    /// Regression: choose which threatened type to keep; `left` saves remain (p.11).
    Regress { animal: Animal, left: u8, saved: u8 },
    /// Abundance: choose the element (p.11).
    AbundanceElement(Animal),
    /// Abundance: choose the corner for it.
    AbundanceCorner(Animal, Element),
    /// Wasteland: return one element of the Wasteland Box (p.12).
    Wasteland(Animal),
    /// Depletion: remove one matching element from earth (p.12).
    Depletion(Animal),
    /// Glaciation (or Ice Sheet when `card`): the tile to glaciate (p.13).
    Glaciate { animal: Animal, card: bool },
    /// Speciation: the element on earth (p.14).
    SpeciationCorner(Animal, Element),
    /// Speciation: how many species on the `tile`-th tile touching the corner.
    SpeciationCount {
        animal: Animal,
        corner: CornerId,
        tile: u8,
    },
    /// The insects' free species (p.14).
    InsectSpecies,
    /// Wanderlust: the face-up tile (stack) to place (p.14).
    WanderStack(Animal),
    /// Wanderlust: the blank hex for the tile from the stack.
    WanderHex(Animal, Stack),
    /// Wanderlust: an element for the new tile, or none.
    WanderElement(Animal, HexId),
    /// Wanderlust: the corner of the new tile for the element.
    WanderCorner(Animal, HexId, Element),
    /// Wanderlust: `mover` moves adjacent species onto the new tile (food-chain order).
    WanderMove {
        actor: Animal,
        mover: Animal,
        hex: HexId,
    },
    /// Migration: `left` species may still move (p.15).
    Migrate { animal: Animal, left: u8 },
    /// The arachnids' free competition (p.15).
    CompeteFree,
    /// Competition: `terrains` is a bit mask of the space's three terrains still usable (p.15).
    Compete {
        animal: Animal,
        space: Space,
        terrains: u8,
    },
    /// Domination: the tile to score (p.16).
    Dominate(Animal),
    /// Domination: the dominant animal picks a card; `first` is the scored tile's 1st-place value.
    ChooseCard { animal: Animal, first: u8 },
    /// Extinction: the mammals may save one endangered species (p.20): a tile, or Skip.
    MammalSave,
    /// Inside a Dominance card.
    Card(CardStep),
}

/// A decision inside a Dominance card (p.18–19). `taker` took the card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum CardStep {
    AquaticElement {
        taker: Animal,
    },
    AquaticCorner {
        taker: Animal,
        element: Element,
    },
    AquaticTile {
        taker: Animal,
        corner: Option<CornerId>,
    },
    AquaticCount {
        taker: Animal,
        hex: HexId,
    },
    BiomassVictim {
        taker: Animal,
        tiles: u64,
    },
    BlightTile {
        taker: Animal,
    },
    BlightKeep {
        taker: Animal,
        hex: HexId,
    },
    CatastropheTile {
        taker: Animal,
    },
    CatastropheSurvivor {
        taker: Animal,
        hex: HexId,
    },
    CatastropheAdjacent {
        taker: Animal,
        tiles: u64,
    },
    DiseaseLose {
        taker: Animal,
        victims: u8,
    },
    EvolutionReplace {
        taker: Animal,
        used: u8,
    },
    FecundityTile {
        taker: Animal,
        tiles: u64,
    },
    FertileTile {
        taker: Animal,
    },
    HabitatElement {
        taker: Animal,
    },
    HabitatCorner {
        taker: Animal,
        element: Element,
    },
    HibernationTile {
        taker: Animal,
    },
    HibernationCount {
        taker: Animal,
        hex: HexId,
    },
    ImmigrantsChoice {
        taker: Animal,
        next: u8,
    },
    InstinctSpace {
        taker: Animal,
    },
    MassExodusTile {
        taker: Animal,
    },
    MassExodusMove {
        taker: Animal,
        hex: HexId,
    },
    MetamorphosisGive {
        taker: Animal,
    },
    MetamorphosisTake {
        taker: Animal,
    },
    PredatorVictim {
        taker: Animal,
        tiles: u64,
    },
}

/// One atomic decision (see the architecture's decision model).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// Put an AP on an eyeball space (planning, Initiative, Instinct).
    Place(Space),
    /// Forfeit the action (actions are voluntary, p.9) or decline an optional step.
    Skip,
    /// Stop a multi-part action early (moves, competitions, replacements).
    Done,
    /// An element type (from a box, a display or the bag, as the step says).
    Element(Element),
    /// A corner of earth.
    Corner(Corner),
    /// A tile (hex) of earth or a blank hex.
    Tile(Hex),
    /// One of the three Wanderlust stacks.
    Stack(Stack),
    /// A number of species.
    Count(u8),
    /// Move one species of `animal` from one tile to another.
    Move {
        /// Whose species.
        animal: Animal,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
    },
    /// Eliminate (or, for Evolution, replace; for Catastrophe, spare) one species of `animal` on `hex`.
    Species {
        /// The tile.
        hex: Hex,
        /// Whose species.
        animal: Animal,
    },
    /// A face-up Dominance card.
    Card(Card),
    /// Immigrants: lose one AP.
    LoseAp,
    /// Immigrants: on every tile, eliminate all but one of your species.
    ThinOut,
}

/// One of the three Wanderlust tile stacks (p.14): index 0–2, shown as
/// "stack 1" to "stack 3". Serialized as the bare index.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Stack(pub u8);

impl Stack {
    /// The three stacks.
    pub const ALL: [Stack; 3] = [Stack(0), Stack(1), Stack(2)];
    /// Index into [`State::stacks`] and [`State::face_up`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for Stack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "stack {}", u16::from(self.0) + 1)
    }
}

/// Why VPs were gained.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VpCause {
    /// Domination scoring of a tile of this terrain: place 1..4 (p.16).
    Tile(Hex, Terrain, u8),
    /// Glaciation bonus (p.13).
    Glaciation,
    /// Wanderlust bonus (p.14).
    Wanderlust,
    /// The Survival card (p.20).
    Survival,
    /// A Dominance card.
    Card(Card),
    /// Final scoring of a tile of this terrain: place 1..4 (p.20).
    Final(Hex, Terrain, u8),
}

impl VpCause {
    /// True for VPs from a Dominance card.
    pub fn is_card(self) -> bool {
        matches!(self, VpCause::Card(_))
    }
}

/// Something that happened, in order. Each event carries what its text
/// names (the terrain of a tile, the element, the card), so that it reads
/// the same whatever happened after it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Event {
    TurnBegan {
        turn: u16,
    },
    PhaseBegan {
        phase: PhaseName,
    },
    ApPlaced {
        animal: Animal,
        space: Space,
    },
    ActionBegan {
        animal: Animal,
        space: Space,
    },
    Forfeited {
        animal: Animal,
        section: Section,
    },
    InitiativeSwapped {
        animal: Animal,
        passed: Animal,
    },
    ElementToDisplay {
        animal: Animal,
        element: Element,
    },
    ElementFromDisplay {
        animal: Animal,
        element: Element,
    },
    ElementToEarth {
        element: Element,
        corner: Corner,
    },
    ElementFromEarth {
        element: Element,
        corner: Corner,
    },
    ElementFromBox {
        element: Element,
        section: Section,
    },
    /// `terrain`: the tile's terrain when the species were added.
    SpeciesAdded {
        animal: Animal,
        hex: Hex,
        terrain: Option<Terrain>,
        count: u8,
    },
    SpeciesEliminated {
        animal: Animal,
        hex: Hex,
        terrain: Option<Terrain>,
        count: u8,
    },
    SpeciesToGenePool {
        animal: Animal,
        hex: Hex,
        terrain: Option<Terrain>,
        count: u8,
    },
    SpeciesMoved {
        animal: Animal,
        from: Hex,
        from_terrain: Option<Terrain>,
        to: Hex,
        to_terrain: Option<Terrain>,
    },
    SpeciesSaved {
        animal: Animal,
        hex: Hex,
        terrain: Option<Terrain>,
    },
    TilePlaced {
        hex: Hex,
        terrain: Terrain,
    },
    /// `was`: the terrain the tundra tile covered.
    Glaciated {
        hex: Hex,
        was: Option<Terrain>,
    },
    VpGained {
        animal: Animal,
        vp: u32,
        reason: VpCause,
    },
    VpLost {
        animal: Animal,
        vp: u32,
        card: Card,
    },
    CardTaken {
        animal: Animal,
        card: Card,
    },
    CardDealt {
        card: Card,
    },
    ApGained {
        animal: Animal,
    },
    ApLost {
        animal: Animal,
    },
    SurvivalCard {
        holder: Option<Animal>,
    },
    GameEnded,
}

/// Phases named in the log.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum PhaseName {
    Planning,
    Execution,
    Reset,
    FinalScoring,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The setup.
    pub setup: Setup,
    /// The state's own random stream.
    pub rng: GameRng,
    /// Earth: tiles, elements, species.
    pub earth: Earth<Terrain>,
    /// Per animal, in food-chain order.
    pub animals: [AnimalState; 6],
    /// Initiative track, left (first) to right; `initiative_len` entries used.
    pub initiative: [Animal; 6],
    /// Animals in play.
    pub initiative_len: u8,
    /// The element draw bag.
    pub bag: Bag<6>,
    /// Adaptation leaf squares.
    pub adaptation: ElementCounts,
    /// Regression Box.
    pub regression_box: ElementCounts,
    /// Abundance leaf squares.
    pub abundance: ElementCounts,
    /// Wasteland Box.
    pub wasteland_box: ElementCounts,
    /// Depletion Box.
    pub depletion_box: ElementCounts,
    /// Wanderlust leaf squares.
    pub wanderlust: ElementCounts,
    /// AP on each eyeball space.
    #[serde(with = "serde_arrays")]
    pub spaces: [Option<Animal>; SPACES],
    /// Tundra tiles left in the Glaciation stack.
    pub tundra_left: u8,
    /// Wanderlust tile stacks (top = last).
    pub stacks: [Deck<Terrain>; 3],
    /// Whether each stack's top tile is face up.
    pub face_up: [bool; 3],
    /// Dominance card draw pile (top = last; Ice Age at the bottom).
    pub deck: Deck<Card>,
    /// The five Available Dominance Card slots.
    pub available: [Option<Card>; 5],
    /// Cards taken and resolved (out of the game), kept inline (a clone
    /// allocates nothing for them).
    pub played: SmallVec<[Card; 32]>,
    /// Holder of the Survival card.
    pub survival: Option<Animal>,
    /// Turn number from 1.
    pub turn: u16,
    /// Execution cursor.
    pub step: Step,
    /// The pending decision.
    pub pending: Decision,
    /// Planning: initiative position of the next animal to place.
    pub plan_next: u8,
    /// Tiles already chosen for Domination this turn (bit per hex id).
    pub dominated: u64,
    /// Ice Age has been taken: this is the last turn.
    pub ice_age: bool,
    /// Species placed by Hibernation this turn (immune to Extinction).
    pub hibernated: Option<(HexId, Animal, u8)>,
    /// Migration: species of the acting animal that already moved, per hex.
    #[serde(with = "serde_arrays")]
    pub arrived: [u8; eons_earth::HEXES],
}

impl State {
    /// The seat controlling an animal.
    pub fn seat_of(&self, a: Animal) -> Seat {
        self.animals[a.index()].seat
    }

    /// True when the animal is in the game.
    pub fn in_play(&self, a: Animal) -> bool {
        self.animals[a.index()].in_play
    }

    /// Animals in play, in food-chain order.
    pub fn animals_in_play(&self) -> impl Iterator<Item = Animal> + '_ {
        Animal::ALL.into_iter().filter(|a| self.in_play(*a))
    }

    /// Initiative order (left to right).
    pub fn initiative_order(&self) -> &[Animal] {
        &self.initiative[..self.initiative_len as usize]
    }

    /// Element counts on an animal's display, defaults included.
    pub fn display(&self, a: Animal) -> ElementCounts {
        let mut d = self.animals[a.index()].added;
        d[a.element().index()] += a.default_count();
        d
    }

    /// Displays of all animals (zero for animals not in play).
    pub fn displays(&self) -> [ElementCounts; 6] {
        let mut all = [[0; 6]; 6];
        for a in Animal::ALL {
            if self.in_play(a) {
                all[a.index()] = self.display(a);
            }
        }
        all
    }

    /// Number of elements on a display, defaults included (at most 6, p.10).
    pub fn element_total(&self, a: Animal) -> u8 {
        a.default_count() + self.animals[a.index()].added.iter().sum::<u8>()
    }

    /// Matching of an animal on a tile (p.7).
    pub fn matching(&self, a: Animal, h: HexId) -> u32 {
        self.earth.matching(h, &self.display(a))
    }

    /// The dominant animal on a tile (p.7), recomputed from the current state.
    pub fn dominant(&self, h: HexId) -> Option<Animal> {
        self.earth
            .dominant(h, &self.displays())
            .and_then(Animal::from_index)
    }

    /// True when the animal's species on the tile are endangered (matching 0, p.7).
    pub fn endangered(&self, a: Animal, h: HexId) -> bool {
        self.earth.species(h, a.index()) > 0 && self.matching(a, h) == 0
    }

    /// The terrain of a tile.
    pub fn terrain(&self, h: HexId) -> Option<Terrain> {
        self.earth.tile(h)
    }

    /// APs of an animal on the action display.
    pub fn aps_on_display(&self, a: Animal) -> u8 {
        self.spaces.iter().filter(|s| **s == Some(a)).count() as u8
    }

    /// The animal whose decision is pending.
    pub fn decider(&self) -> Option<Animal> {
        decider_of(self.pending)
    }
}

/// The animal that decides a pending decision.
pub fn decider_of(p: Decision) -> Option<Animal> {
    use CardStep as C;
    {
        Some(match p {
            Decision::None => return None,
            Decision::Plan(a)
            | Decision::Initiative(a)
            | Decision::Adapt(a)
            | Decision::Regress { animal: a, .. }
            | Decision::AbundanceElement(a)
            | Decision::AbundanceCorner(a, _)
            | Decision::Wasteland(a)
            | Decision::Depletion(a)
            | Decision::Glaciate { animal: a, .. }
            | Decision::SpeciationCorner(a, _)
            | Decision::SpeciationCount { animal: a, .. }
            | Decision::WanderStack(a)
            | Decision::WanderHex(a, _)
            | Decision::WanderElement(a, _)
            | Decision::WanderCorner(a, _, _)
            | Decision::WanderMove { mover: a, .. }
            | Decision::Migrate { animal: a, .. }
            | Decision::Compete { animal: a, .. }
            | Decision::Dominate(a)
            | Decision::ChooseCard { animal: a, .. } => a,
            Decision::InsectSpecies => Animal::Insects,
            Decision::CompeteFree => Animal::Arachnids,
            Decision::MammalSave => Animal::Mammals,
            Decision::Card(step) => match step {
                C::DiseaseLose { victims, .. } => {
                    Animal::from_index(victims.trailing_zeros() as usize)?
                }
                C::ImmigrantsChoice { next, .. } => Animal::from_index(next as usize)?,
                C::AquaticElement { taker }
                | C::AquaticCorner { taker, .. }
                | C::AquaticTile { taker, .. }
                | C::AquaticCount { taker, .. }
                | C::BiomassVictim { taker, .. }
                | C::BlightTile { taker }
                | C::BlightKeep { taker, .. }
                | C::CatastropheTile { taker }
                | C::CatastropheSurvivor { taker, .. }
                | C::CatastropheAdjacent { taker, .. }
                | C::EvolutionReplace { taker, .. }
                | C::FecundityTile { taker, .. }
                | C::FertileTile { taker }
                | C::HabitatElement { taker }
                | C::HabitatCorner { taker, .. }
                | C::HibernationTile { taker }
                | C::HibernationCount { taker, .. }
                | C::InstinctSpace { taker }
                | C::MassExodusTile { taker }
                | C::MassExodusMove { taker, .. }
                | C::MetamorphosisGive { taker }
                | C::MetamorphosisTake { taker }
                | C::PredatorVictim { taker, .. } => taker,
            },
        })
    }
}
