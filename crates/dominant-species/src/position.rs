//! The human-editable position format (TOML), documented in `POSITIONS.md`.
//!
//! A position is a mid-game state written by hand: tiles, species,
//! elements, animal displays, the action display, cards, VP and the phase
//! to continue from. Everything left out gets a sensible default (see the
//! doc), and every count is checked against the components in the box.

use crate::data::*;
use crate::queries::board_id;
use crate::space::Space;
use crate::state::*;
use eons_core::{Bag, Corner, Deck, GameRng, Hex, HexId, PositionError};
use eons_earth::{grid, CornerLabel, Earth, ElementCounts, HexLabel, HEXES};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn err<T>(msg: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError(msg.into()))
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default, skip_serializing)]
    game: Option<String>,
    #[serde(default, skip_serializing, rename = "choices")]
    _choices: Option<toml::Value>,
    players: u8,
    #[serde(default)]
    animals: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    multi_animal: bool,
    #[serde(default)]
    seed: u64,
    #[serde(default = "one")]
    turn: u16,
    #[serde(default = "planning")]
    phase: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    next: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    initiative: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    dominated: Vec<HexEntry>,
    #[serde(default)]
    tiles: Vec<TileEntry>,
    #[serde(default)]
    elements: Vec<ElementEntry>,
    #[serde(default)]
    animal: BTreeMap<String, AnimalEntry>,
    #[serde(default)]
    display: DisplayEntry,
    #[serde(default)]
    cards: CardsEntry,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hibernated: Option<HibernatedEntry>,
}

/// A hex in a position file: its label (`"D7"`), or the axial coordinates
/// files were written in before the labels (`[0, 0]`, `"(0,0)"`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
enum HexEntry {
    /// `"D7"`, or `"(0,0)"`.
    Label(String),
    /// `[q, r]`.
    Axial([i8; 2]),
}

impl HexEntry {
    /// The entry of a hex of the grid: its label.
    fn of(h: Hex) -> HexEntry {
        HexEntry::Label(crate::texts::hex_label(h))
    }

    /// The board hex named, or why it is none (`what` says where it was read).
    fn board(&self, what: &str) -> Result<(Hex, HexId), PositionError> {
        let h = match self {
            HexEntry::Axial([q, r]) => Hex::new(*q, *r),
            HexEntry::Label(text) if !short_numbers(text) => {
                return err(format!("{what}: \"{text}\" is not a hex of earth"))
            }
            HexEntry::Label(text) => match text.parse::<HexLabel>() {
                Ok(l) => grid().hex(l.hex()),
                Err(e) => return err(format!("{what}: {e}")),
            },
        };
        match board_id(h) {
            Some(id) => Ok((h, id)),
            None => err(format!("{what}: {} is not a hex of the board", self.text())),
        }
    }

    /// The entry as written.
    fn text(&self) -> String {
        match self {
            HexEntry::Axial([q, r]) => format!("[{q}, {r}]"),
            HexEntry::Label(t) => t.clone(),
        }
    }
}

/// True when no number in `text` has more than three digits: no label or
/// coordinate of earth has, and the label parser is kept from arithmetic on
/// numbers it was not made for.
fn short_numbers(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .all(|digits| digits.len() <= 3)
}

fn one() -> u16 {
    1
}
fn planning() -> String {
    "planning".into()
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileEntry {
    hex: HexEntry,
    terrain: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    species: BTreeMap<String, u8>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ElementEntry {
    corner: String,
    element: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnimalEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    elements: Option<Vec<String>>,
    #[serde(default)]
    vp: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    supply: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    gene_pool: Option<u8>,
    #[serde(default)]
    eliminated: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    boxed: Option<u8>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DisplayEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    adaptation: Option<Vec<String>>,
    #[serde(default)]
    regression_box: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    abundance: Option<Vec<String>>,
    #[serde(default)]
    wasteland_box: Vec<String>,
    #[serde(default)]
    depletion_box: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    wanderlust: Option<Vec<String>>,
    #[serde(default)]
    aps: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tundra_left: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stacks: Option<Vec<Vec<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    face_up: Option<Vec<bool>>,
}

/// Species the Hibernation card brought back this turn: immune to this turn's
/// Extinction (p.19).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct HibernatedEntry {
    hex: HexEntry,
    animal: String,
    count: u8,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    available: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deck: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    played: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    survival: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    ice_age: bool,
}

fn animal(s: &str) -> Result<Animal, PositionError> {
    Animal::parse(s).ok_or_else(|| PositionError(format!("unknown animal `{s}`")))
}
fn element(s: &str) -> Result<Element, PositionError> {
    Element::parse(s).ok_or_else(|| PositionError(format!("unknown element `{s}`")))
}
fn terrain(s: &str) -> Result<Terrain, PositionError> {
    Terrain::parse(s).ok_or_else(|| PositionError(format!("unknown terrain `{s}`")))
}
fn card(s: &str) -> Result<Card, PositionError> {
    Card::parse(s).ok_or_else(|| PositionError(format!("unknown card `{s}`")))
}
fn counts(v: &[String]) -> Result<ElementCounts, PositionError> {
    let mut c = [0u8; 6];
    for x in v {
        let n = &mut c[element(x)?.index()];
        *n = n.saturating_add(1);
    }
    Ok(c)
}
fn names(c: &ElementCounts) -> Vec<String> {
    let mut v = Vec::new();
    for e in Element::ALL {
        for _ in 0..c[e.index()] {
            v.push(e.name().to_string());
        }
    }
    v
}

/// Parses a corner: its label (`D7/E6/E8`, `A4 west`), or the forms files
/// were written in before the labels: `E(q,r)`, `W(q,r)`, `(q,r).se`, or
/// three hexes `(q,r)/(q,r)/(q,r)`.
pub fn parse_corner(s: &str) -> Option<Corner> {
    if !short_numbers(s) {
        return None;
    }
    if let Ok(l) = s.parse::<CornerLabel>() {
        return Some(grid().corner(l.corner()));
    }
    let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    let nums = |x: &str| -> Option<Vec<i8>> {
        x.split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .filter(|p| !p.is_empty())
            .map(|p| p.parse::<i8>().ok().filter(|v| v.abs() <= 20))
            .collect()
    };
    if let Some(rest) = t
        .strip_prefix(['E', 'e'])
        .or_else(|| t.strip_prefix(['W', 'w']))
    {
        let n = nums(rest)?;
        if n.len() != 2 {
            return None;
        }
        let h = Hex::new(n[0], n[1]);
        return Some(if t.starts_with(['E', 'e']) {
            Corner::east(h)
        } else {
            Corner::west(h)
        });
    }
    let n = nums(&t)?;
    if n.len() != 6 {
        return None;
    }
    let hs = [
        Hex::new(n[0], n[1]),
        Hex::new(n[2], n[3]),
        Hex::new(n[4], n[5]),
    ];
    hs[0].corners().into_iter().find(|c| {
        let mut a = c.hexes();
        let mut b = hs;
        a.sort();
        b.sort();
        a == b
    })
}

fn step_for(phase: &str) -> Result<Step, PositionError> {
    Ok(match phase.trim().to_ascii_lowercase().as_str() {
        "planning" => Step::Planning,
        "initiative" | "execution" => Step::Space(Space(0)),
        "adaptation" => Step::Space(Space(1)),
        "regression" => Step::Regression(0),
        "abundance" => Step::Space(Space(6)),
        "wasteland" => Step::Space(Space(8)),
        "depletion" => Step::Space(Space(9)),
        "glaciation" => Step::Space(Space(10)),
        "speciation" => Step::Space(Space(14)),
        "wanderlust" => Step::Space(Space(20)),
        "migration" => Step::Space(Space(23)),
        "competition" => Step::ArachnidCompetition,
        "domination" => Step::Space(Space(36)),
        "reset" | "extinction" => Step::Extinction,
        "survival" => Step::Survival,
        other => {
            return err(format!(
                "unknown phase `{other}` (planning, a section name such as speciation, or reset)"
            ))
        }
    })
}

fn phase_for(step: Step) -> &'static str {
    match step {
        Step::Planning => "planning",
        Step::Space(Space(0)) => "initiative",
        Step::Space(Space(1..=3)) => "adaptation",
        Step::Regression(_) | Step::Space(Space(4..=5)) => "regression",
        Step::Space(Space(6..=7)) => "abundance",
        Step::Space(Space(8)) | Step::WastelandAuto => "wasteland",
        Step::Space(Space(9)) => "depletion",
        Step::Space(Space(10..=13)) => "glaciation",
        Step::Space(Space(14..=19)) | Step::InsectSpeciation => "speciation",
        Step::Space(Space(20..=22)) => "wanderlust",
        Step::Space(Space(23..=28)) => "migration",
        Step::ArachnidCompetition => "competition",
        Step::Space(Space(29..=35)) => "competition",
        Step::Space(_) => "domination",
        Step::Extinction => "reset",
        Step::Survival | Step::Reseed | Step::FinalScoring | Step::Over => "survival",
    }
}

/// Reads a position and brings it to its first decision.
pub fn read(text: &str) -> Result<State, PositionError> {
    read_with_events(text).map(|(s, _)| s)
}

/// Reads a position and brings it to its first decision; the events of the
/// forced steps run on the way.
pub fn read_with_events(text: &str) -> Result<(State, Vec<Event>), PositionError> {
    let tables = try_data().map_err(|e| PositionError(e.to_string()))?;
    let f: File = toml::from_str(text).map_err(|e| PositionError(e.message().to_string()))?;
    if let Some(g) = &f.game {
        if g != "ds" {
            return err(format!("this position is for `{g}`, not `ds`"));
        }
    }
    let p = f.players as usize;
    let animals: Vec<Animal> = f
        .animals
        .iter()
        .map(|a| animal(a))
        .collect::<Result<_, _>>()?;
    let setup = Setup {
        players: f.players,
        animals: animals.clone(),
        multi_animal: f.multi_animal,
        random_earth: false,
    };
    if animals.is_empty() {
        return err("list the animals in seat order: animals = [\"mammals\", ...]");
    }
    // Start from a standard setup for the pieces per player count, then overwrite.
    let mut s = State::new(&setup, f.seed).map_err(|e| PositionError(e.0))?;
    let (aps, cubes) = pieces(if f.multi_animal { 6 } else { p });
    s.turn = f.turn;
    s.rng = GameRng::new(f.seed);
    // Earth.
    s.earth = Earth::default();
    let mut seen = [false; HEXES];
    for t in &f.tiles {
        let (h, id) = t.hex.board("tiles")?;
        let h = crate::texts::hex_label(h);
        if std::mem::replace(&mut seen[id.0 as usize], true) {
            return err(format!("tile {h} listed twice"));
        }
        s.earth.set_tile(id, Some(terrain(&t.terrain)?));
        for (a, &n) in &t.species {
            let a = animal(a)?;
            if !animals.contains(&a) {
                return err(format!("{a} on {h} are not in the game"));
            }
            s.earth.add_species(id, a.index(), n);
        }
    }
    for e in &f.elements {
        let Some(c) = parse_corner(&e.corner) else {
            return err(format!(
                "cannot read corner `{}`: write the hexes that meet there, such as D7/E6/E8 or G6/G8 east, or a hex and a side, such as A4 west",
                e.corner
            ));
        };
        let Some(id) = grid().corner_id(c) else {
            return err(format!("corner {} is off the board", e.corner));
        };
        let c = CornerLabel::of(id);
        if !s.earth.corner_of_earth(id) {
            return err(format!("corner {c} touches no tile"));
        }
        if s.earth.element(id).is_some() {
            return err(format!("corner {c} holds two elements"));
        }
        s.earth
            .set_element(id, Some(element(&e.element)?.index() as u8));
    }
    // Action display.
    s.spaces = [None; crate::space::SPACES];
    for (label, who) in &f.display.aps {
        let Some(sp) = Space::parse(label) else {
            return err(format!("unknown space `{label}` (write it like \"Speciation (meat)\", \"Migration 7\", \"Adaptation 1\")"));
        };
        s.spaces[sp.0 as usize] = Some(animal(who)?);
    }
    let d = &f.display;
    s.adaptation = match &d.adaptation {
        Some(v) => counts(v)?,
        None => s.adaptation,
    };
    s.abundance = match &d.abundance {
        Some(v) => counts(v)?,
        None => s.abundance,
    };
    s.wanderlust = match &d.wanderlust {
        Some(v) => counts(v)?,
        None => s.wanderlust,
    };
    s.regression_box = counts(&d.regression_box)?;
    s.wasteland_box = counts(&d.wasteland_box)?;
    s.depletion_box = counts(&d.depletion_box)?;
    let tundra_on_earth = s
        .earth
        .tiles()
        .filter(|(_, t)| *t == Terrain::Tundra)
        .count() as u8;
    if tundra_on_earth > tables.tundra_tiles {
        return err("more than 12 tundra tiles");
    }
    s.tundra_left = d
        .tundra_left
        .unwrap_or(tables.tundra_tiles - tundra_on_earth);
    if u32::from(s.tundra_left) + u32::from(tundra_on_earth) > u32::from(tables.tundra_tiles) {
        return err("tundra_left plus tundra tiles on earth exceed 12");
    }
    // Wanderlust stacks: given top first, or the remaining tiles shuffled.
    let mut pool: Vec<Terrain> = tables
        .large_tiles
        .iter()
        .flat_map(|&(t, k)| std::iter::repeat_n(t, k as usize))
        .collect();
    for (_, t) in s.earth.tiles() {
        let t = if t == Terrain::Tundra {
            Terrain::Sea
        } else {
            t
        };
        let pos =
            pool.iter()
                .position(|&x| x == t)
                .or(if pool.is_empty() { None } else { Some(0) });
        match pos {
            Some(i) => {
                pool.swap_remove(i);
            }
            None => return err("more large tiles on earth than the 31 in the box"),
        }
    }
    match &d.stacks {
        Some(st) => {
            if st.len() != 3 {
                return err("stacks must list three stacks (top first)");
            }
            for (i, v) in st.iter().enumerate() {
                let mut tiles: Vec<Terrain> =
                    v.iter().map(|t| terrain(t)).collect::<Result<_, _>>()?;
                if tiles.contains(&Terrain::Tundra) {
                    return err("Wanderlust stacks hold large tiles, not tundra");
                }
                tiles.reverse();
                s.stacks[i] = Deck::from_bottom_up(tiles);
            }
        }
        None => {
            s.rng.shuffle(&mut pool);
            pool.truncate(24);
            for i in 0..3 {
                let chunk: Vec<Terrain> = pool.iter().skip(i * 8).take(8).copied().collect();
                s.stacks[i] = Deck::from_bottom_up(chunk);
            }
        }
    }
    s.face_up = match &d.face_up {
        Some(v) if v.len() == 3 => [v[0], v[1], v[2]],
        Some(_) => return err("face_up must list three booleans"),
        None => [true; 3],
    };
    for i in 0..3 {
        s.face_up[i] &= !s.stacks[i].is_empty();
    }
    // Animals.
    for name in f.animal.keys() {
        let a = animal(name)?;
        if !animals.contains(&a) {
            return err(format!("[animal.{name}]: not in the game"));
        }
    }
    for &a in &animals {
        let entry = f
            .animal
            .iter()
            .find(|(k, _)| Animal::parse(k) == Some(a))
            .map(|(_, v)| v);
        let default = AnimalEntry::default();
        let e = entry.unwrap_or(&default);
        let st = &mut s.animals[a.index()];
        let mut added = [0u8; 6];
        if let Some(els) = &e.elements {
            let mut all = counts(els)?;
            let d = a.element().index();
            if all[d] < a.default_count() {
                return err(format!(
                    "{a}: the display must include its {} default {} elements",
                    a.default_count(),
                    a.element()
                ));
            }
            all[d] -= a.default_count();
            added = all;
        }
        if u32::from(a.default_count()) + added.iter().map(|&n| u32::from(n)).sum::<u32>() > 6 {
            return err(format!("{a}: more than six elements (p.10)"));
        }
        st.added = added;
        st.vp = e.vp;
        st.eliminated = e.eliminated;
        let on_display = s.spaces.iter().filter(|x| **x == Some(a)).count() as u8;
        st.supply = match e.supply {
            Some(n) => n,
            None => aps.saturating_sub(on_display),
        };
        st.boxed = match e.boxed {
            Some(n) => n,
            None => tables
                .cylinders
                .saturating_sub(st.supply.saturating_add(on_display)),
        };
        if u32::from(st.supply) + u32::from(st.boxed) + u32::from(on_display)
            > u32::from(tables.cylinders)
        {
            return err(format!("{a}: more than 10 APs in all (p.2)"));
        }
        let on_earth = s.earth.species_total(a.index());
        // One of the animal's cubes is its VP marker (p.5: "take one to use
        // as a VP marker"); the rest are on earth, in the gene pool or
        // eliminated, and never more than the animal has.
        let outside_pool = on_earth + u32::from(st.eliminated) + 1;
        st.gene_pool = match e.gene_pool {
            Some(n) => n,
            None => u32::from(cubes).saturating_sub(outside_pool) as u8,
        };
        if outside_pool + u32::from(st.gene_pool) > u32::from(cubes) {
            return err(format!(
                "{a}: {on_earth} species on earth, {} in the gene pool, {} eliminated and the VP marker exceed the {cubes} cubes",
                st.gene_pool, st.eliminated
            ));
        }
    }
    // Initiative.
    if !f.initiative.is_empty() {
        let order: Vec<Animal> = f
            .initiative
            .iter()
            .map(|a| animal(a))
            .collect::<Result<_, _>>()?;
        let mut sorted = order.clone();
        sorted.sort();
        let mut expect = animals.clone();
        expect.sort();
        if sorted != expect {
            return err("initiative must list every animal in the game once");
        }
        s.initiative[..order.len()].copy_from_slice(&order);
    }
    // Cards.
    let c = &f.cards;
    let available: Vec<Card> = match &c.available {
        Some(v) => v.iter().map(|x| card(x)).collect::<Result<_, _>>()?,
        None => s.available.iter().flatten().copied().collect(),
    };
    if available.len() > 5 {
        return err("at most five available cards");
    }
    let played: Vec<Card> = match &c.played {
        Some(v) => v.iter().map(|x| card(x)).collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let deck: Vec<Card> = match &c.deck {
        Some(v) => {
            let mut d: Vec<Card> = v.iter().map(|x| card(x)).collect::<Result<_, _>>()?;
            d.reverse();
            d
        }
        None => {
            let mut rest: Vec<Card> = Card::ALL
                .into_iter()
                .filter(|k| *k != Card::IceAge && !available.contains(k) && !played.contains(k))
                .collect();
            s.rng.shuffle(&mut rest);
            if !available.contains(&Card::IceAge) && !played.contains(&Card::IceAge) {
                rest.insert(0, Card::IceAge);
            }
            rest
        }
    };
    let played = if c.played.is_none() {
        Card::ALL
            .into_iter()
            .filter(|k| !available.contains(k) && !deck.contains(k))
            .collect()
    } else {
        played
    };
    let mut all: Vec<Card> = available
        .iter()
        .chain(&deck)
        .chain(&played)
        .copied()
        .collect();
    all.sort();
    if all != Card::ALL.to_vec() {
        return err("every Dominance card must be exactly once in available, deck or played");
    }
    s.available = [None; 5];
    for (i, k) in available.into_iter().enumerate() {
        s.available[i] = Some(k);
    }
    s.deck = Deck::from_bottom_up(deck);
    s.played = played.into_iter().collect();
    s.survival = match &c.survival {
        Some(a) => Some(animal(a)?),
        None => None,
    };
    s.ice_age = c.ice_age;
    s.dominated = 0;
    for d in &f.dominated {
        let (_, id) = d.board("dominated")?;
        s.dominated |= 1 << id.0;
    }
    // The bag holds every element not seen elsewhere.
    let mut bag = [tables.elements_per_type as i32; 6];
    let mut take = |c: &ElementCounts| {
        for e in 0..6 {
            bag[e] -= c[e] as i32;
        }
    };
    take(&s.earth.element_totals());
    for a in Animal::ALL {
        take(&s.animals[a.index()].added);
    }
    for b in [
        s.adaptation,
        s.regression_box,
        s.abundance,
        s.wasteland_box,
        s.depletion_box,
        s.wanderlust,
    ] {
        take(&b);
    }
    if let Some(e) = (0..6).find(|&e| bag[e] < 0) {
        return err(format!("more than 20 {} elements in play", Element::ALL[e]));
    }
    s.bag = Bag::from_counts(std::array::from_fn(|e| bag[e] as u16));
    // Where to continue.
    s.hibernated = match &f.hibernated {
        None => None,
        Some(e) => {
            let (h, id) = e.hex.board("hibernated")?;
            let h = crate::texts::hex_label(h);
            let a = animal(&e.animal)?;
            if !animals.contains(&a) {
                return err(format!("hibernated: {a} are not in the game"));
            }
            if e.count == 0 || e.count > 5 {
                return err("hibernated: count is 1 to 5 (the card places up to 5, p.19)");
            }
            let there = s.earth.species(id, a.index());
            if e.count > there {
                return err(format!(
                    "hibernated: {} {} species on {h}, but only {there} there",
                    e.count,
                    crate::texts::singular(a)
                ));
            }
            Some((id, a, e.count))
        }
    };
    s.arrived = [0; HEXES];
    s.pending = Decision::None;
    s.step = step_for(&f.phase)?;
    s.plan_next = 0;
    if let Some(n) = &f.next {
        let a = animal(n)?;
        match s.initiative_order().iter().position(|&x| x == a) {
            Some(i) => s.plan_next = i as u8,
            None => return err(format!("next: {a} are not in the game")),
        }
    }
    let mut ev = Vec::new();
    s.advance(&mut ev);
    Ok((s, ev))
}

/// Writes a position. Between Planning placements it is exact (but `seed`).
/// During an action it keeps what the action did so far and continues with
/// the next action space: the format cannot hold an action half done.
pub fn write(s: &State) -> String {
    let animals: Vec<Animal> = s.setup.animals.clone();
    let mut f = File {
        players: s.setup.players,
        animals: animals.iter().map(|a| a.name().to_string()).collect(),
        multi_animal: s.setup.multi_animal,
        // A fresh seed for what follows; TOML integers are signed 64-bit,
        // so it keeps 63 bits (a larger one would not read back).
        seed: s.rng.clone().next_u64() >> 1,
        turn: s.turn,
        phase: phase_for(s.step).to_string(),
        initiative: s
            .initiative_order()
            .iter()
            .map(|a| a.name().to_string())
            .collect(),
        ..Default::default()
    };
    if let Decision::Plan(a) = s.pending {
        f.phase = "planning".into();
        f.next = Some(a.name().to_string());
    }
    for (id, t) in s.earth.tiles() {
        let h = grid().hex(id);
        let mut species = BTreeMap::new();
        for a in Animal::ALL {
            let n = s.earth.species(id, a.index());
            if n > 0 {
                species.insert(a.name().to_string(), n);
            }
        }
        f.tiles.push(TileEntry {
            hex: HexEntry::of(h),
            terrain: t.name().to_string(),
            species,
        });
    }
    for (c, e) in s.earth.elements() {
        f.elements.push(ElementEntry {
            corner: CornerLabel::of(c).to_string(),
            element: Element::ALL[e as usize].name().to_string(),
        });
    }
    for &a in &animals {
        let st = s.animals[a.index()];
        f.animal.insert(
            a.name().to_string(),
            AnimalEntry {
                elements: Some(names(&s.display(a))),
                vp: st.vp,
                supply: Some(st.supply),
                gene_pool: Some(st.gene_pool),
                eliminated: st.eliminated,
                boxed: Some(st.boxed),
            },
        );
    }
    let mut aps = BTreeMap::new();
    for sp in Space::all() {
        if let Some(a) = s.spaces[sp.0 as usize] {
            aps.insert(sp.label(), a.name().to_string());
        }
    }
    f.display = DisplayEntry {
        adaptation: Some(names(&s.adaptation)),
        regression_box: names(&s.regression_box),
        abundance: Some(names(&s.abundance)),
        wasteland_box: names(&s.wasteland_box),
        depletion_box: names(&s.depletion_box),
        wanderlust: Some(names(&s.wanderlust)),
        aps,
        tundra_left: Some(s.tundra_left),
        stacks: Some(
            s.stacks
                .iter()
                .map(|d| {
                    d.cards()
                        .iter()
                        .rev()
                        .map(|t| t.name().to_string())
                        .collect()
                })
                .collect(),
        ),
        face_up: Some(s.face_up.to_vec()),
    };
    f.cards = CardsEntry {
        available: Some(
            s.available
                .iter()
                .flatten()
                .map(|c| c.name().to_string())
                .collect(),
        ),
        deck: Some(
            s.deck
                .cards()
                .iter()
                .rev()
                .map(|c| c.name().to_string())
                .collect(),
        ),
        played: Some(s.played.iter().map(|c| c.name().to_string()).collect()),
        survival: s.survival.map(|a| a.name().to_string()),
        ice_age: s.ice_age,
    };
    f.hibernated = s.hibernated.map(|(id, a, n)| {
        let h = grid().hex(id);
        HibernatedEntry {
            hex: HexEntry::of(h),
            animal: a.name().to_string(),
            count: n,
        }
    });
    for id in 0..HEXES as u8 {
        if s.dominated & (1 << id) != 0 {
            let h = grid().hex(eons_core::HexId(id));
            f.dominated.push(HexEntry::of(h));
        }
    }
    let body = toml::to_string(&f).unwrap_or_else(|e| format!("# cannot write position: {e}\n"));
    format!("game = \"ds\"\n{body}")
}
