//! Reading and checking the data files: one [`parse`] that names the file and the field of
//! anything that does not describe a playable game.

use super::raw::*;
use super::*;
use crate::types::{Region, Regions, Scope};
use std::collections::HashSet;

fn file<'a>(files: &'a [(&str, &str)], name: &str) -> Result<&'a str, DataError> {
    files
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| err(name, "(file)", "missing"))
}

fn de<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| {
        let msg = e.message().to_string();
        let field = match e.span() {
            Some(span) => {
                let line = text[..span.start.min(text.len())].lines().count().max(1);
                let key = text
                    .lines()
                    .nth(line - 1)
                    .and_then(|l| l.split('=').next())
                    .map(|k| k.trim().to_string())
                    .unwrap_or_default();
                format!("line {line} ({key})")
            }
            None => "(document)".to_string(),
        };
        err(name, field, msg)
    })
}

/// True when a status marks a value not taken from a printed source: our
/// reconstruction or the reading a ruling took.
fn reconstructed(status: &str) -> bool {
    matches!(status, "reconstructed" | "ruling")
}

fn status(f: &str, field: &str, s: &str) -> Result<(), DataError> {
    match eons_core::Provenance::parse(s) {
        Some(p) if STATUSES.contains(&p) => Ok(()),
        _ => Err(err(
            f,
            field,
            format!(
                "status `{s}` is not one of {}",
                eons_core::Provenance::listed(&STATUSES)
            ),
        )),
    }
}

/// Parses a region id such as `B3`.
pub fn region_id(s: &str) -> Option<Region> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_uppercase().checked_sub(b'A')?;
    let row = b[1].checked_sub(b'1')?;
    if (col as usize) < SECTORS && (row as usize) < ROWS {
        Some(Region(row * SECTORS as u8 + col))
    } else {
        None
    }
}

fn regions_mask(f: &str, field: &str, ids: &[String]) -> Result<Regions, DataError> {
    let mut m = Regions::NONE;
    for id in ids {
        let r = region_id(id).ok_or_else(|| err(f, field, format!("`{id}` is not a region")))?;
        if m.contains(r) {
            return Err(err(f, field, format!("`{id}` is listed twice")));
        }
        m.insert(r);
    }
    Ok(m)
}

fn rows_check(f: &str, field: &str, rows: &[u8]) -> Result<(), DataError> {
    for &r in rows {
        if r == 0 || r as usize > ROWS {
            return Err(err(f, field, format!("row {r} is not in 1..=5")));
        }
    }
    Ok(())
}

fn niches_check(f: &str, field: &str, niches: &[u8]) -> Result<(), DataError> {
    for &n in niches {
        if n as usize >= NICHES {
            return Err(err(f, field, format!("niche {n} is not in 0..=2")));
        }
    }
    Ok(())
}

fn arr3<T: Copy>(f: &str, field: &str, v: &[T]) -> Result<[T; 3], DataError> {
    if v.len() != 3 {
        return Err(err(
            f,
            field,
            format!("expected 3 values, found {}", v.len()),
        ));
    }
    Ok([v[0], v[1], v[2]])
}

fn group_id(f: &str, field: &str, s: &str) -> Result<Group, DataError> {
    Group::from_id(s).ok_or_else(|| err(f, field, format!("`{s}` is not a group")))
}

/// The kinds of effect of each group's evolution cards, per set of active cards
/// ([`Data::effect_kinds`]).
fn effect_kinds(evolutions: &[EvolutionCard]) -> [[u32; 16]; 4] {
    std::array::from_fn(|g| {
        std::array::from_fn(|active| {
            (0..4)
                .filter(|k| active & 1 << k != 0)
                .filter_map(|k| evolutions.get(g * 4 + k))
                .flat_map(|c| &c.effects)
                .fold(0, |kinds, e| kinds | e.kind().bit())
        })
    })
}

/// Parses and checks a set of data files (`name`, `text`).
pub fn parse(files: &[(&str, &str)]) -> Result<Data, DataError> {
    let bf = "board.toml";
    let board: RawBoard = de(bf, file(files, bf)?)?;

    // Epochs.
    let e = &board.epochs;
    for (n, s) in [
        ("epochs.names_status", &e.names_status),
        ("epochs.stages_status", &e.stages_status),
        ("epochs.action_points_status", &e.action_points_status),
        ("epochs.objective_tiles_status", &e.objective_tiles_status),
        ("epochs.stage_names_status", &e.stage_names_status),
    ] {
        status(bf, n, s)?;
    }
    if e.names.len() != 3 {
        return Err(err(bf, "epochs.names", "expected 3 epochs"));
    }
    let stages = arr3(bf, "epochs.stages", &e.stages)?;
    if stages.contains(&0) {
        return Err(err(bf, "epochs.stages", "every epoch needs a stage"));
    }
    let ap = arr3(bf, "epochs.action_points", &e.action_points)?;
    let objective_tiles = arr3(bf, "epochs.objective_tiles", &e.objective_tiles)?;
    let total: u8 = stages.iter().sum();
    if e.stage_names.len() != total as usize {
        return Err(err(
            bf,
            "epochs.stage_names",
            format!("expected {total} names, one per stage"),
        ));
    }

    // Rules.
    let r = &board.rules;
    for (n, s) in [
        ("rules.start_dominance_status", &r.start_dominance_status),
        ("rules.draw_per_stage_status", &r.draw_per_stage_status),
        ("rules.hand_limit_status", &r.hand_limit_status),
        (
            "rules.active_adaptation_limit_status",
            &r.active_adaptation_limit_status,
        ),
        (
            "rules.active_evolution_limit_status",
            &r.active_evolution_limit_status,
        ),
        (
            "rules.same_action_limit_status",
            &r.same_action_limit_status,
        ),
        ("rules.action_markers_status", &r.action_markers_status),
        (
            "rules.objective_markers_status",
            &r.objective_markers_status,
        ),
        (
            "rules.inactive_removal_cost_status",
            &r.inactive_removal_cost_status,
        ),
        ("rules.bearer_cost_status", &r.bearer_cost_status),
        (
            "rules.condition_markers_status",
            &r.condition_markers_status,
        ),
        (
            "rules.unavailability_markers_status",
            &r.unavailability_markers_status,
        ),
        (
            "rules.final_points_per_niche_status",
            &r.final_points_per_niche_status,
        ),
        (
            "rules.flat_final_points_status",
            &r.flat_final_points_status,
        ),
        ("rules.dominance_flip_status", &r.dominance_flip_status),
    ] {
        status(bf, n, s)?;
    }
    if r.start_dominance < 0 {
        return Err(err(bf, "rules.start_dominance", "must be at least 0"));
    }
    if r.hand_limit == 0 || r.active_adaptation_limit == 0 || r.active_evolution_limit == 0 {
        return Err(err(bf, "rules", "card limits must be at least 1"));
    }
    if r.active_evolution_limit > 4 {
        return Err(err(
            bf,
            "rules.active_evolution_limit",
            "a group has only 4 evolution cards",
        ));
    }
    if r.action_markers == 0 || r.same_action_limit == 0 {
        return Err(err(bf, "rules.action_markers", "must be at least 1"));
    }
    if r.objective_markers == 0 || r.objective_markers > 8 {
        return Err(err(bf, "rules.objective_markers", "must be in 1..=8"));
    }
    if r.unavailability_markers < 5 {
        return Err(err(
            bf,
            "rules.unavailability_markers",
            "at least 5 are needed to close Sector D",
        ));
    }
    let final_points = arr3(
        bf,
        "rules.final_points_per_niche",
        &r.final_points_per_niche,
    )?;
    let rules = Rules {
        start_dominance: r.start_dominance,
        draw_per_stage: r.draw_per_stage,
        hand_limit: r.hand_limit,
        active_adaptation_limit: r.active_adaptation_limit,
        active_evolution_limit: r.active_evolution_limit,
        same_action_limit: r.same_action_limit,
        action_markers: r.action_markers,
        objective_markers: r.objective_markers,
        inactive_removal_cost: r.inactive_removal_cost,
        bearer_cost: r.bearer_cost,
        condition_markers: r.condition_markers,
        unavailability_markers: r.unavailability_markers,
        final_points_per_niche: final_points,
        flat_final_points: r.flat_final_points,
        dominance_flip: r.dominance_flip,
    };

    // Zones.
    if board.zone.len() != ROWS {
        return Err(err(bf, "zone", format!("expected {ROWS} zones")));
    }
    let mut zones = Vec::new();
    let mut subs: Vec<String> = Vec::new();
    for (i, z) in board.zone.iter().enumerate() {
        status(bf, &format!("zone {}: status", z.row), &z.status)?;
        if z.row as usize != i + 1 {
            return Err(err(
                bf,
                format!("zone {}: row", z.row),
                "zones must be listed in row order 1..5",
            ));
        }
        let sub = match subs.iter().position(|s| *s == z.subcontinent) {
            Some(p) => p,
            None => {
                subs.push(z.subcontinent.clone());
                subs.len() - 1
            }
        };
        zones.push(Zone {
            name: z.name.clone(),
            kind: z.kind,
            subcontinent: sub as u8,
            subcontinent_name: z.subcontinent.clone(),
        });
    }

    // Regions.
    let mut food = [[0u8; 3]; REGIONS];
    let mut seen = Regions::NONE;
    for reg in &board.region {
        let field = format!("region {}", reg.id);
        status(bf, &format!("{field}: status"), &reg.status)?;
        let id = region_id(&reg.id).ok_or_else(|| err(bf, &field, "not a region id (A1..D5)"))?;
        if seen.contains(id) {
            return Err(err(bf, &field, "listed twice"));
        }
        seen.insert(id);
        food[id.index()] = arr3(bf, &format!("{field}: food"), &reg.food)?;
    }
    if seen.len() as usize != REGIONS {
        return Err(err(bf, "region", "every region A1..D5 needs its food"));
    }

    // Borders.
    status(bf, "borders.status", &board.borders.status)?;
    let mut red = [[false; 4]; REGIONS];
    let mut listed: HashSet<(Region, Region)> = HashSet::new();
    for (colour, list) in [("white", &board.borders.white), ("red", &board.borders.red)] {
        for b in list {
            let field = format!("borders.{colour}: {b}");
            let (x, y) = b
                .split_once('-')
                .ok_or_else(|| err(bf, &field, "expected `A1-B1`"))?;
            let a = region_id(x).ok_or_else(|| err(bf, &field, "not a region"))?;
            let c = region_id(y).ok_or_else(|| err(bf, &field, "not a region"))?;
            let dir = crate::types::DIRS
                .iter()
                .position(|&d| a.step(d) == Some(c))
                .ok_or_else(|| err(bf, &field, "the regions are not adjacent"))?;
            let key = (a.min(c), a.max(c));
            if !listed.insert(key) {
                return Err(err(bf, &field, "border listed twice"));
            }
            let back = crate::types::DIRS
                .iter()
                .position(|&d| c.step(d) == Some(a))
                .unwrap_or(0);
            red[a.index()][dir] = colour == "red";
            red[c.index()][back] = colour == "red";
        }
    }
    if listed.len() != 31 {
        return Err(err(
            bf,
            "borders",
            format!("all 31 borders need a colour, found {}", listed.len()),
        ));
    }

    // Fewer players.
    let fp = &board.fewer_players;
    status(bf, "fewer_players.closed_status", &fp.closed_status)?;
    status(
        bf,
        "fewer_players.region_cards_status",
        &fp.region_cards_status,
    )?;
    let closed_fewer = regions_mask(bf, "fewer_players.closed", &fp.closed)?;
    if closed_fewer.len() > rules.unavailability_markers as u32 {
        return Err(err(
            bf,
            "fewer_players.closed",
            "more regions than unavailability markers",
        ));
    }
    let cards_start = regions_mask(
        bf,
        "fewer_players.region_cards_start",
        &fp.region_cards_start,
    )?;
    let cards_later = regions_mask(
        bf,
        "fewer_players.region_cards_later",
        &fp.region_cards_later,
    )?;
    if !(cards_start & cards_later).is_empty() {
        return Err(err(
            bf,
            "fewer_players.region_cards_later",
            "a region card is in both lists",
        ));
    }
    if !((cards_start | cards_later) & closed_fewer).is_empty() {
        return Err(err(
            bf,
            "fewer_players.region_cards_start",
            "a region card names a closed region",
        ));
    }
    if cards_start.is_empty() {
        return Err(err(
            bf,
            "fewer_players.region_cards_start",
            "the region card stack cannot start empty",
        ));
    }

    // Instinct track.
    status(bf, "instinct.status", &board.instinct.status)?;
    let fields = board.instinct.fields.clone();
    if fields.len() < 2 || fields.len() > 16 {
        return Err(err(bf, "instinct.fields", "expected 2..=16 fields"));
    }
    if fields[0].tile != FieldTile::None {
        return Err(err(
            bf,
            "instinct.fields[0]",
            "the start field has no tile (tile = \"none\")",
        ));
    }
    let count = |k: FieldTile| fields.iter().filter(|f| f.tile == k).count();
    if count(FieldTile::None) != 1 {
        return Err(err(
            bf,
            "instinct.fields",
            "only the start field has tile = \"none\"",
        ));
    }
    if count(FieldTile::Sector) != SECTORS - 1 {
        return Err(err(
            bf,
            "instinct.fields",
            format!(
                "expected {} sector fields (one sector tile is in the Doom Stack)",
                SECTORS - 1
            ),
        ));
    }
    if count(FieldTile::Zone) != ROWS - 1 {
        return Err(err(
            bf,
            "instinct.fields",
            format!("expected {} zone fields", ROWS - 1),
        ));
    }

    status(bf, "doom.epicentre_status", &board.doom.epicentre_status)?;
    status(bf, "doom.shockwave_status", &board.doom.shockwave_status)?;

    // Groups.
    let gf = "groups.toml";
    let raw_groups: RawGroups = de(gf, file(files, gf)?)?;
    let mut groups: Vec<Option<GroupData>> = vec![None, None, None, None];
    for g in &raw_groups.group {
        let field = format!("group {}", g.id);
        let gi = group_id(gf, &field, &g.id)?;
        for (n, s) in [
            ("animals_status", &g.animals_status),
            ("expansiveness_status", &g.expansiveness_status),
            ("costs_status", &g.costs_status),
            ("ability_status", &g.ability_status),
            ("neutral.status", &g.neutral.status),
        ] {
            status(gf, &format!("{field}: {n}"), s)?;
        }
        if groups[gi as usize].is_some() {
            return Err(err(gf, &field, "listed twice"));
        }
        if g.animals == 0 || g.animals > 12 {
            return Err(err(gf, format!("{field}: animals"), "must be in 1..=12"));
        }
        if g.costs.len() != 4 {
            return Err(err(
                gf,
                format!("{field}: costs"),
                "expected 4 costs: adapt, populate, migrate, survive",
            ));
        }
        let need = |v: Option<u8>, n: &str| {
            v.ok_or_else(|| err(gf, format!("{field}: {n}"), "missing for this ability"))
        };
        let ability = match g.ability.as_str() {
            "red_arrows" => Ability::RedArrows,
            "draw_on_win" => Ability::DrawOnWin(need(g.draw_on_win, "draw_on_win")?),
            "ap_on_ability" => Ability::ApOnAbility(need(g.ap_on_ability, "ap_on_ability")?),
            "shed" => Ability::Shed {
                max: need(g.shed_max, "shed_max")?,
                ap: need(g.shed_ap, "shed_ap")?,
            },
            other => {
                return Err(err(
                    gf,
                    format!("{field}: ability"),
                    format!("`{other}` is not one of red_arrows, draw_on_win, ap_on_ability, shed"),
                ))
            }
        };
        let n = &g.neutral;
        if n.adaptation_field.len() != 6 {
            return Err(err(
                gf,
                format!("{field}: neutral.adaptation_field"),
                "expected 6 values, one per D6 face",
            ));
        }
        if n.sets.len() != 3 {
            return Err(err(
                gf,
                format!("{field}: neutral.sets"),
                "expected 3 epochs",
            ));
        }
        let mut sets = [[[NeutralAct::P; 3]; 6]; 3];
        for (ep, rows) in n.sets.iter().enumerate() {
            if rows.len() != 6 {
                return Err(err(
                    gf,
                    format!("{field}: neutral.sets[{ep}]"),
                    "expected 6 sets, one per D6 face",
                ));
            }
            for (d, set) in rows.iter().enumerate() {
                sets[ep][d] = arr3(gf, &format!("{field}: neutral.sets[{ep}][{d}]"), set)?;
            }
        }
        let mut fieldv = [0i32; 6];
        fieldv.copy_from_slice(&n.adaptation_field);
        groups[gi as usize] = Some(GroupData {
            id: g.id.clone(),
            name: g.name.clone(),
            short: g.short.clone(),
            animals: g.animals,
            expansiveness: g.expansiveness,
            costs: [g.costs[0], g.costs[1], g.costs[2], g.costs[3]],
            ability,
            neutral: Management {
                track: n.adaptation_track,
                field: fieldv,
                sets,
            },
        });
    }
    let mut group_list = Vec::new();
    for (i, g) in groups.into_iter().enumerate() {
        group_list.push(g.ok_or_else(|| {
            err(
                gf,
                "group",
                format!("group `{}` is missing", Group::ALL[i].id()),
            )
        })?);
    }

    // Evolution cards.
    let ef = "evolution.toml";
    let raw_evo: RawEvoFile = de(ef, file(files, ef)?)?;
    let mut per_group: Vec<Vec<EvolutionCard>> =
        vec![Vec::new(), Vec::new(), Vec::new(), Vec::new()];
    let mut ids = HashSet::new();
    for c in &raw_evo.card {
        let field = format!("card {}", c.id);
        status(ef, &format!("{field}: status"), &c.status)?;
        if !ids.insert(c.id.clone()) {
            return Err(err(ef, &field, "id listed twice"));
        }
        let g = group_id(ef, &format!("{field}: group"), &c.group)?;
        if c.cost > rules.active_adaptation_limit {
            return Err(err(
                ef,
                format!("{field}: cost"),
                "costs more active adaptation cards than a player can hold",
            ));
        }
        for (i, eff) in c.effects.iter().enumerate() {
            let ff = format!("{field}: effects[{i}]");
            match eff {
                EvolutionEffect::Expansiveness { rows, .. }
                | EvolutionEffect::HungerExempt { rows, .. } => rows_check(ef, &ff, rows)?,
                EvolutionEffect::Devour {
                    role: Role::Defender,
                    ..
                } => return Err(err(ef, &ff, "devour applies to role any or attacker")),
                EvolutionEffect::SurviveRange { fields } if *fields == 0 => {
                    return Err(err(ef, &ff, "fields must be at least 1"))
                }
                EvolutionEffect::MultiPopulate { count } if *count == 0 || *count > 4 => {
                    return Err(err(ef, &ff, "count must be in 1..=4"))
                }
                _ => {}
            }
            let special_scope = matches!(
                eff,
                EvolutionEffect::Expansiveness {
                    scope: Scope::Special,
                    ..
                } | EvolutionEffect::Devour {
                    scope: Scope::Special,
                    ..
                } | EvolutionEffect::HungerExempt {
                    scope: Scope::Special,
                    ..
                } | EvolutionEffect::Climb {
                    scope: Scope::Special
                } | EvolutionEffect::ContestImmune {
                    scope: Scope::Special
                } | EvolutionEffect::IgnoreRed {
                    scope: Scope::Special
                } | EvolutionEffect::CheapMigrate {
                    scope: Scope::Special,
                    ..
                } | EvolutionEffect::Niche0Attack {
                    scope: Scope::Special
                }
            );
            if special_scope && !c.special {
                return Err(err(
                    ef,
                    &ff,
                    "scope = \"special\" needs a Special Animal card (special = true)",
                ));
            }
        }
        per_group[g as usize].push(EvolutionCard {
            id: c.id.clone(),
            group: g,
            name: c.name.clone(),
            cost: c.cost,
            special: c.special,
            text: c.text.clone(),
            reconstructed: reconstructed(&c.status),
            effects: c.effects.clone(),
        });
    }
    let mut evo = Vec::new();
    for (i, cards) in per_group.into_iter().enumerate() {
        let gname = Group::ALL[i].id();
        if cards.len() != 4 {
            return Err(err(
                ef,
                "card",
                format!("group `{gname}` needs exactly 4 evolution cards"),
            ));
        }
        if cards.iter().filter(|c| c.special).count() != 1 {
            return Err(err(
                ef,
                "card",
                format!("group `{gname}` needs exactly one Special Animal card"),
            ));
        }
        evo.extend(cards);
    }

    // Adaptation cards.
    let af = "adaptation.toml";
    let raw_ad: RawAdaptFile = de(af, file(files, af)?)?;
    let mut adapt = Vec::new();
    let mut ids = HashSet::new();
    for c in &raw_ad.card {
        let field = format!("card {}", c.id);
        status(af, &format!("{field}: status"), &c.status)?;
        if !ids.insert(c.id.clone()) {
            return Err(err(af, &field, "id listed twice"));
        }
        if c.copies == 0 {
            return Err(err(af, format!("{field}: copies"), "must be at least 1"));
        }
        let want = match c.effect {
            AdaptationEffect::ContestBonus { .. } | AdaptationEffect::Escape {} => Timing::Contest,
            AdaptationEffect::FatReserves {} | AdaptationEffect::Recovery {} => Timing::AnyTime,
            _ => Timing::OwnTurn,
        };
        if c.timing != want {
            return Err(err(
                af,
                format!("{field}: timing"),
                format!("this ability kind needs timing {want:?}"),
            ));
        }
        if let AdaptationEffect::Nest { niche } = c.effect {
            if niche as usize >= NICHES {
                return Err(err(af, format!("{field}: effect.niche"), "must be 0..=2"));
            }
        }
        adapt.push(AdaptationCard {
            id: c.id.clone(),
            name: c.name.clone(),
            copies: c.copies,
            timing: c.timing,
            text: c.text.clone(),
            reconstructed: reconstructed(&c.status),
            effect: c.effect,
        });
    }
    if adapt.is_empty() || adapt.len() > 64 {
        return Err(err(af, "card", "expected 1..=64 designs"));
    }

    // Objectives.
    let of = "objectives.toml";
    let raw_obj: RawObjFile = de(of, file(files, of)?)?;
    let mut objectives = Vec::new();
    let mut ids = HashSet::new();
    for t in &raw_obj.tile {
        let field = format!("tile {}", t.id);
        status(of, &format!("{field}: status"), &t.status)?;
        if let Some(rs) = &t.requirement_status {
            status(of, &format!("{field}: requirement_status"), rs)?;
        }
        if !ids.insert(t.id.clone()) {
            return Err(err(of, &field, "id listed twice"));
        }
        if t.epoch == 0 || t.epoch > 3 {
            return Err(err(of, format!("{field}: epoch"), "must be 1, 2 or 3"));
        }
        let reward = t.reward.as_slice();
        if reward.len() != 2 {
            return Err(err(
                of,
                format!("{field}: reward"),
                "expected [first, later]",
            ));
        }
        match &t.requirement {
            ObjKind::NicheRegions { niche, .. } | ObjKind::NicheRows { niche, .. } => {
                niches_check(of, &format!("{field}: requirement.niche"), &[*niche])?
            }
            ObjKind::Vicariance {
                min_niche,
                north,
                south,
            } => {
                niches_check(
                    of,
                    &format!("{field}: requirement.min_niche"),
                    &[*min_niche],
                )?;
                rows_check(of, &format!("{field}: requirement.north"), north)?;
                rows_check(of, &format!("{field}: requirement.south"), south)?;
            }
            ObjKind::Instinct { field: f } if *f as usize >= fields.len() => {
                return Err(err(
                    of,
                    format!("{field}: requirement.field"),
                    "beyond the top of the instinct track",
                ))
            }
            _ => {}
        }
        objectives.push(ObjTile {
            id: t.id.clone(),
            epoch: t.epoch - 1,
            name: t.name.clone(),
            reward: [reward[0], reward[1]],
            text: t.text.clone(),
            reconstructed: reconstructed(&t.status)
                || t.requirement_status.as_deref().is_some_and(reconstructed),
            requirement: t.requirement.clone(),
        });
    }
    for ep in 0..3u8 {
        let n = objectives.iter().filter(|t| t.epoch == ep).count();
        if n < objective_tiles[ep as usize] as usize {
            return Err(err(
                of,
                "tile",
                format!(
                    "epoch {} has {n} tiles but the board shows {}",
                    ep + 1,
                    objective_tiles[ep as usize]
                ),
            ));
        }
    }

    // Turn of the Age cards.
    let tf = "ages.toml";
    let raw_ages: RawAgeFile = de(tf, file(files, tf)?)?;
    let mut ages = Vec::new();
    let mut ids = HashSet::new();
    let mut spare = rules.unavailability_markers as i32 - closed_fewer.len() as i32;
    for c in &raw_ages.card {
        let field = format!("card {}", c.id);
        status(tf, &format!("{field}: status"), &c.status)?;
        if !ids.insert(c.id.clone()) {
            return Err(err(tf, &field, "id listed twice"));
        }
        let mut region = Region(0);
        match &c.effect {
            AgeEffect::FreePlacement { rows } => {
                rows_check(tf, &format!("{field}: effect.rows"), rows)?
            }
            AgeEffect::Status { rows, niches, .. } | AgeEffect::Remove { rows, niches } => {
                rows_check(tf, &format!("{field}: effect.rows"), rows)?;
                niches_check(tf, &format!("{field}: effect.niches"), niches)?;
            }
            AgeEffect::Wildfire { niches } => {
                niches_check(tf, &format!("{field}: effect.niches"), niches)?
            }
            AgeEffect::Climb { from_niche } if *from_niche as usize >= NICHES - 1 => {
                return Err(err(
                    tf,
                    format!("{field}: effect.from_niche"),
                    "must be 0 or 1",
                ));
            }
            AgeEffect::CloseRegion { region: id } => {
                region = region_id(id)
                    .ok_or_else(|| err(tf, format!("{field}: effect.region"), "not a region id"))?;
                spare -= 1;
                if spare < 0 {
                    return Err(err(
                        tf,
                        format!("{field}: effect.region"),
                        "no unavailability marker is left for it",
                    ));
                }
            }
            AgeEffect::Toll { dominance } if *dominance < 0 => {
                return Err(err(
                    tf,
                    format!("{field}: effect.dominance"),
                    "must be >= 0",
                ))
            }
            _ => {}
        }
        ages.push(AgeCard {
            id: c.id.clone(),
            back: c.back,
            name: c.name.clone(),
            text: c.text.clone(),
            reconstructed: reconstructed(&c.status),
            effect: c.effect.clone(),
            region,
        });
    }
    for back in [AgeBack::CG, AgeBack::GL] {
        if !ages.iter().any(|a| a.back == back) {
            return Err(err(tf, "card", format!("no card with back {back:?}")));
        }
    }
    if ages.iter().filter(|a| a.back == AgeBack::SOLO).count() < 2 {
        return Err(err(tf, "card", "solo needs at least 2 SOLO cards"));
    }

    // Cataclysms.
    let df = "doom.toml";
    let raw_doom: RawDoomFile = de(df, file(files, df)?)?;
    let mut cataclysms = Vec::new();
    for c in &raw_doom.cataclysm {
        let field = format!("cataclysm {}", c.id);
        status(df, &format!("{field}: status"), &c.status)?;
        let mut effects = Vec::new();
        for (i, e) in c.effects.iter().enumerate() {
            effects.push(match e {
                RawCataEffect::Rows { rows, level } => {
                    rows_check(df, &format!("{field}: effects[{i}].rows"), rows)?;
                    CataEffect::Rows {
                        rows: rows.iter().fold(0u8, |m, r| m | 1 << (r - 1)),
                        level: *level,
                    }
                }
                RawCataEffect::Subcontinent { hit, elsewhere } => CataEffect::Subcontinent {
                    hit: *hit,
                    elsewhere: *elsewhere,
                },
                RawCataEffect::Cross { level, extension } => CataEffect::Cross {
                    level: *level,
                    extension: *extension,
                },
            });
        }
        cataclysms.push(Cataclysm {
            id: c.id.clone(),
            name: c.name.clone(),
            text: c.text.clone(),
            reconstructed: reconstructed(&c.status),
            effects,
        });
    }
    if cataclysms.len() < 3 || cataclysms.len() > 8 {
        return Err(err(df, "cataclysm", "expected 3..=8 cataclysms"));
    }
    if count(FieldTile::Cataclysm) != cataclysms.len() - 2 {
        return Err(err(
            bf,
            "instinct.fields",
            format!(
                "expected {} cataclysm fields (one cataclysm is removed, one is in the Doom Stack)",
                cataclysms.len() - 2
            ),
        ));
    }

    // Solo.
    let sf = "solo.toml";
    let raw_solo: RawSoloFile = de(sf, file(files, sf)?)?;
    let mut conds: Vec<Option<SoloCondition>> = vec![None, None, None, None];
    for c in &raw_solo.condition {
        let field = format!("condition {}", c.group);
        status(sf, &format!("{field}: status"), &c.status)?;
        if let Some(gs) = &c.goal_status {
            status(sf, &format!("{field}: goal_status"), gs)?;
        }
        let g = group_id(sf, &format!("{field}: group"), &c.group)?;
        if conds[g as usize].is_some() {
            return Err(err(sf, &field, "listed twice"));
        }
        let cap = rules.condition_markers;
        let needs = match c.goal {
            SoloGoal::Rows { count } => count,
            SoloGoal::Niche2Row { sectors } => sectors,
            SoloGoal::Regions { count } => count,
        };
        if needs == 0 || needs > cap {
            return Err(err(
                sf,
                format!("{field}: goal"),
                format!("needs 1..={cap} condition markers"),
            ));
        }
        conds[g as usize] = Some(SoloCondition {
            text: c.text.clone(),
            trigger: c.trigger,
            goal: c.goal,
            min_animals: c.min_animals,
        });
    }
    let mut conditions = Vec::new();
    for (i, c) in conds.into_iter().enumerate() {
        conditions.push(c.ok_or_else(|| {
            err(
                sf,
                "condition",
                format!("group `{}` has no condition", Group::ALL[i].id()),
            )
        })?);
    }
    for r in &raw_solo.rating {
        status(sf, &format!("rating {}: status", r.name), &r.status)?;
    }
    let mut ratings: Vec<(i32, String)> = raw_solo
        .rating
        .iter()
        .map(|r| (r.min, r.name.clone()))
        .collect();
    ratings.sort_by_key(|r| r.0);

    Ok(Data {
        epoch_names: [e.names[0].clone(), e.names[1].clone(), e.names[2].clone()],
        stages,
        ap,
        objective_tiles,
        stage_names: e.stage_names.clone(),
        rules,
        zones,
        food,
        red,
        steps: super::StepTable::new(&red),
        closed_fewer,
        cards_start,
        cards_later,
        instinct: fields,
        doom_epicentre: board.doom.epicentre,
        doom_shockwave: board.doom.shockwave,
        groups: group_list,
        effect_kinds: effect_kinds(&evo),
        evolutions: evo,
        adaptations: adapt,
        objectives,
        ages,
        cataclysms,
        conditions,
        ratings,
    })
}
