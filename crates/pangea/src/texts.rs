//! Everything a player reads, in plain English (the project's `docs/texts.md`): the texts of
//! choices, events and prompts, and the words they share.
//!
//! * A seat reads as its group ("Invertebrates"); the group's name is plural, so a sentence
//!   about a seat or one of its animals goes on with a plural verb ("Invertebrates take
//!   Survive", "Invertebrates in C3, niche 0 are removed by hunger").
//! * Regions and niches read as the board prints them: "C3, niche 0" ([`Niche`]).
//! * Face-up cards read by their printed names (evolution cards, objective tiles, Turn of the
//!   Age cards, cataclysms, adaptation cards played face up); a face-down adaptation card stays
//!   unnamed to the seats that may not see it.
//! * A neutral die's set reads as what it does ("Populate, Migrate, Migrate (red arrow)").
//! * An event's text depends only on the event, the data and who leads each seat (fixed for
//!   the game), never on what changed after it.

use crate::data::{AgeEffect, Data};
use crate::state::{Cause, Choice, Decision, Event, Phase, State};
use crate::types::{flag, flag_names, AdaptationId, Group, Niche, Region, Spot, Tile};

/// The group a seat leads, as its name ("Invertebrates"); "seat N" (from 1) for a seat the
/// state does not know.
pub fn seat_name(s: &State, seat: u8) -> String {
    s.players
        .get(seat as usize)
        .map_or_else(|| format!("seat {}", seat + 1), |p| p.group.to_string())
}

/// Items joined as a list is written: "A", "A and B", "A, B and C".
pub fn and_list<T: AsRef<str>>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let head: Vec<&str> = rest.iter().map(|x| x.as_ref()).collect();
            format!("{} and {}", head.join(", "), last.as_ref())
        }
    }
}

/// A count with its noun in the right number: "1 card", "2 cards".
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A phase as the rulebook names it.
pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "Game Setup",
        Phase::Neutral => "Neutral Animals phase",
        Phase::Drawing => "Drawing phase",
        Phase::Action => "Action phase",
        Phase::Survival => "Survival phase",
        Phase::Initiative => "Initiative phase",
        Phase::TurnOfAges => "Turn of the Ages",
        Phase::Doom => "The Doom",
        Phase::Over => "Game over",
    }
}

/// An instinct tile's name: "Sector B", "Zone Interior", or the cataclysm's printed name.
pub fn tile_name(d: &Data, t: Tile) -> String {
    match t {
        Tile::Sector(c) => format!("Sector {}", (b'A' + c) as char),
        Tile::Zone(z) => format!(
            "Zone {}",
            d.zones.get(z as usize).map_or("?", |z| z.name.as_str())
        ),
        Tile::Cataclysm(k) => d
            .cataclysms
            .get(k as usize)
            .map_or("an unknown cataclysm".to_string(), |c| c.name.clone()),
    }
}

/// An adaptation card's printed name.
pub fn card_name(d: &Data, c: AdaptationId) -> String {
    d.adaptations
        .get(c.index())
        .map_or("an unknown adaptation card".to_string(), |a| a.name.clone())
}

/// An evolution card's printed name (`card` is its index within the group's four).
pub fn evolution_name(d: &Data, g: Group, card: u8) -> String {
    if card < 4 {
        d.evolution_card(g, card).name.clone()
    } else {
        "an unknown evolution card".to_string()
    }
}

/// An objective tile's printed name.
pub fn objective_name(d: &Data, tile: u8) -> String {
    d.objectives
        .get(tile as usize)
        .map_or("an unknown objective".to_string(), |t| t.name.clone())
}

/// A Turn of the Age card's printed name.
pub fn age_name(d: &Data, card: u8) -> String {
    d.ages
        .get(card as usize)
        .map_or("the Turn of the Age card".to_string(), |a| a.name.clone())
}

/// The Turn of the Age card being resolved (the last one revealed).
pub fn current_age(s: &State) -> Option<u8> {
    let k = s.ages_revealed.checked_sub(1)?;
    s.ages.get(k as usize).copied()
}

/// What the seat to move is asked, with the rule and its rulebook page
/// ("Invertebrates: choose an action or pass (Action Phase, p.17)").
pub fn prompt(s: &State, d: &Data) -> String {
    match s.decision {
        Some(dec) => format!(
            "{}: {} ({})",
            seat_name(s, dec.seat()),
            decision_text(
                d,
                dec,
                current_age(s),
                s.players.get(dec.seat() as usize).map_or(0, |p| p.ap)
            ),
            rule(dec)
        ),
        None => "The game is over".to_string(),
    }
}

/// The rule a decision is asked under, with its rulebook page ("Pass,
/// p.17"), as the prompts of the three games close.
pub fn rule(dec: Decision) -> &'static str {
    match dec {
        Decision::Place(_) => "Game Setup, p.10",
        Decision::Discard(_) => "Drawing Phase, p.17",
        Decision::Turn { forced: true, .. } | Decision::EndWindow(_) => "Pass, p.17",
        Decision::Turn { .. } => "Action Phase, p.17",
        Decision::EvolvePay(_) | Decision::ExtraPopulate(_) | Decision::Niche0Attack(_) => {
            "Evolution Cards, p.21"
        }
        Decision::SpecialSwap(_) => "Special Animals, p.22",
        Decision::Toxify(_) | Decision::PopulatedToxic(_) => "Toxic, p.16",
        Decision::SurviveMore(_) => "Survive, p.24",
        Decision::ShedMore(_) => "Invertebrates, p.26",
        Decision::ExtraStep(_)
        | Decision::AmbushOwn(_)
        | Decision::AmbushTarget(..)
        | Decision::Peek(_)
        | Decision::FatReserves(_)
        | Decision::Parasites(_)
        | Decision::Venom(_) => "Adaptation Cards, p.21",
        Decision::ContestCards(_) | Decision::Escape(_) => "Contest, p.14",
        Decision::Hunger { .. } => "Survival Phase, p.18",
        Decision::AgePlace(_)
        | Decision::AgeLose(_)
        | Decision::AgeToll(_)
        | Decision::AgeMigrate(_)
        | Decision::AgePopulate(_) => "Turn of the Ages, p.19",
        Decision::DrawOnWin(_) => "Sauropsida, p.27",
    }
}

/// What a decision asks for, as an imperative in lower case; `age` is the Turn of the Age card
/// being resolved, if any (its toll is named); `ap` is the deciding seat's Action Points (a
/// turn at 0 AP that is not a forced pass may only gain AP first, rulebook p.17 and p.21).
pub fn decision_text(d: &Data, dec: Decision, age: Option<u8>, ap: i32) -> String {
    let text = match dec {
        Decision::Place(_) => {
            "place your starting animal in niche 0 of an available region outside the Subpolar zones"
        }
        Decision::Discard(_) => "discard an adaptation card from your Inactive zone down to 3",
        Decision::Turn {
            acted: false,
            forced: true,
            ..
        } => "pass, as you have no Action Points or no action markers left",
        Decision::Turn { acted: false, .. } if ap <= 0 => {
            "gain an Action Point first, or pass, as you have no Action Points left"
        }
        Decision::Turn { acted: false, .. } => "choose an action or pass",
        Decision::Turn { acted: true, .. } => "take a free step or end your turn",
        Decision::EvolvePay(_) => {
            "discard an active adaptation card to pay for the evolution card"
        }
        Decision::SpecialSwap(_) => "swap one of your animals for your Special Animal, or skip",
        Decision::Toxify(_) => "put a Toxic marker on one of your animals, or finish with done",
        Decision::ExtraPopulate(_) => "Rapid Reproduction: place another animal",
        Decision::PopulatedToxic(_) => "put a Toxic marker on the new animal, or skip",
        Decision::SurviveMore(_) => "move your instinct marker up another field, or finish with done",
        Decision::ShedMore(_) => "remove another animal for AP, or finish with done",
        Decision::ExtraStep(_) => "Long Migration: move the animal one more step, or skip",
        Decision::AmbushOwn(_) => "Ambush: choose your animal in niche 0",
        Decision::AmbushTarget(..) => "Ambush: choose the animal to attack",
        Decision::Peek(_) => "Keen Senses: choose an instinct tile to look at",
        Decision::FatReserves(_) => "Fat Reserves: choose a region",
        Decision::Parasites(_) => "Parasites: choose an animal to make Inactive",
        Decision::Venom(_) => "Venom: choose one of your animals to make Toxic",
        Decision::Niche0Attack(_) => "attack an animal in this niche 0, or skip",
        Decision::ContestCards(_) => {
            "play contest cards (Recovery for an Inactive animal), or finish with done"
        }
        Decision::Escape(_) => "play Escape, or finish with done",
        Decision::Hunger { region, .. } => {
            return format!("hunger in {region}: lose 1 dominance or remove one of your animals there")
        }
        Decision::EndWindow(_) => {
            "after passing: use your group's ability or an any-time card, or finish with done"
        }
        Decision::AgePlace(_) => "place an animal for free, or skip",
        Decision::AgeLose(_) => "remove one of your animals in niche 0",
        Decision::AgeToll(_) => {
            return format!("remove one of your animals or lose {}", toll(d, age));
        }
        Decision::AgeMigrate(_) => "make a free migration step, or skip",
        Decision::AgePopulate(_) => "populate for free, or skip",
        Decision::DrawOnWin(_) => "you won the contest: draw an adaptation card, or skip",
    };
    text.to_string()
}

/// The dominance the toll of Turn of the Age card `age` costs ("2 dominance").
pub fn toll(d: &Data, age: Option<u8>) -> String {
    let amount = age
        .and_then(|c| d.ages.get(c as usize))
        .and_then(|a| match a.effect {
            AgeEffect::Toll { dominance } => Some(dominance),
            _ => None,
        });
    match amount {
        Some(n) => format!("{n} dominance"),
        None => "dominance".to_string(),
    }
}

/// The general text of a choice: what its button says, an imperative in lower case ("populate
/// C3", "move Invertebrates from C3, niche 0 to C2, niche 1"). The module of the pending
/// decision may word a choice its own way first ([`eons_core::DecisionModule::text`]: "skip
/// the swap", "migrate …"); the engine's table asks it before this general wording.
pub fn describe_choice(s: &State, d: &Data, c: Choice) -> String {
    let g = s
        .decision
        .and_then(|dec| s.players.get(dec.seat() as usize).map(|p| p.group));
    match c {
        Choice::Done => "done".into(),
        Choice::Skip => "skip".into(),
        Choice::Confirm => "confirm".into(),
        Choice::Pass => "pass".into(),
        Choice::Region(r) => format!("place your starting animal in {}", Niche(r, 0)),
        Choice::Populate { region, special } => format!(
            "populate {region}{}",
            if special {
                " with your Special Animal"
            } else {
                ""
            }
        ),
        Choice::Move {
            from,
            region,
            niche,
        } => move_text(s, "move", &from, region, niche),
        Choice::Survive => "survive: move your instinct marker up a field".into(),
        Choice::Activate(c) => format!("adapt: activate {}", card_name(d, c)),
        Choice::Evolve(k) => match g.filter(|_| k < 4) {
            Some(g) => {
                let e = d.evolution_card(g, k);
                let cost = match e.cost {
                    0 => "free".to_string(),
                    n => format!(
                        "costs {}",
                        count(n, "active adaptation card", "active adaptation cards")
                    ),
                };
                format!(
                    "adapt: activate the evolution card {} ({cost}): {}",
                    e.name, e.text
                )
            }
            None => "adapt: activate an evolution card".into(),
        },
        Choice::Card(c) => format!("discard {}", card_name(d, c)),
        Choice::Use(c) => format!(
            "use {}: {}",
            card_name(d, c),
            d.adaptations.get(c.index()).map_or("", |a| a.text.as_str())
        ),
        Choice::CashIn(c) => format!("discard {} for 1 AP", card_name(d, c)),
        Choice::Animal(sp) => format!("choose {sp}"),
        Choice::Claim(i) => s
            .objectives
            .get(i as usize)
            .map(|slot| format!("complete the objective {}", objective_name(d, slot.tile)))
            .unwrap_or_else(|| "complete an objective".into()),
        Choice::Field(f) => format!("look at the tile beside instinct field {f}"),
        Choice::Unblock(sp) => format!("pay 1 AP to remove the Inactive marker from {sp}"),
        Choice::Shed(sp) => {
            let ap = match d.group(sp.group).ability {
                crate::data::Ability::Shed { ap, .. } => ap,
                _ => 0,
            };
            format!("remove {sp} to gain {ap} AP (your group's ability)")
        }
        Choice::Bearer(sp) => format!("pay 1 AP to put the objective marker beside {sp}"),
        Choice::PayDominance => "lose 1 dominance".into(),
    }
}

/// The text of a move choice: `verb` ("move", or "migrate" for the Migrate action), the
/// animal's move, and the contest it starts ("migrate Invertebrates from C3, niche 0 to C2,
/// niche 1 (a contest with Synapsids)").
pub fn move_text(s: &State, verb: &str, from: &Spot, region: Region, niche: u8) -> String {
    let fight = s
        .occupant(region, niche)
        .filter(|_| niche > 0)
        .map(|i| format!(" (a contest with {})", s.animals[i].animal.group))
        .unwrap_or_default();
    format!("{verb} {}{fight}", movement(from, region, niche, ""))
}

/// The text other seats read of a choice they may not see: an adaptation card is activated
/// face down, so only its owner (`own`) reads its name; `None` for a choice every seat reads
/// alike.
pub fn hidden_choice_text(c: Choice, own: bool) -> Option<String> {
    (!own && matches!(c, Choice::Activate(_)))
        .then(|| "adapt: activate an adaptation card (face down)".to_string())
}

/// An animal's move: "Invertebrates from C3, niche 0 to C2, niche 1", or within a region
/// "Invertebrates in C3 from niche 0 to niche 1"; `verb` follows the animal
/// (" move" for the event, "" after a choice's "migrate").
fn movement(from: &Spot, region: Region, niche: u8, verb: &str) -> String {
    let who = format!("{}{}", from.group, crate::types::describe_flags(from.flags));
    if from.region == region {
        format!(
            "{who} in {region}{verb} from niche {} to niche {niche}",
            from.niche
        )
    } else {
        format!(
            "{who}{verb} from {} to {}",
            Niche(from.region, from.niche),
            Niche(region, niche)
        )
    }
}

/// "gain 2 dominance", "lose 1 dominance".
fn gain_or_lose(delta: i32, unit: &str) -> String {
    if delta >= 0 {
        format!("gain {delta} {unit}")
    } else {
        format!("lose {} {unit}", -delta)
    }
}

/// Why an animal left the board, as the end of "… are removed …".
fn removal_reason(d: &Data, cause: Cause) -> String {
    match cause {
        Cause::Contest => "after losing the contest".into(),
        Cause::Toxic => "because a Toxic animal took part in the contest".into(),
        Cause::Hunger => "by hunger".into(),
        Cause::Shed => "with the Invertebrates' ability".into(),
        Cause::Swap => "to make way for the Special Animal".into(),
        Cause::Age(card) => format!("by {}", age_name(d, card)),
        Cause::Forced => "as Inactive animals forced to move".into(),
        Cause::Doom => "by the Doom".into(),
    }
}

/// A status change: "get a Toxic marker", "lose their Inactive marker", both, or neither.
fn status_change(before: u8, after: u8) -> String {
    let markers = |bits: u8| -> Option<String> {
        let names = flag_names(bits & flag::PERSISTENT);
        match names.len() {
            0 => None,
            1 => Some(format!("{} marker", names[0])),
            _ => Some(format!("{} markers", and_list(&names))),
        }
    };
    let gained = markers(after & !before).map(|m| {
        if m.ends_with("markers") {
            format!("get {m}")
        } else if m.starts_with("objective") {
            format!("get the {m}")
        } else if m.starts_with(['A', 'E', 'I', 'O', 'U']) {
            format!("get an {m}")
        } else {
            format!("get a {m}")
        }
    });
    let lost = markers(before & !after).map(|m| format!("lose their {m}"));
    match (gained, lost) {
        (Some(g), Some(l)) => format!("{g} and {l}"),
        (Some(g), None) => g,
        (None, Some(l)) => l,
        (None, None) => "keep their markers".into(),
    }
}

/// The part of the game `s` is in ([`eons_core::Game::chapter`]): placing the starting
/// animals, a stage of the Epoch Track with its name, a Turn of the Ages (between two
/// stages), or the Doom after the last stage.
pub fn chapter(s: &State, d: &Data) -> Option<String> {
    let total = d.total_stages();
    Some(match s.phase {
        Phase::Setup => "Placing the starting animals".to_string(),
        Phase::TurnOfAges => format!("Turn of the Ages after stage {}", s.stage),
        _ if s.stage >= total => "The Doom".to_string(),
        _ => format!(
            "Stage {} ({})",
            s.stage + 1,
            d.stage_names
                .get(s.stage as usize)
                .map_or("?", |n| n.as_str())
        ),
    })
}

/// A sentence for an event.
pub fn describe_event(s: &State, d: &Data, e: &Event) -> String {
    let who = |seat: u8| seat_name(s, seat);
    match e {
        Event::StageBegan(k) => format!(
            "Stage {} ({}) begins",
            k + 1,
            d.stage_names.get(*k as usize).map_or("?", |s| s.as_str())
        ),
        Event::NeutralRolled { group, roll, set } => {
            let acts: Vec<&str> = set.iter().map(|a| a.name()).collect();
            format!("Neutral {group} roll a {roll}: {}", acts.join(", "))
        }
        Event::NeutralAdapted(g) => {
            format!("Neutral {g} adapt: a marker goes onto their Adaptation Track")
        }
        Event::NeutralRecovered(g) => format!("Neutral {g} clear their Inactive markers"),
        Event::Placed { spot } => format!(
            "{}{} are placed in {}",
            spot.group,
            crate::types::describe_flags(spot.flags),
            Niche(spot.region, spot.niche)
        ),
        Event::Moved {
            from,
            region,
            niche,
        } => movement(from, *region, *niche, " move"),
        Event::Removed { spot, cause } => {
            format!("{spot} are removed {}", removal_reason(d, *cause))
        }
        Event::ContestBegan {
            region,
            niche,
            attacker,
            defender,
        } => format!(
            "Contest in {}: {attacker} attack {defender}",
            Niche(*region, *niche)
        ),
        Event::NeutralBonus { group, roll, bonus } => {
            format!("Neutral {group} roll a {roll} for their contest bonus: {bonus:+}")
        }
        Event::ContestDecided {
            winner,
            loser,
            attack,
            defence,
        } => format!("{winner} beat {loser} (attacker {attack}, defender {defence})"),
        Event::Drew { seat, count: n } => format!(
            "{} draw {}",
            who(*seat),
            count(*n, "adaptation card", "adaptation cards")
        ),
        Event::Reshuffled => "The adaptation discard pile is shuffled into a new draw pile".into(),
        Event::Discarded { seat, card } => {
            format!("{} discard {}", who(*seat), card_name(d, *card))
        }
        Event::Acted { seat, action, cost } => {
            let cost = if *cost == 0 {
                "free".to_string()
            } else {
                format!("{cost} AP")
            };
            format!("{} take {action} ({cost})", who(*seat))
        }
        Event::ActivatedAdaptation(seat) => {
            format!("{} activate an adaptation card (face down)", who(*seat))
        }
        Event::Evolved { seat, card } => {
            let name = s
                .players
                .get(*seat as usize)
                .map_or("an evolution card".to_string(), |p| {
                    format!("the evolution card {}", evolution_name(d, p.group, *card))
                });
            format!("{} activate {name}", who(*seat))
        }
        Event::UsedCard { seat, card } => {
            format!("{} use {}", who(*seat), card_name(d, *card))
        }
        Event::Ap { seat, delta } => {
            if *delta >= 0 {
                format!("{} gain {delta} AP", who(*seat))
            } else {
                format!("{} pay {} AP", who(*seat), -delta)
            }
        }
        Event::Dominance { seat, delta } => {
            format!("{} {}", who(*seat), gain_or_lose(*delta, "dominance"))
        }
        Event::Passed(seat) => format!("{} pass", who(*seat)),
        Event::Instinct {
            seat,
            field,
            peeked,
        } => format!(
            "{} move their instinct marker up to field {field}{}",
            who(*seat),
            if *peeked {
                " and look at the tile beside it"
            } else {
                ""
            }
        ),
        Event::Peeked { seat, field } => format!(
            "{} look at the instinct tile beside field {field}",
            who(*seat)
        ),
        Event::Claimed { seat, tile, points } => format!(
            "{} complete the objective {}, worth {points} dominance",
            who(*seat),
            objective_name(d, *tile)
        ),
        Event::Status { spot, flags } => {
            format!("{spot} {}", status_change(spot.flags, *flags))
        }
        Event::HungerMarker(r) => format!("A hunger marker is placed in {r}"),
        Event::Initiative(o) => {
            let v: Vec<String> = o.iter().map(|&x| who(x)).collect();
            format!("The initiative order is now {}", v.join(", then "))
        }
        Event::AgeRevealed(c) => match d.ages.get(*c as usize) {
            Some(a) => format!(
                "The Turn of the Age card {} is revealed: {}",
                a.name, a.text
            ),
            None => "A Turn of the Age card is revealed".into(),
        },
        Event::Objectives(t) => {
            let v: Vec<String> = t.iter().map(|&k| objective_name(d, k)).collect();
            if v.is_empty() {
                "No new objective tiles come out".into()
            } else {
                format!("New objective tiles come out: {}", and_list(&v))
            }
        }
        Event::Closed(r) => format!("{r} becomes unavailable"),
        Event::RegionCard(r) => format!("A region card is drawn: {r}"),
        Event::DoomRevealed { tiles, epicentre } => {
            let v: Vec<String> = tiles.iter().map(|&t| tile_name(d, t)).collect();
            format!(
                "The Doom Stack is revealed: {}; the epicentre is {epicentre}",
                and_list(&v)
            )
        }
        Event::DyingStep { step, cataclysm } => match step {
            1 => "The epicentre is struck (Dying phase, step 1)".into(),
            2 => "The shockwave strikes (Dying phase, step 2)".into(),
            _ => format!(
                "The cataclysm strikes: {} (Dying phase, step 3)",
                tile_name(d, Tile::Cataclysm(*cataclysm))
            ),
        },
        Event::FinalScore { seat, points } => format!(
            "{} score {points} dominance for their surviving animals",
            who(*seat)
        ),
        Event::ConditionMarker { region, niche } => {
            format!("A condition marker is placed in {}", Niche(*region, *niche))
        }
        Event::BearerPlaced(sp) => format!("The objective marker goes beside {sp}"),
        Event::SoloResult { success, score } => {
            if *success {
                format!("The Game End Condition is met, with {score} dominance")
            } else {
                format!("The Game End Condition is not met ({score} dominance)")
            }
        }
        Event::GameOver { winners } => {
            let v: Vec<String> = winners.iter().map(|&x| who(x)).collect();
            match v.len() {
                0 => "The game is over with no winner".into(),
                1 => format!("The game is over: {} win", v[0]),
                _ => format!("The game is over: {} share the win", and_list(&v)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{data, NeutralAct};
    use crate::state::Setup;
    use crate::types::{Action, Group};

    /// A 2-player game: seat 1 Invertebrates, seat 2 Synapsids.
    fn game() -> State {
        let setup = Setup {
            players: 2,
            groups: Some(vec![Group::Invertebrates, Group::Synapsids]),
            flat_final: false,
            synapsids_marker: Default::default(),
            amphibians_ap: Default::default(),
        };
        <crate::Pangea as eons_core::Game>::new(&setup, 1).expect("a game")
    }

    fn event(e: Event) -> String {
        describe_event(&game(), data(), &e)
    }

    /// The issue's examples, each as it now reads.
    #[test]
    fn the_issue_examples_read_as_sentences() {
        let d = data();
        let fangs = (0..4u8)
            .find(|&k| d.evolution_card(Group::Synapsids, k).name == "Sabre Fangs")
            .expect("Sabre Fangs");
        assert_eq!(
            event(Event::Evolved {
                seat: 1,
                card: fangs
            }),
            "Synapsids activate the evolution card Sabre Fangs"
        );
        assert_eq!(
            event(Event::NeutralRolled {
                group: Group::Synapsids,
                roll: 6,
                set: [NeutralAct::M, NeutralAct::P, NeutralAct::Mr],
            }),
            "Neutral Synapsids roll a 6: Migrate, Populate, Migrate (red arrow)"
        );
        assert_eq!(
            event(Event::Drew { seat: 0, count: 2 }),
            "Invertebrates draw 2 adaptation cards"
        );
        assert_eq!(
            event(Event::Drew { seat: 0, count: 1 }),
            "Invertebrates draw 1 adaptation card"
        );
        assert_eq!(
            event(Event::Acted {
                seat: 0,
                action: Action::Survive,
                cost: 2
            }),
            "Invertebrates take Survive (2 AP)"
        );
        let spot = Spot {
            region: Region(10),
            niche: 0,
            group: Group::Invertebrates,
            flags: 0,
        };
        assert_eq!(
            event(Event::Placed { spot }),
            "Invertebrates are placed in C3, niche 0"
        );
        assert_eq!(
            event(Event::Ap { seat: 0, delta: -1 }),
            "Invertebrates pay 1 AP"
        );
    }

    /// A status event names the change from the animal as it was to its new markers.
    #[test]
    fn a_status_change_names_the_markers() {
        let spot = Spot {
            region: Region(9),
            niche: 1,
            group: Group::Synapsids,
            flags: flag::INACTIVE,
        };
        assert_eq!(
            event(Event::Status { spot, flags: 0 }),
            "Synapsids (Inactive) in B3, niche 1 lose their Inactive marker"
        );
        assert_eq!(
            event(Event::Status {
                spot,
                flags: flag::INACTIVE | flag::TOXIC
            }),
            "Synapsids (Inactive) in B3, niche 1 get a Toxic marker"
        );
    }

    /// A removal by a Turn of the Age card names the card it carries.
    #[test]
    fn a_removal_names_its_turn_of_the_age_card() {
        let d = data();
        let card = d
            .ages
            .iter()
            .position(|a| a.name == "Cold Snap")
            .expect("Cold Snap") as u8;
        let spot = Spot {
            region: Region(0),
            niche: 0,
            group: Group::Invertebrates,
            flags: 0,
        };
        assert_eq!(
            event(Event::Removed {
                spot,
                cause: Cause::Age(card)
            }),
            "Invertebrates in A1, niche 0 are removed by Cold Snap"
        );
    }

    #[test]
    fn lists_and_counts_read_as_english() {
        assert_eq!(and_list(&["A", "B", "C"]), "A, B and C");
        assert_eq!(and_list(&["A"]), "A");
        assert_eq!(count(1, "card", "cards"), "1 card");
        assert_eq!(count(0, "card", "cards"), "0 cards");
    }
}
