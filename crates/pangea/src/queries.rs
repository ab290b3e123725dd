//! Card and tile effects: one function per effect kind, each taking its parameters from the
//! card's data (`data/pangea/*.toml`).
//!
//! Evolution effects are permanent modifiers, so they are queried where the rule applies
//! (a contest, a cost, hunger…). Objective requirements, cataclysms and solo goals are checks
//! over the board.

use crate::animals::rows_of;
use crate::data::{
    CataEffect, Data, EffectKind, EvolutionCard, EvolutionEffect, ObjKind, Role, SoloGoal, ZoneKind,
};
use crate::state::{Player, State};
use crate::types::{Animal, Group, Level, Placed, Region, Regions, Scope, REGIONS, ROWS};

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
