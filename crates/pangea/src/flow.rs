//! The engine's task runner: stages and their phases, neutral animals, survival, initiative,
//! the Turns of the Ages and the Doom. Forced steps run here; a step that needs a decision sets
//! [`State::decision`] and stops.

use crate::ages;
use crate::choices;
use crate::contest;
use crate::data::{Data, NeutralAct, SoloTrigger};
use crate::effects;
use crate::state::{Cause, Decision, Event, Final, MigrateKind, Owner, Phase, State, Task};
use crate::types::{flag, row, step, Animal, Dir, Group, Level, Placed, REGIONS};

/// Runs tasks until a decision is needed or the game is over.
pub fn advance(s: &mut State, d: &Data, ev: &mut Vec<Event>) {
    while s.decision.is_none() {
        let Some(t) = s.tasks.pop() else {
            break;
        };
        run(s, d, t, ev);
    }
}

fn run(s: &mut State, d: &Data, t: Task, ev: &mut Vec<Event>) {
    match t {
        Task::SetupPlace(pos) => setup_place(s, pos),
        Task::StageStart => stage_start(s, ev),
        Task::NeutralStep(i) => neutral_step(s, d, i, ev),
        Task::NeutralAct(i, a) => neutral_act(s, d, i, a, ev),
        Task::NeutralMigrate(i, k) => neutral_migrate(s, d, i, k, ev),
        Task::RedSecond(i, contested) => red_second(s, d, i, contested, ev),
        Task::ClearMoved => clear_bits(s, flag::MOVED),
        Task::Draw(pos) => draw(s, d, pos, ev),
        Task::HandLimit(seat) => hand_limit(s, d, seat),
        Task::ActionPhase => action_phase(s),
        Task::TurnResume { seat, acted } => set_turn(s, seat, acted),
        Task::EndWindows(pos) => end_windows(s, d, pos),
        Task::Survival(r) => survival(s, d, r, ev),
        Task::HungerSeat { region, pos } => hunger_seat(s, d, region, pos),
        Task::SoloHunger(r) => solo_hunger(s, d, r, ev),
        Task::Initiative => initiative(s, d, ev),
        Task::AgesStart => ages_start(s, d, ev),
        Task::AgeStep { card, pos } => ages::step(s, d, card, pos, ev),
        Task::Development => development(s, d, ev),
        Task::Expansion => expansion(s, d),
        Task::Doom => doom(s, d, ev),
        Task::Contest(c) => contest::run(s, d, c, ev),
        Task::AfterMove {
            seat,
            region,
            niche,
            warned,
        } => after_move(s, d, seat, region, niche, warned, ev),
        t @ Task::EvolvePay { seat, card, left } => {
            if left == 0 {
                let p = s.player_mut(seat);
                p.evo |= 1 << card;
                ev.push(Event::Evolved { seat, card });
            } else if s.player(seat).active.is_empty() {
                // Cannot happen when the card was affordable; stop rather than wait forever.
            } else {
                s.tasks.push(t);
                s.decision = Some(Decision::EvolvePay(seat));
            }
        }
        // Ruling I7: the swap is optional.
        Task::SpecialSwap(seat) => {
            let g = s.player(seat).group;
            let any = s
                .animals
                .iter()
                .any(|p| p.animal.group == g && !p.animal.special() && !p.animal.bearer());
            if any && !s.special_out(g) {
                s.decision = Some(Decision::SpecialSwap(seat));
            }
        }
        t @ Task::Toxify { seat, left } => {
            let g = s.player(seat).group;
            if left > 0
                && s.animals
                    .iter()
                    .any(|p| p.animal.group == g && !p.animal.toxic())
            {
                s.tasks.push(t);
                s.decision = Some(Decision::Toxify(seat));
            }
        }
        Task::ExtraPopulate { seat, left } => {
            if left > 0 && choices::can_populate_anywhere(s, d, seat) {
                if left > 1 {
                    s.tasks.push(Task::ExtraPopulate {
                        seat,
                        left: left - 1,
                    });
                }
                s.decision = Some(Decision::ExtraPopulate(seat));
            }
        }
        t @ Task::PopulatedToxic { seat, spot } => {
            if s.find(&spot).is_some() && !spot_toxic(spot.flags) {
                s.tasks.push(t);
                s.decision = Some(Decision::PopulatedToxic(seat));
            }
        }
        Task::Climb { region, from } => climb(s, d, region, from, ev),
        t @ Task::SurviveMore { seat, left } => {
            if left > 0 && s.player(seat).instinct < d.top_field() {
                s.tasks.push(t);
                s.decision = Some(Decision::SurviveMore(seat));
            }
        }
        // Sauropsida "can" draw on a win (rulebook ch. 9): asked only when a card is left to
        // draw (the deck, or the discard pile to reshuffle).
        t @ Task::DrawOnWin { seat, count } => {
            if count > 0 && !(s.deck.is_empty() && s.discard.is_empty()) {
                s.tasks.push(t);
                s.decision = Some(Decision::DrawOnWin(seat));
            }
        }
    }
}

fn spot_toxic(flags: u8) -> bool {
    flags & flag::TOXIC != 0
}

/// Clears bookkeeping bits from every animal.
pub fn clear_bits(s: &mut State, bits: u8) {
    let mut i = 0;
    while i < s.animals.len() {
        let f = s.animals[i].animal.flags;
        if f & bits != 0 {
            s.set_flags(i, f & !bits);
            i = 0;
        } else {
            i += 1;
        }
    }
}

fn setup_place(s: &mut State, pos: u8) {
    s.phase = Phase::Setup;
    if let Some(&seat) = s.order.get(pos as usize) {
        s.tasks.push(Task::SetupPlace(pos + 1));
        s.decision = Some(Decision::Place(seat));
    }
}

/// Starts a stage: per-stage resets, then the Neutral Animals, Drawing and Action phases.
fn stage_start(s: &mut State, ev: &mut Vec<Event>) {
    s.phase = Phase::Neutral;
    ev.push(Event::StageBegan(s.stage));
    for p in &mut s.players {
        p.passed = false;
        p.used = [0; 4];
        p.shed = 0;
        p.shed_used = false;
        p.multi_used = false;
        p.cheap_used = 0;
        p.fat = 0;
        p.armed = 0;
        p.kill = false;
    }
    s.solo_pending = 0;
    s.cursor = 0;
    s.tasks.push(Task::ActionPhase);
    s.tasks.push(Task::Draw(0));
    s.tasks.push(Task::NeutralStep(0));
}

/// Neutral Animals phase for one group (rulebook p.16, Stages 1): re-enter if absent, roll
/// the D6, resolve the set for the current epoch. Ruling I3: a neutral group first clears
/// its Inactive markers.
fn neutral_step(s: &mut State, d: &Data, i: u8, ev: &mut Vec<Event>) {
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

fn neutral_act(s: &mut State, d: &Data, i: u8, a: NeutralAct, ev: &mut Vec<Event>) {
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

/// Moves the animal at index `i` to (region, niche); a rival there starts a contest.
pub fn move_animal(s: &mut State, d: &Data, i: usize, region: u8, niche: u8, ev: &mut Vec<Event>) {
    let p = s.take(i);
    ev.push(Event::Moved {
        from: p.spot(),
        region,
        niche,
    });
    let a = p.animal;
    if niche > 0 {
        if let Some(o) = s.occupant(region, niche) {
            if s.animals[o].animal.group != a.group {
                let def = s.take(o).animal;
                contest::start(s, d, region, niche, a, def, false, ev);
                return;
            }
        }
    }
    s.put(Placed {
        region,
        niche,
        animal: a,
    });
}

/// Neutral Migrate (rulebook p.25): every marker of the group moves one niche up, in resolve
/// order, niche 2 before 1 before 0 (ruling D1). Inactive markers do not move. Green arrow:
/// only into an empty niche. Red arrow: then a second, sideways migration into a contest.
fn neutral_migrate(s: &mut State, d: &Data, i: u8, kind: MigrateKind, ev: &mut Vec<Event>) {
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
fn red_second(s: &mut State, d: &Data, i: u8, contested: Option<u8>, ev: &mut Vec<Event>) {
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
        step(p.region, dir).filter(|&r| {
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

/// Drawing phase (rulebook p.17): in initiative order each player draws 2 adaptation cards,
/// then discards down to 3.
fn draw(s: &mut State, d: &Data, pos: u8, ev: &mut Vec<Event>) {
    s.phase = Phase::Drawing;
    let Some(&seat) = s.order.get(pos as usize) else {
        return;
    };
    s.tasks.push(Task::Draw(pos + 1));
    s.draw_cards(seat, d.rules.draw_per_stage, ev);
    s.tasks.push(Task::HandLimit(seat));
}

/// The Inactive-zone limit (rulebook p.17; ruling D2: applied right after any draw).
fn hand_limit(s: &mut State, d: &Data, seat: u8) {
    if s.player(seat).hand.len() > d.rules.hand_limit as usize {
        s.tasks.push(Task::HandLimit(seat));
        s.decision = Some(Decision::Discard(seat));
    }
}

/// Gives the turn to the next player who has not passed (rulebook p.17, Action Phase).
fn action_phase(s: &mut State) {
    s.phase = Phase::Action;
    let n = s.order.len();
    for k in 0..n {
        let pos = (s.cursor as usize + k) % n;
        let seat = s.order[pos];
        if !s.player(seat).passed {
            s.cursor = pos as u8;
            set_turn(s, seat, false);
            return;
        }
    }
    s.tasks.push(Task::EndWindows(0));
}

/// Offers a player's turn. With 0 AP or every action marker used, the player must pass
/// (rulebook p.17, Pass).
pub fn set_turn(s: &mut State, seat: u8, acted: bool) {
    let p = s.player(seat);
    let markers = crate::data::data().map_or(5, |d| d.rules.action_markers);
    let forced = !acted && (p.ap <= 0 || p.actions_taken() >= markers);
    s.decision = Some(Decision::Turn {
        seat,
        acted,
        forced,
    });
}

/// After everyone passed: each passed player who can still use the special ability or an
/// any-time adaptation card gets a last window (ruling D5).
fn end_windows(s: &mut State, d: &Data, pos: u8) {
    let Some(&seat) = s.order.get(pos as usize) else {
        s.tasks.push(Task::Survival(0));
        return;
    };
    if choices::window_has_options(s, d, seat) {
        s.tasks.push(Task::EndWindows(pos));
        s.decision = Some(Decision::EndWindow(seat));
    } else {
        s.tasks.push(Task::EndWindows(pos + 1));
    }
}

/// Survival phase (rulebook p.18): check every region in resolve order; place a hunger marker
/// where the animals exceed the food; resolve hunger where there is a marker. Ruling C4: a
/// marker keeps biting until the Turn of the Ages; ruling C5: hunger and warning markers never
/// run out.
fn survival(s: &mut State, d: &Data, r: u8, ev: &mut Vec<Event>) {
    s.phase = Phase::Survival;
    if r as usize >= REGIONS {
        s.tasks.push(Task::Initiative);
        return;
    }
    s.tasks.push(Task::Survival(r + 1));
    let bit = 1u32 << r;
    if s.hunger & bit == 0 {
        if s.count_in(r) <= s.food(d, r) {
            return;
        }
        s.hunger |= bit;
        ev.push(Event::HungerMarker(r));
        if s.players.len() < 4 && (d.cards_start | d.cards_later) & bit != 0 {
            s.region_stack &= !bit;
            s.region_out |= bit;
        }
    }
    if s.solo_pending & bit != 0 {
        s.tasks.push(Task::SoloHunger(r));
    }
    s.tasks.push(Task::HungerSeat { region: r, pos: 0 });
    // Neutral groups come first on the initiative track; they have no dominance, so every
    // neutral animal in a hungry region is removed (ruling C2).
    let owner = s.owner;
    s.remove_where(Cause::Hunger, ev, |p| {
        p.region == r && matches!(owner[p.animal.group as usize], Owner::Neutral(_))
    });
}

/// What a seat owes for hunger in a region: one per liable animal, capped by Estivation.
pub fn hunger_owed(s: &State, d: &Data, seat: u8, region: u8) -> u8 {
    let g = s.player(seat).group;
    let liable = s
        .animals
        .iter()
        .filter(|p| {
            p.region == region && p.animal.group == g && !effects::hunger_exempt(d, s, seat, p)
        })
        .count() as u8;
    match effects::hunger_cap(d, s.player(seat)) {
        Some(c) => liable.min(c),
        None => liable,
    }
}

fn hunger_seat(s: &mut State, d: &Data, region: u8, pos: u8) {
    let Some(&seat) = s.order.get(pos as usize) else {
        return;
    };
    s.tasks.push(Task::HungerSeat {
        region,
        pos: pos + 1,
    });
    let owed = hunger_owed(s, d, seat, region);
    if owed > 0 {
        s.decision = Some(Decision::Hunger { seat, region, owed });
    }
}

/// Solo Amphibians (rulebook p.28): the bearer caused hunger here and survived it.
fn solo_hunger(s: &mut State, d: &Data, r: u8, ev: &mut Vec<Event>) {
    let Some(p) = s.players.first() else {
        return;
    };
    if d.conditions[p.group as usize].trigger != SoloTrigger::MigrateCausingHunger {
        return;
    }
    if let Some(b) = s
        .animals
        .iter()
        .find(|a| a.region == r && a.animal.bearer())
        .copied()
    {
        place_condition(s, d, b.region, b.niche, ev);
    }
}

/// Puts a solo condition marker (at most one per region and niche, within the supply).
pub fn place_condition(s: &mut State, d: &Data, region: u8, niche: u8, ev: &mut Vec<Event>) {
    if s.conditions.len() >= d.rules.condition_markers as usize {
        return;
    }
    if s.conditions.iter().any(|&(r, _)| r == region) {
        return;
    }
    s.conditions.push((region, niche));
    ev.push(Event::ConditionMarker { region, niche });
}

/// After a player's migration step (to `region`, `niche`, contests resolved): solo condition
/// markers and Gorgonops' niche-0 attack.
///
/// Solo (rulebook p.28): the Synapsid and Amphibian triggers need the bearer to have migrated
/// into the region, not to hold the niche it moved to: a bearer that lost the contest on
/// arrival withdrew within the same region and still counts, and its marker goes where it is.
/// Only the Sauropsida trigger ("migrates to an Ecological Niche [2]") needs it in niche 2.
#[allow(clippy::too_many_arguments)]
fn after_move(
    s: &mut State,
    d: &Data,
    seat: u8,
    region: u8,
    niche: u8,
    warned: bool,
    ev: &mut Vec<Event>,
) {
    let g = s.player(seat).group;
    let Some(p) = s
        .animals
        .iter()
        .find(|p| p.animal.group == g && p.animal.flags & flag::TRACK != 0)
        .copied()
    else {
        return;
    };
    if p.region != region {
        return;
    }
    if s.setup.solo() && p.animal.bearer() {
        match d.conditions[g as usize].trigger {
            SoloTrigger::MigrateNewRow => {
                if !s.conditions.iter().any(|&(r, _)| row(r) == row(region)) {
                    place_condition(s, d, region, p.niche, ev);
                }
            }
            SoloTrigger::MigrateNiche2 => {
                if niche == 2 && p.niche == 2 {
                    place_condition(s, d, region, niche, ev);
                }
            }
            SoloTrigger::MigrateCausingHunger => {
                if warned && s.warning(d, region) {
                    s.solo_pending |= 1 << region;
                }
            }
            SoloTrigger::WinVsNeutral => {}
        }
    }
    if niche == 0
        && p.niche == 0
        && effects::niche0_attack(d, s, p.animal)
        && s.animals
            .iter()
            .any(|o| o.region == region && o.niche == 0 && o.animal.group != g)
    {
        s.decision = Some(Decision::Niche0Attack(seat));
    }
}

/// Initiative phase (rulebook p.18): fewest dominance first (ties keep their order), move the
/// Doom marker, reset AP to the coming stage's epoch (ruling D6), clear the action markers.
fn initiative(s: &mut State, d: &Data, ev: &mut Vec<Event>) {
    s.phase = Phase::Initiative;
    let dom: Vec<i32> = s.players.iter().map(|p| p.dominance).collect();
    s.order.sort_by_key(|&seat| dom[seat as usize]);
    ev.push(Event::Initiative(s.order.clone()));
    s.stage += 1;
    if s.stage >= d.total_stages() {
        s.tasks.push(Task::Doom);
        return;
    }
    let ap = d.ap[d.epoch_of(s.stage) as usize] as i32;
    for p in &mut s.players {
        p.ap = ap;
        p.used = [0; 4];
        p.passed = false;
    }
    if s.stage == d.first_stage(1) || s.stage == d.first_stage(2) {
        s.tasks.push(Task::AgesStart);
    } else {
        s.tasks.push(Task::StageStart);
    }
}

/// A Turn of the Ages (rulebook p.19): cleanup, event, development, expansion.
fn ages_start(s: &mut State, d: &Data, ev: &mut Vec<Event>) {
    s.phase = Phase::TurnOfAges;
    s.hunger = 0;
    s.tasks.push(Task::StageStart);
    if s.players.len() < 4 {
        s.tasks.push(Task::Expansion);
    }
    s.tasks.push(Task::Development);
    if let Some(&card) = s.ages.get(s.ages_revealed as usize) {
        s.ages_revealed += 1;
        ev.push(Event::AgeRevealed(card));
        if (card as usize) < d.ages.len() {
            s.tasks.push(Task::AgeStep { card, pos: 0 });
        }
    }
}

/// Development phase: new objective tiles for the coming epoch; markers return to supply.
fn development(s: &mut State, d: &Data, ev: &mut Vec<Event>) {
    let e = s.epoch(d) as usize;
    s.objectives.clear();
    for p in &mut s.players {
        p.claimed = 0;
    }
    let mut tiles = Vec::new();
    for _ in 0..d.objective_tiles[e] {
        if let Some(t) = s.objective_stacks[e].pop() {
            s.objectives.push(crate::state::ObjSlot {
                tile: t,
                claims: Vec::new(),
            });
            tiles.push(t);
        }
    }
    ev.push(Event::Objectives(tiles));
}

/// Expansion phase (1–3 players): region cards removed for hunger return; at the first Turn of
/// the Ages the Subpolar cards join the stack.
fn expansion(s: &mut State, d: &Data) {
    s.region_stack |= s.region_out;
    s.region_out = 0;
    if s.stage == d.first_stage(1) {
        s.region_stack |= d.cards_later;
    }
}

/// Applies one Dying-phase step's levels. Burrowing animals keep niche 0 against `burrow_ok`
/// steps and against any niche-0-only level. Ruling I6: Toxic and Inactive do not matter here;
/// ruling E3: closed regions are struck like any other.
fn dying_step(
    s: &mut State,
    d: &Data,
    levels: &effects::Levels,
    burrow_ok: bool,
    ev: &mut Vec<Event>,
) {
    let burrow: [bool; 4] = Group::ALL.map(|g| effects::burrows(d, s, g));
    s.remove_where(Cause::Doom, ev, |p| {
        let Some(l) = levels[p.region as usize] else {
            return false;
        };
        if !l.hits(p.niche) {
            return false;
        }
        let protected =
            p.niche == 0 && burrow[p.animal.group as usize] && (burrow_ok || l == Level::Niche0);
        !protected
    });
}

/// The Doom (rulebook p.19–20): reveal the Doom Stack, the Dying phase (epicentre, shockwave,
/// cataclysm), final dominance and the winner.
fn doom(s: &mut State, d: &Data, ev: &mut Vec<Event>) {
    s.phase = Phase::Doom;
    s.doom_revealed = true;
    let (sector, zone, cata) = match s.doom {
        [crate::types::Tile::Sector(c), crate::types::Tile::Zone(z), crate::types::Tile::Cataclysm(k)] => {
            (c, z, k)
        }
        _ => (0, 0, 0),
    };
    let epi = crate::types::region_at(sector as i32, zone as i32).unwrap_or(0);
    ev.push(Event::DoomRevealed {
        tiles: s.doom,
        epicentre: epi,
    });
    ev.push(Event::DyingStep(1));
    let lv = effects::epicentre_levels(d, epi);
    dying_step(s, d, &lv, false, ev);
    ev.push(Event::DyingStep(2));
    let lv = effects::shockwave_levels(d, epi);
    dying_step(s, d, &lv, true, ev);
    ev.push(Event::DyingStep(3));
    if let Some(c) = d.cataclysms.get(cata as usize) {
        for e in &c.effects {
            let lv = effects::cataclysm_levels(d, e, epi);
            dying_step(s, d, &lv, false, ev);
        }
    }
    finish(s, d, ev);
}

/// Final dominance and the winner: most dominance among players with an animal on the board;
/// ties: more animals, then more in niche 2, then shared (ruling G3).
pub fn finish(s: &mut State, d: &Data, ev: &mut Vec<Event>) {
    let pts = if s.setup.flat_final {
        [d.rules.flat_final_points; 3]
    } else {
        d.rules.final_points_per_niche
    };
    let mut survivors = Vec::new();
    for seat in 0..s.players.len() as u8 {
        let g = s.player(seat).group;
        let points: i32 = s
            .animals
            .iter()
            .filter(|p| p.animal.group == g)
            .map(|p| pts[p.niche.min(2) as usize])
            .sum();
        survivors.push(points);
        ev.push(Event::FinalScore { seat, points });
        s.add_dominance(seat, points, ev);
    }
    let key = |s: &State, seat: u8| {
        let g = s.player(seat).group;
        let n = s.animals_of(g);
        let top = s
            .animals
            .iter()
            .filter(|p| p.animal.group == g && p.niche == 2)
            .count();
        (s.player(seat).dominance, n, top)
    };
    let alive: Vec<u8> = (0..s.players.len() as u8)
        .filter(|&seat| s.animals_of(s.player(seat).group) > 0)
        .collect();
    let best = alive.iter().map(|&seat| key(s, seat)).max();
    let mut winners: Vec<u8> = match best {
        Some(b) => alive
            .iter()
            .copied()
            .filter(|&seat| key(s, seat) == b)
            .collect(),
        None => Vec::new(),
    };
    let mut solo_success = None;
    if s.setup.solo() {
        let ok = effects::solo_met(d, s);
        solo_success = Some(ok);
        let score = s.players.first().map_or(0, |p| p.dominance);
        ev.push(Event::SoloResult { success: ok, score });
        if !ok {
            winners.clear();
        }
    }
    ev.push(Event::GameOver {
        winners: winners.clone(),
    });
    s.result = Some(Final {
        survivors,
        winners,
        solo_success,
    });
    s.phase = Phase::Over;
    s.tasks.clear();
    s.decision = None;
}

/// Forced climb (Territorial Pressure): in resolve order, the animal in niche `from` of each
/// region moves up one niche. Inactive animals forced to move are removed (rulebook p.16).
fn climb(s: &mut State, d: &Data, region: u8, from: u8, ev: &mut Vec<Event>) {
    if region as usize >= REGIONS {
        return;
    }
    s.tasks.push(Task::Climb {
        region: region + 1,
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
