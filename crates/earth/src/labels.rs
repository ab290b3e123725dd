//! The names players read for places on earth: each hex has one short label
//! printed on the board's edges, as 18xx maps do, and a corner is named by
//! the hexes that meet there.
//!
//! The hexes are flat-topped, in vertical columns (see `eons_core::hex`), so
//! the columns are the straight lines of the map: they take the letters
//! `A`–`G` from west to east, printed above and below the board. The rows
//! run in half-hex steps, as on 18xx maps with flat hexes: row numbers
//! `1`–`13` from north to south, printed on the left and right, and each
//! hex takes the number of the half-row through its centre. So the centre
//! hex is `D7`, the northmost `D1`, the westmost column holds `A4`, `A6`,
//! `A8` and `A10`, and two hexes of one column differ by 2.
//!
//! A corner reads as the grid hexes meeting there, in label order joined by
//! `/` (`D7/E6/E8`). Two hexes side by side share two corners, so a corner
//! on the rim where only two hexes meet adds the end of their common side
//! it is at (`G6/G8 east`: the east end of the side G6 and G8 share); a
//! corner on the rim that touches one hex only reads as that hex and its
//! side (`A4 west`). So every label names one corner, without the reader
//! having to know which corners the grid has.
//!
//! Both read back with [`FromStr`], which also takes the forms position files
//! were written in before: two hexes alone (`G6/G8`, where only one corner
//! of the grid has just these two), axial coordinates (`(0,0)` or `0,0`),
//! corners as `E(q,r)`/`W(q,r)`, and a hex with a corner direction
//! (`(0,0).se`, `D7.se`, `D7 south-east`).

use crate::{grid, HEXES};
use eons_core::{Corner, CornerId, Hex, HexId};
use std::fmt;
use std::str::FromStr;

/// The first column's letter.
const FIRST_COLUMN: u8 = b'A';
/// The westmost column's `q`.
const WEST_Q: i8 = -3;
/// Added to `2r + q` to count rows from 1.
const ROW_OFFSET: i16 = 7;

/// The six corners of a hex, clockwise from east, as [`Hex::corners`] lists
/// them: short names and words.
const CORNER_SIDES: [(&str, &str); 6] = [
    ("e", "east"),
    ("se", "south-east"),
    ("sw", "south-west"),
    ("w", "west"),
    ("nw", "north-west"),
    ("ne", "north-east"),
];

/// A hex of earth by its label ("D7").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexLabel(HexId);

impl HexLabel {
    /// The label of a hex of the earth grid.
    pub fn of(hex: HexId) -> HexLabel {
        HexLabel(hex)
    }

    /// The labelled hex.
    pub fn hex(self) -> HexId {
        self.0
    }

    /// The column letter (`'A'`–`'G'`, west to east).
    pub fn column(self) -> char {
        let h = grid().hex(self.0);
        (FIRST_COLUMN + (h.q - WEST_Q) as u8) as char
    }

    /// The row number (1–13, north to south, in half-hex steps).
    pub fn row(self) -> u8 {
        let h = grid().hex(self.0);
        (h.y() + ROW_OFFSET) as u8
    }

    /// Every hex's label, in hex id order.
    pub fn all() -> impl Iterator<Item = HexLabel> {
        (0..HEXES).map(|i| HexLabel(HexId(i as u8)))
    }
}

impl fmt::Display for HexLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column(), self.row())
    }
}

/// A text that names no hex or corner of earth.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\" is not a {what} of earth ({expected})")]
pub struct LabelError {
    text: String,
    what: &'static str,
    expected: &'static str,
}

impl LabelError {
    fn hex(text: &str) -> LabelError {
        LabelError {
            text: text.to_string(),
            what: "hex",
            expected: "a label such as D7, from A4 to G10",
        }
    }

    fn corner(text: &str) -> LabelError {
        LabelError {
            text: text.to_string(),
            what: "corner",
            expected:
                "the hexes that meet there, such as D7/E6/E8 or G6/G8 east, or a hex and a side, such as A4 west",
        }
    }
}

impl FromStr for HexLabel {
    type Err = LabelError;

    fn from_str(text: &str) -> Result<HexLabel, LabelError> {
        let t = text.trim();
        let hex = parse_label(t)
            .or_else(|| parse_axial(t))
            .ok_or_else(|| LabelError::hex(text))?;
        grid()
            .id(hex)
            .map(HexLabel)
            .ok_or_else(|| LabelError::hex(text))
    }
}

/// `D7` (either case) as a hex, on the grid or not.
fn parse_label(t: &str) -> Option<Hex> {
    let mut chars = t.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() {
        return None;
    }
    // Any number parses without overflow; one far off the map names no hex.
    let row: i32 = chars.as_str().parse().ok()?;
    let q = i32::from((letter as u8).checked_sub(FIRST_COLUMN)?) + i32::from(WEST_Q);
    let y = row - i32::from(ROW_OFFSET);
    // y = 2r + q: a label of the other parity names no hex.
    if (y - q).rem_euclid(2) != 0 {
        return None;
    }
    let r = (y - q) / 2;
    Some(Hex::new(i8::try_from(q).ok()?, i8::try_from(r).ok()?))
}

/// `(q,r)` or `q,r` as a hex.
fn parse_axial(t: &str) -> Option<Hex> {
    let inner = t
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(t);
    let (q, r) = inner.split_once(',')?;
    Some(Hex::new(q.trim().parse().ok()?, r.trim().parse().ok()?))
}

/// A corner of earth by the hexes that meet there ("D7/E6/E8").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CornerLabel(CornerId);

impl CornerLabel {
    /// The label of a corner of the earth grid.
    pub fn of(corner: CornerId) -> CornerLabel {
        CornerLabel(corner)
    }

    /// The labelled corner.
    pub fn corner(self) -> CornerId {
        self.0
    }

    /// The grid hexes meeting at the corner, in label order (column, then row).
    pub fn hexes(self) -> Vec<HexLabel> {
        let mut hexes: Vec<HexLabel> = grid().hexes_at(self.0).map(HexLabel).collect();
        hexes.sort_by_key(|h| (h.column(), h.row()));
        hexes
    }

    /// The hexes meeting at the corner in words, for a sentence: "D7, E6 and
    /// E8", "the east corner of G6 and G8", or "the west corner of A4".
    pub fn in_words(self) -> String {
        let hexes = self.hexes();
        match hexes.as_slice() {
            [only] => format!("the {} corner of {only}", side_of(self.0, *only).1),
            [a, b] => format!("the {} corner of {a} and {b}", end_of(self.0, *a, *b).1),
            [a, b, c] => format!("{a}, {b} and {c}"),
            _ => self.to_string(),
        }
    }
}

/// Which corner of `hex` the corner is (`("w", "west")`).
fn side_of(corner: CornerId, hex: HexLabel) -> (&'static str, &'static str) {
    let g = grid();
    let at = g.corner(corner);
    g.hex(hex.0)
        .corners()
        .iter()
        .position(|&c| c == at)
        .map_or(("?", "?"), |i| CORNER_SIDES[i])
}

/// Which end of the side that `a` and `b` share the corner is at, as the
/// direction from the other corner they share (`("e", "east")`): the two
/// hexes meet at both ends of that side.
fn end_of(corner: CornerId, a: HexLabel, b: HexLabel) -> (&'static str, &'static str) {
    let g = grid();
    let at = g.corner(corner);
    let mine = g.hex(a.0).corners();
    let theirs = g.hex(b.0).corners();
    match mine.iter().position(|&c| c == at) {
        // Going clockwise round `a` (east, south-east, ...), the side from
        // corner i to corner i + 1 runs in direction i + 2, and back in
        // direction i + 5.
        Some(i) if theirs.contains(&mine[(i + 1) % 6]) => CORNER_SIDES[(i + 5) % 6],
        Some(i) => CORNER_SIDES[(i + 1) % 6],
        None => ("?", "?"),
    }
}

impl fmt::Display for CornerLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hexes = self.hexes();
        match hexes.as_slice() {
            [only] => return write!(f, "{only} {}", side_of(self.0, *only).1),
            [a, b] => return write!(f, "{a}/{b} {}", end_of(self.0, *a, *b).1),
            _ => {}
        }
        for (i, h) in hexes.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

impl FromStr for CornerLabel {
    type Err = LabelError;

    fn from_str(text: &str) -> Result<CornerLabel, LabelError> {
        let t = text.trim();
        let corner = parse_corner_code(t)
            .or_else(|| parse_hex_and_side(t))
            .or_else(|| parse_meeting_hexes(t));
        corner
            .and_then(|c| grid().corner_id(c))
            .map(CornerLabel)
            .ok_or_else(|| LabelError::corner(text))
    }
}

/// `E(q,r)` or `W(q,r)`, the canonical names of `eons_core::hex`.
fn parse_corner_code(t: &str) -> Option<Corner> {
    let (point, rest) = t.split_at_checked(1)?;
    let hex = parse_axial(rest).filter(|_| rest.starts_with('('))?;
    match point {
        "E" | "e" => Some(Corner::east(hex)),
        "W" | "w" => Some(Corner::west(hex)),
        _ => None,
    }
}

/// A hex and one of its six corners: `(0,0).se`, `D7.se`, `D7 south-east`.
fn parse_hex_and_side(t: &str) -> Option<Corner> {
    let (hex, side) = t
        .rsplit_once('.')
        .or_else(|| t.rsplit_once(' '))
        .filter(|(_, side)| !side.is_empty())?;
    let hex = HexLabel::from_str(hex).ok()?;
    let side = side.trim().to_ascii_lowercase();
    let i = CORNER_SIDES
        .iter()
        .position(|(short, word)| side == *short || side == *word)?;
    Some(grid().hex(hex.0).corners()[i])
}

/// The grid hexes that meet at a corner, in any order: `D7/E6/E8`; two
/// hexes with the end of their common side (`G6/G8 east`, `G6/G8.e`), or
/// alone where only one corner of the grid has just these two (`G6/G8`).
fn parse_meeting_hexes(t: &str) -> Option<Corner> {
    let (hexes, end) = t
        .rsplit_once(['.', ' '])
        .and_then(|(hexes, side)| {
            let side = side.trim().to_ascii_lowercase();
            CORNER_SIDES
                .into_iter()
                .find(|(short, word)| side == *short || side == *word)
                .map(|end| (hexes.trim(), Some(end)))
        })
        .unwrap_or((t, None));
    let mut named: Vec<HexId> = hexes
        .split('/')
        .map(|part| HexLabel::from_str(part).map(|h| h.0))
        .collect::<Result<_, _>>()
        .ok()?;
    if named.len() < 2 {
        return None;
    }
    named.sort();
    let g = grid();
    (0..g.corner_count()).find_map(|i| {
        let c = CornerId(i as u8);
        let mut here: Vec<HexId> = g.hexes_at(c).collect();
        here.sort();
        let at_end = match (end, here.as_slice()) {
            (None, _) => true,
            (Some(end), [a, b]) => end_of(c, HexLabel(*a), HexLabel(*b)) == end,
            (Some(_), _) => false,
        };
        (here == named && at_end).then(|| g.corner(c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CORNERS;

    fn label(q: i8, r: i8) -> String {
        HexLabel::of(grid().id(Hex::new(q, r)).expect("on the grid")).to_string()
    }

    #[test]
    fn the_centre_is_d7_and_the_columns_run_west_to_east() {
        assert_eq!(label(0, 0), "D7");
        assert_eq!(label(0, -3), "D1");
        assert_eq!(label(0, 3), "D13");
        assert_eq!(label(-3, 0), "A4");
        assert_eq!(label(-3, 3), "A10");
        assert_eq!(label(3, -3), "G4");
        assert_eq!(label(1, -1), "E6", "the north-east neighbour of D7");
        assert_eq!(label(1, 0), "E8", "the south-east neighbour of D7");
    }

    #[test]
    fn every_hex_label_reads_back_and_is_unique() {
        let mut seen = std::collections::HashSet::new();
        for l in HexLabel::all() {
            let text = l.to_string();
            assert!(seen.insert(text.clone()), "{text} twice");
            assert_eq!(text.parse::<HexLabel>(), Ok(l));
            assert_eq!(text.to_lowercase().parse::<HexLabel>(), Ok(l));
            let h = grid().hex(l.hex());
            assert_eq!(format!("({},{})", h.q, h.r).parse::<HexLabel>(), Ok(l));
        }
        assert_eq!(seen.len(), HEXES);
    }

    #[test]
    fn labels_of_no_hex_are_refused() {
        for text in [
            "D8",
            "A2",
            "H7",
            "D0",
            "",
            "7",
            "(9,9)",
            "D7/E6",
            "A-32768",
            "D99999",
            "Z2147483647",
        ] {
            assert!(text.parse::<HexLabel>().is_err(), "{text}");
        }
    }

    #[test]
    fn every_corner_label_reads_back_and_is_unique() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..CORNERS {
            let c = CornerLabel::of(CornerId(i as u8));
            let text = c.to_string();
            assert!(seen.insert(text.clone()), "{text} twice");
            assert_eq!(text.parse::<CornerLabel>(), Ok(c), "{text}");
            let (hexes, end) = text.split_once(' ').unwrap_or((&text, ""));
            let reversed: Vec<&str> = hexes.split('/').rev().collect();
            let reversed = format!("{} {end}", reversed.join("/"));
            assert_eq!(reversed.trim().parse::<CornerLabel>(), Ok(c), "{reversed}");
            let code = grid().corner(c.corner()).to_string();
            assert_eq!(code.parse::<CornerLabel>(), Ok(c), "{code}");
        }
    }

    #[test]
    fn a_corner_is_named_by_the_hexes_that_meet_there() {
        let east_of_centre = grid()
            .corner_id(Corner::east(Hex::new(0, 0)))
            .expect("corner");
        let c = CornerLabel::of(east_of_centre);
        assert_eq!(c.to_string(), "D7/E6/E8");
        assert_eq!(c.in_words(), "D7, E6 and E8");
        assert_eq!("E8/D7/E6".parse::<CornerLabel>(), Ok(c));
        assert_eq!("(0,0).e".parse::<CornerLabel>(), Ok(c));
        assert_eq!("D7 east".parse::<CornerLabel>(), Ok(c));
        let west_of_a4 = grid()
            .corner_id(Corner::west(Hex::new(-3, 0)))
            .expect("corner");
        let rim = CornerLabel::of(west_of_a4);
        assert_eq!(rim.to_string(), "A4 west");
        assert_eq!(rim.in_words(), "the west corner of A4");
        assert_eq!("a4.w".parse::<CornerLabel>(), Ok(rim));
        assert!("D7/E6".parse::<CornerLabel>().is_err(), "two corners");
        // G6 and G8 share a side; at its west end F7 meets them too.
        let g6 = Hex::new(3, -2);
        let east_end = grid()
            .corner_id(g6.corners()[1])
            .map(CornerLabel::of)
            .expect("corner");
        assert_eq!(label(3, -2), "G6");
        assert_eq!(east_end.to_string(), "G6/G8 east");
        assert_eq!(east_end.in_words(), "the east corner of G6 and G8");
        assert_eq!("G8/G6 east".parse::<CornerLabel>(), Ok(east_end));
        assert_eq!("g6/g8.e".parse::<CornerLabel>(), Ok(east_end));
        assert_eq!("G6/G8".parse::<CornerLabel>(), Ok(east_end), "as before");
        assert!("G6/G8 west".parse::<CornerLabel>().is_err(), "F7/G6/G8");
        let west_end = grid()
            .corner_id(g6.corners()[2])
            .map(CornerLabel::of)
            .expect("corner");
        assert_eq!(west_end.to_string(), "F7/G6/G8");
    }
}
