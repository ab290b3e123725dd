//! The 26 Dominance cards (p.18–19; effect texts from reference §6.3), one
//! start function per card plus the decisions some of them need. Rulings the
//! reference recommends where the text is silent are named in each comment.

use crate::data::*;
use crate::engine::board_id;
use crate::state::*;
use eons_core::{bonus_vp, CornerId, HexId};
use eons_earth::{grid, HEXES};

fn hex(id: HexId) -> eons_core::Hex {
    grid().hex(id)
}

fn lowest(mask: u64) -> Option<HexId> {
    (mask != 0).then(|| HexId(mask.trailing_zeros() as u8))
}

fn is_aquatic(t: Option<Terrain>) -> bool {
    // A tundra-covered sea is tundra, not sea (p.13; reference §8 item 8).
    matches!(t, Some(Terrain::Sea | Terrain::Wetland))
}

impl State {
    fn aquatic_corners(&self) -> impl Iterator<Item = CornerId> + '_ {
        self.vacant_corners()
            .filter(|&c| self.earth.tiles_at(c).any(|h| is_aquatic(self.terrain(h))))
    }

    fn gain_ap(&mut self, a: Animal, ev: &mut Vec<Event>) {
        let st = &mut self.animals[a.index()];
        if st.in_play && st.boxed > 0 {
            st.boxed -= 1;
            st.supply += 1;
            ev.push(Event::ApGained { animal: a });
        }
    }

    /// Resolves a card just taken by `taker`; `first` is the 1st-place value
    /// of the tile whose scoring gave it (Niche Biomes).
    pub(crate) fn start_card(&mut self, taker: Animal, card: Card, first: u8, ev: &mut Vec<Event>) {
        use CardStep as C;
        let ti = taker.index();
        let reason = VpReason::Card(card);
        let step = match card {
            // Aquatic: reference A10 — the species part stands even when the element part is forfeit.
            Card::Aquatic => {
                if !self.bag.is_empty() && self.aquatic_corners().next().is_some() {
                    Some(C::AquaticElement { taker })
                } else {
                    Some(C::AquaticTile {
                        taker,
                        corner: None,
                    })
                }
            }
            Card::Biodiversity => {
                let n = self
                    .tile_ids()
                    .filter(|&h| self.earth.species(h, ti) > 0 && self.earth.has_opposing(h, ti))
                    .count() as u32;
                self.gain_vp(taker, n, reason, ev);
                None
            }
            // Biomass: overcrowded = more species than element disks (reference A19);
            // the set is fixed before any elimination.
            Card::Biomass => {
                let mut tiles = 0u64;
                for h in self.tile_ids() {
                    if self.earth.total_species(h) > self.earth.element_count_on(h) {
                        tiles |= 1 << h.0;
                    }
                }
                Some(C::BiomassVictim { taker, tiles })
            }
            Card::Blight => Some(C::BlightTile { taker }),
            Card::Catastrophe => Some(C::CatastropheTile { taker }),
            // Cold Snap: only the taking animal is spared (reference A3).
            Card::ColdSnap => {
                let tiles: Vec<HexId> = self.tile_ids().collect();
                for h in tiles {
                    if self.terrain(h) != Some(Terrain::Tundra) {
                        continue;
                    }
                    for a in Animal::ALL {
                        if a != taker && self.in_play(a) {
                            self.eliminate(a, h, 1, ev);
                        }
                    }
                }
                None
            }
            // Disease: victims fixed before removal, each chooses, food-chain order (reference A2).
            Card::Disease => {
                let mine = self.element_total(taker);
                let mut victims = 0u8;
                for a in self.animals_in_play() {
                    if self.element_total(a) > mine && self.animals[a.index()].added != [0; 6] {
                        victims |= 1 << a.index();
                    }
                }
                Some(C::DiseaseLose { taker, victims })
            }
            // Ecodiversity: 1 VP per disk on earth of a type on your display, types once (p.18, A20).
            Card::Ecodiversity => {
                let d = self.display(taker);
                let totals = self.earth.element_totals();
                let n: u32 = (0..6).filter(|&e| d[e] > 0).map(|e| totals[e] as u32).sum();
                self.gain_vp(taker, n, reason, ev);
                None
            }
            Card::Evolution => Some(C::EvolutionReplace { taker, used: 0 }),
            Card::Fecundity => {
                let mut tiles = 0u64;
                for h in self.tile_ids() {
                    if self.earth.species(h, ti) > 0 {
                        tiles |= 1 << h.0;
                    }
                }
                if (tiles.count_ones() as u8) <= self.animals[ti].gene_pool {
                    for i in 0..HEXES as u8 {
                        if tiles & (1 << i) != 0 {
                            self.add_species(taker, HexId(i), 1, ev);
                        }
                    }
                    None
                } else {
                    Some(C::FecundityTile { taker, tiles })
                }
            }
            Card::Fertile => Some(C::FertileTile { taker }),
            Card::Habitat => Some(C::HabitatElement { taker }),
            Card::Hibernation => Some(C::HibernationTile { taker }),
            // Ice Age: every animal scores bonus VPs for tiles it dominates (reference A21).
            Card::IceAge => {
                self.ice_age = true;
                let mut counts = [0u32; 6];
                for h in self.tile_ids() {
                    if let Some(d) = self.dominant(h) {
                        counts[d.index()] += 1;
                    }
                }
                for a in Animal::ALL {
                    self.gain_vp(a, bonus_vp(counts[a.index()]), reason, ev);
                }
                None
            }
            Card::IceSheet => {
                self.pending = Pending::Glaciate {
                    animal: taker,
                    card: true,
                };
                None
            }
            Card::Immigrants => self.animals_in_play().next().map(|a| C::ImmigrantsChoice {
                taker,
                next: a.index() as u8,
            }),
            Card::Instinct => Some(C::InstinctSpace { taker }),
            Card::Intelligence => {
                for a in Animal::ALL.into_iter().take(ti + 1) {
                    self.gain_ap(a, ev);
                }
                None
            }
            Card::MassExodus => Some(C::MassExodusTile { taker }),
            Card::Metamorphosis => Some(C::MetamorphosisGive { taker }),
            Card::NicheBiomes => {
                let mine = self.animals[ti].vp;
                for a in Animal::ALL {
                    let st = &mut self.animals[a.index()];
                    if st.in_play && st.vp > mine {
                        let lost = (first as u32).min(st.vp);
                        st.vp -= lost;
                        if lost > 0 {
                            ev.push(Event::VpLost {
                                animal: a,
                                vp: lost,
                                card,
                            });
                        }
                    }
                }
                None
            }
            Card::Nocturnal => {
                self.move_ahead_in_initiative(taker, ev);
                None
            }
            Card::Omnivore => {
                self.gain_ap(taker, ev);
                None
            }
            Card::Parasitism => {
                for a in Animal::ALL.into_iter().skip(ti) {
                    self.gain_ap(a, ev);
                }
                None
            }
            Card::Predator => {
                let mut tiles = 0u64;
                for h in self.tile_ids() {
                    if self.earth.species(h, ti) > 0 && self.earth.has_opposing(h, ti) {
                        tiles |= 1 << h.0;
                    }
                }
                Some(C::PredatorVictim { taker, tiles })
            }
            // Symbiotic: compare before drawing; taker first, then food-chain order (reference §6.3).
            Card::Symbiotic => {
                let mine = self.element_total(taker);
                let mut who = vec![taker];
                who.extend(
                    self.animals_in_play()
                        .filter(|&a| a != taker && self.element_total(a) < mine),
                );
                for a in who {
                    if self.element_total(a) >= 6 {
                        continue;
                    }
                    if let Some(e) = self.bag.draw(&mut self.rng) {
                        self.animals[a.index()].added[e] += 1;
                        ev.push(Event::ElementToDisplay {
                            animal: a,
                            element: Element::ALL[e],
                        });
                    }
                }
                None
            }
        };
        if let Some(step) = step {
            self.pending = Pending::Card(step);
        }
    }

    /// Legal choices inside a card.
    pub(crate) fn card_legal(&self, step: CardStep, out: &mut Vec<Choice>) {
        use CardStep as C;
        let tile = |h: HexId| Choice::Tile(hex(h));
        match step {
            C::AquaticElement { .. } | C::HabitatElement { .. } => {
                let needs_corner = match step {
                    C::AquaticElement { .. } => self.aquatic_corners().next().is_some(),
                    _ => self.vacant_corners().next().is_some(),
                };
                if needs_corner {
                    for e in Element::ALL {
                        if self.bag.count(e.index()) > 0 {
                            out.push(Choice::Element(e));
                        }
                    }
                }
            }
            C::AquaticCorner { .. } => {
                out.extend(
                    self.aquatic_corners()
                        .map(|c| Choice::Corner(grid().corner(c))),
                );
            }
            C::AquaticTile { taker, corner } => {
                if self.animals[taker.index()].gene_pool > 0 {
                    for h in self.tile_ids() {
                        let touches = corner.is_none_or(|c| self.earth.tiles_at(c).any(|x| x == h));
                        if touches && is_aquatic(self.terrain(h)) {
                            out.push(tile(h));
                        }
                    }
                }
                out.push(Choice::Skip);
            }
            C::AquaticCount { taker, .. } => {
                let max = 4.min(self.animals[taker.index()].gene_pool);
                out.extend((0..=max).map(Choice::Count));
            }
            C::BiomassVictim { tiles, .. } => {
                if let Some(h) = lowest(tiles) {
                    for a in Animal::ALL {
                        if self.earth.species(h, a.index()) > 0 {
                            out.push(Choice::Species {
                                hex: hex(h),
                                animal: a,
                            });
                        }
                    }
                }
            }
            C::BlightTile { .. } => {
                for h in self.tile_ids() {
                    if self.earth.element_count_on(h) >= 2 {
                        out.push(tile(h));
                    }
                }
            }
            C::BlightKeep { hex: h, .. } => {
                for c in grid().corners_of(h) {
                    if self.earth.element(c).is_some() {
                        out.push(Choice::Corner(grid().corner(c)));
                    }
                }
            }
            C::CatastropheTile { .. } => out.extend(self.tile_ids().map(tile)),
            C::CatastropheSurvivor { hex: h, .. } => {
                for a in Animal::ALL {
                    if self.earth.species(h, a.index()) > 0 {
                        out.push(Choice::Species {
                            hex: hex(h),
                            animal: a,
                        });
                    }
                }
            }
            C::CatastropheAdjacent { tiles, .. } | C::PredatorVictim { tiles, .. } => {
                let spare = match step {
                    C::PredatorVictim { taker, .. } => Some(taker),
                    _ => None,
                };
                if let Some(h) = lowest(tiles) {
                    for a in Animal::ALL {
                        if Some(a) != spare && self.earth.species(h, a.index()) > 0 {
                            out.push(Choice::Species {
                                hex: hex(h),
                                animal: a,
                            });
                        }
                    }
                }
            }
            C::DiseaseLose { victims, .. } => {
                if let Some(a) = Animal::from_index(victims.trailing_zeros() as usize) {
                    push_added(self, a, out);
                }
            }
            C::EvolutionReplace { taker, used } => {
                if self.animals[taker.index()].gene_pool > 0 && used.count_ones() < 2 {
                    for h in self.tile_ids() {
                        for a in Animal::ALL {
                            if a != taker
                                && used & (1 << a.index()) == 0
                                && self.earth.species(h, a.index()) > 0
                            {
                                out.push(Choice::Species {
                                    hex: hex(h),
                                    animal: a,
                                });
                            }
                        }
                    }
                }
                out.push(Choice::Done);
            }
            C::FecundityTile { taker, tiles } => {
                if self.animals[taker.index()].gene_pool > 0 {
                    for i in 0..HEXES as u8 {
                        if tiles & (1 << i) != 0 {
                            out.push(tile(HexId(i)));
                        }
                    }
                }
            }
            C::FertileTile { taker } => {
                for h in self.tile_ids() {
                    if self.earth.species(h, taker.index()) > 0 {
                        out.push(tile(h));
                    }
                }
            }
            C::HabitatCorner { .. } => {
                out.extend(
                    self.vacant_corners()
                        .map(|c| Choice::Corner(grid().corner(c))),
                );
            }
            C::HibernationTile { taker } => {
                if self.animals[taker.index()].eliminated > 0 {
                    out.extend(self.tile_ids().map(tile));
                }
                out.push(Choice::Skip);
            }
            C::HibernationCount { taker, .. } => {
                let max = 5.min(self.animals[taker.index()].eliminated);
                out.extend((0..=max).map(Choice::Count));
            }
            C::ImmigrantsChoice { next, .. } => {
                if let Some(a) = Animal::from_index(next as usize) {
                    push_added(self, a, out);
                    if self.animals[a.index()].supply > 0 {
                        out.push(Choice::LoseAp);
                    }
                    out.push(Choice::ThinOut);
                }
            }
            C::InstinctSpace { taker } => {
                if self.animals[taker.index()].supply > 0 {
                    for s in crate::space::Space::all() {
                        if self.spaces[s.0 as usize].is_none() {
                            out.push(Choice::Place(s));
                        }
                    }
                }
            }
            C::MassExodusTile { .. } => {
                for h in self.tile_ids() {
                    if self.earth.total_species(h) > 0
                        && self.earth.adjacent_tiles(h).next().is_some()
                    {
                        out.push(tile(h));
                    }
                }
            }
            C::MassExodusMove { hex: h, .. } => {
                for a in Animal::ALL {
                    if self.earth.species(h, a.index()) > 0 {
                        for n in self.earth.adjacent_tiles(h) {
                            out.push(Choice::Move {
                                animal: a,
                                from: hex(h),
                                to: hex(n),
                            });
                        }
                    }
                }
            }
            C::MetamorphosisGive { taker } => {
                if !self.bag.is_empty() {
                    push_added(self, taker, out);
                }
            }
            C::MetamorphosisTake { .. } => {
                for e in Element::ALL {
                    if self.bag.count(e.index()) > 0 {
                        out.push(Choice::Element(e));
                    }
                }
            }
        }
    }

    /// Resolves a choice inside a card (already known to be legal).
    pub(crate) fn card_resolve(&mut self, step: CardStep, c: Choice, ev: &mut Vec<Event>) {
        use CardStep as C;
        let next = match (step, c) {
            (C::AquaticElement { taker }, Choice::Element(e)) => {
                Some(C::AquaticCorner { taker, element: e })
            }
            (C::AquaticElement { taker }, Choice::Skip) => Some(C::AquaticTile {
                taker,
                corner: None,
            }),
            (C::AquaticCorner { taker, element }, Choice::Corner(corner)) => {
                let c = grid().corner_id(corner);
                if let Some(c) = c {
                    self.bag.take(element.index());
                    self.element_to_earth(element, c, ev);
                    let mut aquatic = self
                        .earth
                        .tiles_at(c)
                        .filter(|&h| is_aquatic(self.terrain(h)));
                    let first = aquatic.next();
                    let second = aquatic.next();
                    match (first, second) {
                        (Some(h), None) if self.animals[taker.index()].gene_pool > 0 => {
                            Some(C::AquaticCount { taker, hex: h })
                        }
                        (Some(_), Some(_)) => Some(C::AquaticTile {
                            taker,
                            corner: c.into(),
                        }),
                        _ => None,
                    }
                } else {
                    None
                }
            }
            (C::AquaticTile { taker, .. }, Choice::Tile(h)) => {
                board_id(h).map(|h| C::AquaticCount { taker, hex: h })
            }
            (C::AquaticCount { taker, hex: h }, Choice::Count(n)) => {
                self.add_species(taker, h, n, ev);
                None
            }
            (C::BiomassVictim { taker, tiles }, Choice::Species { hex: h, animal }) => {
                if let Some(id) = board_id(h) {
                    self.eliminate(animal, id, 1, ev);
                    let tiles = tiles & !(1 << id.0);
                    (tiles != 0).then_some(C::BiomassVictim { taker, tiles })
                } else {
                    None
                }
            }
            (C::BlightTile { taker }, Choice::Tile(h)) => {
                board_id(h).map(|h| C::BlightKeep { taker, hex: h })
            }
            (C::BlightKeep { hex: h, .. }, Choice::Corner(keep)) => {
                let keep = grid().corner_id(keep);
                for c in grid().corners_of(h) {
                    if Some(c) != keep {
                        self.element_from_earth(c, ev);
                    }
                }
                None
            }
            (C::CatastropheTile { taker }, Choice::Tile(h)) => board_id(h).map(|id| {
                if self.earth.total_species(id) > 0 {
                    C::CatastropheSurvivor { taker, hex: id }
                } else {
                    C::CatastropheAdjacent {
                        taker,
                        tiles: self.catastrophe_ring(id),
                    }
                }
            }),
            (C::CatastropheSurvivor { taker, hex: id }, Choice::Species { animal, .. }) => {
                for a in Animal::ALL {
                    let n = self.earth.species(id, a.index());
                    let keep = u8::from(a == animal);
                    self.eliminate(a, id, n.saturating_sub(keep), ev);
                }
                Some(C::CatastropheAdjacent {
                    taker,
                    tiles: self.catastrophe_ring(id),
                })
            }
            (C::CatastropheAdjacent { taker, tiles }, Choice::Species { hex: h, animal }) => {
                board_id(h).and_then(|id| {
                    self.eliminate(animal, id, 1, ev);
                    let tiles = tiles & !(1 << id.0);
                    (tiles != 0).then_some(C::CatastropheAdjacent { taker, tiles })
                })
            }
            (C::DiseaseLose { taker, victims }, c) => {
                if let (Choice::Element(e), Some(a)) =
                    (c, Animal::from_index(victims.trailing_zeros() as usize))
                {
                    self.element_from_display(a, e, ev);
                }
                let victims = victims & (victims - 1);
                (victims != 0).then_some(C::DiseaseLose { taker, victims })
            }
            (C::EvolutionReplace { taker, used }, Choice::Species { hex: h, animal }) => {
                board_id(h).map(|id| {
                    self.eliminate(animal, id, 1, ev);
                    self.add_species(taker, id, 1, ev);
                    C::EvolutionReplace {
                        taker,
                        used: used | (1 << animal.index()),
                    }
                })
            }
            (C::FecundityTile { taker, tiles }, Choice::Tile(h)) => board_id(h).and_then(|id| {
                self.add_species(taker, id, 1, ev);
                let tiles = tiles & !(1 << id.0);
                let more = tiles != 0 && self.animals[taker.index()].gene_pool > 0;
                more.then_some(C::FecundityTile { taker, tiles })
            }),
            (C::FertileTile { taker }, Choice::Tile(h)) => {
                if let Some(id) = board_id(h) {
                    let n = self.earth.total_species(id);
                    self.gain_vp(taker, n, VpReason::Card(Card::Fertile), ev);
                }
                None
            }
            (C::HabitatElement { taker }, Choice::Element(e)) => {
                Some(C::HabitatCorner { taker, element: e })
            }
            (C::HabitatCorner { element, .. }, Choice::Corner(corner)) => {
                if let Some(c) = grid().corner_id(corner) {
                    self.bag.take(element.index());
                    self.element_to_earth(element, c, ev);
                }
                None
            }
            (C::HibernationTile { taker }, Choice::Tile(h)) => {
                board_id(h).map(|id| C::HibernationCount { taker, hex: id })
            }
            (C::HibernationCount { taker, hex: id }, Choice::Count(n)) => {
                if n > 0 {
                    let st = &mut self.animals[taker.index()];
                    st.eliminated -= n;
                    self.earth.add_species(id, taker.index(), n);
                    ev.push(Event::SpeciesAdded {
                        animal: taker,
                        hex: hex(id),
                        count: n,
                    });
                    self.hibernated = Some((id, taker, n));
                }
                None
            }
            (C::ImmigrantsChoice { taker, next }, c) => {
                if let Some(a) = Animal::from_index(next as usize) {
                    match c {
                        Choice::Element(e) => self.element_from_display(a, e, ev),
                        Choice::LoseAp => {
                            let st = &mut self.animals[a.index()];
                            st.supply -= 1;
                            st.boxed += 1;
                            ev.push(Event::ApLost { animal: a });
                        }
                        Choice::ThinOut => {
                            let tiles: Vec<HexId> = self.tile_ids().collect();
                            for h in tiles {
                                let n = self.earth.species(h, a.index());
                                if n > 1 {
                                    self.eliminate(a, h, n - 1, ev);
                                }
                            }
                        }
                        _ => {}
                    }
                }
                self.animals_in_play()
                    .find(|b| b.index() > next as usize)
                    .map(|b| C::ImmigrantsChoice {
                        taker,
                        next: b.index() as u8,
                    })
            }
            (C::InstinctSpace { taker }, Choice::Place(s)) => {
                self.animals[taker.index()].supply -= 1;
                self.spaces[s.0 as usize] = Some(taker);
                ev.push(Event::ApPlaced {
                    animal: taker,
                    space: s,
                });
                None
            }
            (C::MassExodusTile { taker }, Choice::Tile(h)) => {
                board_id(h).map(|id| C::MassExodusMove { taker, hex: id })
            }
            (C::MassExodusMove { taker, hex: id }, Choice::Move { animal, to, .. }) => {
                if let Some(to) = board_id(to) {
                    self.move_species(animal, id, to, ev);
                }
                (self.earth.total_species(id) > 0).then_some(C::MassExodusMove { taker, hex: id })
            }
            (C::MetamorphosisGive { taker }, Choice::Element(e)) => {
                self.element_from_display(taker, e, ev);
                Some(C::MetamorphosisTake { taker })
            }
            (C::MetamorphosisTake { taker }, Choice::Element(e)) => {
                if self.bag.take(e.index()) {
                    self.animals[taker.index()].added[e.index()] += 1;
                    ev.push(Event::ElementToDisplay {
                        animal: taker,
                        element: e,
                    });
                }
                None
            }
            (C::PredatorVictim { taker, tiles }, Choice::Species { hex: h, animal }) => board_id(h)
                .and_then(|id| {
                    self.eliminate(animal, id, 1, ev);
                    let tiles = tiles & !(1 << id.0);
                    (tiles != 0).then_some(C::PredatorVictim { taker, tiles })
                }),
            _ => None,
        };
        if let Some(n) = next {
            self.pending = Pending::Card(n);
        }
    }

    /// Adjacent tiles holding species (Catastrophe's second part).
    fn catastrophe_ring(&self, h: HexId) -> u64 {
        let mut m = 0u64;
        for n in self.earth.adjacent_tiles(h) {
            if self.earth.total_species(n) > 0 {
                m |= 1 << n.0;
            }
        }
        m
    }
}

/// Element choices for an animal's added disks (never the defaults).
fn push_added(s: &State, a: Animal, out: &mut Vec<Choice>) {
    for e in Element::ALL {
        if s.animals[a.index()].added[e.index()] > 0 {
            out.push(Choice::Element(e));
        }
    }
}
