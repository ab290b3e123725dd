//! `eons-pangea`: the rules engine of **Pangea** (Redimp, 2019) for 1–4 players, with the
//! neutral animals that fill empty seats and the solo mode, on eons-core's [`Game`] trait.
//!
//! Every table, map value and card lives in `data/pangea/*.toml` (embedded, checked at
//! start-up, see [`data`]). Where the rulebook lost a value the data file carries the
//! reconstruction from the project's Pangea reference, marked `reconstructed`; where the
//! reference recommends a ruling, the engine follows it and says so in the doc comment of the
//! code that applies it (ruling ids such as B1 refer to the reference's chapter 8).
//!
//! The game is a state machine over atomic [`Choice`]s: see [`state::Decision`] for what can be
//! asked, and `POSITIONS.md` for the hand-editable position format.
//!
//! # Layers
//!
//! Each module uses only modules listed before it (bottom layer first; modules on one line
//! do not use each other; `scripts/module-layers.py` checks that no module imports in a
//! circle):
//!
//! 1. `types`: board geometry, groups, animals and their status flags.
//! 2. `data`: the component data read from `data/pangea/*.toml`; `animals`: the animals on
//!    the board and the census kept beside them (counts per group, region and status bit).
//! 3. `catalog`: every card's text and the tables the browser table draws
//!    (presentation only, from `data`); `rulebook`: the rules in brief, one
//!    section per rule a prompt cites (`data/pangea/rules.toml`,
//!    presentation only).
//! 4. `state`: the state, the engine's tasks, decisions, choices and events.
//! 5. `listing`: where a decision module puts the choices it lists (a list, or offers a
//!    caller may stop); `queries`: every read-only question over the state — evolution,
//!    objective, cataclysm and solo effects, one function per effect kind, and the board
//!    (animals, supply, food, warnings, migration steps, the listing helpers the decisions
//!    share); `texts`: everything a player reads — the texts of choices, events and prompts, in
//!    plain English (the project's `docs/texts.md`).
//! 6. `effects`: the changes of state shared by several rules (placing and removing animals,
//!    markers, cards, dominance, AP, the instinct marker); `invariants`: what holds in every
//!    state (component conservation and the player boards' limits), for
//!    [`Game::invariants`]; `view`: what a seat sees, and the terminal rendering.
//! 7. `contest`: the contest procedure; `phases`: the decision modules of the setup, Drawing
//!    and Survival phases and the Sauropsida draw.
//! 8. `moves`: moving animals (a step into a rival's niche starts a contest).
//! 9. `cards`: the adaptation cards, one module per card family; `neutral`: the neutral
//!    animals' phase and actions (automatic: no decision module).
//! 10. `actions`: the Action-phase turn, one module per action and free step.
//! 11. `ages`: the Turn of the Age cards and the decisions they ask.
//! 12. `flow`: the engine's one table from the pending decision to its decision module and
//!     from each automatic task to its step, and the task runner (stages and their phases,
//!     initiative, the Doom).
//! 13. `setup`: building the first state from a setup (the options read into a
//!     [`Setup`], the new game up to its first decision).
//! 14. `position`: the hand-editable position format; `learn`: the learning interface
//!     ([`eons_core::Learnable`]) — the fixed action space and each seat's observation tensor.
//!
//! # Where each decision lives
//!
//! Every decision is asked by a decision module: a unit type implementing
//! [`eons_core::DecisionModule<Pangea>`](eons_core::DecisionModule) (its rule, legal choices,
//! the check of one choice, what a choice does, why another is refused and its own wording of
//! a choice). The engine finds the module of the pending decision in one table, the
//! `with_module!` match of [`flow`], where the automatic tasks are listed too.
//!
//! | Action, card or decision | Module | Decision module |
//! |---|---|---|
//! | Turn: Pass, Done, the order of the choices | `actions/mod.rs` | `Turn` |
//! | Adapt (Activate, Evolve), evolution payment, Special Animal swap, Toxic markers | `actions/adapt.rs` | `EvolvePayment`, `SpecialSwap`, `Toxify` |
//! | Populate, Rapid Reproduction, a populated animal's Toxic marker | `actions/populate.rs` | `RapidReproduction`, `PopulatedToxic` |
//! | Migrate, the triggers after a step, Gorgonops' niche-0 attack | `actions/migrate.rs` | `Niche0Attack` |
//! | Survive, Lateral Line's further fields | `actions/survive.rs` | `SurviveMore` |
//! | Completing objectives | `actions/objectives.rs` | (part of `Turn`) |
//! | Removing an Inactive marker, cashing in a card, the solo objective marker | `actions/free_steps.rs` | (part of `Turn`) |
//! | The Invertebrates' ability | `actions/shed.rs` | `ShedMore` |
//! | The end-of-action-phase window | `actions/window.rs` | `EndWindow` |
//! | Adaptation cards: timing and dispatch | `cards/mod.rs` | |
//! | Ambush | `cards/ambush.rs` | `AmbushOwn`, `AmbushTarget` |
//! | Long Migration, Land Bridge | `cards/movement.rs` | `LongMigration` |
//! | Nesting Site, Fertility | `cards/breeding.rs` | (none: automatic) |
//! | Keen Senses, Premonition | `cards/senses.rs` | `KeenSenses` |
//! | Fat Reserves | `cards/fat_reserves.rs` | `FatReserves` |
//! | Parasites, Venom, Recovery | `cards/status.rs` | `Parasites`, `Venom` |
//! | Mutation | `cards/mutation.rs` | (none: automatic) |
//! | Contest bonuses (Aggressive Display), Recovery in a contest, Escape | `cards/contest.rs` | `ContestCards`, `Escape` |
//! | Evolution cards' permanent effects | `queries.rs` | |
//! | Starting animals, the hand limit, hunger, the Sauropsida draw | `phases.rs` | `StartingAnimal`, `HandLimit`, `Hunger`, `DrawOnWin` |
//! | Turn of the Age cards and their decisions | `ages.rs` | `TurnOfTheAge` |
//! | Neutral Populate, Adapt and Migrate | `neutral.rs` | (none: automatic) |
//! | Objective tiles, cataclysms, solo goals (checks) | `queries.rs` | |

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The rules' own modules are the crate's business; what other crates and
// the tests read (the data, the state and its types, the texts, the view,
// the learning interface, the presentation) is public, as in the other two
// game crates.
mod actions;
mod ages;
mod animals;
mod cards;
pub mod catalog;
mod contest;
pub mod data;
mod effects;
pub mod flow;
pub mod invariants;
pub mod learn;
mod listing;
mod moves;
mod neutral;
mod phases;
pub mod position;
pub mod presentation;
pub mod queries;
pub mod rulebook;
pub mod score_sheet;
mod setup;
pub mod state;
pub mod texts;
pub mod types;
pub mod view;

use eons_core::{
    Game, OptionInfo, OptionKind, Outcome, PositionError, Positions, Refusal, Seat, SetupError,
    Turn, TurnPosition,
};
use std::cell::RefCell;

pub use data::{data, try_data, Data, DataError};
pub use setup::{new_game, parse_setup};
pub use state::{AmphibiansAp, Choice, Decision, Event, Phase, Setup, State, SynapsidsMarker};
pub use types::{Action, AdaptationId, Animal, Group, Placed, Region, Regions, Spot, Tile};
pub use view::View;

/// The Pangea game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pangea;

/// Options accepted by [`Game::setup`].
pub const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "solo",
        help: "solo mode (needs 1 player; 1 player always plays solo): SOLO Turn of the Age cards and the Game End Condition",
        label: "Solo mode (1 player)",
        kind: OptionKind::Flag,
    },
    OptionInfo {
        name: "groups=LIST",
        help: "each seat's group in seat order, e.g. groups=syn,amp (synapsids, sauropsida, amphibians, invertebrates); default: drawn at random",
        label: "Groups",
        kind: OptionKind::SeatList {
            values: &["synapsids", "sauropsida", "amphibians", "invertebrates"],
            all_with: None,
        },
    },
    OptionInfo {
        name: "flat-final",
        help: "final dominance scores 1 per surviving animal instead of 1 + its niche (ruling A5)",
        label: "Flat final dominance",
        kind: OptionKind::Flag,
    },
    OptionInfo {
        name: "synapsids-marker=VALUE",
        help: "solo Synapsids (p.28): any-step (the default: any step ending in a climate zone without a marker counts) or entering (only a step from another climate zone)",
        label: "Synapsids' solo marker",
        kind: OptionKind::OneOf(&["any-step", "entering"]),
    },
    OptionInfo {
        name: "amphibians-ap=VALUE",
        help: "Amphibians (p.27) with Land Bridge, Nesting Site or Fertility: on-use (the default: the AP comes when the card is used) or after-action (once the Migrate or Populate has used it)",
        label: "Amphibians' AP for cards used before an action",
        kind: OptionKind::OneOf(&["on-use", "after-action"]),
    },
];

thread_local! {
    static LEGAL: RefCell<Vec<Choice>> = const { RefCell::new(Vec::new()) };
}

/// True when `c` is one of the legal choices now, as the decision's module checks it (on a
/// turn it lists only the part of the turn `c` belongs to); debug builds, and so every test
/// game, check the answer against the whole list.
fn is_legal(s: &State, c: Choice) -> bool {
    let quick = flow::is_legal(s, c);
    debug_assert_eq!(
        quick,
        LEGAL.with(|buf| {
            let mut buf = buf.borrow_mut();
            buf.clear();
            flow::legal(s, &mut buf);
            buf.contains(&c)
        }),
        "is_legal({c:?})"
    );
    quick
}

/// Applies a choice: checks it is legal (else the state is unchanged and the error names the
/// rule), resolves it and runs the forced steps that follow.
pub fn apply_choice(s: &mut State, c: Choice, ev: &mut Vec<Event>) -> Result<(), Refusal> {
    if !is_legal(s, c) {
        return Err(flow::explain(s, c));
    }
    flow::resolve(s, c, ev);
    flow::advance(s, data(), ev);
    Ok(())
}

/// Applies a choice that [`flow::legal`] listed for this state, without generating the
/// legal choices again to check it (for search bots; see `Game::apply_listed`). Debug builds
/// still check.
pub fn apply_listed(s: &mut State, c: Choice, ev: &mut Vec<Event>) -> Result<(), Refusal> {
    debug_assert!(is_legal(s, c), "apply_listed: {c:?} is not legal");
    flow::resolve(s, c, ev);
    flow::advance(s, data(), ev);
    Ok(())
}

impl Game for Pangea {
    const ID: &'static str = "pangea";
    const NAME: &'static str = "Pangea";
    const OPTIONS: &'static [OptionInfo] = OPTIONS;

    type Setup = Setup;
    type State = State;
    type Choice = Choice;
    type Event = Event;
    type View = View;
    type Error = Refusal;

    fn setup(players: usize, options: &[String]) -> Result<Setup, SetupError> {
        parse_setup(players, options)
    }

    fn new(setup: &Setup, seed: u64) -> Result<State, SetupError> {
        new_game(setup, seed)
    }

    fn seats(s: &State) -> usize {
        s.players.len()
    }

    fn turn(s: &State) -> Turn {
        match s.decision {
            Some(d) => Turn::Seat(Seat(d.seat())),
            None => Turn::Over,
        }
    }

    fn legal(s: &State, out: &mut Vec<Choice>) {
        flow::legal(s, out);
    }

    fn apply(s: &mut State, c: Choice, events: &mut Vec<Event>) -> Result<(), Refusal> {
        apply_choice(s, c, events)
    }

    fn apply_listed(s: &mut State, c: Choice, events: &mut Vec<Event>) -> Result<(), Refusal> {
        apply_listed(s, c, events)
    }

    fn view(s: &State, seat: Option<Seat>) -> View {
        view::view(s, data(), seat.map(|x| x.0))
    }

    /// Scores are final dominance. Ruling G4: a solo game reports success and score; a failed
    /// solo game (Game End Condition not met) scores 0 and has no winner.
    fn outcome(s: &State) -> Option<Outcome> {
        let r = s.result.as_ref()?;
        let scores: Vec<i64> = s
            .players
            .iter()
            .map(|p| {
                if r.solo_success == Some(false) {
                    0
                } else {
                    p.dominance as i64
                }
            })
            .collect();
        let mut ranking: Vec<u8> = r.winners.clone();
        let mut rest: Vec<u8> = (0..s.players.len() as u8)
            .filter(|x| !r.winners.contains(x))
            .collect();
        rest.sort_by_key(|&x| {
            let p = s.player(x);
            let alive = s.animals_of(p.group);
            (
                std::cmp::Reverse(alive > 0),
                std::cmp::Reverse(p.dominance),
                std::cmp::Reverse(alive),
            )
        });
        ranking.extend(rest);
        Some(Outcome {
            scores,
            ranking: ranking.into_iter().map(Seat).collect(),
        })
    }

    /// Dominance so far; once a solo game has failed, its final score, 0 (ruling G4), as
    /// [`Game::outcome`] reports it, so that a finished game's scores and outcome agree.
    fn scores(s: &State) -> Vec<i64> {
        let failed = s
            .result
            .as_ref()
            .is_some_and(|r| r.solo_success == Some(false));
        s.players
            .iter()
            .map(|p| if failed { 0 } else { p.dominance as i64 })
            .collect()
    }

    fn determinize(s: &State, seat: Seat, seed: u64) -> State {
        view::determinize(s, data(), seat.0, seed)
    }

    fn roles(s: &State, seat: Seat) -> Vec<String> {
        s.players
            .get(seat.index())
            .map(|p| vec![p.group.id().to_string()])
            .unwrap_or_default()
    }

    /// The seat's place in the initiative order of the players (neutral
    /// groups act before them all). At setup it is the group's
    /// Expansiveness, highest first (p.10); each Initiative phase
    /// reorders the seats by dominance, fewest first (p.18).
    fn initiative(s: &State, seat: Seat) -> Vec<TurnPosition> {
        s.order
            .iter()
            .position(|&o| o == seat.0)
            .and_then(|place| u8::try_from(place).ok())
            .map(|place| vec![TurnPosition(place)])
            .unwrap_or_default()
    }

    fn describe_choice(s: &State, c: Choice) -> String {
        flow::describe_choice(s, data(), c)
    }

    /// An adaptation card is activated face down: other seats read only that.
    fn describe_choice_for(s: &State, c: Choice, actor: Seat, viewer: Option<Seat>) -> String {
        flow::describe_choice_for(s, data(), c, viewer == Some(actor))
    }

    /// The seat's group and what its decision asks ("Invertebrates: choose an action or
    /// pass").
    fn prompt(s: &State) -> String {
        texts::prompt(s, data())
    }

    /// "Placing the starting animals", "Stage 5 (Roadian)", "Turn of the Ages after stage
    /// 4" or "The Doom": the Epoch Track's stages, and what comes between and after them.
    fn chapter(s: &State) -> Option<String> {
        texts::chapter(s, data())
    }

    /// A choice may not be taken back once it drew at random or showed something hidden:
    /// the random stream moved (a neutral roll or contest bonus, a region card, a
    /// reshuffle), the adaptation draw pile shrank (a draw), a stage, Turn of the Age card,
    /// objective tiles or the Doom Stack came out, a seat learned an instinct tile, or a
    /// face-down adaptation card was shown (used or discarded).
    fn undo_barrier(before: &State, after: &State, events: &[Event]) -> bool {
        let learned = before
            .players
            .iter()
            .zip(&after.players)
            .any(|(b, a)| b.known != a.known);
        let stacks = |s: &State| s.objective_stacks.each_ref().map(|v| v.len());
        before.rng != after.rng
            || before.deck.len() != after.deck.len()
            || before.stage != after.stage
            || before.ages_revealed != after.ages_revealed
            || before.doom_revealed != after.doom_revealed
            || before.region_stack != after.region_stack
            || stacks(before) != stacks(after)
            || learned
            || events.iter().any(|e| {
                matches!(
                    e,
                    Event::Drew { .. }
                        | Event::Reshuffled
                        | Event::NeutralRolled { .. }
                        | Event::NeutralBonus { .. }
                        | Event::RegionCard(_)
                        | Event::StageBegan(_)
                        | Event::AgeRevealed(_)
                        | Event::Objectives(_)
                        | Event::DoomRevealed { .. }
                        | Event::Peeked { .. }
                        | Event::Instinct { peeked: true, .. }
                        | Event::UsedCard { .. }
                        | Event::Discarded { .. }
                )
            })
    }

    fn invariants(s: &State) -> Result<(), eons_core::InvariantError> {
        invariants::check(s)
    }
    fn describe_event(s: &State, e: &Event) -> String {
        texts::describe_event(s, data(), e)
    }

    fn render(v: &View) -> String {
        view::render(v)
    }

    /// Bot heuristic, higher is better for `seat`. Each player's value is the sum of
    ///
    /// * its dominance (weight 1);
    /// * 0.6 × the final-dominance points of each of its animals on the
    ///   board (1 + niche, or the flat value with `flat-final`; 0.6 for the
    ///   chance that it survives hunger, contests and the Doom);
    /// * minus 0.5 per animal in a region with a hunger marker or more animals than
    ///   food (hunger costs 1 dominance or the animal);
    /// * minus 5 with no animal on the board (a player without animals cannot win).
    ///
    /// Once the game is over the value is the final dominance, − 100 without a
    /// surviving animal (or for a failed solo game). The result is the seat's
    /// value minus the best other player's (solo: the value itself).
    ///
    /// Only public information is read (board, dominance, hunger markers, food
    /// table): never hands, the deck, the Doom Stack or the instinct tiles. It
    /// allocates nothing.
    fn evaluate(s: &State, seat: Seat) -> f64 {
        let d = data();
        let over = s.result.is_some();
        let mut count = [0usize; types::REGIONS];
        for p in &s.animals {
            if let Some(c) = count.get_mut(p.region.index()) {
                *c += 1;
            }
        }
        let pts = if s.setup.flat_final {
            [d.rules.flat_final_points; 3]
        } else {
            d.rules.final_points_per_niche
        };
        let value = |i: usize| -> f64 {
            let p = &s.players[i];
            let mut v = p.dominance as f64;
            let mut alive = 0;
            for a in s.animals.iter().filter(|a| a.animal.group == p.group) {
                alive += 1;
                if !over {
                    v += 0.6 * pts[a.niche.min(2) as usize] as f64;
                    let r = a.region;
                    let hungry = s.hunger.contains(r)
                        || count.get(r.index()).copied().unwrap_or(0) > s.food(d, r);
                    if hungry {
                        v -= 0.5;
                    }
                }
            }
            let failed = s
                .result
                .as_ref()
                .is_some_and(|r| r.solo_success == Some(false));
            if alive == 0 || failed {
                v -= if over { 100.0 } else { 5.0 };
            }
            v
        };
        if seat.index() >= s.players.len() {
            return 0.0;
        }
        let mine = value(seat.index());
        let best_other = (0..s.players.len())
            .filter(|&i| i != seat.index())
            .map(value)
            .fold(f64::NEG_INFINITY, f64::max);
        if best_other.is_finite() {
            mine - best_other
        } else {
            mine
        }
    }
}

impl Positions for Pangea {
    fn read_position(text: &str) -> Result<State, PositionError> {
        position::read(text).and_then(eons_core::validate_position::<Self>)
    }

    /// The events of the forced steps that bring the position to its first decision: a
    /// neutral phase at the start of a stage, the Survival phase's hunger, the Doom.
    fn read_position_with_events(text: &str) -> Result<(State, Vec<Event>), PositionError> {
        let (s, events) = position::read_with_events(text)?;
        eons_core::validate_position::<Self>(s).map(|s| (s, events))
    }

    fn write_position(s: &State) -> String {
        position::write(s)
    }
}
