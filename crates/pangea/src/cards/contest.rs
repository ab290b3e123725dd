//! Contest cards (rulebook p.14): contest bonuses and Recovery played by a contestant's owner,
//! and Escape played by the loser's owner. The contest procedure itself is in
//! [`crate::contest`]; these are the decisions it asks, the decision modules
//! [`ContestCards`] and [`Escape`].

use super::{spend_card, use_card};
use crate::data::{data, AdaptationEffect, Data};
use crate::listing::{offer_each, Listing};
use crate::queries;
use crate::queries::distinct;
use crate::state::{Choice, Contest, Decision, Event, State, Task};
use crate::types::{flag, Animal, Placed};
use crate::Pangea;
use eons_core::DecisionModule;

/// Contest cards are played only in a contest, never as a one-off ability.
pub fn usable(_e: AdaptationEffect) -> bool {
    false
}

/// The animal whose owner's contest-card window is open (step 1: the attacker).
fn contestant(c: &Contest) -> Animal {
    if c.step == 1 {
        c.attacker
    } else {
        c.defender
    }
}

/// A contestant's cards: [`Decision::ContestCards`], contest bonuses, or Recovery for an
/// Inactive contestant, or Done.
pub(crate) struct ContestCards;

impl DecisionModule<Pangea> for ContestCards {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Contest (p.14): play one of your active contest cards, or finish with done"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| legal_cards(s, data(), dec.seat(), out))
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        resolve_cards(s, data(), dec, c, ev)
    }
}

/// The loser's Escape: [`Decision::Escape`], the seat's Escape cards, or Done.
pub(crate) struct Escape;

impl DecisionModule<Pangea> for Escape {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Contest (p.14): play an Escape card so that your animal withdraws instead of dying, or finish with done"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| legal_escape(s, data(), dec.seat(), out))
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        resolve_escape(s, data(), dec, c, ev)
    }
}

/// [`Decision::ContestCards`]: an Inactive contestant may only be made active (Recovery,
/// ruling D5); an active one may add contest bonuses.
fn legal_cards(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    let inactive = match s.tasks.last() {
        Some(Task::Contest(c)) => contestant(c).inactive(),
        _ => false,
    };
    distinct(&s.player(seat).active, |c| {
        let ok = match d.adaptation(c).effect {
            AdaptationEffect::ContestBonus { .. } => !inactive,
            AdaptationEffect::Recovery {} => inactive,
            _ => false,
        };
        if ok {
            out.push(Choice::Use(c));
        }
    });
    out.push(Choice::Done);
}

/// [`Decision::Escape`]: the seat's Escape cards, or Done.
fn legal_escape(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    distinct(&s.player(seat).active, |c| {
        if matches!(d.adaptation(c).effect, AdaptationEffect::Escape {}) {
            out.push(Choice::Use(c));
        }
    });
    out.push(Choice::Done);
}

/// Resolves [`Decision::ContestCards`].
fn resolve_cards(s: &mut State, d: &Data, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
    let seat = dec.seat();
    match c {
        Choice::Use(card) if matches!(d.adaptation(card).effect, AdaptationEffect::Recovery {}) => {
            // Every Inactive marker of the group goes, the contestant's too (it is held
            // off the board), and it now counts its full Expansiveness (ruling D5).
            use_card(s, d, seat, card, ev);
            if let Some(&Task::Contest(mut c)) = s.tasks.last() {
                let attacker = c.step == 1;
                let a = if attacker {
                    &mut c.attacker
                } else {
                    &mut c.defender
                };
                // The event names the animal as it was, with its Inactive marker.
                let was = *a;
                a.flags &= !flag::INACTIVE;
                let a = *a;
                let value = queries::expansiveness(d, s, a, c.region, attacker);
                if attacker {
                    c.attack = value;
                } else {
                    c.defence = value;
                }
                ev.push(Event::Status {
                    spot: Placed {
                        region: c.region,
                        niche: c.niche,
                        animal: was,
                    }
                    .spot(),
                    flags: a.flags & flag::PERSISTENT,
                });
                if let Some(t) = s.tasks.last_mut() {
                    *t = Task::Contest(c);
                }
            }
        }
        Choice::Use(card) => {
            let amount = match d.adaptation(card).effect {
                AdaptationEffect::ContestBonus { amount } => amount,
                _ => 0,
            };
            spend_card(s, d, seat, card, ev);
            if let Some(Task::Contest(c)) = s.tasks.last_mut() {
                if c.step == 1 {
                    c.attack += amount;
                } else {
                    c.defence += amount;
                }
            }
        }
        Choice::Done => {
            if let Some(Task::Contest(c)) = s.tasks.last_mut() {
                c.step += 1;
            }
        }
        _ => s.decision = Some(dec),
    }
}

/// Resolves [`Decision::Escape`].
fn resolve_escape(s: &mut State, d: &Data, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
    let seat = dec.seat();
    match c {
        Choice::Use(card) => {
            spend_card(s, d, seat, card, ev);
            // The loser escapes: it is no longer devoured, so a Toxic loser no longer takes
            // the winner with it; only a Toxic winner still dies (rulebook p.16, Toxic).
            let winner_toxic_dies = match s.tasks.last() {
                Some(Task::Contest(c)) => {
                    let w = if c.attacker_wins {
                        c.attacker
                    } else {
                        c.defender
                    };
                    w.toxic() && !queries::immune(d, s, w)
                }
                _ => false,
            };
            if let Some(Task::Contest(c)) = s.tasks.last_mut() {
                c.loser_dies = false;
                c.winner_dies = winner_toxic_dies;
                c.step = 5;
            }
        }
        Choice::Done => {
            if let Some(Task::Contest(c)) = s.tasks.last_mut() {
                c.step = 5;
            }
        }
        _ => s.decision = Some(dec),
    }
}
