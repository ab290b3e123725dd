//! Biodiversity (p.18): 1 VP for each tile where you share space with at
//! least one opposing species.

use crate::data::{Animal, Card};
use crate::state::{CardStep, Event, State, VpCause};

/// The rule this card names.
pub(crate) const RULE: &str = "Biodiversity (p.18)";

/// Resolves the card at once.
pub(crate) fn start(s: &mut State, taker: Animal, ev: &mut Vec<Event>) -> Option<CardStep> {
    let ti = taker.index();
    let n = s
        .tile_ids()
        .filter(|&h| s.earth.species(h, ti) > 0 && s.earth.has_opposing(h, ti))
        .count() as u32;
    s.gain_vp(taker, n, VpCause::Card(Card::Biodiversity), ev);
    None
}
