//! Where a search finds its game's value network (`eval=net`, `net=PATH`).
//!
//! The bots are written for any [`Game`]; a network reads a
//! [`Learnable`] game's observations. A program says, once at its start,
//! which games are learnable and which networks it carries
//! ([`register`]: the `eons` program registers every game of its list,
//! with the networks built into it from the repository's `models/`), and
//! whether bot specs may name network files on disk ([`allow_files`]: the
//! command line does, so that a training generation can play with a
//! network before it is shipped; a server, whose specs come from players,
//! does not). A search then looks its game up by type ([`resolve`]).
//!
//! A spec that asks for a network its game does not have is refused by
//! [`crate::BotSpec::check`] with [`LearnedError::NoNetwork`]; a bot built
//! from it anyway answers no choice (a tournament reports it) rather than
//! playing a weaker search under a name that promises a stronger one.

use crate::net::{NetError, Observer, ValueNet};
use eons_core::{Game, Learnable};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Which network a search with `eval=net` uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NetSource {
    /// The one built into the program for the game and player count.
    Shipped,
    /// A file on disk (`net=PATH`).
    File(NetFile),
}

/// A network file named by a spec (`net=PATH`): a small handle, so that
/// specs stay `Copy`; [`NetFile::path`] gives the path back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NetFile(u32);

impl NetFile {
    /// The path as the spec gave it.
    pub fn path(self) -> PathBuf {
        PathBuf::from(self.text())
    }

    fn text(self) -> String {
        let files = files().lock().unwrap_or_else(PoisonError::into_inner);
        files
            .paths
            .get(self.0 as usize)
            .cloned()
            .unwrap_or_default()
    }
}

impl fmt::Display for NetFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// Why a search has no network.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LearnedError {
    /// Neither the program nor the spec gives one for the game and count.
    #[error("no value network for {game} with {players} players; see docs/learning.md")]
    NoNetwork {
        /// The game's id.
        game: &'static str,
        /// The player count.
        players: usize,
    },
    /// The network is not one for the game (or the file is not a network).
    #[error("value network {source_name}: {error}")]
    Refused {
        /// Where it came from: `built in` or the path.
        source_name: String,
        /// Why it was refused.
        error: NetError,
    },
    /// `net=PATH` in a program that reads no network files.
    #[error("net=PATH: this program reads no network files (the eons command line does)")]
    FilesNotAllowed,
}

/// A network ready for a search of game `G`: the network and the game's
/// observation writer.
pub struct LeafNet<G: Game> {
    /// The network.
    pub net: Arc<ValueNet>,
    /// The game's [`Learnable::observe`].
    pub observe: Observer<G>,
}

impl<G: Game> Clone for LeafNet<G> {
    fn clone(&self) -> Self {
        LeafNet {
            net: Arc::clone(&self.net),
            observe: self.observe,
        }
    }
}

impl<G: Game> fmt::Debug for LeafNet<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LeafNet({} {}p)", self.net.game(), self.net.players())
    }
}

/// A registered learnable game.
struct Entry {
    /// `Observer<G>`, behind `Any`.
    observe: Box<dyn Any + Send + Sync>,
    /// [`Learnable::observation_layout`].
    layout: LayoutFn,
    /// Shipped network bytes per player count.
    shipped: HashMap<usize, &'static [u8]>,
    /// Shipped networks read and checked so far.
    loaded: HashMap<usize, Result<Arc<ValueNet>, LearnedError>>,
    /// Networks read from files and checked for this game, per file.
    from_files: HashMap<(u32, usize), Result<Arc<ValueNet>, LearnedError>>,
}

/// A game's [`Learnable::observation_layout`].
type LayoutFn = fn(usize) -> eons_core::Layout;

#[derive(Default)]
struct Files {
    paths: Vec<String>,
}

fn games() -> &'static Mutex<HashMap<TypeId, Entry>> {
    static GAMES: OnceLock<Mutex<HashMap<TypeId, Entry>>> = OnceLock::new();
    GAMES.get_or_init(Default::default)
}

fn files() -> &'static Mutex<Files> {
    static FILES: OnceLock<Mutex<Files>> = OnceLock::new();
    FILES.get_or_init(Default::default)
}

static FILES_ALLOWED: AtomicBool = AtomicBool::new(false);

/// Registers the learnable game `G` and the networks the program carries
/// for it (`(players, safetensors bytes)`); registering a game again
/// replaces what was registered.
pub fn register<G: Learnable>(shipped: &[(usize, &'static [u8])]) {
    let observe: Observer<G> = G::observe;
    let entry = Entry {
        observe: Box::new(observe),
        layout: G::observation_layout,
        shipped: shipped.iter().copied().collect(),
        loaded: HashMap::new(),
        from_files: HashMap::new(),
    };
    games()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(TypeId::of::<G>(), entry);
}

/// Lets bot specs name network files (`net=PATH`); off unless a program
/// turns it on.
pub fn allow_files(allow: bool) {
    FILES_ALLOWED.store(allow, Ordering::Relaxed);
}

/// The handle of a `net=PATH` spec, or [`LearnedError::FilesNotAllowed`].
/// The file is read when a search first needs it ([`resolve`]).
pub fn file(path: &str) -> Result<NetFile, LearnedError> {
    if !FILES_ALLOWED.load(Ordering::Relaxed) {
        return Err(LearnedError::FilesNotAllowed);
    }
    let mut files = files().lock().unwrap_or_else(PoisonError::into_inner);
    let index = match files.paths.iter().position(|p| p == path) {
        Some(i) => i,
        None => {
            files.paths.push(path.to_string());
            files.paths.len() - 1
        }
    };
    Ok(NetFile(index as u32))
}

/// The network `source` names for game `G` with `players` seats, read and
/// checked once per program.
pub fn resolve<G: Game>(source: NetSource, players: usize) -> Result<LeafNet<G>, LearnedError> {
    let no_network = LearnedError::NoNetwork {
        game: G::ID,
        players,
    };
    // A file is read outside the registry's lock.
    let file_bytes = match source {
        NetSource::File(f) => {
            let path = f.text();
            Some((f, path.clone(), std::fs::read(&path)))
        }
        NetSource::Shipped => None,
    };
    let mut games = games().lock().unwrap_or_else(PoisonError::into_inner);
    let Some(entry) = games.get_mut(&TypeId::of::<G>()) else {
        return Err(no_network);
    };
    let Some(&observe) = entry.observe.downcast_ref::<Observer<G>>() else {
        return Err(no_network);
    };
    let layout = entry.layout;
    let net = match file_bytes {
        None => {
            let Some(&bytes) = entry.shipped.get(&players) else {
                return Err(no_network);
            };
            entry
                .loaded
                .entry(players)
                .or_insert_with(|| load_checked::<G>(bytes, players, layout, "built in"))
                .clone()?
        }
        Some((f, path, read)) => entry
            .from_files
            .entry((f.0, players))
            .or_insert_with(|| match read {
                Ok(bytes) => load_checked::<G>(&bytes, players, layout, &path),
                Err(e) => Err(LearnedError::Refused {
                    source_name: path.clone(),
                    error: NetError::Io {
                        path: path.clone(),
                        reason: e.to_string(),
                    },
                }),
            })
            .clone()?,
    };
    Ok(LeafNet { net, observe })
}

/// Reads a network and checks it against game `G` with `players` seats
/// (its id, the count, the observation's length and layout).
fn load_checked<G: Game>(
    bytes: &[u8],
    players: usize,
    layout: LayoutFn,
    source_name: &str,
) -> Result<Arc<ValueNet>, LearnedError> {
    let refused = |error: NetError| LearnedError::Refused {
        source_name: source_name.to_string(),
        error,
    };
    let net = ValueNet::from_bytes(bytes).map_err(refused)?;
    net.check_against(G::ID, players, &layout(players))
        .map_err(refused)?;
    Ok(Arc::new(net))
}
