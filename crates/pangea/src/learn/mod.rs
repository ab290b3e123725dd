//! The learning interface ([`eons_core::learn`]) of Pangea: the fixed action space and the
//! observation tensor that OpenSpiel and PettingZoo agents are written against.
//!
//! * [`action_universe`] lists every [`Choice`] the engine can ever offer, for any number of
//!   players and any options, each once; an action id is a position in that list. The list is
//!   the same for 1 to 4 players ([`ACTION_SPACE_SIZE`] choices).
//! * [`observation_layout`] names the sections of an observation and says what each value
//!   means; [`observe`] writes a seat's observation straight from the state, reading only
//!   what that seat may know: the board and every seat's public holdings, its own Inactive and
//!   active adaptation cards and the instinct tiles it has seen — never another seat's cards
//!   or peeks, the draw pile's order, the Doom Stack before the Doom, the face-down objective
//!   tiles or Turn of the Age cards ([`crate::view`] is the guide to what is public).
//!
//! An observation is rebuilt on every step of batched learning, so [`observe`] allocates
//! nothing: it counts the animals in a fixed array on the stack and writes the sections in
//! order with an [`eons_core::Writer`]; [`observe_again`] writes the same values into a buffer
//! that holds an earlier observation, rewriting only the parts whose inputs changed
//! (`observe.rs` says which).

use crate::data::{data, Ability, Data};
use crate::state::{Contest, Decision, Owner, Phase, State, Task};
use crate::types::{
    flag, AdaptationId, Animal, Group, Region, Regions, Spot, Tile, DIRS, NICHES, REGIONS, ROWS,
    SECTORS,
};
use crate::Choice;
use eons_core::{AnimalAxis, Layout, Learnable, Seat, SeatAxis, Writer};
use std::fmt::Write as _;

/// Groups (Synapsids, Sauropsida, Amphibians, Invertebrates).
const GROUPS: usize = Group::ALL.len();
/// Combinations of an animal's persistent status bits ([`flag::PERSISTENT`]): Special Animal
/// (1), Toxic (2), Inactive (4), objective marker (8).
const FLAG_SETS: u8 = 16;
/// Evolution cards per group ([`Data::evolution_card`] takes k in 0..4).
const EVOLUTION_CARDS: u8 = 4;
/// Turn of the Age cards dealt face down at setup (two in every mode).
const AGE_SLOTS: usize = 2;
/// The values of a [`Contest::step`] (0 start … 5 finish).
const CONTEST_STEPS: usize = 6;
/// The number of choices in the action space, whatever the number of players.
pub const ACTION_SPACE_SIZE: usize = 23_550;

/// The kinds of [`Decision`], in the order of the `decision_kind` one-hot.
pub const DECISION_KINDS: [&str; 28] = [
    "Place",
    "Discard",
    "Turn",
    "EvolvePay",
    "SpecialSwap",
    "Toxify",
    "ExtraPopulate",
    "PopulatedToxic",
    "SurviveMore",
    "ShedMore",
    "ExtraStep",
    "AmbushOwn",
    "AmbushTarget",
    "Peek",
    "FatReserves",
    "Parasites",
    "Venom",
    "Niche0Attack",
    "ContestCards",
    "Escape",
    "Hunger",
    "EndWindow",
    "AgePlace",
    "AgeLose",
    "AgeToll",
    "AgeMigrate",
    "AgePopulate",
    "DrawOnWin",
];

/// The position of a decision's kind in [`DECISION_KINDS`].
pub fn decision_kind(dec: Decision) -> usize {
    match dec {
        Decision::Place(_) => 0,
        Decision::Discard(_) => 1,
        Decision::Turn { .. } => 2,
        Decision::EvolvePay(_) => 3,
        Decision::SpecialSwap(_) => 4,
        Decision::Toxify(_) => 5,
        Decision::ExtraPopulate(_) => 6,
        Decision::PopulatedToxic(_) => 7,
        Decision::SurviveMore(_) => 8,
        Decision::ShedMore(_) => 9,
        Decision::ExtraStep(_) => 10,
        Decision::AmbushOwn(_) => 11,
        Decision::AmbushTarget(..) => 12,
        Decision::Peek(_) => 13,
        Decision::FatReserves(_) => 14,
        Decision::Parasites(_) => 15,
        Decision::Venom(_) => 16,
        Decision::Niche0Attack(_) => 17,
        Decision::ContestCards(_) => 18,
        Decision::Escape(_) => 19,
        Decision::Hunger { .. } => 20,
        Decision::EndWindow(_) => 21,
        Decision::AgePlace(_) => 22,
        Decision::AgeLose(_) => 23,
        Decision::AgeToll(_) => 24,
        Decision::AgeMigrate(_) => 25,
        Decision::AgePopulate(_) => 26,
        Decision::DrawOnWin(_) => 27,
    }
}

/// The phases, in the order of the `phase` one-hot.
pub const PHASES: [&str; 9] = [
    "Setup",
    "Neutral",
    "Drawing",
    "Action",
    "Survival",
    "Initiative",
    "TurnOfAges",
    "Doom",
    "Over",
];

/// The position of a phase in [`PHASES`].
fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Setup => 0,
        Phase::Neutral => 1,
        Phase::Drawing => 2,
        Phase::Action => 3,
        Phase::Survival => 4,
        Phase::Initiative => 5,
        Phase::TurnOfAges => 6,
        Phase::Doom => 7,
        Phase::Over => 8,
    }
}

/// Every animal a choice can name ([`Spot`]) whose status bits `keep` accepts, in the order
/// region (A1 … D5), niche (0, 1, 2), group ([`Group::ALL`]), status bits (0 … 15 as a
/// number: Special 1, Toxic 2, Inactive 4, objective marker 8).
fn spots(groups: impl Fn(Group) -> bool, keep: impl Fn(u8) -> bool) -> Vec<Spot> {
    let mut v = Vec::new();
    for region in Region::all() {
        for niche in 0..NICHES as u8 {
            for group in Group::ALL.into_iter().filter(|&g| groups(g)) {
                for flags in (0..FLAG_SETS).filter(|&f| keep(f)) {
                    v.push(Spot {
                        region,
                        niche,
                        group,
                        flags,
                    });
                }
            }
        }
    }
    v
}

/// True if `b` is `a` or one of its four neighbours.
fn near(a: Region, b: Region) -> bool {
    a == b || DIRS.iter().any(|&dir| a.step(dir) == Some(b))
}

/// The action space: every choice the engine can offer, for any player count and options, each
/// once, in this order (an action id is the position):
///
/// 1. `Done`, `Skip`, `Confirm`, `Pass`, `Survive`, `PayDominance` (6);
/// 2. `Region(r)` for every region A1 … D5 in number order (20);
/// 3. `Populate { region, special }` by region, then `special` false before true (40);
/// 4. `Activate(c)`, then `Card(c)`, then `Use(c)`, then `CashIn(c)`, each over the adaptation
///    designs in data order (4 × 14);
/// 5. `Evolve(k)` for the group's evolution cards k = 0 … 3 (4);
/// 6. `Claim(i)` for the objective slots 0 … 3 (the most tiles an epoch puts out) (4);
/// 7. `Field(f)` for the instinct track's fields 0 … 11 (12);
/// 8. `Animal(spot)` for every animal a choice can name: region, niche, group, status bits
///    0 … 15 (20 × 3 × 4 × 16 = 3,840);
/// 9. `Unblock(spot)` for the animals with an Inactive marker (status bits with 4 set;
///    1,920);
/// 10. `Shed(spot)` for the groups whose ability is Shed (the Invertebrates) and status bits
///     without Special Animal and objective marker (only ordinary animals are removed; 240);
/// 11. `Bearer(spot)` for every group and status bits without Special Animal and objective
///     marker (the objective marker goes beside an ordinary animal while none carries it; 960);
/// 12. `Move { from, region, niche }` for every `from` without an Inactive marker (an
///     Inactive animal never migrates), in the order of 8, then every destination one
///     migration step can reach: the same region one niche up or down, or a neighbouring
///     region (left, right, up, down) one niche lower, the same or one higher; destinations
///     by region number, then niche (514 steps × 4 groups × 8 status sets = 16,448).
///
/// That is [`ACTION_SPACE_SIZE`] = 23,550 choices, the same list for 1 to 4 players: a seat may
/// lead any of the four groups (and the Invertebrates' Shed goes with the group, not the seat),
/// and the choices that only the solo mode offers (`Bearer`, and animals carrying the objective
/// marker) stay in the list for every player count, so that one action head serves them all.
pub fn action_universe(d: &Data) -> Vec<Choice> {
    let mut v = vec![
        Choice::Done,
        Choice::Skip,
        Choice::Confirm,
        Choice::Pass,
        Choice::Survive,
        Choice::PayDominance,
    ];
    v.extend(Region::all().map(Choice::Region));
    for region in Region::all() {
        for special in [false, true] {
            v.push(Choice::Populate { region, special });
        }
    }
    let designs = || (0..d.adaptations.len() as u8).map(AdaptationId);
    v.extend(designs().map(Choice::Activate));
    v.extend(designs().map(Choice::Card));
    v.extend(designs().map(Choice::Use));
    v.extend(designs().map(Choice::CashIn));
    v.extend((0..EVOLUTION_CARDS).map(Choice::Evolve));
    v.extend((0..objective_slots(d) as u8).map(Choice::Claim));
    v.extend((0..d.instinct.len() as u8).map(Choice::Field));
    let all = |_: Group| true;
    v.extend(spots(all, |_| true).into_iter().map(Choice::Animal));
    v.extend(
        spots(all, |f| f & flag::INACTIVE != 0)
            .into_iter()
            .map(Choice::Unblock),
    );
    let ordinary = |f: u8| f & (flag::SPECIAL | flag::BEARER) == 0;
    let sheds = |g: Group| matches!(d.group(g).ability, Ability::Shed { .. });
    v.extend(spots(sheds, ordinary).into_iter().map(Choice::Shed));
    v.extend(spots(all, ordinary).into_iter().map(Choice::Bearer));
    for from in spots(all, |f| f & flag::INACTIVE == 0) {
        let n = from.niche as i32;
        for region in Region::all().filter(|&r| near(from.region, r)) {
            for niche in 0..NICHES as u8 {
                let same = region == from.region;
                let reach = (niche as i32 - n).abs();
                if reach > 1 || (same && reach == 0) {
                    continue;
                }
                v.push(Choice::Move {
                    from,
                    region,
                    niche,
                });
            }
        }
    }
    v
}

/// The most objective tiles an epoch puts on the board: the slots a `Claim` can name.
fn objective_slots(d: &Data) -> usize {
    d.objective_tiles.iter().copied().max().unwrap_or(0) as usize
}

/// One-hot kinds of instinct tile: the sectors, the zones, then the cataclysms.
fn tile_kinds(d: &Data) -> usize {
    SECTORS + ROWS + d.cataclysms.len()
}

/// A tile's position in a one-hot over [`tile_kinds`].
fn tile_index(t: Tile) -> usize {
    match t {
        Tile::Sector(c) => c as usize,
        Tile::Zone(z) => SECTORS + z as usize,
        Tile::Cataclysm(k) => SECTORS + ROWS + k as usize,
    }
}

/// "a, b, c": names joined for an `about` text.
fn names<'a>(it: impl IntoIterator<Item = &'a str>) -> String {
    let mut s = String::new();
    for (i, n) in it.into_iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(n);
    }
    s
}

/// The sections of an observation with `players` seats (1–4), in the order [`observe`] writes
/// them. Per-seat sections run seat by seat (seat 0 first), each seat's values together;
/// per-region sections run A1 … D5 in region number (`row * 4 + column`, A1 = 0, D1 = 3,
/// A2 = 4, …, D5 = 19).
pub fn observation_layout(d: &Data, players: usize) -> Layout {
    let p = players;
    let a = d.adaptations.len();
    let fields = d.instinct.len();
    let tiles = tile_kinds(d);
    let slots = objective_slots(d);
    let stages = d.total_stages() as usize;
    let groups = names(Group::ALL.iter().map(|g| g.id()));
    let designs = names(d.adaptations.iter().map(|c| c.name.as_str()));
    let cataclysms = names(d.cataclysms.iter().map(|c| c.name.as_str()));
    let tile_order = format!(
        "one-hot over {tiles} instinct tiles: Sector A–D, Zone rows 1–5, then the cataclysms {cataclysms}"
    );
    let flags = "Special Animal, Toxic, Inactive, objective marker";
    let mut l = Layout::new();
    l.set_animals(GROUPS);
    l.push_seats(
        SeatAxis::Inner,
        "observer",
        p,
        "One-hot over the seats: the seat this observation belongs to.",
    );
    l.push_seats(
        SeatAxis::Inner,
        "to_move",
        p,
        "One-hot over the seats: the seat deciding now (all 0 once the game is over).",
    );
    l.push(
        "decision_kind",
        DECISION_KINDS.len(),
        format!(
            "One-hot over the kinds of the pending decision, in this order: {} (all 0 once the game is over).",
            names(DECISION_KINDS)
        ),
    );
    l.push(
        "decision_turn",
        2,
        "Action-phase turn only, 0/1 flags: the seat has taken its action (free steps and Done remain); the seat must pass.",
    );
    l.push(
        "decision_region",
        REGIONS,
        "Hunger decision only: one-hot over the regions, the region whose hunger is being paid.",
    );
    let mut animal = String::from(
        "The animal the pending decision is about (Ambush target: your attacking animal; Populated Toxic: the new animal; Long Migration step and niche-0 attack: the animal that just migrated), else all 0: ",
    );
    let _ = write!(
        animal,
        "one-hot over the {REGIONS} regions, one-hot over niches 0–2, then 0/1 flags {flags}."
    );
    l.push("decision_animal", REGIONS + NICHES + 4, animal);
    l.push(
        "decision_count",
        1,
        "A raw count for the pending decision: Hunger, animals still owed; EvolvePay, adaptation cards still to pay; Toxify, Toxic markers left; ExtraPopulate, Populates left counting this one; SurviveMore, fields left; DrawOnWin, cards to draw; else 0.",
    );
    l.push(
        "options",
        2,
        "0/1 flags of the setup: solo mode; flat final dominance (1 per surviving animal).",
    );
    l.push(
        "stage",
        stages + 1,
        format!("One-hot over the stage: stages 1–{stages}, then after the last stage (the Doom and the end)."),
    );
    l.push(
        "epoch",
        d.epoch_names.len(),
        format!(
            "One-hot over the epoch whose food, AP and objectives apply: {}.",
            names(d.epoch_names.iter().map(|s| s.as_str()))
        ),
    );
    l.push(
        "phase",
        PHASES.len(),
        format!("One-hot over the phase: {}.", names(PHASES)),
    );
    l.push(
        "result",
        3,
        "0/1 flags: the game is over; solo game met its Game End Condition; solo game failed it.",
    );
    l.push_seats(
        SeatAxis::Inner,
        "winners",
        p,
        "Per seat, 1 if the seat won (shared wins all 1), else 0 (all 0 until the game is over).",
    );
    l.push_animals(
        AnimalAxis::Within { inner: FLAG_SETS as usize },
        "animals",
        CELLS,
        format!(
            "Raw count of animals on the board by region (A1…D5), niche (0, 1, 2), group ({groups}) and status bits as a number 0–15 (Special Animal 1, Toxic 2, Inactive 4, objective marker 8), nested in that order, region outermost: one value per animal a choice can name."
        ),
    );
    l.push(
        "food",
        REGIONS,
        "Per region, the raw food value of the current epoch.",
    );
    l.push(
        "hunger_markers",
        REGIONS,
        "Per region, 1 if a hunger marker lies there.",
    );
    l.push(
        "warning_markers",
        REGIONS,
        "Per region, 1 if it holds more animals than food and no hunger marker has replaced the warning.",
    );
    l.push(
        "unavailable",
        REGIONS,
        "Per region, 1 if the region is unavailable (closed).",
    );
    l.push(
        "region_cards",
        REGIONS,
        "Per region, 1 if its region card is in the region stack (1–3 players: where neutral animals arrive).",
    );
    l.push(
        "region_cards_out",
        REGIONS,
        "Per region, 1 if its region card is out of the stack because of hunger.",
    );
    l.push(
        "condition_markers",
        REGIONS * NICHES,
        "Solo: raw count of condition markers by region, then niche 0–2.",
    );
    l.push(
        "solo_pending",
        REGIONS,
        "Solo (Amphibians): per region, 1 if the objective marker's animal caused a warning there this stage.",
    );
    l.push_axes(
        SeatAxis::Outer,
        AnimalAxis::Inner,
        "seat_group",
        p * GROUPS,
        format!("Per seat, one-hot over the group it leads: {groups}."),
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_initiative",
        p * p,
        "Per seat, one-hot over its position in the initiative order (first to act first; neutral groups always act before every seat).",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_dominance",
        p,
        "Per seat, raw dominance points.",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_action_points",
        p,
        "Per seat, raw Action Points.",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_actions_taken",
        p * 4,
        "Per seat, raw times each action was taken this stage: Adapt, Populate, Migrate, Survive.",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_passed",
        p,
        "Per seat, 1 if it passed this stage.",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_instinct",
        p,
        format!(
            "Per seat, the raw field number (0–{}) of its instinct marker.",
            fields.saturating_sub(1)
        ),
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_card_counts",
        p * 2,
        "Per seat, raw counts: adaptation cards in its Inactive zone, active adaptation cards (face down).",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_evolution",
        p * EVOLUTION_CARDS as usize,
        "Per seat, 1 for each of its group's evolution cards 0–3 (data order) that is active.",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_objective_markers",
        p,
        "Per seat, raw objective markers left for objective tiles this epoch.",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_stage_counts",
        p * 5,
        "Per seat, this stage: animals removed by the Invertebrate ability (raw), the ability was used (0/1), a Populate was performed (0/1), cheap migrates used (raw), an animal of another group died in a contest its animal won (0/1).",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_armed",
        p * 3,
        "Per seat, 0/1 adaptation abilities armed for this turn: Land Bridge, Fertility, Nesting Site.",
    );
    l.push_seats(
        SeatAxis::Outer,
        "seat_fat_reserves",
        p * REGIONS,
        "Per seat, per region, 1 if the seat's Fat Reserves protect it there this stage.",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "group_owner",
        GROUPS * 3,
        format!(
            "Per group ({groups}), one-hot over who leads it: a seat, neutral, not in the game."
        ),
    );
    l.push_animals(
        AnimalAxis::Outer,
        "group_neutral_track",
        GROUPS,
        "Per group, raw markers on a neutral group's Adaptation Track (0 for a seat's group).",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "group_supply",
        GROUPS,
        "Per group, raw ordinary animal markers in its supply.",
    );
    l.push_animals(
        AnimalAxis::Outer,
        "group_special_out",
        GROUPS,
        "Per group, 1 if its Special Animal marker is on the board or in a contest.",
    );
    l.push(
        "own_inactive_cards",
        a,
        format!(
            "The observer's own secret Inactive-zone adaptation cards: raw count per design, in this order: {designs}."
        ),
    );
    l.push(
        "own_active_cards",
        a,
        "The observer's own secret active adaptation cards: raw count per design, in the order of own_inactive_cards.",
    );
    l.push(
        "instinct_seen",
        fields,
        "Per instinct track field 0 upwards, 1 if the observer has looked at the tile beside it.",
    );
    l.push(
        "instinct_track",
        fields * tiles,
        format!(
            "Per instinct track field 0 upwards, the tile beside it as the observer knows it ({tile_order}); all 0 for a field without a tile or one the observer has not seen (every tile shows once the Doom Stack is revealed)."
        ),
    );
    l.push(
        "doom_revealed",
        1,
        "1 once the Doom Stack has been revealed.",
    );
    l.push(
        "doom_stack",
        3 * tiles,
        format!(
            "The Doom Stack's sector, zone and cataclysm tiles, each {tile_order}; all 0 until revealed."
        ),
    );
    l.push(
        "removed_cataclysm",
        d.cataclysms.len(),
        format!("One-hot over the cataclysm removed at setup: {cataclysms}."),
    );
    l.push(
        "draw_pile",
        1,
        "Raw count of adaptation cards in the draw pile.",
    );
    l.push(
        "discard_pile",
        a,
        "Raw count per adaptation design in the face-up discard pile, in the order of own_inactive_cards.",
    );
    l.push(
        "objective_tiles",
        slots * d.objectives.len(),
        format!(
            "Per objective slot 0–{} (the tiles on the board), one-hot over the objective tiles: {}; all 0 for an empty slot.",
            slots.saturating_sub(1),
            names(d.objectives.iter().map(|t| t.name.as_str()))
        ),
    );
    l.push_seats(
        SeatAxis::Inner,
        "objective_claims",
        slots * p,
        "Per objective slot, per seat, 1 if the seat completed that tile this epoch.",
    );
    l.push(
        "objective_stacks",
        3,
        "Raw count of face-down objective tiles left for each epoch, first epoch first.",
    );
    l.push(
        "ages_revealed",
        AGE_SLOTS * d.ages.len(),
        format!(
            "Per Turn of the Age card in the order dealt (two), one-hot over the cards once revealed: {}; all 0 while face down.",
            names(d.ages.iter().map(|c| c.name.as_str()))
        ),
    );
    l.push(
        "ages_hidden",
        1,
        "Raw count of Turn of the Age cards still face down.",
    );
    l.push(
        "contest_where",
        1 + REGIONS + NICHES,
        "A contest in progress (the innermost): 1 if there is one, one-hot over the regions, one-hot over niches 0–2; all 0 without a contest.",
    );
    l.push_animals(
        AnimalAxis::Leading { run: GROUPS + 4 },
        "contest_animals",
        2 * (GROUPS + 4),
        format!(
            "The attacker then the defender: one-hot over its group ({groups}), then 0/1 flags {flags}."
        ),
    );
    l.push(
        "contest_totals",
        2,
        "Raw totals so far: the attacker's, then the defender's.",
    );
    l.push(
        "contest_step",
        CONTEST_STEPS,
        "One-hot over the contest's progress: start, attacker's cards, defender's cards, result, escape, finish.",
    );
    l.push(
        "contest_flags",
        4,
        "0/1 flags: a niche-0 contest (the loser is removed), the attacker won, the loser will be removed, the winner will be removed (Toxic).",
    );
    l
}

/// Values of the `animals` section: region × niche × group × status bits.
const CELLS: usize = REGIONS * NICHES * GROUPS * FLAG_SETS as usize;

mod observe;

pub use observe::{observe, observe_again, ObservationMemory};

impl Learnable for crate::Pangea {
    /// A move names its target as `region` and `niche`.
    const ACTION_TARGET_FIELDS: &'static [&'static str] = &["region", "niche"];

    /// See [`ObservationMemory`].
    type ObservationMemory = ObservationMemory;

    /// See [`action_universe`]: the same [`ACTION_SPACE_SIZE`] choices for every player count.
    fn action_universe(_players: usize) -> Vec<Choice> {
        action_universe(data())
    }

    /// See [`observation_layout`].
    fn observation_layout(players: usize) -> Layout {
        observation_layout(data(), players)
    }

    /// See [`observe`].
    fn observe(state: &State, seat: Seat, out: &mut [f32]) {
        observe(state, data(), seat.0, out)
    }

    /// See [`observe_again`].
    fn observe_again(state: &State, seat: Seat, memory: &mut ObservationMemory, out: &mut [f32]) {
        observe_again(state, data(), seat.0, memory, out)
    }

    /// The group `seat` leads.
    fn seat_animals(state: &State, seat: Seat, out: &mut Vec<usize>) {
        out.extend(
            Group::ALL
                .iter()
                .filter(|&&g| state.seat_of(g) == Some(seat.0))
                .map(|&g| g as usize),
        );
    }

    /// The neutral groups (1 to 3 players), in group order.
    fn unseated_animals(state: &State, out: &mut Vec<usize>) {
        out.extend(
            Group::ALL
                .iter()
                .filter(|&&g| state.neutral_of(g).is_some())
                .map(|&g| g as usize),
        );
    }
}
