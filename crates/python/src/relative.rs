//! The observer-relative observation: the absolute observation with every
//! seat axis turned so that the observing seat comes first (then the seats
//! after it in seat order, wrapping round). Same length and sections as the
//! absolute one; "which seat is mine" is always seat 0.

use crate::engine::Engine;

/// Where a section's seat axis lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Axis {
    /// Seat outermost: one run of values per seat (`seats × rest`).
    Outer,
    /// Seat innermost: one value per seat in every run (`rest × seats`).
    Inner,
}

/// The sections of each game that are indexed by seat, and how.
fn seat_sections(game: &str) -> &'static [(&'static str, Axis)] {
    use Axis::{Inner, Outer};
    match game {
        "ds" => &[
            ("animal_seat", Inner),
            ("to_move_seat", Inner),
            ("observer_seat", Inner),
        ],
        "marine" => &[
            ("observer", Inner),
            ("to_move", Inner),
            ("animal_owner", Inner),
        ],
        "pangea" => &[
            ("observer", Inner),
            ("to_move", Inner),
            ("winners", Inner),
            ("seat_group", Outer),
            ("seat_initiative", Outer),
            ("seat_dominance", Outer),
            ("seat_action_points", Outer),
            ("seat_actions_taken", Outer),
            ("seat_passed", Outer),
            ("seat_instinct", Outer),
            ("seat_card_counts", Outer),
            ("seat_evolution", Outer),
            ("seat_objective_markers", Outer),
            ("seat_stage_counts", Outer),
            ("seat_armed", Outer),
            ("seat_fat_reserves", Outer),
            ("objective_claims", Inner),
        ],
        _ => &[],
    }
}

/// A seat axis of an observation: `outer` runs of `seats` blocks of
/// `inner` values, starting at `offset`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatSpan {
    offset: usize,
    outer: usize,
    inner: usize,
}

/// The seat axes of a game's observation (its layout and player count).
pub fn seat_spans(engine: &dyn Engine) -> Vec<SeatSpan> {
    let seats = engine.players().max(1);
    seat_sections(engine.game_id())
        .iter()
        .filter_map(|&(name, axis)| {
            let (offset, len) = engine.layout().span(name)?;
            let rest = len / seats;
            Some(match axis {
                Axis::Outer => SeatSpan {
                    offset,
                    outer: 1,
                    inner: rest,
                },
                Axis::Inner => SeatSpan {
                    offset,
                    outer: rest,
                    inner: 1,
                },
            })
        })
        .collect()
}

/// Turns the seat axes of `observation` (absolute, of `observer`) so that
/// relative seat `r` holds absolute seat `(observer + r) mod seats`.
pub fn make_relative(observation: &mut [f32], spans: &[SeatSpan], seats: usize, observer: usize) {
    if seats <= 1 || observer % seats == 0 {
        return;
    }
    for span in spans {
        let block = seats * span.inner;
        for run in 0..span.outer {
            let start = span.offset + run * block;
            let Some(values) = observation.get_mut(start..start + block) else {
                continue;
            };
            // Relative seat r is absolute seat observer + r: rotating left
            // by `observer` seats.
            values.rotate_left((observer % seats) * span.inner);
        }
    }
}
