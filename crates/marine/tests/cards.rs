//! One test per evolution card (clarifications p.18-20): the actor takes the
//! card through an Evolution action on the central Reef, then its effect is
//! checked. Positions are built through the position format.

use crate::common;
use common::*;
use eons_core::Game;
use eons_marine::{Animal::*, Card, Choice, Element, Face, Marine, State, Terrain, Trait};

/// The Reef with the six standard elements.
const REEF_ELEMENTS: &str = r#"elements = { e = "sponges", se = "sun", sw = "worms", w = "plankton", nw = "algae", ne = "gastropods" }"#;

/// Builds `body` with the card in slot 1 (and `row_rest` after it), the
/// Crustaceans to play on Evolution `space` with Reef markers, scores the Reef
/// and stops at the card choice.
fn at_card(card: &str, body: &str, row_rest: &str, space: &str) -> State {
    let text = format!(
        "turn = \"crustaceans\"\n{body}\n[cards]\nrow = [\"{card}\"{row_rest}]\ndeck = []\n",
        body = body.replace("REEF_ELEMENTS", REEF_ELEMENTS)
    );
    let mut s = pos(&text);
    play(&mut s, basic(space));
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert!(
        legal(&s).contains(&Choice::Slot(1)),
        "the card can be taken: {:?}",
        legal(&s)
    );
    s
}

fn take(card: &str, body: &str) -> State {
    let mut s = at_card(card, body, "", "evolution 1");
    play(&mut s, Choice::Slot(1));
    s
}

const DISP: &str = "[display]\nevolution = [\"reef\", \"reef\"]\n";

fn body(tiles: &str) -> String {
    format!("{tiles}\n{DISP}")
}

fn vp_gain(card: &str, b: &str, a: eons_marine::Animal) -> u32 {
    let mut s = at_card(card, b, "", "evolution 1");
    let before = vp(&s, a);
    play(&mut s, Choice::Slot(1));
    vp(&s, a) - before
}

const REEF_CR: &str = r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2 }
REEF_ELEMENTS
"#;

/// Adaptability (p.18): a disk of yours swaps with an earth element, into the exact corner.
#[test]
fn adaptability_p18() {
    let b = body(&format!("[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\ndisks = [\"sun\"]\n{REEF_CR}"));
    let mut s = take("adaptability", &b);
    play(&mut s, Choice::Disk(0));
    let c = corner(0, 0, "ne");
    play(&mut s, Choice::Corner(c));
    assert_eq!(s.earth.element(c), Some(Element::Sun.index() as u8));
    assert_eq!(s.disks[Crustaceans.index()][0], Some(Element::Gastropods));
}

/// Annelids (p.18): 1 VP per occupied tile with worms, however many.
#[test]
fn annelids_p18() {
    let b = body(&format!("{REEF_CR}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nspecies = {{ crustaceans = 1 }}\nelements = {{ se = \"worms\" }}\n[[tile]]\nhex = [0, -2]\nterrain = \"land\"\nspecies = {{ crustaceans = 1 }}\n"));
    assert_eq!(vp_gain("annelids", &b, Crustaceans), 2);
}

/// Asteroid (p.18): all but one species die on the chosen tile, one per
/// adjacent occupied tile (possibly your own), and this round is the last.
#[test]
fn asteroid_p18() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 3, reptiles = 2 }
REEF_ELEMENTS
[[tile]]
hex = [0, 1]
terrain = "ocean"
species = { fishes = 2 }
[[tile]]
hex = [1, 0]
terrain = "seamount"
species = { crustaceans = 1 }
"#,
    );
    let mut s = take("asteroid", &b);
    assert!(s.last_round);
    play(&mut s, Choice::Hex(hex(0, 0)));
    play(&mut s, Choice::Animal(Reptiles));
    assert_eq!((sp(&s, 0, 0, Reptiles), sp(&s, 0, 0, Crustaceans)), (1, 0));
    // Adjacent tiles, one at a time; the lone Crustacean must die.
    let mut guard = 0;
    while matches!(s.stack.last(), Some(eons_marine::Decision::Victims { .. })) && guard < 5 {
        let c = legal(&s)[0];
        play(&mut s, c);
        guard += 1;
    }
    assert_eq!(sp(&s, 0, 1, Fishes), 1);
    assert_eq!(sp(&s, 1, 0, Crustaceans), 0);
}

/// Biodiversity (p.18): 1 VP per occupied tile with opposing species.
#[test]
fn biodiversity_p18() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 1, fishes = 3 }
REEF_ELEMENTS
[[tile]]
hex = [0, 1]
terrain = "ocean"
species = { crustaceans = 1 }
"#,
    );
    assert_eq!(vp_gain("biodiversity", &b, Crustaceans), 1);
}

/// Biomass (p.18): one species dies on each overcrowded tile; you choose whose.
#[test]
fn biomass_p18() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 3 }
REEF_ELEMENTS
[[tile]]
hex = [0, 1]
terrain = "ocean"
species = { crustaceans = 1, fishes = 2 }
"#,
    );
    let mut s = take("biomass", &b);
    assert_eq!(
        legal(&s),
        vec![Choice::Animal(Fishes), Choice::Animal(Crustaceans)]
    );
    play(&mut s, Choice::Animal(Fishes));
    assert_eq!(sp(&s, 0, 1, Fishes), 1);
    assert_eq!(sp(&s, 0, 0, Crustaceans), 3, "the Reef is not overcrowded");
}

/// Bountiful Habitat (p.18): every tile of a chosen terrain is scored.
#[test]
fn bountiful_habitat_p18() {
    let b = body(&format!("{REEF_CR}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nspecies = {{ fishes = 2, crustaceans = 1 }}\n[[tile]]\nhex = [0, 2]\nterrain = \"ocean\"\nspecies = {{ reptiles = 1 }}\n"));
    let mut s = take("bountiful-habitat", &b);
    let before = s.vp;
    play(&mut s, Choice::Terrain(Terrain::Ocean));
    let p = eons_marine::data::data().places(Terrain::Ocean).to_vec();
    assert_eq!(vp(&s, Fishes) - before[Fishes.index()], p[0]);
    assert_eq!(vp(&s, Crustaceans) - before[Crustaceans.index()], p[1]);
    assert_eq!(vp(&s, Reptiles) - before[Reptiles.index()], p[0]);
}

/// Carbon Cycle (p.18): 1 VP per occupied tile with plankton.
#[test]
fn carbon_cycle_p18() {
    assert_eq!(vp_gain("carbon-cycle", &body(REEF_CR), Crustaceans), 1);
}

/// Cladogenesis (p.18): the top discard is resolved again (and stays), then
/// another face-up card at or below the space's value.
#[test]
fn cladogenesis_p18() {
    let b = format!(
        "{}\n[cards]\n",
        body(
            r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 1 }
REEF_ELEMENTS
"#
        )
    );
    let b = b.replace("[cards]\n", "");
    let text = format!("turn = \"crustaceans\"\n{}\n[cards]\nrow = [\"cladogenesis\", \"fertile\", \"predator\"]\ndiscard = [\"biodiversity\"]\n", b.replace("REEF_ELEMENTS", REEF_ELEMENTS));
    let mut s = pos(&text);
    play(&mut s, basic("evolution 2"));
    play(&mut s, Choice::Hex(hex(0, 0)));
    let before = vp(&s, Crustaceans);
    play(&mut s, Choice::Slot(1));
    assert_eq!(
        vp(&s, Crustaceans),
        before + 1,
        "Biodiversity resolved again"
    );
    assert_eq!(
        legal(&s),
        vec![Choice::Slot(2)],
        "another card at or below 2, not Cladogenesis"
    );
    play(&mut s, Choice::Slot(2));
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert_eq!(vp(&s, Crustaceans), before + 1 + 3, "Fertile: 3 species");
    assert!(s.discard.contains(&Card::Biodiversity));
    assert!(s.discard.contains(&Card::Fertile) && s.discard.contains(&Card::Cladogenesis));
}

/// Disease (p.18): each opposing animal, in food-chain order, removes one of
/// its added disks; printed elements are immune.
#[test]
fn disease_p18() {
    let b = body(&format!("[[animal]]\nname = \"reptiles\"\ndisks = [\"algae\"]\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\ndisks = [\"sun\", \"worms\"]\n[[animal]]\nname = \"crustaceans\"\ndisks = [\"sun\"]\n{REEF_CR}"));
    let mut s = take("disease", &b);
    assert_eq!(decider(&s), Reptiles);
    play(&mut s, Choice::Disk(0));
    assert_eq!(decider(&s), Fishes, "the Cephalopods have no disk");
    play(&mut s, Choice::Disk(1));
    assert_eq!(s.added_count(Reptiles), 0);
    assert_eq!(s.disks[Fishes.index()][0], Some(Element::Sun));
    assert_eq!(s.added_count(Crustaceans), 1, "not the actor");
    assert_eq!(
        s.needs(Reptiles)[Element::Sun.index()],
        2,
        "printed elements stay"
    );
}

/// Ecodiversity (p.18): bonus VPs for the number of element types on your display.
#[test]
fn ecodiversity_p18() {
    let b = body(&format!("[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\ndisks = [\"sun\", \"worms\"]\n{REEF_CR}"));
    assert_eq!(
        vp_gain("ecodiversity", &b, Crustaceans),
        6,
        "three types: 6 VP"
    );
}

/// Endosymbionts (p.19): 1 VP per occupied tile with sponges.
#[test]
fn endosymbionts_p19() {
    assert_eq!(vp_gain("endosymbionts", &body(REEF_CR), Crustaceans), 1);
}

/// Extremophiles (p.19): species on geyser and smoker Vents both count.
#[test]
fn extremophiles_p19() {
    let b = body(&format!("{REEF_CR}\n[[tile]]\nhex = [0, -1]\nterrain = \"land\"\nvent = \"geyser\"\nspecies = {{ crustaceans = 2 }}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nvent = \"smoker\"\nspecies = {{ crustaceans = 1 }}\n"));
    assert_eq!(vp_gain("extremophiles", &b, Crustaceans), 3);
}

/// Fecundity (p.19): +1 species per occupied tile; if short, you choose the tiles.
#[test]
fn fecundity_p19() {
    let tiles = format!(
        "{REEF_CR}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nspecies = {{ crustaceans = 1 }}\n"
    );
    let s = take("fecundity", &body(&tiles));
    assert_eq!(
        (sp(&s, 0, 0, Crustaceans), sp(&s, 0, 1, Crustaceans)),
        (3, 2)
    );
    let short = format!("[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\npool = 1\n{tiles}");
    let mut s = take("fecundity", &body(&short));
    assert_eq!(legal(&s).len(), 2);
    play(&mut s, Choice::Hex(hex(0, 1)));
    assert_eq!(
        (sp(&s, 0, 0, Crustaceans), sp(&s, 0, 1, Crustaceans)),
        (2, 2)
    );
}

/// Fertile (p.19): 1 VP per species on the chosen tile, all animals.
#[test]
fn fertile_p19() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, fishes = 3 }
REEF_ELEMENTS
"#,
    );
    let mut s = take("fertile", &b);
    let before = vp(&s, Crustaceans);
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert_eq!(vp(&s, Crustaceans), before + 5);
}

/// Gene Expression (p.19): draw from the unused traits and replace yours.
#[test]
fn gene_expression_p19() {
    let b = body(&format!("[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\ntraits = [\"social\"]\n{REEF_CR}"));
    let mut s = take("gene-expression", &b);
    let l = legal(&s);
    assert_eq!(l.len(), 3, "three traits drawn");
    let Choice::Trait(t) = l[0] else {
        panic!("a trait")
    };
    play(&mut s, l[0]);
    assert!(s.has_trait(Crustaceans, t) && !s.has_trait(Crustaceans, Trait::Social));
    assert!(s.trait_box.contains(&Trait::Social));
}

/// Habitat (p.19): remove an element of a pawn you do not control, then add
/// one you choose from the bag of a pawn you control.
#[test]
fn habitat_p19() {
    let b = body(&format!("{REEF_CR}\n[[special]]\nelement = \"sun\"\ncontroller = \"crustaceans\"\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\n"));
    let mut s = take("habitat", &b);
    assert!(
        !legal(&s).contains(&Choice::Corner(corner(0, 0, "se"))),
        "not the sun: controlled"
    );
    play(&mut s, Choice::Corner(corner(0, 0, "e")));
    assert_eq!(legal(&s), vec![Choice::Element(Element::Sun)]);
    play(&mut s, Choice::Element(Element::Sun));
    let c = corner(0, 1, "se");
    play(&mut s, Choice::Corner(c));
    assert_eq!(s.earth.element(c), Some(Element::Sun.index() as u8));
    assert_eq!(s.earth.element(corner(0, 0, "e")), None);
}

/// Invasive Species (p.19): opponents lose one species on each tile of a
/// terrain in the Competition section, once even if shown twice.
#[test]
fn invasive_species_p19() {
    let b = r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 2 }
REEF_ELEMENTS
[[tile]]
hex = [0, 1]
terrain = "ocean"
species = { fishes = 2 }
[[tile]]
hex = [-1, 0]
terrain = "kelp"
species = { cephalopods = 1 }
[display]
evolution = ["reef"]
competition = ["ocean", "ocean", "reef"]
"#;
    let s = take("invasive-species", b);
    assert_eq!(
        (
            sp(&s, 0, 0, Reptiles),
            sp(&s, 0, 1, Fishes),
            sp(&s, -1, 0, Cephalopods)
        ),
        (1, 1, 1)
    );
    assert_eq!(sp(&s, 0, 0, Crustaceans), 2);
}

/// Marine Snow (p.19): every Ocean is scored; no card is taken.
#[test]
fn marine_snow_p19() {
    let b = body(&format!("{REEF_CR}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nspecies = {{ fishes = 2 }}\n[[tile]]\nhex = [0, 2]\nterrain = \"ocean\"\nspecies = {{ fishes = 1 }}\n"));
    let first = eons_marine::data::data().places(Terrain::Ocean)[0];
    assert_eq!(vp_gain("marine-snow", &b, Fishes), 2 * first);
}

/// Mass Exodus (p.19): every species on the chosen tile moves to adjacent tiles.
#[test]
fn mass_exodus_p19() {
    let b = body(&format!("{REEF_CR}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nspecies = {{ fishes = 2, reptiles = 1 }}\n[[tile]]\nhex = [0, 2]\nterrain = \"ocean\"\n"));
    let mut s = take("mass-exodus", &b);
    play(&mut s, Choice::Hex(hex(0, 1)));
    play(
        &mut s,
        Choice::MoveOf {
            animal: Fishes,
            to: hex(0, 2),
        },
    );
    play(
        &mut s,
        Choice::MoveOf {
            animal: Fishes,
            to: hex(0, 0),
        },
    );
    play(
        &mut s,
        Choice::MoveOf {
            animal: Reptiles,
            to: hex(0, 2),
        },
    );
    assert_eq!(s.earth.total_species(hex(0, 1)), 0);
    assert_eq!(
        (
            sp(&s, 0, 2, Fishes),
            sp(&s, 0, 0, Fishes),
            sp(&s, 0, 2, Reptiles)
        ),
        (1, 1, 1)
    );
}

/// Metamorphosis (p.19): one of your disks becomes any element from the bag.
#[test]
fn metamorphosis_p19() {
    let b = body(&format!("[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\ndisks = [\"sun\"]\n{REEF_CR}"));
    let mut s = take("metamorphosis", &b);
    play(&mut s, Choice::Disk(0));
    play(&mut s, Choice::Element(Element::Gastropods));
    assert_eq!(s.disks[Crustaceans.index()][0], Some(Element::Gastropods));
    assert_eq!(
        s.bag.count(Element::Sun.index()),
        19,
        "the sun disk went back to the bag"
    );
}

/// Monotypic Habitat (p.19): while face-up ties break up the food chain
/// reversed; when taken, all but the leader lose a species on a tile.
#[test]
fn monotypic_habitat_p19() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 2, fishes = 1 }
REEF_ELEMENTS
"#,
    );
    let mut s = at_card("monotypic-habitat", &b, "", "evolution 1");
    let first = eons_marine::data::data().places(Terrain::Reef)[0];
    assert_eq!(
        vp(&s, Crustaceans),
        first,
        "reversed tie-break: Crustaceans first"
    );
    play(&mut s, Choice::Slot(1));
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert_eq!(
        (
            sp(&s, 0, 0, Crustaceans),
            sp(&s, 0, 0, Reptiles),
            sp(&s, 0, 0, Fishes)
        ),
        (2, 1, 0)
    );
}

/// Niche Construction (p.19): an element moves to any vacant corner.
#[test]
fn niche_construction_p19() {
    let b = body(&format!(
        "{REEF_CR}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\n"
    ));
    let mut s = take("niche-construction", &b);
    play(&mut s, Choice::Corner(corner(0, 0, "e")));
    let to = corner(0, 1, "sw");
    play(&mut s, Choice::Corner(to));
    assert_eq!(s.earth.element(to), Some(Element::Sponges.index() as u8));
    assert_eq!(s.earth.element(corner(0, 0, "e")), None);
}

/// Omnivore (p.19): remove an element from a tile you occupy and eliminate a
/// species there, your own if no opponent is present.
#[test]
fn omnivore_p19() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 1 }
REEF_ELEMENTS
"#,
    );
    let mut s = take("omnivore", &b);
    play(&mut s, Choice::Hex(hex(0, 0)));
    play(&mut s, Choice::Corner(corner(0, 0, "ne")));
    assert_eq!(
        legal(&s),
        vec![Choice::Animal(Reptiles)],
        "an opposing species if possible"
    );
    play(&mut s, Choice::Animal(Reptiles));
    assert_eq!(s.earth.element_count_on(hex(0, 0)), 5);
    let mut s = take("omnivore", &body(REEF_CR));
    play(&mut s, Choice::Hex(hex(0, 0)));
    play(&mut s, Choice::Corner(corner(0, 0, "ne")));
    assert_eq!(
        legal(&s),
        vec![Choice::Animal(Crustaceans)],
        "alone: your own"
    );
}

/// Population Explosion (p.19): as many new species as the tile holds.
#[test]
fn population_explosion_p19() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 3 }
REEF_ELEMENTS
"#,
    );
    let mut s = take("population-explosion", &b);
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert_eq!(sp(&s, 0, 0, Crustaceans), 7);
}

/// Predator (p.19): one opposing species dies on every tile you occupy; tiles
/// with only your species lose nothing.
#[test]
fn predator_p19() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 1, fishes = 1 }
REEF_ELEMENTS
[[tile]]
hex = [0, 1]
terrain = "ocean"
species = { crustaceans = 1, fishes = 2 }
[[tile]]
hex = [0, -1]
terrain = "land"
species = { crustaceans = 1 }
"#,
    );
    let mut s = take("predator", &b);
    assert_eq!(
        legal(&s),
        vec![Choice::Animal(Reptiles), Choice::Animal(Fishes)]
    );
    play(&mut s, Choice::Animal(Fishes));
    play(&mut s, Choice::Animal(Fishes));
    assert_eq!(
        (
            sp(&s, 0, 0, Fishes),
            sp(&s, 0, 1, Fishes),
            sp(&s, 0, -1, Crustaceans)
        ),
        (0, 1, 1)
    );
}

/// Producers (p.19): 1 VP per occupied tile with algae.
#[test]
fn producers_p19() {
    assert_eq!(vp_gain("producers", &body(REEF_CR), Crustaceans), 1);
}

/// ProfligateCarnivore Carnivore (p.19): X opposing species anywhere, each replaced by
/// one of yours.
#[test]
fn profligate_carnivore_p19() {
    let b = body(&format!(
        "{REEF_CR}\n[[tile]]\nhex = [-1, 0]\nterrain = \"kelp\"\nspecies = {{ fishes = 2 }}\n"
    ));
    let mut s = take("profligate-carnivore", &b);
    play(
        &mut s,
        Choice::Species {
            hex: hex(-1, 0),
            animal: Fishes,
        },
    );
    assert_eq!((sp(&s, -1, 0, Fishes), sp(&s, -1, 0, Crustaceans)), (1, 1));
    assert_eq!(decider(&s), Fishes, "X = 1 (slot 1): done");
}

/// Prey Switching (p.21) with ProfligateCarnivore Carnivore (p.19): "it's 1 VP per tile
/// if one or more are placed by an effect", even when the card replaces two
/// eliminated species on the same tile.
#[test]
fn profligate_carnivore_prey_switching_once_per_tile_p21() {
    let b = body(&format!(
        "[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\ntraits = [\"prey-switching\"]\n[[animal]]\nname = \"crustaceans\"\n{REEF_CR}\n[[tile]]\nhex = [-1, 0]\nterrain = \"kelp\"\nspecies = {{ fishes = 1, reptiles = 2 }}\n"
    ));
    let mut s = at_card("annelids", &b, ", \"profligate-carnivore\"", "evolution 2");
    play(&mut s, Choice::Slot(2));
    let victim = Choice::Species {
        hex: hex(-1, 0),
        animal: Reptiles,
    };
    play_all(&mut s, &[victim, victim]);
    assert_eq!(
        (sp(&s, -1, 0, Reptiles), sp(&s, -1, 0, Crustaceans)),
        (0, 2)
    );
    assert_eq!(vp(&s, Fishes), 1, "one tile: 1 VP, not 2");
}

/// Semi-Aquatic (p.20): 1 VP per occupied tile with sun.
#[test]
fn semi_aquatic_p20() {
    assert_eq!(vp_gain("semi-aquatic", &body(REEF_CR), Crustaceans), 1);
}

/// Solar Radiation (p.20): X species go back to their Gene Pools; while
/// face-up, first place in Evolution scoring gains 1 more.
#[test]
fn solar_radiation_p20() {
    let b = body(
        r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 1 }
REEF_ELEMENTS
"#,
    );
    let s = at_card("fertile", &b, ", \"solar-radiation\"", "evolution 1");
    let first = eons_marine::data::data().places(Terrain::Reef)[0];
    assert_eq!(vp(&s, Crustaceans), first + 1, "the ongoing bonus");
    let mut s = take("solar-radiation", &b);
    let pool = s.pool[Reptiles.index()];
    play(&mut s, Choice::Hex(hex(0, 0)));
    play(&mut s, Choice::Animal(Reptiles));
    assert_eq!(s.pool[Reptiles.index()], pool + 1);
    assert_eq!(s.eliminated[Reptiles.index()], 0);
}

/// Symbiotic (p.20): 1 VP per display element (printed included) whose type an opponent also has.
#[test]
fn symbiotic_p20() {
    // Crustaceans: worms x2, algae; only the Fishes share algae.
    assert_eq!(vp_gain("symbiotic", &body(REEF_CR), Crustaceans), 1);
}

/// Tectonic Shift (p.20): every pawn goes back to its owner; no food-chain cube moves.
#[test]
fn tectonic_shift_p20() {
    let b = body(&format!(
        "{REEF_CR}\n[[pawn]]\nspace = \"abundance 1\"\nanimal = \"reptiles\"\n"
    ));
    let s = take("tectonic-shift", &b);
    assert!(s.spaces.iter().all(|p| p.is_none()));
    assert_eq!(s.basic_avail[Reptiles.index()], 4);
    assert_eq!(s.basic_avail[Crustaceans.index()], 4);
    assert_eq!(s.food_right, 0);
}

/// Terrestrial (p.20): an element of your choice on a Land or geyser tile,
/// then species there.
#[test]
fn terrestrial_p20() {
    let b = body(&format!(
        "{REEF_CR}\n[[tile]]\nhex = [0, -1]\nterrain = \"land\"\n"
    ));
    let mut s = take("terrestrial", &b);
    play(&mut s, Choice::Element(Element::Worms));
    assert!(!legal(&s).contains(&Choice::Corner(corner(0, 0, "sw"))));
    let c = corner(0, -1, "nw");
    play(&mut s, Choice::Corner(c));
    play(&mut s, Choice::Hex(hex(0, -1)));
    assert_eq!(s.earth.element(c), Some(Element::Worms.index() as u8));
    assert_eq!(
        sp(&s, 0, -1, Crustaceans),
        eons_marine::data::data().card(Card::Terrestrial).count as u8
    );
}

/// Trophic Cascade (p.20): X elements leave the tile, your choice.
#[test]
fn trophic_cascade_p20() {
    let mut s = take("trophic-cascade", &body(REEF_CR));
    play(&mut s, Choice::Hex(hex(0, 0)));
    play(&mut s, Choice::Corner(corner(0, 0, "e")));
    assert_eq!(s.earth.element_count_on(hex(0, 0)), 5);
}

/// Univalves (p.20): 1 VP per occupied tile with gastropods.
#[test]
fn univalves_p20() {
    assert_eq!(vp_gain("univalves", &body(REEF_CR), Crustaceans), 1);
}

/// Volcanism (p.20): a Tectonics on any Seamount, then a normal one.
#[test]
fn volcanism_p20() {
    let b = body(&format!("{REEF_CR}\n[[tile]]\nhex = [1, 0]\nterrain = \"seamount\"\nspecies = {{ fishes = 2 }}\n[[tile]]\nhex = [0, 3]\nterrain = \"ocean\"\n"));
    let mut s = take("volcanism", &b);
    assert_eq!(
        legal(&s),
        vec![Choice::Hex(hex(1, 0))],
        "first: a Seamount, even interior"
    );
    play(&mut s, Choice::Hex(hex(1, 0)));
    assert_eq!(
        s.earth.tile(hex(1, 0)).and_then(|t| t.vent),
        Some(Face::Smoker)
    );
    assert_eq!(sp(&s, 1, 0, Fishes), 1);
    play(&mut s, Choice::FromPool);
    assert_eq!(
        legal(&s),
        vec![Choice::Hex(hex(0, 3))],
        "then a normal (edge) Tectonics"
    );
    play(&mut s, Choice::Hex(hex(0, 3)));
    assert_eq!(s.vents_left, 10);
}

/// Volcanism (p.20): "Other than the special rules for Seamounts, both
/// abilities on this card follow all the normal rules for a Tectonics
/// action". The prompts (and the refusal text) state each ability's real
/// legality: any Seamount first, interior ones included, then an edge tile;
/// a card effect is resolved in its entirety (p.16), so neither offers a
/// forfeit.
#[test]
fn volcanism_prompts_state_the_legal_tiles_p20() {
    let b = body(&format!("{REEF_CR}\n[[tile]]\nhex = [1, 0]\nterrain = \"seamount\"\n[[tile]]\nhex = [0, 3]\nterrain = \"ocean\"\n"));
    let mut s = take("volcanism", &b);
    let asking = Marine::view(&s, None).asking;
    assert!(asking.starts_with("Volcanism (p.20)"), "{asking}");
    assert!(asking.contains("any Seamount"), "{asking}");
    assert!(
        asking.contains("on the edge of the grid or not"),
        "{asking}"
    );
    assert!(!asking.contains(", or forfeit"), "{asking}");
    assert!(asking.contains("no forfeit"), "{asking}");
    assert!(!legal(&s).contains(&Choice::Forfeit));
    let mut ev = Vec::new();
    let err = Marine::apply(&mut s, Choice::Forfeit, &mut ev).expect_err("no forfeit");
    assert!(err.to_string().starts_with(&asking), "{err}");
    play(&mut s, Choice::Hex(hex(1, 0)));
    play(&mut s, Choice::FromPool);
    let asking = Marine::view(&s, None).asking;
    assert!(asking.starts_with("Volcanism (p.20)"), "{asking}");
    assert!(asking.contains("on the edge of the grid"), "{asking}");
    assert!(!asking.contains("Seamount"), "{asking}");
    assert!(!asking.contains(", or forfeit"), "{asking}");
    assert!(asking.contains("no forfeit"), "{asking}");
    assert!(!legal(&s).contains(&Choice::Forfeit));
}

/// The evolution card row (p.16): the chosen card is discarded, cards above
/// slide down and a new card fills slot 5.
#[test]
fn row_slides_and_refills_p16() {
    let b = body(REEF_CR);
    let text = format!("turn = \"crustaceans\"\n{}\n[cards]\nrow = [\"producers\", \"fertile\", \"predator\", \"biomass\", \"annelids\"]\ndeck = [\"univalves\"]\n", b.replace("REEF_ELEMENTS", REEF_ELEMENTS));
    let mut s = pos(&text);
    play(&mut s, basic("evolution 2"));
    play(&mut s, Choice::Hex(hex(0, 0)));
    play(&mut s, Choice::Slot(2));
    play(&mut s, Choice::Hex(hex(0, 0)));
    let row: Vec<Card> = s.row.iter().flatten().copied().collect();
    assert_eq!(
        row,
        vec![
            Card::Producers,
            Card::Predator,
            Card::Biomass,
            Card::Annelids,
            Card::Univalves
        ]
    );
    assert_eq!(s.discard, vec![Card::Fertile]);
}

/// Evolution (p.16): no card without a thriving species on the scored tile.
#[test]
fn no_card_without_thriving_species_p16() {
    let text = "turn = \"crustaceans\"\n[[tile]]\nhex = [0, 0]\nterrain = \"reef\"\nspecies = { crustaceans = 2 }\nelements = { e = \"sun\" }\n[display]\nevolution = [\"reef\"]\n[cards]\nrow = [\"producers\"]\n";
    let mut s = pos(text);
    play(&mut s, basic("evolution 1"));
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert_eq!(decider(&s), Fishes, "endangered: no card");
}
