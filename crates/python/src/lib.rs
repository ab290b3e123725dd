//! `eons._eons`: the Eons engines from Python (PyO3). The Python package
//! `eons` (in `python/eons/`) wraps these classes; see `docs/python.md`.
//!
//! * [`PyGame`] (`eons.Game`): one game over a fixed action space, with
//!   observation tensors, records, determinization and clones.
//! * [`PyVecGame`] (`eons.VecGame`): many games stepped together in Rust
//!   with the GIL released, returning stacked NumPy arrays.
//! * [`PyBot`] (`eons.bots`): the Rust bots (`random`, `greedy`, `mcts`).
//! * `play_scheduled` and `tournament_report`: the pieces `eons.study`
//!   spreads over processes or a Ray cluster.

mod batch;
mod compact;
mod engine;
mod relative;

use batch::PyVecGame;
use engine::{BotSlot, Engine};
use eons_bots::tournament::{self, Config};
use eons_bots::BotSpec;
use eons_core::{AnimalAxis, Game, GameRng, SeatAxis};
use eons_games::{Registered, Visitor};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use std::sync::Mutex;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn json_loads(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

fn check_seat(engine: &dyn Engine, seat: usize) -> PyResult<()> {
    if seat < engine.players() {
        Ok(())
    } else {
        Err(PyIndexError::new_err(format!(
            "seat {seat} is not at this table: seats are 0 to {}",
            engine.players() - 1
        )))
    }
}

/// One game of Dominant Species (`ds`), Marine (`marine`) or Pangea
/// (`pangea`), played through action ids.
#[pyclass(name = "Game", module = "eons._eons")]
pub struct PyGame {
    engine: Box<dyn Engine>,
}

#[pymethods]
impl PyGame {
    /// A new game: `name` (`ds`, `marine`, `pangea`), the number of
    /// players, setup options as `eons games` lists them, and the seed of
    /// all its randomness.
    #[new]
    #[pyo3(signature = (name, players, options = Vec::new(), seed = 0))]
    fn new(name: &str, players: usize, options: Vec<String>, seed: u64) -> PyResult<PyGame> {
        Ok(PyGame {
            engine: engine::open(name, players, &options, seed).map_err(value_error)?,
        })
    }

    /// The game's id (`ds`, `marine`, `pangea`).
    #[getter]
    fn name(&self) -> &'static str {
        self.engine.game_id()
    }

    /// The seed the game started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.engine.seed()
    }

    /// Seats at the table.
    fn num_players(&self) -> usize {
        self.engine.players()
    }

    /// The size of the fixed action space (ids 0 to N - 1).
    fn num_distinct_actions(&self) -> usize {
        self.engine.num_actions()
    }

    /// The seat to move (0-based), or None once the game is over.
    fn current_player(&self) -> Option<usize> {
        self.engine.current()
    }

    /// True once the game is over.
    fn is_over(&self) -> bool {
        self.engine.current().is_none()
    }

    /// The legal action ids, ascending (empty once the game is over).
    fn legal_actions(&self) -> Vec<u32> {
        let mut out = Vec::new();
        self.engine.legal(&mut out);
        out
    }

    /// 1 at each legal action id, 0 elsewhere (uint8, length
    /// `num_distinct_actions()`).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        let mut out = vec![0u8; self.engine.num_actions()];
        self.engine.mask(&mut out);
        PyArray1::from_vec(py, out)
    }

    /// Plays action `action` for the seat to move; an illegal action raises
    /// ValueError with the rule that forbids it.
    fn apply(&mut self, action: u32) -> PyResult<()> {
        self.engine.apply(action).map_err(value_error)
    }

    /// Plays a choice spelled as the engine's JSON (as records spell it);
    /// returns its action id.
    fn apply_json(&mut self, choice: &str) -> PyResult<u32> {
        self.engine.apply_json(choice).map_err(value_error)
    }

    /// 1.0 for the winner (the game's own tie-breaks decide) and 0.0 for
    /// every other seat once the game is over; all 0.0 before.
    fn returns(&self) -> Vec<f64> {
        self.engine.returns()
    }

    /// Each seat's score so far (victory points).
    fn scores(&self) -> Vec<i64> {
        self.engine.scores()
    }

    /// `{"scores": [...], "ranking": [...]}` once the game is over, else None.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.engine
            .outcome_json()
            .map(|o| json_loads(py, &o))
            .transpose()
    }

    /// What `seat` sees (None: a spectator), as the server sends it: a
    /// dict. Hidden information is cut as for a player at the table.
    #[pyo3(signature = (seat = None))]
    fn view(&self, py: Python<'_>, seat: Option<usize>) -> PyResult<Py<PyAny>> {
        if let Some(s) = seat {
            check_seat(self.engine.as_ref(), s)?;
        }
        json_loads(py, &self.engine.view_json(seat))
    }

    /// `seat`'s observation: float32 of length `observation_size()`,
    /// sections as `observation_layout()` lists them.
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        check_seat(self.engine.as_ref(), seat)?;
        let mut out = vec![0f32; self.engine.layout().len()];
        self.engine.observe(seat, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Writes `seat`'s observation (as `observation_tensor(seat)` gives
    /// it) into `out`, a writable contiguous float32 array of length
    /// `observation_size()`, with no allocation: the fast path of agents
    /// that keep their own buffers.
    fn observation_into(&self, seat: usize, out: &Bound<'_, PyArray1<f32>>) -> PyResult<()> {
        check_seat(self.engine.as_ref(), seat)?;
        let mut out = out.try_readwrite().map_err(value_error)?;
        let slice = out.as_slice_mut().map_err(value_error)?;
        let len = self.engine.layout().len();
        if slice.len() != len {
            return Err(value_error(format!(
                "an observation has {len} values: out has {}",
                slice.len()
            )));
        }
        self.engine.observe(seat, slice);
        Ok(())
    }

    /// The length of an observation.
    fn observation_size(&self) -> usize {
        self.engine.layout().len()
    }

    /// The observation's sections: `(name, offset, length, about)` each.
    fn observation_layout(&self) -> Vec<(String, usize, usize, String)> {
        layout_rows(self.engine.layout())
    }

    /// The compact observation's sections (`compact_observation`):
    /// `(name, offset, length, about)` each.
    fn compact_observation_layout(&self) -> Vec<(String, usize, usize, String)> {
        layout_rows(&compact::layout_of(self.engine.as_ref()))
    }

    /// The sections indexed by seat (`eons_core::SeatAxis`): `(name,
    /// offset, length, axis)` each, `axis` `"outer"` (one run of values per
    /// seat) or `"inner"` (one value per seat in every run). The trainer
    /// permutes seats along these (docs/learning.md).
    fn observation_seat_axes(&self) -> Vec<(String, usize, usize, &'static str)> {
        let mut offset = 0;
        let mut axes = Vec::new();
        for section in self.engine.layout().sections() {
            let axis = match section.seats {
                SeatAxis::None => None,
                SeatAxis::Outer => Some("outer"),
                SeatAxis::Inner => Some("inner"),
            };
            if let Some(axis) = axis {
                axes.push((section.name.clone(), offset, section.len, axis));
            }
            offset += section.len;
        }
        axes
    }

    /// The sections indexed by animal (`eons_core::AnimalAxis`, what the
    /// compact observation cuts to the animals in the game): `(name,
    /// offset, length, axis)` each, `axis` `"outer"` (one run per animal),
    /// `"inner"` (one value per animal in every run), `"within N"` (a block
    /// of N values per animal in every run), `"leading N"` (runs of N
    /// values, each beginning with one per animal) or `"outer, leading N"`.
    fn observation_animal_axes(&self) -> Vec<(String, usize, usize, String)> {
        let mut offset = 0;
        let mut axes = Vec::new();
        for section in self.engine.layout().sections() {
            let axis = match section.animals {
                AnimalAxis::None => None,
                AnimalAxis::Outer => Some("outer".to_string()),
                AnimalAxis::Inner => Some("inner".to_string()),
                AnimalAxis::Within { inner } => Some(format!("within {inner}")),
                AnimalAxis::Leading { run } => Some(format!("leading {run}")),
                AnimalAxis::OuterLeading { run } => Some(format!("outer, leading {run}")),
            };
            if let Some(axis) = axis {
                axes.push((section.name.clone(), offset, section.len, axis));
            }
            offset += section.len;
        }
        axes
    }

    /// The action as the log reads it when it is legal now, else its
    /// choice as JSON.
    fn action_to_string(&self, action: u32) -> PyResult<String> {
        self.engine
            .action_to_string(action)
            .ok_or_else(|| PyIndexError::new_err(format!("no action {action}")))
    }

    /// How `action`, made now by the seat to move, reads to `viewer` (a
    /// seat, or None for a spectator): the log's per-viewer text, naming
    /// only what that viewer may know. Another seat reads a secret choice
    /// (a Marine draft pick) without its secret; the seat to move reads
    /// its own choice whole.
    #[pyo3(signature = (action, viewer=None))]
    fn action_seen_by(&self, action: u32, viewer: Option<usize>) -> PyResult<String> {
        if let Some(seat) = viewer {
            check_seat(self.engine.as_ref(), seat)?;
        }
        self.engine
            .action_seen_by(action, viewer)
            .ok_or_else(|| PyIndexError::new_err(format!("no action {action} now")))
    }

    /// The fields of a choice (as its JSON spells them) that name where it
    /// sends a piece: the target factor of `eons.actions`.
    fn action_target_fields(&self) -> Vec<&'static str> {
        self.engine.action_target_fields().to_vec()
    }

    /// The choice of an action id as the engine's JSON (a string).
    fn action_to_json(&self, action: u32) -> PyResult<String> {
        self.engine
            .action_json(action)
            .ok_or_else(|| PyIndexError::new_err(format!("no action {action}")))
    }

    /// The record of the game so far as one line of JSON: what `eons
    /// replay` reads and `Game.from_record` replays.
    fn record(&self) -> PyResult<String> {
        self.engine.record_json().map_err(value_error)
    }

    /// The game a record replays to, every choice checked: a JSON string
    /// as `record()` and `eons tournament --out` write them, or the dict
    /// of one.
    #[staticmethod]
    fn from_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let text: String = match record.extract::<String>() {
            Ok(text) => text,
            Err(_) => py
                .import("json")?
                .call_method1("dumps", (record,))?
                .extract()?,
        };
        Ok(PyGame {
            engine: engine::from_record(&text).map_err(value_error)?,
        })
    }

    /// The action ids played so far, in order.
    fn history(&self) -> Vec<u32> {
        self.engine.history()
    }

    /// A copy of the game.
    fn clone(&self) -> PyGame {
        PyGame {
            engine: self.engine.clone_box(),
        }
    }

    /// Pickling (also what Ray and multiprocessing use): the whole game,
    /// hidden information and generator included.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = py.get_type::<PyGame>().getattr("_from_snapshot")?;
        Ok((restore, (self.engine.snapshot().map_err(value_error)?,)))
    }

    /// The game of a pickled snapshot.
    #[staticmethod]
    fn _from_snapshot(snapshot: &str) -> PyResult<PyGame> {
        Ok(PyGame {
            engine: engine::from_snapshot(snapshot).map_err(value_error)?,
        })
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// A copy in which everything `seat` has not seen (deck order, other
    /// seats' secrets, bag draws) is re-drawn from `seed`, consistently
    /// with what `seat` knows. Its `record()` is refused.
    fn determinize(&self, seat: usize, seed: u64) -> PyResult<PyGame> {
        check_seat(self.engine.as_ref(), seat)?;
        Ok(PyGame {
            engine: self.engine.determinize(seat, seed),
        })
    }

    /// Plays `steps` uniformly random legal actions (or to the end, when
    /// `steps` is None), drawn from `seed`, with the GIL released.
    #[pyo3(signature = (seed, steps = None))]
    fn play_random(&mut self, py: Python<'_>, seed: u64, steps: Option<usize>) -> PyResult<usize> {
        let engine = &mut self.engine;
        py.detach(|| {
            let mut rng = GameRng::new(seed);
            let mut pick = |n: usize| rng.index(n);
            let mut made = 0;
            while engine.current().is_some() && steps.is_none_or(|s| made < s) {
                engine.random_step(&mut pick)?;
                made += 1;
            }
            Ok::<usize, String>(made)
        })
        .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        let to_move = match self.engine.current() {
            Some(s) => format!("seat {s} to move"),
            None => "over".to_string(),
        };
        format!(
            "eons.Game({:?}, players={}, seed={}: {} decisions, {to_move})",
            self.engine.game_id(),
            self.engine.players(),
            self.engine.seed(),
            self.engine.history().len()
        )
    }
}

/// A Rust bot: `random`, `greedy` or `mcts` (a spec as `eons tournament`
/// takes it: `mcts:2000it`, `mcts:hard,threads=2`, `greedy:samples=8`).
#[pyclass(name = "Bot", module = "eons._eons")]
pub struct PyBot {
    /// Behind a lock: a bot is used by one call at a time.
    slot: Mutex<BotSlot>,
}

#[pymethods]
impl PyBot {
    /// The bot of `spec`, seeded with `seed`.
    #[new]
    #[pyo3(signature = (spec, seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<PyBot> {
        let spec = BotSpec::parse(spec).map_err(value_error)?;
        Ok(PyBot {
            slot: Mutex::new(BotSlot::new(spec, seed)),
        })
    }

    /// The canonical spec (`mcts:1000it`).
    #[getter]
    fn name(&self) -> String {
        self.lock().spec.to_string()
    }

    /// The bot's action for the seat to move of `game` (None once the game
    /// is over). The bot reads only what that seat may know. The GIL is
    /// released while it thinks.
    fn choose(&mut self, py: Python<'_>, game: &PyGame) -> PyResult<Option<u32>> {
        let slot = self.slot.get_mut().unwrap_or_else(|p| p.into_inner());
        let engine = game.engine.as_ref();
        py.detach(|| engine.bot_choose(slot)).map_err(value_error)
    }

    /// Chooses for the seat to move of `game` and plays it; returns the
    /// action (None once the game is over).
    fn play(&mut self, py: Python<'_>, game: &mut PyGame) -> PyResult<Option<u32>> {
        let slot = self.slot.get_mut().unwrap_or_else(|p| p.into_inner());
        let engine = &mut game.engine;
        py.detach(|| -> Result<Option<u32>, String> {
            let action = engine.bot_choose(slot)?;
            if let Some(a) = action {
                engine.apply(a)?;
            }
            Ok(action)
        })
        .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!("eons.bots.Bot({:?})", self.lock().spec.to_string())
    }
}

impl PyBot {
    fn lock(&self) -> std::sync::MutexGuard<'_, BotSlot> {
        self.slot.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A seat-rotated tournament as `eons.study` describes it (JSON): what
/// `eons tournament` takes on its command line.
#[derive(serde::Deserialize)]
struct StudySpec {
    /// The game's id or name.
    game: String,
    /// One bot spec per seat.
    bots: Vec<String>,
    /// Games in the schedule.
    games: usize,
    /// The tournament's seed.
    seed: u64,
    /// Setup options of every game.
    #[serde(default)]
    options: Vec<String>,
    /// Options cycled per block of seatings.
    #[serde(default)]
    option_variants: Vec<Vec<String>>,
    /// A game longer than this is aborted.
    #[serde(default)]
    max_decisions: Option<usize>,
}

impl StudySpec {
    /// The spec of a JSON text, its game's id, and the tournament
    /// configuration of `eons tournament`.
    fn parse(text: &str) -> PyResult<(&'static str, Config)> {
        let spec: StudySpec = serde_json::from_str(text).map_err(value_error)?;
        let id = engine::canonical(&spec.game).map_err(value_error)?;
        let bots = spec
            .bots
            .iter()
            .map(|b| BotSpec::parse(b))
            .collect::<Result<Vec<_>, _>>()
            .map_err(value_error)?;
        let mut config = Config::new(bots.len(), bots, spec.games, spec.seed);
        config.options = spec.options;
        config.option_variants = spec.option_variants;
        if let Some(m) = spec.max_decisions {
            config.max_decisions = m;
        }
        Ok((id, config))
    }
}

/// Game `index` of the tournament `spec` (JSON: `game`, `bots`, `games`,
/// `seed`, `options`, `option_variants`, `max_decisions`), played exactly
/// as `eons tournament` plays it: the JSON line its `--out` file holds.
#[pyfunction]
fn play_scheduled(py: Python<'_>, spec: &str, index: usize) -> PyResult<String> {
    let (id, config) = StudySpec::parse(spec)?;
    /// [`line`] for the game of the spec.
    struct Line<'a>(&'a Config, usize);
    impl Visitor for Line<'_> {
        type Output = Result<String, String>;
        fn visit<G: Registered>(self) -> Self::Output {
            line::<G>(self.0, self.1)
        }
    }
    py.detach(|| engine::visit(id, Line(&config, index)))
        .map_err(value_error)
}

fn line<G: Game>(config: &Config, index: usize) -> Result<String, String> {
    tournament::play_scheduled::<G>(config, index)
        .map_err(|e| e.to_string())?
        .to_json()
        .map_err(|e| e.to_string())
}

/// The report of the tournament `spec` (as for `play_scheduled`) whose
/// every game is in `records` (a JSON lines file in game order): each line
/// is replayed and checked against the schedule, as `eons tournament
/// --resume` does. Returns the report as JSON and as the text `eons
/// tournament` prints.
#[pyfunction]
fn tournament_report(
    py: Python<'_>,
    spec: &str,
    records: std::path::PathBuf,
) -> PyResult<(String, String)> {
    let (id, mut config) = StudySpec::parse(spec)?;
    config.records = Some(records);
    config.resume = true;
    /// [`report`] for the game of the spec.
    struct Report<'a>(&'a Config);
    impl Visitor for Report<'_> {
        type Output = Result<(String, String), String>;
        fn visit<G: Registered>(self) -> Self::Output {
            report::<G>(self.0)
        }
    }
    py.detach(|| engine::visit(id, Report(&config)))
        .map_err(value_error)
}

fn report<G: Game>(config: &Config) -> Result<(String, String), String> {
    let report = tournament::run::<G>(config, |_| {}).map_err(|e| e.to_string())?;
    if report.resumed != config.games {
        return Err(format!(
            "the records file held {} of the {} games; the others were played here",
            report.resumed, config.games
        ));
    }
    let json = serde_json::to_string(&report).map_err(|e| e.to_string())?;
    Ok((json, tournament::format_report(&report)))
}

/// `seat`'s observer-relative observation of `game`: its
/// `observation_tensor(seat)` with every seat axis turned so that `seat`
/// comes first (then the seats after it, wrapping round). Same length and
/// sections.
#[pyfunction]
fn relative_observation<'py>(
    py: Python<'py>,
    game: &PyGame,
    seat: usize,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let engine = game.engine.as_ref();
    check_seat(engine, seat)?;
    let mut out = vec![0f32; engine.layout().len()];
    engine.observe(seat, &mut out);
    let spans = relative::seat_spans(engine);
    relative::make_relative(&mut out, &spans, engine.players(), seat);
    Ok(PyArray1::from_vec(py, out))
}

/// `seat`'s compact observer-relative observation of `game`
/// (`eons_core::compact`): the observing seat first and its own animals in
/// the first slots, the animals nobody plays left out, a `slot_animal`
/// section first saying which animal each slot is. Its sections:
/// `game.compact_observation_layout()`.
#[pyfunction]
fn compact_observation<'py>(
    py: Python<'py>,
    game: &PyGame,
    seat: usize,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let engine = game.engine.as_ref();
    check_seat(engine, seat)?;
    Ok(PyArray1::from_vec(py, compact::observe_once(engine, seat)))
}

/// A layout's sections as Python reads them: `(name, offset, length,
/// about)` each.
pub(crate) fn layout_rows(layout: &eons_core::Layout) -> Vec<(String, usize, usize, String)> {
    let mut offset = 0;
    layout
        .sections()
        .iter()
        .map(|s| {
            let row = (s.name.clone(), offset, s.len, s.about.clone());
            offset += s.len;
            row
        })
        .collect()
}

/// The games: `(id, name)` each.
#[pyfunction]
fn games() -> Vec<(&'static str, &'static str)> {
    eons_games::kinds().iter().map(|k| (k.id, k.name)).collect()
}

/// The player counts of a game (an id or another name) with no options,
/// in order.
#[pyfunction]
fn game_players(name: &str) -> PyResult<Vec<usize>> {
    let id = engine::canonical(name).map_err(value_error)?;
    Ok(eons_games::player_counts(id))
}

/// The setup options of a game: `(name, help)` each, as `eons games`
/// lists them.
#[pyfunction]
fn game_options(name: &str) -> PyResult<Vec<(&'static str, &'static str)>> {
    let id = engine::canonical(name).map_err(value_error)?;
    let list = eons_games::kinds()
        .into_iter()
        .find(|k| k.id == id)
        .map_or(&[][..], |k| k.options);
    Ok(list.iter().map(|o| (o.name, o.help)).collect())
}

/// Runs the `eons` command-line program (the `eons` command the package
/// installs) with `args` (the program's name first, as `sys.argv`), the
/// interpreter's lock released; its exit code. The same program as the
/// repository's `eons` binary, without `eons serve`.
#[pyfunction]
fn run_cli(py: Python<'_>, args: Vec<String>) -> u8 {
    py.detach(|| eons_cli::run_with_args(args))
}

/// The module `eons._eons`.
#[pymodule]
fn _eons(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The built-in value networks, for `mcts:learned` bots; a spec may also
    // name a network file (`net=PATH`): the package runs the researcher's
    // own code, as the command line does.
    eons_games::register_value_networks();
    eons_bots::learned::allow_files(true);
    m.add_class::<PyGame>()?;
    m.add_class::<PyVecGame>()?;
    m.add_class::<PyBot>()?;
    m.add_function(wrap_pyfunction!(play_scheduled, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_report, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(relative_observation, m)?)?;
    m.add_function(wrap_pyfunction!(compact_observation, m)?)?;
    m.add_function(wrap_pyfunction!(game_options, m)?)?;
    m.add_function(wrap_pyfunction!(game_players, m)?)?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    Ok(())
}
