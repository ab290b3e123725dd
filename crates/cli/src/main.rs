//! The `eons` command-line program: play, simulate, run bot tournaments,
//! replay, check and benchmark any registered game. Every command is generic over
//! `G: Game + Positions`; `games.rs` maps a game id to its engine.

#![forbid(unsafe_code)]

mod check;
mod common;
mod games;
mod play;
mod replay;
mod screen;
mod seats;
mod serve;
mod sim;
mod tournament;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// mimalloc rather than the system allocator: `eons serve` spent ~40% of its
/// CPU under load in glibc's malloc and free (the JSON of every push).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    /// Load a position file, apply its choices and print the result.
    Check(check::CheckArgs),
    /// Measure random games per second on one core.
    Bench(sim::BenchArgs),
    /// Play seat-rotated games between bots and print win rates with confidence intervals.
    Tournament(tournament::TournamentArgs),
    /// List the games and their setup options.
    Games,
    /// Serve the browser table on localhost: create games, invite friends, add bots.
    // Boxed: its many limit options make it far larger than the other commands.
    #[command(after_long_help = serve::NETWORK_HELP)]
    Serve(Box<serve::ServeArgs>),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Play(a) => games::dispatch(&a.game.clone(), a),
        Command::Sim(a) => games::dispatch(&a.game.clone(), a),
        Command::Bench(a) => games::dispatch(&a.game.clone(), a),
        Command::Tournament(a) => games::dispatch(&a.game.clone(), a),
        Command::Replay(a) => replay::run(a),
        Command::Check(a) => check::run(a),
        Command::Serve(a) => serve::run(*a),
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe on stdout is the reader's choice, not an error to report.
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("eons: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
