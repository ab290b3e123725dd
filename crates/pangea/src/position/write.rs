//! Writing a position: the inverse of [`super::read`], with the `[engine]` snapshot.

use super::*;
use std::fmt::Write;

fn q(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Writes a position that [`read`] reads back to the same state.
pub fn write(s: &State) -> String {
    let d = data();
    let mut o = String::new();
    let _ = writeln!(o, "# Pangea position (see POSITIONS.md)");
    let _ = writeln!(o, "game = \"pangea\"");
    let _ = writeln!(o, "players = {}", s.players.len());
    let _ = writeln!(o, "flat_final = {}", s.setup.flat_final);
    let _ = writeln!(o, "stage = {}", s.stage + 1);
    let _ = writeln!(o, "phase = {}", q(phase_str(s.phase)));
    if let Some(Decision::Turn { seat, acted, .. }) = s.decision {
        let _ = writeln!(o, "to_move = {}", seat + 1);
        let _ = writeln!(o, "acted = {acted}");
    }
    let order: Vec<String> = s.order.iter().map(|x| (x + 1).to_string()).collect();
    let _ = writeln!(o, "order = [{}]", order.join(", "));
    let _ = writeln!(o, "animals = [");
    for p in &s.animals {
        let _ = writeln!(o, "  {},", q(&animal_str(p)));
    }
    let _ = writeln!(o, "]");
    let _ = writeln!(o, "hunger = {}", region_list(s.hunger));
    let _ = writeln!(o, "closed = {}", region_list(s.closed));
    let _ = writeln!(o, "region_stack = {}", region_list(s.region_stack));
    let _ = writeln!(o, "region_out = {}", region_list(s.region_out));
    let _ = writeln!(o, "deck = {}", card_list(d, &s.deck));
    let _ = writeln!(o, "discard = {}", card_list(d, &s.discard));
    let track: Vec<String> = s
        .track
        .iter()
        .map(|t| q(&t.map_or(String::new(), |t| tile_str(d, t))))
        .collect();
    let _ = writeln!(o, "track = [{}]", track.join(", "));
    let doom: Vec<String> = s.doom.iter().map(|&t| q(&tile_str(d, t))).collect();
    let _ = writeln!(o, "doom = [{}]", doom.join(", "));
    let _ = writeln!(o, "doom_revealed = {}", s.doom_revealed);
    let _ = writeln!(
        o,
        "removed_cataclysm = {}",
        q(&d.cataclysms[s.removed_cataclysm as usize].name)
    );
    let _ = writeln!(o, "objectives = [");
    for slot in &s.objectives {
        let claims: Vec<String> = slot.claims.iter().map(|c| (c + 1).to_string()).collect();
        let _ = writeln!(
            o,
            "  {{ tile = {}, claims = [{}] }},",
            q(&d.objectives[slot.tile as usize].name),
            claims.join(", ")
        );
    }
    let _ = writeln!(o, "]");
    let stacks: Vec<String> = s
        .objective_stacks
        .iter()
        .map(|st| {
            let v: Vec<String> = st
                .iter()
                .map(|&t| q(&d.objectives[t as usize].name))
                .collect();
            format!("[{}]", v.join(", "))
        })
        .collect();
    let _ = writeln!(o, "objective_stacks = [{}]", stacks.join(", "));
    let ages: Vec<String> = s
        .ages
        .iter()
        .map(|&a| q(&d.ages[a as usize].name))
        .collect();
    let _ = writeln!(o, "ages = [{}]", ages.join(", "));
    let _ = writeln!(o, "ages_revealed = {}", s.ages_revealed);
    let conds: Vec<String> = s
        .conditions
        .iter()
        .map(|&(r, n)| q(&format!("{} {n}", r.name())))
        .collect();
    let _ = writeln!(o, "conditions = [{}]", conds.join(", "));
    let _ = writeln!(o, "solo_pending = {}", region_list(s.solo_pending));
    for p in &s.players {
        let _ = writeln!(o, "\n[[player]]");
        let _ = writeln!(o, "group = {}", q(p.group.id()));
        let _ = writeln!(o, "dominance = {}", p.dominance);
        let _ = writeln!(o, "ap = {}", p.ap);
        let _ = writeln!(
            o,
            "used = [{}, {}, {}, {}]   # adapt, populate, migrate, survive",
            p.used[0], p.used[1], p.used[2], p.used[3]
        );
        let _ = writeln!(o, "passed = {}", p.passed);
        let _ = writeln!(o, "instinct = {}", p.instinct);
        let known: Vec<String> = (0..32u8)
            .filter(|f| p.known & (1 << f) != 0)
            .map(|f| f.to_string())
            .collect();
        let _ = writeln!(o, "known = [{}]", known.join(", "));
        let _ = writeln!(o, "hand = {}", card_list(d, &p.hand));
        let _ = writeln!(o, "active = {}", card_list(d, &p.active));
        let evo: Vec<String> = (0..4u8)
            .filter(|k| p.evolution & (1 << k) != 0)
            .map(|k| q(&d.evolution_card(p.group, k).name))
            .collect();
        let _ = writeln!(o, "evolution = [{}]", evo.join(", "));
        let claimed: Vec<String> = (0..8u8)
            .filter(|k| p.claimed & (1 << k) != 0)
            .map(|k| k.to_string())
            .collect();
        let _ = writeln!(o, "claimed = [{}]", claimed.join(", "));
        let _ = writeln!(o, "shed = {}", p.shed);
        let _ = writeln!(o, "shed_used = {}", p.shed_used);
        let _ = writeln!(o, "multi_used = {}", p.multi_used);
        let _ = writeln!(o, "cheap_used = {}", p.cheap_used);
        let _ = writeln!(o, "fat = {}", region_list(p.fat_reserves));
        let _ = writeln!(o, "armed = {}", p.armed);
        let _ = writeln!(o, "kill = {}", p.kill);
    }
    for n in &s.neutrals {
        let _ = writeln!(o, "\n[[neutral]]");
        let _ = writeln!(o, "group = {}", q(n.group.id()));
        let _ = writeln!(o, "track = {}", n.track);
    }
    let eng = Engine {
        rng: s.rng.clone(),
        phase: s.phase,
        cursor: s.cursor,
        tasks: s.tasks.clone(),
        decision: s.decision,
        result: s.result.clone(),
    };
    let json = serde_json::to_string(&eng).unwrap_or_default();
    let _ = writeln!(
        o,
        "\n# The exact random stream and the engine's pending work. Delete this table to let the\n# engine derive the flow from `phase`, `to_move` and a fresh stream from `seed`.\n[engine]"
    );
    let _ = writeln!(o, "json = '''{json}'''");
    o
}
