//! `eons check`: load a position file, apply choices, show what the engine does.
//!
//! The file is TOML. The CLI reads two top-level keys itself — `game` (the
//! game id) and `choices` (the choices to apply, in order) — and hands the
//! whole text to the game's [`Positions::read_position_with_events`], which
//! ignores them and tells the forced steps it ran while loading.

use crate::common::{
    explain_match, match_choice_how, numbered, print_outcome, read_text, MatchKind,
};
use crate::games::{dispatch, GameCommand};
use anyhow::{anyhow, bail, Result};
use eons_core::{Game, Positions, Presentation, Seat, Turn};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `eons check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// A position file (TOML with top-level `game` and `choices` keys).
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Fail, rather than warn, when a choice given as part of a text answers
    /// another seat's prompt than the file's previous choice did.
    #[arg(long)]
    pub strict: bool,
}

/// Reads the file, finds its game and choices, and runs the check.
pub fn run(args: CheckArgs) -> Result<()> {
    let text = read_text(&args.file)?;
    let name = args.file.display().to_string();
    let table: toml::Table =
        toml::from_str(&text).map_err(|e| anyhow!("`{name}` is not valid TOML: {e}"))?;
    let game = match table.get("game") {
        Some(toml::Value::String(g)) => g.clone(),
        Some(_) => bail!("`{name}`: the top-level `game` key must be a string such as \"ds\""),
        None => bail!("`{name}` names no game: add a top-level key such as `game = \"ds\"`"),
    };
    let choices = match table.get("choices") {
        None => Vec::new(),
        Some(toml::Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                toml::Value::String(s) => Ok(s.clone()),
                toml::Value::Integer(n) => Ok(n.to_string()),
                other => Err(anyhow!(
                    "`{name}`: choices[{i}] must be a string or a number, not {}",
                    other.type_str()
                )),
            })
            .collect::<Result<Vec<_>>>()?,
        Some(_) => bail!("`{name}`: `choices` must be an array of strings"),
    };
    dispatch(
        &game,
        Check {
            name,
            text,
            choices,
            json: args.json,
            strict: args.strict,
        },
    )
}

/// A check to run: the file's name and text and the choices it lists.
struct Check {
    /// The file's name, for messages.
    name: String,
    /// The whole file.
    text: String,
    /// Its `choices`, as written.
    choices: Vec<String>,
    /// `--json`.
    json: bool,
    /// `--strict`.
    strict: bool,
}

/// One applied choice, for `--json`.
#[derive(Serialize)]
struct Step {
    /// The entry of the file's `choices`, as written.
    input: String,
    /// The seat that made the choice, counted from 1.
    seat_number: usize,
    /// The heading of the decision the choice answered ([`Game::prompt`]).
    prompt: String,
    /// The description of the choice applied.
    choice: String,
    /// What happened, one sentence each.
    events: Vec<String>,
}

/// A finished game's result, for `--json`, with seats counted from 1.
#[derive(Serialize)]
struct OutcomeReport {
    /// Final score of each seat, in seat order.
    scores: Vec<i64>,
    /// Seats from first place to last, counted from 1.
    ranking_seat_numbers: Vec<usize>,
}

/// The whole result, for `--json`.
#[derive(Serialize)]
struct Report {
    /// The game id.
    game: &'static str,
    /// Events of the forced steps run while the position was loaded.
    loading_events: Vec<String>,
    /// Each applied choice.
    steps: Vec<Step>,
    /// Warnings about the file's choices (also printed on stderr).
    warnings: Vec<String>,
    /// The resulting position, as [`Positions::write_position`] writes it.
    position: String,
    /// The seat to move, counted from 1 (`null` when the game is over).
    to_move_seat_number: Option<usize>,
    /// The heading of the decision to make (`null` when the game is over).
    prompt: Option<String>,
    /// The legal choices' texts, in the engine's order.
    legal: Vec<String>,
    /// The result, once the game is over.
    outcome: Option<OutcomeReport>,
}

impl GameCommand for Check {
    fn run<G: Game + Positions + Presentation>(self) -> Result<()> {
        let stdout = std::io::stdout();
        let stderr = std::io::stderr();
        check::<G>(&self, &mut stdout.lock(), &mut stderr.lock())
    }
}

/// The seat of a decision, counted from 1 ([`Seat`]'s display: "seat 2").
fn seat_number(seat: Seat) -> usize {
    seat.index() + 1
}

/// Loads the position, applies the choices and reports on `out`; warnings go
/// to `warn` (and into the JSON report).
fn check<G: Game + Positions>(c: &Check, out: &mut dyn Write, warn: &mut dyn Write) -> Result<()> {
    let (mut state, loaded) = G::read_position_with_events(&c.text)
        .map_err(|e| anyhow!("`{}`: {} {e}", c.name, G::NAME))?;
    let loading_events: Vec<String> = loaded
        .iter()
        .map(|e| G::describe_event(&state, e))
        .collect();
    if !c.json {
        writeln!(out, "{}: position from {}", G::NAME, c.name)?;
        if !loading_events.is_empty() {
            writeln!(out, "Forced steps while loading the position:")?;
            for e in &loading_events {
                writeln!(out, "     {e}")?;
            }
        }
    }
    let mut steps: Vec<Step> = Vec::new();
    let mut warnings = Vec::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for (i, input) in c.choices.iter().enumerate() {
        let seat = match G::turn(&state) {
            Turn::Seat(s) => s,
            Turn::Over => bail!("choices[{i}] {input:?}: the game is already over"),
        };
        let prompt = G::prompt(&state);
        legal.clear();
        G::legal(&state, &mut legal);
        let descriptions: Vec<String> = legal
            .iter()
            .map(|&ch| G::describe_choice(&state, ch))
            .collect();
        let (k, kind) = match_choice_how(input, &descriptions).map_err(|e| {
            anyhow!(
                "choices[{i}] {input:?} for {seat} ({prompt}): {}",
                explain_match(input, &e, &descriptions)
            )
        })?;
        // A part of a text answers whichever decision comes next: when that
        // is another seat's, the file's author may have miscounted.
        if let (MatchKind::Partial, Some(previous)) = (kind, steps.last()) {
            if previous.seat_number != seat_number(seat) {
                let message = format!(
                    "choices[{i}] {input:?} answers {seat}'s prompt {prompt:?}, \
                     while choices[{}] answered seat {}'s",
                    i - 1,
                    previous.seat_number
                );
                if c.strict {
                    bail!(
                        "{message} (with --strict, write the whole choice, {:?}, \
                         to answer another seat's prompt)",
                        descriptions[k]
                    );
                }
                writeln!(warn, "eons: warning: {message}")?;
                warnings.push(message);
            }
        }
        events.clear();
        G::apply(&mut state, legal[k], &mut events).map_err(|e| {
            anyhow!(
                "choices[{i}]: engine error: legal choice {:?} was refused: {e}",
                descriptions[k]
            )
        })?;
        let step = Step {
            input: input.clone(),
            seat_number: seat_number(seat),
            prompt,
            choice: descriptions[k].clone(),
            events: events
                .iter()
                .map(|e| G::describe_event(&state, e))
                .collect(),
        };
        if !c.json {
            writeln!(
                out,
                "{}. {seat}, asked {:?}: {}",
                i + 1,
                step.prompt,
                step.choice
            )?;
            for e in &step.events {
                writeln!(out, "     {e}")?;
            }
        }
        steps.push(step);
    }
    let to_move = match G::turn(&state) {
        Turn::Seat(s) => Some(s),
        Turn::Over => None,
    };
    legal.clear();
    if to_move.is_some() {
        G::legal(&state, &mut legal);
    }
    let descriptions: Vec<String> = legal
        .iter()
        .map(|&ch| G::describe_choice(&state, ch))
        .collect();
    let prompt = to_move.map(|_| G::prompt(&state));
    let position = G::write_position(&state);
    let outcome = G::outcome(&state);
    if c.json {
        let report = Report {
            game: G::ID,
            loading_events,
            steps,
            warnings,
            position,
            to_move_seat_number: to_move.map(seat_number),
            prompt,
            legal: descriptions,
            outcome: outcome.map(|o| OutcomeReport {
                scores: o.scores,
                ranking_seat_numbers: o.ranking.into_iter().map(seat_number).collect(),
            }),
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    writeln!(out, "\n---- resulting position ----")?;
    write!(out, "{position}")?;
    if !position.ends_with('\n') {
        writeln!(out)?;
    }
    writeln!(out, "----")?;
    match (to_move, outcome) {
        (Some(s), _) => write!(
            out,
            "{s} to move, asked {:?}; legal choices:\n{}",
            prompt.unwrap_or_default(),
            numbered(&descriptions)
        )?,
        (None, Some(o)) => print_outcome::<G>(out, &state, &o, &[])?,
        (None, None) => writeln!(out, "The game is over, but the engine gives no outcome.")?,
    }
    Ok(())
}
