//! The small changes every rule is made of: VPs, species, elements, APs and
//! initiative, each with the event it logs. Actions, cards and phases call
//! these; they decide nothing themselves.

use crate::data::{tile_scores, Animal, Element};
use crate::queries::{corner, hex};
use crate::space::Section;
use crate::state::{Event, State, VpCause};
use eons_core::{CornerId, HexId};

impl State {
    /// Gains `vp` VPs for `reason` (logged only when positive).
    pub(crate) fn gain_vp(&mut self, a: Animal, vp: u32, reason: VpCause, ev: &mut Vec<Event>) {
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
                terrain: self.terrain(h),
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
                terrain: self.terrain(h),
                count: k,
            });
        }
        k
    }

    /// Moves one species of `a` from one tile to another.
    pub(crate) fn move_species(&mut self, a: Animal, from: HexId, to: HexId, ev: &mut Vec<Event>) {
        if self.earth.remove_species(from, a.index(), 1) == 1 {
            self.earth.add_species(to, a.index(), 1);
            ev.push(Event::SpeciesMoved {
                animal: a,
                from: hex(from),
                from_terrain: self.terrain(from),
                to: hex(to),
                to_terrain: self.terrain(to),
            });
        }
    }

    /// Puts an element on a corner of earth.
    pub(crate) fn element_to_earth(&mut self, e: Element, c: CornerId, ev: &mut Vec<Event>) {
        self.earth.set_element(c, Some(e.index() as u8));
        ev.push(Event::ElementToEarth {
            element: e,
            corner: corner(c),
        });
    }

    /// Returns the element on a corner of earth (if any) to the bag.
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

    /// Returns one added element of an animal's display to the bag.
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

    /// An AP from the box to the supply, when the box has one (p.19).
    pub(crate) fn gain_ap(&mut self, a: Animal, ev: &mut Vec<Event>) {
        let st = &mut self.animals[a.index()];
        if st.in_play && st.boxed > 0 {
            st.boxed -= 1;
            st.supply += 1;
            ev.push(Event::ApGained { animal: a });
        }
    }

    /// Logs that `a` forfeits its action in `section` (p.9).
    pub(crate) fn forfeit(&mut self, a: Animal, section: Section, ev: &mut Vec<Event>) {
        ev.push(Event::Forfeited { animal: a, section });
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

    /// Scores a tile with the Tile Scoring table (p.16); `final_scoring` for p.20.
    pub(crate) fn score_tile(&mut self, h: HexId, final_scoring: bool, ev: &mut Vec<Event>) {
        let Some(t) = self.terrain(h) else { return };
        let mut order = [0usize; 6];
        let n = self.earth.ranking(h, &mut order);
        for (place, &v) in tile_scores(t).iter().enumerate().take(n) {
            let a = Animal::ALL[order[place]];
            let reason = if final_scoring {
                VpCause::Final(hex(h), t, place as u8 + 1)
            } else {
                VpCause::Tile(hex(h), t, place as u8 + 1)
            };
            self.gain_vp(a, v, reason, ev);
        }
    }

    /// Draws 4 elements each into Adaptation, Abundance and Wanderlust, in that
    /// order, while the bag lasts (p.4, p.20; reference A14).
    pub(crate) fn fill_display_squares(&mut self) {
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
}
