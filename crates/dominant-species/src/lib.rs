//! `eons-dominant-species`: the complete rules engine for **Dominant Species**
//! (GMT Games, 2010), 2–6 players, with the optional multi-animal rules for 2
//! and 3 players and the optional random earth setup (rulebook p.17).
//!
//! Page numbers in the docs and tests refer to the printed rulebook
//! (`shared/seeds/001…`). Facts printed only on the board or cards come from
//! `shared/reference/dominant-species.md`, whose recommended rulings are
//! followed where the rulebook is silent (each is named where it applies).
//!
//! Rulings the engine makes (reference §7):
//! - Dominance is recomputed after every change, not claimed (A1).
//! - Glaciation executes only the AP on its first space; the others slide at
//!   Reseed (A5, A6). Instinct may use any empty eyeball space (A8).
//! - Elements may sit on any corner touching a tile, edge corners included (A9).
//! - An action whose only option is to forfeit is forfeited without asking;
//!   a card step with nothing possible is skipped (the card resolves "as far
//!   as the situation allows", p.18).
//! - Initiative may be forfeited whole; the AP cannot go back on Initiative (A7).
//! - No passing in Planning (A16); an animal with APs but no empty eyeball
//!   space left is skipped.
//!
//! # Layers
//!
//! Modules from the bottom up; each uses only modules below it (checked by
//! `scripts/module-layers.py`):
//!
//! 1. `data`: animals, elements, terrains, cards, and the component tables
//!    (tile scores, speciation limits, counts, start layout, card names and
//!    texts) read once from `data/dominant-species/*.toml`.
//! 2. `space`: the action display's sections and eyeball spaces;
//!    `catalog`: every card's full text and the display's tables as the
//!    browser table draws them (presentation only, from `data` and `space`);
//!    `rulebook`: the rules in brief, one section per rule a prompt cites
//!    (`data/dominant-species/rules.toml`, presentation only).
//! 3. `state`: the game state, its pending decisions, choices and events.
//! 4. `queries`: read-only questions about a state (board hexes, vacant
//!    corners, targets of an action, the Survival holder); `invariants`:
//!    what holds in every state (component conservation), for
//!    [`Game::invariants`].
//! 5. `texts`: words for choices, events and the pending decision.
//! 6. `offer`: choice lists and refusal wording shared by the rule modules.
//! 7. `effects`: the small changes rules are made of (VPs, species,
//!    elements, APs), each with its event.
//! 8. `setup`: a new game's components laid out (p.4, p.17).
//! 9. `cards`: the Dominance cards and the Survival card, a module each.
//! 10. `actions`: the twelve actions, a module each (Domination starts cards).
//! 11. `phases`: Planning, Extinction, Reseed and final scoring.
//! 12. `engine`: the turn sequence; dispatches every decision to its module.
//! 13. `view`, `position`, `learn`: what a seat sees; the position file
//!     format; what a learning agent sees (the action space and a seat's
//!     observation as numbers, [`eons_core::Learnable`]).
//!
//! # Where each rule lives
//!
//! | Rule | Module |
//! |---|---|
//! | Planning (p.9) | `phases/planning.rs` |
//! | Initiative (p.10) | `actions/initiative.rs` |
//! | Adaptation (p.10) | `actions/adaptation.rs` |
//! | Regression (p.11) | `actions/regression.rs` |
//! | Abundance (p.11) | `actions/abundance.rs` |
//! | Wasteland (p.12) | `actions/wasteland.rs` |
//! | Depletion (p.12) | `actions/depletion.rs` |
//! | Glaciation (p.13) | `actions/glaciation.rs` |
//! | Speciation (p.14), the insects' free species | `actions/speciation.rs` |
//! | Wanderlust (p.14) | `actions/wanderlust.rs` |
//! | Migration (p.15) | `actions/migration.rs` |
//! | Competition (p.15), the arachnids' free competition | `actions/competition.rs` |
//! | Domination (p.16), taking a card | `actions/domination.rs` |
//! | Extinction, the mammals' save (p.20) | `phases/extinction.rs` |
//! | Survival card (p.18, p.20) | `cards/survival.rs` |
//! | Reseed (p.20) | `phases/reseed.rs` |
//! | Final scoring (p.20) | `phases/final_scoring.rs` |
//! | Aquatic, Biodiversity, Biomass, Blight, Catastrophe, Cold Snap, Disease, Ecodiversity, Evolution, Fecundity, Fertile (p.18) | `cards/aquatic.rs`, `cards/biodiversity.rs`, `cards/biomass.rs`, `cards/blight.rs`, `cards/catastrophe.rs`, `cards/cold_snap.rs`, `cards/disease.rs`, `cards/ecodiversity.rs`, `cards/evolution.rs`, `cards/fecundity.rs`, `cards/fertile.rs` |
//! | Habitat, Hibernation, Ice Age, Ice Sheet, Immigrants, Instinct, Intelligence, Mass Exodus, Metamorphosis, Niche Biomes, Nocturnal, Omnivore, Parasitism, Predator, Symbiotic (p.19) | `cards/habitat.rs`, `cards/hibernation.rs`, `cards/ice_age.rs`, `cards/ice_sheet.rs` (its decision is Glaciation's), `cards/immigrants.rs`, `cards/instinct.rs`, `cards/intelligence.rs`, `cards/mass_exodus.rs`, `cards/metamorphosis.rs`, `cards/niche_biomes.rs`, `cards/nocturnal.rs`, `cards/omnivore.rs`, `cards/parasitism.rs`, `cards/predator.rs`, `cards/symbiotic.rs` |
//!
//! A refused choice is an [`eons_core::Refusal`] naming the rule of the
//! pending decision ("Migration (p.15)") and what is wrong with the choice.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod actions;
pub mod cards;
pub mod catalog;
pub mod data;
mod effects;
pub mod engine;
pub mod invariants;
pub mod learn;
mod offer;
mod phases;
pub mod position;
pub mod presentation;
pub mod queries;
pub mod rulebook;
pub mod score_sheet;
mod setup;
pub mod space;
pub mod state;
pub mod texts;
pub mod view;

pub use data::{Animal, Card, Element, Terrain};
pub use space::{Section, Space};
pub use state::{Choice, Decision, Event, Setup, Stack, State, Step};
pub use view::View;

use eons_core::{
    Game, GameRng, OptionInfo, OptionKind, Outcome, PositionError, Positions, Refusal, Seat,
    SetupError, Turn, TurnPosition,
};

/// The Dominant Species game for the [`Game`] trait.
#[derive(Copy, Clone, Debug, Default)]
pub struct DominantSpecies;

/// Final or current score of each seat: the animal's VP, or under the
/// multi-animal rules the lowest VP among the seat's animals (p.17).
pub fn seat_scores(s: &State) -> Vec<i64> {
    let p = s.setup.players as usize;
    (0..p)
        .map(|seat| {
            s.animals_in_play()
                .filter(|a| s.animals[a.index()].seat.index() == seat)
                .map(|a| s.animals[a.index()].vp as i64)
                .min()
                .unwrap_or(0)
        })
        .collect()
}

/// Seats from first to last place. Ties: the tied animal highest in the food
/// chain wins (p.20); under the multi-animal rules, the highest animal whose
/// score equals the seat's counted score (reference A17).
pub fn ranking(s: &State) -> Vec<Seat> {
    let scores = seat_scores(s);
    let key = |seat: usize| {
        s.animals_in_play()
            .find(|a| {
                s.animals[a.index()].seat.index() == seat
                    && s.animals[a.index()].vp as i64 == scores[seat]
            })
            .map_or(6, |a| a.index())
    };
    let mut seats: Vec<usize> = (0..scores.len()).collect();
    seats.sort_by(|&a, &b| scores[b].cmp(&scores[a]).then(key(a).cmp(&key(b))));
    seats.into_iter().map(|i| Seat(i as u8)).collect()
}

impl Game for DominantSpecies {
    const ID: &'static str = "ds";
    const NAME: &'static str = "Dominant Species";
    const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo {
            name: "animals=A,B,...",
            help: "animals in seat order (mammals, reptiles, birds, amphibians, arachnids, insects); default random",
            label: "Animals",
            kind: OptionKind::SeatList {
                values: &["mammals", "reptiles", "birds", "amphibians", "arachnids", "insects"],
                all_with: Some("multi"),
            },
        },
        OptionInfo {
            name: "multi",
            help: "optional 2-3 player rules: all six animals, lowest animal counts (p.17)",
            label: "Multi-animal rules (2 or 3 players)",
            kind: OptionKind::Flag,
        },
        OptionInfo {
            name: "random-earth",
            help: "optional random earth setup (p.17)",
            label: "Random earth",
            kind: OptionKind::Flag,
        },
    ];
    /// Every piece is on the table and no card is held secretly: all seats
    /// see the same (the draw bag hides its order from everyone alike).
    const HIDDEN_INFORMATION: bool = false;

    type Setup = Setup;
    type State = State;
    type Choice = Choice;
    type Event = Event;
    type View = View;
    type Error = Refusal;

    fn setup(players: usize, options: &[String]) -> Result<Setup, SetupError> {
        let mut setup = Setup {
            players: u8::try_from(players).map_err(|_| SetupError(format!("{players} players")))?,
            animals: Vec::new(),
            multi_animal: false,
            random_earth: false,
        };
        for o in options {
            let (k, v) = o.split_once('=').unwrap_or((o.as_str(), ""));
            match k.trim() {
                "multi" | "multi-animal" => setup.multi_animal = true,
                "random-earth" => setup.random_earth = true,
                "animals" => {
                    setup.animals = v
                        .split(',')
                        .filter(|x| !x.trim().is_empty())
                        .map(|x| {
                            Animal::parse(x)
                                .ok_or_else(|| SetupError(format!("unknown animal `{x}`")))
                        })
                        .collect::<Result<_, _>>()?;
                }
                other => return Err(SetupError(format!("unknown option `{other}`"))),
            }
        }
        // Validate now so the error comes at setup time.
        State::new(&setup, 0)?;
        Ok(setup)
    }

    fn new(setup: &Setup, seed: u64) -> Result<State, SetupError> {
        State::new(setup, seed)
    }

    fn seats(s: &State) -> usize {
        s.setup.players as usize
    }

    fn turn(s: &State) -> Turn {
        match s.decider() {
            Some(a) => Turn::Seat(s.seat_of(a)),
            None => Turn::Over,
        }
    }

    fn legal(s: &State, out: &mut Vec<Choice>) {
        s.legal(out)
    }

    fn random_choice(s: &State, rng: &mut GameRng, scratch: &mut Vec<Choice>) -> Option<Choice> {
        s.random_choice(rng, scratch)
    }

    fn apply(s: &mut State, c: Choice, events: &mut Vec<Event>) -> Result<(), Refusal> {
        s.apply(c, events)
    }

    fn apply_listed(s: &mut State, c: Choice, events: &mut Vec<Event>) -> Result<(), Refusal> {
        s.apply_listed(c, events)
    }

    fn view(s: &State, seat: Option<Seat>) -> View {
        view::view(s, seat)
    }

    fn outcome(s: &State) -> Option<Outcome> {
        (s.step == Step::Over).then(|| Outcome {
            scores: seat_scores(s),
            ranking: ranking(s),
        })
    }

    fn scores(s: &State) -> Vec<i64> {
        seat_scores(s)
    }

    /// Re-draws what no seat has seen: the Dominance draw pile (Ice Age stays
    /// at the bottom, p.4), the face-down Wanderlust tiles (stack sizes and
    /// face-up tops kept) and the random stream. Everything else in Dominant
    /// Species is public, so the result is the same for every seat.
    fn determinize(s: &State, _seat: Seat, seed: u64) -> State {
        let mut d = s.clone();
        d.rng = GameRng::new(seed);
        // Everything above the bottom card (Ice Age).
        if let Some(rest) = d.deck.cards_mut().get_mut(1..) {
            d.rng.shuffle(rest);
        }
        let mut hidden = Vec::new();
        let mut sizes = [0usize; 3];
        for i in 0..3 {
            let cards = d.stacks[i].cards();
            let keep_top = usize::from(d.face_up[i] && !cards.is_empty());
            sizes[i] = cards.len() - keep_top;
            hidden.extend_from_slice(&cards[..sizes[i]]);
        }
        d.rng.shuffle(&mut hidden);
        let mut k = 0;
        for i in 0..3 {
            let cards = d.stacks[i].cards_mut();
            cards[..sizes[i]].copy_from_slice(&hidden[k..k + sizes[i]]);
            k += sizes[i];
        }
        d
    }

    fn roles(s: &State, seat: Seat) -> Vec<String> {
        s.animals_in_play()
            .filter(|a| s.seat_of(*a) == seat)
            .map(|a| a.name().to_string())
            .collect()
    }

    /// The animal's place on the initiative track (p.10); at setup the
    /// track is in reverse food-chain order (p.4): insects first, mammals
    /// last, of the animals in play. Initiative actions and Nocturnal move
    /// it later in the game.
    fn initiative(s: &State, seat: Seat) -> Vec<TurnPosition> {
        s.animals_in_play()
            .filter(|a| s.seat_of(*a) == seat)
            .filter_map(|a| {
                let place = s.initiative_order().iter().position(|&b| b == a)?;
                Some(TurnPosition(u8::try_from(place).ok()?))
            })
            .collect()
    }

    fn describe_choice(s: &State, c: Choice) -> String {
        s.choice_text(c)
    }

    fn invariants(s: &State) -> Result<(), eons_core::InvariantError> {
        invariants::check(s)
    }
    fn describe_event(_s: &State, e: &Event) -> String {
        texts::event_text(e)
    }

    /// The animal to move and what it is asked, with the rule and its page
    /// ("Birds: place an AP on an empty eyeball space (Planning, p.9)"); the
    /// view's `prompt` is the same text.
    fn prompt(s: &State) -> String {
        texts::prompt(s)
    }

    /// "Turn 3": the game is played in turns, each from Planning (p.9) to
    /// Reseed (p.20), counted from 1.
    fn chapter(s: &State) -> Option<String> {
        Some(format!("Turn {}", s.turn))
    }

    /// A choice may not be taken back when it drew at random or showed what
    /// was hidden: the random stream moved (elements drawn from the bag, a
    /// shuffle), the Dominance draw pile changed (cards dealt face up at
    /// Reseed), or a face-down Wanderlust tile was turned face up. Everything
    /// else in Dominant Species is public and decided by the seats.
    fn undo_barrier(before: &State, after: &State, _events: &[Event]) -> bool {
        before.rng != after.rng
            || before.deck != after.deck
            || (0..3).any(|i| after.face_up[i] && !before.face_up[i])
    }

    fn render(v: &View) -> String {
        view::render(v)
    }

    /// VP difference to the best opponent plus a little for dominance and
    /// species on earth (weights: 1 per VP, 2 per dominated tile, 0.25 per species).
    fn evaluate(s: &State, seat: Seat) -> f64 {
        // Tiles dominated per animal, each tile's dominance found once (a
        // search calls this for every seat at the end of every play-out).
        let displays = s.displays();
        let mut dominated = [0u32; 6];
        for h in s.tile_ids() {
            if let Some(d) = s.earth.dominant(h, &displays) {
                dominated[d] += 1;
            }
        }
        let v = |a: Animal| {
            let st = s.animals[a.index()];
            let dom = f64::from(dominated[a.index()]);
            st.vp as f64 + 2.0 * dom + 0.25 * s.earth.species_total(a.index()) as f64
        };
        let mine = s
            .animals_in_play()
            .filter(|a| s.seat_of(*a) == seat)
            .map(v)
            .fold(f64::INFINITY, f64::min);
        let best_other = s
            .animals_in_play()
            .filter(|a| s.seat_of(*a) != seat)
            .map(v)
            .fold(f64::NEG_INFINITY, f64::max);
        if best_other.is_finite() && mine.is_finite() {
            mine - best_other
        } else {
            0.0
        }
    }

    /// 10 VP. Play-outs cut off after a tenth of a game left the score leader
    /// with the whole reward, which told the search nothing once one animal
    /// led clearly; graded by 10 VP, `mcts:3000it` won 20 of 20 games against
    /// three greedy bots instead of 8 of 17 (`docs/bot-strength.md`).
    fn evaluation_scale() -> Option<f64> {
        Some(10.0)
    }
}

impl Positions for DominantSpecies {
    fn read_position(text: &str) -> Result<State, PositionError> {
        Self::read_position_with_events(text).map(|(s, _)| s)
    }
    /// Reads the position and brings it to its first decision, as
    /// [`Positions::read_position`] does, with the events of the forced
    /// steps on the way (an action forfeited because nothing is possible,
    /// the automatic Wasteland, Extinction, Reseed).
    fn read_position_with_events(text: &str) -> Result<(State, Vec<Event>), PositionError> {
        let (s, events) = position::read_with_events(text)?;
        Ok((eons_core::validate_position::<Self>(s)?, events))
    }
    fn write_position(s: &State) -> String {
        position::write(s)
    }
}
