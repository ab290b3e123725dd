//! The end-of-action-phase window (ruling D5): after everyone passed, each passed player who
//! can still use the group ability or an any-time adaptation card gets a last chance. The
//! window opens for every passed player who holds any face-down active card, usable now or
//! not, as a contest asks every contestant who holds one: whose turn it is must not show what
//! the cards are. The decision module is [`EndWindow`].

use super::shed;
use crate::cards;
use crate::data::{data, Data};
use crate::listing::{offer_each, Listing};
use crate::queries::distinct;
use crate::state::{Choice, Decision, Event, State, Task};
use crate::Pangea;
use eons_core::DecisionModule;

/// The choices of the window, without Done.
fn options(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    let p = s.player(seat);
    shed::legal(s, d, seat, out);
    distinct(&p.active, |c| {
        if cards::usable(s, d, seat, c, true, true) {
            out.push(Choice::Use(c));
        }
    });
}

/// True if a passed player is asked in the end-of-phase window: they hold a face-down active
/// adaptation card (whether one is usable now is their secret, so it may not decide who is
/// asked), or their group ability is open to them (public).
pub fn has_options(s: &State, d: &Data, seat: u8) -> bool {
    if !s.player(seat).active.is_empty() {
        return true;
    }
    let mut v: Vec<Choice> = Vec::new();
    shed::legal(s, d, seat, &mut v);
    !v.is_empty()
}

/// The end-of-action-phase window (ruling D5): [`Decision::EndWindow`], the ability, the
/// any-time cards, or Done.
pub(crate) struct EndWindow;

impl DecisionModule<Pangea> for EndWindow {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Action Phase (p.17; ruling D5): after passing: use your group ability or an any-time adaptation card, or finish with done"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| {
            options(s, data(), dec.seat(), out);
            out.push(Choice::Done);
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        let (d, seat) = (data(), dec.seat());
        match c {
            Choice::Done => {
                if let Some(Task::EndWindows(pos)) = s.tasks.pop() {
                    s.tasks.push(Task::EndWindows(pos + 1));
                }
            }
            Choice::Use(card) => cards::use_card(s, d, seat, card, ev),
            Choice::Shed(sp) => shed::shed_first(s, d, seat, &sp, ev),
            _ => s.decision = Some(dec),
        }
    }
}
