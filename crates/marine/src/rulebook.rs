//! The rules of Dominant Species: Marine in brief (issue 36): a "how to play"
//! overview and one section per rule a prompt cites, read from
//! `data/marine/rules.toml` (embedded, checked like the component
//! data). The server serves it (`GET /api/kinds/marine/rules`) and the browser
//! table links each prompt's closing citation ("(Tectonics, p.14)") to its
//! section. Presentation only: no rule reads it.

use eons_core::{DataError, RulesSummary, ShippedRules};

static RULES: ShippedRules = ShippedRules::new(
    include_str!("../../../data/marine/rules.toml"),
    "data/marine",
);

/// Parses and checks a rules summary's text ([`RulesSummary::parse`]).
pub fn parse(text: &str) -> Result<RulesSummary, DataError> {
    RULES.parse(text)
}

/// The shipped summary, parsed and checked once, or the error naming the
/// file and field.
pub fn try_summary() -> Result<&'static RulesSummary, DataError> {
    RULES.get()
}

/// The shipped summary (the unit test `shipped_rules_are_valid` proves it
/// parses).
pub fn summary() -> &'static RulesSummary {
    try_summary().expect("the shipped Marine rules summary is valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_rules_are_valid() {
        let s = try_summary().expect("rules.toml parses");
        assert_eq!(s.game, "Dominant Species: Marine");
        assert!(s.section("tectonics").is_some());
    }

    #[test]
    fn a_broken_file_names_the_file_and_the_field() {
        let broken = RULES
            .text()
            .replacen("id = \"tectonics\"", "id = \"Planning!\"", 1);
        let e = parse(&broken).expect_err("not a slug");
        assert_eq!(e.file, "rules.toml");
        assert!(e.field.ends_with(".id"), "{e}");
        let e = parse("game = 1").expect_err("not a summary");
        assert_eq!(e.field, "(file)");
    }
}
