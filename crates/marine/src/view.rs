//! What a seat may see ([`View`]), determinization of what it has not seen,
//! and the terminal's rendering of a view ([`render`]); the texts of choices
//! and events are in [`crate::texts`].

use crate::data::{data, MAX_STACKS};
use crate::decision::Decision;
use crate::state::{BoxKind, CircleRow, Pawn, State, ANIMALS};
use crate::texts::{count, hex_label, pawn_name, place};
use crate::types::{Action, Animal, Card, Element, Space, Terrain, Tile, Trait};
use eons_core::{CornerId, GameRng, HexId, Seat, Turn};
use eons_earth::{grid, CornerLabel, HexLabel};
use serde::Serialize;
use std::fmt::Write;

/// One animal as a seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnimalView {
    /// The animal.
    pub animal: Animal,
    /// Its seat.
    pub seat: Seat,
    /// VP.
    pub vp: u32,
    /// Gene Pool.
    pub pool: u8,
    /// Eliminated species.
    pub eliminated: u8,
    /// Basic pawns in front of it / owned.
    pub basic_avail: u8,
    /// Basic pawns owned.
    pub basic_total: u8,
    /// Printed elements per type.
    pub printed: [u8; 6],
    /// Added disks.
    pub disks: Vec<Option<Element>>,
    /// Traits, once revealed (own picks during the draft).
    pub traits: Option<Vec<Trait>>,
    /// The copied trait (Exaptation).
    pub copied: Option<Trait>,
    /// The draft hand (own seat only, before the reveal).
    pub hand: Option<Vec<Trait>>,
    /// Trait cards offered (own seat only).
    pub offer: Option<Vec<Trait>>,
    /// Food-chain cube in the right box.
    pub retrieved: bool,
}

/// A tile of earth.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TileView {
    /// Where.
    pub hex: HexId,
    /// Its label on the board ("D7").
    pub label: String,
    /// Axial coordinates.
    pub q: i8,
    /// Axial coordinates.
    pub r: i8,
    /// The tile.
    pub tile: Tile,
    /// Species per animal.
    pub species: [u8; 4],
}

/// Everything a seat (or a spectator) may see.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// Whose view.
    pub seat: Option<Seat>,
    /// Whose decision, or over.
    pub turn: Turn,
    /// The animal deciding.
    pub deciding: Option<Animal>,
    /// What is being decided.
    pub asking: String,
    /// The row of element circles a pick of a circle ([`Choice::Circle`](crate::Choice::Circle))
    /// takes from (Abundance, Adaptation, Wanderlust): the table lights its
    /// circles. None when the decision picks no circle.
    pub circles_of: Option<CircleRow>,
    /// True while the decision is whether to put a Gene Pool cube on the
    /// first empty Regression square ([`Choice::Perform`](crate::Choice::Perform) of Regression,
    /// p.12): the table lights that square.
    pub regression_cube: bool,
    /// The animal whose turn it is.
    pub current: Animal,
    /// Animals in play.
    pub animals: Vec<AnimalView>,
    /// Tiles.
    pub tiles: Vec<TileView>,
    /// Elements on earth.
    pub elements: Vec<(CornerId, Element)>,
    /// Pawns on the display, by space.
    pub spaces: Vec<Option<Pawn>>,
    /// Personal (Bottom Feeder) spaces.
    pub personal: [Option<Pawn>; ANIMALS],
    /// Element circles (Abundance, Adaptation, Speciation, Wanderlust).
    pub circles: Vec<Vec<Option<Element>>>,
    /// Autotrophs, Depletion, Regression boxes.
    pub boxes: [[u8; 6]; 3],
    /// Regression cubes.
    pub squares: Vec<Option<Animal>>,
    /// Competition markers.
    pub competition: Vec<Option<Terrain>>,
    /// Evolution markers.
    pub evolution: Vec<Option<Terrain>>,
    /// Special pawn controllers.
    pub controllers: [Option<Animal>; 6],
    /// Special pawns on the display.
    pub on_display: [Option<Space>; 6],
    /// Target numbers.
    pub targets: [u32; 6],
    /// Evolution card row.
    pub row: Vec<Option<Card>>,
    /// Cards in the draw pile.
    pub deck_len: usize,
    /// The discard pile, top last.
    pub discard: Vec<Card>,
    /// Face-up top tile and size of each Wanderlust stack.
    pub stacks: Vec<(Option<Terrain>, usize)>,
    /// Vent tiles left.
    pub vents_left: u8,
    /// Elements in the black bag.
    pub bag_len: usize,
    /// Terrain markers in the red bag.
    pub marker_bag_len: usize,
    /// Survival card holder.
    pub survival: Option<Animal>,
    /// The last round is under way.
    pub last_round: bool,
    /// Reseeds so far.
    pub reseeds: u16,
    /// The game is over.
    pub over: bool,
}

/// The seat deciding now.
pub fn turn(s: &State) -> Turn {
    if s.over {
        return Turn::Over;
    }
    match s.stack.last().and_then(|f| f.decider()) {
        Some(a) => Turn::Seat(Seat(s.owner[a.index()])),
        None => Turn::Over,
    }
}

fn sees(seat: Option<Seat>, s: &State, a: Animal) -> bool {
    seat.is_some_and(|x| x.0 == s.owner[a.index()])
}

/// The view of a seat: deck order, face-down tiles, the bags' contents,
/// unrevealed traits and other seats' offers are cut out here.
pub fn view(s: &State, seat: Option<Seat>) -> View {
    let d = data();
    let animals = s
        .animals()
        .map(|a| {
            let i = a.index();
            let own = sees(seat, s, a);
            let traits = if s.revealed {
                Some(s.held_traits(a).collect())
            } else if own {
                Some(
                    Trait::ALL
                        .iter()
                        .copied()
                        .filter(|t| s.picks[i] & t.bit() != 0)
                        .collect(),
                )
            } else {
                None
            };
            let offer: Vec<Trait> = s.offer[i].iter().flatten().copied().collect();
            AnimalView {
                animal: a,
                seat: Seat(s.owner[i]),
                vp: s.vp[i],
                pool: s.pool[i],
                eliminated: s.eliminated[i],
                basic_avail: s.basic_avail[i],
                basic_total: s.basic_total[i],
                printed: s.printed[i],
                disks: s.usable_slots(a).map(|k| s.disks[i][k]).collect(),
                traits,
                copied: s.copied[i],
                hand: (own && !s.revealed).then(|| s.hands[i].iter().flatten().copied().collect()),
                offer: (own && !offer.is_empty()).then_some(offer),
                retrieved: s.food_right & a.bit() != 0,
            }
        })
        .collect();
    let tiles = s
        .earth
        .tiles()
        .map(|(h, tile)| {
            let hex = grid().hex(h);
            let sp = s.earth.species_on(h);
            TileView {
                hex: h,
                label: hex_label(h).to_string(),
                q: hex.q,
                r: hex.r,
                tile,
                species: [sp[0], sp[1], sp[2], sp[3]],
            }
        })
        .collect();
    let deciding = s.stack.last().and_then(|f| f.decider());
    View {
        seat,
        turn: turn(s),
        deciding,
        asking: s
            .stack
            .last()
            .map_or(String::new(), |f| crate::rules::asking(*f).to_string()),
        circles_of: s.stack.last().and_then(|f| match f {
            Decision::Abundance { .. } => Some(CircleRow::Abundance),
            Decision::Adaptation { .. } => Some(CircleRow::Adaptation),
            Decision::WanderlustElement { .. } => Some(CircleRow::Wanderlust),
            _ => None,
        }),
        regression_cube: matches!(s.stack.last(), Some(Decision::Regression { .. })),
        current: s.cur,
        animals,
        tiles,
        elements: s
            .earth
            .elements()
            .map(|(c, e)| (c, crate::state::element_of(e)))
            .collect(),
        spaces: s.spaces[..d.spaces.len()].to_vec(),
        personal: s.personal,
        circles: CircleRow::ALL
            .iter()
            .map(|r| s.circles[*r as usize][..d.circles(r.action())].to_vec())
            .collect(),
        boxes: s.boxes,
        squares: s.squares[..d
            .section_of(Action::Regression)
            .map_or(0, |x| x.squares as usize)]
            .to_vec(),
        competition: s.comp_markers[..d.markers(Action::Competition)].to_vec(),
        evolution: s.evo_markers[..d.markers(Action::Evolution)].to_vec(),
        controllers: s.special_control,
        on_display: s.special_space,
        targets: s.targets,
        row: s.row[..d.slots as usize].to_vec(),
        deck_len: s.deck.len(),
        discard: s.discard.clone(),
        stacks: (0..d.stacks as usize)
            .map(|i| (s.stacks[i].top().copied(), s.stacks[i].len()))
            .collect(),
        vents_left: s.vents_left,
        bag_len: s.bag.len(),
        marker_bag_len: s.marker_bag.len(),
        survival: s.survival_holder(),
        last_round: s.last_round,
        reseeds: s.reseeds,
        over: s.over,
    }
}

/// Re-draws everything `seat` has not seen, consistently with what it knows,
/// and reseeds the random stream.
pub fn determinize(s: &State, seat: Seat, seed: u64) -> State {
    let mut t = s.clone();
    let mut rng = GameRng::new(seed);
    // Evolution cards: the draw pile and the cards out of the game. The
    // Asteroid, while unseen, stays among the bottom five of the pile (p.5).
    let asteroid_unseen = t.deck.cards().contains(&Card::Asteroid);
    let mut pool: Vec<Card> = t
        .deck
        .cards()
        .iter()
        .chain(t.removed.iter())
        .copied()
        .filter(|&c| c != Card::Asteroid)
        .collect();
    rng.shuffle(&mut pool);
    let deck_len = t.deck.len();
    let mut deck: Vec<Card> = pool.split_off(pool.len() - (deck_len - asteroid_unseen as usize));
    if asteroid_unseen {
        let bottom = deck_len.min(data().bottom_stack as usize + 1);
        let at = rng.index(bottom);
        deck.insert(at, Card::Asteroid);
    }
    t.deck = eons_core::Deck::from_bottom_up(deck);
    t.removed = pool;
    // Wanderlust stacks: every tile under a face-up top.
    let mut tiles: Vec<Terrain> = Vec::new();
    for i in 0..MAX_STACKS {
        let c = t.stacks[i].cards();
        if c.len() > 1 {
            tiles.extend_from_slice(&c[..c.len() - 1]);
        }
    }
    rng.shuffle(&mut tiles);
    for i in 0..MAX_STACKS {
        let c = t.stacks[i].cards().to_vec();
        if c.len() > 1 {
            let n = c.len() - 1;
            let mut v: Vec<Terrain> = tiles.drain(..n).collect();
            v.push(c[n]);
            t.stacks[i] = eons_core::Deck::from_bottom_up(v);
        }
    }
    // Traits: other seats' hands, picks and offers are unseen, as is the box.
    let mine = |a: Animal| s.owner[a.index()] == seat.0;
    let mut unseen: Vec<Trait> = t.trait_box.clone();
    for a in s.animals() {
        if mine(a) {
            continue;
        }
        let i = a.index();
        if !s.revealed {
            unseen.extend(s.hands[i].iter().flatten());
            unseen.extend(Trait::ALL.iter().filter(|tr| s.picks[i] & tr.bit() != 0));
        }
        unseen.extend(s.offer[i].iter().flatten());
    }
    rng.shuffle(&mut unseen);
    for a in s.animals() {
        if mine(a) {
            continue;
        }
        let i = a.index();
        if !s.revealed {
            let dealt = s.hands[i].iter().flatten().count() + s.picks[i].count_ones() as usize;
            let picked = s.picks[i].count_ones() as usize;
            t.hands[i] = [None; 4];
            t.picks[i] = 0;
            for k in 0..dealt {
                let tr = unseen.pop();
                if k < picked {
                    if let Some(tr) = tr {
                        t.picks[i] |= tr.bit();
                    }
                } else {
                    t.hands[i][k - picked] = tr;
                }
            }
        }
        let n = s.offer[i].iter().flatten().count();
        t.offer[i] = [None; crate::state::MAX_OFFER];
        for k in 0..n {
            t.offer[i][k] = unseen.pop();
        }
    }
    unseen.sort();
    t.trait_box = unseen;
    t.rng = rng;
    t
}

/// What the animal to decide is asked, in words, with the rule and its
/// rulebook page: "Cephalopods: place an available pawn on a legal space,
/// or retrieve (Player turns, p.9)".
pub fn prompt(s: &State) -> String {
    match (s.over, s.stack.last()) {
        (false, Some(&top)) => {
            // "Abundance (p.11): choose …" asks "choose … (Abundance, p.11)":
            // the rule and its page close the prompt, as in the other games.
            let asking = crate::rules::asking(top);
            let (rule, asks) = asking.split_once(": ").unwrap_or(("", asking));
            let rule = match rule.split_once(" (") {
                Some((name, page)) => format!(" ({name}, {}", page),
                None if rule.is_empty() => String::new(),
                None => format!(" ({rule})"),
            };
            // Biomass and Predator go tile by tile: the prompt names the tile.
            let named;
            let asks = match top {
                crate::decision::Decision::Victims { a, mask, opposing } => {
                    match crate::cards::victims::victims_hex(s, a, mask, opposing) {
                        Some(h) => {
                            named = format!(
                                "choose whose species is eliminated on {}",
                                crate::texts::tile_at(s, h)
                            );
                            named.as_str()
                        }
                        None => asks,
                    }
                }
                _ => asks,
            };
            match top.decider() {
                Some(a) => format!("{a}: {asks}{rule}"),
                None => crate::texts::capitalised(&format!("{asks}{rule}")),
            }
        }
        _ => "The game is over".into(),
    }
}

// ==================================================================== render

/// A list of words, or "none".
fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

/// Elements by type, each as often as it is there ("algae, sun, sun").
fn elements_text(counts: &[u8; 6]) -> String {
    let v: Vec<String> = Element::ALL
        .iter()
        .flat_map(|e| std::iter::repeat_n(e.to_string(), counts[e.index()] as usize))
        .collect();
    list_or_none(&v)
}

/// Terrain markers in order ("kelp, ocean, empty").
fn markers_text(m: &[Option<Terrain>]) -> String {
    m.iter()
        .map(|t| t.map_or("empty".to_string(), |t| t.to_string()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A pawn on a space, for the display's lines ("Reptiles", "the sun
/// special pawn").
fn pawn_text(p: Option<Pawn>) -> String {
    match p {
        None => "empty".into(),
        Some(Pawn::Basic(a)) => a.to_string(),
        Some(p) => pawn_name(p),
    }
}

/// Renders a view as text for the terminal: the animals, earth tile by tile
/// by the board's labels (columns A–G west to east, rows 1–13 north to
/// south), the action display space by space, and the cards and supplies.
pub fn render(v: &View) -> String {
    let mut o = String::new();
    let round = v.reseeds as usize + 1;
    let _ = writeln!(
        o,
        "Dominant Species: Marine, round {round} ({} so far){}{}",
        count(v.reseeds as usize, "Reseed", "Reseeds"),
        if v.last_round { ", the last round" } else { "" },
        if v.over { ", the game is over" } else { "" }
    );
    let _ = writeln!(o, "\nAnimals");
    for a in &v.animals {
        let _ = writeln!(
            o,
            "  {} ({}): {} VP, {} in the Gene Pool, {} eliminated, basic pawns: {} of {} in hand{}",
            a.animal,
            a.seat,
            a.vp,
            count(a.pool as usize, "species", "species"),
            a.eliminated,
            a.basic_avail,
            a.basic_total,
            if a.retrieved {
                ", pawns retrieved this round"
            } else {
                ""
            }
        );
        let disks: Vec<String> = a
            .disks
            .iter()
            .map(|d| d.map_or("empty".into(), |e| e.to_string()))
            .collect();
        let _ = writeln!(
            o,
            "    printed elements: {}; disks: {}",
            elements_text(&a.printed),
            list_or_none(&disks)
        );
        let traits = a
            .traits
            .as_ref()
            .map_or("hidden until all reveal".into(), |t| {
                list_or_none(&t.iter().map(|x| x.to_string()).collect::<Vec<_>>())
            });
        let _ = writeln!(
            o,
            "    traits: {traits}{}",
            a.copied
                .map_or(String::new(), |c| format!(" (Exaptation copies {c})"))
        );
        if let Some(h) = &a.hand {
            let names: Vec<String> = h.iter().map(|t| t.to_string()).collect();
            let _ = writeln!(o, "    your hand: {}", list_or_none(&names));
        }
        if let Some(h) = &a.offer {
            let names: Vec<String> = h.iter().map(|t| t.to_string()).collect();
            let _ = writeln!(o, "    offered to you: {}", list_or_none(&names));
        }
    }
    let _ = writeln!(
        o,
        "\nEarth: each tile by its label, \"·\" for a hex without a tile (columns A to G from west to east, rows 1 to 13 from north to south)"
    );
    // The map, with the column letters and row numbers on its edges as the
    // board prints them; each hex on the half-row through its centre.
    let columns: String = (b'A'..=b'G').map(|c| format!("{:<4}", c as char)).collect();
    let _ = writeln!(o, "    {}", columns.trim_end());
    for row in 1..=13u8 {
        let line: String = (b'A'..=b'G')
            .map(|col| {
                let text = format!("{}{row}", col as char);
                match text.parse::<HexLabel>() {
                    Ok(l) if v.tiles.iter().any(|t| t.hex == l.hex()) => format!("{text:<4}"),
                    Ok(_) => "·   ".to_string(),
                    Err(_) => "    ".to_string(),
                }
            })
            .collect();
        let _ = writeln!(o, "{row:>2}  {}", line.trim_end());
    }
    let mut tiles: Vec<&TileView> = v.tiles.iter().collect();
    tiles.sort_by_key(|t| hex_label(t.hex));
    for t in tiles {
        let species: Vec<String> = v
            .animals
            .iter()
            .filter(|a| t.species[a.animal.index()] > 0)
            .map(|a| format!("{} {}", a.animal, t.species[a.animal.index()]))
            .collect();
        let els: Vec<String> = grid()
            .corners_of(t.hex)
            .iter()
            .filter_map(|c| {
                v.elements
                    .iter()
                    .find(|x| x.0 == *c)
                    .map(|x| format!("{} at {}", x.1, CornerLabel::of(*c)))
            })
            .collect();
        let _ = writeln!(
            o,
            "  {}: species: {}; elements: {}",
            place(t.hex, Some(t.tile)),
            list_or_none(&species),
            list_or_none(&els)
        );
    }
    let _ = writeln!(o, "\nAction display (space: pawn)");
    let d = data();
    for sec in &d.sections {
        let spaces: Vec<String> = (0..sec.len)
            .map(|k| {
                let i = (sec.first + k) as usize;
                let tag = if d.spaces[i].special {
                    " (special)"
                } else {
                    ""
                };
                format!(
                    "{}{tag}: {}",
                    k + 1,
                    pawn_text(v.spaces.get(i).copied().flatten())
                )
            })
            .collect();
        let circles = |row: CircleRow| -> String {
            v.circles[row as usize]
                .iter()
                .map(|e| e.map_or("empty".into(), |e| e.to_string()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let extra = match sec.action {
            Action::Abundance => format!("; circles: {}", circles(CircleRow::Abundance)),
            Action::Adaptation => format!("; circles: {}", circles(CircleRow::Adaptation)),
            Action::Speciation => format!("; circles: {}", circles(CircleRow::Speciation)),
            Action::Wanderlust => format!("; circles: {}", circles(CircleRow::Wanderlust)),
            Action::Autotrophs => format!(
                "; box: {}",
                elements_text(&v.boxes[BoxKind::Autotrophs as usize])
            ),
            Action::Depletion => format!(
                "; box: {}",
                elements_text(&v.boxes[BoxKind::Depletion as usize])
            ),
            Action::Regression => format!(
                "; box: {}; cubes: {}",
                elements_text(&v.boxes[BoxKind::Regression as usize]),
                v.squares
                    .iter()
                    .map(|x| x.map_or("empty".to_string(), |a| a.to_string()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Action::Competition => format!("; markers: {}", markers_text(&v.competition)),
            Action::Evolution => format!("; markers: {}", markers_text(&v.evolution)),
            _ => String::new(),
        };
        let _ = writeln!(o, "  {}: {}{extra}", sec.action, spaces.join(", "));
    }
    let bottom_feeders: Vec<String> = v
        .animals
        .iter()
        .filter_map(|a| {
            v.personal[a.animal.index()]
                .map(|p| format!("{}' Bottom Feeder space: {}", a.animal, pawn_text(Some(p))))
        })
        .collect();
    for line in bottom_feeders {
        let _ = writeln!(o, "  {line}");
    }
    let _ = writeln!(o, "\nSpecial pawns");
    for e in Element::ALL {
        let i = e.index();
        let _ = writeln!(
            o,
            "  {e}: target {}, {}{}",
            v.targets[i],
            v.controllers[i].map_or("no controller".to_string(), |a| format!(
                "controlled by the {a}"
            )),
            if v.on_display[i].is_some() {
                ", on the display"
            } else {
                ""
            }
        );
    }
    let row: Vec<String> = v
        .row
        .iter()
        .enumerate()
        .map(|(i, c)| {
            format!(
                "slot {}: {}",
                i + 1,
                c.map_or("empty".to_string(), |c| c.to_string())
            )
        })
        .collect();
    let _ = writeln!(o, "\nEvolution cards: {}", row.join(", "));
    let _ = writeln!(
        o,
        "  {} in the draw pile, {} in the discard pile{}",
        count(v.deck_len, "card", "cards"),
        count(v.discard.len(), "card", "cards"),
        v.discard
            .last()
            .map_or(String::new(), |c| format!(" ({c} on top)"))
    );
    let stacks: Vec<String> = v
        .stacks
        .iter()
        .enumerate()
        .map(|(i, (t, n))| match t {
            Some(t) => format!(
                "stack {}: {t} on top, {}",
                i + 1,
                count(*n, "tile", "tiles")
            ),
            None => format!("stack {}: empty", i + 1),
        })
        .collect();
    let _ = writeln!(o, "Wanderlust {}", stacks.join("; "));
    let _ = writeln!(
        o,
        "{} left; {} in the black bag; {} in the red bag; the Survival card: {}",
        count(v.vents_left as usize, "Vent tile", "Vent tiles"),
        count(v.bag_len, "element disk", "element disks"),
        count(v.marker_bag_len, "terrain marker", "terrain markers"),
        v.survival
            .map_or("nobody holds it".to_string(), |a| format!(
                "the {a} hold it"
            ))
    );
    if let Some(a) = v.deciding {
        let _ = writeln!(o, "\n{a} to decide. {}", v.asking);
    }
    o
}
