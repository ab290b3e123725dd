//! Reseed (p.20, order as in the second transcription; reference §5.7):
//! deal cards, slide the Glaciation queue, age the element boxes, refill the
//! leaf squares and begin the next turn.

use crate::state::{Event, PhaseName, State, Step};

/// Performs Reseed and begins the next turn's Planning Phase.
pub(crate) fn reseed(s: &mut State, ev: &mut Vec<Event>) {
    for slot in 0..5 {
        if s.available[slot].is_none() {
            if let Some(c) = s.deck.draw() {
                s.available[slot] = Some(c);
                ev.push(Event::CardDealt { card: c });
            }
        }
    }
    // Glaciation queue slides one space left into empty spaces (reference A6).
    for sp in 11..14 {
        if s.spaces[sp - 1].is_none() {
            s.spaces[sp - 1] = s.spaces[sp].take();
        }
    }
    for e in 0..6 {
        for _ in 0..s.regression_box[e] + s.depletion_box[e] + s.wanderlust[e] {
            s.bag.put(e);
        }
    }
    s.depletion_box = s.wasteland_box;
    s.wasteland_box = s.abundance;
    s.regression_box = s.adaptation;
    s.adaptation = [0; 6];
    s.abundance = [0; 6];
    s.wanderlust = [0; 6];
    s.fill_display_squares();
    for i in 0..3 {
        s.face_up[i] = !s.stacks[i].is_empty();
    }
    s.turn += 1;
    s.dominated = 0;
    s.plan_next = 0;
    s.step = Step::Planning;
    ev.push(Event::TurnBegan { turn: s.turn });
    ev.push(Event::PhaseBegan {
        phase: PhaseName::Planning,
    });
}
