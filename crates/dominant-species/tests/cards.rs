//! One test per Dominance card (rulebook p.18–19; effects per
//! shared/reference/dominant-species.md §6.3 where the card text is lost).
//!
//! Each test scores a wetland at (0,-1) where the taker is dominant, takes
//! the card and resolves it. Birds hold a later Domination AP so the turn
//! stops there (before Extinction) and the card's effect can be inspected.

use crate::common;

use common::*;
use eons_core::{Corner, Hex};
use eons_dominant_species::{
    Animal, Card, Choice, Decision, Element, Event, Space, State, Terrain,
};

/// A 3-animal game (mammals, birds, insects) about to score the wetland for
/// `taker`. A lone sea far away keeps a tile for the birds' later Domination.
fn setup(taker: Animal, card: Card, extra: &str) -> State {
    let text = format!(
        r#"
        players = 3
        animals = ["mammals", "birds", "insects"]
        phase = "domination"
        [[tiles]]
        hex = [0, -1]
        terrain = "wetland"
        species = {{ {t} = 1 }}
        [[elements]]
        corner = "E(0,-1)"
        element = "{e}"
        [[tiles]]
        hex = [-3, 3]
        terrain = "sea"
        [cards]
        available = ["{c}"]
        [display.aps]
        "Domination 1" = "{t}"
        "Domination 5" = "birds"
        {extra}
        "#,
        t = taker.name(),
        e = taker.element().name(),
        c = card.name(),
    );
    pos(&text)
}

/// Scores the wetland and takes the card; returns the events.
fn take(s: &mut State, card: Card) -> Vec<Event> {
    let mut ev = play(s, tile(0, -1));
    assert!(
        matches!(s.pending, Decision::ChooseCard { .. }),
        "{:?}",
        s.pending
    );
    ev.extend(play(s, Choice::Card(card)));
    ev
}

fn card_vp(ev: &[Event], a: Animal) -> u32 {
    ev.iter()
        .filter_map(|e| match *e {
            Event::VpGained { animal, vp, reason } if animal == a && reason.is_card() => Some(vp),
            _ => None,
        })
        .sum()
}

fn corner(c: Corner) -> Choice {
    Choice::Corner(c)
}
fn kill(q: i8, r: i8, a: Animal) -> Choice {
    Choice::Species {
        hex: Hex::new(q, r),
        animal: a,
    }
}
fn at_stop(s: &State) -> bool {
    s.pending == Decision::Dominate(Animal::Birds)
}

#[test]
fn card_aquatic_element_of_choice_and_up_to_four_species_on_sea_or_wetland() {
    let extra = r#"
        [[tiles]]
        hex = [1, 1]
        terrain = "sea"
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
    "#;
    let mut s = setup(Animal::Mammals, Card::Aquatic, extra);
    take(&mut s, Card::Aquatic);
    play(&mut s, Choice::Element(Element::Meat));
    // A corner touching only the tundra-covered sea is not a sea corner (p.13).
    let tundra_only = Corner::west(Hex::new(0, 0));
    assert!(!legal(&s).contains(&corner(tundra_only)));
    play(&mut s, corner(Corner::east(Hex::new(1, 1))));
    // The corner touches the sea only: straight to the count.
    assert!(legal(&s).contains(&Choice::Count(4)) && !legal(&s).contains(&Choice::Count(5)));
    play(&mut s, Choice::Count(4));
    assert_eq!(sp(&s, 1, 1, Animal::Mammals), 4);
    assert!(at_stop(&s));
}

#[test]
fn card_biodiversity_one_vp_per_shared_tile() {
    let mut s = setup(
        Animal::Mammals,
        Card::Biodiversity,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { mammals = 1, birds = 3, insects = 2 }
        [[tiles]]
        hex = [0, 1]
        terrain = "mountain"
        species = { mammals = 2, insects = 1 }
        [[tiles]]
        hex = [-1, 1]
        terrain = "forest"
        species = { mammals = 2 }
    "#,
    );
    let ev = take(&mut s, Card::Biodiversity);
    assert_eq!(
        card_vp(&ev, Animal::Mammals),
        2,
        "p.18: 1 VP per tile, however many opponents"
    );
}

#[test]
fn card_biomass_one_species_dies_on_each_overcrowded_tile() {
    let mut s = setup(
        Animal::Mammals,
        Card::Biomass,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { birds = 2, insects = 1 }
        [[elements]]
        corner = "E(1,0)"
        element = "seed"
    "#,
    );
    take(&mut s, Card::Biomass);
    // Desert: 3 species, 1 element → overcrowded; the wetland (1 species, 1 element) is not.
    let l = legal(&s);
    assert!(l.contains(&kill(1, 0, Animal::Birds)) && l.contains(&kill(1, 0, Animal::Insects)));
    assert!(!l
        .iter()
        .any(|c| matches!(c, Choice::Species { hex, .. } if *hex == Hex::new(0, -1))));
    play(&mut s, kill(1, 0, Animal::Insects));
    assert_eq!(sp(&s, 1, 0, Animal::Insects), 0);
    assert!(at_stop(&s));
}

#[test]
fn card_blight_removes_all_elements_of_a_tile_but_one() {
    let mut s = setup(
        Animal::Mammals,
        Card::Blight,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        [[elements]]
        corner = "E(1,0)"
        element = "seed"
        [[elements]]
        corner = "W(1,0)"
        element = "sun"
        [[elements]]
        corner = "E(0,1)"
        element = "grass"
    "#,
    );
    take(&mut s, Card::Blight);
    play(&mut s, tile(1, 0));
    play(&mut s, corner(Corner::west(Hex::new(1, 0))));
    assert_eq!(s.earth.element_count_on(h(1, 0)), 1);
    assert_eq!(s.earth.elements_on(h(1, 0))[Element::Sun.index()], 1);
}

/// p.18: a Dominance card is resolved "as much as possible given the current
/// game situation". Blight keeps one element of the chosen tile, so it is
/// offered only tiles with two or more elements (docs/rulings.md); with none
/// on earth it removes nothing and ends at once, instead of asking for a tile
/// no choice can name.
#[test]
fn card_blight_without_a_tile_of_two_elements_removes_nothing_p18() {
    let mut s = setup(Animal::Mammals, Card::Blight, "");
    let before = s.earth.element_count_on(h(0, -1));
    assert_eq!(before, 1, "the wetland has one element, the sea none");
    take(&mut s, Card::Blight);
    assert!(
        !matches!(s.pending, Decision::Card(_)),
        "no Blight step is left: {:?}",
        s.pending
    );
    assert_eq!(s.earth.element_count_on(h(0, -1)), before);
    assert!(at_stop(&s));
}

#[test]
fn card_catastrophe_one_survivor_and_one_loss_on_each_adjacent_tile() {
    let mut s = setup(
        Animal::Mammals,
        Card::Catastrophe,
        r#"
        [[tiles]]
        hex = [0, 0]
        terrain = "savannah"
        species = { birds = 3, insects = 2 }
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { mammals = 1 }
    "#,
    );
    take(&mut s, Card::Catastrophe);
    play(&mut s, tile(0, 0));
    play(&mut s, kill(0, 0, Animal::Insects)); // the insect is spared
    assert_eq!(
        (sp(&s, 0, 0, Animal::Birds), sp(&s, 0, 0, Animal::Insects)),
        (0, 1)
    );
    // Adjacent tiles with species: the wetland (0,-1) and the desert (1,0) — mandatory,
    // even the taker's own lone species (p.18).
    play(&mut s, kill(0, -1, Animal::Mammals));
    play(&mut s, kill(1, 0, Animal::Mammals));
    assert_eq!(s.earth.species_total(Animal::Mammals.index()), 0);
    assert!(at_stop(&s));
}

#[test]
fn card_cold_snap_every_other_animal_loses_one_species_on_each_tundra() {
    let mut s = setup(
        Animal::Mammals,
        Card::ColdSnap,
        r#"
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
        species = { mammals = 2, birds = 2, insects = 1 }
        [[tiles]]
        hex = [1, 0]
        terrain = "tundra"
        species = { birds = 1 }
    "#,
    );
    take(&mut s, Card::ColdSnap);
    assert_eq!(sp(&s, 0, 0, Animal::Mammals), 2);
    assert_eq!(sp(&s, 0, 0, Animal::Birds), 1);
    assert_eq!(sp(&s, 0, 0, Animal::Insects), 0);
    assert_eq!(sp(&s, 1, 0, Animal::Birds), 0);
}

#[test]
fn card_disease_animals_with_more_elements_lose_one_added_element() {
    let mut s = setup(
        Animal::Mammals,
        Card::Disease,
        r#"
        [animal.birds]
        elements = ["seed", "seed", "sun", "water"]
        [animal.insects]
        elements = ["grass", "grass"]
    "#,
    );
    take(&mut s, Card::Disease);
    // Birds (4 > 2) choose; the insects (2) are not affected; defaults never go (p.18).
    assert_eq!(s.decider(), Some(Animal::Birds));
    assert_eq!(
        legal(&s),
        vec![
            Choice::Element(Element::Sun),
            Choice::Element(Element::Water)
        ]
    );
    play(&mut s, Choice::Element(Element::Water));
    assert_eq!(s.element_total(Animal::Birds), 3);
    assert!(at_stop(&s));
}

#[test]
fn card_ecodiversity_one_vp_per_matching_disk_each_type_once() {
    let mut s = setup(
        Animal::Mammals,
        Card::Ecodiversity,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        [[elements]]
        corner = "E(1,0)"
        element = "meat"
        [[elements]]
        corner = "W(1,0)"
        element = "seed"
        [[elements]]
        corner = "E(0,1)"
        element = "water"
        [animal.mammals]
        elements = ["meat", "meat", "seed"]
    "#,
    );
    let ev = take(&mut s, Card::Ecodiversity);
    // Meat on earth: 2 (wetland + desert), seed 1 → 3, not doubled by two meat (p.18).
    assert_eq!(card_vp(&ev, Animal::Mammals), 3);
    assert_eq!(card_vp(&ev, Animal::Birds), 0, "only the taker scores");
}

#[test]
fn card_evolution_replaces_species_of_up_to_two_other_animals() {
    let mut s = setup(
        Animal::Mammals,
        Card::Evolution,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { birds = 2, insects = 1 }
    "#,
    );
    take(&mut s, Card::Evolution);
    play(&mut s, kill(1, 0, Animal::Birds));
    assert!(
        !legal(&s).contains(&kill(1, 0, Animal::Birds)),
        "two different animals"
    );
    play(&mut s, kill(1, 0, Animal::Insects));
    assert_eq!(sp(&s, 1, 0, Animal::Mammals), 2);
    assert_eq!(
        s.animals[Animal::Birds.index()].eliminated,
        1,
        "to the box (A12)"
    );
    assert!(at_stop(&s));
}

#[test]
fn card_fecundity_one_more_species_on_each_occupied_tile() {
    let mut s = setup(
        Animal::Mammals,
        Card::Fecundity,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { mammals = 3 }
    "#,
    );
    take(&mut s, Card::Fecundity);
    assert_eq!(sp(&s, 0, -1, Animal::Mammals), 2);
    assert_eq!(
        sp(&s, 1, 0, Animal::Mammals),
        4,
        "+1 per tile, not per species"
    );
}

#[test]
fn card_fecundity_with_a_short_gene_pool_the_taker_chooses() {
    let mut s = setup(
        Animal::Mammals,
        Card::Fecundity,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { mammals = 3 }
        [animal.mammals]
        gene_pool = 1
    "#,
    );
    take(&mut s, Card::Fecundity);
    play(&mut s, tile(1, 0));
    assert_eq!(sp(&s, 1, 0, Animal::Mammals), 4);
    assert_eq!(sp(&s, 0, -1, Animal::Mammals), 1);
    assert!(at_stop(&s));
}

#[test]
fn card_fertile_one_vp_per_species_on_a_tile_you_occupy() {
    let mut s = setup(
        Animal::Mammals,
        Card::Fertile,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { mammals = 1, birds = 3, insects = 2 }
    "#,
    );
    let mut ev = take(&mut s, Card::Fertile);
    ev.extend(play(&mut s, tile(1, 0)));
    assert_eq!(
        card_vp(&ev, Animal::Mammals),
        6,
        "yours and opposing (p.18)"
    );
}

#[test]
fn card_habitat_any_element_type_from_the_bag_on_any_vacant_corner() {
    let mut s = setup(Animal::Mammals, Card::Habitat, "");
    let bag = s.bag.count(Element::Grub.index());
    take(&mut s, Card::Habitat);
    play(&mut s, Choice::Element(Element::Grub));
    play(&mut s, corner(Corner::west(Hex::new(0, -1))));
    assert_eq!(s.bag.count(Element::Grub.index()), bag - 1);
    assert_eq!(s.earth.elements_on(h(0, -1))[Element::Grub.index()], 1);
}

/// The mammals (7 species eliminated) take Hibernation and choose the empty desert at (1,0).
fn hibernation_on_the_desert() -> State {
    let mut s = setup(
        Animal::Mammals,
        Card::Hibernation,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        [animal.mammals]
        eliminated = 7
    "#,
    );
    take(&mut s, Card::Hibernation);
    play(&mut s, tile(1, 0));
    s
}

#[test]
fn card_hibernation_eliminated_species_return_immune_to_extinction() {
    let mut s = hibernation_on_the_desert();
    assert!(!legal(&s).contains(&Choice::Count(6)), "up to 5");
    play(&mut s, Choice::Count(5));
    assert_eq!(sp(&s, 1, 0, Animal::Mammals), 5);
    assert_eq!(s.animals[Animal::Mammals.index()].eliminated, 2);
    // The desert has no element: endangered, yet immune this turn (p.19).
    play(&mut s, Choice::Skip); // birds forfeit their Domination; Extinction follows
    assert_eq!(sp(&s, 1, 0, Animal::Mammals), 5);
}

/// The Hibernation immunity lasts until this turn's Extinction (p.19), so a position
/// written in between must carry it. Read back (the birds' Domination in progress is
/// not recorded, so Extinction follows at once), the endangered mammals stay, and no
/// save is asked for them.
#[test]
fn card_hibernation_immunity_survives_a_written_position() {
    let mut s = hibernation_on_the_desert();
    play(&mut s, Choice::Count(4));
    let text = <eons_dominant_species::DominantSpecies as eons_core::Positions>::write_position(&s);
    assert!(
        text.contains("[hibernated]\nhex = \"E8\"\nanimal = \"mammals\"\ncount = 4"),
        "{text}"
    );
    let back = pos(&text);
    assert_ne!(
        back.pending,
        Decision::MammalSave,
        "immune: nothing to save"
    );
    assert_eq!(sp(&back, 1, 0, Animal::Mammals), 4, "immune this turn");
    assert_eq!(back.turn, 2, "Extinction is over");
    assert_eq!(back.hibernated, None, "the immunity ends with Extinction");
}

/// A hand-written `hibernated` entry is checked against the species on the tile.
#[test]
fn position_hibernated_count_cannot_exceed_the_species_there() {
    let text = r#"
        players = 3
        animals = ["mammals", "birds", "insects"]
        phase = "reset"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { birds = 2 }
        [hibernated]
        hex = [1, 0]
        animal = "birds"
        count = 3
    "#;
    let Err(e) =
        <eons_dominant_species::DominantSpecies as eons_core::Positions>::read_position(text)
    else {
        panic!("3 hibernated on a tile with 2 must be refused");
    };
    assert!(e.0.contains("only 2 there"), "{}", e.0);
    let ok = pos(&text.replace("count = 3", "count = 2"));
    // The desert has no element: endangered, yet the birds are immune (p.19).
    assert_eq!(sp(&ok, 1, 0, Animal::Birds), 2, "immune at Extinction");
    assert_eq!(ok.turn, 2);
}

#[test]
fn card_ice_age_bonus_for_dominated_tiles_and_the_game_ends_this_turn() {
    let mut s = setup(
        Animal::Mammals,
        Card::IceAge,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { mammals = 1 }
        [[elements]]
        corner = "E(1,0)"
        element = "meat"
    "#,
    );
    let ev = take(&mut s, Card::IceAge);
    assert_eq!(
        card_vp(&ev, Animal::Mammals),
        3,
        "2 tiles dominated: 3 bonus VP"
    );
    assert!(s.ice_age);
    // Birds still take their Domination (p.20), then the game ends without Reseed.
    play(&mut s, Choice::Skip);
    assert!(s.step == eons_dominant_species::Step::Over);
    assert_eq!(s.turn, 1);
}

#[test]
fn card_ice_sheet_is_a_glaciation_for_the_taker() {
    let mut s = setup(
        Animal::Mammals,
        Card::IceSheet,
        r#"
        [[tiles]]
        hex = [0, 0]
        terrain = "tundra"
    "#,
    );
    take(&mut s, Card::IceSheet);
    assert!(
        !legal(&s).contains(&Choice::Skip),
        "the card resolves fully"
    );
    play(&mut s, tile(0, -1));
    assert_eq!(s.terrain(h(0, -1)), Some(Terrain::Tundra));
    assert_eq!(s.tundra_left, 10);
}

#[test]
fn card_immigrants_every_animal_chooses_in_food_chain_order() {
    let mut s = setup(
        Animal::Mammals,
        Card::Immigrants,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { insects = 3 }
        [animal.birds]
        elements = ["seed", "seed", "sun"]
    "#,
    );
    take(&mut s, Card::Immigrants);
    assert_eq!(s.decider(), Some(Animal::Mammals));
    assert!(
        !legal(&s).iter().any(|c| matches!(c, Choice::Element(_))),
        "defaults only: no (a)"
    );
    play(&mut s, Choice::LoseAp);
    assert_eq!(s.decider(), Some(Animal::Birds));
    play(&mut s, Choice::Element(Element::Sun));
    assert_eq!(s.decider(), Some(Animal::Insects));
    play(&mut s, Choice::ThinOut);
    assert_eq!(sp(&s, 1, 0, Animal::Insects), 1);
    assert_eq!(s.element_total(Animal::Birds), 2);
    assert!(at_stop(&s));
}

#[test]
fn card_instinct_an_ap_from_supply_onto_an_empty_eyeball_space() {
    let mut s = setup(Animal::Mammals, Card::Instinct, "");
    let supply = s.animals[Animal::Mammals.index()].supply;
    take(&mut s, Card::Instinct);
    let glac2 = Space::parse("Glaciation 2").expect("space");
    play(&mut s, Choice::Place(glac2));
    assert_eq!(s.spaces[glac2.0 as usize], Some(Animal::Mammals));
    assert_eq!(s.animals[Animal::Mammals.index()].supply, supply - 1);
}

#[test]
fn card_intelligence_you_and_every_animal_above_gain_an_ap() {
    let mut s = setup(Animal::Birds, Card::Intelligence, "");
    let before: Vec<u8> = Animal::ALL
        .iter()
        .map(|a| s.animals[a.index()].supply)
        .collect();
    take(&mut s, Card::Intelligence);
    let gain = |a: Animal| s.animals[a.index()].supply - before[a.index()];
    // Birds' own Domination AP returned to supply too (+1).
    assert_eq!(
        (
            gain(Animal::Mammals),
            gain(Animal::Birds),
            gain(Animal::Insects)
        ),
        (1, 2, 0)
    );
}

#[test]
fn card_mass_exodus_every_species_leaves_for_adjacent_tiles() {
    let mut s = setup(
        Animal::Mammals,
        Card::MassExodus,
        r#"
        [[tiles]]
        hex = [0, 0]
        terrain = "desert"
        species = { birds = 1, insects = 1 }
    "#,
    );
    take(&mut s, Card::MassExodus);
    play(&mut s, tile(0, 0));
    assert!(!legal(&s).contains(&Choice::Done), "all must leave");
    let mv = |a: Animal| Choice::Move {
        animal: a,
        from: Hex::new(0, 0),
        to: Hex::new(0, -1),
    };
    play(&mut s, mv(Animal::Birds));
    play(&mut s, mv(Animal::Insects));
    assert_eq!(s.earth.total_species(h(0, 0)), 0);
    assert_eq!(s.earth.total_species(h(0, -1)), 3);
    assert!(at_stop(&s));
}

#[test]
fn card_metamorphosis_swap_an_added_element_for_one_of_your_choice() {
    let mut s = setup(
        Animal::Mammals,
        Card::Metamorphosis,
        r#"
        [animal.mammals]
        elements = ["meat", "meat", "sun"]
    "#,
    );
    take(&mut s, Card::Metamorphosis);
    assert_eq!(
        legal(&s),
        vec![Choice::Element(Element::Sun)],
        "not the defaults (p.19)"
    );
    play(&mut s, Choice::Element(Element::Sun));
    play(&mut s, Choice::Element(Element::Grub));
    assert_eq!(
        s.animals[Animal::Mammals.index()].added[Element::Grub.index()],
        1
    );
    assert_eq!(
        s.animals[Animal::Mammals.index()].added[Element::Sun.index()],
        0
    );
}

#[test]
fn card_niche_biomes_animals_ahead_lose_the_tiles_first_place_value() {
    let mut s = setup(
        Animal::Mammals,
        Card::NicheBiomes,
        r#"
        [animal.birds]
        vp = 20
        [animal.insects]
        vp = 3
    "#,
    );
    take(&mut s, Card::NicheBiomes);
    // Mammals scored the wetland first (8 VP); birds (20) lose 8; insects (3) do not.
    assert_eq!(s.animals[Animal::Birds.index()].vp, 12);
    assert_eq!(s.animals[Animal::Insects.index()].vp, 3);
}

#[test]
fn card_nocturnal_initiative_moves_one_place_forward() {
    let mut s = setup(Animal::Mammals, Card::Nocturnal, "");
    assert_eq!(
        s.initiative_order(),
        &[Animal::Insects, Animal::Birds, Animal::Mammals]
    );
    take(&mut s, Card::Nocturnal);
    assert_eq!(
        s.initiative_order(),
        &[Animal::Insects, Animal::Mammals, Animal::Birds]
    );
}

#[test]
fn card_omnivore_one_new_ap_from_the_box() {
    let mut s = setup(Animal::Mammals, Card::Omnivore, "");
    let boxed = s.animals[Animal::Mammals.index()].boxed;
    take(&mut s, Card::Omnivore);
    assert_eq!(s.animals[Animal::Mammals.index()].boxed, boxed - 1);
}

#[test]
fn card_omnivore_never_more_than_ten_cylinders() {
    let mut s = setup(
        Animal::Mammals,
        Card::Omnivore,
        r#"
        [animal.mammals]
        supply = 9
        boxed = 0
    "#,
    );
    take(&mut s, Card::Omnivore);
    assert_eq!(
        s.animals[Animal::Mammals.index()].supply,
        10,
        "9 + the returned Domination AP"
    );
    assert_eq!(s.animals[Animal::Mammals.index()].boxed, 0);
}

#[test]
fn card_parasitism_you_and_every_animal_below_gain_an_ap() {
    let mut s = setup(Animal::Birds, Card::Parasitism, "");
    let boxed: Vec<u8> = Animal::ALL
        .iter()
        .map(|a| s.animals[a.index()].boxed)
        .collect();
    take(&mut s, Card::Parasitism);
    let gain = |a: Animal| boxed[a.index()] - s.animals[a.index()].boxed;
    assert_eq!(
        (
            gain(Animal::Mammals),
            gain(Animal::Birds),
            gain(Animal::Insects)
        ),
        (0, 1, 1)
    );
}

#[test]
fn card_predator_each_shared_tile_loses_one_opposing_species() {
    let mut s = setup(
        Animal::Mammals,
        Card::Predator,
        r#"
        [[tiles]]
        hex = [1, 0]
        terrain = "desert"
        species = { mammals = 1, birds = 2, insects = 1 }
        [[tiles]]
        hex = [0, 1]
        terrain = "mountain"
        species = { mammals = 2 }
    "#,
    );
    take(&mut s, Card::Predator);
    assert!(
        !legal(&s).contains(&kill(1, 0, Animal::Mammals)),
        "only opposing species"
    );
    play(&mut s, kill(1, 0, Animal::Insects));
    assert_eq!(
        sp(&s, 0, 1, Animal::Mammals),
        2,
        "a tile with only yours is skipped"
    );
    assert!(at_stop(&s));
}

#[test]
fn card_symbiotic_you_and_animals_with_fewer_elements_draw_one() {
    let mut s = setup(
        Animal::Mammals,
        Card::Symbiotic,
        r#"
        [animal.mammals]
        elements = ["meat", "meat", "sun"]
        [animal.birds]
        elements = ["seed", "seed", "sun", "sun"]
    "#,
    );
    take(&mut s, Card::Symbiotic);
    assert_eq!(s.element_total(Animal::Mammals), 4);
    assert_eq!(s.element_total(Animal::Insects), 3, "2 < 3: draws one");
    assert_eq!(s.element_total(Animal::Birds), 4, "4 > 3: nothing");
}
