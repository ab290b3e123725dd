//! [`RulesSummary`]: a game's rules in brief, as data: a "how to play"
//! overview and one [`RulesSection`] per rule a prompt cites, each with the
//! title the prompts cite it by, its rulebook pages and a short summary in
//! plain English. Every engine keeps its summary in `data/<game>/rules.toml`
//! (read by its `rulebook` module); the server serves it and the browser
//! table links each prompt's closing citation ("(Planning, p.9)") to its
//! section, found with [`citation`] and [`RulesSummary::cited`].
//!
//! Presentation only: no rule reads it. The shared citation test
//! (`eons_core::testing::check_citations`) plays seeded random games and
//! requires that every prompt's citation resolves to a section, so that a
//! link never dangles.

use crate::DataError;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;
use std::sync::OnceLock;

/// One game's rules in brief.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSummary {
    /// The game's name ("Dominant Species").
    pub game: String,
    /// Which rulebook the pages are of ("Rules of Play, GMT Games 2010").
    pub rulebook: String,
    /// How to play: the goal, the setup in brief, the structure of play,
    /// the end and scoring, in this order.
    pub overview: Vec<OverviewPart>,
    /// The sections, in the order the page shows them.
    #[serde(rename = "section")]
    pub sections: Vec<RulesSection>,
}

/// One part of the "how to play" overview ("Goal", "Setup", …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverviewPart {
    /// Its heading ("Goal").
    pub heading: String,
    /// A paragraph or two in plain English.
    pub text: String,
}

/// One section of the rules reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    /// A stable slug ("planning", "mass-exodus"): the page's anchor.
    pub id: String,
    /// The title exactly as the prompts cite it ("Planning").
    pub title: String,
    /// The group the page lists it under ("Actions", "Dominance cards").
    pub group: String,
    /// The rulebook pages of the rule.
    pub pages: Vec<u16>,
    /// Other titles a prompt cites this section by ("the arachnids' free
    /// competition" for Competition).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cited_as: Vec<String>,
    /// What the rule says, in a few sentences of plain English.
    pub summary: String,
    /// Where the engine plays a documented reading rather than printed
    /// text (a ruling, a reconstructed value or card text), what it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A prompt's closing citation: "(Title, p.N)" or "(Title, p.N-M)".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation<'a> {
    /// The rule's title as cited.
    pub title: &'a str,
    /// The pages cited (one page: `N..=N`).
    pub pages: RangeInclusive<u16>,
}

/// The citation that closes `prompt`, if it ends with one: "(Planning,
/// p.9)", "(Card, p.18-19)". None for a prompt without one ("The game is
/// over").
pub fn citation(prompt: &str) -> Option<Citation<'_>> {
    let inner = prompt.trim_end().strip_suffix(')')?;
    let open = inner.rfind('(')?;
    let (title, pages) = inner[open + 1..].rsplit_once(", p.")?;
    let title = title.trim();
    if title.is_empty() || title.contains(['(', ')']) {
        return None;
    }
    let page = |s: &str| s.trim().parse::<u16>().ok();
    let pages = match pages.split_once(['-', '–']) {
        Some((a, b)) => page(a)?..=page(b)?,
        None => page(pages)?..=page(pages)?,
    };
    (!pages.is_empty()).then_some(Citation { title, pages })
}

impl RulesSummary {
    /// The section a citation names: its title (or one of its `cited_as`)
    /// is the citation's, and every page cited is one of its pages.
    pub fn cited(&self, c: &Citation<'_>) -> Option<&RulesSection> {
        self.sections.iter().find(|s| {
            (s.title == c.title || s.cited_as.iter().any(|t| t == c.title))
                && c.pages.clone().all(|p| s.pages.contains(&p))
        })
    }

    /// The section with this id.
    pub fn section(&self, id: &str) -> Option<&RulesSection> {
        self.sections.iter().find(|s| s.id == id)
    }

    /// Reads and checks a rules summary's text (a game's
    /// `data/<game>/rules.toml`, named by `folder`): an error names the
    /// folder, the file and the field, as every data error does.
    pub fn parse(text: &str, folder: &'static str) -> Result<RulesSummary, DataError> {
        let err =
            |field: String, message: String| DataError::new(folder, "rules.toml", field, message);
        let summary: RulesSummary = toml::from_str(text)
            .map_err(|e| err("(file)".into(), e.to_string().replace('\n', " ")))?;
        summary
            .check()
            .map_err(|(field, message)| err(field, message))?;
        Ok(summary)
    }

    /// Checks what a data file could get wrong: an empty text, an id that
    /// is not a slug (lower-case letters, digits and single hyphens), an id
    /// or a cited title used twice, a section without pages. The error is
    /// (field, what is wrong), the field a path such as `section[3].id`.
    pub fn check(&self) -> Result<(), (String, String)> {
        let empty = |field: String, s: &str| {
            if s.trim().is_empty() {
                Err((field, "empty".to_string()))
            } else {
                Ok(())
            }
        };
        empty("game".into(), &self.game)?;
        empty("rulebook".into(), &self.rulebook)?;
        if self.overview.is_empty() {
            return Err(("overview".into(), "no part".into()));
        }
        for (i, p) in self.overview.iter().enumerate() {
            empty(format!("overview[{i}].heading"), &p.heading)?;
            empty(format!("overview[{i}].text"), &p.text)?;
        }
        if self.sections.is_empty() {
            return Err(("section".into(), "no section".into()));
        }
        let mut ids = std::collections::HashSet::new();
        let mut titles = std::collections::HashSet::new();
        for (i, s) in self.sections.iter().enumerate() {
            let at = |f: &str| format!("section[{i}].{f}");
            let slug = !s.id.is_empty()
                && !s.id.starts_with('-')
                && !s.id.ends_with('-')
                && !s.id.contains("--")
                && s.id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !slug {
                return Err((at("id"), format!("`{}` is not a slug", s.id)));
            }
            if !ids.insert(s.id.as_str()) {
                return Err((at("id"), format!("`{}` is used twice", s.id)));
            }
            empty(at("title"), &s.title)?;
            empty(at("group"), &s.group)?;
            empty(at("summary"), &s.summary)?;
            if let Some(note) = &s.note {
                empty(at("note"), note)?;
            }
            if s.pages.is_empty() || s.pages.contains(&0) {
                return Err((at("pages"), "no page".into()));
            }
            for t in std::iter::once(&s.title).chain(&s.cited_as) {
                if t.contains(['(', ')']) || t.trim() != t || t.is_empty() {
                    return Err((at("title"), format!("`{t}` cannot be cited")));
                }
                if !titles.insert(t.as_str()) {
                    return Err((at("title"), format!("`{t}` is cited by two sections")));
                }
            }
        }
        Ok(())
    }
}

/// A game's shipped rules summary: its `rules.toml`, embedded, parsed and
/// checked once on first use ([`RulesSummary::parse`]). A game keeps one in
/// a `static` and answers its `rulebook::summary()` from it.
pub struct ShippedRules {
    /// The file's text.
    text: &'static str,
    /// The game's data folder, for errors (`data/pangea`).
    folder: &'static str,
    /// The summary, or the error naming the file and field.
    parsed: OnceLock<Result<RulesSummary, DataError>>,
}

impl ShippedRules {
    /// The rules of `text`, the `rules.toml` of `folder`.
    pub const fn new(text: &'static str, folder: &'static str) -> ShippedRules {
        ShippedRules {
            text,
            folder,
            parsed: OnceLock::new(),
        }
    }

    /// The summary, parsed and checked once, or the error naming the file
    /// and field.
    pub fn get(&'static self) -> Result<&'static RulesSummary, DataError> {
        self.parsed
            .get_or_init(|| RulesSummary::parse(self.text, self.folder))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The file's text (for tests that break it on purpose).
    pub fn text(&self) -> &'static str {
        self.text
    }

    /// Parses another text as this game's rules file (a test's broken copy).
    pub fn parse(&self, text: &str) -> Result<RulesSummary, DataError> {
        RulesSummary::parse(text, self.folder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(id: &str, title: &str, pages: &[u16]) -> RulesSection {
        RulesSection {
            id: id.into(),
            title: title.into(),
            group: "Actions".into(),
            pages: pages.to_vec(),
            cited_as: vec![],
            summary: "What it does.".into(),
            note: None,
        }
    }

    fn summary() -> RulesSummary {
        RulesSummary {
            game: "Test".into(),
            rulebook: "Rules".into(),
            overview: vec![OverviewPart {
                heading: "Goal".into(),
                text: "Win.".into(),
            }],
            sections: vec![
                section("planning", "Planning", &[9]),
                section("trait-cards", "Trait cards", &[5, 19, 20, 21]),
            ],
        }
    }

    #[test]
    fn a_citation_is_the_closing_title_and_page() {
        let c = citation("Birds: place an AP on an empty eyeball space (Planning, p.9)").unwrap();
        assert_eq!(c.title, "Planning");
        assert_eq!(c.pages, 9..=9);
        let c = citation("Reptiles: keep one of the trait cards drawn (Trait cards, p.19-21)");
        assert_eq!(c.unwrap().pages, 19..=21);
        // Parentheses earlier in the prompt are not the citation.
        let c =
            citation("Ann: take one (you need a space), or forfeit (Adaptation, p.12)").unwrap();
        assert_eq!(c.title, "Adaptation");
        assert_eq!(citation("The game is over"), None);
        assert_eq!(citation("Ann: choose (Planning)"), None);
        assert_eq!(citation("Ann: choose (Planning, p.x)"), None);
    }

    #[test]
    fn a_citation_resolves_by_title_and_pages() {
        let s = summary();
        let cited = |p: &str| s.cited(&citation(p).unwrap()).map(|x| x.id.as_str());
        assert_eq!(cited("A: b (Planning, p.9)"), Some("planning"));
        assert_eq!(cited("A: b (Trait cards, p.5)"), Some("trait-cards"));
        assert_eq!(cited("A: b (Trait cards, p.19-21)"), Some("trait-cards"));
        assert_eq!(
            cited("A: b (Planning, p.10)"),
            None,
            "a page the section lacks"
        );
        assert_eq!(
            cited("A: b (Trait cards, p.18-19)"),
            None,
            "a page of the range"
        );
        assert_eq!(cited("A: b (Wanderlust, p.14)"), None, "no such section");
        let mut s = s;
        s.sections[0].cited_as.push("the first planning".into());
        let c = citation("A: b (the first planning, p.9)").unwrap();
        assert_eq!(s.cited(&c).map(|x| x.id.as_str()), Some("planning"));
    }

    #[test]
    fn check_finds_what_a_data_file_gets_wrong() {
        assert_eq!(summary().check(), Ok(()));
        let fault = |f: fn(&mut RulesSummary)| {
            let mut s = summary();
            f(&mut s);
            s.check().unwrap_err()
        };
        assert_eq!(
            fault(|s| s.sections[1].summary = " ".into()).0,
            "section[1].summary"
        );
        assert_eq!(
            fault(|s| s.sections[1].id = "Trait cards".into()).0,
            "section[1].id"
        );
        assert_eq!(
            fault(|s| s.sections[1].id = "planning".into()).0,
            "section[1].id"
        );
        assert_eq!(fault(|s| s.sections[1].pages.clear()).0, "section[1].pages");
        assert_eq!(
            fault(|s| s.sections[1].title = "Planning".into()).0,
            "section[1].title"
        );
        assert_eq!(fault(|s| s.overview.clear()).0, "overview");
        assert_eq!(
            fault(|s| s.sections[0].note = Some(String::new())).0,
            "section[0].note"
        );
    }
}
