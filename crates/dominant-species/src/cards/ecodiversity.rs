//! Ecodiversity (p.18): 1 VP per element disk on earth of a type on your
//! display, each type counted once (reference A20).

use crate::data::{Animal, Card};
use crate::state::{CardStep, Event, State, VpCause};

/// The rule this card names.
pub(crate) const RULE: &str = "Ecodiversity (p.18)";

/// Resolves the card at once.
pub(crate) fn start(s: &mut State, taker: Animal, ev: &mut Vec<Event>) -> Option<CardStep> {
    let d = s.display(taker);
    let totals = s.earth.element_totals();
    let n: u32 = (0..6).filter(|&e| d[e] > 0).map(|e| totals[e] as u32).sum();
    s.gain_vp(taker, n, VpCause::Card(Card::Ecodiversity), ev);
    None
}
