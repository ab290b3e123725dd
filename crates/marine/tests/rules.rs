//! One test per rule not covered by a worked example, citing the rulebook page.

use crate::common;
use common::*;
use eons_core::{Game, Seat};
use eons_marine::state::BoxKind;
use eons_marine::{Animal::*, Card, Choice, Element, Event, Face, Marine, Terrain};

const REEF: &str = r#"
[[tile]]
hex = [0, 0]
terrain = "reef"
species = { crustaceans = 2, reptiles = 1 }
elements = { e = "sponges", se = "sun", sw = "worms", w = "plankton", nw = "algae", ne = "gastropods" }
"#;

/// p.24: a newly revealed dead-fish card runs an Extinction, a live-fish card
/// a Survival; extinction before survival.
#[test]
fn revealed_card_icons_trigger_events_p24() {
    let text = format!(
        "turn = \"crustaceans\"\n{REEF}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nspecies = {{ fishes = 2 }}\n[[tile]]\nhex = [0, 3]\nterrain = \"ocean\"\nvent = \"smoker\"\nspecies = {{ cephalopods = 1 }}\nelements = {{ nw = \"gastropods\" }}\n[display]\nevolution = [\"reef\"]\n[cards]\nrow = [\"producers\"]\ndeck = [\"predator\"]\n"
    );
    let mut s = pos(&text);
    play_all(&mut s, &[basic("evolution 1"), Choice::Hex(hex(0, 0))]);
    let ev = play(&mut s, Choice::Slot(1));
    assert!(
        ev.contains(&Event::Extinction),
        "Predator's dead fish (data icon)"
    );
    assert_eq!(
        sp(&s, 0, 1, Fishes),
        0,
        "endangered Fishes on the Ocean die"
    );
    let text = text.replace("deck = [\"predator\"]", "deck = [\"annelids\"]");
    let mut s = pos(&text);
    play_all(&mut s, &[basic("evolution 1"), Choice::Hex(hex(0, 0))]);
    let ev = play(&mut s, Choice::Slot(1));
    assert!(ev.contains(&Event::Survival {
        holder: Some(Cephalopods)
    }));
    assert_eq!(vp(&s, Cephalopods), 1, "one Vent occupied: 1 bonus VP");
}

/// p.8: the Survival card goes to the sole most species on Vents; a tie means nobody.
#[test]
fn survival_card_holder_p8() {
    let base = "[[tile]]\nhex = [0, 3]\nterrain = \"ocean\"\nvent = \"smoker\"\nspecies = { fishes = 2, reptiles = 2 }\n";
    let s = pos(base);
    assert_eq!(s.survival_holder(), None);
    let s = pos(&base.replace("reptiles = 2", "reptiles = 3"));
    assert_eq!(s.survival_holder(), Some(Reptiles));
}

/// p.18 and p.24: after the Asteroid the round finishes, then the final
/// Extinction, Survival, scoring of every tile and target-marker VPs; no Reseed.
#[test]
fn asteroid_ends_the_game_after_the_round_p24() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\nlast_round = true\n[[animal]]\nname = \"reptiles\"\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\nretrieved = true\n[[animal]]\nname = \"fishes\"\nretrieved = true\n[[animal]]\nname = \"crustaceans\"\n{REEF}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\nspecies = {{ fishes = 2 }}\n[[special]]\nelement = \"sun\"\ncontroller = \"crustaceans\"\ntarget = 7\n"
    ));
    let ev = play(&mut s, Choice::Retrieve);
    assert!(s.over);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Reseed { .. })),
        "skip the Reseed"
    );
    assert_eq!(sp(&s, 0, 1, Fishes), 0, "final Extinction");
    let reef = eons_marine::data::data().places(Terrain::Reef).to_vec();
    assert_eq!(
        vp(&s, Crustaceans),
        reef[0] + 7,
        "final scoring and the sun target"
    );
    assert_eq!(vp(&s, Reptiles), reef[1]);
    let out = Marine::outcome(&s).expect("over");
    assert_eq!(out.winner(), Some(Seat(3)));
}

/// p.9 and p.16: only the Asteroid triggers the last round, and the rules
/// give no cutoff (reference 7.6, "Asteroid never taken": default none). So
/// by default a game goes on past any number of rounds; a cap is the
/// `max-rounds` option's alone.
#[test]
fn no_round_cap_by_default_only_the_asteroid_ends_the_game() {
    let setup = Marine::setup(4, &[]).expect("setup");
    assert_eq!(setup.max_rounds, 0, "no cap unless asked for");
    let mut s = pos(&format!(
        "reseeds = 500\nturn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\nretrieved = true\n[[animal]]\nname = \"fishes\"\nretrieved = true\n[[animal]]\nname = \"crustaceans\"\n{REEF}\n[cards]\nrow = [\"producers\"]\ndeck = [\"asteroid\"]\n"
    ));
    let ev = play(&mut s, Choice::Retrieve);
    assert_eq!(s.reseeds, 501, "the Reseed happened");
    assert!(!s.last_round, "round 502 is not the last: no Asteroid yet");
    assert!(!s.over);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::RoundCap { .. })),
        "no cap by default"
    );
}

/// Gene Pool (p.8; reference 1.8): species removed from earth go to the box,
/// out of play, and only Tectonics step 6 (p.14) takes one back; p.16: an evolution card needs an
/// animal that thrives on the scored tile. So with no species on earth, in a
/// Gene Pool or on a Regression square, and no Vent tile left, the Asteroid
/// can never be played and the rules give the game no end. Engine ruling
/// (docs/rulings.md): the next round is the last, as after the
/// Asteroid. A Vent tile left, or one species in a Gene Pool, keeps the game
/// going.
#[test]
fn no_species_left_and_no_vent_tile_makes_the_next_round_the_last() {
    let position = |vents: u8, fish_pool: u8| {
        pos(&format!(
            "reseeds = 12\nvents_left = {vents}\nturn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\npool = 0\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\npool = 0\nretrieved = true\n[[animal]]\nname = \"fishes\"\npool = {fish_pool}\nretrieved = true\n[[animal]]\nname = \"crustaceans\"\npool = 0\n[[tile]]\nhex = [0, 0]\nterrain = \"reef\"\n[cards]\nrow = [\"producers\"]\ndeck = [\"asteroid\"]\n"
        ))
    };
    let mut s = position(0, 0);
    assert!(s.no_species_can_return());
    let ev = play(&mut s, Choice::Retrieve);
    assert_eq!(s.reseeds, 13);
    assert!(s.last_round, "round 14 is the last");
    assert!(ev.contains(&Event::NoSpeciesLeft { round: 14 }));
    let line = Marine::describe_event(&s, &Event::NoSpeciesLeft { round: 14 });
    assert!(line.contains("round 14 is the last"), "{line}");
    // The last round is played out and the game ends (p.24).
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    for _ in 0..10_000 {
        if Marine::turn(&s) == eons_core::Turn::Over {
            break;
        }
        legal.clear();
        Marine::legal(&s, &mut legal);
        let retrieve = legal.contains(&Choice::Retrieve);
        let c = if retrieve { Choice::Retrieve } else { legal[0] };
        Marine::apply(&mut s, c, &mut ev).expect("legal");
    }
    assert!(s.over, "the last round ends the game");
    assert_eq!(s.reseeds, 13, "no Reseed after the last round");
    // A Vent tile left: Tectonics could bring a species back.
    let mut s = position(1, 0);
    assert!(!s.no_species_can_return());
    let ev = play(&mut s, Choice::Retrieve);
    assert!(!s.last_round);
    assert!(!ev.iter().any(|e| matches!(e, Event::NoSpeciesLeft { .. })));
    // One species in a Gene Pool: it can still be placed.
    let mut s = position(0, 1);
    assert!(!s.no_species_can_return());
    play(&mut s, Choice::Retrieve);
    assert!(!s.last_round);
}

/// Plays a new game with `opts` to its end, retrieving whenever it may and
/// otherwise taking the first legal choice; returns the final state and
/// every event.
fn play_out(players: usize, opts: &[&str], seed: u64) -> (eons_marine::State, Vec<Event>) {
    let opts: Vec<String> = opts.iter().map(|o| o.to_string()).collect();
    let setup = Marine::setup(players, &opts).expect("setup");
    let mut s = Marine::new(&setup, seed).expect("new game");
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    for _ in 0..100_000 {
        if Marine::turn(&s) == eons_core::Turn::Over {
            break;
        }
        legal.clear();
        Marine::legal(&s, &mut legal);
        let c = if legal.contains(&Choice::Retrieve) {
            Choice::Retrieve
        } else {
            legal[0]
        };
        Marine::apply(&mut s, c, &mut ev).expect("legal");
    }
    assert!(s.over, "the game ended");
    (s, ev)
}

/// p.9 (Endgame): the last round ends "when the next Reseed event would have
/// occurred", with the final Extinction, Survival and scoring. The round cap
/// (`max-rounds=N`, `eons games`: "after N-1 Reseeds the next round is the
/// last") with N = 1 makes round 1 the last from the start: it ends without
/// any Reseed. With N = 2 one Reseed is played and round 2 is the last.
#[test]
fn round_cap_of_one_ends_round_one_with_the_endgame_p9() {
    for seed in [1, 2, 3] {
        let opts = ["max-rounds=1"];
        let setup = Marine::setup(4, &["max-rounds=1".to_string()]).expect("setup");
        let fresh = Marine::new(&setup, seed).expect("new game");
        assert!(fresh.last_round, "round 1 of max-rounds=1 is the last");
        let (s, ev) = play_out(4, &opts, seed);
        assert_eq!(s.reseeds, 0, "seed {seed}: no Reseed with max-rounds=1");
        assert!(
            !ev.iter().any(|e| matches!(e, Event::Reseed { .. })),
            "seed {seed}: round 1 ends where the first Reseed would have been"
        );
        assert!(
            ev.contains(&Event::FinalScoring),
            "seed {seed}: the endgame"
        );
        assert!(Marine::outcome(&s).is_some());

        let (s, ev) = play_out(4, &["max-rounds=2"], seed);
        assert_eq!(s.reseeds, 1, "seed {seed}: one Reseed with max-rounds=2");
        assert_eq!(
            ev.iter()
                .filter(|e| matches!(e, Event::Reseed { .. }))
                .count(),
            1
        );
        assert!(ev.contains(&Event::RoundCap { round: 2, cap: 2 }));
        assert!(
            ev.contains(&Event::FinalScoring),
            "seed {seed}: the endgame"
        );
    }
    // A position at the end of round 1 under max-rounds=1 (however it was
    // written) ends there too.
    let mut s = pos(&format!(
        "options = [\"max-rounds=1\"]\nturn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\nretrieved = true\n[[animal]]\nname = \"fishes\"\nretrieved = true\n[[animal]]\nname = \"crustaceans\"\n{REEF}\n[cards]\nrow = [\"producers\"]\ndeck = [\"asteroid\"]\n"
    ));
    let ev = play(&mut s, Choice::Retrieve);
    assert!(s.over, "round 1 of max-rounds=1 ends the game");
    assert_eq!(s.reseeds, 0);
    assert!(!ev.iter().any(|e| matches!(e, Event::Reseed { .. })));
}

/// p.9 and p.16: only the Asteroid triggers the last round ("When the game
/// end is triggered via the Asteroid card being played"). The round cap
/// (`max-rounds`, an option off by default) also makes a round the last, and
/// its log line says so without claiming the Asteroid struck; the
/// Asteroid's own line still names it.
#[test]
fn round_cap_option_is_logged_as_such_not_as_the_asteroid() {
    let mut s = pos(&format!(
        "options = [\"max-rounds=2\"]\nturn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\nretrieved = true\n[[animal]]\nname = \"fishes\"\nretrieved = true\n[[animal]]\nname = \"crustaceans\"\n{REEF}\n[cards]\nrow = [\"producers\"]\ndeck = [\"asteroid\"]\n"
    ));
    let ev = play(&mut s, Choice::Retrieve);
    assert_eq!(s.reseeds, 1);
    assert!(s.last_round, "round 2 of max-rounds=2 is the last");
    assert!(
        s.deck.cards().contains(&Card::Asteroid),
        "the Asteroid was not played"
    );
    assert!(!ev.contains(&Event::LastRound), "not the Asteroid's event");
    let cap = ev
        .iter()
        .find(|e| matches!(e, Event::RoundCap { .. }))
        .expect("the round cap is logged");
    assert_eq!(*cap, Event::RoundCap { round: 2, cap: 2 });
    let line = Marine::describe_event(&s, cap);
    assert!(
        !line.to_lowercase().contains("asteroid"),
        "the cap's line must not mention the Asteroid: {line}"
    );
    assert!(
        line.contains("round cap") && line.contains("last round"),
        "{line}"
    );
    // The Asteroid itself (p.16, p.18) keeps its line.
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n{REEF}\n[display]\nevolution = [\"reef\"]\n[cards]\nrow = [\"asteroid\"]\ndeck = []\n"
    ));
    play_all(&mut s, &[basic("evolution 1"), Choice::Hex(hex(0, 0))]);
    let ev = play(&mut s, Choice::Slot(1));
    assert!(s.last_round);
    assert!(ev.contains(&Event::LastRound));
    assert!(!ev.iter().any(|e| matches!(e, Event::RoundCap { .. })));
    let line = Marine::describe_event(&s, &Event::LastRound);
    assert!(
        line.contains("Asteroid") && line.contains("last round"),
        "{line}"
    );
}

/// p.9: a tie for highest VP goes to the animal closest to the top of the food chain.
#[test]
fn tie_break_by_food_chain_p9() {
    let mut s = pos(
        "turn = \"crustaceans\"\nlast_round = true\n[[animal]]\nname = \"reptiles\"\nvp = 10\nretrieved = true\n[[animal]]\nname = \"cephalopods\"\nretrieved = true\n[[animal]]\nname = \"fishes\"\nvp = 10\nretrieved = true\n[[animal]]\nname = \"crustaceans\"\n"
    );
    play(&mut s, Choice::Retrieve);
    let out = Marine::outcome(&s).expect("over");
    assert_eq!(out.ranking[0], Seat(0), "Reptiles beat Fishes on a tie");
    assert_eq!(out.ranking[1], Seat(2));
}

/// p.24: a Reseed removes elements surrounded by exactly three Vents, then
/// slides and refills the display.
#[test]
fn reseed_procedure_p24() {
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
[[tile]]
hex = [0, 0]
terrain = "reef"
vent = "smoker"
elements = { e = "sun", w = "algae" }
[[tile]]
hex = [1, -1]
terrain = "land"
vent = "geyser"
[[tile]]
hex = [1, 0]
terrain = "seamount"
vent = "smoker"
[display]
abundance = ["sun", "sun", "-", "-"]
adaptation = ["worms", "-", "-", "-"]
speciation = ["algae", "-", "-", "-"]
autotrophs_box = ["plankton"]
depletion_box = ["gastropods"]
competition = ["reef", "kelp", "land"]
evolution = ["vent", "ocean", "sand", "kelp", "land"]
"#);
    play(&mut s, Choice::Retrieve);
    assert_eq!(
        s.earth.element(corner(0, 0, "e")),
        None,
        "three Vents around it"
    );
    assert!(s.earth.element(corner(0, 0, "w")).is_some());
    assert_eq!(
        s.boxes[BoxKind::Regression as usize][Element::Worms.index()],
        1
    );
    assert_eq!(
        s.boxes[BoxKind::Depletion as usize][Element::Plankton.index()],
        1
    );
    assert_eq!(
        s.boxes[BoxKind::Depletion as usize][Element::Gastropods.index()],
        0
    );
    assert_eq!(
        s.boxes[BoxKind::Autotrophs as usize][Element::Sun.index()],
        2
    );
    assert!(
        s.circles
            .iter()
            .all(|row| row[..4].iter().all(|c| c.is_some())),
        "four new elements each"
    );
    assert_eq!(s.comp_markers.iter().flatten().count(), 3);
    assert_eq!(s.evo_markers.iter().flatten().count(), 5);
    let ranks: Vec<u8> = s
        .evo_markers
        .iter()
        .flatten()
        .map(|t| eons_marine::data::data().evolution_rank[t.index()])
        .collect();
    assert!(
        ranks.windows(2).all(|w| w[0] <= w[1]),
        "sorted left to right"
    );
}

/// p.17: the middle Domination space needs 3 players, the right one 4.
#[test]
fn domination_spaces_by_player_count_p17() {
    let s = pos("players = 2\nturn = \"reptiles\"\n");
    let l = legal(&s);
    assert!(l.contains(&basic("domination 1")));
    assert!(!l.contains(&basic("domination 2")) && !l.contains(&basic("domination 3")));
    let s = pos("players = 3\nturn = \"reptiles\"\n");
    assert!(
        legal(&s).contains(&basic("domination 2")) && !legal(&s).contains(&basic("domination 3"))
    );
}

/// p.17: "The middle action space in this section is only playable if there are 3 or more
/// players. The rightmost action space is only available in a 4-player game." The 2-player
/// option (p.22: "When playing with only 2 players ... each player [controls] two different
/// animals") gives each animal basic pawns "as if it were a 4-player game" and nothing else of
/// a 4-player game: with four animals it is still a 2-player game, so only the leftmost
/// Domination space is open (docs/rulings.md; reference 7.8's "open as for 4 players" is
/// rejected).
#[test]
fn two_animal_variant_opens_domination_spaces_by_players_p17_p22() {
    let mut s = pos("options = [\"two-animals\"]\nturn = \"reptiles\"\n");
    assert_eq!(Marine::seats(&s), 2);
    let l = legal(&s);
    assert!(l.contains(&basic("domination 1")));
    assert!(!l.contains(&basic("domination 2")) && !l.contains(&basic("domination 3")));
    refused(&mut s, basic("domination 2"));
    refused(&mut s, basic("domination 3"));
    let mut ev = Vec::new();
    let e = Marine::apply(&mut s, basic("domination 3"), &mut ev).expect_err("closed");
    assert!(
        e.to_string().contains("4 or more players") && e.to_string().contains("p.17"),
        "{e}"
    );
}

/// p.17 and p.22 leave a reading players disagree on (`docs/rulings.md`):
/// `domination-spaces=animals` opens the spaces of four animals, as reference
/// 7.8 recommends, while the default stays p.17's count of players. Without
/// the two-animals option it changes nothing.
#[test]
fn domination_spaces_option_opens_them_by_animals_reference_7_8() {
    let s =
        pos("options = [\"two-animals\", \"domination-spaces=animals\"]\nturn = \"reptiles\"\n");
    assert_eq!(Marine::seats(&s), 2);
    let l = legal(&s);
    for space in ["domination 1", "domination 2", "domination 3"] {
        assert!(l.contains(&basic(space)), "{space} open by animals");
    }
    let named = Marine::setup(
        2,
        &["two-animals".into(), "domination-spaces=players".into()],
    )
    .expect("the literal reading, named");
    assert_eq!(
        named,
        Marine::setup(2, &["two-animals".into()]).expect("the default")
    );
    assert_eq!(
        Marine::setup(2, &["domination-spaces=animals".into()]).expect("ignored"),
        Marine::setup(2, &[]).expect("the default"),
        "without two animals each, the players are the animals"
    );
    assert!(Marine::setup(2, &["two-animals".into(), "domination-spaces=seats".into()]).is_err());
    let with = Marine::setup(
        2,
        &["two-animals".into(), "domination-spaces=animals".into()],
    )
    .expect("setup");
    assert!(with
        .options()
        .contains(&"domination-spaces=animals".to_string()));
    assert_eq!(Marine::setup(2, &with.options()).expect("round trip"), with);
}

/// p.13: the special Wanderlust space gives another turn.
#[test]
fn wanderlust_special_space_extra_turn_p13() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\nstacks = [[\"kelp\"], [\"land\"]]\n{REEF}\n[[special]]\nelement = \"sun\"\ncontroller = \"crustaceans\"\n"
    ));
    play_all(
        &mut s,
        &[
            special("wanderlust 3", Element::Sun),
            Choice::Stack(1),
            Choice::Hex(hex(-1, 0)),
        ],
    );
    while decider(&s) != Crustaceans
        || matches!(
            s.stack.last(),
            Some(eons_marine::Decision::WanderlustMove { .. })
        )
    {
        play(&mut s, Choice::Done);
    }
    assert!(
        matches!(
            s.stack.last(),
            Some(eons_marine::Decision::Turn { a: Crustaceans })
        ),
        "another turn"
    );
}

/// p.14: the special Tectonics space allows any tile; on a centermost hex the
/// player chooses the Vent's face; the stack empty forfeits the action.
#[test]
fn tectonics_special_space_and_face_choice_p14() {
    let mut s = pos(&format!("turn = \"crustaceans\"\n{REEF}\n[[special]]\nelement = \"sun\"\ncontroller = \"crustaceans\"\n"));
    play_all(
        &mut s,
        &[special("tectonics 2", Element::Sun), Choice::Hex(hex(0, 0))],
    );
    assert_eq!(
        legal(&s),
        vec![Choice::Face(Face::Geyser), Choice::Face(Face::Smoker)]
    );
    play(&mut s, Choice::Face(Face::Geyser));
    assert_eq!(
        s.earth.tile(hex(0, 0)).and_then(|t| t.vent),
        Some(Face::Geyser)
    );
    let mut s = pos(&format!("turn = \"crustaceans\"\nvents_left = 0\n{REEF}\n"));
    let ev = play(&mut s, basic("tectonics 1"));
    assert!(ev.contains(&Event::Forfeited {
        animal: Crustaceans
    }));
}

/// p.10: actions may be forfeited entirely.
#[test]
fn actions_may_be_forfeited_p10() {
    let mut s = pos(&format!("turn = \"crustaceans\"\n{REEF}\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\n[display]\nabundance = [\"sun\", \"-\", \"-\", \"-\"]\n"));
    play(&mut s, basic("abundance 1"));
    let ev = play(&mut s, Choice::Forfeit);
    assert!(ev.contains(&Event::Forfeited {
        animal: Crustaceans
    }));
    assert_eq!(s.circles[0][0], Some(Element::Sun));
    assert_eq!(decider(&s), Fishes);
}

/// p.12: Regression puts a Gene Pool cube on a square.
#[test]
fn regression_action_places_a_cube_p12() {
    let mut s = pos(&format!("turn = \"crustaceans\"\n{REEF}\n"));
    let pool = s.pool[Crustaceans.index()];
    play_all(&mut s, &[basic("regression 1"), Choice::Perform]);
    assert_eq!(s.squares[0], Some(Crustaceans));
    assert_eq!(s.pool[Crustaceans.index()], pool - 1);
}

/// p.15: Competition eliminates up to the space's number of opposing species.
#[test]
fn competition_basic_space_p15() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n{}\n[display]\ncompetition = [\"ocean\", \"land\", \"reef\"]\n",
        REEF.replace("reptiles = 1", "reptiles = 3, fishes = 2")
    ));
    play_all(
        &mut s,
        &[
            basic("competition 3"),
            Choice::Hex(hex(0, 0)),
            Choice::Animal(Reptiles),
            Choice::Animal(Fishes),
            Choice::Animal(Reptiles),
        ],
    );
    assert_eq!((sp(&s, 0, 0, Reptiles), sp(&s, 0, 0, Fishes)), (1, 1));
    assert_eq!(decider(&s), Fishes);
}

/// p.22: two animals each: each player's lower-scoring animal counts.
#[test]
fn two_animal_variant_lowest_counts_p22() {
    let mut s = pos(r#"
options = ["two-animals"]
turn = "crustaceans"
last_round = true
[[animal]]
name = "reptiles"
seat = 1
vp = 70
retrieved = true
[[animal]]
name = "fishes"
seat = 1
vp = 145
retrieved = true
[[animal]]
name = "cephalopods"
seat = 2
vp = 75
retrieved = true
[[animal]]
name = "crustaceans"
seat = 2
vp = 85
"#);
    assert_eq!(Marine::seats(&s), 2);
    assert_eq!(seat(&s), Seat(1));
    play(&mut s, Choice::Retrieve);
    let out = Marine::outcome(&s).expect("over");
    assert_eq!(out.scores, vec![70, 75]);
    assert_eq!(out.winner(), Some(Seat(1)));
}

/// p.9: retrieval is allowed even with pawns available, and a Reseed waits
/// until every cube is right.
#[test]
fn retrieve_moves_the_food_chain_cube_p10() {
    let mut s = pos(&format!("turn = \"crustaceans\"\n{REEF}\n"));
    play(&mut s, Choice::Retrieve);
    assert_eq!(s.food_right, Crustaceans.bit());
    assert_eq!(s.reseeds, 0);
}

/// p.13: Speciation needs a species in the Gene Pool.
#[test]
fn speciation_needs_a_gene_pool_p13() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\n[[animal]]\nname = \"crustaceans\"\npool = 0\n{REEF}\n[display]\nspeciation = [\"sun\", \"sun\", \"sun\", \"sun\"]\n"
    ));
    let ev = play(&mut s, basic("speciation 1"));
    assert!(ev.contains(&Event::Forfeited {
        animal: Crustaceans
    }));
}

/// p.5: the first five cards are face-up; the game begins with the secret draft.
#[test]
fn game_starts_with_the_draft_p5() {
    let setup = Marine::setup(4, &[]).expect("setup");
    let mut s = Marine::new(&setup, 3).expect("game");
    assert!(matches!(
        s.stack.last(),
        Some(eons_marine::Decision::Draft { a: Crustaceans })
    ));
    while matches!(s.stack.last(), Some(eons_marine::Decision::Draft { .. })) {
        let c = legal(&s)[0];
        let ev = play(&mut s, c);
        assert!(!ev.iter().any(|e| matches!(e, Event::TraitHeld { .. })) || s.revealed);
    }
    assert!(s.revealed);
    assert!(s.animals().all(|a| s.held_traits(a).count() == 1));
    assert_eq!(
        s.trait_box.len(),
        18 - 4 - s.offer.iter().flatten().flatten().count()
    );
    assert!(s.row.iter().take(5).all(|c| c.is_some()));
    let _ = Card::Asteroid;
}

/// p.15: the special Competition space chooses up to 2 tiles one after the
/// other; a first tile without opposing species still leaves the second.
#[test]
fn competition_special_space_second_tile_after_an_empty_first_p15() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n{REEF}\n[[tile]]\nhex = [-1, 0]\nterrain = \"kelp\"\nspecies = {{ crustaceans = 1 }}\n[[special]]\nelement = \"sun\"\ncontroller = \"crustaceans\"\n"
    ));
    play_all(
        &mut s,
        &[
            special("competition 4", Element::Sun),
            Choice::Hex(hex(-1, 0)),
        ],
    );
    assert_eq!(decider(&s), Crustaceans, "the second tile is still to come");
    assert!(legal(&s).contains(&Choice::Hex(hex(0, 0))));
    play_all(&mut s, &[Choice::Hex(hex(0, 0)), Choice::Animal(Reptiles)]);
    assert_eq!(sp(&s, 0, 0, Reptiles), 0);
}

/// p.15: Migration moves up to X species; once some have moved, running out
/// of movable species ends the action: it was not forfeited (p.10).
#[test]
fn migration_that_ran_is_not_logged_as_forfeited_p15() {
    let mut s = pos(
        "turn = \"crustaceans\"\n[[tile]]\nhex = [0, 0]\nterrain = \"reef\"\nspecies = { crustaceans = 1 }\n[[tile]]\nhex = [0, 1]\nterrain = \"ocean\"\n",
    );
    play(&mut s, basic("migration 1"));
    let ev = play(
        &mut s,
        Choice::Move {
            from: hex(0, 0),
            to: hex(0, 1),
        },
    );
    assert_eq!(sp(&s, 0, 1, Crustaceans), 1);
    assert_eq!(decider(&s), Fishes, "nothing left to move: the action ends");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Forfeited { .. })),
        "{ev:?}"
    );
    // With nothing to move at all, the action is forfeited.
    let mut s = pos(
        "turn = \"crustaceans\"\n[[tile]]\nhex = [0, 0]\nterrain = \"reef\"\nspecies = { fishes = 1 }\n",
    );
    let ev = play(&mut s, basic("migration 1"));
    assert!(ev.contains(&Event::Forfeited {
        animal: Crustaceans
    }));
}

/// p.10 and p.17: Retrieve takes back every controlled pawn, including a
/// special pawn taken over by Domination while it stood on another animal's
/// Bottom Feeder space (that space is on the display for all rules, p.20).
#[test]
fn retrieve_collects_a_controlled_pawn_on_a_personal_space_p10() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n[[animal]]\nname = \"reptiles\"\n[[animal]]\nname = \"cephalopods\"\n[[animal]]\nname = \"fishes\"\ntraits = [\"bottom-feeder\"]\n[[animal]]\nname = \"crustaceans\"\n{REEF}\n[[special]]\nelement = \"sun\"\ncontroller = \"crustaceans\"\n[[pawn]]\nspace = \"bottom-feeder\"\nspecial = \"sun\"\nanimal = \"fishes\"\n"
    ));
    assert_eq!(s.available_specials(Crustaceans).count(), 0);
    play(&mut s, Choice::Retrieve);
    assert_eq!(s.personal[Fishes.index()], None);
    assert_eq!(
        s.available_specials(Crustaceans).collect::<Vec<_>>(),
        vec![Element::Sun]
    );
}

/// p.9: basic pawns never go on special-only spaces; a special pawn goes on
/// any empty space or bumps an opposing basic pawn (back to its owner,
/// available), but never your own pawn or a special pawn.
#[test]
fn special_pawn_placement_and_bumping_p9() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n{REEF}\n[[special]]\nelement = \"algae\"\ncontroller = \"crustaceans\"\n[[special]]\nelement = \"sun\"\ncontroller = \"reptiles\"\n[[pawn]]\nspace = \"abundance 1\"\nanimal = \"crustaceans\"\n[[pawn]]\nspace = \"abundance 2\"\nanimal = \"fishes\"\n[[pawn]]\nspace = \"abundance 3\"\nspecial = \"sun\"\n"
    ));
    let l = legal(&s);
    assert!(!l.contains(&basic("adaptation 3")), "special-only space");
    assert!(l.contains(&special("adaptation 3", Element::Algae)));
    assert!(
        !l.contains(&special("abundance 1", Element::Algae)),
        "own pawn"
    );
    assert!(
        !l.contains(&special("abundance 3", Element::Algae)),
        "special pawn"
    );
    assert!(!l.contains(&basic("abundance 2")), "basic pawns never bump");
    let avail = s.basic_avail[Fishes.index()];
    let ev = play(&mut s, special("abundance 2", Element::Algae));
    assert!(ev.contains(&Event::Bumped { animal: Fishes }));
    assert_eq!(s.basic_avail[Fishes.index()], avail + 1);
}

/// p.16: the card must occupy a slot at or below the Evolution space's value.
#[test]
fn evolution_card_slot_at_or_below_the_space_p16() {
    let mut s = pos(&format!(
        "turn = \"crustaceans\"\n{REEF}\n[display]\nevolution = [\"reef\", \"reef\"]\n[cards]\nrow = [\"annelids\", \"producers\", \"univalves\", \"fertile\", \"biodiversity\"]\n"
    ));
    play_all(&mut s, &[basic("evolution 2"), Choice::Hex(hex(0, 0))]);
    assert_eq!(legal(&s), vec![Choice::Slot(1), Choice::Slot(2)]);
}

/// Architecture (hidden information), p.5: a determinization re-deals the
/// draw pile but keeps what the seat has seen (row, discard, stack tops) and
/// keeps the unseen Asteroid among the bottom five cards.
#[test]
fn determinize_redraws_only_the_unseen_p5() {
    let setup = Marine::setup(4, &[]).expect("setup");
    let s = Marine::new(&setup, 21).expect("game");
    let mut reordered = false;
    for k in 0..20 {
        let d = Marine::determinize(&s, Seat(0), k);
        assert_eq!(d.row, s.row);
        assert_eq!(d.discard, s.discard);
        for i in 0..3 {
            assert_eq!(d.stacks[i].top(), s.stacks[i].top());
            assert_eq!(d.stacks[i].len(), s.stacks[i].len());
        }
        assert_eq!(d.deck.len(), s.deck.len());
        let at = d
            .deck
            .cards()
            .iter()
            .position(|&c| c == Card::Asteroid)
            .expect("the Asteroid stays in the pile");
        assert!(at < 5, "bottom five: {at}");
        reordered |= d.deck.cards() != s.deck.cards();
        let seen: Vec<_> = s.hands[Reptiles.index()].to_vec();
        assert_eq!(
            d.hands[Reptiles.index()].to_vec(),
            seen,
            "seat 1 (Reptiles) keeps its own hand"
        );
    }
    assert!(reordered, "the unseen pile is re-drawn");
}

/// p.5: the trait draft is secret until all reveal — the log other seats read
/// says that a card was kept, never which.
#[test]
fn secret_draft_picks_are_worded_for_other_seats_p5() {
    let setup = Marine::setup(3, &[]).expect("setup");
    let s = Marine::new(&setup, 5).expect("new");
    let mut legal = Vec::new();
    Marine::legal(&s, &mut legal);
    let Some(&pick) = legal.iter().find(|c| matches!(c, Choice::Trait(_))) else {
        panic!("the game starts with the secret draft: {legal:?}");
    };
    let eons_core::Turn::Seat(actor) = Marine::turn(&s) else {
        panic!("a seat drafts first");
    };
    let other = Seat((actor.0 + 1) % 3);
    let own = Marine::describe_choice_for(&s, pick, actor, Some(actor));
    assert_eq!(own, Marine::describe_choice(&s, pick));
    let theirs = Marine::describe_choice_for(&s, pick, actor, Some(other));
    assert_ne!(theirs, own);
    assert_eq!(Marine::describe_choice_for(&s, pick, actor, None), theirs);
}
