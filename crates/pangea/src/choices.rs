//! Decisions: the exact list of legal choices for the decision awaited, what each choice does,
//! and which rule forbids a choice that is not legal.

use crate::contest;
use crate::data::{Ability, AdaptEffect, AgeEffect, Data, Timing};
use crate::effects;
use crate::flow;
use crate::state::{armed, Cause, Choice, Contest, Decision, Event, State, Task};
use crate::types::{flag, row, Action, Animal, Group, Placed, Spot, REGIONS};
use eons_core::Refusal;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// True if the animal at `i` is the first of its spot (identical animals are one choice).
fn first_of_spot(s: &State, i: usize) -> bool {
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

/// Calls `f` once per distinct spot of the animals matching `pred`.
fn spots(s: &State, pred: impl Fn(&Placed) -> bool, mut f: impl FnMut(Spot)) {
    for i in 0..s.animals.len() {
        let p = &s.animals[i];
        if pred(p) && first_of_spot(s, i) {
            f(p.spot());
        }
    }
}

/// Calls `f` once per distinct card in a sorted list.
fn distinct(cards: &[u8], mut f: impl FnMut(u8)) {
    let mut last = None;
    for &c in cards {
        if last != Some(c) {
            f(c);
            last = Some(c);
        }
    }
}

fn remove_card(v: &mut Vec<u8>, c: u8) -> bool {
    match v.iter().position(|&x| x == c) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

fn insert_sorted(v: &mut Vec<u8>, c: u8) {
    let i = v.partition_point(|&x| x <= c);
    v.insert(i, c);
}

fn group_of(s: &State, seat: u8) -> Group {
    s.player(seat).group
}

/// The animal of a group marked as just migrated.
fn tracked(s: &State, g: Group) -> Option<usize> {
    s.animals
        .iter()
        .position(|p| p.animal.group == g && p.animal.flags & flag::TRACK != 0)
}

fn clear_track(s: &mut State, g: Group) {
    while let Some(i) = tracked(s, g) {
        let f = s.animals[i].animal.flags & !flag::TRACK;
        s.set_flags(i, f);
    }
}

/// The revealed Turn of the Age card being resolved.
fn current_age(s: &State, d: &Data) -> Option<AgeEffect> {
    let k = s.ages_revealed.checked_sub(1)?;
    let c = *s.ages.get(k as usize)?;
    d.ages.get(c as usize).map(|a| a.effect.clone())
}

/// True if the seat has an animal or the Special Animal to place and a region to place it.
pub fn can_populate_anywhere(s: &State, d: &Data, seat: u8) -> bool {
    let g = group_of(s, seat);
    (s.supply(d, g) > 0 || s.special_available(d, seat))
        && (0..REGIONS as u8).any(|r| s.available(r))
}

/// Populate choices; ruling H1: the Special Animal marker may be placed when its card is active
/// and the marker is in supply.
fn populate_targets(s: &State, d: &Data, seat: u8, out: &mut Vec<Choice>) {
    let g = group_of(s, seat);
    let ord = s.supply(d, g) > 0;
    let sp = s.special_available(d, seat);
    for r in 0..REGIONS as u8 {
        if !s.available(r) {
            continue;
        }
        if ord {
            out.push(Choice::Populate {
                region: r,
                special: false,
            });
        }
        if sp {
            out.push(Choice::Populate {
                region: r,
                special: true,
            });
        }
    }
}

/// Regions where End of the Icehouse lets the seat place (`rows` bit mask).
pub fn age_place_regions(s: &State, d: &Data, seat: u8, rows: u8) -> Vec<u8> {
    if s.supply(d, group_of(s, seat)) == 0 {
        return Vec::new();
    }
    (0..REGIONS as u8)
        .filter(|&r| s.available(r) && rows & (1 << row(r)) != 0)
        .collect()
}

fn age_rows(s: &State, d: &Data) -> u8 {
    match current_age(s, d) {
        Some(AgeEffect::FreePlacement { rows }) => rows.iter().fold(0, |m, r| m | 1 << (r - 1)),
        _ => 0,
    }
}

/// True if the seat has an animal that can take a migration step.
pub fn any_free_move(s: &State, d: &Data, seat: u8) -> bool {
    let g = group_of(s, seat);
    s.animals
        .iter()
        .any(|p| p.animal.group == g && !p.animal.inactive() && s.can_step(d, p, false))
}

fn free_moves(s: &State, d: &Data, seat: u8, out: &mut Vec<Choice>) {
    let g = group_of(s, seat);
    for i in 0..s.animals.len() {
        let p = s.animals[i];
        if p.animal.group == g && !p.animal.inactive() && first_of_spot(s, i) {
            s.for_each_step(d, &p, false, |r, n| {
                out.push(Choice::Move {
                    from: p.spot(),
                    region: r,
                    niche: n,
                })
            });
        }
    }
}

fn shed_candidate(s: &State, g: Group) -> impl Fn(&Placed) -> bool + '_ {
    let _ = s;
    move |p: &Placed| p.animal.group == g && !p.animal.special() && !p.animal.bearer()
}

/// True if the seat may start its Invertebrate ability now.
fn can_shed(s: &State, d: &Data, seat: u8) -> bool {
    let p = s.player(seat);
    matches!(d.group(p.group).ability, Ability::Shed { max, .. } if max > 0)
        && !p.shed_used
        && s.animals.iter().any(shed_candidate(s, p.group))
}

fn rival_in_niche0(s: &State, g: Group, region: u8) -> bool {
    s.animals
        .iter()
        .any(|o| o.region == region && o.niche == 0 && o.animal.group != g)
}

fn parasite_target(s: &State, g: Group) -> impl Fn(&Placed) -> bool + '_ {
    let mine = s.regions_of(g);
    move |p: &Placed| p.animal.group != g && !p.animal.inactive() && mine & (1 << p.region) != 0
}

/// The animal whose owner's contest-card window is open (step 1: the attacker).
fn contestant(c: &Contest) -> Animal {
    if c.step == 1 {
        c.attacker
    } else {
        c.defender
    }
}

/// True if an active adaptation card's ability can be used now.
/// `window`: the end-of-action-phase window after passing (any-time cards only).
fn usable(s: &State, d: &Data, seat: u8, card: u8, acted: bool, window: bool) -> bool {
    let c = &d.adapt[card as usize];
    let timing_ok = match c.timing {
        Timing::Contest => false,
        Timing::OwnTurn => !window,
        Timing::AnyTime => true,
    };
    if !timing_ok {
        return false;
    }
    let p = s.player(seat);
    let g = p.group;
    match c.effect {
        AdaptEffect::ContestBonus { .. } | AdaptEffect::Escape {} => false,
        AdaptEffect::Ambush {} => s
            .animals
            .iter()
            .any(|q| q.animal.group == g && q.niche == 0 && rival_in_niche0(s, g, q.region)),
        AdaptEffect::ExtraStep {} => {
            acted
                && tracked(s, g).is_some_and(|i| {
                    let q = s.animals[i];
                    !q.animal.inactive() && s.can_step(d, &q, false)
                })
        }
        AdaptEffect::LandBridge {} => !acted && p.armed & armed::LAND_BRIDGE == 0,
        AdaptEffect::Nest { .. } => !acted && p.armed & armed::NEST == 0,
        AdaptEffect::FreePopulate {} => !acted && p.armed & armed::FERTILITY == 0,
        AdaptEffect::Peek {} => {
            (0..s.track.len() as u8).any(|f| s.tile_at(f).is_some() && p.known & (1 << f) == 0)
        }
        AdaptEffect::Premonition { fields } => fields > 0 && p.instinct < d.top_field(),
        AdaptEffect::FatReserves {} => s.regions_of(g) & !p.fat != 0,
        AdaptEffect::Parasites {} => s.animals.iter().any(parasite_target(s, g)),
        AdaptEffect::Recovery {} => s
            .animals
            .iter()
            .any(|q| q.animal.group == g && q.animal.inactive()),
        AdaptEffect::Venom {} => s
            .animals
            .iter()
            .any(|q| q.animal.group == g && !q.animal.toxic()),
        AdaptEffect::Mutation { .. } => true,
    }
}

fn window_choices(s: &State, d: &Data, seat: u8, out: &mut Vec<Choice>) {
    let p = s.player(seat);
    if can_shed(s, d, seat) {
        spots(s, shed_candidate(s, p.group), |sp| {
            out.push(Choice::Shed(sp))
        });
    }
    distinct(&p.active, |c| {
        if usable(s, d, seat, c, true, true) {
            out.push(Choice::Use(c));
        }
    });
}

/// True if a passed player has anything to do in the end-of-phase window.
pub fn window_has_options(s: &State, d: &Data, seat: u8) -> bool {
    let mut v = Vec::new();
    window_choices(s, d, seat, &mut v);
    !v.is_empty()
}

// ---------------------------------------------------------------------------------------------
// Legal choices
// ---------------------------------------------------------------------------------------------

fn legal_turn(s: &State, d: &Data, seat: u8, acted: bool, forced: bool, out: &mut Vec<Choice>) {
    let p = s.player(seat);
    let g = p.group;
    let costs = d.group(g).costs;
    let lim = d.rules.same_action_limit;
    if !acted {
        out.push(Choice::Pass);
        if !forced && p.actions_taken() < d.rules.action_markers {
            // Adapt (rulebook p.21). Ruling I1: only when it activates something; ruling D3: no
            // adaptation card into a full active zone.
            if p.used[Action::Adapt as usize] < lim && p.ap >= costs[0] as i32 {
                if p.active.len() < d.rules.active_adaptation_limit as usize {
                    distinct(&p.hand, |c| out.push(Choice::Activate(c)));
                }
                if (p.evo.count_ones() as u8) < d.rules.active_evolution_limit {
                    let sp = effects::special_active(d, p);
                    for k in 0..4u8 {
                        let c = d.evo_card(g, k);
                        if p.evo & (1 << k) == 0
                            && c.cost as usize <= p.active.len()
                            && !(c.special && sp)
                        {
                            out.push(Choice::Evolve(k));
                        }
                    }
                }
            }
            // Populate (rulebook p.22).
            if p.used[Action::Populate as usize] < lim && p.ap >= effects::populate_cost(d, p) {
                populate_targets(s, d, seat, out);
            }
            // Migrate (rulebook p.23).
            if p.used[Action::Migrate as usize] < lim {
                let lb = p.armed & armed::LAND_BRIDGE != 0;
                for i in 0..s.animals.len() {
                    let q = s.animals[i];
                    if q.animal.group != g || q.animal.inactive() || !first_of_spot(s, i) {
                        continue;
                    }
                    if p.ap < effects::migrate_cost(d, p, q.animal) {
                        continue;
                    }
                    s.for_each_step(d, &q, lb, |r, n| {
                        out.push(Choice::Move {
                            from: q.spot(),
                            region: r,
                            niche: n,
                        })
                    });
                }
            }
            // Survive (rulebook p.24).
            if p.used[Action::Survive as usize] < lim
                && p.ap >= costs[3] as i32
                && p.instinct < d.top_field()
            {
                out.push(Choice::Survive);
            }
        }
    }
    // Objectives, before or after the action (rulebook p.17); ruling D7: also just before
    // passing, and on a turn where the player must pass.
    if s.objective_markers_left(d, seat) > 0 {
        for (i, slot) in s.objectives.iter().enumerate() {
            if p.claimed & (1 << i) == 0
                && effects::objective_met(s, seat, &d.objectives[slot.tile as usize].requirement)
            {
                out.push(Choice::Claim(i as u8));
            }
        }
    }
    if !forced {
        if p.ap >= d.rules.inactive_removal_cost as i32 {
            spots(
                s,
                |q| q.animal.group == g && q.animal.inactive(),
                |sp| out.push(Choice::Unblock(sp)),
            );
        }
        distinct(&p.active, |c| out.push(Choice::CashIn(c)));
        distinct(&p.active, |c| {
            if usable(s, d, seat, c, acted, false) {
                out.push(Choice::Use(c));
            }
        });
        if can_shed(s, d, seat) {
            spots(s, shed_candidate(s, g), |sp| out.push(Choice::Shed(sp)));
        }
        // The bearer has its own marker (ruling G1).
        if s.setup.solo() && !s.bearer_on_board() && p.ap >= d.rules.bearer_cost as i32 {
            spots(
                s,
                |q| q.animal.group == g && !q.animal.special(),
                |sp| out.push(Choice::Bearer(sp)),
            );
        }
    }
    if acted {
        out.push(Choice::Done);
    }
}

/// Appends every legal choice of the decision awaited.
pub fn legal(s: &State, d: &Data, out: &mut Vec<Choice>) {
    let Some(dec) = s.decision else {
        return;
    };
    match dec {
        Decision::Place(_) => {
            for r in 0..REGIONS as u8 {
                if s.available(r) && !effects::subpolar(d, r) {
                    out.push(Choice::Region(r));
                }
            }
        }
        Decision::Discard(seat) => distinct(&s.player(seat).hand, |c| out.push(Choice::Card(c))),
        Decision::Turn {
            seat,
            acted,
            forced,
        } => legal_turn(s, d, seat, acted, forced, out),
        Decision::EvolvePay(seat) => {
            distinct(&s.player(seat).active, |c| out.push(Choice::Card(c)))
        }
        Decision::SpecialSwap(seat) => {
            let g = group_of(s, seat);
            spots(
                s,
                |p| p.animal.group == g && !p.animal.special() && !p.animal.bearer(),
                |sp| out.push(Choice::Animal(sp)),
            );
            out.push(Choice::Skip);
        }
        Decision::Toxify(seat) | Decision::Venom(seat) => {
            let g = group_of(s, seat);
            spots(
                s,
                |p| p.animal.group == g && !p.animal.toxic(),
                |sp| out.push(Choice::Animal(sp)),
            );
            if matches!(dec, Decision::Toxify(_)) {
                out.push(Choice::Done);
            }
        }
        Decision::ExtraPopulate(seat) => populate_targets(s, d, seat, out),
        Decision::PopulatedToxic(_) | Decision::DrawOnWin(_) => {
            out.push(Choice::Confirm);
            out.push(Choice::Skip);
        }
        Decision::SurviveMore(_) => {
            out.push(Choice::Confirm);
            out.push(Choice::Done);
        }
        Decision::ShedMore(seat) => {
            let g = group_of(s, seat);
            spots(s, shed_candidate(s, g), |sp| out.push(Choice::Animal(sp)));
            out.push(Choice::Done);
        }
        Decision::ExtraStep(seat) => {
            if let Some(i) = tracked(s, group_of(s, seat)) {
                let p = s.animals[i];
                if !p.animal.inactive() {
                    s.for_each_step(d, &p, false, |r, n| {
                        out.push(Choice::Move {
                            from: p.spot(),
                            region: r,
                            niche: n,
                        })
                    });
                }
            }
            out.push(Choice::Skip);
        }
        Decision::AmbushOwn(seat) => {
            let g = group_of(s, seat);
            spots(
                s,
                |p| p.animal.group == g && p.niche == 0 && rival_in_niche0(s, g, p.region),
                |sp| out.push(Choice::Animal(sp)),
            );
        }
        Decision::AmbushTarget(seat, own) => {
            let g = group_of(s, seat);
            spots(
                s,
                |p| p.region == own.region && p.niche == 0 && p.animal.group != g,
                |sp| out.push(Choice::Animal(sp)),
            );
        }
        Decision::Peek(seat) => {
            let known = s.player(seat).known;
            for f in 0..s.track.len() as u8 {
                if s.tile_at(f).is_some() && known & (1 << f) == 0 {
                    out.push(Choice::Field(f));
                }
            }
        }
        Decision::FatReserves(seat) => {
            let p = s.player(seat);
            let m = s.regions_of(p.group) & !p.fat;
            for r in 0..REGIONS as u8 {
                if m & (1 << r) != 0 {
                    out.push(Choice::Region(r));
                }
            }
        }
        Decision::Parasites(seat) => {
            let g = group_of(s, seat);
            spots(s, parasite_target(s, g), |sp| out.push(Choice::Animal(sp)));
        }
        Decision::Niche0Attack(seat) => {
            let g = group_of(s, seat);
            if let Some(i) = tracked(s, g) {
                let region = s.animals[i].region;
                spots(
                    s,
                    |p| p.region == region && p.niche == 0 && p.animal.group != g,
                    |sp| out.push(Choice::Animal(sp)),
                );
            }
            out.push(Choice::Skip);
        }
        Decision::ContestCards(seat) => {
            // An Inactive contestant may only be made active (Recovery, ruling D5);
            // an active one may add contest bonuses.
            let inactive = match s.tasks.last() {
                Some(Task::Contest(c)) => contestant(c).inactive(),
                _ => false,
            };
            distinct(&s.player(seat).active, |c| {
                let ok = match d.adapt[c as usize].effect {
                    AdaptEffect::ContestBonus { .. } => !inactive,
                    AdaptEffect::Recovery {} => inactive,
                    _ => false,
                };
                if ok {
                    out.push(Choice::Use(c));
                }
            });
            out.push(Choice::Done);
        }
        Decision::Escape(seat) => {
            distinct(&s.player(seat).active, |c| {
                if matches!(d.adapt[c as usize].effect, AdaptEffect::Escape {}) {
                    out.push(Choice::Use(c));
                }
            });
            out.push(Choice::Done);
        }
        Decision::Hunger { seat, region, .. } => {
            if s.player(seat).dominance > 0 {
                out.push(Choice::PayDominance);
            }
            let g = group_of(s, seat);
            spots(
                s,
                |p| {
                    p.region == region
                        && p.animal.group == g
                        && !effects::hunger_exempt(d, s, seat, p)
                },
                |sp| out.push(Choice::Animal(sp)),
            );
        }
        Decision::EndWindow(seat) => {
            window_choices(s, d, seat, out);
            out.push(Choice::Done);
        }
        Decision::AgePlace(seat) => {
            for r in age_place_regions(s, d, seat, age_rows(s, d)) {
                out.push(Choice::Region(r));
            }
            out.push(Choice::Skip);
        }
        Decision::AgeLose(seat) => {
            let g = group_of(s, seat);
            spots(
                s,
                |p| p.animal.group == g && p.niche == 0,
                |sp| out.push(Choice::Animal(sp)),
            );
        }
        Decision::AgeToll(seat) => {
            let g = group_of(s, seat);
            spots(
                s,
                |p| p.animal.group == g,
                |sp| out.push(Choice::Animal(sp)),
            );
            if s.player(seat).dominance > 0 {
                out.push(Choice::PayDominance);
            }
        }
        Decision::AgeMigrate(seat) => {
            free_moves(s, d, seat, out);
            out.push(Choice::Skip);
        }
        Decision::AgePopulate(seat) => {
            populate_targets(s, d, seat, out);
            out.push(Choice::Skip);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

fn pay(s: &mut State, seat: u8, action: Action, cost: i32, ev: &mut Vec<Event>) {
    let p = s.player_mut(seat);
    p.ap -= cost;
    p.used[action as usize] += 1;
    ev.push(Event::Acted { seat, action, cost });
}

/// One migration step of a player's animal (at index `i`), with its triggers.
fn perform_step(
    s: &mut State,
    d: &Data,
    seat: u8,
    i: usize,
    region: u8,
    niche: u8,
    ev: &mut Vec<Event>,
) {
    let g = group_of(s, seat);
    let from = s.animals[i];
    let count = s.count_in(region);
    let food = s.food(d, region);
    let warned = from.region != region && count <= food && count + 1 > food;
    clear_track(s, g);
    let want = from.animal.flags & !flag::TRACK;
    let Some(i) = s.animals.iter().position(|p| {
        p.region == from.region
            && p.niche == from.niche
            && p.animal.group == from.animal.group
            && p.animal.flags & !flag::TRACK == want
    }) else {
        return;
    };
    let i = s.set_flags(i, from.animal.flags | flag::TRACK);
    s.tasks.push(Task::AfterMove {
        seat,
        region,
        niche,
        warned,
    });
    flow::move_animal(s, d, i, region, niche, ev);
}

/// Places one animal from the seat's supply in a region (niche 0, or the Nesting Site niche).
fn populate_one(
    s: &mut State,
    d: &Data,
    seat: u8,
    region: u8,
    special: bool,
    nest: Option<u8>,
    ev: &mut Vec<Event>,
) {
    let g = group_of(s, seat);
    let a = Animal {
        group: g,
        flags: if special { flag::SPECIAL } else { 0 },
    };
    let mut niche = 0;
    if let Some(n) = nest.filter(|&n| n > 0) {
        match s.occupant(region, n) {
            None => niche = n,
            Some(o) if s.animals[o].animal.group == g => {}
            Some(o) => {
                ev.push(Event::Placed {
                    spot: Placed {
                        region,
                        niche: n,
                        animal: a,
                    }
                    .spot(),
                });
                let def = s.take(o).animal;
                contest::start(s, d, region, n, a, def, false, ev);
                return;
            }
        }
    }
    s.place_new(region, niche, a, ev);
    if effects::toxic_on_populate(d, s.player(seat)) {
        s.tasks.push(Task::PopulatedToxic {
            seat,
            spot: Placed {
                region,
                niche,
                animal: a,
            }
            .spot(),
        });
    }
}

fn set_flag_on(s: &mut State, sp: &Spot, bit: u8, on: bool, ev: &mut Vec<Event>) {
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

fn shed_one(s: &mut State, d: &Data, seat: u8, sp: &Spot, ev: &mut Vec<Event>) {
    if let Some(i) = s.find_plain(sp) {
        s.kill(i, Cause::Shed, ev);
        let ap = match d.group(group_of(s, seat)).ability {
            Ability::Shed { ap, .. } => ap as i32,
            _ => 0,
        };
        let p = s.player_mut(seat);
        p.shed += 1;
        p.shed_used = true;
        s.add_ap(seat, ap, ev);
    }
}

fn shed_first(s: &mut State, d: &Data, seat: u8, sp: &Spot, ev: &mut Vec<Event>) {
    shed_one(s, d, seat, sp, ev);
    let max = match d.group(group_of(s, seat)).ability {
        Ability::Shed { max, .. } => max,
        _ => 0,
    };
    let g = group_of(s, seat);
    if s.player(seat).shed < max && s.animals.iter().any(shed_candidate(s, g)) {
        s.decision = Some(Decision::ShedMore(seat));
    }
}

/// Uses an active adaptation card's one-off ability (on the seat's turn or end window):
/// "Use the one-off Ability ..., then discard the card" (rulebook p.21). The card is not yet in
/// the discard pile while the ability runs, so Mutation's draw cannot reshuffle it back.
fn use_card(s: &mut State, d: &Data, seat: u8, card: u8, ev: &mut Vec<Event>) {
    take_used(s, seat, card, ev);
    let g = group_of(s, seat);
    match d.adapt[card as usize].effect {
        AdaptEffect::Ambush {} => s.decision = Some(Decision::AmbushOwn(seat)),
        AdaptEffect::ExtraStep {} => s.decision = Some(Decision::ExtraStep(seat)),
        AdaptEffect::LandBridge {} => s.player_mut(seat).armed |= armed::LAND_BRIDGE,
        AdaptEffect::Nest { niche } => {
            let p = s.player_mut(seat);
            p.armed = (p.armed & 0x0f) | armed::NEST | (niche << 4);
        }
        AdaptEffect::FreePopulate {} => s.player_mut(seat).armed |= armed::FERTILITY,
        AdaptEffect::Peek {} => s.decision = Some(Decision::Peek(seat)),
        AdaptEffect::Premonition { fields } => {
            for _ in 0..fields {
                s.climb_instinct(d, seat, ev);
            }
        }
        AdaptEffect::FatReserves {} => s.decision = Some(Decision::FatReserves(seat)),
        AdaptEffect::Parasites {} => s.decision = Some(Decision::Parasites(seat)),
        AdaptEffect::Recovery {} => {
            while let Some(i) = s
                .animals
                .iter()
                .position(|p| p.animal.group == g && p.animal.inactive())
            {
                let sp = s.animals[i].spot();
                set_flag_on(s, &sp, flag::INACTIVE, false, ev);
            }
        }
        AdaptEffect::Venom {} => s.decision = Some(Decision::Venom(seat)),
        AdaptEffect::Mutation { draw } => {
            s.draw_cards(seat, draw, ev);
            s.tasks.push(Task::HandLimit(seat));
        }
        AdaptEffect::ContestBonus { .. } | AdaptEffect::Escape {} => {}
    }
    discard_used(s, d, seat, card, ev);
}

/// Discards an active card as used (Amphibians gain AP, rulebook p.27).
fn spend_card(s: &mut State, d: &Data, seat: u8, card: u8, ev: &mut Vec<Event>) {
    take_used(s, seat, card, ev);
    discard_used(s, d, seat, card, ev);
}

/// Takes a card being used out of the active zone.
fn take_used(s: &mut State, seat: u8, card: u8, ev: &mut Vec<Event>) {
    remove_card(&mut s.player_mut(seat).active, card);
    ev.push(Event::UsedCard { seat, card });
}

/// Puts a used card (already out of the active zone) on the discard pile; Amphibians gain AP.
fn discard_used(s: &mut State, d: &Data, seat: u8, card: u8, ev: &mut Vec<Event>) {
    s.discard.push(card);
    if let Ability::ApOnAbility(n) = d.group(group_of(s, seat)).ability {
        s.add_ap(seat, n as i32, ev);
    }
}

fn end_turn(s: &mut State, seat: u8) {
    let g = group_of(s, seat);
    clear_track(s, g);
    s.player_mut(seat).armed = 0;
    let n = s.order.len().max(1);
    s.cursor = ((s.cursor as usize + 1) % n) as u8;
    s.tasks.push(Task::ActionPhase);
}

fn resolve_turn(s: &mut State, d: &Data, seat: u8, acted: bool, c: Choice, ev: &mut Vec<Event>) {
    let g = group_of(s, seat);
    let costs = d.group(g).costs;
    match c {
        Choice::Pass => {
            s.player_mut(seat).passed = true;
            ev.push(Event::Passed(seat));
            end_turn(s, seat);
        }
        Choice::Done => end_turn(s, seat),
        Choice::Populate { region, special } => {
            clear_track(s, g);
            let cost = effects::populate_cost(d, s.player(seat));
            pay(s, seat, Action::Populate, cost, ev);
            let p = s.player_mut(seat);
            let nest = (p.armed & armed::NEST != 0).then_some(p.armed >> 4);
            p.armed &= !(armed::FERTILITY | armed::NEST | 0xf0);
            s.tasks.push(Task::TurnResume { seat, acted: true });
            // Rapid Reproduction: only the first Populate of the stage places more.
            let first = !s.player(seat).multi_used;
            s.player_mut(seat).multi_used = true;
            if let Some(k) = effects::multi_populate(d, s.player(seat)) {
                if first && k > 1 {
                    s.tasks.push(Task::ExtraPopulate { seat, left: k - 1 });
                }
            }
            populate_one(s, d, seat, region, special, nest, ev);
        }
        Choice::Move {
            from,
            region,
            niche,
        } => {
            let Some(i) = s.find_plain(&from) else {
                return;
            };
            let a = s.animals[i].animal;
            let p = s.player(seat);
            let base = costs[2] as i32;
            let cost = effects::migrate_cost(d, p, a);
            if cost < base {
                s.player_mut(seat).cheap_used += 1;
            }
            pay(s, seat, Action::Migrate, cost, ev);
            s.player_mut(seat).armed &= !armed::LAND_BRIDGE;
            s.tasks.push(Task::TurnResume { seat, acted: true });
            perform_step(s, d, seat, i, region, niche, ev);
        }
        Choice::Survive => {
            clear_track(s, g);
            pay(s, seat, Action::Survive, costs[3] as i32, ev);
            s.tasks.push(Task::TurnResume { seat, acted: true });
            s.climb_instinct(d, seat, ev);
            let range = effects::survive_range(d, s.player(seat));
            if range > 1 {
                s.tasks.push(Task::SurviveMore {
                    seat,
                    left: range - 1,
                });
            }
        }
        Choice::Activate(card) => {
            clear_track(s, g);
            pay(s, seat, Action::Adapt, costs[0] as i32, ev);
            let p = s.player_mut(seat);
            if remove_card(&mut p.hand, card) {
                insert_sorted(&mut p.active, card);
            }
            ev.push(Event::ActivatedAdaptation(seat));
            s.tasks.push(Task::TurnResume { seat, acted: true });
        }
        Choice::Evolve(k) => {
            clear_track(s, g);
            pay(s, seat, Action::Adapt, costs[0] as i32, ev);
            s.tasks.push(Task::TurnResume { seat, acted: true });
            let card = d.evo_card(g, k);
            let tox = effects::toxic_on_activate(card);
            if tox > 0 {
                s.tasks.push(Task::Toxify { seat, left: tox });
            }
            if card.special {
                s.tasks.push(Task::SpecialSwap(seat));
            }
            s.tasks.push(Task::EvolvePay {
                seat,
                card: k,
                left: card.cost,
            });
        }
        Choice::Claim(i) => {
            if let Some(slot) = s.objectives.get_mut(i as usize) {
                let t = &d.objectives[slot.tile as usize];
                let points = if slot.claims.is_empty() {
                    t.reward[0]
                } else {
                    t.reward[1]
                };
                slot.claims.push(seat);
                let tile = slot.tile;
                s.player_mut(seat).claimed |= 1 << i;
                ev.push(Event::Claimed { seat, tile, points });
                s.add_dominance(seat, points, ev);
            }
            s.tasks.push(Task::TurnResume { seat, acted });
        }
        Choice::Unblock(sp) => {
            s.player_mut(seat).ap -= d.rules.inactive_removal_cost as i32;
            ev.push(Event::Ap {
                seat,
                delta: -(d.rules.inactive_removal_cost as i32),
            });
            set_flag_on(s, &sp, flag::INACTIVE, false, ev);
            s.tasks.push(Task::TurnResume { seat, acted });
        }
        Choice::CashIn(card) => {
            remove_card(&mut s.player_mut(seat).active, card);
            s.discard.push(card);
            ev.push(Event::Discarded { seat, card });
            s.add_ap(seat, 1, ev);
            s.tasks.push(Task::TurnResume { seat, acted });
        }
        Choice::Use(card) => {
            s.tasks.push(Task::TurnResume { seat, acted });
            use_card(s, d, seat, card, ev);
        }
        Choice::Shed(sp) => {
            s.tasks.push(Task::TurnResume { seat, acted });
            shed_first(s, d, seat, &sp, ev);
        }
        Choice::Bearer(sp) => {
            s.player_mut(seat).ap -= d.rules.bearer_cost as i32;
            ev.push(Event::Ap {
                seat,
                delta: -(d.rules.bearer_cost as i32),
            });
            if let Some(i) = s.find_plain(&sp) {
                let f = s.animals[i].animal.flags | flag::BEARER;
                s.set_flags(i, f);
            }
            ev.push(Event::BearerPlaced(sp));
            s.tasks.push(Task::TurnResume { seat, acted });
        }
        _ => s.tasks.push(Task::TurnResume { seat, acted }),
    }
}

/// Applies a legal choice (the caller has checked it is in [`legal`]).
pub fn resolve(s: &mut State, d: &Data, c: Choice, ev: &mut Vec<Event>) {
    let Some(dec) = s.decision.take() else {
        return;
    };
    match (dec, c) {
        (Decision::Place(seat), Choice::Region(r)) => {
            let g = group_of(s, seat);
            s.place_new(r, 0, Animal::new(g), ev);
        }
        (Decision::Discard(seat), Choice::Card(card)) => {
            remove_card(&mut s.player_mut(seat).hand, card);
            s.discard.push(card);
            ev.push(Event::Discarded { seat, card });
        }
        (Decision::Turn { seat, acted, .. }, c) => resolve_turn(s, d, seat, acted, c, ev),
        (Decision::EvolvePay(seat), Choice::Card(card)) => {
            if let Some(Task::EvolvePay { card: k, left, .. }) = s.tasks.pop() {
                remove_card(&mut s.player_mut(seat).active, card);
                s.discard.push(card);
                ev.push(Event::Discarded { seat, card });
                s.tasks.push(Task::EvolvePay {
                    seat,
                    card: k,
                    left: left.saturating_sub(1),
                });
            }
        }
        (Decision::SpecialSwap(seat), Choice::Animal(sp)) => {
            if let Some(i) = s.find_plain(&sp) {
                let old = s.animals[i];
                s.kill(i, Cause::Swap, ev);
                let flags = flag::SPECIAL | (old.animal.flags & (flag::TOXIC | flag::INACTIVE));
                s.place_new(
                    old.region,
                    old.niche,
                    Animal {
                        group: group_of(s, seat),
                        flags,
                    },
                    ev,
                );
            }
        }
        (Decision::Toxify(_), Choice::Animal(sp)) => {
            if let Some(Task::Toxify { seat, left }) = s.tasks.pop() {
                set_flag_on(s, &sp, flag::TOXIC, true, ev);
                if left > 1 {
                    s.tasks.push(Task::Toxify {
                        seat,
                        left: left - 1,
                    });
                }
            }
        }
        (Decision::Toxify(_), Choice::Done) => {
            s.tasks.pop();
        }
        (Decision::ExtraPopulate(seat), Choice::Populate { region, special }) => {
            populate_one(s, d, seat, region, special, None, ev);
        }
        (Decision::PopulatedToxic(_), Choice::Confirm) => {
            if let Some(Task::PopulatedToxic { spot, .. }) = s.tasks.pop() {
                set_flag_on(s, &spot, flag::TOXIC, true, ev);
            }
        }
        (Decision::PopulatedToxic(_), Choice::Skip) => {
            s.tasks.pop();
        }
        (Decision::DrawOnWin(_), Choice::Confirm) => {
            if let Some(Task::DrawOnWin { seat, count }) = s.tasks.pop() {
                s.draw_cards(seat, count, ev);
                s.tasks.push(Task::HandLimit(seat));
            }
        }
        (Decision::DrawOnWin(_), Choice::Skip) => {
            s.tasks.pop();
        }
        (Decision::SurviveMore(_), Choice::Confirm) => {
            if let Some(Task::SurviveMore { seat, left }) = s.tasks.pop() {
                s.climb_instinct(d, seat, ev);
                if left > 1 {
                    s.tasks.push(Task::SurviveMore {
                        seat,
                        left: left - 1,
                    });
                }
            }
        }
        (Decision::SurviveMore(_), Choice::Done) => {
            s.tasks.pop();
        }
        (Decision::ShedMore(seat), Choice::Animal(sp)) => {
            shed_one(s, d, seat, &sp, ev);
            let max = match d.group(group_of(s, seat)).ability {
                Ability::Shed { max, .. } => max,
                _ => 0,
            };
            let g = group_of(s, seat);
            if s.player(seat).shed < max && s.animals.iter().any(shed_candidate(s, g)) {
                s.decision = Some(Decision::ShedMore(seat));
            }
        }
        (Decision::ExtraStep(seat), Choice::Move { region, niche, .. }) => {
            if let Some(i) = tracked(s, group_of(s, seat)) {
                perform_step(s, d, seat, i, region, niche, ev);
            }
        }
        (Decision::AmbushOwn(seat), Choice::Animal(sp)) => {
            s.decision = Some(Decision::AmbushTarget(seat, sp));
        }
        (Decision::AmbushTarget(_, own), Choice::Animal(t)) => kill_contest(s, d, &own, &t, ev),
        (Decision::Peek(seat), Choice::Field(f)) => {
            s.player_mut(seat).known |= 1 << f;
            ev.push(Event::Peeked { seat, field: f });
        }
        (Decision::FatReserves(seat), Choice::Region(r)) => {
            s.player_mut(seat).fat |= 1 << r;
        }
        (Decision::Parasites(_), Choice::Animal(t)) => {
            set_flag_on(s, &t, flag::INACTIVE, true, ev);
        }
        (Decision::Venom(_), Choice::Animal(t)) => {
            set_flag_on(s, &t, flag::TOXIC, true, ev);
        }
        (Decision::Niche0Attack(seat), Choice::Animal(t)) => {
            if let Some(i) = tracked(s, group_of(s, seat)) {
                let own = s.animals[i].spot();
                let f = s.animals[i].animal.flags & !flag::TRACK;
                s.set_flags(i, f);
                kill_contest(s, d, &own, &t, ev);
            }
        }
        (Decision::ContestCards(seat), Choice::Use(card))
            if matches!(d.adapt[card as usize].effect, AdaptEffect::Recovery {}) =>
        {
            // Every Inactive marker of the group goes, the contestant's too (it is held
            // off the board), and it now counts its full Expansiveness (ruling D5).
            use_card(s, d, seat, card, ev);
            if let Some(&Task::Contest(mut c)) = s.tasks.last() {
                let attacker = c.step == 1;
                let a = if attacker {
                    &mut c.attacker
                } else {
                    &mut c.defender
                };
                a.flags &= !flag::INACTIVE;
                let a = *a;
                let value = effects::expansiveness(d, s, a, c.region, attacker);
                if attacker {
                    c.att = value;
                } else {
                    c.def = value;
                }
                ev.push(Event::Status {
                    spot: Placed {
                        region: c.region,
                        niche: c.niche,
                        animal: a,
                    }
                    .spot(),
                    flags: a.flags & flag::PERSISTENT,
                });
                if let Some(t) = s.tasks.last_mut() {
                    *t = Task::Contest(c);
                }
            }
        }
        (Decision::ContestCards(seat), Choice::Use(card)) => {
            let amount = match d.adapt[card as usize].effect {
                AdaptEffect::ContestBonus { amount } => amount,
                _ => 0,
            };
            spend_card(s, d, seat, card, ev);
            if let Some(Task::Contest(c)) = s.tasks.last_mut() {
                if c.step == 1 {
                    c.att += amount;
                } else {
                    c.def += amount;
                }
            }
        }
        (Decision::ContestCards(_), Choice::Done) => {
            if let Some(Task::Contest(c)) = s.tasks.last_mut() {
                c.step += 1;
            }
        }
        (Decision::Escape(seat), Choice::Use(card)) => {
            spend_card(s, d, seat, card, ev);
            // The loser escapes: it is no longer devoured, so a Toxic loser no longer takes
            // the winner with it; only a Toxic winner still dies (rulebook p.16, Toxic).
            let winner_toxic_dies = match s.tasks.last() {
                Some(Task::Contest(c)) => {
                    let w = if c.att_wins { c.attacker } else { c.defender };
                    w.toxic() && !effects::immune(d, s, w)
                }
                _ => false,
            };
            if let Some(Task::Contest(c)) = s.tasks.last_mut() {
                c.loser_dies = false;
                c.winner_dies = winner_toxic_dies;
                c.step = 5;
            }
        }
        (Decision::Escape(_), Choice::Done) => {
            if let Some(Task::Contest(c)) = s.tasks.last_mut() {
                c.step = 5;
            }
        }
        (Decision::Hunger { seat, region, owed }, c) => {
            match c {
                Choice::PayDominance => s.add_dominance(seat, -1, ev),
                Choice::Animal(sp) => {
                    if let Some(i) = s.find_plain(&sp) {
                        s.kill(i, Cause::Hunger, ev);
                    }
                }
                _ => {}
            }
            if owed > 1 {
                s.decision = Some(Decision::Hunger {
                    seat,
                    region,
                    owed: owed - 1,
                });
            }
        }
        (Decision::EndWindow(_), Choice::Done) => {
            if let Some(Task::EndWindows(pos)) = s.tasks.pop() {
                s.tasks.push(Task::EndWindows(pos + 1));
            }
        }
        (Decision::EndWindow(seat), Choice::Use(card)) => use_card(s, d, seat, card, ev),
        (Decision::EndWindow(seat), Choice::Shed(sp)) => shed_first(s, d, seat, &sp, ev),
        (Decision::AgePlace(seat), Choice::Region(r)) => {
            let g = group_of(s, seat);
            s.place_new(r, 0, Animal::new(g), ev);
        }
        (Decision::AgeLose(_), Choice::Animal(sp)) | (Decision::AgeToll(_), Choice::Animal(sp)) => {
            if let Some(i) = s.find_plain(&sp) {
                s.kill(i, Cause::Event, ev);
            }
        }
        (Decision::AgeToll(seat), Choice::PayDominance) => {
            let toll = match current_age(s, d) {
                Some(AgeEffect::Toll { dominance }) => dominance,
                _ => 0,
            };
            s.add_dominance(seat, -toll, ev);
        }
        (
            Decision::AgeMigrate(seat),
            Choice::Move {
                from,
                region,
                niche,
            },
        ) => {
            if let Some(i) = s.find_plain(&from) {
                perform_step(s, d, seat, i, region, niche, ev);
            }
        }
        (Decision::AgePopulate(seat), Choice::Populate { region, special }) => {
            populate_one(s, d, seat, region, special, None, ev);
        }
        (
            Decision::SpecialSwap(_)
            | Decision::ExtraStep(_)
            | Decision::Niche0Attack(_)
            | Decision::AgePlace(_)
            | Decision::AgeMigrate(_)
            | Decision::AgePopulate(_),
            Choice::Skip,
        )
        | (Decision::ShedMore(_), Choice::Done) => {}
        (dec, _) => s.decision = Some(dec),
    }
}

/// A niche-0 contest started by a card (the loser is removed).
fn kill_contest(s: &mut State, d: &Data, own: &Spot, target: &Spot, ev: &mut Vec<Event>) {
    let Some(i) = s.find_plain(own) else {
        return;
    };
    let att = s.take(i);
    let Some(j) = s.find_plain(target) else {
        s.put(att);
        return;
    };
    let def = s.take(j);
    contest::start(s, d, att.region, 0, att.animal, def.animal, true, ev);
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// The rule behind a decision and what it asks for, in words: the refusal of a choice that is
/// not among the ones offered.
fn asks(dec: Decision) -> (&'static str, &'static str) {
    match dec {
        Decision::Place(_) => (
            "Game Setup (p.10)",
            "place your starting animal in niche 0 of an available region outside the Subpolar zones",
        ),
        Decision::Discard(_) => (
            "Drawing Phase (p.17; ruling D2)",
            "discard one adaptation card from your Inactive zone down to the limit",
        ),
        Decision::Turn { acted: false, .. } => (
            "Action Phase (p.17)",
            "take an action (Adapt, Populate, Migrate or Survive), use a free step or pass",
        ),
        Decision::Turn { acted: true, .. } => (
            "Action Phase (p.17)",
            "you have acted: use a free step or end your turn with Done",
        ),
        Decision::EvolvePay(_) => (
            "Adapt (p.21)",
            "discard one of your active adaptation cards to pay for the evolution card",
        ),
        Decision::SpecialSwap(_) => (
            "Special Animals (p.22; ruling I7)",
            "choose one of your ordinary animals to swap for the Special Animal, or skip",
        ),
        Decision::Toxify(_) => (
            "Toxic (p.16)",
            "choose one of your animals without a Toxic marker to make Toxic, or finish with Done",
        ),
        Decision::ExtraPopulate(_) => (
            "Populate (p.22)",
            "place another animal (Rapid Reproduction) in an available region",
        ),
        Decision::PopulatedToxic(_) => (
            "Toxic (p.16)",
            "confirm to make the new animal Toxic, or skip",
        ),
        Decision::SurviveMore(_) => (
            "Survive (p.24)",
            "confirm to move your instinct marker another field, or finish with Done",
        ),
        Decision::ShedMore(_) => (
            "Invertebrates (p.26)",
            "choose another of your ordinary animals to remove, or finish with Done",
        ),
        Decision::ExtraStep(_) => (
            "Adaptation Cards (p.21)",
            "Long Migration: move the animal that just migrated one more step, or skip",
        ),
        Decision::AmbushOwn(_) => (
            "Adaptation Cards (p.21)",
            "Ambush: choose one of your animals in niche 0 of a region where a rival also holds niche 0",
        ),
        Decision::AmbushTarget(..) => (
            "Adaptation Cards (p.21)",
            "Ambush: choose a rival animal in niche 0 of your animal's region",
        ),
        Decision::Peek(_) => (
            "Adaptation Cards (p.21)",
            "Keen Senses: choose an instinct track field whose tile you have not seen",
        ),
        Decision::FatReserves(_) => (
            "Adaptation Cards (p.21)",
            "Fat Reserves: choose a region where you have animals and that is not protected yet",
        ),
        Decision::Parasites(_) => (
            "Adaptation Cards (p.21)",
            "Parasites: choose an active rival animal in a region where you have an animal",
        ),
        Decision::Venom(_) => (
            "Adaptation Cards (p.21)",
            "Venom: choose one of your animals without a Toxic marker",
        ),
        Decision::Niche0Attack(_) => (
            "Evolution Cards (p.21)",
            "attack a rival animal in niche 0 of the region your animal migrated to, or skip",
        ),
        Decision::ContestCards(_) => (
            "Contest (p.14)",
            "play one of your active contest cards, or finish with Done",
        ),
        Decision::Escape(_) => (
            "Contest (p.14)",
            "play an Escape card so that your animal withdraws instead of dying, or finish with Done",
        ),
        Decision::Hunger { .. } => (
            "Survival Phase (p.18)",
            "pay 1 dominance or remove one of your animals in the hungry region",
        ),
        Decision::EndWindow(_) => (
            "Action Phase (p.17; ruling D5)",
            "after passing: use your group ability or an any-time adaptation card, or finish with Done",
        ),
        Decision::AgePlace(_) => (
            "Turn of the Ages (p.19)",
            "place an animal from your supply in niche 0 of an available region of the card's rows, or skip",
        ),
        Decision::AgeLose(_) => (
            "Turn of the Ages (p.19)",
            "remove one of your animals in niche 0",
        ),
        Decision::AgeToll(_) => (
            "Turn of the Ages (p.19)",
            "remove one of your animals or pay the dominance the card asks",
        ),
        Decision::AgeMigrate(_) => (
            "Turn of the Ages (p.19)",
            "make one free migration step with one of your active animals, or skip",
        ),
        Decision::AgePopulate(_) => (
            "Turn of the Ages (p.19)",
            "Populate once for free in an available region, or skip",
        ),
        Decision::DrawOnWin(_) => (
            "Sauropsida (ch. 9)",
            "your animal won the contest: confirm to draw an adaptation card, or skip",
        ),
    }
}

/// The rule that forbids a choice which is not legal now.
pub fn explain(s: &State, d: &Data, c: Choice) -> Refusal {
    let Some(dec) = s.decision else {
        return Refusal::game_over();
    };
    let generic = || {
        let (rule, asked) = asks(dec);
        Refusal::new(
            rule,
            format!("{asked}; that is not one of the choices offered"),
        )
    };
    let Decision::Turn {
        seat,
        acted,
        forced,
    } = dec
    else {
        return generic();
    };
    let p = s.player(seat);
    let costs = d.group(p.group).costs;
    let action = match c {
        Choice::Populate { .. } => Some(Action::Populate),
        Choice::Move { .. } => Some(Action::Migrate),
        Choice::Survive => Some(Action::Survive),
        Choice::Activate(_) | Choice::Evolve(_) => Some(Action::Adapt),
        _ => None,
    };
    if let Some(a) = action {
        if acted {
            return Refusal::new(
                "Action Phase (p.17)",
                "one action per turn: end your turn with Done",
            );
        }
        if forced {
            return Refusal::new(
                "Pass (p.17)",
                "with no Action Points or no action markers left you must pass",
            );
        }
        if p.actions_taken() >= d.rules.action_markers {
            return Refusal::new("Action markers (p.8)", "all 5 action markers are used");
        }
        if p.used[a as usize] >= d.rules.same_action_limit {
            return Refusal::new(
                "Action limit (p.17)",
                format!("{a} was already taken twice this stage"),
            );
        }
        let cost = match c {
            Choice::Populate { .. } => effects::populate_cost(d, p),
            Choice::Move { from, .. } => s.find(&from).map_or(costs[2] as i32, |i| {
                effects::migrate_cost(d, p, s.animals[i].animal)
            }),
            _ => costs[a as usize] as i32,
        };
        if p.ap < cost {
            return Refusal::new(
                "Action Phase (p.17)",
                format!("{a} costs {cost} AP and you have {}", p.ap),
            );
        }
        return match c {
            Choice::Populate { region, special } => {
                if !s.available(region) {
                    Refusal::new("Unavailability Markers (p.9)", "that region is unavailable")
                } else if special {
                    Refusal::new(
                        "Special Animals (p.22)",
                        "the Special Animal card is not active or its marker is on the board",
                    )
                } else {
                    Refusal::new("Populate (p.22)", "you have no Animal Markers left")
                }
            }
            Choice::Move { from, .. } => match s.find(&from) {
                None => Refusal::new("Migrate (p.23)", "there is no such animal of yours"),
                Some(i) if s.animals[i].animal.group != p.group => {
                    Refusal::new("Migrate (p.23)", "you can only migrate your own animals")
                }
                Some(i) if s.animals[i].animal.inactive() => {
                    Refusal::new("Inactive (p.16)", "an Inactive animal cannot Migrate")
                }
                Some(_) => Refusal::new(
                    "Migrate (p.23)",
                    "not a legal step: within the region ±1 niche; within the climate zone the same or one lower; within the sector one lower; never into your own group's niche",
                ),
            },
            Choice::Survive => Refusal::new(
                "Survive (p.24; ruling I2)",
                "your instinct marker is on the top field",
            ),
            Choice::Activate(_) => Refusal::new(
                "Adapt (p.21)",
                "that card is not in your Inactive zone, or your Active zone holds 3",
            ),
            Choice::Evolve(_) => Refusal::new(
                "Adapt (p.21)",
                "that evolution card is active, unaffordable, beyond the limit of 3, or a second Special Animal",
            ),
            _ => generic(),
        };
    }
    match c {
        Choice::Pass if acted => Refusal::new(
            "Pass (p.17)",
            "you already acted this turn: end it with Done",
        ),
        Choice::Done if !acted => Refusal::new(
            "Action Phase (p.17)",
            "you cannot skip your turn: act or pass",
        ),
        Choice::Claim(_) => Refusal::new(
            "Completing Objectives (p.17)",
            "the requirement is not met, you already completed it, or you have no objective marker left",
        ),
        Choice::Unblock(_) | Choice::CashIn(_) | Choice::Use(_) | Choice::Shed(_)
            if forced =>
        {
            Refusal::new("Pass (p.17)", "with no Action Points left you must pass")
        }
        Choice::Unblock(_) => Refusal::new(
            "Inactive (p.16)",
            "pay 1 AP to remove an Inactive marker from one of your Inactive animals",
        ),
        Choice::Use(_) => Refusal::new(
            "Adaptation Cards (p.21)",
            "that card is not active or its ability cannot be used now",
        ),
        Choice::Shed(_) => Refusal::new(
            "Invertebrates (p.26)",
            "the ability is used once per stage, on your own ordinary animals",
        ),
        Choice::Bearer(_) => Refusal::new(
            "Solo Mode (p.28)",
            "the objective marker costs 1 AP, goes beside one ordinary animal, and only one is on the board",
        ),
        _ => generic(),
    }
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
