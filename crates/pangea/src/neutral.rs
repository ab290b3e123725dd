//! The neutral animals (rulebook p.25): the Neutral Animals phase step of each neutral group and
//! its actions, Populate, Adapt and the three kinds of Migrate. Nobody decides for a neutral
//! group (its die does), so this is no decision module: its steps are automatic tasks of the
//! engine's table ([`crate::flow`]).

use crate::data::{Data, NeutralAct};
use crate::moves::move_animal;
use crate::state::{Event, MigrateKind, State, Task};
use crate::types::{flag, Animal, Dir, Group};

/// Neutral Animals phase for one group (rulebook p.16, Stages 1): re-enter if absent, roll
/// the D6, resolve the set for the current epoch. Ruling I3: a neutral group first clears
/// its Inactive markers.
pub fn neutral_step(s: &mut State, d: &Data, i: u8, ev: &mut Vec<Event>) {
    let Some(n) = s.neutrals.get(i as usize) else {
        return;
    };
    let g = n.group;
    s.tasks.push(Task::NeutralStep(i + 1));
    let mut cleared = false;
    while let Some(k) = s
        .animals
        .iter()
        .position(|p| p.animal.group == g && p.animal.inactive())
    {
        let f = s.animals[k].animal.flags & !flag::INACTIVE;
        s.set_flags(k, f);
        cleared = true;
    }
    if cleared {
        ev.push(Event::NeutralRecovered(g));
    }
    if s.animals_of(g) == 0 {
        neutral_populate(s, d, g, ev);
    }
    let roll = s.d6();
    let epoch = s.epoch(d) as usize;
    let set = d.group(g).neutral.sets[epoch][roll as usize - 1];
    ev.push(Event::NeutralRolled {
        group: g,
        roll,
        set,
    });
    for a in set.iter().rev() {
        s.tasks.push(Task::NeutralAct(i, *a));
    }
}

/// Neutral Populate (rulebook p.25): draw a region card and place a marker in its niche 0.
/// Ruling E4: with no marker in supply, an empty stack or a closed region, nothing happens.
pub fn neutral_populate(s: &mut State, d: &Data, g: Group, ev: &mut Vec<Event>) {
    if s.supply(d, g) == 0 {
        return;
    }
    let Some(r) = s.draw_region_card(ev) else {
        return;
    };
    if s.available(r) {
        s.place_new(r, 0, Animal::new(g), ev);
    }
}

/// Neutral Adapt (rulebook p.25): a marker on the Adaptation Track (ruling I4: full: nothing).
pub fn neutral_adapt(s: &mut State, d: &Data, i: u8, ev: &mut Vec<Event>) {
    let Some(n) = s.neutrals.get_mut(i as usize) else {
        return;
    };
    let cap = d.group(n.group).neutral.track;
    if n.track < cap {
        n.track += 1;
        ev.push(Event::NeutralAdapted(n.group));
    }
}

/// One action of a neutral group's rolled set.
pub fn neutral_act(s: &mut State, d: &Data, i: u8, a: NeutralAct, ev: &mut Vec<Event>) {
    let Some(g) = s.neutrals.get(i as usize).map(|n| n.group) else {
        return;
    };
    match a {
        NeutralAct::P => neutral_populate(s, d, g, ev),
        NeutralAct::A => neutral_adapt(s, d, i, ev),
        NeutralAct::M | NeutralAct::Mg | NeutralAct::Mr => {
            let kind = match a {
                NeutralAct::Mg => MigrateKind::Green,
                NeutralAct::Mr => MigrateKind::Red,
                _ => MigrateKind::Plain,
            };
            s.tasks.push(Task::ClearMoved);
            s.tasks.push(Task::NeutralMigrate(i, kind));
        }
    }
}

/// Neutral Migrate (rulebook p.25): every marker of the group moves one niche up, in resolve
/// order, niche 2 before 1 before 0 (ruling D1). Inactive markers do not move. Green arrow:
/// only into an empty niche. Red arrow: then a second, sideways migration into a contest.
pub fn neutral_migrate(s: &mut State, d: &Data, i: u8, kind: MigrateKind, ev: &mut Vec<Event>) {
    let Some(g) = s.neutrals.get(i as usize).map(|n| n.group) else {
        return;
    };
    let Some(k) = s.animals.iter().position(|p| {
        p.animal.group == g && p.animal.flags & flag::MOVED == 0 && !p.animal.inactive()
    }) else {
        return;
    };
    s.tasks.push(Task::NeutralMigrate(i, kind));
    let mut bits = s.animals[k].animal.flags | flag::MOVED;
    let p = s.animals[k];
    let dest = p.niche + 1;
    if kind == MigrateKind::Red {
        bits |= flag::TRACK;
        // The first migration starts a contest when a rival holds the niche above: the second
        // migration then needs the marker to have won it (rulebook p.25).
        let contested = (p.niche < 2)
            .then(|| s.occupant(p.region, dest))
            .flatten()
            .filter(|&o| s.animals[o].animal.group != g)
            .map(|_| dest);
        s.tasks.push(Task::RedSecond(i, contested));
    }
    let k = s.set_flags(k, bits);
    let p = s.animals[k];
    if p.niche >= 2 {
        return;
    }
    match s.occupant(p.region, dest) {
        None => move_animal(s, d, k, p.region, dest, ev),
        Some(o) if s.animals[o].animal.group == g => {}
        Some(_) if kind == MigrateKind::Green => {}
        Some(_) => move_animal(s, d, k, p.region, dest, ev),
    }
}

/// The red arrow's second migration (rulebook p.25): from niche 1 or 2, into the same niche of
/// the left or right region if an animal of another group is there (both: D6, 1–3 left).
/// "Only when the Neutral Animal occupies niche 1 or 2 (which means that if there was a Contest
/// in step 1, the Animal won it)": a marker that lost the first migration's contest (for
/// example from niche 1 into niche 2, withdrawing back to niche 1) does not migrate again.
/// `contested`: the niche the first migration contested, if it started a contest.
pub fn red_second(s: &mut State, d: &Data, i: u8, contested: Option<u8>, ev: &mut Vec<Event>) {
    let Some(g) = s.neutrals.get(i as usize).map(|n| n.group) else {
        return;
    };
    let Some(k) = s
        .animals
        .iter()
        .position(|p| p.animal.group == g && p.animal.flags & flag::TRACK != 0)
    else {
        return;
    };
    let f = s.animals[k].animal.flags & !flag::TRACK;
    let k = s.set_flags(k, f);
    let p = s.animals[k];
    if p.niche == 0 || contested.is_some_and(|n| p.niche != n) {
        return;
    }
    let target = |dir: Dir| {
        p.region.step(dir).filter(|&r| {
            s.available(r)
                && s.occupant(r, p.niche)
                    .is_some_and(|o| s.animals[o].animal.group != g)
        })
    };
    let (left, right) = (target(Dir::Left), target(Dir::Right));
    let dest = match (left, right) {
        (Some(l), Some(r)) => {
            if s.d6() <= 3 {
                l
            } else {
                r
            }
        }
        (Some(l), None) => l,
        (None, Some(r)) => r,
        (None, None) => return,
    };
    move_animal(s, d, k, dest, p.niche, ev);
}
