//! `eons play`: a game in the terminal, humans and bots in any mix.

use crate::common::{
    clock_seed, derive_seed, make_setup, match_choice, numbered, print_outcome, why_no_match,
};
use crate::games::GameCommand;
use crate::seats::{make_bot, resolve_seats};
use anyhow::{anyhow, bail, Context, Result};
use eons_bots::Bot;
use eons_core::{Game, Positions, Record, RecordedChoice, Seat, Turn};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Log lines shown again by `?`.
const RECENT_LOG: usize = 12;

/// Arguments of `eons play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Game id (`eons games` lists them).
    pub game: String,
    /// Number of players (default: the number of --seats, else 2).
    #[arg(long)]
    pub players: Option<usize>,
    /// Who sits at each seat, in order, comma-separated: human or a bot spec
    /// (random, greedy, mcts, mcts:500ms, mcts:2000it,threads=2, mcts:hard...)
    /// (default: seat 1 human, the others random).
    #[arg(long, value_name = "KIND,...")]
    pub seats: Option<String>,
    /// A setup option of the game, `name` or `name=value` (repeatable).
    #[arg(long = "opt", value_name = "NAME[=VALUE]")]
    pub opts: Vec<String>,
    /// Seed of the game (default: from the clock; printed at the start).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the game record (JSON) to this file at the end or on quit.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Stop with an error if the game has not ended after this many decisions.
    #[arg(long, default_value_t = 1_000_000, value_name = "N")]
    pub max_decisions: usize,
}

impl GameCommand for PlayArgs {
    fn run<G: Game + Positions>(self) -> Result<()> {
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        // Piped answers are echoed so that the transcript reads like a session.
        let echo = !stdin.is_terminal();
        play::<G>(&self, &mut stdin.lock(), &mut stdout.lock(), echo)
    }
}

/// What a human typed.
enum Answer {
    /// The index of a legal choice.
    Choice(usize),
    /// `q`: stop here.
    Quit,
    /// End of input.
    Eof,
}

/// The running game: state, record and log.
struct Table<G: Game> {
    state: G::State,
    record: Record<G>,
    labels: Vec<String>,
    log: Vec<String>,
    shown: usize,
    /// Whose eyes the log is written for: the one human seat, else a spectator.
    log_viewer: Option<Seat>,
}

impl<G: Game> Table<G> {
    fn print_new_log(&mut self, out: &mut dyn Write) -> Result<()> {
        for line in &self.log[self.shown..] {
            writeln!(out, "{line}")?;
        }
        self.shown = self.log.len();
        Ok(())
    }
}

/// Plays one game reading human answers from `input` and writing to `out`.
/// With `echo`, each answer read is written after its prompt.
pub fn play<G: Game>(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> Result<()> {
    let kinds = resolve_seats(args.players, args.seats.as_deref())?;
    let setup = make_setup::<G>(kinds.len(), &args.opts)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let state = G::new(&setup, seed).map_err(|e| anyhow!("{}: {e}", G::NAME))?;
    if G::seats(&state) != kinds.len() {
        bail!(
            "{} set up {} seats for {} players",
            G::NAME,
            G::seats(&state),
            kinds.len()
        );
    }
    // Seat i's bot is seeded from the game seed and i: the same seed and the
    // same human answers give the same game (with iteration budgets).
    let bot_seed = derive_seed(seed, 0x5EA7);
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| make_bot::<G>(k, derive_seed(bot_seed, i as u64)))
        .collect();
    let mut table = Table::<G> {
        state,
        record: Record::new(setup, seed),
        labels: kinds.iter().map(ToString::to_string).collect(),
        log: Vec::new(),
        shown: 0,
        log_viewer: {
            let humans: Vec<usize> = bots
                .iter()
                .enumerate()
                .filter(|(_, b)| b.is_none())
                .map(|(i, _)| i)
                .collect();
            match humans.as_slice() {
                [one] => Some(Seat(*one as u8)),
                _ => None,
            }
        },
    };
    let seat_list: Vec<String> = table
        .labels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{} {l}", Seat(i as u8)))
        .collect();
    writeln!(out, "{}, seed {seed}: {}", G::NAME, seat_list.join(", "))?;

    // Whatever happens (end, quit, end of input, an engine or bot error),
    // the record so far is saved.
    let result = run_game(&mut table, &mut bots, args.max_decisions, input, out, echo);
    let saved = save(args.save.as_deref(), &table.record, out);
    result?;
    saved
}

/// Plays until the game ends or the human leaves.
fn run_game<G: Game>(
    table: &mut Table<G>,
    bots: &mut [Option<Box<dyn Bot<G>>>],
    max_decisions: usize,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> Result<()> {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    loop {
        let seat = match G::turn(&table.state) {
            Turn::Over => break,
            Turn::Seat(seat) => seat,
        };
        if table.record.choices.len() >= max_decisions {
            bail!("the game did not end within {max_decisions} decisions (--max-decisions)");
        }
        legal.clear();
        G::legal(&table.state, &mut legal);
        if legal.is_empty() {
            bail!("engine error: {seat} is to move but has no legal choice");
        }
        let Some(bot) = bots.get_mut(seat.index()) else {
            bail!(
                "engine error: {seat} is to move but the game has {} seats",
                bots.len()
            );
        };
        let choice = match bot {
            Some(bot) => match bot.choose(&table.state, seat) {
                Some(c) if legal.contains(&c) => c,
                Some(c) => bail!("the bot of {seat} chose {c:?}, which is not legal"),
                None => bail!("the bot of {seat} made no choice"),
            },
            None => match ask_human(table, seat, &legal, input, out, echo)? {
                Answer::Choice(i) => match legal.get(i) {
                    Some(&c) => c,
                    None => bail!("choice {i} of {} is out of range", legal.len()),
                },
                Answer::Quit => {
                    writeln!(
                        out,
                        "Quit: game left unfinished after {} choices.",
                        table.record.choices.len()
                    )?;
                    return Ok(());
                }
                Answer::Eof => {
                    writeln!(
                        out,
                        "\nInput ended: game left unfinished after {} choices.",
                        table.record.choices.len()
                    )?;
                    return Ok(());
                }
            },
        };
        let description = G::describe_choice(&table.state, choice);
        // The log is read by the human at the terminal: other seats' secret
        // choices (a face-down card, a draft pick) are worded for them.
        let logged = G::describe_choice_for(&table.state, choice, seat, table.log_viewer);
        events.clear();
        if let Err(e) = G::apply(&mut table.state, choice, &mut events) {
            bail!("engine error: legal choice {description:?} of {seat} was refused: {e}");
        }
        table.record.choices.push(RecordedChoice { seat, choice });
        let label = &table.labels[seat.index()];
        table.log.push(format!("{seat} ({label}): {logged}"));
        for e in &events {
            table
                .log
                .push(format!("    {}", G::describe_event(&table.state, e)));
        }
    }

    table.print_new_log(out)?;
    writeln!(out)?;
    write!(out, "{}", G::render(&G::view(&table.state, None)))?;
    match G::outcome(&table.state) {
        Some(outcome) => print_outcome::<G>(out, &table.state, &outcome, &table.labels)?,
        None => writeln!(out, "Game over, but the engine gives no outcome.")?,
    }
    Ok(())
}

/// Shows a human seat its board, the new log and its choices, and reads an answer.
fn ask_human<G: Game>(
    table: &mut Table<G>,
    seat: Seat,
    legal: &[G::Choice],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> Result<Answer> {
    let descriptions: Vec<String> = legal
        .iter()
        .map(|&c| G::describe_choice(&table.state, c))
        .collect();
    let board = G::render(&G::view(&table.state, Some(seat)));
    writeln!(out)?;
    table.print_new_log(out)?;
    writeln!(out, "\n==== {seat} to choose ====")?;
    write!(out, "{board}")?;
    write!(out, "Choices:\n{}", numbered(&descriptions))?;
    let mut buf = Vec::new();
    loop {
        write!(
            out,
            "{seat}, your choice (1-{}, ? to show again, q to quit): ",
            descriptions.len()
        )?;
        out.flush()?;
        buf.clear();
        let n = input
            .read_until(b'\n', &mut buf)
            .context("cannot read the answer")?;
        if n == 0 {
            return Ok(Answer::Eof);
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if echo {
            writeln!(out, "{line}")?;
        }
        match line.to_ascii_lowercase().as_str() {
            "" => continue,
            "q" | "quit" => return Ok(Answer::Quit),
            "?" | "help" => {
                let from = table.log.len().saturating_sub(RECENT_LOG);
                writeln!(out, "\n---- recent log ----")?;
                for l in &table.log[from..] {
                    writeln!(out, "{l}")?;
                }
                writeln!(out, "\n==== {seat} to choose ====")?;
                write!(out, "{board}")?;
                write!(out, "Choices:\n{}", numbered(&descriptions))?;
                continue;
            }
            _ => {}
        }
        match match_choice(line, &descriptions) {
            Ok(i) => return Ok(Answer::Choice(i)),
            Err(e) => writeln!(out, "{}", why_no_match(line, &e, &descriptions))?,
        }
    }
}

/// Writes the record as pretty JSON when a file was given.
fn save<G: Game>(path: Option<&Path>, record: &Record<G>, out: &mut dyn Write) -> Result<()> {
    let Some(path) = path else {
        return Ok(());
    };
    let json = serde_json::to_string_pretty(record).context("cannot encode the record")?;
    std::fs::write(path, json + "\n")
        .with_context(|| format!("cannot write the record to `{}`", path.display()))?;
    writeln!(out, "Record saved to {}", path.display())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::Demo;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        args: PlayArgs,
    }

    fn run(cmd: &[&str], mut input: &[u8]) -> (Result<()>, String) {
        let w = Wrap::try_parse_from(std::iter::once("play").chain(cmd.iter().copied()))
            .expect("arguments parse");
        let mut out = Vec::new();
        let r = play::<Demo>(&w.args, &mut input, &mut out, true);
        (r, String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn bad_answers_reprompt_and_eof_ends_cleanly() {
        let (r, out) = run(
            &["demo", "--seats", "human,random", "--seed", "3"],
            b"0\nbanana\n\n?\n\xff\xfe\n",
        );
        r.expect("EOF is a clean end");
        assert!(out.contains("\"0\" is not a choice number"), "{out}");
        assert!(out.contains("no legal choice matches \"banana\""), "{out}");
        assert!(out.contains("---- recent log ----"), "{out}");
        assert!(out.contains("Input ended"), "{out}");
    }

    #[test]
    fn bots_only_game_reaches_the_outcome() {
        let (r, out) = run(
            &["demo", "--seats", "random,random,random", "--seed", "8"],
            b"",
        );
        r.expect("plays to the end");
        assert!(out.contains("Game over."), "{out}");
        assert!(out.contains("Winner: seat"), "{out}");
        assert!(!out.contains("to choose"), "no prompt for bots: {out}");
    }
}
