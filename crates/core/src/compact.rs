//! The compact observer-relative observation: a seat's observation with
//! the observing seat first and its own animals first, and nothing about
//! animals nobody plays.
//!
//! It is made from the absolute observation ([`Learnable::observe`]) by
//! moving values, never by computing new ones, so it holds nothing the
//! absolute one does not (a seat's secrets stay its own):
//!
//! * every seat axis ([`SeatAxis`]) is turned so that relative seat `r` is
//!   absolute seat `(observer + r) mod players`, as in the observer-relative
//!   observation;
//! * every animal axis ([`AnimalAxis`]) keeps only the animals in the
//!   game, in **slots** ordered by seat from the observer: slot 0 is the
//!   observer's animal (slots 0 and 1 when it plays two), then those of the
//!   next seat, and so on, then the animals no seat plays (Pangea's neutral
//!   groups); an animal axis of six animals with four in play becomes four
//!   values;
//! * a first section, `slot_animal`, says which animal each slot is (a
//!   one-hot over the game's animals per slot), since the animals differ
//!   (Dominant Species' mammals are not its insects).
//!
//! "Which animal is mine" is then always slot 0, whichever seat observes
//! and whichever animal it drew. The slots are the same for every
//! observation of one game and seat, so a network reads a fixed layout
//! ([`compact_layout`]) per game, player count and options.

use crate::game::Seat;
use crate::learn::{AnimalAxis, Layout, Learnable, SeatAxis};

/// The name of the compact observation's first section.
pub const SLOT_ANIMAL: &str = "slot_animal";

/// The animals in the game ordered by seat from `observer`: the
/// observer's first, then those of the seats after it in seat order,
/// wrapping round (each seat's in [`Learnable::seat_animals`] order), then
/// those no seat plays ([`Learnable::unseated_animals`]). Its length is the
/// number of slots of the compact observation.
pub fn slot_order<G: Learnable>(state: &G::State, observer: Seat) -> Vec<usize> {
    let players = G::seats(state).max(1);
    let mut order = Vec::with_capacity(players);
    for r in 0..players {
        let seat = Seat(((observer.index() + r) % players) as u8);
        G::seat_animals(state, seat, &mut order);
    }
    G::unseated_animals(state, &mut order);
    order
}

/// The layout of the compact observation made from `layout` (for
/// `players` seats) with `slots` animals in play: [`SLOT_ANIMAL`] first,
/// then every section of `layout` in order, those with an animal axis cut
/// to `slots` animals.
pub fn compact_layout(layout: &Layout, slots: usize) -> Layout {
    let animals = layout.animals();
    let mut compact = Layout::new();
    compact.set_animals(slots);
    compact.push_animals(
        AnimalAxis::Outer,
        SLOT_ANIMAL,
        slots * animals,
        format!(
            "for each slot (the observer's animals first, then those of the seats after it in \
             seat order): one-hot over the game's {animals} animals of the animal in that slot"
        ),
    );
    for section in layout.sections() {
        let (len, about) = match section.animals {
            AnimalAxis::None => (section.len, section.about.clone()),
            axis => (
                slots_len(axis, section.len, animals, slots),
                format!(
                    "{} (compact: by slot, the observer's animal first, see `{SLOT_ANIMAL}`; \
                     the animals not in play left out)",
                    section.about
                ),
            ),
        };
        compact.push_axes(section.seats, section.animals, &section.name, len, about);
    }
    compact
}

/// Where each value of the compact observation comes from: an index into
/// the absolute observation of `layout` (`players` seats) followed by two
/// constants, 0 at `layout.len()` and 1 at `layout.len() + 1` (the
/// [`SLOT_ANIMAL`] section). `order` is the observer's [`slot_order`].
pub fn compact_map(layout: &Layout, players: usize, observer: Seat, order: &[usize]) -> Vec<u32> {
    let animals = layout.animals();
    let players = players.max(1);
    let observer = observer.index() % players;
    let zero = layout.len() as u32;
    let one = zero + 1;
    let values: usize = (layout.sections().iter())
        .map(|s| slots_len(s.animals, s.len, animals, order.len()))
        .sum();
    let mut map = Vec::with_capacity(order.len() * animals + values);
    for &animal in order {
        map.extend((0..animals).map(|k| if k == animal { one } else { zero }));
    }
    let mut offset = 0;
    for section in layout.sections() {
        for value in 0..slots_len(section.animals, section.len, animals, order.len()) {
            let full = animal_source(section.animals, section.len, animals, order, value);
            let turned = seat_source(section.seats, section.len, players, observer, full);
            map.push((offset + turned) as u32);
        }
        offset += section.len;
    }
    map
}

/// The length of a section of `len` values (`animals` along `axis`) cut
/// to `slots` animals.
fn slots_len(axis: AnimalAxis, len: usize, animals: usize, slots: usize) -> usize {
    let animals = animals.max(1);
    match axis {
        AnimalAxis::None => len,
        AnimalAxis::Outer | AnimalAxis::Inner | AnimalAxis::Within { .. } => len / animals * slots,
        AnimalAxis::Leading { run } => len / run.max(1) * (run + slots).saturating_sub(animals),
        AnimalAxis::OuterLeading { run } => {
            let block = len / animals;
            slots * (block / run.max(1)) * (run + slots).saturating_sub(animals)
        }
    }
}

/// The index in a section of `len` values (`animals` along `axis`) of the
/// value that slot-ordered index `value` takes. Never a panic: a slot
/// beyond `order` (there is none when the lengths agree) reads animal 0.
fn animal_source(
    axis: AnimalAxis,
    len: usize,
    animals: usize,
    order: &[usize],
    value: usize,
) -> usize {
    let animals = animals.max(1);
    let slots = order.len();
    let animal = |slot: usize| order.get(slot).copied().unwrap_or(0);
    // Blocks of `inner` values, one per animal, in runs of all animals.
    let within = |inner: usize, value: usize| {
        let inner = inner.max(1);
        let cut = (slots * inner).max(1);
        let (run, at) = (value / cut, value % cut);
        run * animals * inner + animal(at / inner) * inner + at % inner
    };
    // Runs of `run` values whose first `animals` are one per animal.
    let leading = |run: usize, value: usize| {
        let cut = (run + slots).saturating_sub(animals).max(1);
        let at = value % cut;
        let inside = if at < slots {
            animal(at)
        } else {
            at - slots + animals
        };
        value / cut * run + inside
    };
    match axis {
        AnimalAxis::None => value,
        AnimalAxis::Inner => within(1, value),
        AnimalAxis::Outer => within(len / animals, value),
        AnimalAxis::Within { inner } => within(inner, value),
        AnimalAxis::Leading { run } => leading(run, value),
        AnimalAxis::OuterLeading { run } => {
            let block = len / animals;
            let cut = (block / run.max(1)) * (run + slots).saturating_sub(animals);
            let cut = cut.max(1);
            animal(value / cut) * block + leading(run, value % cut)
        }
    }
}

/// The index in a section of `len` values (`players` seats along `axis`)
/// of the absolute value that relative index `value` of `observer` takes.
fn seat_source(axis: SeatAxis, len: usize, players: usize, observer: usize, value: usize) -> usize {
    match axis {
        SeatAxis::None => value,
        SeatAxis::Inner => (value / players) * players + (observer + value % players) % players,
        SeatAxis::Outer => {
            let inner = (len / players).max(1);
            ((observer + value / inner) % players) * inner + value % inner
        }
    }
}

/// Writes the compact observation into `out` from `source`: the absolute
/// observation followed by the constants 0 and 1, through a
/// [`compact_map`]. A map index outside `source` writes 0 (never a panic).
#[inline]
pub fn gather(map: &[u32], source: &[f32], out: &mut [f32]) {
    for (slot, &from) in out.iter_mut().zip(map) {
        *slot = source.get(from as usize).copied().unwrap_or(0.0);
    }
}

/// How a batch writes a compact observation fast: a [`compact_map`] cut
/// at the sections of its layout, each section one step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    steps: Vec<Step>,
}

/// One section of a [`Plan`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// `len` consecutive source values from `from`, written from `to` (a
    /// section no axis reorders).
    Copy { from: usize, to: usize, len: usize },
    /// `runs` runs of `picks.len()` values written from `to`: value `k` of
    /// run `r` is the source's `from + r · stride + picks[k]` (a section
    /// whose seats or animals are reordered the same way in every run).
    Pick {
        from: usize,
        to: usize,
        runs: usize,
        stride: usize,
        picks: Vec<usize>,
    },
}

impl Plan {
    /// The plan of `map` for the compact layout `compact` (its sections
    /// tell where each step starts and ends).
    pub fn new(map: &[u32], compact: &Layout) -> Plan {
        let mut steps = Vec::with_capacity(compact.sections().len());
        let mut to = 0;
        for section in compact.sections() {
            let Some(part) = map.get(to..to + section.len) else {
                break;
            };
            steps.push(Step::of(part, to));
            to += section.len;
        }
        Plan { steps }
    }

    /// Writes the compact observation into `out` from `source` (as
    /// [`gather`] does with the map). A step outside `source` or `out`
    /// writes 0 or nothing (never a panic).
    #[inline]
    pub fn gather(&self, source: &[f32], out: &mut [f32]) {
        for step in &self.steps {
            match step {
                Step::Copy { from, to, len } => {
                    if let (Some(slots), Some(values)) =
                        (out.get_mut(*to..to + len), source.get(*from..from + len))
                    {
                        slots.copy_from_slice(values);
                    }
                }
                Step::Pick {
                    from,
                    to,
                    runs,
                    stride,
                    picks,
                } => {
                    let Some(slots) = out.get_mut(*to..to + runs * picks.len()) else {
                        continue;
                    };
                    let source = source.get(*from..).unwrap_or_default();
                    for (run, slots) in slots.chunks_exact_mut(picks.len().max(1)).enumerate() {
                        let values = source.get(run * stride..).unwrap_or_default();
                        for (slot, &at) in slots.iter_mut().zip(picks) {
                            *slot = values.get(at).copied().unwrap_or(0.0);
                        }
                    }
                }
            }
        }
    }
}

impl Step {
    /// The step of one section's part of a map (`part`, written from
    /// `to`): a copy when consecutive, else the shortest run that repeats
    /// with a fixed stride.
    fn of(part: &[u32], to: usize) -> Step {
        let first = part.first().map_or(0, |&f| f as usize);
        if part.windows(2).all(|w| w[1] == w[0] + 1) {
            return Step::Copy {
                from: first,
                to,
                len: part.len(),
            };
        }
        // The map's values are offsets from the section's lowest source.
        let from = part.iter().min().map_or(0, |&m| m as usize);
        let offsets: Vec<usize> = part.iter().map(|&m| m as usize - from).collect();
        let len = offsets.len();
        let period = (1..len)
            .filter(|p| len % p == 0)
            .find(|&p| {
                let stride = offsets[p] as isize - offsets[0] as isize;
                stride > 0
                    && offsets.chunks_exact(p).enumerate().all(|(r, run)| {
                        run.iter()
                            .zip(&offsets[..p])
                            .all(|(&o, &base)| o as isize == base as isize + r as isize * stride)
                    })
            })
            .unwrap_or(len);
        let stride = if period < len {
            offsets[period] - offsets[0]
        } else {
            0
        };
        Step::Pick {
            from,
            to,
            runs: len / period.max(1),
            stride,
            picks: offsets[..period].to_vec(),
        }
    }
}

/// `seat`'s compact observation of `state`, written whole: for tests and
/// single reads (a batch keeps the map and the absolute buffer).
pub fn observe_compact<G: Learnable>(state: &G::State, seat: Seat) -> (Layout, Vec<f32>) {
    let players = G::seats(state);
    let layout = G::observation_layout(players);
    let order = slot_order::<G>(state, seat);
    let map = compact_map(&layout, players, seat, &order);
    let mut source = vec![0.0; layout.len() + 2];
    G::observe(state, seat, &mut source[..layout.len()]);
    source[layout.len() + 1] = 1.0;
    let mut out = vec![0.0; map.len()];
    gather(&map, &source, &mut out);
    (compact_layout(&layout, order.len()), out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layout of three animals and three seats: a plain section, one
    /// per animal (innermost, two runs), one per animal (outermost, two
    /// values each) and one per seat within each animal.
    fn small() -> Layout {
        let mut l = Layout::new();
        l.set_animals(3);
        l.push("plain", 2, "two values");
        l.push_animals(AnimalAxis::Inner, "inner", 6, "two runs of three animals");
        l.push_animals(AnimalAxis::Outer, "outer", 6, "three animals of two values");
        l.push_axes(
            SeatAxis::Inner,
            AnimalAxis::Outer,
            "animal_seat",
            9,
            "for each animal, one-hot over the three seats",
        );
        l.push_animals(
            AnimalAxis::Within { inner: 2 },
            "within",
            12,
            "two runs of three animals of two values",
        );
        l.push_animals(
            AnimalAxis::Leading { run: 4 },
            "leading",
            8,
            "two runs of three animals and one more value",
        );
        l.push_animals(
            AnimalAxis::OuterLeading { run: 4 },
            "outer_leading",
            12,
            "three animals, each a run of three animals and one more value",
        );
        l
    }

    #[test]
    fn compact_layout_cuts_animal_axes_to_the_slots_and_says_which_animal_each_is() {
        let compact = compact_layout(&small(), 2);
        let lens: Vec<(&str, usize)> = compact
            .sections()
            .iter()
            .map(|s| (s.name.as_str(), s.len))
            .collect();
        assert_eq!(
            lens,
            [
                (SLOT_ANIMAL, 6),
                ("plain", 2),
                ("inner", 4),
                ("outer", 4),
                ("animal_seat", 6),
                ("within", 8),
                ("leading", 6),
                ("outer_leading", 6)
            ]
        );
    }

    #[test]
    fn compact_map_puts_the_observers_animal_first_and_turns_the_seats() {
        let layout = small();
        // Values are their own absolute index; 55 and 56 are 0 and 1.
        let mut source: Vec<f32> = (0..layout.len()).map(|i| i as f32).collect();
        source.extend([0.0, 1.0]);
        // Seat 1 observes and plays animal 2; seat 2 plays animal 0; seat
        // 0 plays nothing here (two slots: animals 2 then 0).
        let order = [2, 0];
        let map = compact_map(&layout, 3, Seat(1), &order);
        let mut out = vec![f32::NAN; map.len()];
        gather(&map, &source, &mut out);
        let expected: Vec<f32> = [
            // slot_animal: slot 0 is animal 2, slot 1 animal 0.
            0.0, 0.0, 1.0, 1.0, 0.0, 0.0, //
            // plain.
            0.0, 1.0, //
            // inner at 2..8: runs [2 3 4] [5 6 7] keep animals 2, 0.
            4.0, 2.0, 7.0, 5.0, //
            // outer at 8..14: animal 2 = [12 13], animal 0 = [8 9].
            12.0, 13.0, 8.0, 9.0, //
            // animal_seat at 14..23: animal 2 = [20 21 22], animal 0 =
            // [14 15 16], each turned to start at seat 1.
            21.0, 22.0, 20.0, 15.0, 16.0, 14.0, //
            // within at 23..35: runs [23..29] [29..35], blocks of two per
            // animal: animal 2 then animal 0.
            27.0, 28.0, 23.0, 24.0, 33.0, 34.0, 29.0, 30.0, //
            // leading at 35..43: runs [35 36 37 38] [39 40 41 42]: animals
            // 2 and 0, then the run's own last value.
            37.0, 35.0, 38.0, 41.0, 39.0, 42.0, //
            // outer_leading at 43..55: animal 2's block [51 52 53 54],
            // then animal 0's [43 44 45 46], each led by animals 2 and 0.
            53.0, 51.0, 54.0, 45.0, 43.0, 46.0,
        ]
        .to_vec();
        assert_eq!(out, expected);
    }

    #[test]
    fn a_plan_gathers_what_the_map_gathers() {
        let layout = small();
        let mut source: Vec<f32> = (0..layout.len()).map(|i| i as f32 * 0.5).collect();
        source.extend([0.0, 1.0]);
        for (observer, order) in [(0, vec![0, 1, 2]), (1, vec![2, 0]), (2, vec![1])] {
            let map = compact_map(&layout, 3, Seat(observer), &order);
            let plan = Plan::new(&map, &compact_layout(&layout, order.len()));
            let (mut by_map, mut by_plan) = (vec![f32::NAN; map.len()], vec![f32::NAN; map.len()]);
            gather(&map, &source, &mut by_map);
            plan.gather(&source, &mut by_plan);
            assert_eq!(by_map, by_plan, "observer {observer}");
        }
    }

    #[test]
    fn a_plan_copies_plain_sections_and_picks_within_repeating_runs() {
        let layout = small();
        let map = compact_map(&layout, 3, Seat(1), &[2, 0]);
        let plan = Plan::new(&map, &compact_layout(&layout, 2));
        // slot_animal, plain, inner, outer, animal_seat, within, leading,
        // outer_leading.
        assert!(matches!(
            plan.steps[1],
            Step::Copy {
                from: 0,
                to: 6,
                len: 2
            }
        ));
        assert_eq!(
            plan.steps[2],
            Step::Pick {
                from: 2,
                to: 8,
                runs: 2,
                stride: 3,
                picks: vec![2, 0]
            }
        );
        assert_eq!(plan.steps.len(), 8);
    }

    #[test]
    fn a_game_with_no_animals_listed_keeps_its_other_values() {
        // An engine that marks animal axes but lists no animals: no slot
        // values, the leading runs' other values kept, and no panic.
        let layout = small();
        let map = compact_map(&layout, 3, Seat(2), &[]);
        let compact = compact_layout(&layout, 0);
        assert_eq!(map.len(), compact.len());
        let (at, len) = compact.span("leading").expect("section");
        assert_eq!(&map[at..at + len], &[38, 42]);
    }

    #[test]
    fn a_map_index_outside_the_source_writes_zero() {
        let mut out = [9.0; 2];
        gather(&[0, 99], &[5.0], &mut out);
        assert_eq!(out, [5.0, 0.0]);
    }
}
