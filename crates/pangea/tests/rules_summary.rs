//! The rules summary the table links to (issue 36): the citation closing
//! every prompt of seeded random games ("(Action Phase, p.17)") names a
//! section of `data/pangea/rules.toml` with that title and page, for every
//! player count (solo included) and variant, so that a prompt's link never
//! dangles; and every section says something.

use eons_core::testing::check_citations;
use eons_pangea::{rulebook, Pangea};
use std::collections::BTreeSet;

#[test]
fn every_prompt_cites_a_section_of_the_rules_summary() {
    let summary = rulebook::summary();
    let mut cited = BTreeSet::new();
    for players in 1..=4 {
        cited.extend(check_citations::<Pangea>(summary, players, &[], 0..150).cited);
    }
    cited.extend(check_citations::<Pangea>(summary, 2, &["flat-final"], 200..260).cited);
    for id in [
        "game-setup",
        "drawing-phase",
        "action-phase",
        "pass",
        "survival-phase",
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
    assert_eq!(parts, ["Goal", "Setup", "Stages", "Scoring and the end"]);
}
