//! The rules summary the table links to (issue 36): the citation closing
//! every prompt of seeded random games ("(Tectonics, p.14)") names a section
//! of `data/marine/rules.toml` with that title and page, for every player
//! count and variant, so that a prompt's link never dangles; and every
//! section says something.

use eons_core::testing::check_citations;
use eons_marine::{rulebook, Marine};
use std::collections::BTreeSet;

/// The variants, each played with two players.
const VARIANTS: &[&str] = &[
    "two-animals",
    "random-earth",
    "alternate-displays",
    "superheroes",
    "length=short",
];

#[test]
fn every_prompt_cites_a_section_of_the_rules_summary() {
    let summary = rulebook::summary();
    let mut cited = BTreeSet::new();
    for players in 2..=4 {
        cited.extend(check_citations::<Marine>(summary, players, &[], 0..40).cited);
    }
    for &option in VARIANTS {
        cited.extend(check_citations::<Marine>(summary, 2, &[option], 20..40).cited);
    }
    for id in [
        "player-turns",
        "trait-cards",
        "tectonics",
        "evolution",
        "domination",
    ] {
        assert!(cited.contains(id), "no prompt cited {id}: {cited:?}");
    }
}

#[test]
fn every_section_has_a_title_pages_and_a_summary() {
    let summary = rulebook::summary();
    assert!(summary.check().is_ok());
    for s in &summary.sections {
        assert!(!s.summary.trim().is_empty(), "{} has no summary", s.id);
        assert!(!s.pages.is_empty(), "{} has no page", s.id);
    }
    let parts: Vec<&str> = summary
        .overview
        .iter()
        .map(|p| p.heading.as_str())
        .collect();
    assert_eq!(parts, ["Goal", "Setup", "A turn", "Scoring and the end"]);
}
