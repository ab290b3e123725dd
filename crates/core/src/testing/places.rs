//! The event-places test, shared by every game with a board: the places an
//! event hands the table ([`Presentation::event_places`]) are exactly the
//! places its text names. The table lights those places when a reader
//! points at a log entry; before the engines said which they were, the
//! browser found them by running a regular expression over the English
//! text. This test runs that same expression over every event text of
//! seeded random games and requires that the engine's list and the text
//! agree both ways, hex by hex (a corner is the hexes that meet there: a
//! text may write it "the corner of D7, E6 and E8"): every place listed is
//! written in the text, and every place the text writes is listed.

use crate::game::{Game, Turn};
use crate::presentation::Presentation;
use crate::rng::GameRng;
use regex::Regex;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// How the boards' places are written in the texts: a hex ("D7"), a corner
/// ("D7/E6/E8", or "A4 west" on the rim) of the earth's columns A–G and rows
/// 1–13, or a region of Pangea's board ("C3": columns A–D, rows 1–5). The
/// expression the table used to find places in a log entry's words.
pub fn place_pattern() -> &'static Regex {
    static PATTERN: OnceLock<Regex> = OnceLock::new();
    PATTERN.get_or_init(|| {
        Regex::new(
            r"\b[A-G](?:1[0-3]|[1-9])(?:/[A-G](?:1[0-3]|[1-9]))*\b(?: (?:north-east|north-west|south-east|south-west|east|west)\b)?",
        )
        .expect("the place pattern is a valid expression")
    })
}

/// What [`check_event_places`] saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventPlacesReport {
    /// Events read.
    pub events: usize,
    /// Events that named at least one place.
    pub with_places: usize,
    /// Places listed, over all events.
    pub places: usize,
}

/// Plays `games` seeded random games of `setup` (seeds from `first_seed`),
/// each for at most `max_decisions` decisions, and checks every event's
/// places against its text ([`place_pattern`]). The first disagreement is
/// the error, with the event's text and both lists.
pub fn check_event_places<G: Game + Presentation>(
    setup: &G::Setup,
    first_seed: u64,
    games: u64,
    max_decisions: usize,
) -> Result<EventPlacesReport, String> {
    let mut report = EventPlacesReport::default();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for seed in first_seed..first_seed + games {
        let mut state = G::new(setup, seed).map_err(|e| format!("seed {seed}: {e}"))?;
        let mut rng = GameRng::new(seed ^ 0x9e37_79b9_7f4a_7c15);
        for _ in 0..max_decisions {
            if G::turn(&state) == Turn::Over {
                break;
            }
            legal.clear();
            G::legal(&state, &mut legal);
            if legal.is_empty() {
                break;
            }
            let choice = legal[rng.index(legal.len())];
            events.clear();
            G::apply(&mut state, choice, &mut events)
                .map_err(|e| format!("seed {seed}: a legal choice was refused: {e}"))?;
            for event in &events {
                let text = G::describe_event(&state, event);
                let listed: Vec<String> = G::event_places(event)
                    .into_iter()
                    .map(|p| p.label)
                    .collect();
                let written: Vec<&str> = place_pattern()
                    .find_iter(&text)
                    .map(|m| m.as_str())
                    .collect();
                if cells(listed.iter().map(String::as_str)) != cells(written.iter().copied()) {
                    return Err(format!(
                        "seed {seed}: the event \"{text}\" lists the places {listed:?}, but its text names {written:?}"
                    ));
                }
                report.events += 1;
                report.places += listed.len();
                if !listed.is_empty() {
                    report.with_places += 1;
                }
            }
        }
    }
    Ok(report)
}

/// The hexes or regions that places are made of: a corner "D7/E6/E8" is
/// its three hexes, a rim corner "A4 west" its hex. A text may write a
/// corner in words ("the corner of D7, E6 and E8"), so the two lists are
/// compared hex by hex.
fn cells<'a>(labels: impl Iterator<Item = &'a str>) -> BTreeSet<&'a str> {
    labels
        .flat_map(|label| label.split('/'))
        .map(|cell| cell.split(' ').next().unwrap_or(cell))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{cells, place_pattern};

    /// The pattern finds hexes, corners (with a rim's direction) and
    /// regions, and nothing in ordinary words or longer numbers.
    #[test]
    fn the_place_pattern_reads_hexes_corners_and_regions() {
        let found = |text: &str| -> Vec<String> {
            place_pattern()
                .find_iter(text)
                .map(|m| m.as_str().to_string())
                .collect()
        };
        assert_eq!(found("Reptiles add 2 species to D7 desert"), ["D7"]);
        assert_eq!(found("A grass element is placed on D7/E6/E8"), ["D7/E6/E8"]);
        assert_eq!(found("on A4 west, then G13"), ["A4 west", "G13"]);
        assert_eq!(
            found("Turn 12 begins; 140 VP; H7; D14"),
            Vec::<String>::new()
        );
    }

    /// A corner is compared as the hexes that meet there.
    #[test]
    fn a_corner_is_its_hexes() {
        let listed = cells(["E10/F9/F11", "A4 west"].into_iter());
        let written = cells(["E10", "F9", "F11", "A4"].into_iter());
        assert_eq!(listed, written);
        assert_ne!(
            cells(["E10/F9/F11"].into_iter()),
            cells(["E10"].into_iter())
        );
    }
}
