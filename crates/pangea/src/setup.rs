//! Building the first state from a setup: the options read into a [`Setup`]
//! ([`parse_setup`]) and the new game's state (rulebook p.10–11, Game Setup: [`new_game`]),
//! up to the first decision. Setting up asks no decision of its own (the starting animals are
//! the decision module `phases::StartingAnimal`), so this is no decision module.

use crate::animals::Animals;
use crate::data::{self, try_data};
use crate::flow;
use crate::neutral;
use crate::state::{
    AmphibiansAp, Neutral, ObjSlot, Owner, Phase, Player, Setup, State, SynapsidsMarker, Task,
};
use crate::types::{self, AdaptationId, Group, Regions, Tile};
use eons_core::{GameRng, SetupError};

fn setup_err(e: impl std::fmt::Display) -> SetupError {
    SetupError(e.to_string())
}

/// Parses options into a setup.
pub fn parse_setup(players: usize, options: &[String]) -> Result<Setup, SetupError> {
    if !(1..=4).contains(&players) {
        return Err(SetupError(format!(
            "Pangea is for 1 to 4 players, not {players}"
        )));
    }
    let mut setup = Setup {
        players: players as u8,
        groups: None,
        flat_final: false,
        synapsids_marker: SynapsidsMarker::AnyStep,
        amphibians_ap: AmphibiansAp::OnUse,
    };
    for o in options {
        let (name, value) = match o.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (o.trim(), None),
        };
        match (name, value) {
            ("solo", None) => {
                if players != 1 {
                    return Err(SetupError("solo needs exactly 1 player".into()));
                }
            }
            ("flat-final", None) => setup.flat_final = true,
            ("synapsids-marker", Some(v)) => {
                setup.synapsids_marker = SynapsidsMarker::parse(v).ok_or_else(|| {
                    SetupError(format!("synapsids-marker={v}: use any-step or entering"))
                })?
            }
            ("amphibians-ap", Some(v)) => {
                setup.amphibians_ap = AmphibiansAp::parse(v).ok_or_else(|| {
                    SetupError(format!("amphibians-ap={v}: use on-use or after-action"))
                })?
            }
            ("groups", Some(v)) => {
                let mut gs = Vec::new();
                for part in v.split(',') {
                    let g = Group::from_id(part)
                        .ok_or_else(|| SetupError(format!("unknown group `{part}`")))?;
                    if gs.contains(&g) {
                        return Err(SetupError(format!("group `{part}` chosen twice")));
                    }
                    gs.push(g);
                }
                if gs.len() != players {
                    return Err(SetupError(format!(
                        "groups lists {} groups for {players} players",
                        gs.len()
                    )));
                }
                setup.groups = Some(gs);
            }
            _ => return Err(SetupError(format!("unknown option `{o}`"))),
        }
    }
    Ok(setup)
}

/// A new game (rulebook p.10–11, Game Setup).
pub fn new_game(setup: &Setup, seed: u64) -> Result<State, SetupError> {
    let d = try_data().map_err(setup_err)?;
    let n = setup.players as usize;
    if !(1..=4).contains(&n) {
        return Err(SetupError(format!("Pangea is for 1 to 4 players, not {n}")));
    }
    let mut rng = GameRng::new(seed);
    let groups: Vec<Group> = match &setup.groups {
        Some(g) => {
            if g.len() != n {
                return Err(SetupError("one group per seat".into()));
            }
            for (i, x) in g.iter().enumerate() {
                if g[..i].contains(x) {
                    return Err(SetupError(format!("{x} chosen twice")));
                }
            }
            g.clone()
        }
        None => {
            let mut all = Group::ALL.to_vec();
            rng.shuffle(&mut all);
            all.truncate(n);
            all
        }
    };
    // Instinct tiles: one cataclysm out (public), the Doom Stack, then the track.
    let ncat = d.cataclysms.len() as u8;
    let removed = rng.below(ncat as u32) as u8;
    let mut sectors: Vec<u8> = (0..types::SECTORS as u8).collect();
    let mut zones: Vec<u8> = (0..types::ROWS as u8).collect();
    let mut catas: Vec<u8> = (0..ncat).filter(|&c| c != removed).collect();
    rng.shuffle(&mut sectors);
    rng.shuffle(&mut zones);
    rng.shuffle(&mut catas);
    let doom = [
        Tile::Sector(sectors[0]),
        Tile::Zone(zones[0]),
        Tile::Cataclysm(catas[0]),
    ];
    let (mut si, mut zi, mut ci) = (1, 1, 1);
    let track: Vec<Option<Tile>> = d
        .instinct
        .iter()
        .map(|f| {
            let next = |v: &Vec<u8>, i: &mut usize| {
                let x = v.get(*i).copied();
                *i += 1;
                x
            };
            match f.tile {
                data::FieldTile::Sector => next(&sectors, &mut si).map(Tile::Sector),
                data::FieldTile::Zone => next(&zones, &mut zi).map(Tile::Zone),
                data::FieldTile::Cataclysm => next(&catas, &mut ci).map(Tile::Cataclysm),
                _ => None,
            }
        })
        .collect();
    let players: Vec<Player> = groups
        .iter()
        .map(|&g| Player {
            group: g,
            dominance: d.rules.start_dominance,
            ap: d.ap[0] as i32,
            used: [0; 4],
            passed: false,
            instinct: 0,
            known: 0,
            hand: Vec::new(),
            active: Vec::new(),
            evolution: 0,
            claimed: 0,
            shed: 0,
            shed_used: false,
            multi_used: false,
            cheap_used: 0,
            fat_reserves: Regions::NONE,
            armed: 0,
            kill: false,
        })
        .collect();
    // Initiative by Expansiveness, highest first (rulebook p.10).
    let mut order: Vec<u8> = (0..n as u8).collect();
    order.sort_by_key(|&s| -d.group(groups[s as usize]).expansiveness);
    // Objective tiles: one face-down stack per epoch; 4 Cisuralian tiles face up.
    let mut stacks: [Vec<u8>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for (i, t) in d.objectives.iter().enumerate() {
        stacks[t.epoch as usize].push(i as u8);
    }
    for st in &mut stacks {
        rng.shuffle(st);
    }
    let mut objectives = Vec::new();
    for _ in 0..d.objective_tiles[0] {
        if let Some(t) = stacks[0].pop() {
            objectives.push(ObjSlot {
                tile: t,
                claims: Vec::new(),
            });
        }
    }
    // Adaptation deck.
    let mut deck: Vec<AdaptationId> = Vec::new();
    for (i, c) in d.adaptations.iter().enumerate() {
        for _ in 0..c.copies {
            deck.push(AdaptationId(i as u8));
        }
    }
    rng.shuffle(&mut deck);
    // Turn of the Age cards.
    let pick = |back: data::AgeBack, rng: &mut GameRng| -> Vec<u8> {
        let mut v: Vec<u8> = (0..d.ages.len() as u8)
            .filter(|&c| d.ages[c as usize].back == back)
            .collect();
        rng.shuffle(&mut v);
        v
    };
    let ages = if setup.solo() {
        let mut v = pick(data::AgeBack::SOLO, &mut rng);
        v.truncate(2);
        v
    } else {
        let a = pick(data::AgeBack::CG, &mut rng);
        let b = pick(data::AgeBack::GL, &mut rng);
        vec![a[0], b[0]]
    };
    let mut setup = setup.clone();
    setup.groups = Some(groups.clone());
    let mut owner = [Owner::Absent; 4];
    for (s, &g) in groups.iter().enumerate() {
        owner[g as usize] = Owner::Seat(s as u8);
    }
    let mut neutrals = Vec::new();
    let mut closed = Regions::NONE;
    let mut region_stack = Regions::NONE;
    if n < 4 {
        closed = d.closed_fewer;
        region_stack = d.cards_start;
        let mut ng: Vec<Group> = Group::ALL
            .into_iter()
            .filter(|g| !groups.contains(g))
            .collect();
        ng.sort_by_key(|&g| -d.group(g).expansiveness);
        for (i, g) in ng.into_iter().enumerate() {
            owner[g as usize] = Owner::Neutral(i as u8);
            neutrals.push(Neutral { group: g, track: 0 });
        }
    }
    let mut s = State {
        setup,
        rng,
        stage: 0,
        phase: Phase::Setup,
        players,
        order,
        neutrals,
        owner,
        animals: Animals::new(),
        hunger: Regions::NONE,
        closed,
        region_stack,
        region_out: Regions::NONE,
        deck,
        discard: Vec::new(),
        track,
        doom,
        doom_revealed: false,
        removed_cataclysm: removed,
        objectives,
        objective_stacks: stacks,
        ages,
        ages_revealed: 0,
        conditions: Vec::new(),
        solo_pending: Regions::NONE,
        cursor: 0,
        tasks: Vec::new(),
        decision: None,
        result: None,
    };
    let mut ev = Vec::new();
    // Neutral groups' first animals (1–3 players): one region card each.
    for i in 0..s.neutrals.len() {
        let g = s.neutrals[i].group;
        neutral::neutral_populate(&mut s, d, g, &mut ev);
    }
    s.tasks.push(Task::StageStart);
    s.tasks.push(Task::SetupPlace(0));
    flow::advance(&mut s, d, &mut ev);
    Ok(s)
}
