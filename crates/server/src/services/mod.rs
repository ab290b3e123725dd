//! The server's services: each owns one concern, its state and its limits
//! (the map is at the top of `crates/server/README.md`).
//!
//! [`Services`] is the application state every HTTP handler gets. Its
//! fields are the services; a service's own state is private to its
//! module, so one service reaches another only through its methods. The
//! live games ([`live`]) are the move pipeline: a committed move is
//! published once as a [`live::events::Committed`] event, which the pushes,
//! the bots and clocks, the webhooks, the ratings and the snapshots take up
//! (see [`live::events`]).
//!
//! [`Settings`] are the services' part of the server's configuration
//! ([`crate::ServeConfig`]: the rest is where to listen, which database and
//! the edge's limits).

pub mod bots;
pub mod chat;
pub mod clock;
pub mod devices;
pub mod live;
pub mod newcomers;
pub mod profiles;
pub mod reads;
pub mod snapshots;
pub mod webhooks;

use crate::games::DynGame;
use crate::limits::{BotLimits, ChatLimits, MemoryLimits, TrafficLimits};
use crate::proxies::TrustedProxies;
use crate::services::live::sockets::Sockets;
use crate::services::live::LiveGames;
use crate::store::Store;
use crate::PublicUrl;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Everything a [`Services`] is built from: the settings of every service.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Delay before each bot decision.
    pub bot_pace: Duration,
    /// The most a bot decision may cost, and the bot pool's size.
    pub bot_limits: BotLimits,
    /// New games per address, open sockets.
    pub traffic: TrafficLimits,
    /// Reverse proxies whose `X-Forwarded-For` names the client.
    pub proxies: TrustedProxies,
    /// When idle games leave memory, how often snapshots are stored.
    pub memory: MemoryLimits,
    /// The chat's caps and rates.
    pub chat: ChatLimits,
    /// Which webhook URLs players may give.
    pub webhooks: webhooks::WebhookMode,
    /// The ports a public webhook URL may name.
    pub webhook_ports: webhooks::WebhookPorts,
    /// How long the seat to move must have been deciding before the others
    /// may vote it away.
    pub absent_after: Duration,
    /// Where other people reach the server, when the operator said so.
    pub public_url: Option<PublicUrl>,
    /// The address the server is bound to (links fall back to it).
    pub bound: Option<SocketAddr>,
}

impl Default for Settings {
    /// The documented defaults (nothing read from the environment), bound
    /// nowhere.
    fn default() -> Settings {
        Settings {
            bot_pace: crate::config::DEFAULT_BOT_PACE,
            bot_limits: BotLimits::default(),
            traffic: TrafficLimits::default(),
            proxies: TrustedProxies::default(),
            memory: MemoryLimits::default(),
            chat: ChatLimits::default(),
            webhooks: webhooks::WebhookMode::default(),
            webhook_ports: webhooks::WebhookPorts::default(),
            absent_after: clock::ABSENT_AFTER,
            public_url: None,
            bound: None,
        }
    }
}

/// The application: storage, the game kinds and every service.
pub struct Services {
    /// The database (every service stores through it).
    pub store: Store,
    /// Game kinds by id.
    pub kinds: Vec<Arc<dyn DynGame>>,
    /// The games in memory and their move pipeline.
    pub live: LiveGames,
    /// Open WebSockets, counted against their caps.
    pub sockets: Sockets,
    /// Who may create games: the games-per-hour allowance per address and
    /// the proxies trusted to name the client.
    pub newcomers: newcomers::Newcomers,
    /// The bots: one pool of search threads, fair across creators, their
    /// pace, their limits and (PostgreSQL) the game leases.
    pub bots: bots::Bots,
    /// Clocks, away votes and the stand-ins of away seats.
    pub clocks: clock::Clocks,
    /// Chat: caps, rates and writers' allowances.
    pub chat: chat::Chat,
    /// "Your turn" POSTs to the players' webhooks.
    pub webhooks: webhooks::Webhooks,
    /// Replays, logs and records: built off the async workers, within each
    /// client address's allowance.
    pub reads: reads::CostlyReads,
    /// Snapshots of long games, stored off the move path.
    pub snapshots: snapshots::Snapshots,
    /// Where other people reach the server (invite and webhook links).
    pub links: Links,
}

/// Where other people reach this server: the operator's public URL, else
/// the bound address.
#[derive(Clone, Debug, Default)]
pub struct Links {
    /// The public URL the operator gave.
    pub public_url: Option<PublicUrl>,
    /// The address the server is bound to.
    pub bound: Option<SocketAddr>,
}

impl Services {
    /// The services over a store, with `settings`.
    pub fn new(store: Store, kinds: Vec<Arc<dyn DynGame>>, settings: Settings) -> Arc<Services> {
        let postgres = store.is_postgres();
        Arc::new(Services {
            store,
            kinds,
            live: LiveGames::new(settings.memory),
            sockets: Sockets::new(settings.traffic),
            newcomers: newcomers::Newcomers::new(settings.traffic, settings.proxies),
            bots: bots::Bots::new(settings.bot_pace, settings.bot_limits, postgres),
            clocks: clock::Clocks::new(settings.absent_after),
            chat: chat::Chat::new(settings.chat),
            webhooks: webhooks::Webhooks::new(settings.webhooks, settings.webhook_ports),
            reads: reads::CostlyReads::default(),
            snapshots: snapshots::Snapshots::new(settings.memory.snapshot_every),
            links: Links {
                public_url: settings.public_url,
                bound: settings.bound,
            },
        })
    }

    /// The game kind with this id.
    pub fn kind(&self, id: &str) -> Option<Arc<dyn DynGame>> {
        self.kinds.iter().find(|k| k.id() == id).cloned()
    }

    /// Forgets the addresses and writers whose allowances are full again
    /// (run now and then, so no table keeps every address ever seen).
    pub fn forget_idle_addresses(&self) {
        self.newcomers.forget_idle();
        self.chat.forget_idle();
        self.reads.forget_idle();
        self.live.forget_idle();
    }
}
