//! The 26 Dominance cards (p.18–19; effect texts from reference §6.3) and
//! the Survival card (p.18, p.20), one module each. A card's module owns its
//! start, the legal choices and resolution of the decisions it needs, and
//! its rule text (the `RULE` its refusals name). Rulings the reference
//! recommends where a card's text is silent are named in each module.
//!
//! This module only dispatches: on the card taken ([`start`]) and on the
//! pending card step (`legal`, `resolve`, `refusal`).

mod aquatic;
mod biodiversity;
mod biomass;
mod blight;
mod catastrophe;
mod cold_snap;
mod disease;
mod ecodiversity;
mod evolution;
mod fecundity;
mod fertile;
mod habitat;
mod hibernation;
mod ice_age;
pub(crate) mod ice_sheet;
mod immigrants;
mod instinct;
mod intelligence;
mod mass_exodus;
mod metamorphosis;
mod niche_biomes;
mod nocturnal;
mod omnivore;
mod parasitism;
mod predator;
pub(crate) mod survival;
mod symbiotic;

use crate::data::{Animal, Card};
use crate::state::{CardStep, Choice, Decision, Event, State};
use eons_core::Refusal;

/// The rule a card's refusals name: its printed name and rulebook page
/// ("Aquatic (p.18)"); `None` names the Survival card.
pub fn rule(card: Option<Card>) -> &'static str {
    let Some(card) = card else {
        return survival::RULE;
    };
    match card {
        Card::Aquatic => aquatic::RULE,
        Card::Biodiversity => biodiversity::RULE,
        Card::Biomass => biomass::RULE,
        Card::Blight => blight::RULE,
        Card::Catastrophe => catastrophe::RULE,
        Card::ColdSnap => cold_snap::RULE,
        Card::Disease => disease::RULE,
        Card::Ecodiversity => ecodiversity::RULE,
        Card::Evolution => evolution::RULE,
        Card::Fecundity => fecundity::RULE,
        Card::Fertile => fertile::RULE,
        Card::Habitat => habitat::RULE,
        Card::Hibernation => hibernation::RULE,
        Card::IceAge => ice_age::RULE,
        Card::IceSheet => ice_sheet::RULE,
        Card::Immigrants => immigrants::RULE,
        Card::Instinct => instinct::RULE,
        Card::Intelligence => intelligence::RULE,
        Card::MassExodus => mass_exodus::RULE,
        Card::Metamorphosis => metamorphosis::RULE,
        Card::NicheBiomes => niche_biomes::RULE,
        Card::Nocturnal => nocturnal::RULE,
        Card::Omnivore => omnivore::RULE,
        Card::Parasitism => parasitism::RULE,
        Card::Predator => predator::RULE,
        Card::Symbiotic => symbiotic::RULE,
    }
}

/// Resolves a card just taken by `taker`; `first` is the 1st-place value
/// of the tile whose scoring gave it (Niche Biomes).
pub(crate) fn start(s: &mut State, taker: Animal, card: Card, first: u8, ev: &mut Vec<Event>) {
    let step = match card {
        Card::Aquatic => aquatic::start(s, taker),
        Card::Biodiversity => biodiversity::start(s, taker, ev),
        Card::Biomass => biomass::start(s, taker),
        Card::Blight => blight::start(s, taker),
        Card::Catastrophe => catastrophe::start(taker),
        Card::ColdSnap => cold_snap::start(s, taker, ev),
        Card::Disease => disease::start(s, taker),
        Card::Ecodiversity => ecodiversity::start(s, taker, ev),
        Card::Evolution => evolution::start(taker),
        Card::Fecundity => fecundity::start(s, taker, ev),
        Card::Fertile => fertile::start(taker),
        Card::Habitat => habitat::start(taker),
        Card::Hibernation => hibernation::start(taker),
        Card::IceAge => ice_age::start(s, ev),
        Card::IceSheet => ice_sheet::start(s, taker),
        Card::Immigrants => immigrants::start(s, taker),
        Card::Instinct => instinct::start(taker),
        Card::Intelligence => intelligence::start(s, taker, ev),
        Card::MassExodus => mass_exodus::start(taker),
        Card::Metamorphosis => metamorphosis::start(taker),
        Card::NicheBiomes => niche_biomes::start(s, taker, first, ev),
        Card::Nocturnal => nocturnal::start(s, taker, ev),
        Card::Omnivore => omnivore::start(s, taker, ev),
        Card::Parasitism => parasitism::start(s, taker, ev),
        Card::Predator => predator::start(s, taker),
        Card::Symbiotic => symbiotic::start(s, taker, ev),
    };
    if let Some(step) = step {
        s.pending = Decision::Card(step);
    }
}

/// Legal choices inside a card.
pub(crate) fn legal(s: &State, step: CardStep, out: &mut Vec<Choice>) {
    use CardStep as C;
    match step {
        C::AquaticElement { .. }
        | C::AquaticCorner { .. }
        | C::AquaticTile { .. }
        | C::AquaticCount { .. } => aquatic::legal(s, step, out),
        C::BiomassVictim { tiles, .. } => biomass::legal(s, tiles, out),
        C::BlightTile { .. } => blight::legal_tile(s, out),
        C::BlightKeep { hex, .. } => blight::legal_keep(s, hex, out),
        C::CatastropheTile { .. }
        | C::CatastropheSurvivor { .. }
        | C::CatastropheAdjacent { .. } => catastrophe::legal(s, step, out),
        C::DiseaseLose { victims, .. } => disease::legal(s, victims, out),
        C::EvolutionReplace { taker, used } => evolution::legal(s, taker, used, out),
        C::FecundityTile { taker, tiles } => fecundity::legal(s, taker, tiles, out),
        C::FertileTile { taker } => fertile::legal(s, taker, out),
        C::HabitatElement { .. } | C::HabitatCorner { .. } => habitat::legal(s, step, out),
        C::HibernationTile { .. } | C::HibernationCount { .. } => hibernation::legal(s, step, out),
        C::ImmigrantsChoice { next, .. } => immigrants::legal(s, next, out),
        C::InstinctSpace { taker } => instinct::legal(s, taker, out),
        C::MassExodusTile { .. } => mass_exodus::legal_tile(s, out),
        C::MassExodusMove { hex, .. } => mass_exodus::legal_move(s, hex, out),
        C::MetamorphosisGive { .. } | C::MetamorphosisTake { .. } => {
            metamorphosis::legal(s, step, out)
        }
        C::PredatorVictim { taker, tiles } => predator::legal(s, taker, tiles, out),
    }
}

/// Resolves a choice inside a card (already known to be legal).
pub(crate) fn resolve(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
    use CardStep as C;
    let next = match step {
        C::AquaticElement { .. }
        | C::AquaticCorner { .. }
        | C::AquaticTile { .. }
        | C::AquaticCount { .. } => aquatic::resolve(s, step, c, ev),
        C::BiomassVictim { taker, tiles } => biomass::resolve(s, taker, tiles, c, ev),
        C::BlightTile { taker } => blight::resolve_tile(taker, c),
        C::BlightKeep { hex, .. } => blight::resolve_keep(s, hex, c, ev),
        C::CatastropheTile { .. }
        | C::CatastropheSurvivor { .. }
        | C::CatastropheAdjacent { .. } => catastrophe::resolve(s, step, c, ev),
        C::DiseaseLose { taker, victims } => disease::resolve(s, taker, victims, c, ev),
        C::EvolutionReplace { taker, used } => evolution::resolve(s, taker, used, c, ev),
        C::FecundityTile { taker, tiles } => fecundity::resolve(s, taker, tiles, c, ev),
        C::FertileTile { taker } => fertile::resolve(s, taker, c, ev),
        C::HabitatElement { .. } | C::HabitatCorner { .. } => habitat::resolve(s, step, c, ev),
        C::HibernationTile { .. } | C::HibernationCount { .. } => {
            hibernation::resolve(s, step, c, ev)
        }
        C::ImmigrantsChoice { taker, next } => immigrants::resolve(s, taker, next, c, ev),
        C::InstinctSpace { taker } => instinct::resolve(s, taker, c, ev),
        C::MassExodusTile { .. } | C::MassExodusMove { .. } => mass_exodus::resolve(s, step, c, ev),
        C::MetamorphosisGive { .. } | C::MetamorphosisTake { .. } => {
            metamorphosis::resolve(s, step, c, ev)
        }
        C::PredatorVictim { taker, tiles } => predator::resolve(s, taker, tiles, c, ev),
    };
    if let Some(n) = next {
        s.pending = Decision::Card(n);
    }
}

/// Why a choice is refused inside a card: what the step asks for.
pub(crate) fn refusal(s: &State, step: CardStep) -> Refusal {
    use CardStep as C;
    match step {
        C::AquaticElement { .. }
        | C::AquaticCorner { .. }
        | C::AquaticTile { .. }
        | C::AquaticCount { .. } => aquatic::refusal(step),
        C::BiomassVictim { tiles, .. } => biomass::refusal(s, tiles),
        C::BlightTile { .. } | C::BlightKeep { .. } => blight::refusal(step),
        C::CatastropheTile { .. }
        | C::CatastropheSurvivor { .. }
        | C::CatastropheAdjacent { .. } => catastrophe::refusal(s, step),
        C::DiseaseLose { .. } => disease::refusal(),
        C::EvolutionReplace { .. } => evolution::refusal(),
        C::FecundityTile { .. } => fecundity::refusal(),
        C::FertileTile { .. } => fertile::refusal(),
        C::HabitatElement { .. } | C::HabitatCorner { .. } => habitat::refusal(step),
        C::HibernationTile { .. } | C::HibernationCount { .. } => hibernation::refusal(step),
        C::ImmigrantsChoice { .. } => immigrants::refusal(),
        C::InstinctSpace { .. } => instinct::refusal(),
        C::MassExodusTile { .. } | C::MassExodusMove { .. } => mass_exodus::refusal(step),
        C::MetamorphosisGive { .. } | C::MetamorphosisTake { .. } => metamorphosis::refusal(step),
        C::PredatorVictim { tiles, .. } => predator::refusal(s, tiles),
    }
}
