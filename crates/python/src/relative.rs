//! The observer-relative observation: the absolute observation with every
//! seat axis turned so that the observing seat comes first (then the seats
//! after it in seat order, wrapping round). Same length and sections as the
//! absolute one; "which seat is mine" is always seat 0.

use crate::engine::Engine;
use eons_core::SeatAxis;

/// A seat axis of an observation: `outer` runs of `seats` blocks of
/// `inner` values, starting at `offset`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatSpan {
    offset: usize,
    outer: usize,
    inner: usize,
}

/// The seat axes of a game's observation (its layout and player count):
/// the sections its layout marks as indexed by seat (`SeatAxis`).
pub fn seat_spans(engine: &dyn Engine) -> Vec<SeatSpan> {
    let seats = engine.players().max(1);
    let mut spans = Vec::new();
    let mut offset = 0;
    for section in engine.layout().sections() {
        let rest = section.len / seats;
        match section.seats {
            SeatAxis::None => {}
            SeatAxis::Outer => spans.push(SeatSpan {
                offset,
                outer: 1,
                inner: rest,
            }),
            SeatAxis::Inner => spans.push(SeatSpan {
                offset,
                outer: rest,
                inner: 1,
            }),
        }
        offset += section.len;
    }
    spans
}

/// Turns the seat axes of `observation` (absolute, of `observer`) so that
/// relative seat `r` holds absolute seat `(observer + r) mod seats`.
pub fn make_relative(observation: &mut [f32], spans: &[SeatSpan], seats: usize, observer: usize) {
    turn(observation, spans, seats, observer, Turning::ObserverFirst);
}

/// Turns a relative observation of `observer` ([`make_relative`]) back to
/// absolute seats.
pub fn make_absolute(observation: &mut [f32], spans: &[SeatSpan], seats: usize, observer: usize) {
    turn(observation, spans, seats, observer, Turning::Back);
}

/// Which way [`turn`] turns the seat axes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Turning {
    /// Absolute to relative: rotating left by `observer` seats (relative
    /// seat r is absolute seat observer + r).
    ObserverFirst,
    /// Relative back to absolute: rotating right as far.
    Back,
}

/// Rotates every seat axis of `observation` by `observer` seats.
fn turn(observation: &mut [f32], spans: &[SeatSpan], seats: usize, observer: usize, way: Turning) {
    if seats <= 1 || observer % seats == 0 {
        return;
    }
    for span in spans {
        let block = seats * span.inner;
        let by = (observer % seats) * span.inner;
        for run in 0..span.outer {
            let start = span.offset + run * block;
            let Some(values) = observation.get_mut(start..start + block) else {
                continue;
            };
            match way {
                Turning::ObserverFirst => values.rotate_left(by),
                Turning::Back => values.rotate_right(by),
            }
        }
    }
}
