//! Evolution cards (p.18-20): one module per card (or card family) owns its
//! effect and, through its unit type's `eons_core::DecisionModule`, its
//! decisions (their rule text, legal choices, effect and wording); this
//! module starts a card and runs the automatic steps that discard it once
//! done and resolve the setup cards' events (automatic steps, not decisions:
//! no decision module).

pub(crate) mod adaptability;
pub(crate) mod asteroid;
pub(crate) mod bountiful_habitat;
pub(crate) mod cladogenesis;
pub(crate) mod disease;
pub(crate) mod fecundity;
pub(crate) mod fertile;
pub(crate) mod gene_expression;
pub(crate) mod habitat;
pub(crate) mod invasive_species;
pub(crate) mod marine_snow;
pub(crate) mod mass_exodus;
pub(crate) mod metamorphosis;
pub(crate) mod monotypic_habitat;
pub(crate) mod niche_construction;
pub(crate) mod omnivore;
pub(crate) mod population_explosion;
pub(crate) mod profligate_carnivore;
pub(crate) mod scoring;
pub(crate) mod solar_radiation;
pub(crate) mod tectonic_shift;
pub(crate) mod terrestrial;
pub(crate) mod trophic_cascade;
pub(crate) mod victims;
pub(crate) mod volcanism;

use crate::data::data;
use crate::decision::Decision;
use crate::events::Event;
use crate::state::State;
use crate::types::{Animal, Card};

/// Runs this automatic step (its frame already popped).
pub(crate) fn automatic(s: &mut State, step: Decision, ev: &mut Vec<Event>) {
    use Decision::*;
    let d = data();
    match step {
        SetupCards if d.rules.setup_cards_trigger_events => {
            for i in 0..d.slots as usize {
                if let Some(c) = s.row[i] {
                    s.card_events(c, ev);
                }
            }
        }
        CardDone { card, .. } => {
            s.discard_card(card, ev);
        }
        _ => {}
    }
}

/// Starts the effect of a chosen (or replayed) evolution card (p.18-20).
/// `x` is the slot it was chosen from; `max_slot` the Evolution space's value.
pub(crate) fn start(
    s: &mut State,
    a: Animal,
    card: Card,
    x: u8,
    max_slot: u8,
    ev: &mut Vec<Event>,
) {
    match card {
        Card::Adaptability => adaptability::start(s, a, card, x, max_slot, ev),
        Card::Annelids
        | Card::CarbonCycle
        | Card::Endosymbionts
        | Card::Producers
        | Card::SemiAquatic
        | Card::Univalves
        | Card::Biodiversity
        | Card::Ecodiversity
        | Card::Extremophiles
        | Card::Symbiotic => scoring::start(s, a, card, x, max_slot, ev),
        Card::Asteroid => asteroid::start(s, a, card, x, max_slot, ev),
        Card::Biomass | Card::Predator => victims::start(s, a, card, x, max_slot, ev),
        Card::BountifulHabitat => bountiful_habitat::start(s, a, card, x, max_slot, ev),
        Card::Cladogenesis => cladogenesis::start(s, a, card, x, max_slot, ev),
        Card::Disease => disease::start(s, a, card, x, max_slot, ev),
        Card::Fecundity => fecundity::start(s, a, card, x, max_slot, ev),
        Card::Fertile => fertile::start(s, a, card, x, max_slot, ev),
        Card::GeneExpression => gene_expression::start(s, a, card, x, max_slot, ev),
        Card::Habitat => habitat::start(s, a, card, x, max_slot, ev),
        Card::InvasiveSpecies => invasive_species::start(s, a, card, x, max_slot, ev),
        Card::MarineSnow => marine_snow::start(s, a, card, x, max_slot, ev),
        Card::MassExodus => mass_exodus::start(s, a, card, x, max_slot, ev),
        Card::Metamorphosis => metamorphosis::start(s, a, card, x, max_slot, ev),
        Card::MonotypicHabitat => monotypic_habitat::start(s, a, card, x, max_slot, ev),
        Card::NicheConstruction => niche_construction::start(s, a, card, x, max_slot, ev),
        Card::Omnivore => omnivore::start(s, a, card, x, max_slot, ev),
        Card::PopulationExplosion => population_explosion::start(s, a, card, x, max_slot, ev),
        Card::ProfligateCarnivore => profligate_carnivore::start(s, a, card, x, max_slot, ev),
        Card::SolarRadiation => solar_radiation::start(s, a, card, x, max_slot, ev),
        Card::TectonicShift => tectonic_shift::start(s, a, card, x, max_slot, ev),
        Card::Terrestrial => terrestrial::start(s, a, card, x, max_slot, ev),
        Card::TrophicCascade => trophic_cascade::start(s, a, card, x, max_slot, ev),
        Card::Volcanism => volcanism::start(s, a, card, x, max_slot, ev),
    }
}
