//! The learning-interface test, shared by every game: a seeded random game
//! in which every legal choice has an action id that maps back to it, the
//! action space lists each choice once, every seat's observation has the
//! layout's length and finite values, and re-drawing what a seat has not
//! seen ([`crate::Game::determinize`]) never changes that seat's observation (no
//! seat's secret reaches another seat's observation), nor who is asked to
//! decide after the choice played (no secret shows in whose turn it is).
//! A game that computes action ids directly ([`Learnable::action_id`])
//! must give every choice of its space the space's own id, and a game's
//! observations written again in place ([`Learnable::observe_again`]) must
//! equal the ones written whole, whichever seats and games the buffer held
//! before. A game whose layout has animal axes must list every seat's
//! animals ([`Learnable::seat_animals`]) so that the compact observation
//! ([`crate::compact`]) has the same slots at every decision, each animal in
//! play once, the observer's first.

use crate::compact::{compact_layout, compact_map, observe_compact, slot_order};
use crate::game::{Seat, Turn};
use crate::learn::{ActionId, ActionSpace, AnimalAxis, Layout, Learnable, SeatAxis};
use crate::rng::GameRng;
use crate::testing::simulation::{after, check_next_to_move};
use std::collections::HashSet;

/// What one run of [`check_learnable`] saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LearnReport {
    /// Decisions made.
    pub decisions: usize,
    /// The size of the action space.
    pub actions: usize,
    /// The length of an observation.
    pub observation_len: usize,
    /// Determinizations whose observation was compared with the original.
    pub resamples: usize,
    /// Distinct observations of the seat to move seen along the game.
    pub distinct_observations: usize,
}

/// Plays one random game of `setup` from `seed` and checks the learning
/// interface at every decision; every `resample_every`-th decision (0:
/// never) it also re-draws each seat's unseen information twice and
/// requires that seat's observation unchanged, and the choice played to ask
/// the same seat next in the re-drawn game unless the events showed a
/// difference. Panics with the seed, the decision and what failed.
pub fn check_learnable<G: Learnable>(
    setup: &G::Setup,
    seed: u64,
    resample_every: usize,
) -> LearnReport {
    let context = |d: usize| format!("{} seed {seed} decision {d}", G::ID);
    let mut state =
        G::new(setup, seed).unwrap_or_else(|e| panic!("{}: setup refused: {e}", context(0)));
    let players = G::seats(&state);
    let space = ActionSpace::<G>::new(players);
    let mut seen = HashSet::with_capacity(space.len());
    for (i, c) in space.choices().iter().enumerate() {
        assert!(
            seen.insert(*c),
            "{} with {players} players: the action space lists {c:?} twice (second at {i})",
            G::ID
        );
    }
    let layout = G::observation_layout(players);
    assert!(!layout.is_empty(), "{}: an empty observation", G::ID);
    let mut names = HashSet::new();
    for s in layout.sections() {
        assert!(s.len > 0, "{}: section `{}` has no values", G::ID, s.name);
        assert!(
            !s.about.is_empty(),
            "{}: section `{}` says nothing",
            G::ID,
            s.name
        );
        assert!(
            names.insert(s.name.clone()),
            "{}: section `{}` twice",
            G::ID,
            s.name
        );
    }
    let len = layout.len();
    if G::DIRECT_ACTION_IDS {
        for (i, c) in space.choices().iter().enumerate() {
            assert_eq!(
                space.id(c),
                Some(ActionId(i as u32)),
                "{} with {players} players: the direct id of {c:?} is not its place in the space",
                G::ID
            );
        }
    }
    let observe = |state: &G::State, seat: Seat, d: usize| {
        let mut out = vec![f32::NAN; len];
        G::observe(state, seat, &mut out);
        if let Some(i) = out.iter().position(|v| !v.is_finite()) {
            panic!("{}: {seat}'s observation has {} at {i}", context(d), out[i]);
        }
        out
    };
    let mut rng = GameRng::new(seed ^ 0x1ea2);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut report = LearnReport {
        actions: space.len(),
        observation_len: len,
        ..LearnReport::default()
    };
    let mut distinct: HashSet<Vec<u32>> = HashSet::new();
    let mut slots = None;
    // Observations written again in place: one buffer per seat, kept for
    // the seat to move, and a roaming one that observes every seat in turn
    // and starts from another game's observation.
    let mut kept: Vec<(G::ObservationMemory, Vec<f32>)> = (0..players)
        .map(|_| (G::ObservationMemory::default(), vec![f32::NAN; len]))
        .collect();
    let mut roaming = (G::ObservationMemory::default(), vec![f32::NAN; len]);
    {
        let mut other = G::new(setup, seed.wrapping_add(1))
            .unwrap_or_else(|e| panic!("{}: setup refused: {e}", context(0)));
        let mut rng = GameRng::new(seed ^ 0x0b5e);
        for _ in 0..rng.index(40) {
            legal.clear();
            G::legal(&other, &mut legal);
            if legal.is_empty() {
                break;
            }
            let c = legal[rng.index(legal.len())];
            events.clear();
            if G::apply(&mut other, c, &mut events).is_err() {
                break;
            }
        }
        G::observe_again(&other, Seat(0), &mut roaming.0, &mut roaming.1);
    }
    let check_again = |memory: &mut (G::ObservationMemory, Vec<f32>),
                       state: &G::State,
                       seat: Seat,
                       whole: &[f32],
                       d: usize,
                       which: &str| {
        G::observe_again(state, seat, &mut memory.0, &mut memory.1);
        if let Some(i) = (0..len).find(|&i| memory.1[i].to_bits() != whole[i].to_bits()) {
            let section = layout_section_at(&layout, i);
            panic!(
                "{}: {seat}'s observation written again in place ({which}) differs from the \
                 one written whole at value {i} (section `{section}`): {} instead of {}",
                context(d),
                memory.1[i],
                whole[i]
            );
        }
    };
    while let Turn::Seat(to_move) = G::turn(&state) {
        let d = report.decisions;
        assert!(d < 2_000_000, "{}: the game does not end", context(d));
        legal.clear();
        G::legal(&state, &mut legal);
        for c in &legal {
            let id = space.id(c).unwrap_or_else(|| {
                panic!("{}: {c:?} is legal but not in the action space", context(d))
            });
            assert_eq!(
                space.choice(id),
                Some(*c),
                "{}: {id} maps back to another choice",
                context(d)
            );
        }
        let mine = observe(&state, to_move, d);
        check_slots::<G>(&state, &layout, to_move, &mut slots, &context(d));
        distinct.insert(mine.iter().map(|v| v.to_bits()).collect());
        check_again(
            &mut kept[to_move.index()],
            &state,
            to_move,
            &mine,
            d,
            "the seat's own buffer",
        );
        let seat = Seat((d % players) as u8);
        let whole = if seat == to_move {
            mine.clone()
        } else {
            observe(&state, seat, d)
        };
        check_again(
            &mut roaming,
            &state,
            seat,
            &whole,
            d,
            "a buffer of every seat in turn",
        );
        let c = legal[rng.index(legal.len())];
        if resample_every > 0 && d % resample_every == 0 {
            let played = after::<G>(&state, c)
                .unwrap_or_else(|| panic!("{}: the legal {c:?} is refused", context(d)));
            for seat in (0..players).map(|i| Seat(i as u8)) {
                let original = if seat == to_move {
                    mine.clone()
                } else {
                    observe(&state, seat, d)
                };
                for k in 0..2u64 {
                    let redrawn = G::determinize(&state, seat, seed ^ (d as u64) << 8 ^ k);
                    let again = observe(&redrawn, seat, d);
                    if let Some(i) = (0..len).find(|&i| original[i].to_bits() != again[i].to_bits())
                    {
                        let section = layout_section_at(&layout, i);
                        panic!(
                            "{}: {seat}'s observation changed when its unseen information was re-drawn: \
                             value {i} (section `{section}`) {} became {}",
                            context(d),
                            original[i],
                            again[i]
                        );
                    }
                    check_next_to_move::<G>(&played, &redrawn, c, seat, &context(d));
                    report.resamples += 1;
                }
            }
        }
        events.clear();
        G::apply(&mut state, c, &mut events)
            .unwrap_or_else(|e| panic!("{}: {c:?} refused: {e}", context(d)));
        report.decisions += 1;
    }
    report.distinct_observations = distinct.len();
    assert!(
        report.decisions < 2 || report.distinct_observations > 1,
        "{}: the observation never changed over {} decisions",
        context(report.decisions),
        report.decisions
    );
    report
}

/// Checks the compact observation's slots for `observer`: with animal axes
/// in the layout, each animal in play once and within the layout's
/// animals, the observer's own first, as many as at the first decision
/// (`slots`); none without. Every section's length fits its axes.
fn check_slots<G: Learnable>(
    state: &G::State,
    layout: &Layout,
    observer: Seat,
    slots: &mut Option<usize>,
    context: &str,
) {
    let players = G::seats(state).max(1);
    let animals = layout.animals();
    let order = slot_order::<G>(state, observer);
    let axes = layout
        .sections()
        .iter()
        .any(|s| s.animals != AnimalAxis::None);
    if !axes {
        assert!(
            order.is_empty(),
            "{context}: seats list animals but no section has an animal axis"
        );
        return;
    }
    for s in layout.sections() {
        let fits = match s.animals {
            AnimalAxis::None => true,
            AnimalAxis::Outer | AnimalAxis::Inner => animals > 0 && s.len % animals == 0,
            AnimalAxis::Within { inner } => {
                inner > 0 && animals > 0 && s.len % (animals * inner) == 0
            }
            AnimalAxis::Leading { run } => run >= animals && animals > 0 && s.len % run == 0,
            AnimalAxis::OuterLeading { run } => {
                run >= animals
                    && animals > 0
                    && s.len % animals == 0
                    && (s.len / animals) % run == 0
            }
        };
        assert!(
            fits,
            "{context}: section `{}` ({} values) does not fit its animal axis {:?} of {animals} animals",
            s.name,
            s.len,
            s.animals
        );
        if s.seats != SeatAxis::None {
            assert!(
                s.len % players == 0,
                "{context}: section `{}` ({} values) is not a run per each of {players} seats",
                s.name,
                s.len
            );
        }
    }
    let mut own = Vec::new();
    G::seat_animals(state, observer, &mut own);
    assert!(
        !own.is_empty() && order.starts_with(&own),
        "{context}: the compact slots {order:?} of {observer} do not start with its animals {own:?}"
    );
    let mut unseated = Vec::new();
    G::unseated_animals(state, &mut unseated);
    assert!(
        order.ends_with(&unseated),
        "{context}: the compact slots {order:?} do not end with the unseated animals {unseated:?}"
    );
    let mut seen = HashSet::new();
    for &a in &order {
        assert!(
            a < animals && seen.insert(a),
            "{context}: the compact slots {order:?} list animal {a} twice or beyond the {animals} animals"
        );
    }
    let expected = *slots.get_or_insert(order.len());
    assert_eq!(
        order.len(),
        expected,
        "{context}: {observer} has {} compact slots, the first decision had {expected}",
        order.len()
    );
    let map = compact_map(layout, players, observer, &order);
    assert_eq!(
        map.len(),
        compact_layout(layout, order.len()).len(),
        "{context}: the compact map and layout differ in length"
    );
}

/// The name of the section that holds value `i`.
fn layout_section_at(layout: &crate::learn::Layout, i: usize) -> String {
    let mut offset = 0;
    for s in layout.sections() {
        if i < offset + s.len {
            return s.name.clone();
        }
        offset += s.len;
    }
    "(past the end)".to_string()
}

/// One seat's compact observation ([`crate::compact`]) beside its absolute
/// one, at a decision of a random game: what each engine's own compact
/// test reads its sections from.
pub struct CompactView {
    /// The observing seat.
    pub observer: Seat,
    /// The seat to move.
    pub to_move: Seat,
    /// Its slots: the animal of each ([`slot_order`]).
    pub order: Vec<usize>,
    compact_layout: Layout,
    compact: Vec<f32>,
    layout: Layout,
    absolute: Vec<f32>,
}

impl CompactView {
    /// The values of section `name` of the compact observation.
    pub fn compact(&self, name: &str) -> &[f32] {
        section(&self.compact_layout, &self.compact, name)
    }

    /// The values of section `name` of the absolute observation.
    pub fn absolute(&self, name: &str) -> &[f32] {
        section(&self.layout, &self.absolute, name)
    }

    /// The slot of `animal`, if it is in the game.
    pub fn slot_of(&self, animal: usize) -> Option<usize> {
        self.order.iter().position(|&a| a == animal)
    }
}

/// The values of section `name` of an observation of `layout`; panics
/// naming a section the layout lacks.
fn section<'a>(layout: &Layout, values: &'a [f32], name: &str) -> &'a [f32] {
    let (at, len) = layout
        .span(name)
        .unwrap_or_else(|| panic!("no section `{name}`"));
    &values[at..at + len]
}

/// Plays a seeded random game of `setup` and calls `check` with the state
/// and every seat's [`CompactView`] at every `every`-th decision (0, every,
/// 2·every, …); returns the decisions played.
pub fn check_compact_views<G: Learnable>(
    setup: &G::Setup,
    seed: u64,
    every: usize,
    mut check: impl FnMut(&G::State, &CompactView),
) -> usize {
    let mut state = G::new(setup, seed).unwrap_or_else(|e| panic!("setup refused: {e}"));
    let players = G::seats(&state);
    let layout = G::observation_layout(players);
    let mut rng = GameRng::new(seed);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    while let Turn::Seat(to_move) = G::turn(&state) {
        if decisions % every.max(1) == 0 {
            for observer in (0..players).map(|s| Seat(s as u8)) {
                let (compact_layout, compact) = observe_compact::<G>(&state, observer);
                let mut absolute = vec![0.0; layout.len()];
                G::observe(&state, observer, &mut absolute);
                let view = CompactView {
                    observer,
                    to_move,
                    order: slot_order::<G>(&state, observer),
                    compact_layout,
                    compact,
                    layout: layout.clone(),
                    absolute,
                };
                check(&state, &view);
            }
        }
        legal.clear();
        G::legal(&state, &mut legal);
        let c = legal[rng.index(legal.len())];
        events.clear();
        G::apply(&mut state, c, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed} decision {decisions}: {c:?} refused: {e}"));
        decisions += 1;
    }
    decisions
}
