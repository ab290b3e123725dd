//! The turn sequence and the dispatch of every decision: a new game,
//! advancing through forced steps, the legal choices, applying a choice,
//! explaining a refusal and wording a choice. Each action, card and phase
//! lives in its own module (`actions/`, `cards/`, `phases/`), a unit type
//! implementing [`DecisionModule`]; this module only finds the module of
//! the pending decision, in one table (`with_module!`).

use crate::actions::{
    abundance, adaptation, competition, depletion, domination, glaciation, initiative, migration,
    regression, speciation, wanderlust, wasteland,
};
use crate::cards;
use crate::offer::{Forced, QuickAnswers};
use crate::phases::{extinction, final_scoring, planning, reseed};
use crate::space::{Section, Space};
use crate::state::{Choice, Decision, Event, Setup, State, Step};
use crate::texts;
use eons_core::{draw_listed, DecisionModule, GameRng, Refusal, SetupError};
use std::cell::RefCell;

thread_local! {
    static LEGAL: RefCell<Vec<Choice>> = const { RefCell::new(Vec::new()) };
}

/// The one table from the pending decision to the module that rules it:
/// `with_module!(decision, Module, inner => call, nothing => otherwise)`
/// evaluates `call` with `Module` naming the module type of `decision` and
/// `inner` the part of the decision that module takes (the whole decision,
/// or a card's step); `otherwise` when nothing is pending (the engine
/// advances by itself: no module decides). Every operation of the engine
/// (legal choices, quick answers, applying, refusing, wording) goes
/// through this one `match`, statically dispatched.
macro_rules! with_module {
    ($decision:expr, $module:ident, $inner:ident => $call:expr, nothing => $nothing:expr) => {
        match $decision {
            Decision::None => $nothing,
            $inner @ Decision::Plan(_) => {
                use crate::phases::planning::Planning as $module;
                $call
            }
            $inner @ Decision::Initiative(_) => {
                use crate::actions::initiative::Initiative as $module;
                $call
            }
            $inner @ Decision::Adapt(_) => {
                use crate::actions::adaptation::Adaptation as $module;
                $call
            }
            $inner @ Decision::Regress { .. } => {
                use crate::actions::regression::Regression as $module;
                $call
            }
            $inner @ (Decision::AbundanceElement(_) | Decision::AbundanceCorner(..)) => {
                use crate::actions::abundance::Abundance as $module;
                $call
            }
            $inner @ Decision::Wasteland(_) => {
                use crate::actions::wasteland::Wasteland as $module;
                $call
            }
            $inner @ Decision::Depletion(_) => {
                use crate::actions::depletion::Depletion as $module;
                $call
            }
            $inner @ Decision::Glaciate { .. } => {
                use crate::actions::glaciation::Glaciation as $module;
                $call
            }
            $inner @ (Decision::SpeciationCorner(..)
            | Decision::SpeciationCount { .. }
            | Decision::InsectSpecies) => {
                use crate::actions::speciation::Speciation as $module;
                $call
            }
            $inner @ (Decision::WanderStack(_)
            | Decision::WanderHex(..)
            | Decision::WanderElement(..)
            | Decision::WanderCorner(..)
            | Decision::WanderMove { .. }) => {
                use crate::actions::wanderlust::Wanderlust as $module;
                $call
            }
            $inner @ Decision::Migrate { .. } => {
                use crate::actions::migration::Migration as $module;
                $call
            }
            $inner @ (Decision::CompeteFree | Decision::Compete { .. }) => {
                use crate::actions::competition::Competition as $module;
                $call
            }
            $inner @ (Decision::Dominate(_) | Decision::ChooseCard { .. }) => {
                use crate::actions::domination::Domination as $module;
                $call
            }
            $inner @ Decision::MammalSave => {
                use crate::phases::extinction::Extinction as $module;
                $call
            }
            Decision::Card($inner) => {
                use crate::cards::Cards as $module;
                $call
            }
        }
    };
}

impl State {
    /// A new game (p.4; optional rules p.17).
    pub fn new(setup: &Setup, seed: u64) -> Result<State, SetupError> {
        let mut st = crate::setup::build(setup, seed)?;
        let mut ev = Vec::new();
        st.advance(&mut ev);
        Ok(st)
    }

    // ----- the turn sequence ----------------------------------------------

    /// Runs forced steps until a decision is pending or the game is over.
    ///
    /// Half of all decisions are placements in Planning, after which the
    /// next planner is asked at once; that case is answered here, before the
    /// whole turn sequence ([`State::advance_steps`], a large function with a
    /// costly entry) is entered.
    #[inline]
    pub(crate) fn advance(&mut self, ev: &mut Vec<Event>) {
        if matches!(self.pending, Decision::None) && self.step == Step::Planning {
            planning::next_planner(self, ev);
            if let Decision::Plan(_) = self.pending {
                return;
            }
        }
        self.advance_steps(ev);
    }

    /// The turn sequence: runs forced steps until a decision is pending or
    /// the game is over.
    #[inline(never)]
    fn advance_steps(&mut self, ev: &mut Vec<Event>) {
        loop {
            if let Decision::Plan(_) = self.pending {
                // Planning always has a vacant space to offer (checked when set).
                return;
            }
            if !matches!(self.pending, Decision::None) {
                // A decision whose only option is to forfeit or stop is no
                // decision; one with no option at all ends (nothing possible).
                match self.forced() {
                    Some(None) => {
                        self.pending = Decision::None;
                        continue;
                    }
                    Some(Some(c)) => {
                        self.resolve(c, ev);
                        continue;
                    }
                    None => return,
                }
            }
            match self.step {
                Step::Over => return,
                Step::Planning => planning::next_planner(self, ev),
                Step::Space(Space(i)) => self.execute_space(i, ev),
                Step::Regression(k) => regression::step(self, k, ev),
                Step::WastelandAuto => {
                    wasteland::automatic(self, ev);
                    self.step = Step::Space(Space(9));
                }
                Step::InsectSpeciation => speciation::insects_step(self),
                Step::ArachnidCompetition => competition::arachnids_step(self),
                Step::Extinction => extinction::step(self, ev),
                Step::Survival => cards::survival::step(self, ev),
                Step::Reseed => reseed::reseed(self, ev),
                Step::FinalScoring => final_scoring::final_scoring(self, ev),
            }
        }
    }

    /// The step after executing eyeball space `i` (p.9 order, with the
    /// automatic parts between sections).
    fn step_after(i: u8) -> Step {
        match i {
            3 => Step::Regression(0),
            8 => Step::WastelandAuto,
            10..=13 => Step::Space(Space(14)),
            19 => Step::InsectSpeciation,
            28 => Step::ArachnidCompetition,
            40.. => Step::Extinction,
            _ => Step::Space(Space(i + 1)),
        }
    }

    /// Executes the AP on eyeball space `i`, if any: its action's first decision.
    fn execute_space(&mut self, i: u8, ev: &mut Vec<Event>) {
        if i == 4 || i == 5 {
            // Regression spaces are handled by the Regression step.
            self.step = Step::Space(Space(6));
            return;
        }
        self.step = Self::step_after(i);
        let Some(a) = self.spaces[i as usize] else {
            return;
        };
        let space = Space(i);
        self.spaces[i as usize] = None;
        ev.push(Event::ActionBegan { animal: a, space });
        let (section, _) = space.section();
        if section != Section::Initiative {
            self.animals[a.index()].supply += 1;
        }
        self.pending = match section {
            Section::Initiative => initiative::start(a),
            Section::Adaptation => adaptation::start(a),
            Section::Regression => Decision::None,
            Section::Abundance => abundance::start(a),
            Section::Wasteland => wasteland::start(a),
            Section::Depletion => depletion::start(a),
            Section::Glaciation => glaciation::start(a),
            Section::Speciation => speciation::start(a, space),
            Section::Wanderlust => wanderlust::start(a),
            Section::Migration => migration::start(self, a, space),
            Section::Competition => competition::start(a, space),
            Section::Domination => domination::start(a),
        };
    }

    // ----- legal choices ---------------------------------------------------

    /// Appends every legal choice for the pending decision.
    pub fn legal(&self, out: &mut Vec<Choice>) {
        with_module!(
            self.pending,
            Module,
            decision => {
                Module::legal(self, decision, &mut |c| {
                    out.push(c);
                    false
                });
            },
            nothing => {}
        )
    }

    // ----- applying a choice ----------------------------------------------

    /// Applies a legal choice; anything else is refused with the rule.
    pub fn apply(&mut self, c: Choice, ev: &mut Vec<Event>) -> Result<(), Refusal> {
        if self.step == Step::Over && self.pending == Decision::None {
            return Err(Refusal::game_over());
        }
        if !self.is_legal(c) {
            return Err(self.refusal(c));
        }
        self.resolve(c, ev);
        self.advance(ev);
        Ok(())
    }

    /// A uniformly random legal choice, as `Game::random_choice` asks: the
    /// choice `legal` would list at `rng.index(len)`, with the same draw.
    /// Planning (half of a game's decisions), Initiative, Domination and
    /// Abundance's corner draw from their bit sets without listing (their
    /// modules' [`QuickAnswers::draw`]); every other decision lists into
    /// `scratch`.
    pub fn random_choice(&self, rng: &mut GameRng, scratch: &mut Vec<Choice>) -> Option<Choice> {
        let quick = with_module!(
            self.pending,
            Module,
            decision => Module::draw(self, decision, rng),
            nothing => None
        );
        if let Some(choice) = quick {
            return choice;
        }
        scratch.clear();
        self.legal(scratch);
        draw_listed(scratch, rng)
    }

    /// Applies a choice that [`State::legal`] listed for this state, without
    /// generating the legal choices again to check it (for search bots; see
    /// `Game::apply_listed`). Debug builds still check.
    pub fn apply_listed(&mut self, c: Choice, ev: &mut Vec<Event>) -> Result<(), Refusal> {
        if self.step == Step::Over && self.pending == Decision::None {
            return Err(Refusal::game_over());
        }
        debug_assert!(self.is_legal(c), "apply_listed: {c:?} is not legal");
        self.resolve(c, ev);
        self.advance(ev);
        Ok(())
    }

    /// True when `c` is one of the legal choices now.
    ///
    /// The most frequent decisions with long lists answer without listing
    /// (each module's `is_legal`); debug builds, and so every test game,
    /// check that answer against the list.
    pub fn is_legal(&self, c: Choice) -> bool {
        let quick = with_module!(
            self.pending,
            Module,
            decision => Module::is_legal(self, decision, c),
            nothing => false
        );
        debug_assert_eq!(
            quick,
            self.is_listed(c),
            "is_legal({c:?}) in {:?}",
            self.pending
        );
        quick
    }

    /// True when `c` is in the list [`State::legal`] makes.
    fn is_listed(&self, c: Choice) -> bool {
        LEGAL.with(|l| {
            let mut l = l.borrow_mut();
            l.clear();
            self.legal(&mut l);
            l.contains(&c)
        })
    }

    /// What [`State::advance`] needs to know of the pending decision (see
    /// [`Forced`]).
    ///
    /// The decisions that are often asked answer without listing (their
    /// modules' [`QuickAnswers::forced`]); debug builds check that answer
    /// against the list.
    fn forced(&self) -> Forced {
        let quick = with_module!(
            self.pending,
            Module,
            decision => Module::forced(self, decision),
            nothing => None
        );
        match quick {
            Some(quick) => {
                debug_assert_eq!(
                    quick,
                    self.forced_by_list(),
                    "forced() in {:?}",
                    self.pending
                );
                quick
            }
            None => self.forced_by_list(),
        }
    }

    /// [`State::forced`] read off the list of legal choices.
    fn forced_by_list(&self) -> Forced {
        LEGAL.with(|l| {
            let mut l = l.borrow_mut();
            l.clear();
            self.legal(&mut l);
            match l.len() {
                0 => Some(None),
                1 if matches!(l[0], Choice::Skip | Choice::Done) => Some(Some(l[0])),
                _ => None,
            }
        })
    }

    /// Resolves a choice already known to be legal.
    fn resolve(&mut self, c: Choice, ev: &mut Vec<Event>) {
        let pending = self.pending;
        self.pending = Decision::None;
        with_module!(
            pending,
            Module,
            decision => Module::apply(self, decision, c, ev),
            nothing => {}
        )
    }

    /// Why `c`, which is not legal now, is refused: the rule of the pending
    /// decision and what is wrong with this choice.
    pub fn refusal(&self, c: Choice) -> Refusal {
        with_module!(
            self.pending,
            Module,
            decision => Module::refusal(self, decision, c),
            nothing => Refusal::game_over()
        )
    }

    /// The choice as its button reads: the pending decision's module's own
    /// words for it, else the game's general wording of that kind of
    /// choice ([`texts::general_choice_text`]).
    pub fn choice_text(&self, c: Choice) -> String {
        let own = with_module!(
            self.pending,
            Module,
            decision => Module::text(self, decision, c),
            nothing => None
        );
        own.unwrap_or_else(|| texts::general_choice_text(self, c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_game() -> State {
        let setup = Setup {
            players: 2,
            animals: Vec::new(),
            multi_animal: false,
            random_earth: false,
        };
        State::new(&setup, 5).expect("setup")
    }

    /// A refusal names the rule with its page and says, in words, what is
    /// wrong with this choice.
    #[test]
    fn refusals_name_the_rule_and_explain() {
        let mut s = new_game();
        let sp = Space::parse("Speciation (meat)").expect("space");
        s.apply(Choice::Place(sp), &mut Vec::new()).expect("legal");
        let r = s
            .apply(Choice::Place(sp), &mut Vec::new())
            .expect_err("occupied");
        assert_eq!(
            r.to_string(),
            "Planning (p.9): Speciation (meat) already holds an AP: each eyeball space holds one"
        );
        let r = s
            .apply(Choice::Done, &mut Vec::new())
            .expect_err("not offered");
        assert_eq!(
            r.to_string(),
            "Planning (p.9): place an AP on an empty eyeball space; that is not one of the choices offered"
        );
        assert!(!r.is_game_over());
    }
}
