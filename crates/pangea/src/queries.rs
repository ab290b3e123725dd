//! The read-only questions over the state: card and tile effects, one function per effect
//! kind, each taking its parameters from the card's data (`data/pangea/*.toml`); and the board
//! (animals, supply, food, warnings, migration steps, and the listing helpers the decisions
//! share). The changes of state that several rules share live in `effects`.
//!
//! Evolution effects are permanent modifiers, so they are queried where the rule applies
//! (a contest, a cost, hunger…). Objective requirements, cataclysms and solo goals are checks
//! over the board.

use crate::animals::rows_of;
use crate::data::{
    CataEffect, Data, EffectKind, EvolutionCard, EvolutionEffect, ObjKind, Role, SoloGoal, ZoneKind,
};
use crate::state::{Player, State, Task};
use crate::types::{
    flag, Animal, Group, Level, Placed, Region, Regions, Scope, Spot, Tile, REGIONS, ROWS,
};

/// The active evolution effects of a player.
pub fn active_effects<'a>(
    d: &'a Data,
    p: &Player,
) -> impl Iterator<Item = (&'a EvolutionCard, &'a EvolutionEffect)> + 'a {
    let g = p.group;
    let evo = p.evolution;
    (0..4u8)
        .filter(move |k| evo & (1 << k) != 0)
        .flat_map(move |k| {
            let c = d.evolution_card(g, k);
            c.effects.iter().map(move |e| (c, e))
        })
}

/// The player leading an animal's group, if a player leads it.
fn leader(s: &State, g: Group) -> Option<&Player> {
    s.seat_of(g).map(|seat| s.player(seat))
}

fn scoped(scope: Scope, a: Animal) -> bool {
    match scope {
        Scope::All => true,
        Scope::Special => a.special(),
    }
}

fn in_rows(rows: &[u8], region: Region) -> bool {
    rows.is_empty() || rows.contains(&(region.row() + 1))
}

/// The effects of one kind of a player's active evolution cards. When no active card has an
/// effect of that kind ([`Data::has_effect`]) there are none, and no card is looked at: most
/// of the rules' frequent questions ("does this animal climb?") end there.
fn of_kind<'a>(
    d: &'a Data,
    p: &Player,
    kind: EffectKind,
) -> impl Iterator<Item = &'a EvolutionEffect> + 'a {
    let g = p.group;
    let evo = p.evolution;
    let cards = if d.has_effect(g, evo, kind) { 4 } else { 0 };
    (0..cards)
        .filter(move |k| evo & (1 << k) != 0)
        .flat_map(move |k| d.evolution_card(g, k).effects.iter())
}

/// The effects of one kind of the active evolution cards of the player leading an animal's
/// group.
fn each<'a>(
    d: &'a Data,
    s: &'a State,
    a: Animal,
    kind: EffectKind,
) -> impl Iterator<Item = &'a EvolutionEffect> + 'a {
    leader(s, a.group)
        .into_iter()
        .flat_map(move |p| of_kind(d, p, kind))
}

/// True if the player's Special Animal card is active.
pub fn special_active(d: &Data, p: &Player) -> bool {
    (0..4u8).any(|k| p.evolution & (1 << k) != 0 && d.evolution_card(p.group, k).special)
}

/// `expansiveness`: an animal's Expansiveness in a contest (printed value plus evolution
/// modifiers). An Inactive animal counts as exactly 0 (rulebook p.16 Inactive; ruling B2).
pub fn expansiveness(d: &Data, s: &State, a: Animal, region: Region, attacker: bool) -> i32 {
    if a.inactive() {
        return 0;
    }
    let mut v = d.group(a.group).expansiveness;
    for e in each(d, s, a, EffectKind::Expansiveness) {
        if let EvolutionEffect::Expansiveness {
            amount,
            role,
            rows,
            scope,
        } = e
        {
            let role_ok = match role {
                Role::Any => true,
                Role::Attacker => attacker,
                Role::Defender => !attacker,
            };
            if role_ok && scoped(*scope, a) && in_rows(rows, region) {
                v += amount;
            }
        }
    }
    v
}

/// `devour`: the loser of a contest this animal wins is removed instead of withdrawing.
pub fn devours(d: &Data, s: &State, a: Animal, attacker: bool) -> bool {
    each(d, s, a, EffectKind::Devour).any(|e| match e {
        EvolutionEffect::Devour { role, scope } => {
            scoped(*scope, a)
                && match role {
                    Role::Any => true,
                    Role::Attacker => attacker,
                    Role::Defender => !attacker,
                }
        }
        _ => false,
    })
}

/// `contest_immune`: a contest never removes this animal.
pub fn immune(d: &Data, s: &State, a: Animal) -> bool {
    each(d, s, a, EffectKind::ContestImmune)
        .any(|e| matches!(e, EvolutionEffect::ContestImmune { scope } if scoped(*scope, a)))
}

/// `hunger_exempt`: this animal costs nothing when hunger is resolved (it still counts
/// towards the region's total). Fat Reserves regions are exempt too.
pub fn hunger_exempt(d: &Data, s: &State, seat: u8, p: &Placed) -> bool {
    let pl = s.player(seat);
    if pl.fat_reserves.contains(p.region) {
        return true;
    }
    of_kind(d, pl, EffectKind::HungerExempt).any(|e| {
        matches!(e, EvolutionEffect::HungerExempt { rows, scope }
            if scoped(*scope, p.animal) && in_rows(rows, p.region))
    })
}

/// `hunger_cap`: the most a player pays for hunger in one region.
pub fn hunger_cap(d: &Data, p: &Player) -> Option<u8> {
    of_kind(d, p, EffectKind::HungerCap)
        .filter_map(|e| match e {
            EvolutionEffect::HungerCap { per_region } => Some(*per_region),
            _ => None,
        })
        .min()
}

/// `populate_discount`: the Populate cost of a player (Fertility armed: 0).
pub fn populate_cost(d: &Data, p: &Player) -> i32 {
    if p.armed & crate::state::armed::FERTILITY != 0 {
        return 0;
    }
    let mut cost = d.group(p.group).costs[1] as i32;
    for e in of_kind(d, p, EffectKind::PopulateDiscount) {
        if let EvolutionEffect::PopulateDiscount { amount, min } = e {
            cost = (cost - *amount as i32).max((*min as i32).min(cost));
        }
    }
    cost
}

/// `climb`: horizontal migration may go one niche up.
pub fn climbs(d: &Data, s: &State, a: Animal) -> bool {
    each(d, s, a, EffectKind::Climb)
        .any(|e| matches!(e, EvolutionEffect::Climb { scope } if scoped(*scope, a)))
}

/// `ignore_red` and the Synapsid ability: vertical migration may keep the niche.
pub fn ignores_red(d: &Data, s: &State, a: Animal) -> bool {
    matches!(d.group(a.group).ability, crate::data::Ability::RedArrows)
        || each(d, s, a, EffectKind::IgnoreRed)
            .any(|e| matches!(e, EvolutionEffect::IgnoreRed { scope } if scoped(*scope, a)))
}

/// `survive_range`: how many fields a Survive action may climb.
pub fn survive_range(d: &Data, p: &Player) -> u8 {
    of_kind(d, p, EffectKind::SurviveRange)
        .filter_map(|e| match e {
            EvolutionEffect::SurviveRange { fields } => Some(*fields),
            _ => None,
        })
        .max()
        .unwrap_or(1)
}

/// `doom_burrow`: niche-0 animals survive the shockwave and niche-0-only removals.
pub fn burrows(d: &Data, s: &State, g: Group) -> bool {
    leader(s, g).is_some_and(|p| {
        of_kind(d, p, EffectKind::DoomBurrow).any(|e| matches!(e, EvolutionEffect::DoomBurrow {}))
    })
}

/// `multi_populate`: animals placed by the first Populate of a stage.
pub fn multi_populate(d: &Data, p: &Player) -> Option<u8> {
    of_kind(d, p, EffectKind::MultiPopulate)
        .filter_map(|e| match e {
            EvolutionEffect::MultiPopulate { count } => Some(*count),
            _ => None,
        })
        .max()
}

/// `cheap_migrate`: the Migrate cost of one animal for a player (None: the normal cost).
pub fn cheap_migrate(d: &Data, p: &Player, a: Animal) -> Option<i32> {
    of_kind(d, p, EffectKind::CheapMigrate).find_map(|e| match e {
        EvolutionEffect::CheapMigrate {
            cost,
            per_stage,
            scope,
        } if scoped(*scope, a) && p.cheap_used < *per_stage => Some(*cost as i32),
        _ => None,
    })
}

/// The Migrate cost of an animal for its player.
pub fn migrate_cost(d: &Data, p: &Player, a: Animal) -> i32 {
    let base = d.group(p.group).costs[2] as i32;
    cheap_migrate(d, p, a).map_or(base, |c| c.min(base))
}

/// `niche0_attack`: after a Migrate ending in niche 0 the animal may start a kill contest.
pub fn niche0_attack(d: &Data, s: &State, a: Animal) -> bool {
    each(d, s, a, EffectKind::Niche0Attack)
        .any(|e| matches!(e, EvolutionEffect::Niche0Attack { scope } if scoped(*scope, a)))
}

/// `toxic_on_activate`: Toxic markers placed when the card is activated.
pub fn toxic_on_activate(c: &EvolutionCard) -> u8 {
    c.effects
        .iter()
        .filter_map(|e| match e {
            EvolutionEffect::ToxicOnActivate { count } => Some(*count),
            _ => None,
        })
        .sum()
}

/// `toxic_on_populate`: a populated animal may become Toxic.
pub fn toxic_on_populate(d: &Data, p: &Player) -> bool {
    of_kind(d, p, EffectKind::ToxicOnPopulate)
        .any(|e| matches!(e, EvolutionEffect::ToxicOnPopulate {}))
}

// ---------------------------------------------------------------------------------------------
// Objectives
// ---------------------------------------------------------------------------------------------

/// `kill`: an animal of another group died this stage in a contest your animal won (ruling D8:
/// a per-stage log, so the tile can be claimed on any later turn of the stage).
fn obj_kill(p: &Player) -> bool {
    p.kill
}

/// `rows`: animals in at least `count` climate zones.
fn obj_rows(s: &State, g: Group, count: u8) -> bool {
    s.rows_of(g).count_ones() >= count as u32
}

/// `regions`: animals in at least `count` regions.
fn obj_regions(s: &State, g: Group, count: u8) -> bool {
    s.regions_of(g).len() >= count as u32
}

/// `niche_regions`: hold `niche` in at least `count` regions.
fn obj_niche_regions(s: &State, g: Group, niche: u8, count: u8) -> bool {
    s.animals.niche_regions(g, niche).len() >= count as u32
}

/// `niche_rows`: hold `niche` in at least `count` climate zones.
fn obj_niche_rows(s: &State, g: Group, niche: u8, count: u8) -> bool {
    rows_of(s.animals.niche_regions(g, niche)).count_ones() >= count as u32
}

/// `active_cards`: at least that many active evolution and adaptation cards.
fn obj_active_cards(p: &Player, evolutions: u8, adaptations: u8) -> bool {
    p.evolution.count_ones() >= evolutions as u32 && p.active.len() >= adaptations as usize
}

/// `sympatry`: a region with your animal and animals of `others` other groups.
///
/// Read from the census: the regions of each group, then the regions of yours counted.
fn obj_sympatry(s: &State, g: Group, others: u8) -> bool {
    let regions = Group::ALL.map(|h| s.animals.regions_of(h));
    s.animals.regions_of(g).iter().any(|r| {
        let groups = Group::ALL
            .into_iter()
            .filter(|&h| h != g && regions[h as usize].contains(r))
            .count();
        groups >= others as usize
    })
}

/// `vicariance`: a niche >= `min_niche` in a northern row and another in a southern row.
fn obj_vicariance(s: &State, g: Group, min_niche: u8, north: &[u8], south: &[u8]) -> bool {
    let held = rows_of(s.animals.regions_from_niche(g, min_niche));
    let high = |rows: &[u8]| {
        rows.iter()
            .any(|&row| (1..=ROWS as u8).contains(&row) && held & 1 << (row - 1) != 0)
    };
    high(north) && high(south)
}

/// `full_region`: niches 0, 1 and 2 of one region.
///
/// Read from the census: a region in the group's regions of niche 0, of 1 and of 2.
fn obj_full_region(s: &State, g: Group) -> bool {
    let held = |n| s.animals.niche_regions(g, n);
    !(held(0) & held(1) & held(2)).is_empty()
}

/// `instinct`: the instinct marker on `field` or higher.
fn obj_instinct(p: &Player, field: u8) -> bool {
    p.instinct >= field
}

/// `animals`: at least `count` animals on the board.
fn obj_animals(s: &State, g: Group, count: u8) -> bool {
    s.animals_of(g) >= count as usize
}

/// True if a seat meets an objective requirement now.
pub fn objective_met(s: &State, seat: u8, k: &ObjKind) -> bool {
    let p = s.player(seat);
    let g = p.group;
    match k {
        ObjKind::Kill {} => obj_kill(p),
        ObjKind::Rows { count } => obj_rows(s, g, *count),
        ObjKind::Regions { count } => obj_regions(s, g, *count),
        ObjKind::NicheRegions { niche, count } => obj_niche_regions(s, g, *niche, *count),
        ObjKind::NicheRows { niche, count } => obj_niche_rows(s, g, *niche, *count),
        ObjKind::ActiveCards {
            evolutions,
            adaptations,
        } => obj_active_cards(p, *evolutions, *adaptations),
        ObjKind::Sympatry { others } => obj_sympatry(s, g, *others),
        ObjKind::Vicariance {
            min_niche,
            north,
            south,
        } => obj_vicariance(s, g, *min_niche, north, south),
        ObjKind::FullRegion {} => obj_full_region(s, g),
        ObjKind::Instinct { field } => obj_instinct(p, *field),
        ObjKind::Animals { count } => obj_animals(s, g, *count),
    }
}

// ---------------------------------------------------------------------------------------------
// The Doom
// ---------------------------------------------------------------------------------------------

/// Levels per region for one step of the Dying phase.
pub type Levels = [Option<Level>; REGIONS];

fn set(levels: &mut Levels, r: Option<Region>, l: Level) {
    if let Some(r) = r {
        levels[r.index()] = Some(l);
    }
}

/// Step 1, EPICENTRE (stated): the epicentre and its orthogonal neighbours.
pub fn epicentre_levels(d: &Data, epicentre: Region) -> Levels {
    let mut lv = [None; REGIONS];
    let (c, w) = (epicentre.column() as i32, epicentre.row() as i32);
    for (dc, dw) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
        set(&mut lv, Region::at(c + dc, w + dw), d.doom_epicentre);
    }
    lv
}

/// Step 2, SHOCKWAVE (reconstructed, ruling A4): the diagonal neighbours.
pub fn shockwave_levels(d: &Data, epicentre: Region) -> Levels {
    let mut lv = [None; REGIONS];
    let (c, w) = (epicentre.column() as i32, epicentre.row() as i32);
    for (dc, dw) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        set(&mut lv, Region::at(c + dc, w + dw), d.doom_shockwave);
    }
    lv
}

/// Cataclysm kind `rows`: remove at `level` in the rows of the mask.
fn cata_rows(rows: u8, level: Level) -> Levels {
    let mut lv = [None; REGIONS];
    for r in Region::all() {
        if rows & (1 << r.row()) != 0 {
            lv[r.index()] = Some(level);
        }
    }
    lv
}

/// Cataclysm kind `subcontinent`: the epicentre's subcontinent at `hit`, the rest at `elsewhere`.
fn cata_subcontinent(d: &Data, epicentre: Region, hit: Level, elsewhere: Level) -> Levels {
    let sub = d.zones[epicentre.row() as usize].subcontinent;
    let mut lv = [None; REGIONS];
    for r in Region::all() {
        lv[r.index()] = Some(if d.zones[r.row() as usize].subcontinent == sub {
            hit
        } else {
            elsewhere
        });
    }
    lv
}

/// Cataclysm kind `cross`: the epicentre's row and column at `level`; then the shockwave
/// extends one more diagonal step out from each shockwave region, at `extension`.
fn cata_cross(epicentre: Region, level: Level, extension: Level) -> Levels {
    let mut lv = [None; REGIONS];
    let (c, w) = (epicentre.column() as i32, epicentre.row() as i32);
    for dc in [-1, 1] {
        for dw in [-1, 1] {
            if Region::at(c + dc, w + dw).is_some() {
                set(&mut lv, Region::at(c + 2 * dc, w + 2 * dw), extension);
            }
        }
    }
    for r in Region::all() {
        if r.column() as i32 == c || r.row() as i32 == w {
            lv[r.index()] = Some(level);
        }
    }
    lv
}

/// The levels of one cataclysm effect.
pub fn cataclysm_levels(d: &Data, e: &CataEffect, epicentre: Region) -> Levels {
    match *e {
        CataEffect::Rows { rows, level } => cata_rows(rows, level),
        CataEffect::Subcontinent { hit, elsewhere } => {
            cata_subcontinent(d, epicentre, hit, elsewhere)
        }
        CataEffect::Cross { level, extension } => cata_cross(epicentre, level, extension),
    }
}

// ---------------------------------------------------------------------------------------------
// Solo
// ---------------------------------------------------------------------------------------------

/// True if the solo player's condition markers meet the group's goal.
pub fn solo_goal_met(s: &State, goal: SoloGoal) -> bool {
    match goal {
        SoloGoal::Rows { count } => {
            let m = s.conditions.iter().fold(0u8, |m, &(r, _)| m | 1 << r.row());
            m.count_ones() >= count as u32
        }
        SoloGoal::Niche2Row { sectors } => (0..ROWS as u8).any(|w| {
            let m = s
                .conditions
                .iter()
                .filter(|&&(r, n)| n == 2 && r.row() == w)
                .fold(0u8, |m, &(r, _)| m | 1 << r.column());
            m.count_ones() >= sectors as u32
        }),
        SoloGoal::Regions { count } => {
            let m: Regions = s.conditions.iter().map(|&(r, _)| r).collect();
            m.len() >= count as u32
        }
    }
}

/// True if the solo Game End Condition is met (goal and animals left). Ruling I5: condition
/// markers are permanent and the animal count is taken after the Dying phase.
pub fn solo_met(d: &Data, s: &State) -> bool {
    let Some(p) = s.players.first() else {
        return false;
    };
    let c = &d.conditions[p.group as usize];
    solo_goal_met(s, c.goal) && s.animals_of(p.group) >= c.min_animals as usize
}

/// True if a region is in a Subpolar zone.
pub fn subpolar(d: &Data, r: Region) -> bool {
    d.zones[r.row() as usize].kind == ZoneKind::Subpolar
}

// ---------------------------------------------------------------------------------------------
// Board queries: animals, supply, food, warnings, migration steps, and the listing helpers the
// decisions share
// ---------------------------------------------------------------------------------------------

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
        special_active(d, p) && !self.special_out(p.group)
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

    /// Column and row of a region as signed numbers.
    pub fn coords(r: Region) -> (i32, i32) {
        (r.column() as i32, r.row() as i32)
    }
}

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
            ignore_red: land_bridge || ignores_red(d, s, a),
            climb: climbs(d, s, a),
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

/// The animal of a group marked as just migrated.
pub fn tracked(s: &State, g: Group) -> Option<usize> {
    if s.animals.with_flag(g, flag::TRACK) == 0 {
        return None;
    }
    s.animals
        .iter()
        .position(|p| p.animal.group == g && p.animal.flags & flag::TRACK != 0)
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
