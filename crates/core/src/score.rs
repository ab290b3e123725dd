//! The final score of a finished game, split by where it came from: a
//! presentation shape every engine fills from its own events (the end-of-game
//! panel reads it). Nothing here scores: an engine's breakdown only sorts the
//! points its rules already gave.

use serde::Serialize;

/// Every seat's final score split by source, and how ties are broken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreBreakdown {
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatScore>,
    /// The seats that win (by index): usually the first of the ranking;
    /// several for a shared win, none when the game has no winner (a
    /// Pangea game whose animals all died, a failed solo game).
    pub winners: Vec<usize>,
    /// The rule that orders seats whose totals tie, in words that follow
    /// "Ties:" ("the animal higher in the food chain ranks first").
    pub tie_break: String,
    /// What decided the win besides the totals, as a sentence, when a rule
    /// other than the tie-break did: a seat with the highest total that
    /// could not win (Pangea: "only a player with an animal on the board
    /// can win"), or a game nobody won. None when the highest total won.
    pub decided: Option<String>,
}

/// One seat's final score and its parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatScore {
    /// The score the game counts for the seat (the sum of `parts`).
    pub total: i64,
    /// When a seat plays several animals and one of them counts (the
    /// multi-animal rules), the animal whose score is the seat's.
    pub counted: Option<String>,
    /// Where the points came from, in the game's scoring order; sources that
    /// gave nothing are left out.
    pub parts: Vec<ScorePart>,
}

/// Points from one source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScorePart {
    /// The source in words ("Dominance cards").
    pub source: String,
    /// Points from it (negative for points lost).
    pub points: i64,
    /// The points of this source one by one (a card, a tile), when the
    /// source has several; empty otherwise.
    pub items: Vec<ScoreItem>,
}

/// One scoring within a source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ScoreItem {
    /// What scored, in words ("D7 desert, first place").
    pub text: String,
    /// Points.
    pub points: i64,
}

impl SeatScore {
    /// The sum of the parts.
    pub fn sum_of_parts(&self) -> i64 {
        self.parts.iter().map(|p| p.points).sum()
    }
}

impl ScorePart {
    /// A part from its items (`points` is their sum), or None when they sum
    /// to nothing and there is none.
    pub fn from_items(source: &str, items: Vec<ScoreItem>) -> Option<ScorePart> {
        let points = items.iter().map(|i| i.points).sum();
        (points != 0 || !items.is_empty()).then(|| ScorePart {
            source: source.to_string(),
            points,
            items,
        })
    }

    /// A part of one number, or None when it is zero.
    pub fn total(source: &str, points: i64) -> Option<ScorePart> {
        (points != 0).then(|| ScorePart {
            source: source.to_string(),
            points,
            items: Vec::new(),
        })
    }
}

/// Adds `points` to the item named `text`, or appends it.
pub fn add_item(items: &mut Vec<ScoreItem>, text: String, points: i64) {
    match items.iter_mut().find(|i| i.text == text) {
        Some(i) => i.points += points,
        None => items.push(ScoreItem { text, points }),
    }
}
