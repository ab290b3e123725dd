//! What a choice changed on the board, so that the table can mark every
//! seat's last move: the pieces on each place before and after, compared.
//!
//! A game lists its board pieces in its presentation
//! ([`eons_core::Presentation::board_pieces`]) computed from the **public**
//! view (the spectator's), so a change never tells any reader more than the
//! board shows everyone: board pieces only, no card, trait or hand. Places are
//! named by the labels the board and the texts use ("D7", "D7/E6/E8", Pangea's
//! "B3").

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use eons_core::{PieceKind, Pieces};

/// Where a count is kept: place, piece kind, owner.
type Key = (String, PieceKind, String);

/// The signed change of one count of pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delta {
    /// The place's label.
    pub place: String,
    /// The kind of piece.
    pub piece: PieceKind,
    /// Whose, or which.
    pub owner: String,
    /// Pieces more (positive) or fewer (negative) than before.
    pub delta: i64,
}

/// Sums piece lists by place, kind and owner.
fn counts(list: &[Pieces]) -> BTreeMap<Key, i64> {
    let mut out = BTreeMap::new();
    for p in list {
        *out.entry((p.place.clone(), p.piece, p.owner.clone()))
            .or_insert(0) += i64::from(p.count);
    }
    out
}

/// What changed from `before` to `after`, every count that differs.
pub fn diff(before: &[Pieces], after: &[Pieces]) -> Vec<Delta> {
    let mut sums = counts(after);
    for (key, n) in counts(before) {
        *sums.entry(key).or_insert(0) -= n;
    }
    sums.into_iter()
        .filter(|(_, d)| *d != 0)
        .map(|((place, piece, owner), delta)| Delta {
            place,
            piece,
            owner,
            delta,
        })
        .collect()
}

/// How one place changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// Pieces put there.
    Added,
    /// Pieces taken away.
    Removed,
    /// Pieces that left for other places of the same move.
    MovedFrom,
    /// Pieces that came from other places of the same move.
    MovedTo,
}

/// One place's change in a move, as the table marks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The place's label.
    pub place: String,
    /// How it changed.
    pub kind: ChangeKind,
    /// The kind of piece.
    pub piece: PieceKind,
    /// Whose, or which.
    pub owner: String,
    /// How many pieces.
    pub count: u32,
    /// For a move: the places at the other end (where they went, or came
    /// from).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other: Vec<String>,
}

/// The net changes of some deltas (one move, or a run of moves), classified:
/// pieces of an animal that left some places and reached others in the same
/// run moved; a tile that replaced another is added (the old one is not
/// marked as well).
pub fn classify<'a>(deltas: impl IntoIterator<Item = &'a Delta>) -> Vec<Change> {
    let mut net: BTreeMap<Key, i64> = BTreeMap::new();
    for d in deltas {
        *net.entry((d.place.clone(), d.piece, d.owner.clone()))
            .or_insert(0) += d.delta;
    }
    net.retain(|_, d| *d != 0);
    let tile_added: Vec<String> = net
        .iter()
        .filter(|((_, piece, _), d)| *piece == PieceKind::Tile && **d > 0)
        .map(|((place, _, _), _)| place.clone())
        .collect();
    net.retain(|(place, piece, _), d| {
        !(*piece == PieceKind::Tile && *d < 0 && tile_added.contains(place))
    });
    // Places each (kind, owner) left and reached.
    let mut left: BTreeMap<(PieceKind, &str), Vec<&str>> = BTreeMap::new();
    let mut reached: BTreeMap<(PieceKind, &str), Vec<&str>> = BTreeMap::new();
    for ((place, piece, owner), d) in &net {
        let side = if *d < 0 { &mut left } else { &mut reached };
        side.entry((*piece, owner.as_str()))
            .or_default()
            .push(place.as_str());
    }
    net.iter()
        .map(|((place, piece, owner), d)| {
            let group = (*piece, owner.as_str());
            let other_side = if *d < 0 { &reached } else { &left };
            let other: Vec<String> = if piece.moves() {
                other_side
                    .get(&group)
                    .map(|places| places.iter().map(|p| p.to_string()).collect())
                    .unwrap_or_default()
            } else {
                Vec::new()
            };
            let kind = match (*d < 0, other.is_empty()) {
                (true, true) => ChangeKind::Removed,
                (false, true) => ChangeKind::Added,
                (true, false) => ChangeKind::MovedFrom,
                (false, false) => ChangeKind::MovedTo,
            };
            Change {
                place: place.clone(),
                kind,
                piece: *piece,
                owner: owner.clone(),
                count: u32::try_from(d.unsigned_abs()).unwrap_or(u32::MAX),
                other,
            }
        })
        .collect()
}

/// One seat's last move on the board: the net changes of its latest run of
/// choices (from its first choice after another seat's to its last) that
/// changed the board, which the table marks until that seat changes the
/// board again. A run that changed nothing on the board (an action pawn
/// placed, a card taken) leaves the marks of the run before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatMarks {
    /// The seat.
    pub seat: u8,
    /// The log number of the run's first entry.
    pub from: i64,
    /// The log number of the run's last entry.
    pub to: i64,
    /// What the run changed.
    pub changes: Vec<Change>,
}

/// Every seat's last move on the board ([`SeatMarks`]), from the log's
/// entries as `(seat, n, deltas)` in order, for a game of `seats` seats. A
/// seat that has not changed the board yet has none.
pub fn last_moves<'a>(
    entries: impl DoubleEndedIterator<Item = (u8, i64, &'a [Delta])>,
    seats: usize,
) -> Vec<SeatMarks> {
    /// A run being read backwards: seat, first and last n, each entry's
    /// deltas (latest first).
    type Run<'a> = (u8, i64, i64, Vec<&'a [Delta]>);
    let mut done: BTreeMap<u8, SeatMarks> = BTreeMap::new();
    let mut run: Option<Run<'a>> = None;
    let finish = |run: Option<Run<'a>>, done: &mut BTreeMap<u8, SeatMarks>| {
        if let Some((seat, from, to, mut entries)) = run {
            entries.reverse();
            let changes = run_changes(&entries);
            if !changes.is_empty() {
                done.insert(
                    seat,
                    SeatMarks {
                        seat,
                        from,
                        to,
                        changes,
                    },
                );
            }
        }
    };
    for (seat, n, deltas) in entries.rev() {
        if done.len() >= seats {
            break;
        }
        match &mut run {
            Some((s, from, _, list)) if *s == seat => {
                *from = n;
                list.push(deltas);
            }
            _ => {
                finish(run.take(), &mut done);
                if !done.contains_key(&seat) {
                    run = Some((seat, n, n, vec![deltas]));
                }
            }
        }
    }
    finish(run, &mut done);
    done.into_values().collect()
}

/// The changes of a run of one seat's choices (each entry's deltas, in
/// order): each choice classified on its own (a piece moves only when one
/// choice moved it; a piece put and another taken by two choices stay
/// apart), then the same changes merged. A choice that was taken back
/// (followed by the undo, whose deltas are its opposite) counts for nothing.
fn run_changes(entries: &[&[Delta]]) -> Vec<Change> {
    let mut kept: Vec<&[Delta]> = Vec::new();
    for &e in entries {
        let undoes_last = !e.is_empty()
            && kept.last().is_some_and(|last| {
                last.len() == e.len()
                    && last.iter().all(|d| {
                        e.iter().any(|x| {
                            x.place == d.place
                                && x.piece == d.piece
                                && x.owner == d.owner
                                && x.delta == -d.delta
                        })
                    })
            });
        if undoes_last {
            kept.pop();
        } else if !e.is_empty() {
            kept.push(e);
        }
    }
    let mut merged: Vec<Change> = Vec::new();
    for change in kept.iter().flat_map(|e| classify(e.iter())) {
        match merged.iter_mut().find(|m| {
            m.place == change.place
                && m.kind == change.kind
                && m.piece == change.piece
                && m.owner == change.owner
        }) {
            Some(m) => {
                m.count = m.count.saturating_add(change.count);
                for o in change.other {
                    if !m.other.contains(&o) {
                        m.other.push(o);
                    }
                }
            }
            None => merged.push(change),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(place: &str, piece: PieceKind, owner: &str, count: u32) -> Pieces {
        Pieces {
            place: place.into(),
            piece,
            owner: owner.into(),
            count,
        }
    }

    #[test]
    fn pieces_that_leave_one_place_and_reach_another_moved() {
        let before = [
            p("D7", PieceKind::Species, "mammals", 3),
            p("E8", PieceKind::Species, "birds", 1),
        ];
        let after = [
            p("D7", PieceKind::Species, "mammals", 1),
            p("E6", PieceKind::Species, "mammals", 2),
        ];
        let changes = classify(&diff(&before, &after));
        let find = |place: &str| changes.iter().find(|c| c.place == place).cloned();
        assert_eq!(
            find("D7").map(|c| (c.kind, c.count, c.other)),
            Some((ChangeKind::MovedFrom, 2, vec!["E6".to_string()]))
        );
        assert_eq!(find("E6").map(|c| c.kind), Some(ChangeKind::MovedTo));
        assert_eq!(
            find("E8").map(|c| (c.kind, c.owner)),
            Some((ChangeKind::Removed, "birds".to_string()))
        );
        assert_eq!(changes.len(), 3);
    }

    #[test]
    fn a_tile_that_turns_into_another_is_added_and_a_run_nets_out() {
        let before = [
            p("C5", PieceKind::Tile, "sea", 1),
            p("C5/D4/D6", PieceKind::Element, "water", 1),
        ];
        let after = [p("C5", PieceKind::Tile, "tundra", 1)];
        let first = diff(&before, &after);
        let changes = classify(&first);
        assert_eq!(changes.len(), 2);
        assert!(changes
            .iter()
            .any(|c| c.place == "C5" && c.kind == ChangeKind::Added && c.owner == "tundra"));
        assert!(changes
            .iter()
            .any(|c| c.piece == PieceKind::Element && c.kind == ChangeKind::Removed));
        // Taking the move back leaves nothing to mark.
        let back = diff(&after, &before);
        assert!(classify(first.iter().chain(&back)).is_empty());
    }

    #[test]
    fn a_seat_s_last_move_is_its_latest_run() {
        let d = |place: &str, delta: i64| Delta {
            place: place.into(),
            piece: PieceKind::Species,
            owner: "mammals".into(),
            delta,
        };
        let old = [d("A1", 1)];
        let first = [d("B2", 1)];
        let second = [d("C3", 1)];
        let other = [d("D4", -1)];
        let log: Vec<(u8, i64, &[Delta])> = vec![
            (0, 0, &old),
            (1, 1, &other),
            (0, 2, &first),
            (0, 3, &second),
            (1, 4, &[]),
            (2, 5, &[]),
        ];
        let marks = last_moves(log.into_iter(), 3);
        // Seat 2 never changed the board; seat 1's latest run changed nothing,
        // so its run before that is marked.
        assert_eq!(marks.len(), 2);
        assert_eq!((marks[0].seat, marks[0].from, marks[0].to), (0, 2, 3));
        assert_eq!((marks[1].seat, marks[1].from), (1, 1));
        let places: Vec<&str> = marks[0].changes.iter().map(|c| c.place.as_str()).collect();
        assert_eq!(places, ["B2", "C3"]);
        assert_eq!(marks[1].changes[0].kind, ChangeKind::Removed);
    }

    #[test]
    fn a_run_keeps_its_choices_apart_and_forgets_what_was_taken_back() {
        let d = |place: &str, delta: i64| Delta {
            place: place.into(),
            piece: PieceKind::Animal,
            owner: "invertebrates".into(),
            delta,
        };
        let populate = [d("B4", 1)];
        let remove = [d("B5", -1)];
        let moved = [d("A1", -1), d("A2", 1)];
        let undo = [d("A1", 1), d("A2", -1)];
        let log: Vec<(u8, i64, &[Delta])> = vec![
            (0, 0, &populate),
            (0, 1, &remove),
            (0, 2, &moved),
            (0, 3, &undo),
        ];
        let marks = last_moves(log.into_iter(), 1);
        let kinds: Vec<(&str, ChangeKind)> = marks[0]
            .changes
            .iter()
            .map(|c| (c.place.as_str(), c.kind))
            .collect();
        assert_eq!(
            kinds,
            [("B4", ChangeKind::Added), ("B5", ChangeKind::Removed)]
        );
    }
}
