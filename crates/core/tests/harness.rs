//! The shared harness catches what it promises to catch: the tests' toy game,
//! Card Race (`eons-toy`), played correctly and then with one planted bug at
//! a time, each of which the random-simulation, resample or text test must
//! report (the resample test also compares who is asked next across
//! re-drawings).
//!
//! [`Race`] is Card Race with card conservation as its invariant and a
//! citation closing each prompt, and, for each [`Bug`] but `None`, exactly
//! one behaviour changed.

#![cfg(feature = "testing")]

use eons_core::testing::{check_choice_texts, check_citations, random_simulation, Simulation};
use eons_core::{Game, GameRng, InvariantError, OptionInfo, Outcome, Seat, SetupError, Turn};
use eons_toy::{
    CardRace, CardRaceChoice, CardRaceError, CardRaceEvent, CardRacePhase, CardRaceSetup,
    CardRaceState, CardRaceView,
};

/// Which bug the game carries (none for the honest game).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Bug {
    None,
    /// `apply_listed` moves the runner of a card played one space further
    /// than `apply` does.
    ListedDiffers,
    /// A determinization re-draws the seat's own hand too (it re-draws for
    /// the next seat, which does not hold that hand).
    ResampleLeaks,
    /// A card played is lost instead of discarded: the cards no longer add
    /// up to the deck's 24.
    BrokenInvariant,
    /// `apply` accepts a 6 that the hand does not hold (as if it held one),
    /// which `legal` never lists.
    AcceptsIllegal,
    /// After a storm card, the next seat decides the knock when it holds a
    /// 6, so whose turn it is shows that seat's hand (no view shows it).
    TurnLeaks,
    /// A 5 and a 6 both read "play a storm card": the player cannot tell
    /// them apart.
    SameWords,
}

/// Cards of each value in Card Race's deck, and the values.
const COPIES: usize = 4;
const VALUES: std::ops::RangeInclusive<u8> = 1..=6;

/// Card Race carrying the bug numbered `BUG` (`Bug::… as u8`).
struct Race<const BUG: u8>;

/// Card Race carrying no bug.
type Honest = Race<{ Bug::None as u8 }>;

impl<const BUG: u8> Race<BUG> {
    fn carries(bug: Bug) -> bool {
        BUG == bug as u8
    }
}

/// The limits (a seat to move that exists, cards of the deck's values) and
/// the conservation of the 24 cards over hands, deck and discard pile.
fn card_conservation(s: &CardRaceState) -> Result<(), InvariantError> {
    let players = s.pos.len();
    if s.hands.len() != players || usize::from(s.to_move) >= players {
        return Err(InvariantError::always(format!(
            "{players} runners, {} hands, seat {} to move",
            s.hands.len(),
            s.to_move + 1
        )));
    }
    let cards = || {
        s.hands
            .iter()
            .flatten()
            .chain(s.deck.cards())
            .chain(&s.discard)
    };
    if let Some(card) = cards().find(|card| !VALUES.contains(card)) {
        return Err(InvariantError::always(format!(
            "no card {card} exists (the cards are 1 to 6)"
        )));
    }
    for value in VALUES {
        let held = cards().filter(|&&card| card == value).count();
        if held != COPIES {
            return Err(InvariantError::from_setup(format!(
                "the hands, deck and discard pile hold {held} cards of value {value}, \
                 not {COPIES}"
            )));
        }
    }
    Ok(())
}

impl<const BUG: u8> Game for Race<BUG> {
    const ID: &'static str = CardRace::ID;
    const NAME: &'static str = CardRace::NAME;
    const OPTIONS: &'static [OptionInfo] = CardRace::OPTIONS;
    type Setup = CardRaceSetup;
    type State = CardRaceState;
    type Choice = CardRaceChoice;
    type Event = CardRaceEvent;
    type View = CardRaceView;
    type Error = CardRaceError;

    fn setup(players: usize, options: &[String]) -> Result<CardRaceSetup, SetupError> {
        CardRace::setup(players, options)
    }
    fn new(setup: &CardRaceSetup, seed: u64) -> Result<CardRaceState, SetupError> {
        CardRace::new(setup, seed)
    }
    fn seats(s: &CardRaceState) -> usize {
        CardRace::seats(s)
    }
    fn turn(s: &CardRaceState) -> Turn {
        CardRace::turn(s)
    }
    fn legal(s: &CardRaceState, out: &mut Vec<CardRaceChoice>) {
        CardRace::legal(s, out)
    }
    fn apply(
        s: &mut CardRaceState,
        c: CardRaceChoice,
        events: &mut Vec<CardRaceEvent>,
    ) -> Result<(), CardRaceError> {
        let playing = s.winner.is_none()
            && s.phase == CardRacePhase::Play
            && matches!(c, CardRaceChoice::Play(_));
        if Self::carries(Bug::AcceptsIllegal) && playing && c == CardRaceChoice::Play(6) {
            let hand = &mut s.hands[usize::from(s.to_move)];
            if !hand.contains(&6) {
                hand.push(6);
            }
        }
        CardRace::apply(s, c, events)?;
        if Self::carries(Bug::BrokenInvariant) && playing {
            s.discard.pop();
        }
        if Self::carries(Bug::TurnLeaks) && playing && s.phase == CardRacePhase::Knock {
            let next = (usize::from(s.to_move) + 1) % s.pos.len();
            if s.hands[next].contains(&6) {
                s.to_move = next as u8;
            }
        }
        Ok(())
    }
    fn apply_listed(
        s: &mut CardRaceState,
        c: CardRaceChoice,
        events: &mut Vec<CardRaceEvent>,
    ) -> Result<(), CardRaceError> {
        let seat = usize::from(s.to_move);
        Self::apply(s, c, events)?;
        if Self::carries(Bug::ListedDiffers) && matches!(c, CardRaceChoice::Play(_)) {
            s.pos[seat] += 1;
        }
        Ok(())
    }
    fn view(s: &CardRaceState, seat: Option<Seat>) -> CardRaceView {
        CardRace::view(s, seat)
    }
    fn outcome(s: &CardRaceState) -> Option<Outcome> {
        CardRace::outcome(s)
    }
    fn scores(s: &CardRaceState) -> Vec<i64> {
        CardRace::scores(s)
    }
    fn invariants(s: &CardRaceState) -> Result<(), InvariantError> {
        card_conservation(s)
    }
    fn determinize(s: &CardRaceState, seat: Seat, seed: u64) -> CardRaceState {
        if Self::carries(Bug::ResampleLeaks) {
            let next = (seat.index() + 1) % s.pos.len();
            CardRace::determinize(s, Seat(next as u8), seed)
        } else {
            CardRace::determinize(s, seat, seed)
        }
    }
    fn roles(s: &CardRaceState, seat: Seat) -> Vec<String> {
        CardRace::roles(s, seat)
    }
    fn describe_choice(s: &CardRaceState, c: CardRaceChoice) -> String {
        match c {
            CardRaceChoice::Play(5 | 6) if Self::carries(Bug::SameWords) => {
                "play a storm card".into()
            }
            _ => CardRace::describe_choice(s, c),
        }
    }
    fn describe_event(s: &CardRaceState, e: &CardRaceEvent) -> String {
        CardRace::describe_event(s, e)
    }
    /// Card Race's prompt closed by a citation of its one rules section
    /// ("Racing", page 3), for the citation tests: Card Race cites no rules.
    fn prompt(s: &CardRaceState) -> String {
        match CardRace::turn(s) {
            Turn::Seat(_) => format!("{} (Racing, p.3)", CardRace::prompt(s)),
            Turn::Over => CardRace::prompt(s),
        }
    }
    fn undo_barrier(
        before: &CardRaceState,
        after: &CardRaceState,
        events: &[CardRaceEvent],
    ) -> bool {
        CardRace::undo_barrier(before, after, events)
    }
    fn render(v: &CardRaceView) -> String {
        CardRace::render(v)
    }
}

/// Three runners to the default 20 spaces, hands of 3.
fn setup() -> CardRaceSetup {
    CardRace::setup(3, &[]).expect("Card Race takes 3 players")
}

/// Every choice of the game's kinds, listed or not: the harness tries those
/// the state does not list (cards not in the hand or of no value, knocking
/// oneself or a seat that is not there, a decision of the other phase).
fn probes(_s: &CardRaceState, _rng: &mut GameRng) -> Vec<CardRaceChoice> {
    (0..=7)
        .map(CardRaceChoice::Play)
        .chain((0..4).map(|k| CardRaceChoice::Knock(Seat(k))))
        .chain([CardRaceChoice::Knock(Seat(9)), CardRaceChoice::Skip])
        .collect()
}

fn run<const BUG: u8>() {
    for seed in 0..20 {
        random_simulation::<Race<BUG>>(Simulation::new(setup(), seed, 1).with_probes(probes));
    }
}

#[test]
fn an_honest_game_passes_every_check() {
    for seed in 0..20 {
        let report =
            random_simulation::<Honest>(Simulation::new(setup(), seed, 1).with_probes(probes));
        assert!(
            report.decisions >= 10,
            "20 spaces take 4 cards of at most 6, and the others play between them"
        );
        assert_eq!(report.deep_states, report.decisions);
        assert_eq!(report.record.choices.len(), report.decisions);
    }
}

#[test]
#[should_panic(expected = "apply_listed leaves another state than apply")]
fn apply_listed_that_differs_from_apply_is_caught() {
    run::<{ Bug::ListedDiffers as u8 }>();
}

#[test]
#[should_panic(expected = "changes what seat")]
fn a_determinization_that_changes_the_seats_view_is_caught() {
    run::<{ Bug::ResampleLeaks as u8 }>();
}

#[test]
#[should_panic(expected = "who is asked next depends on what seat")]
fn a_turn_that_depends_on_a_secret_is_caught() {
    run::<{ Bug::TurnLeaks as u8 }>();
}

#[test]
#[should_panic(expected = "invariant broken")]
fn a_broken_invariant_is_caught() {
    run::<{ Bug::BrokenInvariant as u8 }>();
}

#[test]
#[should_panic(expected = "the illegal Play(6) is accepted")]
fn an_accepted_illegal_choice_is_caught() {
    run::<{ Bug::AcceptsIllegal as u8 }>();
}

#[test]
fn the_choices_of_an_honest_game_read_apart() {
    let report = check_choice_texts::<Honest>(&setup(), 0..20);
    assert_eq!(report.games, 20);
    assert!(
        report.texts >= 20 * 10,
        "a choice at least at each of 10 decisions or more"
    );
}

#[test]
#[should_panic(expected = "two legal choices with the same words: \"play a storm card\"")]
fn two_choices_with_the_same_words_are_caught() {
    check_choice_texts::<Race<{ Bug::SameWords as u8 }>>(&setup(), 0..20);
}

/// The wrapper's rules summary: one section, "Racing" on page 3.
fn rules(title: &str, page: u16) -> eons_core::RulesSummary {
    eons_core::RulesSummary {
        game: "Card Race".into(),
        rulebook: "None".into(),
        overview: vec![eons_core::OverviewPart {
            heading: "Goal".into(),
            text: "Reach the target first.".into(),
        }],
        sections: vec![eons_core::RulesSection {
            id: "racing".into(),
            title: title.into(),
            group: "Turn".into(),
            pages: vec![page],
            cited_as: vec![],
            summary: "Play a card and move by its value.".into(),
            note: None,
        }],
    }
}

#[test]
fn every_citation_of_an_honest_summary_resolves() {
    let report = check_citations::<Honest>(&rules("Racing", 3), 2, &[], 0..5);
    assert!(
        report.prompts >= 5 * 7,
        "the winner plays 4 cards, the other seat 3 between them"
    );
    assert_eq!(report.cited.iter().collect::<Vec<_>>(), ["racing"]);
}

#[test]
#[should_panic(expected = "(Racing, p.3): \"Seat 1: play a card (Racing, p.3)\"")]
fn a_citation_of_a_missing_section_is_caught() {
    check_citations::<Honest>(&rules("Running", 3), 2, &[], 0..5);
}

#[test]
#[should_panic(expected = "prompts cite no section")]
fn a_citation_of_a_page_the_section_lacks_is_caught() {
    check_citations::<Honest>(&rules("Racing", 4), 2, &[], 0..5);
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
    std::panic::catch_unwind(move || eons_core::testing::check_fixtures::<Honest>(&folder))
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
    let report = random_simulation::<Honest>(Simulation::new(setup(), 7, 0));
    let record = folder.join("race-7.record.json");
    std::fs::write(&record, serde_json::to_string(&report.record).unwrap()).unwrap();
    // No transcript yet: a failure that says to bless it.
    assert!(fails(&folder).is_some_and(|m| m.contains("bless it to create it")));
    let (transcript, changed) = eons_core::testing::golden::bless::<Honest>(&record).unwrap();
    assert!(changed);
    assert_eq!(fails(&folder), None, "a blessed fixture passes");
    let text = std::fs::read_to_string(&transcript).unwrap();
    assert!(text.contains("1 seat 1: play ") && text.contains("outcome: seat "));
    // One changed line fails, naming the line (the first event's).
    std::fs::write(&transcript, text.replacen("moves to", "runs to", 1)).unwrap();
    let message = fails(&folder).expect("a changed transcript fails");
    assert!(message.contains("line 6:"), "{message}");
    let (_, changed) = eons_core::testing::golden::bless::<Honest>(&record).unwrap();
    assert!(changed && fails(&folder).is_none());
    // A record with a choice the rules refuse fails, naming the choice.
    let mut stale = report.record;
    stale.choices[0].choice = CardRaceChoice::Play(0);
    std::fs::write(&record, serde_json::to_string(&stale).unwrap()).unwrap();
    let message = fails(&folder).expect("a record that does not replay fails");
    assert!(
        message.contains("choice 0: no card 0 in the hand"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_position_may_leave_components_out_but_must_keep_the_limits() {
    let start = Honest::new(&setup(), 3).unwrap();
    // A card out of the game (drawn from the deck, held by no one):
    // conservation only.
    let mut partial = start.clone();
    assert!(partial.deck.draw().is_some());
    assert!(Honest::invariants(&partial).is_err());
    assert_eq!(
        eons_core::validate_position::<Honest>(partial.clone()),
        Ok(partial)
    );
    // A card no deck holds: a limit, refused with the reason.
    let mut impossible = start;
    impossible.hands[1][0] = 9;
    let refused = eons_core::validate_position::<Honest>(impossible).unwrap_err();
    assert!(refused.0.contains("no card 9 exists"), "{refused}");
}
