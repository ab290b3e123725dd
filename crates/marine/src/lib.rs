//! `eons-marine`: the rules of **Dominant Species: Marine** (GMT Games, design
//! by Chad Jensen) on the shared Eons core and earth.
//!
//! * Every table, layout and card parameter is data (`data/marine/*.toml`,
//!   embedded and checked at start-up, see [`data`]).
//! * The game is a state machine over atomic [`Choice`]s ([`rules`]): a turn
//!   is "place a pawn" or "retrieve", and every action, card and trait is a
//!   sequence of small decisions, each offered to the animal it concerns.
//! * [`Marine`] implements [`eons_core::Game`] and [`eons_core::Positions`]
//!   (a human-editable TOML position format, see `POSITIONS.md`).
//!
//! Animals are in food-chain order (Reptiles, Cephalopods, Fishes,
//! Crustaceans); eons-earth's animal index is that order.
//!
//! # Layers
//!
//! Each module uses only the modules below it (`scripts/module-layers.py`
//! checks that there is no circle), from the bottom:
//!
//! 1. `types`: the game's small vocabulary (animals, elements, terrains,
//!    cards, traits, actions).
//! 2. `data`: the component data of `data/marine/*.toml`, parsed and checked;
//!    `catalog`: every card's text and the display's spaces as the browser
//!    table draws them (presentation only, from `data`); `rulebook`: the
//!    rules in brief, one section per rule a prompt cites
//!    (`data/marine/rules.toml`, presentation only);
//!    `decision`: the [`Choice`]s and pending [`Decision`]s (plain data, no
//!    logic); `events`: what happened, for the log.
//! 3. `state`: the [`State`] and its own bookkeeping (scoring a tile,
//!    eliminating, the Reseed, the end of the game).
//! 4. `queries`: read-only questions about the board shared by actions and
//!    cards; `effects`: small state changes they share; `setup`: the
//!    starting state; `words`: the words every text shares (labels of hexes
//!    and corners, counts, articles, spaces, pawns).
//! 5. `position`: the position file format (above `setup`, which it uses).
//! 6. `cards`, `traits`: each evolution card and each trait with decisions of
//!    its own.
//! 7. `actions`: the turn and each action of the display.
//! 8. `rules`: the dispatcher: the one table from a pending frame to its
//!    module, legal choices, `apply`, the automatic steps.
//! 9. `texts`: every text of a choice or an event; it asks the pending
//!    decision's module for its own wording first (through `rules`), and
//!    reads a card's pending tile to name it.
//! 10. `view`: what a seat sees, the prompt, and the terminal's rendering;
//!     `learn`: the same seat's knowledge as numbers for learning agents
//!     ([`eons_core::Learnable`]: the action space and the observation).
//!
//! # Where each decision lives
//!
//! Each module that asks a decision has a unit type (`actions::abundance::
//! Abundance`, `cards::habitat::Habitat`, …) implementing
//! [`eons_core::DecisionModule`] for the decisions it owns: their rule text
//! (`rule`), legal choices (`legal`, `is_legal`), effect (`apply`), refusal
//! (`refusal`) and its own wording of their choices (`text`). Its automatic
//! steps (`automatic`) and, for a card, its effect (`start`) are plain
//! functions of the module. [`rules`] only dispatches, through one table
//! (`with_module!` in `rules.rs`) from each frame of the decision stack to
//! its module or automatic step.
//!
//! | Action or card | Module |
//! |---|---|
//! | Player turn: placing a pawn, Retrieve, end of turn and round (p.9-10) | `actions/turn.rs` |
//! | Abundance (p.11) | `actions/abundance.rs` |
//! | Autotrophs (p.11) | `actions/autotrophs.rs` |
//! | Depletion (p.11) | `actions/depletion.rs` |
//! | Adaptation (p.12) | `actions/adaptation.rs` |
//! | Regression (p.12) | `actions/regression.rs` |
//! | Speciation (p.13) | `actions/speciation.rs` |
//! | Wanderlust (p.13) | `actions/wanderlust.rs` |
//! | Tectonics (p.14), with Volcanism's two Tectonics | `actions/tectonics.rs` |
//! | Migration (p.15) | `actions/migration.rs` |
//! | Competition (p.15) | `actions/competition.rs` |
//! | Evolution (p.16) | `actions/evolution.rs` |
//! | Domination (p.17) | `actions/domination.rs` |
//! | Bottom Feeder's personal space (p.20) | `actions/bottom_feeder.rs` |
//! | Starting and discarding a card, setup cards' events | `cards/mod.rs` |
//! | Adaptability | `cards/adaptability.rs` |
//! | Annelids, Carbon Cycle, Endosymbionts, Producers, Semi-Aquatic, Univalves, Biodiversity, Ecodiversity, Extremophiles, Symbiotic | `cards/scoring.rs` |
//! | Asteroid | `cards/asteroid.rs` |
//! | Biomass, Predator | `cards/victims.rs` |
//! | Bountiful Habitat | `cards/bountiful_habitat.rs` |
//! | Cladogenesis | `cards/cladogenesis.rs` |
//! | Disease | `cards/disease.rs` |
//! | Fecundity | `cards/fecundity.rs` |
//! | Fertile | `cards/fertile.rs` |
//! | Gene Expression | `cards/gene_expression.rs` |
//! | Habitat | `cards/habitat.rs` |
//! | Invasive Species | `cards/invasive_species.rs` |
//! | Marine Snow | `cards/marine_snow.rs` |
//! | Mass Exodus | `cards/mass_exodus.rs` |
//! | Metamorphosis | `cards/metamorphosis.rs` |
//! | Monotypic Habitat | `cards/monotypic_habitat.rs` |
//! | Niche Construction | `cards/niche_construction.rs` |
//! | Omnivore | `cards/omnivore.rs` |
//! | Population Explosion | `cards/population_explosion.rs` |
//! | Profligate Carnivore | `cards/profligate_carnivore.rs` |
//! | Solar Radiation | `cards/solar_radiation.rs` |
//! | Tectonic Shift | `cards/tectonic_shift.rs` |
//! | Terrestrial | `cards/terrestrial.rs` |
//! | Trophic Cascade | `cards/trophic_cascade.rs` |
//! | Volcanism (its Tectonics: `actions/tectonics.rs`) | `cards/volcanism.rs` |
//! | Trait draft and reveal, setup traits (p.5) | `traits/draft.rs` |
//! | Pack Hunters | `traits/pack_hunters.rs` |
//! | Exaptation | `traits/exaptation.rs` |
//! | Ancient Lineage | `traits/ancient_lineage.rs` |
//! | Camouflage | `traits/camouflage.rs` |
//! | A new trait card (Gene Expression, Exaptation) | `traits/new_trait.rs` |
//! | Budding Intelligence | `traits/budding_intelligence.rs` |
//!
//! The other traits change a rule where it applies (Flight and Social in
//! `actions/turn.rs`, Seasonal Migrants in `actions/migration.rs`, Ecological
//! Niche in `actions/speciation.rs`, and so on).

#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Fixed arrays indexed by element type or animal read best with indices.
#![allow(clippy::needless_range_loop)]

/// Offers one choice to a decision module's `offer` callback `$f` inside
/// its `legal`, returning true from `legal` as soon as `$f` does (the
/// caller has found what it looked for): `offer!(f, Choice::Done)`.
macro_rules! offer {
    ($f:ident, $c:expr) => {
        if $f($c) {
            return true;
        }
    };
}

mod action_display;
mod actions;
mod cards;
pub mod catalog;
pub mod data;
pub mod decision;
mod effects;
pub mod events;
pub mod learn;
pub mod position;
pub mod presentation;
mod queries;
pub mod rulebook;
pub mod rules;
pub mod score_sheet;
pub mod setup;
pub mod state;
pub mod texts;
mod traits;
pub mod types;
pub mod view;
mod words;

pub use decision::{Choice, Decision, TectonicsMode};
pub use events::{Event, VpCause};
pub use state::{DominationSpaces, Pawn, Setup, State};
pub use types::{Action, Animal, Card, Element, Face, Length, Space, Terrain, Tile, Trait};
pub use view::View;

use eons_core::{
    Game, GameRng, OptionInfo, OptionKind, Outcome, PositionError, Positions, Refusal, Seat,
    SetupError, Turn, TurnPosition,
};
use eons_earth::matching_counts;

/// Dominant Species: Marine.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Marine;

impl Game for Marine {
    const ID: &'static str = "marine";
    const NAME: &'static str = "Dominant Species: Marine";
    const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo {
            name: "two-animals",
            help: "2 players only: each player controls two animals; the lower score counts (p.22)",
            label: "Two animals each (2 players)",
            kind: OptionKind::Flag,
        },
        OptionInfo {
            name: "domination-spaces=VALUE",
            help: "with two-animals (ignored without): players (p.17 as written, the default: only the leftmost Domination space) or animals (reference 7.8: all three, as for 4 animals)",
            label: "Domination spaces (two animals)",
            kind: OptionKind::OneOf(&["players", "animals"]),
        },
        OptionInfo {
            name: "random-earth",
            help: "alternate earth: random central tiles and elements, handicapped starting VP (p.22)",
            label: "Alternate earth",
            kind: OptionKind::Flag,
        },
        OptionInfo {
            name: "length=VALUE",
            help: "short (15 cards out), standard (10), long (5) or epic (0) (p.23)",
            label: "Game length",
            kind: OptionKind::OneOf(&["short", "standard", "long", "epic"]),
        },
        OptionInfo {
            name: "alternate-displays",
            help: "animal displays' reverse side: three random elements, none printed (p.23)",
            label: "Alternate animal displays",
            kind: OptionKind::Flag,
        },
        OptionInfo {
            name: "superheroes",
            help: "each animal keeps two of its three trait cards (p.23)",
            label: "Superheroes",
            kind: OptionKind::Flag,
        },
        OptionInfo {
            name: "max-rounds=N",
            help: "round cap, not a rulebook rule: after N-1 Reseeds the next round is the last (default 0 = no cap, as the rules give no cutoff)",
            label: "Round cap",
            kind: OptionKind::Number,
        },
        OptionInfo {
            name: "animals=A,B,...",
            help: "animals by seat (reptiles, cephalopods, fishes, crustaceans); with two-animals all four: seat 1 plays the 1st and 3rd, seat 2 the 2nd and 4th",
            label: "Animals",
            kind: OptionKind::SeatList {
                values: &["reptiles", "cephalopods", "fishes", "crustaceans"],
                all_with: Some("two-animals"),
            },
        },
    ];

    type Setup = Setup;
    type State = State;
    type Choice = Choice;
    type Event = Event;
    type View = View;
    type Error = Refusal;

    fn setup(players: usize, options: &[String]) -> Result<Setup, SetupError> {
        Setup::parse(players, options)
    }

    fn new(setup: &Setup, seed: u64) -> Result<State, SetupError> {
        let mut s = setup::new_game(setup, seed)?;
        let mut ev = Vec::new();
        rules::settle(&mut s, &mut ev);
        Ok(s)
    }

    fn seats(s: &State) -> usize {
        s.setup.players as usize
    }

    fn turn(s: &State) -> Turn {
        view::turn(s)
    }

    fn legal(s: &State, out: &mut Vec<Choice>) {
        rules::legal_choices(s, &mut |c| {
            out.push(c);
            false
        });
    }

    fn random_choice(s: &State, rng: &mut GameRng, scratch: &mut Vec<Choice>) -> Option<Choice> {
        rules::random_choice(s, rng, scratch)
    }

    fn apply(s: &mut State, c: Choice, events: &mut Vec<Event>) -> Result<(), Refusal> {
        rules::apply(s, c, events)
    }

    fn apply_listed(s: &mut State, c: Choice, events: &mut Vec<Event>) -> Result<(), Refusal> {
        rules::apply_listed(s, c, events)
    }

    fn view(s: &State, seat: Option<Seat>) -> View {
        view::view(s, seat)
    }

    fn outcome(s: &State) -> Option<Outcome> {
        if !s.over {
            return None;
        }
        let scores = Self::scores(s);
        // Tie-break: the counted animal closest to the top of the food chain
        // (reversed while Monotypic Habitat is face-up) (p.9, p.22).
        let rev = s.ties_reversed();
        let key = |seat: usize| -> usize {
            let counted = s
                .animals()
                .filter(|a| s.owner[a.index()] as usize == seat)
                .min_by_key(|a| (s.vp[a.index()], a.index()))
                .map_or(0, |a| a.index());
            if rev {
                3 - counted
            } else {
                counted
            }
        };
        let mut ranking: Vec<Seat> = (0..Self::seats(s)).map(|i| Seat(i as u8)).collect();
        ranking.sort_by(|x, y| {
            scores[y.index()]
                .cmp(&scores[x.index()])
                .then(key(x.index()).cmp(&key(y.index())))
        });
        Some(Outcome { scores, ranking })
    }

    fn scores(s: &State) -> Vec<i64> {
        (0..Self::seats(s))
            .map(|i| s.seat_score(i) as i64)
            .collect()
    }

    fn determinize(s: &State, seat: Seat, seed: u64) -> State {
        view::determinize(s, seat, seed)
    }

    fn roles(s: &State, seat: Seat) -> Vec<String> {
        s.animals()
            .filter(|a| s.owner[a.index()] == seat.0)
            .map(|a| a.to_string())
            .collect()
    }

    /// The animal's place in the order of play, which is the reverse food
    /// chain for the whole game (p.5, p.8): the animal in play lowest on
    /// the food chain plays first.
    fn initiative(s: &State, seat: Seat) -> Vec<TurnPosition> {
        s.animals()
            .filter(|a| s.owner[a.index()] == seat.0)
            .map(|a| {
                let below = s.animals().filter(|b| b.index() > a.index()).count();
                TurnPosition(u8::try_from(below).unwrap_or(u8::MAX))
            })
            .collect()
    }

    fn describe_choice(s: &State, c: Choice) -> String {
        texts::describe_choice(s, c)
    }

    /// Draft picks stay secret from the other seats until all reveal (p.5).
    fn describe_choice_for(s: &State, c: Choice, actor: Seat, viewer: Option<Seat>) -> String {
        let drafting = matches!(s.stack.last(), Some(Decision::Draft { .. }));
        if viewer != Some(actor) && drafting && matches!(c, Choice::Trait(_)) {
            texts::SECRET_PICK.to_string()
        } else {
            texts::describe_choice(s, c)
        }
    }

    fn invariants(s: &State) -> Result<(), eons_core::InvariantError> {
        // Marine's position reader fills every bag, box and stack with what
        // the file leaves out, so positions keep conservation too.
        s.invariants().map_err(eons_core::InvariantError::always)
    }
    /// Reads nothing of the state: every event carries what it names.
    fn describe_event(_: &State, e: &Event) -> String {
        texts::describe_event(e)
    }

    /// "Cephalopods: place an available pawn on a legal space, or retrieve".
    fn prompt(s: &State) -> String {
        view::prompt(s)
    }

    /// "Round 2": a round is a series of player turns that ends with a
    /// Reseed (Retrieve, p.10), so it is one more than the Reseeds so far.
    fn chapter(s: &State) -> Option<String> {
        Some(format!("Round {}", s.reseeds + 1))
    }

    /// A choice may be taken back unless it drew at random (an element from
    /// the bag, a terrain marker, trait cards, the random stream at all) or
    /// showed what was hidden (the traits revealed after the secret draft, a
    /// Wanderlust stack's next tile, a new evolution card, an offer of trait
    /// cards).
    fn undo_barrier(before: &State, after: &State, events: &[Event]) -> bool {
        let revealed = events.iter().any(|e| {
            matches!(
                e,
                Event::TraitsRevealed | Event::StackTop { .. } | Event::CardRevealed { .. }
            )
        });
        revealed
            || before.rng != after.rng
            || before.bag != after.bag
            || before.marker_bag != after.marker_bag
            || before.deck != after.deck
            || before.stacks != after.stacks
            || before.vents_left != after.vents_left
            || before.revealed != after.revealed
            || before.offer != after.offer
            || before.trait_box != after.trait_box
    }

    fn render(v: &View) -> String {
        view::render(v)
    }

    /// Bot heuristic, higher is better for `seat`. Each animal is valued the sum of
    ///
    /// * its VP (weight 1);
    /// * 0.5 × the VP it would gain if every tile were scored now (places
    ///   by species, ties by food chain as in [`State::ranking`]): tiles score
    ///   again in Evolution actions, cards and final scoring;
    /// * 1 × the target values of the special pawns it controls (VP it
    ///   collects at the end of the game);
    /// * 0.5 per thriving species on earth, + 0.1 per endangered one (the
    ///   next Extinction removes it);
    /// * 0.1 per species in its Gene Pool;
    /// * 0.5 × the bonus VP for its occupied Vents if it would now hold the
    ///   Survival card.
    ///
    /// Once the game is over an animal's value is its VP alone. A seat's value
    /// is its lowest animal's (two-animals counts the lower score); the result
    /// is the seat's value minus the best other seat's value.
    ///
    /// Only public information is read: hands, offers, deck order and the bag
    /// never are, and traits count towards thriving only once revealed (or for
    /// `seat`'s own animals). It allocates nothing.
    fn evaluate(s: &State, seat: Seat) -> f64 {
        let d = data::data();
        let mut val = [0f64; state::ANIMALS];
        for a in s.animals() {
            val[a.index()] = s.vp[a.index()] as f64;
        }
        if !s.over {
            // Thriving without traits, for animals whose traits `seat` cannot see.
            let mut public_needs = [[0u8; eons_earth::ELEMENTS]; state::ANIMALS];
            for a in s.animals() {
                let i = a.index();
                val[i] += 0.1 * s.pool[i] as f64;
                public_needs[i] = s.printed[i];
                for e in s.disks[i].iter().flatten() {
                    public_needs[i][e.index()] += 1;
                }
            }
            for e in Element::ALL.iter() {
                if let Some(a) = s.special_control[e.index()] {
                    val[a.index()] += s.targets[e.index()] as f64;
                }
            }
            // Each display and each tile's elements are counted once.
            let mut needs = [[0u8; eons_earth::ELEMENTS]; state::ANIMALS];
            for a in s.animals() {
                needs[a.index()] = s.needs(a);
            }
            let mut rank = [Animal::Reptiles; state::ANIMALS];
            for (h, tile) in s.earth.tiles() {
                let n = s.ranking(h, &mut rank);
                if n == 0 {
                    continue;
                }
                let on = s.earth.elements_on(h);
                let places = d.places(tile.terrain());
                for (k, &a) in rank[..n].iter().enumerate() {
                    let i = a.index();
                    if let Some(&v) = places.get(k) {
                        val[i] += 0.5 * v as f64;
                    }
                    let thriving = if s.revealed || s.owner[i] == seat.0 {
                        s.thriving_by(a, h, || matching_counts(&needs[i], &on))
                    } else {
                        matching_counts(&public_needs[i], &on) > 0
                    };
                    let per = if thriving { 0.5 } else { 0.1 };
                    val[i] += per * s.earth.species(h, i) as f64;
                }
            }
            if let Some(a) = s.survival_holder() {
                val[a.index()] += 0.5 * d.bonus_vp(s.vents_occupied(a)) as f64;
            }
        }
        let mut seat_val = [f64::INFINITY; state::ANIMALS];
        for a in s.animals() {
            let o = (s.owner[a.index()] as usize).min(state::ANIMALS - 1);
            seat_val[o] = seat_val[o].min(val[a.index()]);
        }
        let seats = Self::seats(s).min(state::ANIMALS);
        let mine = seat_val.get(seat.index()).copied().unwrap_or(0.0);
        let best_other = (0..seats)
            .filter(|&i| i != seat.index())
            .map(|i| seat_val[i])
            .filter(|v| v.is_finite())
            .fold(f64::NEG_INFINITY, f64::max);
        match (mine.is_finite(), best_other.is_finite()) {
            (true, true) => mine - best_other,
            (true, false) => mine,
            _ => 0.0,
        }
    }
}

impl Positions for Marine {
    fn read_position(text: &str) -> Result<State, PositionError> {
        Self::read_position_with_events(text).map(|(s, _)| s)
    }

    /// Reads the position, then runs what is forced before its first
    /// decision (Budding Intelligence's pawn at 20 VP, a turn with nothing
    /// to do), as `apply` does after every choice.
    fn read_position_with_events(text: &str) -> Result<(State, Vec<Event>), PositionError> {
        let mut s = position::read(text).and_then(eons_core::validate_position::<Self>)?;
        let mut events = Vec::new();
        rules::settle(&mut s, &mut events);
        Ok((s, events))
    }

    fn write_position(s: &State) -> String {
        position::write(s)
    }
}
