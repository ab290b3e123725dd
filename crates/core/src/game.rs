//! The `Game` trait: every game is a state machine over small atomic choices.
//!
//! A choice is one small thing (a space, an element, a corner, a tile, one
//! species moved, a card, "done"). Multi-part actions are sequences of
//! choices with an explicit "done" where the rules make the rest optional.
//! `legal` is exact: every listed choice applies without error, and `apply`
//! rejects everything else with an error naming the rule. Forced steps with no
//! decision run inside `apply`.

use crate::rng::GameRng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Debug};
use std::hash::Hash;

/// A seat at the table (a player), numbered from 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// A place in a game's turn order (its initiative track, its order of
/// play): 0 acts first. Displayed from 1 ("initiative 1").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TurnPosition(pub u8);

impl TurnPosition {
    /// The position as an index (0 = first).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for TurnPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "initiative {}", self.0 + 1)
    }
}

/// Whose decision it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Turn {
    /// This seat must choose one of the legal choices.
    Seat(Seat),
    /// The game is over; see [`Game::outcome`].
    Over,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score of each seat, in seat order (the game's own measure: VP).
    pub scores: Vec<i64>,
    /// Seats from first place to last, ties broken by the game's rules.
    pub ranking: Vec<Seat>,
}

impl Outcome {
    /// The winning seat.
    pub fn winner(&self) -> Option<Seat> {
        self.ranking.first().copied()
    }
}

/// A setup that cannot be played (wrong player count, unknown option…).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("setup: {0}")]
pub struct SetupError(pub String);

/// A position file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("position: {0}")]
pub struct PositionError(pub String);

/// How far one of a game's invariants reaches.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reach {
    /// Holds in every state, a position file's too: a limit of the rules or
    /// of the components (at most six elements on an animal, an element only
    /// on a corner of earth, one animal to a niche).
    Always,
    /// Holds in every game played from its setup: every component in
    /// exactly one place. A position file may leave components out of the
    /// game (a rulebook example shows three of the 31 tiles), so the
    /// position readers do not require it.
    FromSetup,
}

/// A state that breaks one of its game's invariants (a component lost or
/// counted twice, a count out of range): always a bug of the engine, or a
/// position file that describes no position of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("invariant broken: {message}")]
pub struct InvariantError {
    /// How far the broken invariant reaches.
    pub reach: Reach,
    /// What is wrong, in a plain sentence.
    pub message: String,
}

impl InvariantError {
    /// A broken limit, which no state may break ([`Reach::Always`]).
    pub fn always(message: impl Into<String>) -> InvariantError {
        InvariantError {
            reach: Reach::Always,
            message: message.into(),
        }
    }

    /// A component lost or counted twice ([`Reach::FromSetup`]).
    pub fn from_setup(message: impl Into<String>) -> InvariantError {
        InvariantError {
            reach: Reach::FromSetup,
            message: message.into(),
        }
    }
}

/// A setup option a game accepts on the command line or in the lobby.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// The option as typed: `name` or `name=VALUE`.
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// What a player reads beside the form control ("Random earth").
    pub label: &'static str,
    /// What values it takes, so that a form can offer them.
    pub kind: OptionKind,
}

impl OptionInfo {
    /// The option's key: [`OptionInfo::name`] without its `=VALUE` part.
    pub fn key(&self) -> &'static str {
        match self.name.split_once('=') {
            Some((key, _)) => key,
            None => self.name,
        }
    }
}

/// The values a setup option takes, and so how a form asks for it. A form
/// sends the option as the command line spells it: `key` for a flag,
/// `key=VALUE` otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off: the option alone (`random-earth`).
    Flag,
    /// One of these values (`length=long`).
    OneOf(&'static [&'static str]),
    /// A whole number (`max-rounds=12`).
    Number,
    /// Distinct values in seat order, separated by commas
    /// (`animals=birds,insects`): one per seat, or, when the flag `all_with`
    /// is on, every value (seat `i` plays values `i`, `i + players`, …).
    SeatList {
        /// The values, as the option spells them.
        values: &'static [&'static str],
        /// The flag with which every value is listed, if any.
        all_with: Option<&'static str>,
    },
}

/// The entry of `list` at `rng.index(len)`, or `None` (and no draw) for an
/// empty list: how [`Game::random_choice`] draws from a listing, for games
/// that list the decisions they do not answer from bit sets.
pub fn draw_listed<C: Copy>(list: &[C], rng: &mut GameRng) -> Option<C> {
    if list.is_empty() {
        None
    } else {
        Some(list[rng.index(list.len())])
    }
}

/// A game's rules as a state machine over atomic choices.
pub trait Game: Sized + 'static {
    /// Short id used on the command line and in records (`ds`, `marine`, `pangea`).
    const ID: &'static str;
    /// Full name.
    const NAME: &'static str;
    /// Options accepted by [`Game::setup`].
    const OPTIONS: &'static [OptionInfo];
    /// True when a seat may see something another seat may not (a hand, a
    /// secret pick): players sharing one screen then pass it between turns.
    /// A game whose views differ only in naming the viewer says `false`.
    const HIDDEN_INFORMATION: bool = true;

    /// Everything chosen before the first decision: player count, animals, optional rules.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// The whole state, including hidden information and the RNG.
    type State: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One atomic decision.
    type Choice: Copy + Eq + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, in order: the game log.
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one seat (or a spectator) may see.
    type View: Clone + Debug + Serialize + Send + Sync;
    /// Why a choice was refused: names the rule.
    type Error: std::error::Error + Clone + Send + Sync + 'static;

    /// Builds a setup from a player count and options (`name` or `name=value`).
    fn setup(players: usize, options: &[String]) -> Result<Self::Setup, SetupError>;
    /// A new game. All later randomness comes from `seed`.
    fn new(setup: &Self::Setup, seed: u64) -> Result<Self::State, SetupError>;
    /// Number of seats.
    fn seats(s: &Self::State) -> usize;
    /// Who decides now, or `Over`.
    fn turn(s: &Self::State) -> Turn;
    /// Appends every legal choice (after clearing nothing: callers clear `out`).
    fn legal(s: &Self::State, out: &mut Vec<Self::Choice>);
    /// A uniformly random legal choice, drawn exactly as listing
    /// [`Game::legal`] into `scratch` and taking `scratch[rng.index(len)]`
    /// would: the same choice and the same draw from `rng`, so a play-out
    /// that samples here plays the very game the listing would. `None` (and
    /// no draw) when there is no legal choice.
    ///
    /// Search play-outs call it at every decision. A game may answer its
    /// frequent decisions without building the list (the count of choices
    /// and the one drawn are enough); the default lists into `scratch`. The
    /// random simulation of `testing` checks every game's answer against
    /// the list at every decision.
    fn random_choice(
        s: &Self::State,
        rng: &mut GameRng,
        scratch: &mut Vec<Self::Choice>,
    ) -> Option<Self::Choice> {
        scratch.clear();
        Self::legal(s, scratch);
        draw_listed(scratch, rng)
    }
    /// Applies a choice of the seat to move, appending what happened to `events`.
    /// On error the state is unchanged.
    fn apply(
        s: &mut Self::State,
        c: Self::Choice,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;
    /// Applies a choice that [`Game::legal`] listed for this very state, as
    /// [`Game::apply`] would, but a game may skip the legality check (which
    /// usually means generating every legal choice again). Search bots call
    /// it on choices they just took from `legal`; everything that comes from
    /// a user goes through [`Game::apply`].
    ///
    /// With a choice `legal` did not list the result is unspecified (the
    /// games check it with a debug assertion). The default calls
    /// [`Game::apply`].
    fn apply_listed(
        s: &mut Self::State,
        c: Self::Choice,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        Self::apply(s, c, events)
    }
    /// The view of `seat` (`None`: a spectator). Hidden information is removed here.
    fn view(s: &Self::State, seat: Option<Seat>) -> Self::View;
    /// The result once the game is over.
    fn outcome(s: &Self::State) -> Option<Outcome>;
    /// Current score of each seat (VP so far), for progress displays and bots.
    fn scores(s: &Self::State) -> Vec<i64>;
    /// A copy of the state in which everything `seat` has not seen (deck order,
    /// face-down tiles, bag draws, other seats' secrets) is re-drawn at random
    /// from `seed`, consistently with what `seat` knows. Bots search on these.
    fn determinize(s: &Self::State, seat: Seat, seed: u64) -> Self::State;
    /// Names of what a seat plays (animals, groups), for statistics.
    fn roles(s: &Self::State, seat: Seat) -> Vec<String>;
    /// Where each of `seat`'s roles ([`Game::roles`], one entry per role,
    /// in the same order) stands in the turn order of `s`, among the roles
    /// of the players (neutral animals left out). Statistics read it on a
    /// game's first state: the turn order a role starts with, which is not
    /// the seat number when the game orders play by animal (Dominant
    /// Species' initiative track). The default, empty, is a game with no
    /// turn order to report.
    fn initiative(s: &Self::State, seat: Seat) -> Vec<TurnPosition> {
        let _ = (s, seat);
        Vec::new()
    }
    /// A short human description of a choice in this state ("Speciation: meat space").
    fn describe_choice(s: &Self::State, c: Self::Choice) -> String;
    /// How a choice that `actor` just made reads to `viewer` (`None`: a
    /// spectator), for logs shown to other seats. The default is
    /// [`Game::describe_choice`]; a game whose choices can name something
    /// secret (a face-down card, a secret draft pick) overrides it so that
    /// other seats read only what they may know.
    fn describe_choice_for(
        s: &Self::State,
        c: Self::Choice,
        actor: Seat,
        viewer: Option<Seat>,
    ) -> String {
        let _ = (actor, viewer);
        Self::describe_choice(s, c)
    }
    /// Checks what must hold in the game's states: the limits of the rules
    /// and components ([`Reach::Always`]), then that every component is in
    /// exactly one place ([`Reach::FromSetup`]). A broken limit is reported
    /// before any broken conservation, so that a position may leave
    /// components out of the game and still have its limits checked. The
    /// shared random-simulation test ([`crate::testing`]) calls it after
    /// every choice and requires both; the position readers call it after
    /// parsing ([`validate_position`]) and require the limits. Each Eons game
    /// implements it; the default, which checks nothing, is for small test
    /// games.
    fn invariants(s: &Self::State) -> Result<(), InvariantError> {
        let _ = s;
        Ok(())
    }
    /// A human sentence for an event, for the log. It reads the same
    /// whatever the state passed (before or after the choice that logged
    /// it, or later): what it names travels in the event.
    fn describe_event(s: &Self::State, e: &Self::Event) -> String;
    /// What the seat to move is asked, as a heading above the legal choices
    /// ("Birds: place an action pawn"). Every seat and spectator reads it,
    /// so it names nothing hidden. The default names only the seat.
    fn prompt(s: &Self::State) -> String {
        match Self::turn(s) {
            Turn::Seat(seat) => format!("{}: choose", capitalised(&seat.to_string())),
            Turn::Over => "The game is over".to_string(),
        }
    }
    /// The part of the game `s` is in, as its rulebook counts them ("Turn
    /// 3", "Round 2", "Stage 5 (Roadian)"): the replay viewer lists where
    /// each begins, to jump there. Public, like the prompt. The default,
    /// None, is a game with no such parts.
    fn chapter(s: &Self::State) -> Option<String> {
        let _ = s;
        None
    }
    /// True when the choice that led from `before` to `after` (logging
    /// `events`) may not be taken back: it drew something at random, or
    /// showed something that was hidden, so that taking it back would let
    /// the seat try again knowing more. Undo (the terminal's `undo`, the
    /// table's button) goes back over a seat's own latest choices up to the
    /// last barrier and never over another seat's choice. The default,
    /// `true`, allows no undo.
    fn undo_barrier(before: &Self::State, after: &Self::State, events: &[Self::Event]) -> bool {
        let _ = (before, after, events);
        true
    }
    /// A plain-text rendering of a view for the terminal.
    fn render(v: &Self::View) -> String;

    /// A heuristic value of the state for `seat`, higher is better (bots).
    /// The default compares the seat's score with the best other score.
    fn evaluate(s: &Self::State, seat: Seat) -> f64 {
        let sc = Self::scores(s);
        let mine = sc.get(seat.index()).copied().unwrap_or(0) as f64;
        let best_other = sc
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat.index())
            .map(|(_, &v)| v as f64)
            .fold(f64::NEG_INFINITY, f64::max);
        if best_other.is_finite() {
            mine - best_other
        } else {
            mine
        }
    }

    /// How large a difference in [`Game::evaluate`] is, roughly, "a clear
    /// edge" (for Dominant Species, 10 VP). Searches that stop a playout
    /// before the game ends score every seat `1 / (1 + exp(-evaluate /
    /// scale))`, so a seat far ahead or far behind still tells a better
    /// move from a worse one. `None` (the default): the seat with the
    /// highest evaluation takes the whole reward.
    fn evaluation_scale() -> Option<f64> {
        None
    }
}

/// The second half of reading a position: a state parsed from a file is
/// checked with [`Game::invariants`] before anyone plays on it (parsing
/// apart from validation, as shakmaty's `Setup` becomes a `Position`).
/// Every [`Positions::read_position`] ends with it.
/// A position may leave components out of the game (a rulebook example
/// shows a few tiles), so only the limits ([`Reach::Always`]) are required.
pub fn validate_position<G: Game>(state: G::State) -> Result<G::State, PositionError> {
    match G::invariants(&state) {
        Err(e) if e.reach == Reach::Always => Err(PositionError(format!(
            "the position breaks a limit of the game: {}",
            e.message
        ))),
        _ => Ok(state),
    }
}

/// `text` with its first letter in capitals ("seat 2" → "Seat 2").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Reading and writing human-editable positions (`eons check`).
pub trait Positions: Game {
    /// Parses a position file, then checks it with [`validate_position`].
    fn read_position(text: &str) -> Result<Self::State, PositionError>;
    /// [`Positions::read_position`], with the events of the forced steps
    /// that run while the position is brought to its first decision (an
    /// Adaptation forfeited with six elements, the Doom, the neutral phase),
    /// so that `eons check` can tell them. The default logs none.
    fn read_position_with_events(
        text: &str,
    ) -> Result<(Self::State, Vec<Self::Event>), PositionError> {
        Self::read_position(text).map(|s| (s, Vec::new()))
    }
    /// Writes a position file that [`Positions::read_position`] reads back.
    fn write_position(s: &Self::State) -> String;
}
