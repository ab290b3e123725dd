//! A test per card effect, objective tile and Turn of the Age card. The cards are reconstructed
//! (reference chapter 7); each test checks the effect as written in `data/pangea/*.toml`.
//!
//! This file is long because it holds one test for every card, tile and Turn of the Age card,
//! in the reference's order, so that a missing one shows as a gap in one list.

use crate::common;
use common::*;
use eons_pangea::queries;
use eons_pangea::state::Decision;
use eons_pangea::types::{flag, Animal, Group};
use eons_pangea::{data, Choice, Event, State};

fn expans(s: &State, a: Animal, region: &str, attacker: bool) -> i32 {
    queries::expansiveness(data(), s, a, r(region), attacker)
}

// ---------------------------------------------------------------------------------------------
// Evolution cards
// ---------------------------------------------------------------------------------------------

/// SYN-1 Heterodont Teeth: +1 Expansiveness as the attacker only.
#[test]
fn evo_heterodont_teeth() {
    let s = four("", ["evolution = [\"Heterodont Teeth\"]", "", "", ""]);
    let a = Animal::new(Group::Synapsids);
    assert_eq!(expans(&s, a, "B2", true), 5);
    assert_eq!(expans(&s, a, "B2", false), 4);
}

/// SYN-2 Sabre Fangs: a contest won as the attacker removes the loser.
#[test]
fn evo_sabre_fangs() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 amp\", \"C2 2 sau\"]",
        ["evolution = [\"Sabre Fangs\"]", "", PASSED, PASSED],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
    assert!(groups_at(&s, "C2", 0).is_empty(), "devoured");
    assert!(s.players[0].kill);
}

/// SYN-3 Endothermy: Synapsids in the Subpolar zones cost nothing when hunger is resolved.
#[test]
fn evo_endothermy() {
    let s = four(
        "phase = \"survival\"\nanimals = [\"A1 0 syn\", \"A1 0 syn\", \"B2 0 syn\", \"B2 0 syn\", \"B2 0 syn\"]",
        ["evolution = [\"Endothermy\"]", "", "", ""],
    );
    // A1 is over its food but free; B2 (temperate) costs 3.
    assert!(s.hunger.contains(r("A1")));
    assert_eq!(
        decision(&s),
        Decision::Hunger {
            seat: 0,
            region: r("B2"),
            owed: 3
        }
    );
}

/// SYN-S Gorgonops: +2, every contest it wins devours, and after a Migrate ending in niche 0
/// it may attack an animal of another group there (the loser is removed).
#[test]
fn evo_gorgonops() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn special\", \"C2 0 amp\"]",
        ["evolution = [\"Gorgonops\"]", PASSED, PASSED, PASSED],
    );
    let g = Animal {
        group: Group::Synapsids,
        flags: flag::SPECIAL,
    };
    assert_eq!(expans(&s, g, "B2", false), 6);
    play(&mut s, mv("B2 1 syn special", "C2", 0));
    assert_eq!(decision(&s), Decision::Niche0Attack(0));
    play(&mut s, Choice::Animal(spot("C2 0 amp")));
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Synapsids]);
    assert!(s.players[0].kill);
}

/// Special Animal cards: on activation one animal may be swapped for the Special Animal marker
/// (ruling I7: optional); at most one Special Animal card.
#[test]
fn evo_special_animal_swap() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\"]",
        ["active = [\"Venom\", \"Escape\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Evolve(evo(Group::Synapsids, "Gorgonops")));
    play(&mut s, Choice::Card(card("Venom")));
    play(&mut s, Choice::Card(card("Escape")));
    assert_eq!(decision(&s), Decision::SpecialSwap(0));
    play(&mut s, Choice::Animal(spot("B2 0 syn")));
    assert!(at(&s, "B2", 0)[0].special());
    assert_eq!(s.supply(data(), Group::Synapsids), 6);
}

/// SAU-1 Scaly Skin: +1 Expansiveness in the Interior zone only.
#[test]
fn evo_scaly_skin() {
    let s = four("", ["", "evolution = [\"Scaly Skin\"]", "", ""]);
    let a = Animal::new(Group::Sauropsida);
    assert_eq!(expans(&s, a, "B3", true), 4);
    assert_eq!(expans(&s, a, "B2", true), 3);
}

/// SAU-2 Amniotic Egg: Populate costs 1 AP less (minimum 1).
#[test]
fn evo_amniotic_egg() {
    let mut s = four(
        "to_move = 2",
        [PASSED, "evolution = [\"Amniotic Egg\"]", PASSED, PASSED],
    );
    play(
        &mut s,
        Choice::Populate {
            region: r("B2"),
            special: false,
        },
    );
    assert_eq!(s.players[1].ap, 5);
}

/// SAU-3 Gliding Membranes: a horizontal migration may go one niche up.
#[test]
fn evo_gliding_membranes() {
    let s = four(
        "to_move = 2\nanimals = [\"B2 0 sau\"]",
        [
            PASSED,
            "evolution = [\"Gliding Membranes\"]",
            PASSED,
            PASSED,
        ],
    );
    assert!(legal(&s).contains(&mv("B2 0 sau", "C2", 1)));
    assert!(
        !legal(&s).contains(&mv("B2 0 sau", "B3", 1)),
        "not vertically"
    );
}

/// SAU-S Scutosaurus: a contest never removes it (Toxic, devour, niche 0): it withdraws.
#[test]
fn evo_scutosaurus() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 sau special\"]",
        [
            "evolution = [\"Sabre Fangs\", \"Heterodont Teeth\"]",
            "evolution = [\"Scutosaurus\"]",
            PASSED,
            PASSED,
        ],
    );
    // 4 + 1 attacker against 3 + 2: tie, Scutosaurus holds. Give the Synapsids more.
    s.players[0].active = vec![card("Aggressive Display")];
    play(&mut s, mv("B2 1 syn", "C2", 1));
    play(&mut s, Choice::Use(card("Aggressive Display")));
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
    assert!(
        at(&s, "C2", 0)[0].special(),
        "Scutosaurus withdrew instead of being devoured"
    );
}

/// AMP-1 Estivation: hunger costs at most 1 per region.
#[test]
fn evo_estivation() {
    let s = four(
        "phase = \"survival\"\nanimals = [\"B2 0 amp\", \"B2 0 amp\", \"B2 0 amp\"]",
        ["", "", "evolution = [\"Estivation\"]", ""],
    );
    assert_eq!(
        decision(&s),
        Decision::Hunger {
            seat: 2,
            region: r("B2"),
            owed: 1
        }
    );
}

/// AMP-2 Toxic Skin: on activation up to 2 animals become Toxic; a populated animal may.
#[test]
fn evo_toxic_skin() {
    let mut s = four(
        "to_move = 3\nanimals = [\"B2 0 amp\", \"C2 0 amp\", \"C3 0 amp\"]",
        [PASSED, PASSED, "active = [\"Venom\"]", PASSED],
    );
    play(&mut s, Choice::Evolve(evo(Group::Amphibians, "Toxic Skin")));
    play(&mut s, Choice::Card(card("Venom")));
    assert_eq!(decision(&s), Decision::Toxify(2));
    play(&mut s, Choice::Animal(spot("B2 0 amp")));
    play(&mut s, Choice::Animal(spot("C2 0 amp")));
    assert!(
        matches!(decision(&s), Decision::Turn { acted: true, .. }),
        "only 2"
    );
    let toxic = s.animals.iter().filter(|p| p.animal.toxic()).count();
    assert_eq!(toxic, 2);
    play(&mut s, Choice::Done);
    play(
        &mut s,
        Choice::Populate {
            region: r("A2"),
            special: false,
        },
    );
    assert_eq!(decision(&s), Decision::PopulatedToxic(2));
    play(&mut s, Choice::Confirm);
    assert!(at(&s, "A2", 0)[0].toxic());
}

/// AMP-3 Lateral Line: Survive may climb a second field.
#[test]
fn evo_lateral_line() {
    let mut s = four(
        "to_move = 3",
        [PASSED, PASSED, "evolution = [\"Lateral Line\"]", PASSED],
    );
    play(&mut s, Choice::Survive);
    assert_eq!(decision(&s), Decision::SurviveMore(2));
    play(&mut s, Choice::Confirm);
    assert_eq!(s.players[2].instinct, 2);
    assert_eq!(s.players[2].ap, 5, "one Survive action");
}

/// AMP-S Eryops: +2, no hunger cost, crosses red borders keeping its niche.
#[test]
fn evo_eryops() {
    let s = four(
        "to_move = 3\nanimals = [\"B2 1 amp special\"]",
        [PASSED, PASSED, "evolution = [\"Eryops\"]", PASSED],
    );
    assert!(legal(&s).contains(&mv("B2 1 amp special", "B3", 1)));
    let d = data();
    let p = s.animals[0];
    assert!(queries::hunger_exempt(d, &s, 2, &p));
    assert_eq!(expans(&s, p.animal, "B2", true), 4);
}

/// INV-1 Chitin Exoskeleton: +1 as the defender only.
#[test]
fn evo_chitin() {
    let s = four("", ["", "", "", "evolution = [\"Chitin Exoskeleton\"]"]);
    let a = Animal::new(Group::Invertebrates);
    assert_eq!(expans(&s, a, "B2", false), 2);
    assert_eq!(expans(&s, a, "B2", true), 1);
}

/// INV-2 Burrowing: at the Doom niche-0 Invertebrates survive the shockwave and niche-0-only
/// removals, not the epicentre.
#[test]
fn evo_burrowing() {
    let s = four(
        r#"phase = "doom"
doom = ["sector B", "zone 3", "Gamma Rays"]
animals = ["A2 0 inv", "A1 0 inv", "B3 0 inv", "A2 0 amp"]"#,
        ["", "", "", "evolution = [\"Burrowing\"]"],
    );
    // A2: shockwave (niches 0-1) and Gamma Rays elsewhere... A2 is Laurasia, not the struck
    // Interior: niche 0 dies except burrowers. A1: niche 0 only. B3: epicentre.
    assert_eq!(groups_at(&s, "A2", 0), vec![Group::Invertebrates]);
    assert_eq!(groups_at(&s, "A1", 0), vec![Group::Invertebrates]);
    assert!(groups_at(&s, "B3", 0).is_empty());
}

/// INV-3 Rapid Reproduction: the first Populate of a stage places 2 animals.
#[test]
fn evo_rapid_reproduction() {
    let mut s = four(
        "to_move = 4",
        [
            PASSED,
            PASSED,
            PASSED,
            "evolution = [\"Rapid Reproduction\"]",
        ],
    );
    play(
        &mut s,
        Choice::Populate {
            region: r("B2"),
            special: false,
        },
    );
    assert_eq!(decision(&s), Decision::ExtraPopulate(3));
    play(
        &mut s,
        Choice::Populate {
            region: r("C3"),
            special: false,
        },
    );
    assert_eq!(s.animals_of(Group::Invertebrates), 2);
    play(&mut s, Choice::Done);
    play(
        &mut s,
        Choice::Populate {
            region: r("C4"),
            special: false,
        },
    );
    assert!(
        matches!(decision(&s), Decision::Turn { acted: true, .. }),
        "only the first"
    );
}

/// INV-S Meganeuropsis: +3, crosses red borders, once per stage its Migrate costs 1 AP.
#[test]
fn evo_meganeuropsis() {
    let mut s = four(
        "to_move = 4\nanimals = [\"B2 1 inv special\"]",
        [PASSED, PASSED, PASSED, "evolution = [\"Meganeuropsis\"]"],
    );
    assert_eq!(expans(&s, s.animals[0].animal, "B2", true), 4);
    play(&mut s, mv("B2 1 inv special", "B3", 1));
    assert_eq!(s.players[3].ap, 5);
    play(&mut s, Choice::Done);
    play(&mut s, mv("B3 1 inv special", "B3", 2));
    assert_eq!(s.players[3].ap, 2, "the second migrate costs 3");
}

// ---------------------------------------------------------------------------------------------
// Adaptation cards
// ---------------------------------------------------------------------------------------------

/// AD-01 Aggressive Display: +2 in a contest of your animal.
#[test]
fn ad_aggressive_display() {
    let mut s = four(
        "to_move = 3\nanimals = [\"B2 0 amp\", \"B2 1 syn\"]",
        [PASSED, PASSED, "active = [\"Aggressive Display\"]", PASSED],
    );
    play(&mut s, mv("B2 0 amp", "B2", 1));
    play(&mut s, Choice::Use(card("Aggressive Display")));
    // 2 + 2 = 4 against 4: tie, the defender keeps it; the card was still spent (+1 AP).
    assert_eq!(groups_at(&s, "B2", 1), vec![Group::Synapsids]);
    assert_eq!(s.players[2].ap, 6 - 2 + 1);
}

/// AD-02 Ambush: a niche-0 contest started by you; the loser is removed.
#[test]
fn ad_ambush() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\", \"B2 0 inv\"]",
        ["active = [\"Ambush\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Ambush")));
    play(&mut s, Choice::Animal(spot("B2 0 syn")));
    play(&mut s, Choice::Animal(spot("B2 0 inv")));
    assert_eq!(groups_at(&s, "B2", 0), vec![Group::Synapsids]);
}

/// AD-03 Escape: the losing animal withdraws instead of being removed.
#[test]
fn ad_escape() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 inv\"]",
        [
            "evolution = [\"Sabre Fangs\"]",
            PASSED,
            PASSED,
            "active = [\"Escape\"]",
        ],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    assert_eq!(
        decision(&s),
        Decision::ContestCards(3),
        "asked first for bonus cards"
    );
    play(&mut s, Choice::Done);
    assert_eq!(decision(&s), Decision::Escape(3));
    play(&mut s, Choice::Use(card("Escape")));
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Invertebrates]);
}

/// Active adaptation cards lie face down (rulebook p.21), so a contestant's owner is asked for
/// contest cards, and a losing one for Escape, whenever it holds any active card, not only when
/// it holds one it can play there: whose decision it is would otherwise tell the table. A seat
/// with no active card is not asked (their number is public).
#[test]
fn contest_windows_do_not_tell_which_cards_are_held() {
    for held in ["Venom", "Escape", "Aggressive Display"] {
        let mut s = four(
            "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 inv\"]",
            [
                "evolution = [\"Sabre Fangs\"]",
                PASSED,
                PASSED,
                &format!("active = [\"{held}\"]"),
            ],
        );
        play(&mut s, mv("B2 1 syn", "C2", 1));
        assert_eq!(decision(&s), Decision::ContestCards(3), "{held}");
        play(&mut s, Choice::Done);
        assert_eq!(
            decision(&s),
            Decision::Escape(3),
            "{held}: the loser would die"
        );
        play(&mut s, Choice::Done);
        assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids], "{held}");
    }
    // No active card: no window, the contest runs through.
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 inv\"]",
        ["evolution = [\"Sabre Fangs\"]", PASSED, PASSED, ""],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    assert!(!matches!(
        decision(&s),
        Decision::ContestCards(3) | Decision::Escape(3)
    ));
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
}

/// Rulebook p.17 (Pass): "Once you have passed ... You can, however, use your Special Ability
/// or discard an Adaptation Card from your Active Card Zone"; ruling D5 gives every passed seat
/// a last window once all have passed. Active adaptation cards lie face down (p.21), so the
/// window opens for every passed seat holding any active card, usable there or not, as the
/// contest windows do: being asked must not tell the table which cards a seat holds. A seat
/// with no active card and no ability to use is not asked (both are public).
#[test]
fn end_of_phase_window_does_not_tell_which_cards_are_held_d5() {
    for held in ["Venom", "Fat Reserves", "Aggressive Display"] {
        let mut s = four(
            "to_move = 1",
            [
                "",
                &format!("passed = true\nactive = [\"{held}\"]"),
                PASSED,
                PASSED,
            ],
        );
        play(&mut s, Choice::Pass);
        assert_eq!(decision(&s), Decision::EndWindow(1), "{held}");
        assert!(legal(&s).contains(&Choice::Done), "{held}");
        play(&mut s, Choice::Done);
        assert!(
            !matches!(decision(&s), Decision::EndWindow(_)),
            "{held}: one window per seat: {:?}",
            decision(&s)
        );
    }
    // No active card: no window.
    let mut s = four("to_move = 1", ["", PASSED, PASSED, PASSED]);
    play(&mut s, Choice::Pass);
    assert!(!matches!(decision(&s), Decision::EndWindow(_)));
}

/// SYN-S Gorgonops: "When Gorgonops ends a Migrate in a niche 0" it may attack there. Moving
/// into a niche 1, losing and withdrawing to niche 0 (p.14: the loser "has to withdraw") is a
/// forced move (ruling C1), not the end of its Migrate: no attack (docs/rulings.md).
#[test]
fn gorgonops_does_not_attack_after_withdrawing_to_niche_0() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn special\", \"C2 1 sau special\", \"C2 0 amp\"]",
        [
            "evolution = [\"Gorgonops\"]",
            "passed = true\nevolution = [\"Scutosaurus\"]\nactive = [\"Aggressive Display\"]",
            PASSED,
            PASSED,
        ],
    );
    play(&mut s, mv("B2 1 syn special", "C2", 1));
    while decision(&s) == Decision::ContestCards(1) {
        let c = if legal(&s).contains(&Choice::Use(card("Aggressive Display"))) {
            Choice::Use(card("Aggressive Display"))
        } else {
            Choice::Done
        };
        play(&mut s, c);
    }
    if decision(&s) == Decision::DrawOnWin(1) {
        play(&mut s, Choice::Skip);
    }
    assert_eq!(
        groups_at(&s, "C2", 1),
        vec![Group::Sauropsida],
        "6 against 7"
    );
    assert!(
        groups_at(&s, "C2", 0).contains(&Group::Synapsids),
        "withdrew"
    );
    assert!(
        matches!(
            decision(&s),
            Decision::Turn {
                seat: 0,
                acted: true,
                ..
            }
        ),
        "no niche-0 attack: {:?}",
        decision(&s)
    );
    assert!(groups_at(&s, "C2", 0).contains(&Group::Amphibians));
}

/// AD-03 Escape turns a removal by the contest (devour, Toxic, niche 0) into "a withdrawal of
/// one niche". An Inactive loser in niche 1 or 2 is removed afterwards because it is forced to
/// withdraw (p.16; ruling C1); Escape's withdrawal is forced too, so it is not offered there
/// (docs/rulings.md).
#[test]
fn escape_is_not_offered_to_an_inactive_loser_in_niche_1() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn\", \"C2 1 inv inactive\"]",
        ["", PASSED, PASSED, "active = [\"Escape\"]"],
    );
    play(&mut s, mv("B2 1 syn", "C2", 1));
    assert_eq!(decision(&s), Decision::ContestCards(3));
    play(&mut s, Choice::Done);
    assert_ne!(decision(&s), Decision::Escape(3));
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
    assert!(
        groups_at(&s, "C2", 0).is_empty(),
        "the Inactive loser is removed"
    );
}

/// AMP-2 Toxic Skin: "each animal you Populate may get a Toxic marker". AD-06 Nesting Site into
/// an occupied niche 1 is a contest at once, part of placing the animal: no Toxic offer comes
/// between (docs/rulings.md).
#[test]
fn toxic_skin_is_not_offered_after_a_nesting_site_contest() {
    let mut s = four(
        "to_move = 3\nanimals = [\"C2 1 inv\"]",
        [
            PASSED,
            PASSED,
            "evolution = [\"Toxic Skin\"]\nactive = [\"Nesting Site\"]",
            PASSED,
        ],
    );
    play(&mut s, Choice::Use(card("Nesting Site")));
    play(
        &mut s,
        Choice::Populate {
            region: r("C2"),
            special: false,
        },
    );
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Amphibians]);
    assert!(
        matches!(
            decision(&s),
            Decision::Turn {
                seat: 2,
                acted: true,
                ..
            }
        ),
        "no Toxic offer: {:?}",
        decision(&s)
    );
    assert!(!at(&s, "C2", 1)[0].toxic());
}

/// AD-04 Long Migration's extra step belongs to the move; SYN-S Gorgonops' niche-0 attack is a
/// contest that ends its Migrate: no extra step after the attack (docs/rulings.md).
#[test]
fn long_migration_is_not_offered_after_a_gorgonops_attack() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn special\", \"C2 0 amp\"]",
        [
            "evolution = [\"Gorgonops\"]\nactive = [\"Long Migration\"]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    play(&mut s, mv("B2 1 syn special", "C2", 0));
    assert_eq!(decision(&s), Decision::Niche0Attack(0));
    play(&mut s, Choice::Animal(spot("C2 0 amp")));
    // The attacker holds an active card, so it is asked for contest cards first.
    while decision(&s) == Decision::ContestCards(0) {
        play(&mut s, Choice::Done);
    }
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Synapsids]);
    assert!(matches!(
        decision(&s),
        Decision::Turn {
            seat: 0,
            acted: true,
            ..
        }
    ));
    assert!(!legal(&s).contains(&Choice::Use(card("Long Migration"))));
    // Without an animal to attack, the same Migrate may take the extra step.
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 1 syn special\"]",
        [
            "evolution = [\"Gorgonops\"]\nactive = [\"Long Migration\"]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    play(&mut s, mv("B2 1 syn special", "C2", 0));
    assert!(legal(&s).contains(&Choice::Use(card("Long Migration"))));
}

/// AD-04 Long Migration: the animal just migrated takes one more step.
#[test]
fn ad_long_migration() {
    let mut s = four(
        "to_move = 1\nanimals = [\"A2 0 syn\"]",
        ["active = [\"Long Migration\"]", PASSED, PASSED, PASSED],
    );
    assert!(
        !legal(&s).contains(&Choice::Use(card("Long Migration"))),
        "after a Migrate"
    );
    play(&mut s, mv("A2 0 syn", "B2", 0));
    play(&mut s, Choice::Use(card("Long Migration")));
    assert_eq!(decision(&s), Decision::ExtraStep(0));
    play(&mut s, mv("B2 0 syn", "C2", 0));
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Synapsids]);
    assert_eq!(s.players[0].used[2], 1, "one Migrate action");
}

/// AD-05 Land Bridge: the next Migrate ignores the red-arrow penalty.
#[test]
fn ad_land_bridge() {
    let mut s = four(
        "to_move = 2\nanimals = [\"B2 0 sau\"]",
        [PASSED, "active = [\"Land Bridge\"]", PASSED, PASSED],
    );
    assert!(!legal(&s).contains(&mv("B2 0 sau", "B3", 0)));
    play(&mut s, Choice::Use(card("Land Bridge")));
    play(&mut s, mv("B2 0 sau", "B3", 0));
    assert_eq!(groups_at(&s, "B3", 0), vec![Group::Sauropsida]);
}

/// AD-06 Nesting Site: the next Populate goes into niche 1 (a contest if it is held).
#[test]
fn ad_nesting_site() {
    let mut s = four(
        "to_move = 1\nanimals = [\"C2 1 inv\"]",
        ["active = [\"Nesting Site\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Nesting Site")));
    play(
        &mut s,
        Choice::Populate {
            region: r("C2"),
            special: false,
        },
    );
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Synapsids]);
    assert_eq!(groups_at(&s, "C2", 0), vec![Group::Invertebrates]);
}

/// AD-07 Fertility: the next Populate costs 0 AP but is still an action.
#[test]
fn ad_fertility() {
    let mut s = four(
        "to_move = 1",
        ["active = [\"Fertility\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Fertility")));
    play(
        &mut s,
        Choice::Populate {
            region: r("C2"),
            special: false,
        },
    );
    assert_eq!(s.players[0].ap, 6);
    assert_eq!(s.players[0].used[1], 1);
}

/// AD-08 Keen Senses: look at any one instinct tile.
#[test]
fn ad_keen_senses() {
    let mut s = four(
        "to_move = 1",
        ["active = [\"Keen Senses\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Keen Senses")));
    assert_eq!(decision(&s), Decision::Peek(0));
    play(&mut s, Choice::Field(9));
    assert!(s.players[0].known & (1 << 9) != 0);
}

/// AD-09 Premonition: the instinct marker moves up one field, with its dominance.
#[test]
fn ad_premonition() {
    let mut s = four(
        "to_move = 1",
        [
            "instinct = 2\nactive = [\"Premonition\"]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    play(&mut s, Choice::Use(card("Premonition")));
    assert_eq!(s.players[0].instinct, 3);
    assert_eq!(s.players[0].dominance, 2, "field 3 scores 1");
    assert_eq!(s.players[0].used[3], 0, "not a Survive action");
}

/// AD-10 Fat Reserves: no hunger cost in the chosen region this stage.
#[test]
fn ad_fat_reserves() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\", \"B2 0 syn\", \"B2 0 syn\"]",
        ["active = [\"Fat Reserves\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Fat Reserves")));
    play(&mut s, Choice::Region(r("B2")));
    play(&mut s, Choice::Pass);
    assert!(s.hunger.contains(r("B2")), "hunger still comes");
    assert_eq!(s.animals_of(Group::Synapsids), 3, "nothing paid");
    assert_eq!(s.players[0].dominance, 1);
}

/// AD-11 Parasites: an animal of another group sharing a region becomes Inactive.
#[test]
fn ad_parasites() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\", \"B2 1 sau\", \"C2 1 amp\"]",
        ["active = [\"Parasites\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Parasites")));
    assert_eq!(legal(&s), vec![Choice::Animal(spot("B2 1 sau"))]);
    play(&mut s, Choice::Animal(spot("B2 1 sau")));
    assert!(at(&s, "B2", 1)[0].inactive());
}

/// AD-12 Recovery: every Inactive marker of yours is removed.
#[test]
fn ad_recovery() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn inactive\", \"C2 1 syn inactive\"]",
        ["active = [\"Recovery\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Recovery")));
    assert!(s.animals.iter().all(|p| !p.animal.inactive()));
}

/// AD-12 Recovery is an any-time card, so it answers another player's action (ruling D5;
/// rulebook, management board (7) Active Adaptation Card Zone: active cards "can be used by
/// their owner when he or any other player performs one of their Actions"). An Inactive animal counts 0 in a contest (p.16); played in the contest, Recovery
/// removes every Inactive marker of the group, and the defender counts its full Expansiveness.
#[test]
fn ad_recovery_answers_an_attack_on_an_inactive_animal_d5() {
    let mut s = four(
        "to_move = 4\nanimals = [\"B2 0 inv\", \"B2 1 syn inactive\", \"C2 0 syn inactive\"]",
        [
            "active = [\"Recovery\", \"Aggressive Display\"]",
            PASSED,
            PASSED,
            "",
        ],
    );
    play(&mut s, mv("B2 0 inv", "B2", 1));
    assert_eq!(s.decision, Some(Decision::ContestCards(0)));
    assert_eq!(
        legal(&s),
        vec![Choice::Use(card("Recovery")), Choice::Done],
        "no bonus for an Inactive animal (p.16), only Recovery"
    );
    let ev = play(&mut s, Choice::Use(card("Recovery")));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Status { flags: 0, .. })));
    assert_eq!(
        legal(&s),
        vec![Choice::Use(card("Aggressive Display")), Choice::Done],
        "active again: contest bonuses may follow"
    );
    play(&mut s, Choice::Done);
    assert_eq!(
        groups_at(&s, "B2", 1),
        vec![Group::Synapsids],
        "the defender holds"
    );
    assert_eq!(groups_at(&s, "B2", 0), vec![Group::Invertebrates]);
    assert!(s.animals.iter().all(|p| !p.animal.inactive()));
}

/// Without playing Recovery the Inactive defender counts 0, loses, and is removed when
/// forced to withdraw (p.16, ruling C1).
#[test]
fn ad_recovery_not_played_the_inactive_defender_is_removed() {
    let mut s = four(
        "to_move = 4\nanimals = [\"B2 0 inv\", \"B2 1 syn inactive\"]",
        ["active = [\"Recovery\"]", PASSED, PASSED, ""],
    );
    play(&mut s, mv("B2 0 inv", "B2", 1));
    assert_eq!(s.decision, Some(Decision::ContestCards(0)));
    play(&mut s, Choice::Done);
    assert_eq!(groups_at(&s, "B2", 1), vec![Group::Invertebrates]);
    assert!(groups_at(&s, "B2", 0).is_empty(), "removed");
    assert_eq!(
        s.players[0].active,
        vec![card("Recovery")],
        "the card is kept"
    );
}

/// AD-13 Venom: one of your animals becomes Toxic.
#[test]
fn ad_venom() {
    let mut s = four(
        "to_move = 1\nanimals = [\"B2 0 syn\"]",
        ["active = [\"Venom\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Venom")));
    play(&mut s, Choice::Animal(spot("B2 0 syn")));
    assert!(at(&s, "B2", 0)[0].toxic());
}

/// AD-14 Mutation: draw 2 cards, then discard down to 3.
#[test]
fn ad_mutation() {
    let mut s = four(
        "to_move = 1",
        [
            "hand = [\"Venom\", \"Escape\"]\nactive = [\"Mutation\"]",
            PASSED,
            PASSED,
            PASSED,
        ],
    );
    play(&mut s, Choice::Use(card("Mutation")));
    assert_eq!(decision(&s), Decision::Discard(0));
    let c = legal(&s)[0];
    play(&mut s, c);
    assert_eq!(s.players[0].hand.len(), 3);
    assert!(matches!(decision(&s), Decision::Turn { seat: 0, .. }));
}

/// AD-14 Mutation with an empty stack, rulebook p.21: "Use the one-off Ability ..., then discard
/// the card". The draw reshuffles the discard pile without the Mutation just played, which goes
/// to the new discard pile afterwards.
#[test]
fn ad_mutation_is_discarded_after_its_draw() {
    let mut s = four(
        "to_move = 1\ndeck = []\ndiscard = [\"Ambush\"]",
        ["active = [\"Mutation\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::Use(card("Mutation")));
    assert_eq!(
        s.players[0].hand,
        vec![card("Ambush")],
        "only the Ambush was reshuffled"
    );
    assert_eq!(s.discard, vec![card("Mutation")]);
    assert!(s.deck.is_empty());
}

/// Rulebook p.21: an active adaptation card can be discarded at any moment for 1 AP.
#[test]
fn ad_cash_in_for_one_ap() {
    let mut s = four(
        "to_move = 1",
        ["active = [\"Venom\"]", PASSED, PASSED, PASSED],
    );
    play(&mut s, Choice::CashIn(card("Venom")));
    assert_eq!(s.players[0].ap, 7);
}

// ---------------------------------------------------------------------------------------------
// Objective tiles
// ---------------------------------------------------------------------------------------------

fn claimable(tile: &str, animals: &str, player: &str) -> bool {
    let s = four(
        &format!("to_move = 1\nobjectives = [{{ tile = \"{tile}\" }}]\nanimals = [{animals}]"),
        [player, PASSED, PASSED, PASSED],
    );
    legal(&s).contains(&Choice::Claim(0))
}

/// OBJ-C1 Lethality: a kill this stage.
#[test]
fn obj_lethality() {
    assert!(claimable("Lethality", "", "kill = true"));
    assert!(!claimable("Lethality", "", ""));
}

/// OBJ-C2 Allopatry: an animal in each of the 5 climate zones.
#[test]
fn obj_allopatry() {
    let all = "\"A1 0 syn\", \"A2 0 syn\", \"A3 0 syn\", \"A4 0 syn\", \"A5 0 syn\"";
    assert!(claimable("Allopatry", all, ""));
    assert!(!claimable(
        "Allopatry",
        "\"A1 0 syn\", \"A2 0 syn\", \"A3 0 syn\", \"A4 0 syn\"",
        ""
    ));
}

/// OBJ-C3 Dispersal: animals in 5 regions.
#[test]
fn obj_dispersal() {
    let five = "\"A1 0 syn\", \"B1 0 syn\", \"C1 0 syn\", \"D1 0 syn\", \"A2 0 syn\"";
    assert!(claimable("Dispersal", five, ""));
    assert!(!claimable(
        "Dispersal",
        "\"A1 0 syn\", \"A1 0 syn\", \"C1 0 syn\"",
        ""
    ));
}

/// OBJ-C4 Apex: niche 2 in 2 regions.
#[test]
fn obj_apex() {
    assert!(claimable("Apex", "\"A1 2 syn\", \"B1 2 syn\"", ""));
    assert!(!claimable("Apex", "\"A1 2 syn\", \"B1 1 syn\"", ""));
}

/// OBJ-C5 Speciation: 2 active evolution cards.
#[test]
fn obj_speciation() {
    assert!(claimable(
        "Speciation",
        "",
        "evolution = [\"Heterodont Teeth\", \"Endothermy\"]"
    ));
    assert!(!claimable("Speciation", "", "evolution = [\"Endothermy\"]"));
}

/// OBJ-G1 Sympatry: a region shared with 2 other groups.
#[test]
fn obj_sympatry() {
    assert!(claimable(
        "Sympatry",
        "\"B2 0 syn\", \"B2 0 amp\", \"B2 1 inv\"",
        ""
    ));
    assert!(!claimable(
        "Sympatry",
        "\"B2 0 syn\", \"B2 0 amp\", \"C2 1 inv\"",
        ""
    ));
}

/// OBJ-G2 Vicariance: niche 1 or 2 in Laurasia and in Gondwana.
#[test]
fn obj_vicariance() {
    assert!(claimable("Vicariance", "\"B2 1 syn\", \"C5 2 syn\"", ""));
    assert!(!claimable("Vicariance", "\"B2 1 syn\", \"C5 0 syn\"", ""));
}

/// OBJ-G3 Niche Partitioning: niches 0, 1 and 2 of one region.
#[test]
fn obj_niche_partitioning() {
    assert!(claimable(
        "Niche Partitioning",
        "\"B2 0 syn\", \"B2 1 syn\", \"B2 2 syn\"",
        ""
    ));
    assert!(!claimable(
        "Niche Partitioning",
        "\"B2 0 syn\", \"B2 1 syn\", \"C2 2 syn\"",
        ""
    ));
}

/// OBJ-G4 Sixth Sense: instinct marker on field 7 or higher.
#[test]
fn obj_sixth_sense() {
    assert!(claimable("Sixth Sense", "", "instinct = 7"));
    assert!(!claimable("Sixth Sense", "", "instinct = 6"));
}

/// OBJ-G5 Exaptation: 2 active evolution and 2 active adaptation cards.
#[test]
fn obj_exaptation() {
    let evo2 = "evolution = [\"Heterodont Teeth\", \"Endothermy\"]";
    assert!(claimable(
        "Exaptation",
        "",
        &format!("{evo2}\nactive = [\"Venom\", \"Escape\"]")
    ));
    assert!(!claimable(
        "Exaptation",
        "",
        &format!("{evo2}\nactive = [\"Venom\"]")
    ));
}

/// OBJ-L1 Refugia: niche 2 in 2 climate zones.
#[test]
fn obj_refugia() {
    assert!(claimable("Refugia", "\"B2 2 syn\", \"B3 2 syn\"", ""));
    assert!(!claimable("Refugia", "\"B2 2 syn\", \"C2 2 syn\"", ""));
}

/// OBJ-L2 Abundance: 6 animals on the board.
#[test]
fn obj_abundance() {
    let six = "\"B2 0 syn\", \"B2 0 syn\", \"B2 0 syn\", \"C2 0 syn\", \"C2 0 syn\", \"C2 2 syn\"";
    assert!(claimable("Abundance", six, ""));
    assert!(!claimable("Abundance", "\"B2 0 syn\", \"B2 0 syn\"", ""));
}

/// OBJ-L3 Crown Group: 3 active evolution cards.
#[test]
fn obj_crown_group() {
    assert!(claimable(
        "Crown Group",
        "",
        "evolution = [\"Heterodont Teeth\", \"Endothermy\", \"Sabre Fangs\"]"
    ));
    assert!(!claimable(
        "Crown Group",
        "",
        "evolution = [\"Heterodont Teeth\", \"Endothermy\"]"
    ));
}

// ---------------------------------------------------------------------------------------------
// Turn of the Age cards
// ---------------------------------------------------------------------------------------------

fn ages(card: &str, animals: &str, extra: [&str; 4]) -> State {
    let d = data();
    let c = d.ages.iter().find(|a| a.name == card).expect("card");
    let top = match c.back {
        eons_pangea::data::AgeBack::CG => format!(
            "phase = \"turn_of_ages\"\nstage = 5\nages = [\"{card}\", \"Hypoxia\"]\nages_revealed = 0"
        ),
        _ => format!(
            "phase = \"turn_of_ages\"\nstage = 8\nages = [\"Monsoon Floods\", \"{card}\"]\nages_revealed = 1"
        ),
    };
    four(&format!("{top}\nanimals = [{animals}]"), extra)
}

fn solo_ages(card: &str, animals: &str) -> State {
    let other = if card == "Cold Snap" {
        "Arms Race"
    } else {
        "Cold Snap"
    };
    pos(&format!(
        "seed = 2\nphase = \"turn_of_ages\"\nstage = 5\nages = [\"{card}\", \"{other}\"]\nages_revealed = 0\nanimals = [{animals}]\n[[player]]\ngroup = \"synapsids\"\n"
    ))
}

/// TA-CG1 End of the Icehouse: each player may place one free animal in a Subpolar region.
#[test]
fn age_end_of_icehouse() {
    let mut s = ages("End of the Icehouse", "", ["", "", "", ""]);
    assert_eq!(decision(&s), Decision::AgePlace(0));
    let l = legal(&s);
    assert!(l.contains(&Choice::Region(r("A1"))) && l.contains(&Choice::Region(r("D5"))));
    assert!(!l.contains(&Choice::Region(r("A2"))));
    play(&mut s, Choice::Region(r("A1")));
    assert_eq!(groups_at(&s, "A1", 0), vec![Group::Synapsids]);
    assert_eq!(decision(&s), Decision::AgePlace(1));
}

/// TA-CG2 Olson's Extinction: each player with niche-0 animals removes one.
#[test]
fn age_olsons_extinction() {
    let mut s = ages(
        "Olson's Extinction",
        "\"B2 0 syn\", \"B2 1 syn\"",
        ["", "", "", ""],
    );
    assert_eq!(decision(&s), Decision::AgeLose(0));
    assert_eq!(legal(&s), vec![Choice::Animal(spot("B2 0 syn"))]);
    play(&mut s, Choice::Animal(spot("B2 0 syn")));
    assert_eq!(s.animals_of(Group::Synapsids), 1);
}

/// TA-CG3 Monsoon Floods: Interior niche-0 animals become Inactive.
#[test]
fn age_monsoon_floods() {
    let s = ages(
        "Monsoon Floods",
        "\"B3 0 syn\", \"B3 1 sau\", \"B2 0 amp\"",
        ["", "", "", ""],
    );
    assert!(at(&s, "B3", 0)[0].inactive());
    assert!(!at(&s, "B3", 1)[0].inactive());
    assert!(!at(&s, "B2", 0)[0].inactive());
}

/// TA-CG4 Adaptive Radiation: each player draws 2 adaptation cards.
#[test]
fn age_adaptive_radiation() {
    let s = ages("Adaptive Radiation", "", ["", "", "", ""]);
    // The stage's own Drawing phase has begun: the first player holds 4 and must discard.
    assert_eq!(decision(&s), Decision::Discard(0));
    assert_eq!(s.players[0].hand.len(), 4);
    assert_eq!(s.players[1].hand.len(), 2);
}

/// TA-CG4 Adaptive Radiation ("limit 3 applies") and ruling D2 ("discard down right after any
/// draw"): a player discards before the next player draws, so when the deck runs out the
/// reshuffled discard pile already holds that discard.
#[test]
fn age_draw_discards_before_the_next_player_draws_d2() {
    let top = "phase = \"turn_of_ages\"\nstage = 5\nages = [\"Adaptive Radiation\", \"Hypoxia\"]\nages_revealed = 0\ndeck = [\"Ambush\", \"Escape\"]";
    let mut s = four(top, ["hand = [\"Venom\", \"Mutation\"]", "", "", ""]);
    // The first player drew the last two cards: 4 in hand, one to discard.
    assert_eq!(decision(&s), Decision::Discard(0));
    assert_eq!(s.players[0].hand.len(), 4);
    assert!(s.deck.is_empty());
    assert!(
        s.players[1].hand.is_empty(),
        "the next player has not drawn yet"
    );
    play(&mut s, Choice::Card(card("Venom")));
    // The second player's draw reshuffles that discard and gets it; nothing is left after.
    assert_eq!(s.players[1].hand, vec![card("Venom")]);
    assert!(s.players[2].hand.is_empty() && s.players[3].hand.is_empty());
}

/// TA-CG5 Territorial Pressure: every niche-1 animal is forced up to niche 2.
#[test]
fn age_territorial_pressure() {
    let mut s = ages(
        "Territorial Pressure",
        "\"B2 1 syn\", \"C2 1 inv\", \"C2 2 sau\", \"D2 1 amp inactive\"",
        ["", "", "", ""],
    );
    // The Sauropsida defend C2 niche 2 and may draw for the win (rulebook ch. 9).
    assert_eq!(decision(&s), Decision::DrawOnWin(1));
    play(&mut s, Choice::Skip);
    assert_eq!(groups_at(&s, "B2", 2), vec![Group::Synapsids]);
    assert_eq!(
        groups_at(&s, "C2", 2),
        vec![Group::Sauropsida],
        "1 loses to 3"
    );
    assert_eq!(groups_at(&s, "C2", 1), vec![Group::Invertebrates]);
    assert_eq!(
        s.count_in(r("D2")),
        0,
        "inactive and forced to move: removed"
    );
}

/// TA-CG5 Territorial Pressure with the group's own animal in niche 2: the
/// niche-1 animal stays put (ruling B3), and an Inactive one that so would
/// not move is not removed: "Inactive animals that would move are removed
/// instead" (reference §7.4, forced moves).
#[test]
fn age_territorial_pressure_spares_an_inactive_animal_that_would_not_move() {
    let s = ages(
        "Territorial Pressure",
        "\"B2 1 amp inactive\", \"B2 2 amp\", \"C2 1 inv\", \"C2 2 inv\"",
        ["", "", "", ""],
    );
    assert_eq!(
        groups_at(&s, "B2", 1),
        vec![Group::Amphibians],
        "not removed"
    );
    assert_eq!(groups_at(&s, "B2", 2), vec![Group::Amphibians]);
    assert_eq!(
        groups_at(&s, "C2", 1),
        vec![Group::Invertebrates],
        "stays put"
    );
    assert_eq!(groups_at(&s, "C2", 2), vec![Group::Invertebrates]);
}

/// TA-GL1 Emeishan Traps: B3 closes and its animals die.
#[test]
fn age_emeishan_traps() {
    let s = ages(
        "Emeishan Traps",
        "\"B3 0 syn\", \"B3 2 sau\"",
        ["", "", "", ""],
    );
    assert!(s.closed.contains(r("B3")));
    assert_eq!(s.count_in(r("B3")), 0);
}

/// TA-GL2 Aridification: Interior niche-0 animals die.
#[test]
fn age_aridification() {
    let s = ages(
        "Aridification",
        "\"B3 0 syn\", \"B3 1 sau\"",
        ["", "", "", ""],
    );
    assert!(groups_at(&s, "B3", 0).is_empty());
    assert_eq!(groups_at(&s, "B3", 1), vec![Group::Sauropsida]);
}

/// TA-GL3 Hypoxia: niche-2 animals become Inactive.
#[test]
fn age_hypoxia() {
    let s = ages("Hypoxia", "\"A1 2 syn\", \"A1 1 sau\"", ["", "", "", ""]);
    assert!(at(&s, "A1", 2)[0].inactive());
    assert!(!at(&s, "A1", 1)[0].inactive());
}

/// TA-GL4 Capitanian Crisis: remove an animal or lose 2 dominance.
#[test]
fn age_capitanian_crisis() {
    let mut s = ages(
        "Capitanian Crisis",
        "\"B2 0 syn\"",
        ["dominance = 5", "", "", ""],
    );
    assert_eq!(decision(&s), Decision::AgeToll(0));
    play(&mut s, Choice::PayDominance);
    assert_eq!(s.players[0].dominance, 3);
    assert_eq!(decision(&s), Decision::AgeToll(1), "dominance 1: may pay");
}

/// TA-GL5 Predator Surge: each player may make one free migration step.
#[test]
fn age_predator_surge() {
    let mut s = ages("Predator Surge", "\"B2 0 syn\"", ["", "", "", ""]);
    assert_eq!(decision(&s), Decision::AgeMigrate(0));
    play(&mut s, mv("B2 0 syn", "B2", 1));
    assert_eq!(groups_at(&s, "B2", 1), vec![Group::Synapsids]);
    assert_eq!(s.players[0].used, [0, 0, 0, 0]);
}

/// TA-S1 Cold Snap: Subpolar niche-0 animals die.
#[test]
fn age_cold_snap() {
    let s = solo_ages("Cold Snap", "\"A1 0 syn\", \"A1 1 syn\"");
    assert!(groups_at(&s, "A1", 0).is_empty());
    assert_eq!(groups_at(&s, "A1", 1), vec![Group::Synapsids]);
}

/// TA-S2 Population Boom: each neutral group Populates, then the player may Populate free.
#[test]
fn age_population_boom() {
    let mut s = solo_ages("Population Boom", "");
    assert_eq!(decision(&s), Decision::AgePopulate(0));
    let neutrals = s.animals.len();
    assert!(neutrals >= 1, "neutral groups populated");
    play(
        &mut s,
        Choice::Populate {
            region: r("B2"),
            special: false,
        },
    );
    assert_eq!(s.players[0].ap, 7, "free");
}

/// TA-S3 Wildfire: niche-0 animals die in a drawn region and its neighbours.
#[test]
fn age_wildfire() {
    let all: Vec<String> = ["A2", "B2", "C2", "A3", "B3", "C3", "A4", "B4", "C4"]
        .iter()
        .map(|r| format!("\"{r} 1 syn\", \"{r} 0 syn\""))
        .collect();
    let mut s = solo_ages("Wildfire", &all[..3].join(", "));
    let _ = &mut s;
    let burnt = ["A2", "B2", "C2"]
        .iter()
        .filter(|r| groups_at(&s, r, 0).is_empty())
        .count();
    assert!(
        burnt >= 1,
        "a region card between A2 and C4 burns its niche 0 and neighbours"
    );
    assert!(["A2", "B2", "C2"]
        .iter()
        .all(|r| !groups_at(&s, r, 1).is_empty()));
}

/// TA-S4 Arms Race: each neutral group adapts; the player draws 2.
#[test]
fn age_arms_race() {
    let s = solo_ages("Arms Race", "");
    assert!(s.neutrals.iter().all(|n| n.track >= 1));
    let drew = s.players[0].hand.len();
    assert!(
        drew >= 3,
        "2 from the card, then the stage's draw (limit 3)"
    );
}

/// Any Turn of the Age event leaves a log line that names the card.
#[test]
fn age_reveal_is_logged() {
    let d = data();
    let mut s = four("phase = \"initiative\"\nstage = 4", ["", "", "", ""]);
    let _ = &mut s;
    assert_eq!(s.ages_revealed, 1);
    let e = Event::AgeRevealed(s.ages[0]);
    let text = eons_pangea::texts::describe_event(&s, d, &e);
    assert!(text.contains(&d.ages[s.ages[0] as usize].name));
}
