//! `eons.VecGame`: many games of one kind stepped together in Rust, the
//! GIL released, some seats possibly played by the Rust bots.
//!
//! A step writes into arrays the batch owns and keeps from step to step
//! (with `copy=False`, nothing is allocated or cleared whole per step): an
//! observation row
//! is rewritten in place where the game changed
//! (`Learnable::observe_again`: each row is its game's buffer, and nothing
//! else writes it), and a mask row is cleared only at the ids it last
//! held. The arrays are copied out for Python (masks: handed over whole,
//! a fresh zeroed array taking their place), or lent to it read-only
//! (`copy=False`: valid until the next step). An observer-relative row is
//! turned back to absolute before it is written again; a compact row is
//! moved from its game's absolute observation, which the batch keeps and
//! rewrites in place (`crate::compact`).

use crate::compact::{self, Compacting};
use crate::engine::{self, BotSlot, Engine};
use crate::relative::{make_absolute, make_relative, seat_spans, SeatSpan};
use crate::{value_error, PyGame};
use eons_bots::{mix_seed, BotSpec};
use eons_core::{GameRng, Layout};
use numpy::ndarray::{Array1, Array2, ArrayD, IxDyn};
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyReadonlyArray1};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// How a step reports the legal actions of each game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Legal {
    /// Not at all (None in their place).
    Skipped,
    /// A `(N, num_distinct_actions)` uint8 mask.
    Mask,
    /// The legal ids of every game, one after another, and where each
    /// game's ids start (ragged).
    Ids,
}

impl Legal {
    /// `True`, `False` or `"ids"`, as `step(masks=…)` takes it.
    fn from_py(value: &Bound<'_, PyAny>) -> PyResult<Legal> {
        if let Ok(flag) = value.extract::<bool>() {
            return Ok(if flag { Legal::Mask } else { Legal::Skipped });
        }
        match value.extract::<String>().as_deref() {
            Ok("ids") => Ok(Legal::Ids),
            Ok("mask") => Ok(Legal::Mask),
            _ => Err(value_error(
                "masks is True (a mask per game), False (none) or \"ids\" (ragged legal ids)",
            )),
        }
    }
}

/// What a step is asked to write besides rewards, dones and seats.
#[derive(Copy, Clone, Debug)]
struct Wanted {
    observations: bool,
    legal: Legal,
}

impl Wanted {
    /// The `observations` and `masks` arguments of `state` and `step`
    /// (`masks` left out: a mask per game).
    fn from_py(observations: bool, masks: Option<&Bound<'_, PyAny>>) -> PyResult<Wanted> {
        Ok(Wanted {
            observations,
            legal: masks.map_or(Ok(Legal::Mask), Legal::from_py)?,
        })
    }
}

/// What every game of a batch shares: its shape and its rules.
#[derive(Copy, Clone, Debug)]
struct Rules {
    /// Games in the batch.
    games: usize,
    /// The batch's seed.
    base_seed: u64,
    /// Seats at each table.
    players: usize,
    /// The length of one observation.
    observation: usize,
    /// The size of the action space.
    actions: usize,
    /// Observations of every seat, not only the seat to move.
    all_seats: bool,
    /// Observer-relative observations (the observing seat first).
    relative: bool,
    /// Compact observer-relative observations with this many animal
    /// slots (`eons_core::compact`); `observation` is their length.
    compact: Option<usize>,
    /// Rewards carry each seat's change of score (VP) since the last step.
    shaped: bool,
    /// A game is cut (truncated) once this many decisions are made.
    max_decisions: Option<usize>,
    /// The game rewrites observations in place (so a copy for Python is
    /// copied, not a fresh buffer handed over).
    in_place: bool,
}

impl Rules {
    /// The values of one game's observation row.
    fn observation_row(&self) -> usize {
        if self.all_seats {
            self.observation * self.players
        } else {
            self.observation
        }
    }
}

/// One game of a batch and what the batch keeps about it.
struct Slot {
    game: Box<dyn Engine>,
    /// Its place in the batch.
    index: usize,
    /// Games it has started after its first.
    restarts: u64,
    /// Per seat: the bot that plays it, None for a learner's seat.
    bots: Vec<Option<Mutex<BotSlot>>>,
    /// Decisions made in its current game (the learner's and the bots').
    decisions: usize,
    /// Each seat's score when rewards were last reported (shaped rewards).
    baseline: Vec<i64>,
    /// The ids set to 1 in its row of the mask buffer; None while the row
    /// is not known (it is then cleared whole).
    marked: Option<Vec<u32>>,
    /// Its legal ids as last listed (ascending when asked for as ids).
    legal: Vec<u32>,
    /// Per observation buffer of its row (one, or one per seat), the seat
    /// whose observer-relative turn the buffer holds (None: absolute).
    turned: Vec<Option<usize>>,
    /// Its absolute observations and maps, for compact rows.
    compact: Compacting,
}

/// The arrays a batch writes into, kept from step to step. An array is
/// allocated the first time it is asked for and never again (a view of it
/// may be lent to Python).
struct Buffers {
    /// `(N, size)` or, with all seats, `(N, players, size)`; empty until
    /// observations are first asked for.
    observations: ArrayD<f32>,
    /// `(N, actions)`; empty until masks are first asked for.
    masks: Array2<u8>,
    rewards: Array2<f32>,
    dones: Array1<bool>,
    truncated: Array1<bool>,
    players: Array1<i64>,
}

/// One thread's share of a step: its games and their rows of each array.
struct Share<'a> {
    slots: &'a mut [Slot],
    actions: Option<&'a [i64]>,
    observations: &'a mut [f32],
    masks: &'a mut [u8],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
    truncated: &'a mut [bool],
    players: &'a mut [i64],
}

/// `count` consecutive parts of `all`, `per · width` values each (the
/// last one shorter); all empty when `all` is.
fn parts<T>(mut all: &mut [T], width: usize, per: usize, count: usize) -> Vec<&mut [T]> {
    (0..count)
        .map(|_| {
            let take = (per * width).min(all.len());
            let (head, rest) = std::mem::take(&mut all).split_at_mut(take);
            all = rest;
            head
        })
        .collect()
}

impl Share<'_> {
    /// Plays this share's actions, and the bots' moves up to a learner's
    /// decision (restarting the games that end or are cut), then fills its
    /// rows. On a refused action or bot, the error names the game; the
    /// share's other games go on.
    fn run(&mut self, rules: &Rules, spans: &[SeatSpan], wanted: Wanted) -> Option<String> {
        let mut refused = None;
        let rewards_row = rules.players;
        let observation_row = rules.observation_row();
        for (i, slot) in self.slots.iter_mut().enumerate() {
            let rewards = &mut self.rewards[i * rewards_row..(i + 1) * rewards_row];
            let action = self.actions.map(|all| all[i]);
            let ((done, cut), seat) = match advance(slot, action, rules, rewards) {
                Ok(((done, cut), seat)) => ((done, cut), Some(seat)),
                Err((ended, e)) => {
                    refused.get_or_insert(format!("game {}: {e}", slot.index));
                    (ended, slot.game.current())
                }
            };
            self.dones[i] = done;
            self.truncated[i] = cut;
            self.players[i] = seat.map_or(-1, |s| s as i64);
            if wanted.observations {
                let row = &mut self.observations[i * observation_row..(i + 1) * observation_row];
                if let Err(e) = write_observations(slot, seat, rules, spans, row) {
                    refused.get_or_insert(format!("game {}: {e}", slot.index));
                }
            }
            match wanted.legal {
                Legal::Skipped => {}
                Legal::Ids => slot.game.legal_ids(&mut slot.legal),
                Legal::Mask => {
                    slot.game.listed_ids(&mut slot.legal);
                    let row = &mut self.masks[i * rules.actions..(i + 1) * rules.actions];
                    mark(slot, row);
                }
            }
        }
        refused
    }
}

/// Writes the observations of a game's row in place: the seat to move's,
/// or every seat's; zero when no seat is to move. Refuses a compact row of
/// a game with another number of animal slots than the batch's.
fn write_observations(
    slot: &mut Slot,
    seat: Option<usize>,
    rules: &Rules,
    spans: &[SeatSpan],
    row: &mut [f32],
) -> Result<(), String> {
    if let Some(slots) = rules.compact {
        let game = slot.game.as_mut();
        let generation = slot.restarts;
        if rules.all_seats {
            for (s, part) in row.chunks_exact_mut(rules.observation).enumerate() {
                slot.compact.write(game, generation, s, s, slots, part)?;
            }
        } else if let Some(s) = seat {
            slot.compact.write(game, generation, 0, s, slots, row)?;
        } else {
            row.fill(0.0);
        }
        return Ok(());
    }
    if slot.turned.len() < rules.players {
        slot.turned.resize(rules.players, None);
    }
    let game = slot.game.as_mut();
    let turned = &mut slot.turned;
    let mut observe = |buffer: usize, s: usize, part: &mut [f32]| {
        // A buffer rewritten in place must hold what was written into it:
        // turn a relative one back first (one written whole need not be).
        if let Some(observer) = turned[buffer].take() {
            if rules.in_place {
                make_absolute(part, spans, rules.players, observer);
            }
        }
        game.observe_again(buffer, s, part);
        if rules.relative {
            make_relative(part, spans, rules.players, s);
            turned[buffer] = Some(s);
        }
    };
    if rules.all_seats {
        for (s, part) in row.chunks_exact_mut(rules.observation).enumerate() {
            observe(s, s, part);
        }
    } else if let Some(s) = seat {
        observe(0, s, row);
    } else {
        row.fill(0.0);
        game.forget_observations();
        turned.iter_mut().for_each(|t| *t = None);
    }
    Ok(())
}

/// Sets a game's mask row to its legal ids (`slot.legal`), clearing only
/// the ids the row held before.
fn mark(slot: &mut Slot, row: &mut [u8]) {
    match slot.marked.as_mut() {
        Some(before) => {
            for &id in before.iter() {
                if let Some(cell) = row.get_mut(id as usize) {
                    *cell = 0;
                }
            }
        }
        None => row.fill(0),
    }
    for &id in &slot.legal {
        if let Some(cell) = row.get_mut(id as usize) {
            *cell = 1;
        }
    }
    let marked = slot.marked.get_or_insert_with(Vec::new);
    marked.clear();
    marked.extend_from_slice(&slot.legal);
}

/// Whether a game ended at a step, and whether it was cut.
type Ended = (bool, bool);

/// How a game stands after a step: how its last game ended (if it did)
/// and the learner's seat to move.
type Advanced = (Ended, usize);

/// Plays the learner's `action` in a game (None: none), then the bots'
/// moves until a learner's seat decides, restarting the game when it ends
/// or is cut; adds the rewards of all that to `rewards`, which it clears
/// first; returns how the game ended and the learner's seat to move. On an
/// error the game stops where it is.
fn advance(
    slot: &mut Slot,
    action: Option<i64>,
    rules: &Rules,
    rewards: &mut [f32],
) -> Result<Advanced, (Ended, String)> {
    rewards.fill(0.0);
    let mut ended = (false, false);
    if let Some(a) = action {
        let id = u32::try_from(a).map_err(|_| (ended, format!("no action {a}")))?;
        slot.game.apply(id).map_err(|e| (ended, e))?;
        slot.decisions += 1;
    }
    let mut started = 0;
    let seat = loop {
        let seat = slot.game.current();
        let cut = seat.is_some() && rules.max_decisions.is_some_and(|m| slot.decisions >= m);
        let Some(seat) = seat.filter(|_| !cut) else {
            if !cut {
                for (r, v) in rewards.iter_mut().zip(slot.game.returns()) {
                    *r += v as f32;
                }
            }
            if rules.shaped {
                settle(slot, rewards);
            }
            ended = (true, cut);
            slot.restarts += 1;
            let seed = rules
                .base_seed
                .wrapping_add(slot.restarts.wrapping_mul(rules.games as u64))
                .wrapping_add(slot.index as u64);
            slot.game.reset(seed).map_err(|e| (ended, e))?;
            slot.decisions = 0;
            if rules.shaped {
                slot.baseline = slot.game.scores();
            }
            started += 1;
            if started > 2 {
                return Err((
                    ended,
                    "two whole games went by without a learner's decision".into(),
                ));
            }
            continue;
        };
        let Some(bot) = slot.bots.get_mut(seat).and_then(Option::as_mut) else {
            break seat;
        };
        let bot = bot.get_mut().unwrap_or_else(|p| p.into_inner());
        let chosen = slot.game.bot_choose(bot).map_err(|e| (ended, e))?;
        let id = chosen.ok_or_else(|| (ended, format!("the bot of seat {seat} chose nothing")))?;
        slot.game
            .apply(id)
            .map_err(|e| (ended, format!("the bot of seat {seat}: {e}")))?;
        slot.decisions += 1;
    };
    // Without an action nothing is reported: the bots' first moves are
    // owed at the learner's first step.
    if rules.shaped && action.is_some() {
        settle(slot, rewards);
    }
    Ok((ended, seat))
}

/// Adds each seat's change of score since the baseline to `rewards`, and
/// moves the baseline to the scores now.
fn settle(slot: &mut Slot, rewards: &mut [f32]) {
    let now = slot.game.scores();
    for ((r, was), is) in rewards.iter_mut().zip(&slot.baseline).zip(&now) {
        *r += (is - was) as f32;
    }
    slot.baseline = now;
}

/// Many games of one kind stepped together in Rust, the GIL released:
/// observations, legal actions, rewards. Seats may be played by the Rust
/// bots: a step then stops only at the learner's seats. A finished game
/// starts again at once (its `done` is set and its rewards are its returns
/// for that step): game `i`'s `k`-th game (from 0) has the seed `seed +
/// k·N + i`, whatever the thread count.
#[pyclass(name = "VecGame", module = "eons._eons")]
pub struct PyVecGame {
    slots: Vec<Slot>,
    rules: Rules,
    threads: usize,
    /// True: each step's arrays are copies; False: the batch's own arrays,
    /// read-only, refilled at the next step.
    copy: bool,
    rng: GameRng,
    buffers: Buffers,
    /// The seat axes of an observation (for observer-relative ones).
    spans: Vec<SeatSpan>,
    /// The layout of an observation row (per seat): the game's, or the
    /// compact one.
    layout: Layout,
}

impl PyVecGame {
    /// Plays `actions` (one per game; None: none) and the bots' moves,
    /// then writes what `wanted` asks into the buffers, over the batch's
    /// threads.
    fn run(&mut self, actions: Option<&[i64]>, wanted: Wanted) -> Result<(), String> {
        let rules = self.rules;
        let spans = self.spans.as_slice();
        let n = rules.games;
        let b = &mut self.buffers;
        // Observations rewritten in place keep their buffer (a copy for
        // Python is made after the step); the others are handed over to
        // Python whole and written into a fresh buffer.
        let hand_over = self.copy && !rules.in_place;
        if wanted.observations && (hand_over || b.observations.is_empty()) {
            let shape = if rules.all_seats {
                vec![n, rules.players, rules.observation]
            } else {
                vec![n, rules.observation]
            };
            b.observations = ArrayD::zeros(IxDyn(&shape));
            for slot in &mut self.slots {
                slot.game.forget_observations();
                slot.turned.clear();
            }
        }
        // Masks for copies are fresh zeroed arrays handed over whole (a
        // copy of a mostly-zero array costs more than new zero pages).
        if wanted.legal == Legal::Mask && (self.copy || b.masks.is_empty()) {
            b.masks = Array2::zeros((n, rules.actions));
            for slot in &mut self.slots {
                slot.marked.get_or_insert_with(Vec::new).clear();
            }
        }
        let count = self.threads.max(1).min(n);
        let per = n.div_ceil(count);
        let observation_width = if wanted.observations {
            rules.observation_row()
        } else {
            0
        };
        let mask_width = if wanted.legal == Legal::Mask {
            rules.actions
        } else {
            0
        };
        let observations = parts(
            slice_of(b.observations.as_slice_mut()),
            observation_width,
            per,
            count,
        );
        let masks = parts(slice_of(b.masks.as_slice_mut()), mask_width, per, count);
        let rewards = parts(
            slice_of(b.rewards.as_slice_mut()),
            rules.players,
            per,
            count,
        );
        let dones = parts(slice_of(b.dones.as_slice_mut()), 1, per, count);
        let truncated = parts(slice_of(b.truncated.as_slice_mut()), 1, per, count);
        let players = parts(slice_of(b.players.as_slice_mut()), 1, per, count);
        let mut shares: Vec<Share<'_>> = self
            .slots
            .chunks_mut(per)
            .zip(observations)
            .zip(masks)
            .zip(rewards)
            .zip(dones)
            .zip(truncated)
            .zip(players)
            .enumerate()
            .map(|(k, ((((((slots, o), m), r), d), t), p))| Share {
                slots,
                actions: actions.map(|all| &all[k * per..(k * per + per).min(n)]),
                observations: o,
                masks: m,
                rewards: r,
                dones: d,
                truncated: t,
                players: p,
            })
            .collect();
        let refused: Vec<Option<String>> = if shares.len() <= 1 {
            shares
                .iter_mut()
                .map(|s| s.run(&rules, spans, wanted))
                .collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = shares
                    .iter_mut()
                    .map(|s| scope.spawn(move || s.run(&rules, spans, wanted)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join()
                            .unwrap_or_else(|_| Some("a thread of the batch failed".into()))
                    })
                    .collect()
            })
        };
        match refused.into_iter().flatten().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The arrays of the last step as Python sees them: copies, or the
    /// batch's own arrays lent read-only.
    fn arrays<'py>(slf: &Bound<'py, Self>, wanted: Wanted) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let lend = !slf.borrow().copy;
        let none = || py.None().into_bound(py);
        let (observations, masks) = if lend {
            (None, None)
        } else {
            let mut this = slf.borrow_mut();
            let hand_over = wanted.observations && !this.rules.in_place;
            let b = &mut this.buffers;
            (
                hand_over
                    .then(|| std::mem::replace(&mut b.observations, ArrayD::zeros(IxDyn(&[0])))),
                (wanted.legal == Legal::Mask)
                    .then(|| std::mem::replace(&mut b.masks, Array2::zeros((0, 0)))),
            )
        };
        let this = slf.borrow();
        let b = &this.buffers;
        let o = if !wanted.observations {
            none()
        } else if let Some(owned) = observations {
            PyArrayDyn::from_owned_array(py, owned).into_any()
        } else if lend {
            // SAFETY: a lent buffer is never reallocated once allocated,
            // and lives as long as the VecGame, the view's base.
            read_only(unsafe {
                PyArrayDyn::borrow_from_array(&b.observations, slf.clone().into_any())
            })?
        } else {
            PyArrayDyn::from_array(py, &b.observations).into_any()
        };
        let m = match wanted.legal {
            Legal::Skipped => none(),
            Legal::Mask if lend => {
                // SAFETY: as for the observations.
                read_only(unsafe { PyArray2::borrow_from_array(&b.masks, slf.clone().into_any()) })?
            }
            Legal::Mask => match masks {
                Some(owned) => PyArray2::from_owned_array(py, owned).into_any(),
                None => none(),
            },
            Legal::Ids => {
                let total = this.slots.iter().map(|s| s.legal.len()).sum();
                let mut ids = Vec::with_capacity(total);
                let mut offsets = Vec::with_capacity(this.slots.len() + 1);
                offsets.push(0i64);
                for s in &this.slots {
                    ids.extend(s.legal.iter().map(|&id| i64::from(id)));
                    offsets.push(ids.len() as i64);
                }
                (PyArray1::from_vec(py, ids), PyArray1::from_vec(py, offsets))
                    .into_pyobject(py)?
                    .into_any()
            }
        };
        let (r, d, p) = if lend {
            // SAFETY: allocated once at construction, as above.
            unsafe {
                (
                    read_only(PyArray2::borrow_from_array(
                        &b.rewards,
                        slf.clone().into_any(),
                    ))?,
                    read_only(PyArray1::borrow_from_array(
                        &b.dones,
                        slf.clone().into_any(),
                    ))?,
                    read_only(PyArray1::borrow_from_array(
                        &b.players,
                        slf.clone().into_any(),
                    ))?,
                )
            }
        } else {
            (
                PyArray2::from_array(py, &b.rewards).into_any(),
                PyArray1::from_array(py, &b.dones).into_any(),
                PyArray1::from_array(py, &b.players).into_any(),
            )
        };
        Ok((o, m, r, d, p).into_pyobject(py)?.into_any())
    }
}

/// The slice of a standard-layout array (the buffers always are).
fn slice_of<T>(slice: Option<&mut [T]>) -> &mut [T] {
    slice.unwrap_or_default()
}

/// An array Python may read but not write.
fn read_only<'py, T>(array: Bound<'py, T>) -> PyResult<Bound<'py, PyAny>> {
    let array = array.into_any();
    array.getattr("flags")?.setattr("writeable", false)?;
    Ok(array)
}

#[pymethods]
impl PyVecGame {
    /// `num_games` games of `name` with `players` seats and `options`; game
    /// `i` starts from seed `seed + i` (its `k`-th game from `seed + k·N +
    /// i`). `threads` splits each step over that many threads. `bots`
    /// maps seats to bot specs (`{1: "greedy", 3: "mcts:50it"}`): those
    /// seats are played in Rust and a step stops only at the other seats.
    /// `shaped`: rewards also carry each seat's change of score (VP).
    /// `max_decisions`: a game is cut (done, truncated) after that many
    /// decisions. `all_seats`: observations of every seat. `relative`:
    /// observer-relative observations (the observing seat first).
    /// `compact`: compact observer-relative observations (the observer's
    /// animals first, the animals nobody plays left out; their own layout,
    /// `observation_layout()`). `copy=False`: a step returns the batch's
    /// own arrays, read-only, valid until the next step.
    #[new]
    #[pyo3(signature = (name, num_games, players, options = Vec::new(), seed = 0, threads = 1,
        bots = BTreeMap::new(), shaped = false, max_decisions = None, all_seats = false,
        relative = false, copy = true, compact = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        name: &str,
        num_games: usize,
        players: usize,
        options: Vec<String>,
        seed: u64,
        threads: usize,
        bots: BTreeMap<usize, String>,
        shaped: bool,
        max_decisions: Option<usize>,
        all_seats: bool,
        relative: bool,
        copy: bool,
        compact: bool,
    ) -> PyResult<PyVecGame> {
        if num_games == 0 {
            return Err(value_error("a VecGame needs at least one game"));
        }
        if max_decisions == Some(0) {
            return Err(value_error("max_decisions is at least 1"));
        }
        let mut specs: Vec<Option<BotSpec>> = vec![None; players];
        for (&seat, spec) in &bots {
            let slot = specs.get_mut(seat).ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "bots name seat {seat}: seats are 0 to {}",
                    players.saturating_sub(1)
                ))
            })?;
            *slot = Some(BotSpec::parse(spec).map_err(value_error)?);
        }
        if players > 0 && specs.iter().all(Option::is_some) {
            return Err(value_error(
                "every seat is a bot's: leave at least one seat to the learner",
            ));
        }
        let slots = (0..num_games)
            .map(|i| {
                let game = engine::open(name, players, &options, seed.wrapping_add(i as u64))?;
                let bots = specs
                    .iter()
                    .enumerate()
                    .map(|(seat, spec)| {
                        (*spec).map(|spec| {
                            let bot_seed = mix_seed(seed, ((i as u64) << 8) | seat as u64);
                            Mutex::new(BotSlot::new(spec, bot_seed))
                        })
                    })
                    .collect();
                Ok(Slot {
                    baseline: game.scores(),
                    game,
                    index: i,
                    restarts: 0,
                    bots,
                    decisions: 0,
                    marked: None,
                    legal: Vec::new(),
                    turned: Vec::new(),
                    compact: Compacting::default(),
                })
            })
            .collect::<Result<Vec<_>, String>>()
            .map_err(value_error)?;
        let first = &slots[0].game;
        let compact_layout = compact.then(|| compact::layout_of(first.as_ref()));
        let rules = Rules {
            games: num_games,
            base_seed: seed,
            players: first.players(),
            observation: compact_layout
                .as_ref()
                .map_or(first.layout().len(), Layout::len),
            actions: first.num_actions(),
            all_seats,
            relative,
            compact: compact.then(|| first.slot_order(0).len()),
            shaped,
            max_decisions,
            in_place: first.observes_in_place(),
        };
        let spans = seat_spans(first.as_ref());
        let layout = compact_layout.unwrap_or_else(|| first.layout().clone());
        let mut batch = PyVecGame {
            spans,
            layout,
            buffers: Buffers {
                observations: ArrayD::zeros(IxDyn(&[0])),
                masks: Array2::zeros((0, 0)),
                rewards: Array2::zeros((num_games, rules.players)),
                dones: Array1::from_elem(num_games, false),
                truncated: Array1::from_elem(num_games, false),
                players: Array1::from_elem(num_games, -1),
            },
            slots,
            rules,
            threads: threads.clamp(1, 64),
            copy,
            rng: GameRng::new(mix_seed(seed, 0x5ea)),
        };
        // The bots move first where they are to move, so that every game
        // waits on a learner's seat from the start.
        let quiet = Wanted {
            observations: false,
            legal: Legal::Skipped,
        };
        batch.run(None, quiet).map_err(value_error)?;
        Ok(batch)
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// The size of each game's action space.
    fn num_distinct_actions(&self) -> usize {
        self.rules.actions
    }

    /// The length of one observation.
    fn observation_size(&self) -> usize {
        self.rules.observation
    }

    /// The sections of one observation as a step returns it (the compact
    /// layout with `compact=True`): `(name, offset, length, about)` each.
    fn observation_layout(&self) -> Vec<(String, usize, usize, String)> {
        crate::layout_rows(&self.layout)
    }

    /// Seats at each table.
    fn num_players(&self) -> usize {
        self.rules.players
    }

    /// The seats the bots play, and their specs.
    fn bots(&self) -> BTreeMap<usize, String> {
        self.slots[0]
            .bots
            .iter()
            .enumerate()
            .filter_map(|(seat, bot)| {
                let bot = bot.as_ref()?.lock().unwrap_or_else(|p| p.into_inner());
                Some((seat, bot.spec.to_string()))
            })
            .collect()
    }

    /// `(observations, masks, rewards, dones, players)` of the games as
    /// they stand (rewards zero, dones false): see `step`.
    #[pyo3(signature = (observations = true, masks = None))]
    fn state<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
        observations: bool,
        masks: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let wanted = Wanted::from_py(observations, masks.as_ref())?;
        {
            let mut guard = slf.borrow_mut();
            let this: &mut PyVecGame = &mut guard;
            py.detach(|| this.run(None, wanted)).map_err(value_error)?;
            // Nothing was played: nothing ended and nothing is owed.
            this.buffers.rewards.fill(0.0);
            this.buffers.dones.fill(false);
            this.buffers.truncated.fill(false);
        }
        PyVecGame::arrays(slf, wanted)
    }

    /// Plays `actions[i]` in game `i` (int64, one per game), then the
    /// bots' moves until a learner's seat decides, restarting each game
    /// that ends or is cut; returns `(observations, masks, rewards, dones,
    /// players)`.
    #[pyo3(signature = (actions, observations = true, masks = None))]
    fn step<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
        observations: bool,
        masks: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let wanted = Wanted::from_py(observations, masks.as_ref())?;
        let actions = actions.as_slice().map_err(value_error)?.to_vec();
        {
            let mut guard = slf.borrow_mut();
            let this: &mut PyVecGame = &mut guard;
            if actions.len() != this.slots.len() {
                return Err(value_error(format!(
                    "{} actions for {} games",
                    actions.len(),
                    this.slots.len()
                )));
            }
            py.detach(|| this.run(Some(&actions), wanted))
                .map_err(value_error)?;
        }
        PyVecGame::arrays(slf, wanted)
    }

    /// Which games the last step cut at `max_decisions` (`(N,)` bool; a
    /// cut game is also done).
    fn truncations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        PyArray1::from_array(py, &self.buffers.truncated)
    }

    /// One uniformly random legal action per game (int64), drawn from the
    /// VecGame's own seeded generator: exploration, baselines, benchmarks.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let rng = &mut self.rng;
        let slots = &mut self.slots;
        let picks: Vec<i64> = py.detach(|| {
            let mut pick = |n: usize| rng.index(n);
            slots
                .iter_mut()
                .map(|s| s.game.random_action(&mut pick).map_or(-1, i64::from))
                .collect()
        });
        PyArray1::from_vec(py, picks)
    }

    /// Game `i` as an `eons.Game` (a copy).
    fn game(&self, i: usize) -> PyResult<PyGame> {
        self.slots
            .get(i)
            .map(|s| PyGame {
                engine: s.game.clone_box(),
            })
            .ok_or_else(|| PyIndexError::new_err(format!("no game {i}")))
    }

    fn __repr__(&self) -> String {
        format!(
            "eons.VecGame({:?}, num_games={}, players={}, seed={})",
            self.slots[0].game.game_id(),
            self.rules.games,
            self.rules.players,
            self.rules.base_seed
        )
    }
}
