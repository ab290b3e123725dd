//! `eons play`: a game in the terminal, humans and bots in any mix.

use crate::common::{clock_seed, count, derive_seed, make_setup, print_outcome};
use crate::games::GameCommand;
use crate::screen::{choice_keys, colour_wanted, key_range, pick, ColorWhen, Style, CLEAR};
use crate::seats::{make_bot, resolve_seats};
use anyhow::{anyhow, bail, Context, Result};
use eons_bots::Bot;
use eons_core::{capitalised, Game, Positions, Presentation, Record, RecordedChoice, Seat, Turn};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Log lines a terminal's screen shows (`log` shows them all).
const RECENT_LOG: usize = 10;

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
    /// Colour: auto (a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,
}

impl GameCommand for PlayArgs {
    fn run<G: Game + Positions + Presentation>(self) -> Result<()> {
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        let terminal = stdout.is_terminal();
        let no_color = std::env::var_os("NO_COLOR");
        let term = Term {
            style: Style {
                colour: colour_wanted(self.color, terminal, no_color.as_deref()),
            },
            clear: terminal,
            width: if terminal {
                terminal_size::terminal_size().map(|(terminal_size::Width(w), _)| usize::from(w))
            } else {
                None
            },
            // Piped answers are echoed so that the transcript reads like a session.
            echo: !stdin.is_terminal(),
        };
        play::<G>(&self, &mut stdin.lock(), &mut stdout.lock(), term)
    }
}

/// How the screen is drawn.
#[derive(Copy, Clone, Debug)]
pub struct Term {
    /// Colours, or plain text.
    pub style: Style,
    /// Clear the screen before each decision (stdout is a terminal).
    pub clear: bool,
    /// The terminal's width in characters, to set long lists of choices in
    /// columns (None: one choice a line, as in pipes).
    pub width: Option<usize>,
    /// Write each answer read after its prompt (stdin is not a terminal).
    pub echo: bool,
}

#[cfg(test)]
impl Term {
    /// Plain text: no escape codes, no clearing, answers echoed (pipes, tests).
    pub fn plain() -> Term {
        Term {
            style: Style { colour: false },
            clear: false,
            width: None,
            echo: true,
        }
    }
}

/// What a human typed.
enum Answer {
    /// The index of a legal choice.
    Choice(usize),
    /// `undo`: take back this many of the seat's own latest choices.
    Undo(usize),
    /// `q`: stop here.
    Quit,
    /// End of input.
    Eof,
}

/// What the table keeps of each choice made, beside the record.
struct Made {
    /// The log's length before the choice: undo cuts the log back to it.
    log_mark: usize,
    /// A human's choice that [`Game::undo_barrier`] lets the seat take back.
    undoable: bool,
    /// The choice as its seat read it.
    text: String,
}

/// The running game: state, record and log.
struct Table<G: Game> {
    /// The game as it stands.
    state: G::State,
    /// Setup, seed and every choice not taken back: what `--save` writes.
    record: Record<G>,
    /// Beside each entry of the record.
    made: Vec<Made>,
    /// Each seat's kind (`human`, `random`, `mcts:1s`).
    labels: Vec<String>,
    /// The log: each choice, then its events indented.
    log: Vec<String>,
    /// Log lines already shown (the piped transcript shows each line once).
    shown: usize,
    /// Whose eyes the log is written for: the one human seat, else a spectator.
    log_viewer: Option<Seat>,
    /// A message for the top of the next screen (what `undo` took back).
    notice: Option<String>,
}

impl<G: Game> Table<G> {
    /// Who sits where: "seat 1 human, seat 2 random".
    fn seat_list(&self) -> String {
        let seats: Vec<String> = self
            .labels
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{} {l}", Seat(i as u8)))
            .collect();
        seats.join(", ")
    }

    /// The log lines not shown yet, each once.
    fn print_new_log(&mut self, out: &mut dyn Write, style: Style) -> Result<()> {
        for line in &self.log[self.shown.min(self.log.len())..] {
            writeln!(out, "{}", log_line(line, style))?;
        }
        self.shown = self.log.len();
        Ok(())
    }

    /// How many of `seat`'s latest choices `undo` may take back: its own,
    /// back to the last one that may not be taken back or another seat's.
    fn undoable(&self, seat: Seat) -> usize {
        self.record
            .choices
            .iter()
            .zip(&self.made)
            .rev()
            .take_while(|(rc, made)| rc.seat == seat && made.undoable)
            .count()
    }

    /// Why `seat` has nothing to undo.
    fn nothing_to_undo(&self, seat: Seat) -> String {
        match (self.record.choices.last(), self.made.last()) {
            (Some(rc), _) if rc.seat != seat => format!(
                "Nothing to undo: the last choice was {}'s, and only your own can be taken back.",
                rc.seat
            ),
            (Some(_), Some(made)) => format!(
                "Nothing to undo: your last choice, \"{}\", drew or showed something, so it stands.",
                made.text
            ),
            _ => "Nothing to undo: no choice has been made yet.".to_string(),
        }
    }

    /// Takes back the latest `n` choices: the record without them is
    /// replayed from the setup, and the log is cut back.
    fn undo(&mut self, n: usize) -> Result<()> {
        let keep = self.record.choices.len().saturating_sub(n);
        let taken: Vec<String> = self.made[keep..].iter().map(|m| m.text.clone()).collect();
        let mark = self.made.get(keep).map_or(self.log.len(), |m| m.log_mark);
        self.record.choices.truncate(keep);
        self.made.truncate(keep);
        self.log.truncate(mark);
        self.shown = self.shown.min(self.log.len());
        let (state, _) = self
            .record
            .replay()
            .map_err(|e| anyhow!("engine error: the record does not replay after undo: {e}"))?;
        self.state = state;
        self.notice = Some(match taken.as_slice() {
            [one] => format!("Taken back: {one}."),
            many => format!("Taken back, {} choices: {}.", many.len(), many.join("; ")),
        });
        Ok(())
    }
}

/// A log line as shown: events (indented) dimmed.
fn log_line(line: &str, style: Style) -> String {
    if line.starts_with(' ') {
        style.dim(line)
    } else {
        line.to_string()
    }
}

/// Plays one game reading human answers from `input` and writing to `out`.
pub fn play<G: Presentation>(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    term: Term,
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
        made: Vec::new(),
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
        notice: None,
    };
    writeln!(out, "{}, seed {seed}: {}", G::NAME, table.seat_list())?;

    // Whatever happens (end, quit, end of input, an engine or bot error),
    // the record so far is saved.
    let result = run_game(&mut table, &mut bots, args.max_decisions, input, out, term);
    let saved = save(args.save.as_deref(), &table.record, out);
    result?;
    saved
}

/// Plays until the game ends or the human leaves.
fn run_game<G: Presentation>(
    table: &mut Table<G>,
    bots: &mut [Option<Box<dyn Bot<G>>>],
    max_decisions: usize,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    term: Term,
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
        let human = bot.is_none();
        let choice = match bot {
            Some(bot) => match bot.choose(&table.state, seat) {
                Some(c) if legal.contains(&c) => c,
                Some(c) => bail!("the bot of {seat} chose {c:?}, which is not legal"),
                None => bail!("the bot of {seat} made no choice"),
            },
            None => match ask_human(table, seat, &legal, input, out, term)? {
                Answer::Choice(i) => match legal.get(i) {
                    Some(&c) => c,
                    None => bail!("choice {i} of {} is out of range", legal.len()),
                },
                Answer::Undo(n) => {
                    table.undo(n)?;
                    continue;
                }
                Answer::Quit => {
                    writeln!(
                        out,
                        "Quit: the game is left unfinished after {}.",
                        choices(table.record.choices.len())
                    )?;
                    return Ok(());
                }
                Answer::Eof => {
                    writeln!(
                        out,
                        "\nInput ended: the game is left unfinished after {}.",
                        choices(table.record.choices.len())
                    )?;
                    return Ok(());
                }
            },
        };
        let description = G::describe_choice(&table.state, choice);
        // The log is read by the human at the terminal: other seats' secret
        // choices (a face-down card, a draft pick) are worded for them.
        let logged = G::describe_choice_for(&table.state, choice, seat, table.log_viewer);
        // Only a human's choice can be taken back: keep the state before it
        // to ask the game whether it may.
        let before = human.then(|| table.state.clone());
        events.clear();
        if let Err(e) = G::apply(&mut table.state, choice, &mut events) {
            bail!("engine error: legal choice {description:?} of {seat} was refused: {e}");
        }
        let undoable =
            before.is_some_and(|before| !G::undo_barrier(&before, &table.state, &events));
        table.record.choices.push(RecordedChoice { seat, choice });
        table.made.push(Made {
            log_mark: table.log.len(),
            undoable,
            text: description,
        });
        let label = &table.labels[seat.index()];
        table.log.push(format!(
            "{} ({label}): {logged}",
            capitalised(&seat.to_string())
        ));
        // An event only one seat may read (a card drawn) is logged only
        // when the human at the terminal is that seat.
        for e in events
            .iter()
            .filter(|e| G::reader_of(e).is_none_or(|reader| Some(reader) == table.log_viewer))
        {
            table
                .log
                .push(format!("    {}", G::describe_event(&table.state, e)));
        }
    }

    table.print_new_log(out, term.style)?;
    writeln!(out)?;
    write!(out, "{}", G::render(&G::view(&table.state, None)))?;
    match G::outcome(&table.state) {
        Some(outcome) => print_outcome::<G>(out, &table.state, &outcome, &table.labels)?,
        None => writeln!(out, "The game is over, but the engine gives no outcome.")?,
    }
    Ok(())
}

/// "1 choice", "3 choices".
fn choices(n: usize) -> String {
    count(n, "choice", "choices")
}

/// The commands, for `help`.
const HELP: &str = "\
Type the key before a choice (a, b, ...) or part of its text that only one choice contains.
  help, ?    this list
  log        the whole log so far
  undo       take back your latest choice; undo all: all of your latest choices
             that drew or showed nothing, back to the last one that did
  (Enter)    show the screen again
  q, quit    stop here (--save writes the record so far)
";

/// One decision of a human seat: what it shows and the keys of its choices.
struct Decision<'a> {
    /// The seat to move.
    seat: Seat,
    /// Its heading ([`Game::prompt`]).
    prompt: String,
    /// The key of each legal choice ([`choice_keys`]).
    keys: Vec<String>,
    /// The text of each legal choice, in the engine's order.
    descriptions: &'a [String],
}

impl Decision<'_> {
    /// The prompt and the choices with their keys.
    /// The prompt and the choices with their keys: one a line, or, on a
    /// terminal `width` characters wide, in as many columns as fit (read
    /// down each column, in the engine's order), so that a long list stays
    /// on one screen.
    fn write_choices(&self, out: &mut dyn Write, style: Style, width: Option<usize>) -> Result<()> {
        writeln!(out, "{}", style.bold(&self.prompt))?;
        let key_width = self.keys.first().map_or(1, String::len);
        let cells: Vec<(String, &String)> = self
            .keys
            .iter()
            .zip(self.descriptions)
            .map(|(k, d)| (format!("{k:>key_width$}"), d))
            .collect();
        let cell_width = cells
            .iter()
            .map(|(k, d)| 2 + k.chars().count() + 2 + d.chars().count())
            .max()
            .unwrap_or(0);
        let columns = match width {
            Some(w) if cells.len() > 8 && cell_width > 0 => (w / (cell_width + 1)).clamp(1, 4),
            _ => 1,
        };
        let rows = cells.len().div_ceil(columns);
        for row in 0..rows {
            let mut line = String::new();
            let mut plain = 0;
            for column in 0..columns {
                let Some((k, d)) = cells.get(column * rows + row) else {
                    break;
                };
                if column > 0 {
                    let pad = (cell_width + 1) * column - plain;
                    line.push_str(&" ".repeat(pad));
                    plain += pad;
                }
                line.push_str(&format!("  {}  {d}", style.key(k)));
                plain += 2 + k.chars().count() + 2 + d.chars().count();
            }
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    /// The line that asks for an answer.
    fn ask(&self, out: &mut dyn Write) -> Result<()> {
        write!(
            out,
            "{}, your choice ({}, or help): ",
            capitalised(&self.seat.to_string()),
            key_range(&self.keys)
        )?;
        out.flush()?;
        Ok(())
    }
}

/// Draws the screen of a decision: a header, the board as the seat sees it,
/// the log since the last screen (on a terminal, its last lines), a notice,
/// the prompt and the choices.
fn draw_screen<G: Game>(
    table: &mut Table<G>,
    decision: &Decision<'_>,
    out: &mut dyn Write,
    term: Term,
) -> Result<()> {
    let style = term.style;
    if term.clear {
        write!(out, "{CLEAR}")?;
    } else {
        writeln!(out)?;
    }
    writeln!(
        out,
        "{}",
        style.dim(&format!(
            "{}, seed {}: {}; {} so far",
            G::NAME,
            table.record.seed,
            table.seat_list(),
            choices(table.record.choices.len())
        ))
    )?;
    write!(
        out,
        "{}",
        G::render(&G::view(&table.state, Some(decision.seat)))
    )?;
    // A piped transcript shows every log line once; a terminal redraws its
    // screen, showing the last lines again whether seen or not.
    let from = if term.clear {
        let from = table.log.len().saturating_sub(RECENT_LOG);
        let unseen = from.saturating_sub(table.shown);
        if unseen > 0 {
            writeln!(
                out,
                "\n{}",
                style.dim(&format!(
                    "({} before these: type log to read them)",
                    count(unseen, "new line", "new lines")
                ))
            )?;
        }
        from
    } else {
        table.shown.min(table.log.len())
    };
    if from < table.log.len() {
        writeln!(out)?;
        for line in &table.log[from..] {
            writeln!(out, "{}", log_line(line, style))?;
        }
    }
    table.shown = table.log.len();
    writeln!(out)?;
    if let Some(notice) = table.notice.take() {
        writeln!(out, "{}", style.warn(&notice))?;
    }
    decision.write_choices(out, style, term.width)?;
    Ok(())
}

/// Shows a human seat its screen and reads answers until one picks a choice
/// or leaves.
fn ask_human<G: Game>(
    table: &mut Table<G>,
    seat: Seat,
    legal: &[G::Choice],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    term: Term,
) -> Result<Answer> {
    let style = term.style;
    let descriptions: Vec<String> = legal
        .iter()
        .map(|&c| G::describe_choice(&table.state, c))
        .collect();
    let decision = Decision {
        seat,
        prompt: G::prompt(&table.state),
        keys: choice_keys(descriptions.len()),
        descriptions: &descriptions,
    };
    draw_screen(table, &decision, out, term)?;
    let mut buf = Vec::new();
    loop {
        decision.ask(out)?;
        buf.clear();
        let n = input
            .read_until(b'\n', &mut buf)
            .context("cannot read the answer")?;
        if n == 0 {
            return Ok(Answer::Eof);
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if term.echo {
            writeln!(out, "{line}")?;
        }
        let command: Vec<String> = line
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let command: Vec<&str> = command.iter().map(String::as_str).collect();
        match command.as_slice() {
            [] => {
                draw_screen(table, &decision, out, term)?;
                continue;
            }
            ["q" | "quit"] => return Ok(Answer::Quit),
            ["?" | "help"] => {
                write!(out, "{HELP}")?;
                continue;
            }
            ["log"] => {
                writeln!(
                    out,
                    "\n---- the log so far ({}) ----",
                    count(table.log.len(), "line", "lines")
                )?;
                for l in &table.log {
                    writeln!(out, "{}", log_line(l, style))?;
                }
                writeln!(out, "----")?;
                table.shown = table.log.len();
                decision.write_choices(out, style, term.width)?;
                continue;
            }
            ["undo", rest @ ..] if rest.is_empty() || rest == ["all"] => {
                let n = table.undoable(seat);
                if n == 0 {
                    writeln!(out, "{}", style.warn(&table.nothing_to_undo(seat)))?;
                    continue;
                }
                return Ok(Answer::Undo(if rest.is_empty() { 1 } else { n }));
            }
            _ => {}
        }
        match pick(line, &decision.keys, &descriptions) {
            Ok(i) => return Ok(Answer::Choice(i)),
            Err(why) => writeln!(out, "{}", style.warn(&why))?,
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
    use clap::Parser;
    use eons_toy::CardRace;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        args: PlayArgs,
    }

    fn run(cmd: &[&str], mut input: &[u8]) -> (Result<()>, String) {
        let w = Wrap::try_parse_from(std::iter::once("play").chain(cmd.iter().copied()))
            .expect("arguments parse");
        let mut out = Vec::new();
        let r = play::<CardRace>(&w.args, &mut input, &mut out, Term::plain());
        (r, String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn bad_answers_reprompt_and_eof_ends_cleanly() {
        let (r, out) = run(
            &["demo", "--seats", "human,random", "--seed", "3"],
            b"0\nbanana\n\n?\n\xff\xfe\n",
        );
        r.expect("EOF is a clean end");
        assert!(out.contains("\"0\" is not a key"), "{out}");
        assert!(out.contains("No choice matches \"banana\""), "{out}");
        assert!(out.contains("the whole log so far"), "help: {out}");
        assert_eq!(
            out.matches("Seat 1: play a card").count(),
            2,
            "an empty line shows the screen again: {out}"
        );
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
        assert!(!out.contains("your choice"), "no prompt for bots: {out}");
    }

    /// A seed that deals seat 1 of a two-seat game a hand with a card
    /// `first` and a storm card (5 or 6); returns it with the storm card.
    fn seed_dealing(first: Option<u8>) -> (u64, u8) {
        let setup = CardRace::setup(2, &[]).expect("setup");
        (0..10_000)
            .find_map(|seed| {
                let s = CardRace::new(&setup, seed).ok()?;
                let hand = &s.hands[0];
                if first.is_some_and(|c| !hand.contains(&c)) {
                    return None;
                }
                hand.iter().find(|&&c| c >= 5).map(|&c| (seed, c))
            })
            .expect("some seed deals such a hand")
    }

    /// The table after playing `input` on `seed` (two humans).
    fn table_after(seed: u64, input: &[&str]) -> (Table<CardRace>, String) {
        let w = Wrap::try_parse_from([
            "play",
            "demo",
            "--seats",
            "human,human",
            "--seed",
            &seed.to_string(),
        ])
        .expect("arguments parse");
        let kinds = resolve_seats(None, w.args.seats.as_deref()).expect("seats");
        let setup = make_setup::<CardRace>(kinds.len(), &[]).expect("setup");
        let mut table = Table::<CardRace> {
            state: CardRace::new(&setup, seed).expect("new"),
            record: Record::new(setup, seed),
            made: Vec::new(),
            labels: vec!["human".into(), "human".into()],
            log: Vec::new(),
            shown: 0,
            log_viewer: None,
            notice: None,
        };
        let mut bots: Vec<Option<Box<dyn Bot<CardRace>>>> = vec![None, None];
        let text = input.iter().map(|l| format!("{l}\n")).collect::<String>();
        let mut out = Vec::new();
        run_game(
            &mut table,
            &mut bots,
            1000,
            &mut text.as_bytes(),
            &mut out,
            Term::plain(),
        )
        .expect("plays");
        (table, String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn a_terminal_screen_is_cleared_and_shows_the_last_log_lines() {
        let (mut table, _) = table_after(3, &[]);
        table.log = (1..=14).map(|i| format!("Line {i}")).collect();
        let descriptions = vec!["play 1".to_string(), "play 5".to_string()];
        let decision = Decision {
            seat: Seat(0),
            prompt: CardRace::prompt(&table.state),
            keys: choice_keys(2),
            descriptions: &descriptions,
        };
        let term = Term {
            style: Style { colour: true },
            clear: true,
            width: None,
            echo: false,
        };
        let mut out = Vec::new();
        draw_screen(&mut table, &decision, &mut out, term).expect("draws");
        let out = String::from_utf8_lossy(&out);
        assert!(out.starts_with(CLEAR), "{out:?}");
        assert!(
            out.contains("(4 new lines before these: type log to read them)"),
            "{out:?}"
        );
        assert!(
            out.contains("\nLine 5\n") && out.contains("\nLine 14\n"),
            "{out:?}"
        );
        assert!(!out.contains("Line 4\n"), "{out:?}");
        assert!(out.contains("\x1b[1;36ma\x1b[0m  play 1"), "{out:?}");
        assert_eq!(table.shown, 14);

        // Drawn again, nothing is new: no note.
        let mut out = Vec::new();
        draw_screen(&mut table, &decision, &mut out, term).expect("draws");
        let out = String::from_utf8_lossy(&out);
        assert!(!out.contains("before these"), "{out:?}");
        assert!(out.contains("\nLine 14\n"), "{out:?}");
    }

    #[test]
    fn a_long_list_of_choices_is_set_in_columns_on_a_wide_terminal() {
        let descriptions: Vec<String> = (1..=20)
            .map(|i| format!("place an AP on space {i}"))
            .collect();
        let decision = Decision {
            seat: Seat(0),
            prompt: "Birds: place an AP".into(),
            keys: choice_keys(20),
            descriptions: &descriptions,
        };
        let style = Style { colour: false };
        let mut narrow = Vec::new();
        decision
            .write_choices(&mut narrow, style, None)
            .expect("writes");
        let narrow = String::from_utf8_lossy(&narrow);
        assert_eq!(narrow.lines().count(), 21, "one choice a line: {narrow}");
        let mut wide = Vec::new();
        decision
            .write_choices(&mut wide, style, Some(100))
            .expect("writes");
        let wide = String::from_utf8_lossy(&wide);
        assert_eq!(
            wide.lines().count(),
            1 + 7,
            "three columns of at most 7: {wide}"
        );
        let first_row = wide.lines().nth(1).expect("a row");
        assert!(
            first_row.starts_with("  a  place an AP on space 1")
                && first_row.contains("h  place an AP on space 8")
                && first_row.contains("o  place an AP on space 15"),
            "read down each column: {first_row}"
        );
        assert!(wide.lines().all(|l| l.chars().count() <= 100), "{wide}");
    }

    #[test]
    fn undo_takes_back_a_storm_card_but_not_past_a_draw() {
        let (seed, storm) = seed_dealing(None);
        let (table, out) = table_after(seed, &[&format!("play {storm}"), "undo", "undo"]);
        assert!(out.contains(&format!("Taken back: play {storm}.")), "{out}");
        assert!(
            out.contains("Nothing to undo: no choice has been made yet."),
            "{out}"
        );
        assert!(
            table.record.choices.is_empty(),
            "{:?}",
            table.record.choices
        );
        assert!(table.log.is_empty(), "{:?}", table.log);
        assert_eq!(
            CardRace::prompt(&table.state),
            "Seat 1: play a card",
            "the storm is gone"
        );

        // A sprint draws: it stands, while the storm card after it goes.
        let (seed, storm) = seed_dealing(Some(1));
        let (table, out) = table_after(
            seed,
            &["play 1", &format!("play {storm}"), "undo all", "undo"],
        );
        assert!(out.contains(&format!("Taken back: play {storm}.")), "{out}");
        assert!(
            out.contains("Nothing to undo: your last choice, \"play 1\", drew or showed something"),
            "{out}"
        );
        assert_eq!(table.record.choices.len(), 1);
        assert_eq!(
            table.record.choices[0].choice,
            eons_toy::CardRaceChoice::Play(1)
        );
        assert_eq!(table.log[0], "Seat 1 (human): play 1");
        assert!(
            table
                .log
                .iter()
                .all(|l| !l.contains(&format!("plays {storm}"))),
            "{:?}",
            table.log
        );

        // Seat 2 cannot take back seat 1's choice.
        let (seed, storm) = seed_dealing(None);
        let (table, out) = table_after(seed, &[&format!("play {storm}"), "skip", "undo"]);
        assert!(
            out.contains("Nothing to undo: the last choice was seat 1's"),
            "{out}"
        );
        assert_eq!(table.record.choices.len(), 2);
    }
}
