//! The turn sequence and the dispatch of every decision: a new game,
//! advancing through forced steps, the legal choices, applying a choice and
//! explaining a refusal. Each action, card and phase lives in its own module
//! (`actions/`, `cards/`, `phases/`); this module only routes to them.

use crate::actions::{
    abundance, adaptation, competition, depletion, domination, glaciation, initiative, migration,
    regression, speciation, wanderlust, wasteland,
};
use crate::cards;
use crate::phases::{extinction, final_scoring, planning, reseed};
use crate::space::{Section, Space};
use crate::state::{Choice, Decision, Event, Setup, State, Step};
use eons_core::{draw_listed, GameRng, Refusal, SetupError};
use std::cell::RefCell;

thread_local! {
    static LEGAL: RefCell<Vec<Choice>> = const { RefCell::new(Vec::new()) };
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
        match self.pending {
            Decision::None => {}
            Decision::Plan(_) => planning::legal(self, out),
            Decision::Initiative(_) => initiative::legal(self, out),
            Decision::Adapt(a) => adaptation::legal(self, a, out),
            Decision::Regress { animal, saved, .. } => regression::legal(self, animal, saved, out),
            Decision::AbundanceElement(_) => abundance::legal_element(self, out),
            Decision::AbundanceCorner(..) => abundance::legal_corner(self, out),
            Decision::Wasteland(_) => wasteland::legal(self, out),
            Decision::Depletion(_) => depletion::legal(self, out),
            Decision::Glaciate { card, .. } => glaciation::legal(self, card, out),
            Decision::SpeciationCorner(a, e) => speciation::legal_corner(self, a, e, out),
            Decision::SpeciationCount {
                animal,
                corner,
                tile,
            } => speciation::legal_count(self, animal, corner, tile, out),
            Decision::InsectSpecies => speciation::legal_insects(self, out),
            Decision::WanderStack(_) => wanderlust::legal_stack(self, out),
            Decision::WanderHex(..) => wanderlust::legal_hex(self, out),
            Decision::WanderElement(_, h) => wanderlust::legal_element(self, h, out),
            Decision::WanderCorner(_, h, _) => wanderlust::legal_corner(self, h, out),
            Decision::WanderMove { mover, hex, .. } => {
                wanderlust::legal_move(self, mover, hex, out)
            }
            Decision::Migrate { animal, left } => migration::legal(self, animal, left, out),
            Decision::CompeteFree => competition::legal_free(self, out),
            Decision::Compete {
                animal,
                space,
                terrains,
            } => competition::legal(self, animal, space, terrains, out),
            Decision::Dominate(_) => domination::legal_tile(self, out),
            Decision::ChooseCard { .. } => domination::legal_card(self, out),
            Decision::MammalSave => extinction::legal(self, out),
            Decision::Card(step) => cards::legal(self, step, out),
        }
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
    /// Abundance's corner draw from their bit sets without listing; every
    /// other decision lists into `scratch`.
    pub fn random_choice(&self, rng: &mut GameRng, scratch: &mut Vec<Choice>) -> Option<Choice> {
        match self.pending {
            Decision::Plan(_) => return planning::random_choice(self, rng),
            Decision::Initiative(_) => return Some(initiative::random_choice(self, rng)),
            Decision::Dominate(_) => return Some(domination::random_tile(self, rng)),
            Decision::AbundanceCorner(..) => return abundance::random_corner(self, rng),
            _ => {}
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
        let quick = match self.pending {
            Decision::Plan(_) => Some(planning::is_legal(self, c)),
            Decision::Migrate { animal, left } => Some(migration::is_legal(self, animal, left, c)),
            Decision::Dominate(_) => Some(domination::is_legal_tile(self, c)),
            Decision::AbundanceCorner(..) => Some(abundance::is_legal_corner(self, c)),
            Decision::Compete {
                animal,
                space,
                terrains,
            } => Some(competition::is_legal(self, animal, space, terrains, c)),
            Decision::SpeciationCorner(a, e) => Some(speciation::is_legal_corner(self, a, e, c)),
            Decision::Depletion(_) => Some(depletion::is_legal(self, c)),
            Decision::Initiative(_) => Some(initiative::is_legal(self, c)),
            Decision::Adapt(a) => Some(adaptation::is_legal(self, a, c)),
            Decision::AbundanceElement(_) => Some(abundance::is_legal_element(self, c)),
            Decision::SpeciationCount {
                animal,
                corner,
                tile,
            } => Some(speciation::is_legal_count(self, animal, corner, tile, c)),
            _ => None,
        };
        match quick {
            Some(quick) => {
                debug_assert_eq!(
                    quick,
                    self.is_listed(c),
                    "is_legal({c:?}) in {:?}",
                    self.pending
                );
                quick
            }
            None => self.is_listed(c),
        }
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

    /// What [`State::advance`] needs to know of the pending decision: `None`
    /// when it is a real decision, `Some(None)` when it has no option at all,
    /// `Some(Some(c))` when its only option is `c`, a skip or a done.
    ///
    /// The decisions that are often asked answer without listing; debug
    /// builds check that answer against the list.
    fn forced(&self) -> Option<Option<Choice>> {
        let quick = match self.pending {
            Decision::Migrate { animal, left } => Some(
                (left == 0 || !migration::any_move(self, animal)).then_some(Some(Choice::Done)),
            ),
            Decision::Dominate(_) => {
                Some((!domination::any_tile(self)).then_some(Some(Choice::Skip)))
            }
            Decision::AbundanceCorner(..) => {
                Some(self.vacant_corners().next().is_none().then_some(None))
            }
            Decision::Compete {
                animal,
                space,
                terrains,
            } => Some(
                (!competition::any_victim(self, animal, space, terrains))
                    .then_some(Some(Choice::Done)),
            ),
            Decision::SpeciationCorner(a, e) => {
                Some((!speciation::any_corner(self, a, e)).then_some(Some(Choice::Skip)))
            }
            Decision::Depletion(_) => {
                Some((!depletion::any_corner(self)).then_some(Some(Choice::Skip)))
            }
            Decision::Initiative(_) => {
                Some((!initiative::any_space(self)).then_some(Some(Choice::Skip)))
            }
            Decision::Adapt(a) => {
                Some((!adaptation::any_element(self, a)).then_some(Some(Choice::Skip)))
            }
            Decision::AbundanceElement(_) => {
                Some((!abundance::any_element(self)).then_some(Some(Choice::Skip)))
            }
            Decision::SpeciationCount { corner, tile, .. } => {
                Some((!speciation::has_count(self, corner, tile)).then_some(None))
            }
            _ => None,
        };
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
    fn forced_by_list(&self) -> Option<Option<Choice>> {
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
        match pending {
            Decision::None => {}
            Decision::Plan(a) => planning::resolve(self, a, c, ev),
            Decision::Initiative(a) => initiative::resolve(self, a, c, ev),
            Decision::Adapt(a) => adaptation::resolve(self, a, c, ev),
            Decision::Regress {
                animal,
                left,
                saved,
            } => regression::resolve(self, animal, left, saved, c, ev),
            Decision::AbundanceElement(a) => abundance::resolve_element(self, a, c, ev),
            Decision::AbundanceCorner(_, e) => abundance::resolve_corner(self, e, c, ev),
            Decision::Wasteland(a) => wasteland::resolve(self, a, c, ev),
            Decision::Depletion(a) => depletion::resolve(self, a, c, ev),
            Decision::Glaciate { animal, card } => glaciation::resolve(self, animal, card, c, ev),
            Decision::SpeciationCorner(a, _) => speciation::resolve_corner(self, a, c, ev),
            Decision::SpeciationCount {
                animal,
                corner,
                tile,
            } => speciation::resolve_count(self, animal, corner, tile, c, ev),
            Decision::InsectSpecies => speciation::resolve_insects(self, c, ev),
            Decision::WanderStack(a) => wanderlust::resolve_stack(self, a, c, ev),
            Decision::WanderHex(a, i) => wanderlust::resolve_hex(self, a, i, c, ev),
            Decision::WanderElement(a, h) => wanderlust::resolve_element(self, a, h, c, ev),
            Decision::WanderCorner(a, h, e) => wanderlust::resolve_corner(self, a, h, e, c, ev),
            Decision::WanderMove { actor, mover, hex } => {
                wanderlust::resolve_move(self, actor, mover, hex, c, ev)
            }
            Decision::Migrate { animal, left } => migration::resolve(self, animal, left, c, ev),
            Decision::CompeteFree => competition::resolve_free(self, c, ev),
            Decision::Compete {
                animal,
                space,
                terrains,
            } => competition::resolve(self, animal, space, terrains, c, ev),
            Decision::Dominate(a) => domination::resolve_tile(self, a, c, ev),
            Decision::ChooseCard { animal, first } => {
                domination::resolve_card(self, animal, first, c, ev)
            }
            Decision::MammalSave => extinction::resolve(self, c, ev),
            Decision::Card(step) => cards::resolve(self, step, c, ev),
        }
    }

    /// Why `c`, which is not legal now, is refused: the rule of the pending
    /// decision and what is wrong with this choice.
    pub fn refusal(&self, c: Choice) -> Refusal {
        match self.pending {
            Decision::None => Refusal::game_over(),
            Decision::Plan(_) => planning::refusal(c),
            Decision::Initiative(_) => initiative::refusal(self, c),
            Decision::Adapt(a) => adaptation::refusal(self, a, c),
            Decision::Regress { left, .. } => regression::refusal(left, c),
            Decision::AbundanceElement(_) => abundance::refusal_element(self, c),
            Decision::AbundanceCorner(_, e) => abundance::refusal_corner(e, c),
            Decision::Wasteland(_) => wasteland::refusal(self, c),
            Decision::Depletion(_) => depletion::refusal(c),
            Decision::Glaciate { card, .. } => glaciation::refusal(self, card, c),
            Decision::SpeciationCorner(a, e) => speciation::refusal_corner(self, a, e, c),
            Decision::SpeciationCount {
                animal,
                corner,
                tile,
            } => speciation::refusal_count(self, animal, corner, tile),
            Decision::InsectSpecies => speciation::refusal_insects(c),
            Decision::WanderStack(_) => wanderlust::refusal_stack(self, c),
            Decision::WanderHex(..) => wanderlust::refusal_hex(c),
            Decision::WanderElement(..) => wanderlust::refusal_element(self, c),
            Decision::WanderCorner(_, _, e) => wanderlust::refusal_corner(e),
            Decision::WanderMove { mover, .. } => wanderlust::refusal_move(mover),
            Decision::Migrate { animal, left } => migration::refusal(animal, left, c),
            Decision::CompeteFree => competition::refusal_free(c),
            Decision::Compete { animal, space, .. } => competition::refusal(animal, space, c),
            Decision::Dominate(_) => domination::refusal_tile(c),
            Decision::ChooseCard { .. } => domination::refusal_card(c),
            Decision::MammalSave => extinction::refusal(c),
            Decision::Card(step) => cards::refusal(self, step),
        }
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
