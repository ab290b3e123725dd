//! The `eons` command-line program as a library: play, simulate, run bot
//! tournaments, replay, check and benchmark any registered game, and serve
//! the browser table (feature `serve`, on by default). Every command is
//! generic over `G: Game + Positions`; `games.rs` maps a game id to its
//! engine. The `eons` binary (`main.rs`) is [`main_with_args`] over the
//! process's arguments; the Python package's `eons` command is the same
//! function built without `serve`.

#![forbid(unsafe_code)]

mod analyse;
mod check;
mod common;
mod games;
mod play;
mod replay;
mod screen;
mod seats;
mod selfplay;
#[cfg(feature = "serve")]
mod serve;
mod sim;
mod tournament;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Eons: rules engines and bots for Dominant Species, Marine and Pangea.
#[derive(Parser, Debug)]
#[command(name = "eons", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game in the terminal (humans and bots in any mix).
    Play(play::PlayArgs),
    /// Run many seeded random games and print win rates per role and seat.
    Sim(sim::SimArgs),
    /// Replay a saved game record, checking every choice.
    Replay(replay::ReplayArgs),
    /// Analyse a finished game: each seat's win probability step by step and the biggest drops.
    Analyse(analyse::AnalyseArgs),
    /// Load a position file, apply its choices and print the result.
    Check(check::CheckArgs),
    /// Measure random games per second on one core.
    Bench(sim::BenchArgs),
    /// Play seat-rotated games between bots and print win rates with confidence intervals.
    Tournament(tournament::TournamentArgs),
    /// Record games between bots as training data (safetensors shards; see docs/learning.md).
    Selfplay(selfplay::SelfplayArgs),
    /// List the games and their setup options.
    Games,
    /// Serve the browser table on localhost: create games, invite friends, add bots.
    // Boxed: its many limit options make it far larger than the other commands.
    #[cfg(feature = "serve")]
    #[command(after_long_help = serve::NETWORK_HELP)]
    Serve(Box<serve::ServeArgs>),
    /// Serve the browser table: not in this build of `eons` (the one the
    /// Python package installs); the `eons` program built from the
    /// repository serves (`cargo install --path crates/cli`).
    #[cfg(not(feature = "serve"))]
    #[command(disable_help_flag = true)]
    Serve {
        /// Whatever was given: this build cannot serve.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        rest: Vec<String>,
    },
}

fn run(cli: Cli) -> anyhow::Result<()> {
    games::register_learned();
    match cli.command {
        Command::Play(a) => games::dispatch(&a.game.clone(), a),
        Command::Sim(a) => games::dispatch(&a.game.clone(), a),
        Command::Bench(a) => games::dispatch(&a.game.clone(), a),
        Command::Tournament(a) => games::dispatch(&a.game.clone(), a),
        Command::Selfplay(a) => selfplay::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Analyse(a) => analyse::run(a),
        Command::Check(a) => check::run(a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => serve::run(*a),
        #[cfg(not(feature = "serve"))]
        Command::Serve { .. } => Err(anyhow::anyhow!(
            "this eons was built without the server (it is the Python package's); \
             `eons serve` needs the eons program built from the repository: \
             cargo install --path crates/cli"
        )),
        Command::Games => {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            for g in games::registered() {
                writeln!(out, "{:<8} {}", g.id, g.name)?;
                for o in g.options {
                    writeln!(out, "         --opt {:<16} {}", o.name, o.help)?;
                }
            }
            Ok(())
        }
    }
}

/// Runs `eons` with these command-line arguments (the first is the
/// program's name, as in [`std::env::args_os`]): parses them, runs the
/// command, prints any error as `eons: error: ...` and gives the exit code:
/// 0 success (`--help` and `--version` print and succeed), 1 an error, 2 a
/// malformed command line.
pub fn run_with_args<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with success; errors to stderr.
            let _ = e.print();
            return u8::try_from(e.exit_code()).unwrap_or(2);
        }
    };
    match run(cli) {
        Ok(()) => 0,
        Err(e) => {
            // A closed pipe on stdout is the reader's choice, not an error to report.
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return 0;
            }
            eprintln!("eons: error: {e:#}");
            1
        }
    }
}

/// [`run_with_args`] as the process's exit code.
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    ExitCode::from(run_with_args(args))
}
