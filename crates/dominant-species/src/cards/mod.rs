//! The 26 Dominance cards (p.18–19; effect texts from reference §6.3) and
//! the Survival card (p.18, p.20), one module each. A card's module owns its
//! start, the legal choices and resolution of the decisions it needs, and
//! its rule text (the `RULE` its refusals name). Rulings the reference
//! recommends where a card's text is silent are named in each module.
//!
//! A card that asks a decision is a unit type implementing
//! [`DecisionModule`] over [`CardStep`]; a card resolved at once asks none
//! and is no decision module. This module only dispatches: on the card
//! taken ([`start`]) and on the pending card step ([`Cards`], through the
//! one table of `with_card!`).

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
use crate::offer::QuickAnswers;
use crate::state::{CardStep, Choice, Decision, Event, State};
use crate::DominantSpecies;
use eons_core::{DecisionModule, Refusal};

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

/// The one table from a card's pending step to the card module that rules
/// it: `with_card!(step, Module => call)` evaluates `call` with `Module`
/// naming that card's module type (static dispatch, one `match`).
macro_rules! with_card {
    ($step:expr, $module:ident => $call:expr) => {{
        use CardStep as C;
        match $step {
            C::AquaticElement { .. }
            | C::AquaticCorner { .. }
            | C::AquaticTile { .. }
            | C::AquaticCount { .. } => {
                use aquatic::Aquatic as $module;
                $call
            }
            C::BiomassVictim { .. } => {
                use biomass::Biomass as $module;
                $call
            }
            C::BlightTile { .. } | C::BlightKeep { .. } => {
                use blight::Blight as $module;
                $call
            }
            C::CatastropheTile { .. }
            | C::CatastropheSurvivor { .. }
            | C::CatastropheAdjacent { .. } => {
                use catastrophe::Catastrophe as $module;
                $call
            }
            C::DiseaseLose { .. } => {
                use disease::Disease as $module;
                $call
            }
            C::EvolutionReplace { .. } => {
                use evolution::Evolution as $module;
                $call
            }
            C::FecundityTile { .. } => {
                use fecundity::Fecundity as $module;
                $call
            }
            C::FertileTile { .. } => {
                use fertile::Fertile as $module;
                $call
            }
            C::HabitatElement { .. } | C::HabitatCorner { .. } => {
                use habitat::Habitat as $module;
                $call
            }
            C::HibernationTile { .. } | C::HibernationCount { .. } => {
                use hibernation::Hibernation as $module;
                $call
            }
            C::ImmigrantsChoice { .. } => {
                use immigrants::Immigrants as $module;
                $call
            }
            C::InstinctSpace { .. } => {
                use instinct::Instinct as $module;
                $call
            }
            C::MassExodusTile { .. } | C::MassExodusMove { .. } => {
                use mass_exodus::MassExodus as $module;
                $call
            }
            C::MetamorphosisGive { .. } | C::MetamorphosisTake { .. } => {
                use metamorphosis::Metamorphosis as $module;
                $call
            }
            C::PredatorVictim { .. } => {
                use predator::Predator as $module;
                $call
            }
        }
    }};
}

/// The Dominance cards as one decision module: [`Decision::Card`], whose
/// step the card's own module rules (found in the one table of
/// `with_card!`).
pub(crate) struct Cards;

impl DecisionModule<DominantSpecies> for Cards {
    type Decision = CardStep;

    fn rule(step: CardStep) -> &'static str {
        with_card!(step, Module => Module::rule(step))
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, step: CardStep, offer: &mut F) -> bool {
        with_card!(step, Module => Module::legal(s, step, offer))
    }

    fn is_legal(s: &State, step: CardStep, c: Choice) -> bool {
        with_card!(step, Module => Module::is_legal(s, step, c))
    }

    fn apply(s: &mut State, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        with_card!(step, Module => Module::apply(s, step, c, ev))
    }

    fn refusal(s: &State, step: CardStep, c: Choice) -> Refusal {
        with_card!(step, Module => Module::refusal(s, step, c))
    }

    fn text(s: &State, step: CardStep, c: Choice) -> Option<String> {
        with_card!(step, Module => Module::text(s, step, c))
    }
}

impl QuickAnswers for Cards {}

/// Sets the card's next step, if any, as the pending decision (after a
/// card module has applied a choice).
fn proceed(s: &mut State, next: Option<CardStep>) {
    if let Some(next) = next {
        s.pending = Decision::Card(next);
    }
}
