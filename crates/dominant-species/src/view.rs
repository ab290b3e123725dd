//! What one seat (or a spectator) may see, and its text rendering.
//!
//! Everything in Dominant Species is public except the order of the
//! Dominance card draw pile and the face-down Wanderlust tiles (and the
//! state's random stream, which would predict every draw). The bag's
//! contents are shown as counts: they follow from the visible elements.

use crate::data::*;
use crate::space::{Section, Space, SPACES};
use crate::state::*;
use eons_core::{Hex, Seat};
use eons_earth::{grid, Earth, ElementCounts};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// One animal as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnimalView {
    /// The animal.
    pub animal: Animal,
    /// Its seat.
    pub seat: Seat,
    /// Elements on the display (defaults included), per type.
    pub elements: ElementCounts,
    /// Added elements, per type.
    pub added: ElementCounts,
    /// APs in supply.
    pub supply: u8,
    /// APs on the action display.
    pub on_display: u8,
    /// Cylinders left in the box.
    pub boxed: u8,
    /// Gene pool.
    pub gene_pool: u8,
    /// Eliminated species.
    pub eliminated: u8,
    /// Species on earth.
    pub on_earth: u32,
    /// VP.
    pub vp: u32,
    /// Tiles dominated now.
    pub dominated: u32,
}

/// A Wanderlust stack as seen: its size and the face-up top tile, if any.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackView {
    /// Tiles in the stack.
    pub size: u8,
    /// The face-up top tile.
    pub top: Option<Terrain>,
}

/// The view of one seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Whose view (None: spectator).
    pub seat: Option<Seat>,
    /// Turn number.
    pub turn: u16,
    /// The pending decision in words.
    pub prompt: String,
    /// The animal deciding now.
    pub decider: Option<Animal>,
    /// The seat deciding now.
    pub to_move: Option<Seat>,
    /// Earth (fully public).
    pub earth: Earth<Terrain>,
    /// Dominant animal per tile.
    pub dominance: Vec<(Hex, Animal)>,
    /// Animals in play.
    pub animals: Vec<AnimalView>,
    /// Initiative track, left to right.
    pub initiative: Vec<Animal>,
    /// AP on each eyeball space (in execution order).
    pub spaces: Vec<Option<Animal>>,
    /// Element areas of the action display.
    pub adaptation: ElementCounts,
    /// Regression Box.
    pub regression_box: ElementCounts,
    /// Abundance squares.
    pub abundance: ElementCounts,
    /// Wasteland Box.
    pub wasteland_box: ElementCounts,
    /// Depletion Box.
    pub depletion_box: ElementCounts,
    /// Wanderlust squares.
    pub wanderlust: ElementCounts,
    /// The bag's contents per type (derivable from everything else).
    pub bag: [u16; 6],
    /// Tundra tiles left.
    pub tundra_left: u8,
    /// Wanderlust stacks.
    pub stacks: [StackView; 3],
    /// Face-up Dominance cards.
    pub available: [Option<Card>; 5],
    /// Cards left in the draw pile (order hidden).
    pub deck_size: u8,
    /// Cards taken so far.
    pub played: Vec<Card>,
    /// Survival card holder.
    pub survival: Option<Animal>,
    /// Ice Age taken: last turn.
    pub ice_age: bool,
    /// Game over.
    pub over: bool,
    /// Where the element types the decider may pick now lie, when the
    /// decision is a pick of an element type ([`Choice::Element`]) from a
    /// place on the table: the table lights them there. None otherwise (an
    /// element drawn from the bag is a button).
    pub elements_from: Option<ElementSource>,
}

/// Where the elements of a pick of an element type ([`Choice::Element`]) lie.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ElementSource {
    /// The Adaptation squares (Adaptation, p.10).
    Adaptation,
    /// The Abundance squares (Abundance, p.12).
    Abundance,
    /// The Wasteland Box (Wasteland, p.12).
    Wasteland,
    /// The Wanderlust squares (Wanderlust, p.14).
    Wanderlust,
    /// The deciding animal's own display (Regression, p.11; Disease,
    /// Immigrants, Metamorphosis).
    Display,
}

/// Where the element types of the pending pick lie, if it is one.
fn elements_from(s: &State) -> Option<ElementSource> {
    use CardStep as C;
    Some(match s.pending {
        Decision::Adapt(_) => ElementSource::Adaptation,
        Decision::AbundanceElement(_) => ElementSource::Abundance,
        Decision::Wasteland(_) => ElementSource::Wasteland,
        Decision::WanderElement(..) => ElementSource::Wanderlust,
        Decision::Regress { .. }
        | Decision::Card(
            C::DiseaseLose { .. } | C::ImmigrantsChoice { .. } | C::MetamorphosisGive { .. },
        ) => ElementSource::Display,
        _ => return None,
    })
}

/// Builds the view of `seat`.
pub fn view(s: &State, seat: Option<Seat>) -> View {
    let mut dominance = Vec::new();
    let displays = s.displays();
    let mut dominated = [0u32; 6];
    for (h, _) in s.earth.tiles() {
        if let Some(a) = s.earth.dominant(h, &displays).and_then(Animal::from_index) {
            dominance.push((grid().hex(h), a));
            dominated[a.index()] += 1;
        }
    }
    let animals = s
        .animals_in_play()
        .map(|a| {
            let st = s.animals[a.index()];
            AnimalView {
                animal: a,
                seat: st.seat,
                elements: s.display(a),
                added: st.added,
                supply: st.supply,
                on_display: s.aps_on_display(a),
                boxed: st.boxed,
                gene_pool: st.gene_pool,
                eliminated: st.eliminated,
                on_earth: s.earth.species_total(a.index()),
                vp: st.vp,
                dominated: dominated[a.index()],
            }
        })
        .collect();
    let stacks = std::array::from_fn(|i| StackView {
        size: s.stacks[i].len() as u8,
        top: if s.face_up[i] {
            s.stacks[i].top().copied()
        } else {
            None
        },
    });
    View {
        seat,
        turn: s.turn,
        prompt: crate::texts::prompt(s),
        decider: s.decider(),
        to_move: s.decider().map(|a| s.seat_of(a)),
        earth: s.earth.clone(),
        dominance,
        animals,
        initiative: s.initiative_order().to_vec(),
        spaces: s.spaces.to_vec(),
        adaptation: s.adaptation,
        regression_box: s.regression_box,
        abundance: s.abundance,
        wasteland_box: s.wasteland_box,
        depletion_box: s.depletion_box,
        wanderlust: s.wanderlust,
        bag: *s.bag.counts(),
        tundra_left: s.tundra_left,
        stacks,
        available: s.available,
        deck_size: s.deck.len() as u8,
        played: s.played.to_vec(),
        survival: s.survival,
        ice_age: s.ice_age,
        over: s.step == Step::Over,
        elements_from: elements_from(s),
    }
}

fn elements_text(c: &ElementCounts) -> String {
    let mut v = Vec::new();
    for e in Element::ALL {
        for _ in 0..c[e.index()] {
            v.push(e.name());
        }
    }
    if v.is_empty() {
        "none".into()
    } else {
        v.join(" ")
    }
}

/// Width of one hex column of the terminal map.
const MAP_CELL: usize = 8;

/// The map of earth, one text row per half hex as the board's row numbers
/// run: column letters along the top and bottom, row numbers down both
/// sides, and in each hex its label and its terrain ("D7 TUN"), or dots for
/// a blank hex of the board.
fn render_map(o: &mut String, v: &View) {
    let columns: String = (-3i8..=3)
        .map(|q| {
            let letter = (b'A' + (q + 3) as u8) as char;
            format!("{letter:<MAP_CELL$}")
        })
        .collect();
    let edge = format!("     {}", columns.trim_end());
    let _ = writeln!(o, "{edge}");
    for y in -6i16..=6 {
        let mut line = String::new();
        let mut any = false;
        for q in -3i8..=3 {
            let r2 = y - q as i16;
            let h = Hex::new(q, (r2 / 2) as i8);
            let cell = if r2 % 2 == 0 && board_hex(h) {
                any = true;
                let label = crate::texts::hex_label(h);
                match Earth::<Terrain>::id(h).and_then(|id| v.earth.tile(id)) {
                    Some(t) => format!("{label} {}", t.abbrev()),
                    None => format!("{label} ···"),
                }
            } else {
                String::new()
            };
            let _ = write!(line, "{cell:<MAP_CELL$}");
        }
        if any {
            let row = y + 7;
            let _ = writeln!(o, "  {row:>2} {}", line.trim_end());
        }
    }
    let _ = writeln!(o, "{edge}");
}

/// The label of a space inside its section: its number, element, value or
/// terrains as the display prints them.
fn space_label(sec: Section, sp: Space, i: u8, first: u8) -> String {
    match sec {
        Section::Speciation => sp
            .speciation_element()
            .map_or("?".into(), |e| e.name().to_string()),
        Section::Migration => sp.migration_value().map_or("?".into(), |m| m.to_string()),
        Section::Competition => {
            let t = sp.competition_terrains().unwrap_or([Terrain::Tundra; 3]);
            format!("{}/{}", t[1].name(), t[2].name())
        }
        _ => (i - first + 1).to_string(),
    }
}

/// A plain-text rendering for the terminal: the map of earth with the
/// board's labels, every tile, the animals, the action display, the cards
/// and the bag, and what the seat to move is asked.
pub fn render(v: &View) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Dominant Species, turn {}{}",
        v.turn,
        if v.ice_age {
            " (Ice Age: last turn)"
        } else {
            ""
        }
    );
    let _ = writeln!(
        o,
        "Earth (columns A to G, rows 1 to 13; SEA sea, WET wetland, SAV savannah, JUN jungle, FOR forest, DES desert, MOU mountain, TUN tundra):"
    );
    render_map(&mut o, v);
    let _ = writeln!(o, "Tiles:");
    for (id, t) in v.earth.tiles() {
        let h = grid().hex(id);
        let dom = v.dominance.iter().find(|(x, _)| *x == h).map(|(_, a)| *a);
        let mut sp = Vec::new();
        for a in Animal::ALL {
            let n = v.earth.species(id, a.index());
            if n > 0 {
                let star = if dom == Some(a) { " (dominant)" } else { "" };
                sp.push(format!("{a} {n}{star}"));
            }
        }
        let species = if sp.is_empty() {
            "no species".to_string()
        } else {
            format!("species {}", sp.join(", "))
        };
        let _ = writeln!(
            o,
            "  {:<14} elements {:<24} {species}",
            crate::texts::place(h, Some(t)),
            elements_text(&v.earth.elements_on(id)),
        );
    }
    let _ = writeln!(o, "Animals (initiative: {}):", {
        let names: Vec<String> = v.initiative.iter().map(|a| a.to_string()).collect();
        names.join(" > ")
    });
    for a in &v.animals {
        let _ = writeln!(
            o,
            "  {:<11} {:>3} VP; APs: {} in supply, {} placed, {} in the box; species: {:>2} in the gene pool, {:>2} on earth, {:>2} eliminated; dominates {}; elements: {}",
            format!("{} ({}):", a.animal, a.seat),
            a.vp,
            a.supply,
            a.on_display,
            a.boxed,
            a.gene_pool,
            a.on_earth,
            a.eliminated,
            crate::texts::count(a.dominated, "tile"),
            elements_text(&a.elements)
        );
    }
    let _ = writeln!(o, "Action display:");
    for sec in Section::ALL {
        let (first, n) = sec.range();
        let mut cells = Vec::new();
        for i in first..first + n {
            let sp = Space(i);
            let who = v.spaces.get(i as usize).copied().flatten();
            cells.push(format!(
                "{} {}",
                space_label(sec, sp, i, first),
                who.map_or("·".to_string(), |a| a.to_string())
            ));
        }
        let extra = match sec {
            Section::Adaptation => format!("; squares: {}", elements_text(&v.adaptation)),
            Section::Regression => format!("; box: {}", elements_text(&v.regression_box)),
            Section::Abundance => format!("; squares: {}", elements_text(&v.abundance)),
            Section::Wasteland => format!("; box: {}", elements_text(&v.wasteland_box)),
            Section::Depletion => format!("; box: {}", elements_text(&v.depletion_box)),
            Section::Glaciation => format!("; tundra tiles left: {}", v.tundra_left),
            Section::Wanderlust => {
                let st: Vec<String> = v
                    .stacks
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let tiles = crate::texts::count(s.size, "tile");
                        match s.top {
                            Some(t) => format!("stack {}: {t} on top, {tiles}", i + 1),
                            None => format!("stack {}: face down, {tiles}", i + 1),
                        }
                    })
                    .collect();
                format!(
                    "; squares: {}; {}",
                    elements_text(&v.wanderlust),
                    st.join("; ")
                )
            }
            _ => String::new(),
        };
        let _ = writeln!(o, "  {:<12} {}{}", sec.name(), cells.join(", "), extra);
    }
    let cards: Vec<&str> = v.available.iter().flatten().map(|c| c.name()).collect();
    let _ = writeln!(
        o,
        "Dominance cards: {} ({} in the draw pile)  Survival card: {}",
        if cards.is_empty() {
            "none".into()
        } else {
            cards.join(", ")
        },
        v.deck_size,
        v.survival.map_or("nobody".to_string(), |a| a.to_string())
    );
    let _ = writeln!(o, "Bag: {}", {
        let b: Vec<String> = Element::ALL
            .iter()
            .map(|e| format!("{} {}", e.name(), v.bag[e.index()]))
            .collect();
        b.join(", ")
    });
    let _ = writeln!(o, "Now: {}", v.prompt);
    debug_assert_eq!(v.spaces.len(), SPACES);
    o
}
