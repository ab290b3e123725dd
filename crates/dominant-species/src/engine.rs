//! Setup, the turn sequence and every action: Planning, the twelve
//! Execution sections, and the Reset Phase.

use crate::data::*;
use crate::space::{Section, Space, SPACES};
use crate::state::*;
use eons_core::{bonus_vp, Bag, Corner, CornerId, Deck, GameRng, Hex, HexId, SetupError};
use eons_earth::{grid, Earth, HEXES};
use std::cell::RefCell;

/// The grid id of a hex of the Dominant Species board (35 hexes), if any.
pub fn board_id(h: Hex) -> Option<HexId> {
    if board_hex(h) {
        grid().id(h)
    } else {
        None
    }
}

/// Hex ids of the board, in id order.
pub fn board_ids() -> impl Iterator<Item = HexId> {
    (0..HEXES as u8)
        .map(HexId)
        .filter(|&id| board_hex(grid().hex(id)))
}

fn hex(id: HexId) -> Hex {
    grid().hex(id)
}

fn corner(id: CornerId) -> Corner {
    grid().corner(id)
}

thread_local! {
    static LEGAL: RefCell<Vec<Choice>> = const { RefCell::new(Vec::new()) };
}

impl State {
    /// A new game (p.4; optional rules p.17).
    pub fn new(setup: &Setup, seed: u64) -> Result<State, SetupError> {
        let p = setup.players as usize;
        if !(2..=6).contains(&p) {
            return Err(SetupError(format!(
                "Dominant Species is for 2 to 6 players, not {p} (p.2)"
            )));
        }
        if setup.multi_animal && p > 3 {
            return Err(SetupError(
                "the multi-animal rules are for 2 or 3 players (p.17)".into(),
            ));
        }
        let n_animals = if setup.multi_animal { 6 } else { p };
        let mut rng = GameRng::new(seed);
        let mut animals: Vec<Animal> = setup.animals.clone();
        if animals.is_empty() {
            let mut all = Animal::ALL.to_vec();
            rng.shuffle(&mut all);
            all.truncate(n_animals);
            animals = all;
        }
        if animals.len() != n_animals {
            return Err(SetupError(format!(
                "{} animals listed, {} needed ({} players{})",
                animals.len(),
                n_animals,
                p,
                if setup.multi_animal {
                    ", multi-animal rules: all six"
                } else {
                    ""
                }
            )));
        }
        for (i, a) in animals.iter().enumerate() {
            if animals[..i].contains(a) {
                return Err(SetupError(format!("{a} listed twice")));
            }
        }
        let (aps, cubes) = pieces(if setup.multi_animal { 6 } else { p });
        let mut st = State {
            setup: Setup {
                animals: animals.clone(),
                ..setup.clone()
            },
            rng,
            earth: Earth::default(),
            animals: [AnimalState::ABSENT; 6],
            initiative: Animal::ALL,
            initiative_len: 0,
            bag: Bag::from_counts([ELEMENTS_PER_TYPE; 6]),
            adaptation: [0; 6],
            regression_box: [0; 6],
            abundance: [0; 6],
            wasteland_box: [0; 6],
            depletion_box: [0; 6],
            wanderlust: [0; 6],
            spaces: [None; SPACES],
            tundra_left: TUNDRA_TILES - 1,
            stacks: Default::default(),
            face_up: [true; 3],
            deck: Deck::default(),
            available: [None; 5],
            played: Vec::new(),
            survival: None,
            turn: 1,
            step: Step::Planning,
            pending: Pending::None,
            plan_next: 0,
            dominated: 0,
            ice_age: false,
            hibernated: None,
            arrived: [0; HEXES],
        };
        for (i, &a) in animals.iter().enumerate() {
            st.animals[a.index()] = AnimalState {
                in_play: true,
                seat: (i % p) as u8,
                added: [0; 6],
                supply: aps,
                boxed: CYLINDERS - aps,
                gene_pool: cubes - 1,
                eliminated: 0,
                vp: 0,
            };
        }
        // Initiative in reverse food-chain order (p.4).
        let mut n = 0;
        for a in Animal::ALL.into_iter().rev() {
            if st.in_play(a) {
                st.initiative[n] = a;
                n += 1;
            }
        }
        st.initiative_len = n as u8;
        // Tiles (p.4, random earth p.17).
        let mut large: Vec<Terrain> = LARGE_TILES
            .iter()
            .flat_map(|&(t, k)| std::iter::repeat_n(t, k as usize))
            .collect();
        if setup.random_earth {
            st.rng.shuffle(&mut large);
            for (i, &(h, _)) in START_TILES.iter().enumerate() {
                let t = if i == 0 { Terrain::Tundra } else { large[i] };
                st.earth.set_tile(board_id(h).expect("start hex"), Some(t));
            }
            large.drain(..7);
        } else {
            for &(h, t) in START_TILES.iter() {
                let shown = if h == Hex::new(0, 0) {
                    Terrain::Tundra
                } else {
                    t
                };
                st.earth
                    .set_tile(board_id(h).expect("start hex"), Some(shown));
                if let Some(pos) = large.iter().position(|&x| x == t) {
                    large.swap_remove(pos);
                }
            }
            st.rng.shuffle(&mut large);
        }
        for (i, chunk) in large.chunks(8).enumerate() {
            st.stacks[i] = Deck::from_bottom_up(chunk.to_vec());
        }
        // Cards: Ice Age at the bottom of the shuffled deck; five face up (p.4).
        let mut cards: Vec<Card> = Card::ALL
            .into_iter()
            .filter(|&c| c != Card::IceAge)
            .collect();
        st.rng.shuffle(&mut cards);
        cards.insert(0, Card::IceAge);
        st.deck = Deck::from_bottom_up(cards);
        for slot in 0..5 {
            st.available[slot] = st.deck.draw();
        }
        // Elements (p.4; random earth p.17).
        for &(c, e) in START_ELEMENTS.iter() {
            let e = if setup.random_earth {
                match st.bag.draw(&mut st.rng).and_then(Element::from_index) {
                    Some(e) => e,
                    None => continue,
                }
            } else {
                st.bag.take(e.index());
                e
            };
            let id = grid().corner_id(c).expect("start corner");
            st.earth.set_element(id, Some(e.index() as u8));
        }
        st.fill_display_squares();
        // Starting species (p.4; random earth p.17).
        if setup.random_earth {
            let mut counts = [0u32; 6];
            let tiles: Vec<(HexId, Terrain)> = st.earth.tiles().collect();
            for a in animals.iter().copied() {
                for &(h, t) in &tiles {
                    if t == Terrain::Tundra {
                        continue;
                    }
                    let k = st.earth.elements_on(h)[a.element().index()];
                    let k = k.min(st.animals[a.index()].gene_pool);
                    st.earth.add_species(h, a.index(), k);
                    st.animals[a.index()].gene_pool -= k;
                    counts[a.index()] += k as u32;
                }
            }
            let m = counts.iter().copied().max().unwrap_or(0);
            for a in animals.iter().copied() {
                st.animals[a.index()].vp = m - counts[a.index()];
            }
        } else {
            for a in animals.iter().copied() {
                for (t, k) in start_species(a) {
                    let &(h, _) = START_TILES
                        .iter()
                        .find(|(_, tt)| *tt == t)
                        .expect("start terrain");
                    st.earth
                        .add_species(board_id(h).expect("start hex"), a.index(), k);
                    st.animals[a.index()].gene_pool -= k;
                }
            }
        }
        let mut ev = Vec::new();
        st.advance(&mut ev);
        Ok(st)
    }

    /// Draws 4 elements each into Adaptation, Abundance and Wanderlust, in that
    /// order, while the bag lasts (p.4, p.20; reference A14).
    fn fill_display_squares(&mut self) {
        for which in 0..3 {
            for _ in 0..4 {
                let Some(e) = self.bag.draw(&mut self.rng) else {
                    return;
                };
                match which {
                    0 => self.adaptation[e] += 1,
                    1 => self.abundance[e] += 1,
                    _ => self.wanderlust[e] += 1,
                }
            }
        }
    }

    // ----- small helpers -------------------------------------------------

    pub(crate) fn gain_vp(&mut self, a: Animal, vp: u32, reason: VpReason, ev: &mut Vec<Event>) {
        if vp > 0 {
            // Saturating: a position file may start an animal at any VP.
            let st = &mut self.animals[a.index()];
            st.vp = st.vp.saturating_add(vp);
            ev.push(Event::VpGained {
                animal: a,
                vp,
                reason,
            });
        }
    }

    /// Adds up to `n` species from the gene pool; returns how many.
    pub(crate) fn add_species(&mut self, a: Animal, h: HexId, n: u8, ev: &mut Vec<Event>) -> u8 {
        let k = n.min(self.animals[a.index()].gene_pool);
        if k > 0 {
            self.animals[a.index()].gene_pool -= k;
            self.earth.add_species(h, a.index(), k);
            ev.push(Event::SpeciesAdded {
                animal: a,
                hex: hex(h),
                count: k,
            });
        }
        k
    }

    /// Eliminates up to `n` species to the box (p.6, p.8).
    pub(crate) fn eliminate(&mut self, a: Animal, h: HexId, n: u8, ev: &mut Vec<Event>) -> u8 {
        let k = self.earth.remove_species(h, a.index(), n);
        if k > 0 {
            self.animals[a.index()].eliminated += k;
            ev.push(Event::SpeciesEliminated {
                animal: a,
                hex: hex(h),
                count: k,
            });
        }
        k
    }

    pub(crate) fn move_species(&mut self, a: Animal, from: HexId, to: HexId, ev: &mut Vec<Event>) {
        if self.earth.remove_species(from, a.index(), 1) == 1 {
            self.earth.add_species(to, a.index(), 1);
            ev.push(Event::SpeciesMoved {
                animal: a,
                from: hex(from),
                to: hex(to),
            });
        }
    }

    pub(crate) fn element_to_earth(&mut self, e: Element, c: CornerId, ev: &mut Vec<Event>) {
        self.earth.set_element(c, Some(e.index() as u8));
        ev.push(Event::ElementToEarth {
            element: e,
            corner: corner(c),
        });
    }

    pub(crate) fn element_from_earth(&mut self, c: CornerId, ev: &mut Vec<Event>) {
        if let Some(e) = self.earth.element(c) {
            self.earth.set_element(c, None);
            self.bag.put(e as usize);
            ev.push(Event::ElementFromEarth {
                element: Element::ALL[e as usize],
                corner: corner(c),
            });
        }
    }

    pub(crate) fn element_from_display(&mut self, a: Animal, e: Element, ev: &mut Vec<Event>) {
        let added = &mut self.animals[a.index()].added[e.index()];
        if *added > 0 {
            *added -= 1;
            self.bag.put(e.index());
            ev.push(Event::ElementFromDisplay {
                animal: a,
                element: e,
            });
        }
    }

    /// Vacant corners of earth (touching at least one tile; p.11, reference A9).
    pub(crate) fn vacant_corners(&self) -> impl Iterator<Item = CornerId> + '_ {
        (0..grid().corner_count() as u8)
            .map(CornerId)
            .filter(|&c| self.earth.corner_vacant(c))
    }

    pub(crate) fn tile_ids(&self) -> impl Iterator<Item = HexId> + '_ {
        self.earth.tiles().map(|(h, _)| h)
    }

    /// Tiles a Glaciation may choose: non-tundra tiles adjacent to a tundra tile (p.13).
    pub(crate) fn glaciation_targets(&self) -> impl Iterator<Item = HexId> + '_ {
        self.earth.tiles().filter_map(move |(h, t)| {
            (t != Terrain::Tundra
                && self
                    .earth
                    .adjacent_tiles(h)
                    .any(|n| self.terrain(n) == Some(Terrain::Tundra)))
            .then_some(h)
        })
    }

    /// Blank board hexes adjacent to at least one tile (p.14).
    pub(crate) fn wanderlust_targets(&self) -> impl Iterator<Item = HexId> + '_ {
        board_ids().filter(move |&h| {
            self.earth.tile(h).is_none() && self.earth.adjacent_tiles(h).next().is_some()
        })
    }

    /// Performs Glaciation steps 2–7 on `h` for `a` (p.13).
    pub(crate) fn glaciate(&mut self, a: Animal, h: HexId, ev: &mut Vec<Event>) {
        let lifted = self.earth.species_on(h);
        for (i, &k) in lifted.iter().enumerate() {
            self.earth.remove_species(h, i, k);
        }
        self.earth.set_tile(h, Some(Terrain::Tundra));
        self.tundra_left = self.tundra_left.saturating_sub(1);
        ev.push(Event::Glaciated { hex: hex(h) });
        // Step 4: every element of earth surrounded by exactly three tundra tiles, not only
        // those on the new tundra's corners: Abundance may have put one between three tundra
        // tiles since the last Glaciation.
        for c in (0..grid().corner_count() as u8).map(CornerId) {
            if self.earth.element(c).is_none() {
                continue;
            }
            let tundra = self
                .earth
                .tiles_at(c)
                .filter(|&x| self.terrain(x) == Some(Terrain::Tundra))
                .count();
            if tundra == 3 {
                self.element_from_earth(c, ev);
            }
        }
        // Step 5: bonus VPs for adjacent tundra tiles.
        let adj = self
            .earth
            .adjacent_tiles(h)
            .filter(|&x| self.terrain(x) == Some(Terrain::Tundra))
            .count() as u32;
        self.gain_vp(a, bonus_vp(adj), VpReason::Glaciation, ev);
        // Steps 6–7: one of each animal back, the rest to the gene pools.
        for b in Animal::ALL {
            let k = lifted[b.index()];
            if k == 0 {
                continue;
            }
            self.earth.add_species(h, b.index(), 1);
            if k > 1 {
                self.animals[b.index()].gene_pool += k - 1;
                ev.push(Event::SpeciesToGenePool {
                    animal: b,
                    hex: hex(h),
                    count: k - 1,
                });
            }
        }
    }

    /// Scores a tile with the Tile Scoring table (p.16); `final_scoring` for p.20.
    pub(crate) fn score_tile(&mut self, h: HexId, final_scoring: bool, ev: &mut Vec<Event>) {
        let Some(t) = self.terrain(h) else { return };
        let mut order = [0usize; 6];
        let n = self.earth.ranking(h, &mut order);
        for (place, &v) in tile_scores(t).iter().enumerate().take(n) {
            let a = Animal::ALL[order[place]];
            let reason = if final_scoring {
                VpReason::Final(hex(h), place as u8 + 1)
            } else {
                VpReason::Tile(hex(h), place as u8 + 1)
            };
            self.gain_vp(a, v, reason, ev);
        }
    }

    // ----- the turn sequence ----------------------------------------------

    /// Runs forced steps until a decision is pending or the game is over.
    pub(crate) fn advance(&mut self, ev: &mut Vec<Event>) {
        loop {
            if let Pending::Plan(_) = self.pending {
                // Planning always has a vacant space to offer (checked when set).
                return;
            }
            if self.pending != Pending::None {
                // A decision whose only option is to forfeit or stop is no
                // decision; one with no option at all ends (nothing possible).
                let only = LEGAL.with(|l| {
                    let mut l = l.borrow_mut();
                    l.clear();
                    self.legal(&mut l);
                    match l.len() {
                        0 => Some(None),
                        1 if matches!(l[0], Choice::Skip | Choice::Done) => Some(Some(l[0])),
                        _ => None,
                    }
                });
                match only {
                    Some(None) => {
                        self.pending = Pending::None;
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
                Step::Planning => self.next_planner(ev),
                Step::Space(i) => self.execute_space(i, ev),
                Step::Regression(k) => self.regression(k, ev),
                Step::WastelandAuto => {
                    self.wasteland_auto(ev);
                    self.step = Step::Space(9);
                }
                Step::InsectSpeciation => {
                    self.step = Step::Space(20);
                    if self.in_play(Animal::Insects)
                        && self.animals[Animal::Insects.index()].gene_pool > 0
                    {
                        self.pending = Pending::InsectSpecies;
                    }
                }
                Step::ArachnidCompetition => {
                    self.step = Step::Space(29);
                    if self.in_play(Animal::Arachnids) {
                        self.pending = Pending::CompeteFree;
                    }
                }
                Step::Extinction => {
                    ev.push(Event::PhaseBegan {
                        phase: PhaseName::Reset,
                    });
                    self.step = Step::Survival;
                    if self.in_play(Animal::Mammals) && self.mammal_save_targets().next().is_some()
                    {
                        self.pending = Pending::MammalSave;
                    } else {
                        self.extinction(None, ev);
                    }
                }
                Step::Survival => {
                    self.survival(ev);
                    self.step = if self.ice_age || self.stalemate() {
                        Step::FinalScoring
                    } else {
                        Step::Reseed
                    };
                }
                Step::Reseed => self.reseed(ev),
                Step::FinalScoring => {
                    ev.push(Event::PhaseBegan {
                        phase: PhaseName::FinalScoring,
                    });
                    let tiles: Vec<HexId> = self.tile_ids().collect();
                    for h in tiles {
                        self.score_tile(h, true, ev);
                    }
                    self.step = Step::Over;
                    ev.push(Event::GameEnded);
                }
            }
        }
    }

    fn next_planner(&mut self, ev: &mut Vec<Event>) {
        let n = self.initiative_len;
        let vacant = self.spaces.iter().any(|s| s.is_none());
        if vacant {
            for k in 0..n {
                let idx = (self.plan_next + k) % n;
                let a = self.initiative[idx as usize];
                if self.animals[a.index()].supply > 0 {
                    self.plan_next = idx;
                    self.pending = Pending::Plan(a);
                    return;
                }
            }
        }
        ev.push(Event::PhaseBegan {
            phase: PhaseName::Execution,
        });
        self.step = Step::Space(0);
    }

    /// The step after executing eyeball space `i` (p.9 order, with the
    /// automatic parts between sections).
    fn step_after(i: u8) -> Step {
        match i {
            3 => Step::Regression(0),
            8 => Step::WastelandAuto,
            10..=13 => Step::Space(14),
            19 => Step::InsectSpeciation,
            28 => Step::ArachnidCompetition,
            40.. => Step::Extinction,
            _ => Step::Space(i + 1),
        }
    }

    fn execute_space(&mut self, i: u8, ev: &mut Vec<Event>) {
        if i == 4 || i == 5 {
            // Regression spaces are handled by the Regression step.
            self.step = Step::Space(6);
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
            Section::Initiative => Pending::Initiative(a),
            Section::Adaptation => Pending::Adapt(a),
            Section::Regression => Pending::None,
            Section::Abundance => Pending::AbundanceElement(a),
            Section::Wasteland => Pending::Wasteland(a),
            Section::Depletion => Pending::Depletion(a),
            Section::Glaciation => Pending::Glaciate {
                animal: a,
                card: false,
            },
            Section::Speciation => {
                Pending::SpeciationCorner(a, space.speciation_element().unwrap_or(Element::Meat))
            }
            Section::Wanderlust => Pending::WanderStack(a),
            Section::Migration => {
                self.arrived = [0; HEXES];
                Pending::Migrate {
                    animal: a,
                    left: space.migration_value().unwrap_or(0),
                }
            }
            Section::Competition => Pending::Compete {
                animal: a,
                space,
                terrains: 0b111,
            },
            Section::Domination => Pending::Dominate(a),
        };
    }

    /// Types in the Regression Box that `a` would lose (added disks only, p.11).
    fn threatened(&self, a: Animal) -> u8 {
        let mut m = 0u8;
        for e in 0..6 {
            if self.regression_box[e] > 0 && self.animals[a.index()].added[e] > 0 {
                m |= 1 << e;
            }
        }
        m
    }

    fn regression(&mut self, k: u8, ev: &mut Vec<Event>) {
        for i in k..6 {
            let a = Animal::ALL[i as usize];
            if !self.in_play(a) {
                continue;
            }
            let threat = self.threatened(a);
            let mut saves = self.spaces[4..6].iter().filter(|s| **s == Some(a)).count() as u8;
            if a == Animal::Reptiles {
                saves += 1; // the reptiles' free AP (p.11)
            }
            let n = threat.count_ones() as u8;
            if n == 0 || n <= saves {
                continue;
            }
            if saves == 0 {
                self.regress_losses(a, threat, ev);
                continue;
            }
            self.step = Step::Regression(i + 1);
            self.pending = Pending::Regress {
                animal: a,
                left: saves,
                saved: 0,
            };
            return;
        }
        for s in 4..6 {
            if let Some(a) = self.spaces[s].take() {
                self.animals[a.index()].supply += 1;
            }
        }
        self.step = Step::Space(6);
    }

    fn regress_losses(&mut self, a: Animal, lose: u8, ev: &mut Vec<Event>) {
        for e in Element::ALL {
            if lose & (1 << e.index()) != 0 {
                self.element_from_display(a, e, ev);
            }
        }
    }

    fn wasteland_auto(&mut self, ev: &mut Vec<Event>) {
        for c in 0..grid().corner_count() as u8 {
            let c = CornerId(c);
            let Some(e) = self.earth.element(c) else {
                continue;
            };
            if self.wasteland_box[e as usize] > 0
                && self
                    .earth
                    .tiles_at(c)
                    .any(|h| self.terrain(h) == Some(Terrain::Tundra))
            {
                self.element_from_earth(c, ev);
            }
        }
    }

    fn immune(&self, a: Animal, h: HexId) -> u8 {
        match self.hibernated {
            Some((hh, aa, k)) if hh == h && aa == a => k,
            _ => 0,
        }
    }

    pub(crate) fn mammal_save_targets(&self) -> impl Iterator<Item = HexId> + '_ {
        let m = Animal::Mammals;
        self.tile_ids().filter(move |&h| {
            self.endangered(m, h) && self.earth.species(h, m.index()) > self.immune(m, h)
        })
    }

    /// Extinction (p.20): every endangered species is eliminated, but the
    /// mammals' saved one and species hibernated this turn.
    pub(crate) fn extinction(&mut self, saved: Option<HexId>, ev: &mut Vec<Event>) {
        if let Some(h) = saved {
            ev.push(Event::SpeciesSaved {
                animal: Animal::Mammals,
                hex: hex(h),
            });
        }
        let tiles: Vec<HexId> = self.tile_ids().collect();
        for h in tiles {
            for a in Animal::ALL {
                if !self.in_play(a) || !self.endangered(a, h) {
                    continue;
                }
                let mut keep = self.immune(a, h);
                if a == Animal::Mammals && saved == Some(h) {
                    keep += 1;
                }
                let n = self.earth.species(h, a.index()).saturating_sub(keep);
                self.eliminate(a, h, n, ev);
            }
        }
        self.hibernated = None;
    }

    /// The animal holding the Survival card: strictly most species on tundra (p.18).
    pub fn survival_holder(&self) -> Option<Animal> {
        let mut counts = [0u32; 6];
        for (h, t) in self.earth.tiles() {
            if t == Terrain::Tundra {
                for (i, c) in counts.iter_mut().enumerate() {
                    *c += self.earth.species(h, i) as u32;
                }
            }
        }
        let best = counts.iter().copied().max().unwrap_or(0);
        if best == 0 || counts.iter().filter(|&&c| c == best).count() > 1 {
            return None;
        }
        Animal::from_index(counts.iter().position(|&c| c == best)?)
    }

    /// True when no animal has a species on earth or in its gene pool: no
    /// tile can ever be dominated again, so no card — and never the Ice Age —
    /// can be taken. The rulebook assumes this never happens; the engine then
    /// ends the game with final scoring instead of looping forever (engine ruling).
    pub fn stalemate(&self) -> bool {
        self.animals_in_play().all(|a| {
            self.animals[a.index()].gene_pool == 0 && self.earth.species_total(a.index()) == 0
        })
    }

    fn survival(&mut self, ev: &mut Vec<Event>) {
        let holder = self.survival_holder();
        if holder != self.survival {
            ev.push(Event::SurvivalCard { holder });
        }
        self.survival = holder;
        if let Some(a) = holder {
            let occupied = self
                .earth
                .tiles()
                .filter(|&(h, t)| t == Terrain::Tundra && self.earth.species(h, a.index()) > 0)
                .count() as u32;
            self.gain_vp(a, bonus_vp(occupied), VpReason::Survival, ev);
        }
    }

    /// Reseed (p.20, order as in the second transcription; reference §5.7).
    fn reseed(&mut self, ev: &mut Vec<Event>) {
        for slot in 0..5 {
            if self.available[slot].is_none() {
                if let Some(c) = self.deck.draw() {
                    self.available[slot] = Some(c);
                    ev.push(Event::CardDealt { card: c });
                }
            }
        }
        // Glaciation queue slides one space left into empty spaces (reference A6).
        for s in 11..14 {
            if self.spaces[s - 1].is_none() {
                self.spaces[s - 1] = self.spaces[s].take();
            }
        }
        for e in 0..6 {
            for _ in 0..self.regression_box[e] + self.depletion_box[e] + self.wanderlust[e] {
                self.bag.put(e);
            }
        }
        self.depletion_box = self.wasteland_box;
        self.wasteland_box = self.abundance;
        self.regression_box = self.adaptation;
        self.adaptation = [0; 6];
        self.abundance = [0; 6];
        self.wanderlust = [0; 6];
        self.fill_display_squares();
        for i in 0..3 {
            self.face_up[i] = !self.stacks[i].is_empty();
        }
        self.turn += 1;
        self.dominated = 0;
        self.plan_next = 0;
        self.step = Step::Planning;
        ev.push(Event::TurnBegan { turn: self.turn });
        ev.push(Event::PhaseBegan {
            phase: PhaseName::Planning,
        });
    }

    // ----- legal choices ---------------------------------------------------

    /// Appends every legal choice for the pending decision.
    pub fn legal(&self, out: &mut Vec<Choice>) {
        match self.pending {
            Pending::None => {}
            Pending::Plan(_) => {
                // The most frequent decision by far: a tight loop, one reservation.
                out.reserve(SPACES);
                for (i, s) in self.spaces.iter().enumerate() {
                    if s.is_none() {
                        out.push(Choice::Place(Space(i as u8)));
                    }
                }
            }
            Pending::Initiative(_) => {
                for s in Space::all().skip(1) {
                    if self.spaces[s.0 as usize].is_none() {
                        out.push(Choice::Place(s));
                    }
                }
                out.push(Choice::Skip);
            }
            Pending::Adapt(a) => {
                if self.element_total(a) < 6 {
                    push_elements(&self.adaptation, out);
                }
                out.push(Choice::Skip);
            }
            Pending::Regress { animal, saved, .. } => {
                let t = self.threatened(animal) & !saved;
                for e in Element::ALL {
                    if t & (1 << e.index()) != 0 {
                        out.push(Choice::Element(e));
                    }
                }
            }
            Pending::AbundanceElement(_) => {
                if self.vacant_corners().next().is_some() {
                    push_elements(&self.abundance, out);
                }
                out.push(Choice::Skip);
            }
            Pending::AbundanceCorner(..) => {
                out.extend(self.vacant_corners().map(|c| Choice::Corner(corner(c))));
            }
            Pending::Wasteland(_) => {
                push_elements(&self.wasteland_box, out);
                out.push(Choice::Skip);
            }
            Pending::Depletion(_) => {
                for (c, e) in self.earth.elements() {
                    if self.depletion_box[e as usize] > 0 {
                        out.push(Choice::Corner(corner(c)));
                    }
                }
                out.push(Choice::Skip);
            }
            Pending::Glaciate { card, .. } => {
                if self.tundra_left > 0 {
                    out.extend(self.glaciation_targets().map(|h| Choice::Tile(hex(h))));
                }
                if !card {
                    out.push(Choice::Skip);
                }
            }
            Pending::SpeciationCorner(a, e) => {
                if self.animals[a.index()].gene_pool > 0 {
                    for (c, x) in self.earth.elements() {
                        if x as usize == e.index() {
                            out.push(Choice::Corner(corner(c)));
                        }
                    }
                }
                out.push(Choice::Skip);
            }
            Pending::SpeciationCount {
                animal,
                corner,
                tile,
            } => {
                if let Some(h) = self.earth.tiles_at(corner).nth(tile as usize) {
                    let t = self.terrain(h).unwrap_or(Terrain::Tundra);
                    let max = speciation_limit(t).min(self.animals[animal.index()].gene_pool);
                    out.extend((0..=max).map(Choice::Count));
                }
            }
            Pending::InsectSpecies => {
                out.extend(self.tile_ids().map(|h| Choice::Tile(hex(h))));
                out.push(Choice::Skip);
            }
            Pending::WanderStack(_) => {
                if self.wanderlust_targets().next().is_some() {
                    for i in 0..3u8 {
                        if self.face_up[i as usize] && !self.stacks[i as usize].is_empty() {
                            out.push(Choice::Stack(i));
                        }
                    }
                }
                out.push(Choice::Skip);
            }
            Pending::WanderHex(..) => {
                out.extend(self.wanderlust_targets().map(|h| Choice::Tile(hex(h))));
            }
            Pending::WanderElement(_, h) => {
                if grid()
                    .corners_of(h)
                    .iter()
                    .any(|&c| self.earth.corner_vacant(c))
                {
                    push_elements(&self.wanderlust, out);
                }
                out.push(Choice::Skip);
            }
            Pending::WanderCorner(_, h, _) => {
                for c in grid().corners_of(h) {
                    if self.earth.corner_vacant(c) {
                        out.push(Choice::Corner(corner(c)));
                    }
                }
            }
            Pending::WanderMove { mover, hex: h, .. } => {
                for n in self.earth.adjacent_tiles(h) {
                    if self.earth.species(n, mover.index()) > 0 {
                        out.push(Choice::Move {
                            animal: mover,
                            from: hex(n),
                            to: hex(h),
                        });
                    }
                }
                out.push(Choice::Done);
            }
            Pending::Migrate { animal, left } => {
                if left > 0 {
                    self.migration_moves(animal, out);
                }
                out.push(Choice::Done);
            }
            Pending::CompeteFree => {
                let a = Animal::Arachnids;
                for h in self.tile_ids() {
                    if self.earth.species(h, a.index()) > 0 {
                        push_victims(self, h, a, out);
                    }
                }
                out.push(Choice::Skip);
            }
            Pending::Compete {
                animal,
                space,
                terrains,
            } => {
                let ts = space.competition_terrains().unwrap_or([Terrain::Tundra; 3]);
                for h in self.tile_ids() {
                    let t = self.terrain(h);
                    let ok = (0..3).any(|i| terrains & (1 << i) != 0 && Some(ts[i]) == t);
                    if ok && self.earth.species(h, animal.index()) > 0 {
                        push_victims(self, h, animal, out);
                    }
                }
                out.push(Choice::Done);
            }
            Pending::Dominate(_) => {
                for h in self.tile_ids() {
                    if self.dominated & (1u64 << h.0) == 0 {
                        out.push(Choice::Tile(hex(h)));
                    }
                }
                out.push(Choice::Skip);
            }
            Pending::ChooseCard { .. } => {
                out.extend(self.available.iter().flatten().map(|&c| Choice::Card(c)));
            }
            Pending::MammalSave => {
                out.extend(self.mammal_save_targets().map(|h| Choice::Tile(hex(h))));
                // "may automatically save" (p.20): saving none is a choice too.
                out.push(Choice::Skip);
            }
            Pending::Card(step) => self.card_legal(step, out),
        }
    }

    fn migration_moves(&self, a: Animal, out: &mut Vec<Choice>) {
        for from in self.tile_ids() {
            let k = self.earth.species(from, a.index());
            if k <= self.arrived[from.0 as usize] {
                continue;
            }
            let mut seen = 0u64;
            for n in self.earth.adjacent_tiles(from) {
                seen |= 1 << n.0;
                if a == Animal::Birds {
                    // Birds: through an adjacent tile onto a second tile (p.15).
                    for m in self.earth.adjacent_tiles(n) {
                        if m != from {
                            seen |= 1 << m.0;
                        }
                    }
                }
            }
            for i in 0..HEXES as u8 {
                if seen & (1 << i) != 0 {
                    out.push(Choice::Move {
                        animal: a,
                        from: hex(from),
                        to: hex(HexId(i)),
                    });
                }
            }
        }
    }

    // ----- applying a choice ----------------------------------------------

    /// Applies a legal choice; anything else is refused with the rule.
    pub fn apply(&mut self, c: Choice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.step == Step::Over && self.pending == Pending::None {
            return Err(RuleError::GameOver);
        }
        let ok = match (self.pending, c) {
            // Fast path for the most frequent decision: any vacant eyeball space (p.9).
            (Pending::Plan(_), Choice::Place(sp)) => {
                self.spaces.get(sp.0 as usize).is_some_and(|x| x.is_none())
            }
            (Pending::Plan(_), _) => false,
            _ => self.is_legal(c),
        };
        if !ok {
            return Err(RuleError::Illegal {
                choice: crate::describe::choice_text(self, c),
                rule: crate::describe::rule_text(self),
            });
        }
        self.resolve(c, ev);
        self.advance(ev);
        Ok(())
    }

    /// Applies a choice that [`State::legal`] listed for this state, without
    /// generating the legal choices again to check it (for search bots; see
    /// `Game::apply_listed`). Debug builds still check.
    pub fn apply_listed(&mut self, c: Choice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.step == Step::Over && self.pending == Pending::None {
            return Err(RuleError::GameOver);
        }
        debug_assert!(self.is_legal(c), "apply_listed: {c:?} is not legal");
        self.resolve(c, ev);
        self.advance(ev);
        Ok(())
    }

    /// True when `c` is one of the legal choices now.
    pub fn is_legal(&self, c: Choice) -> bool {
        LEGAL.with(|l| {
            let mut l = l.borrow_mut();
            l.clear();
            self.legal(&mut l);
            l.contains(&c)
        })
    }

    /// Resolves a choice already known to be legal.
    fn resolve(&mut self, c: Choice, ev: &mut Vec<Event>) {
        let pending = self.pending;
        self.pending = Pending::None;
        match (pending, c) {
            (Pending::Plan(a), Choice::Place(s)) => {
                self.spaces[s.0 as usize] = Some(a);
                self.animals[a.index()].supply -= 1;
                self.plan_next = (self.plan_next + 1) % self.initiative_len;
                ev.push(Event::ApPlaced {
                    animal: a,
                    space: s,
                });
            }
            (Pending::Initiative(a), Choice::Place(s)) => {
                self.move_ahead_in_initiative(a, ev);
                self.spaces[s.0 as usize] = Some(a);
                ev.push(Event::ApPlaced {
                    animal: a,
                    space: s,
                });
            }
            (Pending::Initiative(a), Choice::Skip) => {
                self.animals[a.index()].supply += 1;
                self.forfeit(a, Section::Initiative, ev);
            }
            (Pending::Adapt(a), Choice::Element(e)) => {
                self.adaptation[e.index()] -= 1;
                self.animals[a.index()].added[e.index()] += 1;
                ev.push(Event::ElementToDisplay {
                    animal: a,
                    element: e,
                });
            }
            (
                Pending::Regress {
                    animal,
                    left,
                    saved,
                },
                Choice::Element(e),
            ) => {
                let saved = saved | (1 << e.index());
                if left > 1 && (self.threatened(animal) & !saved) != 0 {
                    self.pending = Pending::Regress {
                        animal,
                        left: left - 1,
                        saved,
                    };
                } else {
                    let lose = self.threatened(animal) & !saved;
                    self.regress_losses(animal, lose, ev);
                }
            }
            (Pending::AbundanceElement(a), Choice::Element(e)) => {
                self.pending = Pending::AbundanceCorner(a, e);
            }
            (Pending::AbundanceCorner(_, e), Choice::Corner(c)) => {
                if let Some(c) = grid().corner_id(c) {
                    self.abundance[e.index()] -= 1;
                    self.element_to_earth(e, c, ev);
                }
            }
            (Pending::Wasteland(_), Choice::Element(e)) => {
                self.wasteland_box[e.index()] -= 1;
                self.bag.put(e.index());
                ev.push(Event::ElementFromBox {
                    element: e,
                    section: Section::Wasteland,
                });
            }
            (Pending::Depletion(_), Choice::Corner(c)) => {
                if let Some(c) = grid().corner_id(c) {
                    self.element_from_earth(c, ev);
                }
            }
            (Pending::Glaciate { animal, .. }, Choice::Tile(h)) => {
                if let Some(h) = board_id(h) {
                    self.glaciate(animal, h, ev);
                }
            }
            (Pending::SpeciationCorner(a, _), Choice::Corner(c)) => {
                if let Some(c) = grid().corner_id(c) {
                    self.pending = Pending::SpeciationCount {
                        animal: a,
                        corner: c,
                        tile: 0,
                    };
                }
            }
            (
                Pending::SpeciationCount {
                    animal,
                    corner,
                    tile,
                },
                Choice::Count(n),
            ) => {
                let h = self.earth.tiles_at(corner).nth(tile as usize);
                if let Some(h) = h {
                    self.add_species(animal, h, n, ev);
                }
                let more = self.earth.tiles_at(corner).count() > tile as usize + 1;
                if more && self.animals[animal.index()].gene_pool > 0 {
                    self.pending = Pending::SpeciationCount {
                        animal,
                        corner,
                        tile: tile + 1,
                    };
                }
            }
            (Pending::InsectSpecies, Choice::Tile(h)) => {
                if let Some(h) = board_id(h) {
                    self.add_species(Animal::Insects, h, 1, ev);
                }
            }
            (Pending::WanderStack(a), Choice::Stack(i)) => {
                self.pending = Pending::WanderHex(a, i);
            }
            (Pending::WanderHex(a, i), Choice::Tile(h)) => {
                let (Some(id), Some(t)) = (board_id(h), self.stacks[i as usize].draw()) else {
                    return;
                };
                self.face_up[i as usize] = false;
                self.earth.set_tile(id, Some(t));
                ev.push(Event::TilePlaced { hex: h, terrain: t });
                self.pending = Pending::WanderElement(a, id);
            }
            (Pending::WanderElement(a, h), Choice::Element(e)) => {
                self.pending = Pending::WanderCorner(a, h, e);
            }
            (Pending::WanderElement(a, h), Choice::Skip) => self.wander_bonus(a, h, ev),
            (Pending::WanderCorner(a, h, e), Choice::Corner(c)) => {
                if let Some(c) = grid().corner_id(c) {
                    self.wanderlust[e.index()] -= 1;
                    self.element_to_earth(e, c, ev);
                }
                self.wander_bonus(a, h, ev);
            }
            (
                Pending::WanderMove {
                    actor,
                    mover,
                    hex: h,
                },
                Choice::Move { from, .. },
            ) => {
                if let Some(from) = board_id(from) {
                    self.move_species(mover, from, h, ev);
                }
                self.pending = Pending::WanderMove {
                    actor,
                    mover,
                    hex: h,
                };
            }
            (
                Pending::WanderMove {
                    actor,
                    mover,
                    hex: h,
                },
                Choice::Done,
            ) => {
                self.next_wander_mover(actor, Some(mover), h);
            }
            (Pending::Migrate { animal, left }, Choice::Move { from, to, .. }) => {
                if let (Some(f), Some(t)) = (board_id(from), board_id(to)) {
                    self.move_species(animal, f, t, ev);
                    self.arrived[t.0 as usize] += 1;
                }
                self.pending = Pending::Migrate {
                    animal,
                    left: left - 1,
                };
            }
            (Pending::CompeteFree, Choice::Species { hex: h, animal }) => {
                if let Some(h) = board_id(h) {
                    self.eliminate(animal, h, 1, ev);
                }
            }
            (
                Pending::Compete {
                    animal,
                    space,
                    terrains,
                },
                Choice::Species {
                    hex: h,
                    animal: victim,
                },
            ) => {
                if let Some(id) = board_id(h) {
                    let t = self.terrain(id);
                    let ts = space.competition_terrains().unwrap_or([Terrain::Tundra; 3]);
                    let i = (0..3)
                        .find(|&i| terrains & (1 << i) != 0 && Some(ts[i]) == t)
                        .unwrap_or(0);
                    self.eliminate(victim, id, 1, ev);
                    let terrains = terrains & !(1 << i);
                    if terrains != 0 {
                        self.pending = Pending::Compete {
                            animal,
                            space,
                            terrains,
                        };
                    }
                }
            }
            (Pending::Dominate(_), Choice::Tile(h)) => {
                if let Some(id) = board_id(h) {
                    self.dominated |= 1u64 << id.0;
                    self.score_tile(id, false, ev);
                    let any_card = self.available.iter().any(|c| c.is_some());
                    if let (Some(d), true) = (self.dominant(id), any_card) {
                        let first = self.terrain(id).map_or(0, |t| tile_scores(t)[0]) as u8;
                        self.pending = Pending::ChooseCard { animal: d, first };
                    }
                }
            }
            (Pending::ChooseCard { animal, first }, Choice::Card(card)) => {
                if let Some(slot) = self.available.iter_mut().find(|s| **s == Some(card)) {
                    *slot = None;
                }
                self.played.push(card);
                ev.push(Event::CardTaken { animal, card });
                self.start_card(animal, card, first, ev);
            }
            (Pending::MammalSave, Choice::Tile(h)) => {
                self.extinction(board_id(h), ev);
            }
            (Pending::MammalSave, Choice::Skip) => self.extinction(None, ev),
            (Pending::Card(step), c) => self.card_resolve(step, c, ev),
            (p, Choice::Skip) => {
                if let Some(a) = decider_of(p) {
                    self.forfeit(a, crate::describe::pending_section(p), ev);
                }
            }
            _ => {}
        }
    }

    /// Swaps `a`'s initiative marker with the one directly to its left; no
    /// effect when `a` is already first (Initiative p.10, Nocturnal p.19).
    pub(crate) fn move_ahead_in_initiative(&mut self, a: Animal, ev: &mut Vec<Event>) {
        let order = &mut self.initiative[..self.initiative_len as usize];
        if let Some(i) = order.iter().position(|&x| x == a) {
            if i > 0 {
                let passed = order[i - 1];
                order.swap(i - 1, i);
                ev.push(Event::InitiativeSwapped { animal: a, passed });
            }
        }
    }

    fn forfeit(&mut self, a: Animal, section: Section, ev: &mut Vec<Event>) {
        ev.push(Event::Forfeited { animal: a, section });
    }

    fn wander_bonus(&mut self, a: Animal, h: HexId, ev: &mut Vec<Event>) {
        let adj = self.earth.adjacent_tiles(h).count() as u32;
        self.gain_vp(a, bonus_vp(adj), VpReason::Wanderlust, ev);
        self.next_wander_mover(a, None, h);
    }

    /// Sets the next animal (food-chain order) that may move onto the new tile.
    fn next_wander_mover(&mut self, actor: Animal, after: Option<Animal>, h: HexId) {
        let start = after.map_or(0, |m| m.index() + 1);
        for a in Animal::ALL.into_iter().skip(start) {
            if self.in_play(a)
                && self
                    .earth
                    .adjacent_tiles(h)
                    .any(|n| self.earth.species(n, a.index()) > 0)
            {
                self.pending = Pending::WanderMove {
                    actor,
                    mover: a,
                    hex: h,
                };
                return;
            }
        }
    }
}

fn push_elements(counts: &[u8; 6], out: &mut Vec<Choice>) {
    for e in Element::ALL {
        if counts[e.index()] > 0 {
            out.push(Choice::Element(e));
        }
    }
}

/// Victims on `h` for `actor`: every other animal with species there.
fn push_victims(s: &State, h: HexId, actor: Animal, out: &mut Vec<Choice>) {
    for v in Animal::ALL {
        if v != actor && s.earth.species(h, v.index()) > 0 {
            out.push(Choice::Species {
                hex: hex(h),
                animal: v,
            });
        }
    }
}
