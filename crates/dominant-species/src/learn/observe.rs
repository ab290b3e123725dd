//! A seat's observation written whole ([`observe`]) or again in place,
//! rewriting only the parts a decision changed ([`observe_again`]): both
//! go through one writer, so the two cannot disagree.

use super::*;

/// Where the parts of an observation that are rewritten on their own
/// start, for one player count (read from [`observation_layout`]).
#[derive(Copy, Clone, Debug)]
struct Offsets {
    tile_terrain: usize,
    tile_elements: usize,
    corner_elements: usize,
    species: usize,
    matching: usize,
    dominance: usize,
    hibernated: usize,
    migration_arrived: usize,
    dominated_this_turn: usize,
    animal_in_play: usize,
    animal_ap_supply: usize,
    initiative: usize,
    eyeball_spaces: usize,
    adaptation_squares: usize,
    turn: usize,
    to_move_seat: usize,
    pending_kind: usize,
    pending_element: usize,
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
            tile_terrain: at("tile_terrain"),
            tile_elements: at("tile_elements"),
            corner_elements: at("corner_elements"),
            species: at("species"),
            matching: at("matching"),
            dominance: at("dominance"),
            hibernated: at("hibernated"),
            migration_arrived: at("migration_arrived"),
            dominated_this_turn: at("dominated_this_turn"),
            animal_in_play: at("animal_in_play"),
            animal_ap_supply: at("animal_ap_supply"),
            initiative: at("initiative"),
            eyeball_spaces: at("eyeball_spaces"),
            adaptation_squares: at("adaptation_squares"),
            turn: at("turn"),
            to_move_seat: at("to_move_seat"),
            pending_element: at("pending_element"),
            pending_kind: at("pending_kind"),
            len: layout.len(),
        }
    };
    match OFFSETS.get(players) {
        Some(cell) => *cell.get_or_init(read),
        None => read(),
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

/// The inputs of the parts of an observation as they were when it was
/// written, and what was derived from them.
#[derive(Clone, Debug)]
struct Written {
    players: usize,
    earth: eons_earth::Earth<Terrain>,
    displays: [[u8; ELEMENTS]; ANIMALS],
    /// Element disks on each board hex's corners.
    on: [[u8; ELEMENTS]; BOARD_HEXES],
    /// The dominant animal of each board hex.
    dominant: [Option<usize>; BOARD_HEXES],
    /// Each animal's species on the board.
    species: [u32; ANIMALS],
    hibernated: Option<(HexId, Animal, u8)>,
    /// Whether `migration_arrived` was written for a pending Migration.
    migrating: bool,
    dominated: u64,
    spaces: [Option<Animal>; SPACES],
    /// Each animal's action pawns on the eyeball spaces (from `spaces`).
    on_display: [u8; ANIMALS],
    details: Details,
    animals: Option<AnimalsKey>,
    pieces: Option<PiecesKey>,
    initiative: Option<([Animal; ANIMALS], u8)>,
    supply: Option<SupplyKey>,
    time: Option<TimeKey>,
    /// The pending decision's kind and actor.
    kind: Option<(usize, Option<Animal>)>,
}

/// The inputs of the animals' sections from `animal_in_play` to
/// `animal_added`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct AnimalsKey {
    in_play: [bool; ANIMALS],
    seats: [Seat; ANIMALS],
    added: [[u8; ELEMENTS]; ANIMALS],
}

/// The inputs of the animals' sections from `animal_ap_supply` to the
/// tiles they dominate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct PiecesKey {
    supply: [u8; ANIMALS],
    on_display: [u8; ANIMALS],
    boxed: [u8; ANIMALS],
    gene_pool: [u8; ANIMALS],
    eliminated: [u8; ANIMALS],
    species: [u32; ANIMALS],
    vp: [u32; ANIMALS],
    dominated: [u8; ANIMALS],
}

/// The inputs of the sections from the Adaptation squares to the cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct SupplyKey {
    boxes: [[u8; ELEMENTS]; 6],
    bag: [u16; ELEMENTS],
    tundra_left: u8,
    stack_sizes: [usize; STACKS],
    face_up: [bool; STACKS],
    tops: [Option<Terrain>; STACKS],
    available: [Option<Card>; 5],
    played: u32,
    deck: usize,
    survival: Option<Animal>,
}

/// The inputs of the time sections.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct TimeKey {
    turn: u16,
    ice_age: bool,
    step: Step,
}

impl Written {
    /// A record to be overwritten by a whole observation of `s`.
    fn blank(s: &State) -> Written {
        Written {
            players: usize::from(s.setup.players),
            earth: s.earth.clone(),
            displays: [[0; ELEMENTS]; ANIMALS],
            on: [[0; ELEMENTS]; BOARD_HEXES],
            dominant: [None; BOARD_HEXES],
            species: [0; ANIMALS],
            hibernated: None,
            migrating: false,
            dominated: 0,
            spaces: [None; SPACES],
            on_display: [0; ANIMALS],
            details: Details::default(),
            animals: None,
            pieces: None,
            initiative: None,
            supply: None,
            time: None,
            kind: None,
        }
    }
}

/// Writes `seat`'s observation of `s` into `out` (length
/// [`observation_len`] of the state's player count), section by section as
/// [`observation_layout`] lists them.
pub fn observe(s: &State, seat: Seat, out: &mut [f32]) {
    write_observation(s, seat, &mut Written::blank(s), true, out);
}

/// Writes the same values as [`observe`] into `out`, which holds what the
/// last call with `memory` wrote (or anything, when `memory` is new),
/// rewriting only the parts whose inputs changed: each board hex's rows
/// when its tile, species or corner disks changed (every hex's matching
/// and dominance when a display changed), the eyeball spaces when a pawn
/// moved, the animals' pieces and scores, the supply, the time and the
/// pending decision's sections when their inputs changed; who decides
/// every time.
pub fn observe_again(s: &State, seat: Seat, memory: &mut ObservationMemory, out: &mut [f32]) {
    let players = usize::from(s.setup.players);
    match memory.written.as_deref_mut() {
        Some(was) if was.players == players => write_observation(s, seat, was, false, out),
        _ => {
            let mut was = Box::new(Written::blank(s));
            write_observation(s, seat, &mut was, true, out);
            memory.written = Some(was);
        }
    }
}

/// Writes the observation: all of it when `whole`, else the parts whose
/// inputs differ from `was`; then records the inputs in `was`.
fn write_observation(s: &State, seat: Seat, was: &mut Written, whole: bool, out: &mut [f32]) {
    let t = tables();
    let players = usize::from(s.setup.players);
    let at = offsets(players);
    if out.len() != at.len {
        // Not this player count's observation: write what fits.
        Writer::over(out).skip(at.len);
        return;
    }
    let flag = |b: bool| f32::from(u8::from(b));
    // Earth: the rows of the hexes whose tile, species or disks changed.
    let displays = s.displays();
    let mut dirty: u64 = 0;
    let earth_changed = s.earth != was.earth;
    if whole {
        dirty = (1u64 << BOARD_HEXES) - 1;
        for (k, &c) in t.corners.iter().enumerate() {
            let e = s.earth.element(c).map(usize::from);
            Writer::over(&mut out[at.corner_elements + k * ELEMENTS..]).one_hot(e, ELEMENTS);
        }
    } else if earth_changed {
        // The corners whose disk changed, from the earth's bit set of
        // each element type.
        let mut moved = 0u128;
        for e in 0..ELEMENTS as u8 {
            moved |= s.earth.element_mask(e) ^ was.earth.element_mask(e);
        }
        while moved != 0 {
            let c = CornerId(moved.trailing_zeros() as u8);
            moved &= moved - 1;
            let k = match t.corner_index.get(usize::from(c.0)) {
                None | Some(&NONE) => continue,
                Some(&k) => usize::from(k),
            };
            let e = s.earth.element(c).map(usize::from);
            Writer::over(&mut out[at.corner_elements + k * ELEMENTS..]).one_hot(e, ELEMENTS);
            for h in grid().hexes_at(c) {
                if let Some(i) = board_slot(t, h) {
                    dirty |= 1 << i;
                }
            }
        }
        for (i, &h) in t.hexes.iter().enumerate() {
            if s.terrain(h) != was.earth.tile(h) || s.earth.species_on(h) != was.earth.species_on(h)
            {
                dirty |= 1 << i;
            }
        }
    }
    let displays_changed = whole || displays != was.displays;
    let all = (1u64 << BOARD_HEXES) - 1;
    let mut todo = if displays_changed { all } else { dirty };
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let h = t.hexes[i];
        if dirty >> i & 1 == 1 {
            was.on[i] = s.earth.elements_on(h);
            let terrain = s.terrain(h).map(Terrain::index);
            Writer::over(&mut out[at.tile_terrain + i * TERRAINS..]).one_hot(terrain, TERRAINS);
            put_counts(&mut out[at.tile_elements + i * ELEMENTS..], &was.on[i]);
            put_counts(&mut out[at.species + i * ANIMALS..], &s.earth.species_on(h));
        }
        let on = &was.on[i];
        let tile = s.terrain(h).is_some();
        let row = &mut out[at.matching + i * ANIMALS..at.matching + (i + 1) * ANIMALS];
        for (slot, display) in row.iter_mut().zip(&displays) {
            let m: u32 = (0..ELEMENTS)
                .map(|e| u32::from(display[e]) * u32::from(on[e]))
                .sum();
            *slot = if tile { m as f32 } else { 0.0 };
        }
        let dominant = s.earth.dominant_on(h, on, &displays);
        was.dominant[i] = dominant;
        Writer::over(&mut out[at.dominance + i * ANIMALS..]).one_hot(dominant, ANIMALS);
    }
    if whole || s.hibernated != was.hibernated {
        let row = &mut out[at.hibernated..at.hibernated + BOARD_HEXES * ANIMALS];
        for (cells, &h) in row.chunks_exact_mut(ANIMALS).zip(&t.hexes) {
            for (slot, a) in cells.iter_mut().zip(Animal::ALL) {
                *slot = f32::from(s.immune(a, h));
            }
        }
        was.hibernated = s.hibernated;
    }
    // Arrivals show while a Migration is pending; the rows are rewritten
    // while they show and once after.
    let migrating = matches!(s.pending, Decision::Migrate { .. });
    if whole || migrating || was.migrating {
        for (i, &h) in t.hexes.iter().enumerate() {
            let arrived = if migrating {
                s.arrived[h.0 as usize]
            } else {
                0
            };
            out[at.migration_arrived + i] = f32::from(arrived);
        }
        was.migrating = migrating;
    }
    let mut changed = if whole {
        (1u64 << HEXES) - 1
    } else {
        s.dominated ^ was.dominated
    };
    while changed != 0 {
        let id = changed.trailing_zeros();
        changed &= changed - 1;
        if let Some(i) = board_slot(t, HexId(id as u8)) {
            out[at.dominated_this_turn + i] = (s.dominated >> id & 1) as f32;
        }
    }
    was.dominated = s.dominated;
    if earth_changed {
        was.earth.clone_from(&s.earth);
    }
    was.displays = displays;
    // The animals: who plays them and their displays when those changed,
    // their pieces and scores and the initiative track when they changed.
    let key = AnimalsKey {
        in_play: Animal::ALL.map(|a| s.in_play(a)),
        seats: Animal::ALL.map(|a| s.seat_of(a)),
        added: Animal::ALL.map(|a| s.animals[a.index()].added),
    };
    if whole || was.animals != Some(key) {
        was.animals = Some(key);
        let mut w = Writer::over(&mut out[at.animal_in_play..at.animal_ap_supply]);
        for a in Animal::ALL {
            w.put(flag(s.in_play(a)));
        }
        for a in Animal::ALL {
            let seat = s.in_play(a).then(|| s.seat_of(a).index());
            w.one_hot(seat, players);
        }
        for display in &displays {
            for &n in display {
                w.put(f32::from(n));
            }
        }
        for a in Animal::ALL {
            for n in s.animals[a.index()].added {
                w.put(f32::from(n));
            }
        }
        debug_assert_eq!(w.written(), at.animal_ap_supply - at.animal_in_play);
    }
    // The eyeball spaces where a pawn came or went (all when whole), and
    // each animal's pawns on them, counted as they move.
    let mut moved = 0u64;
    for (k, (now, then)) in s.spaces.iter().zip(&was.spaces).enumerate() {
        moved |= u64::from(now != then) << k;
    }
    if whole {
        moved = (1u64 << SPACES) - 1;
        was.on_display = [0; ANIMALS];
        was.spaces = [None; SPACES];
    }
    while moved != 0 {
        let k = moved.trailing_zeros() as usize;
        moved &= moved - 1;
        let (now, then) = (s.spaces[k], was.spaces[k]);
        if let Some(a) = then {
            was.on_display[a.index()] -= 1;
        }
        if let Some(a) = now {
            was.on_display[a.index()] += 1;
        }
        was.spaces[k] = now;
        let start = at.eyeball_spaces + k * ANIMALS;
        Writer::over(&mut out[start..start + ANIMALS]).one_hot(now.map(Animal::index), ANIMALS);
    }
    // Their pieces and scores: when they changed.
    if whole || earth_changed {
        was.species = [0; ANIMALS];
        for &h in &t.hexes {
            for (total, n) in was.species.iter_mut().zip(s.earth.species_on(h)) {
                *total += u32::from(n);
            }
        }
    }
    let mut dominated = [0u8; ANIMALS];
    for a in was.dominant.iter().flatten() {
        dominated[*a] += 1;
    }
    let animal = |a: Animal| &s.animals[a.index()];
    let pieces = PiecesKey {
        supply: Animal::ALL.map(|a| animal(a).supply),
        on_display: was.on_display,
        boxed: Animal::ALL.map(|a| animal(a).boxed),
        gene_pool: Animal::ALL.map(|a| animal(a).gene_pool),
        eliminated: Animal::ALL.map(|a| animal(a).eliminated),
        species: was.species,
        vp: Animal::ALL.map(|a| animal(a).vp),
        dominated,
    };
    if whole || was.pieces != Some(pieces) {
        was.pieces = Some(pieces);
        let mut w = Writer::over(&mut out[at.animal_ap_supply..at.initiative]);
        for counts in [
            pieces.supply,
            pieces.on_display,
            pieces.boxed,
            pieces.gene_pool,
            pieces.eliminated,
        ] {
            for n in counts {
                w.put(f32::from(n));
            }
        }
        for n in pieces.species.into_iter().chain(pieces.vp) {
            w.put(n as f32);
        }
        for n in pieces.dominated {
            w.put(f32::from(n));
        }
        debug_assert_eq!(w.written(), at.initiative - at.animal_ap_supply);
    }
    let initiative = (s.initiative, s.initiative_len);
    if whole || was.initiative != Some(initiative) {
        was.initiative = Some(initiative);
        let mut w = Writer::over(&mut out[at.initiative..at.eyeball_spaces]);
        let order = s.initiative_order();
        for a in Animal::ALL {
            w.one_hot(order.iter().position(|&x| x == a), ANIMALS);
        }
    }
    // The rest of the action display and the cards: when they changed.
    let mut played_cards = 0u32;
    for &c in &s.played {
        played_cards |= 1 << (c as u32);
    }
    let mut tops = [None; STACKS];
    for (top, (stack, &up)) in tops.iter_mut().zip(s.stacks.iter().zip(&s.face_up)) {
        *top = if up { stack.top().copied() } else { None };
    }
    let supply = SupplyKey {
        boxes: [
            s.adaptation,
            s.regression_box,
            s.abundance,
            s.wasteland_box,
            s.depletion_box,
            s.wanderlust,
        ],
        bag: *s.bag.counts(),
        tundra_left: s.tundra_left,
        stack_sizes: [s.stacks[0].len(), s.stacks[1].len(), s.stacks[2].len()],
        face_up: s.face_up,
        tops,
        available: s.available,
        played: played_cards,
        deck: s.deck.len(),
        survival: s.survival,
    };
    if whole || was.supply != Some(supply) {
        was.supply = Some(supply);
        let mut w = Writer::over(&mut out[at.adaptation_squares..at.turn]);
        for counts in &supply.boxes {
            for &n in counts {
                w.put(f32::from(n));
            }
        }
        for n in supply.bag {
            w.put(f32::from(n));
        }
        w.put(f32::from(s.tundra_left));
        for n in supply.stack_sizes {
            w.put(n as f32);
        }
        for up in supply.face_up {
            w.put(flag(up));
        }
        for top in supply.tops {
            w.one_hot(top.map(Terrain::index), TERRAINS);
        }
        // Cards.
        let mut available = [false; CARDS];
        for c in s.available.iter().flatten() {
            available[*c as usize] = true;
        }
        for a in available {
            w.put(flag(a));
        }
        for c in 0..CARDS {
            w.put(flag(played_cards >> c & 1 == 1));
        }
        w.put(s.deck.len() as f32);
        w.one_hot(s.survival.map(Animal::index), ANIMALS);
        debug_assert_eq!(w.written(), at.turn - at.adaptation_squares);
    }
    // Time: when it changed.
    let time = TimeKey {
        turn: s.turn,
        ice_age: s.ice_age,
        step: s.step,
    };
    if whole || was.time != Some(time) {
        was.time = Some(time);
        let mut w = Writer::over(&mut out[at.turn..at.to_move_seat]);
        w.put(f32::from(s.turn));
        w.put(flag(s.ice_age));
        w.put(flag(s.step == Step::Over));
        w.one_hot(Some(step_kind(s.step)), STEP_KINDS.len());
        let next_space = match s.step {
            Step::Space(sp) => Some(usize::from(sp.0)),
            _ => None,
        };
        w.one_hot(next_space, SPACES);
    }
    // Who decides: every time.
    {
        let decider = s.decider();
        let to_move = decider.map(|a| s.seat_of(a));
        let mut w = Writer::over(&mut out[at.to_move_seat..at.pending_kind]);
        w.one_hot(to_move.map(Seat::index), players);
        w.one_hot(decider.map(Animal::index), ANIMALS);
        w.one_hot(Some(seat.index()), players);
        for a in Animal::ALL {
            w.put(flag(s.in_play(a) && s.seat_of(a) == seat));
        }
        w.put(flag(to_move == Some(seat)));
        debug_assert_eq!(w.written(), at.pending_kind - at.to_move_seat);
    }
    // The pending decision: its kind and actor, and its details, each
    // when they changed.
    let kind = (pending_kind(s.pending), actor(s.pending));
    if whole || was.kind != Some(kind) {
        was.kind = Some(kind);
        let mut w = Writer::over(&mut out[at.pending_kind..at.pending_element]);
        w.one_hot(Some(kind.0), PENDING_KINDS.len());
        w.one_hot(kind.1.map(Animal::index), ANIMALS);
    }
    let d = details(s);
    if whole || d != was.details {
        let board_hex = |h: HexId| board_slot(t, h);
        let bit = |mask: u64, i: u8| f32::from(u8::from(mask >> i & 1 == 1));
        let mut w = Writer::over(&mut out[at.pending_element..]);
        w.one_hot(d.element.map(Element::index), ELEMENTS);
        for e in 0..ELEMENTS as u8 {
            w.put(bit(u64::from(d.saved), e));
        }
        w.one_hot(d.hex.and_then(board_hex), BOARD_HEXES);
        let corner = d.corner.and_then(|c| match t.corner_index[c.0 as usize] {
            NONE => None,
            i => Some(usize::from(i)),
        });
        w.one_hot(corner, BOARD_CORNERS);
        w.one_hot(d.stack.map(Stack::index), STACKS);
        for &h in &t.hexes {
            w.put(bit(d.tiles, h.0));
        }
        for a in 0..ANIMALS as u8 {
            w.put(bit(u64::from(d.animals), a));
        }
        for on in d.terrains {
            w.put(flag(on));
        }
        w.put(f32::from(d.left));
        w.put(f32::from(d.first));
        debug_assert_eq!(w.written(), at.len - at.pending_element);
        was.details = d;
    }
}

/// Writes counts as numbers at the start of `out`.
fn put_counts(out: &mut [f32], counts: &[u8; 6]) {
    for (slot, &n) in out.iter_mut().zip(counts) {
        *slot = f32::from(n);
    }
}

/// The board-order index of a grid hex, if it is on the board.
fn board_slot(t: &Tables, h: HexId) -> Option<usize> {
    match t.hex_index.get(h.0 as usize) {
        None | Some(&NONE) => None,
        Some(&i) => Some(usize::from(i)),
    }
}
