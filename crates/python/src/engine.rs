//! One live game of any of the three engines behind one object-safe
//! interface over action ids ([`Engine`]), so that the Python classes hold
//! `Box<dyn Engine>` and never name a game. [`open`] builds one from a
//! game's name, [`from_record`] from a record `eons replay` reads.

use eons_bots::{Bot, BotSpec};
use eons_core::{
    ActionId, ActionSpace, Game, Layout, Learnable, Record, RecordedChoice, Seat, Turn,
};
use eons_games::{Registered, Visitor};
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A bot held between decisions: its spec, its seed and, once it has
/// decided, the bot itself (for one game type; another game type builds a
/// new one).
pub struct BotSlot {
    /// What bot.
    pub spec: BotSpec,
    /// Its seed.
    pub seed: u64,
    /// The bot, as a `Box<dyn Bot<G>>` of the game it last played.
    bot: Option<Box<dyn Any + Send>>,
}

impl BotSlot {
    /// A bot not yet built.
    pub fn new(spec: BotSpec, seed: u64) -> BotSlot {
        BotSlot {
            spec,
            seed,
            bot: None,
        }
    }
}

/// A live game seen through action ids.
pub trait Engine: Send + Sync {
    /// The game's id (`ds`, `marine`, `pangea`).
    fn game_id(&self) -> &'static str;
    /// Seats at the table.
    fn players(&self) -> usize;
    /// The size of the action space.
    fn num_actions(&self) -> usize;
    /// The observation's sections.
    fn layout(&self) -> &Layout;
    /// The seat to move, or None once the game is over.
    fn current(&self) -> Option<usize>;
    /// The legal action ids, ascending, into `out` (cleared first).
    fn legal(&self, out: &mut Vec<u32>);
    /// The legal action ids, ascending, into `out` (cleared first),
    /// reusing the game's own scratch list: the batches' path.
    fn legal_ids(&mut self, out: &mut Vec<u32>) {
        self.listed_ids(out);
        out.sort_unstable();
    }
    /// The legal action ids in the order the engine lists the choices,
    /// into `out` (cleared first): for a mask, where order does not count.
    fn listed_ids(&mut self, out: &mut Vec<u32>);
    /// 1 at each legal action of `out` (of length [`Engine::num_actions`]),
    /// 0 elsewhere.
    fn mask(&self, out: &mut [u8]);
    /// Plays action `id` for the seat to move.
    fn apply(&mut self, id: u32) -> Result<(), String>;
    /// Plays a choice given as the engine's JSON (as records spell it);
    /// returns its action id.
    fn apply_json(&mut self, choice: &str) -> Result<u32, String>;
    /// Writes `seat`'s observation into `out`.
    fn observe(&self, seat: usize, out: &mut [f32]);
    /// Writes `seat`'s observation into `out`, the caller's buffer number
    /// `buffer`, which holds what the last call with that number wrote (or
    /// anything, after [`Engine::forget_observations`] or before a first
    /// call): only the parts that changed are rewritten
    /// (`Learnable::observe_again`). A batch numbers a game's rows this
    /// way: one buffer for the seat to move, or one per seat.
    fn observe_again(&mut self, buffer: usize, seat: usize, out: &mut [f32]);
    /// Forgets what the observations written in place hold: the next ones
    /// are written whole.
    fn forget_observations(&mut self);
    /// The compact observation's slots for `observer`: the animals in the
    /// game ordered by seat from it (`eons_core::compact::slot_order`).
    fn slot_order(&self, observer: usize) -> Vec<usize>;
    /// True when the game rewrites observations in place
    /// ([`Engine::observe_again`]); false when it writes them whole every
    /// time (its memory holds nothing), so a batch may as well hand its
    /// buffer over and write a fresh one.
    fn observes_in_place(&self) -> bool;
    /// 1 for the winner (the game's own tie-breaks decide) and 0 for the
    /// others once the game is over; 0 for all before.
    fn returns(&self) -> Vec<f64>;
    /// Each seat's score so far (VP).
    fn scores(&self) -> Vec<i64>;
    /// The outcome as JSON (`{"scores": …, "ranking": …}`), once over.
    fn outcome_json(&self) -> Option<String>;
    /// What `seat` sees (None: a spectator), as JSON.
    fn view_json(&self, seat: Option<usize>) -> String;
    /// The action as the log reads it when it is legal now (with its
    /// choice as JSON after it when another legal action reads the same),
    /// else the choice as JSON; None for an id out of range.
    fn action_to_string(&self, id: u32) -> Option<String>;
    /// The choice of an action id as JSON.
    fn action_json(&self, id: u32) -> Option<String>;
    /// The game's [`Learnable::ACTION_TARGET_FIELDS`].
    fn action_target_fields(&self) -> &'static [&'static str];
    /// How the action `id`, made now by the seat to move, reads to `viewer`
    /// (`None`: a spectator): the engine's per-viewer text, which names
    /// only what the viewer may know (a secret draft pick reads as "a
    /// card"). None when the game is over or `id` is out of range.
    fn action_seen_by(&self, id: u32, viewer: Option<usize>) -> Option<String>;
    /// The record of the game so far (what `eons replay` reads), or why
    /// there is none.
    fn record_json(&self) -> Result<String, String>;
    /// The action ids played so far.
    fn history(&self) -> Vec<u32>;
    /// The seed the game started from.
    fn seed(&self) -> u64;
    /// A copy.
    fn clone_box(&self) -> Box<dyn Engine>;
    /// A copy in which what `seat` has not seen is re-drawn from `seed`.
    fn determinize(&self, seat: usize, seed: u64) -> Box<dyn Engine>;
    /// The bot's choice for the seat to move (None once over).
    fn bot_choose(&self, slot: &mut BotSlot) -> Result<Option<u32>, String>;
    /// Starts the same setup again from `seed`.
    fn reset(&mut self, seed: u64) -> Result<(), String>;
    /// The whole game (state, its hidden information and its generator
    /// included, and the record) as JSON, for pickling: [`from_snapshot`]
    /// reads it back.
    fn snapshot(&self) -> Result<String, String>;
    /// Plays one legal action drawn with `pick` (given the number of legal
    /// choices, an index below it), for random play and batch sampling.
    /// Returns whether the game is now over.
    fn random_step(&mut self, pick: &mut dyn FnMut(usize) -> usize) -> Result<bool, String>;
    /// The id of the legal action `pick` draws (as [`Engine::random_step`]
    /// would), without playing it.
    fn random_action(&mut self, pick: &mut dyn FnMut(usize) -> usize) -> Option<u32>;
}

/// The action space and layout of one game and player count, shared by
/// every live game of that kind.
struct Shape<G: Learnable> {
    space: ActionSpace<G>,
    layout: Layout,
}

/// The shapes built so far, per game and player count (an action space of
/// Dominant Species has thousands of entries: build it once).
fn shape<G: Learnable>(players: usize) -> Arc<Shape<G>> {
    type Cache = Mutex<HashMap<(&'static str, usize), Arc<dyn Any + Send + Sync>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = match cache.lock() {
        Ok(m) => m,
        Err(poisoned) => poisoned.into_inner(),
    };
    let entry = map.entry((G::ID, players)).or_insert_with(|| {
        Arc::new(Shape::<G> {
            space: ActionSpace::new(players),
            layout: G::observation_layout(players),
        })
    });
    match Arc::clone(entry).downcast::<Shape<G>>() {
        Ok(shape) => shape,
        // Only this function inserts, always a Shape<G> under G::ID.
        Err(_) => Arc::new(Shape::<G> {
            space: ActionSpace::new(players),
            layout: G::observation_layout(players),
        }),
    }
}

/// A live game of `G`.
struct Live<G: Learnable> {
    shape: Arc<Shape<G>>,
    setup: G::Setup,
    state: G::State,
    record: Record<G>,
    /// False for a determinized copy, whose past no record replays.
    recorded: bool,
    events: Vec<G::Event>,
    /// Scratch for the legal choices; while `listed`, those of the state
    /// as it is now.
    legal: Vec<G::Choice>,
    /// `legal` holds the legal choices of the state as it is: set when
    /// they are listed, cleared whenever the state changes, so that a
    /// batch's step lists them once for its masks and the sampling after.
    listed: bool,
    /// Per buffer, what the last observation written in place into it
    /// ([`Engine::observe_again`]) remembers.
    memories: Vec<G::ObservationMemory>,
}

impl<G: Learnable> Live<G> {
    fn new(setup: G::Setup, seed: u64) -> Result<Live<G>, String> {
        let state = G::new(&setup, seed).map_err(|e| e.to_string())?;
        let players = G::seats(&state);
        Ok(Live {
            shape: shape::<G>(players),
            record: Record::new(setup.clone(), seed),
            setup,
            state,
            recorded: true,
            events: Vec::new(),
            legal: Vec::new(),
            listed: false,
            memories: Vec::new(),
        })
    }

    fn id_of(&self, c: &G::Choice) -> Result<u32, String> {
        self.shape
            .space
            .id(c)
            .map(|id| id.0)
            .ok_or_else(|| format!("{c:?} is not in the action space of {}", G::NAME))
    }

    fn play(&mut self, choice: G::Choice) -> Result<(), String> {
        let Turn::Seat(seat) = G::turn(&self.state) else {
            return Err("the game is over".to_string());
        };
        self.events.clear();
        self.listed = false;
        G::apply(&mut self.state, choice, &mut self.events).map_err(|e| e.to_string())?;
        self.record.choices.push(RecordedChoice { seat, choice });
        Ok(())
    }
}

impl<G: Learnable> Engine for Live<G>
where
    G::Choice: 'static,
{
    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn players(&self) -> usize {
        G::seats(&self.state)
    }

    fn num_actions(&self) -> usize {
        self.shape.space.len()
    }

    fn layout(&self) -> &Layout {
        &self.shape.layout
    }

    fn current(&self) -> Option<usize> {
        match G::turn(&self.state) {
            Turn::Seat(s) => Some(s.index()),
            Turn::Over => None,
        }
    }

    fn legal(&self, out: &mut Vec<u32>) {
        out.clear();
        let mut choices = Vec::new();
        G::legal(&self.state, &mut choices);
        out.extend(
            choices
                .iter()
                .filter_map(|c| self.shape.space.id(c))
                .map(|id| id.0),
        );
        out.sort_unstable();
    }

    fn listed_ids(&mut self, out: &mut Vec<u32>) {
        out.clear();
        let mut legal = std::mem::take(&mut self.legal);
        legal.clear();
        G::legal(&self.state, &mut legal);
        let space = &self.shape.space;
        out.extend(legal.iter().filter_map(|c| space.id(c)).map(|id| id.0));
        self.legal = legal;
        self.listed = true;
    }

    fn mask(&self, out: &mut [u8]) {
        out.fill(0);
        let mut choices = Vec::new();
        G::legal(&self.state, &mut choices);
        for c in &choices {
            if let Some(slot) = self
                .shape
                .space
                .id(c)
                .and_then(|id| out.get_mut(id.index()))
            {
                *slot = 1;
            }
        }
    }

    fn apply(&mut self, id: u32) -> Result<(), String> {
        let choice = self.shape.space.choice(ActionId(id)).ok_or_else(|| {
            format!(
                "action {id} is out of range: {} has actions 0 to {}",
                G::NAME,
                self.shape.space.len().saturating_sub(1)
            )
        })?;
        self.play(choice)
    }

    fn apply_json(&mut self, choice: &str) -> Result<u32, String> {
        let choice: G::Choice = serde_json::from_str(choice)
            .map_err(|e| format!("not a choice of {}: {e}", G::NAME))?;
        let id = self.id_of(&choice)?;
        self.play(choice)?;
        Ok(id)
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        G::observe(&self.state, Seat(seat as u8), out);
    }

    fn observe_again(&mut self, buffer: usize, seat: usize, out: &mut [f32]) {
        if self.memories.len() <= buffer {
            self.memories.resize_with(buffer + 1, Default::default);
        }
        G::observe_again(
            &self.state,
            Seat(seat as u8),
            &mut self.memories[buffer],
            out,
        );
    }

    fn forget_observations(&mut self) {
        self.memories.clear();
    }

    fn slot_order(&self, observer: usize) -> Vec<usize> {
        eons_core::compact::slot_order::<G>(&self.state, Seat(observer as u8))
    }

    fn observes_in_place(&self) -> bool {
        // A memory of no size can remember nothing of a buffer.
        std::mem::size_of::<G::ObservationMemory>() != 0
    }

    fn returns(&self) -> Vec<f64> {
        let mut r = vec![0.0; self.players()];
        if let Some(w) = G::outcome(&self.state).and_then(|o| o.winner()) {
            if let Some(slot) = r.get_mut(w.index()) {
                *slot = 1.0;
            }
        }
        r
    }

    fn scores(&self) -> Vec<i64> {
        G::scores(&self.state)
    }

    fn outcome_json(&self) -> Option<String> {
        G::outcome(&self.state).and_then(|o| serde_json::to_string(&o).ok())
    }

    fn view_json(&self, seat: Option<usize>) -> String {
        let view = G::view(&self.state, seat.map(|s| Seat(s as u8)));
        serde_json::to_string(&view).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    fn action_to_string(&self, id: u32) -> Option<String> {
        let choice = self.shape.space.choice(ActionId(id))?;
        let mut legal = Vec::new();
        G::legal(&self.state, &mut legal);
        if !legal.contains(&choice) {
            return serde_json::to_string(&choice).ok();
        }
        let text = G::describe_choice(&self.state, choice);
        // Two legal choices may read alike (two circles of Marine holding
        // the same element); an action's name must tell them apart.
        let alike = legal
            .iter()
            .filter(|&&c| c != choice && G::describe_choice(&self.state, c) == text)
            .count();
        if alike == 0 {
            Some(text)
        } else {
            let spelled = serde_json::to_string(&choice).unwrap_or_default();
            Some(format!("{text} [{spelled}]"))
        }
    }

    fn action_json(&self, id: u32) -> Option<String> {
        let choice = self.shape.space.choice(ActionId(id))?;
        serde_json::to_string(&choice).ok()
    }

    fn action_target_fields(&self) -> &'static [&'static str] {
        G::ACTION_TARGET_FIELDS
    }

    fn action_seen_by(&self, id: u32, viewer: Option<usize>) -> Option<String> {
        let choice = self.shape.space.choice(ActionId(id))?;
        let Turn::Seat(actor) = G::turn(&self.state) else {
            return None;
        };
        let viewer = viewer.map(|v| Seat(v as u8));
        Some(G::describe_choice_for(&self.state, choice, actor, viewer))
    }

    fn record_json(&self) -> Result<String, String> {
        if !self.recorded {
            return Err("a determinized copy has no record: its past is not the game's".into());
        }
        serde_json::to_string(&self.record).map_err(|e| e.to_string())
    }

    fn history(&self) -> Vec<u32> {
        self.record
            .choices
            .iter()
            .filter_map(|c| self.shape.space.id(&c.choice))
            .map(|id| id.0)
            .collect()
    }

    fn seed(&self) -> u64 {
        self.record.seed
    }

    fn clone_box(&self) -> Box<dyn Engine> {
        Box::new(Live::<G> {
            shape: Arc::clone(&self.shape),
            setup: self.setup.clone(),
            state: self.state.clone(),
            record: copy_record(&self.record),
            recorded: self.recorded,
            events: Vec::new(),
            legal: Vec::new(),
            listed: false,
            memories: Vec::new(),
        })
    }

    fn determinize(&self, seat: usize, seed: u64) -> Box<dyn Engine> {
        Box::new(Live::<G> {
            shape: Arc::clone(&self.shape),
            setup: self.setup.clone(),
            state: G::determinize(&self.state, Seat(seat as u8), seed),
            record: copy_record(&self.record),
            recorded: false,
            events: Vec::new(),
            legal: Vec::new(),
            listed: false,
            memories: Vec::new(),
        })
    }

    fn bot_choose(&self, slot: &mut BotSlot) -> Result<Option<u32>, String> {
        let Turn::Seat(seat) = G::turn(&self.state) else {
            return Ok(None);
        };
        let fits = slot.bot.as_ref().is_some_and(|b| b.is::<Box<dyn Bot<G>>>());
        if !fits {
            slot.bot = Some(Box::new(slot.spec.build::<G>(slot.seed)));
        }
        let Some(bot) = slot
            .bot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Box<dyn Bot<G>>>())
        else {
            return Err("the bot could not be built".into());
        };
        match bot.choose(&self.state, seat) {
            Some(c) => self.id_of(&c).map(Some),
            None => Err(format!("{} returned no choice", bot.name())),
        }
    }

    fn reset(&mut self, seed: u64) -> Result<(), String> {
        self.listed = false;
        self.state = G::new(&self.setup, seed).map_err(|e| e.to_string())?;
        self.record = Record::new(self.setup.clone(), seed);
        self.recorded = true;
        Ok(())
    }

    fn snapshot(&self) -> Result<String, String> {
        let snapshot = Snapshot::<G> {
            game: G::ID.to_string(),
            state: self.state.clone(),
            record: copy_record(&self.record),
            recorded: self.recorded,
        };
        serde_json::to_string(&snapshot).map_err(|e| e.to_string())
    }

    fn random_step(&mut self, pick: &mut dyn FnMut(usize) -> usize) -> Result<bool, String> {
        self.listed = false;
        let mut legal = std::mem::take(&mut self.legal);
        legal.clear();
        G::legal(&self.state, &mut legal);
        let result = match (legal.get(pick(legal.len().max(1))), G::turn(&self.state)) {
            (Some(&choice), Turn::Seat(seat)) => {
                // Listed by `legal` just now: the search bots' path.
                self.events.clear();
                G::apply_listed(&mut self.state, choice, &mut self.events)
                    .map(|()| self.record.choices.push(RecordedChoice { seat, choice }))
                    .map_err(|e| e.to_string())
            }
            _ => Err("no legal choice".to_string()),
        };
        self.legal = legal;
        result.map(|()| matches!(G::turn(&self.state), Turn::Over))
    }

    fn random_action(&mut self, pick: &mut dyn FnMut(usize) -> usize) -> Option<u32> {
        let mut legal = std::mem::take(&mut self.legal);
        if !self.listed {
            legal.clear();
            G::legal(&self.state, &mut legal);
            self.listed = true;
        }
        let id = legal
            .get(pick(legal.len().max(1)))
            .and_then(|c| self.shape.space.id(c))
            .map(|id| id.0);
        self.legal = legal;
        id
    }
}

/// A whole live game as [`Engine::snapshot`] writes it.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(bound = "")]
struct Snapshot<G: Learnable> {
    game: String,
    state: G::State,
    record: Record<G>,
    recorded: bool,
}

fn restore<G: Learnable>(text: &str) -> Result<Box<dyn Engine>, String> {
    // Straight from the text: a `serde_json::Value` cannot hold the
    // generator's 128-bit state.
    let snapshot: Snapshot<G> =
        serde_json::from_str(text).map_err(|e| format!("not a {} snapshot: {e}", G::NAME))?;
    let players = G::seats(&snapshot.state);
    Ok(Box::new(Live::<G> {
        shape: shape::<G>(players),
        setup: snapshot.record.setup.clone(),
        state: snapshot.state,
        record: snapshot.record,
        recorded: snapshot.recorded,
        events: Vec::new(),
        legal: Vec::new(),
        listed: false,
        memories: Vec::new(),
    }))
}

/// The game a snapshot ([`Engine::snapshot`]) holds.
pub fn from_snapshot(text: &str) -> Result<Box<dyn Engine>, String> {
    /// The part of a snapshot that names its game.
    #[derive(serde::Deserialize)]
    struct Head {
        game: String,
    }
    let head: Head =
        serde_json::from_str(text).map_err(|e| format!("a snapshot names its game: {e}"))?;
    /// [`restore`] for the game the snapshot names.
    struct Restore<'a>(&'a str);
    impl Visitor for Restore<'_> {
        type Output = Result<Box<dyn Engine>, String>;
        fn visit<G: Registered>(self) -> Self::Output {
            restore::<G>(self.0)
        }
    }
    visit(canonical(&head.game)?, Restore(text))
}

/// A copy of a record (`Record<G>` is `Clone` only for a `Clone` game
/// type, which the engines' unit structs need not be).
fn copy_record<G: Game>(record: &Record<G>) -> Record<G> {
    Record {
        game: record.game.clone(),
        setup: record.setup.clone(),
        seed: record.seed,
        choices: record
            .choices
            .iter()
            .map(|c| RecordedChoice {
                seat: c.seat,
                choice: c.choice,
            })
            .collect(),
    }
}

/// The canonical id of a game name (`ds` for `dominant-species`…): the
/// games and their other names are `eons-games`' list.
pub fn canonical(name: &str) -> Result<&'static str, String> {
    eons_games::canonical(name).ok_or_else(|| {
        let ids: Vec<&str> = eons_games::kinds().iter().map(|k| k.id).collect();
        format!("unknown game `{name}`: the games are {}", ids.join(", "))
    })
}

/// Runs `visitor` with the game of the canonical id `id` ([`canonical`]).
pub fn visit<T, V: Visitor<Output = Result<T, String>>>(id: &str, visitor: V) -> Result<T, String> {
    eons_games::visit(id, visitor).unwrap_or_else(|_| Err(format!("unknown game `{id}`")))
}

fn open_game<G: Learnable>(
    players: usize,
    options: &[String],
    seed: u64,
) -> Result<Box<dyn Engine>, String> {
    let setup = G::setup(players, options).map_err(|e| e.to_string())?;
    Ok(Box::new(Live::<G>::new(setup, seed)?))
}

/// A new game of `name` (an id or another name: [`canonical`]).
pub fn open(
    name: &str,
    players: usize,
    options: &[String],
    seed: u64,
) -> Result<Box<dyn Engine>, String> {
    /// [`open_game`] for the game named.
    struct Open<'a>(usize, &'a [String], u64);
    impl Visitor for Open<'_> {
        type Output = Result<Box<dyn Engine>, String>;
        fn visit<G: Registered>(self) -> Self::Output {
            open_game::<G>(self.0, self.1, self.2)
        }
    }
    visit(canonical(name)?, Open(players, options, seed))
}

fn replay<G: Learnable>(record: serde_json::Value) -> Result<Box<dyn Engine>, String> {
    let record: Record<G> =
        serde_json::from_value(record).map_err(|e| format!("not a {} record: {e}", G::NAME))?;
    let (state, _) = record.replay().map_err(|e| e.to_string())?;
    let players = G::seats(&state);
    Ok(Box::new(Live::<G> {
        shape: shape::<G>(players),
        setup: record.setup.clone(),
        state,
        record,
        recorded: true,
        events: Vec::new(),
        legal: Vec::new(),
        listed: false,
        memories: Vec::new(),
    }))
}

/// The game a record (JSON, as `eons replay` reads it; a tournament line's
/// `"tournament"` entry is ignored) replays to, every choice checked.
pub fn from_record(text: &str) -> Result<Box<dyn Engine>, String> {
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("a record is JSON: {e}"))?;
    if let Some(map) = value.as_object_mut() {
        map.remove("tournament");
    }
    let game = value
        .get("game")
        .and_then(|g| g.as_str())
        .ok_or("a record names its game (`\"game\": \"ds\"`)")?
        .to_string();
    /// [`replay`] for the game the record names.
    struct Replay(serde_json::Value);
    impl Visitor for Replay {
        type Output = Result<Box<dyn Engine>, String>;
        fn visit<G: Registered>(self) -> Self::Output {
            replay::<G>(self.0)
        }
    }
    visit(canonical(&game)?, Replay(value))
}
