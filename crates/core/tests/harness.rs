//! The shared harness catches what it promises to catch: a tiny game with a
//! secret card per seat, played correctly and then with one planted bug at a
//! time, each of which the random-simulation, resample or text test must
//! report (the resample test also compares who is asked next across
//! re-drawings).

#![cfg(feature = "testing")]

use eons_core::testing::{check_choice_texts, check_citations, random_simulation, Simulation};
use eons_core::{Game, GameRng, InvariantError, OptionInfo, Outcome, Seat, SetupError, Turn};
use serde::{Deserialize, Serialize};

/// Which bug the game carries (none for the honest game).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bug {
    None,
    /// `apply_listed` adds one point too many.
    ListedDiffers,
    /// A determinization re-draws the seat's own secret card too.
    ResampleLeaks,
    /// The total drifts from the sum of the takes.
    BrokenInvariant,
    /// `apply` accepts a take of 3, which `legal` never lists.
    AcceptsIllegal,
    /// A seat takes again when the other seat's secret card is a 6, so whose
    /// turn it is shows that card (no view shows it).
    TurnLeaks,
    /// Both takes read "take points": the player cannot tell them apart.
    SameWords,
}

/// Two seats take 1 or 2 points in turn until 10 are taken; each also holds
/// a secret card (1–6) that counts at the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    bug: u8,
    rng: GameRng,
    cards: [u8; 2],
    taken: [u8; 2],
    total: u8,
    to_move: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct View {
    own_card: Option<u8>,
    taken: [u8; 2],
    total: u8,
}

fn bug(s: &State) -> Bug {
    [
        Bug::None,
        Bug::ListedDiffers,
        Bug::ResampleLeaks,
        Bug::BrokenInvariant,
        Bug::AcceptsIllegal,
        Bug::TurnLeaks,
        Bug::SameWords,
    ][s.bug as usize]
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a take of 1 or 2")]
struct Refused;

struct Take;

impl Game for Take {
    const ID: &'static str = "take";
    const NAME: &'static str = "Take";
    const OPTIONS: &'static [OptionInfo] = &[];
    type Setup = u8;
    type State = State;
    type Choice = u8;
    type Event = u8;
    type View = View;
    type Error = Refused;

    fn setup(_players: usize, _options: &[String]) -> Result<u8, SetupError> {
        Ok(0)
    }
    fn new(bug: &u8, seed: u64) -> Result<State, SetupError> {
        let mut rng = GameRng::new(seed);
        let cards = [1 + rng.below(6) as u8, 1 + rng.below(6) as u8];
        Ok(State {
            bug: *bug,
            rng,
            cards,
            taken: [0, 0],
            total: 0,
            to_move: 0,
        })
    }
    fn seats(_s: &State) -> usize {
        2
    }
    fn turn(s: &State) -> Turn {
        if s.total >= 10 {
            Turn::Over
        } else {
            Turn::Seat(Seat(s.to_move))
        }
    }
    fn legal(s: &State, out: &mut Vec<u8>) {
        if s.total < 10 {
            out.extend([1, 2]);
        }
    }
    fn apply(s: &mut State, c: u8, events: &mut Vec<u8>) -> Result<(), Refused> {
        let allowed = c == 1 || c == 2 || (c == 3 && bug(s) == Bug::AcceptsIllegal);
        if !allowed || s.total >= 10 {
            return Err(Refused);
        }
        let seat = s.to_move as usize;
        s.taken[seat] += c;
        s.total += c;
        if bug(s) == Bug::BrokenInvariant && s.total >= 6 {
            s.total += 1;
        }
        let again = bug(s) == Bug::TurnLeaks && s.cards[1 - seat] == 6;
        if !again {
            s.to_move = 1 - s.to_move;
        }
        events.push(c);
        Ok(())
    }
    fn apply_listed(s: &mut State, c: u8, events: &mut Vec<u8>) -> Result<(), Refused> {
        Self::apply(s, c, events)?;
        if bug(s) == Bug::ListedDiffers {
            s.taken[1 - s.to_move as usize] += 1;
        }
        Ok(())
    }
    fn view(s: &State, seat: Option<Seat>) -> View {
        View {
            own_card: seat.map(|k| s.cards[k.index()]),
            taken: s.taken,
            total: s.total,
        }
    }
    fn outcome(s: &State) -> Option<Outcome> {
        (s.total >= 10).then(|| {
            let scores = Self::scores(s);
            let mut ranking = vec![Seat(0), Seat(1)];
            ranking.sort_by_key(|k| std::cmp::Reverse(scores[k.index()]));
            Outcome { scores, ranking }
        })
    }
    fn scores(s: &State) -> Vec<i64> {
        (0..2)
            .map(|k| i64::from(s.taken[k]) + i64::from(s.cards[k]))
            .collect()
    }
    fn invariants(s: &State) -> Result<(), InvariantError> {
        if s.to_move > 1 || s.cards.iter().any(|&c| !(1..=6).contains(&c)) {
            return Err(InvariantError::always("no such seat or card"));
        }
        if s.taken[0] + s.taken[1] != s.total {
            return Err(InvariantError::from_setup(format!(
                "{} + {} taken but the total is {}",
                s.taken[0], s.taken[1], s.total
            )));
        }
        Ok(())
    }
    fn determinize(s: &State, seat: Seat, seed: u64) -> State {
        let mut d = s.clone();
        let mut rng = GameRng::new(seed);
        let other = 1 - seat.index();
        d.cards[other] = 1 + rng.below(6) as u8;
        if bug(s) == Bug::ResampleLeaks {
            d.cards[seat.index()] = 1 + (s.cards[seat.index()] % 6);
        }
        d
    }
    fn roles(_s: &State, _seat: Seat) -> Vec<String> {
        Vec::new()
    }
    fn describe_choice(s: &State, c: u8) -> String {
        if bug(s) == Bug::SameWords {
            "take points".into()
        } else {
            format!("take {c}")
        }
    }
    fn describe_event(_s: &State, e: &u8) -> String {
        format!("{e} taken")
    }
    fn prompt(s: &State) -> String {
        match Self::turn(s) {
            Turn::Seat(seat) => format!(
                "{}: take 1 or 2 points (Taking, p.3)",
                eons_core::capitalised(&seat.to_string())
            ),
            Turn::Over => "The game is over".into(),
        }
    }
    fn render(v: &View) -> String {
        format!("{v:?}")
    }
}

fn probes(_s: &State, _rng: &mut GameRng) -> Vec<u8> {
    vec![0, 3, 200]
}

fn run(bug: Bug) {
    for seed in 0..20 {
        random_simulation::<Take>(Simulation::new(bug as u8, seed, 1).with_probes(probes));
    }
}

#[test]
fn an_honest_game_passes_every_check() {
    for seed in 0..20 {
        let report = random_simulation::<Take>(Simulation::new(0, seed, 1).with_probes(probes));
        assert!(report.decisions >= 5, "10 points in takes of at most 2");
        assert_eq!(report.deep_states, report.decisions);
        assert_eq!(report.record.choices.len(), report.decisions);
    }
}

#[test]
#[should_panic(expected = "apply_listed leaves another state than apply")]
fn apply_listed_that_differs_from_apply_is_caught() {
    run(Bug::ListedDiffers);
}

#[test]
#[should_panic(expected = "changes what seat")]
fn a_determinization_that_changes_the_seats_view_is_caught() {
    run(Bug::ResampleLeaks);
}

#[test]
#[should_panic(expected = "who is asked next depends on what seat")]
fn a_turn_that_depends_on_a_secret_is_caught() {
    run(Bug::TurnLeaks);
}

#[test]
#[should_panic(expected = "invariant broken")]
fn a_broken_invariant_is_caught() {
    run(Bug::BrokenInvariant);
}

#[test]
#[should_panic(expected = "the illegal 3 is accepted")]
fn an_accepted_illegal_choice_is_caught() {
    run(Bug::AcceptsIllegal);
}

#[test]
fn the_choices_of_an_honest_game_read_apart() {
    let report = check_choice_texts::<Take>(&0, 0..20);
    assert_eq!(report.games, 20);
    assert!(
        report.texts >= 20 * 10,
        "two choices at each of 5 decisions or more"
    );
}

#[test]
#[should_panic(expected = "two legal choices with the same words: \"take points\"")]
fn two_choices_with_the_same_words_are_caught() {
    check_choice_texts::<Take>(&(Bug::SameWords as u8), 0..20);
}

/// The tiny game's rules summary: one section, "Taking" on page 3.
fn rules(title: &str, page: u16) -> eons_core::RulesSummary {
    eons_core::RulesSummary {
        game: "Take".into(),
        rulebook: "None".into(),
        overview: vec![eons_core::OverviewPart {
            heading: "Goal".into(),
            text: "Take the most points.".into(),
        }],
        sections: vec![eons_core::RulesSection {
            id: "taking".into(),
            title: title.into(),
            group: "Turn".into(),
            pages: vec![page],
            cited_as: vec![],
            summary: "Take 1 or 2 points.".into(),
            note: None,
        }],
    }
}

#[test]
fn every_citation_of_an_honest_summary_resolves() {
    let report = check_citations::<Take>(&rules("Taking", 3), 2, &[], 0..5);
    assert!(report.prompts >= 5 * 5);
    assert_eq!(report.cited.iter().collect::<Vec<_>>(), ["taking"]);
}

#[test]
#[should_panic(expected = "(Taking, p.3): \"Seat 1: take 1 or 2 points (Taking, p.3)\"")]
fn a_citation_of_a_missing_section_is_caught() {
    check_citations::<Take>(&rules("Giving", 3), 2, &[], 0..5);
}

#[test]
#[should_panic(expected = "prompts cite no section")]
fn a_citation_of_a_page_the_section_lacks_is_caught() {
    check_citations::<Take>(&rules("Taking", 4), 2, &[], 0..5);
}

/// A fixture folder of its own under the system's temporary folder.
fn fixture_folder(name: &str) -> std::path::PathBuf {
    let folder = std::env::temp_dir().join(format!("eons-golden-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    folder
}

fn fails(folder: &std::path::Path) -> Option<String> {
    let folder = folder.to_path_buf();
    std::panic::catch_unwind(move || eons_core::testing::check_fixtures::<Take>(&folder))
        .err()
        .map(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "(no message)".into())
        })
}

#[test]
fn golden_fixtures_fail_on_any_changed_line_until_blessed() {
    let folder = fixture_folder("changed");
    assert!(fails(&folder).is_some_and(|m| m.contains("no *.record.json fixture")));
    let report = random_simulation::<Take>(Simulation::new(0, 7, 0));
    let record = folder.join("take-7.record.json");
    std::fs::write(&record, serde_json::to_string(&report.record).unwrap()).unwrap();
    // No transcript yet: a failure that says to bless it.
    assert!(fails(&folder).is_some_and(|m| m.contains("bless it to create it")));
    let (transcript, changed) = eons_core::testing::golden::bless::<Take>(&record).unwrap();
    assert!(changed);
    assert_eq!(fails(&folder), None, "a blessed fixture passes");
    let text = std::fs::read_to_string(&transcript).unwrap();
    assert!(text.contains("1 seat 1: take ") && text.contains("outcome: seat "));
    // One changed line fails, naming the line.
    std::fs::write(&transcript, text.replacen("taken", "took", 1)).unwrap();
    let message = fails(&folder).expect("a changed transcript fails");
    assert!(message.contains("line 6:"), "{message}");
    let (_, changed) = eons_core::testing::golden::bless::<Take>(&record).unwrap();
    assert!(changed && fails(&folder).is_none());
    // A record with a choice the rules refuse fails, naming the choice.
    let mut stale = report.record;
    stale.choices[0].choice = 3;
    std::fs::write(&record, serde_json::to_string(&stale).unwrap()).unwrap();
    let message = fails(&folder).expect("a record that does not replay fails");
    assert!(
        message.contains("choice 0: not a take of 1 or 2"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_position_may_leave_components_out_but_must_keep_the_limits() {
    let start = Take::new(&0, 3).unwrap();
    // Points taken that the total does not count: conservation only.
    let mut partial = start.clone();
    partial.taken[0] = 4;
    assert!(Take::invariants(&partial).is_err());
    assert_eq!(
        eons_core::validate_position::<Take>(partial.clone()),
        Ok(partial)
    );
    // A card no deck holds: a limit, refused with the reason.
    let mut impossible = start;
    impossible.cards[1] = 9;
    let refused = eons_core::validate_position::<Take>(impossible).unwrap_err();
    assert!(refused.0.contains("no such seat or card"), "{refused}");
}
