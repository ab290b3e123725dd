//! Every worked example of the rulebook, built through the position format, checking the
//! outcome the rulebook states.

use crate::common;
use common::*;
use eons_pangea::state::Decision;
use eons_pangea::types::Group;
use eons_pangea::{Action, Choice, Event};

/// Rulebook p.17 (Action Phase example): a Synapsid Survive costs 2 AP; the AP marker moves
/// 2 fields, the instinct marker moves up one field and the player peeks at its tile.
#[test]
fn example_survive_cost_p17() {
    let mut s = four("to_move = 1", ["ap = 6", PASSED, PASSED, PASSED]);
    let ev = play(&mut s, Choice::Survive);
    let p = &s.players[0];
    assert_eq!(p.ap, 4);
    assert_eq!(p.used[Action::Survive as usize], 1);
    assert_eq!(p.instinct, 1);
    assert!(
        p.known & (1 << 1) != 0,
        "the tile beside field 1 was looked at"
    );
    assert!(ev.contains(&Event::Acted {
        seat: 0,
        action: Action::Survive,
        cost: 2
    }));
}

/// Rulebook p.21 (Adapt example): Adapt (2 AP) moves an adaptation card from the Inactive zone
/// to the Active zone; a second Adapt activates an evolution card of cost 1 by discarding an
/// active adaptation card.
#[test]
fn example_adapt_activation_p21() {
    let mut s = four(
        "to_move = 1",
        ["hand = [\"Venom\", \"Escape\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Activate(card("Venom")));
    assert_eq!(s.players[0].ap, 4);
    assert_eq!(s.players[0].active, vec![card("Venom")]);
    assert_eq!(s.players[0].hand, vec![card("Escape")]);
    play(&mut s, Choice::Done);
    // Everyone else passed: seat 1 acts again.
    assert!(matches!(decision(&s), Decision::Turn { seat: 0, .. }));
    let fangs = evo(Group::Synapsids, "Sabre Fangs");
    play(&mut s, Choice::Evolve(fangs));
    assert_eq!(decision(&s), Decision::EvolvePay(0));
    play(&mut s, Choice::Card(card("Venom")));
    let p = &s.players[0];
    assert_eq!(p.ap, 2);
    assert!(p.evolution & (1 << fangs) != 0, "Sabre Fangs is active");
    assert!(p.active.is_empty());
    assert_eq!(s.discard, vec![card("Venom")]);
}

/// Rulebook p.22 (second Adapt example): with 1 AP the player discards an active adaptation card
/// for 1 AP, then Adapts (2 AP) and activates a cost-0 evolution card without discarding.
#[test]
fn example_adapt_with_one_ap_p22() {
    let mut s = four(
        "to_move = 1",
        [
            "ap = 1\nactive = [\"Aggressive Display\"]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    let teeth = evo(Group::Synapsids, "Heterodont Teeth");
    assert!(!legal(&s).contains(&Choice::Evolve(teeth)), "2 AP needed");
    play(&mut s, Choice::CashIn(card("Aggressive Display")));
    assert_eq!(s.players[0].ap, 2);
    play(&mut s, Choice::Evolve(teeth));
    let p = &s.players[0];
    assert_eq!(p.ap, 0);
    assert!(p.evolution & (1 << teeth) != 0);
    assert!(matches!(decision(&s), Decision::Turn { acted: true, .. }));
}

/// Rulebook p.22 (Populate example): a Synapsid Populate costs 3 AP and puts an animal in
/// niche 0 of the chosen region.
#[test]
fn example_populate_p22() {
    let mut s = four("to_move = 1", ["", PASSED, PASSED, PASSED]);
    play(
        &mut s,
        Choice::Populate {
            region: r("C2"),
            special: false,
        },
    );
    assert_eq!(s.players[0].ap, 3);
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Synapsids]);
}

/// Rulebook p.18 (Completing several Objectives example): a Synapsid migrates into niche 1 of a
/// different zone, wins the contest with the Amphibian there and devours it, completing
/// Lethality and Allopatry at once: 3 + 2 = 5 dominance, one tile having been completed before.
#[test]
fn example_objectives_completed_together_p18() {
    let mut s = pos(r#"
seed = 3
stage = 2
to_move = 1
animals = ["A1 0 synapsids", "B2 0 synapsids", "A2 1 synapsids", "A4 0 synapsids",
           "A5 0 synapsids", "A3 1 amphibians"]
objectives = [
  { tile = "Lethality", claims = [] },
  { tile = "Allopatry", claims = [2] },
  { tile = "Dispersal" },
  { tile = "Apex" },
]
[[player]]
group = "synapsids"
dominance = 1
evolution = ["Sabre Fangs"]
[[player]]
group = "amphibians"
dominance = 3
claimed = [1]
"#);
    play(&mut s, mv("A2 1 syn", "A3", 1));
    assert_eq!(groups_at(&s, "A3", 1), vec![Group::Synapsids]);
    assert!(
        groups_at(&s, "A3", 0).is_empty(),
        "the Amphibian was devoured"
    );
    let l = legal(&s);
    assert!(l.contains(&Choice::Claim(0)) && l.contains(&Choice::Claim(1)));
    play(&mut s, Choice::Claim(0));
    play(&mut s, Choice::Claim(1));
    assert_eq!(s.players[0].dominance, 1 + 3 + 2);
    assert_eq!(s.objectives[0].claims, vec![0]);
    assert_eq!(s.objectives[1].claims, vec![1, 0]);
}

/// Rulebook p.18 (Survival Phase example): in the Cisuralian a region feeds 2; an Amphibian
/// Populate makes 3 animals there, so a warning marker appears; if nobody reacts, the Survival
/// phase replaces it with a hunger marker and the animals there must be paid for.
#[test]
fn example_hunger_p18() {
    let mut s = four(
        "to_move = 3\nanimals = [\"B2 0 amphibians\", \"B2 0 synapsids\"]",
        [PASSED, PASSED, "dominance = 4", PASSED],
    );
    play(
        &mut s,
        Choice::Populate {
            region: r("B2"),
            special: false,
        },
    );
    let v = <eons_pangea::Pangea as eons_core::Game>::view(&s, None);
    assert!(v.warnings.contains(r("B2")), "a warning marker");
    play(&mut s, Choice::Done);
    play(&mut s, Choice::Pass);
    // Survival phase: hunger in B2, resolved in initiative order (Synapsids first).
    assert!(s.hunger.contains(r("B2")), "a hunger marker");
    // "The Warning Marker will be replaced with a Hunger Marker" (Survival phase step 2).
    let v = <eons_pangea::Pangea as eons_core::Game>::view(&s, None);
    assert!(v.hunger.contains(r("B2")));
    assert!(
        !v.warnings.contains(r("B2")),
        "no warning beside the hunger marker"
    );
    let text = <eons_pangea::Pangea as eons_core::Game>::render(&v);
    let line = text
        .lines()
        .find(|l| l.contains("B2 food"))
        .expect("B2 line");
    assert!(
        line.contains("hunger marker") && !line.contains("warning marker"),
        "{line}"
    );
    assert_eq!(
        decision(&s),
        Decision::Hunger {
            seat: 0,
            region: r("B2"),
            owed: 1
        }
    );
    play(&mut s, Choice::PayDominance);
    assert_eq!(s.players[0].dominance, 0);
    assert_eq!(
        decision(&s),
        Decision::Hunger {
            seat: 2,
            region: r("B2"),
            owed: 2
        }
    );
    play(&mut s, Choice::PayDominance);
    play(&mut s, Choice::Animal(spot("B2 0 amp")));
    assert_eq!(s.players[2].dominance, 3);
    assert_eq!(
        groups_at(&s, "B2", 0),
        vec![Group::Synapsids, Group::Amphibians]
    );
}
