//! Changes of state shared by several rules: placing, moving out and removing animals, their
//! markers, cards, dominance, Action Points and the instinct marker. The read-only questions
//! these rules ask live in [`crate::queries`].

use crate::data::{Data, FieldTile};
use crate::queries::tracked;
use crate::state::{Cause, Event, State};
use crate::types::{flag, Animal, Group, Placed, Region, Spot};

impl State {
    /// Puts an animal on the board, keeping resolve order.
    pub fn put(&mut self, p: Placed) {
        let k = p.key();
        let i = self.animals.partition_point(|x| x.key() <= k);
        self.animals.insert(i, p);
    }

    /// Takes the animal at an index off the board.
    pub fn take(&mut self, i: usize) -> Placed {
        self.animals.remove(i)
    }

    /// Changes an animal's flags (keeping the order); returns its new index. An animal that
    /// keeps its place between its neighbours is changed where it is.
    pub fn set_flags(&mut self, i: usize, flags: u8) -> usize {
        if let Some(&q) = self.animals.get(i) {
            let k = Placed {
                animal: Animal { flags, ..q.animal },
                ..q
            }
            .key();
            let after_previous = i == 0 || self.animals[i - 1].key() <= k;
            let before_next = self.animals.get(i + 1).is_none_or(|n| n.key() > k);
            if after_previous && before_next {
                self.animals.set_flags_at(i, flags);
                return i;
            }
        }
        let mut p = self.animals.remove(i);
        p.animal.flags = flags;
        let k = p.key();
        let j = self.animals.partition_point(|x| x.key() <= k);
        self.animals.insert(j, p);
        j
    }

    /// Removes the animal at an index, with an event.
    pub fn kill(&mut self, i: usize, cause: Cause, ev: &mut Vec<Event>) {
        let p = self.take(i);
        ev.push(Event::Removed {
            spot: p.spot(),
            cause,
        });
    }

    /// Places an animal in a region's niche and reports it.
    pub fn place_new(&mut self, region: Region, niche: u8, a: Animal, ev: &mut Vec<Event>) {
        let p = Placed {
            region,
            niche,
            animal: a,
        };
        ev.push(Event::Placed { spot: p.spot() });
        self.put(p);
    }

    /// Draws a region card uniformly from the stack (the card goes back at once).
    pub fn draw_region_card(&mut self, ev: &mut Vec<Event>) -> Option<Region> {
        let n = self.region_stack.len();
        if n == 0 {
            return None;
        }
        let mut k = self.rng.below(n);
        for r in Region::all() {
            if self.region_stack.contains(r) {
                if k == 0 {
                    ev.push(Event::RegionCard(r));
                    return Some(r);
                }
                k -= 1;
            }
        }
        None
    }

    /// Rolls the D6.
    pub fn d6(&mut self) -> u8 {
        self.rng.below(6) as u8 + 1
    }

    /// Draws `n` adaptation cards for a seat (reshuffling the discard pile when needed).
    pub fn draw_cards(&mut self, seat: u8, n: u8, ev: &mut Vec<Event>) {
        let mut drawn = 0;
        for _ in 0..n {
            if self.deck.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                self.deck = std::mem::take(&mut self.discard);
                self.deck.sort_unstable();
                self.rng.shuffle(&mut self.deck);
                ev.push(Event::Reshuffled);
            }
            if let Some(c) = self.deck.pop() {
                let h = &mut self.player_mut(seat).hand;
                let i = h.partition_point(|&x| x <= c);
                h.insert(i, c);
                drawn += 1;
            }
        }
        if drawn > 0 {
            ev.push(Event::Drew { seat, count: drawn });
        }
    }

    /// Adds dominance, with an event. Ruling C3: dominance never goes below 0.
    pub fn add_dominance(&mut self, seat: u8, delta: i32, ev: &mut Vec<Event>) {
        let p = self.player_mut(seat);
        let before = p.dominance;
        p.dominance = (p.dominance + delta).max(0);
        let real = p.dominance - before;
        if real != 0 {
            ev.push(Event::Dominance { seat, delta: real });
        }
    }

    /// Adds AP (never below 0), with an event. Ruling D4: AP has no cap.
    pub fn add_ap(&mut self, seat: u8, delta: i32, ev: &mut Vec<Event>) {
        let p = self.player_mut(seat);
        p.ap = (p.ap + delta).max(0);
        ev.push(Event::Ap { seat, delta });
    }

    /// Moves a seat's instinct marker up one field: peek, score.
    pub fn climb_instinct(&mut self, d: &Data, seat: u8, ev: &mut Vec<Event>) {
        let top = d.top_field();
        let p = self.player_mut(seat);
        if p.instinct >= top {
            return;
        }
        p.instinct += 1;
        let f = p.instinct;
        let field = d.instinct[f as usize];
        let peek = !matches!(field.tile, FieldTile::None | FieldTile::Blind);
        if peek {
            p.known |= 1 << f;
        }
        ev.push(Event::Instinct {
            seat,
            field: f,
            peeked: peek,
        });
        if field.dominance > 0 {
            self.add_dominance(seat, field.dominance as i32, ev);
        }
    }

    /// Removes every animal matching `hit` with an event (in resolve order).
    pub fn remove_where(
        &mut self,
        cause: Cause,
        ev: &mut Vec<Event>,
        hit: impl Fn(&Placed) -> bool,
    ) {
        let mut i = 0;
        while i < self.animals.len() {
            if hit(&self.animals[i]) {
                self.kill(i, cause, ev);
            } else {
                i += 1;
            }
        }
    }
}

/// Removes one copy of a card from a list; false if it is not there.
pub fn remove_card<C: Copy + PartialEq>(v: &mut Vec<C>, c: C) -> bool {
    match v.iter().position(|&x| x == c) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

/// Inserts a card into a sorted list.
pub fn insert_sorted<C: Copy + Ord>(v: &mut Vec<C>, c: C) {
    let i = v.partition_point(|&x| x <= c);
    v.insert(i, c);
}

/// Clears the just-migrated mark from a group's animals.
pub fn clear_track(s: &mut State, g: Group) {
    while let Some(i) = tracked(s, g) {
        let f = s.animals[i].animal.flags & !flag::TRACK;
        s.set_flags(i, f);
    }
}

/// Puts a status bit on (or takes it off) the animal at a spot, with an event when it changes.
pub fn set_flag_on(s: &mut State, sp: &Spot, bit: u8, on: bool, ev: &mut Vec<Event>) {
    if let Some(i) = s.find_plain(sp) {
        let f = s.animals[i].animal.flags;
        let nf = if on { f | bit } else { f & !bit };
        if nf != f {
            ev.push(Event::Status {
                spot: *sp,
                flags: nf & flag::PERSISTENT,
            });
            s.set_flags(i, nf);
        }
    }
}

/// Puts a solo condition marker (at most one per region, within the supply).
pub fn place_condition(s: &mut State, d: &Data, region: Region, niche: u8, ev: &mut Vec<Event>) {
    if s.conditions.len() >= d.rules.condition_markers as usize {
        return;
    }
    if s.conditions.iter().any(|&(r, _)| r == region) {
        return;
    }
    s.conditions.push((region, niche));
    ev.push(Event::ConditionMarker { region, niche });
}
