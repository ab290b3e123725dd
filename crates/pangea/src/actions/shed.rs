//! The Invertebrates' ability (rulebook p.26): once per stage, remove up to two of your ordinary
//! animals for AP each (the
//! decision module [`ShedMore`] asks for the further ones).

use crate::data::{data, Ability, Data};
use crate::listing::{offer_each, Listing};
use crate::queries::{group_of, spots};
use crate::state::{Cause, Choice, Decision, Event, State};
use crate::types::{Group, Placed, Spot};
use crate::Pangea;
use eons_core::{DecisionModule, Refusal};

/// The rule of the ability.
pub const RULE: &str = "Invertebrates (p.26)";

/// The animals the ability may remove: ordinary animals of `g`.
fn candidate(g: Group) -> impl Fn(&Placed) -> bool {
    move |p: &Placed| p.animal.group == g && !p.animal.special() && !p.animal.bearer()
}

/// True if the seat may start the ability now.
pub fn can_shed(s: &State, d: &Data, seat: u8) -> bool {
    let p = s.player(seat);
    matches!(d.group(p.group).ability, Ability::Shed { max, .. } if max > 0)
        && !p.shed_used
        && s.animals.iter().any(candidate(p.group))
}

/// The Shed choices (a turn or the end window).
pub fn legal(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    if can_shed(s, d, seat) {
        let g = group_of(s, seat);
        spots(s, candidate(g), |sp| out.push(Choice::Shed(sp)));
    }
}

/// Removes one animal for the ability's AP.
fn shed_one(s: &mut State, d: &Data, seat: u8, sp: &Spot, ev: &mut Vec<Event>) {
    if let Some(i) = s.find_plain(sp) {
        s.kill(i, Cause::Shed, ev);
        let ap = match d.group(group_of(s, seat)).ability {
            Ability::Shed { ap, .. } => ap as i32,
            _ => 0,
        };
        let p = s.player_mut(seat);
        p.shed += 1;
        p.shed_used = true;
        s.add_ap(seat, ap, ev);
    }
}

/// Offers a further animal while the ability allows one.
fn offer_more(s: &mut State, d: &Data, seat: u8) {
    let max = match d.group(group_of(s, seat)).ability {
        Ability::Shed { max, .. } => max,
        _ => 0,
    };
    let g = group_of(s, seat);
    if s.player(seat).shed < max && s.animals.iter().any(candidate(g)) {
        s.decision = Some(Decision::ShedMore(seat));
    }
}

/// The first animal of the ability.
pub fn shed_first(s: &mut State, d: &Data, seat: u8, sp: &Spot, ev: &mut Vec<Event>) {
    shed_one(s, d, seat, sp, ev);
    offer_more(s, d, seat);
}

/// The ability's further animals: [`Decision::ShedMore`], another of the seat's ordinary
/// animals, or Done.
pub(crate) struct ShedMore;

impl DecisionModule<Pangea> for ShedMore {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Invertebrates (p.26): choose another of your ordinary animals to remove, or finish with done"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        let g = group_of(s, dec.seat());
        offer_each(offer, |out| {
            spots(s, candidate(g), |sp| out.push(Choice::Animal(sp)));
            out.push(Choice::Done);
        })
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        let d = data();
        let seat = dec.seat();
        match c {
            Choice::Animal(sp) => {
                shed_one(s, d, seat, &sp, ev);
                offer_more(s, d, seat);
            }
            Choice::Done => {}
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Animal(sp) => Some(format!("remove {sp} too")),
            _ => None,
        }
    }
}

/// Why a Shed is refused.
pub fn refuse() -> Refusal {
    Refusal::new(
        RULE,
        "the ability is used once per stage, on your own ordinary animals",
    )
}
