//! Turn of the Age cards (rulebook p.19, Event Phase): one function per effect kind, each
//! taking its parameters from `data/pangea/ages.toml`. Effects are resolved in initiative order,
//! and region effects in resolve order. Neutral groups always come before the players on the
//! initiative track (rulebook p.11, setup for 1–3 players; p.18, Initiative phase), so the
//! neutral groups' part of `free_placement`, `lose_niche0` and `toll` comes first (step 0),
//! then the players in initiative order (step k: the player at position k − 1). Two cards state
//! their own order with "then" and keep it: `free_migrate` (players, then the neutral groups)
//! and `population_boom` (neutral groups, then the player).

use crate::actions::{migrate, populate};
use crate::data::{data, AgeEffect, Data, StatusKind};
use crate::listing::{offer_each, Listing};
use crate::moves::{move_animal, perform_step};
use crate::neutral;
use crate::queries::{group_of, spots};
use crate::state::{Cause, Choice, Decision, Event, MigrateKind, State, Task};
use crate::texts::{self, toll as toll_text};
use crate::types::{flag, Animal, Group, Niche, Region, Regions, DIRS};
use crate::Pangea;
use eons_core::DecisionModule;

fn rows_mask(rows: &[u8]) -> u8 {
    if rows.is_empty() {
        0b11111
    } else {
        rows.iter().fold(0, |m, r| m | 1 << (r - 1))
    }
}

fn niches_mask(niches: &[u8]) -> u8 {
    niches.iter().fold(0, |m, n| m | 1 << n)
}

/// Runs step `pos` of Turn of the Age card `card`.
pub fn step(s: &mut State, d: &Data, card: u8, pos: u8, ev: &mut Vec<Event>) {
    let Some(c) = d.ages.get(card as usize) else {
        return;
    };
    match &c.effect {
        AgeEffect::FreePlacement { rows } => free_placement(s, d, card, pos, rows_mask(rows), ev),
        AgeEffect::LoseNiche0 {} => lose_niche0(s, card, pos, ev),
        AgeEffect::Status {
            status,
            rows,
            niches,
        } => set_status(s, *status, rows_mask(rows), niches_mask(niches), ev),
        AgeEffect::Draw {
            count,
            neutral_adapt,
        } => draw(s, d, card, pos, *count, *neutral_adapt, ev),
        AgeEffect::Climb { from_niche } => s.tasks.push(Task::Climb {
            region: Region(0),
            from: *from_niche,
        }),
        AgeEffect::CloseRegion { .. } => close_region(s, c.region, ev),
        AgeEffect::Remove { rows, niches } => remove(s, rows_mask(rows), niches_mask(niches), ev),
        AgeEffect::Toll { .. } => toll(s, card, pos, ev),
        AgeEffect::FreeMigrate {} => free_migrate(s, d, card, pos),
        AgeEffect::PopulationBoom {} => population_boom(s, d, card, pos, ev),
        AgeEffect::Wildfire { niches } => wildfire(s, niches_mask(niches), ev),
    }
}

/// The seat acting at step `pos` of a card whose neutral part is step 0, after pushing the
/// next step; `None` at step 0 or once every player has acted.
fn player_step(s: &mut State, card: u8, pos: u8) -> Option<u8> {
    let seat = *s.order.get((pos as usize).checked_sub(1)?)?;
    s.tasks.push(Task::AgeStep { card, pos: pos + 1 });
    Some(seat)
}

/// `free_placement`: each neutral group places one animal on a random region card of the rows;
/// then each player, in initiative order, may place one animal from supply, free, in niche 0 of
/// an available region of those rows.
fn free_placement(s: &mut State, d: &Data, card: u8, pos: u8, rows: u8, ev: &mut Vec<Event>) {
    if pos > 0 {
        if let Some(seat) = player_step(s, card, pos) {
            if !age_place_regions(s, d, seat, rows).is_empty() {
                s.decision = Some(Decision::AgePlace(seat));
            }
        }
        return;
    }
    s.tasks.push(Task::AgeStep { card, pos: 1 });
    let cards = d.cards_start | d.cards_later;
    for i in 0..s.neutrals.len() {
        let g = s.neutrals[i].group;
        if s.supply(d, g) == 0 {
            continue;
        }
        let cands: Vec<Region> = Region::all()
            .filter(|&r| cards.contains(r) && rows & (1 << r.row()) != 0 && s.available(r))
            .collect();
        if cands.is_empty() {
            continue;
        }
        let r = cands[s.rng.index(cands.len())];
        ev.push(Event::RegionCard(r));
        s.place_new(r, 0, Animal::new(g), ev);
    }
}

/// `lose_niche0`: each neutral group removes its first niche-0 animal in resolve order; then
/// each player with animals in niche 0, in initiative order, removes one of them.
fn lose_niche0(s: &mut State, card: u8, pos: u8, ev: &mut Vec<Event>) {
    if pos > 0 {
        if let Some(seat) = player_step(s, card, pos) {
            let g = s.player(seat).group;
            if s.animals
                .iter()
                .any(|p| p.animal.group == g && p.niche == 0)
            {
                s.decision = Some(Decision::AgeLose(seat));
            }
        }
        return;
    }
    s.tasks.push(Task::AgeStep { card, pos: 1 });
    let groups: Vec<Group> = s.neutrals.iter().map(|n| n.group).collect();
    for g in groups {
        if let Some(i) = s
            .animals
            .iter()
            .position(|p| p.animal.group == g && p.niche == 0)
        {
            s.kill(i, age_cause(s), ev);
        }
    }
}

/// `status`: every animal in the rows and niches gets the status.
fn set_status(s: &mut State, status: StatusKind, rows: u8, niches: u8, ev: &mut Vec<Event>) {
    let bit = match status {
        StatusKind::Inactive => flag::INACTIVE,
        StatusKind::Toxic => flag::TOXIC,
    };
    let mut i = 0;
    while i < s.animals.len() {
        let p = s.animals[i];
        if rows & (1 << p.region.row()) != 0
            && niches & (1 << p.niche) != 0
            && p.animal.flags & bit == 0
        {
            ev.push(Event::Status {
                spot: p.spot(),
                flags: (p.animal.flags | bit) & flag::PERSISTENT,
            });
            s.set_flags(i, p.animal.flags | bit);
            i = 0;
        } else {
            i += 1;
        }
    }
}

/// `draw`: each neutral group adapts (step 0); then each player in initiative order draws
/// cards and at once discards down to the limit, before the next player draws (ruling D2: "the
/// limit applies at once; discard down right after any draw", which matters when the deck runs
/// out and the discard pile is reshuffled).
fn draw(
    s: &mut State,
    d: &Data,
    card: u8,
    pos: u8,
    count: u8,
    neutral_adapt: u8,
    ev: &mut Vec<Event>,
) {
    if pos > 0 {
        if let Some(seat) = player_step(s, card, pos) {
            s.draw_cards(seat, count, ev);
            s.tasks.push(Task::HandLimit(seat));
        }
        return;
    }
    s.tasks.push(Task::AgeStep { card, pos: 1 });
    for i in 0..s.neutrals.len() as u8 {
        for _ in 0..neutral_adapt {
            neutral::neutral_adapt(s, d, i, ev);
        }
    }
}

/// `close_region`: the region becomes unavailable and its animals are removed.
fn close_region(s: &mut State, r: Region, ev: &mut Vec<Event>) {
    s.closed.insert(r);
    ev.push(Event::Closed(r));
    s.remove_where(age_cause(s), ev, |p| p.region == r);
}

/// `remove`: every animal in the rows and niches is removed.
fn remove(s: &mut State, rows: u8, niches: u8, ev: &mut Vec<Event>) {
    s.remove_where(age_cause(s), ev, |p| {
        rows & (1 << p.region.row()) != 0 && niches & (1 << p.niche) != 0
    });
}

/// `toll`: each neutral group removes its last animal in resolve order; then each player, in
/// initiative order, removes one of their animals or loses dominance.
fn toll(s: &mut State, card: u8, pos: u8, ev: &mut Vec<Event>) {
    if pos > 0 {
        if let Some(seat) = player_step(s, card, pos) {
            let g = s.player(seat).group;
            if s.animals_of(g) > 0 || s.player(seat).dominance > 0 {
                s.decision = Some(Decision::AgeToll(seat));
            }
        }
        return;
    }
    s.tasks.push(Task::AgeStep { card, pos: 1 });
    let groups: Vec<Group> = s.neutrals.iter().map(|n| n.group).collect();
    for g in groups {
        if let Some(i) = s.animals.iter().rposition(|p| p.animal.group == g) {
            s.kill(i, age_cause(s), ev);
        }
    }
}

/// `free_migrate`: each player may make one free migration step; then each neutral group
/// makes one red-arrow Migrate.
fn free_migrate(s: &mut State, d: &Data, card: u8, pos: u8) {
    let n = s.order.len() as u8;
    if pos < n {
        s.tasks.push(Task::AgeStep { card, pos: pos + 1 });
        let seat = s.order[pos as usize];
        if migrate::any_free_move(s, d, seat) {
            s.decision = Some(Decision::AgeMigrate(seat));
        }
        return;
    }
    for i in (0..s.neutrals.len() as u8).rev() {
        s.tasks.push(Task::ClearMoved);
        s.tasks.push(Task::NeutralMigrate(i, MigrateKind::Red));
    }
}

/// `population_boom`: each neutral group Populates; then each player may Populate for free.
fn population_boom(s: &mut State, d: &Data, card: u8, pos: u8, ev: &mut Vec<Event>) {
    if pos == 0 {
        s.tasks.push(Task::AgeStep { card, pos: 1 });
        let groups: Vec<Group> = s.neutrals.iter().map(|n| n.group).collect();
        for g in groups {
            neutral::neutral_populate(s, d, g, ev);
        }
        return;
    }
    let k = pos as usize - 1;
    if let Some(&seat) = s.order.get(k) {
        s.tasks.push(Task::AgeStep { card, pos: pos + 1 });
        if populate::can_populate_anywhere(s, d, seat) {
            s.decision = Some(Decision::AgePopulate(seat));
        }
    }
}

/// `wildfire`: draw a region card; remove the animals in the niches there and in each
/// available orthogonal neighbour.
fn wildfire(s: &mut State, niches: u8, ev: &mut Vec<Event>) {
    let Some(r) = s.draw_region_card(ev) else {
        return;
    };
    let mut hit = Regions::from(r);
    for dir in DIRS {
        if let Some(n) = r.step(dir) {
            if s.available(n) {
                hit.insert(n);
            }
        }
    }
    s.remove_where(age_cause(s), ev, |p| {
        hit.contains(p.region) && niches & (1 << p.niche) != 0
    });
}

/// Territorial Pressure's forced climb: in resolve order, the animal in niche `from` of each
/// region moves up one niche. Inactive animals forced to move are removed (rulebook p.16).
pub fn climb(s: &mut State, d: &Data, region: Region, from: u8, ev: &mut Vec<Event>) {
    if !region.on_map() {
        return;
    }
    s.tasks.push(Task::Climb {
        region: region.next(),
        from,
    });
    let Some(k) = s.occupant(region, from) else {
        return;
    };
    let p = s.animals[k];
    let dest = from + 1;
    if s.occupant(region, dest)
        .is_some_and(|o| s.animals[o].animal.group == p.animal.group)
    {
        // It stays below its own group (ruling B3). Not moving, it is not
        // removed even when Inactive: only "Inactive animals that would
        // move are removed" (reference §7.4).
        return;
    }
    if p.animal.inactive() {
        s.kill(k, Cause::Forced, ev);
        return;
    }
    move_animal(s, d, k, region, dest, ev);
}

// ---------------------------------------------------------------------------------------------
// The decisions the cards ask the players: the decision module [`TurnOfTheAge`]
// ---------------------------------------------------------------------------------------------

/// The revealed Turn of the Age card being resolved.
fn current_age(s: &State, d: &Data) -> Option<AgeEffect> {
    d.ages
        .get(current_card(s)? as usize)
        .map(|a| a.effect.clone())
}

/// The Turn of the Age card being resolved: the last one revealed.
pub fn current_card(s: &State) -> Option<u8> {
    let k = s.ages_revealed.checked_sub(1)?;
    s.ages.get(k as usize).copied()
}

/// Why an animal removed by the current Turn of the Age card left the board: the card.
fn age_cause(s: &State) -> Cause {
    Cause::Age(current_card(s).unwrap_or(0))
}

/// Regions where End of the Icehouse lets the seat place (`rows` bit mask).
pub fn age_place_regions(s: &State, d: &Data, seat: u8, rows: u8) -> Vec<Region> {
    if s.supply(d, group_of(s, seat)) == 0 {
        return Vec::new();
    }
    Region::all()
        .filter(|&r| s.available(r) && rows & (1 << r.row()) != 0)
        .collect()
}

/// The rows of the free placement being resolved (bit mask).
fn age_rows(s: &State, d: &Data) -> u8 {
    match current_age(s, d) {
        Some(AgeEffect::FreePlacement { rows }) => rows.iter().fold(0, |m, r| m | 1 << (r - 1)),
        _ => 0,
    }
}

/// The decisions a Turn of the Age card asks the players ([`Decision::AgePlace`],
/// [`Decision::AgeLose`], [`Decision::AgeToll`], [`Decision::AgeMigrate`],
/// [`Decision::AgePopulate`]).
pub(crate) struct TurnOfTheAge;

impl DecisionModule<Pangea> for TurnOfTheAge {
    type Decision = Decision;

    fn rule(dec: Decision) -> &'static str {
        match dec {
            Decision::AgePlace(_) => {
                "Turn of the Ages (p.19): place an animal from your supply in niche 0 of an available region of the card's rows, or skip"
            }
            Decision::AgeLose(_) => "Turn of the Ages (p.19): remove one of your animals in niche 0",
            Decision::AgeToll(_) => {
                "Turn of the Ages (p.19): remove one of your animals or pay the dominance the card asks"
            }
            Decision::AgeMigrate(_) => {
                "Turn of the Ages (p.19): make one free migration step with one of your active animals, or skip"
            }
            _ => "Turn of the Ages (p.19): Populate once for free in an available region, or skip",
        }
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let d = data();
        offer_each(offer, |out| match dec {
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
                migrate::free_moves(s, d, seat, out);
                out.push(Choice::Skip);
            }
            Decision::AgePopulate(seat) => {
                populate::targets(s, d, seat, out);
                out.push(Choice::Skip);
            }
            _ => {}
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        let d = data();
        match (dec, c) {
            (Decision::AgePlace(seat), Choice::Region(r)) => {
                let g = group_of(s, seat);
                s.place_new(r, 0, Animal::new(g), ev);
            }
            (Decision::AgeLose(_), Choice::Animal(sp))
            | (Decision::AgeToll(_), Choice::Animal(sp)) => {
                if let Some(i) = s.find_plain(&sp) {
                    s.kill(i, age_cause(s), ev);
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
                populate::populate_one(s, d, seat, region, special, None, ev);
            }
            (
                Decision::AgePlace(_) | Decision::AgeMigrate(_) | Decision::AgePopulate(_),
                Choice::Skip,
            ) => {}
            (dec, _) => s.decision = Some(dec),
        }
    }

    /// The card's own words for skipping, placing, removing and paying its toll.
    fn text(s: &State, dec: Decision, c: Choice) -> Option<String> {
        Some(match (dec, c) {
            (Decision::AgePlace(_), Choice::Skip) => "place no animal".into(),
            (Decision::AgeMigrate(_), Choice::Skip) => "skip the free migration".into(),
            (Decision::AgePopulate(_), Choice::Skip) => "skip the free Populate".into(),
            (Decision::AgePlace(_), Choice::Region(r)) => {
                format!("place an animal in {} for free", Niche(r, 0))
            }
            (Decision::AgeLose(_) | Decision::AgeToll(_), Choice::Animal(sp)) => {
                format!("remove {sp}")
            }
            (Decision::AgeToll(_), Choice::PayDominance) => {
                format!("lose {}", toll_text(data(), texts::current_age(s)))
            }
            _ => return None,
        })
    }
}
