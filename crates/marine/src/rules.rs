//! The decision model's engine: exact legal-choice generation and the
//! execution of a choice, dispatched to the module that owns each decision.
//!
//! The state keeps a stack of [`Decision`]s. The top frame is either a decision
//! (some animal chooses one [`Choice`]) or an automatic step (run inside
//! `apply`). A decision whose only choices are "forfeit"/"done" (nothing can
//! be done) is skipped automatically; a decision with one real choice is
//! still offered. `apply` accepts exactly the choices `legal` lists: it checks
//! membership with the same generator before changing anything (for a turn's
//! pawn placement, the generator's part for the chosen space only).
//!
//! This module only dispatches: each action, card and trait lives in its own
//! module under `actions/`, `cards/` and `traits/`, which owns its decisions'
//! legal choices, their execution and their rule text (see the crate root's
//! table).

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::{actions, cards, traits};
use eons_core::{draw_listed, GameRng, Refusal};

/// The rule governing the decision `top`, with its rulebook page, and what
/// it asks for: "Abundance (p.11): choose an element …".
pub fn asking(top: Decision) -> &'static str {
    use Decision::*;
    match top {
        Abundance { .. } | AbundanceCorner { .. } => actions::abundance::rule(top),
        Adaptation { .. } | AdaptationWhere { .. } => actions::adaptation::rule(top),
        Autotrophs { .. } | AutotrophsHow { .. } => actions::autotrophs::rule(top),
        BottomFeeder { .. } => actions::bottom_feeder::rule(top),
        Competition { .. } | CompetitionSpecial { .. } | CompetitionEliminate { .. } => {
            actions::competition::rule(top)
        }
        Depletion { .. } => actions::depletion::rule(top),
        Domination { .. } => actions::domination::rule(top),
        Evolution { .. } | EvolutionCard { .. } => actions::evolution::rule(top),
        Migration { .. } => actions::migration::rule(top),
        Regression { .. } => actions::regression::rule(top),
        Speciation { .. } | Speciate { .. } => actions::speciation::rule(top),
        Tectonics { .. } | TectonicsFace { .. } | TectonicsSpecies { .. } => {
            actions::tectonics::rule(top)
        }
        Turn { .. } => actions::turn::rule(top),
        Wanderlust { .. }
        | WanderlustHex { .. }
        | WanderlustElement { .. }
        | WanderlustCorner { .. }
        | WanderlustMove { .. } => actions::wanderlust::rule(top),
        AdaptabilityDisk { .. } | AdaptabilityCorner { .. } => cards::adaptability::rule(top),
        AsteroidTile { .. } | AsteroidKeep { .. } => cards::asteroid::rule(top),
        BountifulTerrain { .. } => cards::bountiful_habitat::rule(top),
        CladogenesisSecond { .. } => cards::cladogenesis::rule(top),
        Disease { .. } => cards::disease::rule(top),
        FecundityPick { .. } => cards::fecundity::rule(top),
        Fertile { .. } => cards::fertile::rule(top),
        GeneWhich { .. } => cards::gene_expression::rule(top),
        HabitatRemove { .. } | HabitatType { .. } | HabitatCorner { .. } => {
            cards::habitat::rule(top)
        }
        MassExodusTile { .. } | MassExodusMove { .. } => cards::mass_exodus::rule(top),
        MetamorphosisDisk { .. } | MetamorphosisType { .. } => cards::metamorphosis::rule(top),
        MonotypicTile { .. } => cards::monotypic_habitat::rule(top),
        NicheFrom { .. } | NicheTo { .. } => cards::niche_construction::rule(top),
        OmnivoreTile { .. } | OmnivoreElement { .. } | OmnivoreVictim { .. } => {
            cards::omnivore::rule(top)
        }
        PopulationExplosionTile { .. } => cards::population_explosion::rule(top),
        ProfligateCarnivore { .. } => cards::profligate_carnivore::rule(top),
        SolarTile { .. } | SolarPick { .. } => cards::solar_radiation::rule(top),
        TerrestrialType { .. } | TerrestrialCorner { .. } | TerrestrialTile { .. } => {
            cards::terrestrial::rule(top)
        }
        TrophicTile { .. } | TrophicPick { .. } => cards::trophic_cascade::rule(top),
        Victims { .. } => cards::victims::rule(top),
        AncientLineage { .. } => traits::ancient_lineage::rule(top),
        Camouflage { .. } => traits::camouflage::rule(top),
        Draft { .. } => traits::draft::rule(top),
        ExaptationCopy { .. } => traits::exaptation::rule(top),
        NewTrait { .. } => traits::new_trait::rule(top),
        PackHunters { .. } => traits::pack_hunters::rule(top),
        Reveal
        | SetupTraits
        | SetupPack
        | SetupCards
        | EndTurn { .. }
        | AfterRetrieve { .. }
        | WanderlustScore { .. }
        | TectonicsAfter { .. }
        | CardDone { .. } => AUTOMATIC,
    }
}

/// A uniformly random legal choice, as `Game::random_choice` asks: the one
/// the list would hold at `rng.index(len)`, with the same draw. A turn's
/// placement (half of all decisions) is drawn from the turn's bit sets
/// without listing; every other decision lists into `scratch`.
pub fn random_choice(s: &State, rng: &mut GameRng, scratch: &mut Vec<Choice>) -> Option<Choice> {
    if let (false, Some(&Decision::Turn { a })) = (s.over, s.stack.last()) {
        return Some(actions::turn::random_choice(s, a, rng));
    }
    scratch.clear();
    legal_choices(s, &mut |c| {
        scratch.push(c);
        false
    });
    draw_listed(scratch, rng)
}

/// Calls `f` with every legal choice; stops early (returning true) when `f` does.
pub fn legal_choices<F: FnMut(Choice) -> bool>(s: &State, f: &mut F) -> bool {
    if s.over {
        return false;
    }
    let Some(&top) = s.stack.last() else {
        return false;
    };
    use Decision::*;
    match top {
        Abundance { .. } | AbundanceCorner { .. } => actions::abundance::legal(s, top, f),
        Adaptation { .. } | AdaptationWhere { .. } => actions::adaptation::legal(s, top, f),
        Autotrophs { .. } | AutotrophsHow { .. } => actions::autotrophs::legal(s, top, f),
        BottomFeeder { .. } => actions::bottom_feeder::legal(s, top, f),
        Competition { .. } | CompetitionSpecial { .. } | CompetitionEliminate { .. } => {
            actions::competition::legal(s, top, f)
        }
        Depletion { .. } => actions::depletion::legal(s, top, f),
        Domination { .. } => actions::domination::legal(s, top, f),
        Evolution { .. } | EvolutionCard { .. } => actions::evolution::legal(s, top, f),
        Migration { .. } => actions::migration::legal(s, top, f),
        Regression { .. } => actions::regression::legal(s, top, f),
        Speciation { .. } | Speciate { .. } => actions::speciation::legal(s, top, f),
        Tectonics { .. } | TectonicsFace { .. } | TectonicsSpecies { .. } => {
            actions::tectonics::legal(s, top, f)
        }
        Turn { .. } => actions::turn::legal(s, top, f),
        Wanderlust { .. }
        | WanderlustHex { .. }
        | WanderlustElement { .. }
        | WanderlustCorner { .. }
        | WanderlustMove { .. } => actions::wanderlust::legal(s, top, f),
        AdaptabilityDisk { .. } | AdaptabilityCorner { .. } => {
            cards::adaptability::legal(s, top, f)
        }
        AsteroidTile { .. } | AsteroidKeep { .. } => cards::asteroid::legal(s, top, f),
        BountifulTerrain { .. } => cards::bountiful_habitat::legal(s, top, f),
        CladogenesisSecond { .. } => cards::cladogenesis::legal(s, top, f),
        Disease { .. } => cards::disease::legal(s, top, f),
        FecundityPick { .. } => cards::fecundity::legal(s, top, f),
        Fertile { .. } => cards::fertile::legal(s, top, f),
        GeneWhich { .. } => cards::gene_expression::legal(s, top, f),
        HabitatRemove { .. } | HabitatType { .. } | HabitatCorner { .. } => {
            cards::habitat::legal(s, top, f)
        }
        MassExodusTile { .. } | MassExodusMove { .. } => cards::mass_exodus::legal(s, top, f),
        MetamorphosisDisk { .. } | MetamorphosisType { .. } => {
            cards::metamorphosis::legal(s, top, f)
        }
        MonotypicTile { .. } => cards::monotypic_habitat::legal(s, top, f),
        NicheFrom { .. } | NicheTo { .. } => cards::niche_construction::legal(s, top, f),
        OmnivoreTile { .. } | OmnivoreElement { .. } | OmnivoreVictim { .. } => {
            cards::omnivore::legal(s, top, f)
        }
        PopulationExplosionTile { .. } => cards::population_explosion::legal(s, top, f),
        ProfligateCarnivore { .. } => cards::profligate_carnivore::legal(s, top, f),
        SolarTile { .. } | SolarPick { .. } => cards::solar_radiation::legal(s, top, f),
        TerrestrialType { .. } | TerrestrialCorner { .. } | TerrestrialTile { .. } => {
            cards::terrestrial::legal(s, top, f)
        }
        TrophicTile { .. } | TrophicPick { .. } => cards::trophic_cascade::legal(s, top, f),
        Victims { .. } => cards::victims::legal(s, top, f),
        AncientLineage { .. } => traits::ancient_lineage::legal(s, top, f),
        Camouflage { .. } => traits::camouflage::legal(s, top, f),
        Draft { .. } => traits::draft::legal(s, top, f),
        ExaptationCopy { .. } => traits::exaptation::legal(s, top, f),
        NewTrait { .. } => traits::new_trait::legal(s, top, f),
        PackHunters { .. } => traits::pack_hunters::legal(s, top, f),
        Reveal
        | SetupTraits
        | SetupPack
        | SetupCards
        | EndTurn { .. }
        | AfterRetrieve { .. }
        | WanderlustScore { .. }
        | TectonicsAfter { .. }
        | CardDone { .. } => false,
    }
}

/// True when `c` is legal now.
pub fn is_legal(s: &State, c: Choice) -> bool {
    // A turn offers hundreds of placements: check only the chosen space's.
    if let (false, Some(&Decision::Turn { a }), Choice::Place { space, .. }) =
        (s.over, s.stack.last(), c)
    {
        return actions::turn::is_legal_placement(s, a, space, c);
    }
    // A migration offers a move per species and destination: check the
    // chosen tile's only.
    if let (false, Some(&top @ Decision::Migration { .. })) = (s.over, s.stack.last()) {
        return actions::migration::is_legal(s, top, c);
    }
    legal_choices(s, &mut |x| x == c)
}

/// The refusal of a choice that the pending decision `top` does not offer:
/// the rule with its page, and what the decision asks for in words.
fn refusal(top: Decision) -> Refusal {
    let text = asking(top);
    match text.split_once(": ") {
        Some((rule, asks)) => Refusal::new(
            rule,
            format!("{asks}; that is not one of the choices offered"),
        ),
        None => Refusal::new(text, "no decision is pending, so no choice can be made"),
    }
}

// ====================================================================== apply

/// Applies a legal choice, then runs automatic steps until the next decision.
pub fn apply(s: &mut State, c: Choice, ev: &mut Vec<Event>) -> Result<(), Refusal> {
    if s.over {
        return Err(Refusal::game_over());
    }
    let Some(&top) = s.stack.last() else {
        return Err(Refusal::game_over());
    };
    if !is_legal(s, c) {
        return Err(match (top, c) {
            (Decision::Turn { a }, Choice::Place { space, special }) => Refusal::new(
                actions::turn::RULE,
                actions::turn::placement_refusal(s, a, space, special),
            ),
            _ => refusal(top),
        });
    }
    execute(s, top, c, ev);
    settle(s, ev);
    Ok(())
}

/// Applies a choice that [`legal_choices`] listed for this state, without checking it
/// again (for search bots; see `Game::apply_listed`). Debug builds still check.
pub fn apply_listed(s: &mut State, c: Choice, ev: &mut Vec<Event>) -> Result<(), Refusal> {
    if s.over {
        return Err(Refusal::game_over());
    }
    let Some(&top) = s.stack.last() else {
        return Err(Refusal::game_over());
    };
    debug_assert!(is_legal(s, c), "apply_listed: {c:?} is not legal");
    execute(s, top, c, ev);
    settle(s, ev);
    Ok(())
}

/// Runs automatic steps and skips empty decisions until a real decision or the end.
pub fn settle(s: &mut State, ev: &mut Vec<Event>) {
    let mut guard = 0u32;
    loop {
        guard += 1;
        if guard > 100_000 {
            // Defensive: never loop forever on a malformed position.
            s.over = true;
            s.stack.clear();
            ev.push(Event::GameOver);
            return;
        }
        traits::budding_intelligence::budding(s, ev);
        if s.over {
            return;
        }
        let Some(&top) = s.stack.last() else {
            s.stack.push(Decision::Turn { a: s.cur });
            continue;
        };
        if top.decider().is_none() {
            s.stack.pop();
            automatic(s, top, ev);
            continue;
        }
        // One listing answers both questions: is there a choice other than
        // forfeit/done and, when there is none (the whole list was walked),
        // is "done" among the choices.
        let mut done = false;
        let real = legal_choices(s, &mut |x| match x {
            Choice::Forfeit => false,
            Choice::Done => {
                done = true;
                false
            }
            _ => true,
        });
        if !real {
            if done {
                // "Stop" is all that is left: run it, so what follows a stop
                // (the special Competition space's second tile) still comes.
                execute(s, top, Choice::Done, ev);
            } else {
                s.stack.pop();
            }
            if top.starts_action() {
                ev.push(Event::Forfeited {
                    animal: top.decider().unwrap_or(s.cur),
                });
            }
            continue;
        }
        return;
    }
}

/// Executes a legal choice on the top frame.
fn execute(s: &mut State, top: Decision, c: Choice, ev: &mut Vec<Event>) {
    use Decision::*;
    s.stack.pop();
    // Terminal choices: the frame is done.
    match c {
        Choice::Forfeit => {
            if let Some(a) = top.decider() {
                ev.push(Event::Forfeited { animal: a });
            }
            return;
        }
        Choice::Done => {
            actions::competition::stopped(s, top);
            return;
        }
        _ => {}
    }
    match top {
        Abundance { .. } | AbundanceCorner { .. } => actions::abundance::execute(s, top, c, ev),
        Adaptation { .. } | AdaptationWhere { .. } => actions::adaptation::execute(s, top, c, ev),
        Autotrophs { .. } | AutotrophsHow { .. } => actions::autotrophs::execute(s, top, c, ev),
        BottomFeeder { .. } => actions::bottom_feeder::execute(s, top, c, ev),
        Competition { .. } | CompetitionSpecial { .. } | CompetitionEliminate { .. } => {
            actions::competition::execute(s, top, c, ev)
        }
        Depletion { .. } => actions::depletion::execute(s, top, c, ev),
        Domination { .. } => actions::domination::execute(s, top, c, ev),
        Evolution { .. } | EvolutionCard { .. } => actions::evolution::execute(s, top, c, ev),
        Migration { .. } => actions::migration::execute(s, top, c, ev),
        Regression { .. } => actions::regression::execute(s, top, c, ev),
        Speciation { .. } | Speciate { .. } => actions::speciation::execute(s, top, c, ev),
        Tectonics { .. } | TectonicsFace { .. } | TectonicsSpecies { .. } => {
            actions::tectonics::execute(s, top, c, ev)
        }
        Turn { .. } => actions::turn::execute(s, top, c, ev),
        Wanderlust { .. }
        | WanderlustHex { .. }
        | WanderlustElement { .. }
        | WanderlustCorner { .. }
        | WanderlustMove { .. } => actions::wanderlust::execute(s, top, c, ev),
        AdaptabilityDisk { .. } | AdaptabilityCorner { .. } => {
            cards::adaptability::execute(s, top, c, ev)
        }
        AsteroidTile { .. } | AsteroidKeep { .. } => cards::asteroid::execute(s, top, c, ev),
        BountifulTerrain { .. } => cards::bountiful_habitat::execute(s, top, c, ev),
        CladogenesisSecond { .. } => cards::cladogenesis::execute(s, top, c, ev),
        Disease { .. } => cards::disease::execute(s, top, c, ev),
        FecundityPick { .. } => cards::fecundity::execute(s, top, c, ev),
        Fertile { .. } => cards::fertile::execute(s, top, c, ev),
        GeneWhich { .. } => cards::gene_expression::execute(s, top, c, ev),
        HabitatRemove { .. } | HabitatType { .. } | HabitatCorner { .. } => {
            cards::habitat::execute(s, top, c, ev)
        }
        MassExodusTile { .. } | MassExodusMove { .. } => cards::mass_exodus::execute(s, top, c, ev),
        MetamorphosisDisk { .. } | MetamorphosisType { .. } => {
            cards::metamorphosis::execute(s, top, c, ev)
        }
        MonotypicTile { .. } => cards::monotypic_habitat::execute(s, top, c, ev),
        NicheFrom { .. } | NicheTo { .. } => cards::niche_construction::execute(s, top, c, ev),
        OmnivoreTile { .. } | OmnivoreElement { .. } | OmnivoreVictim { .. } => {
            cards::omnivore::execute(s, top, c, ev)
        }
        PopulationExplosionTile { .. } => cards::population_explosion::execute(s, top, c, ev),
        ProfligateCarnivore { .. } => cards::profligate_carnivore::execute(s, top, c, ev),
        SolarTile { .. } | SolarPick { .. } => cards::solar_radiation::execute(s, top, c, ev),
        TerrestrialType { .. } | TerrestrialCorner { .. } | TerrestrialTile { .. } => {
            cards::terrestrial::execute(s, top, c, ev)
        }
        TrophicTile { .. } | TrophicPick { .. } => cards::trophic_cascade::execute(s, top, c, ev),
        Victims { .. } => cards::victims::execute(s, top, c, ev),
        AncientLineage { .. } => traits::ancient_lineage::execute(s, top, c, ev),
        Camouflage { .. } => traits::camouflage::execute(s, top, c, ev),
        Draft { .. } => traits::draft::execute(s, top, c, ev),
        ExaptationCopy { .. } => traits::exaptation::execute(s, top, c, ev),
        NewTrait { .. } => traits::new_trait::execute(s, top, c, ev),
        PackHunters { .. } => traits::pack_hunters::execute(s, top, c, ev),
        Reveal
        | SetupTraits
        | SetupPack
        | SetupCards
        | EndTurn { .. }
        | AfterRetrieve { .. }
        | WanderlustScore { .. }
        | TectonicsAfter { .. }
        | CardDone { .. } => s.stack.push(top),
    }
}

/// Runs an automatic step (its frame already popped).
fn automatic(s: &mut State, step: Decision, ev: &mut Vec<Event>) {
    use Decision::*;
    match step {
        TectonicsAfter { .. } => actions::tectonics::automatic(s, step, ev),
        EndTurn { .. } | AfterRetrieve { .. } => actions::turn::automatic(s, step, ev),
        WanderlustScore { .. } => actions::wanderlust::automatic(s, step, ev),
        CardDone { .. } | SetupCards => cards::automatic(s, step, ev),
        Reveal | SetupTraits | SetupPack => traits::draft::automatic(s, step, ev),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use crate::decision::{Choice, Decision};
    use crate::types::Space;
    use crate::Marine;
    use eons_core::Game;

    /// A refusal names the rule with its page and explains in words, never
    /// with Rust debug output of the choice.
    #[test]
    fn refusals_name_the_rule_and_explain_in_words() {
        let setup = Marine::setup(3, &[]).expect("setup");
        let mut s = Marine::new(&setup, 1).expect("game");
        let far = Choice::Place {
            space: Space(200),
            special: None,
        };
        // The trait draft offers no placement.
        let e = Marine::apply(&mut s, far, &mut Vec::new()).expect_err("refused");
        assert_eq!(e.rule, "Trait cards (p.5)");
        assert!(
            e.reason.contains("keep one of your dealt trait cards"),
            "{e}"
        );
        // Play on to the first turn.
        while !matches!(s.stack.last(), Some(Decision::Turn { .. })) {
            let mut legal = Vec::new();
            Marine::legal(&s, &mut legal);
            Marine::apply(&mut s, legal[0], &mut Vec::new()).expect("legal");
        }
        let e = Marine::apply(&mut s, far, &mut Vec::new()).expect_err("refused");
        assert_eq!(e.rule, "Player turns (p.9)");
        assert_eq!(e.reason, "there is no action space 200");
        let past_the_end = Choice::Place {
            space: Space(40),
            special: None,
        };
        let e = Marine::apply(&mut s, past_the_end, &mut Vec::new()).expect_err("refused");
        assert_eq!(e.rule, "Player turns (p.9)");
        assert_eq!(e.reason, "there is no action space 40 on the display");
        let e = Marine::apply(&mut s, Choice::Done, &mut Vec::new()).expect_err("refused");
        assert_eq!(e.rule, "Player turns (p.9)");
        assert!(!e.reason.contains("Done"), "{e}");
    }
}
