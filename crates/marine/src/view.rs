//! What a seat may see ([`View`]), determinization of what it has not seen,
//! and plain-text descriptions for the terminal.

use crate::data::{data, MAX_STACKS};
use crate::decision::{Choice, Frame};
use crate::events::{Event, Why};
use crate::state::{BoxKind, CircleRow, Pawn, State, ANIMALS};
use crate::types::{Action, Animal, Card, Element, Space, Terrain, Tile, Trait, CORNER_NAMES};
use eons_core::{CornerId, GameRng, HexId, Seat, Turn};
use eons_earth::grid;
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

// ====================================================================== text

fn hex_name(h: HexId) -> String {
    let x = grid().hex(h);
    format!("({},{})", x.q, x.r)
}

/// A corner by a tile it touches and the corner's direction, e.g. `(0,0).se`.
pub fn corner_name(s: &State, c: CornerId) -> String {
    let g = grid();
    let mut best = None;
    for h in g.hexes_at(c) {
        let pick = s.earth.tile(h).is_some();
        if best.is_none() || pick {
            best = Some(h);
            if pick {
                break;
            }
        }
    }
    match best {
        Some(h) => {
            let k = g.corners_of(h).iter().position(|&x| x == c).unwrap_or(0);
            format!("{}.{}", hex_name(h), CORNER_NAMES[k])
        }
        None => format!("{}", g.corner(c)),
    }
}

fn tile_name(s: &State, h: HexId) -> String {
    match s.earth.tile(h) {
        Some(t) => format!("{} {}", t.terrain(), hex_name(h)),
        None => format!("hex {}", hex_name(h)),
    }
}

/// The name of a space ("Evolution 3", "Migration special").
pub fn space_name(space: Space) -> String {
    if space.is_personal() {
        return "Bottom Feeder space".into();
    }
    let d = data();
    match d.spaces.get(space.index()) {
        Some(sp) => {
            let sec = d.sections.iter().find(|x| x.action == sp.action);
            let total = sec.map_or(0, |x| x.len);
            let tag = if sp.special {
                " (special)".to_string()
            } else {
                String::new()
            };
            format!("{} {}/{}{}", cap(sp.action.name()), sp.col + 1, total, tag)
        }
        None => format!("space {space}"),
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A short description of a choice in the current state.
pub fn describe_choice(s: &State, c: Choice) -> String {
    let top = s.stack.last().copied();
    match c {
        Choice::Trait(t) => match top {
            Some(Frame::ExaptationCopy { .. }) => format!("copy trait {t}"),
            Some(Frame::GeneWhich { .. }) => format!("replace trait {t}"),
            _ => format!("keep trait {t}"),
        },
        Choice::Pawn(e) => format!("take the {e} special pawn"),
        Choice::Place { space, special } => {
            let extra = match (!space.is_personal())
                .then(|| data().spaces.get(space.index()))
                .flatten()
            {
                Some(sp) => match sp.action {
                    Action::Speciation => match sp.circle {
                        Some(k) => s.circles[CircleRow::Speciation as usize][k as usize]
                            .map_or(" (no element)".into(), |e| format!(" ({e})")),
                        None => " (any element)".into(),
                    },
                    Action::Competition | Action::Evolution => match sp.marker {
                        Some(m) => {
                            let t = if sp.action == Action::Competition {
                                s.comp_markers[m as usize]
                            } else {
                                s.evo_markers[m as usize]
                            };
                            t.map_or(" (no terrain)".into(), |t| format!(" ({t})"))
                        }
                        None => " (any terrain)".into(),
                    },
                    _ => String::new(),
                },
                None => String::new(),
            };
            let bump = match s.pawn_at(space) {
                Some(Pawn::Basic(b)) => format!(", bumping {b}"),
                _ => String::new(),
            };
            match special {
                Some(e) => format!("{}{extra}: {e} special pawn{bump}", space_name(space)),
                None => format!("{}{extra}: basic pawn{bump}", space_name(space)),
            }
        }
        Choice::Retrieve => "retrieve your pawns".into(),
        Choice::Forfeit => "forfeit the action".into(),
        Choice::Done => "done".into(),
        Choice::Perform => "do it".into(),
        Choice::Circle(i) => {
            let row = match top {
                Some(Frame::Abundance { .. }) => CircleRow::Abundance,
                Some(Frame::Adaptation { .. }) => CircleRow::Adaptation,
                _ => CircleRow::Wanderlust,
            };
            match s.circles[row as usize].get(i as usize).copied().flatten() {
                Some(e) => format!("take {e}"),
                None => format!("circle {}", i + 1),
            }
        }
        Choice::Corner(k) => match s.earth.element(k) {
            Some(e) => format!("{} at {}", crate::state::element_of(e), corner_name(s, k)),
            None => format!("corner {}", corner_name(s, k)),
        },
        Choice::Hex(h) => tile_name(s, h),
        Choice::Stack(i) => match s.stacks[i as usize].top() {
            Some(t) => format!("stack {}: {t}", i + 1),
            None => format!("stack {}", i + 1),
        },
        Choice::Face(f) => format!("{f} face up"),
        Choice::Move { from, to } => {
            format!("move from {} to {}", tile_name(s, from), tile_name(s, to))
        }
        Choice::MoveOf { animal, to } => format!("move one {animal} to {}", tile_name(s, to)),
        Choice::Animal(a) => match top {
            Some(Frame::AsteroidKeep { .. }) => format!("keep one {a}"),
            Some(Frame::SolarPick { .. }) => format!("return one {a} to its Gene Pool"),
            _ => format!("eliminate one {a}"),
        },
        Choice::Species { hex, animal } => {
            format!("eliminate one {animal} on {}", tile_name(s, hex))
        }
        Choice::Slot(k) => match s.row.get(k as usize - 1).copied().flatten() {
            Some(c) => format!("card {c} (slot {k})"),
            None => format!("slot {k}"),
        },
        Choice::Terrain(t) => format!("{t}"),
        Choice::Element(e) => format!("{e}"),
        Choice::Disk(k) => {
            let a = top.and_then(|f| f.decider()).unwrap_or(s.cur);
            match s.disks[a.index()].get(k as usize).copied().flatten() {
                Some(e) => format!("your {e} disk"),
                None => format!("disk {}", k + 1),
            }
        }
        Choice::Add => "put it in an empty space".into(),
        Choice::Remove => "remove it".into(),
        Choice::FromPool => "from your Gene Pool".into(),
        Choice::FromBox => "one of your eliminated species".into(),
    }
}

/// A sentence for an event.
pub fn describe_event(s: &State, e: &Event) -> String {
    match e {
        Event::TraitPicked { animal } => format!("{animal} chose a trait in secret"),
        Event::TraitsRevealed => "traits are revealed".into(),
        Event::TraitHeld { animal, t } => format!("{animal} hold {t}"),
        Event::TraitLost { animal, t } => format!("{animal} lose {t}"),
        Event::TraitCopied { animal, t } => format!("{animal} copy {t}"),
        Event::Placed {
            animal,
            space,
            special,
        } => match special {
            Some(el) => format!("{animal} place the {el} pawn on {}", space_name(*space)),
            None => format!("{animal} place a pawn on {}", space_name(*space)),
        },
        Event::Bumped { animal } => format!("{animal}' pawn is bumped back"),
        Event::Retrieved { animal } => format!("{animal} retrieve their pawns"),
        Event::Forfeited { animal } => format!("{animal} forfeit the action"),
        Event::ElementPlaced { el, corner } => {
            format!("{el} placed at {}", corner_name(s, *corner))
        }
        Event::ElementRemoved { el, corner } => {
            format!("{el} removed from {}", corner_name(s, *corner))
        }
        Event::ElementBoxed { el } => format!("{el} goes into the Autotrophs Box"),
        Event::DiskAdded { animal, el } => format!("{animal} gain a {el} disk"),
        Event::DiskLost { animal, el } => format!("{animal} lose a {el} disk"),
        Event::Added { animal, hex, n } => format!("{n} {animal} added to {}", tile_name(s, *hex)),
        Event::Revived { animal, hex } => {
            format!("an eliminated {animal} returns on {}", tile_name(s, *hex))
        }
        Event::Eliminated { animal, hex, n } => {
            format!("{n} {animal} eliminated on {}", tile_name(s, *hex))
        }
        Event::ToPool { animal, hex, n } => format!(
            "{n} {animal} back to the Gene Pool from {}",
            tile_name(s, *hex)
        ),
        Event::Moved { animal, from, to } => format!(
            "{animal} move from {} to {}",
            tile_name(s, *from),
            tile_name(s, *to)
        ),
        Event::RegressionCube { animal } => format!("{animal} put a cube in Regression"),
        Event::TilePlaced { hex, terrain } => {
            format!("a {terrain} tile is placed at {}", hex_name(*hex))
        }
        Event::StackTop { stack, terrain } => format!("stack {} shows {terrain}", stack + 1),
        Event::VentPlaced { hex, face } => format!("a {face} Vent is placed at {}", hex_name(*hex)),
        Event::Vp { animal, vp, why } => {
            let w = match why {
                Why::Scoring { hex, place } => format!("place {place} on {}", tile_name(s, *hex)),
                Why::Wanderlust => "Wanderlust bonus".into(),
                Why::Tectonics => "Tectonics bonus".into(),
                Why::Survival => "Survival".into(),
                Why::Card(c) => format!("{c}"),
                Why::Trait(t) => format!("{t}"),
                Why::Target(el) => format!("{el} target"),
            };
            format!("{animal} gain {vp} VP ({w})")
        }
        Event::Control { el, animal } => format!("{animal} take control of the {el} pawn"),
        Event::Target { el, value } => format!("the {el} target moves to {value}"),
        Event::CardChosen { animal, card, slot } => {
            format!("{animal} take {card} from slot {slot}")
        }
        Event::CardReplayed { card } => format!("{card} is resolved again from the discard pile"),
        Event::CardDiscarded { card } => format!("{card} is discarded"),
        Event::CardRevealed { card, slot } => format!("{card} is revealed in slot {slot}"),
        Event::Extinction => "Extinction!".into(),
        Event::Survival { holder } => match holder {
            Some(a) => format!("Survival: {a} hold the Survival card"),
            None => "Survival: nobody holds the Survival card".into(),
        },
        Event::Reseed { round } => format!("Reseed (round {round} ends)"),
        Event::LastRound => "the Asteroid strikes: this is the last round".into(),
        Event::NoSpeciesLeft { round } => format!(
            "no species is left on earth or in any Gene Pool, and no Vent tile remains to bring one back: the Asteroid can never be played, so round {round} is the last (an engine ruling; the rules give such a game no end)"
        ),
        Event::RoundCap { round, cap } => format!(
            "round cap reached (the max-rounds={cap} option, not a rulebook rule): round {round} is the last round"
        ),
        Event::FinalScoring => "final scoring".into(),
        Event::GameOver => "the game is over".into(),
        Event::ExtraTurn { animal } => format!("{animal} take another turn"),
        Event::ExtraPawn { animal } => format!("{animal} gain a basic pawn"),
        Event::PawnsReturned => "every pawn returns to its owner".into(),
    }
}

/// Renders a view as text.
pub fn render(v: &View) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "=== Dominant Species: Marine — {} reseeds{}{} ===",
        v.reseeds,
        if v.last_round { ", LAST ROUND" } else { "" },
        if v.over { ", game over" } else { "" }
    );
    for a in &v.animals {
        let disks: Vec<String> = a
            .disks
            .iter()
            .map(|d| d.map_or("·".into(), |e| e.name().to_string()))
            .collect();
        let printed: Vec<String> = Element::ALL
            .iter()
            .filter(|e| a.printed[e.index()] > 0)
            .map(|e| format!("{}×{}", a.printed[e.index()], e))
            .collect();
        let traits = a.traits.as_ref().map_or("(hidden)".into(), |t| {
            t.iter().map(|x| x.name()).collect::<Vec<_>>().join(", ")
        });
        let _ = writeln!(
            o,
            "{:<12} {} VP {:>3}  pool {:>2}  pawns {}/{}  printed [{}] disks [{}]  traits: {}{}{}",
            a.animal.name(),
            a.seat,
            a.vp,
            a.pool,
            a.basic_avail,
            a.basic_total,
            printed.join(" "),
            disks.join(" "),
            traits,
            a.copied
                .map_or(String::new(), |c| format!(" (copying {c})")),
            if a.retrieved { "  [retrieved]" } else { "" }
        );
        if let Some(h) = &a.hand {
            let _ = writeln!(
                o,
                "    your hand: {}",
                h.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
            );
        }
        if let Some(h) = &a.offer {
            let _ = writeln!(
                o,
                "    offered: {}",
                h.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
            );
        }
    }
    let _ = writeln!(
        o,
        "--- earth (q,r: terrain  R/Ce/F/Cr species  corner elements)"
    );
    for t in &v.tiles {
        let els: Vec<String> = grid()
            .corners_of(t.hex)
            .iter()
            .enumerate()
            .filter_map(|(k, c)| {
                v.elements
                    .iter()
                    .find(|x| x.0 == *c)
                    .map(|x| format!("{}:{}", CORNER_NAMES[k], x.1))
            })
            .collect();
        let _ = writeln!(
            o,
            "({:>2},{:>2}) {:<22} {:>2}/{:>2}/{:>2}/{:>2}  {}",
            t.q,
            t.r,
            t.tile.to_string(),
            t.species[0],
            t.species[1],
            t.species[2],
            t.species[3],
            els.join(" ")
        );
    }
    let _ = writeln!(o, "--- action display");
    let d = data();
    for sec in &d.sections {
        let mut line = format!("{:<12}", sec.action.name());
        for k in 0..sec.len {
            let i = (sec.first + k) as usize;
            let p = v.spaces.get(i).copied().flatten();
            let sp = &d.spaces[i];
            let mark = if sp.special { "*" } else { "" };
            let who = match p {
                None => "__".to_string(),
                Some(Pawn::Basic(a)) => a.name()[..2].to_string(),
                Some(Pawn::Special(e)) => format!("W{}", &e.name()[..2]),
            };
            let _ = write!(line, " [{mark}{who}]");
        }
        let extra = match sec.action {
            Action::Abundance | Action::Adaptation | Action::Speciation | Action::Wanderlust => {
                let row = match sec.action {
                    Action::Abundance => 0,
                    Action::Adaptation => 1,
                    Action::Speciation => 2,
                    _ => 3,
                };
                let c: Vec<String> = v.circles[row]
                    .iter()
                    .map(|e| e.map_or("·".into(), |e| e.name().to_string()))
                    .collect();
                format!("  circles: {}", c.join(" "))
            }
            Action::Autotrophs => format!(
                "  box: {}",
                box_text(&v.boxes[BoxKind::Autotrophs as usize])
            ),
            Action::Depletion => {
                format!("  box: {}", box_text(&v.boxes[BoxKind::Depletion as usize]))
            }
            Action::Regression => format!(
                "  box: {}  cubes: {}",
                box_text(&v.boxes[BoxKind::Regression as usize]),
                v.squares
                    .iter()
                    .map(|x| x.map_or("·", |a| a.name()))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Action::Competition => format!("  markers: {}", markers_text(&v.competition)),
            Action::Evolution => format!("  markers: {}", markers_text(&v.evolution)),
            _ => String::new(),
        };
        let _ = writeln!(o, "{line}{extra}");
    }
    let sp: Vec<String> = Element::ALL
        .iter()
        .map(|e| {
            format!(
                "{}:{}@{}{}",
                e.name(),
                v.controllers[e.index()].map_or("-", |a| a.name()),
                v.targets[e.index()],
                if v.on_display[e.index()].is_some() {
                    "(placed)"
                } else {
                    ""
                }
            )
        })
        .collect();
    let _ = writeln!(o, "special pawns: {}", sp.join("  "));
    let row: Vec<String> = v
        .row
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{}:{}", i + 1, c.map_or("-", |c| c.name())))
        .collect();
    let _ = writeln!(
        o,
        "cards: {}   deck {}  discard {}",
        row.join("  "),
        v.deck_len,
        v.discard.len()
    );
    let st: Vec<String> = v
        .stacks
        .iter()
        .map(|(t, n)| format!("{}({n})", t.map_or("-", |t| t.name())))
        .collect();
    let _ = writeln!(
        o,
        "stacks: {}  vents left {}  bag {}  markers {}  survival: {}",
        st.join(" "),
        v.vents_left,
        v.bag_len,
        v.marker_bag_len,
        v.survival.map_or("-", |a| a.name())
    );
    if let Some(a) = v.deciding {
        let _ = writeln!(o, "{} to decide: {}", a, v.asking);
    }
    o
}

fn box_text(b: &[u8; 6]) -> String {
    let v: Vec<String> = Element::ALL
        .iter()
        .filter(|e| b[e.index()] > 0)
        .map(|e| format!("{}×{}", b[e.index()], e))
        .collect();
    if v.is_empty() {
        "empty".into()
    } else {
        v.join(" ")
    }
}

fn markers_text(m: &[Option<Terrain>]) -> String {
    m.iter()
        .map(|t| t.map_or("-", |t| t.name()))
        .collect::<Vec<_>>()
        .join(" ")
}
