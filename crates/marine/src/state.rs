//! The game state, the setup options (the starting state is built in
//! `setup`) and the helpers every rule uses: display needs, thriving, dominance, tile
//! scoring, species and element movements.
//!
//! This file is long because it holds the [`State`] and every method keeping its counts
//! consistent (species, elements, pawns, scoring, the Reseed and the end),
//! kept together because they share the state's invariants
//! ([`State::invariants`]).

pub use crate::action_display::{ActionDisplay, Pawn};
use crate::data::{data, MAX_CIRCLES, MAX_MARKERS, MAX_SLOTS, MAX_SPACES, MAX_SQUARES, MAX_STACKS};
use crate::decision::Decision;
use crate::events::{Event, VpCause};
use crate::types::{
    Action, Animal, Card, Element, Face, Icon, Length, Space, Terrain, Tile, Trait,
};
use eons_core::bag::serde_arrays;
use eons_core::{Bag, CornerId, Deck, GameRng, HexId, SetupError};
use eons_earth::{corner_ids, grid, Earth, ELEMENTS, HEXES};
use serde::{Deserialize, Serialize};

/// Number of animals.
pub const ANIMALS: usize = 4;
/// Most added element disks on one animal (display and Phenotypic Plasticity).
pub const DISKS: usize = 8;
/// Most trait cards offered by Gene Expression or Exaptation.
pub const MAX_OFFER: usize = 14;

/// Everything chosen before the first decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Number of players (2-4).
    pub players: u8,
    /// The animal of each seat, in seat order. With `two_animals`, four
    /// animals: animal `i` belongs to seat `i % 2`.
    pub animals: Vec<Animal>,
    /// 2-player option: each player controls two animals (p.22).
    pub two_animals: bool,
    /// Which count opens the Domination spaces in a two-animals game: the
    /// players' (p.17 as written, the default) or the animals' (reference
    /// 7.8). A named reading, not a variant: see `docs/rulings.md`.
    #[serde(default, skip_serializing_if = "DominationSpaces::is_default")]
    pub domination_spaces: DominationSpaces,
    /// Alternate (random) earth setup (p.22).
    pub random_earth: bool,
    /// Game length (p.23).
    pub length: Length,
    /// Alternate animal displays (p.23).
    pub alternate_displays: bool,
    /// Superheroes: keep two traits (p.23).
    pub superheroes: bool,
    /// Round cap, not a rulebook rule (an AI or tournament option): after
    /// this many rounds the game ends as if the Asteroid had been played.
    /// 0 = no cap, the default (components.toml), as the rules give none.
    pub max_rounds: u16,
}

impl Setup {
    /// Builds a setup from a player count and options (see `Marine::OPTIONS`).
    pub fn parse(players: usize, options: &[String]) -> Result<Setup, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError(format!(
                "Dominant Species: Marine is for 2 to 4 players, not {players}"
            )));
        }
        let mut s = Setup {
            players: players as u8,
            animals: Vec::new(),
            two_animals: false,
            domination_spaces: DominationSpaces::Players,
            random_earth: false,
            length: Length::Standard,
            alternate_displays: false,
            superheroes: false,
            max_rounds: crate::data::try_data()
                .map_err(|e| SetupError(e.to_string()))?
                .rules
                .max_rounds,
        };
        let mut animals: Option<Vec<Animal>> = None;
        for o in options {
            let (k, v) = match o.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (o.trim(), None),
            };
            match (k, v) {
                ("two-animals", None) => s.two_animals = true,
                ("random-earth", None) => s.random_earth = true,
                ("alternate-displays", None) => s.alternate_displays = true,
                ("superheroes", None) => s.superheroes = true,
                ("length", Some(v)) => {
                    s.length = Length::parse(v).ok_or_else(|| {
                        SetupError(format!("length={v}: use short, standard, long or epic"))
                    })?
                }
                ("short" | "long" | "epic" | "standard", None) => {
                    s.length = Length::parse(k).unwrap_or_default()
                }
                ("domination-spaces", Some(v)) => {
                    s.domination_spaces = DominationSpaces::parse(v).ok_or_else(|| {
                        SetupError(format!("domination-spaces={v}: use players or animals"))
                    })?
                }
                ("max-rounds", Some(v)) => {
                    s.max_rounds = v
                        .parse()
                        .map_err(|_| SetupError(format!("max-rounds={v}: a number (0 = no cap)")))?
                }
                ("animals", Some(v)) => {
                    let mut list = Vec::new();
                    for n in v.split(',') {
                        let a = Animal::parse(n)
                            .ok_or_else(|| SetupError(format!("unknown animal `{n}`")))?;
                        if list.contains(&a) {
                            return Err(SetupError(format!("animal `{a}` twice")));
                        }
                        list.push(a);
                    }
                    animals = Some(list);
                }
                _ => return Err(SetupError(format!("unknown option `{o}`"))),
            }
        }
        if s.two_animals && players != 2 {
            return Err(SetupError("two-animals is a 2-player option".into()));
        }
        // The reading concerns the two-animals option only: without it the
        // players are the animals, and the setup keeps the default (a form
        // may send the option whatever the other choices).
        if !s.two_animals {
            s.domination_spaces = DominationSpaces::Players;
        }
        let want = if s.two_animals { 4 } else { players };
        s.animals = match animals {
            Some(l) if l.len() == want => l,
            Some(l) => {
                return Err(SetupError(format!(
                    "animals= lists {} animals, the game needs {want}",
                    l.len()
                )))
            }
            None if s.two_animals => vec![
                Animal::Reptiles,
                Animal::Cephalopods,
                Animal::Fishes,
                Animal::Crustaceans,
            ],
            None => Animal::ALL[..players].to_vec(),
        };
        Ok(s)
    }

    /// The options that rebuild this setup with [`Setup::parse`].
    pub fn options(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.two_animals {
            v.push("two-animals".to_string());
        }
        if self.domination_spaces != DominationSpaces::Players {
            v.push(format!(
                "domination-spaces={}",
                self.domination_spaces.name()
            ));
        }
        if self.random_earth {
            v.push("random-earth".to_string());
        }
        if self.length != Length::Standard {
            v.push(format!("length={}", self.length.name()));
        }
        if self.alternate_displays {
            v.push("alternate-displays".to_string());
        }
        if self.superheroes {
            v.push("superheroes".to_string());
        }
        if Ok(self.max_rounds) != crate::data::try_data().map(|d| d.rules.max_rounds) {
            v.push(format!("max-rounds={}", self.max_rounds));
        }
        let names: Vec<&str> = self.animals.iter().map(|a| a.name()).collect();
        v.push(format!("animals={}", names.join(",")));
        v
    }
}

/// Which count opens Domination's middle and rightmost spaces (p.17) when two
/// players control two animals each (p.22): the `domination-spaces` option.
///
/// The rulebook's p.17 counts players and the 2-player option names only the
/// basic pawns as following the 4-player count, so the default is the
/// players; reference 7.8 opens the spaces "as for 4 players, because 4
/// animals are playing". Players who follow the reference choose `animals`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DominationSpaces {
    /// As many spaces as players (p.17 as written): 1 in a 2-player game.
    #[default]
    Players,
    /// As many spaces as animals (reference 7.8): all 3 with two animals each.
    Animals,
}

impl DominationSpaces {
    /// True for the default reading, which a stored setup leaves out (so
    /// setups stored before the option existed read back the same).
    pub fn is_default(&self) -> bool {
        *self == DominationSpaces::default()
    }

    /// The option's value for this reading.
    pub fn name(self) -> &'static str {
        match self {
            DominationSpaces::Players => "players",
            DominationSpaces::Animals => "animals",
        }
    }

    /// The reading an option value names.
    pub fn parse(value: &str) -> Option<DominationSpaces> {
        match value {
            "players" => Some(DominationSpaces::Players),
            "animals" => Some(DominationSpaces::Animals),
            _ => None,
        }
    }
}

/// The element circles of the four sections that have them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CircleRow {
    /// Abundance.
    Abundance = 0,
    /// Adaptation.
    Adaptation = 1,
    /// Speciation.
    Speciation = 2,
    /// Wanderlust.
    Wanderlust = 3,
}

impl CircleRow {
    /// The four rows in refill order (p.24).
    pub const ALL: [CircleRow; 4] = [
        CircleRow::Abundance,
        CircleRow::Adaptation,
        CircleRow::Speciation,
        CircleRow::Wanderlust,
    ];
    /// The section's action.
    pub fn action(self) -> Action {
        match self {
            CircleRow::Abundance => Action::Abundance,
            CircleRow::Adaptation => Action::Adaptation,
            CircleRow::Speciation => Action::Speciation,
            CircleRow::Wanderlust => Action::Wanderlust,
        }
    }
}

/// The three element boxes of the display.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoxKind {
    /// The Autotrophs Box.
    Autotrophs = 0,
    /// The Depletion Box.
    Depletion = 1,
    /// The Regression Box.
    Regression = 2,
}

/// The whole state of a game of Dominant Species: Marine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The setup.
    pub setup: Setup,
    /// Animals in play (bit per animal).
    pub in_play: u8,
    /// Seat of each animal.
    pub owner: [u8; ANIMALS],
    /// Tiles, elements and species.
    pub earth: Earth<Tile>,
    /// Species in each Gene Pool.
    pub pool: [u8; ANIMALS],
    /// Eliminated species of each animal (in the box).
    pub eliminated: [u8; ANIMALS],
    /// Victory points.
    pub vp: [u32; ANIMALS],
    /// Printed elements per type on each display.
    pub printed: [[u8; ELEMENTS]; ANIMALS],
    /// Added disks: slots `0..capacity-printed` on the display, the last two
    /// on Phenotypic Plasticity.
    pub disks: [[Option<Element>; DISKS]; ANIMALS],
    /// Basic pawns each animal owns.
    pub basic_total: [u8; ANIMALS],
    /// Basic pawns in front of each animal (available).
    pub basic_avail: [u8; ANIMALS],
    /// Trait cards held (bit per trait).
    pub traits: [u32; ANIMALS],
    /// The trait Exaptation copies, while it does.
    pub copied: [Option<Trait>; ANIMALS],
    /// Secret draft hands (until the reveal).
    pub hands: [[Option<Trait>; 4]; ANIMALS],
    /// Secret draft picks (until the reveal).
    pub picks: [u32; ANIMALS],
    /// True once the traits are revealed.
    pub revealed: bool,
    /// Trait cards offered to an animal by Gene Expression or Exaptation (secret).
    pub offer: [[Option<Trait>; MAX_OFFER]; ANIMALS],
    /// Trait cards in the box (unseen, unordered).
    pub trait_box: Vec<Trait>,
    /// Budding Intelligence already gave its pawn (bit per animal).
    pub budding_done: u8,
    /// Food-chain cubes in the right box (bit per animal).
    pub food_right: u8,
    /// Pawns on the action display (changed only through its setters,
    /// which keep its bit sets).
    pub spaces: ActionDisplay,
    /// Pawns on Bottom Feeder personal spaces.
    pub personal: [Option<Pawn>; ANIMALS],
    /// Controller of each special pawn.
    #[serde(rename = "sp_ctrl")]
    pub special_control: [Option<Animal>; ELEMENTS],
    /// Space holding each special pawn, if on the display (or on a personal space).
    #[serde(rename = "sp_space")]
    pub special_space: [Option<Space>; ELEMENTS],
    /// Target markers.
    pub targets: [u32; ELEMENTS],
    /// Element circles per row.
    pub circles: [[Option<Element>; MAX_CIRCLES]; 4],
    /// Element boxes (counts per type).
    pub boxes: [[u8; ELEMENTS]; 3],
    /// Regression cube squares.
    pub squares: [Option<Animal>; MAX_SQUARES],
    /// Competition terrain markers.
    pub comp_markers: [Option<Terrain>; MAX_MARKERS],
    /// Evolution terrain markers, sorted.
    pub evo_markers: [Option<Terrain>; MAX_MARKERS],
    /// The black bag.
    pub bag: Bag<ELEMENTS>,
    /// The red bag.
    pub marker_bag: Bag<8>,
    /// Evolution card slots (index 0 = slot 1, the bottom).
    pub row: [Option<Card>; MAX_SLOTS],
    /// The evolution draw pile.
    pub deck: Deck<Card>,
    /// The face-up discard pile, top last.
    pub discard: Vec<Card>,
    /// Evolution cards out of the game, unseen.
    pub removed: Vec<Card>,
    /// Wanderlust stacks (top face-up).
    pub stacks: [Deck<Terrain>; MAX_STACKS],
    /// Vent tiles left in the stack.
    pub vents_left: u8,
    /// Large tiles out of the game (only in hand-written positions).
    #[serde(default)]
    pub tiles_out: u8,
    /// The animal whose turn it is.
    pub cur: Animal,
    /// The current animal takes another turn after this one.
    pub extra_turn: bool,
    /// This is the last round: the Asteroid has been played, no species can
    /// return (see [`State::no_species_can_return`]), or the round cap
    /// (`max-rounds`) was reached.
    pub last_round: bool,
    /// Rounds completed (Reseed events).
    pub reseeds: u16,
    /// Turns taken.
    pub turns: u32,
    /// Pending steps, the top last.
    pub stack: Vec<Decision>,
    /// Species that already migrated this action, per hex.
    #[serde(with = "serde_arrays")]
    pub moved: [u8; HEXES],
    /// The game is over.
    pub over: bool,
    /// The random stream.
    pub rng: GameRng,
}

/// Sorted position of a terrain in the Evolution marker order.
fn evo_rank(t: Terrain) -> u8 {
    data().evolution_rank[t.index()]
}

impl State {
    // ------------------------------------------------------------ queries

    /// True when the animal is in play.
    pub fn plays(&self, a: Animal) -> bool {
        self.in_play & a.bit() != 0
    }

    /// Animals in play in food-chain order (top first).
    pub fn animals(&self) -> impl Iterator<Item = Animal> + '_ {
        Animal::ALL.iter().copied().filter(move |&a| self.plays(a))
    }

    /// Number of animals in play.
    pub fn animal_count(&self) -> usize {
        self.in_play.count_ones() as usize
    }

    /// The animal after `a` in turn order (reverse food chain, p.8).
    pub fn next_animal(&self, a: Animal) -> Animal {
        let mut i = a.index();
        for _ in 0..ANIMALS {
            i = if i == 0 { ANIMALS - 1 } else { i - 1 };
            let b = Animal::ALL[i];
            if self.plays(b) {
                return b;
            }
        }
        a
    }

    /// The first animal to play: the lowest on the food chain (p.5).
    pub fn first_animal(&self) -> Animal {
        self.animals().last().unwrap_or(Animal::Crustaceans)
    }

    /// True when the animal holds (or copies) the trait.
    pub fn has_trait(&self, a: Animal, t: Trait) -> bool {
        self.traits[a.index()] & t.bit() != 0 || self.copied[a.index()] == Some(t)
    }

    /// Traits held by an animal (not the copy).
    pub fn held_traits(&self, a: Animal) -> impl Iterator<Item = Trait> + '_ {
        let m = self.traits[a.index()];
        Trait::ALL.iter().copied().filter(move |t| m & t.bit() != 0)
    }

    /// Element spaces on the display for added disks (not counting Phenotypic Plasticity).
    pub fn display_slots(&self, a: Animal) -> usize {
        let printed: u8 = self.printed[a.index()].iter().sum();
        (data().display_capacity.saturating_sub(printed) as usize).min(DISKS - 2)
    }

    /// Usable disk slots, including Phenotypic Plasticity's while held.
    pub fn usable_slots(&self, a: Animal) -> impl Iterator<Item = usize> + '_ {
        let main = self.display_slots(a);
        let pp = if self.has_trait(a, Trait::PhenotypicPlasticity) {
            (data().trait_data(Trait::PhenotypicPlasticity).count as usize).min(2)
        } else {
            0
        };
        (0..main).chain(DISKS - 2..DISKS - 2 + pp)
    }

    /// True when the animal has an empty element space.
    pub fn has_empty_slot(&self, a: Animal) -> bool {
        self.usable_slots(a)
            .any(|i| self.disks[a.index()][i].is_none())
    }

    /// Added disks (not printed) on an animal.
    pub fn added_count(&self, a: Animal) -> usize {
        self.disks[a.index()].iter().filter(|d| d.is_some()).count()
    }

    /// Element counts of an animal's display: printed, added and Ram Feeder's plankton.
    pub fn needs(&self, a: Animal) -> [u8; ELEMENTS] {
        let mut n = self.printed[a.index()];
        for d in self.disks[a.index()].iter().flatten() {
            n[d.index()] += 1;
        }
        if self.has_trait(a, Trait::RamFeeder) {
            if let Some(e) = data().trait_data(Trait::RamFeeder).element {
                n[e.index()] += 1;
            }
        }
        n
    }

    /// Opposing species (all other animals) on a hex.
    pub fn opposing_on(&self, h: HexId, a: Animal) -> u32 {
        self.earth.total_species(h) - self.earth.species(h, a.index()) as u32
    }

    /// True when `a`'s species on `h` thrive (p.7): an element on the tile
    /// matches the display. Carnivore (p.21): never endangered with at least
    /// two opposing species on the tile.
    pub fn thriving(&self, a: Animal, h: HexId) -> bool {
        self.thriving_by(a, h, || self.earth.matching(h, &self.needs6(a)))
    }

    /// [`State::thriving`], with the matching of `a`'s display on `h` asked
    /// of `matching` (only when it decides): for a caller that has counted
    /// the tile's elements and the display already.
    pub fn thriving_by(&self, a: Animal, h: HexId, matching: impl FnOnce() -> u32) -> bool {
        if self.earth.species(h, a.index()) == 0 {
            return false;
        }
        if self.has_trait(a, Trait::Carnivore)
            && self.opposing_on(h, a) >= data().trait_data(Trait::Carnivore).count
        {
            return true;
        }
        matching() > 0
    }

    fn needs6(&self, a: Animal) -> eons_earth::ElementCounts {
        self.needs(a)
    }

    /// Domination value of `a` for element type `e` (p.7): display count ×
    /// tiles holding both `a`'s species and an `e` element.
    pub fn domination_value(&self, a: Animal, e: Element) -> u32 {
        self.domination_values(a)[e.index()]
    }

    /// Domination values of `a` for every element type at once (p.7), in
    /// one pass over earth (Domination's choices ask for all six).
    pub fn domination_values(&self, a: Animal) -> [u32; ELEMENTS] {
        let needs = self.needs(a);
        let mut tiles = [0u32; ELEMENTS];
        for (h, _) in self.earth.tiles() {
            if self.earth.species(h, a.index()) > 0 {
                let on = self.earth.elements_on(h);
                for (n, k) in tiles.iter_mut().zip(on) {
                    *n += u32::from(k > 0);
                }
            }
        }
        let mut v = [0u32; ELEMENTS];
        for ((v, n), t) in v.iter_mut().zip(needs).zip(tiles) {
            *v = n as u32 * t;
        }
        v
    }

    /// True when `a` dominates `e`: its value exceeds the target number (p.7).
    pub fn dominates(&self, a: Animal, e: Element) -> bool {
        self.domination_value(a, e) > self.targets[e.index()]
    }

    /// Species of an animal on Vent tiles.
    pub fn vent_species(&self, a: Animal) -> u32 {
        self.earth
            .tiles()
            .filter(|t| t.1.terrain() == Terrain::Vent)
            .map(|(h, _)| self.earth.species(h, a.index()) as u32)
            .sum()
    }

    /// Vent tiles occupied by an animal.
    pub fn vents_occupied(&self, a: Animal) -> u32 {
        self.earth
            .tiles()
            .filter(|&(h, t)| t.terrain() == Terrain::Vent && self.earth.species(h, a.index()) > 0)
            .count() as u32
    }

    /// The holder of the Survival card (p.8): the sole most species on Vents.
    pub fn survival_holder(&self) -> Option<Animal> {
        let mut best = None;
        let mut best_n = 0;
        let mut tie = false;
        for a in self.animals() {
            let n = self.vent_species(a);
            if n > best_n {
                best_n = n;
                best = Some(a);
                tie = false;
            } else if n == best_n {
                tie = true;
            }
        }
        if tie || best_n == 0 {
            None
        } else {
            best
        }
    }

    /// True while Monotypic Habitat is face-up: tie-breaks use the food chain reversed.
    pub fn ties_reversed(&self) -> bool {
        self.row.contains(&Some(Card::MonotypicHabitat))
    }

    /// Animals on a hex ranked by species, most first, ties by food chain
    /// (reversed while Monotypic Habitat is face-up). Returns the count.
    pub fn ranking(&self, h: HexId, out: &mut [Animal; ANIMALS]) -> usize {
        let rev = self.ties_reversed();
        let mut n = 0;
        for i in 0..ANIMALS {
            let a = Animal::ALL[if rev { ANIMALS - 1 - i } else { i }];
            if self.earth.species(h, a.index()) > 0 {
                out[n] = a;
                n += 1;
            }
        }
        for i in 1..n {
            let mut j = i;
            while j > 0
                && self.earth.species(h, out[j - 1].index()) < self.earth.species(h, out[j].index())
            {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
        n
    }

    /// True when a hex is on the edge for basic Tectonics (p.14).
    pub fn on_edge(&self, h: HexId) -> bool {
        if data().rules.edge_is_grid {
            grid().is_edge(h)
        } else {
            self.earth.adjacent_tiles(h).count() < 6
        }
    }

    /// The half of the play area a hex lies in: `Some(Geyser)` for the top,
    /// `Some(Smoker)` for the bottom, `None` for the three spanning hexes (p.14).
    pub fn half(h: HexId) -> Option<Face> {
        let y = grid().hex(h).y();
        match y.cmp(&0) {
            std::cmp::Ordering::Less => Some(Face::Geyser),
            std::cmp::Ordering::Greater => Some(Face::Smoker),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// True when any corner of the tile is vacant.
    pub fn tile_has_vacant_corner(&self, h: HexId) -> bool {
        grid()
            .corners_of(h)
            .iter()
            .any(|&c| self.earth.element(c).is_none())
    }

    /// True when some corner of earth is vacant.
    pub fn any_vacant_corner(&self) -> bool {
        (0..grid().corner_count()).any(|i| self.earth.corner_vacant(CornerId(i as u8)))
    }

    /// The special pawns an animal has in front of it.
    pub fn available_specials(&self, a: Animal) -> impl Iterator<Item = Element> + '_ {
        Element::ALL.iter().copied().filter(move |e| {
            self.special_control[e.index()] == Some(a) && self.special_space[e.index()].is_none()
        })
    }

    /// The pawn on a space index (including personal spaces).
    pub fn pawn_at(&self, space: Space) -> Option<Pawn> {
        if space.is_personal() {
            self.personal.get(space.personal_index()).copied().flatten()
        } else {
            self.spaces.get(space.index()).copied().flatten()
        }
    }

    /// True when a pawn belongs to an animal: its basic pawns and the special pawns it controls.
    pub fn pawn_is(&self, p: Pawn, a: Animal) -> bool {
        match p {
            Pawn::Basic(b) => b == a,
            Pawn::Special(e) => self.special_control[e.index()] == Some(a),
        }
    }

    /// VP of a seat's counted animal(s): the lowest with two animals (p.22).
    pub fn seat_score(&self, seat: usize) -> u32 {
        self.animals()
            .filter(|a| self.owner[a.index()] as usize == seat)
            .map(|a| self.vp[a.index()])
            .min()
            .unwrap_or(0)
    }

    // ------------------------------------------------------------ changes

    /// Gains VP.
    pub fn add_vp(&mut self, a: Animal, n: u32, why: VpCause, ev: &mut Vec<Event>) {
        if n == 0 {
            return;
        }
        self.vp[a.index()] = self.vp[a.index()].saturating_add(n);
        ev.push(Event::Vp {
            animal: a,
            vp: n,
            why,
        });
    }

    /// Eliminates up to `n` species of `b` on `h` (to the box). `by`: the
    /// animal whose action or card does it (Cannibal, p.21).
    pub fn eliminate(
        &mut self,
        h: HexId,
        b: Animal,
        n: u8,
        by: Option<Animal>,
        ev: &mut Vec<Event>,
    ) -> u8 {
        let k = self.earth.remove_species(h, b.index(), n);
        if k == 0 {
            return 0;
        }
        self.eliminated[b.index()] += k;
        ev.push(Event::Eliminated {
            animal: b,
            hex: h,
            tile: self.earth.tile(h),
            n: k,
        });
        if let Some(x) = by {
            if self.has_trait(x, Trait::Cannibal) {
                let vp = data().trait_data(Trait::Cannibal).count * k as u32;
                self.add_vp(x, vp, VpCause::Trait(Trait::Cannibal), ev);
            }
        }
        k
    }

    /// Sends up to `n` species of `b` on `h` back to its Gene Pool.
    pub fn to_pool(&mut self, h: HexId, b: Animal, n: u8, ev: &mut Vec<Event>) -> u8 {
        let k = self.earth.remove_species(h, b.index(), n);
        if k > 0 {
            self.pool[b.index()] += k;
            ev.push(Event::ToPool {
                animal: b,
                hex: h,
                tile: self.earth.tile(h),
                n: k,
            });
        }
        k
    }

    /// Places up to `n` species of `b` from its Gene Pool on `h`. Prey
    /// Switching (p.21) pays 1 VP per tile to each other animal occupying it
    /// when `prey` is set (the caller credits each tile once per effect).
    pub fn from_pool(&mut self, h: HexId, b: Animal, n: u8, prey: bool, ev: &mut Vec<Event>) -> u8 {
        let k = n.min(self.pool[b.index()]);
        if k == 0 {
            return 0;
        }
        if prey {
            self.prey_switching(h, b, ev);
        }
        self.pool[b.index()] -= k;
        self.earth.add_species(h, b.index(), k);
        ev.push(Event::Added {
            animal: b,
            hex: h,
            tile: self.earth.tile(h),
            n: k,
        });
        k
    }

    /// Prey Switching: other animals occupying `h` gain VP because `b` places species there.
    pub fn prey_switching(&mut self, h: HexId, b: Animal, ev: &mut Vec<Event>) {
        for &x in Animal::ALL {
            if x != b
                && self.plays(x)
                && self.has_trait(x, Trait::PreySwitching)
                && self.earth.species(h, x.index()) > 0
            {
                let vp = data().trait_data(Trait::PreySwitching).count;
                self.add_vp(x, vp, VpCause::Trait(Trait::PreySwitching), ev);
            }
        }
    }

    /// Removes the element on a corner into the bag.
    pub fn element_to_bag(&mut self, c: CornerId, ev: &mut Vec<Event>) {
        if let Some(e) = self.earth.element(c) {
            self.earth.set_element(c, None);
            self.bag.put(e as usize);
            ev.push(Event::ElementRemoved {
                el: element_of(e),
                corner: c,
            });
        }
    }

    /// Puts an element on a vacant corner.
    pub fn element_to_earth(&mut self, c: CornerId, e: Element, ev: &mut Vec<Event>) {
        self.earth.set_element(c, Some(e.index() as u8));
        ev.push(Event::ElementPlaced { el: e, corner: c });
    }

    /// Draws an element from the bag, if any.
    pub fn draw_element(&mut self) -> Option<Element> {
        self.bag.draw(&mut self.rng).and_then(Element::from_index)
    }

    /// Scores a tile (p.16): places by species, ties by food chain.
    /// `evolution`: an Evolution action's scoring (Solar Radiation's bonus).
    pub fn score_tile(&mut self, h: HexId, evolution: bool, ev: &mut Vec<Event>) {
        let Some(tile) = self.earth.tile(h) else {
            return;
        };
        let t = tile.terrain();
        let places = data().places(t);
        let mut rank = [Animal::Reptiles; ANIMALS];
        let n = self.ranking(h, &mut rank);
        if n == 0 {
            return;
        }
        let solo = n == 1 && self.has_trait(rank[0], Trait::Solitary);
        for (i, &a) in rank[..n].iter().enumerate() {
            let Some(&v) = places.get(i) else { break };
            let mut vp = v;
            if i == 0 && evolution && self.row.contains(&Some(Card::SolarRadiation)) {
                vp += data().card(Card::SolarRadiation).count;
            }
            self.add_vp(
                a,
                vp,
                VpCause::Scoring {
                    hex: h,
                    tile,
                    place: i as u8 + 1,
                },
                ev,
            );
        }
        if solo {
            // Solitary (p.21): alone on a tile, also every other place's VP.
            let extra: u32 = places.iter().skip(1).sum();
            self.add_vp(rank[0], extra, VpCause::Trait(Trait::Solitary), ev);
        }
    }

    /// Eliminates every endangered species, repeatedly (p.24; Carnivore note p.21).
    pub fn extinction(&mut self, ev: &mut Vec<Event>) {
        ev.push(Event::Extinction);
        loop {
            let mut kill: Vec<(HexId, Animal, u8)> = Vec::new();
            for (h, _) in self.earth.tiles() {
                for a in self.animals() {
                    let n = self.earth.species(h, a.index());
                    if n > 0 && !self.thriving(a, h) {
                        kill.push((h, a, n));
                    }
                }
            }
            if kill.is_empty() {
                break;
            }
            for (h, a, n) in kill {
                self.eliminate(h, a, n, None, ev);
            }
        }
    }

    /// A Survival event (p.24): the holder gains bonus VPs for Vents occupied.
    pub fn survival(&mut self, ev: &mut Vec<Event>) {
        let holder = self.survival_holder();
        ev.push(Event::Survival { holder });
        if let Some(a) = holder {
            let n = self.vents_occupied(a);
            let vp = data().bonus_vp(n);
            self.add_vp(a, vp, VpCause::Survival, ev);
        }
    }

    /// Runs the events of a card's icon (p.24: Extinction before Survival).
    pub fn card_events(&mut self, c: Card, ev: &mut Vec<Event>) {
        match data().card(c).icon {
            Icon::Extinction => self.extinction(ev),
            Icon::Survival => self.survival(ev),
            Icon::None => {}
        }
    }

    /// Draws terrain markers for Competition and Evolution (sorted, p.4).
    pub fn draw_markers(&mut self) {
        let d = data();
        for i in 0..d.markers(Action::Competition) {
            self.comp_markers[i] = self
                .marker_bag
                .draw(&mut self.rng)
                .and_then(Terrain::from_index);
        }
        let n = d.markers(Action::Evolution);
        for i in 0..n {
            self.evo_markers[i] = self
                .marker_bag
                .draw(&mut self.rng)
                .and_then(Terrain::from_index);
        }
        sort_markers(&mut self.evo_markers[..n]);
    }

    /// Fills the four circle rows from the bag (p.4, p.24).
    pub fn fill_circles(&mut self) {
        for row in CircleRow::ALL {
            for i in 0..data().circles(row.action()) {
                if self.circles[row as usize][i].is_none() {
                    self.circles[row as usize][i] = self.draw_element();
                }
            }
        }
    }

    /// True when no species can ever be on earth again: no animal has
    /// species on earth, in its Gene Pool or on a Regression square, and no
    /// Vent tile is left for Tectonics to bring an eliminated species back
    /// (step 6, the only rule that takes cubes out of the box). Then no animal
    /// can thrive, so none can take an evolution card (p.16) and the
    /// Asteroid can never be played: the rules give such a game no end.
    pub fn no_species_can_return(&self) -> bool {
        self.vents_left == 0
            && self.squares.iter().all(Option::is_none)
            && self
                .animals()
                .all(|a| self.pool[a.index()] == 0 && self.earth.species_total(a.index()) == 0)
    }

    /// The Reseed event (p.24), in the rulebook's order.
    pub fn reseed(&mut self, ev: &mut Vec<Event>) {
        let g = grid();
        // 1. Elements surrounded by exactly three Vents: the occupied corners
        // only, in id order, each asked of the Vent tiles' bit set.
        let vents = self
            .earth
            .tiles()
            .filter(|t| t.1.terrain() == Terrain::Vent)
            .fold(0u64, |set, (h, _)| set | 1 << h.0);
        for c in corner_ids(self.earth.occupied_mask()) {
            let around = g.hexes_at(c).filter(|h| vents & 1 << h.0 != 0).count();
            if around == 3 {
                self.element_to_bag(c, ev);
            }
        }
        // 2. Regression, then the Regression Box into the bag.
        let reg = self.boxes[BoxKind::Regression as usize];
        for &a in Animal::ALL {
            if !self.plays(a)
                || self.squares.contains(&Some(a))
                || self.has_trait(a, Trait::Resilience)
            {
                continue;
            }
            for e in Element::ALL {
                if reg[e.index()] == 0 {
                    continue;
                }
                let held = self
                    .usable_slots(a)
                    .find(|&i| self.disks[a.index()][i] == Some(*e));
                if let Some(i) = held {
                    self.disks[a.index()][i] = None;
                    self.bag.put(e.index());
                    ev.push(Event::DiskLost { animal: a, el: *e });
                }
            }
        }
        for sq in 0..MAX_SQUARES {
            if let Some(a) = self.squares[sq].take() {
                self.pool[a.index()] += 1;
            }
        }
        self.empty_box(BoxKind::Regression);
        // 3. Adaptation slides down into the Regression Box.
        for i in 0..MAX_CIRCLES {
            if let Some(e) = self.circles[CircleRow::Adaptation as usize][i].take() {
                self.boxes[BoxKind::Regression as usize][e.index()] += 1;
            }
        }
        // 4. Depletion, Speciation and Wanderlust into the bag.
        self.empty_box(BoxKind::Depletion);
        for row in [CircleRow::Speciation, CircleRow::Wanderlust] {
            for i in 0..MAX_CIRCLES {
                if let Some(e) = self.circles[row as usize][i].take() {
                    self.bag.put(e.index());
                }
            }
        }
        // 5. Autotrophs into Depletion, then Abundance into Autotrophs.
        self.boxes[BoxKind::Depletion as usize] = self.boxes[BoxKind::Autotrophs as usize];
        self.boxes[BoxKind::Autotrophs as usize] = [0; ELEMENTS];
        for i in 0..MAX_CIRCLES {
            if let Some(e) = self.circles[CircleRow::Abundance as usize][i].take() {
                self.boxes[BoxKind::Autotrophs as usize][e.index()] += 1;
            }
        }
        // 6. Terrain markers into the red bag.
        for m in self
            .comp_markers
            .iter_mut()
            .chain(self.evo_markers.iter_mut())
        {
            if let Some(t) = m.take() {
                self.marker_bag.put(t.index());
            }
        }
        // 7-9. Refill.
        self.fill_circles();
        self.draw_markers();
        // 10. Food-chain cubes back to the left.
        self.food_right = 0;
        self.reseeds += 1;
        ev.push(Event::Reseed {
            round: self.reseeds,
        });
    }

    fn empty_box(&mut self, b: BoxKind) {
        for e in 0..ELEMENTS {
            for _ in 0..self.boxes[b as usize][e] {
                self.bag.put(e);
            }
        }
        self.boxes[b as usize] = [0; ELEMENTS];
    }

    /// The endgame (p.9, p.24): final Extinction and Survival, every tile
    /// scored, target-marker VPs.
    pub fn endgame(&mut self, ev: &mut Vec<Event>) {
        ev.push(Event::FinalScoring);
        self.extinction(ev);
        self.survival(ev);
        let tiles: Vec<HexId> = self.earth.tiles().map(|t| t.0).collect();
        for h in tiles {
            self.score_tile(h, false, ev);
        }
        for e in Element::ALL {
            if let Some(a) = self.special_control[e.index()] {
                let v = self.targets[e.index()];
                self.add_vp(a, v, VpCause::Target(*e), ev);
            }
        }
        self.over = true;
        self.stack.clear();
        ev.push(Event::GameOver);
    }

    /// Slides the row down over an empty slot and fills slot 5 (p.16),
    /// running the new card's events (reference 7.7).
    pub fn slide_and_refill(&mut self, ev: &mut Vec<Event>) {
        let n = data().slots as usize;
        let mut cards: Vec<Card> = self.row[..n].iter().flatten().copied().collect();
        cards.truncate(n);
        for i in 0..n {
            self.row[i] = cards.get(i).copied();
        }
        if cards.len() < n {
            if let Some(c) = self.deck.draw() {
                let slot = cards.len();
                self.row[slot] = Some(c);
                ev.push(Event::CardRevealed {
                    card: c,
                    slot: slot as u8 + 1,
                });
                self.card_events(c, ev);
            }
        }
    }

    /// Removes a card from the row (wherever it is) onto the discard pile.
    pub fn discard_card(&mut self, c: Card, ev: &mut Vec<Event>) {
        if let Some(i) = self.row.iter().position(|&x| x == Some(c)) {
            self.row[i] = None;
            self.discard.push(c);
            ev.push(Event::CardDiscarded { card: c });
            self.slide_and_refill(ev);
        }
    }

    /// Returns every pawn on the display to its owner or controller (Tectonic Shift, p.20).
    pub fn return_all_pawns(&mut self) {
        for i in 0..MAX_SPACES {
            if let Some(p) = self.spaces.take(i) {
                self.pawn_home(p);
            }
        }
        for i in 0..ANIMALS {
            if let Some(p) = self.personal[i].take() {
                self.pawn_home(p);
            }
        }
    }

    /// A pawn taken off the display goes in front of its owner (basic) or controller (special).
    pub fn pawn_home(&mut self, p: Pawn) {
        match p {
            Pawn::Basic(b) => self.basic_avail[b.index()] += 1,
            Pawn::Special(e) => self.special_space[e.index()] = None,
        }
    }
}

impl State {
    /// Checks the conservation invariants: element disks, cubes, terrain
    /// markers, cards, traits, pawns and tiles are all somewhere, exactly once.
    pub fn invariants(&self) -> Result<(), String> {
        let d = data();
        for e in 0..ELEMENTS {
            let mut n = self.bag.count(e) as u32 + self.earth.element_totals()[e] as u32;
            for a in 0..ANIMALS {
                n += self.disks[a]
                    .iter()
                    .filter(|x| x.map(|y| y.index()) == Some(e))
                    .count() as u32;
            }
            for row in &self.circles {
                n += row
                    .iter()
                    .filter(|x| x.map(|y| y.index()) == Some(e))
                    .count() as u32;
            }
            for b in &self.boxes {
                n += b[e] as u32;
            }
            if n != d.elements_per_type as u32 {
                return Err(format!(
                    "{} element disks of type {e}, expected {}",
                    n, d.elements_per_type
                ));
            }
        }
        for a in self.animals() {
            let k = a.index();
            let reg = self.squares.iter().filter(|x| **x == Some(a)).count() as u32;
            let n = self.pool[k] as u32
                + self.earth.species_total(k)
                + self.eliminated[k] as u32
                + reg
                + 1;
            if n != d.cubes as u32 {
                return Err(format!("{a}: {n} cubes, expected {}", d.cubes));
            }
            let on = (0..MAX_SPACES)
                .filter(|&i| self.spaces[i] == Some(Pawn::Basic(a)))
                .count()
                + self
                    .personal
                    .iter()
                    .filter(|p| **p == Some(Pawn::Basic(a)))
                    .count();
            if self.basic_avail[k] as usize + on != self.basic_total[k] as usize
                || self.basic_total[k] > d.pawns_per_colour
            {
                return Err(format!(
                    "{a}: pawns {} + {on} != {}",
                    self.basic_avail[k], self.basic_total[k]
                ));
            }
        }
        for e in Element::ALL {
            let places: Vec<Space> = (0..MAX_SPACES)
                .map(Space::display)
                .chain(Space::personal_spaces())
                .filter(|&i| self.pawn_at(i) == Some(Pawn::Special(*e)))
                .collect();
            match (self.special_space[e.index()], places.as_slice()) {
                (None, []) => {}
                (Some(x), [y]) if x == *y => {}
                (x, y) => {
                    return Err(format!(
                        "special pawn {e}: recorded at {x:?}, found at {y:?}"
                    ))
                }
            }
            if self.special_space[e.index()].is_some() && self.special_control[e.index()].is_none()
            {
                return Err(format!("special pawn {e} placed without a controller"));
            }
        }
        let mut markers = [0u32; 8];
        for t in self
            .comp_markers
            .iter()
            .chain(self.evo_markers.iter())
            .flatten()
        {
            markers[t.index()] += 1;
        }
        for t in Terrain::ALL {
            let n = markers[t.index()] + self.marker_bag.count(t.index()) as u32;
            if n != d.terrain[t.index()].markers as u32 {
                return Err(format!("{n} {t} markers"));
            }
        }
        let mut cards = [0u32; 35];
        for c in self
            .deck
            .cards()
            .iter()
            .chain(self.row.iter().flatten())
            .chain(self.discard.iter())
            .chain(self.removed.iter())
        {
            cards[c.index()] += 1;
        }
        if let Some(i) = cards.iter().position(|&n| n != 1) {
            return Err(format!("card {} appears {} times", Card::ALL[i], cards[i]));
        }
        let mut traits = [0u32; 18];
        for a in 0..ANIMALS {
            for t in Trait::ALL {
                if (self.traits[a] | self.picks[a]) & t.bit() != 0 {
                    traits[t.index()] += 1;
                }
            }
            for t in self.hands[a].iter().chain(self.offer[a].iter()).flatten() {
                traits[t.index()] += 1;
            }
        }
        for t in &self.trait_box {
            traits[t.index()] += 1;
        }
        if let Some(i) = traits.iter().position(|&n| n != 1) {
            return Err(format!(
                "trait {} appears {} times",
                Trait::ALL[i],
                traits[i]
            ));
        }
        let vents = self.earth.tiles().filter(|t| t.1.vent.is_some()).count() as u32;
        if vents + self.vents_left as u32 > d.vents_total as u32 {
            return Err(format!(
                "{vents} Vents on earth and {} in the stack",
                self.vents_left
            ));
        }
        let in_hand = self
            .stack
            .iter()
            .filter(|f| matches!(f, Decision::WanderlustHex { .. }))
            .count();
        let stacked: usize =
            self.stacks.iter().map(|s| s.len()).sum::<usize>() + in_hand + self.tiles_out as usize;
        if self.earth.tile_count() + stacked
            != d.start_tiles.len() + d.stacks as usize * d.stack_size as usize
        {
            return Err(format!(
                "{} tiles on earth and {stacked} in the stacks",
                self.earth.tile_count()
            ));
        }
        Ok(())
    }
}

/// The element type with index `e` (earth stores `u8`).
pub fn element_of(e: u8) -> Element {
    Element::from_index(e as usize).unwrap_or(Element::Algae)
}

/// Sorts Evolution markers into the printed order, empty squares last.
pub fn sort_markers(m: &mut [Option<Terrain>]) {
    m.sort_by_key(|t| t.map_or(u8::MAX, evo_rank));
}
