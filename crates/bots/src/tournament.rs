//! Seat-rotated tournaments between bots, for balance studies.
//!
//! [`run`] is the one entry point the CLI needs: give it a [`Config`] (bot
//! specs, one per seat; number of games; base seed; player count; setup
//! options) and a progress callback, get a [`Report`] back and print it with
//! [`format_report`]. See the crate docs for a complete example.
//!
//! # Schedule
//!
//! Games are numbered `0..N`. With `P` players, game `g` uses rotation
//! `r = g mod P`: bot `b` (its index in [`Config::bots`]) sits in seat
//! `(b + r) mod P`. Every block of `P` consecutive games (`g / P`) shares one
//! game seed, `mix_seed(seed, block)`, so the same deal is played from every
//! seat ("duplicate" format, which removes much of the luck from the
//! comparison). When `N` is a multiple of `P` every bot sits in every seat
//! equally often ([`Report::balanced`]).
//!
//! Roles (animals, groups) are reported through [`Game::roles`], read from
//! each game's final state. When a game assigns roles by seat (seat 1 plays
//! the first animal…) or from the seed, the rotation above already gives
//! every bot every role equally often. When a game chooses roles through
//! setup options, list them in [`Config::option_variants`]: block `k` uses
//! variant `k mod V`, so with `N` a multiple of `P·V` every bot plays every
//! (seat, variant) pair equally often.
//!
//! Each bot gets a fresh instance per game, seeded with
//! `mix_seed(mix_seed(seed, g), 1 + b)`: with iteration budgets a whole
//! tournament is reproducible from its seed, whatever the thread count.
//!
//! # Wins and ties
//!
//! The winner of a game is `Outcome::ranking[0]`: the game's own tie-break
//! rules decide, and exactly one seat wins each completed game, so the bots'
//! wins add up to the completed games.
//!
//! # Intervals
//!
//! Every win rate comes with two 95% intervals, which assume different
//! things:
//!
//! * `interval`: the Wilson score interval ([`wilson`]), which treats every
//!   game as an independent trial. The `P` games of one block share their
//!   deal, so they are not: a deal that favours an animal favours it in all
//!   `P` games, and the Wilson interval is then too narrow.
//! * `deal_interval`: a cluster bootstrap over deals. The deals (blocks with
//!   at least one completed game) are resampled with replacement, all the
//!   games of a deal together, [`DEAL_RESAMPLES`] times; the interval runs
//!   from the 2.5th to the 97.5th percentile of the win rate over the
//!   resamples. It assumes only that deals are independent (they are: each
//!   has its own seed). Its RNG is seeded from the tournament's seed, so a
//!   report is reproducible, whatever the thread count or a resume. With
//!   few deals it is too narrow, like any percentile bootstrap: when no deal
//!   has a win (or a loss) it is a single point. Read Wilson's there.
//!
//! # Turn order
//!
//! A seat's number is not its place in the turn order when the game orders
//! play by animal (Dominant Species' initiative track: insects first,
//! mammals last). [`Game::initiative`] read on each game's first state gives
//! every role its starting [`TurnPosition`]; the report has win rates per
//! position ([`Report::initiative`]) and per role and position
//! ([`Report::role_initiative`]), and one row per game, seat and role
//! ([`Report::table`], written as CSV by [`write_table`]).
//!
//! # Records and resuming
//!
//! With [`Config::records`] every game is written as one JSON line, in game
//! order, as soon as it and all games before it are done (flushed line by
//! line, so a killed run loses only the games still being played). A line is
//! the game's [`Record`] (so `eons replay FILE --game-index K` replays game
//! `K`) plus a `"tournament"` object ([`GameMeta`]): the game index, the
//! tournament seed, the bots, the seating and each seat's decisions and
//! thinking time.
//!
//! With [`Config::resume`] an existing file is read first: its games (a
//! prefix `0..K` of the schedule) are replayed, checked against the
//! configuration (seed, bots, seating, deal, and the setup the options build:
//! the setup, not the spelling of the options) and counted in the report, a
//! line cut short by a kill is dropped, and only the missing games are played
//! and appended. A long
//! measurement can so be spread over several runs, or extended by asking for
//! more games with the same seed.
//!
//! # Failures
//!
//! A game in which a bot returns no choice, a choice is refused, setup fails
//! or [`Config::max_decisions`] is reached is *aborted*: listed in
//! [`Report::aborted`] with the reason, left out of the statistics, and still
//! written to the records file (its record replays up to the failure).

mod deals;
mod report;
mod resume;
mod tally;

pub use deals::DEAL_RESAMPLES;
use deals::{bootstrap_seed, deal_intervals, DealCounts, Statistic};
pub use report::{format_report, write_table, TABLE_COLUMNS};
pub use resume::parse_previous;
use resume::{resumed_game, AppendAfter};
use tally::{count_game, Tally};

use crate::spec::BotSpec;
use crate::{mix_seed, Bot};
use eons_core::{Game, Outcome, Record, RecordedChoice, Seat, SetupError, Turn, TurnPosition};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The default cap on decisions in one game.
pub const DEFAULT_MAX_DECISIONS: usize = 1_000_000;

/// What to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Number of players (seats). Must equal the number of bots.
    pub players: usize,
    /// One bot per seat (before rotation).
    pub bots: Vec<BotSpec>,
    /// Number of games. Use a multiple of `players` (of `players` × number of
    /// variants) for a balanced schedule.
    pub games: usize,
    /// Base seed of the whole tournament.
    pub seed: u64,
    /// Setup options passed to [`Game::setup`] for every game.
    pub options: Vec<String>,
    /// Extra options cycled per block of `players` games (see module docs);
    /// empty for none.
    pub option_variants: Vec<Vec<String>>,
    /// Games played at once (1 or more).
    pub threads: usize,
    /// A game still running after this many decisions is aborted.
    pub max_decisions: usize,
    /// Write every game's [`Record`] as one JSON line to this file, in game
    /// order.
    pub records: Option<PathBuf>,
    /// Keep the games already in [`Config::records`] and play only the
    /// missing ones (see "Records and resuming" in the module docs).
    pub resume: bool,
}

impl Config {
    /// A tournament of `games` games between `bots` (one per seat) with
    /// `players` seats, no options, one thread, no records file.
    pub fn new(players: usize, bots: Vec<BotSpec>, games: usize, seed: u64) -> Self {
        Config {
            players,
            bots,
            games,
            seed,
            options: Vec::new(),
            option_variants: Vec::new(),
            threads: 1,
            max_decisions: DEFAULT_MAX_DECISIONS,
            records: None,
            resume: false,
        }
    }
}

/// Why a tournament could not run.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// The number of bots is not the number of players.
    #[error("{bots} bots for {players} players: give exactly one bot per seat")]
    BotCount {
        /// Bots given.
        bots: usize,
        /// Players.
        players: usize,
    },
    /// No games to play.
    #[error("the number of games must be at least 1")]
    NoGames,
    /// A game past the end of the schedule was asked for.
    #[error("game {game} is not in a schedule of {games} games (0 to {games} - 1)")]
    GameOutOfRange {
        /// The game asked for.
        game: usize,
        /// Games in the schedule.
        games: usize,
    },
    /// The game refused the setup.
    #[error("{0}")]
    Setup(#[from] SetupError),
    /// The records file could not be written.
    #[error("records: {0}")]
    Io(#[from] std::io::Error),
    /// A record could not be serialised.
    #[error("records: {0}")]
    Json(#[from] serde_json::Error),
    /// A bot cannot play this game (a network it names is missing).
    #[error(transparent)]
    Spec(#[from] crate::spec::SpecError),
    /// The records file to resume does not belong to this tournament or is
    /// damaged.
    #[error("cannot resume from the records file: line {line}: {reason}")]
    Resume {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// What a records line holds besides the game's [`Record`] (under the key
/// `"tournament"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameMeta {
    /// The game's index in the schedule.
    pub game: usize,
    /// The tournament's base seed ([`Config::seed`]).
    pub tournament_seed: u64,
    /// The bots' names, in [`Config::bots`] order.
    pub bots: Vec<String>,
    /// Setup options of this game, as given. Resuming compares the setup
    /// they built ([`Record::setup`]), so a file may spell one setup two ways.
    pub options: Vec<String>,
    /// `seating[seat]`: the index (in `bots`) of the bot in that seat.
    pub seating: Vec<usize>,
    /// Decisions made per seat.
    pub decisions: Vec<u64>,
    /// Thinking time per seat, in milliseconds.
    pub think_ms: Vec<f64>,
    /// Decisions that searched, per seat ([`Bot::last_search`]; empty in
    /// files written before it was recorded).
    #[serde(default)]
    pub searches: Vec<u64>,
    /// Search iterations per seat, all searches together.
    #[serde(default)]
    pub iterations: Vec<u64>,
    /// Time spent searching per seat, in milliseconds.
    #[serde(default)]
    pub search_ms: Vec<f64>,
    /// Why the game was aborted, if it was.
    pub error: Option<String>,
}

/// One line of a records file: the record and its [`GameMeta`].
pub struct GameLine<G: Game> {
    /// The replayable record.
    pub record: Record<G>,
    /// The tournament's bookkeeping.
    pub meta: GameMeta,
}

impl<G: Game> GameLine<G> {
    /// The JSON line (without the newline): the record's fields plus
    /// `"tournament"`.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        let mut value = serde_json::to_value(&self.record)?;
        if let serde_json::Value::Object(map) = &mut value {
            map.insert("tournament".into(), serde_json::to_value(&self.meta)?);
        }
        serde_json::to_string(&value)
    }

    /// Parses a line written by [`GameLine::to_json`].
    pub fn from_json(line: &str) -> Result<Self, String> {
        let mut value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
        let meta = value
            .as_object_mut()
            .and_then(|m| m.remove("tournament"))
            .ok_or("no \"tournament\" entry (not written by a tournament)")?;
        let meta: GameMeta =
            serde_json::from_value(meta).map_err(|e| format!("tournament: {e}"))?;
        let record: Record<G> =
            serde_json::from_value(value).map_err(|e| format!("not a {} record: {e}", G::NAME))?;
        Ok(GameLine { record, meta })
    }
}

/// Progress after each finished game (games may finish out of order when
/// several threads play).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Games finished so far.
    pub done: usize,
    /// Games in the tournament.
    pub total: usize,
    /// The index of the game that just finished.
    pub game: usize,
    /// The winning bot's index in [`Config::bots`] (`None` if aborted).
    pub winner: Option<usize>,
}

/// One bot (one entry of [`Config::bots`]) in the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotRow {
    /// The canonical spec.
    pub name: String,
    /// Completed games played.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// `wins / games`.
    pub win_rate: f64,
    /// 95% Wilson interval of the win rate, every game an independent
    /// trial: (low, high).
    pub interval: (f64, f64),
    /// 95% interval of the win rate from resampling whole deals (see
    /// "Intervals" in the module docs): (low, high).
    pub deal_interval: (f64, f64),
    /// Mean final score.
    pub mean_score: f64,
    /// Decisions made (all games, aborted ones too).
    pub decisions: u64,
    /// Mean time per decision, in milliseconds.
    pub mean_decision_ms: f64,
    /// Decisions that searched (see [`Bot::last_search`]).
    pub searches: u64,
    /// Search iterations per second of searching (0 for bots that do not
    /// search).
    pub iterations_per_sec: f64,
    /// Completed games played from each seat.
    pub seat_games: Vec<usize>,
    /// Completed games and wins per role played, by role name.
    pub roles: BTreeMap<String, (usize, usize)>,
}

/// Win statistics of a seat, a role or a place in the turn order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RateRow {
    /// The seat (`seat 1`), role (`mammals`), place in the turn order
    /// (`initiative 1`) or role and place (`mammals, initiative 4`).
    pub name: String,
    /// Completed games.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// `wins / games`.
    pub win_rate: f64,
    /// 95% Wilson interval, every game an independent trial: (low, high).
    pub interval: (f64, f64),
    /// 95% interval from resampling whole deals (see "Intervals" in the
    /// module docs): (low, high).
    pub deal_interval: (f64, f64),
}

impl RateRow {
    /// A row with no games yet.
    fn empty(name: String) -> Self {
        RateRow {
            name,
            games: 0,
            wins: 0,
            win_rate: 0.0,
            interval: (0.0, 1.0),
            deal_interval: (0.0, 1.0),
        }
    }
}

/// One row of the per-game table ([`Report::table`]): one seat's role in
/// one completed game. A seat that plays several roles has a row for each
/// (with the seat's result on every one); a game without roles has one row
/// per seat with an empty role.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableRow {
    /// The game's index in the schedule (from 0).
    pub game: usize,
    /// Its deal: the block of seat-rotated games sharing one game seed
    /// (`game / players`).
    pub deal: usize,
    /// The seat, from 1 as the report prints it (`seat 1`).
    pub seat: usize,
    /// The bot in that seat: its number in [`Config::bots`], from 1 as the
    /// report prints it (`1. greedy`).
    pub bot: usize,
    /// The bot's spec.
    pub bot_name: String,
    /// The role ([`Game::roles`]), empty for none.
    pub role: String,
    /// The role's place in the turn order at the start of the game, from 1
    /// ([`Game::initiative`]); `None` when the game reports none.
    pub initiative: Option<usize>,
    /// True when this seat won the game.
    pub winner: bool,
    /// The seat's final score (VP).
    pub vp: i64,
}

/// A game that did not finish normally.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AbortedGame {
    /// The game's index.
    pub game: usize,
    /// What went wrong.
    pub reason: String,
}

/// The result of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// [`Game::ID`].
    pub game_id: String,
    /// [`Game::NAME`].
    pub game_name: String,
    /// Seats per game.
    pub players: usize,
    /// Base seed.
    pub seed: u64,
    /// Games scheduled.
    pub scheduled: usize,
    /// Games completed (counted in the statistics).
    pub completed: usize,
    /// True when every bot sat in every seat (and variant) equally often.
    pub balanced: bool,
    /// Per bot, in [`Config::bots`] order.
    pub bots: Vec<BotRow>,
    /// Per seat.
    pub seats: Vec<RateRow>,
    /// Per role, by name ([`Game::roles`]); a seat with several roles
    /// counts for each.
    pub roles: Vec<RateRow>,
    /// Per place in the turn order at the start of the game
    /// ([`Game::initiative`]; empty for a game that reports none), first
    /// first; a seat with several roles counts for each.
    pub initiative: Vec<RateRow>,
    /// Per role and place in the turn order (`mammals, initiative 4`), by
    /// role then place.
    pub role_initiative: Vec<RateRow>,
    /// Deals (blocks of seat-rotated games) with at least one completed
    /// game: what the deal intervals resample.
    pub deals: usize,
    /// Resamples behind every `deal_interval` ([`DEAL_RESAMPLES`]).
    pub resamples: usize,
    /// One row per completed game, seat and role, in game and seat order.
    pub table: Vec<TableRow>,
    /// Games left out of the statistics.
    pub aborted: Vec<AbortedGame>,
    /// Games read back from the records file (resumed), not played now.
    pub resumed: usize,
    /// Wall time of this run, in seconds.
    pub elapsed_secs: f64,
}

/// The 95% Wilson score interval of `wins` successes in `games` trials.
pub fn wilson(wins: usize, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn rate(wins: usize, games: usize) -> f64 {
    if games == 0 {
        0.0
    } else {
        wins as f64 / games as f64
    }
}

/// A bot entering a tournament: a name and a way to build a fresh, seeded
/// instance for each game. [`run`] makes these from [`BotSpec`]s; use
/// [`run_entrants`] directly to enter bots of your own.
pub struct Entrant<G: Game> {
    /// Shown in the report.
    pub name: String,
    /// Builds the bot for one game from a seed.
    pub make: Box<dyn Fn(u64) -> Box<dyn Bot<G>> + Send + Sync>,
}

impl<G: Game> Entrant<G> {
    /// The entrant for a spec.
    pub fn from_spec(spec: BotSpec) -> Self {
        Entrant {
            name: spec.to_string(),
            make: Box::new(move |seed| spec.build::<G>(seed)),
        }
    }
}

/// One game played by bots: its record and what happened.
#[derive(Clone, Debug)]
pub struct PlayedGame<G: Game> {
    /// The replayable record (up to the failure for an aborted game).
    pub record: Record<G>,
    /// The outcome, if the game finished.
    pub outcome: Option<Outcome>,
    /// Roles per seat ([`Game::roles`] on the last state).
    pub roles: Vec<Vec<String>>,
    /// Per seat, each role's place in the turn order on the first state
    /// ([`Game::initiative`]).
    pub initiative: Vec<Vec<TurnPosition>>,
    /// Decisions made per seat.
    pub decisions: Vec<u64>,
    /// Time the bots took per seat.
    pub think: Vec<Duration>,
    /// Per seat: decisions that searched, their iterations and their time.
    pub search: Vec<SearchTotals>,
    /// Why the game did not finish, if it did not.
    pub error: Option<String>,
}

/// What one seat's searches added up to in a game.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct SearchTotals {
    /// Decisions that searched.
    pub searches: u64,
    /// Iterations, all those searches together.
    pub iterations: u64,
    /// Time those searches took.
    pub time: Duration,
}

/// Plays one game from `setup` and `seed` with `bots[seat]` deciding for
/// each seat. Never panics on a misbehaving bot: the failure is reported in
/// [`PlayedGame::error`].
pub fn play_game<G: Game>(
    setup: &G::Setup,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
    max_decisions: usize,
) -> PlayedGame<G> {
    let n = bots.len();
    let mut played = PlayedGame {
        record: Record::new(setup.clone(), seed),
        outcome: None,
        roles: vec![Vec::new(); n],
        initiative: vec![Vec::new(); n],
        decisions: vec![0; n],
        think: vec![Duration::ZERO; n],
        search: vec![SearchTotals::default(); n],
        error: None,
    };
    let mut state = match G::new(setup, seed) {
        Ok(s) => s,
        Err(e) => {
            played.error = Some(e.to_string());
            return played;
        }
    };
    if G::seats(&state) != n {
        played.error = Some(format!(
            "the game has {} seats but {n} bots were given",
            G::seats(&state)
        ));
        return played;
    }
    played.initiative = (0..n)
        .map(|i| G::initiative(&state, Seat(i as u8)))
        .collect();
    let mut events = Vec::new();
    let mut count = 0usize;
    loop {
        let seat = match G::turn(&state) {
            Turn::Over => break,
            Turn::Seat(s) => s,
        };
        if count >= max_decisions {
            played.error = Some(format!("no result after {max_decisions} decisions"));
            break;
        }
        let Some(bot) = bots.get_mut(seat.index()) else {
            played.error = Some(format!("{seat} has no bot"));
            break;
        };
        let start = Instant::now();
        let choice = bot.choose(&state, seat);
        played.think[seat.index()] += start.elapsed();
        played.decisions[seat.index()] += 1;
        if let Some(st) = bot.last_search() {
            let t = &mut played.search[seat.index()];
            t.searches += 1;
            t.iterations += st.iterations;
            t.time += st.elapsed;
        }
        let Some(choice) = choice else {
            played.error = Some(format!("{seat} ({}) returned no choice", bot.name()));
            break;
        };
        events.clear();
        if let Err(e) = G::apply(&mut state, choice, &mut events) {
            played.error = Some(format!(
                "{seat} ({}) chose {choice:?}, refused: {e}",
                bot.name()
            ));
            break;
        }
        played.record.choices.push(RecordedChoice { seat, choice });
        count += 1;
    }
    for (i, r) in played.roles.iter_mut().enumerate() {
        *r = G::roles(&state, Seat(i as u8));
    }
    if played.error.is_none() {
        played.outcome = G::outcome(&state);
        if played.outcome.is_none() {
            played.error = Some("the game is over but has no outcome".to_string());
        }
    }
    played
}

/// Runs a tournament between [`Config::bots`] (see the module docs) and
/// returns the report. `on_progress` is called on the calling thread after
/// each game.
pub fn run<G: Game>(
    config: &Config,
    mut on_progress: impl FnMut(&Progress),
) -> Result<Report, TournamentError> {
    for spec in &config.bots {
        spec.check::<G>(config.players)?;
    }
    let entrants: Vec<Entrant<G>> = config.bots.iter().map(|&s| Entrant::from_spec(s)).collect();
    match &config.records {
        Some(path) => {
            let mut previous = Vec::new();
            let mut out = if config.resume && path.exists() {
                let text = std::fs::read_to_string(path)?;
                let kept = parse_previous::<G>(&text, &mut previous)?;
                let file = std::fs::OpenOptions::new().write(true).open(path)?;
                AppendAfter::new(file, kept as u64)
            } else {
                AppendAfter::new(std::fs::File::create(path)?, 0)
            };
            let report = run_entrants(
                config,
                &entrants,
                previous,
                Some(&mut out),
                &mut on_progress,
            )?;
            out.flush()?;
            Ok(report)
        }
        None => run_entrants(config, &entrants, Vec::new(), None, &mut on_progress),
    }
}

/// What a worker sends back for one game.
struct Finished<G: Game> {
    game: usize,
    seating: Vec<usize>,
    played: PlayedGame<G>,
}

/// The option lists of the tournament's variants (the common options, then
/// each variant's) and the setups they build.
type Variants<G> = (Vec<Vec<String>>, Vec<<G as Game>::Setup>);

/// The option lists of `config`'s variants and their setups.
fn variants_and_setups<G: Game>(config: &Config) -> Result<Variants<G>, TournamentError> {
    let variants: Vec<Vec<String>> = if config.option_variants.is_empty() {
        vec![config.options.clone()]
    } else {
        config
            .option_variants
            .iter()
            .map(|v| config.options.iter().chain(v).cloned().collect())
            .collect()
    };
    let setups = variants
        .iter()
        .map(|opts| G::setup(config.players, opts))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((variants, setups))
}

/// Plays game `g` of the schedule (see the module docs): its variant's
/// setup, its block's deal, its rotation of the entrants and their seeds.
fn scheduled_game<G: Game>(
    config: &Config,
    entrants: &[Entrant<G>],
    setups: &[G::Setup],
    g: usize,
) -> Finished<G> {
    let p = config.players;
    let block = g / p;
    let setup = &setups[block % setups.len()];
    let seating = seating_of(g, p);
    let game_seed = mix_seed(config.seed, block as u64);
    let bot_base = mix_seed(config.seed, g as u64);
    let mut bots: Vec<Box<dyn Bot<G>>> = seating
        .iter()
        .map(|&b| (entrants[b].make)(mix_seed(bot_base, 1 + b as u64)))
        .collect();
    let played = play_game::<G>(setup, game_seed, &mut bots, config.max_decisions);
    Finished {
        game: g,
        seating,
        played,
    }
}

/// Game `g` of `config`'s schedule, played exactly as [`run`] plays it (the
/// same deal, seating and bot seeds), as the line [`run`] writes for it.
/// Studies spread over many processes or machines play their games with
/// this, then write the lines in game order and count them with [`run`] and
/// [`Config::resume`], which replays and checks each one.
pub fn play_scheduled<G: Game>(config: &Config, g: usize) -> Result<GameLine<G>, TournamentError> {
    let p = config.players;
    if config.bots.len() != p || p == 0 {
        return Err(TournamentError::BotCount {
            bots: config.bots.len(),
            players: p,
        });
    }
    if g >= config.games {
        return Err(TournamentError::GameOutOfRange {
            game: g,
            games: config.games,
        });
    }
    let entrants: Vec<Entrant<G>> = config.bots.iter().map(|&s| Entrant::from_spec(s)).collect();
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let (variants, setups) = variants_and_setups::<G>(config)?;
    Ok(scheduled_game(config, &entrants, &setups, g).into_line(config, &names, &variants))
}

impl<G: Game> Finished<G> {
    /// The records line of this game.
    fn into_line(self, config: &Config, names: &[String], variants: &[Vec<String>]) -> GameLine<G> {
        let played = self.played;
        let millis = |d: &Duration| d.as_secs_f64() * 1000.0;
        GameLine {
            meta: GameMeta {
                game: self.game,
                tournament_seed: config.seed,
                bots: names.to_vec(),
                options: variants[(self.game / config.players) % variants.len()].clone(),
                seating: self.seating,
                decisions: played.decisions,
                think_ms: played.think.iter().map(millis).collect(),
                searches: played.search.iter().map(|t| t.searches).collect(),
                iterations: played.search.iter().map(|t| t.iterations).collect(),
                search_ms: played.search.iter().map(|t| millis(&t.time)).collect(),
                error: played.error,
            },
            record: played.record,
        }
    }
}

/// The seating of game `g`: `seating[seat]` is the bot index.
fn seating_of(g: usize, p: usize) -> Vec<usize> {
    let rotation = g % p;
    (0..p).map(|seat| (seat + p - rotation) % p).collect()
}

/// A duration from milliseconds read from a file (negative or non-finite
/// values count as zero).
fn millis(ms: f64) -> Duration {
    Duration::try_from_secs_f64(ms / 1000.0).unwrap_or(Duration::ZERO)
}

/// Runs a tournament between `entrants` (one per seat; [`Config::bots`] and
/// [`Config::records`] are ignored), writing each record as a JSON line to
/// `records` in game order. `previous` are the games `0..K` already played
/// (read back with [`parse_previous`]); they are checked, counted and not
/// written again, and only games `K..` are played.
pub fn run_entrants<G: Game>(
    config: &Config,
    entrants: &[Entrant<G>],
    previous: Vec<GameLine<G>>,
    mut records: Option<&mut dyn Write>,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Report, TournamentError> {
    let started = Instant::now();
    let p = config.players;
    if entrants.len() != p || p == 0 {
        return Err(TournamentError::BotCount {
            bots: entrants.len(),
            players: p,
        });
    }
    if config.games == 0 {
        return Err(TournamentError::NoGames);
    }
    let (variants, setups) = variants_and_setups::<G>(config)?;
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();

    let mut report = Report {
        game_id: G::ID.to_string(),
        game_name: G::NAME.to_string(),
        players: p,
        seed: config.seed,
        scheduled: config.games,
        completed: 0,
        balanced: config.games % (p * setups.len()) == 0,
        bots: names
            .iter()
            .map(|name| BotRow {
                name: name.clone(),
                games: 0,
                wins: 0,
                win_rate: 0.0,
                interval: (0.0, 1.0),
                deal_interval: (0.0, 1.0),
                mean_score: 0.0,
                decisions: 0,
                mean_decision_ms: 0.0,
                searches: 0,
                iterations_per_sec: 0.0,
                seat_games: vec![0; p],
                roles: BTreeMap::new(),
            })
            .collect(),
        seats: (0..p)
            .map(|s| RateRow::empty(Seat(s as u8).to_string()))
            .collect(),
        roles: Vec::new(),
        initiative: Vec::new(),
        role_initiative: Vec::new(),
        deals: 0,
        resamples: DEAL_RESAMPLES,
        table: Vec::new(),
        aborted: Vec::new(),
        resumed: 0,
        elapsed_secs: 0.0,
    };
    let mut tally = Tally {
        score_sums: vec![0; p],
        think: vec![Duration::ZERO; p],
        iterations: vec![0; p],
        search_time: vec![Duration::ZERO; p],
        roles: BTreeMap::new(),
        initiative: BTreeMap::new(),
        role_initiative: BTreeMap::new(),
        deals: DealCounts::default(),
    };

    let mut done = 0usize;
    for (g, line) in previous.into_iter().enumerate() {
        let f = resumed_game(config, &names, &variants, &setups, g, line)?;
        let winner = count_game(&mut report, &mut tally, &f);
        done += 1;
        report.resumed += 1;
        on_progress(&Progress {
            done,
            total: config.games,
            game: g,
            winner,
        });
    }
    let first = done;

    let next = AtomicUsize::new(first);
    let stop = AtomicBool::new(false);
    let workers = config
        .threads
        .clamp(1, config.games.saturating_sub(first).max(1));
    let mut write_error: Option<TournamentError> = None;

    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Finished<G>>();
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, stop, setups) = (&next, &stop, &setups);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= config.games {
                    break;
                }
                if tx
                    .send(scheduled_game(config, entrants, setups, g))
                    .is_err()
                {
                    break;
                }
            });
        }
        drop(tx);

        let mut pending: BTreeMap<usize, Finished<G>> = BTreeMap::new();
        let mut next_to_write = first;
        for f in rx {
            let winner = count_game(&mut report, &mut tally, &f);
            done += 1;
            on_progress(&Progress {
                done,
                total: config.games,
                game: f.game,
                winner,
            });
            let Some(out) = records.as_deref_mut() else {
                continue;
            };
            pending.insert(f.game, f);
            while let Some(f) = pending.remove(&next_to_write) {
                next_to_write += 1;
                if write_error.is_some() {
                    continue;
                }
                let line = f.into_line(config, &names, &variants);
                let res = line
                    .to_json()
                    .map_err(TournamentError::from)
                    .and_then(|json| {
                        out.write_all(json.as_bytes())?;
                        out.write_all(b"\n")?;
                        out.flush()?;
                        Ok(())
                    });
                if let Err(e) = res {
                    write_error = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    report.aborted.sort_by_key(|a| a.game);
    // Games finish out of order when several threads play.
    report.table.sort_by_key(|row| (row.game, row.seat));
    report.deals = tally.deals.deals();
    let by_deal = deal_intervals(&tally.deals, DEAL_RESAMPLES, bootstrap_seed(config.seed));
    let deal_interval = |k: Statistic| by_deal.get(&k).copied().unwrap_or((0.0, 1.0));
    for (b, row) in report.bots.iter_mut().enumerate() {
        row.win_rate = rate(row.wins, row.games);
        row.interval = wilson(row.wins, row.games);
        row.deal_interval = deal_interval(Statistic::Bot(b));
        row.mean_score = if row.games == 0 {
            0.0
        } else {
            tally.score_sums[b] as f64 / row.games as f64
        };
        row.mean_decision_ms = if row.decisions == 0 {
            0.0
        } else {
            tally.think[b].as_secs_f64() * 1000.0 / row.decisions as f64
        };
        let secs = tally.search_time[b].as_secs_f64();
        row.iterations_per_sec = if secs > 0.0 {
            tally.iterations[b] as f64 / secs
        } else {
            0.0
        };
    }
    for (seat, row) in report.seats.iter_mut().enumerate() {
        row.win_rate = rate(row.wins, row.games);
        row.interval = wilson(row.wins, row.games);
        row.deal_interval = deal_interval(Statistic::Seat(Seat(seat as u8)));
    }
    let rate_row = |name: String, (games, wins): (usize, usize), k: Statistic| RateRow {
        name,
        games,
        wins,
        win_rate: rate(wins, games),
        interval: wilson(wins, games),
        deal_interval: deal_interval(k),
    };
    report.roles = std::mem::take(&mut tally.roles)
        .into_iter()
        .map(|(name, counts)| rate_row(name.clone(), counts, Statistic::Role(name)))
        .collect();
    report.initiative = std::mem::take(&mut tally.initiative)
        .into_iter()
        .map(|(place, counts)| rate_row(place.to_string(), counts, Statistic::Initiative(place)))
        .collect();
    report.role_initiative = std::mem::take(&mut tally.role_initiative)
        .into_iter()
        .map(|((role, place), counts)| {
            rate_row(
                format!("{role}, {place}"),
                counts,
                Statistic::RoleInitiative(role, place),
            )
        })
        .collect();
    report.elapsed_secs = started.elapsed().as_secs_f64();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 50 wins of 100: [40.4%, 59.6%].
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-3, "{lo}");
        assert!((hi - 0.5962).abs() < 1e-3, "{hi}");
        // 0 of 10: [0, 27.8%].
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
