//! Where a data value comes from: the one vocabulary of every game's data
//! folder (`data/<game>/`). Each value of component data carries a mark
//! beside it (`<field>_mark` or `<field>_status`), one of these words, so
//! that a player who owns the game knows which values to check against the
//! printed components, and the table can tag a reconstructed card text.

use std::fmt;

/// Where a data value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Provenance {
    /// The rulebook prints it (`stated`).
    Stated,
    /// It follows from stated rules, counts, examples or pictures, or is
    /// printed on a component and taken from the component reference
    /// (`inferred`).
    Inferred,
    /// The printed value or text is lost: a playable design in our words
    /// stands in its place (`reconstructed`).
    Reconstructed,
    /// No evidence either way: a value that only has to be something
    /// (`placeholder`).
    Placeholder,
    /// The recommended reading of an unclear rule, named in
    /// `docs/rulings.md` (`ruling`).
    Ruling,
}

impl Provenance {
    /// Every mark, in the order the data folders' READMEs list them.
    pub const ALL: [Provenance; 5] = [
        Provenance::Stated,
        Provenance::Inferred,
        Provenance::Reconstructed,
        Provenance::Placeholder,
        Provenance::Ruling,
    ];

    /// The word a data file writes.
    pub fn word(self) -> &'static str {
        match self {
            Provenance::Stated => "stated",
            Provenance::Inferred => "inferred",
            Provenance::Reconstructed => "reconstructed",
            Provenance::Placeholder => "placeholder",
            Provenance::Ruling => "ruling",
        }
    }

    /// The mark a data file wrote, or None for a word that is not one.
    pub fn parse(word: &str) -> Option<Provenance> {
        Provenance::ALL.into_iter().find(|p| p.word() == word)
    }

    /// Whether the value is not the printed one (reconstructed or a
    /// placeholder): the table tags such a card text "reconstructed".
    pub fn is_reconstructed(self) -> bool {
        matches!(self, Provenance::Reconstructed | Provenance::Placeholder)
    }

    /// The words of `allowed`, for an error message: "stated or inferred".
    pub fn listed(allowed: &[Provenance]) -> String {
        let words: Vec<&str> = allowed.iter().map(|p| p.word()).collect();
        match words.split_last() {
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

impl fmt::Display for Provenance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_reads_back_from_its_word_and_nothing_else_does() {
        for p in Provenance::ALL {
            assert_eq!(Provenance::parse(p.word()), Some(p));
        }
        for old in ["S", "I", "R", "P", "derived", "Stated", ""] {
            assert_eq!(Provenance::parse(old), None, "{old}");
        }
        assert_eq!(
            Provenance::listed(&[Provenance::Stated, Provenance::Inferred]),
            "stated or inferred"
        );
    }
}
