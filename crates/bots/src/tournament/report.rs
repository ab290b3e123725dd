//! The tournament report as text: the tables `eons tournament` prints.

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
        "{:<width$} {:>6} {:>6} {:>7} {:>17} {:>10} {:>12}",
        "bot", "games", "wins", "win %", "95% CI", "mean VP", "ms/decision"
    );
    if searching {
        let _ = write!(s, " {:>9} {:>10}", "searched", "iter/s");
    }
    let _ = writeln!(s);
    for (i, b) in r.bots.iter().enumerate() {
        let _ = write!(
            s,
            "{:<width$} {:>6} {:>6} {:>7} {:>17} {:>10.2} {:>12.3}",
            format!("{}. {}", i + 1, b.name),
            b.games,
            b.wins,
            pct(b.win_rate),
            ci(b.interval),
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
            "{:<w$} {:>6} {:>6} {:>7} {:>17}",
            title, "games", "wins", "win %", "95% CI"
        );
        for x in rows {
            let _ = writeln!(
                s,
                "{:<w$} {:>6} {:>6} {:>7} {:>17}",
                x.name,
                x.games,
                x.wins,
                pct(x.win_rate),
                ci(x.interval)
            );
        }
    };
    rate_table(&mut s, "seat", &r.seats);
    if !r.roles.is_empty() {
        rate_table(&mut s, "role", &r.roles);
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
    if !r.aborted.is_empty() {
        let _ = writeln!(s);
        let _ = writeln!(s, "aborted games:");
        for a in &r.aborted {
            let _ = writeln!(s, "  game {}: {}", a.game, a.reason);
        }
    }
    s
}
