//! `eons replay`: replays a saved record, checking every choice.

use crate::common::{count, print_outcome, read_text};
use crate::games::{dispatch, GameCommand};
use anyhow::{anyhow, bail, Context, Result};
use eons_core::{Game, Positions, Presentation, Record, RecordedChoice, Turn};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `eons replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// A game record (JSON, as written by `eons play --save`), or a file of
    /// records, one JSON object per line (as written by `eons tournament --out`).
    pub file: PathBuf,
    /// In a file of records (JSON lines), the game to replay, counting from 0
    /// (game K of the tournament; blank lines are skipped).
    #[arg(long, value_name = "K")]
    pub game_index: Option<usize>,
    /// Golden fixtures: instead of printing the replay, write the transcript
    /// of a fixture record (`NAME.record.json` in a game's `tests/fixtures/`)
    /// to `NAME.transcript.txt` beside it, after a deliberate change of play
    /// or of a text; the diff of the transcript shows what changed.
    #[arg(long, conflicts_with = "game_index")]
    pub bless: bool,
}

/// The record to replay from the file's text: the whole text when it is one
/// JSON value, else line `index` (0-based, blank lines skipped) of a JSON-lines
/// file. Returns the record and, for a JSON-lines file, the number of records.
pub(crate) fn select_record(
    path: &Path,
    text: &str,
    index: Option<usize>,
) -> Result<(serde_json::Value, Option<usize>)> {
    let whole = serde_json::from_str::<serde_json::Value>(text);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if let Ok(value) = whole {
        // One record (a pretty `play --save` file or a one-game JSON-lines file).
        return match index {
            None | Some(0) => Ok((value, None)),
            Some(k) => bail!(
                "`{}` holds one game record: --game-index {k} is out of range (only 0)",
                path.display()
            ),
        };
    }
    let first = lines
        .first()
        .map(|l| serde_json::from_str::<serde_json::Value>(l));
    let Some(Ok(_)) = first else {
        // Not JSON lines either: report the error of the whole text.
        return serde_json::from_str::<serde_json::Value>(text)
            .map(|v| (v, None))
            .with_context(|| format!("`{}` is not valid JSON", path.display()));
    };
    let n = lines.len();
    let Some(k) = index else {
        bail!(
            "`{}` holds {n} game records (JSON lines); choose one with --game-index K (0 to {})",
            path.display(),
            n - 1
        );
    };
    let Some(line) = lines.get(k) else {
        bail!(
            "`{}` holds {n} game records: --game-index {k} is out of range (0 to {})",
            path.display(),
            n - 1
        );
    };
    let value = serde_json::from_str(line).with_context(|| {
        format!(
            "`{}`: record {k} (line {} of the records) is not valid JSON",
            path.display(),
            k + 1
        )
    })?;
    Ok((value, Some(n)))
}

/// The `game` field of a record: the id of the engine that replays it.
pub(crate) fn record_game(file: &std::path::Path, value: &serde_json::Value) -> Result<String> {
    value
        .get("game")
        .and_then(|g| g.as_str())
        .map(str::to_string)
        .ok_or_else(|| {
            anyhow!(
                "`{}` is not a game record: it has no \"game\" string field",
                file.display()
            )
        })
}

/// Loads the record, picks the engine from its `game` field and replays it.
pub fn run(args: ReplayArgs) -> Result<()> {
    let text = read_text(&args.file)?;
    let (value, count) = select_record(&args.file, &text, args.game_index)?;
    let game = record_game(&args.file, &value)?;
    if let (Some(n), Some(k)) = (count, args.game_index) {
        let stdout = std::io::stdout();
        writeln!(stdout.lock(), "Game {k} of {n} in {}", args.file.display())?;
    }
    dispatch(
        &game,
        Replay {
            path: args.file,
            value,
            bless: args.bless,
        },
    )
}

struct Replay {
    path: PathBuf,
    value: serde_json::Value,
    bless: bool,
}

impl GameCommand for Replay {
    fn run<G: Game + Positions + Presentation>(self) -> Result<()> {
        let stdout = std::io::stdout();
        if self.bless {
            let (written, changed) =
                eons_core::testing::golden::bless::<G>(&self.path).map_err(|e| anyhow!(e))?;
            let what = if changed { "wrote" } else { "unchanged:" };
            writeln!(stdout.lock(), "{what} {}", written.display())?;
            return Ok(());
        }
        replay::<G>(&self.path, self.value, &mut stdout.lock())
    }
}

/// Reads a record, naming the index of the first choice that cannot be read.
pub(crate) fn parse_record<G: Game>(
    path: &Path,
    mut value: serde_json::Value,
) -> Result<Record<G>> {
    let invalid = || format!("`{}` is not a valid {} record", path.display(), G::NAME);
    let raw = match value.get_mut("choices").map(serde_json::Value::take) {
        Some(serde_json::Value::Array(items)) => items,
        Some(_) => bail!("{}: \"choices\" must be an array", invalid()),
        None => bail!("{}: it has no \"choices\" array", invalid()),
    };
    value["choices"] = serde_json::Value::Array(Vec::new());
    let mut record: Record<G> = serde_json::from_value(value).with_context(invalid)?;
    for (index, item) in raw.into_iter().enumerate() {
        let rc: RecordedChoice<G> = serde_json::from_value(item).with_context(|| {
            format!(
                "{}: bad choice #{} (choices[{index}]) cannot be read",
                invalid(),
                index + 1
            )
        })?;
        record.choices.push(rc);
    }
    Ok(record)
}

/// Replays `value` (a record of `G`) printing the log and the outcome.
fn replay<G: Game>(path: &Path, value: serde_json::Value, out: &mut dyn Write) -> Result<()> {
    let record = parse_record::<G>(path, value)?;
    let mut state = G::new(&record.setup, record.seed)
        .map_err(|e| anyhow!("the record's setup is refused: {e}"))?;
    writeln!(
        out,
        "{}, seed {}, {} seats, {}",
        G::NAME,
        record.seed,
        G::seats(&state),
        count(record.choices.len(), "recorded choice", "recorded choices")
    )?;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for (index, rc) in record.choices.iter().enumerate() {
        let bad = |why: String| anyhow!("bad choice #{} (choices[{index}]): {why}", index + 1);
        // A choice that is not legal cannot be described: it is named as
        // the file writes it.
        let written = serde_json::to_string(&rc.choice).unwrap_or_else(|_| "the choice".into());
        match G::turn(&state) {
            Turn::Over => {
                return Err(bad(format!(
                    "{written} by {} comes after the end of the game",
                    rc.seat
                )))
            }
            Turn::Seat(s) if s != rc.seat => {
                return Err(bad(format!(
                    "recorded for {} but it is {s}'s turn",
                    rc.seat
                )))
            }
            Turn::Seat(_) => {}
        }
        legal.clear();
        G::legal(&state, &mut legal);
        if !legal.contains(&rc.choice) {
            let options: Vec<String> = legal
                .iter()
                .map(|&c| G::describe_choice(&state, c))
                .collect();
            let refusal = {
                let mut probe = state.clone();
                match G::apply(&mut probe, rc.choice, &mut Vec::new()) {
                    Err(e) => format!(": {e}"),
                    Ok(()) => String::new(),
                }
            };
            return Err(bad(format!(
                "{written} by {} is not legal{refusal} (legal: {})",
                rc.seat,
                options.join("; ")
            )));
        }
        let description = G::describe_choice(&state, rc.choice);
        events.clear();
        G::apply(&mut state, rc.choice, &mut events)
            .map_err(|e| bad(format!("{description:?} by {} was refused: {e}", rc.seat)))?;
        writeln!(out, "{:>4}. {}: {description}", index + 1, rc.seat)?;
        for e in &events {
            writeln!(out, "        {}", G::describe_event(&state, e))?;
        }
    }
    writeln!(out)?;
    write!(out, "{}", G::render(&G::view(&state, None)))?;
    match G::turn(&state) {
        Turn::Over => match G::outcome(&state) {
            Some(o) => print_outcome::<G>(out, &state, &o, &[])?,
            None => bail!("the game is over but the engine gives no outcome"),
        },
        Turn::Seat(s) => writeln!(
            out,
            "The record ends before the game does: {s} is to move after {}.",
            count(record.choices.len(), "choice", "choices")
        )?,
    }
    Ok(())
}
