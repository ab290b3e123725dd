//! The tournament report as text: the tables `eons tournament` prints, and
//! the per-game table as CSV.

use super::*;

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn ci(i: (f64, f64)) -> String {
    format!("[{}, {}]", pct(i.0), pct(i.1))
}

/// A readable plain-text table of a report.
pub fn format_report(r: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({}), {} players, seed {}: {} of {} games completed{}{}{}",
        r.game_name,
        r.game_id,
        r.players,
        r.seed,
        r.completed,
        r.scheduled,
        if r.resumed > 0 {
            format!(" ({} read back from the records file)", r.resumed)
        } else {
            String::new()
        },
        if r.resumed < r.scheduled {
            format!(" in {:.1}s", r.elapsed_secs)
        } else {
            String::new()
        },
        if r.balanced {
            ""
        } else {
            " (unbalanced: games is not a multiple of the rotation)"
        }
    );
    let width = r
        .bots
        .iter()
        .map(|b| b.name.len() + 4)
        .chain([18])
        .max()
        .unwrap_or(18);
    let _ = writeln!(s);
    // Search columns only when some bot searched.
    let searching = r.bots.iter().any(|b| b.searches > 0);
    let _ = write!(
        s,
        "{:<width$} {:>6} {:>6} {:>7} {:>17} {:>17} {:>10} {:>12}",
        "bot", "games", "wins", "win %", "Wilson 95%", "by deal 95%", "mean VP", "ms/decision"
    );
    if searching {
        let _ = write!(s, " {:>9} {:>10}", "searched", "iter/s");
    }
    let _ = writeln!(s);
    for (i, b) in r.bots.iter().enumerate() {
        let _ = write!(
            s,
            "{:<width$} {:>6} {:>6} {:>7} {:>17} {:>17} {:>10.2} {:>12.3}",
            format!("{}. {}", i + 1, b.name),
            b.games,
            b.wins,
            pct(b.win_rate),
            ci(b.interval),
            ci(b.deal_interval),
            b.mean_score,
            b.mean_decision_ms
        );
        if searching {
            if b.searches > 0 {
                let _ = write!(s, " {:>9} {:>10.0}", b.searches, b.iterations_per_sec);
            } else {
                let _ = write!(s, " {:>9} {:>10}", "-", "-");
            }
        }
        let _ = writeln!(s);
    }
    let rate_table = |s: &mut String, title: &str, rows: &[RateRow]| {
        let w = rows
            .iter()
            .map(|x| x.name.len())
            .chain([title.len()])
            .max()
            .unwrap_or(4);
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{:<w$} {:>6} {:>6} {:>7} {:>17} {:>17}",
            title, "games", "wins", "win %", "Wilson 95%", "by deal 95%"
        );
        for x in rows {
            let _ = writeln!(
                s,
                "{:<w$} {:>6} {:>6} {:>7} {:>17} {:>17}",
                x.name,
                x.games,
                x.wins,
                pct(x.win_rate),
                ci(x.interval),
                ci(x.deal_interval)
            );
        }
    };
    rate_table(&mut s, "seat", &r.seats);
    if !r.initiative.is_empty() {
        rate_table(&mut s, "turn order at the start", &r.initiative);
    }
    if !r.roles.is_empty() {
        rate_table(&mut s, "role", &r.roles);
        if !r.role_initiative.is_empty() {
            rate_table(&mut s, "role and turn order", &r.role_initiative);
        }
        // Who played which role: wins/games per bot and role.
        let cells: Vec<Vec<String>> = r
            .bots
            .iter()
            .map(|b| {
                r.roles
                    .iter()
                    .map(|role| match b.roles.get(&role.name) {
                        Some(&(g, w)) => format!("{w}/{g}"),
                        None => "-".to_string(),
                    })
                    .collect()
            })
            .collect();
        let cw: Vec<usize> = r
            .roles
            .iter()
            .enumerate()
            .map(|(j, role)| {
                cells
                    .iter()
                    .map(|row| row[j].len())
                    .chain([role.name.len()])
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let _ = writeln!(s);
        let _ = write!(s, "{:<width$}", "wins/games by role");
        for (role, w) in r.roles.iter().zip(&cw) {
            let _ = write!(s, " {:>w$}", role.name);
        }
        let _ = writeln!(s);
        for (i, (b, row)) in r.bots.iter().zip(&cells).enumerate() {
            let _ = write!(s, "{:<width$}", format!("{}. {}", i + 1, b.name));
            for (cell, w) in row.iter().zip(&cw) {
                let _ = write!(s, " {cell:>w$}");
            }
            let _ = writeln!(s);
        }
    }
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "Wilson 95%: every game an independent trial. By deal 95%: the {} {} (each deal's {} \
         seat-rotated games together) resampled {} times, 2.5th to 97.5th percentile, seeded \
         by the tournament's seed.",
        r.deals,
        if r.deals == 1 { "deal" } else { "deals" },
        r.players,
        r.resamples
    );
    if !r.aborted.is_empty() {
        let _ = writeln!(s);
        let _ = writeln!(s, "aborted games:");
        for a in &r.aborted {
            let _ = writeln!(s, "  game {}: {}", a.game, a.reason);
        }
    }
    s
}

/// The columns of [`write_table`], in order.
pub const TABLE_COLUMNS: [&str; 9] = [
    "game",
    "deal",
    "seat",
    "bot",
    "bot_name",
    "role",
    "initiative",
    "winner",
    "vp",
];

/// A CSV field: quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Writes the per-game table ([`Report::table`]) as CSV: a header line
/// ([`TABLE_COLUMNS`]), then one line per completed game, seat and role.
/// `initiative` is empty when the game reports no turn order, `winner` is
/// `1` or `0`.
pub fn write_table(r: &Report, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "{}", TABLE_COLUMNS.join(","))?;
    for row in &r.table {
        writeln!(
            out,
            "{},{},{},{},{},{},{},{},{}",
            row.game,
            row.deal,
            row.seat,
            row.bot,
            csv_field(&row.bot_name),
            csv_field(&row.role),
            row.initiative.map_or(String::new(), |x| x.to_string()),
            u8::from(row.winner),
            row.vp
        )?;
    }
    Ok(())
}
