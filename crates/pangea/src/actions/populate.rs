//! Populate (rulebook p.22): place an animal, or the Special Animal (ruling H1), in niche 0 of
//! an available region; then Rapid Reproduction's extra animals and a populated animal's Toxic
//! marker (the decision modules [`RapidReproduction`] and [`PopulatedToxic`]).

use super::pay;
use crate::cards;
use crate::contest;
use crate::data::{data, Data};
use crate::effects::{clear_track, set_flag_on};
use crate::listing::{offer_each, Listing};
use crate::queries;
use crate::queries::group_of;
use crate::state::{armed, Choice, Decision, Event, State, Task};
use crate::types::{flag, Action, Animal, Placed, Region, Spot};
use crate::Pangea;
use eons_core::{DecisionModule, Refusal};

/// The rule of the Populate action.
pub const RULE: &str = "Populate (p.22)";

/// The Populate choices of a turn.
pub fn legal(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    legal_in(s, d, seat, Region::all(), out);
}

/// The Populate choices of a turn in the regions of `regions` (in their order).
pub fn legal_in(
    s: &State,
    d: &Data,
    seat: u8,
    regions: impl Iterator<Item = Region>,
    out: &mut impl Listing,
) {
    let p = s.player(seat);
    if p.used[Action::Populate as usize] < d.rules.same_action_limit
        && p.ap >= queries::populate_cost(d, p)
    {
        targets_in(s, d, seat, regions, out);
    }
}

/// True if the seat has an animal or the Special Animal to place and a region to place it.
pub fn can_populate_anywhere(s: &State, d: &Data, seat: u8) -> bool {
    let g = group_of(s, seat);
    (s.supply(d, g) > 0 || s.special_available(d, seat)) && Region::all().any(|r| s.available(r))
}

/// Populate choices; ruling H1: the Special Animal marker may be placed when its card is active
/// and the marker is in supply.
pub fn targets(s: &State, d: &Data, seat: u8, out: &mut impl Listing) {
    targets_in(s, d, seat, Region::all(), out);
}

/// [`targets`] in the regions of `regions` (in their order).
fn targets_in(
    s: &State,
    d: &Data,
    seat: u8,
    regions: impl Iterator<Item = Region>,
    out: &mut impl Listing,
) {
    let g = group_of(s, seat);
    let ord = s.supply(d, g) > 0;
    let sp = s.special_available(d, seat);
    for r in regions {
        if !s.available(r) {
            continue;
        }
        if ord {
            out.push(Choice::Populate {
                region: r,
                special: false,
            });
        }
        if sp {
            out.push(Choice::Populate {
                region: r,
                special: true,
            });
        }
    }
}

/// Places one animal from the seat's supply in a region (niche 0, or the Nesting Site niche).
pub fn populate_one(
    s: &mut State,
    d: &Data,
    seat: u8,
    region: Region,
    special: bool,
    nest: Option<u8>,
    ev: &mut Vec<Event>,
) {
    let g = group_of(s, seat);
    let a = Animal {
        group: g,
        flags: if special { flag::SPECIAL } else { 0 },
    };
    let mut niche = 0;
    if let Some(n) = nest.filter(|&n| n > 0) {
        match s.occupant(region, n) {
            None => niche = n,
            Some(o) if s.animals[o].animal.group == g => {}
            Some(o) => {
                ev.push(Event::Placed {
                    spot: Placed {
                        region,
                        niche: n,
                        animal: a,
                    }
                    .spot(),
                });
                let def = s.take(o).animal;
                contest::start(s, d, region, n, a, def, false, ev);
                return;
            }
        }
    }
    s.place_new(region, niche, a, ev);
    if queries::toxic_on_populate(d, s.player(seat)) {
        s.tasks.push(Task::PopulatedToxic {
            seat,
            spot: Placed {
                region,
                niche,
                animal: a,
            }
            .spot(),
        });
    }
}

/// The Populate action: pay, use the armed Nesting Site and Fertility, then place.
pub fn resolve(
    s: &mut State,
    d: &Data,
    seat: u8,
    region: Region,
    special: bool,
    ev: &mut Vec<Event>,
) {
    let g = group_of(s, seat);
    clear_track(s, g);
    let cost = queries::populate_cost(d, s.player(seat));
    pay(s, seat, Action::Populate, cost, ev);
    let p = s.player_mut(seat);
    let nest = (p.armed & armed::NEST != 0).then_some(p.armed >> 4);
    // Nesting Site and Fertility may both be armed: each gives its own AP.
    let cards_used = (p.armed & armed::NEST != 0) as u8 + (p.armed & armed::FERTILITY != 0) as u8;
    p.armed &= !(armed::FERTILITY | armed::NEST | 0xf0);
    s.tasks.push(Task::TurnResume { seat, acted: true });
    // Rapid Reproduction: only the first Populate of the stage places more.
    let first = !s.player(seat).multi_used;
    s.player_mut(seat).multi_used = true;
    if let Some(k) = queries::multi_populate(d, s.player(seat)) {
        if first && k > 1 {
            s.tasks.push(Task::ExtraPopulate { seat, left: k - 1 });
        }
    }
    populate_one(s, d, seat, region, special, nest, ev);
    for _ in 0..cards_used {
        cards::ap_after_action(s, d, seat, ev);
    }
}

/// [`Task::ExtraPopulate`]: offers the next Rapid Reproduction animal.
pub fn offer_extra(s: &mut State, d: &Data, seat: u8, left: u8) {
    if left > 0 && can_populate_anywhere(s, d, seat) {
        if left > 1 {
            s.tasks.push(Task::ExtraPopulate {
                seat,
                left: left - 1,
            });
        }
        s.decision = Some(Decision::ExtraPopulate(seat));
    }
}

/// Rapid Reproduction (an evolution card, rulebook p.21): [`Decision::ExtraPopulate`],
/// another animal placed as a Populate places it.
pub(crate) struct RapidReproduction;

impl DecisionModule<Pangea> for RapidReproduction {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Populate (p.22): place another animal (Rapid Reproduction) in an available region"
    }

    fn legal<F: FnMut(Choice) -> bool>(s: &State, dec: Decision, offer: &mut F) -> bool {
        offer_each(offer, |out| targets(s, data(), dec.seat(), out))
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Populate { region, special } => {
                populate_one(s, data(), dec.seat(), region, special, None, ev)
            }
            _ => s.decision = Some(dec),
        }
    }
}

/// [`Task::PopulatedToxic`]: offers the Toxic marker while the new animal is on the board.
pub fn offer_toxic(s: &mut State, seat: u8, spot: Spot) {
    if s.find(&spot).is_some() && spot.flags & flag::TOXIC == 0 {
        s.tasks.push(Task::PopulatedToxic { seat, spot });
        s.decision = Some(Decision::PopulatedToxic(seat));
    }
}

/// A populated animal's Toxic marker (rulebook p.16): [`Decision::PopulatedToxic`], Confirm
/// or Skip.
pub(crate) struct PopulatedToxic;

impl DecisionModule<Pangea> for PopulatedToxic {
    type Decision = Decision;

    fn rule(_: Decision) -> &'static str {
        "Toxic (p.16): put a Toxic marker on the new animal, or leave it without one"
    }

    fn legal<F: FnMut(Choice) -> bool>(_: &State, _: Decision, offer: &mut F) -> bool {
        offer(Choice::Confirm) || offer(Choice::Skip)
    }

    fn apply(s: &mut State, dec: Decision, c: Choice, ev: &mut Vec<Event>) {
        match c {
            Choice::Confirm => {
                if let Some(Task::PopulatedToxic { spot, .. }) = s.tasks.pop() {
                    set_flag_on(s, &spot, flag::TOXIC, true, ev);
                }
            }
            Choice::Skip => {
                s.tasks.pop();
            }
            _ => s.decision = Some(dec),
        }
    }

    fn text(_: &State, _: Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Skip => Some("leave the new animal without a Toxic marker".into()),
            Choice::Confirm => Some("put a Toxic marker on the new animal".into()),
            _ => None,
        }
    }
}

/// Why a Populate that passed the turn's checks is refused.
pub fn refuse(s: &State, region: Region, special: bool) -> Refusal {
    if !s.available(region) {
        Refusal::new("Unavailability Markers (p.9)", "that region is unavailable")
    } else if special {
        Refusal::new(
            "Special Animals (p.22)",
            "the Special Animal card is not active or its marker is on the board",
        )
    } else {
        Refusal::new(RULE, "you have no Animal Markers left")
    }
}
