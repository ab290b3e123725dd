//! Human-editable positions (TOML), documented in `crates/marine/POSITIONS.md`.
//!
//! A position is the state at the start of an animal's turn, after the
//! trait draft. Unspecified fields default sensibly: the bags hold whatever
//! is not elsewhere, the deck and stacks are shuffled from the cards and
//! tiles not placed, Gene Pools hold the cubes not on earth, eliminated or in
//! Regression, and pawns not on the display are available.
//!
//! This file is long because it holds the reader and the writer of the one
//! format, kept together so that each stays the other's inverse field by field.

use crate::data::{data, MAX_STACKS};
use crate::decision::Decision;
use crate::setup::new_game;
use crate::state::{sort_markers, ActionDisplay, CircleRow, Pawn, Setup, State, ANIMALS, DISKS};
use crate::types::{Action, Animal, Card, Element, Face, Space, Terrain, Tile, Trait};
use eons_core::{Bag, CornerId, Deck, GameRng, Hex, HexId, PositionError};
use eons_earth::{grid, CornerLabel, Earth, HexLabel, ELEMENTS};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPos {
    #[allow(dead_code)]
    game: Option<toml::Value>,
    #[allow(dead_code)]
    choices: Option<toml::Value>,
    players: Option<usize>,
    #[serde(default)]
    options: Vec<String>,
    seed: Option<u64>,
    turn: Option<String>,
    reseeds: Option<u16>,
    last_round: Option<bool>,
    #[serde(default)]
    animal: Vec<RawAnimal>,
    #[serde(default)]
    tile: Vec<RawTile>,
    #[serde(default)]
    pawn: Vec<RawPawn>,
    #[serde(default)]
    special: Vec<RawSpecial>,
    display: Option<RawDisplay>,
    cards: Option<RawCards>,
    stacks: Option<Vec<Vec<String>>>,
    vents_left: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnimal {
    name: String,
    seat: Option<u8>,
    vp: Option<u32>,
    pool: Option<u8>,
    eliminated: Option<u8>,
    pawns: Option<u8>,
    printed: Option<Vec<String>>,
    #[serde(default)]
    disks: Vec<String>,
    #[serde(default)]
    traits: Vec<String>,
    copied: Option<String>,
    retrieved: Option<bool>,
    budding_done: Option<bool>,
}

/// A hex as a position file gives it: a label (`"D7"`, or the axial
/// `"(0,0)"` of older files) or axial coordinates (`[0, 0]`, older files).
#[derive(Deserialize)]
#[serde(untagged)]
enum RawHex {
    /// `[q, r]`.
    Axial([i8; 2]),
    /// `"D7"` (any form [`HexLabel`] reads).
    Label(String),
}

impl RawHex {
    /// The hex of earth, or why there is none.
    fn hex(&self, field: &str) -> Result<HexId, PositionError> {
        match self {
            RawHex::Axial([q, r]) => grid().id(Hex::new(*q, *r)).ok_or_else(|| {
                perr(format!(
                    "{field}: [{q}, {r}] is not a hex of earth (write its label, such as \"D7\")"
                ))
            }),
            RawHex::Label(text) => text
                .parse::<HexLabel>()
                .map(HexLabel::hex)
                .map_err(|e| perr(format!("{field}: {e}"))),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTile {
    hex: RawHex,
    terrain: String,
    vent: Option<String>,
    #[serde(default)]
    species: BTreeMap<String, u8>,
    #[serde(default)]
    elements: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPawn {
    space: String,
    animal: Option<String>,
    special: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpecial {
    element: String,
    controller: Option<String>,
    target: Option<u32>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawDisplay {
    #[serde(default)]
    abundance: Vec<String>,
    #[serde(default)]
    adaptation: Vec<String>,
    #[serde(default)]
    speciation: Vec<String>,
    #[serde(default)]
    wanderlust: Vec<String>,
    #[serde(default)]
    autotrophs_box: Vec<String>,
    #[serde(default)]
    depletion_box: Vec<String>,
    #[serde(default)]
    regression_box: Vec<String>,
    #[serde(default)]
    regression_cubes: Vec<String>,
    #[serde(default)]
    competition: Vec<String>,
    #[serde(default)]
    evolution: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawCards {
    #[serde(default)]
    row: Vec<String>,
    deck: Option<Vec<String>>,
    #[serde(default)]
    discard: Vec<String>,
    removed: Option<Vec<String>>,
}

fn perr(m: impl Into<String>) -> PositionError {
    PositionError(m.into())
}

fn animal(field: &str, s: &str) -> Result<Animal, PositionError> {
    Animal::parse(s).ok_or_else(|| perr(format!("{field}: unknown animal `{s}`")))
}

fn element(field: &str, s: &str) -> Result<Element, PositionError> {
    Element::parse(s).ok_or_else(|| perr(format!("{field}: unknown element type `{s}`")))
}

fn terrain(field: &str, s: &str) -> Result<Terrain, PositionError> {
    Terrain::parse(s).ok_or_else(|| perr(format!("{field}: unknown terrain `{s}`")))
}

fn card(field: &str, s: &str) -> Result<Card, PositionError> {
    Card::parse(s).ok_or_else(|| perr(format!("{field}: unknown evolution card `{s}`")))
}

fn is_empty_name(s: &str) -> bool {
    matches!(s.trim(), "" | "-" | "none" | "empty")
}

/// Parses a space name: `"<action> <column>"` (1-based), e.g. `"evolution 3"`,
/// or `"bottom-feeder"` (the personal space).
pub fn parse_space(s: &str) -> Option<(Action, u8)> {
    let t = s.trim().to_ascii_lowercase();
    if t == "bottom-feeder" || t == "bottom feeder" {
        return Some((Action::BottomFeeder, 0));
    }
    let (a, n) = t.rsplit_once(' ')?;
    let a = Action::parse(a)?;
    let n: u8 = n.parse().ok()?;
    (n >= 1).then_some((a, n - 1))
}

/// Reads a position.
pub fn read(text: &str) -> Result<State, PositionError> {
    let d = crate::data::try_data().map_err(|e| perr(e.to_string()))?;
    let raw: RawPos = toml::from_str(text).map_err(|e| perr(e.to_string().replace('\n', " ")))?;

    // ---- setup
    let players = match raw.players {
        Some(p) => p,
        None if raw.options.iter().any(|o| o == "two-animals") => 2,
        None if !raw.animal.is_empty() => raw.animal.len(),
        None => 4,
    };
    let mut options: Vec<String> = raw
        .options
        .iter()
        .filter(|o| !o.starts_with("animals="))
        .cloned()
        .collect();
    let two = options.iter().any(|o| o == "two-animals");
    if !raw.animal.is_empty() {
        let mut seats: Vec<(u8, usize, Animal)> = Vec::new();
        for (i, ra) in raw.animal.iter().enumerate() {
            let a = animal(&format!("animal[{i}].name"), &ra.name)?;
            let seat = ra.seat.map(|x| x.saturating_sub(1)).unwrap_or(if two {
                (i % 2) as u8
            } else {
                i as u8
            });
            seats.push((seat, i, a));
        }
        let order: Vec<Animal> = if two {
            let s0: Vec<Animal> = seats.iter().filter(|x| x.0 == 0).map(|x| x.2).collect();
            let s1: Vec<Animal> = seats.iter().filter(|x| x.0 == 1).map(|x| x.2).collect();
            if s0.len() != 2 || s1.len() != 2 {
                return Err(perr("two-animals: seats 1 and 2 need two animals each"));
            }
            vec![s0[0], s1[0], s0[1], s1[1]]
        } else {
            let mut v = seats.clone();
            v.sort();
            for (k, x) in v.iter().enumerate() {
                if x.0 as usize != k {
                    return Err(perr(format!(
                        "animal seats must be 1..={players}, one each"
                    )));
                }
            }
            v.iter().map(|x| x.2).collect()
        };
        let names: Vec<&str> = order.iter().map(|a| a.name()).collect();
        options.push(format!("animals={}", names.join(",")));
    }
    let setup = Setup::parse(players, &options).map_err(|e| perr(e.0))?;
    let seed = raw.seed.unwrap_or(0);
    let mut s = new_game(&setup, seed).map_err(|e| perr(e.0))?;

    // ---- clear what the file describes
    s.earth = Earth::default();
    s.vp = [0; ANIMALS];
    s.disks = [[None; DISKS]; ANIMALS];
    s.traits = [0; ANIMALS];
    s.copied = [None; ANIMALS];
    s.hands = [[None; 4]; ANIMALS];
    s.picks = [0; ANIMALS];
    s.revealed = true;
    s.spaces = ActionDisplay::empty();
    s.personal = [None; ANIMALS];
    s.special_control = [None; ELEMENTS];
    s.special_space = [None; ELEMENTS];
    s.targets = [d.target_start; ELEMENTS];
    s.circles = [[None; crate::data::MAX_CIRCLES]; 4];
    s.boxes = [[0; ELEMENTS]; 3];
    s.squares = [None; crate::data::MAX_SQUARES];
    s.comp_markers = [None; crate::data::MAX_MARKERS];
    s.evo_markers = [None; crate::data::MAX_MARKERS];
    s.row = [None; crate::data::MAX_SLOTS];
    s.food_right = 0;
    s.rng = GameRng::new(seed);
    let mut markers_used = [0u32; 8];

    // ---- animals
    let mut pool_given = [None; ANIMALS];
    let mut pawns_given = [None; ANIMALS];
    let mut elim_given = [None; ANIMALS];
    for (i, ra) in raw.animal.iter().enumerate() {
        let f = format!("animal[{i}]");
        let a = animal(&format!("{f}.name"), &ra.name)?;
        let k = a.index();
        s.vp[k] = ra.vp.unwrap_or(0);
        s.eliminated[k] = ra.eliminated.unwrap_or(0);
        pool_given[k] = ra.pool;
        pawns_given[k] = ra.pawns;
        elim_given[k] = ra.eliminated;
        if let Some(p) = &ra.printed {
            s.printed[k] = [0; ELEMENTS];
            for e in p {
                s.printed[k][element(&format!("{f}.printed"), e)?.index()] += 1;
            }
        }
        for t in &ra.traits {
            let tr =
                Trait::parse(t).ok_or_else(|| perr(format!("{f}.traits: unknown trait `{t}`")))?;
            s.traits[k] |= tr.bit();
        }
        if let Some(c) = &ra.copied {
            s.copied[k] = Some(
                Trait::parse(c).ok_or_else(|| perr(format!("{f}.copied: unknown trait `{c}`")))?,
            );
        }
        let slots: Vec<usize> = s.usable_slots(a).collect();
        if ra.disks.len() > slots.len() {
            return Err(perr(format!(
                "{f}.disks: {} disks but only {} element spaces",
                ra.disks.len(),
                slots.len()
            )));
        }
        for (j, e) in ra.disks.iter().enumerate() {
            let el = element(&format!("{f}.disks"), e)?;
            s.disks[k][slots[j]] = Some(el);
        }
        if ra.retrieved.unwrap_or(false) {
            s.food_right |= a.bit();
        }
        if ra.budding_done.unwrap_or(false) {
            s.budding_done |= a.bit();
        }
    }
    let mut held = 0u32;
    for a in Animal::ALL {
        if s.traits[a.index()] & held != 0 {
            return Err(perr(format!(
                "a trait card is held twice (second holder {a})"
            )));
        }
        held |= s.traits[a.index()];
    }

    // ---- tiles, species, elements
    let mut tiles_used = [0u32; 8];
    let mut vents_used = 0u32;
    for (i, rt) in raw.tile.iter().enumerate() {
        let f = format!("tile[{i}]");
        let h = rt.hex.hex(&format!("{f}.hex"))?;
        if s.earth.tile(h).is_some() {
            return Err(perr(format!("{f}.hex: two tiles on one hex")));
        }
        let base = terrain(&format!("{f}.terrain"), &rt.terrain)?;
        let (base, vent) = match (&rt.vent, base) {
            (Some(v), b) => {
                let face = Face::parse(v)
                    .ok_or_else(|| perr(format!("{f}.vent: use geyser or smoker")))?;
                (
                    if b == Terrain::Vent {
                        Terrain::Ocean
                    } else {
                        b
                    },
                    Some(face),
                )
            }
            (None, Terrain::Vent) => {
                let face = State::half(h).unwrap_or(Face::Geyser);
                (Terrain::Ocean, Some(face))
            }
            (None, b) => (b, None),
        };
        tiles_used[base.index()] += 1;
        if vent.is_some() {
            vents_used += 1;
        }
        s.earth.set_tile(h, Some(Tile { base, vent }));
        for (name, &n) in &rt.species {
            let a = animal(&format!("{f}.species"), name)?;
            if !s.plays(a) {
                return Err(perr(format!("{f}.species: the {a} are not in play")));
            }
            s.earth.add_species(h, a.index(), n);
        }
    }
    for (i, rt) in raw.tile.iter().enumerate() {
        let f = format!("tile[{i}]");
        let h = rt.hex.hex(&format!("{f}.hex"))?;
        for (cn, e) in &rt.elements {
            let c = tile_corner(h, cn).ok_or_else(|| {
                perr(format!(
                    "{f}.elements: `{cn}` is not a corner of {}: name it by the hexes that meet there (such as \"D7/E6/E8\") or by its side of the tile (e, se, sw, w, nw or ne)",
                    HexLabel::of(h)
                ))
            })?;
            let el = element(&format!("{f}.elements.{cn}"), e)?;
            match s.earth.element(c) {
                Some(x) if x as usize == el.index() => {}
                Some(_) => {
                    return Err(perr(format!(
                        "{f}.elements.{cn}: another tile puts a different element on this corner"
                    )))
                }
                None => {
                    s.earth.set_element(c, Some(el.index() as u8));
                }
            }
        }
    }
    for t in Terrain::ALL {
        let total = d.start_tiles.iter().filter(|x| x.1.base == *t).count() as u32
            + d.terrain[t.index()].stack_tiles as u32;
        if tiles_used[t.index()] > total && *t != Terrain::Ocean {
            return Err(perr(format!(
                "tile: {} {t} tiles, the game has {total}",
                tiles_used[t.index()]
            )));
        }
    }
    if vents_used > d.vents_total as u32 {
        return Err(perr(format!(
            "tile: {vents_used} Vents, the game has {}",
            d.vents_total
        )));
    }
    s.vents_left = match raw.vents_left {
        Some(v) => v,
        None => d.vents_total - vents_used as u8,
    };
    if vents_used + s.vents_left as u32 > d.vents_total as u32 {
        return Err(perr("vents_left: more Vents than the game has"));
    }

    // ---- display
    let disp = raw.display.unwrap_or_default();
    for (row, list, name) in [
        (CircleRow::Abundance, &disp.abundance, "abundance"),
        (CircleRow::Adaptation, &disp.adaptation, "adaptation"),
        (CircleRow::Speciation, &disp.speciation, "speciation"),
        (CircleRow::Wanderlust, &disp.wanderlust, "wanderlust"),
    ] {
        let n = d.circles(row.action());
        if list.len() > n {
            return Err(perr(format!("display.{name}: at most {n} elements")));
        }
        for (i, e) in list.iter().enumerate() {
            if is_empty_name(e) {
                continue;
            }
            let el = element(&format!("display.{name}"), e)?;
            s.circles[row as usize][i] = Some(el);
        }
    }
    for (b, list, name) in [
        (0usize, &disp.autotrophs_box, "autotrophs_box"),
        (1, &disp.depletion_box, "depletion_box"),
        (2, &disp.regression_box, "regression_box"),
    ] {
        for e in list {
            let el = element(&format!("display.{name}"), e)?;
            s.boxes[b][el.index()] += 1;
        }
    }
    let nsq = d
        .section_of(Action::Regression)
        .map_or(0, |x| x.squares as usize);
    if disp.regression_cubes.len() > nsq {
        return Err(perr(format!("display.regression_cubes: at most {nsq}")));
    }
    let mut reg_cubes = [0u8; ANIMALS];
    for (i, n) in disp.regression_cubes.iter().enumerate() {
        let a = animal("display.regression_cubes", n)?;
        s.squares[i] = Some(a);
        reg_cubes[a.index()] += 1;
    }
    for (list, name, max, dst) in [
        (
            &disp.competition,
            "competition",
            d.markers(Action::Competition),
            0,
        ),
        (
            &disp.evolution,
            "evolution",
            d.markers(Action::Evolution),
            1,
        ),
    ] {
        if list.len() > max {
            return Err(perr(format!("display.{name}: at most {max} markers")));
        }
        for (i, t) in list.iter().enumerate() {
            if is_empty_name(t) {
                continue;
            }
            let tr = terrain(&format!("display.{name}"), t)?;
            markers_used[tr.index()] += 1;
            if dst == 0 {
                s.comp_markers[i] = Some(tr);
            } else {
                s.evo_markers[i] = Some(tr);
            }
        }
    }
    let ne = d.markers(Action::Evolution);
    sort_markers(&mut s.evo_markers[..ne]);

    // ---- special pawns
    for (i, sp) in raw.special.iter().enumerate() {
        let f = format!("special[{i}]");
        let el = element(&format!("{f}.element"), &sp.element)?;
        if let Some(c) = &sp.controller {
            if !is_empty_name(c) {
                s.special_control[el.index()] = Some(animal(&format!("{f}.controller"), c)?);
            }
        }
        if let Some(t) = sp.target {
            s.targets[el.index()] = t;
        }
    }

    // ---- pawns on the display
    let mut on_display = [0u8; ANIMALS];
    for (i, p) in raw.pawn.iter().enumerate() {
        let f = format!("pawn[{i}]");
        let (act, col) = parse_space(&p.space).ok_or_else(|| {
            perr(format!("{f}.space: `{}`: use \"<action> <column>\" (e.g. \"evolution 3\") or \"bottom-feeder\"", p.space))
        })?;
        let pawn = match (&p.animal, &p.special) {
            (_, Some(e)) => Pawn::Special(element(&format!("{f}.special"), e)?),
            (Some(a), None) => Pawn::Basic(animal(&format!("{f}.animal"), a)?),
            (None, None) => {
                return Err(perr(format!(
                    "{f}: give `animal` (basic pawn) or `special`"
                )))
            }
        };
        let space = if act == Action::BottomFeeder {
            let owner = match (pawn, &p.animal) {
                (Pawn::Basic(a), _) => a,
                (Pawn::Special(_), Some(a)) => animal(&format!("{f}.animal"), a)?,
                (Pawn::Special(e), None) => s.special_control[e.index()].ok_or_else(|| {
                    perr(format!(
                        "{f}: a special pawn on a personal space needs a controller"
                    ))
                })?,
            };
            Space::personal(owner)
        } else {
            let sec = d
                .section_of(act)
                .ok_or_else(|| perr(format!("{f}.space: no such section")))?;
            if col >= sec.len {
                return Err(perr(format!("{f}.space: {act} has {} spaces", sec.len)));
            }
            Space(sec.first + col)
        };
        if s.pawn_at(space).is_some() {
            return Err(perr(format!("{f}.space: two pawns on one space")));
        }
        if space.is_personal() {
            s.personal[space.personal_index()] = Some(pawn);
        } else {
            s.spaces.set(space.index(), Some(pawn));
        }
        match pawn {
            Pawn::Basic(a) => {
                if !s.plays(a) {
                    return Err(perr(format!("{f}.animal: the {a} are not in play")));
                }
                on_display[a.index()] += 1;
            }
            Pawn::Special(e) => {
                if s.special_space[e.index()].is_some() {
                    return Err(perr(format!("{f}.special: the {e} pawn is placed twice")));
                }
                if s.special_control[e.index()].is_none() {
                    return Err(perr(format!(
                        "{f}.special: the {e} pawn has no controller (add a [[special]] entry)"
                    )));
                }
                s.special_space[e.index()] = Some(space);
            }
        }
    }

    // ---- species, pawns
    for a in s.animals().collect::<Vec<_>>() {
        let k = a.index();
        let on_earth = s.earth.species_total(k);
        let used = on_earth + s.eliminated[k] as u32 + reg_cubes[k] as u32 + 1;
        let cubes = d.cubes as u32;
        s.pool[k] = match pool_given[k] {
            Some(p) => p,
            None => cubes
                .checked_sub(used)
                .ok_or_else(|| perr(format!("{a}: more than {cubes} cubes")))?
                as u8,
        };
        if pool_given[k].is_some() && elim_given[k].is_none() {
            // The cubes not accounted for are in the box (eliminated).
            let missing = cubes
                .checked_sub(used + s.pool[k] as u32)
                .ok_or_else(|| perr(format!("{a}: more than {cubes} cubes")))?;
            s.eliminated[k] += missing as u8;
        }
        let used = on_earth + s.eliminated[k] as u32 + reg_cubes[k] as u32 + 1;
        if used + s.pool[k] as u32 > cubes {
            return Err(perr(format!("{a}: more than {cubes} cubes")));
        }
        let total = pawns_given[k].unwrap_or(s.basic_total[k]);
        if total > d.pawns_per_colour || on_display[k] > total {
            return Err(perr(format!(
                "{a}: {total} pawns, {} on the display",
                on_display[k]
            )));
        }
        s.basic_total[k] = total;
        s.basic_avail[k] = total - on_display[k];
    }

    // ---- cards
    let rc = raw.cards.unwrap_or_default();
    let mut seen = [false; 35];
    let mut mark = |c: Card, f: &str| -> Result<(), PositionError> {
        if seen[c.index()] {
            return Err(perr(format!("cards.{f}: {c} appears twice")));
        }
        seen[c.index()] = true;
        Ok(())
    };
    if rc.row.len() > d.slots as usize {
        return Err(perr(format!("cards.row: at most {} slots", d.slots)));
    }
    for (i, n) in rc.row.iter().enumerate() {
        if is_empty_name(n) {
            continue;
        }
        let c = card("cards.row", n)?;
        mark(c, "row")?;
        s.row[i] = Some(c);
    }
    s.discard.clear();
    for n in &rc.discard {
        let c = card("cards.discard", n)?;
        mark(c, "discard")?;
        s.discard.push(c);
    }
    let mut deck_given = None;
    if let Some(dk) = &rc.deck {
        let mut v = Vec::new();
        for n in dk.iter().rev() {
            let c = card("cards.deck", n)?;
            mark(c, "deck")?;
            v.push(c);
        }
        deck_given = Some(v);
    }
    let mut removed_given = None;
    if let Some(rm) = &rc.removed {
        let mut v = Vec::new();
        for n in rm {
            let c = card("cards.removed", n)?;
            mark(c, "removed")?;
            v.push(c);
        }
        removed_given = Some(v);
    }
    let mut rest: Vec<Card> = Card::ALL
        .iter()
        .copied()
        .filter(|c| !seen[c.index()])
        .collect();
    s.rng.shuffle(&mut rest);
    match (deck_given, removed_given) {
        (Some(dk), Some(rm)) => {
            if !rest.is_empty() {
                return Err(perr(format!(
                    "cards: {} cards are nowhere (e.g. {})",
                    rest.len(),
                    rest[0]
                )));
            }
            s.deck = Deck::from_bottom_up(dk);
            s.removed = rm;
        }
        (Some(dk), None) => {
            s.deck = Deck::from_bottom_up(dk);
            s.removed = rest;
        }
        (None, rm) => {
            let asteroid = rest.contains(&Card::Asteroid);
            let mut others: Vec<Card> = rest.into_iter().filter(|&c| c != Card::Asteroid).collect();
            s.removed = match rm {
                Some(r) => r,
                None => {
                    let out = (d.removed[setup.length as usize] as usize).min(others.len());
                    others.split_off(others.len() - out)
                }
            };
            let mut deck = others;
            if asteroid {
                let bottom = deck.len().min(d.bottom_stack as usize) + 1;
                let at = s.rng.index(bottom);
                deck.insert(at, Card::Asteroid);
            }
            s.deck = Deck::from_bottom_up(deck);
        }
    }

    // ---- stacks
    let mut tiles_left = [0u32; 8];
    for t in Terrain::ALL {
        let total = d.start_tiles.iter().filter(|x| x.1.base == *t).count() as u32
            + d.terrain[t.index()].stack_tiles as u32;
        tiles_left[t.index()] = total.saturating_sub(tiles_used[t.index()]);
    }
    s.stacks = Default::default();
    match raw.stacks {
        Some(st) => {
            if st.len() > d.stacks as usize {
                return Err(perr(format!("stacks: at most {} stacks", d.stacks)));
            }
            for (i, list) in st.iter().enumerate() {
                let mut v = Vec::new();
                for n in list.iter().rev() {
                    let t = terrain(&format!("stacks[{i}]"), n)?;
                    if t == Terrain::Vent {
                        return Err(perr(format!("stacks[{i}]: Vents are not in the stacks")));
                    }
                    v.push(t);
                }
                s.stacks[i] = Deck::from_bottom_up(v);
            }
        }
        None => {
            let mut pool: Vec<Terrain> = Vec::new();
            for t in Terrain::ALL {
                for _ in 0..tiles_left[t.index()] {
                    pool.push(*t);
                }
            }
            s.rng.shuffle(&mut pool);
            let room = d.stacks as usize * d.stack_size as usize;
            pool.truncate(room.min(grid().len() - s.earth.tile_count()));
            for (i, t) in pool.into_iter().enumerate() {
                let k = i % (d.stacks as usize).min(MAX_STACKS);
                let mut v = s.stacks[k].cards().to_vec();
                v.push(t);
                s.stacks[k] = Deck::from_bottom_up(v);
            }
        }
    }

    let total_tiles = d.start_tiles.len() + d.stacks as usize * d.stack_size as usize;
    let stacked: usize = s.stacks.iter().map(|x| x.len()).sum();
    s.tiles_out = total_tiles
        .checked_sub(s.earth.tile_count() + stacked)
        .ok_or_else(|| perr("stacks: more large tiles than the game has"))? as u8;

    // ---- bags
    let mut bag = [0u16; ELEMENTS];
    for e in 0..ELEMENTS {
        let total = d.elements_per_type as u32;
        let all = elements_used_total(&s, e);
        if all > total {
            return Err(perr(format!(
                "{}: {all} disks in play, the game has {total}",
                Element::ALL[e]
            )));
        }
        bag[e] = (total - all) as u16;
    }
    s.bag = Bag::from_counts(bag);
    let mut mb = [0u16; 8];
    for t in Terrain::ALL {
        let total = d.terrain[t.index()].markers as u32;
        if markers_used[t.index()] > total {
            return Err(perr(format!(
                "display: {} {t} markers, the game has {total}",
                markers_used[t.index()]
            )));
        }
        mb[t.index()] = (total - markers_used[t.index()]) as u16;
    }
    s.marker_bag = Bag::from_counts(mb);

    // ---- traits box, turn
    s.trait_box = Trait::ALL
        .iter()
        .copied()
        .filter(|t| held & t.bit() == 0)
        .collect();
    s.reseeds = raw.reseeds.unwrap_or(0);
    s.last_round = raw.last_round.unwrap_or(false);
    s.cur = match &raw.turn {
        Some(t) => animal("turn", t)?,
        None => s.first_animal(),
    };
    if !s.plays(s.cur) {
        return Err(perr(format!("turn: the {} are not in play", s.cur)));
    }
    s.stack = vec![Decision::Turn { a: s.cur }];
    s.over = false;
    s.moved = [0; eons_earth::HEXES];
    Ok(s)
}

/// A corner of the tile on `h`, named by its label (`"D7/E6/E8"`, any form
/// [`CornerLabel`] reads, such as the older `"(0,0).se"`) or by its side of
/// the tile (`"se"`); `None` when it names no corner of that tile.
fn tile_corner(h: HexId, name: &str) -> Option<CornerId> {
    let corners = grid().corners_of(h);
    if let Some(k) = crate::types::parse_corner_name(name) {
        return corners.get(k).copied();
    }
    let c = name.parse::<CornerLabel>().ok()?.corner();
    corners.contains(&c).then_some(c)
}

/// Elements of one type anywhere outside the bag.
fn elements_used_total(s: &State, e: usize) -> u32 {
    let mut n = s.earth.element_totals()[e] as u32;
    for a in 0..ANIMALS {
        n += s.disks[a]
            .iter()
            .filter(|d| d.map(|x| x.index()) == Some(e))
            .count() as u32;
    }
    for row in &s.circles {
        n += row
            .iter()
            .filter(|d| d.map(|x| x.index()) == Some(e))
            .count() as u32;
    }
    for b in &s.boxes {
        n += b[e] as u32;
    }
    n
}

fn q(s: &str) -> String {
    format!("\"{s}\"")
}

fn list<T: AsRef<str>>(v: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = v.into_iter().map(|x| q(x.as_ref())).collect();
    format!("[{}]", items.join(", "))
}

/// Writes a position that [`read`] reads back. Mid-action states are written
/// as the start of the current animal's turn (pending steps are not kept).
pub fn write(s: &State) -> String {
    let d = data();
    let mut o = String::new();
    let _ = writeln!(
        o,
        "# Dominant Species: Marine position (see crates/marine/POSITIONS.md)"
    );
    let _ = writeln!(o, "game = \"marine\"");
    let _ = writeln!(o, "players = {}", s.setup.players);
    let opts: Vec<String> = s
        .setup
        .options()
        .into_iter()
        .filter(|o| !o.starts_with("animals="))
        .collect();
    let _ = writeln!(o, "options = {}", list(&opts));
    let _ = writeln!(o, "seed = 0");
    let _ = writeln!(o, "turn = {}", q(s.cur.name()));
    let _ = writeln!(o, "reseeds = {}", s.reseeds);
    let _ = writeln!(o, "last_round = {}", s.last_round);
    let _ = writeln!(o, "vents_left = {}", s.vents_left);
    let stacks: Vec<String> = (0..d.stacks as usize)
        .map(|i| list(s.stacks[i].cards().iter().rev().map(|t| t.name())))
        .collect();
    let _ = writeln!(o, "stacks = [{}]", stacks.join(", "));
    for a in s.animals() {
        let k = a.index();
        let _ = writeln!(o, "\n[[animal]]");
        let _ = writeln!(o, "name = {}", q(a.name()));
        let _ = writeln!(o, "seat = {}", s.owner[k] + 1);
        let _ = writeln!(o, "vp = {}", s.vp[k]);
        let _ = writeln!(o, "pool = {}", s.pool[k]);
        let _ = writeln!(o, "eliminated = {}", s.eliminated[k]);
        let _ = writeln!(o, "pawns = {}", s.basic_total[k]);
        let printed: Vec<&str> = Element::ALL
            .iter()
            .flat_map(|e| std::iter::repeat_n(e.name(), s.printed[k][e.index()] as usize))
            .collect();
        let _ = writeln!(o, "printed = {}", list(printed));
        let disks: Vec<&str> = s
            .usable_slots(a)
            .filter_map(|i| s.disks[k][i])
            .map(|e| e.name())
            .collect();
        let _ = writeln!(o, "disks = {}", list(disks));
        let traits: Vec<&str> = s.held_traits(a).map(|t| t.name()).collect();
        let _ = writeln!(o, "traits = {}", list(traits));
        if let Some(c) = s.copied[k] {
            let _ = writeln!(o, "copied = {}", q(c.name()));
        }
        let _ = writeln!(o, "retrieved = {}", s.food_right & a.bit() != 0);
        let _ = writeln!(o, "budding_done = {}", s.budding_done & a.bit() != 0);
    }
    let mut written = [false; 256];
    for (h, t) in s.earth.tiles() {
        let _ = writeln!(o, "\n[[tile]]");
        let _ = writeln!(o, "hex = {}", q(&HexLabel::of(h).to_string()));
        let _ = writeln!(o, "terrain = {}", q(t.base.name()));
        if let Some(f) = t.vent {
            let _ = writeln!(o, "vent = {}", q(f.name()));
        }
        let sp: Vec<String> = s
            .animals()
            .filter(|a| s.earth.species(h, a.index()) > 0)
            .map(|a| format!("{} = {}", a.name(), s.earth.species(h, a.index())))
            .collect();
        let _ = writeln!(o, "species = {{ {} }}", sp.join(", "));
        let mut els = Vec::new();
        for c in grid().corners_of(h) {
            if let Some(e) = s.earth.element(c) {
                if !written[c.0 as usize] {
                    written[c.0 as usize] = true;
                    els.push(format!(
                        "{} = {}",
                        q(&CornerLabel::of(c).to_string()),
                        q(crate::state::element_of(e).name())
                    ));
                }
            }
        }
        let _ = writeln!(o, "elements = {{ {} }}", els.join(", "));
    }
    for e in Element::ALL {
        if s.special_control[e.index()].is_some() || s.targets[e.index()] != d.target_start {
            let _ = writeln!(o, "\n[[special]]");
            let _ = writeln!(o, "element = {}", q(e.name()));
            if let Some(a) = s.special_control[e.index()] {
                let _ = writeln!(o, "controller = {}", q(a.name()));
            }
            let _ = writeln!(o, "target = {}", s.targets[e.index()]);
        }
    }
    let n = d.spaces.len();
    for sp in (0..n).map(Space::display).chain(Space::personal_spaces()) {
        let Some(p) = s.pawn_at(sp) else { continue };
        let name = if sp.is_personal() {
            "bottom-feeder".to_string()
        } else {
            let def = &d.spaces[sp.index()];
            format!("{} {}", def.action.name(), def.col + 1)
        };
        let _ = writeln!(o, "\n[[pawn]]");
        let _ = writeln!(o, "space = {}", q(&name));
        match p {
            Pawn::Basic(a) => {
                let _ = writeln!(o, "animal = {}", q(a.name()));
            }
            Pawn::Special(e) => {
                let _ = writeln!(o, "special = {}", q(e.name()));
                if sp.is_personal() {
                    let owner = Animal::ALL[sp.personal_index()];
                    let _ = writeln!(o, "animal = {}", q(owner.name()));
                }
            }
        }
    }
    let _ = writeln!(o, "\n[display]");
    let circ = |row: CircleRow| -> String {
        list(
            s.circles[row as usize][..d.circles(row.action())]
                .iter()
                .map(|e| e.map_or("-", |e| e.name())),
        )
    };
    let _ = writeln!(o, "abundance = {}", circ(CircleRow::Abundance));
    let _ = writeln!(o, "adaptation = {}", circ(CircleRow::Adaptation));
    let _ = writeln!(o, "speciation = {}", circ(CircleRow::Speciation));
    let _ = writeln!(o, "wanderlust = {}", circ(CircleRow::Wanderlust));
    for (b, name) in [
        (0, "autotrophs_box"),
        (1, "depletion_box"),
        (2, "regression_box"),
    ] {
        let v: Vec<&str> = Element::ALL
            .iter()
            .flat_map(|e| std::iter::repeat_n(e.name(), s.boxes[b][e.index()] as usize))
            .collect();
        let _ = writeln!(o, "{name} = {}", list(v));
    }
    let cubes: Vec<&str> = s.squares.iter().flatten().map(|a| a.name()).collect();
    let _ = writeln!(o, "regression_cubes = {}", list(cubes));
    let _ = writeln!(
        o,
        "competition = {}",
        list(
            s.comp_markers[..d.markers(Action::Competition)]
                .iter()
                .map(|t| t.map_or("-", |t| t.name()))
        )
    );
    let _ = writeln!(
        o,
        "evolution = {}",
        list(
            s.evo_markers[..d.markers(Action::Evolution)]
                .iter()
                .map(|t| t.map_or("-", |t| t.name()))
        )
    );
    let _ = writeln!(o, "\n[cards]");
    let _ = writeln!(
        o,
        "row = {}",
        list(
            s.row[..d.slots as usize]
                .iter()
                .map(|c| c.map_or("-", |c| c.name()))
        )
    );
    let _ = writeln!(
        o,
        "deck = {}",
        list(s.deck.cards().iter().rev().map(|c| c.name()))
    );
    let _ = writeln!(o, "discard = {}", list(s.discard.iter().map(|c| c.name())));
    let _ = writeln!(o, "removed = {}", list(s.removed.iter().map(|c| c.name())));
    o
}

/// The index of a display space by name (`"evolution 3"`), as used by
/// [`Choice::Place`](crate::Choice::Place); `None` for an unknown name.
pub fn space_index(name: &str) -> Option<Space> {
    let (act, col) = parse_space(name)?;
    let sec = data().section_of(act)?;
    (col < sec.len).then_some(Space(sec.first + col))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = include_str!("../POSITIONS.md");

    fn example() -> &'static str {
        let start = EXAMPLE.find("```toml\n").map(|i| i + 8).unwrap_or(0);
        let end = EXAMPLE[start..]
            .find("```")
            .map(|i| start + i)
            .unwrap_or(EXAMPLE.len());
        &EXAMPLE[start..end]
    }

    #[test]
    fn documented_example_loads_and_continues() {
        let s = read(example()).expect("the POSITIONS.md example loads");
        s.invariants().expect("consistent");
        assert_eq!(s.cur, Animal::Fishes);
        assert_eq!(s.earth.tile_count(), 3);
        assert_eq!(s.pool[Animal::Fishes.index()], 35 - 1 - 5);
        assert_eq!(s.basic_avail[Animal::Reptiles.index()], 4);
        assert_eq!(
            s.special_space[Element::Sun.index()],
            space_index("evolution 3")
        );
        assert_eq!(s.deck.len(), 35 - 6 - 10);
    }

    #[test]
    fn written_positions_read_back() {
        let mut s = read(example()).expect("loads");
        let text = write(&s);
        let back = read(&text).expect("written position loads");
        s.rng = back.rng.clone();
        assert_eq!(back, s, "\n{text}");
    }

    /// The documented example, as files were written before the labels:
    /// axial coordinates and corners by their side of the tile.
    const OLD_STYLE_TILES: &str = r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { reptiles = 2, cephalopods = 3, fishes = 1 }
elements = { e = "sponges", se = "sun", sw = "worms", w = "plankton", nw = "algae", ne = "gastropods" }

[[tile]]
hex = [0, 1]
terrain = "ocean"
species = { fishes = 4 }

[[tile]]
hex = [0, 3]
terrain = "ocean"
vent = "smoker"
"#;

    /// The example with its tiles written the old way.
    fn old_style_example() -> String {
        let text = example();
        let first = text.find("[[tile]]").expect("tiles");
        let after = text.find("[[special]]").expect("specials");
        format!("{}{OLD_STYLE_TILES}\n{}", &text[..first], &text[after..])
    }

    #[test]
    fn positions_written_before_the_labels_still_read() {
        let new = read(example()).expect("labels");
        let old = read(&old_style_example()).expect("axial coordinates");
        assert_eq!(old, new);
        // The older corner names of `eons check` files read too.
        let text = old_style_example()
            .replace("e = \"sponges\"", "\"(0,0).e\" = \"sponges\"")
            .replace("se = \"sun\"", "\"W(1,0)\" = \"sun\"");
        assert_ne!(text, old_style_example());
        assert_eq!(read(&text).expect("old corner names"), new);
    }

    #[test]
    fn positions_are_written_with_the_boards_labels() {
        let text = write(&read(example()).expect("loads"));
        assert!(text.contains("hex = \"D7\""), "{text}");
        assert!(text.contains("\"D7/E6/E8\" = \"sponges\""), "{text}");
        assert!(text.contains("hex = \"D13\""), "{text}");
        assert!(!text.contains("hex = ["), "{text}");
    }

    #[test]
    fn a_corner_must_touch_its_tile() {
        let e = read(
            "[[tile]]\nhex = \"D7\"\nterrain = \"reef\"\nelements = { \"A4 west\" = \"sun\" }",
        )
        .unwrap_err();
        assert!(e.0.contains("not a corner of D7"), "{e}");
        let e = read("[[tile]]\nhex = \"D8\"\nterrain = \"reef\"").unwrap_err();
        assert!(e.0.contains("tile[0].hex"), "{e}");
    }

    #[test]
    fn bad_positions_name_the_problem() {
        let e = read("[[tile]]\nhex = [9, 9]\nterrain = \"reef\"").unwrap_err();
        assert!(e.0.contains("tile[0].hex"), "{e}");
        let e = read("[[pawn]]\nspace = \"evolution 9\"\nanimal = \"fishes\"").unwrap_err();
        assert!(e.0.contains("pawn[0].space"), "{e}");
        let e = read("bogus = 1").unwrap_err();
        assert!(e.0.contains("bogus"), "{e}");
        let e = read("[[tile]]\nhex = [0, 0]\nterrain = \"reef\"\nspecies = { reptiles = 40 }")
            .unwrap_err();
        assert!(e.0.contains("cubes"), "{e}");
    }
}
