//! The random-simulation and resample tests, shared by every game (as
//! OpenSpiel runs the same two on each of its games).
//!
//! [`random_simulation`] plays one seeded game choosing uniformly among the
//! legal choices and checks along the way:
//!
//! * a seat to move always has a legal choice, listed once, and the game ends;
//! * every choice and every event reads as a non-empty text;
//! * [`Game::invariants`] (component conservation) hold after every choice;
//! * at every `deep_every`-th decision: every listed choice applies, and
//!   [`Game::apply_listed`] does exactly what [`Game::apply`] does (state and
//!   events); the game's probes that are not listed are refused without
//!   changing the state or logging anything; and, for every seat, a
//!   determinization ([`Game::determinize`]) leaves that seat's view
//!   unchanged and keeps the invariants, and every listed choice applied to
//!   it asks the same seat next as in the game itself, unless the events
//!   showed a difference (the resample test; see [`check_next_to_move`]);
//! * half the choices go through `apply_listed`, the search bots' path,
//!   yet replaying the record with `apply` reaches the same final state;
//! * the final state and the record round-trip through JSON.

use crate::game::{Game, Seat, Turn};
use crate::record::{Record, RecordedChoice};
use crate::rng::GameRng;
use std::collections::HashSet;

/// Choices to try that are usually illegal, drawn for one state.
pub type Probes<G> = fn(&<G as Game>::State, &mut GameRng) -> Vec<<G as Game>::Choice>;

/// A game's own checks of one state at the deep-check decisions, beside the
/// shared ones: the state, its legal choices, and a context ("marine seed 4
/// decision 97") to put in a panic message.
pub type DeepCheck<G> = fn(&<G as Game>::State, &[<G as Game>::Choice], &str);

/// One random-simulation run: which game, how deep to look.
pub struct Simulation<G: Game> {
    /// The setup to play.
    pub setup: G::Setup,
    /// The game's seed; the random choices use a stream derived from it.
    pub seed: u64,
    /// Every this many decisions, the deep checks (every legal choice,
    /// probes, determinizations); 0: never.
    pub deep_every: usize,
    /// Choices that are usually illegal, to check refusals (game-specific).
    pub probes: Option<Probes<G>>,
    /// The game's own checks at the deep-check decisions.
    pub deep_check: Option<DeepCheck<G>>,
    /// A game longer than this fails the test (it would not end).
    pub max_decisions: usize,
}

/// What a random simulation saw.
pub struct SimulationReport<G: Game> {
    /// The final state.
    pub state: G::State,
    /// The record of the game, replayable.
    pub record: Record<G>,
    /// Decisions made.
    pub decisions: usize,
    /// States given the deep checks.
    pub deep_states: usize,
}

impl<G: Game> Simulation<G> {
    /// A run of `setup` from `seed` with deep checks every `deep_every`
    /// decisions, no probes and a cap of two million decisions.
    pub fn new(setup: G::Setup, seed: u64, deep_every: usize) -> Self {
        Simulation {
            setup,
            seed,
            deep_every,
            probes: None,
            deep_check: None,
            max_decisions: 2_000_000,
        }
    }

    /// The same run with `probes`.
    pub fn with_probes(mut self, probes: Probes<G>) -> Self {
        self.probes = Some(probes);
        self
    }

    /// The same run with the game's own `check` at the deep-check decisions.
    pub fn with_deep_check(mut self, check: DeepCheck<G>) -> Self {
        self.deep_check = Some(check);
        self
    }
}

/// Plays one random game with every check; panics with the seed, the
/// decision and what failed. Returns what it saw, for game-specific checks
/// on top.
pub fn random_simulation<G: Game>(run: Simulation<G>) -> SimulationReport<G>
where
    G::State: PartialEq,
    G::Event: PartialEq,
    G::View: PartialEq,
{
    let seed = run.seed;
    let mut state = G::new(&run.setup, seed)
        .unwrap_or_else(|e| panic!("{} seed {seed}: the setup is refused: {e}", G::ID));
    let mut record = Record::<G>::new(run.setup.clone(), seed);
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0usize;
    let mut deep_states = 0usize;
    let context = |decisions: usize| format!("{} seed {seed} decision {decisions}", G::ID);
    check_invariants::<G>(&state, &context(0));
    while let Turn::Seat(seat) = G::turn(&state) {
        legal.clear();
        G::legal(&state, &mut legal);
        assert!(
            !legal.is_empty(),
            "{}: {seat} is to move with no legal choice",
            context(decisions)
        );
        let mut listed: HashSet<G::Choice> = HashSet::with_capacity(legal.len());
        if let Some(twice) = legal.iter().find(|&&c| !listed.insert(c)) {
            panic!("{}: {twice:?} is listed twice", context(decisions));
        }
        if run.deep_every > 0 && decisions % run.deep_every == 0 {
            deep_states += 1;
            deep_checks::<G>(&state, &legal, &run, &mut rng, &context(decisions));
        }
        let mut sampler = rng.clone();
        let sampled = G::random_choice(&state, &mut sampler, &mut Vec::new());
        let choice = legal[rng.index(legal.len())];
        assert!(
            sampled == Some(choice) && sampler == rng,
            "{}: random_choice drew {sampled:?}, not {choice:?} the list gives for the same draw",
            context(decisions)
        );
        assert!(
            !G::describe_choice(&state, choice).is_empty(),
            "{}: {choice:?} reads as an empty text",
            context(decisions)
        );
        events.clear();
        let applied = if decisions % 2 == 0 {
            G::apply(&mut state, choice, &mut events)
        } else {
            G::apply_listed(&mut state, choice, &mut events)
        };
        if let Err(e) = applied {
            panic!(
                "{}: the legal {choice:?} is refused: {e}",
                context(decisions)
            );
        }
        for event in &events {
            assert!(
                !G::describe_event(&state, event).is_empty(),
                "{}: {event:?} reads as an empty text",
                context(decisions)
            );
        }
        record.choices.push(RecordedChoice { seat, choice });
        decisions += 1;
        check_invariants::<G>(&state, &context(decisions));
        assert!(
            decisions < run.max_decisions,
            "{}: the game does not end",
            context(decisions)
        );
    }
    let outcome = G::outcome(&state)
        .unwrap_or_else(|| panic!("{}: over without an outcome", context(decisions)));
    assert_eq!(
        outcome.ranking.len(),
        G::seats(&state),
        "{}: the ranking names every seat once",
        context(decisions)
    );
    // Replay by `apply` only reaches the same state.
    let (replayed, _) = record
        .replay()
        .unwrap_or_else(|e| panic!("{}: the record does not replay: {e}", context(decisions)));
    assert!(
        replayed == state,
        "{}: the replay ends in another state",
        context(decisions)
    );
    // The state and the record round-trip through JSON.
    let json = serde_json::to_string(&state).expect("a state serialises");
    let back: G::State = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{}: the state does not parse back: {e}", G::ID));
    assert!(back == state, "{}: the state changes through JSON", G::ID);
    let json = serde_json::to_string(&record).expect("a record serialises");
    let back: Record<G> = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{}: the record does not parse back: {e}", G::ID));
    assert!(
        back.setup == record.setup
            && back.seed == record.seed
            && back.choices.len() == record.choices.len()
            && back
                .choices
                .iter()
                .zip(&record.choices)
                .all(|(a, b)| a.seat == b.seat && a.choice == b.choice),
        "{}: the record changes through JSON",
        G::ID
    );
    SimulationReport {
        state,
        record,
        decisions,
        deep_states,
    }
}

/// A state after a choice, with its events as every viewer reads them.
pub(crate) struct After<G: Game> {
    /// The state once the choice and the steps it set off are done.
    pub state: G::State,
    /// The texts of the events the choice logged, in order.
    pub events: Vec<String>,
}

/// Applies `choice` to a copy of `state`; `None` if it is refused there.
pub(crate) fn after<G: Game>(state: &G::State, choice: G::Choice) -> Option<After<G>> {
    let mut next = state.clone();
    let mut events = Vec::new();
    G::apply(&mut next, choice, &mut events).ok()?;
    let events = events.iter().map(|e| G::describe_event(&next, e)).collect();
    Some(After {
        state: next,
        events,
    })
}

/// The turn half of the resample test: who is asked to decide must not tell
/// `seat` anything it has not seen. `redrawn` is a determinization of the
/// state for `seat` (so `seat` cannot tell the two apart), and `original` is
/// the game after `choice`. The same choice is applied to `redrawn`; where it
/// is refused there (it names something the re-drawing changed) or the two
/// logs part ways (a draw or a hidden thing was shown to everyone, so `seat`
/// may now tell the two apart), there is nothing to compare. Otherwise
/// everything `seat` read was the same, so the game must stop at the same
/// point, asking the same seat (or be over in both): a log that is the other's
/// beginning means one game stopped to ask someone where the other went on
/// on its own, and a different seat to move with the same log means whose
/// turn it is depends on a secret. Either tells every seat something about
/// that secret (Pangea once asked a passed seat to its end-of-phase window
/// only when it held a usable face-down card, so being asked showed a hand).
pub(crate) fn check_next_to_move<G: Game>(
    original: &After<G>,
    redrawn: &G::State,
    choice: G::Choice,
    seat: Seat,
    context: &str,
) {
    let Some(again) = after::<G>(redrawn, choice) else {
        return;
    };
    let shared = original.events.len().min(again.events.len());
    if original.events[..shared] != again.events[..shared] {
        return;
    }
    let (asked, asked_again) = (G::turn(&original.state), G::turn(&again.state));
    let who = |turn: Turn| match turn {
        Turn::Seat(k) => k.to_string(),
        Turn::Over => "nobody (the game is over)".to_string(),
    };
    let log = |events: &[String]| {
        if events.is_empty() {
            "no event".to_string()
        } else {
            events.join("; ")
        }
    };
    assert!(
        original.events.len() == again.events.len() && asked == asked_again,
        "{context}: who is asked next depends on what {seat} has not seen: after {choice:?}, \
         the game logs [{}] and asks {}, but with {seat}'s unseen information re-drawn \
         it logs [{}] and asks {}",
        log(&original.events),
        who(asked),
        log(&again.events),
        who(asked_again),
    );
}

fn check_invariants<G: Game>(state: &G::State, context: &str) {
    if let Err(e) = G::invariants(state) {
        panic!("{context}: {e}");
    }
}

/// Legality both ways, `apply_listed` = `apply`, refusals change nothing,
/// and the resample test, on one state.
fn deep_checks<G: Game>(
    state: &G::State,
    legal: &[G::Choice],
    run: &Simulation<G>,
    rng: &mut GameRng,
    context: &str,
) where
    G::State: PartialEq,
    G::Event: PartialEq,
    G::View: PartialEq,
{
    let mut afters = Vec::with_capacity(legal.len());
    for &choice in legal {
        let (mut by_apply, mut by_listed) = (state.clone(), state.clone());
        let (mut events, mut listed_events) = (Vec::new(), Vec::new());
        if let Err(e) = G::apply(&mut by_apply, choice, &mut events) {
            panic!("{context}: the legal {choice:?} is refused: {e}");
        }
        check_invariants::<G>(&by_apply, &format!("{context}, after {choice:?}"));
        if let Err(e) = G::apply_listed(&mut by_listed, choice, &mut listed_events) {
            panic!("{context}: apply_listed refuses the legal {choice:?}: {e}");
        }
        assert!(
            by_listed == by_apply,
            "{context}: apply_listed leaves another state than apply for {choice:?}"
        );
        assert!(
            listed_events == events,
            "{context}: apply_listed logs other events than apply for {choice:?}"
        );
        let events = events
            .iter()
            .map(|e| G::describe_event(&by_apply, e))
            .collect();
        afters.push(After::<G> {
            state: by_apply,
            events,
        });
    }
    if let Some(probes) = run.probes {
        for choice in probes(state, rng) {
            if legal.contains(&choice) {
                continue;
            }
            let mut refused = state.clone();
            let mut events = Vec::new();
            assert!(
                G::apply(&mut refused, choice, &mut events).is_err(),
                "{context}: the illegal {choice:?} is accepted"
            );
            assert!(
                refused == *state,
                "{context}: the refused {choice:?} changed the state"
            );
            assert!(
                events.is_empty(),
                "{context}: the refused {choice:?} logged events"
            );
        }
    }
    // The resample test: what a seat has not seen may be re-drawn, what it
    // has seen may not, and neither may who is asked next.
    for k in 0..G::seats(state) {
        let seat = Seat(k as u8);
        let resampled = G::determinize(state, seat, rng.next_u64());
        assert!(
            G::view(&resampled, Some(seat)) == G::view(state, Some(seat)),
            "{context}: a determinization for {seat} changes what {seat} sees"
        );
        check_invariants::<G>(&resampled, &format!("{context}, determinized for {seat}"));
        for (&choice, original) in legal.iter().zip(&afters) {
            check_next_to_move::<G>(original, &resampled, choice, seat, context);
        }
    }
    if let Some(check) = run.deep_check {
        check(state, legal, context);
    }
}
