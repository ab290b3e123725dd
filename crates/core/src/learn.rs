//! What a learning agent sees of a game: a fixed action space and an
//! observation tensor of fixed shape, per game and player count — the
//! interface OpenSpiel and PettingZoo agents are written against.
//!
//! * The **action space** is a list of every choice the game can ever offer
//!   with that many players ([`Learnable::action_universe`]); an action id
//!   ([`ActionId`]) is a position in it. The list is built by the engine in
//!   a fixed order, so ids are stable from one run (and one release) to the
//!   next unless a game's list is deliberately changed.
//! * The **observation** of a seat is a vector of `f32` whose sections are
//!   named and sized by [`Learnable::observation_layout`]; it is built from
//!   what that seat may know, and nothing else: re-drawing what the seat has
//!   not seen ([`Game::determinize`]) never changes it (the shared test
//!   [`crate::testing::learn`] holds every game to that).

use crate::game::{Game, Seat};
use rustc_hash::FxHashMap;
use std::fmt;

/// A position in a game's action space ([`ActionSpace`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ActionId(pub u32);

impl ActionId {
    /// The id as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ActionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "action {}", self.0)
    }
}

/// Where a section's values are indexed by seat, so that an
/// observer-relative observation can turn them (the observing seat first):
/// the one place that says which sections those are is the game's layout.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SeatAxis {
    /// Not indexed by seat.
    #[default]
    None,
    /// Seat outermost: one run of values per seat (`seats × rest`).
    Outer,
    /// Seat innermost: one value per seat in every run (`rest × seats`).
    Inner,
}

/// Where a section's values are indexed by animal (the game's players'
/// pieces: Dominant Species' six animals, Marine's four, Pangea's four
/// groups), so that a compact observation ([`crate::compact`]) can keep
/// only the animals in the game, ordered by seat from the observer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum AnimalAxis {
    /// Not indexed by animal.
    #[default]
    None,
    /// Animal outermost: one run of values per animal (`animals × rest`).
    Outer,
    /// Animal innermost: one value per animal in every run (`rest ×
    /// animals`).
    Inner,
    /// Animal in the middle: blocks of `inner` values, one block per
    /// animal in every run (`rest × animals × inner`).
    Within {
        /// The values of one animal's block.
        inner: usize,
    },
    /// Runs of `run` values, each beginning with one value per animal (a
    /// one-hot over pawns whose first kinds are the animals' own).
    Leading {
        /// The values of one run.
        run: usize,
    },
    /// One block per animal (outermost), each made of runs of `run`
    /// values beginning with one value per animal.
    OuterLeading {
        /// The values of one run.
        run: usize,
    },
}

/// One named run of an observation: `len` values starting where the
/// previous section ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// A short name, unique in its layout (`species_on_tiles`).
    pub name: String,
    /// How many values.
    pub len: usize,
    /// What the values mean, in a sentence: their order and their scale.
    pub about: String,
    /// Where its values are indexed by seat, if they are.
    pub seats: SeatAxis,
    /// Where its values are indexed by animal, if they are (the layout's
    /// [`Layout::animals`] of them).
    pub animals: AnimalAxis,
}

/// The sections of a game's observation, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    sections: Vec<Section>,
    /// How many animals the animal axes run over (0: none).
    animals: usize,
}

impl Layout {
    /// An empty layout, to [`Layout::push`] sections onto.
    pub fn new() -> Layout {
        Layout::default()
    }

    /// Adds a section of `len` values at the end.
    pub fn push(&mut self, name: impl Into<String>, len: usize, about: impl Into<String>) {
        self.push_seats(SeatAxis::None, name, len, about);
    }

    /// Adds a section of `len` values indexed by seat along `seats` (its
    /// length a multiple of the number of seats).
    pub fn push_seats(
        &mut self,
        seats: SeatAxis,
        name: impl Into<String>,
        len: usize,
        about: impl Into<String>,
    ) {
        self.push_axes(seats, AnimalAxis::None, name, len, about);
    }

    /// Adds a section of `len` values indexed by animal along `animals`
    /// (its length a multiple of [`Layout::animals`]).
    pub fn push_animals(
        &mut self,
        animals: AnimalAxis,
        name: impl Into<String>,
        len: usize,
        about: impl Into<String>,
    ) {
        self.push_axes(SeatAxis::None, animals, name, len, about);
    }

    /// Adds a section of `len` values indexed by seat along `seats` and by
    /// animal along `animals` (one of them outermost, the other innermost).
    pub fn push_axes(
        &mut self,
        seats: SeatAxis,
        animals: AnimalAxis,
        name: impl Into<String>,
        len: usize,
        about: impl Into<String>,
    ) {
        self.sections.push(Section {
            name: name.into(),
            len,
            about: about.into(),
            seats,
            animals,
        });
    }

    /// Says how many animals the layout's animal axes run over (set before
    /// any section is pushed with one).
    pub fn set_animals(&mut self, animals: usize) {
        self.animals = animals;
    }

    /// How many animals the animal axes run over (0: the layout has none).
    pub fn animals(&self) -> usize {
        self.animals
    }

    /// The sections in order.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The number of values of the whole observation.
    pub fn len(&self) -> usize {
        self.sections.iter().map(|s| s.len).sum()
    }

    /// True when the layout has no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where the section `name` starts, and its length.
    pub fn span(&self, name: &str) -> Option<(usize, usize)> {
        let mut offset = 0;
        for s in &self.sections {
            if s.name == name {
                return Some((offset, s.len));
            }
            offset += s.len;
        }
        None
    }
}

/// Writes an observation section by section, in the order of its layout.
/// Each `put` moves on by one value. [`Writer::new`] clears its buffer
/// first and then writes only what is not zero (a one-hot run's 1);
/// [`Writer::over`] writes every value of the runs it covers, zeros
/// included, so that an encoder can rewrite one part of an observation in
/// place with a writer over that part alone
/// ([`Learnable::observe_again`]).
pub struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
    /// Every value is written (the buffer was not cleared).
    over: bool,
}

impl<'a> Writer<'a> {
    /// A writer at the start of `out`, which it sets to zero first.
    #[inline]
    pub fn new(out: &'a mut [f32]) -> Writer<'a> {
        out.fill(0.0);
        Writer {
            out,
            at: 0,
            over: false,
        }
    }

    /// A writer at the start of `out` that leaves nothing of what `out`
    /// held where it writes: its one-hot runs and skips write their zeros.
    #[inline]
    pub fn over(out: &'a mut [f32]) -> Writer<'a> {
        Writer {
            out,
            at: 0,
            over: true,
        }
    }

    /// Writes one value. Writing past the end is a bug of the game's
    /// observation (the shared test finds it); it is dropped, never a panic.
    #[inline]
    pub fn put(&mut self, value: f32) {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = value;
        }
        self.at += 1;
    }

    /// Writes a one-hot run of `len` values: 1 at `index`, 0 elsewhere
    /// (all zero when `index` is None or out of range), and moves past it.
    #[inline]
    pub fn one_hot(&mut self, index: Option<usize>, len: usize) {
        let index = index.filter(|&i| i < len);
        if self.over {
            let end = (self.at + len).min(self.out.len());
            if let Some(run) = self.out.get_mut(self.at..end) {
                // A loop, not `fill`: runs are short, and a call to
                // memset for each costs more than the values.
                let hot = index.unwrap_or(usize::MAX);
                for (i, slot) in run.iter_mut().enumerate() {
                    *slot = if i == hot { 1.0 } else { 0.0 };
                }
            }
        } else if let Some(slot) = index.and_then(|i| self.out.get_mut(self.at + i)) {
            *slot = 1.0;
        }
        self.at += len;
    }

    /// Moves on by `len` values, leaving them at zero.
    #[inline]
    pub fn skip(&mut self, len: usize) {
        if self.over {
            let end = (self.at + len).min(self.out.len());
            if let Some(run) = self.out.get_mut(self.at..end) {
                run.fill(0.0);
            }
        }
        self.at += len;
    }

    /// How many values have been written (or skipped) so far.
    #[inline]
    pub fn written(&self) -> usize {
        self.at
    }
}

/// A game seen by a learning agent: a fixed action space and a seat's
/// observation as a fixed-shape vector of numbers.
pub trait Learnable: Game {
    /// The fields of a choice, as its JSON spells them, that name where it
    /// sends a piece (`["to"]`; `["region", "niche"]`): the target factor
    /// of the Python package's factored action space (`eons.actions`).
    /// Empty (the default) when no choice of the game has one.
    const ACTION_TARGET_FIELDS: &'static [&'static str] = &[];

    /// True when [`Learnable::action_id`] computes a choice's id from the
    /// choice itself; false (the default) when the action space looks it
    /// up in a table. The shared test holds the two to the same answers.
    const DIRECT_ACTION_IDS: bool = false;

    /// What [`Learnable::observe_again`] remembers of the observation it
    /// last wrote, to rewrite only what changed since. `()` for a game
    /// that writes its observations whole every time.
    type ObservationMemory: Default + Clone + Send + Sync;

    /// Every choice the game can offer with `players` seats, whatever the
    /// options, each once, in a fixed order: the action space. Every choice
    /// [`Game::legal`] lists is in it.
    fn action_universe(players: usize) -> Vec<Self::Choice>;

    /// The sections of an observation with `players` seats.
    fn observation_layout(players: usize) -> Layout;

    /// Writes what `seat` may know of `state` into `out`, which has exactly
    /// [`Layout::len`] values of [`Learnable::observation_layout`] for the
    /// state's number of seats. Nothing `seat` has not seen may change it.
    fn observe(state: &Self::State, seat: Seat, out: &mut [f32]);

    /// Writes the same values as [`Learnable::observe`] into `out`, which
    /// holds what the last call with this `memory` wrote (for any seat and
    /// any state of a game of this kind with as many seats), or anything at
    /// all when `memory` is new: a game that knows which parts of its
    /// observation a decision changed rewrites only those. The default
    /// writes the whole observation. The caller keeps each `out` with its
    /// own `memory`, and starts a new memory for a buffer written by
    /// anything else.
    fn observe_again(
        state: &Self::State,
        seat: Seat,
        memory: &mut Self::ObservationMemory,
        out: &mut [f32],
    ) {
        let _ = memory;
        Self::observe(state, seat, out);
    }

    /// The animals `seat` plays, as indices along the layout's animal axes
    /// ([`AnimalAxis`]), ascending, pushed onto `out`: what orders a compact
    /// observation ([`crate::compact`]). The default pushes none, for a
    /// game whose layout has no animal axes.
    fn seat_animals(state: &Self::State, seat: Seat, out: &mut Vec<usize>) {
        let _ = (state, seat, out);
    }

    /// The animals in the game that no seat plays (Pangea's neutral
    /// groups), as indices along the layout's animal axes, ascending,
    /// pushed onto `out`: the compact observation's last slots. The default
    /// pushes none.
    fn unseated_animals(state: &Self::State, out: &mut Vec<usize>) {
        let _ = (state, out);
    }

    /// The id of `choice` in the action space of `players` seats, computed
    /// from the choice itself (None: a choice outside the space), for a
    /// game whose [`Learnable::DIRECT_ACTION_IDS`] is true; the default,
    /// for the others, is never asked.
    fn action_id(players: usize, choice: &Self::Choice) -> Option<ActionId> {
        let _ = (players, choice);
        None
    }
}

/// A game's action space for one player count: ids to choices and back.
#[derive(Clone, Debug)]
pub struct ActionSpace<G: Learnable> {
    players: usize,
    choices: Vec<G::Choice>,
    ids: FxHashMap<G::Choice, ActionId>,
}

impl<G: Learnable> ActionSpace<G> {
    /// The action space of `players` seats. A choice listed twice by the
    /// game keeps its first id (the shared test refuses such a list).
    pub fn new(players: usize) -> ActionSpace<G> {
        let choices = G::action_universe(players);
        let mut ids = FxHashMap::with_capacity_and_hasher(choices.len(), Default::default());
        for (i, c) in choices.iter().enumerate() {
            ids.entry(*c).or_insert(ActionId(i as u32));
        }
        ActionSpace {
            players,
            choices,
            ids,
        }
    }

    /// The number of distinct actions.
    pub fn len(&self) -> usize {
        self.choices.len()
    }

    /// True when there are no actions at all.
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }

    /// The id of a choice, or None for a choice outside the space.
    #[inline]
    pub fn id(&self, choice: &G::Choice) -> Option<ActionId> {
        if G::DIRECT_ACTION_IDS {
            G::action_id(self.players, choice)
        } else {
            self.ids.get(choice).copied()
        }
    }

    /// The id of a choice from the space's table, whatever the game
    /// computes directly (the shared test compares the two).
    pub fn listed_id(&self, choice: &G::Choice) -> Option<ActionId> {
        self.ids.get(choice).copied()
    }

    /// The choice of an id, or None for an id out of range.
    #[inline]
    pub fn choice(&self, id: ActionId) -> Option<G::Choice> {
        self.choices.get(id.index()).copied()
    }

    /// Every choice, in id order.
    pub fn choices(&self) -> &[G::Choice] {
        &self.choices
    }
}
