//! One test per trait card (clarifications p.20-21).

use crate::common;
use common::*;
use eons_core::Game;
use eons_marine::{Animal::*, Choice, Decision, Element, Event, Marine, State, Trait};

const REEF: &str = r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 1 }
elements = { e = "sponges", se = "sun", sw = "worms", w = "plankton", nw = "algae", ne = "gastropods" }
"#;

/// Four animals, the Crustaceans holding `traits` and the given extra lines.
fn with_traits(traits: &str, extra: &str, tiles: &str) -> State {
    pos(&format!(
        "turn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\ntraits = [{traits}]\n{extra}\n{tiles}"
    ))
}

/// A fresh game whose first drafter (the Crustaceans) is dealt `t`, drafted through.
fn drafted_with(t: Trait) -> State {
    for seed in 0..500 {
        let setup = Marine::setup(4, &[]).expect("setup");
        let mut s = Marine::new(&setup, seed).expect("game");
        if !s.hands[Crustaceans.index()].contains(&Some(t)) {
            continue;
        }
        while matches!(s.stack.last(), Some(Decision::Draft { .. })) {
            let l = legal(&s);
            let c = if l.contains(&Choice::Trait(t)) {
                Choice::Trait(t)
            } else {
                l[0]
            };
            play(&mut s, c);
        }
        return s;
    }
    panic!("no deal with {t}");
}

/// Ancient Lineage (p.20): on retrieving, a species on a tile you occupy,
/// before the next turn.
#[test]
fn ancient_lineage_p20() {
    let mut s = with_traits("\"ancient-lineage\"", "", REEF);
    play(&mut s, Choice::Retrieve);
    assert_eq!(decider(&s), Crustaceans);
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert_eq!(sp(&s, 0, 0, Crustaceans), 3);
    assert_eq!(decider(&s), Fishes);
}

/// Bottom Feeder (p.20): a personal action space on the display for all
/// rules: a species on a bottom-half tile you occupy.
#[test]
fn bottom_feeder_p20() {
    let tiles = format!(
        "{REEF}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nspecies = {{ crustaceans = 1 }}\n"
    );
    let mut s = with_traits("\"bottom-feeder\"", "", &tiles);
    let personal = Choice::Place {
        space: eons_marine::Space::personal(eons_marine::Animal::Crustaceans),
        special: None,
    };
    assert!(legal(&s).contains(&personal));
    play(&mut s, personal);
    assert_eq!(
        legal(&s),
        vec![Choice::Hex(hex(0, 1)), Choice::Forfeit],
        "bottom half only"
    );
    play(&mut s, Choice::Hex(hex(0, 1)));
    assert_eq!(sp(&s, 0, 1, Crustaceans), 2);
    // On the display for the "after" rule: every space is after it.
    let t = s.clone();
    assert_eq!(
        t.personal[Crustaceans.index()],
        Some(eons_marine::Pawn::Basic(Crustaceans))
    );
}

/// Budding Intelligence (p.20): at 20 VP an extra basic pawn, kept.
#[test]
fn budding_intelligence_p20() {
    let mut s = with_traits(
        "\"budding-intelligence\"",
        "vp = 18\n[display]\nevolution = [\"reef\"]\n[cards]\ndeck = []\n",
        REEF,
    );
    play(&mut s, basic("evolution 1"));
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert!(vp(&s, Crustaceans) >= 20);
    assert_eq!(s.basic_total[Crustaceans.index()], 5);
}

/// Camouflage (p.20): when another animal places a new tile, a species on it
/// (not during your own Wanderlust).
#[test]
fn camouflage_p20() {
    let mut s = pos(&format!(
        "turn = \"fishes\"\nstacks = [[\"kelp\"]]\n[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\ntraits = [\"camouflage\"]\n{REEF}"
    ));
    play_all(
        &mut s,
        &[
            basic("wanderlust 1"),
            Choice::Stack(0),
            Choice::Hex(hex(0, 1)),
        ],
    );
    while decider(&s) != Crustaceans || !legal(&s).contains(&Choice::Perform) {
        play(&mut s, Choice::Done);
    }
    play(&mut s, Choice::Perform);
    assert_eq!(sp(&s, 0, 1, Crustaceans), 1);
}

/// Cannibal (p.20): VP for species eliminated by your actions, even your own.
#[test]
fn cannibal_p20() {
    let mut s = with_traits(
        "\"cannibal\"",
        "[display]\ncompetition = [\"reef\", \"land\", \"ocean\"]\n",
        REEF,
    );
    play_all(
        &mut s,
        &[
            basic("competition 1"),
            Choice::Hex(hex(0, 0)),
            Choice::Animal(Reptiles),
        ],
    );
    assert_eq!(vp(&s, Crustaceans), 1);
}

/// Carnivore (p.20): never endangered on a tile with two opposing species,
/// and endangered again as soon as that stops within the same Extinction.
#[test]
fn carnivore_p20() {
    let tiles = r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 1, cephalopods = 1 }
elements = { e = "sponges" }
[[tile]]
hex = [0, 1]
terrain = "ocean"
species = { crustaceans = 1, reptiles = 1, fishes = 1 }
"#;
    let mut s = with_traits("\"carnivore\"", "", tiles);
    assert!(s.thriving(Crustaceans, hex(0, 0)) && s.thriving(Crustaceans, hex(0, 1)));
    let mut ev = Vec::new();
    s.extinction(&mut ev);
    // The Ocean's Reptile and Fish die (endangered), then the Crustacean there.
    assert_eq!(s.earth.total_species(hex(0, 1)), 0);
    assert_eq!(
        sp(&s, 0, 0, Crustaceans),
        2,
        "two sponge eaters stay on the Reef"
    );
}

/// Ecological Niche (p.20): +1 to your speciation limits around your pawns'
/// types, -1 for opponents.
#[test]
fn ecological_niche_p20() {
    let extra = "[[special]]\nelement = \"sun\"\ncontroller = \"crustaceans\"\n[display]\nspeciation = [\"sun\", \"sun\", \"sun\", \"sun\"]\n";
    let mut s = with_traits("\"ecological-niche\"", extra, REEF);
    play_all(
        &mut s,
        &[basic("speciation 1"), Choice::Corner(corner(0, 0, "se"))],
    );
    for _ in 0..3 {
        play(&mut s, Choice::Hex(hex(0, 0)));
    }
    assert!(!legal(&s).contains(&Choice::Hex(hex(0, 0))), "Reef 2 + 1");
    assert_eq!(sp(&s, 0, 0, Crustaceans), 5);
    // An opponent around a sun: Reef 2 - 1.
    let mut t = with_traits("\"ecological-niche\"", extra, REEF);
    t.cur = Fishes;
    t.stack = vec![Decision::Turn { a: Fishes }];
    play_all(
        &mut t,
        &[
            basic("speciation 1"),
            Choice::Corner(corner(0, 0, "se")),
            Choice::Hex(hex(0, 0)),
        ],
    );
    assert!(!legal(&t).contains(&Choice::Hex(hex(0, 0))));
}

/// Exaptation (p.21): at setup copy another animal's trait; after an action
/// leaving 16 or fewer in the Gene Pool, lose it and take a new trait.
#[test]
fn exaptation_p21() {
    let mut s = drafted_with(Trait::Exaptation);
    assert!(matches!(
        s.stack.last(),
        Some(Decision::ExaptationCopy { a: Crustaceans })
    ));
    let l = legal(&s);
    let Choice::Trait(t) = l[0] else {
        panic!("a trait")
    };
    assert!(s
        .animals()
        .any(|b| b != Crustaceans && s.traits[b.index()] & t.bit() != 0));
    play(&mut s, l[0]);
    assert!(s.has_trait(Crustaceans, t));
    // Second ability.
    let mut s = with_traits(
        "\"exaptation\"",
        "copied = \"phenotypic-plasticity\"\npool = 17\ndisks = [\"sun\", \"sun\", \"sun\", \"algae\"]\n[display]\nspeciation = [\"sun\", \"sun\", \"sun\", \"sun\"]\n",
        REEF,
    );
    assert_eq!(
        s.added_count(Crustaceans),
        4,
        "the copied spaces hold a disk"
    );
    play_all(
        &mut s,
        &[
            basic("speciation 1"),
            Choice::Corner(corner(0, 0, "se")),
            Choice::Hex(hex(0, 0)),
            Choice::Done,
        ],
    );
    assert!(matches!(
        s.stack.last(),
        Some(Decision::NewTrait { a: Crustaceans, .. })
    ));
    assert_eq!(
        s.added_count(Crustaceans),
        3,
        "disks on the lost spaces go to the bag"
    );
    let c = legal(&s)[0];
    play(&mut s, c);
    assert!(!s.has_trait(Crustaceans, Trait::Exaptation));
    assert_eq!(s.copied[Crustaceans.index()], None);
}

/// Exaptation (p.21): "immediately after the action that causes you to have 16 or fewer cubes
/// in your Gene Pool, your animal loses the copied ability … and begins using its new trait".
/// An Exaptation taken mid-game (Gene Expression, p.19) copies nothing, yet its second ability
/// still gives the new trait.
#[test]
fn exaptation_without_a_copy_still_gives_a_new_trait_p21() {
    let mut s = with_traits(
        "\"exaptation\"",
        "pool = 17\n[display]\nspeciation = [\"sun\", \"sun\", \"sun\", \"sun\"]\n",
        REEF,
    );
    assert_eq!(s.copied[Crustaceans.index()], None);
    play_all(
        &mut s,
        &[
            basic("speciation 1"),
            Choice::Corner(corner(0, 0, "se")),
            Choice::Hex(hex(0, 0)),
            Choice::Done,
        ],
    );
    assert!(s.pool[Crustaceans.index()] <= 16);
    assert!(matches!(
        s.stack.last(),
        Some(Decision::NewTrait {
            a: Crustaceans,
            replace: Trait::Exaptation
        })
    ));
    let Choice::Trait(t) = legal(&s)[0] else {
        panic!("a trait")
    };
    play(&mut s, Choice::Trait(t));
    assert!(!s.has_trait(Crustaceans, Trait::Exaptation));
    assert!(s.has_trait(Crustaceans, t));
}

/// Flight (p.21): a basic pawn may go before all your placed pawns.
#[test]
fn flight_p21() {
    let extra = "[[pawn]]\nspace = \"migration 1\"\nanimal = \"crustaceans\"\n";
    let s = with_traits("\"flight\"", extra, REEF);
    let l = legal(&s);
    assert!(l.contains(&basic("abundance 1")) && l.contains(&basic("evolution 1")));
    let t = with_traits("", extra, REEF);
    assert!(!legal(&t).contains(&basic("abundance 1")));
}

/// Hadopelagic (p.21): retrieving with every pawn on the display gives another turn.
#[test]
fn hadopelagic_p21() {
    let extra = "pawns = 1\n[[pawn]]\nspace = \"abundance 1\"\nanimal = \"crustaceans\"\n";
    let mut s = with_traits("\"hadopelagic\"", extra, REEF);
    play(&mut s, Choice::Retrieve);
    assert_eq!(decider(&s), Crustaceans, "another turn");
    play(&mut s, Choice::Retrieve);
    assert_eq!(decider(&s), Fishes, "not when pawns were available");
}

/// Pack Hunters (p.21): at setup a special pawn, its target on 3.
#[test]
fn pack_hunters_p21() {
    let mut s = drafted_with(Trait::PackHunters);
    while matches!(s.stack.last(), Some(Decision::ExaptationCopy { .. })) {
        let c = legal(&s)[0];
        play(&mut s, c);
    }
    assert!(matches!(
        s.stack.last(),
        Some(Decision::PackHunters { a: Crustaceans })
    ));
    play(&mut s, Choice::Pawn(Element::Plankton));
    assert_eq!(
        s.special_control[Element::Plankton.index()],
        Some(Crustaceans)
    );
    assert_eq!(s.targets[Element::Plankton.index()], 3);
    assert!(s
        .available_specials(Crustaceans)
        .any(|e| e == Element::Plankton));
}

/// Phenotypic Plasticity (p.21): extra element spaces.
#[test]
fn phenotypic_plasticity_p21() {
    let full = "disks = [\"sun\", \"sun\", \"sun\"]\n[display]\nadaptation = [\"algae\", \"-\", \"-\", \"-\"]\n";
    let mut s = with_traits("\"phenotypic-plasticity\"", full, REEF);
    assert!(s.has_empty_slot(Crustaceans));
    play_all(&mut s, &[basic("adaptation 1"), Choice::Circle(0)]);
    assert_eq!(s.added_count(Crustaceans), 4);
    let t = with_traits("", full, REEF);
    assert!(
        !t.has_empty_slot(Crustaceans),
        "six elements at most without it"
    );
}

/// Prey Switching (p.21): 1 VP per tile when an opponent adds species from
/// its Gene Pool to a tile you occupy.
#[test]
fn prey_switching_p21() {
    let mut s = pos(&format!(
        "turn = \"fishes\"\n[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\ntraits = [\"prey-switching\"]\n{REEF}\n[display]\nspeciation = [\"sun\", \"sun\", \"sun\", \"sun\"]\n"
    ));
    play_all(
        &mut s,
        &[
            basic("speciation 1"),
            Choice::Corner(corner(0, 0, "se")),
            Choice::Hex(hex(0, 0)),
            Choice::Hex(hex(0, 0)),
        ],
    );
    assert_eq!(vp(&s, Crustaceans), 1, "once per tile");
}

/// Ram Feeder (p.21): a plankton counted as a printed element.
#[test]
fn ram_feeder_p21() {
    let tiles = "[[tile]]\nhex = [0, 0]\nterrain = \"reef\"\nspecies = { crustaceans = 1 }\nelements = { w = \"plankton\" }\n";
    let s = with_traits("\"ram-feeder\"", "", tiles);
    assert!(s.thriving(Crustaceans, hex(0, 0)));
    assert_eq!(s.needs(Crustaceans)[Element::Plankton.index()], 1);
    let t = with_traits("", "", tiles);
    assert!(!t.thriving(Crustaceans, hex(0, 0)));
}

/// Resilience (p.21): a phantom cube in Regression.
#[test]
fn resilience_p21() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\nretrieved = true\n[[animal]]\nname = \"fishes\"\nretrieved = true\n[[animal]]\nname = \"crustaceans\"\ntraits = [\"resilience\"]\ndisks = [\"sun\"]\n{REEF}\n[display]\nregression_box = [\"sun\"]\n"
    ));
    play(&mut s, Choice::Retrieve);
    assert_eq!(s.reseeds, 1);
    assert_eq!(s.added_count(Crustaceans), 1);
}

/// Seasonal Migrants (p.21): one more species migrates and may pass through a tile.
#[test]
fn seasonal_migrants_p21() {
    let tiles = "[[tile]]\nhex = [0, 0]\nterrain = \"reef\"\nspecies = { crustaceans = 5 }\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\n[[tile]]\nhex = [0, 2]\nterrain = \"ocean\"\n";
    let mut s = with_traits("\"seasonal-migrants\"", "", tiles);
    play(&mut s, basic("migration 1"));
    let two = Choice::Move {
        from: hex(0, 0),
        to: hex(0, 2),
    };
    play_all(&mut s, &[two, two, two, two]);
    assert_eq!(
        sp(&s, 0, 2, Crustaceans),
        4,
        "3 + 1 species, two steps away"
    );
    let mut t = with_traits("", "", tiles);
    play(&mut t, basic("migration 1"));
    assert!(!legal(&t).contains(&two));
}

/// Social (p.21): basic pawns bump opposing basic pawns but keep the "after" rule.
#[test]
fn social_p21() {
    let extra = "[[pawn]]\nspace = \"abundance 1\"\nanimal = \"reptiles\"\n";
    let s = with_traits("\"social\"", extra, REEF);
    assert!(legal(&s).contains(&basic("abundance 1")));
    assert!(
        !legal(&s).contains(&basic("adaptation 3")),
        "still no special-only space"
    );
    let t = with_traits("", extra, REEF);
    assert!(!legal(&t).contains(&basic("abundance 1")));
}

/// Solitary (p.21): alone on a scored tile, the VPs of every place.
#[test]
fn solitary_p21() {
    let tiles = "[[tile]]\nhex = [0, 0]\nterrain = \"reef\"\nspecies = { crustaceans = 2 }\nelements = { sw = \"worms\" }\n";
    let mut s = with_traits("\"solitary\"", "", tiles);
    let mut ev = Vec::new();
    s.score_tile(hex(0, 0), false, &mut ev);
    let total: u32 = eons_marine::data::data()
        .places(eons_marine::Terrain::Reef)
        .iter()
        .sum();
    assert_eq!(vp(&s, Crustaceans), total);
}

/// Hadopelagic (p.21): "If your retrieval triggers a Reseed event, it occurs
/// before you take the extra turn. If that Reseed event also triggered the
/// end of the game, the game ends before you gain the extra turn."
#[test]
fn hadopelagic_reseed_first_and_no_turn_after_the_end_p21() {
    let others = "[[animal]]\nname = \"reptiles\"\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\nretrieved = true\n[[animal]]\nname = \"fishes\"\nretrieved = true\n";
    let me = "[[animal]]\nname = \"crustaceans\"\ntraits = [\"hadopelagic\"]\npawns = 1\n[[pawn]]\nspace = \"abundance 1\"\nanimal = \"crustaceans\"\n";
    let mut s = pos(&format!("turn = \"crustaceans\"\n{others}{me}{REEF}"));
    let ev = play(&mut s, Choice::Retrieve);
    let reseed = ev.iter().position(|e| matches!(e, Event::Reseed { .. }));
    let extra = ev.iter().position(|e| matches!(e, Event::ExtraTurn { .. }));
    assert!(
        matches!((reseed, extra), (Some(r), Some(x)) if r < x),
        "{ev:?}"
    );
    assert_eq!(s.reseeds, 1);
    assert_eq!(
        decider(&s),
        Crustaceans,
        "the extra turn follows the Reseed"
    );
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\nlast_round = true\n{others}{me}{REEF}"
    ));
    let ev = play(&mut s, Choice::Retrieve);
    assert!(s.over, "the last round ends");
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));
}

/// Ancient Lineage (p.20): "You do this before the next player in turn order
/// takes their turn and even before any Reseed event that may have been
/// triggered by your retrieval."
#[test]
fn ancient_lineage_before_the_reseed_p20() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\nretrieved = true\n[[animal]]\nname = \"fishes\"\nretrieved = true\n[[animal]]\nname = \"crustaceans\"\ntraits = [\"ancient-lineage\"]\n{REEF}"
    ));
    play(&mut s, Choice::Retrieve);
    assert_eq!(decider(&s), Crustaceans);
    assert_eq!(s.reseeds, 0, "no Reseed yet");
    assert!(legal(&s).contains(&Choice::Hex(hex(0, 0))));
    play(&mut s, Choice::Hex(hex(0, 0)));
    assert_eq!(s.reseeds, 1, "then the Reseed");
    assert_eq!(sp(&s, 0, 0, Crustaceans), 3);
}
