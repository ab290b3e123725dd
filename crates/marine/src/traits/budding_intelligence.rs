//! Budding Intelligence (p.20): an extra basic pawn the first time VP reach
//! the threshold.
//!
//! Not a decision module: it asks no decision of its own, so it does not
//! implement `eons_core::DecisionModule`; the engine checks it after every step.

use crate::data::data;
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Trait};

/// Budding Intelligence (p.20): the first time VP reach the threshold, an extra basic pawn.
pub(crate) fn budding(s: &mut State, ev: &mut Vec<Event>) {
    // Asked after every decision: the cheap bit tests first, the data only
    // for an animal holding the trait.
    for &a in Animal::ALL {
        if s.budding_done & a.bit() == 0
            && s.has_trait(a, Trait::BuddingIntelligence)
            && s.plays(a)
            && s.vp[a.index()] >= data().trait_data(Trait::BuddingIntelligence).count
        {
            s.budding_done |= a.bit();
            if s.basic_total[a.index()] < data().pawns_per_colour {
                s.basic_total[a.index()] += 1;
                s.basic_avail[a.index()] += 1;
                ev.push(Event::ExtraPawn { animal: a });
            }
        }
    }
}
