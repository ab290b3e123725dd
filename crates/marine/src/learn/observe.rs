//! A seat's observation written whole ([`observe`]) or again in place,
//! rewriting only the values a decision changed ([`observe_again`]): both
//! go through one writer, so the two cannot disagree.
//!
//! Each part remembers what it was written from — the state's values, or
//! what the observing seat makes of them (its own secret hand, picks and
//! offers, the other seats' hidden as zeros) — so a buffer moved from one
//! seat to another rewrites exactly what differs between the two. A
//! one-hot run whose index changed has its old 1 cleared and its new one
//! set; a run of flags has the flags that changed written.

use super::*;
use crate::data::{MAX_CIRCLES, MAX_MARKERS, MAX_SLOTS, MAX_SPACES, MAX_SQUARES};
use crate::types::Tile;
use eons_earth::{matching_counts, Earth};
use std::sync::OnceLock;

/// Where the parts of an observation that are written on their own
/// start, for one player count (read from [`observation_layout`]).
#[derive(Copy, Clone, Debug)]
struct Offsets {
    to_move: usize,
    deciding_animal: usize,
    current_animal: usize,
    pending_kind: usize,
    pending_animal: usize,
    pending_hex: usize,
    pending_hex_set: usize,
    pending_corner: usize,
    pending_circle: usize,
    pending_terrain: usize,
    pending_element: usize,
    pending_face: usize,
    pending_trait: usize,
    pending_tectonics_mode: usize,
    pending_disk: usize,
    pending_numbers: usize,
    pending_flags: usize,
    resolving_card: usize,
    round: usize,
    animal_disks: usize,
    animal_needs: usize,
    animal_traits: usize,
    animal_traits_known: usize,
    animal_copied: usize,
    own_hand: usize,
    own_offer: usize,
    tile_terrain: usize,
    tile_vent_face: usize,
    tile_vent_base: usize,
    corner_elements: usize,
    species: usize,
    thriving: usize,
    migrated: usize,
    domination: usize,
    display_spaces: usize,
    personal_spaces: usize,
    special_pawns: usize,
    circles: usize,
    boxes: usize,
    regression_squares: usize,
    competition_markers: usize,
    evolution_markers: usize,
    card_row: usize,
    wanderlust_stacks: usize,
    len: usize,
}

/// The offsets of `players` seats' observation (2–6; others are read
/// from the layout each time).
fn offsets(players: usize) -> Offsets {
    static OFFSETS: [OnceLock<Offsets>; 7] = [const { OnceLock::new() }; 7];
    let read = || {
        let layout = observation_layout(players);
        let at = |name: &str| layout.span(name).map_or(0, |(start, _)| start);
        Offsets {
            to_move: at("to_move"),
            deciding_animal: at("deciding_animal"),
            current_animal: at("current_animal"),
            pending_kind: at("pending_kind"),
            pending_animal: at("pending_animal"),
            pending_hex: at("pending_hex"),
            pending_hex_set: at("pending_hex_set"),
            pending_corner: at("pending_corner"),
            pending_circle: at("pending_circle"),
            pending_terrain: at("pending_terrain"),
            pending_element: at("pending_element"),
            pending_face: at("pending_face"),
            pending_trait: at("pending_trait"),
            pending_tectonics_mode: at("pending_tectonics_mode"),
            pending_disk: at("pending_disk"),
            pending_numbers: at("pending_numbers"),
            pending_flags: at("pending_flags"),
            resolving_card: at("resolving_card"),
            round: at("round"),
            animal_disks: at("animal_disks"),
            animal_needs: at("animal_needs"),
            animal_traits: at("animal_traits"),
            animal_traits_known: at("animal_traits_known"),
            animal_copied: at("animal_copied"),
            own_hand: at("own_hand"),
            own_offer: at("own_offer"),
            tile_terrain: at("tile_terrain"),
            tile_vent_face: at("tile_vent_face"),
            tile_vent_base: at("tile_vent_base"),
            corner_elements: at("corner_elements"),
            species: at("species"),
            thriving: at("thriving"),
            migrated: at("migrated"),
            domination: at("domination"),
            display_spaces: at("display_spaces"),
            personal_spaces: at("personal_spaces"),
            special_pawns: at("special_pawns"),
            circles: at("circles"),
            boxes: at("boxes"),
            regression_squares: at("regression_squares"),
            competition_markers: at("competition_markers"),
            evolution_markers: at("evolution_markers"),
            card_row: at("card_row"),
            wanderlust_stacks: at("wanderlust_stacks"),
            len: layout.len(),
        }
    };
    match OFFSETS.get(players) {
        Some(cell) => *cell.get_or_init(read),
        None => read(),
    }
}

/// The buffer an observation is written into, whole (over zeros) or in
/// place (over the values the same memory wrote last).
struct Out<'a> {
    values: &'a mut [f32],
    whole: bool,
}

impl Out<'_> {
    /// A writer over the `len` values from `start` (over nothing when they
    /// are not all there, which the offsets of the layout rule out).
    fn part(&mut self, start: usize, len: usize) -> Writer<'_> {
        Writer::over(self.values.get_mut(start..start + len).unwrap_or_default())
    }

    /// Sets value `i` of the run of `len` values at `start` (nothing when
    /// `i` is past the run).
    #[inline]
    fn set(&mut self, start: usize, len: usize, i: usize, value: f32) {
        if i < len {
            if let Some(slot) = self.values.get_mut(start + i) {
                *slot = value;
            }
        }
    }

    /// Writes the one-hot run of `len` values at `start` with its 1 at
    /// `now` (none when None or past the run), over the run as it was
    /// written with its 1 at `was`, or over zeros when whole.
    #[inline]
    fn hot(&mut self, start: usize, len: usize, was: Option<usize>, now: Option<usize>) {
        if !self.whole {
            if was == now {
                return;
            }
            if let Some(i) = was {
                self.set(start, len, i, 0.0);
            }
        }
        if let Some(i) = now {
            self.set(start, len, i, 1.0);
        }
    }

    /// Writes the run of `len` flags at `start` from the bits of `now`,
    /// over the run as it was written from `was`, or over zeros when whole.
    #[inline]
    fn flags(&mut self, start: usize, len: usize, was: u64, now: u64) {
        let mut changed = if self.whole { now } else { was ^ now };
        while changed != 0 {
            let i = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            self.set(start, len, i, flag(now >> i & 1 == 1));
        }
    }
}

/// The index of a Tectonics mode in the `pending_tectonics_mode` one-hot.
fn mode_index(m: TectonicsMode) -> usize {
    match m {
        TectonicsMode::Basic => 0,
        TectonicsMode::Special => 1,
        TectonicsMode::Seamount => 2,
        TectonicsMode::Volcano => 3,
    }
}

/// What [`observe_again`] remembers of the observation it last wrote into
/// a buffer, to rewrite only the parts a decision changed
/// ([`Learnable::ObservationMemory`]). New, it remembers nothing: the next
/// observation is written whole.
#[derive(Clone, Debug, Default)]
pub struct ObservationMemory {
    written: Option<Box<Written>>,
}

/// The disks of one animal as its `animal_disks` run shows them: the
/// usable slots (a bit each) and the disk on each slot; None for an
/// animal not in play.
type DiskRow = Option<(u8, [Option<Element>; DISKS])>;

/// What decides whether an animal's species thrive on a tile, beside the
/// tile itself: whether it plays, its display's needs, and Carnivore.
type ThriveRule = (bool, [u8; ELEMENTS], bool);

/// What a seat sees of one animal's traits: the `animal_traits` mask,
/// the copied trait, the secret hand's and offer's masks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct TraitsSeen {
    held: u32,
    copied: Option<Trait>,
    hand: u32,
    offer: u32,
}

/// The inputs of the card sections, from `card_row` to `card_counts`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct CardsKey {
    row: [Option<Card>; MAX_SLOTS],
    /// A bit per card in the discard pile.
    discarded: u64,
    discard_top: Option<Card>,
    deck: usize,
    removed: usize,
    discard: usize,
}

/// The inputs of the parts of an observation as they were when it was
/// written, and what was derived from them.
#[derive(Clone, Debug)]
struct Written {
    players: usize,
    /// The animals in play (another set: everything is written again).
    in_play: u8,
    /// The observer, the seat and animal deciding, the current animal.
    head: [Option<usize>; 4],
    /// What the step on top of the stack is about.
    pending: Pending,
    resolving: Option<Card>,
    disks: [DiskRow; ANIMALS],
    traits: [TraitsSeen; ANIMALS],
    earth: Earth<Tile>,
    /// Element disks on each hex's corners, by type.
    on: [[u8; ELEMENTS]; HEXES],
    /// Per element type, a bit per hex holding such a disk on a corner.
    element_hexes: [u64; ELEMENTS],
    rules: [ThriveRule; ANIMALS],
    /// Per hex, a bit per animal whose species thrive on it.
    thriving: [u8; HEXES],
    /// Per animal, per element type: tiles holding its species and such an
    /// element.
    dominated_tiles: [[u32; ELEMENTS]; ANIMALS],
    /// The domination values (per animal, per element type) and the
    /// targets the domination section was written from.
    domination: Option<([[u32; ELEMENTS]; ANIMALS], [u32; ELEMENTS])>,
    /// Each animal's species on earth.
    species_totals: [u32; ANIMALS],
    survival: Option<Animal>,
    moved: [u8; HEXES],
    spaces: [Option<Pawn>; MAX_SPACES],
    personal: [Option<Pawn>; ANIMALS],
    special_control: [Option<Animal>; ELEMENTS],
    circles: [[Option<Element>; MAX_CIRCLES]; 4],
    squares: [Option<Animal>; MAX_SQUARES],
    comp_markers: [Option<Terrain>; MAX_MARKERS],
    evo_markers: [Option<Terrain>; MAX_MARKERS],
    cards: Option<CardsKey>,
}

impl Written {
    /// A record to be overwritten by a whole observation of `s`.
    fn blank(s: &State) -> Written {
        Written {
            players: usize::from(s.setup.players),
            in_play: s.in_play,
            head: [None; 4],
            pending: Pending::default(),
            resolving: None,
            disks: [None; ANIMALS],
            traits: [TraitsSeen::default(); ANIMALS],
            earth: Earth::default(),
            on: [[0; ELEMENTS]; HEXES],
            element_hexes: [0; ELEMENTS],
            rules: [(false, [0; ELEMENTS], false); ANIMALS],
            thriving: [0; HEXES],
            dominated_tiles: [[0; ELEMENTS]; ANIMALS],
            domination: None,
            species_totals: [0; ANIMALS],
            survival: None,
            moved: [0; HEXES],
            spaces: [None; MAX_SPACES],
            personal: [None; ANIMALS],
            special_control: [None; ELEMENTS],
            circles: [[None; MAX_CIRCLES]; 4],
            squares: [None; MAX_SQUARES],
            comp_markers: [None; MAX_MARKERS],
            evo_markers: [None; MAX_MARKERS],
            cards: None,
        }
    }
}

/// Writes what `seat` may know of `s` into `out` (the layout of
/// [`observation_layout`] for the state's number of seats): the table, the
/// observer's own secret hand, picks and offers, and no other seat's.
pub fn observe(s: &State, seat: Seat, out: &mut [f32]) {
    write_observation(s, seat, &mut Written::blank(s), true, out);
}

/// Writes the same values as [`observe`] into `out`, which holds what the
/// last call with `memory` wrote (or anything, when `memory` is new),
/// rewriting only what changed: the one-hots whose index changed (who
/// decides, each field of the pending decision, each corner, tile and
/// display space, the rest of the display), the flags that changed (the
/// traits the seat sees, each hex's thriving species), each animal's disks
/// when they or its usable slots changed, each hex's species and thriving
/// when its tile, species or corner disks changed (every hex's thriving
/// when a display's needs or Carnivore changed), the cards and the
/// domination values when they changed; the short sections (the round,
/// the animals' counts and needs, the supplies) every time.
pub fn observe_again(s: &State, seat: Seat, memory: &mut ObservationMemory, out: &mut [f32]) {
    let players = usize::from(s.setup.players);
    match memory.written.as_deref_mut() {
        Some(was) if was.players == players && was.in_play == s.in_play => {
            write_observation(s, seat, was, false, out)
        }
        _ => {
            let mut was = Box::new(Written::blank(s));
            write_observation(s, seat, &mut was, true, out);
            memory.written = Some(was);
        }
    }
}

/// Writes the observation: all of it when `whole` (over zeros), else the
/// values whose inputs differ from `was`; then records the inputs in
/// `was`.
fn write_observation(s: &State, seat: Seat, was: &mut Written, whole: bool, out: &mut [f32]) {
    let players = usize::from(s.setup.players);
    let at = offsets(players);
    if out.len() != at.len {
        // Not this player count's observation: what fits of it, the rest
        // zero.
        let mut full = vec![0.0; at.len];
        write_observation(s, seat, &mut Written::blank(s), true, &mut full);
        let n = out.len().min(at.len);
        out[..n].copy_from_slice(&full[..n]);
        out[n..].fill(0.0);
        return;
    }
    if whole {
        out.fill(0.0);
    }
    let o = &mut Out { values: out, whole };
    let dims = Dims::of(data());
    let top = if s.over {
        None
    } else {
        s.stack.last().copied()
    };
    let deciding = top.and_then(|f| f.decider());
    let mine = |a: Animal| s.owner[a.index()] == seat.0 && s.plays(a);

    // Who observes and who decides.
    let head = [
        Some(seat.index()),
        deciding.map(|a| s.owner[a.index()] as usize),
        deciding.map(Animal::index),
        Some(s.cur.index()),
    ];
    let starts = [0, at.to_move, at.deciding_animal, at.current_animal];
    let lens = [players, players, ANIMALS, ANIMALS];
    for k in 0..4 {
        o.hot(starts[k], lens[k], was.head[k], head[k]);
    }
    was.head = head;

    // What is pending: each field that changed.
    let p = top.map(Pending::of).unwrap_or_default();
    let q = was.pending;
    o.hot(at.pending_kind, DECISION_KINDS.len(), q.kind, p.kind);
    let animal = |p: Pending| p.animal.map(Animal::index);
    o.hot(at.pending_animal, ANIMALS, animal(q), animal(p));
    let hex = |p: Pending| p.hex.map(|h| h.0 as usize);
    o.hot(at.pending_hex, HEXES, hex(q), hex(p));
    o.flags(at.pending_hex_set, HEXES, q.hexes, p.hexes);
    let corner = |p: Pending| p.corner.map(|c| c.0 as usize);
    o.hot(at.pending_corner, CORNERS, corner(q), corner(p));
    let circle = |p: Pending| p.circle.map(usize::from);
    let circles = dims.max_circles();
    o.hot(at.pending_circle, circles, circle(q), circle(p));
    let terrain = |p: Pending| p.terrain.map(Terrain::index);
    o.hot(at.pending_terrain, Terrain::COUNT, terrain(q), terrain(p));
    let element = |p: Pending| p.element.map(Element::index);
    o.hot(at.pending_element, ELEMENTS, element(q), element(p));
    let face = |p: Pending| p.face.map(Face::index);
    o.hot(at.pending_face, FACES, face(q), face(p));
    let replace = |p: Pending| p.replace.map(Trait::index);
    o.hot(at.pending_trait, Trait::COUNT, replace(q), replace(p));
    let mode = |p: Pending| p.mode.map(mode_index);
    o.hot(at.pending_tectonics_mode, MODES, mode(q), mode(p));
    let disk = |p: Pending| p.disk.map(usize::from);
    o.hot(at.pending_disk, DISKS, disk(q), disk(p));
    for (i, (&now, &then)) in p.numbers.iter().zip(&q.numbers).enumerate() {
        if whole || now != then {
            o.set(at.pending_numbers, PENDING_NUMBERS, i, now as f32);
        }
    }
    for (i, (&now, &then)) in p.flags.iter().zip(&q.flags).enumerate() {
        if whole || now != then {
            o.set(at.pending_flags, PENDING_FLAGS, i, flag(now));
        }
    }
    was.pending = p;
    let resolving = s.stack.iter().rev().find_map(|f| match f {
        Decision::CardDone { card, .. } => Some(*card),
        _ => None,
    });
    let card = |c: Option<Card>| c.map(Card::index);
    o.hot(
        at.resolving_card,
        Card::COUNT,
        card(was.resolving),
        card(resolving),
    );
    was.resolving = resolving;

    // Earth first, for what the animals' sections derive from it: each
    // corner, and each hex's rows, when they changed.
    let earth_changed = whole || s.earth != was.earth;
    let mut dirty: u64 = 0;
    // Whether a tile or species changed (not only corner disks).
    let mut pieces_changed = whole;
    if earth_changed {
        // The corners whose disk changed: those in a type's set before or
        // after but not both.
        let mut corners = if whole {
            (1u128 << CORNERS) - 1
        } else {
            (0..ELEMENTS as u8).fold(0, |set, e| {
                set | (s.earth.element_mask(e) ^ was.earth.element_mask(e))
            })
        };
        while corners != 0 {
            let c = corners.trailing_zeros() as usize;
            corners &= corners - 1;
            let corner = CornerId(c as u8);
            let start = at.corner_elements + c * ELEMENTS;
            let index = |e: Option<u8>| e.map(usize::from);
            let (then, e) = (was.earth.element(corner), s.earth.element(corner));
            o.hot(start, ELEMENTS, index(then), index(e));
            for h in grid().hexes_at(corner) {
                dirty |= 1 << h.0;
            }
        }
        for i in 0..HEXES {
            let h = HexId(i as u8);
            let tile = s.earth.tile(h);
            let then = was.earth.tile(h);
            if whole || tile != then {
                dirty |= 1 << i;
                pieces_changed = true;
                let terrain = |t: Option<Tile>| t.map(|t| t.terrain().index());
                let start = at.tile_terrain + i * Terrain::COUNT;
                o.hot(start, Terrain::COUNT, terrain(then), terrain(tile));
                let face = |t: Option<Tile>| t.and_then(|t| t.vent).map(Face::index);
                let start = at.tile_vent_face + i * FACES;
                o.hot(start, FACES, face(then), face(tile));
                let base = |t: Option<Tile>| t.filter(|t| t.vent.is_some()).map(|t| t.base.index());
                let start = at.tile_vent_base + i * Terrain::COUNT;
                o.hot(start, Terrain::COUNT, base(then), base(tile));
            }
            let species = s.earth.species_on(h);
            if whole || species != was.earth.species_on(h) {
                dirty |= 1 << i;
                pieces_changed = true;
                for (k, n) in species.into_iter().enumerate() {
                    o.set(at.species + i * ANIMALS, ANIMALS, k, n as f32);
                }
            }
        }
        let mut todo = dirty;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let on = s.earth.elements_on(HexId(i as u8));
            for (mask, &n) in was.element_hexes.iter_mut().zip(&on) {
                *mask = *mask & !(1 << i) | u64::from(n > 0) << i;
            }
            if let Some(slot) = was.on.get_mut(i) {
                *slot = on;
            }
        }
        // What the animals' sections read of earth.
        let tiles = s.earth.tile_mask();
        for a in Animal::ALL {
            let i = a.index();
            let species = if s.plays(*a) {
                s.earth.species_mask(i) & tiles
            } else {
                0
            };
            for (count, mask) in was.dominated_tiles[i].iter_mut().zip(&was.element_hexes) {
                *count = (species & mask).count_ones();
            }
        }
        if pieces_changed {
            was.species_totals = std::array::from_fn(|i| s.earth.species_total(i));
            was.survival = s.survival_holder();
        }
        was.earth.clone_from(&s.earth);
    }
    let mut needs = [[0u8; ELEMENTS]; ANIMALS];
    for a in s.animals() {
        needs[a.index()] = s.needs(a);
    }
    // Thriving: the dirty hexes' rows, or every hex's when an animal's
    // rule changed.
    let rules: [ThriveRule; ANIMALS] = std::array::from_fn(|i| {
        let a = Animal::ALL[i];
        (s.plays(a), needs[i], s.has_trait(a, Trait::Carnivore))
    });
    if whole || rules != was.rules {
        was.rules = rules;
        dirty = (1u64 << HEXES) - 1;
    }
    while dirty != 0 {
        let i = dirty.trailing_zeros() as usize;
        dirty &= dirty - 1;
        let h = HexId(i as u8);
        let tile = s.earth.tile(h).is_some();
        let on = &was.on[i];
        let mut thriving = 0u8;
        for &a in Animal::ALL {
            let k = a.index();
            let thrives = tile
                && s.plays(a)
                && s.earth.species(h, k) > 0
                && s.thriving_by(a, h, || matching_counts(&needs[k], on));
            thriving |= u8::from(thrives) << k;
        }
        let start = at.thriving + i * ANIMALS;
        let then = u64::from(was.thriving[i]);
        o.flags(start, ANIMALS, then, u64::from(thriving));
        was.thriving[i] = thriving;
    }
    let moved_changed = whole || s.moved != was.moved;
    for (i, (&now, then)) in s.moved.iter().zip(was.moved.iter_mut()).enumerate() {
        if moved_changed && (whole || now != *then) {
            o.set(at.migrated, HEXES, i, now as f32);
            *then = now;
        }
    }
    // Domination: when a value or a target changed.
    let mut values = [[0u32; ELEMENTS]; ANIMALS];
    for &a in Animal::ALL {
        let i = a.index();
        for e in 0..ELEMENTS {
            values[i][e] = needs[i][e] as u32 * was.dominated_tiles[i][e];
        }
    }
    let domination = (values, s.targets);
    if whole || was.domination != Some(domination) {
        was.domination = Some(domination);
        let mut w = o.part(at.domination, at.display_spaces - at.domination);
        for &a in Animal::ALL {
            for (e, &value) in values[a.index()].iter().enumerate() {
                w.put(value as f32);
                w.put(flag(value > s.targets[e]));
            }
        }
        debug_assert_eq!(w.written(), at.display_spaces - at.domination);
    }

    // The round, the setup and the animals' counts: every time.
    {
        let mut w = o.part(at.round, at.animal_disks - at.round);
        w.put(s.reseeds as f32);
        w.put(s.turns as f32);
        w.put(flag(s.last_round));
        w.put(flag(s.extra_turn));
        w.put(flag(s.over));
        w.put(flag(s.revealed));
        let su = &s.setup;
        w.put(flag(su.two_animals));
        w.put(flag(su.random_earth));
        w.one_hot(Some(su.length as usize), 4);
        w.put(flag(su.alternate_displays));
        w.put(flag(su.superheroes));
        w.put(su.max_rounds as f32);
        w.put(flag(s.ties_reversed()));
        for &a in Animal::ALL {
            w.put(flag(s.plays(a)));
        }
        for &a in Animal::ALL {
            let owner = s.plays(a).then_some(s.owner[a.index()] as usize);
            w.one_hot(owner, players);
        }
        for &a in Animal::ALL {
            w.put(flag(mine(a)));
        }
        for &a in Animal::ALL {
            if !s.plays(a) {
                w.skip(ANIMAL_COUNTS);
                continue;
            }
            let i = a.index();
            w.put(s.vp[i] as f32);
            w.put(s.pool[i] as f32);
            w.put(s.eliminated[i] as f32);
            w.put(was.species_totals[i] as f32);
            w.put(s.squares.iter().filter(|x| **x == Some(a)).count() as f32);
            w.put(s.basic_avail[i] as f32);
            w.put(s.basic_total[i] as f32);
            w.put(flag(s.food_right & a.bit() != 0));
            w.put(flag(s.budding_done & a.bit() != 0));
            w.put(s.hands[i].iter().flatten().count() as f32);
            w.put(s.picks[i].count_ones() as f32);
        }
        for &a in Animal::ALL {
            for e in 0..ELEMENTS {
                w.put(if s.plays(a) {
                    s.printed[a.index()][e] as f32
                } else {
                    0.0
                });
            }
        }
        debug_assert_eq!(w.written(), at.animal_disks - at.round);
    }
    // Each animal's disks: when they or its usable slots changed.
    for &a in Animal::ALL {
        let i = a.index();
        let row: DiskRow = s.plays(a).then(|| {
            let mut usable = 0u8;
            for k in s.usable_slots(a) {
                usable |= 1 << k;
            }
            (usable, s.disks[i])
        });
        if whole || row != was.disks[i] {
            was.disks[i] = row;
            let run = DISKS * (1 + ELEMENTS);
            let mut w = o.part(at.animal_disks + i * run, run);
            match row {
                None => w.skip(run),
                Some((usable, disks)) => {
                    for (k, disk) in disks.iter().enumerate() {
                        w.put(flag(usable >> k & 1 == 1));
                        w.one_hot(disk.map(Element::index), ELEMENTS);
                    }
                }
            }
        }
    }
    {
        let mut w = o.part(at.animal_needs, ANIMALS * ELEMENTS);
        for n in &needs {
            for &v in n {
                w.put(v as f32);
            }
        }
    }
    // What the seat sees of each animal's traits: the flags that changed.
    for &a in Animal::ALL {
        let i = a.index();
        let plays = s.plays(a);
        let mut seen = TraitsSeen {
            held: if !plays {
                0
            } else if s.revealed {
                s.traits[i]
            } else if mine(a) {
                s.picks[i]
            } else {
                0
            },
            copied: if plays { s.copied[i] } else { None },
            hand: 0,
            offer: 0,
        };
        if mine(a) && !s.revealed {
            for t in s.hands[i].iter().flatten() {
                seen.hand |= t.bit();
            }
        }
        if mine(a) {
            for t in s.offer[i].iter().flatten() {
                seen.offer |= t.bit();
            }
        }
        let then = was.traits[i];
        let run = Trait::COUNT;
        let start = i * run;
        let (held, hand, offer) = (
            u64::from(seen.held),
            u64::from(seen.hand),
            u64::from(seen.offer),
        );
        o.flags(at.animal_traits + start, run, u64::from(then.held), held);
        let copied = |t: TraitsSeen| t.copied.map(Trait::index);
        o.hot(at.animal_copied + start, run, copied(then), copied(seen));
        o.flags(at.own_hand + start, run, u64::from(then.hand), hand);
        o.flags(at.own_offer + start, run, u64::from(then.offer), offer);
        was.traits[i] = seen;
    }
    {
        let mut w = o.part(at.animal_traits_known, ANIMALS);
        for &a in Animal::ALL {
            w.put(flag(s.plays(a) && (s.revealed || mine(a))));
        }
    }

    // The action display: each one-hot whose pawn, controller, element,
    // cube or marker changed; the special pawns' other values and the
    // boxes every time.
    let spaces = ..dims.spaces.min(MAX_SPACES);
    let spaces_changed = whole || s.spaces[spaces] != was.spaces[spaces];
    for i in (0..dims.spaces).filter(|_| spaces_changed) {
        let start = at.display_spaces + i * PAWN_KINDS;
        let pawn = s.spaces[i];
        o.hot(
            start,
            PAWN_KINDS,
            pawn_index(was.spaces[i]),
            pawn_index(pawn),
        );
        was.spaces[i] = pawn;
    }
    for i in 0..ANIMALS {
        let start = at.personal_spaces + i * PAWN_KINDS;
        let pawn = s.personal[i];
        o.hot(
            start,
            PAWN_KINDS,
            pawn_index(was.personal[i]),
            pawn_index(pawn),
        );
        was.personal[i] = pawn;
    }
    for e in 0..ELEMENTS {
        let start = at.special_pawns + e * (ANIMALS + 2);
        let control = |c: Option<Animal>| c.map(Animal::index);
        let now = s.special_control[e];
        o.hot(
            start,
            ANIMALS,
            control(was.special_control[e]),
            control(now),
        );
        was.special_control[e] = now;
        o.set(start + ANIMALS, 2, 0, flag(s.special_space[e].is_some()));
        o.set(start + ANIMALS, 2, 1, s.targets[e] as f32);
    }
    let element = |e: Option<Element>| e.map(Element::index);
    let mut start = at.circles;
    let circles_changed = whole || s.circles != was.circles;
    for (r, &n) in dims.circles.iter().enumerate().filter(|_| circles_changed) {
        for k in 0..n {
            let now = s.circles[r][k];
            o.hot(start, ELEMENTS, element(was.circles[r][k]), element(now));
            was.circles[r][k] = now;
            start += ELEMENTS;
        }
    }
    {
        let mut w = o.part(at.boxes, 3 * ELEMENTS);
        for b in &s.boxes {
            for &v in b {
                w.put(v as f32);
            }
        }
    }
    for k in 0..dims.squares {
        let start = at.regression_squares + k * ANIMALS;
        let cube = |c: Option<Animal>| c.map(Animal::index);
        let now = s.squares[k];
        o.hot(start, ANIMALS, cube(was.squares[k]), cube(now));
        was.squares[k] = now;
    }
    let marker = |t: Option<Terrain>| t.map(Terrain::index);
    for k in 0..dims.comp_markers {
        let start = at.competition_markers + k * Terrain::COUNT;
        let now = s.comp_markers[k];
        o.hot(
            start,
            Terrain::COUNT,
            marker(was.comp_markers[k]),
            marker(now),
        );
        was.comp_markers[k] = now;
    }
    for k in 0..dims.evo_markers {
        let start = at.evolution_markers + k * Terrain::COUNT;
        let now = s.evo_markers[k];
        o.hot(
            start,
            Terrain::COUNT,
            marker(was.evo_markers[k]),
            marker(now),
        );
        was.evo_markers[k] = now;
    }

    // Cards: when they changed.
    let mut discarded = 0u64;
    for c in &s.discard {
        discarded |= 1 << c.index();
    }
    let cards = CardsKey {
        row: s.row,
        discarded,
        discard_top: s.discard.last().copied(),
        deck: s.deck.len(),
        removed: s.removed.len(),
        discard: s.discard.len(),
    };
    if whole || was.cards != Some(cards) {
        was.cards = Some(cards);
        let mut w = o.part(at.card_row, at.wanderlust_stacks - at.card_row);
        for k in 0..dims.slots {
            w.one_hot(s.row[k].map(Card::index), Card::COUNT);
        }
        for c in 0..Card::COUNT {
            w.put(flag(discarded >> c & 1 == 1));
        }
        w.one_hot(cards.discard_top.map(Card::index), Card::COUNT);
        w.put(cards.deck as f32);
        w.put(cards.removed as f32);
        w.put(cards.discard as f32);
        debug_assert_eq!(w.written(), at.wanderlust_stacks - at.card_row);
    }
    // Stacks and supplies: every time.
    {
        let mut w = o.part(at.wanderlust_stacks, at.len - at.wanderlust_stacks);
        for k in 0..dims.stacks {
            w.one_hot(s.stacks[k].top().map(|t| t.index()), Terrain::COUNT);
            w.put(s.stacks[k].len() as f32);
        }
        w.put(s.vents_left as f32);
        w.put(s.bag.len() as f32);
        w.put(s.marker_bag.len() as f32);
        for e in 0..ELEMENTS {
            w.put(s.bag.count(e) as f32);
        }
        for t in 0..Terrain::COUNT {
            w.put(s.marker_bag.count(t) as f32);
        }
        w.one_hot(was.survival.map(Animal::index), ANIMALS);
        debug_assert_eq!(w.written(), at.len - at.wanderlust_stacks);
    }
}
