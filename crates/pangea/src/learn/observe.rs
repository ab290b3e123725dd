//! A seat's observation written whole ([`observe`]) or again in place, rewriting only the
//! parts whose inputs changed since the buffer was last written ([`observe_again`]): both go
//! through one writer, part by part, so the two cannot disagree.
//!
//! The parts, in the order of the layout: the header (who observes, who decides and what, the
//! game's stage and result), written every time; the `animals` counts, where only the values
//! of the animals that moved, came or went are rewritten; the board's region sets; the seats'
//! public holdings; the groups, written every time; the observer's own secrets (its cards and
//! the instinct tiles it has seen: the only part that depends on the observing seat); the
//! Doom Stack, the piles, the objectives and the ages; the contest in progress. A part other
//! than the header and the groups is rewritten when its key (what it is written from, as the
//! observer may know it) differs from the one remembered.

use super::*;
use std::sync::OnceLock;

/// The seats whose holdings a memory keeps (and the player counts whose offsets are kept); the
/// values of any seat past them are written every time.
const MAX_SEATS: usize = 4;
/// The adaptation designs whose card counts a key holds (the shipped data has 14); the counts
/// of designs past them are rewritten every time.
const MAX_DESIGNS: usize = 32;
/// The most instinct fields a seat can have seen (a bit per field of a `u32`): the fields a
/// key holds.
const MAX_FIELDS: usize = 32;
/// The most objective slots a memory's keys hold.
const MAX_SLOTS: usize = 8;

/// Where the parts of an observation start, for one player count (read from
/// [`observation_layout`]).
#[derive(Copy, Clone, Debug)]
struct Offsets {
    animals: usize,
    food: usize,
    /// The start of each section of [`SEAT_SECTIONS`].
    seat_sections: [usize; SEAT_SECTIONS.len()],
    group_owner: usize,
    own_inactive_cards: usize,
    doom_revealed: usize,
    contest_where: usize,
    len: usize,
}

impl Offsets {
    /// The offsets of the layout of `players` seats with data `d`.
    fn read(d: &Data, players: usize) -> Offsets {
        let layout = observation_layout(d, players);
        let at = |name: &str| layout.span(name).map_or(0, |(start, _)| start);
        Offsets {
            animals: at("animals"),
            food: at("food"),
            seat_sections: SEAT_SECTIONS.map(|(name, _)| at(name)),
            group_owner: at("group_owner"),
            own_inactive_cards: at("own_inactive_cards"),
            doom_revealed: at("doom_revealed"),
            contest_where: at("contest_where"),
            len: layout.len(),
        }
    }
}

/// The offsets of `players` seats' observation with data `d`: kept once per player count for
/// the shipped data, read from the layout each time for any other.
fn offsets(d: &Data, players: usize) -> Offsets {
    static OFFSETS: [OnceLock<Offsets>; MAX_SEATS + 1] = [const { OnceLock::new() }; MAX_SEATS + 1];
    let shipped = crate::data::try_data().is_ok_and(|shipped| std::ptr::eq(shipped, d));
    match OFFSETS.get(players) {
        Some(cell) if shipped => *cell.get_or_init(|| Offsets::read(d, players)),
        _ => Offsets::read(d, players),
    }
}

/// The values from `from` to `to` of `out` (none when the range is not in it).
fn part(out: &mut [f32], from: usize, to: usize) -> &mut [f32] {
    out.get_mut(from..to).unwrap_or_default()
}

/// What [`observe_again`] remembers of the observation it last wrote into a buffer, to rewrite
/// only the parts whose inputs changed ([`Learnable::ObservationMemory`]). New, it remembers
/// nothing: the next observation is written whole.
#[derive(Clone, Debug, Default)]
pub struct ObservationMemory {
    written: Option<Box<Written>>,
}

/// The inputs of the parts of an observation as they were when it was written; a part whose
/// record is None is written whole next time.
#[derive(Clone, Debug)]
struct Written {
    /// The number of seats of the game observed.
    players: usize,
    /// The cell of `animals` of each animal counted, in the order of the state's list, and how
    /// many there are.
    cells: Option<([u16; KEPT_ANIMALS], usize)>,
    /// The inputs of the board's region sections.
    board: Option<BoardKey>,
    /// Per seat, the inputs of its values in the per-seat sections.
    seats: [Option<SeatKey>; MAX_SEATS],
    /// The observer's own secrets as written (for whichever seat).
    own: Option<OwnKey>,
    /// The inputs of the Doom Stack, the piles, the objectives and the ages.
    piles: Option<PilesKey>,
    /// The contest in progress written.
    contest: Option<Option<Contest>>,
}

impl Written {
    /// A record of nothing written, for a game of `players` seats.
    fn blank(players: usize) -> Written {
        Written {
            players,
            cells: None,
            board: None,
            seats: [None; MAX_SEATS],
            own: None,
            piles: None,
            contest: None,
        }
    }
}

/// The inputs of the board's region sections, from `food` to `solo_pending`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct BoardKey {
    epoch: u8,
    hunger: Regions,
    warnings: Regions,
    closed: Regions,
    region_stack: Regions,
    region_out: Regions,
    conditions: [u8; REGIONS * NICHES],
    solo_pending: Regions,
}

/// The per-seat sections of the seats' public holdings, in layout order, each with its values
/// per seat (None: as many as there are seats). Seat `i`'s values of a section of `k` values per
/// seat start `i * k` after the section.
const SEAT_SECTIONS: [(&str, Option<usize>); 13] = [
    ("seat_group", Some(GROUPS)),
    ("seat_initiative", None),
    ("seat_dominance", Some(1)),
    ("seat_action_points", Some(1)),
    ("seat_actions_taken", Some(4)),
    ("seat_passed", Some(1)),
    ("seat_instinct", Some(1)),
    ("seat_card_counts", Some(2)),
    ("seat_evolution", Some(EVOLUTION_CARDS as usize)),
    ("seat_objective_markers", Some(1)),
    ("seat_stage_counts", Some(5)),
    ("seat_armed", Some(3)),
    ("seat_fat_reserves", Some(REGIONS)),
];

/// The inputs of one seat's values in the per-seat sections ([`SEAT_SECTIONS`]), which are
/// written from it ([`write_seat`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct SeatKey {
    group: Group,
    initiative: Option<usize>,
    dominance: i32,
    ap: i32,
    used: [u8; 4],
    passed: bool,
    instinct: u8,
    hand: usize,
    active: usize,
    evolution: u8,
    objective_markers: u8,
    shed: u8,
    shed_used: bool,
    multi_used: bool,
    cheap_used: u8,
    kill: bool,
    armed: u8,
    fat_reserves: Regions,
}

/// The observer's own secrets, from `own_inactive_cards` to `instinct_track`, which are written
/// from it ([`write_own`]); whichever the seat, only the values that differ are rewritten.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct OwnKey {
    /// Raw counts per design of the Inactive-zone cards.
    hand: [u8; MAX_DESIGNS],
    /// Raw counts per design of the active cards.
    active: [u8; MAX_DESIGNS],
    /// The fields whose tile the observer has looked at.
    known: u32,
    /// The tile beside each field as the observer sees it.
    tiles: [Option<Tile>; MAX_FIELDS],
}

/// The inputs of the sections from `doom_revealed` to `ages_hidden`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct PilesKey {
    doom_revealed: bool,
    /// The Doom Stack's tiles once revealed.
    doom: [Option<Tile>; 3],
    removed_cataclysm: u8,
    deck: usize,
    discard: [u8; MAX_DESIGNS],
    /// Per objective slot, its tile and the seats that claimed it (a bit per seat).
    objectives: [(Option<u8>, u8); MAX_SLOTS],
    stacks: [usize; 3],
    /// The Turn of the Age cards revealed.
    ages: [Option<u8>; AGE_SLOTS],
    ages_hidden: usize,
}

/// Raw counts per adaptation design, the first [`MAX_DESIGNS`].
fn card_counts(cards: &[AdaptationId]) -> [u8; MAX_DESIGNS] {
    let mut n = [0u8; MAX_DESIGNS];
    for c in cards {
        if let Some(k) = n.get_mut(c.index()) {
            *k = k.saturating_add(1);
        }
    }
    n
}

/// A writer over `out` for a whole observation (which clears `out` first and writes only what
/// is not zero) or for one written again in place (which writes every value).
fn writer(out: &mut [f32], whole: bool) -> Writer<'_> {
    if whole {
        Writer::new(out)
    } else {
        Writer::over(out)
    }
}

/// Writes seat `seat`'s values of the per-seat sections ([`SEAT_SECTIONS`]) of an observation
/// with `players` seats.
fn write_seat(out: &mut [f32], at: &Offsets, players: usize, seat: usize, k: &SeatKey) {
    let [group, initiative, dominance, ap, used, passed, instinct, cards, evolution, markers, stage, armed, fat] =
        at.seat_sections;
    let from = initiative + seat * players;
    if let Some(run) = out.get_mut(from..from + players) {
        for (i, slot) in run.iter_mut().enumerate() {
            *slot = bit(k.initiative == Some(i));
        }
    }
    // Seat `seat`'s values of the section at `start`, `values.len()` of them.
    let mut put = |start: usize, values: &[f32]| {
        let from = start + seat * values.len();
        if let Some(run) = out.get_mut(from..from + values.len()) {
            run.copy_from_slice(values);
        }
    };
    let mut one_hot = [0.0; GROUPS];
    if let Some(slot) = one_hot.get_mut(k.group as usize) {
        *slot = 1.0;
    }
    put(group, &one_hot);
    put(dominance, &[k.dominance as f32]);
    put(ap, &[k.ap as f32]);
    put(used, &k.used.map(f32::from));
    put(passed, &[bit(k.passed)]);
    put(instinct, &[f32::from(k.instinct)]);
    put(cards, &[k.hand as f32, k.active as f32]);
    let cards_active: [f32; EVOLUTION_CARDS as usize] =
        std::array::from_fn(|b| bit(k.evolution & (1 << b) != 0));
    put(evolution, &cards_active);
    put(markers, &[f32::from(k.objective_markers)]);
    put(
        stage,
        &[
            f32::from(k.shed),
            bit(k.shed_used),
            bit(k.multi_used),
            f32::from(k.cheap_used),
            bit(k.kill),
        ],
    );
    put(
        armed,
        &[
            crate::state::armed::LAND_BRIDGE,
            crate::state::armed::FERTILITY,
            crate::state::armed::NEST,
        ]
        .map(|b| bit(k.armed & b != 0)),
    );
    let mut protected = [0.0; REGIONS];
    for (r, slot) in Region::all().zip(&mut protected) {
        *slot = bit(k.fat_reserves.contains(r));
    }
    put(fat, &protected);
}

/// Writes the observer's own secrets `now` into `out` (the part from `own_inactive_cards` to
/// `instinct_track`): every value, or only those that differ from `was`, which `out` holds.
/// The counts of designs past [`MAX_DESIGNS`] are counted in `mine`'s cards and written every
/// time.
fn write_own(
    out: &mut [f32],
    now: &OwnKey,
    was: Option<&OwnKey>,
    mine: Option<&crate::state::Player>,
    d: &Data,
) {
    let designs = d.adaptations.len();
    let fields = d.instinct.len();
    let tiles = tile_kinds(d);
    let mut put = |at: usize, value: f32| {
        if let Some(slot) = out.get_mut(at) {
            *slot = value;
        }
    };
    let hand = mine.map_or(&[][..], |q| &q.hand);
    let active = mine.map_or(&[][..], |q| &q.active);
    for k in 0..designs {
        // Past the designs a key holds, every time.
        let past = k >= MAX_DESIGNS;
        if past || was.is_none_or(|w| w.hand[k] != now.hand[k]) {
            put(k, f32::from(design_count(&now.hand, hand, k)));
        }
        if past || was.is_none_or(|w| w.active[k] != now.active[k]) {
            put(designs + k, f32::from(design_count(&now.active, active, k)));
        }
    }
    let seen = 2 * designs;
    if was.is_none_or(|w| w.known != now.known) {
        for f in 0..fields {
            put(
                seen + f,
                bit(now.known.checked_shr(f as u32).unwrap_or(0) & 1 != 0),
            );
        }
    }
    let track = seen + fields;
    for f in 0..fields {
        let tile = now.tiles.get(f).copied().flatten();
        if was.is_none_or(|w| w.tiles.get(f).copied().flatten() != tile) {
            let start = track + f * tiles;
            Writer::over(part(out, start, start + tiles)).one_hot(tile.map(tile_index), tiles);
        }
    }
}

/// True when a part must be written: `now` (None: not kept) differs from what `was` recorded;
/// records `now`.
fn changed<K: Copy + PartialEq>(was: &mut Option<K>, now: Option<K>) -> bool {
    let changed = now.is_none() || *was != now;
    *was = now;
    changed
}

/// Writes the four persistent status bits of an animal as 0/1 flags.
fn put_flags(w: &mut Writer, flags: u8) {
    for bit in [flag::SPECIAL, flag::TOXIC, flag::INACTIVE, flag::BEARER] {
        w.put(f32::from(u8::from(flags & bit != 0)));
    }
}

/// The count of design `k` in `counts` (the first [`MAX_DESIGNS`] designs of `cards`),
/// counted in `cards` past them.
fn design_count(counts: &[u8; MAX_DESIGNS], cards: &[AdaptationId], k: usize) -> u8 {
    match counts.get(k) {
        Some(&n) => n,
        None => u8::try_from(cards.iter().filter(|c| c.index() == k).count()).unwrap_or(u8::MAX),
    }
}

/// Writes raw counts per adaptation design, `designs` of them: `counts` of `cards`.
fn put_cards(w: &mut Writer, counts: &[u8; MAX_DESIGNS], cards: &[AdaptationId], designs: usize) {
    for k in 0..designs {
        w.put(f32::from(design_count(counts, cards, k)));
    }
}

/// Writes a region set as one 0/1 value per region, A1 … D5.
fn put_regions(w: &mut Writer, set: Regions) {
    for r in Region::all() {
        w.put(bit(set.contains(r)));
    }
}

/// A 0/1 flag as a value.
fn bit(b: bool) -> f32 {
    f32::from(u8::from(b))
}

/// The animal the pending decision is about, if any (see `decision_animal`).
fn decision_spot(s: &State, dec: Decision) -> Option<(Region, u8, u8)> {
    let tracked = |seat: u8| {
        let g = s.players.get(seat as usize)?.group;
        s.animals
            .iter()
            .find(|p| p.animal.group == g && p.animal.flags & flag::TRACK != 0)
            .map(|p| (p.region, p.niche, p.animal.flags & flag::PERSISTENT))
    };
    match dec {
        Decision::AmbushTarget(_, own) => Some((own.region, own.niche, own.flags)),
        Decision::PopulatedToxic(_) => match s.tasks.last() {
            Some(Task::PopulatedToxic { spot, .. }) => Some((spot.region, spot.niche, spot.flags)),
            _ => None,
        },
        Decision::ExtraStep(seat) | Decision::Niche0Attack(seat) => tracked(seat),
        _ => None,
    }
}

/// The raw count of the pending decision (see `decision_count`).
fn decision_count(s: &State, dec: Decision) -> u8 {
    match (dec, s.tasks.last()) {
        (Decision::Hunger { owed, .. }, _) => owed,
        (Decision::EvolvePay(_), Some(Task::EvolvePay { left, .. }))
        | (Decision::Toxify(_), Some(Task::Toxify { left, .. }))
        | (Decision::SurviveMore(_), Some(Task::SurviveMore { left, .. })) => *left,
        (Decision::ExtraPopulate(seat), Some(Task::ExtraPopulate { seat: t, left }))
            if seat == *t =>
        {
            left.saturating_add(1)
        }
        (Decision::ExtraPopulate(_), _) => 1,
        (Decision::DrawOnWin(_), Some(Task::DrawOnWin { count, .. })) => *count,
        _ => 0,
    }
}

/// Animals whose cells a memory keeps; a game has at most 32 markers on the board (28
/// ordinary animals and 4 Special Animals), a position with more is written whole every time.
const KEPT_ANIMALS: usize = 64;

/// An animal's value in the `animals` section, or None off the board's regions and niches.
fn cell(a: &crate::types::Placed) -> Option<usize> {
    let (r, n) = (a.region.index(), a.niche as usize);
    if r >= REGIONS || n >= NICHES {
        return None;
    }
    let f = (a.animal.flags & flag::PERSISTENT) as usize;
    Some(((r * NICHES + n) * GROUPS + a.animal.group as usize) * FLAG_SETS as usize + f)
}

/// Writes one contest animal: one-hot group, then its status flags.
fn put_contest_animal(w: &mut Writer, a: Animal) {
    w.one_hot(Some(a.group as usize), GROUPS);
    put_flags(w, a.flags);
}

/// Writes what `seat` may know of `s` into `out` (exactly [`observation_layout`]'s length for
/// the state's number of seats), section by section.
pub fn observe(s: &State, d: &Data, seat: u8, out: &mut [f32]) {
    write_observation(s, d, seat, &mut Written::blank(s.players.len()), true, out);
}

/// Writes the same values as [`observe`] into `out`, which holds what the last call with
/// `memory` wrote (for any seat and any game of as many seats with the same data `d`), or
/// anything at all when `memory` is new: only the parts whose inputs changed are rewritten
/// (see the module's comment), the whole observation when the number of seats changed.
pub fn observe_again(
    s: &State,
    d: &Data,
    seat: u8,
    memory: &mut ObservationMemory,
    out: &mut [f32],
) {
    let players = s.players.len();
    match memory.written.as_deref_mut() {
        Some(was) if was.players == players => write_observation(s, d, seat, was, false, out),
        _ => {
            let mut was = Box::new(Written::blank(players));
            write_observation(s, d, seat, &mut was, true, out);
            memory.written = Some(was);
        }
    }
}

/// Writes the observation: all of it when `whole` (`was` is then a blank record), else the
/// parts whose inputs differ from `was`; records the inputs in `was`.
fn write_observation(
    s: &State,
    d: &Data,
    seat: u8,
    was: &mut Written,
    whole: bool,
    out: &mut [f32],
) {
    let at = offsets(d, s.players.len());
    if out.len() == at.len {
        write_parts(s, d, seat, at, was, whole, out);
        return;
    }
    // Not this player count's observation (a caller's mistake): write it whole aside and
    // copy what fits, zeros past it, and remember nothing of `out`.
    let mut aside = vec![0.0; at.len];
    *was = Written::blank(s.players.len());
    write_parts(s, d, seat, at, was, true, &mut aside);
    *was = Written::blank(s.players.len());
    out.fill(0.0);
    let fits = out.len().min(at.len);
    out[..fits].copy_from_slice(&aside[..fits]);
}

/// Writes the parts of the observation whose inputs differ from `was` into `out` (of length
/// `at.len`), and records their inputs: when `whole` (every part differs from a blank record),
/// each part is cleared first and only its values that are not zero are written.
fn write_parts(
    s: &State,
    d: &Data,
    seat: u8,
    at: Offsets,
    was: &mut Written,
    whole: bool,
    out: &mut [f32],
) {
    let p = s.players.len();
    let me = seat as usize;
    let designs = d.adaptations.len();
    let fields = d.instinct.len();
    let tiles = tile_kinds(d);
    let slots = objective_slots(d);
    // The piles' key holds this game's values, or they are written every time.
    let kept = slots <= MAX_SLOTS && designs <= MAX_DESIGNS;
    // Who observes, who decides, and what; the game: every time.
    {
        let mut w = writer(part(out, 0, at.animals), whole);
        w.one_hot(Some(me), p);
        let dec = s.decision;
        w.one_hot(dec.map(|x| x.seat() as usize), p);
        w.one_hot(dec.map(decision_kind), DECISION_KINDS.len());
        match dec {
            Some(Decision::Turn { acted, forced, .. }) => {
                w.put(bit(acted));
                w.put(bit(forced));
            }
            _ => w.skip(2),
        }
        match dec {
            Some(Decision::Hunger { region, .. }) => w.one_hot(Some(region.index()), REGIONS),
            _ => w.skip(REGIONS),
        }
        match dec.and_then(|x| decision_spot(s, x)) {
            Some((region, niche, flags)) => {
                w.one_hot(Some(region.index()), REGIONS);
                w.one_hot(Some(niche as usize), NICHES);
                put_flags(&mut w, flags);
            }
            None => w.skip(REGIONS + NICHES + 4),
        }
        w.put(dec.map_or(0, |x| decision_count(s, x)) as f32);
        w.put(bit(s.setup.solo()));
        w.put(bit(s.setup.flat_final));
        let stages = d.total_stages() as usize;
        w.one_hot(Some((s.stage as usize).min(stages)), stages + 1);
        w.one_hot(Some(s.epoch(d) as usize), d.epoch_names.len());
        w.one_hot(Some(phase_index(s.phase)), PHASES.len());
        let solo = s.result.as_ref().and_then(|r| r.solo_success);
        w.put(bit(s.result.is_some()));
        w.put(bit(solo == Some(true)));
        w.put(bit(solo == Some(false)));
        for i in 0..p {
            w.put(bit(s
                .result
                .as_ref()
                .is_some_and(|r| r.winners.contains(&(i as u8)))));
        }
        debug_assert_eq!(w.written(), at.animals);
    }
    // The board: one count per cell of `animals`, each animal adding 1 to its cell; in place,
    // nothing when the animals' cells are the ones written last time, in the same order, else
    // the cells written last time set to zero first.
    let mut cells = [0u16; KEPT_ANIMALS];
    let mut placed = 0;
    let mut in_region = [0usize; REGIONS];
    for a in s.animals.iter() {
        if let Some(k) = cell(a) {
            in_region[a.region.index()] += 1;
            if let Some(c) = cells.get_mut(placed) {
                *c = k as u16;
            }
            placed += 1;
        }
    }
    let animals = part(out, at.animals, at.food);
    let now = (placed <= KEPT_ANIMALS).then_some((cells, placed));
    let then = was.cells.as_ref().and_then(|(old, n)| old.get(..*n));
    if now.is_none() || then != cells.get(..placed) {
        match then {
            Some(old) => {
                for &k in old {
                    if let Some(slot) = animals.get_mut(usize::from(k)) {
                        *slot = 0.0;
                    }
                }
            }
            None => animals.fill(0.0),
        }
        for k in s.animals.iter().filter_map(cell) {
            if let Some(slot) = animals.get_mut(k) {
                *slot += 1.0;
            }
        }
        if now.is_none() {
            // More animals than a game has markers (a hand-written position): the counts
            // stop at 255, as a byte's would.
            for k in s.animals.iter().filter_map(cell) {
                if let Some(slot) = animals.get_mut(k) {
                    *slot = slot.min(255.0);
                }
            }
        }
    }
    was.cells = now;
    let warnings: Regions = Region::all()
        .filter(|&r| !s.hunger.contains(r) && in_region[r.index()] > s.food(d, r))
        .collect();
    let mut conditions = [0u8; REGIONS * NICHES];
    for &(r, n) in &s.conditions {
        if let Some(c) = conditions.get_mut(r.index() * NICHES + n as usize) {
            *c = c.saturating_add(1);
        }
    }
    let board = BoardKey {
        epoch: s.epoch(d),
        hunger: s.hunger,
        warnings,
        closed: s.closed,
        region_stack: s.region_stack,
        region_out: s.region_out,
        conditions,
        solo_pending: s.solo_pending,
    };
    if changed(&mut was.board, kept.then_some(board)) {
        let mut w = writer(part(out, at.food, at.seat_sections[0]), whole);
        for r in Region::all() {
            w.put(s.food(d, r) as f32);
        }
        put_regions(&mut w, s.hunger);
        for set in [warnings, s.closed, s.region_stack, s.region_out] {
            put_regions(&mut w, set);
        }
        for c in conditions {
            w.put(f32::from(c));
        }
        put_regions(&mut w, s.solo_pending);
        debug_assert_eq!(w.written(), at.seat_sections[0] - at.food);
    }
    // The seats' public holdings: the values of each seat whose holdings changed.
    for (i, q) in s.players.iter().enumerate() {
        let now = SeatKey {
            group: q.group,
            initiative: s.order.iter().position(|&x| x as usize == i),
            dominance: q.dominance,
            ap: q.ap,
            used: q.used,
            passed: q.passed,
            instinct: q.instinct,
            hand: q.hand.len(),
            active: q.active.len(),
            evolution: q.evolution,
            objective_markers: s.objective_markers_left(d, i as u8),
            shed: q.shed,
            shed_used: q.shed_used,
            multi_used: q.multi_used,
            cheap_used: q.cheap_used,
            kill: q.kill,
            armed: q.armed,
            fat_reserves: q.fat_reserves,
        };
        match was.seats.get_mut(i) {
            Some(Some(then)) if *then == now => {}
            kept => {
                write_seat(out, &at, p, i, &now);
                if let Some(then) = kept {
                    *then = Some(now);
                }
            }
        }
    }
    // The groups: every time.
    {
        let mut w = writer(part(out, at.group_owner, at.own_inactive_cards), whole);
        for g in Group::ALL {
            let k = match s.owner[g as usize] {
                Owner::Seat(_) => 0,
                Owner::Neutral(_) => 1,
                Owner::Absent => 2,
            };
            w.one_hot(Some(k), 3);
        }
        for g in Group::ALL {
            let track = s
                .neutral_of(g)
                .and_then(|n| s.neutrals.get(n as usize))
                .map_or(0, |n| n.track);
            w.put(track as f32);
        }
        for g in Group::ALL {
            w.put(s.supply(d, g) as f32);
        }
        for g in Group::ALL {
            w.put(bit(s.special_out(g)));
        }
        debug_assert_eq!(w.written(), at.own_inactive_cards - at.group_owner);
    }
    // The observer's own secrets: the values that differ from the ones written, whichever
    // seat they were written for.
    let mine = s.players.get(me);
    let known = mine.map_or(0, |q| q.known);
    let mut own = OwnKey {
        hand: card_counts(mine.map_or(&[], |q| &q.hand)),
        active: card_counts(mine.map_or(&[], |q| &q.active)),
        known,
        tiles: [None; MAX_FIELDS],
    };
    for (f, tile) in own.tiles.iter_mut().enumerate().take(fields) {
        let seen = s.doom_revealed || known & (1 << f) != 0;
        *tile = if seen { s.tile_at(f as u8) } else { None };
    }
    write_own(
        part(out, at.own_inactive_cards, at.doom_revealed),
        &own,
        was.own.as_ref(),
        mine,
        d,
    );
    was.own = Some(own);
    // The Doom, the piles, the objectives and the ages.
    let revealed = (s.ages_revealed as usize).min(s.ages.len());
    let mut piles = PilesKey {
        doom_revealed: s.doom_revealed,
        doom: s.doom.map(|t| s.doom_revealed.then_some(t)),
        removed_cataclysm: s.removed_cataclysm,
        deck: s.deck.len(),
        discard: card_counts(&s.discard),
        objectives: [(None, 0); MAX_SLOTS],
        stacks: s.objective_stacks.each_ref().map(Vec::len),
        ages: [None; AGE_SLOTS],
        ages_hidden: s.ages.len().saturating_sub(revealed),
    };
    for (i, slot) in piles.objectives.iter_mut().enumerate().take(slots) {
        if let Some(o) = s.objectives.get(i) {
            let claims = (0..p.min(8)).filter(|&k| o.claims.contains(&(k as u8)));
            *slot = (Some(o.tile), claims.fold(0, |mask, k| mask | 1 << k));
        }
    }
    for (k, card) in piles.ages.iter_mut().enumerate() {
        *card = (k < revealed).then(|| s.ages[k]);
    }
    if changed(&mut was.piles, kept.then_some(piles)) {
        let mut w = writer(part(out, at.doom_revealed, at.contest_where), whole);
        w.put(bit(s.doom_revealed));
        for t in s.doom {
            w.one_hot(s.doom_revealed.then(|| tile_index(t)), tiles);
        }
        w.one_hot(Some(s.removed_cataclysm as usize), d.cataclysms.len());
        w.put(s.deck.len() as f32);
        put_cards(&mut w, &piles.discard, &s.discard, designs);
        for i in 0..slots {
            w.one_hot(
                s.objectives.get(i).map(|o| o.tile as usize),
                d.objectives.len(),
            );
        }
        for i in 0..slots {
            let claims = s.objectives.get(i).map_or(&[][..], |o| &o.claims);
            for k in 0..p {
                w.put(bit(claims.contains(&(k as u8))));
            }
        }
        for st in &s.objective_stacks {
            w.put(st.len() as f32);
        }
        for k in 0..AGE_SLOTS {
            let card = (k < revealed).then(|| s.ages[k] as usize);
            w.one_hot(card, d.ages.len());
        }
        w.put(s.ages.len().saturating_sub(revealed) as f32);
        debug_assert_eq!(w.written(), at.contest_where - at.doom_revealed);
    }
    // A contest in progress.
    let contest: Option<Contest> = s.tasks.iter().rev().find_map(|t| match t {
        Task::Contest(c) => Some(*c),
        _ => None,
    });
    if changed(&mut was.contest, kept.then_some(contest)) {
        let mut w = writer(part(out, at.contest_where, at.len), whole);
        match contest {
            Some(c) => {
                w.put(1.0);
                w.one_hot(Some(c.region.index()), REGIONS);
                w.one_hot(Some(c.niche as usize), NICHES);
                put_contest_animal(&mut w, c.attacker);
                put_contest_animal(&mut w, c.defender);
                w.put(c.attack as f32);
                w.put(c.defence as f32);
                w.one_hot(Some(c.step as usize), CONTEST_STEPS);
                w.put(bit(c.kill));
                w.put(bit(c.attacker_wins));
                w.put(bit(c.loser_dies));
                w.put(bit(c.winner_dies));
            }
            None => w.skip(1 + REGIONS + NICHES + 2 * (GROUPS + 4) + 2 + CONTEST_STEPS + 4),
        }
        debug_assert_eq!(w.written(), at.len - at.contest_where);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each per-seat section's length in the layout is its values per seat ([`SEAT_SECTIONS`])
    /// times the seats, and the sections follow one another: [`write_seat`] writes a seat's
    /// values where the layout has them.
    #[test]
    fn seat_sections_match_the_layout() {
        for players in 1..=MAX_SEATS {
            let layout = observation_layout(data(), players);
            let mut next = None;
            for (name, width) in SEAT_SECTIONS {
                let (start, len) = layout.span(name).expect("a seat section");
                assert_eq!(len, players * width.unwrap_or(players), "{name}");
                assert!(
                    next.is_none_or(|n| n == start),
                    "{name} follows the one before"
                );
                next = Some(start + len);
            }
            assert_eq!(next, layout.span("group_owner").map(|(start, _)| start));
        }
    }
}
