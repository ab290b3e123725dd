//! Webhooks: "your turn" for players who are not at the table.
//!
//! Off unless the server is started with `--webhooks public` (URLs whose
//! host resolves only to public addresses, on ports 80 and 443 unless
//! `--webhook-ports` allows others) or `--webhooks any` (loopback and
//! private networks too, any port: a LAN, a test). A human seat's player may
//! then give a URL (`POST /api/games/{id}/webhook {url}` with the seat's
//! token); when the turn passes to that seat, the process that committed the
//! move POSTs to it a small JSON that Discord and Slack webhooks both accept
//! (`content` is Discord's text, `text` Slack's; the other fields are for
//! any other receiver):
//!
//! ```json
//! {"content": "Your move in Dominant Species (game 3f2a…): …", "text": "…",
//!  "game": "3f2a…", "game_name": "Dominant Species", "seat": 0,
//!  "player": "Ann", "link": "https://eons.example.org/play/3f2a…"}
//! ```
//!
//! **Public addresses.** An address is public unless it is in one of the
//! special-purpose blocks of IANA's registries ([`SPECIAL_IPV4`],
//! [`SPECIAL_IPV6`]), and an IPv6 address must also be global unicast
//! (2000::/3). An IPv4 address written as IPv6 (IPv4-mapped `::ffff:0:0/96`,
//! or through the well-known NAT64 prefix `64:ff9b::/96` that a DNS64
//! network answers with) is judged by its IPv4 address; every other form that
//! carries an IPv4 address (IPv4-compatible `::/96`, 6to4 `2002::/16`,
//! Teredo `2001::/32`, local NAT64 `64:ff9b:1::/48`) is refused outright.
//!
//! **Sending.** A delivery never holds up a move: it is queued (the queue
//! holds [`QUEUE`]; beyond, a delivery is dropped, counted in
//! `eons_webhooks_dropped_total` and logged) and sent by one sender that
//! makes at most [`CONCURRENCY`] requests at once, at most [`PER_TARGET`] to
//! one target (a scheme, host and port) and keeps at most [`TARGET_QUEUE`]
//! waiting for one target (beyond, dropped the same way), so a receiver
//! that never answers holds a few connections and no more. Each attempt
//! has [`ATTEMPT_TIMEOUT`]; after a failure (an error, a timeout or a status
//! other than 2xx) its target backs off, 1 s after its first failure in a
//! row, then 2, 4 … up to [`MAX_BACK_OFF`] (a success ends it): every delivery
//! to it waits that out, and a delivery is tried [`ATTEMPTS`] times, then
//! given up with a warning. The URL is a secret of its seat: no view shows
//! it to anyone else, and logs never print it (they name the game).

pub mod public_address;
mod sender;

use crate::error::ApiError;
use crate::services::live::{GameHandle, LiveGame};
use crate::services::Services;
use eons_core::{Seat, Turn};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::mpsc;

/// Deliveries waiting to be sent, at most.
pub const QUEUE: usize = 10_000;
/// The longest one attempt may take.
pub const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);
/// Attempts per delivery (the first and its retries).
pub const ATTEMPTS: u32 = 5;
/// Requests in flight at once, to all targets together.
pub const CONCURRENCY: usize = 16;
/// Requests in flight at once to one target (a scheme, host and port).
pub const PER_TARGET: usize = 4;
/// Deliveries for one target waiting or in flight, at most.
pub const TARGET_QUEUE: usize = 64;
/// The longest a target that keeps failing is left alone.
pub const MAX_BACK_OFF: Duration = Duration::from_secs(60);
/// The longest webhook URL taken.
const MAX_URL_BYTES: usize = 2048;
pub use crate::config::webhooks::{WebhookMode, WebhookPorts, DEFAULT_PORTS};
pub use crate::services::webhooks::public_address::{public, SPECIAL_IPV4, SPECIAL_IPV6};

/// A URL checked against the default ports: see [`check_url_on`].
pub async fn check_url(mode: WebhookMode, url: &str) -> Result<reqwest::Url, ApiError> {
    check_url_on(mode, &WebhookPorts::default(), url).await
}

/// A URL checked: http(s), a host, at most [`MAX_URL_BYTES`]; in
/// [`WebhookMode::Public`], a port of `ports` and a host that resolves to
/// public addresses only.
pub async fn check_url_on(
    mode: WebhookMode,
    ports: &WebhookPorts,
    url: &str,
) -> Result<reqwest::Url, ApiError> {
    let refuse = |why: &str| ApiError::BadRequest(format!("webhook URL: {why}"));
    if mode == WebhookMode::Off {
        return Err(ApiError::Forbidden(
            "this server sends no webhooks (its operator can allow them: --webhooks public)".into(),
        ));
    }
    if url.len() > MAX_URL_BYTES {
        return Err(refuse("too long"));
    }
    let parsed = reqwest::Url::parse(url.trim()).map_err(|_| refuse("not a URL"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(refuse("it must start with https:// or http://"));
    }
    let Some(host) = parsed.host_str() else {
        return Err(refuse("it names no host"));
    };
    if mode == WebhookMode::Public {
        let port = parsed.port_or_known_default().unwrap_or(443);
        if !ports.allows(port) {
            return Err(refuse(&format!(
                "port {port} is not one this server sends webhooks to ({})",
                ports
                    .0
                    .iter()
                    .map(u16::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let addrs: Vec<IpAddr> = tokio::net::lookup_host((host, port))
            .await
            .map_err(|_| refuse("its host does not resolve"))?
            .map(|a| a.ip())
            .collect();
        if addrs.is_empty() || !addrs.iter().copied().all(public) {
            return Err(refuse(
                "its host is not on a public address (this server sends webhooks only there)",
            ));
        }
    }
    Ok(parsed)
}

/// One "your turn" to send.
#[derive(Debug)]
pub struct Delivery {
    /// The game (for the logs).
    pub game: String,
    /// Where to.
    pub url: String,
    /// The JSON body.
    pub body: serde_json::Value,
}

/// The server's webhook sender.
pub struct Webhooks {
    /// Which URLs are allowed.
    mode: WebhookMode,
    /// Which ports a public URL may name.
    ports: WebhookPorts,
    /// The queue to the sender (started on first use).
    queue: OnceLock<mpsc::Sender<Delivery>>,
    /// Deliveries dropped because the queue was full.
    dropped: AtomicU64,
}

impl Webhooks {
    /// A sender of the URLs `mode` allows, public ones on `ports`.
    pub fn new(mode: WebhookMode, ports: WebhookPorts) -> Webhooks {
        Webhooks {
            mode,
            ports,
            queue: OnceLock::new(),
            dropped: AtomicU64::new(0),
        }
    }

    /// Which URLs are allowed.
    pub fn mode(&self) -> WebhookMode {
        self.mode
    }

    /// The ports a public URL may name.
    pub fn ports(&self) -> WebhookPorts {
        self.ports.clone()
    }

    /// `url` checked against this server's mode and ports (see [`check_url_on`]).
    pub async fn check(&self, url: &str) -> Result<reqwest::Url, ApiError> {
        check_url_on(self.mode(), &self.ports(), url).await
    }

    /// Queues `d`; never waits (a full queue drops it, counted and logged).
    pub fn send(&self, d: Delivery) {
        let mode = self.mode();
        if mode == WebhookMode::Off {
            return;
        }
        let queue = self.queue.get_or_init(|| {
            let (tx, rx) = mpsc::channel(QUEUE);
            tokio::spawn(sender::deliver_all(rx, mode, self.ports()));
            tx
        });
        if queue.try_send(d).is_err() {
            let dropped = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            metrics::counter!(crate::metric_names::WEBHOOKS_DROPPED, "reason" => "queue_full")
                .increment(1);
            // A warning for the 1st, 2nd, 4th, 8th… drop: a full queue
            // under attack does not flood the log too.
            if dropped.is_power_of_two() {
                tracing::warn!(dropped, "webhook dropped: the queue is full");
            }
        }
    }
}

/// "Your turn" for one seat: what [`Services::your_turn`] sends.
#[derive(Clone, Debug)]
pub struct YourTurn {
    /// The game's id.
    game: String,
    /// The game kind's name.
    game_name: String,
    /// The seat to move.
    seat: u8,
    /// Its player's name.
    player: String,
    /// The player's webhook.
    url: String,
    /// What the seat is asked.
    prompt: String,
}

impl YourTurn {
    /// "Your turn" to send after `mover`'s row committed to `g`: when the
    /// turn passed to another human seat, not away, whose player gave a
    /// webhook.
    pub fn after(g: &LiveGame, mover: Seat, game_name: &str) -> Option<YourTurn> {
        let Turn::Seat(next) = g.state.turn() else {
            return None;
        };
        if next == mover {
            return None;
        }
        let row = g.seat_row(next).filter(|r| r.kind == "human" && !r.away)?;
        let url = row.webhook.clone()?;
        Some(YourTurn {
            game: g.row.id.clone(),
            game_name: game_name.to_string(),
            seat: next.0,
            player: row
                .name
                .clone()
                .unwrap_or_else(|| format!("player {}", next.0 + 1)),
            url,
            prompt: g.state.prompt(),
        })
    }
}

impl Services {
    /// Sets (None: removes) the webhook of `seat` of game `h`, a human seat.
    pub async fn set_webhook(
        self: &Arc<Self>,
        h: &Arc<GameHandle>,
        seat: eons_core::Seat,
        url: Option<String>,
    ) -> Result<(), ApiError> {
        let mut g = h.inner.lock().await;
        let id = g.row.id.clone();
        let Some(row) = g.seats.iter_mut().find(|r| r.seat == i64::from(seat.0)) else {
            return Err(ApiError::NotFound(format!(
                "game {id} has no seat {}",
                seat.0 + 1
            )));
        };
        if row.kind != "human" {
            return Err(ApiError::Forbidden("a bot seat has no webhook".into()));
        }
        self.store
            .set_webhook(&id, i64::from(seat.0), url.as_deref())
            .await?;
        row.webhook = url;
        let n = g.moves;
        drop(g);
        self.changed(h, n);
        Ok(())
    }

    /// The origin links point at: the public URL, else the address this
    /// server is bound to.
    pub fn link_origin(&self) -> String {
        match (&self.links.public_url, self.links.bound) {
            (Some(p), _) => p.as_str().to_string(),
            (None, Some(addr)) => format!("http://{addr}"),
            (None, None) => String::new(),
        }
    }

    /// Queues "your turn" (see the module's words).
    pub fn your_turn(&self, turn: YourTurn) {
        let YourTurn {
            game,
            game_name,
            seat,
            player,
            url,
            prompt,
        } = turn;
        let link = format!("{}/play/{game}", self.link_origin());
        let text = format!("Your move in {game_name} (game {game}), {player}: {prompt} {link}");
        self.webhooks.send(Delivery {
            game: game.clone(),
            url,
            body: serde_json::json!({
                "content": text,
                "text": text,
                "game": game,
                "game_name": game_name,
                "seat": seat,
                "player": player,
                "link": link,
            }),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{Ipv4Addr, Ipv6Addr};

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn only_public_addresses_are_public() {
        for text in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.1.20",
            "172.16.0.1",
            "169.254.1.1",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(!public(ip(text)), "{text}");
        }
        for text in ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "2a00:1450::1"] {
            assert!(public(ip(text)), "{text}");
        }
    }

    /// Every address issue 34 found the old filter let through.
    #[test]
    fn the_addresses_the_old_filter_let_through_are_refused() {
        for text in [
            "::127.0.0.1",     // IPv4-compatible loopback
            "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
            "2002:7f00:1::1",  // 6to4 of 127.0.0.1
            "0.1.2.3",         // 0.0.0.0/8
            "fec0::1",         // site-local
            "224.0.0.1",       // multicast
            "239.255.255.250", // multicast
            "ff02::1",         // multicast
            "ff05::2",         // multicast
            "198.18.0.1",      // benchmarking
            "198.19.255.254",  // benchmarking
            "240.0.0.1",       // reserved
            "255.255.255.255", // limited broadcast
            "192.0.0.1",       // IETF protocol assignments
            "192.0.0.170",     // NAT64 discovery
            "192.88.99.1",     // 6to4 relay anycast
        ] {
            assert!(!public(ip(text)), "{text}");
        }
    }

    #[test]
    fn every_special_purpose_block_is_refused_at_both_ends() {
        for (net, prefix, name) in SPECIAL_IPV4 {
            let first = net.to_bits();
            let last = first | (u32::MAX >> prefix);
            for bits in [first, last] {
                let address = Ipv4Addr::from_bits(bits);
                assert!(!public(IpAddr::V4(address)), "{address} ({name})");
            }
        }
        for (net, prefix, name) in SPECIAL_IPV6 {
            let first = net.to_bits();
            let last = first | (u128::MAX.checked_shr(u32::from(prefix)).unwrap_or(0));
            for bits in [first, last] {
                let address = Ipv6Addr::from_bits(bits);
                // Mapped and NAT64 addresses are judged by their IPv4 address:
                // their ends are 0.0.0.0 and 255.255.255.255, both special.
                assert!(!public(IpAddr::V6(address)), "{address} ({name})");
            }
        }
        for text in [
            "2001::1",         // Teredo
            "2001:db8::1",     // documentation
            "3fff::1",         // documentation
            "2001:2::1",       // benchmarking
            "64:ff9b:1::1",    // local-use NAT64
            "100::1",          // discard-only
            "5f00::1",         // segment routing
            "4000::1",         // outside global unicast
            "::2",             // IPv4-compatible
            "::ffff:10.0.0.1", // mapped private
            "64:ff9b::a00:1",  // NAT64 of 10.0.0.1
            "100.127.255.255", // shared, last
            "192.31.196.1",    // AS112
            "203.0.113.9",     // documentation
        ] {
            assert!(!public(ip(text)), "{text}");
        }
    }

    #[test]
    fn an_ipv4_address_written_as_ipv6_is_judged_by_its_ipv4_address() {
        assert!(public(ip("::ffff:8.8.8.8")));
        assert!(public(ip("64:ff9b::808:808")), "DNS64's answer for 8.8.8.8");
        assert!(!public(ip("2002:808:808::1")), "6to4 is refused outright");
        assert!(
            !public(ip("::8.8.8.8")),
            "IPv4-compatible is refused outright"
        );
    }

    #[test]
    fn webhook_modes_and_ports_read() {
        assert_eq!(WebhookMode::parse("public"), Ok(WebhookMode::Public));
        assert_eq!(WebhookMode::parse("any"), Ok(WebhookMode::Any));
        assert_eq!(WebhookMode::parse("off"), Ok(WebhookMode::Off));
        assert!(WebhookMode::parse("yes").is_err());
        let ports = WebhookPorts::parse("443, 8443").expect("ports");
        assert!(ports.allows(8443) && ports.allows(443) && !ports.allows(80));
        assert!(WebhookPorts::default().allows(80));
        assert!(!WebhookPorts::default().allows(8080));
        for bad in ["", "0", "65536", "http", "443,x"] {
            assert!(WebhookPorts::parse(bad).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn urls_are_checked_against_the_mode_and_ports() {
        assert!(check_url(WebhookMode::Off, "https://example.org/x")
            .await
            .is_err());
        for refused in [
            "http://127.0.0.1:9/x",
            "http://127.0.0.1/x",
            "http://10.0.0.1/x",
            "http://[::127.0.0.1]/x",
            "http://[64:ff9b::7f00:1]/x",
            "http://[2002:7f00:1::1]/x",
            "http://[fec0::1]/x",
            "http://198.18.0.1/x",
            "http://8.8.8.8:22/x",
            "https://8.8.8.8:8443/x",
        ] {
            assert!(
                check_url(WebhookMode::Public, refused).await.is_err(),
                "{refused}"
            );
        }
        assert!(check_url(WebhookMode::Public, "https://8.8.8.8/x")
            .await
            .is_ok());
        let more = WebhookPorts::parse("443,8443").expect("ports");
        assert!(
            check_url_on(WebhookMode::Public, &more, "https://8.8.8.8:8443/x")
                .await
                .is_ok()
        );
        assert!(
            check_url_on(WebhookMode::Public, &more, "http://8.8.8.8/x")
                .await
                .is_err(),
            "80 is not among them"
        );
        assert!(check_url(WebhookMode::Any, "http://127.0.0.1:9/x")
            .await
            .is_ok());
        assert!(check_url(WebhookMode::Any, "ftp://example.org/x")
            .await
            .is_err());
        assert!(check_url(WebhookMode::Any, "not a url").await.is_err());
    }
}
