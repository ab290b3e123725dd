//! `eons tournament`: seat-rotated games between bots, run by
//! `eons_bots::tournament::run`, with a progress bar and the report table.

use crate::games::GameCommand;
use crate::seats::{misspelt_kind, BOT_KINDS};
use anyhow::{bail, Context, Result};
use eons_bots::tournament::{self, Config, DEFAULT_MAX_DECISIONS};
use eons_bots::{parse_bot_list, BotSpec};
use eons_core::{Game, Positions, Presentation};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `eons tournament`.
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// Game id (`eons games` lists them).
    pub game: String,
    /// One bot per seat, comma-separated: random, greedy, greedy:samples=8,
    /// mcts, mcts:easy|medium|hard, mcts:2000it, mcts:500ms, mcts:1s,threads=2...
    #[arg(long, value_name = "BOT,...")]
    pub bots: String,
    /// Number of games (a multiple of the player count rotates every bot
    /// through every seat equally often).
    #[arg(long, value_name = "N")]
    pub games: usize,
    /// Base seed of the tournament; every block of P games shares one deal.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    /// Players per game (default: the number of bots; must equal it).
    #[arg(long, value_name = "P")]
    pub players: Option<usize>,
    /// A setup option of the game, `name` or `name=value` (repeatable).
    #[arg(long = "opt", value_name = "NAME[=VALUE]")]
    pub opts: Vec<String>,
    /// Extra options for one block of P games, `;`-separated (repeatable):
    /// block k uses variant k mod V, e.g. `--variant multi --variant ''`.
    #[arg(long = "variant", value_name = "OPT[;OPT...]")]
    pub variants: Vec<String>,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_name = "T")]
    pub threads: usize,
    /// Write every game record as one JSON line to this file, in game order
    /// (`eons replay FILE --game-index K` replays game K).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Keep the games already in the --out file (same seed, bots and
    /// options), play only the missing ones and report on all of them; a
    /// long tournament can be stopped and resumed, or extended with a larger
    /// --games.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Play nothing: report on the games already in the --out file (at most
    /// --games of them), e.g. while another process is still adding to it.
    #[arg(long, requires = "out", conflicts_with = "resume")]
    pub report_only: bool,
    /// A game still running after this many decisions is aborted.
    #[arg(long, default_value_t = DEFAULT_MAX_DECISIONS, value_name = "N")]
    pub max_decisions: usize,
    /// Write the per-game table as CSV to this file: one row per completed
    /// game, seat and role (game, deal, seat, bot, bot_name, role,
    /// initiative, winner, vp).
    #[arg(long, value_name = "FILE.csv")]
    pub table: Option<PathBuf>,
}

impl TournamentArgs {
    /// The tournament's configuration, checked.
    fn config(&self) -> Result<Config> {
        if let Some(token) = misspelt_kind(&self.bots, BOT_KINDS) {
            bail!(
                "bad --bots `{}`: unknown bot `{token}` (known: random, greedy, mcts)",
                self.bots
            );
        }
        let bots: Vec<BotSpec> =
            parse_bot_list(&self.bots).with_context(|| format!("bad --bots `{}`", self.bots))?;
        let players = self.players.unwrap_or(bots.len());
        if players != bots.len() {
            bail!(
                "--players {players} but --bots lists {} bot(s); give one bot per seat",
                bots.len()
            );
        }
        if self.games == 0 {
            bail!("--games must be at least 1");
        }
        if self.threads == 0 {
            bail!("--threads must be at least 1");
        }
        if self.max_decisions == 0 {
            bail!("--max-decisions must be at least 1");
        }
        let mut config = Config::new(players, bots, self.games, self.seed);
        config.options = self.opts.clone();
        config.option_variants = self
            .variants
            .iter()
            .map(|v| {
                v.split(';')
                    .map(str::trim)
                    .filter(|o| !o.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .collect();
        config.threads = self.threads;
        config.max_decisions = self.max_decisions;
        config.records = self.out.clone();
        config.resume = self.resume;
        Ok(config)
    }
}

impl GameCommand for TournamentArgs {
    fn run<G: Game + Positions + Presentation>(self) -> Result<()> {
        let config = self.config()?;
        // Setup errors are reported with the game's options before any game runs.
        let no_variant = [Vec::new()];
        let variants = if config.option_variants.is_empty() {
            &no_variant[..]
        } else {
            &config.option_variants[..]
        };
        for variant in variants {
            let opts: Vec<String> = config.options.iter().chain(variant).cloned().collect();
            crate::common::make_setup::<G>(config.players, &opts)?;
        }
        let bar = crate::common::games_bar(config.games as u64);
        if let Some(path) = &self.table {
            // Refused now rather than after hours of games.
            std::fs::File::create(path)
                .with_context(|| format!("cannot write the table to `{}`", path.display()))?;
        }
        if self.report_only {
            return report_only::<G>(config, self.table.as_deref());
        }
        let names: Vec<String> = config.bots.iter().map(ToString::to_string).collect();
        let mut wins = vec![0usize; names.len()];
        let result = tournament::run::<G>(&config, |p| {
            if let Some(w) = p.winner.and_then(|w| wins.get_mut(w)) {
                *w += 1;
            }
            let tally: Vec<String> = names
                .iter()
                .zip(&wins)
                .map(|(n, w)| format!("{n} {w}"))
                .collect();
            bar.set_message(tally.join(", "));
            bar.set_position(p.done as u64);
        });
        bar.finish_and_clear();
        let report = match (result, &config.records) {
            (Ok(r), _) => r,
            (Err(e @ tournament::TournamentError::Io(_)), Some(path)) => {
                bail!("cannot write the records to `{}`: {e}", path.display())
            }
            (Err(e @ tournament::TournamentError::Resume { .. }), Some(path)) => {
                bail!(
                    "`{}`: {e} (use another --out file, or the same --seed, --bots and options)",
                    path.display()
                )
            }
            (Err(e), _) => bail!("{}: {e}", G::NAME),
        };
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        write!(out, "{}", tournament::format_report(&report))?;
        if let Some(path) = &self.table {
            write_table(&report, path)?;
            writeln!(
                out,
                "\nper-game table ({} rows) written to {}",
                report.table.len(),
                path.display()
            )?;
        }
        if let Some(path) = &config.records {
            writeln!(
                out,
                "\n{} game records written to {} (replay one with `eons replay {} --game-index K`, K from 0)",
                config.games,
                path.display(),
                path.display()
            )?;
        }
        Ok(())
    }
}

/// Writes the report's per-game table as CSV to `path`.
fn write_table(report: &tournament::Report, path: &Path) -> Result<()> {
    let file = std::fs::File::create(path)
        .with_context(|| format!("cannot write the table to `{}`", path.display()))?;
    let mut out = std::io::BufWriter::new(file);
    tournament::write_table(report, &mut out)
        .and_then(|()| out.flush())
        .with_context(|| format!("cannot write the table to `{}`", path.display()))
}

/// `--report-only`: the report on the complete lines of the records file
/// (and its per-game table, to `table`).
fn report_only<G: Game>(mut config: Config, table: Option<&Path>) -> Result<()> {
    let Some(path) = config.records.clone() else {
        bail!("--report-only needs --out FILE");
    };
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read `{}`", path.display()))?;
    let mut previous = Vec::new();
    tournament::parse_previous::<G>(&text, &mut previous)
        .with_context(|| format!("`{}`", path.display()))?;
    if previous.is_empty() {
        bail!("`{}` holds no finished game yet", path.display());
    }
    previous.truncate(config.games);
    config.games = previous.len();
    let entrants: Vec<tournament::Entrant<G>> = config
        .bots
        .iter()
        .map(|&b| tournament::Entrant::from_spec(b))
        .collect();
    let report = tournament::run_entrants(&config, &entrants, previous, None, &mut |_| {})
        .with_context(|| format!("`{}`", path.display()))?;
    print!("{}", tournament::format_report(&report));
    if let Some(path) = table {
        write_table(&report, path)?;
        println!(
            "\nper-game table ({} rows) written to {}",
            report.table.len(),
            path.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        args: TournamentArgs,
    }

    fn config(cmd: &[&str]) -> Result<Config> {
        Wrap::try_parse_from(std::iter::once("tournament").chain(cmd.iter().copied()))
            .expect("arguments parse")
            .args
            .config()
    }

    #[test]
    fn players_default_to_the_bots_and_must_agree() {
        let c = config(&[
            "demo",
            "--bots",
            "mcts:1s,threads=2,greedy,random",
            "--games",
            "6",
        ])
        .expect("valid");
        assert_eq!(c.players, 3);
        assert_eq!(c.bots.len(), 3);
        assert_eq!(c.bots[0].to_string(), "mcts:1s,threads=2");
        let err = config(&[
            "demo",
            "--bots",
            "random,random",
            "--games",
            "2",
            "--players",
            "3",
        ])
        .expect_err("mismatch");
        assert!(err.to_string().contains("one bot per seat"), "{err}");
    }

    #[test]
    fn variants_split_on_semicolons() {
        let c = config(&[
            "ds",
            "--bots",
            "random,random",
            "--games",
            "4",
            "--variant",
            "multi; random-earth",
            "--variant",
            "",
        ])
        .expect("valid");
        assert_eq!(
            c.option_variants,
            vec![
                vec!["multi".to_string(), "random-earth".to_string()],
                vec![]
            ]
        );
    }

    #[test]
    fn bad_values_are_refused() {
        let err =
            config(&["demo", "--bots", "random,wizard", "--games", "2"]).expect_err("bad bot");
        assert!(
            format!("{err:#}").contains("unknown bot `wizard`"),
            "{err:#}"
        );
        assert!(config(&["demo", "--bots", "random", "--games", "0"]).is_err());
        assert!(config(&["demo", "--bots", "random", "--games", "1", "--threads", "0"]).is_err());
    }
}
