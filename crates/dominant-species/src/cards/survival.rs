//! The Survival card (p.18, scored p.20): after Extinction, the animal
//! with strictly the most species on tundra holds it and scores the bonus
//! for the tundra tiles it occupies.

use crate::data::Terrain;
use crate::state::{Event, State, Step, VpCause};
use eons_core::bonus_vp;

/// The rule this card names.
pub(crate) const RULE: &str = "Survival (p.20)";

/// The Survival step of the Reset Phase: the holder changes hands and
/// scores; then Reseed, or final scoring after the Ice Age or a stalemate.
pub(crate) fn step(s: &mut State, ev: &mut Vec<Event>) {
    let holder = s.survival_holder();
    if holder != s.survival {
        ev.push(Event::SurvivalCard { holder });
    }
    s.survival = holder;
    if let Some(a) = holder {
        let occupied = s
            .earth
            .tiles()
            .filter(|&(h, t)| t == Terrain::Tundra && s.earth.species(h, a.index()) > 0)
            .count() as u32;
        s.gain_vp(a, bonus_vp(occupied), VpCause::Survival, ev);
    }
    s.step = if s.ice_age || s.stalemate() {
        Step::FinalScoring
    } else {
        Step::Reseed
    };
}
