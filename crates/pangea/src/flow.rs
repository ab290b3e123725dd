//! The engine: the one table from the pending decision to the decision module that asks it,
//! and from each automatic task to the step that runs it; the task runner (stages and their
//! phases, neutral animals, survival, initiative, the Turns of the Ages and the Doom). Forced
//! steps run here; a step that needs a decision sets [`State::decision`] and stops.
//!
//! The phase steps of this file are automatic (nobody decides them): they are no decision
//! modules. Every decision is answered by its module through [`DecisionModule`]: its legal
//! choices, whether one choice is legal, what a choice does, why another is refused and its
//! own wording of a choice.

use crate::actions::{self, adapt, migrate, populate, shed, survive, window};
use crate::ages;
use crate::cards::{ambush, contest as contest_cards, fat_reserves, movement, senses, status};
use crate::contest;
use crate::data::{Data, SoloTrigger};
use crate::effects::place_condition;
use crate::neutral;
use crate::phases;
use crate::queries;
use crate::state::{Cause, Choice, Decision, Event, Final, Owner, Phase, State, Task};
use crate::texts;
use crate::types::{flag, Group, Level, Region, Regions};
use eons_core::{DecisionModule, Refusal};

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/// The one table from a pending decision to its decision module: `with_module!(decision,
/// M => call)` evaluates `call` with `M` the module (a type implementing
/// [`DecisionModule<Pangea>`](DecisionModule)) of `decision`. Every operation on a decision
/// (listing, checking, applying, refusing, wording) goes through this one `match`; the
/// automatic tasks, which nobody decides, are in [`run`] just below.
macro_rules! with_module {
    ($decision:expr, $module:ident => $call:expr) => {{
        // A row: `call` with `$module` naming the module.
        macro_rules! module {
            ($path:ty) => {{
                type $module = $path;
                $call
            }};
        }
        match $decision {
            Decision::Place(_) => module!(phases::StartingAnimal),
            Decision::Discard(_) => module!(phases::HandLimit),
            Decision::Turn { .. } => module!(actions::Turn),
            Decision::EvolvePay(_) => module!(adapt::EvolvePayment),
            Decision::SpecialSwap(_) => module!(adapt::SpecialSwap),
            Decision::Toxify(_) => module!(adapt::Toxify),
            Decision::ExtraPopulate(_) => module!(populate::RapidReproduction),
            Decision::PopulatedToxic(_) => module!(populate::PopulatedToxic),
            Decision::SurviveMore(_) => module!(survive::SurviveMore),
            Decision::ShedMore(_) => module!(shed::ShedMore),
            Decision::Niche0Attack(_) => {
                type $module = migrate::Niche0Attack;
                $call
            }
            Decision::EndWindow(_) => module!(window::EndWindow),
            Decision::ExtraStep(_) => module!(movement::LongMigration),
            Decision::AmbushOwn(_) => module!(ambush::AmbushOwn),
            Decision::AmbushTarget(..) => module!(ambush::AmbushTarget),
            Decision::Peek(_) => module!(senses::KeenSenses),
            Decision::FatReserves(_) => module!(fat_reserves::FatReserves),
            Decision::Parasites(_) => module!(status::Parasites),
            Decision::Venom(_) => module!(status::Venom),
            Decision::ContestCards(_) => module!(contest_cards::ContestCards),
            Decision::Escape(_) => module!(contest_cards::Escape),
            Decision::Hunger { .. } => module!(phases::Hunger),
            Decision::DrawOnWin(_) => module!(phases::DrawOnWin),
            Decision::AgePlace(_)
            | Decision::AgeLose(_)
            | Decision::AgeToll(_)
            | Decision::AgeMigrate(_)
            | Decision::AgePopulate(_) => module!(ages::TurnOfTheAge),
        }
    }};
}

/// The automatic tasks, which nobody decides: each runs its step (the rest of the table
/// above). A step that needs a decision sets [`State::decision`].
fn run(s: &mut State, d: &Data, t: Task, ev: &mut Vec<Event>) {
    match t {
        Task::SetupPlace(pos) => phases::setup_place(s, pos),
        Task::StageStart => stage_start(s, ev),
        Task::NeutralStep(i) => neutral::neutral_step(s, d, i, ev),
        Task::NeutralAct(i, a) => neutral::neutral_act(s, d, i, a, ev),
        Task::NeutralMigrate(i, k) => neutral::neutral_migrate(s, d, i, k, ev),
        Task::RedSecond(i, contested) => neutral::red_second(s, d, i, contested, ev),
        Task::ClearMoved => clear_bits(s, flag::MOVED),
        Task::Draw(pos) => draw(s, d, pos, ev),
        Task::HandLimit(seat) => phases::hand_limit(s, d, seat),
        Task::ActionPhase => action_phase(s, d),
        Task::TurnResume { seat, acted } => set_turn(s, d, seat, acted),
        Task::EndWindows(pos) => end_windows(s, d, pos),
        Task::Survival(r) => survival(s, d, r, ev),
        Task::HungerSeat { region, pos } => phases::hunger_seat(s, d, region, pos),
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
            entered,
        } => migrate::after_move(s, d, seat, region, niche, warned, entered, ev),
        Task::EvolvePay { seat, card, left } => adapt::offer_payment(s, seat, card, left, ev),
        Task::SpecialSwap(seat) => adapt::offer_special_swap(s, seat),
        Task::Toxify { seat, left } => adapt::offer_toxify(s, seat, left),
        Task::ExtraPopulate { seat, left } => populate::offer_extra(s, d, seat, left),
        Task::PopulatedToxic { seat, spot } => populate::offer_toxic(s, seat, spot),
        Task::Climb { region, from } => ages::climb(s, d, region, from, ev),
        Task::SurviveMore { seat, left } => survive::offer_more(s, d, seat, left),
        Task::DrawOnWin { seat, count } => phases::offer_draw_on_win(s, seat, count),
    }
}

/// Appends every legal choice of the decision awaited, in its module's order.
pub fn legal(s: &State, out: &mut Vec<Choice>) {
    if let Some(dec) = s.decision {
        with_module!(dec, M => M::legal(s, dec, &mut |c| {
            out.push(c);
            false
        }));
    }
}

/// True if `c` is one of the choices [`legal`] lists now, as the decision's module checks it
/// (a turn lists only the choices that may be `c`).
pub fn is_legal(s: &State, c: Choice) -> bool {
    match s.decision {
        Some(dec) => with_module!(dec, M => M::is_legal(s, dec, c)),
        None => false,
    }
}

/// Applies a legal choice (the caller has checked it is in [`legal`]).
pub fn resolve(s: &mut State, c: Choice, ev: &mut Vec<Event>) {
    if let Some(dec) = s.decision.take() {
        with_module!(dec, M => M::apply(s, dec, c, ev));
    }
}

/// The rule that forbids a choice which is not legal now.
pub fn explain(s: &State, c: Choice) -> Refusal {
    match s.decision {
        Some(dec) => with_module!(dec, M => M::refusal(s, dec, c)),
        None => Refusal::game_over(),
    }
}

/// The text of a choice: the pending decision's module's own wording, else the general
/// wording of [`texts::describe_choice`].
pub fn describe_choice(s: &State, d: &Data, c: Choice) -> String {
    s.decision
        .and_then(|dec| with_module!(dec, M => M::text(s, dec, c)))
        .unwrap_or_else(|| texts::describe_choice(s, d, c))
}

/// The text of a choice as a seat reads it: an adaptation card is activated face down, so only
/// its owner (`own`) reads its name ([`texts::hidden_choice_text`]).
pub fn describe_choice_for(s: &State, d: &Data, c: Choice, own: bool) -> String {
    texts::hidden_choice_text(c, own).unwrap_or_else(|| describe_choice(s, d, c))
}

// ---------------------------------------------------------------------------------------------
// The task runner and the automatic phase steps
// ---------------------------------------------------------------------------------------------

/// Runs tasks until a decision is needed or the game is over.
pub fn advance(s: &mut State, d: &Data, ev: &mut Vec<Event>) {
    while s.decision.is_none() {
        let Some(t) = s.tasks.pop() else {
            break;
        };
        run(s, d, t, ev);
    }
}

/// Clears bookkeeping bits from every animal.
pub fn clear_bits(s: &mut State, bits: u8) {
    if (0..8).all(|k| !s.animals.any_with_flag(bits & 1 << k)) {
        return;
    }
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
        p.fat_reserves = Regions::NONE;
        p.armed = 0;
        p.kill = false;
    }
    s.solo_pending = Regions::NONE;
    s.cursor = 0;
    s.tasks.push(Task::ActionPhase);
    s.tasks.push(Task::Draw(0));
    s.tasks.push(Task::NeutralStep(0));
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

/// Gives the turn to the next player who has not passed (rulebook p.17, Action Phase).
fn action_phase(s: &mut State, d: &Data) {
    s.phase = Phase::Action;
    let n = s.order.len();
    for k in 0..n {
        let pos = (s.cursor as usize + k) % n;
        let seat = s.order[pos];
        if !s.player(seat).passed {
            s.cursor = pos as u8;
            set_turn(s, d, seat, false);
            return;
        }
    }
    s.tasks.push(Task::EndWindows(0));
}

/// Offers a player's turn. With every action marker used the player must pass (rulebook
/// p.17, Pass). With 0 AP the player must pass too, unless they can still gain AP first: an
/// active adaptation card may be discarded "at any moment ... to receive 1 Action Point"
/// (p.21, whose example discards and then acts), and the Invertebrates remove their animals
/// for AP "at any moment of your turn" (p.26). The turn then offers those steps and Pass,
/// and is offered again with the AP gained.
pub fn set_turn(s: &mut State, d: &Data, seat: u8, acted: bool) {
    let p = s.player(seat);
    let markers_used = p.actions_taken() >= d.rules.action_markers;
    let can_gain_ap = !p.active.is_empty() || shed::can_shed(s, d, seat);
    let forced = !acted && (markers_used || (p.ap <= 0 && !can_gain_ap));
    s.decision = Some(Decision::Turn {
        seat,
        acted,
        forced,
    });
}

/// After everyone passed: each passed player who holds a face-down active adaptation card
/// (usable now or not: being asked must not show which) or can still use the special ability
/// gets a last window (ruling D5).
fn end_windows(s: &mut State, d: &Data, pos: u8) {
    let Some(&seat) = s.order.get(pos as usize) else {
        s.tasks.push(Task::Survival(Region(0)));
        return;
    };
    if window::has_options(s, d, seat) {
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
fn survival(s: &mut State, d: &Data, r: Region, ev: &mut Vec<Event>) {
    s.phase = Phase::Survival;
    if !r.on_map() {
        s.tasks.push(Task::Initiative);
        return;
    }
    s.tasks.push(Task::Survival(r.next()));
    if !s.hunger.contains(r) {
        if s.count_in(r) <= s.food(d, r) {
            return;
        }
        s.hunger.insert(r);
        ev.push(Event::HungerMarker(r));
        if s.players.len() < 4 && (d.cards_start | d.cards_later).contains(r) {
            s.region_stack.remove(r);
            s.region_out.insert(r);
        }
    }
    if s.solo_pending.contains(r) {
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

/// Solo Amphibians (rulebook p.28): the bearer caused hunger here and survived it.
fn solo_hunger(s: &mut State, d: &Data, r: Region, ev: &mut Vec<Event>) {
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
    s.hunger = Regions::NONE;
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
    s.region_out = Regions::NONE;
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
    levels: &queries::Levels,
    burrow_ok: bool,
    ev: &mut Vec<Event>,
) {
    let burrow: [bool; 4] = Group::ALL.map(|g| queries::burrows(d, s, g));
    s.remove_where(Cause::Doom, ev, |p| {
        let Some(l) = levels[p.region.index()] else {
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
    let epicentre = Region::at(sector as i32, zone as i32).unwrap_or(Region(0));
    ev.push(Event::DoomRevealed {
        tiles: s.doom,
        epicentre,
    });
    ev.push(Event::DyingStep {
        step: 1,
        cataclysm: cata,
    });
    let lv = queries::epicentre_levels(d, epicentre);
    dying_step(s, d, &lv, false, ev);
    ev.push(Event::DyingStep {
        step: 2,
        cataclysm: cata,
    });
    let lv = queries::shockwave_levels(d, epicentre);
    dying_step(s, d, &lv, true, ev);
    ev.push(Event::DyingStep {
        step: 3,
        cataclysm: cata,
    });
    if let Some(c) = d.cataclysms.get(cata as usize) {
        for e in &c.effects {
            let lv = queries::cataclysm_levels(d, e, epicentre);
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
        let ok = queries::solo_met(d, s);
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
