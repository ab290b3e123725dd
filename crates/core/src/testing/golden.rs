//! Golden whole-game fixtures.
//!
//! A fixture is a pair of files in a game's `tests/fixtures/` folder:
//! `NAME.record.json`, a game record as `eons tournament --out`, `eons play
//! --save` or the server's `GET /api/games/{id}/record` write it, and
//! `NAME.transcript.txt`, what [`transcript`] makes of it: one line per
//! choice (its number, the seat, the text the chooser read, and what the
//! other seats and spectators read where that differs), the events it
//! caused, and the outcome. [`check_fixtures`] replays every record and
//! compares; with [`BLESS_VARIABLE`] set (or `eons replay --bless FILE`) it
//! writes the transcripts instead, so a deliberate change shows up as a diff
//! of plain text in review.

use crate::game::{Game, Seat, Turn};
use crate::record::{Record, ReplayError};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The environment variable that rewrites the transcripts instead of
/// checking them: `EONS_BLESS=1 cargo test golden::`.
pub const BLESS_VARIABLE: &str = "EONS_BLESS";

/// The file name ending of a fixture's record.
const RECORD_SUFFIX: &str = ".record.json";
/// The file name ending of a fixture's transcript.
const TRANSCRIPT_SUFFIX: &str = ".transcript.txt";

/// Why a record could not be turned into a transcript.
#[derive(Debug, thiserror::Error)]
pub enum GoldenError {
    /// The record does not replay (a choice is refused or made out of turn).
    #[error("the record does not replay: {0}")]
    Replay(#[from] ReplayError),
    /// The record's setup is refused.
    #[error("the record's setup is refused: {0}")]
    Setup(String),
    /// The game did not end where the record does.
    #[error("the record stops before the game is over (turn: {0:?})")]
    Unfinished(Turn),
}

/// The transcript of a recorded game: every choice as each viewer read it,
/// the events it caused, and the outcome. Only finished games make
/// fixtures, so the outcome is always there.
pub fn transcript<G: Game>(record: &Record<G>) -> Result<String, GoldenError> {
    if record.game != G::ID {
        return Err(ReplayError::WrongGame {
            expected: G::ID.into(),
            found: record.game.clone(),
        }
        .into());
    }
    let mut state =
        G::new(&record.setup, record.seed).map_err(|e| GoldenError::Setup(e.to_string()))?;
    let seats = G::seats(&state);
    let mut out = String::new();
    let setup = serde_json::to_string(&record.setup).unwrap_or_default();
    let _ = writeln!(
        out,
        "# {} ({}), {seats} players, seed {}\n# setup: {setup}\n\
         # Each choice: its number, the seat, the text the chooser read, what the\n\
         # other viewers read where it differs (\"→ seat 2, spectator:\"), then its events.",
        G::NAME,
        G::ID,
        record.seed
    );
    let mut events = Vec::new();
    let mut legal = Vec::new();
    for (index, recorded) in record.choices.iter().enumerate() {
        let turn = G::turn(&state);
        if turn != Turn::Seat(recorded.seat) {
            return Err(ReplayError::WrongSeat {
                index,
                recorded: recorded.seat,
                actual: turn,
            }
            .into());
        }
        let choice = recorded.choice;
        let actor = recorded.seat;
        // Only a listed choice is described: describing another one may
        // read past the board (a stale fixture after a rules change).
        legal.clear();
        G::legal(&state, &mut legal);
        if !legal.contains(&choice) {
            let mut refused = state.clone();
            let message = match G::apply(&mut refused, choice, &mut Vec::new()) {
                Err(e) => e.to_string(),
                Ok(()) => format!("{choice:?} is not among the legal choices"),
            };
            return Err(ReplayError::Illegal { index, message }.into());
        }
        let text = G::describe_choice(&state, choice);
        let _ = writeln!(out, "{} {actor}: {text}", index + 1);
        // What every other viewer reads, grouped by text, in seat order.
        let mut others: Vec<(String, Vec<String>)> = Vec::new();
        let viewers = (0..seats)
            .map(|k| Some(Seat(k as u8)))
            .filter(|&v| v != Some(actor))
            .chain([None]);
        for viewer in viewers {
            let read = G::describe_choice_for(&state, choice, actor, viewer);
            if read == text {
                continue;
            }
            let name = viewer.map_or("spectator".to_string(), |s| s.to_string());
            match others.iter_mut().find(|(t, _)| *t == read) {
                Some((_, names)) => names.push(name),
                None => others.push((read, vec![name])),
            }
        }
        for (read, names) in others {
            let _ = writeln!(out, "    → {}: {read}", names.join(", "));
        }
        events.clear();
        G::apply(&mut state, choice, &mut events).map_err(|e| ReplayError::Illegal {
            index,
            message: e.to_string(),
        })?;
        for event in &events {
            let _ = writeln!(out, "    · {}", G::describe_event(&state, event));
        }
    }
    match (G::turn(&state), G::outcome(&state)) {
        (Turn::Over, Some(outcome)) => {
            let ranking: Vec<String> = outcome
                .ranking
                .iter()
                .map(|s| {
                    let score = outcome.scores.get(s.index()).copied().unwrap_or_default();
                    format!("{s} ({score})")
                })
                .collect();
            let _ = writeln!(out, "outcome: {}", ranking.join(", "));
            let _ = writeln!(out, "scores by seat: {:?}", outcome.scores);
        }
        (turn, _) => return Err(GoldenError::Unfinished(turn)),
    }
    Ok(out)
}

/// The transcript file beside a record file (`NAME.record.json` →
/// `NAME.transcript.txt`), or `None` when the name does not end in
/// `.record.json`.
pub fn transcript_path(record: &Path) -> Option<PathBuf> {
    let name = record.file_name()?.to_str()?;
    let stem = name.strip_suffix(RECORD_SUFFIX)?;
    Some(record.with_file_name(format!("{stem}{TRANSCRIPT_SUFFIX}")))
}

/// Writes the transcript of the record in `record_file` beside it; returns
/// the transcript's path and whether its text changed.
pub fn bless<G: Game>(record_file: &Path) -> Result<(PathBuf, bool), String> {
    let path = transcript_path(record_file).ok_or_else(|| {
        format!(
            "`{}`: a fixture's record is named NAME{RECORD_SUFFIX}",
            record_file.display()
        )
    })?;
    let text = std::fs::read_to_string(record_file)
        .map_err(|e| format!("`{}`: {e}", record_file.display()))?;
    let record: Record<G> = serde_json::from_str(&text)
        .map_err(|e| format!("`{}`: not a {} record: {e}", record_file.display(), G::NAME))?;
    let made = transcript(&record).map_err(|e| format!("`{}`: {e}", record_file.display()))?;
    let changed = std::fs::read_to_string(&path).ok().as_deref() != Some(made.as_str());
    if changed {
        std::fs::write(&path, made).map_err(|e| format!("`{}`: {e}", path.display()))?;
    }
    Ok((path, changed))
}

/// Replays every `*.record.json` in `folder` and compares its transcript
/// with the `*.transcript.txt` beside it; panics with every difference (the
/// first differing line of each fixture, numbered). With [`BLESS_VARIABLE`]
/// set to anything but `0`, writes the transcripts instead. A folder without
/// fixtures fails: a golden test that checks nothing must not pass.
pub fn check_fixtures<G: Game>(folder: impl AsRef<Path>) {
    let folder = folder.as_ref();
    let blessing = std::env::var(BLESS_VARIABLE).is_ok_and(|v| !v.is_empty() && v != "0");
    let mut records: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("fixtures folder `{}`: {e}", folder.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| transcript_path(p).is_some())
        .collect();
    records.sort();
    assert!(
        !records.is_empty(),
        "no *{RECORD_SUFFIX} fixture in `{}`",
        folder.display()
    );
    let mut failures = Vec::new();
    for record in &records {
        if blessing {
            match bless::<G>(record) {
                Ok((path, true)) => eprintln!("blessed {}", path.display()),
                Ok((_, false)) => {}
                Err(e) => failures.push(e),
            }
            continue;
        }
        if let Err(e) = compare::<G>(record) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden fixtures differ:\n\n{}\n\nIf the change is deliberate, run \
         `{BLESS_VARIABLE}=1 cargo test golden::` (or `eons replay --bless FILE`) \
         and review the diff of the transcripts.",
        failures.len(),
        records.len(),
        failures.join("\n\n")
    );
}

/// Compares one fixture; the error says where it first differs.
fn compare<G: Game>(record_file: &Path) -> Result<(), String> {
    let name = record_file.display();
    let text = std::fs::read_to_string(record_file).map_err(|e| format!("`{name}`: {e}"))?;
    let record: Record<G> =
        serde_json::from_str(&text).map_err(|e| format!("`{name}`: not a record: {e}"))?;
    let made = transcript(&record).map_err(|e| format!("`{name}`: {e}"))?;
    let path = transcript_path(record_file).unwrap_or_default();
    let expected = std::fs::read_to_string(&path)
        .map_err(|e| format!("`{}`: {e} (bless it to create it)", path.display()))?;
    if made == expected {
        return Ok(());
    }
    let mut made_lines = made.lines();
    let mut expected_lines = expected.lines();
    let mut line = 1;
    loop {
        match (expected_lines.next(), made_lines.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => {
                return Err(format!(
                    "`{}` line {line}:\n  expected: {}\n  now:      {}",
                    path.display(),
                    a.unwrap_or("(end of transcript)"),
                    b.unwrap_or("(end of transcript)")
                ))
            }
        }
    }
}
