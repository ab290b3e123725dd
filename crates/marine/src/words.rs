//! The words every text shares, below the modules that word their own
//! choices: places by the board's labels ("D7 reef", corners "D7/E6/E8"),
//! counts and articles that agree with their nouns, spaces, pawns, and the
//! elements in circles and on corners. [`crate::texts`] re-exports the
//! public ones, where they have always been read.

use crate::data::data;
use crate::state::{element_of, CircleRow, Pawn, State};
use crate::types::{Animal, Element, Space, Tile};
use eons_core::{CornerId, HexId};
use eons_earth::{CornerLabel, HexLabel};

/// A hex by its label ("D7").
pub fn hex_label(h: HexId) -> HexLabel {
    HexLabel::of(h)
}

/// A hex by its label and the tile on it, as the board shows it: "D7 reef",
/// or "D7" where there is no tile.
pub fn place(h: HexId, tile: Option<Tile>) -> String {
    match tile {
        Some(t) => format!("{} {t}", hex_label(h)),
        None => hex_label(h).to_string(),
    }
}

/// A hex with the tile on it now ("D7 reef").
pub fn tile_at(s: &State, h: HexId) -> String {
    place(h, s.earth.tile(h))
}

/// A corner by the hexes that meet there ("D7/E6/E8"), for a choice.
pub fn corner(c: CornerId) -> String {
    CornerLabel::of(c).to_string()
}

/// A corner in a sentence: "the corner of D7, E6 and E8", "the west corner
/// of A4".
pub fn corner_in_words(c: CornerId) -> String {
    let words = CornerLabel::of(c).in_words();
    if words.starts_with("the ") {
        words
    } else {
        format!("the corner of {words}")
    }
}

/// "a" or "an", as the sound of `word` asks ("an algae disk", "a sun disk",
/// "an ocean tile").
pub fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o') => "an",
        Some('u') if !word.to_ascii_lowercase().starts_with("uni") => "an",
        _ => "a",
    }
}

/// `word` after its article ("an algae", "a sun").
pub fn with_article(word: &str) -> String {
    format!("{} {word}", article(word))
}

/// A number and its noun, agreeing: "1 species", "1 card", "2 cards".
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A scoring place spelled out, as the rulebook writes it: "first",
/// "second", "third", "fourth" (one form across the three games).
pub fn ordinal(n: u8) -> String {
    const WORDS: [&str; 6] = ["first", "second", "third", "fourth", "fifth", "sixth"];
    match WORDS.get(usize::from(n).wrapping_sub(1)) {
        Some(word) => (*word).to_string(),
        None => format!("number {n}"),
    }
}

/// `text` with its first letter in capitals.
pub fn capitalised(text: &str) -> String {
    eons_core::game::capitalised(text)
}

/// The name of a space ("Evolution 3/5", "Migration 4/4 (special)", "the
/// Reptiles' Bottom Feeder space").
pub fn space_name(space: Space) -> String {
    if space.is_personal() {
        return match Animal::ALL.get(space.personal_index()) {
            Some(a) => format!("the {a}' Bottom Feeder space"),
            None => "a Bottom Feeder space".into(),
        };
    }
    let d = data();
    match d.spaces.get(space.index()) {
        Some(sp) => {
            let total = d.section_of(sp.action).map_or(0, |x| x.len);
            let tag = if sp.special { " (special)" } else { "" };
            format!("{} {}/{}{tag}", sp.action, sp.col + 1, total)
        }
        None => format!("action space {}", space.0),
    }
}

/// A pawn in words: "a Fishes basic pawn", "the sun special pawn".
pub fn pawn_name(p: Pawn) -> String {
    match p {
        Pawn::Basic(a) => format!("a {a} basic pawn"),
        Pawn::Special(e) => format!("the {e} special pawn"),
    }
}

/// An element on earth in words: "an algae element", "a sun element".
pub(crate) fn element_piece(e: Element) -> String {
    format!("{} {e} element", article(e.name()))
}

/// A disk in words: "an algae disk".
pub(crate) fn disk(e: Element) -> String {
    format!("{} {e} disk", article(e.name()))
}

/// The element in an element circle of a row.
pub(crate) fn circle(s: &State, row: CircleRow, i: u8) -> Option<Element> {
    s.circles[row as usize].get(i as usize).copied().flatten()
}

/// The element on a corner, with the corner: "the algae at D7/E6/E8".
pub(crate) fn element_at(s: &State, c: CornerId) -> String {
    match s.earth.element(c) {
        Some(e) => format!("the {} at {}", element_of(e), corner(c)),
        None => format!("the empty corner {}", corner(c)),
    }
}

/// Taking the element of circle `i` (from 0) of `row`, as its button
/// reads: "take the algae from circle 2"; the circle, counted from the
/// left, tells apart two circles holding the same element.
pub(crate) fn take_circle(s: &State, row: CircleRow, i: u8) -> String {
    match circle(s, row, i) {
        Some(e) => format!("take the {e} from circle {}", i + 1),
        None => format!("take circle {}", i + 1),
    }
}

/// The disk on disk space `k` (from 0) of `animal`'s display, if any.
pub(crate) fn disk_at(s: &State, animal: Animal, k: u8) -> Option<Element> {
    s.disks[animal.index()].get(k as usize).copied().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_articles_agree() {
        assert_eq!(count(1, "card", "cards"), "1 card");
        assert_eq!(count(2, "card", "cards"), "2 cards");
        assert_eq!(with_article("algae"), "an algae");
        assert_eq!(with_article("sun"), "a sun");
        assert_eq!(with_article("ocean"), "an ocean");
        assert_eq!(ordinal(1), "first");
        assert_eq!(ordinal(2), "second");
        assert_eq!(ordinal(3), "third");
        assert_eq!(ordinal(4), "fourth");
    }
}
