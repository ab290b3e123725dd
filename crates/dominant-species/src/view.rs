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
        prompt: crate::describe::prompt(s),
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
        played: s.played.clone(),
        survival: s.survival,
        ice_age: s.ice_age,
        over: s.step == Step::Over,
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
        "—".into()
    } else {
        v.join(" ")
    }
}

const LETTERS: [char; 6] = ['M', 'R', 'B', 'A', 'R', 'I'];

fn animal_letter(a: Animal) -> String {
    match a {
        Animal::Arachnids => "Ar".into(),
        Animal::Amphibians => "Am".into(),
        _ => LETTERS[a.index()].to_string(),
    }
}

/// A plain-text rendering for the terminal.
pub fn render(v: &View) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Dominant Species — turn {}{}",
        v.turn,
        if v.ice_age {
            " (Ice Age: last turn)"
        } else {
            ""
        }
    );
    // Map: one text row per half hex (y = 2r + q), columns q = -3..3.
    let _ = writeln!(o, "Earth (q = column, r = row; * = dominant):");
    for y in -6i16..=6 {
        let mut line = String::new();
        let mut any = false;
        for q in -3i8..=3 {
            let r2 = y - q as i16;
            let cell = if r2 % 2 == 0 {
                let h = Hex::new(q, (r2 / 2) as i8);
                if board_hex(h) {
                    any = true;
                    match Earth::<Terrain>::id(h).and_then(|id| v.earth.tile(id)) {
                        Some(t) => format!("{}({},{})", t.abbrev(), h.q, h.r),
                        None => format!("   ({},{})", h.q, h.r),
                    }
                } else {
                    String::new()
                }
            } else {
                String::new()
            };
            let _ = write!(line, "{cell:<11}");
        }
        if any {
            let _ = writeln!(o, "  {}", line.trim_end());
        }
    }
    let _ = writeln!(o, "Tiles:");
    for (id, t) in v.earth.tiles() {
        let h = grid().hex(id);
        let dom = v.dominance.iter().find(|(x, _)| *x == h).map(|(_, a)| *a);
        let mut sp = Vec::new();
        for a in Animal::ALL {
            let n = v.earth.species(id, a.index());
            if n > 0 {
                let star = if dom == Some(a) { "*" } else { "" };
                sp.push(format!("{}{}{}", animal_letter(a), n, star));
            }
        }
        let _ = writeln!(
            o,
            "  {:<8} {:<8} [{}]  {}",
            t.name(),
            h.to_string(),
            elements_text(&v.earth.elements_on(id)),
            sp.join(" ")
        );
    }
    let _ = writeln!(o, "Animals (initiative: {}):", {
        let names: Vec<&str> = v.initiative.iter().map(|a| a.name()).collect();
        names.join(" > ")
    });
    for a in &v.animals {
        let _ = writeln!(
            o,
            "  {:<10} {} VP {:>3}  APs {} (+{} placed, {} in box)  gene pool {:>2}  on earth {:>2}  eliminated {:>2}  dominates {}  [{}]",
            a.animal.name(),
            a.seat,
            a.vp,
            a.supply,
            a.on_display,
            a.boxed,
            a.gene_pool,
            a.on_earth,
            a.eliminated,
            a.dominated,
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
            let label = match sec {
                Section::Speciation => sp
                    .speciation_element()
                    .map_or("?".into(), |e| e.name().to_string()),
                Section::Migration => sp.migration_value().map_or("?".into(), |m| m.to_string()),
                Section::Competition => {
                    let t = sp.competition_terrains().unwrap_or([Terrain::Tundra; 3]);
                    format!("{}/{}", t[1].abbrev(), t[2].abbrev())
                }
                _ => (i - first + 1).to_string(),
            };
            cells.push(format!(
                "{}:{}",
                label,
                who.map_or("__".to_string(), animal_letter)
            ));
        }
        let extra = match sec {
            Section::Adaptation => format!("  squares [{}]", elements_text(&v.adaptation)),
            Section::Regression => format!("  box [{}]", elements_text(&v.regression_box)),
            Section::Abundance => format!("  squares [{}]", elements_text(&v.abundance)),
            Section::Wasteland => format!("  box [{}]", elements_text(&v.wasteland_box)),
            Section::Depletion => format!("  box [{}]", elements_text(&v.depletion_box)),
            Section::Glaciation => format!("  tundra left {}", v.tundra_left),
            Section::Wanderlust => {
                let st: Vec<String> = v
                    .stacks
                    .iter()
                    .map(|s| match s.top {
                        Some(t) => format!("{} ({})", t.name(), s.size),
                        None => format!("face down ({})", s.size),
                    })
                    .collect();
                format!(
                    "  squares [{}]  stacks: {}",
                    elements_text(&v.wanderlust),
                    st.join(", ")
                )
            }
            _ => String::new(),
        };
        let _ = writeln!(o, "  {:<12} {}{}", sec.name(), cells.join(" "), extra);
    }
    let cards: Vec<&str> = v.available.iter().flatten().map(|c| c.name()).collect();
    let _ = writeln!(
        o,
        "Dominance cards: {} (draw pile {})  Survival: {}",
        if cards.is_empty() {
            "none".into()
        } else {
            cards.join(", ")
        },
        v.deck_size,
        v.survival.map_or("nobody", |a| a.name())
    );
    let _ = writeln!(o, "Bag: [{}]", {
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
