//! Every worked example of the rulebook, built through the position format,
//! checking the outcome the rulebook states.

use crate::common;
use common::*;
use eons_marine::state::BoxKind;
use eons_marine::{Animal::*, Choice, Element, Face, Terrain};

/// Dominance example (p.7): Crustaceans have 2 worms x 3 tiles with worms and
/// Crustaceans = 6 > target 4: they dominate worms. Without the worms on the
/// Reef/Sand/Ocean corner they are endangered on the Reef.
#[test]
fn dominance_and_matching_example_p7() {
    let mut s = pos(r#"
turn = "crustaceans"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2 }
elements = { sw = "worms" }
[[tile]]
hex = [-1, 1]
terrain = "sand"
species = { crustaceans = 1 }
[[tile]]
hex = [0, 1]
terrain = "ocean"
species = { crustaceans = 1 }
elements = { se = "worms" }
[[tile]]
hex = [1, 1]
terrain = "ocean"
[[special]]
element = "worms"
target = 4
"#);
    assert_eq!(s.domination_value(Crustaceans, Element::Worms), 6);
    assert!(s.dominates(Crustaceans, Element::Worms));
    assert!(!s.dominates(Crustaceans, Element::Sun));
    assert!(s.thriving(Crustaceans, hex(0, 0)));
    s.earth.set_element(corner(0, 0, "sw"), None);
    assert!(
        !s.thriving(Crustaceans, hex(0, 0)),
        "endangered on the Reef"
    );
}

/// Dominance & Matching Elements (p.7): "Here we see the sponges element type
/// with a current target number of 4; sun is still at 1. You as the Reptiles
/// above would dominate the sponges if you occupied at least 5 tiles
/// containing sponges (1x5=5). You would also dominate the sun with just 1
/// shared tile (2x1=2). You wouldn't currently dominate any of the other four
/// element types (0 x any number = 0)."
#[test]
fn reptiles_matching_elements_example_p7() {
    // Five tiles with sponges, one of them also with sun and one with the
    // four other types; the Reptiles (printed 2 sun, 1 sponges) occupy four
    // of them, or all five (FIFTH).
    let text = r#"
turn = "reptiles"
[[tile]]
hex = [0, -2]
terrain = "land"
species = { reptiles = 1 }
elements = { e = "sponges" }
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { reptiles = 1 }
elements = { e = "sponges", w = "sun" }
[[tile]]
hex = [0, 2]
terrain = "ocean"
species = { reptiles = 1 }
elements = { e = "sponges", se = "algae", sw = "worms", w = "plankton", nw = "gastropods" }
[[tile]]
hex = [-2, 0]
terrain = "sand"
species = { reptiles = 1 }
elements = { e = "sponges" }
[[tile]]
hex = [-2, 2]
terrain = "kelp"
FIFTH
elements = { e = "sponges" }
[[special]]
element = "sponges"
target = 4
"#;
    let s = pos(&text.replace("FIFTH", ""));
    assert_eq!(s.targets[Element::Sun.index()], 1, "sun is still at 1");
    assert_eq!(s.domination_value(Reptiles, Element::Sponges), 4, "1x4");
    assert!(
        !s.dominates(Reptiles, Element::Sponges),
        "4 does not exceed the target 4"
    );
    assert_eq!(s.domination_value(Reptiles, Element::Sun), 2, "2x1");
    assert!(
        s.dominates(Reptiles, Element::Sun),
        "2 > 1 with one shared tile"
    );
    for e in [
        Element::Algae,
        Element::Worms,
        Element::Plankton,
        Element::Gastropods,
    ] {
        assert_eq!(s.domination_value(Reptiles, e), 0, "0 x any number = 0");
        assert!(!s.dominates(Reptiles, e));
    }
    let mut t = s.clone();
    play(&mut t, basic("domination 1"));
    assert_eq!(
        legal(&t),
        vec![Choice::Element(Element::Sun), Choice::Forfeit],
        "four tiles with sponges: only the sun"
    );

    let s = pos(&text.replace("FIFTH", "species = { reptiles = 1 }"));
    assert_eq!(s.domination_value(Reptiles, Element::Sponges), 5, "1x5");
    assert!(s.dominates(Reptiles, Element::Sponges), "5 > 4");
    assert!(s.dominates(Reptiles, Element::Sun));
    for e in [
        Element::Algae,
        Element::Worms,
        Element::Plankton,
        Element::Gastropods,
    ] {
        assert!(!s.dominates(Reptiles, e), "0 x any number = 0");
    }
    let mut t = s.clone();
    play(&mut t, basic("domination 1"));
    assert_eq!(
        legal(&t),
        vec![
            Choice::Element(Element::Sponges),
            Choice::Element(Element::Sun),
            Choice::Forfeit
        ]
    );
}

/// Retrieve example (p.10): with no legal space for her basic pawn the
/// Crustaceans must retrieve; as the last cube to move right, the round ends
/// in a Reseed.
#[test]
fn retrieve_example_p10() {
    let mut s = pos(r#"
turn = "crustaceans"
[[animal]]
name = "reptiles"
retrieved = true
[[animal]]
name = "cephalopods"
retrieved = true
[[animal]]
name = "fishes"
retrieved = true
[[animal]]
name = "crustaceans"
pawns = 2
[[tile]]
hex = [0, 0]
terrain = "reef"
[[pawn]]
space = "domination 3"
animal = "crustaceans"
[display]
abundance = ["sun", "sun", "sun", "sun"]
"#);
    assert_eq!(
        legal(&s),
        vec![Choice::Retrieve],
        "retrieval is the only option"
    );
    let ev = play(&mut s, Choice::Retrieve);
    assert!(ev
        .iter()
        .any(|e| matches!(e, eons_marine::Event::Reseed { .. })));
    assert_eq!(s.basic_avail[Crustaceans.index()], 2);
    assert_eq!(s.food_right, 0, "cubes back to the left boxes");
    assert_eq!(s.reseeds, 1);
    assert_eq!(
        s.boxes[BoxKind::Autotrophs as usize][Element::Sun.index()],
        4,
        "Abundance slid into Autotrophs"
    );
    assert_eq!(decider(&s), Fishes, "play proceeds to the next animal");
}

/// Abundance example (p.11): the Fishes place behind the Crustaceans' pawn,
/// take the algae and put it on the bottom-left corner of the Ocean below
/// the Reef.
#[test]
fn abundance_example_p11() {
    let mut s = pos(r#"
turn = "fishes"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { fishes = 3, crustaceans = 3 }
[[tile]]
hex = [0, 1]
terrain = "ocean"
[[pawn]]
space = "abundance 1"
animal = "crustaceans"
[display]
abundance = ["sun", "algae", "worms", "gastropods"]
"#);
    refused(&mut s, basic("abundance 1"));
    play(&mut s, basic("abundance 2"));
    play(&mut s, Choice::Circle(1));
    let c = corner(0, 1, "sw");
    play(&mut s, Choice::Corner(c));
    assert_eq!(s.earth.element(c), Some(Element::Algae.index() as u8));
    assert_eq!(s.circles[0][1], None);
    assert_eq!(decider(&s), Cephalopods);
}

/// Autotrophs example (p.11): gastropods and sun in the Box; on the geyser
/// space the Cephalopods swap a plankton on a geyser Vent for the gastropod;
/// their other option was to remove a sun from a geyser Vent.
#[test]
fn autotrophs_example_p11() {
    let text = r#"
turn = "cephalopods"
[[tile]]
hex = [0, -3]
terrain = "land"
vent = "geyser"
elements = { sw = "plankton", se = "sun" }
[[tile]]
hex = [0, 3]
terrain = "ocean"
vent = "smoker"
elements = { nw = "sun" }
[display]
autotrophs_box = ["gastropods", "sun"]
"#;
    let mut s = pos(text);
    play(&mut s, basic("autotrophs 2"));
    assert!(
        !legal(&s).contains(&Choice::Corner(corner(0, 3, "nw"))),
        "only geyser Vents"
    );
    let c = corner(0, -3, "sw");
    play(&mut s, Choice::Corner(c));
    assert!(
        !legal(&s).contains(&Choice::Remove),
        "no plankton in the Box"
    );
    play(&mut s, Choice::Element(Element::Gastropods));
    assert_eq!(s.earth.element(c), Some(Element::Gastropods.index() as u8));
    let bx = s.boxes[BoxKind::Autotrophs as usize];
    assert_eq!(
        (
            bx[Element::Plankton.index()],
            bx[Element::Gastropods.index()],
            bx[Element::Sun.index()]
        ),
        (1, 0, 1)
    );
    // The other option: remove a sun.
    let mut s = pos(text);
    play(&mut s, basic("autotrophs 2"));
    let c = corner(0, -3, "se");
    play(&mut s, Choice::Corner(c));
    play(&mut s, Choice::Remove);
    assert_eq!(s.earth.element(c), None);
    assert_eq!(
        s.boxes[BoxKind::Autotrophs as usize][Element::Sun.index()],
        1,
        "the Box is unchanged"
    );
}

/// Depletion example (p.11): the Crustaceans remove the sponges between the
/// Seagrass and the Seamount; Reptiles on the Seagrass and Cephalopods on
/// both tiles become endangered.
#[test]
fn depletion_example_p11() {
    let mut s = pos(r#"
turn = "crustaceans"
[[tile]]
hex = [0, 0]
terrain = "reef"
elements = { e = "sponges" }
[[tile]]
hex = [1, -1]
terrain = "seagrass"
species = { reptiles = 1, cephalopods = 1 }
[[tile]]
hex = [1, 0]
terrain = "seamount"
species = { cephalopods = 2 }
[display]
depletion_box = ["sponges"]
"#);
    assert!(s.thriving(Reptiles, hex(1, -1)) && s.thriving(Cephalopods, hex(1, 0)));
    play(&mut s, basic("depletion 1"));
    play(&mut s, Choice::Corner(corner(0, 0, "e")));
    assert_eq!(s.earth.element(corner(0, 0, "e")), None);
    assert!(!s.thriving(Reptiles, hex(1, -1)));
    assert!(!s.thriving(Cephalopods, hex(1, -1)));
    assert!(!s.thriving(Cephalopods, hex(1, 0)));
    assert_eq!(
        s.bag.count(Element::Sponges.index()),
        19,
        "back into the bag (one sponges stays in the Box)"
    );
}

/// Regression example (p.12): at the Reseed only the Reptiles have a cube in
/// Regression; sun is in the Regression Box: the Crustaceans lose a sun disk,
/// the Reptiles keep theirs and get their cube back.
#[test]
fn regression_example_p12() {
    let mut s = pos(r#"
turn = "reptiles"
[[animal]]
name = "reptiles"
disks = ["sun"]
[[animal]]
name = "cephalopods"
retrieved = true
[[animal]]
name = "fishes"
retrieved = true
[[animal]]
name = "crustaceans"
disks = ["sun", "algae"]
retrieved = true
[[tile]]
hex = [0, 0]
terrain = "reef"
[display]
regression_box = ["sun"]
regression_cubes = ["reptiles"]
"#);
    let pool = s.pool[Reptiles.index()];
    play(&mut s, Choice::Retrieve);
    assert_eq!(s.needs(Crustaceans)[Element::Sun.index()], 0);
    assert_eq!(
        s.needs(Crustaceans)[Element::Algae.index()],
        2,
        "other types untouched"
    );
    assert_eq!(
        s.needs(Reptiles)[Element::Sun.index()],
        3,
        "printed suns and the saved disk"
    );
    assert_eq!(s.pool[Reptiles.index()], pool + 1);
    assert!(s.squares.iter().all(|x| x.is_none()));
}

/// Adaptation example (p.12): both basic spaces are full; the Fishes use a
/// special pawn to bump the Crustaceans' basic pawn and add the gastropod to
/// an empty space; the special space would also allow a replacement.
#[test]
fn adaptation_example_p12() {
    let mut s = pos(r#"
turn = "fishes"
[[animal]]
name = "reptiles"
[[animal]]
name = "cephalopods"
[[animal]]
name = "fishes"
disks = ["sun"]
[[animal]]
name = "crustaceans"
[[tile]]
hex = [0, 0]
terrain = "reef"
[[special]]
element = "algae"
controller = "fishes"
[[pawn]]
space = "adaptation 1"
animal = "crustaceans"
[[pawn]]
space = "adaptation 2"
animal = "fishes"
[display]
adaptation = ["gastropods", "-", "-", "-"]
"#);
    let l = legal(&s);
    assert!(l.contains(&special("adaptation 3", Element::Algae)));
    assert!(
        l.contains(&special("adaptation 1", Element::Algae)),
        "may bump an opposing basic pawn"
    );
    assert!(
        !l.contains(&special("adaptation 2", Element::Algae)),
        "never its own pawn"
    );
    // The special space offers placement or replacement.
    let mut t = s.clone();
    play(&mut t, special("adaptation 3", Element::Algae));
    play(&mut t, Choice::Circle(0));
    let l = legal(&t);
    assert!(l.contains(&Choice::Add) && l.iter().any(|c| matches!(c, Choice::Disk(_))));
    // The example: bump the Crustaceans and add the gastropod.
    let before = s.basic_avail[Crustaceans.index()];
    play(&mut s, special("adaptation 1", Element::Algae));
    play(&mut s, Choice::Circle(0));
    assert_eq!(
        s.basic_avail[Crustaceans.index()],
        before + 1,
        "bumped pawn is available"
    );
    assert_eq!(s.needs(Fishes)[Element::Gastropods.index()], 1);
    assert_eq!(s.needs(Fishes)[Element::Sun.index()], 1);
}

/// Wanderlust example (p.13): a face-up Seamount placed next to one Seamount
/// scores 3 VP; with an algae element; Reptiles decline to move, Cephalopods
/// move 3 and Crustaceans 4 onto it.
#[test]
fn wanderlust_example_p13() {
    let mut s = pos(r#"
players = 3
turn = "crustaceans"
stacks = [["seamount", "land"], ["kelp"], ["reef"]]
[[animal]]
name = "reptiles"
[[animal]]
name = "cephalopods"
[[animal]]
name = "crustaceans"
[[tile]]
hex = [1, 0]
terrain = "seamount"
species = { reptiles = 2, cephalopods = 3, crustaceans = 5 }
[display]
wanderlust = ["algae", "sun", "-", "-"]
"#);
    play(&mut s, basic("wanderlust 1"));
    play(&mut s, Choice::Stack(0));
    assert_eq!(
        s.stacks[0].top(),
        Some(&Terrain::Land),
        "the next tile is turned face-up"
    );
    play(&mut s, Choice::Hex(hex(2, 0)));
    play(&mut s, Choice::Circle(0));
    let ev = play(&mut s, Choice::Corner(corner(2, 0, "e")));
    assert!(ev.iter().any(|e| matches!(
        e,
        eons_marine::Event::Vp {
            animal: Crustaceans,
            vp: 3,
            ..
        }
    )));
    assert_eq!(vp(&s, Crustaceans), 3);
    // In food-chain order: Reptiles first, each by their own seat.
    assert_eq!(decider(&s), Reptiles);
    play(&mut s, Choice::Done);
    assert_eq!(decider(&s), Cephalopods);
    let mv = Choice::Move {
        from: hex(1, 0),
        to: hex(2, 0),
    };
    play_all(&mut s, &[mv, mv, mv]);
    assert_eq!(decider(&s), Crustaceans);
    play_all(&mut s, &[mv, mv, mv, mv, Choice::Done]);
    assert_eq!(sp(&s, 2, 0, Cephalopods), 3);
    assert_eq!(sp(&s, 2, 0, Crustaceans), 4);
    assert_eq!(sp(&s, 2, 0, Reptiles), 0);
    assert_eq!(
        s.earth.tile(hex(2, 0)).map(|t| t.terrain()),
        Some(Terrain::Seamount)
    );
}

/// Speciation example (p.13): on the sun space the Cephalopods choose a sun
/// shared by a Reef, an Ocean and a Vent: 2 more species in the Reef, 4 in
/// the Ocean, 1 in the Vent. The special space allows any element.
#[test]
fn speciation_example_p13() {
    let text = r#"
turn = "cephalopods"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { cephalopods = 1 }
elements = { se = "sun", nw = "algae" }
[[tile]]
hex = [1, 0]
terrain = "seamount"
vent = "smoker"
[[tile]]
hex = [0, 1]
terrain = "ocean"
[[special]]
element = "worms"
controller = "cephalopods"
[display]
speciation = ["algae", "sun", "worms", "plankton"]
"#;
    let mut s = pos(text);
    play(&mut s, basic("speciation 2"));
    assert!(
        !legal(&s).contains(&Choice::Corner(corner(0, 0, "nw"))),
        "only sun elements"
    );
    play(&mut s, Choice::Corner(corner(0, 0, "se")));
    let reef = Choice::Hex(hex(0, 0));
    let ocean = Choice::Hex(hex(0, 1));
    let vent = Choice::Hex(hex(1, 0));
    play_all(&mut s, &[reef, reef, ocean, ocean, ocean, ocean]);
    assert!(!legal(&s).contains(&reef), "the Reef takes up to 2");
    play(&mut s, vent);
    assert_eq!(sp(&s, 0, 0, Cephalopods), 3);
    assert_eq!(sp(&s, 0, 1, Cephalopods), 4);
    assert_eq!(sp(&s, 1, 0, Cephalopods), 1);
    assert_eq!(
        decider(&s),
        Reptiles,
        "nothing left to place: the action ends"
    );
    let mut s = pos(text);
    play(&mut s, special("speciation 5", Element::Worms));
    assert!(
        legal(&s).contains(&Choice::Corner(corner(0, 0, "nw"))),
        "any element"
    );
}

/// Tectonics example (p.14): the interior Kelp needs a special pawn; the
/// Reptiles vent an edge Ocean in the bottom half (smoker), next to one Vent
/// for 3 VP; of 1 Reptile, 2 Fishes, 4 Cephalopods one each stays and the
/// rest go back to their Gene Pools; the Reptiles add one species.
#[test]
fn tectonics_example_p14() {
    let mut s = pos(r#"
turn = "reptiles"
[[tile]]
hex = [-1, 0]
terrain = "kelp"
[[tile]]
hex = [-1, 2]
terrain = "ocean"
[[tile]]
hex = [-1, 3]
terrain = "ocean"
species = { reptiles = 1, fishes = 2, cephalopods = 4 }
[[tile]]
hex = [0, 3]
terrain = "ocean"
vent = "smoker"
"#);
    let pools = s.pool;
    play(&mut s, basic("tectonics 1"));
    let l = legal(&s);
    assert!(
        !l.contains(&Choice::Hex(hex(-1, 0))),
        "the Kelp is not on the edge"
    );
    assert!(!l.contains(&Choice::Hex(hex(0, 3))), "never a Vent");
    assert!(!l.contains(&Choice::Hex(hex(-1, 2))), "interior Ocean");
    play(&mut s, Choice::Hex(hex(-1, 3)));
    assert_eq!(
        s.earth.tile(hex(-1, 3)).and_then(|t| t.vent),
        Some(Face::Smoker)
    );
    assert_eq!(vp(&s, Reptiles), 3);
    assert_eq!((sp(&s, -1, 3, Fishes), sp(&s, -1, 3, Cephalopods)), (1, 1));
    assert_eq!(s.pool[Fishes.index()], pools[Fishes.index()] + 1);
    assert_eq!(s.pool[Cephalopods.index()], pools[Cephalopods.index()] + 3);
    assert_eq!(s.vents_left, 10);
    play(&mut s, Choice::FromPool);
    assert_eq!(sp(&s, -1, 3, Reptiles), 2);
}

/// Tectonics example, first half (p.14): "The Reptiles player would love to
/// vent the kelp as it would give him 6 bonus VPs for placement next to two
/// existing vent tiles, but, because the Kelp is not on the edge of the hex
/// grid, that requires use of a special AP". With a special pawn on the
/// special space the interior Kelp can be vented: the new Vent and the two
/// adjacent ones count 3, for 6 bonus VP.
#[test]
fn tectonics_example_special_pawn_vents_the_kelp_p14() {
    let mut s = pos(r#"
turn = "reptiles"
[[tile]]
hex = [-1, 0]
terrain = "kelp"
[[tile]]
hex = [-1, -1]
terrain = "land"
vent = "geyser"
[[tile]]
hex = [-1, 1]
terrain = "ocean"
vent = "smoker"
[[special]]
element = "sun"
controller = "reptiles"
"#);
    let vents = s.vents_left;
    play(&mut s, special("tectonics 2", Element::Sun));
    let ev = play(&mut s, Choice::Hex(hex(-1, 0)));
    assert_eq!(
        s.earth.tile(hex(-1, 0)).map(|t| t.terrain()),
        Some(Terrain::Vent)
    );
    assert_eq!(s.vents_left, vents - 1);
    assert!(ev.contains(&eons_marine::Event::Vp {
        animal: Reptiles,
        vp: 6,
        why: eons_marine::VpCause::Tectonics,
    }));
    assert_eq!(vp(&s, Reptiles), 6, "6 bonus VPs next to two Vents");
}

/// Competition example (p.15): on the special space the Cephalopods
/// eliminate a Reptile in the Kelp Forest and another in the Seagrass Meadow.
#[test]
fn competition_example_p15() {
    let mut s = pos(r#"
turn = "cephalopods"
[[tile]]
hex = [-1, 0]
terrain = "kelp"
species = { reptiles = 2, cephalopods = 1 }
[[tile]]
hex = [1, -1]
terrain = "seagrass"
species = { reptiles = 1, cephalopods = 2 }
[[special]]
element = "sponges"
controller = "cephalopods"
[display]
competition = ["ocean", "land", "reef"]
"#);
    play(&mut s, special("competition 4", Element::Sponges));
    play(&mut s, Choice::Hex(hex(-1, 0)));
    play(&mut s, Choice::Animal(Reptiles));
    play(&mut s, Choice::Hex(hex(1, -1)));
    play(&mut s, Choice::Animal(Reptiles));
    assert_eq!(sp(&s, -1, 0, Reptiles), 1);
    assert_eq!(sp(&s, 1, -1, Reptiles), 0);
    assert_eq!(
        s.eliminated[Reptiles.index()],
        2,
        "eliminated species go to the box"
    );
}

/// Migration example (p.15): on the 5-cube space the Fishes move 1 from the
/// Reef to the Sand, 3 from the geyser Vent to the Reef and 1 to the Kelp.
#[test]
fn migration_example_p15() {
    let mut s = pos(r#"
turn = "fishes"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { fishes = 1 }
[[tile]]
hex = [-1, 1]
terrain = "sand"
[[tile]]
hex = [-1, 0]
terrain = "kelp"
[[tile]]
hex = [0, -1]
terrain = "land"
vent = "geyser"
species = { fishes = 4 }
"#);
    play(&mut s, basic("migration 3"));
    play(
        &mut s,
        Choice::Move {
            from: hex(0, 0),
            to: hex(-1, 1),
        },
    );
    let v2r = Choice::Move {
        from: hex(0, -1),
        to: hex(0, 0),
    };
    play_all(&mut s, &[v2r, v2r, v2r]);
    assert!(
        !legal(&s).contains(&Choice::Move {
            from: hex(0, 0),
            to: hex(-1, 1)
        }),
        "species that migrated do not move again"
    );
    play(
        &mut s,
        Choice::Move {
            from: hex(0, -1),
            to: hex(-1, 0),
        },
    );
    assert_eq!(decider(&s), Cephalopods, "five moves used: the action ends");
    assert_eq!(
        (
            sp(&s, -1, 1, Fishes),
            sp(&s, 0, 0, Fishes),
            sp(&s, -1, 0, Fishes),
            sp(&s, 0, -1, Fishes)
        ),
        (1, 3, 1, 0)
    );
}

/// Evolution card play (p.16): "if you placed a pawn in the rightmost action
/// space with a value of "5," you could pick any card. If you placed in the
/// leftmost action space with a value of "1," you would have no choice but to
/// execute the bottom evolution card."
#[test]
fn evolution_card_slots_example_p16() {
    let text = r#"
turn = "crustaceans"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2 }
elements = { e = "worms" }
[[tile]]
hex = [0, -2]
terrain = "land"
species = { crustaceans = 2 }
elements = { e = "worms" }
[display]
evolution = ["reef", "kelp", "kelp", "land", "land"]
[cards]
row = ["biodiversity", "annelids", "predator", "fertile", "producers"]
"#;
    let mut s = pos(text);
    play(&mut s, basic("evolution 1"));
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert_eq!(
        legal(&s),
        vec![Choice::Slot(1)],
        "space 1: only the bottom card"
    );
    let mut s = pos(text);
    play(&mut s, basic("evolution 5"));
    play(&mut s, Choice::Hex(hex(0, -2)));
    assert_eq!(
        legal(&s),
        (1..=5).map(Choice::Slot).collect::<Vec<_>>(),
        "space 5: any card"
    );
}

/// Evolution example (p.17): on the Kelp "4" space, Crustaceans (most) take
/// 7, Reptiles win the tie for second over Cephalopods (4), Cephalopods 2,
/// Fishes nothing; then a card from slots 1-4.
#[test]
fn evolution_example_p17() {
    let mut s = pos(r#"
turn = "crustaceans"
[[tile]]
hex = [-1, 0]
terrain = "kelp"
species = { reptiles = 2, cephalopods = 2, fishes = 1, crustaceans = 4 }
elements = { e = "worms" }
[display]
evolution = ["ocean", "sand", "kelp", "kelp", "land"]
[cards]
row = ["biodiversity", "annelids", "predator", "fertile", "producers"]
"#);
    play(&mut s, basic("evolution 4"));
    play(&mut s, Choice::Hex(hex(-1, 0)));
    assert_eq!(
        [
            vp(&s, Crustaceans),
            vp(&s, Reptiles),
            vp(&s, Cephalopods),
            vp(&s, Fishes)
        ],
        [7, 4, 2, 0]
    );
    let l = legal(&s);
    assert_eq!(
        l,
        vec![
            Choice::Slot(1),
            Choice::Slot(2),
            Choice::Slot(3),
            Choice::Slot(4)
        ],
        "must take a card at or below 4"
    );
}

/// Domination example (p.17): three suns on the display and five tiles with
/// sun give 15 > target 12; the Reptiles take control of the sun pawn (it
/// stays on the display) and the target moves to 15; they collect the pawn
/// at their next retrieval.
#[test]
fn domination_example_p17() {
    let mut s = pos(r#"
turn = "reptiles"
[[animal]]
name = "reptiles"
disks = ["sun"]
[[animal]]
name = "cephalopods"
[[animal]]
name = "fishes"
[[animal]]
name = "crustaceans"
[[tile]]
hex = [0, -2]
terrain = "land"
species = { reptiles = 1 }
elements = { e = "sun" }
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { reptiles = 1 }
elements = { e = "sun" }
[[tile]]
hex = [0, 2]
terrain = "ocean"
species = { reptiles = 1 }
elements = { e = "sun" }
[[tile]]
hex = [-2, 0]
terrain = "sand"
species = { reptiles = 1 }
elements = { e = "sun" }
[[tile]]
hex = [-2, 2]
terrain = "kelp"
species = { reptiles = 1 }
elements = { e = "sun" }
[[special]]
element = "sun"
controller = "fishes"
target = 12
[[pawn]]
space = "abundance 1"
special = "sun"
"#);
    assert_eq!(s.domination_value(Reptiles, Element::Sun), 15);
    play(&mut s, basic("domination 1"));
    play(&mut s, Choice::Element(Element::Sun));
    assert_eq!(s.special_control[Element::Sun.index()], Some(Reptiles));
    assert_eq!(s.targets[Element::Sun.index()], 15);
    assert_eq!(
        s.special_space[Element::Sun.index()],
        Some(space("abundance 1")),
        "the pawn stays on the display"
    );
    // Later the Reptiles retrieve and collect it.
    while decider(&s) != Reptiles {
        play(&mut s, Choice::Retrieve);
    }
    play(&mut s, Choice::Retrieve);
    assert_eq!(s.special_space[Element::Sun.index()], None);
    assert_eq!(
        s.available_specials(Reptiles).collect::<Vec<_>>(),
        vec![Element::Sun]
    );
}

/// Placement example (p.9): with a single pawn on Competition "2", the next
/// basic pawn goes on Competition "3" or below; a special pawn goes anywhere
/// except on a space holding a special pawn or one's own pawn.
#[test]
fn basic_pawns_go_after_placement_example_p9() {
    let s = pos(r#"
turn = "fishes"
[[special]]
element = "sun"
controller = "fishes"
[[special]]
element = "algae"
controller = "reptiles"
[[tile]]
hex = [0, 0]
terrain = "reef"
[[pawn]]
space = "competition 2"
animal = "fishes"
[[pawn]]
space = "abundance 1"
special = "algae"
[[pawn]]
space = "abundance 2"
animal = "reptiles"
"#);
    let l = legal(&s);
    assert!(!l.contains(&basic("competition 1")));
    assert!(l.contains(&basic("competition 3")));
    assert!(l.contains(&basic("evolution 1")));
    assert!(!l.contains(&basic("migration 1")), "a section above");
    assert!(!l.contains(&basic("competition 4")), "special-only space");
    assert!(
        l.contains(&special("migration 1", Element::Sun)),
        "special pawns anywhere"
    );
    assert!(
        l.contains(&special("abundance 2", Element::Sun)),
        "bumping a basic pawn"
    );
    assert!(
        !l.contains(&special("abundance 1", Element::Sun)),
        "never a special pawn"
    );
    assert!(
        !l.contains(&special("competition 2", Element::Sun)),
        "never one's own pawn"
    );
}

/// Endgame (p.9): "Each player earns VPs equal to the sum total of the spaces
/// occupied by the target markers associated with their controlled special
/// pawns. So a player controlling the algae pawn at target "7" and the sun
/// pawn at "6" would earn 13 VPs." A pawn controlled by another animal does
/// not count.
#[test]
fn endgame_target_markers_example_p9() {
    let mut s = pos(r#"
turn = "crustaceans"
last_round = true
[[animal]]
name = "reptiles"
retrieved = true
[[animal]]
name = "cephalopods"
retrieved = true
[[animal]]
name = "fishes"
retrieved = true
[[animal]]
name = "crustaceans"
[[special]]
element = "algae"
controller = "crustaceans"
target = 7
[[special]]
element = "sun"
controller = "crustaceans"
target = 6
[[special]]
element = "worms"
controller = "fishes"
target = 5
"#);
    play(&mut s, Choice::Retrieve);
    assert!(s.over);
    assert_eq!(vp(&s, Crustaceans), 13, "7 + 6");
    assert_eq!(vp(&s, Fishes), 5, "the worms target goes to its controller");
}
