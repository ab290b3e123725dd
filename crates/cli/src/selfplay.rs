//! `eons selfplay`: games between bots recorded as training data, in
//! safetensors shards (`eons_bots::selfplay`; the format is in
//! docs/learning.md), with a progress bar.

use anyhow::{anyhow, bail, Context, Result};
use eons_bots::parse_bot_list;
use eons_bots::selfplay::{self, Config, DEFAULT_GAMES_PER_SHARD};
use eons_games::{Registered, Unknown, Visitor};
use std::path::PathBuf;

/// Arguments of `eons selfplay`.
#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// Game id (`eons games` lists them).
    pub game: String,
    /// Number of games; game k is dealt from seed S + k.
    #[arg(long, value_name = "N")]
    pub games: usize,
    /// Players per game.
    #[arg(long, value_name = "P")]
    pub players: usize,
    /// One bot for every seat, or one per seat (rotated from game to game so
    /// that each plays every seat), comma-separated: greedy, mcts:200it...
    #[arg(long, value_name = "BOT,...")]
    pub bots: String,
    /// The run's seed.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    /// Record every K-th decision of a game (1: every decision).
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub every: usize,
    /// The directory the shards are written to (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Games played at once (the shards are the same whatever this is).
    #[arg(long, default_value_t = 1, value_name = "T")]
    pub threads: usize,
    /// Games per shard file.
    #[arg(long, default_value_t = DEFAULT_GAMES_PER_SHARD, value_name = "N")]
    pub shard_games: usize,
    /// A setup option of the game, `name` or `name=value` (repeatable).
    #[arg(long = "opt", value_name = "NAME[=VALUE]")]
    pub opts: Vec<String>,
}

impl Visitor for SelfplayArgs {
    type Output = Result<()>;
    fn visit<G: Registered>(self) -> Result<()> {
        let bots = parse_bot_list(&self.bots).map_err(|e| anyhow!("--bots: {e}"))?;
        if self.every == 0 {
            bail!("--every must be at least 1");
        }
        if self.shard_games == 0 {
            bail!("--shard-games must be at least 1");
        }
        let mut config = Config::new(self.players, bots, self.games, self.seed);
        config.options = self.opts;
        config.every = self.every;
        config.threads = self.threads.max(1);
        config.games_per_shard = self.shard_games;
        config.commit = commit();
        let bar = crate::common::games_bar(config.games as u64);
        let summary = selfplay::run::<G>(&config, &self.out, |p| {
            bar.set_position(p.done as u64);
            bar.set_message(format!("{} positions", p.rows));
        })
        .with_context(|| format!("eons selfplay {}", G::ID))?;
        bar.finish_and_clear();
        let seconds = summary.elapsed.as_secs_f64().max(1e-9);
        println!(
            "{} games, {} decisions, {} positions recorded in {} shards in {:.1} s \
             ({:.0} decisions/s); {}",
            config.games,
            summary.decisions,
            summary.rows,
            summary.shards.len(),
            seconds,
            summary.decisions as f64 / seconds,
            self.out.display()
        );
        Ok(())
    }
}

/// `git describe` of the working directory's repository, or "unknown".
fn commit() -> String {
    std::process::Command::new("git")
        .args(["describe", "--always", "--dirty"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Runs `eons selfplay` (the real games only: a toy game has no
/// observation to learn from).
pub fn run(args: SelfplayArgs) -> Result<()> {
    let id = args.game.clone();
    let id = eons_games::canonical(&id).unwrap_or(&id).to_string();
    match eons_games::visit(&id, args) {
        Ok(done) => done,
        Err(Unknown { .. }) => bail!("{}", Unknown::<()>::message(&id)),
    }
}
