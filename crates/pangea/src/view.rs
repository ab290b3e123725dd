//! What a seat may see, the terminal rendering, readable descriptions of choices and events,
//! and determinization for bots.

use crate::data::{AgeBack, Data};
use crate::state::{Choice, Contest, Decision, Event, Final, Neutral, ObjSlot, Phase, State, Task};
use crate::types::{describe_flags, flag, AdaptationId, Group, Placed, Region, Regions, Tile};
use eons_core::GameRng;
use serde::Serialize;
use std::fmt::Write;

/// One player as a seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerView {
    /// Group.
    pub group: Group,
    /// Dominance.
    pub dominance: i32,
    /// Action points.
    pub ap: i32,
    /// Actions taken this stage (adapt, populate, migrate, survive).
    pub used: [u8; 4],
    /// Passed.
    pub passed: bool,
    /// Instinct marker field.
    pub instinct: u8,
    /// Adaptation cards in the Inactive zone.
    pub hand_count: usize,
    /// Active adaptation cards.
    pub active_count: usize,
    /// The seat's own Inactive-zone adaptation cards (own view only).
    pub hand: Option<Vec<AdaptationId>>,
    /// The seat's own active adaptation cards (own view only).
    pub active: Option<Vec<AdaptationId>>,
    /// Tiles the seat has seen: (field, tile) (own view only).
    pub known: Option<Vec<(u8, Tile)>>,
    /// Active evolution cards (bit per card).
    #[serde(rename = "evo")]
    pub evolution: u8,
    /// Objective slots completed this epoch.
    pub claimed: u8,
    /// Invertebrate ability used this stage.
    pub shed_used: bool,
    /// Armed adaptation abilities (public: the card was played face up).
    pub armed: u8,
}

/// What one seat (or a spectator) may see.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The viewer.
    pub seat: Option<u8>,
    /// Stage (0-based).
    pub stage: u8,
    /// Phase.
    pub phase: Phase,
    /// Solo mode.
    pub solo: bool,
    /// Players by seat.
    pub players: Vec<PlayerView>,
    /// Initiative order (seats).
    pub order: Vec<u8>,
    /// Neutral groups.
    pub neutrals: Vec<Neutral>,
    /// Animals on the board.
    pub animals: Vec<Placed>,
    /// Hunger markers.
    pub hunger: Regions,
    /// Unavailable regions.
    pub closed: Regions,
    /// Warning markers: regions over their food, except where a hunger marker has replaced the
    /// warning (rulebook p.18, Survival phase step 2).
    pub warnings: Regions,
    /// Region cards in the stack.
    pub region_stack: Regions,
    /// Region cards out for hunger.
    pub region_out: Regions,
    /// Cards in the adaptation draw pile.
    pub deck_count: usize,
    /// Adaptation discard pile (face up).
    pub discard: Vec<AdaptationId>,
    /// The instinct track as this seat knows it.
    pub track: Vec<Option<Tile>>,
    /// The Doom Stack once revealed.
    pub doom: Option<[Tile; 3]>,
    /// The cataclysm removed at setup.
    pub removed_cataclysm: u8,
    /// Objective tiles on the board.
    pub objectives: Vec<ObjSlot>,
    /// Face-down objective tiles per epoch.
    pub objective_stacks: [usize; 3],
    /// Revealed Turn of the Age cards.
    pub ages_revealed: Vec<u8>,
    /// Face-down Turn of the Age cards.
    pub ages_hidden: usize,
    /// Solo condition markers.
    pub conditions: Vec<(Region, u8)>,
    /// A contest in progress.
    pub contest: Option<Contest>,
    /// The decision awaited.
    pub decision: Option<Decision>,
    /// The result.
    pub result: Option<Final>,
}

/// The view of `seat` (`None`: a spectator): hidden information removed.
pub fn view(s: &State, d: &Data, seat: Option<u8>) -> View {
    let players = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mine = seat == Some(i as u8);
            PlayerView {
                group: p.group,
                dominance: p.dominance,
                ap: p.ap,
                used: p.used,
                passed: p.passed,
                instinct: p.instinct,
                hand_count: p.hand.len(),
                active_count: p.active.len(),
                hand: mine.then(|| p.hand.clone()),
                active: mine.then(|| p.active.clone()),
                known: mine.then(|| {
                    (0..s.track.len() as u8)
                        .filter(|&f| p.known & (1 << f) != 0)
                        .filter_map(|f| s.tile_at(f).map(|t| (f, t)))
                        .collect()
                }),
                evolution: p.evolution,
                claimed: p.claimed,
                shed_used: p.shed_used,
                armed: p.armed,
            }
        })
        .collect();
    let known = seat.map_or(0, |k| s.players.get(k as usize).map_or(0, |p| p.known));
    let track = (0..s.track.len() as u8)
        .map(|f| {
            if s.doom_revealed || known & (1 << f) != 0 {
                s.tile_at(f)
            } else {
                None
            }
        })
        .collect();
    let animals = s
        .animals
        .iter()
        .map(|p| Placed {
            animal: crate::types::Animal {
                group: p.animal.group,
                flags: p.animal.flags & flag::PERSISTENT,
            },
            ..*p
        })
        .collect();
    // The Survival phase replaces a region's warning marker by the hunger marker.
    let warnings = Region::all()
        .filter(|&r| !s.hunger.contains(r) && s.warning(d, r))
        .collect();
    let contest = s.tasks.iter().rev().find_map(|t| match t {
        Task::Contest(c) => Some(*c),
        _ => None,
    });
    View {
        seat,
        stage: s.stage,
        phase: s.phase,
        solo: s.setup.solo(),
        players,
        order: s.order.clone(),
        neutrals: s.neutrals.clone(),
        animals,
        hunger: s.hunger,
        closed: s.closed,
        warnings,
        region_stack: s.region_stack,
        region_out: s.region_out,
        deck_count: s.deck.len(),
        discard: s.discard.clone(),
        track,
        doom: s.doom_revealed.then_some(s.doom),
        removed_cataclysm: s.removed_cataclysm,
        objectives: s.objectives.clone(),
        objective_stacks: [
            s.objective_stacks[0].len(),
            s.objective_stacks[1].len(),
            s.objective_stacks[2].len(),
        ],
        ages_revealed: s.ages[..(s.ages_revealed as usize).min(s.ages.len())].to_vec(),
        ages_hidden: s.ages.len().saturating_sub(s.ages_revealed as usize),
        conditions: s.conditions.clone(),
        contest,
        decision: s.decision,
        result: s.result.clone(),
    }
}

/// A tile's name.
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
            .map_or("?".to_string(), |c| c.name.clone()),
    }
}

fn short(d: &Data, g: Group) -> &str {
    &d.group(g).short
}

fn marks(flags: u8) -> String {
    let mut s = String::new();
    if flags & flag::SPECIAL != 0 {
        s.push('*');
    }
    if flags & flag::TOXIC != 0 {
        s.push('t');
    }
    if flags & flag::INACTIVE != 0 {
        s.push('i');
    }
    if flags & flag::BEARER != 0 {
        s.push('@');
    }
    s
}

/// Plain-text rendering of a view.
pub fn render(v: &View) -> String {
    let d = crate::data::data();
    let mut o = String::new();
    let total = d.total_stages();
    let stage_name = d
        .stage_names
        .get(v.stage as usize)
        .map_or("The Doom", |s| s.as_str());
    let epoch = d.epoch_of(v.stage.min(total - 1));
    let _ = writeln!(
        o,
        "PANGEA{} - stage {}/{} {} ({}) - {:?}",
        if v.solo { " (solo)" } else { "" },
        (v.stage + 1).min(total),
        total,
        stage_name,
        d.epoch_names[epoch as usize],
        v.phase
    );
    let _ = writeln!(o, "Supercontinent (niche 2 | niche 1 | niche 0):");
    for r in Region::all() {
        let mut cell = [String::new(), String::new(), String::new()];
        for p in v.animals.iter().filter(|p| p.region == r) {
            let c = &mut cell[p.niche.min(2) as usize];
            if !c.is_empty() {
                c.push(' ');
            }
            let _ = write!(c, "{}{}", short(d, p.animal.group), marks(p.animal.flags));
        }
        let mut tags = String::new();
        if v.closed.contains(r) {
            tags.push_str(" CLOSED");
        }
        if v.hunger.contains(r) {
            tags.push_str(" HUNGER");
        }
        if v.warnings.contains(r) {
            tags.push_str(" warning");
        }
        if v.conditions.iter().any(|&(cr, _)| cr == r) {
            tags.push_str(" condition");
        }
        let food = d.food[r.index()][epoch as usize];
        let _ = writeln!(
            o,
            "  {} food {}{:<18} | {:<10} | {:<10} | {}",
            r.name(),
            food,
            tags,
            if cell[2].is_empty() { "-" } else { &cell[2] },
            if cell[1].is_empty() { "-" } else { &cell[1] },
            if cell[0].is_empty() { "-" } else { &cell[0] },
        );
        if r.column() == 3 && r.row() < 4 {
            let _ = writeln!(o, "  ---");
        }
    }
    let _ = writeln!(o, "Initiative:");
    for n in &v.neutrals {
        let _ = writeln!(
            o,
            "  {} (neutral) adaptation track {}",
            d.group(n.group).name,
            n.track
        );
    }
    for &seat in &v.order {
        let Some(p) = v.players.get(seat as usize) else {
            continue;
        };
        let evo: Vec<String> = (0..4u8)
            .filter(|k| p.evolution & (1 << k) != 0)
            .map(|k| d.evolution_card(p.group, k).name.clone())
            .collect();
        let _ = writeln!(
            o,
            "  seat {} {}: dominance {}{}, AP {}, actions A{} P{} M{} S{}{}, instinct {}, cards {} inactive / {} active, evolution [{}]",
            seat + 1,
            d.group(p.group).name,
            p.dominance,
            if p.dominance >= d.rules.dominance_flip { " (marker flipped)" } else { "" },
            p.ap,
            p.used[0],
            p.used[1],
            p.used[2],
            p.used[3],
            if p.passed { " (passed)" } else { "" },
            p.instinct,
            p.hand_count,
            p.active_count,
            evo.join(", ")
        );
        if let Some(h) = &p.hand {
            let names: Vec<&str> = h.iter().map(|&c| d.adaptation(c).name.as_str()).collect();
            let _ = writeln!(
                o,
                "    your inactive adaptation cards: {}",
                names.join(", ")
            );
        }
        if let Some(a) = &p.active {
            let names: Vec<&str> = a.iter().map(|&c| d.adaptation(c).name.as_str()).collect();
            let _ = writeln!(o, "    your active adaptation cards: {}", names.join(", "));
        }
        if let Some(k) = &p.known {
            let names: Vec<String> = k
                .iter()
                .map(|&(f, t)| format!("{f}: {}", tile_name(d, t)))
                .collect();
            let _ = writeln!(
                o,
                "    instinct tiles you have seen (not the Doom): {}",
                names.join(", ")
            );
        }
    }
    let _ = writeln!(o, "Objectives:");
    for (i, slot) in v.objectives.iter().enumerate() {
        let t = &d.objectives[slot.tile as usize];
        let who: Vec<String> = slot
            .claims
            .iter()
            .map(|s| format!("seat {}", s + 1))
            .collect();
        let _ = writeln!(
            o,
            "  [{}] {} ({}/{}): {}{}",
            i,
            t.name,
            t.reward[0],
            t.reward[1],
            t.text,
            if who.is_empty() {
                String::new()
            } else {
                format!(" - done by {}", who.join(", "))
            }
        );
    }
    let _ = writeln!(
        o,
        "Removed cataclysm: {}. Adaptation deck {}, discard {}.",
        d.cataclysms
            .get(v.removed_cataclysm as usize)
            .map_or("?", |c| c.name.as_str()),
        v.deck_count,
        v.discard.len()
    );
    for &a in &v.ages_revealed {
        if let Some(c) = d.ages.get(a as usize) {
            let _ = writeln!(o, "Turn of the Age: {} - {}", c.name, c.text);
        }
    }
    if let Some(doom) = v.doom {
        let names: Vec<String> = doom.iter().map(|&t| tile_name(d, t)).collect();
        let _ = writeln!(o, "The Doom: {}", names.join(", "));
    }
    if let Some(c) = v.contest {
        let _ = writeln!(
            o,
            "Contest in {} niche {}: {} ({}) attacks {} ({})",
            c.region.name(),
            c.niche,
            d.group(c.attacker.group).name,
            c.attack,
            d.group(c.defender.group).name,
            c.defence
        );
    }
    if let Some(dec) = v.decision {
        let _ = writeln!(
            o,
            "Waiting for seat {}: {}",
            dec.seat() + 1,
            decision_text(dec)
        );
    }
    if let Some(r) = &v.result {
        let w: Vec<String> = r
            .winners
            .iter()
            .map(|s| format!("seat {}", s + 1))
            .collect();
        let _ = writeln!(
            o,
            "Game over. Winner: {}",
            if w.is_empty() {
                "nobody".to_string()
            } else {
                w.join(", ")
            }
        );
        if let Some(ok) = r.solo_success {
            let _ = writeln!(
                o,
                "Solo: Game End Condition {}",
                if ok { "met" } else { "not met" }
            );
        }
    }
    o
}

/// What a decision asks for.
pub fn decision_text(d: Decision) -> &'static str {
    match d {
        Decision::Place(_) => "place your starting animal in niche 0 (not Subpolar)",
        Decision::Discard(_) => "discard an adaptation card down to 3",
        Decision::Turn {
            acted: false,
            forced: true,
            ..
        } => "you must pass",
        Decision::Turn { acted: false, .. } => "take an action or pass",
        Decision::Turn { acted: true, .. } => "free steps, or Done to end your turn",
        Decision::EvolvePay(_) => "spend an active adaptation card for the evolution card",
        Decision::SpecialSwap(_) => "swap an animal for your Special Animal, or skip",
        Decision::Toxify(_) => "put a Toxic marker on an animal, or done",
        Decision::ExtraPopulate(_) => "place another animal (Rapid Reproduction)",
        Decision::PopulatedToxic(_) => "make the new animal Toxic?",
        Decision::SurviveMore(_) => "move your instinct marker another field?",
        Decision::ShedMore(_) => "remove a second animal for 1 AP, or done",
        Decision::ExtraStep(_) => "Long Migration: one more step, or skip",
        Decision::AmbushOwn(_) => "Ambush: choose your animal in niche 0",
        Decision::AmbushTarget(..) => "Ambush: choose the victim",
        Decision::Peek(_) => "Keen Senses: choose an instinct tile",
        Decision::FatReserves(_) => "Fat Reserves: choose a region",
        Decision::Parasites(_) => "Parasites: choose an animal to make Inactive",
        Decision::Venom(_) => "Venom: choose your animal to make Toxic",
        Decision::Niche0Attack(_) => "attack an animal in this niche 0, or skip",
        Decision::ContestCards(_) => {
            "play contest cards (Recovery for an Inactive animal), or done"
        }
        Decision::Escape(_) => "play Escape, or done",
        Decision::Hunger { .. } => "hunger: pay 1 dominance or remove an animal",
        Decision::EndWindow(_) => "after passing: ability or any-time cards, or done",
        Decision::AgePlace(_) => "place a free animal, or skip",
        Decision::AgeLose(_) => "remove one of your animals in niche 0",
        Decision::AgeToll(_) => "remove an animal or pay dominance",
        Decision::AgeMigrate(_) => "a free migration step, or skip",
        Decision::AgePopulate(_) => "a free Populate, or skip",
        Decision::DrawOnWin(_) => "you won the contest: draw an adaptation card, or skip",
    }
}

fn card_name(d: &Data, c: AdaptationId) -> String {
    d.adaptations
        .get(c.index())
        .map_or(c.to_string(), |a| a.name.clone())
}

/// A short description of a choice.
pub fn describe_choice(s: &State, d: &Data, c: Choice) -> String {
    let g = s.decision.map(|dec| s.player(dec.seat()).group);
    match c {
        Choice::Done => "done".into(),
        Choice::Skip => match s.decision {
            Some(Decision::DrawOnWin(_)) => "do not draw an adaptation card".into(),
            _ => "skip".into(),
        },
        Choice::Confirm => match s.decision {
            Some(Decision::DrawOnWin(_)) => "draw an adaptation card".into(),
            _ => "yes".into(),
        },
        Choice::Pass => "pass".into(),
        Choice::Region(r) => match s.decision {
            Some(Decision::FatReserves(_)) => format!("Fat Reserves in {}", r.name()),
            _ => format!("place in {} niche 0", r.name()),
        },
        Choice::Populate { region, special } => format!(
            "Populate {}{}",
            region.name(),
            if special {
                " with the Special Animal"
            } else {
                ""
            }
        ),
        Choice::Move {
            from,
            region,
            niche,
        } => {
            let fight = s
                .occupant(region, niche)
                .filter(|_| niche > 0)
                .map(|i| format!(" (contest with {})", s.animals[i].animal.group))
                .unwrap_or_default();
            let verb = match s.decision {
                Some(Decision::Turn { .. }) => "Migrate",
                _ => "Move",
            };
            format!("{verb} {from} to {} niche {niche}{fight}", region.name())
        }
        Choice::Survive => "Survive (move the instinct marker up)".into(),
        Choice::Activate(c) => format!("Adapt: activate {}", card_name(d, c)),
        Choice::Evolve(k) => match g.filter(|_| k < 4) {
            Some(g) => {
                let e = d.evolution_card(g, k);
                format!("Adapt: evolve {} (cost {}): {}", e.name, e.cost, e.text)
            }
            None => format!("evolve card {k}"),
        },
        Choice::Card(c) => match s.decision {
            Some(Decision::EvolvePay(_)) => format!("spend {}", card_name(d, c)),
            _ => format!("discard {}", card_name(d, c)),
        },
        Choice::Use(c) => format!(
            "use {}: {}",
            card_name(d, c),
            d.adaptations.get(c.index()).map_or("", |a| a.text.as_str())
        ),
        Choice::CashIn(c) => format!("discard {} for 1 AP", card_name(d, c)),
        Choice::Animal(sp) => format!("{sp}"),
        Choice::Claim(i) => s
            .objectives
            .get(i as usize)
            .map(|slot| {
                format!(
                    "complete objective {}",
                    d.objectives[slot.tile as usize].name
                )
            })
            .unwrap_or_else(|| format!("objective {i}")),
        Choice::Field(f) => format!("look at the tile beside instinct field {f}"),
        Choice::Unblock(sp) => format!("pay 1 AP to activate {sp}"),
        Choice::Shed(sp) => format!("remove {sp} for 1 AP"),
        Choice::Bearer(sp) => format!("pay 1 AP: objective marker beside {sp}"),
        Choice::PayDominance => "lose dominance".into(),
    }
}

/// A sentence for an event.
pub fn describe_event(_s: &State, d: &Data, e: &Event) -> String {
    match e {
        Event::StageBegan(k) => format!(
            "Stage {} ({}) begins",
            k + 1,
            d.stage_names.get(*k as usize).map_or("?", |s| s.as_str())
        ),
        Event::NeutralRolled { group, roll, set } => {
            format!("Neutral {group} roll {roll}: {set:?}")
        }
        Event::NeutralAdapted(g) => format!("Neutral {g} adapt (a marker on the Adaptation Track)"),
        Event::NeutralRecovered(g) => format!("Neutral {g} clear their Inactive markers"),
        Event::Placed { spot } => format!("{spot} placed"),
        Event::Moved {
            from,
            region,
            niche,
        } => format!("{from} moves to {} niche {niche}", region.name()),
        Event::Removed { spot, cause } => format!("{spot} removed ({cause:?})"),
        Event::ContestBegan {
            region,
            niche,
            attacker,
            defender,
        } => format!(
            "Contest in {} niche {niche}: {attacker} attack {defender}",
            region.name()
        ),
        Event::NeutralBonus { group, roll, bonus } => {
            format!("Neutral {group} contest bonus: roll {roll}, +{bonus}")
        }
        Event::ContestDecided {
            winner,
            loser,
            attack,
            defence,
        } => format!("{winner} beat {loser} (attacker {attack}, defender {defence})"),
        Event::Drew { seat, count } => {
            format!("Seat {} draws {count} adaptation card(s)", seat + 1)
        }
        Event::Reshuffled => "The adaptation discard pile is reshuffled".into(),
        Event::Discarded { seat, card } => {
            format!("Seat {} discards {}", seat + 1, card_name(d, *card))
        }
        Event::Acted { seat, action, cost } => {
            format!("Seat {} takes {action} ({cost} AP)", seat + 1)
        }
        Event::ActivatedAdaptation(seat) => {
            format!("Seat {} activates an adaptation card (face down)", seat + 1)
        }
        Event::Evolved { seat, card } => {
            format!("Seat {} activates evolution card {}", seat + 1, card + 1)
        }
        Event::UsedCard { seat, card } => format!("Seat {} uses {}", seat + 1, card_name(d, *card)),
        Event::Ap { seat, delta } => format!("Seat {} AP {delta:+}", seat + 1),
        Event::Dominance { seat, delta } => format!("Seat {} dominance {delta:+}", seat + 1),
        Event::Passed(seat) => format!("Seat {} passes", seat + 1),
        Event::Instinct {
            seat,
            field,
            peeked,
        } => format!(
            "Seat {} moves the instinct marker to field {field}{}",
            seat + 1,
            if *peeked { " and peeks" } else { "" }
        ),
        Event::Peeked { seat, field } => {
            format!("Seat {} looks at the tile beside field {field}", seat + 1)
        }
        Event::Claimed { seat, tile, points } => format!(
            "Seat {} completes {} (+{points})",
            seat + 1,
            d.objectives
                .get(*tile as usize)
                .map_or("?", |t| t.name.as_str())
        ),
        Event::Status { spot, flags } => format!("{spot} is now{}", {
            let f = describe_flags(*flags);
            if f.is_empty() {
                " plain".to_string()
            } else {
                f
            }
        }),
        Event::HungerMarker(r) => format!("Hunger in {}", r.name()),
        Event::Initiative(o) => {
            let v: Vec<String> = o.iter().map(|s| format!("seat {}", s + 1)).collect();
            format!("Initiative: {}", v.join(", "))
        }
        Event::AgeRevealed(c) => d
            .ages
            .get(*c as usize)
            .map_or("Turn of the Ages".into(), |a| {
                format!("Turn of the Ages: {} - {}", a.name, a.text)
            }),
        Event::Objectives(t) => {
            let v: Vec<&str> = t
                .iter()
                .map(|&k| {
                    d.objectives
                        .get(k as usize)
                        .map_or("?", |o| o.name.as_str())
                })
                .collect();
            format!("New objectives: {}", v.join(", "))
        }
        Event::Closed(r) => format!("{} becomes unavailable", r.name()),
        Event::RegionCard(r) => format!("Region card {}", r.name()),
        Event::DoomRevealed { tiles, epicentre } => {
            let v: Vec<String> = tiles.iter().map(|&t| tile_name(d, t)).collect();
            format!(
                "The Doom: {} - epicentre {}",
                v.join(", "),
                epicentre.name()
            )
        }
        Event::DyingStep(k) => format!(
            "Dying phase step {k}: {}",
            match k {
                1 => "epicentre",
                2 => "shockwave",
                _ => "cataclysm",
            }
        ),
        Event::FinalScore { seat, points } => {
            format!("Seat {} scores {points} for surviving animals", seat + 1)
        }
        Event::ConditionMarker { region, niche } => {
            format!("Condition marker in {} niche {niche}", region.name())
        }
        Event::BearerPlaced(sp) => format!("Objective marker beside {sp}"),
        Event::SoloResult { success, score } => format!(
            "Solo: Game End Condition {}, dominance {score}",
            if *success { "met" } else { "not met" }
        ),
        Event::GameOver { winners } => {
            let v: Vec<String> = winners.iter().map(|s| format!("seat {}", s + 1)).collect();
            format!(
                "Game over. Winner: {}",
                if v.is_empty() {
                    "nobody".into()
                } else {
                    v.join(", ")
                }
            )
        }
    }
}

/// A copy where everything `seat` has not seen is re-drawn from `seed`.
pub fn determinize(s: &State, d: &Data, seat: u8, seed: u64) -> State {
    let mut t = s.clone();
    t.rng = GameRng::new(seed);
    // Adaptation cards: the draw pile and the other players' hands and active cards.
    let mut pool: Vec<AdaptationId> = t.deck.clone();
    for (i, p) in t.players.iter().enumerate() {
        if i as u8 != seat {
            pool.extend_from_slice(&p.hand);
            pool.extend_from_slice(&p.active);
        }
    }
    pool.sort_unstable();
    t.rng.shuffle(&mut pool);
    for i in 0..t.players.len() {
        if i as u8 == seat {
            continue;
        }
        let (nh, na) = (t.players[i].hand.len(), t.players[i].active.len());
        let mut hand: Vec<AdaptationId> = pool.drain(..nh.min(pool.len())).collect();
        let mut active: Vec<AdaptationId> = pool.drain(..na.min(pool.len())).collect();
        hand.sort_unstable();
        active.sort_unstable();
        t.players[i].hand = hand;
        t.players[i].active = active;
    }
    t.deck = pool;
    // Instinct tiles the seat has not seen, within their kind, the Doom Stack included.
    if !t.doom_revealed {
        let known = t.players.get(seat as usize).map_or(0, |p| p.known);
        let kind = |x: &Tile| match x {
            Tile::Sector(_) => 0,
            Tile::Zone(_) => 1,
            Tile::Cataclysm(_) => 2,
        };
        for k in 0..3 {
            let fields: Vec<usize> = (0..t.track.len())
                .filter(|&f| {
                    known & (1 << f) == 0 && t.track[f].as_ref().is_some_and(|x| kind(x) == k)
                })
                .collect();
            let mut tiles: Vec<Tile> = fields.iter().filter_map(|&f| t.track[f]).collect();
            tiles.push(t.doom[k]);
            t.rng.shuffle(&mut tiles);
            t.doom[k] = tiles.pop().unwrap_or(t.doom[k]);
            for (&f, tile) in fields.iter().zip(tiles) {
                t.track[f] = Some(tile);
            }
        }
    }
    // Objective stacks.
    for st in &mut t.objective_stacks {
        st.sort_unstable();
        let mut v = std::mem::take(st);
        t.rng.shuffle(&mut v);
        *st = v;
    }
    // Face-down Turn of the Age cards.
    let revealed = t.ages_revealed as usize;
    for k in revealed..t.ages.len() {
        let back = if t.setup.solo() {
            AgeBack::SOLO
        } else if k == 0 {
            AgeBack::CG
        } else {
            AgeBack::GL
        };
        let cands: Vec<u8> = (0..d.ages.len() as u8)
            .filter(|&c| d.ages[c as usize].back == back && !t.ages[..k].contains(&c))
            .collect();
        if !cands.is_empty() {
            t.ages[k] = cands[t.rng.index(cands.len())];
        }
    }
    t
}
