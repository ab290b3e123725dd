//! Instinct cards: Keen Senses (look at an instinct tile) and Premonition (move the instinct
//! marker up).

use super::RULE;
use crate::data::{AdaptationEffect, Data};
use crate::state::{not_offered, Choice, Decision, Event, State};
use eons_core::Refusal;

/// True if the card can be used now.
pub fn usable(s: &State, d: &Data, seat: u8, e: AdaptationEffect) -> bool {
    let p = s.player(seat);
    match e {
        AdaptationEffect::Peek {} => {
            (0..s.track.len() as u8).any(|f| s.tile_at(f).is_some() && p.known & (1 << f) == 0)
        }
        AdaptationEffect::Premonition { fields } => fields > 0 && p.instinct < d.top_field(),
        _ => false,
    }
}

/// Using the card: Keen Senses asks for the field, Premonition climbs at once.
pub fn use_card(s: &mut State, d: &Data, seat: u8, e: AdaptationEffect, ev: &mut Vec<Event>) {
    match e {
        AdaptationEffect::Peek {} => s.decision = Some(Decision::Peek(seat)),
        AdaptationEffect::Premonition { fields } => {
            for _ in 0..fields {
                s.climb_instinct(d, seat, ev);
            }
        }
        _ => {}
    }
}

/// [`Decision::Peek`]: the fields with a tile the seat has not seen.
pub fn legal(s: &State, seat: u8, out: &mut Vec<Choice>) {
    let known = s.player(seat).known;
    for f in 0..s.track.len() as u8 {
        if s.tile_at(f).is_some() && known & (1 << f) == 0 {
            out.push(Choice::Field(f));
        }
    }
}

/// Resolves [`Decision::Peek`].
pub fn resolve(s: &mut State, seat: u8, c: Choice, ev: &mut Vec<Event>) {
    match c {
        Choice::Field(f) => {
            s.player_mut(seat).known |= 1 << f;
            ev.push(Event::Peeked { seat, field: f });
        }
        _ => s.decision = Some(Decision::Peek(seat)),
    }
}

/// Why a choice is not one [`Decision::Peek`] offers.
pub fn refuse() -> Refusal {
    not_offered(
        RULE,
        "Keen Senses: choose an instinct track field whose tile you have not seen",
    )
}
