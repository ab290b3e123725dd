//! What a seat may see, the terminal rendering and determinization for bots (the texts of
//! choices and events are in [`crate::texts`]).

use crate::data::{AgeBack, Data};
use crate::state::{Contest, Decision, Final, Neutral, ObjSlot, Phase, State, Task};
use crate::texts::{and_list, count, decision_text, phase_name, tile_name};
use crate::types::{flag, Action, AdaptationId, Group, Niche, Placed, Region, Regions, Tile};
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

/// "none" for an empty list, else the names joined with commas.
fn names_or_none<T: AsRef<str>>(names: &[T]) -> String {
    if names.is_empty() {
        "none".to_string()
    } else {
        names
            .iter()
            .map(|n| n.as_ref())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Plain-text rendering of a view: the board as a table (its legend says what the short
/// group names and marks stand for), then every group's board in words.
pub fn render(v: &View) -> String {
    let d = crate::data::data();
    let mut o = String::new();
    let total = d.total_stages();
    let stage_name = d
        .stage_names
        .get(v.stage as usize)
        .map_or("?", |s| s.as_str());
    let epoch = d.epoch_of(v.stage.min(total - 1));
    let solo = if v.solo { " (solo)" } else { "" };
    if v.stage >= total {
        // After the last stage: the Doom, then the end.
        let _ = writeln!(
            o,
            "Pangea{solo}, after stage {total}: {}",
            phase_name(v.phase)
        );
    } else {
        let _ = writeln!(
            o,
            "Pangea{solo}, stage {} of {total}: {stage_name} ({}), {}",
            v.stage + 1,
            d.epoch_names[epoch as usize],
            phase_name(v.phase)
        );
    }
    let legend: Vec<String> = Group::ALL
        .iter()
        .map(|&g| format!("{} {}", short(d, g), g))
        .collect();
    let _ = writeln!(
        o,
        "Supercontinent (niche 2 | niche 1 | niche 0); {}; * Special Animal, t Toxic, i Inactive, @ objective marker:",
        legend.join(", ")
    );
    for r in Region::all() {
        let mut cell = [String::new(), String::new(), String::new()];
        for p in v.animals.iter().filter(|p| p.region == r) {
            let c = &mut cell[p.niche.min(2) as usize];
            if !c.is_empty() {
                c.push(' ');
            }
            let _ = write!(c, "{}{}", short(d, p.animal.group), marks(p.animal.flags));
        }
        let mut tags = Vec::new();
        if v.closed.contains(r) {
            tags.push("unavailable");
        }
        if v.hunger.contains(r) {
            tags.push("hunger marker");
        }
        if v.warnings.contains(r) {
            tags.push("warning marker");
        }
        if v.conditions.iter().any(|&(cr, _)| cr == r) {
            tags.push("condition marker");
        }
        let tags = if tags.is_empty() {
            String::new()
        } else {
            format!(", {}", tags.join(", "))
        };
        let food = d.food[r.index()][epoch as usize];
        let _ = writeln!(
            o,
            "  {} food {}{:<32} | {:<10} | {:<10} | {}",
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
            "  {} (neutral): {} on the Adaptation Track",
            d.group(n.group).name,
            count(n.track, "marker", "markers")
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
        let used: Vec<String> = Action::ALL
            .iter()
            .map(|&a| format!("{a} {}", p.used[a as usize]))
            .collect();
        let _ = writeln!(
            o,
            "  {} (seat {}): {} dominance{}, {} AP{}; actions taken: {}; instinct marker on field {}; adaptation cards: {} inactive, {} active; evolution cards: {}",
            d.group(p.group).name,
            seat + 1,
            p.dominance,
            if p.dominance >= d.rules.dominance_flip { " (marker flipped)" } else { "" },
            p.ap,
            if p.passed { ", passed" } else { "" },
            used.join(", "),
            p.instinct,
            p.hand_count,
            p.active_count,
            names_or_none(&evo)
        );
        if let Some(h) = &p.hand {
            let names: Vec<&str> = h.iter().map(|&c| d.adaptation(c).name.as_str()).collect();
            let _ = writeln!(
                o,
                "    your inactive adaptation cards: {}",
                names_or_none(&names)
            );
        }
        if let Some(a) = &p.active {
            let names: Vec<&str> = a.iter().map(|&c| d.adaptation(c).name.as_str()).collect();
            let _ = writeln!(
                o,
                "    your active adaptation cards: {}",
                names_or_none(&names)
            );
        }
        if let Some(k) = &p.known {
            let names: Vec<String> = k
                .iter()
                .map(|&(f, t)| format!("{} beside field {f}", tile_name(d, t)))
                .collect();
            let _ = writeln!(
                o,
                "    instinct tiles you have seen (not the Doom): {}",
                names_or_none(&names)
            );
        }
    }
    let _ = writeln!(o, "Objectives:");
    for slot in &v.objectives {
        let t = &d.objectives[slot.tile as usize];
        let who: Vec<String> = slot
            .claims
            .iter()
            .filter_map(|&s| v.players.get(s as usize))
            .map(|p| p.group.to_string())
            .collect();
        let _ = writeln!(
            o,
            "  {} ({} dominance first, {} after{}): {}",
            t.name,
            t.reward[0],
            t.reward[1],
            if who.is_empty() {
                String::new()
            } else {
                format!("; completed by {}", and_list(&who))
            },
            t.text
        );
    }
    let _ = writeln!(
        o,
        "Cataclysm out of the game: {}. Adaptation cards: {} in the draw pile, {} in the discard pile.",
        d.cataclysms
            .get(v.removed_cataclysm as usize)
            .map_or("?", |c| c.name.as_str()),
        v.deck_count,
        v.discard.len()
    );
    for &a in &v.ages_revealed {
        if let Some(c) = d.ages.get(a as usize) {
            let _ = writeln!(o, "Turn of the Age card {}: {}", c.name, c.text);
        }
    }
    if let Some(doom) = v.doom {
        let names: Vec<String> = doom.iter().map(|&t| tile_name(d, t)).collect();
        let _ = writeln!(o, "The Doom Stack: {}", and_list(&names));
    }
    if let Some(c) = v.contest {
        let _ = writeln!(
            o,
            "Contest in {}: {} (attack {}) attack {} (defence {})",
            Niche(c.region, c.niche),
            d.group(c.attacker.group).name,
            c.attack,
            d.group(c.defender.group).name,
            c.defence
        );
    }
    if let Some(dec) = v.decision {
        let who = v.players.get(dec.seat() as usize).map_or_else(
            || format!("seat {}", dec.seat() + 1),
            |p| p.group.to_string(),
        );
        let ap = v.players.get(dec.seat() as usize).map_or(0, |p| p.ap);
        let _ = writeln!(
            o,
            "Waiting for {who}: {}",
            decision_text(d, dec, v.ages_revealed.last().copied(), ap)
        );
    }
    if let Some(r) = &v.result {
        let w: Vec<String> = r
            .winners
            .iter()
            .filter_map(|&s| v.players.get(s as usize))
            .map(|p| p.group.to_string())
            .collect();
        let _ = writeln!(
            o,
            "Game over. {}",
            match w.len() {
                0 => "Nobody wins.".to_string(),
                1 => format!("{} win.", w[0]),
                _ => format!("{} share the win.", and_list(&w)),
            }
        );
        if let Some(ok) = r.solo_success {
            let _ = writeln!(
                o,
                "Solo: the Game End Condition is {}.",
                if ok { "met" } else { "not met" }
            );
        }
    }
    o
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
