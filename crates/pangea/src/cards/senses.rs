//! Instinct cards: Keen Senses (look at an instinct tile) and Premonition (move the instinct
//! marker up). Keen Senses' choice is the decision module [`KeenSenses`].

use crate::data::{AdaptationEffect, Data};
use crate::listing::{offer_each, Listing};
use crate::state::{Choice, Decision, Event, State};
use crate::Pangea;
use eons_core::DecisionModule;

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

/// Keen Senses: [`Decision::Peek`], a field with a tile the seat has not seen.
pub(crate) struct KeenSenses;

impl DecisionModule<Pangea> for KeenSenses {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Adaptation Cards (p.21): Keen Senses: choose an instinct track field whose tile you have not seen"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let known = s.player(dec.seat()).known;
        offer_each(offer, |out| {
            for f in 0..s.track.len() as u8 {
                if s.tile_at(f).is_some() && known & (1 << f) == 0 {
                    out.push(Choice::Field(f));
                }
            }
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        let seat = dec.seat();
        match c {
            Choice::Field(f) => {
                s.player_mut(seat).known |= 1 << f;
                ev.push(Event::Peeked { seat, field: f });
            }
            _ => s.decision = Some(dec),
        }
    }
}
