//! The server's settings, in one place.
//!
//! [`ServerOptions`] is the one command-line surface: `eons-server` parses
//! it and `eons serve` flattens it into its own options, so both take the
//! same flags. Every setting has a flag, an environment variable and a
//! default, and only clap reads them (a flag wins over its variable, the
//! variable over the default; a bad value is clap's error naming the flag).
//! [`ServeConfig`] is what the options resolve to: plain values that
//! [`crate::serve`] runs with and tests build directly, its `Default` the
//! documented defaults without reading the environment.
//!
//! The settings' types live here too: [`limits`] (bots, traffic,
//! connections, games in memory, chat), [`proxies`] (whose
//! `X-Forwarded-For` to believe), [`public_url`] (where invite links
//! point), [`hosts`] (the host names answered) and [`webhooks`] (which
//! webhook URLs players may give).

pub mod hosts;
pub mod limits;
mod options;
pub mod proxies;
pub mod public_url;
mod serve;
pub mod webhooks;

pub use hosts::AllowedHosts;
pub use limits::{BotLimits, ChatLimits, ConnectionLimits, MemoryLimits, TrafficLimits};
pub use options::{
    ignore_environment, BotOptions, ChatOptions, ConnectionOptions, MemoryOptions, ServerOptions,
    TrafficOptions, WebhookOptions,
};
pub use proxies::TrustedProxies;
pub use public_url::PublicUrl;
pub use serve::{ServeConfig, ABSENT_AFTER, DEFAULT_ADDR, DEFAULT_BOT_PACE, DEFAULT_DATABASE};
pub use webhooks::{WebhookMode, WebhookPorts};
