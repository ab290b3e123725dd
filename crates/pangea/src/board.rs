//! Board queries and mutations on the state: animals, supply, food, warnings, migration steps.

use crate::data::{Data, FieldTile};
use crate::queries;
use crate::state::{Cause, Event, State, Task};
use crate::types::{flag, Animal, Group, Placed, Region, Regions, Spot, Tile};

impl State {
    /// Current epoch (0-based).
    pub fn epoch(&self, d: &Data) -> u8 {
        d.epoch_of(self.stage.min(d.total_stages().saturating_sub(1)))
    }

    /// Food of a region in the current epoch.
    pub fn food(&self, d: &Data, r: Region) -> usize {
        d.food[r.index()][self.epoch(d) as usize] as usize
    }

    /// Animals in a region.
    pub fn count_in(&self, r: Region) -> usize {
        self.animals.in_region(r)
    }

    /// True if the region shows a warning marker (more animals than food).
    pub fn warning(&self, d: &Data, r: Region) -> bool {
        self.count_in(r) > self.food(d, r)
    }

    /// True if a region can be used.
    pub fn available(&self, r: Region) -> bool {
        r.on_map() && !self.closed.contains(r)
    }

    /// Index of the animal in niche 1 or 2 of a region.
    pub fn occupant(&self, r: Region, n: u8) -> Option<usize> {
        self.animals
            .iter()
            .position(|p| p.region == r && p.niche == n)
    }

    /// Index of an animal matching a spot.
    pub fn find(&self, s: &Spot) -> Option<usize> {
        self.animals.iter().position(|p| s.matches(p))
    }

    /// Index of a matching animal, preferring one without engine bookkeeping bits.
    pub fn find_plain(&self, s: &Spot) -> Option<usize> {
        self.animals
            .iter()
            .position(|p| s.matches(p) && p.animal.flags & !flag::PERSISTENT == 0)
            .or_else(|| self.find(s))
    }

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

    /// Animals of a group held in contests (off the board for a moment).
    pub fn held(&self, g: Group) -> (u8, bool) {
        let mut n = 0;
        let mut special = false;
        for t in &self.tasks {
            if let Task::Contest(c) = t {
                for a in [c.attacker, c.defender] {
                    if a.group == g {
                        if a.special() {
                            special = true;
                        } else {
                            n += 1;
                        }
                    }
                }
            }
        }
        (n, special)
    }

    /// Ordinary animal markers of a group on the board.
    pub fn ordinary_on_board(&self, g: Group) -> u8 {
        (self.animals.of_group(g) - self.animals.with_flag(g, flag::SPECIAL)) as u8
    }

    /// Ordinary markers of a group in its supply. Ruling H2: the Special Animal marker is an
    /// extra marker, not one of these.
    pub fn supply(&self, d: &Data, g: Group) -> u8 {
        let (held, _) = self.held(g);
        d.group(g)
            .animals
            .saturating_sub(self.ordinary_on_board(g) + held)
    }

    /// True if the group's Special Animal is on the board (or in a contest).
    pub fn special_out(&self, g: Group) -> bool {
        self.animals.with_flag(g, flag::SPECIAL) > 0 || self.held(g).1
    }

    /// True if the seat may place its Special Animal marker (card active, marker in supply).
    pub fn special_available(&self, d: &Data, seat: u8) -> bool {
        let p = self.player(seat);
        queries::special_active(d, p) && !self.special_out(p.group)
    }

    /// Animals of a group on the board (the Special Animal included).
    pub fn animals_of(&self, g: Group) -> usize {
        self.animals.of_group(g)
    }

    /// True if the solo objective marker is on the board.
    pub fn bearer_on_board(&self) -> bool {
        self.animals.any_with_flag(flag::BEARER)
    }

    /// Objective markers a seat still has for objective tiles. Ruling G1: in solo one of the 4
    /// is the bearer's and "the other 3 complete objective tiles", whether or not the bearer
    /// is on the board.
    pub fn objective_markers_left(&self, d: &Data, seat: u8) -> u8 {
        let p = self.player(seat);
        let used = p.claimed.count_ones() as u8 + u8::from(self.setup.solo());
        d.rules.objective_markers.saturating_sub(used)
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

    /// Calls `f` with every legal migration step (region, niche) of an animal.
    /// `land_bridge`: the red-arrow penalty is ignored for this move.
    pub fn for_each_step(
        &self,
        d: &Data,
        p: &Placed,
        land_bridge: bool,
        f: impl FnMut(Region, u8),
    ) {
        let rules = StepRules::of(d, self, p.animal, land_bridge);
        self.for_each_step_with(d, p, rules, f);
    }

    /// [`State::for_each_step`] with the animal's [`StepRules`] worked out beforehand (a
    /// listing that walks the steps of many animals works them out once, instead of querying
    /// the evolution cards for every animal).
    ///
    /// The steps come from the data's [`crate::data::StepTable`]; a step into a closed
    /// neighbour is dropped, and so is a step into niche 1 or 2 whose animal — the first there
    /// in resolve order, which [`State::occupant`] finds — is of the mover's group. Within a
    /// niche the animals are in group order, so that animal is of the mover's group when the
    /// group is there and no group before it is ([`crate::animals::Animals::first_in_niche`]).
    pub fn for_each_step_with(
        &self,
        d: &Data,
        p: &Placed,
        rules: StepRules,
        mut f: impl FnMut(Region, u8),
    ) {
        let g = p.animal.group;
        let own = [
            Regions::NONE,
            self.animals.first_in_niche(g, 1),
            self.animals.first_in_niche(g, 2),
        ];
        for &(r, niche) in d
            .steps
            .get(p.region, p.niche, rules.ignore_red, rules.climb)
        {
            if r != p.region && !self.available(r) {
                continue;
            }
            if own.get(niche as usize).is_some_and(|m| m.contains(r)) {
                continue;
            }
            f(r, niche);
        }
    }

    /// True if an animal has at least one migration step.
    pub fn can_step(&self, d: &Data, p: &Placed, land_bridge: bool) -> bool {
        let mut any = false;
        self.for_each_step(d, p, land_bridge, |_, _| any = true);
        any
    }

    /// True if (region, niche) is a legal step of the animal.
    pub fn is_step(&self, d: &Data, p: &Placed, land_bridge: bool, r: Region, n: u8) -> bool {
        let mut ok = false;
        self.for_each_step(d, p, land_bridge, |rr, nn| ok |= rr == r && nn == n);
        ok
    }

    /// The tile beside a track field, as a seat may see it.
    pub fn tile_at(&self, f: u8) -> Option<Tile> {
        self.track.get(f as usize).copied().flatten()
    }

    /// Distinct rows of a group's animals (bit mask).
    pub fn rows_of(&self, g: Group) -> u8 {
        crate::animals::rows_of(self.regions_of(g))
    }

    /// Distinct regions of a group's animals.
    pub fn regions_of(&self, g: Group) -> Regions {
        self.animals.regions_of(g)
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

    /// Column and row of a region as signed numbers.
    pub fn coords(r: Region) -> (i32, i32) {
        (r.column() as i32, r.row() as i32)
    }
}

// ---------------------------------------------------------------------------------------------
// Listing helpers shared by the decisions
// ---------------------------------------------------------------------------------------------

/// What the evolution cards (and the group's ability) change in an animal's migration steps.
/// It depends on the animal only through its group and whether it is the Special Animal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StepRules {
    /// Vertical migration may keep the niche (`ignore_red`, the Synapsid ability, or Land
    /// Bridge armed for this move).
    pub ignore_red: bool,
    /// Horizontal migration may go one niche up (`climb`).
    pub climb: bool,
}

impl StepRules {
    /// The rules of an animal; `land_bridge`: the red-arrow penalty is ignored for this move.
    pub fn of(d: &Data, s: &State, a: Animal, land_bridge: bool) -> StepRules {
        StepRules {
            ignore_red: land_bridge || queries::ignores_red(d, s, a),
            climb: queries::climbs(d, s, a),
        }
    }
}

/// The group a seat leads.
pub fn group_of(s: &State, seat: u8) -> Group {
    s.player(seat).group
}

/// True if the animal at `i` is the first of its spot (identical animals are one choice).
pub fn first_of_spot(s: &State, i: usize) -> bool {
    let p = &s.animals[i];
    let sp = p.spot();
    let mut j = i;
    while j > 0 {
        j -= 1;
        let q = &s.animals[j];
        if q.region != p.region || q.niche != p.niche {
            break;
        }
        if q.spot() == sp {
            return false;
        }
    }
    true
}

/// Calls `f` once per distinct spot of the animals of a region matching `pred`, in the order
/// of [`spots`]: the animals are kept in resolve order, region first, so the region's animals
/// are one run of the list, found by binary search.
pub fn spots_in(
    s: &State,
    region: Region,
    pred: impl Fn(&Placed) -> bool,
    mut f: impl FnMut(Spot),
) {
    let start = s.animals.partition_point(|p| p.region < region);
    for i in start..s.animals.len() {
        let p = &s.animals[i];
        if p.region != region {
            break;
        }
        if pred(p) && first_of_spot(s, i) {
            f(p.spot());
        }
    }
}

/// Calls `f` once per distinct spot of the animals matching `pred`.
pub fn spots(s: &State, pred: impl Fn(&Placed) -> bool, mut f: impl FnMut(Spot)) {
    for i in 0..s.animals.len() {
        let p = &s.animals[i];
        if pred(p) && first_of_spot(s, i) {
            f(p.spot());
        }
    }
}

/// Calls `f` once per distinct card in a sorted list.
pub fn distinct<C: Copy + PartialEq>(cards: &[C], mut f: impl FnMut(C)) {
    let mut last = None;
    for &c in cards {
        if last != Some(c) {
            f(c);
            last = Some(c);
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

/// The animal of a group marked as just migrated.
pub fn tracked(s: &State, g: Group) -> Option<usize> {
    if s.animals.with_flag(g, flag::TRACK) == 0 {
        return None;
    }
    s.animals
        .iter()
        .position(|p| p.animal.group == g && p.animal.flags & flag::TRACK != 0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_skips_repeats() {
        let mut v = Vec::new();
        distinct(&[1, 1, 2, 5, 5], |c| v.push(c));
        assert_eq!(v, vec![1, 2, 5]);
    }
}
