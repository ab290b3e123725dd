//! Who may create games: each client address (an IPv6 client by its /64,
//! see [`limit_key`]) may create [`TrafficLimits::games_per_hour`] games an
//! hour (a rematch counts too), and the reverse proxies the operator
//! trusts name the client behind them.

use crate::allowance::Allowance;
use crate::error::ApiError;
use crate::limits::{limit_key, TrafficLimits};
use crate::proxies::TrustedProxies;
use axum::http::HeaderMap;
use governor::Quota;
use std::net::IpAddr;
use std::num::NonZeroU32;

/// The newcomers service: the games-per-hour allowance per client address,
/// and the proxies trusted to name the client.
pub struct Newcomers {
    /// New games an hour per address.
    per_hour: u32,
    /// The allowance, per [`limit_key`].
    new_games: Allowance<IpAddr>,
    /// Reverse proxies whose `X-Forwarded-For` names the client.
    proxies: TrustedProxies,
}

impl Newcomers {
    /// The service with `traffic`'s games per hour, trusting `proxies`.
    pub fn new(traffic: TrafficLimits, proxies: TrustedProxies) -> Newcomers {
        let per_hour = NonZeroU32::new(traffic.games_per_hour).unwrap_or(NonZeroU32::MIN);
        Newcomers {
            per_hour: traffic.games_per_hour,
            new_games: Allowance::new(Quota::per_hour(per_hour)),
            proxies,
        }
    }

    /// The client of a request from `peer` with `headers`: the peer, or
    /// what a trusted proxy says (see [`TrustedProxies::client`]).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        self.proxies.client(peer, headers)
    }

    /// The proxies trusted to name the client.
    pub fn proxies(&self) -> &TrustedProxies {
        &self.proxies
    }

    /// Counts a game about to be created by client `addr`; refused (429,
    /// with the seconds to wait) when that address used up its games for
    /// the hour.
    pub fn allow_new_game(&self, addr: IpAddr) -> Result<(), ApiError> {
        let per_hour = self.per_hour;
        self.new_games.take(&limit_key(addr), || {
            format!(
                "this server allows {per_hour} new game{} per hour from one address",
                if per_hour == 1 { "" } else { "s" }
            )
        })
    }

    /// Forgets addresses whose allowance is full again.
    pub fn forget_idle(&self) {
        self.new_games.forget_idle();
    }
}
