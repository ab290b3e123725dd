//! Helpers shared by the commands: seeds, choice matching, setup, outcome printing.

use anyhow::{anyhow, Context, Result};
use eons_core::{Game, Outcome};
use std::io::Write;
use std::path::Path;

/// A progress bar over `games` games on stderr (drawn only when stderr is
/// a terminal), for the commands that play many.
pub fn games_bar(games: u64) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({elapsed}, eta {eta}) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// SplitMix64: a well-mixed 64-bit value from any input.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of item `i` (game `i` of a simulation, bot of seat `i`…) derived
/// deterministically from a master seed.
pub fn derive_seed(master: u64, i: u64) -> u64 {
    mix(mix(master) ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03))
}

/// A seed from the clock, for games started without `--seed`.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    mix(nanos ^ u64::from(std::process::id()))
}

/// Builds a setup, naming the game and its options on error. Options the
/// game does not list, and an option given twice, are refused first
/// ([`eons_core::check_options`]), as the server refuses them.
pub fn make_setup<G: Game>(players: usize, options: &[String]) -> Result<G::Setup> {
    eons_core::check_options(G::OPTIONS, options)
        .and_then(|()| G::setup(players, options))
        .map_err(|e| {
            let mut msg = format!("{}: {e}", G::NAME);
            if !G::OPTIONS.is_empty() {
                msg.push_str("\noptions of this game:");
                for o in G::OPTIONS {
                    msg.push_str(&format!("\n  --opt {:<16} {}", o.name, o.help));
                }
            }
            anyhow!(msg)
        })
}

/// A number and its noun, agreeing: "1 choice", "3 choices".
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Reads a whole text file with a clear error.
pub fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read `{}`", path.display()))
}

/// Why a typed choice does not pick exactly one legal choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// Nothing matches.
    NoMatch,
    /// A number outside `1..=len`.
    OutOfRange(usize),
    /// Several choices match (their 0-based indices).
    Ambiguous(Vec<usize>),
}

/// Which rule of [`match_choice`] picked a choice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MatchKind {
    /// The whole description, exactly.
    Exact,
    /// A plain integer N: the Nth choice.
    Number,
    /// The whole description, in other capitals.
    CaseInsensitive,
    /// Part of one description only: the text would answer another
    /// decision just as readily, so callers may want to say which it answered.
    Partial,
}

/// Finds the legal choice a user means by `input`, given the descriptions of
/// the legal choices in order. Tried in turn: an exact description; a plain
/// integer N (the Nth choice, 1-based); a case-insensitive description; a
/// unique case-insensitive substring. Returns the 0-based index.
pub fn match_choice(input: &str, descriptions: &[String]) -> Result<usize, MatchError> {
    match_choice_how(input, descriptions).map(|(i, _)| i)
}

/// [`match_choice`], also saying which rule matched.
pub fn match_choice_how(
    input: &str,
    descriptions: &[String],
) -> Result<(usize, MatchKind), MatchError> {
    let input = input.trim();
    let unique = |hits: Vec<usize>| -> Option<Result<usize, MatchError>> {
        match hits.len() {
            0 => None,
            1 => Some(Ok(hits[0])),
            _ => Some(Err(MatchError::Ambiguous(hits))),
        }
    };
    let hits = |f: &dyn Fn(&str) -> bool| -> Vec<usize> {
        descriptions
            .iter()
            .enumerate()
            .filter(|(_, d)| f(d))
            .map(|(i, _)| i)
            .collect()
    };
    if input.is_empty() {
        return Err(MatchError::NoMatch);
    }
    if let Some(r) = unique(hits(&|d| d == input)) {
        return r.map(|i| (i, MatchKind::Exact));
    }
    if !input.is_empty() && input.bytes().all(|b| b.is_ascii_digit()) {
        return match input.parse::<usize>() {
            Ok(n) if (1..=descriptions.len()).contains(&n) => Ok((n - 1, MatchKind::Number)),
            Ok(n) => Err(MatchError::OutOfRange(n)),
            Err(_) => Err(MatchError::OutOfRange(usize::MAX)),
        };
    }
    let lower = input.to_lowercase();
    if let Some(r) = unique(hits(&|d| d.to_lowercase() == lower)) {
        return r.map(|i| (i, MatchKind::CaseInsensitive));
    }
    if let Some(r) = unique(hits(&|d| d.to_lowercase().contains(&lower))) {
        return r.map(|i| (i, MatchKind::Partial));
    }
    Err(MatchError::NoMatch)
}

/// The legal choices as a numbered list, one per line.
pub fn numbered(descriptions: &[String]) -> String {
    descriptions
        .iter()
        .enumerate()
        .map(|(i, d)| format!("  {:>3}. {d}\n", i + 1))
        .collect()
}

/// A one-line reason for a failed match.
pub fn why_no_match(input: &str, e: &MatchError, descriptions: &[String]) -> String {
    match e {
        MatchError::NoMatch => format!("no legal choice matches {input:?}"),
        MatchError::OutOfRange(_) => format!(
            "{input:?} is not a choice number from 1 to {}",
            descriptions.len()
        ),
        MatchError::Ambiguous(hits) => {
            let which: Vec<String> = hits
                .iter()
                .map(|&i| format!("{}. {}", i + 1, descriptions[i]))
                .collect();
            format!("{input:?} is ambiguous: it matches {}", which.join("; "))
        }
    }
}

/// A human message for a failed match, listing the legal choices.
pub fn explain_match(input: &str, e: &MatchError, descriptions: &[String]) -> String {
    format!(
        "{}\nlegal choices:\n{}",
        why_no_match(input, e, descriptions),
        numbered(descriptions)
    )
}

/// Prints a finished game's outcome: score, place and roles of each seat.
pub fn print_outcome<G: Game>(
    out: &mut dyn Write,
    state: &G::State,
    outcome: &Outcome,
    labels: &[String],
) -> Result<()> {
    writeln!(out, "Game over.")?;
    for (place, seat) in outcome.ranking.iter().enumerate() {
        let score = outcome.scores.get(seat.index()).copied().unwrap_or(0);
        let roles = G::roles(state, *seat);
        let label = labels
            .get(seat.index())
            .map(|l| format!(" ({l})"))
            .unwrap_or_default();
        let roles = if roles.is_empty() {
            String::new()
        } else {
            format!(" [{}]", roles.join(", "))
        };
        writeln!(out, "  {}. {seat}{label}{roles}: {score} VP", place + 1)?;
    }
    if let Some(w) = outcome.winner() {
        writeln!(out, "Winner: {w}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn exact_then_number_then_case_then_substring() {
        let ds = d(&["Play 3", "play 30", "knock back seat 2", "2"]);
        assert_eq!(match_choice("Play 3", &ds), Ok(0));
        assert_eq!(match_choice("2", &ds), Ok(3), "exact description first");
        assert_eq!(match_choice("3", &ds), Ok(2), "then the Nth choice");
        assert_eq!(match_choice("9", &ds), Err(MatchError::OutOfRange(9)));
        assert_eq!(match_choice("0", &ds), Err(MatchError::OutOfRange(0)));
        assert_eq!(match_choice("PLAY 30", &ds), Ok(1));
        assert_eq!(match_choice("knock", &ds), Ok(2));
        assert_eq!(
            match_choice("play", &ds),
            Err(MatchError::Ambiguous(vec![0, 1]))
        );
        assert_eq!(match_choice("fly", &ds), Err(MatchError::NoMatch));
        assert_eq!(match_choice("  ", &ds), Err(MatchError::NoMatch));
        assert_eq!(
            match_choice("99999999999999999999999", &ds),
            Err(MatchError::OutOfRange(usize::MAX))
        );
    }

    #[test]
    fn the_rule_that_matched_is_told() {
        let ds = d(&["Play 3", "play 30", "knock back seat 2"]);
        assert_eq!(match_choice_how("Play 3", &ds), Ok((0, MatchKind::Exact)));
        assert_eq!(match_choice_how("2", &ds), Ok((1, MatchKind::Number)));
        assert_eq!(
            match_choice_how("PLAY 30", &ds),
            Ok((1, MatchKind::CaseInsensitive))
        );
        assert_eq!(match_choice_how("knock", &ds), Ok((2, MatchKind::Partial)));
    }

    #[test]
    fn numbers_agree_with_their_nouns() {
        assert_eq!(count(0, "choice", "choices"), "0 choices");
        assert_eq!(count(1, "choice", "choices"), "1 choice");
        assert_eq!(count(2, "species", "species"), "2 species");
    }

    #[test]
    fn derived_seeds_differ_and_repeat() {
        assert_eq!(derive_seed(1, 2), derive_seed(1, 2));
        assert_ne!(derive_seed(1, 2), derive_seed(1, 3));
        assert_ne!(derive_seed(1, 2), derive_seed(2, 2));
    }
}
