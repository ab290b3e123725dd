//! The rules summary the table links to (issue 36): the citation closing
//! every prompt of seeded random games ("(Planning, p.9)") names a section
//! of `data/dominant-species/rules.toml` with that title and page, for every
//! player count and variant, so that a prompt's link never dangles; and
//! every section says something.

use eons_core::testing::check_citations;
use eons_dominant_species::{rulebook, DominantSpecies};
use std::collections::BTreeSet;

#[test]
fn every_prompt_cites_a_section_of_the_rules_summary() {
    let summary = rulebook::summary();
    let mut cited = BTreeSet::new();
    for players in 2..=6 {
        cited.extend(check_citations::<DominantSpecies>(summary, players, &[], 0..30).cited);
    }
    for option in ["multi", "random-earth"] {
        for players in [2, 3] {
            let r = check_citations::<DominantSpecies>(summary, players, &[option], 20..40);
            cited.extend(r.cited);
        }
    }
    // The games reach the actions and the common cards.
    for id in [
        "planning",
        "initiative",
        "speciation",
        "competition",
        "domination",
        "extinction",
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
