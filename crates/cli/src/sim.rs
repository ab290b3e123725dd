//! `eons sim` and `eons bench`: many seeded random games.

use crate::common::{derive_seed, make_setup};
use crate::games::GameCommand;
use anyhow::{anyhow, bail, Result};
use eons_core::{random_playout, Game, GameRng, Positions, Presentation, Seat, Turn};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Arguments of `eons sim`.
#[derive(clap::Args, Debug)]
pub struct SimArgs {
    /// Game id (`eons games` lists them).
    pub game: String,
    /// Number of games.
    #[arg(long, value_name = "N")]
    pub games: usize,
    /// Players per game.
    #[arg(long, value_name = "P")]
    pub players: usize,
    /// Master seed; game i is seeded from it and i.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    /// A setup option of the game, `name` or `name=value` (repeatable).
    #[arg(long = "opt", value_name = "NAME[=VALUE]")]
    pub opts: Vec<String>,
    /// Worker threads (results do not depend on it).
    #[arg(long, default_value_t = 1, value_name = "T")]
    pub threads: usize,
    /// A game still running after this many decisions counts as unfinished.
    #[arg(long, default_value_t = 1_000_000, value_name = "N")]
    pub max_decisions: usize,
}

/// Arguments of `eons bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Game id (`eons games` lists them).
    pub game: String,
    /// How long to run, in seconds (decimals allowed).
    #[arg(long, default_value_t = 10.0, value_name = "S")]
    pub seconds: f64,
    /// Players per game (default 2).
    #[arg(long, default_value_t = 2, value_name = "P")]
    pub players: usize,
    /// Master seed; game i is seeded from it and i.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    /// A setup option of the game, `name` or `name=value` (repeatable).
    #[arg(long = "opt", value_name = "NAME[=VALUE]")]
    pub opts: Vec<String>,
    /// A game still running after this many decisions counts as unfinished.
    #[arg(long, default_value_t = 1_000_000, value_name = "N")]
    pub max_decisions: usize,
}

/// The result of one random game.
struct GameResult {
    decisions: usize,
    /// For a finished game: scores, the winner and every seat's roles.
    finished: Option<Finished>,
}

struct Finished {
    scores: Vec<i64>,
    winner: Option<Seat>,
    roles: Vec<Vec<String>>,
}

/// Plays game `i` of a run with master seed `master`: the game's seed and the
/// random players' stream both come from `(master, i)`.
fn play_one<G: Game>(
    setup: &G::Setup,
    master: u64,
    i: usize,
    max_decisions: usize,
) -> Result<GameResult> {
    let seed = derive_seed(master, i as u64);
    let mut state = G::new(setup, seed).map_err(|e| anyhow!("game {i} (seed {seed}): {e}"))?;
    let mut rng = GameRng::new(derive_seed(seed, 0xB07));
    let decisions = random_playout::<G>(&mut state, &mut rng, max_decisions)
        .map_err(|e| anyhow!("game {i} (seed {seed}): engine refused a legal choice: {e}"))?;
    let finished = match (G::turn(&state), G::outcome(&state)) {
        (Turn::Over, Some(o)) => Some(Finished {
            winner: o.winner(),
            roles: (0..G::seats(&state))
                .map(|s| G::roles(&state, Seat(s as u8)))
                .collect(),
            scores: o.scores,
        }),
        (Turn::Over, None) => bail!("game {i} (seed {seed}): over but no outcome"),
        (Turn::Seat(_), _) => None,
    };
    Ok(GameResult {
        decisions,
        finished,
    })
}

impl GameCommand for SimArgs {
    fn run<G: Game + Positions + Presentation>(self) -> Result<()> {
        let stdout = std::io::stdout();
        sim::<G>(&self, &mut stdout.lock())
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    wins: usize,
    score_sum: i64,
}

impl Tally {
    fn line(&self, name: &str, out: &mut dyn Write) -> std::io::Result<()> {
        let g = self.games.max(1) as f64;
        writeln!(
            out,
            "  {name:<20} {:>8} {:>8} {:>8.1}% {:>10.2}",
            self.games,
            self.wins,
            100.0 * self.wins as f64 / g,
            self.score_sum as f64 / g
        )
    }
}

fn sim<G: Game>(args: &SimArgs, out: &mut dyn Write) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let setup = make_setup::<G>(args.players, &args.opts)?;
    let threads = args.threads.clamp(1, args.games);
    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<Result<GameResult>>>> =
        Mutex::new((0..args.games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= args.games {
                    break;
                }
                let r = play_one::<G>(&setup, args.seed, i, args.max_decisions);
                if r.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
                if let Ok(mut v) = results.lock() {
                    v[i] = Some(r);
                }
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    let elapsed = start.elapsed();
    let results = results
        .into_inner()
        .map_err(|_| anyhow!("a worker thread failed"))?;

    let mut decisions = 0usize;
    let mut finished = 0usize;
    let mut roles: BTreeMap<String, Tally> = BTreeMap::new();
    let mut seats: Vec<Tally> = (0..args.players).map(|_| Tally::default()).collect();
    for r in results.into_iter().flatten() {
        let r = r?;
        decisions += r.decisions;
        let Some(f) = r.finished else { continue };
        finished += 1;
        for (s, score) in f.scores.iter().enumerate() {
            let won = f.winner == Some(Seat(s as u8));
            if let Some(t) = seats.get_mut(s) {
                t.games += 1;
                t.wins += usize::from(won);
                t.score_sum += score;
            }
            for role in f.roles.get(s).into_iter().flatten() {
                let t = roles.entry(role.clone()).or_default();
                t.games += 1;
                t.wins += usize::from(won);
                t.score_sum += score;
            }
        }
    }
    let opts = if args.opts.is_empty() {
        "none".to_string()
    } else {
        args.opts.join(" ")
    };
    writeln!(
        out,
        "{}: {} random games, {} players, seed {}, options: {opts}",
        G::NAME,
        args.games,
        args.players,
        args.seed
    )?;
    writeln!(
        out,
        "finished: {finished}, unfinished after {} decisions: {}",
        args.max_decisions,
        args.games - finished
    )?;
    writeln!(
        out,
        "mean decisions per game: {:.1}",
        decisions as f64 / args.games as f64
    )?;
    let header = |what: &str, out: &mut dyn Write| {
        writeln!(
            out,
            "  {what:<20} {:>8} {:>8} {:>9} {:>10}",
            "games", "wins", "win rate", "mean VP"
        )
    };
    writeln!(out, "\nper role (a seat may have several roles):")?;
    header("role", out)?;
    for (name, t) in &roles {
        t.line(name, out)?;
    }
    writeln!(out, "\nper seat:")?;
    header("seat", out)?;
    for (i, t) in seats.iter().enumerate() {
        t.line(&Seat(i as u8).to_string(), out)?;
    }
    writeln!(
        out,
        "\ntime: {:.2} s, {:.1} games/s ({} thread{})",
        elapsed.as_secs_f64(),
        args.games as f64 / elapsed.as_secs_f64().max(1e-9),
        threads,
        if threads == 1 { "" } else { "s" }
    )?;
    Ok(())
}

impl GameCommand for BenchArgs {
    fn run<G: Game + Positions + Presentation>(self) -> Result<()> {
        if !self.seconds.is_finite() || self.seconds <= 0.0 || self.seconds > 1e6 {
            bail!("--seconds must be a positive number of seconds");
        }
        let setup = make_setup::<G>(self.players, &self.opts)?;
        let budget = Duration::from_secs_f64(self.seconds);
        let start = Instant::now();
        let (mut games, mut unfinished, mut decisions) = (0usize, 0usize, 0usize);
        while games == 0 || start.elapsed() < budget {
            let r = play_one::<G>(&setup, self.seed, games, self.max_decisions)?;
            games += 1;
            decisions += r.decisions;
            unfinished += usize::from(r.finished.is_none());
        }
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        writeln!(
            out,
            "{}: {games} random games ({unfinished} unfinished), {decisions} decisions in {secs:.2} s on one thread",
            G::NAME
        )?;
        writeln!(out, "games/second: {:.1}", games as f64 / secs)?;
        writeln!(out, "decisions/second: {:.0}", decisions as f64 / secs)?;
        Ok(())
    }
}
