//! The human-editable TOML position format (documented in `POSITIONS.md`).
//!
//! A position lists the board, the players and the decks by name. Every field may be left out:
//! what is hidden or random (deck order, instinct tiles, objective stacks, face-down Turn of the
//! Age cards) is drawn from `seed` consistently with what the file gives, and the flow (whose
//! turn, what comes next) is derived from `phase` and `to_move`. [`write`] also emits an
//! `[engine]` table with the exact random stream and the engine's pending work, so a written
//! position reads back to the very same state; delete it to let the engine derive the flow.

use crate::data::{data, try_data, Ability, AgeBack, Data};
use crate::flow;
use crate::new_game;
use crate::state::{Decision, Final, Neutral, ObjSlot, Owner, Phase, Setup, State, Task};
use crate::types::{
    flag, AdaptationId, Animal, Group, Placed, Region, Regions, Tile, ROWS, SECTORS,
};
use eons_core::{GameRng, PositionError};
use serde::{Deserialize, Serialize};

mod write;
pub use write::write;

fn perr(m: impl Into<String>) -> PositionError {
    PositionError(m.into())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct File {
    game: Option<String>,
    /// `eons check` reads the choices to apply itself; the position ignores them.
    #[serde(rename = "choices")]
    _choices: Option<toml::Value>,
    seed: Option<u64>,
    players: Option<u8>,
    flat_final: Option<bool>,
    stage: Option<u8>,
    phase: Option<String>,
    to_move: Option<u8>,
    acted: Option<bool>,
    order: Option<Vec<u8>>,
    animals: Option<Vec<String>>,
    hunger: Option<Vec<String>>,
    closed: Option<Vec<String>>,
    region_stack: Option<Vec<String>>,
    region_out: Option<Vec<String>>,
    deck: Option<Vec<String>>,
    discard: Option<Vec<String>>,
    track: Option<Vec<String>>,
    doom: Option<Vec<String>>,
    doom_revealed: Option<bool>,
    removed_cataclysm: Option<String>,
    objectives: Option<Vec<ObjEntry>>,
    objective_stacks: Option<Vec<Vec<String>>>,
    ages: Option<Vec<String>>,
    ages_revealed: Option<u8>,
    conditions: Option<Vec<String>>,
    solo_pending: Option<Vec<String>>,
    player: Vec<PlayerEntry>,
    neutral: Option<Vec<NeutralEntry>>,
    engine: Option<EngineEntry>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct ObjEntry {
    tile: String,
    claims: Vec<u8>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct PlayerEntry {
    group: String,
    dominance: Option<i32>,
    ap: Option<i32>,
    used: Option<Vec<u8>>,
    passed: Option<bool>,
    instinct: Option<u8>,
    known: Option<Vec<u8>>,
    hand: Option<Vec<String>>,
    active: Option<Vec<String>>,
    evolution: Option<Vec<String>>,
    claimed: Option<Vec<u8>>,
    shed: Option<u8>,
    shed_used: Option<bool>,
    multi_used: Option<bool>,
    cheap_used: Option<u8>,
    fat: Option<Vec<String>>,
    armed: Option<u8>,
    kill: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct NeutralEntry {
    group: String,
    track: Option<u8>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct EngineEntry {
    json: String,
}

/// The engine's exact flow state, embedded as JSON.
#[derive(Serialize, Deserialize)]
struct Engine {
    rng: GameRng,
    phase: Phase,
    cursor: u8,
    tasks: Vec<Task>,
    decision: Option<Decision>,
    result: Option<Final>,
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

fn norm(s: &str) -> String {
    s.trim().to_ascii_lowercase()
}

fn region(s: &str) -> Result<Region, PositionError> {
    crate::data::region_id(s.trim()).ok_or_else(|| perr(format!("`{s}` is not a region (A1..D5)")))
}

fn regions(v: &[String], what: &str) -> Result<Regions, PositionError> {
    let mut m = Regions::NONE;
    for r in v {
        m.insert(region(r).map_err(|e| perr(format!("{what}: {}", e.0)))?);
    }
    Ok(m)
}

fn region_list(m: Regions) -> String {
    let v: Vec<String> = m.iter().map(|r| format!("\"{}\"", r.name())).collect();
    format!("[{}]", v.join(", "))
}

fn adaptation_card(d: &Data, s: &str) -> Result<AdaptationId, PositionError> {
    let n = norm(s);
    d.adaptations
        .iter()
        .position(|c| norm(&c.id) == n || norm(&c.name) == n)
        .map(|i| AdaptationId(i as u8))
        .ok_or_else(|| perr(format!("`{s}` is not an adaptation card")))
}

fn cards(d: &Data, v: &[String]) -> Result<Vec<AdaptationId>, PositionError> {
    v.iter().map(|c| adaptation_card(d, c)).collect()
}

fn card_list(d: &Data, v: &[AdaptationId]) -> String {
    let names: Vec<String> = v
        .iter()
        .map(|&c| format!("\"{}\"", d.adaptation(c).name))
        .collect();
    format!("[{}]", names.join(", "))
}

fn evolution_card(d: &Data, g: Group, s: &str) -> Result<u8, PositionError> {
    let n = norm(s);
    (0..4u8)
        .find(|&k| {
            let c = d.evolution_card(g, k);
            norm(&c.id) == n || norm(&c.name) == n
        })
        .ok_or_else(|| perr(format!("`{s}` is not an evolution card of the {g}")))
}

fn objective(d: &Data, s: &str) -> Result<u8, PositionError> {
    let n = norm(s);
    d.objectives
        .iter()
        .position(|t| norm(&t.id) == n || norm(&t.name) == n)
        .map(|i| i as u8)
        .ok_or_else(|| perr(format!("`{s}` is not an objective tile")))
}

fn age(d: &Data, s: &str) -> Result<u8, PositionError> {
    let n = norm(s);
    d.ages
        .iter()
        .position(|t| norm(&t.id) == n || norm(&t.name) == n)
        .map(|i| i as u8)
        .ok_or_else(|| perr(format!("`{s}` is not a Turn of the Age card")))
}

fn cataclysm(d: &Data, s: &str) -> Option<u8> {
    let n = norm(s);
    d.cataclysms
        .iter()
        .position(|c| norm(&c.id) == n || norm(&c.name) == n)
        .map(|i| i as u8)
}

/// Parses a tile: `sector B`, `zone 3` or a cataclysm's name or id.
fn tile(d: &Data, s: &str) -> Result<Tile, PositionError> {
    let n = norm(s);
    if let Some(rest) = n.strip_prefix("sector ") {
        let b = rest.trim().as_bytes();
        if b.len() == 1 && (b'a'..b'a' + SECTORS as u8).contains(&b[0]) {
            return Ok(Tile::Sector(b[0] - b'a'));
        }
    }
    if let Some(rest) = n.strip_prefix("zone ") {
        if let Ok(z) = rest.trim().parse::<u8>() {
            if (1..=ROWS as u8).contains(&z) {
                return Ok(Tile::Zone(z - 1));
            }
        }
    }
    let name = n.strip_prefix("cataclysm ").unwrap_or(&n);
    cataclysm(d, name).map(Tile::Cataclysm).ok_or_else(|| {
        perr(format!(
            "`{s}` is not a tile (sector B, zone 3, or a cataclysm)"
        ))
    })
}

fn tile_str(d: &Data, t: Tile) -> String {
    match t {
        Tile::Sector(c) => format!("sector {}", (b'A' + c) as char),
        Tile::Zone(z) => format!("zone {}", z + 1),
        Tile::Cataclysm(k) => d.cataclysms[k as usize].name.clone(),
    }
}

const WORDS: [(&str, u8); 6] = [
    ("special", flag::SPECIAL),
    ("toxic", flag::TOXIC),
    ("inactive", flag::INACTIVE),
    ("bearer", flag::BEARER),
    ("tracked", flag::TRACK),
    ("moved", flag::MOVED),
];

/// Parses `B3 1 synapsids toxic x2`.
fn animal(s: &str) -> Result<(Placed, usize), PositionError> {
    let bad = || {
        perr(format!("animal `{s}`: expected `REGION NICHE GROUP [special] [toxic] [inactive] [bearer] [xN]`"))
    };
    let mut it = s.split_whitespace();
    let r = region(it.next().ok_or_else(bad)?)?;
    let niche: u8 = it.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
    if niche > 2 {
        return Err(perr(format!("animal `{s}`: niches are 0, 1 and 2")));
    }
    let g = Group::from_id(it.next().ok_or_else(bad)?).ok_or_else(bad)?;
    let mut flags = 0;
    let mut count = 1;
    for w in it {
        let w = norm(w);
        if let Some(n) = w.strip_prefix('x') {
            count = n.parse().map_err(|_| bad())?;
            continue;
        }
        match WORDS.iter().find(|(n, _)| *n == w) {
            Some((_, f)) => flags |= f,
            None => return Err(bad()),
        }
    }
    Ok((
        Placed {
            region: r,
            niche,
            animal: Animal { group: g, flags },
        },
        count,
    ))
}

fn animal_str(p: &Placed) -> String {
    let mut s = format!("{} {} {}", p.region.name(), p.niche, p.animal.group.id());
    for (w, f) in WORDS {
        if p.animal.flags & f != 0 {
            s.push(' ');
            s.push_str(w);
        }
    }
    s
}

fn phase_of(s: &str) -> Result<Phase, PositionError> {
    Ok(match norm(s).as_str() {
        "setup" => Phase::Setup,
        "neutral" | "stage_start" => Phase::Neutral,
        "drawing" => Phase::Drawing,
        "action" => Phase::Action,
        "survival" => Phase::Survival,
        "initiative" => Phase::Initiative,
        "turn_of_ages" => Phase::TurnOfAges,
        "doom" => Phase::Doom,
        "over" => Phase::Over,
        other => return Err(perr(format!("unknown phase `{other}`"))),
    })
}

fn phase_str(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Neutral => "neutral",
        Phase::Drawing => "drawing",
        Phase::Action => "action",
        Phase::Survival => "survival",
        Phase::Initiative => "initiative",
        Phase::TurnOfAges => "turn_of_ages",
        Phase::Doom => "doom",
        Phase::Over => "over",
    }
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// Reads a position.
pub fn read(text: &str) -> Result<State, PositionError> {
    read_with_events(text).map(|(s, _)| s)
}

/// Reads a position, with the events of the forced steps that bring it to its first decision
/// (a neutral phase, a hunger marker, the Doom): none when the file gives the `[engine]` flow.
pub fn read_with_events(text: &str) -> Result<(State, Vec<crate::state::Event>), PositionError> {
    let d = try_data().map_err(|e| perr(e.to_string()))?;
    let f: File = toml::from_str(text).map_err(|e| perr(e.to_string()))?;
    if let Some(g) = &f.game {
        if norm(g) != "pangea" {
            return Err(perr(format!("this position is for `{g}`, not pangea")));
        }
    }
    let n = f.players.unwrap_or(f.player.len() as u8);
    if !(1..=4).contains(&n) {
        return Err(perr("a position needs 1 to 4 [[player]] tables"));
    }
    if f.player.len() != n as usize {
        return Err(perr(format!(
            "players = {n} but {} [[player]] tables",
            f.player.len()
        )));
    }
    let mut groups = Vec::new();
    for p in &f.player {
        let g =
            Group::from_id(&p.group).ok_or_else(|| perr(format!("unknown group `{}`", p.group)))?;
        if groups.contains(&g) {
            return Err(perr(format!("{g} are led by two players")));
        }
        groups.push(g);
    }
    let setup = Setup {
        players: n,
        groups: Some(groups.clone()),
        flat_final: f.flat_final.unwrap_or(false),
        synapsids_marker: Default::default(),
        amphibians_ap: Default::default(),
    };
    let seed = f.seed.unwrap_or(0);
    let mut s = new_game(&setup, seed).map_err(|e| perr(e.0))?;
    s.tasks.clear();
    s.decision = None;
    let total = d.total_stages();
    let stage = f.stage.unwrap_or(1);
    if stage == 0 || stage > total + 1 {
        return Err(perr(format!(
            "stage must be 1..={total} (or {} at the Doom)",
            total + 1
        )));
    }
    s.stage = stage - 1;
    let epoch = s.epoch(d);
    let phase = match &f.phase {
        Some(p) => phase_of(p)?,
        None => Phase::Action,
    };
    // Before a Turn of the Ages the board still shows the ending epoch.
    let board_stage = if phase == Phase::TurnOfAges {
        s.stage.saturating_sub(1)
    } else {
        s.stage.min(total - 1)
    };
    let board_epoch = d.epoch_of(board_stage);

    // Neutral groups.
    if let Some(ns) = &f.neutral {
        let mut v = Vec::new();
        for e in ns {
            let g = Group::from_id(&e.group)
                .ok_or_else(|| perr(format!("unknown group `{}`", e.group)))?;
            if groups.contains(&g) || v.iter().any(|x: &Neutral| x.group == g) {
                return Err(perr(format!("{g} cannot be neutral here")));
            }
            let cap = d.group(g).neutral.track;
            let track = e.track.unwrap_or(0);
            if track > cap {
                return Err(perr(format!("{g}: adaptation track holds at most {cap}")));
            }
            v.push(Neutral { group: g, track });
        }
        s.neutrals = v;
    }
    s.owner = [Owner::Absent; 4];
    for (i, &g) in groups.iter().enumerate() {
        s.owner[g as usize] = Owner::Seat(i as u8);
    }
    for (i, nt) in s.neutrals.iter().enumerate() {
        s.owner[nt.group as usize] = Owner::Neutral(i as u8);
    }

    // Board.
    if let Some(c) = &f.closed {
        s.closed = regions(c, "closed")?;
    }
    s.hunger = regions(f.hunger.as_deref().unwrap_or(&[]), "hunger")?;
    s.animals.clear();
    for a in f.animals.as_deref().unwrap_or(&[]) {
        let (p, count) = animal(a)?;
        if s.owner[p.animal.group as usize] == Owner::Absent {
            return Err(perr(format!(
                "animal `{a}`: the {} are not in this game",
                p.animal.group
            )));
        }
        if p.niche > 0 && (count > 1 || s.occupant(p.region, p.niche).is_some()) {
            return Err(perr(format!(
                "animal `{a}`: niche {} of {} holds one animal",
                p.niche,
                p.region.name()
            )));
        }
        for _ in 0..count {
            s.put(p);
        }
    }

    // Players.
    let ap = d.ap[epoch as usize] as i32;
    for (i, e) in f.player.iter().enumerate() {
        let g = groups[i];
        let p = &mut s.players[i];
        p.dominance = e.dominance.unwrap_or(d.rules.start_dominance).max(0);
        p.ap = e.ap.unwrap_or(ap).max(0);
        if let Some(u) = &e.used {
            if u.len() != 4 {
                return Err(perr("used = [adapt, populate, migrate, survive]"));
            }
            let limit = d.rules.same_action_limit;
            if u.iter().any(|&n| n > limit) {
                return Err(perr(format!(
                    "used: each action at most {limit} times a stage"
                )));
            }
            let total: u32 = u.iter().map(|&n| u32::from(n)).sum();
            if total > u32::from(d.rules.action_markers) {
                return Err(perr(format!(
                    "used: {total} actions, but a player has {} action markers",
                    d.rules.action_markers
                )));
            }
            p.used = [u[0], u[1], u[2], u[3]];
        }
        p.passed = e.passed.unwrap_or(false);
        p.instinct = e.instinct.unwrap_or(0).min(d.top_field());
        p.known = 0;
        for f in e.known.as_deref().unwrap_or(&[]) {
            if (*f as usize) < d.instinct.len() {
                p.known |= 1 << f;
            }
        }
        for f in 1..=p.instinct {
            if !matches!(
                d.instinct[f as usize].tile,
                crate::data::FieldTile::None | crate::data::FieldTile::Blind
            ) && e.known.is_none()
            {
                p.known |= 1 << f;
            }
        }
        p.hand = cards(d, e.hand.as_deref().unwrap_or(&[]))?;
        p.hand.sort_unstable();
        p.active = cards(d, e.active.as_deref().unwrap_or(&[]))?;
        p.active.sort_unstable();
        p.evolution = 0;
        for c in e.evolution.as_deref().unwrap_or(&[]) {
            p.evolution |= 1 << evolution_card(d, g, c)?;
        }
        p.claimed = 0;
        for &c in e.claimed.as_deref().unwrap_or(&[]) {
            if c >= 8 {
                return Err(perr("claimed lists objective slots 0..7"));
            }
            p.claimed |= 1 << c;
        }
        p.shed = e.shed.unwrap_or(0);
        let shed_max = match d.group(g).ability {
            Ability::Shed { max, .. } => max,
            _ => 0,
        };
        if p.shed > shed_max {
            return Err(perr(format!(
                "shed: {g} remove at most {shed_max} animal(s) a stage by their ability"
            )));
        }
        p.shed_used = e.shed_used.unwrap_or(p.shed > 0);
        p.multi_used = e.multi_used.unwrap_or(false);
        p.cheap_used = e.cheap_used.unwrap_or(0);
        p.fat_reserves = regions(e.fat.as_deref().unwrap_or(&[]), "fat")?;
        p.armed = e.armed.unwrap_or(0);
        if p.armed >> 4 > 2 {
            return Err(perr("armed: the Nesting Site niche (armed / 16) is 0..2"));
        }
        p.kill = e.kill.unwrap_or(false);
    }
    // Animal counts and Special Animals.
    for g in Group::ALL {
        let ord = s.ordinary_on_board(g);
        if ord > d.group(g).animals {
            return Err(perr(format!(
                "the {g} have only {} animal markers",
                d.group(g).animals
            )));
        }
        let specials = s
            .animals
            .iter()
            .filter(|p| p.animal.group == g && p.animal.special())
            .count();
        let card_active = s
            .seat_of(g)
            .is_some_and(|seat| crate::queries::special_active(d, s.player(seat)));
        if specials > 1 || (specials == 1 && !card_active) {
            return Err(perr(format!(
                "the {g} Special Animal needs its active card, and there is only one"
            )));
        }
    }
    if s.animals.iter().filter(|p| p.animal.bearer()).count() > 1 {
        return Err(perr("only one animal carries the objective marker"));
    }
    if let Some(o) = &f.order {
        let mut v: Vec<u8> = Vec::new();
        for &x in o {
            if x == 0 || x > n || v.contains(&(x - 1)) {
                return Err(perr("order lists each seat (1-based) once"));
            }
            v.push(x - 1);
        }
        if v.len() != n as usize {
            return Err(perr("order lists each seat once"));
        }
        s.order = v;
    }

    // Region cards.
    if n < 4 {
        s.region_out = regions(f.region_out.as_deref().unwrap_or(&[]), "region_out")?;
        s.region_stack = match &f.region_stack {
            Some(v) => regions(v, "region_stack")?,
            None => {
                let mut m = d.cards_start;
                if board_stage >= d.first_stage(1) {
                    m |= d.cards_later;
                }
                m.without(s.region_out)
            }
        };
    } else {
        s.region_stack = Regions::NONE;
        s.region_out = Regions::NONE;
    }

    // Adaptation cards: the deck is what is left of 28, shuffled, unless given.
    s.discard = cards(d, f.discard.as_deref().unwrap_or(&[]))?;
    let mut left: Vec<i32> = d.adaptations.iter().map(|c| c.copies as i32).collect();
    let mut take = |v: &[AdaptationId]| {
        for &c in v {
            left[c.index()] -= 1;
        }
    };
    take(&s.discard);
    for p in &s.players {
        take(&p.hand);
        take(&p.active);
    }
    match &f.deck {
        Some(v) => {
            s.deck = cards(d, v)?;
            take(&s.deck);
        }
        None => {
            s.deck.clear();
            for (c, &k) in left.iter().enumerate() {
                for _ in 0..k.max(0) {
                    s.deck.push(AdaptationId(c as u8));
                }
            }
            s.rng.shuffle(&mut s.deck);
            left.iter_mut().for_each(|k| *k = (*k).min(0));
        }
    }
    if let Some(c) = left.iter().position(|&k| k < 0) {
        return Err(perr(format!(
            "more copies of {} than the game has ({})",
            d.adaptations[c].name, d.adaptations[c].copies
        )));
    }

    // Instinct tiles.
    read_tiles(d, &f, &mut s)?;

    // Objectives.
    let e = board_epoch as usize;
    match &f.objectives {
        Some(v) => {
            s.objectives.clear();
            for o in v {
                let t = objective(d, &o.tile)?;
                let mut claims = Vec::new();
                for &c in &o.claims {
                    if c == 0 || c > n {
                        return Err(perr("objective claims are 1-based seats"));
                    }
                    claims.push(c - 1);
                }
                s.objectives.push(ObjSlot { tile: t, claims });
            }
            if s.objectives.len() > 8 {
                return Err(perr("at most 8 objective tiles on the board"));
            }
        }
        None => {
            let mut pool: Vec<u8> = (0..d.objectives.len() as u8)
                .filter(|&t| d.objectives[t as usize].epoch as usize == e)
                .collect();
            s.rng.shuffle(&mut pool);
            pool.truncate(d.objective_tiles[e] as usize);
            s.objectives = pool
                .into_iter()
                .map(|t| ObjSlot {
                    tile: t,
                    claims: Vec::new(),
                })
                .collect();
        }
    }
    match &f.objective_stacks {
        Some(v) => {
            if v.len() != 3 {
                return Err(perr("objective_stacks has one list per epoch"));
            }
            for (k, st) in v.iter().enumerate() {
                s.objective_stacks[k] = st
                    .iter()
                    .map(|t| objective(d, t))
                    .collect::<Result<_, _>>()?;
            }
        }
        None => {
            for k in 0..3 {
                let mut st: Vec<u8> = (0..d.objectives.len() as u8)
                    .filter(|&t| {
                        d.objectives[t as usize].epoch as usize == k
                            && !s.objectives.iter().any(|o| o.tile == t)
                    })
                    .collect();
                s.rng.shuffle(&mut st);
                s.objective_stacks[k] = st;
            }
        }
    }

    // Turn of the Age cards.
    if let Some(v) = &f.ages {
        s.ages = v.iter().map(|a| age(d, a)).collect::<Result<_, _>>()?;
        for (k, &c) in s.ages.iter().enumerate() {
            let want = if s.setup.solo() {
                AgeBack::SOLO
            } else if k == 0 {
                AgeBack::CG
            } else {
                AgeBack::GL
            };
            if d.ages[c as usize].back != want {
                return Err(perr(format!(
                    "Turn of the Age card {} does not belong there",
                    d.ages[c as usize].name
                )));
            }
        }
    }
    s.ages_revealed = f.ages_revealed.unwrap_or(
        u8::from(board_stage >= d.first_stage(1)) + u8::from(board_stage >= d.first_stage(2)),
    );
    s.ages_revealed = s.ages_revealed.min(s.ages.len() as u8);

    // Solo.
    s.conditions.clear();
    for c in f.conditions.as_deref().unwrap_or(&[]) {
        let mut it = c.split_whitespace();
        let r = region(it.next().unwrap_or(""))?;
        let niche: u8 = it
            .next()
            .and_then(|x| x.parse().ok())
            .filter(|&x| x <= 2)
            .ok_or_else(|| perr(format!("condition `{c}`: expected `REGION NICHE`")))?;
        s.conditions.push((r, niche));
    }
    s.solo_pending = regions(f.solo_pending.as_deref().unwrap_or(&[]), "solo_pending")?;
    s.doom_revealed = f.doom_revealed.unwrap_or(false);

    // Flow.
    s.phase = phase;
    s.result = None;
    s.cursor = 0;
    if let Some(eng) = &f.engine {
        let e: Engine =
            serde_json::from_str(&eng.json).map_err(|e| perr(format!("engine: {e}")))?;
        s.rng = e.rng;
        s.phase = e.phase;
        s.cursor = e.cursor;
        s.tasks = e.tasks;
        s.decision = e.decision;
        s.result = e.result;
        check_flow(&s)?;
        return Ok((s, Vec::new()));
    }
    let mut ev = Vec::new();
    match phase {
        Phase::Setup => {
            s.tasks.push(Task::StageStart);
            s.tasks.push(Task::SetupPlace(0));
        }
        Phase::Neutral => s.tasks.push(Task::StageStart),
        Phase::Drawing => {
            s.tasks.push(Task::ActionPhase);
            s.tasks.push(Task::Draw(0));
        }
        Phase::Action => {
            let seat = match f.to_move {
                Some(x) if x >= 1 && x <= n => x - 1,
                Some(_) => return Err(perr("to_move is a 1-based seat")),
                None => s
                    .order
                    .iter()
                    .copied()
                    .find(|&x| !s.player(x).passed)
                    .unwrap_or(0),
            };
            s.cursor = s.order.iter().position(|&x| x == seat).unwrap_or(0) as u8;
            if s.player(seat).passed {
                return Err(perr("to_move names a player who has passed"));
            }
            flow::set_turn(&mut s, d, seat, f.acted.unwrap_or(false));
        }
        Phase::Survival => s.tasks.push(Task::Survival(Region(0))),
        Phase::Initiative => s.tasks.push(Task::Initiative),
        Phase::TurnOfAges => s.tasks.push(Task::AgesStart),
        Phase::Doom => {
            s.stage = total;
            s.tasks.push(Task::Doom);
        }
        Phase::Over => {
            return Err(perr(
                "phase = \"over\" needs the [engine] table; use phase = \"doom\" to score a board",
            ))
        }
    }
    flow::advance(&mut s, d, &mut ev);
    Ok((s, ev))
}

/// Checks the seats, regions, niches and card indices named by the `[engine]` snapshot.
fn check_flow(s: &State) -> Result<(), PositionError> {
    let np = s.players.len() as u8;
    let bad = |what: &str| Err(perr(format!("engine: {what} out of range")));
    let seat = |x: u8| x < np;
    let reg = |x: Region| x.on_map();
    let sp = |x: &crate::types::Spot| reg(x.region) && x.niche <= 2;
    for t in &s.tasks {
        let ok = match t {
            Task::HandLimit(x) | Task::SpecialSwap(x) => seat(*x),
            Task::TurnResume { seat: x, .. }
            | Task::Toxify { seat: x, .. }
            | Task::ExtraPopulate { seat: x, .. }
            | Task::SurviveMore { seat: x, .. }
            | Task::DrawOnWin { seat: x, .. } => seat(*x),
            Task::HungerSeat { region, .. } | Task::SoloHunger(region) => reg(*region),
            Task::Contest(c) => reg(c.region) && c.niche <= 2,
            Task::AfterMove {
                seat: x,
                region,
                niche,
                ..
            } => seat(*x) && reg(*region) && *niche <= 2,
            Task::EvolvePay { seat: x, card, .. } => seat(*x) && *card < 4,
            Task::PopulatedToxic { seat: x, spot } => seat(*x) && sp(spot),
            Task::Climb { from, .. } => *from <= 1,
            _ => true,
        };
        if !ok {
            return bad("a task");
        }
    }
    if let Some(dec) = s.decision {
        let ok = seat(dec.seat())
            && match dec {
                Decision::Hunger { region, .. } => reg(region),
                Decision::AmbushTarget(_, x) => sp(&x),
                _ => true,
            };
        if !ok {
            return bad("the decision");
        }
    }
    if s.order.iter().any(|&x| !seat(x)) || s.order.len() != np as usize {
        return bad("the initiative order");
    }
    Ok(())
}

fn read_tiles(d: &Data, f: &File, s: &mut State) -> Result<(), PositionError> {
    let given = f.track.is_some() || f.doom.is_some() || f.removed_cataclysm.is_some();
    if !given {
        return Ok(());
    }
    let ncat = d.cataclysms.len() as u8;
    let mut named: Vec<u8> = Vec::new();
    for t in f.track.iter().flatten().chain(f.doom.iter().flatten()) {
        if let Ok(Tile::Cataclysm(k)) = tile(d, t) {
            named.push(k);
        }
    }
    let removed = match &f.removed_cataclysm {
        Some(c) => cataclysm(d, c).ok_or_else(|| perr(format!("`{c}` is not a cataclysm")))?,
        None if named.contains(&s.removed_cataclysm) => {
            let free: Vec<u8> = (0..ncat).filter(|k| !named.contains(k)).collect();
            if free.is_empty() {
                return Err(perr("every cataclysm is named: one must be removed"));
            }
            free[s.rng.index(free.len())]
        }
        None => s.removed_cataclysm,
    };
    let mut doom: [Option<Tile>; 3] = [None; 3];
    if let Some(v) = &f.doom {
        if v.len() != 3 {
            return Err(perr("doom = [sector, zone, cataclysm]"));
        }
        for (k, t) in v.iter().enumerate() {
            let t = tile(d, t)?;
            let ok = matches!(
                (k, t),
                (0, Tile::Sector(_)) | (1, Tile::Zone(_)) | (2, Tile::Cataclysm(_))
            );
            if !ok {
                return Err(perr("doom = [sector, zone, cataclysm], in that order"));
            }
            doom[k] = Some(t);
        }
    }
    let mut track: Vec<Option<Tile>> = vec![None; d.instinct.len()];
    if let Some(v) = &f.track {
        if v.len() != d.instinct.len() {
            return Err(perr(format!(
                "track lists {} fields (\"\" where there is no tile)",
                d.instinct.len()
            )));
        }
        for (i, t) in v.iter().enumerate() {
            if !t.trim().is_empty() && norm(t) != "none" {
                track[i] = Some(tile(d, t)?);
            }
        }
    }
    let mut pools: [Vec<Tile>; 3] = [
        (0..SECTORS as u8).map(Tile::Sector).collect(),
        (0..ROWS as u8).map(Tile::Zone).collect(),
        (0..ncat)
            .filter(|&c| c != removed)
            .map(Tile::Cataclysm)
            .collect(),
    ];
    let kind = |t: &Tile| match t {
        Tile::Sector(_) => 0,
        Tile::Zone(_) => 1,
        Tile::Cataclysm(_) => 2,
    };
    let want = |ft: crate::data::FieldTile| match ft {
        crate::data::FieldTile::Sector => Some(0),
        crate::data::FieldTile::Zone => Some(1),
        crate::data::FieldTile::Cataclysm => Some(2),
        _ => None,
    };
    let mut used = |t: Tile| -> Result<(), PositionError> {
        let k = kind(&t);
        match pools[k].iter().position(|&x| x == t) {
            Some(i) => {
                pools[k].remove(i);
                Ok(())
            }
            None => Err(perr(format!(
                "instinct tile {} is used twice or was removed",
                tile_str(d, t)
            ))),
        }
    };
    for (i, t) in track.iter().enumerate() {
        if let Some(t) = t {
            if want(d.instinct[i].tile) != Some(kind(t)) {
                return Err(perr(format!(
                    "track field {i} cannot hold {}",
                    tile_str(d, *t)
                )));
            }
            used(*t)?;
        }
    }
    for t in doom.iter().flatten() {
        used(*t)?;
    }
    for p in &mut pools {
        s.rng.shuffle(p);
    }
    for (k, slot) in doom.iter_mut().enumerate() {
        if slot.is_none() {
            *slot = pools[k].pop();
        }
    }
    for (i, slot) in track.iter_mut().enumerate() {
        if slot.is_none() {
            if let Some(k) = want(d.instinct[i].tile) {
                *slot = pools[k].pop();
            }
        }
    }
    match doom {
        [Some(a), Some(b), Some(c)] => s.doom = [a, b, c],
        _ => return Err(perr("not enough instinct tiles for the Doom Stack")),
    }
    s.track = track;
    s.removed_cataclysm = removed;
    Ok(())
}
