//! Self-play data: games between bots, recorded position by position into
//! safetensors shards for training a value network (`docs/learning.md`,
//! "Self-play data", is the format's reference).
//!
//! One row per recorded decision (every [`Config::every`]-th decision of a
//! game): the observation of the seat to move ([`Learnable::observe`]), that
//! seat, the game's index in the run and the decision's number, the scores
//! and [`Game::evaluate`] of every seat there, every seat's role, and,
//! once the game is over, its result (`win`, `final_vp`). Where a searching
//! bot made the move, the root's visit counts by action id
//! ([`ActionSpace`]) are kept too (ragged: `policy_offsets`).
//!
//! Game `g` of a run is dealt from seed `seed + g` and seats bot
//! `bots[(seat + g) mod B]` (so every bot of the list plays every seat),
//! seeded from the run's seed, the game and the seat. Games are played on
//! [`Config::threads`] threads and written in game order, so the shards are
//! the same bytes whatever the number of threads (with bots whose budgets
//! are iterations, not time).

use crate::spec::BotSpec;
use crate::{mix_seed, Bot};
use eons_core::{ActionSpace, Game, Learnable, OptionKind, Seat, Turn};
use safetensors::tensor::{Dtype, TensorView};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The `format` metadata of a shard.
pub const SHARD_FORMAT: &str = "eons-selfplay-1";
/// Games per shard unless a run says otherwise.
pub const DEFAULT_GAMES_PER_SHARD: usize = 256;
/// A game still running after this many decisions is an error of the run.
pub const DEFAULT_MAX_DECISIONS: usize = 200_000;

/// What a self-play run plays and records.
#[derive(Clone, Debug)]
pub struct Config {
    /// Seats per game.
    pub players: usize,
    /// Setup options of every game.
    pub options: Vec<String>,
    /// The bots: one, for every seat, or one per seat (rotated by game).
    pub bots: Vec<BotSpec>,
    /// Games to play.
    pub games: usize,
    /// The run's seed: game `g` is dealt from `seed + g`.
    pub seed: u64,
    /// Record every `every`-th decision of a game (1: all of them).
    pub every: usize,
    /// Games played at once.
    pub threads: usize,
    /// Games per shard file.
    pub games_per_shard: usize,
    /// A game still running after this many decisions fails the run.
    pub max_decisions: usize,
    /// What the shards name as the code that wrote them (`git describe`).
    pub commit: String,
}

impl Config {
    /// A run of `games` games of `players` seats between `bots`, from
    /// `seed`, recording every decision on one thread.
    pub fn new(players: usize, bots: Vec<BotSpec>, games: usize, seed: u64) -> Config {
        Config {
            players,
            options: Vec::new(),
            bots,
            games,
            seed,
            every: 1,
            threads: 1,
            games_per_shard: DEFAULT_GAMES_PER_SHARD,
            max_decisions: DEFAULT_MAX_DECISIONS,
            commit: "unknown".to_string(),
        }
    }

    /// The number of shards the run writes.
    pub fn shards(&self) -> usize {
        self.games.div_ceil(self.games_per_shard.max(1))
    }
}

/// Why a run stopped.
#[derive(Debug, thiserror::Error)]
pub enum SelfplayError {
    /// The settings cannot make a run.
    #[error("self-play: {0}")]
    Config(String),
    /// The game refused the setup.
    #[error(transparent)]
    Setup(#[from] eons_core::SetupError),
    /// A game did not come to its end.
    #[error("self-play game {game}: {reason}")]
    Game {
        /// The game's index in the run.
        game: usize,
        /// What went wrong.
        reason: String,
    },
    /// A shard could not be written.
    #[error("self-play shard {path}: {reason}")]
    Write {
        /// The shard's path.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
}

/// How far a run is.
#[derive(Copy, Clone, Debug)]
pub struct Progress {
    /// Games finished.
    pub done: usize,
    /// Games of the run.
    pub total: usize,
    /// Rows recorded so far.
    pub rows: usize,
}

/// What a finished run did.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// The shards written, in order.
    pub shards: Vec<PathBuf>,
    /// Rows written.
    pub rows: usize,
    /// Decisions played (recorded or not).
    pub decisions: usize,
    /// Wall time.
    pub elapsed: Duration,
}

/// The recorded rows of one game, before its shard is written.
#[derive(Clone, Debug, Default)]
struct GameRows {
    observation: Vec<f32>,
    seat: Vec<i64>,
    decision: Vec<i64>,
    vp: Vec<f32>,
    evaluate: Vec<f32>,
    role: Vec<i64>,
    policy_ids: Vec<i64>,
    policy_visits: Vec<f32>,
    /// Per row, where its policy entries end.
    policy_ends: Vec<usize>,
    win: Vec<f32>,
    final_vp: Vec<f32>,
    decisions: usize,
}

impl GameRows {
    fn rows(&self) -> usize {
        self.seat.len()
    }
}

/// The fixed list of roles of game `G` that the `role` tensor indexes: the
/// values of its first setup option that names one per seat (the animals,
/// the groups); empty for a game without one.
pub fn role_names<G: Game>() -> Vec<&'static str> {
    G::OPTIONS
        .iter()
        .find_map(|o| match o.kind {
            OptionKind::SeatList { values, .. } => Some(values.to_vec()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The index in `names` of `seat`'s first role in `state`, or -1.
fn role_index<G: Game>(state: &G::State, seat: Seat, names: &[&str]) -> i64 {
    G::roles(state, seat)
        .first()
        .and_then(|r| names.iter().position(|n| n.eq_ignore_ascii_case(r)))
        .map_or(-1, |i| i as i64)
}

/// The path of shard `index` of a run in `dir`.
pub fn shard_path(dir: &Path, game: &str, players: usize, seed: u64, index: usize) -> PathBuf {
    dir.join(format!("{game}-{players}p-{seed}-{index}.safetensors"))
}

/// Plays game `g` of the run and records its rows.
fn play_one<G: Learnable>(
    config: &Config,
    setup: &G::Setup,
    space: &ActionSpace<G>,
    roles: &[&str],
    g: usize,
) -> Result<GameRows, SelfplayError> {
    let p = config.players;
    let fail = |reason: String| SelfplayError::Game { game: g, reason };
    let mut state = G::new(setup, config.seed.wrapping_add(g as u64))?;
    if G::seats(&state) != p {
        return Err(fail(format!("{} seats, not {p}", G::seats(&state))));
    }
    let bot_base = mix_seed(config.seed, g as u64);
    let b = config.bots.len();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..p)
        .map(|s| config.bots[(s + g) % b].build::<G>(mix_seed(bot_base, 1 + s as u64)))
        .collect();
    let len = G::observation_layout(p).len();
    let every = config.every.max(1);
    let mut rows = GameRows::default();
    let mut events = Vec::new();
    let mut decision = 0usize;
    while let Turn::Seat(seat) = G::turn(&state) {
        if decision >= config.max_decisions {
            return Err(fail(format!("no result after {decision} decisions")));
        }
        let record = decision % every == 0;
        if record {
            let start = rows.observation.len();
            rows.observation.resize(start + len, 0.0);
            G::observe(&state, seat, &mut rows.observation[start..]);
            rows.seat.push(seat.index() as i64);
            rows.decision.push(decision as i64);
            let scores = G::scores(&state);
            for i in 0..p {
                let other = Seat(i as u8);
                rows.vp.push(scores.get(i).copied().unwrap_or(0) as f32);
                rows.evaluate.push(G::evaluate(&state, other) as f32);
                rows.role.push(role_index::<G>(&state, other, roles));
            }
        }
        let bot = &mut bots[seat.index()];
        let Some(choice) = bot.choose(&state, seat) else {
            return Err(fail(format!("{seat} ({}) gave no choice", bot.name())));
        };
        if record {
            for (c, visits) in bot.last_visits() {
                if let Some(id) = space.id(c) {
                    rows.policy_ids.push(i64::from(id.0));
                    rows.policy_visits.push(*visits as f32);
                }
            }
            rows.policy_ends.push(rows.policy_ids.len());
        }
        events.clear();
        G::apply(&mut state, choice, &mut events)
            .map_err(|e| fail(format!("{seat} chose {choice:?}, refused: {e}")))?;
        decision += 1;
    }
    let outcome = G::outcome(&state).ok_or_else(|| fail("over without an outcome".into()))?;
    let mut win = vec![0f32; p];
    match outcome.winner() {
        Some(w) if w.index() < p => win[w.index()] = 1.0,
        _ => win.fill(1.0 / p as f32),
    }
    let final_vp: Vec<f32> = (0..p)
        .map(|i| outcome.scores.get(i).copied().unwrap_or(0) as f32)
        .collect();
    for _ in 0..rows.rows() {
        rows.win.extend_from_slice(&win);
        rows.final_vp.extend_from_slice(&final_vp);
    }
    rows.decisions = decision;
    Ok(rows)
}

/// Plays the run's games on `config.threads` threads and writes its shards
/// into `dir` (created if missing); `on_progress` is called on the calling
/// thread after each game.
pub fn run<G: Learnable>(
    config: &Config,
    dir: &Path,
    mut on_progress: impl FnMut(&Progress),
) -> Result<Summary, SelfplayError> {
    let p = config.players;
    if config.bots.is_empty() || (config.bots.len() != 1 && config.bots.len() != p) {
        return Err(SelfplayError::Config(format!(
            "{} bots for {p} players: give one bot, or one per seat",
            config.bots.len()
        )));
    }
    if config.games == 0 || config.games_per_shard == 0 {
        return Err(SelfplayError::Config("no games to play".into()));
    }
    let setup = G::setup(p, &config.options)?;
    let space = ActionSpace::<G>::new(p);
    let roles = role_names::<G>();
    std::fs::create_dir_all(dir).map_err(|e| SelfplayError::Write {
        path: dir.to_path_buf(),
        reason: e.to_string(),
    })?;
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let threads = config.threads.clamp(1, 256).min(config.games);
    let mut summary = Summary::default();
    let mut finished: BTreeMap<usize, GameRows> = BTreeMap::new();
    let mut written = 0usize;
    let mut first_error = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Result<GameRows, SelfplayError>)>();
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, setup, space, roles) = (&next, &setup, &space, &roles);
            scope.spawn(move || loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= config.games {
                    break;
                }
                let result = play_one::<G>(config, setup, space, roles, g);
                let failed = result.is_err();
                if tx.send((g, result)).is_err() || failed {
                    // Stop the others early: no game after a failure is needed.
                    next.store(config.games, Ordering::Relaxed);
                    break;
                }
            });
        }
        drop(tx);
        let mut done = 0;
        for (g, result) in rx {
            match result {
                Ok(rows) => {
                    done += 1;
                    summary.rows += rows.rows();
                    summary.decisions += rows.decisions;
                    finished.insert(g, rows);
                }
                Err(e) => {
                    // Keep the earliest game's error, whatever the timing.
                    if first_error.as_ref().is_none_or(|(h, _)| g < *h) {
                        first_error = Some((g, e));
                    }
                    continue;
                }
            }
            on_progress(&Progress {
                done,
                total: config.games,
                rows: summary.rows,
            });
            // Write every shard whose games are all in.
            while first_error.is_none() && written < config.shards() {
                let from = written * config.games_per_shard;
                let to = (from + config.games_per_shard).min(config.games);
                if !(from..to).all(|g| finished.contains_key(&g)) {
                    break;
                }
                let games: Vec<(usize, GameRows)> = (from..to)
                    .filter_map(|g| finished.remove_entry(&g))
                    .collect();
                let path = shard_path(dir, G::ID, p, config.seed, written);
                if let Err(e) = write_shard::<G>(config, &roles, space.len(), &games, &path) {
                    first_error = Some((from, e));
                    next.store(config.games, Ordering::Relaxed);
                    break;
                }
                summary.shards.push(path);
                written += 1;
            }
        }
    });
    if let Some((_, e)) = first_error {
        return Err(e);
    }
    summary.elapsed = start.elapsed();
    Ok(summary)
}

fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn i64_bytes(values: &[i64]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// Writes the rows of `games` (in game order) as one shard at `path`.
fn write_shard<G: Learnable>(
    config: &Config,
    roles: &[&str],
    actions: usize,
    games: &[(usize, GameRows)],
    path: &Path,
) -> Result<(), SelfplayError> {
    let p = config.players;
    let len = G::observation_layout(p).len();
    let mut all = GameRows::default();
    let mut game = Vec::new();
    let mut offsets = vec![0i64];
    for (g, rows) in games {
        all.observation.extend_from_slice(&rows.observation);
        all.seat.extend_from_slice(&rows.seat);
        all.decision.extend_from_slice(&rows.decision);
        all.vp.extend_from_slice(&rows.vp);
        all.evaluate.extend_from_slice(&rows.evaluate);
        all.role.extend_from_slice(&rows.role);
        all.win.extend_from_slice(&rows.win);
        all.final_vp.extend_from_slice(&rows.final_vp);
        game.extend(std::iter::repeat_n(*g as i64, rows.rows()));
        let base = all.policy_ids.len() as i64;
        offsets.extend(rows.policy_ends.iter().map(|&e| base + e as i64));
        all.policy_ids.extend_from_slice(&rows.policy_ids);
        all.policy_visits.extend_from_slice(&rows.policy_visits);
    }
    let n = all.seat.len();
    let m = all.policy_ids.len();
    let tensors: Vec<(&str, Dtype, Vec<usize>, Vec<u8>)> = vec![
        (
            "observation",
            Dtype::F32,
            vec![n, len],
            f32_bytes(&all.observation),
        ),
        ("seat", Dtype::I64, vec![n], i64_bytes(&all.seat)),
        ("game", Dtype::I64, vec![n], i64_bytes(&game)),
        ("decision", Dtype::I64, vec![n], i64_bytes(&all.decision)),
        ("win", Dtype::F32, vec![n, p], f32_bytes(&all.win)),
        ("final_vp", Dtype::F32, vec![n, p], f32_bytes(&all.final_vp)),
        ("vp", Dtype::F32, vec![n, p], f32_bytes(&all.vp)),
        ("evaluate", Dtype::F32, vec![n, p], f32_bytes(&all.evaluate)),
        ("role", Dtype::I64, vec![n, p], i64_bytes(&all.role)),
        (
            "policy_ids",
            Dtype::I64,
            vec![m],
            i64_bytes(&all.policy_ids),
        ),
        (
            "policy_visits",
            Dtype::F32,
            vec![m],
            f32_bytes(&all.policy_visits),
        ),
        (
            "policy_offsets",
            Dtype::I64,
            vec![n + 1],
            i64_bytes(&offsets),
        ),
    ];
    let fail = |reason: String| SelfplayError::Write {
        path: path.to_path_buf(),
        reason,
    };
    let views = tensors
        .iter()
        .map(|(name, dtype, shape, bytes)| {
            TensorView::new(*dtype, shape.clone(), bytes)
                .map(|v| (*name, v))
                .map_err(|e| fail(e.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let bots: Vec<String> = config.bots.iter().map(ToString::to_string).collect();
    let metadata: HashMap<String, String> = [
        ("format", SHARD_FORMAT.to_string()),
        ("game", G::ID.to_string()),
        ("players", p.to_string()),
        ("observation_len", len.to_string()),
        ("actions", actions.to_string()),
        ("bots", bots.join(",")),
        ("seed", config.seed.to_string()),
        ("commit", config.commit.clone()),
        ("roles", roles.join(",")),
        ("every", config.every.max(1).to_string()),
        ("options", config.options.join(";")),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    let bytes = safetensors::serialize(views, Some(metadata)).map_err(|e| fail(e.to_string()))?;
    let bytes = sorted_header(bytes).map_err(fail)?;
    // Written beside, then renamed: a reader never sees half a shard.
    let partial = path.with_extension("safetensors.partial");
    std::fs::write(&partial, bytes).map_err(|e| fail(e.to_string()))?;
    std::fs::rename(&partial, path).map_err(|e| fail(e.to_string()))
}

/// The same safetensors file with its header's keys in sorted order (the
/// crate writes its metadata in a hash map's order, which changes from one
/// run to the next): so a run's shards are the same bytes every time.
fn sorted_header(bytes: Vec<u8>) -> Result<Vec<u8>, String> {
    let size = bytes
        .get(..8)
        .and_then(|b| <[u8; 8]>::try_from(b).ok())
        .map(u64::from_le_bytes)
        .ok_or("no header")? as usize;
    let end = 8usize
        .checked_add(size)
        .filter(|&e| e <= bytes.len())
        .ok_or("short header")?;
    // serde_json's maps are sorted by key.
    let header: serde_json::Value =
        serde_json::from_slice(&bytes[8..end]).map_err(|e| e.to_string())?;
    let mut text = serde_json::to_vec(&header).map_err(|e| e.to_string())?;
    // The data must stay aligned to 8 bytes, padded with spaces as the format says.
    while text.len() % 8 != 0 {
        text.push(b' ');
    }
    let mut out = Vec::with_capacity(8 + text.len() + bytes.len() - end);
    out.extend_from_slice(&(text.len() as u64).to_le_bytes());
    out.extend_from_slice(&text);
    out.extend_from_slice(&bytes[end..]);
    Ok(out)
}

/// A shard read back (see the module docs for the meaning of each field).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shard {
    /// The file's metadata.
    pub metadata: HashMap<String, String>,
    /// Rows.
    pub rows: usize,
    /// Seats.
    pub players: usize,
    /// Observation length.
    pub observation_len: usize,
    /// `[rows × observation_len]`.
    pub observation: Vec<f32>,
    /// `[rows]`.
    pub seat: Vec<i64>,
    /// `[rows]`.
    pub game: Vec<i64>,
    /// `[rows]`.
    pub decision: Vec<i64>,
    /// `[rows × players]`.
    pub win: Vec<f32>,
    /// `[rows × players]`.
    pub final_vp: Vec<f32>,
    /// `[rows × players]`.
    pub vp: Vec<f32>,
    /// `[rows × players]`.
    pub evaluate: Vec<f32>,
    /// `[rows × players]`.
    pub role: Vec<i64>,
    /// `[M]`.
    pub policy_ids: Vec<i64>,
    /// `[M]`.
    pub policy_visits: Vec<f32>,
    /// `[rows + 1]`.
    pub policy_offsets: Vec<i64>,
}

/// Why a shard could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ShardError {
    /// Not a safetensors file.
    #[error("not a safetensors file: {0}")]
    Format(#[from] safetensors::SafeTensorError),
    /// A tensor is missing, of another type or of another shape.
    #[error("tensor `{name}`: {reason}")]
    Tensor {
        /// The tensor's name.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// The metadata is missing or wrong.
    #[error("metadata: {0}")]
    Metadata(String),
}

impl Shard {
    /// Reads a shard from its bytes, checking every tensor's type and shape.
    pub fn from_bytes(bytes: &[u8]) -> Result<Shard, ShardError> {
        let (_, meta) = safetensors::SafeTensors::read_metadata(bytes)?;
        let metadata = meta.metadata().clone().unwrap_or_default();
        if metadata.get("format").map(String::as_str) != Some(SHARD_FORMAT) {
            return Err(ShardError::Metadata(format!(
                "format is not {SHARD_FORMAT}"
            )));
        }
        let number = |key: &str| -> Result<usize, ShardError> {
            metadata
                .get(key)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| ShardError::Metadata(format!("no number `{key}`")))
        };
        let players = number("players")?;
        let observation_len = number("observation_len")?;
        let tensors = safetensors::SafeTensors::deserialize(bytes)?;
        let rows = tensors
            .tensor("seat")
            .map_err(|e| ShardError::Tensor {
                name: "seat".into(),
                reason: e.to_string(),
            })?
            .shape()
            .first()
            .copied()
            .unwrap_or(0);
        let raw = |name: &str, dtype: Dtype, shape: Vec<usize>| -> Result<Vec<u8>, ShardError> {
            let bad = |reason: String| ShardError::Tensor {
                name: name.to_string(),
                reason,
            };
            let t = tensors.tensor(name).map_err(|e| bad(e.to_string()))?;
            if t.dtype() != dtype || t.shape() != shape.as_slice() {
                return Err(bad(format!(
                    "{:?} {:?}, expected {dtype:?} {shape:?}",
                    t.dtype(),
                    t.shape()
                )));
            }
            Ok(t.data().to_vec())
        };
        let f32s = |name: &str, shape: Vec<usize>| -> Result<Vec<f32>, ShardError> {
            Ok(raw(name, Dtype::F32, shape)?
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect())
        };
        let i64s = |name: &str, shape: Vec<usize>| -> Result<Vec<i64>, ShardError> {
            Ok(raw(name, Dtype::I64, shape)?
                .chunks_exact(8)
                .map(|c| i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
                .collect())
        };
        let policy_ids = i64s(
            "policy_ids",
            tensors
                .tensor("policy_ids")
                .map(|t| t.shape().to_vec())
                .unwrap_or_default(),
        )?;
        let m = policy_ids.len();
        Ok(Shard {
            rows,
            players,
            observation_len,
            observation: f32s("observation", vec![rows, observation_len])?,
            seat: i64s("seat", vec![rows])?,
            game: i64s("game", vec![rows])?,
            decision: i64s("decision", vec![rows])?,
            win: f32s("win", vec![rows, players])?,
            final_vp: f32s("final_vp", vec![rows, players])?,
            vp: f32s("vp", vec![rows, players])?,
            evaluate: f32s("evaluate", vec![rows, players])?,
            role: i64s("role", vec![rows, players])?,
            policy_ids,
            policy_visits: f32s("policy_visits", vec![m])?,
            policy_offsets: i64s("policy_offsets", vec![rows + 1])?,
            metadata,
        })
    }
}
