//! `eons analyse`: a finished game's win probabilities, step by step, and
//! its biggest drops, for a person learning the game
//! (`eons_bots::analysis`).

use crate::common::{count, read_text};
use crate::games::{dispatch, GameCommand};
use crate::replay::{parse_record, select_record};
use anyhow::{anyhow, Result};
use eons_bots::analysis::{self, Analysis, Options};
use eons_bots::BotSpec;
use eons_core::{capitalised, Game, Positions, Presentation, Record, Seat};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;

/// The width of the win-probability chart, in columns (fewer for a game of
/// fewer steps).
const CHART_COLUMNS: usize = 60;

/// Arguments of `eons analyse`.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// A finished game's record (JSON, as written by `eons play --save`), or
    /// a file of records, one JSON object per line (`eons tournament --out`).
    pub file: PathBuf,
    /// In a file of records (JSON lines), the game to analyse, from 0.
    #[arg(long, value_name = "K")]
    pub game_index: Option<usize>,
    /// How many of the biggest drops to show.
    #[arg(long, value_name = "N", default_value_t = analysis::DEFAULT_DROPS)]
    pub drops: usize,
    /// The bot that names its choice at each drop (any spec `eons tournament` takes).
    #[arg(long, value_name = "SPEC", default_value = analysis::DEFAULT_BOT)]
    pub bot: String,
    /// Print the analysis as JSON: {estimator, steps: [{step, win}], drops:
    /// [{step, seat, before, after, bot_choice}]}.
    #[arg(long)]
    pub json: bool,
}

/// Loads the record, picks the engine from its `game` field and analyses it.
pub fn run(args: AnalyseArgs) -> Result<()> {
    let text = read_text(&args.file)?;
    let (value, _) = select_record(&args.file, &text, args.game_index)?;
    let game = crate::replay::record_game(&args.file, &value)?;
    dispatch(&game, Analyse { args, value })
}

struct Analyse {
    args: AnalyseArgs,
    value: serde_json::Value,
}

impl GameCommand for Analyse {
    fn run<G: Game + Positions + Presentation>(self) -> Result<()> {
        let record = parse_record::<G>(&self.args.file, self.value)?;
        let bot = BotSpec::parse(&self.args.bot)?;
        let options = Options {
            drops: self.args.drops,
            bot,
            ..Options::default()
        };
        let bar = ProgressBar::with_draw_target(
            None,
            // Drawn only when stderr is a terminal.
            ProgressDrawTarget::stderr(),
        );
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} drops searched by {msg} ({elapsed})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(bot.to_string());
        let analysis = analysis::analyse(&record, &options, |p| {
            bar.set_length(p.total as u64);
            bar.set_position(p.done as u64);
        });
        bar.finish_and_clear();
        let analysis = analysis.map_err(|e| anyhow!("`{}`: {e}", self.args.file.display()))?;
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        if self.args.json {
            serde_json::to_writer(&mut out, &analysis)?;
            writeln!(out)?;
            return Ok(());
        }
        print_analysis::<G>(&record, &analysis, &bot, &mut out)
    }
}

/// How a seat is called in sentences: its roles ("Reptiles"), else "Seat 2".
fn seat_name<G: Game>(state: &G::State, seat: Seat) -> String {
    let roles = G::roles(state, seat);
    if roles.is_empty() {
        capitalised(&seat.to_string())
    } else {
        capitalised(&roles.join(" and "))
    }
}

/// `name`'s: `Birds'`, `Seat 2's`.
fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A percentage, rounded.
fn percent(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// One character per column of a probability line.
fn sparkline(values: &[f64], columns: usize) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    if values.is_empty() {
        return String::new();
    }
    let columns = columns.min(values.len()).max(1);
    (0..columns)
        .map(|c| {
            let index = if columns == 1 {
                0
            } else {
                c * (values.len() - 1) / (columns - 1)
            };
            let level = (values[index].clamp(0.0, 1.0) * 8.0) as usize;
            BARS[level.min(BARS.len() - 1)]
        })
        .collect()
}

/// Prints the summary, the chart and the drops in the log's words.
fn print_analysis<G: Game>(
    record: &Record<G>,
    analysis: &Analysis,
    bot: &BotSpec,
    out: &mut dyn Write,
) -> Result<()> {
    let mut state = G::new(&record.setup, record.seed)
        .map_err(|e| anyhow!("the record's setup is refused: {e}"))?;
    let seats = G::seats(&state);
    let names: Vec<String> = (0..seats)
        .map(|i| seat_name::<G>(&state, Seat(i as u8)))
        .collect();
    writeln!(
        out,
        "{}, seed {}, {} seats, {}; win probabilities from {}.",
        G::NAME,
        record.seed,
        seats,
        count(record.choices.len(), "choice", "choices"),
        analysis.estimator
    )?;
    writeln!(out)?;
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    for (i, name) in names.iter().enumerate() {
        let line: Vec<f64> = analysis.steps.iter().map(|s| s.win[i]).collect();
        let start = line.first().copied().unwrap_or(0.0);
        let end = line.last().copied().unwrap_or(0.0);
        let (low_step, low) =
            line.iter()
                .copied()
                .enumerate()
                .fold(
                    (0, f64::INFINITY),
                    |m, (k, p)| if p < m.1 { (k, p) } else { m },
                );
        let result = if end >= 1.0 { " (won)" } else { "" };
        writeln!(
            out,
            "{name:<width$}  start {}, end {}{result}, lowest {} at step {low_step}",
            percent(start),
            percent(end),
            percent(low),
        )?;
    }
    writeln!(out)?;
    let columns = CHART_COLUMNS.min(analysis.steps.len());
    writeln!(
        out,
        "Win probability, step 0 to {} ({columns} columns, ▁ 0% to █ 100%):",
        record.choices.len()
    )?;
    for (i, name) in names.iter().enumerate() {
        let line: Vec<f64> = analysis.steps.iter().map(|s| s.win[i]).collect();
        writeln!(out, "{name:<width$}  {}", sparkline(&line, columns))?;
    }
    writeln!(out)?;
    if analysis.drops.is_empty() {
        writeln!(
            out,
            "No seat's chances fell over the game (before its last choice)."
        )?;
        return Ok(());
    }
    writeln!(out, "Biggest drops (the bot: {bot}):")?;
    // The positions before each drop, in the order of the game.
    let mut order: Vec<usize> = (0..analysis.drops.len()).collect();
    order.sort_by_key(|&i| analysis.drops[i].step);
    let mut sentences = vec![String::new(); analysis.drops.len()];
    let mut applied = 0;
    let mut events = Vec::new();
    for &i in &order {
        let drop = &analysis.drops[i];
        let position = drop.step - 1;
        while applied < position {
            events.clear();
            G::apply(&mut state, record.choices[applied].choice, &mut events)
                .map_err(|e| anyhow!("choice {} was refused: {e}", applied + 1))?;
            applied += 1;
        }
        // A drop is its seat's own choice.
        let chosen = &record.choices[position];
        let who = &names[drop.seat.index()];
        let chapter = G::chapter(&state)
            .map(|c| format!(", {}", c.to_lowercase()))
            .unwrap_or_default();
        let chose = G::describe_choice(&state, chosen.choice);
        // The bot's choice may be the same: the fall came from what followed.
        let advice = if chose == drop.bot_choice {
            "the bot would have made the same choice (the fall came from what followed it)"
                .to_string()
        } else {
            format!("the bot would have chosen \"{}\"", drop.bot_choice)
        };
        sentences[i] = format!(
            "step {}{chapter}: {} chances fell from {} to {} when {who} chose \"{chose}\"; {advice}.",
            drop.step,
            possessive(who),
            percent(drop.before),
            percent(drop.after),
        );
    }
    for sentence in sentences {
        writeln!(out, "  {sentence}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparklines_span_empty_to_full() {
        assert_eq!(sparkline(&[0.0, 0.5, 1.0], 3), "▁▅█");
        assert_eq!(sparkline(&[0.2; 100], 10).chars().count(), 10);
        assert_eq!(sparkline(&[0.2; 4], 60).chars().count(), 4);
        assert_eq!(sparkline(&[], 60), "");
    }
}
