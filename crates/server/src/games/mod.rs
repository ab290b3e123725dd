//! Type erasure: every [`Game`] behind one object-safe interface that speaks JSON.
//!
//! The server never knows a rule, and holds no per-game code. It holds games
//! as `Box<dyn DynState>` and exchanges views, choices and events as JSON
//! values. The games come from the one list, `eons-games` ([`registry`]);
//! how each is shown (the renderer's extras beside a view, the board's
//! pieces, private events, the score sheet, the catalog, the rules in brief)
//! is the game's own [`Presentation`], which the [`Adapter`] reads.

pub mod changes;

use eons_bots::{analysis, BotSpec};
use eons_core::{
    Game, OptionInfo, OptionKind, Outcome, Pieces, Presentation, Record, RecordedChoice,
    ScoreTally, Seat, Turn,
};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;
use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

/// A setup option a game accepts, for the lobby: the command-line spelling
/// and its help (`name`, `help`), and what a form needs to ask for it
/// (`key`, `label`, `kind`, `values`, `all_with`).
#[derive(Clone, Debug, Serialize)]
pub struct GameOption {
    /// The option as typed: `name` or `name=VALUE`.
    pub name: String,
    /// One line of help.
    pub help: String,
    /// The name without `=VALUE`: what the form sends (`key` or `key=VALUE`).
    pub key: String,
    /// What a player reads beside the control.
    pub label: String,
    /// Which control asks for it.
    pub kind: OptionControl,
    /// The values a `one_of` or `seat_list` option takes (empty otherwise).
    pub values: Vec<String>,
    /// For a `seat_list`: the flag with which every value is listed
    /// (seat `i` then plays values `i`, `i + players`, …).
    pub all_with: Option<String>,
}

/// The form control of a setup option (see [`eons_core::OptionKind`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionControl {
    /// A checkbox: `key` when on.
    Flag,
    /// A choice of one value: `key=VALUE`.
    OneOf,
    /// A whole number: `key=N`.
    Number,
    /// One value per seat, in seat order: `key=A,B,…`.
    SeatList,
}

impl GameOption {
    /// The lobby's description of an engine's option.
    pub fn of(o: &OptionInfo) -> GameOption {
        let strings = |l: &[&str]| l.iter().map(|v| v.to_string()).collect();
        let (kind, values, all_with) = match o.kind {
            OptionKind::Flag => (OptionControl::Flag, Vec::new(), None),
            OptionKind::OneOf(l) => (OptionControl::OneOf, strings(l), None),
            OptionKind::Number => (OptionControl::Number, Vec::new(), None),
            OptionKind::SeatList { values, all_with } => (
                OptionControl::SeatList,
                strings(values),
                all_with.map(str::to_string),
            ),
        };
        GameOption {
            name: o.name.to_string(),
            help: o.help.to_string(),
            key: o.key().to_string(),
            label: o.label.to_string(),
            kind,
            values,
            all_with,
        }
    }
}

/// One legal choice as offered to the seat to move.
#[derive(Clone, Debug, Serialize)]
pub struct LegalChoice {
    /// Position in the legal list (a client may submit this instead of the choice).
    pub index: usize,
    /// The choice as JSON (what a client submits).
    pub choice: Value,
    /// `describe_choice` in words.
    pub text: String,
    /// The place on the board the choice is about (`{kind, label}`: a hex,
    /// corner, region or space, as the board labels it), when it has one
    /// ([`Presentation::choice_place`]): the table's target for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<eons_core::Place>,
}

/// Who may read a log line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Audience {
    /// Every seat and spectators.
    Public,
    /// Only this seat.
    Seat(Seat),
}

impl Audience {
    /// True when `seat` (None: a spectator) may read it.
    pub fn allows(self, seat: Option<Seat>) -> bool {
        match self {
            Audience::Public => true,
            Audience::Seat(s) => seat == Some(s),
        }
    }
}

/// One event of the log, in words.
#[derive(Clone, Debug, Serialize)]
pub struct EventText {
    /// `describe_event` in words.
    pub text: String,
    /// Who may read it.
    #[serde(skip)]
    pub audience: Audience,
    /// The labels of the board places the text names
    /// ([`Presentation::event_places`]), for the table to light.
    #[serde(skip)]
    pub places: Vec<String>,
}

/// The board places a log entry names, as `reader` (None: a spectator)
/// reads it, for the table to light when the reader points at the entry:
/// the choice's place (`choice_place`, when the reader reads the choice as
/// its maker does: a secret choice names nothing), then the places of the
/// events the reader may read, each once, in order.
pub fn entry_places(
    choice_place: Option<&str>,
    reads_the_choice: bool,
    events: &[EventText],
    reader: Option<Seat>,
) -> Vec<String> {
    let mut places: Vec<String> = Vec::new();
    let choice = choice_place.filter(|_| reads_the_choice);
    let read = events
        .iter()
        .filter(|e| e.audience.allows(reader))
        .flat_map(|e| e.places.iter().map(String::as_str));
    for label in choice.into_iter().chain(read) {
        if !places.iter().any(|p| p == label) {
            places.push(label.to_string());
        }
    }
    places
}

/// What a successful choice did.
#[derive(Clone, Debug)]
pub struct Applied {
    /// The choice, normalised (re-serialised from the game's own type): this is stored.
    pub choice: Value,
    /// `describe_choice` of it, in the state before (as its maker reads it).
    pub text: String,
    /// The same choice as the other seats and spectators read it
    /// (`describe_choice_for`): a secret pick or face-down card is not named.
    pub public_text: String,
    /// The events it caused, in words.
    pub events: Vec<EventText>,
    /// The label of the board place the choice is about
    /// ([`Presentation::choice_place`]: a hex, a corner or a region), if any.
    pub place: Option<String>,
    /// The engine's [`Game::undo_barrier`]: the choice drew or revealed
    /// something, so it may not be taken back.
    pub barrier: bool,
    /// What it changed on the board, as everyone sees it
    /// ([`crate::games::changes`]; empty for a game without a pieces helper).
    pub changes: Vec<crate::games::changes::Delta>,
}

/// Why a choice was not applied. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// The JSON is not a choice of this game, or the index is out of range.
    #[error("malformed choice: {0}")]
    Malformed(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// It is another seat's turn.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// The engine refused the choice; the text names the rule.
    #[error("{0}")]
    Illegal(String),
}

/// A game kind, erased: what the lobby and storage need.
pub trait DynGame: Send + Sync + 'static {
    /// Short id (`ds`).
    fn id(&self) -> &'static str;
    /// Full name.
    fn name(&self) -> &'static str;
    /// The web table's renderer (`web/js/games/<renderer>.js`).
    fn renderer(&self) -> &'static str;
    /// Setup options.
    fn options(&self) -> Vec<GameOption>;
    /// Player counts the game accepts with no options.
    fn player_counts(&self) -> Vec<usize>;
    /// Checks that a bot of `spec` can play this game with `players`
    /// seats (a learned search needs the game's built-in value network:
    /// [`eons_bots::BotSpec::check`]); the reason when it cannot.
    fn check_bot(&self, spec: &eons_bots::BotSpec, players: usize) -> Result<(), String>;
    /// [`Game::HIDDEN_INFORMATION`]: seats see different things, so players
    /// sharing one screen pass it between turns.
    fn hidden_information(&self) -> bool;
    /// Builds and validates a setup, as JSON. Options the game does not
    /// list, or lists once and are given twice, are refused first (the
    /// error names the option: [`eons_core::check_options`]).
    fn setup(&self, players: usize, options: &[String]) -> Result<Value, String>;
    /// A new game from a stored setup and seed.
    fn start(&self, setup: &Value, seed: u64) -> Result<Box<dyn DynState>, String>;
    /// The game's presentation catalog (every card with its text, the
    /// tables the UI draws), or None when the game has none.
    fn catalog(&self) -> Option<Value>;
    /// The game's rules in brief ([`eons_core::RulesSummary`] as JSON: the
    /// "how to play" overview and the sections the prompts cite), or None.
    fn rules(&self) -> Option<Value>;
    /// A game read back from [`DynState::save`]'s JSON: its state and score
    /// sheet as they were (a snapshot, so that loading a long game needs
    /// not replay every choice).
    fn restore(&self, saved: &str) -> Result<Box<dyn DynState>, String>;
    /// The analysis of the finished game that `setup` and `seed` began and
    /// `steps` (each choice in effect with its seat, as stored) played, as
    /// `eons analyse` makes it ([`eons_bots::analysis::analyse`]), with
    /// every seat's roles at the end (`["Reptiles"]`). `progress` hears of
    /// each bot search.
    fn analyse(
        &self,
        setup: &Value,
        seed: u64,
        steps: &[(u8, Value)],
        options: &analysis::Options,
        progress: &mut dyn FnMut(analysis::Progress),
    ) -> Result<Analysed, String>;
}

/// A finished game's analysis ([`DynGame::analyse`]).
#[derive(Clone, Debug)]
pub struct Analysed {
    /// The analysis.
    pub analysis: analysis::Analysis,
    /// Each seat's roles at the end of the game (its animals).
    pub roles: Vec<Vec<String>>,
}

/// A game in progress, erased.
pub trait DynState: Send + Sync {
    /// A copy (bots search on copies; a choice is applied to a copy first).
    fn clone_box(&self) -> Box<dyn DynState>;
    /// Number of seats.
    fn seats(&self) -> usize;
    /// Who decides now.
    fn turn(&self) -> Turn;
    /// The legal choices of the seat to move, with their descriptions.
    fn legal(&self) -> Vec<LegalChoice>;
    /// Applies `choice` (a JSON choice, or `{"index": i}` into [`DynState::legal`]) for `seat`.
    fn apply(&mut self, seat: Seat, choice: &Value) -> Result<Applied, ApplyError>;
    /// What `seat` (None: a spectator) may see, plus the game's UI helpers.
    fn view(&self, seat: Option<Seat>) -> SeatView;
    /// Current scores per seat.
    fn scores(&self) -> Vec<i64>;
    /// Once the game is over, every seat's final score split by source and
    /// the ranking's tie-break ([`eons_core::ScoreBreakdown`] as JSON); None
    /// before, or for a game with no score sheet.
    fn final_score(&self) -> Option<Value>;
    /// The outcome once over.
    fn outcome(&self) -> Option<Outcome>;
    /// What the seat to move is asked ([`Game::prompt`]): the heading the
    /// table shows, the same words as the terminal's.
    fn prompt(&self) -> String;
    /// The part of the game the state is in ([`Game::chapter`]: "Turn 3").
    fn chapter(&self) -> Option<String>;
    /// What a seat plays (animals…).
    fn roles(&self, seat: Seat) -> Vec<String>;
    /// A bot's choice for `seat`, or None when it is not that seat's turn.
    fn bot_choice(&self, bot: &BotSpec, seed: u64, seat: Seat) -> Option<Value>;
    /// The pieces on the board as everyone sees them (the spectator's view),
    /// for marking what a move changed; empty without a pieces helper.
    fn board_pieces(&self) -> Vec<Pieces>;
    /// The state and score sheet as JSON (`{"state", "sheet"}`), for a
    /// snapshot; [`DynGame::restore`] reads it back.
    /// The JSON is text, not a [`Value`]: a state may hold numbers a
    /// `Value` cannot (the 128-bit state of a random generator).
    fn save(&self) -> Result<String, String>;
}

/// What one seat (or a spectator) sees of a state, as JSON text: the
/// engine's view, serialised straight from it, and the game's UI helpers
/// drawn from that same view. Text, not a [`Value`] tree: a push embeds it
/// as it is.
#[derive(Debug, Serialize)]
pub struct SeatView {
    /// The engine's [`Game::View`] for the seat.
    pub view: Box<RawValue>,
    /// The game's UI helper object (`{"text": …}` without one).
    pub ui: Box<RawValue>,
}

/// JSON text for a value that may fail to serialise: `null` then (the
/// engines' views and UI helpers never fail; this keeps a bug from
/// panicking a socket).
fn raw(value: &impl Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).unwrap_or_default()
}

/// The generic adapter from a [`Game`] and its [`Presentation`] to
/// [`DynGame`].
pub struct Adapter<G: Game> {
    /// The catalog and the rules as JSON, built on first use and kept.
    catalog: OnceLock<Option<Value>>,
    rules: OnceLock<Option<Value>>,
    _g: PhantomData<fn() -> G>,
}

impl<G: Game> Default for Adapter<G> {
    fn default() -> Self {
        Adapter {
            catalog: OnceLock::new(),
            rules: OnceLock::new(),
            _g: PhantomData,
        }
    }
}

impl<G: Presentation> Adapter<G> {
    /// The adapter of `G`.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<G: Presentation> DynGame for Adapter<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn renderer(&self) -> &'static str {
        G::RENDERER
    }
    fn options(&self) -> Vec<GameOption> {
        G::OPTIONS.iter().map(GameOption::of).collect()
    }
    fn hidden_information(&self) -> bool {
        G::HIDDEN_INFORMATION
    }
    fn player_counts(&self) -> Vec<usize> {
        (1..=8).filter(|&n| G::setup(n, &[]).is_ok()).collect()
    }
    fn check_bot(&self, spec: &eons_bots::BotSpec, players: usize) -> Result<(), String> {
        spec.check::<G>(players).map_err(|e| e.to_string())
    }
    fn setup(&self, players: usize, options: &[String]) -> Result<Value, String> {
        // Unknown and repeated options are refused before the game reads any.
        eons_core::check_options(G::OPTIONS, options).map_err(|e| e.to_string())?;
        let s = G::setup(players, options).map_err(|e| e.to_string())?;
        serde_json::to_value(&s).map_err(|e| e.to_string())
    }
    fn start(&self, setup: &Value, seed: u64) -> Result<Box<dyn DynState>, String> {
        let setup: G::Setup = serde_json::from_value(setup.clone()).map_err(|e| e.to_string())?;
        let state = G::new(&setup, seed).map_err(|e| e.to_string())?;
        let sheet = G::score_sheet(&state);
        Ok(Box::new(Live::<G> { state, sheet }))
    }
    fn catalog(&self) -> Option<Value> {
        self.catalog.get_or_init(G::catalog).clone()
    }
    fn rules(&self) -> Option<Value> {
        self.rules
            .get_or_init(|| G::rules().and_then(|r| serde_json::to_value(r).ok()))
            .clone()
    }
    fn restore(&self, saved: &str) -> Result<Box<dyn DynState>, String> {
        /// [`DynState::save`]'s JSON.
        #[derive(serde::Deserialize)]
        #[serde(bound = "S: serde::de::DeserializeOwned")]
        struct Saved<S> {
            state: S,
            sheet: Value,
        }
        let saved: Saved<G::State> =
            serde_json::from_str(saved).map_err(|e| format!("snapshot state: {e}"))?;
        let state = saved.state;
        // The sheet's kind comes from the game: a fresh game's sheet reads
        // the saved one back.
        let sheet = match G::score_sheet(&state) {
            None => None,
            Some(_) if saved.sheet.is_null() => {
                return Err("snapshot without the score sheet".into())
            }
            Some(blank) => Some(
                blank
                    .load(&saved.sheet)
                    .map_err(|e| format!("snapshot sheet: {e}"))?,
            ),
        };
        Ok(Box::new(Live::<G> { state, sheet }))
    }
    fn analyse(
        &self,
        setup: &Value,
        seed: u64,
        steps: &[(u8, Value)],
        options: &analysis::Options,
        progress: &mut dyn FnMut(analysis::Progress),
    ) -> Result<Analysed, String> {
        let setup: G::Setup =
            serde_json::from_value(setup.clone()).map_err(|e| format!("stored setup: {e}"))?;
        let mut record = Record::<G>::new(setup, seed);
        for (n, (seat, choice)) in steps.iter().enumerate() {
            record.choices.push(RecordedChoice {
                seat: Seat(*seat),
                choice: serde_json::from_value(choice.clone())
                    .map_err(|e| format!("stored choice {n}: {e}"))?,
            });
        }
        let analysis = analysis::analyse(&record, options, progress).map_err(|e| e.to_string())?;
        let (end, _) = record.replay().map_err(|e| e.to_string())?;
        let roles = (0..G::seats(&end))
            .map(|seat| G::roles(&end, Seat(seat as u8)))
            .collect();
        Ok(Analysed { analysis, roles })
    }
}

struct Live<G: Game> {
    state: G::State,
    /// Every event so far, summed by source (games with a sheet).
    sheet: Option<Box<dyn ScoreTally<G>>>,
}

impl<G: Presentation> Live<G> {
    fn legal_raw(&self) -> Vec<G::Choice> {
        let mut out = Vec::new();
        if matches!(G::turn(&self.state), Turn::Seat(_)) {
            G::legal(&self.state, &mut out);
        }
        out
    }

    fn parse_choice(&self, v: &Value) -> Result<G::Choice, ApplyError> {
        if let Some(obj) = v.as_object() {
            if obj.len() == 1 {
                if let Some(i) = obj.get("index") {
                    let i = i.as_u64().ok_or_else(|| {
                        ApplyError::Malformed("`index` must be a whole number".into())
                    })?;
                    let legal = self.legal_raw();
                    return usize::try_from(i)
                        .ok()
                        .and_then(|i| legal.get(i).copied())
                        .ok_or_else(|| {
                            ApplyError::Malformed(format!(
                                "index {i} is out of range: there are {} legal choices",
                                legal.len()
                            ))
                        });
                }
            }
        }
        serde_json::from_value::<G::Choice>(v.clone())
            .map_err(|e| ApplyError::Malformed(format!("not a choice of {}: {e}", G::NAME)))
    }

    /// Why `c`, which is not among the legal choices, is refused: the engine's
    /// text naming the rule. `Game::apply` leaves the state unchanged on an
    /// error; it is asked on a scratch copy all the same, so that an engine
    /// that wrongly accepted `c` could not change the live game unrecorded.
    fn why_illegal(&self, c: G::Choice) -> String {
        let mut scratch = self.state.clone();
        match G::apply(&mut scratch, c, &mut Vec::new()) {
            Err(e) => e.to_string(),
            Ok(()) => format!("{c:?} is not one of the legal choices now"),
        }
    }
}

impl<G: Presentation> DynState for Live<G> {
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(Live::<G> {
            state: self.state.clone(),
            sheet: self.sheet.as_ref().map(|s| s.clone_box()),
        })
    }
    fn seats(&self) -> usize {
        G::seats(&self.state)
    }
    fn turn(&self) -> Turn {
        G::turn(&self.state)
    }
    fn legal(&self) -> Vec<LegalChoice> {
        self.legal_raw()
            .into_iter()
            .enumerate()
            .map(|(index, c)| LegalChoice {
                index,
                choice: serde_json::to_value(c).unwrap_or(Value::Null),
                text: G::describe_choice(&self.state, c),
                place: G::choice_place(&self.state, c),
            })
            .collect()
    }
    fn apply(&mut self, seat: Seat, choice: &Value) -> Result<Applied, ApplyError> {
        match G::turn(&self.state) {
            Turn::Over => return Err(ApplyError::Over),
            Turn::Seat(s) if s != seat => return Err(ApplyError::NotYourTurn(seat)),
            Turn::Seat(_) => {}
        }
        let c = self.parse_choice(choice)?;
        // Only a choice the engine offers is described or applied: describing
        // an unchecked one may index out of range (a hex, corner or stack id).
        if !self.legal_raw().contains(&c) {
            return Err(ApplyError::Illegal(self.why_illegal(c)));
        }
        let text = G::describe_choice(&self.state, c);
        let public_text = G::describe_choice_for(&self.state, c, seat, None);
        // A space of the action display is no place of the board's map:
        // the log lights hexes, corners and regions.
        let place = G::choice_place(&self.state, c)
            .filter(|p| p.kind != eons_core::PlaceKind::Space)
            .map(|p| p.label);
        let mut events = Vec::new();
        let pieces_before = self.board_pieces();
        let before = self.state.clone();
        G::apply(&mut self.state, c, &mut events)
            .map_err(|e| ApplyError::Illegal(e.to_string()))?;
        let barrier = G::undo_barrier(&before, &self.state, &events);
        let changes = crate::games::changes::diff(&pieces_before, &self.board_pieces());
        if let Some(sheet) = self.sheet.as_mut() {
            events.iter().for_each(|e| sheet.record(e));
        }
        let events = events
            .iter()
            .map(|e| EventText {
                text: G::describe_event(&self.state, e),
                audience: match G::reader_of(e) {
                    Some(s) => Audience::Seat(s),
                    None => Audience::Public,
                },
                places: G::event_places(e).into_iter().map(|p| p.label).collect(),
            })
            .collect();
        Ok(Applied {
            choice: serde_json::to_value(c).map_err(|e| ApplyError::Malformed(e.to_string()))?,
            text,
            public_text,
            events,
            place,
            barrier,
            changes,
        })
    }
    fn view(&self, seat: Option<Seat>) -> SeatView {
        let v = G::view(&self.state, seat);
        let ui = match G::table_extras(&v) {
            Some(extras) => extras,
            // No drawing of its own: the game's text rendering of this same view.
            None => raw(&serde_json::json!({ "text": G::render(&v) })),
        };
        SeatView { view: raw(&v), ui }
    }
    fn scores(&self) -> Vec<i64> {
        G::scores(&self.state)
    }
    fn final_score(&self) -> Option<Value> {
        G::outcome(&self.state)?;
        let sheet = self.sheet.as_ref()?;
        serde_json::to_value(sheet.breakdown(&self.state)).ok()
    }
    fn outcome(&self) -> Option<Outcome> {
        G::outcome(&self.state)
    }
    fn prompt(&self) -> String {
        G::prompt(&self.state)
    }
    fn chapter(&self) -> Option<String> {
        G::chapter(&self.state)
    }
    fn roles(&self, seat: Seat) -> Vec<String> {
        G::roles(&self.state, seat)
    }
    fn bot_choice(&self, bot: &BotSpec, seed: u64, seat: Seat) -> Option<Value> {
        let mut b = bot.build::<G>(seed);
        let c = b.choose(&self.state, seat)?;
        serde_json::to_value(c).ok()
    }
    fn board_pieces(&self) -> Vec<Pieces> {
        G::board_pieces(&G::view(&self.state, None))
    }
    fn save(&self) -> Result<String, String> {
        let state = serde_json::to_string(&self.state).map_err(|e| e.to_string())?;
        let sheet = match &self.sheet {
            Some(s) => s.save()?,
            None => Value::Null,
        };
        Ok(format!(r#"{{"state":{state},"sheet":{sheet}}}"#))
    }
}

/// Every game the server offers: the games of `eons-games`' list, and with
/// `test_games` the tests' toy game Card Race (`demo`: hidden hands and
/// draws, from `eons-toy`), which only a build with the `test-games` feature
/// has.
pub fn registry(test_games: bool) -> Vec<Arc<dyn DynGame>> {
    /// The adapter of each game of the list.
    #[derive(Clone)]
    struct Erase;
    impl eons_games::Visitor for Erase {
        type Output = Arc<dyn DynGame>;
        fn visit<G: eons_games::Registered>(self) -> Arc<dyn DynGame> {
            Arc::new(Adapter::<G>::new())
        }
    }
    let games = eons_games::visit_each(Erase);
    #[cfg(feature = "test-games")]
    let games = {
        let mut games = games;
        if test_games {
            games.push(Arc::new(Adapter::<eons_toy::CardRace>::new()) as Arc<dyn DynGame>);
        }
        games
    };
    #[cfg(not(feature = "test-games"))]
    let _ = test_games;
    games
}

#[cfg(test)]
mod tests {
    use super::{entry_places, Audience, EventText};
    use eons_core::Seat;

    fn event(places: &[&str], audience: Audience) -> EventText {
        EventText {
            text: String::new(),
            audience,
            places: places.iter().map(|p| p.to_string()).collect(),
        }
    }

    /// A log entry names the choice's place and its readable events'
    /// places, each once; an event only one seat may read names its places
    /// to that seat alone, and a choice read otherwise than its maker read
    /// it (a secret) names no place.
    #[test]
    fn an_entry_names_only_the_places_its_reader_may_read() {
        let events = [
            event(&["D7", "E6"], Audience::Public),
            event(&["B3"], Audience::Seat(Seat(1))),
            event(&["E6"], Audience::Public),
        ];
        assert_eq!(
            entry_places(Some("D7/E6/E8"), true, &events, Some(Seat(1))),
            ["D7/E6/E8", "D7", "E6", "B3"]
        );
        assert_eq!(
            entry_places(Some("D7/E6/E8"), true, &events, Some(Seat(0))),
            ["D7/E6/E8", "D7", "E6"]
        );
        assert_eq!(entry_places(Some("C3"), false, &events, None), ["D7", "E6"]);
    }
}
