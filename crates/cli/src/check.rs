//! `eons check`: load a position file, apply choices, show what the engine does.
//!
//! The file is TOML. The CLI reads two top-level keys itself — `game` (the
//! game id) and `choices` (the choices to apply, in order) — and hands the
//! whole text to the game's [`Positions::read_position`], which ignores them.

use crate::common::{explain_match, match_choice, numbered, print_outcome, read_text};
use crate::games::{dispatch, GameCommand};
use anyhow::{anyhow, bail, Result};
use eons_core::{Game, Outcome, Positions, Seat, Turn};
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
        },
    )
}

struct Check {
    name: String,
    text: String,
    choices: Vec<String>,
    json: bool,
}

/// One applied choice, for `--json`.
#[derive(Serialize)]
struct Step {
    input: String,
    seat: Seat,
    choice: String,
    events: Vec<String>,
}

/// The whole result, for `--json`.
#[derive(Serialize)]
struct Report {
    game: &'static str,
    steps: Vec<Step>,
    position: String,
    to_move: Option<Seat>,
    legal: Vec<String>,
    outcome: Option<Outcome>,
}

impl GameCommand for Check {
    fn run<G: Game + Positions>(self) -> Result<()> {
        let stdout = std::io::stdout();
        check::<G>(&self, &mut stdout.lock())
    }
}

fn check<G: Game + Positions>(c: &Check, out: &mut dyn Write) -> Result<()> {
    let mut state =
        G::read_position(&c.text).map_err(|e| anyhow!("`{}`: {} {e}", c.name, G::NAME))?;
    if !c.json {
        writeln!(out, "{}: position from {}", G::NAME, c.name)?;
    }
    let mut steps = Vec::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for (i, input) in c.choices.iter().enumerate() {
        let seat = match G::turn(&state) {
            Turn::Seat(s) => s,
            Turn::Over => bail!("choices[{i}] {input:?}: the game is already over"),
        };
        legal.clear();
        G::legal(&state, &mut legal);
        let descriptions: Vec<String> = legal
            .iter()
            .map(|&ch| G::describe_choice(&state, ch))
            .collect();
        let k = match_choice(input, &descriptions).map_err(|e| {
            anyhow!(
                "choices[{i}] {input:?} for {seat}: {}",
                explain_match(input, &e, &descriptions)
            )
        })?;
        events.clear();
        G::apply(&mut state, legal[k], &mut events).map_err(|e| {
            anyhow!(
                "choices[{i}]: engine error: legal choice {:?} was refused: {e}",
                descriptions[k]
            )
        })?;
        let step = Step {
            input: input.clone(),
            seat,
            choice: descriptions[k].clone(),
            events: events
                .iter()
                .map(|e| G::describe_event(&state, e))
                .collect(),
        };
        if !c.json {
            writeln!(out, "{}. {seat}: {}", i + 1, step.choice)?;
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
    let position = G::write_position(&state);
    let outcome = G::outcome(&state);
    if c.json {
        let report = Report {
            game: G::ID,
            steps,
            position,
            to_move,
            legal: descriptions,
            outcome,
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
            "{s} to move; legal choices:\n{}",
            numbered(&descriptions)
        )?,
        (None, Some(o)) => print_outcome::<G>(out, &state, &o, &[])?,
        (None, None) => writeln!(out, "Game over, but the engine gives no outcome.")?,
    }
    Ok(())
}
