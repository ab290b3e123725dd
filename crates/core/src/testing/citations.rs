//! The citation test, shared by every game: the closing citation of every
//! prompt ("(Planning, p.9)") names a section of the game's rules summary
//! ([`crate::RulesSummary`]) with that title and page, so that the table's
//! link from a prompt to its rule never dangles (issue 36).
//!
//! [`check_citations`] plays seeded random games of one setup and reads the
//! prompt of every decision; it panics with every citation that resolves to
//! no section (each with a prompt that made it, the seed and the decision),
//! and reports which sections the prompts cited.

use crate::game::{Game, Turn};
use crate::rng::GameRng;
use crate::rulebook::{citation, RulesSummary};
use std::collections::{BTreeMap, BTreeSet};

/// What [`check_citations`] read.
#[derive(Clone, Debug, Default)]
pub struct CitationReport {
    /// Prompts read.
    pub prompts: usize,
    /// The ids of the sections the prompts cited.
    pub cited: BTreeSet<String>,
}

/// Plays the games of `seeds` with `players` and `options`, choosing at
/// random, and resolves the citation closing each decision's prompt in
/// `summary`. Panics when the setup is refused, or with the citations that
/// are missing or name no section (title and page).
pub fn check_citations<G: Game>(
    summary: &RulesSummary,
    players: usize,
    options: &[&str],
    seeds: std::ops::Range<u64>,
) -> CitationReport {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let setup = G::setup(players, &options)
        .unwrap_or_else(|e| panic!("{} {players} players {options:?}: {e}", G::ID));
    let mut report = CitationReport::default();
    // A citation that resolves nowhere → an example of where it was met.
    let mut dangling: BTreeMap<String, String> = BTreeMap::new();
    for seed in seeds {
        let mut state = G::new(&setup, seed)
            .unwrap_or_else(|e| panic!("{} seed {seed}: the setup is refused: {e}", G::ID));
        let mut rng = GameRng::new(seed ^ 0xc17e);
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut decisions = 0usize;
        while let Turn::Seat(_) = G::turn(&state) {
            let prompt = G::prompt(&state);
            report.prompts += 1;
            match citation(&prompt) {
                Some(c) => match summary.cited(&c) {
                    Some(section) => {
                        if !report.cited.contains(&section.id) {
                            report.cited.insert(section.id.clone());
                        }
                    }
                    None => {
                        let pages = if c.pages.start() == c.pages.end() {
                            format!("p.{}", c.pages.start())
                        } else {
                            format!("p.{}-{}", c.pages.start(), c.pages.end())
                        };
                        dangling
                            .entry(format!("({}, {pages})", c.title))
                            .or_insert_with(|| {
                                format!("\"{prompt}\" ({} seed {seed} decision {decisions})", G::ID)
                            });
                    }
                },
                None => {
                    dangling
                        .entry("no citation".to_string())
                        .or_insert_with(|| {
                            format!("\"{prompt}\" ({} seed {seed} decision {decisions})", G::ID)
                        });
                }
            }
            legal.clear();
            G::legal(&state, &mut legal);
            let choice = crate::game::draw_listed(&legal, &mut rng)
                .unwrap_or_else(|| panic!("{} seed {seed}: no legal choice", G::ID));
            events.clear();
            G::apply(&mut state, choice, &mut events)
                .unwrap_or_else(|_| panic!("{} seed {seed}: a listed choice is refused", G::ID));
            decisions += 1;
        }
    }
    assert!(
        dangling.is_empty(),
        "{} {players} players {options:?}: prompts cite no section of the rules summary \
         (data/<game>/rules.toml):\n{}",
        G::ID,
        dangling
            .iter()
            .map(|(c, at)| format!("  {c}: {at}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    report
}
