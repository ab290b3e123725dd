//! Every worked example ("EXAMPLE:" box) of the rulebook, built as a
//! position and checked against the outcome the rulebook states. The
//! pictures are lost; each position is the smallest one consistent with
//! the example's text, which is quoted.

use crate::common;

use common::*;
use eons_core::{Corner, Hex};
use eons_dominant_species::{Animal, Choice, Decision, Element, Space, Stack, Terrain};

fn e(q: i8, r: i8) -> Choice {
    Choice::Corner(Corner::east(Hex::new(q, r)))
}
fn w(q: i8, r: i8) -> Choice {
    Choice::Corner(Corner::west(Hex::new(q, r)))
}
fn space(label: &str) -> Space {
    Space::parse(label).expect("space label")
}

/// p.6 MATCHING ELEMENTS EXAMPLE: "the insects dominate the desert tile even
/// though they have fewer units there than the amphibians … The insects match
/// a total of 3 elements (1 grass + 1 grass + 1 grub + 0 water) to the
/// amphibians' 2 … if one of the reptile species in the savannah migrated into
/// the desert the reptiles could immediately claim dominance … (2 sun x 3) …
/// with three water the amphibians would dominate the savannah (3 to 2) … if
/// the sun element sitting on both these tiles were to be removed the reptiles
/// would be endangered in the savannah."
#[test]
fn example_p6_matching_elements() {
    let text = r#"
        players = 3
        animals = ["insects", "amphibians", "reptiles"]
        phase = "planning"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { insects = 1, amphibians = 3 }
        [[tiles]]
        hex = [1, -1]
        terrain = "savannah"
        species = { reptiles = 2 }
        [[elements]]
        corner = "W(2,-1)"
        element = "sun"
        [[elements]]
        corner = "E(1,0)"
        element = "grass"
        [[elements]]
        corner = "W(2,0)"
        element = "grub"
        [[elements]]
        corner = "E(0,1)"
        element = "sun"
        [[elements]]
        corner = "W(1,0)"
        element = "sun"
        [[elements]]
        corner = "E(1,-1)"
        element = "water"
        [animal.insects]
        elements = ["grass", "grass", "grub", "water"]
        [animal.amphibians]
        elements = ["water", "water", "water", "grub", "grub", "meat"]
    "#;
    let s = pos(text);
    let desert = h(1, 0);
    let savannah = h(1, -1);
    assert_eq!(s.matching(Animal::Insects, desert), 3);
    assert_eq!(s.matching(Animal::Amphibians, desert), 2);
    assert_eq!(
        s.dominant(desert),
        Some(Animal::Insects),
        "quality, not quantity"
    );
    // A reptile migrates into the desert: 2 sun x 3 = 6.
    let mut t = s.clone();
    t.earth
        .remove_species(savannah, Animal::Reptiles.index(), 1);
    t.earth.add_species(desert, Animal::Reptiles.index(), 1);
    assert_eq!(t.matching(Animal::Reptiles, desert), 6);
    assert_eq!(t.dominant(desert), Some(Animal::Reptiles));
    // Amphibians in the savannah: 3 to 2.
    let mut t = s.clone();
    t.earth.add_species(savannah, Animal::Amphibians.index(), 1);
    assert_eq!(t.matching(Animal::Amphibians, savannah), 3);
    assert_eq!(t.matching(Animal::Reptiles, savannah), 2);
    assert_eq!(t.dominant(savannah), Some(Animal::Amphibians));
    // Without the shared sun the reptiles are endangered in the savannah.
    let mut t = s.clone();
    let c = eons_earth::grid()
        .corner_id(Corner::west(Hex::new(2, -1)))
        .expect("corner");
    t.earth.set_element(c, None);
    assert!(t.endangered(Animal::Reptiles, savannah));
}

/// p.10 Initiative EXAMPLE: "the reptile player … places an AP here in the
/// first turn of a six player game. When his AP is removed, he first swaps
/// positions with the bird player's initiative marker (A). He then … takes
/// the last vacant space in the Abundance section (B)."
#[test]
fn example_p10_initiative() {
    let mut s = pos(r#"
        players = 6
        animals = ["mammals", "reptiles", "birds", "amphibians", "arachnids", "insects"]
        phase = "initiative"
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
        [display]
        abundance = ["sun", "sun", "grass", "meat"]
        [display.aps]
        "Initiative" = "reptiles"
        "Abundance 1" = "insects"
    "#);
    assert_eq!(s.pending, Decision::Initiative(Animal::Reptiles));
    let before = s.initiative_order().to_vec();
    assert_eq!(&before[3..5], &[Animal::Birds, Animal::Reptiles]);
    play(&mut s, Choice::Place(space("Abundance 2")));
    assert_eq!(
        &s.initiative_order()[3..5],
        &[Animal::Reptiles, Animal::Birds]
    );
    // The re-placed AP acts this turn, after the one left of it (p.10).
    assert_eq!(s.pending, Decision::AbundanceElement(Animal::Insects));
    play(&mut s, Choice::Skip);
    assert_eq!(s.pending, Decision::AbundanceElement(Animal::Reptiles));
}

/// p.10 Adaptation EXAMPLE: "The insect player … gets to remove his AP first
/// and chooses to place the available meat element on his animal display (A).
/// The white and red players are left with grub and grass to choose from …
/// [a grub left over] would move down to the Regression Box at the end of
/// the turn (D)."
#[test]
fn example_p10_adaptation() {
    let mut s = pos(r#"
        players = 3
        animals = ["mammals", "arachnids", "insects"]
        phase = "adaptation"
        [display]
        adaptation = ["meat", "grub", "grub", "grass"]
        [display.aps]
        "Adaptation 1" = "insects"
        "Adaptation 2" = "mammals"
        "Adaptation 3" = "arachnids"
    "#);
    assert_eq!(s.pending, Decision::Adapt(Animal::Insects));
    play(&mut s, Choice::Element(Element::Meat));
    assert_eq!(s.display(Animal::Insects)[Element::Meat.index()], 1);
    assert_eq!(s.pending, Decision::Adapt(Animal::Mammals));
    let l = legal(&s);
    assert!(
        l.contains(&Choice::Element(Element::Grub)) && l.contains(&Choice::Element(Element::Grass))
    );
    assert!(!l.contains(&Choice::Element(Element::Meat)));
    play(&mut s, Choice::Element(Element::Grass));
    play(&mut s, Choice::Element(Element::Grub));
    assert_eq!(s.adaptation[Element::Grub.index()], 1, "one grub left over");
    // Run the rest of the turn (nothing else placed): the grub slides to Regression.
    while s.turn == 1 {
        let c = *legal(&s).last().expect("a choice");
        play(&mut s, c);
    }
    assert_eq!(s.regression_box[Element::Grub.index()], 1);
}

/// p.11 Regression EXAMPLE: "The Regression Box holds two grub elements
/// (though this counts as only one element type) (A). The insect player
/// placed an AP here, which saves his grub element from being removed (B).
/// The reptile player's free AP here likewise saves his grub (C)." An animal
/// without an AP there loses one grub; the insects keep their sun (D).
#[test]
fn example_p11_regression() {
    let s = pos(r#"
        players = 3
        animals = ["mammals", "reptiles", "insects"]
        phase = "regression"
        [display]
        regression_box = ["grub", "grub"]
        [display.aps]
        "Regression 1" = "insects"
        [animal.insects]
        elements = ["grass", "grass", "grub", "sun"]
        [animal.reptiles]
        elements = ["sun", "sun", "grub"]
        [animal.mammals]
        elements = ["meat", "meat", "grub", "grub"]
    "#);
    assert_eq!(s.display(Animal::Insects)[Element::Grub.index()], 1);
    assert_eq!(s.display(Animal::Insects)[Element::Sun.index()], 1);
    assert_eq!(s.display(Animal::Reptiles)[Element::Grub.index()], 1);
    assert_eq!(
        s.display(Animal::Mammals)[Element::Grub.index()],
        1,
        "one type: one grub lost"
    );
    assert!(
        s.spaces[space("Regression 1").0 as usize].is_none(),
        "APs return after Regression"
    );
}

/// p.11 Abundance EXAMPLE: "The amphibians … place one of the available water
/// elements as indicated. This gives them dominance of the Savannah tile: 6
/// matching elements to the insect's 4 (B)."
#[test]
fn example_p11_abundance() {
    let mut s = pos(r#"
        players = 2
        animals = ["amphibians", "insects"]
        phase = "abundance"
        [[tiles]]
        hex = [1, -1]
        terrain = "savannah"
        species = { amphibians = 1, insects = 2 }
        [[elements]]
        corner = "E(1,-1)"
        element = "water"
        [[elements]]
        corner = "W(1,-1)"
        element = "grass"
        [[elements]]
        corner = "E(0,-1)"
        element = "grass"
        [display]
        abundance = ["water", "sun"]
        [display.aps]
        "Abundance 1" = "amphibians"
        "Domination 5" = "insects"
    "#);
    let sav = h(1, -1);
    assert_eq!(s.dominant(sav), Some(Animal::Insects), "4 to 3 before");
    assert_eq!(s.matching(Animal::Insects, sav), 4);
    play(&mut s, Choice::Element(Element::Water));
    play(&mut s, w(2, -1));
    assert_eq!(s.matching(Animal::Amphibians, sav), 6);
    assert_eq!(s.dominant(sav), Some(Animal::Amphibians));
}

/// p.12 Wasteland EXAMPLE: "The arachnids remove their AP, choosing to place
/// the grub element in the Wasteland Box back in the draw bag. Thus the two
/// grubs adjacent to tundra are saved (A). A water element remains in the
/// Wasteland Box, so all water elements on earth that are currently adjacent
/// to a tundra are removed (B). The amphibians lose their dominance of the
/// desert tile because their species there are now endangered (C)."
#[test]
fn example_p12_wasteland() {
    let mut s = pos(r#"
        players = 2
        animals = ["amphibians", "arachnids"]
        phase = "wasteland"
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { amphibians = 2 }
        [[tiles]]
        hex = [-1, 0]
        terrain = "jungle"
        [[elements]]
        corner = "W(1,0)"
        element = "water"
        [[elements]]
        corner = "E(-1,0)"
        element = "grub"
        [[elements]]
        corner = "W(0,0)"
        element = "grub"
        [[elements]]
        corner = "W(-1,0)"
        element = "water"
        [display]
        wasteland_box = ["grub", "water"]
        [display.aps]
        "Wasteland" = "arachnids"
        "Domination 5" = "arachnids"
    "#);
    let desert = h(1, 0);
    assert_eq!(s.dominant(desert), Some(Animal::Amphibians));
    play(&mut s, Choice::Element(Element::Grub));
    let grubs = s.earth.element_totals()[Element::Grub.index()];
    assert_eq!(grubs, 2, "grubs saved");
    let waters: Vec<_> = s
        .earth
        .elements()
        .filter(|(_, x)| *x as usize == Element::Water.index())
        .collect();
    assert_eq!(waters.len(), 1, "only the water away from tundra stays");
    assert!(s.endangered(Animal::Amphibians, desert));
    assert_eq!(s.dominant(desert), None);
}

/// p.12 Depletion EXAMPLE: "There is a lone seed element in the Depletion Box
/// so he may remove any one seed element from earth. He chooses the one
/// straddling the desert and savannah (A). On each tile the birds go from
/// matching 4 elements to matching 2. They lose dominance of the desert as
/// they are now tied with the reptiles (B). The mammals will gain dominance
/// of the savannah where before it was a tie (C)."
#[test]
fn example_p12_depletion() {
    let mut s = pos(r#"
        players = 3
        animals = ["mammals", "reptiles", "birds"]
        phase = "depletion"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { birds = 1, reptiles = 1 }
        [[tiles]]
        hex = [1, -1]
        terrain = "savannah"
        species = { birds = 1, mammals = 1 }
        [[elements]]
        corner = "W(2,-1)"
        element = "seed"
        [[elements]]
        corner = "W(2,0)"
        element = "seed"
        [[elements]]
        corner = "E(0,1)"
        element = "sun"
        [[elements]]
        corner = "E(1,-1)"
        element = "seed"
        [[elements]]
        corner = "W(1,-1)"
        element = "meat"
        [[elements]]
        corner = "E(0,-1)"
        element = "meat"
        [display]
        depletion_box = ["seed"]
        [display.aps]
        "Depletion" = "mammals"
        "Domination 5" = "mammals"
    "#);
    let (desert, sav) = (h(1, 0), h(1, -1));
    assert_eq!(s.matching(Animal::Birds, desert), 4);
    assert_eq!(s.dominant(desert), Some(Animal::Birds));
    assert_eq!(s.dominant(sav), None, "birds and mammals tied at 4");
    play(&mut s, w(2, -1));
    assert_eq!(s.matching(Animal::Birds, desert), 2);
    assert_eq!(s.matching(Animal::Birds, sav), 2);
    assert_eq!(s.dominant(desert), None, "tied with the reptiles");
    assert_eq!(s.dominant(sav), Some(Animal::Mammals));
}

fn glaciation_position() -> eons_dominant_species::State {
    pos(r#"
        players = 5
        animals = ["reptiles", "birds", "amphibians", "arachnids", "insects"]
        phase = "glaciation"
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
        [[tiles]]
        hex = [0, -1]
        terrain = "tundra"
        [[tiles]]
        hex = [1, -1]
        terrain = "savannah"
        species = { reptiles = 3 }
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { insects = 1, birds = 2, amphibians = 4 }
        [[elements]]
        corner = "W(1,-1)"
        element = "sun"
        [display.aps]
        "Glaciation 1" = "reptiles"
        "Glaciation 2" = "birds"
    "#)
}

/// p.13 Glaciation EXAMPLE: "He would like to glaciate the Savannah because …
/// it would give him 3 bonus VPs for placement next to two existing tundra
/// tiles … he doesn't want the lone sun element to become surrounded by three
/// tundra and thus be removed during step 4 … So he instead chooses the desert
/// tile … In step 5 he scores 1 bonus VP … of the species removed in step 2 –
/// 1 insect, 2 birds and 4 amphibians – one of each is put back on the new
/// tundra (step 6), with the remaining 1 bird and 3 amphibians being put back
/// into their respective gene pools (step 7)."
#[test]
fn example_p13_glaciation() {
    let s0 = glaciation_position();
    assert_eq!(
        s0.pending,
        Decision::Glaciate {
            animal: Animal::Reptiles,
            card: false
        }
    );
    // The desert.
    let mut s = s0.clone();
    let pools = |s: &eons_dominant_species::State, a: Animal| s.animals[a.index()].gene_pool;
    let (bird0, amph0) = (pools(&s, Animal::Birds), pools(&s, Animal::Amphibians));
    play(&mut s, tile(1, 0));
    assert_eq!(s.terrain(h(1, 0)), Some(Terrain::Tundra));
    assert_eq!(s.animals[Animal::Reptiles.index()].vp, 1);
    for a in [Animal::Insects, Animal::Birds, Animal::Amphibians] {
        assert_eq!(sp(&s, 1, 0, a), 1, "{a}");
    }
    assert_eq!(pools(&s, Animal::Birds), bird0 + 1);
    assert_eq!(pools(&s, Animal::Amphibians), amph0 + 3);
    assert_eq!(
        s.earth.element_totals()[Element::Sun.index()],
        1,
        "the sun is safe"
    );
    assert!(
        s.spaces[space("Glaciation 2").0 as usize].is_some(),
        "only the left-most AP acts"
    );
    // The savannah instead: 3 VP and the sun surrounded by three tundra goes.
    let mut s = s0;
    play(&mut s, tile(1, -1));
    assert_eq!(s.animals[Animal::Reptiles.index()].vp, 3);
    assert_eq!(s.earth.element_totals()[Element::Sun.index()], 0);
}

/// p.14 Speciation EXAMPLE: "The arachnids remove an AP from the "grass"
/// eyeball space. They choose the grass element shown below (A). This allows
/// them to place 3 more species in the savannah (B), 2 in the desert (C), and
/// 1 more into the tundra (D). The amphibians lose dominance of the desert
/// since they are tied with the arachnids at 3 matching elements each (E).
/// The insects then place their free species in the savannah (F)."
#[test]
fn example_p14_speciation() {
    let mut s = pos(r#"
        players = 3
        animals = ["amphibians", "arachnids", "insects"]
        phase = "speciation"
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
        [[tiles]]
        hex = [1, -1]
        terrain = "savannah"
        species = { insects = 4 }
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { amphibians = 2 }
        [[elements]]
        corner = "E(0,0)"
        element = "grass"
        [[elements]]
        corner = "W(2,0)"
        element = "grub"
        [[elements]]
        corner = "E(1,0)"
        element = "water"
        [animal.arachnids]
        elements = ["grub", "grub", "grass"]
        [display.aps]
        "Speciation (grass)" = "arachnids"
    "#);
    let desert = h(1, 0);
    assert_eq!(s.dominant(desert), Some(Animal::Amphibians));
    play(&mut s, e(0, 0));
    // Tiles at the corner in order: tundra (0,0), savannah (1,-1), desert (1,0).
    assert!(
        !legal(&s).contains(&Choice::Count(2)),
        "tundra: up to 1 (p.14)"
    );
    play(&mut s, Choice::Count(1));
    assert!(!legal(&s).contains(&Choice::Count(4)), "savannah: up to 3");
    play(&mut s, Choice::Count(3));
    assert!(!legal(&s).contains(&Choice::Count(3)), "desert: up to 2");
    play(&mut s, Choice::Count(2));
    assert_eq!(sp(&s, 0, 0, Animal::Arachnids), 1);
    assert_eq!(sp(&s, 1, -1, Animal::Arachnids), 3);
    assert_eq!(sp(&s, 1, 0, Animal::Arachnids), 2);
    assert_eq!(s.matching(Animal::Arachnids, desert), 3);
    assert_eq!(s.dominant(desert), None, "tied at 3");
    assert_eq!(s.pending, Decision::InsectSpecies);
    play(&mut s, tile(1, -1));
    assert_eq!(sp(&s, 1, -1, Animal::Insects), 5);
}

/// p.14 Wanderlust EXAMPLE: "The birds … choose a face up wetland tile to
/// place (A) along with an available seed element (B). There exist 2 tiles
/// adjacent to the new wetland tile (C): … this nets the birds 3 VPs. The
/// birds then decide to move 1 of their adjacent species onto the new wetland
/// tile, immediately claiming dominance (D). The arachnids decline … Finally,
/// the insects move in 2 of their species (E)."
#[test]
fn example_p14_wanderlust() {
    let mut s = pos(r#"
        players = 3
        animals = ["birds", "arachnids", "insects"]
        phase = "wanderlust"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { arachnids = 1, insects = 3 }
        [[tiles]]
        hex = [0, 1]
        terrain = "mountain"
        species = { birds = 2 }
        [display]
        wanderlust = ["seed", "water"]
        stacks = [["wetland", "sea"], ["forest"], ["jungle"]]
        [display.aps]
        "Wanderlust 1" = "birds"
    "#);
    play(&mut s, Choice::Stack(Stack(0)));
    play(&mut s, tile(1, 1));
    play(&mut s, Choice::Element(Element::Seed));
    play(&mut s, e(1, 1));
    assert_eq!(
        s.animals[Animal::Birds.index()].vp,
        3,
        "2 adjacent tiles: 3 bonus VP"
    );
    let mv = |a: Animal, q: i8, r: i8| Choice::Move {
        animal: a,
        from: Hex::new(q, r),
        to: Hex::new(1, 1),
    };
    play(&mut s, mv(Animal::Birds, 0, 1));
    play(&mut s, Choice::Done);
    assert_eq!(s.dominant(h(1, 1)), Some(Animal::Birds));
    assert!(matches!(
        s.pending,
        Decision::WanderMove {
            mover: Animal::Arachnids,
            ..
        }
    ));
    play(&mut s, Choice::Done);
    play(&mut s, mv(Animal::Insects, 1, 0));
    play(&mut s, mv(Animal::Insects, 1, 0));
    play(&mut s, Choice::Done);
    assert_eq!(sp(&s, 1, 1, Animal::Insects), 2);
    assert_eq!(sp(&s, 1, 1, Animal::Birds), 1);
    assert_eq!(s.dominant(h(1, 1)), Some(Animal::Birds));
    assert!(
        !s.face_up[0],
        "the stack shows no face-up tile until Reseed"
    );
}

/// p.15 Migration EXAMPLE: "The insects remove an AP from the "7" eyeball
/// space. They move 1 insect from the desert to the adjacent savannah (A)
/// … they use their last 6 migrates to move their species out of [the
/// tundra]: 4 to the desert (B) and 2 to the mountain (C). … The birds …
/// move one of their species from the sea to the now vacant tundra (D)."
#[test]
fn example_p15_migration() {
    let mut s = pos(r#"
        players = 2
        animals = ["birds", "insects"]
        phase = "migration"
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
        species = { insects = 6 }
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { insects = 1 }
        [[tiles]]
        hex = [1, -1]
        terrain = "savannah"
        [[tiles]]
        hex = [0, 1]
        terrain = "mountain"
        [[tiles]]
        hex = [0, -1]
        terrain = "wetland"
        [[tiles]]
        hex = [-1, -1]
        terrain = "sea"
        species = { birds = 1 }
        [display.aps]
        "Migration 7" = "insects"
        "Migration 6" = "birds"
        "Domination 5" = "birds"
    "#);
    let mv = |a: Animal, f: (i8, i8), t: (i8, i8)| Choice::Move {
        animal: a,
        from: Hex::new(f.0, f.1),
        to: Hex::new(t.0, t.1),
    };
    play(&mut s, mv(Animal::Insects, (1, 0), (1, -1)));
    for _ in 0..4 {
        play(&mut s, mv(Animal::Insects, (0, 0), (1, 0)));
    }
    // The insects that just arrived in the desert cannot move on (each species moves once).
    assert!(!legal(&s).contains(&mv(Animal::Insects, (1, 0), (1, -1))));
    play(&mut s, mv(Animal::Insects, (0, 0), (0, 1)));
    play(&mut s, mv(Animal::Insects, (0, 0), (0, 1)));
    assert_eq!(sp(&s, 0, 0, Animal::Insects), 0);
    assert_eq!(sp(&s, 1, 0, Animal::Insects), 4);
    assert_eq!(sp(&s, 0, 1, Animal::Insects), 2);
    assert_eq!(sp(&s, 1, -1, Animal::Insects), 1);
    // Birds: two tiles, through the wetland.
    assert!(matches!(
        s.pending,
        Decision::Migrate {
            animal: Animal::Birds,
            ..
        }
    ));
    play(&mut s, mv(Animal::Birds, (-1, -1), (0, 0)));
    assert_eq!(sp(&s, 0, 0, Animal::Birds), 1);
}

/// p.15 Competition EXAMPLE: "The reptiles have an AP in the
/// "tundra-desert-forest" eyeball space (A). They choose to eliminate 1 mammal
/// in the left-most forest (B) and 1 insect in the tundra (C). They have no
/// presence in the desert so forfeit their third competition (D). Even with
/// presence, they cannot compete in the second forest nor in the sea (E)."
#[test]
fn example_p15_competition() {
    let mut s = pos(r#"
        players = 3
        animals = ["mammals", "reptiles", "insects"]
        phase = "competition"
        [[tiles]]
        hex = [-1, 1]
        terrain = "forest"
        species = { reptiles = 1, mammals = 2 }
        [[tiles]]
        hex = [1, 1]
        terrain = "forest"
        species = { reptiles = 1, mammals = 1 }
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
        species = { reptiles = 1, insects = 1 }
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { mammals = 1 }
        [[tiles]]
        hex = [0, 1]
        terrain = "sea"
        species = { reptiles = 1, insects = 1 }
        [display.aps]
        "Competition (tundra/desert/forest)" = "reptiles"
    "#);
    let kill = |q: i8, r: i8, a: Animal| Choice::Species {
        hex: Hex::new(q, r),
        animal: a,
    };
    assert!(
        !legal(&s).contains(&kill(0, 1, Animal::Insects)),
        "no sea on this space"
    );
    play(&mut s, kill(-1, 1, Animal::Mammals));
    assert!(
        !legal(&s).contains(&kill(1, 1, Animal::Mammals)),
        "one forest only"
    );
    play(&mut s, kill(0, 0, Animal::Insects));
    assert_eq!(sp(&s, -1, 1, Animal::Mammals), 1);
    assert_eq!(sp(&s, 0, 0, Animal::Insects), 0);
    assert_eq!(
        s.animals[Animal::Insects.index()].eliminated,
        1,
        "eliminated go to the box"
    );
    assert!(
        !matches!(s.pending, Decision::Compete { .. }),
        "desert forfeited: no presence"
    );
}

/// p.16 Domination EXAMPLE: "The reptile player has chosen to score the lone
/// wetland tile in play. First place (8 VPs) goes to the amphibians with 4
/// species present. Reptiles and birds have 2 species each: the reptiles are
/// higher on the food chain and so score 4 VPs for second place. The birds
/// settle for third place (2 VPs) while no animal gets the last 1 VP for
/// fourth place. Then, being dominant on the tile, the reptiles must choose
/// and execute one face up Dominance Card."
#[test]
fn example_p16_domination() {
    let mut s = pos(r#"
        players = 3
        animals = ["reptiles", "birds", "amphibians"]
        phase = "domination"
        [[tiles]]
        hex = [0, -1]
        terrain = "wetland"
        species = { amphibians = 4, reptiles = 2, birds = 2 }
        [[elements]]
        corner = "E(0,-1)"
        element = "sun"
        [cards]
        available = ["Omnivore", "Fertile", "Biodiversity", "Nocturnal", "Predator"]
        [display.aps]
        "Domination 1" = "reptiles"
    "#);
    play(&mut s, tile(0, -1));
    let vp = |a: Animal| s.animals[a.index()].vp;
    assert_eq!(
        (
            vp(Animal::Amphibians),
            vp(Animal::Reptiles),
            vp(Animal::Birds)
        ),
        (8, 4, 2)
    );
    assert_eq!(
        s.pending,
        Decision::ChooseCard {
            animal: Animal::Reptiles,
            first: 8
        }
    );
    assert_eq!(legal(&s).len(), 5);
}

/// p.17 Optional 2-player rules, final scoring: "Mark's animals have scores
/// of 70, 145 and 160—netting him only 70 VPs. If Bob's animals had 75, 85
/// and 95 points, his final score would be 75 for the win."
#[test]
fn example_p17_lowest_animal_counts() {
    let mut s = pos(r#"
        players = 2
        multi_animal = true
        animals = ["mammals", "reptiles", "birds", "amphibians", "arachnids", "insects"]
        [animal.mammals]
        vp = 70
        [animal.birds]
        vp = 145
        [animal.arachnids]
        vp = 160
        [animal.reptiles]
        vp = 75
        [animal.amphibians]
        vp = 85
        [animal.insects]
        vp = 95
    "#);
    // Seat 1 plays mammals, birds, arachnids; seat 2 reptiles, amphibians, insects.
    assert_eq!(eons_dominant_species::seat_scores(&s), vec![70, 75]);
    assert_eq!(eons_dominant_species::ranking(&s)[0], eons_core::Seat(1));
    s.step = eons_dominant_species::Step::Over;
    s.pending = Decision::None;
    let out =
        <eons_dominant_species::DominantSpecies as eons_core::Game>::outcome(&s).expect("over");
    assert_eq!(out.winner(), Some(eons_core::Seat(1)));
}
