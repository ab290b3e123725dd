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
//! module under `actions/`, `cards/` and `traits/`, whose unit type
//! implements [`DecisionModule`] for the decisions it owns (their rule text,
//! legal choices, effect, refusal and wording; see the crate root's table).
//! The one table `with_module!` maps every frame of the stack to its module,
//! or to the function that runs it when it is an automatic step; each
//! operation below is one use of that table. What the engine itself does is
//! the same for every decision: forfeiting and stopping (p.10), skipping a
//! decision with nothing left to do, running automatic steps, and the fast
//! random draw of a turn (`Turn::random_choice`, which the contract has no
//! place for).

use crate::decision::{Choice, Decision, AUTOMATIC};
use crate::events::Event;
use crate::state::State;
use crate::{actions, cards, traits};
use eons_core::{draw_listed, DecisionModule, GameRng, Refusal};

/// The one table from a pending frame to the module that owns it: every
/// [`Decision`] names its [`DecisionModule`] here, and every automatic step
/// (a frame nobody decides) the function that runs it, once each.
///
/// `with_module!(top, M => call, step => automatic)` evaluates `call` with
/// the type `M` standing for the module of a decision `top`, or `automatic`
/// with `step` bound to the runner of an automatic step `top`
/// (`fn(&mut State, Decision, &mut Vec<Event>)`, its frame already popped).
/// Every operation of the engine (`asking`, `legal_choices`, `is_legal`,
/// `refuse`, `execute`, `automatic`, `choice_text`) goes through this one
/// match, so a new decision is added in one place and the compiler checks
/// that each module answers the contract.
macro_rules! with_module {
    ($top:expr, $module:ident => $call:expr, $step:ident => $automatic:expr) => {{
        // A decision's row: `call` with `$module` standing for its module.
        macro_rules! decision {
            ($path:ty) => {{
                #[allow(dead_code)] // The `automatic` operation names no module.
                type $module = $path;
                $call
            }};
        }
        // An automatic step's row: `automatic` with `$step` its runner.
        macro_rules! automatic {
            ($runner:path) => {{
                let $step = $runner;
                $automatic
            }};
        }
        use Decision::*;
        match $top {
            Abundance { .. } | AbundanceCorner { .. } => decision!(actions::abundance::Abundance),
            Adaptation { .. } | AdaptationWhere { .. } => {
                decision!(actions::adaptation::Adaptation)
            }
            Autotrophs { .. } | AutotrophsHow { .. } => decision!(actions::autotrophs::Autotrophs),
            BottomFeeder { .. } => decision!(actions::bottom_feeder::BottomFeeder),
            Competition { .. } | CompetitionSpecial { .. } | CompetitionEliminate { .. } => {
                decision!(actions::competition::Competition)
            }
            Depletion { .. } => decision!(actions::depletion::Depletion),
            Domination { .. } => decision!(actions::domination::Domination),
            Evolution { .. } | EvolutionCard { .. } => decision!(actions::evolution::Evolution),
            Migration { .. } => decision!(actions::migration::Migration),
            Regression { .. } => decision!(actions::regression::Regression),
            Speciation { .. } | Speciate { .. } => decision!(actions::speciation::Speciation),
            Tectonics { .. } | TectonicsFace { .. } | TectonicsSpecies { .. } => {
                decision!(actions::tectonics::Tectonics)
            }
            Turn { .. } => decision!(actions::turn::Turn),
            Wanderlust { .. }
            | WanderlustHex { .. }
            | WanderlustElement { .. }
            | WanderlustCorner { .. }
            | WanderlustMove { .. } => decision!(actions::wanderlust::Wanderlust),
            AdaptabilityDisk { .. } | AdaptabilityCorner { .. } => {
                decision!(cards::adaptability::Adaptability)
            }
            AsteroidTile { .. } | AsteroidKeep { .. } => decision!(cards::asteroid::Asteroid),
            BountifulTerrain { .. } => decision!(cards::bountiful_habitat::BountifulHabitat),
            CladogenesisSecond { .. } => decision!(cards::cladogenesis::Cladogenesis),
            Disease { .. } => decision!(cards::disease::Disease),
            FecundityPick { .. } => decision!(cards::fecundity::Fecundity),
            Fertile { .. } => decision!(cards::fertile::Fertile),
            GeneWhich { .. } => decision!(cards::gene_expression::GeneExpression),
            HabitatRemove { .. } | HabitatType { .. } | HabitatCorner { .. } => {
                decision!(cards::habitat::Habitat)
            }
            MassExodusTile { .. } | MassExodusMove { .. } => {
                decision!(cards::mass_exodus::MassExodus)
            }
            MetamorphosisDisk { .. } | MetamorphosisType { .. } => {
                decision!(cards::metamorphosis::Metamorphosis)
            }
            MonotypicTile { .. } => decision!(cards::monotypic_habitat::MonotypicHabitat),
            NicheFrom { .. } | NicheTo { .. } => {
                decision!(cards::niche_construction::NicheConstruction)
            }
            OmnivoreTile { .. } | OmnivoreElement { .. } | OmnivoreVictim { .. } => {
                decision!(cards::omnivore::Omnivore)
            }
            PopulationExplosionTile { .. } => {
                decision!(cards::population_explosion::PopulationExplosion)
            }
            ProfligateCarnivore { .. } => {
                decision!(cards::profligate_carnivore::ProfligateCarnivore)
            }
            SolarTile { .. } | SolarPick { .. } => {
                decision!(cards::solar_radiation::SolarRadiation)
            }
            TerrestrialType { .. } | TerrestrialCorner { .. } | TerrestrialTile { .. } => {
                decision!(cards::terrestrial::Terrestrial)
            }
            TrophicTile { .. } | TrophicPick { .. } => {
                decision!(cards::trophic_cascade::TrophicCascade)
            }
            Victims { .. } => decision!(cards::victims::Victims),
            AncientLineage { .. } => decision!(traits::ancient_lineage::AncientLineage),
            Camouflage { .. } => decision!(traits::camouflage::Camouflage),
            Draft { .. } => decision!(traits::draft::Draft),
            ExaptationCopy { .. } => decision!(traits::exaptation::Exaptation),
            NewTrait { .. } => decision!(traits::new_trait::NewTrait),
            PackHunters { .. } => decision!(traits::pack_hunters::PackHunters),
            // Automatic steps: nobody decides them.
            TectonicsAfter { .. } => automatic!(actions::tectonics::automatic),
            EndTurn { .. } | AfterRetrieve { .. } => automatic!(actions::turn::automatic),
            WanderlustScore { .. } => automatic!(actions::wanderlust::automatic),
            CardDone { .. } | SetupCards => automatic!(cards::automatic),
            Reveal | SetupTraits | SetupPack => automatic!(traits::draft::automatic),
        }
    }};
}

/// The rule governing the decision `top`, with its rulebook page, and what
/// it asks for: "Abundance (p.11): choose an element …"; an automatic step
/// reads [`AUTOMATIC`].
pub fn asking(top: Decision) -> &'static str {
    with_module!(top, M => M::rule(top), _step => AUTOMATIC)
}

/// The pending decision's own wording of `c`, where it differs from the
/// general wording of [`crate::texts::describe_choice`]; `None` keeps the
/// general wording (and for an automatic step or no pending frame).
pub(crate) fn choice_text(s: &State, c: Choice) -> Option<String> {
    let &top = s.stack.last()?;
    with_module!(top, M => M::text(s, top, c), _step => None)
}

/// A uniformly random legal choice, as `Game::random_choice` asks: the one
/// the list would hold at `rng.index(len)`, with the same draw. A turn's
/// placement (half of all decisions) is drawn from the turn's bit sets
/// without listing; every other decision lists into `scratch`.
pub fn random_choice(s: &State, rng: &mut GameRng, scratch: &mut Vec<Choice>) -> Option<Choice> {
    if let (false, Some(&Decision::Turn { a })) = (s.over, s.stack.last()) {
        return Some(actions::turn::Turn::random_choice(s, a, rng));
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
    with_module!(top, M => M::legal(s, top, f), _step => false)
}

/// True when `c` is legal now: the pending decision's module answers (a
/// turn checks only the chosen space's placements, a migration only the
/// chosen tile's moves).
pub fn is_legal(s: &State, c: Choice) -> bool {
    if s.over {
        return false;
    }
    let Some(&top) = s.stack.last() else {
        return false;
    };
    with_module!(top, M => M::is_legal(s, top, c), _step => false)
}

/// The refusal of a choice that the pending frame `top` does not offer: the
/// module's (the rule with its page, and what is wrong in words); an
/// automatic step on top (a state no play reaches) refuses every choice.
fn refuse(s: &State, top: Decision, c: Choice) -> Refusal {
    with_module!(
        top,
        M => M::refusal(s, top, c),
        _step => Refusal::new(AUTOMATIC, "no decision is pending, so no choice can be made")
    )
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
        return Err(refuse(s, top, c));
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
    // An automatic step takes no choice: keep its frame.
    with_module!(top, M => M::apply(s, top, c, ev), _step => s.stack.push(top))
}

/// Runs an automatic step (its frame already popped).
fn automatic(s: &mut State, step: Decision, ev: &mut Vec<Event>) {
    with_module!(step, M => (), run => run(s, step, ev))
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
