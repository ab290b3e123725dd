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

use super::Hub;
use crate::error::ApiError;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;
use tokio::sync::{mpsc, Semaphore};
use tokio::time::Instant;

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
pub use crate::public_address::{public, SPECIAL_IPV4, SPECIAL_IPV6};

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
#[derive(Default)]
pub struct Webhooks {
    /// Which URLs are allowed (set once at start; off until then).
    mode: OnceLock<WebhookMode>,
    /// Which ports a public URL may name (set once at start).
    ports: OnceLock<WebhookPorts>,
    /// The queue to the sender (started on first use).
    queue: OnceLock<mpsc::Sender<Delivery>>,
    /// Deliveries dropped because the queue was full.
    dropped: AtomicU64,
}

impl Webhooks {
    /// Which URLs are allowed.
    pub fn mode(&self) -> WebhookMode {
        self.mode.get().copied().unwrap_or_default()
    }

    /// Allows the URLs of `mode` (once; later calls change nothing).
    pub fn allow(&self, mode: WebhookMode) {
        let _ = self.mode.set(mode);
    }

    /// The ports a public URL may name.
    pub fn ports(&self) -> WebhookPorts {
        self.ports.get().cloned().unwrap_or_default()
    }

    /// Allows public URLs on `ports` (once; later calls change nothing).
    pub fn allow_ports(&self, ports: WebhookPorts) {
        let _ = self.ports.set(ports);
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
            tokio::spawn(deliver_all(rx, mode, self.ports()));
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

/// Where a URL's requests go: its scheme, host and port (the URL itself
/// when it does not read).
fn target_of(url: &str) -> String {
    match reqwest::Url::parse(url) {
        Ok(u) => format!(
            "{}://{}:{}",
            u.scheme(),
            u.host_str().unwrap_or(""),
            u.port_or_known_default().unwrap_or(0)
        ),
        Err(_) => url.to_string(),
    }
}

/// The back-off after `failures` failures in a row: 1 s, 2, 4 … at most
/// [`MAX_BACK_OFF`].
fn back_off(failures: u32) -> Duration {
    let doublings = failures.saturating_sub(1).min(16);
    Duration::from_secs(1u64 << doublings).min(MAX_BACK_OFF)
}

/// One target's share of the sender.
struct Target {
    /// Its requests in flight ([`PER_TARGET`] places).
    permits: Semaphore,
    /// Its deliveries and failures.
    state: Mutex<TargetState>,
}

/// What the sender knows of one target.
#[derive(Default)]
struct TargetState {
    /// Deliveries waiting or in flight.
    pending: usize,
    /// Failures in a row.
    failures: u32,
    /// Until when it is left alone.
    resume_at: Option<Instant>,
    /// A drop for a full target queue was logged since it last had room.
    warned: bool,
}

impl Target {
    fn new() -> Target {
        Target {
            permits: Semaphore::new(PER_TARGET),
            state: Mutex::new(TargetState::default()),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, TargetState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Until when to leave it alone, if it is backing off now.
    fn backing_off_until(&self) -> Option<Instant> {
        self.state().resume_at.filter(|&at| at > Instant::now())
    }

    /// Notes a success: the back-off ends.
    fn succeeded(&self) {
        let mut s = self.state();
        s.failures = 0;
        s.resume_at = None;
    }

    /// Notes a failure; the back-off it starts.
    fn failed(&self) -> Duration {
        let mut s = self.state();
        s.failures = s.failures.saturating_add(1);
        let wait = back_off(s.failures);
        s.resume_at = Some(Instant::now() + wait);
        wait
    }
}

/// The sender's state, shared by its deliveries.
struct Sender {
    client: reqwest::Client,
    mode: WebhookMode,
    ports: WebhookPorts,
    /// Requests in flight ([`CONCURRENCY`] places).
    permits: Semaphore,
    /// Targets with deliveries waiting or in flight, or backing off.
    targets: Mutex<HashMap<String, Arc<Target>>>,
}

/// Why one attempt did not deliver.
enum Failure {
    /// The URL is no longer allowed: not tried again.
    Refused(ApiError),
    /// An error, a timeout or a status other than 2xx: tried again.
    Failed(String),
}

impl Sender {
    fn targets(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Target>>> {
        self.targets.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts one more delivery for `key`; None when it has
    /// [`TARGET_QUEUE`] already (the delivery is dropped).
    fn admit(&self, key: &str) -> Option<Arc<Target>> {
        let mut targets = self.targets();
        if targets.len() >= QUEUE {
            // Forget targets with nothing pending whose back-off is over.
            let now = Instant::now();
            targets.retain(|_, t| {
                let s = t.state();
                s.pending > 0 || s.resume_at.is_some_and(|at| at > now)
            });
        }
        let target = targets
            .entry(key.to_string())
            .or_insert_with(|| Arc::new(Target::new()))
            .clone();
        drop(targets);
        let mut s = target.state();
        if s.pending >= TARGET_QUEUE {
            if !s.warned {
                s.warned = true;
                tracing::warn!(
                    waiting = s.pending,
                    "webhooks dropped: one target has as many waiting as it may"
                );
            }
            return None;
        }
        s.pending += 1;
        drop(s);
        Some(target)
    }

    /// Counts one delivery for `key` less, forgetting the target when
    /// nothing is pending and it is not backing off.
    fn leave(&self, key: &str, target: &Target) {
        let mut targets = self.targets();
        let mut s = target.state();
        s.pending = s.pending.saturating_sub(1);
        s.warned = false;
        let idle = s.pending == 0 && s.resume_at.is_none_or(|at| at <= Instant::now());
        drop(s);
        if idle {
            targets.remove(key);
        }
    }

    /// One attempt at `d`.
    async fn attempt(&self, d: &Delivery) -> Result<(), Failure> {
        // Checked again at each attempt: a name may resolve elsewhere now.
        let url = check_url_on(self.mode, &self.ports, &d.url)
            .await
            .map_err(Failure::Refused)?;
        match self.client.post(url).json(&d.body).send().await {
            Ok(r) if r.status().is_success() => Ok(()),
            Ok(r) => Err(Failure::Failed(format!("status {}", r.status()))),
            Err(e) => Err(Failure::Failed(format!("{}", e.without_url()))),
        }
    }

    /// Sends `d` to `target`, waiting out its back-off before each attempt,
    /// within the caps, up to [`ATTEMPTS`] times.
    async fn deliver(&self, d: Delivery, target: &Target) {
        for attempt in 1..=ATTEMPTS {
            if let Some(at) = target.backing_off_until() {
                tokio::time::sleep_until(at).await;
            }
            let (Ok(_own), Ok(_any)) =
                (target.permits.acquire().await, self.permits.acquire().await)
            else {
                return;
            };
            let why = match self.attempt(&d).await {
                Ok(()) => {
                    target.succeeded();
                    tracing::debug!(game = %d.game, attempt, "webhook delivered");
                    return;
                }
                Err(Failure::Refused(e)) => {
                    tracing::warn!(game = %d.game, error = %e, "webhook not sent");
                    return;
                }
                Err(Failure::Failed(why)) => why,
            };
            let wait = target.failed();
            if attempt == ATTEMPTS {
                tracing::warn!(game = %d.game, attempt, why = %why, "webhook given up");
                return;
            }
            tracing::info!(game = %d.game, attempt, why = %why, ?wait, "webhook failed; trying again");
        }
    }
}

/// The sender: takes every queued delivery, within the caps (see the
/// module's words).
async fn deliver_all(mut rx: mpsc::Receiver<Delivery>, mode: WebhookMode, ports: WebhookPorts) {
    let client = match reqwest::Client::builder()
        .timeout(ATTEMPT_TIMEOUT)
        .connect_timeout(ATTEMPT_TIMEOUT / 2)
        // No idle connections kept: open files stay at the requests in flight.
        .pool_max_idle_per_host(0)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!(
            "eons-server/",
            env!("CARGO_PKG_VERSION"),
            " (webhook)"
        ))
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(error = %e, "cannot make the webhook client: no webhook is sent");
            return;
        }
    };
    let sender = Arc::new(Sender {
        client,
        mode,
        ports,
        permits: Semaphore::new(CONCURRENCY),
        targets: Mutex::new(HashMap::new()),
    });
    // Deliveries taken off the queue and not yet done, at most QUEUE: while
    // they are that many, the queue fills and new ones are dropped.
    let taken = Arc::new(Semaphore::new(QUEUE));
    while let Some(d) = rx.recv().await {
        let Ok(place) = taken.clone().acquire_owned().await else {
            return;
        };
        let key = target_of(&d.url);
        let Some(target) = sender.admit(&key) else {
            metrics::counter!(crate::metric_names::WEBHOOKS_DROPPED, "reason" => "target_full")
                .increment(1);
            tracing::debug!(game = %d.game, "webhook dropped: its target has too many waiting");
            continue;
        };
        let sender = sender.clone();
        tokio::spawn(async move {
            sender.deliver(d, &target).await;
            sender.leave(&key, &target);
            drop(place);
        });
    }
}

impl Hub {
    /// Sets (None: removes) the webhook of `seat` of game `h`, a human seat.
    pub async fn set_webhook(
        &self,
        h: &super::GameHandle,
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
        let _ = h.tx.send(n);
        Ok(())
    }

    /// The origin links point at: the public URL, else the address this
    /// server is bound to.
    pub fn link_origin(&self) -> String {
        match (self.public_url.get(), self.bound.get()) {
            (Some(p), _) => p.as_str().to_string(),
            (None, Some(addr)) => format!("http://{addr}"),
            (None, None) => String::new(),
        }
    }

    /// Queues "your turn" for `seat` of game `id` if its player gave a
    /// webhook (see the module's words).
    pub(super) fn your_turn(
        self: &Arc<Self>,
        id: &str,
        game_name: &str,
        seat: u8,
        player: &str,
        url: &str,
        prompt: &str,
    ) {
        let link = format!("{}/play/{id}", self.link_origin());
        let text = format!("Your move in {game_name} (game {id}), {player}: {prompt} {link}");
        self.webhooks.send(Delivery {
            game: id.to_string(),
            url: url.to_string(),
            body: serde_json::json!({
                "content": text,
                "text": text,
                "game": id,
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

    #[test]
    fn a_failing_target_backs_off_longer_each_time_up_to_a_minute() {
        let waits: Vec<u64> = (1..=9).map(|n| back_off(n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(back_off(u32::MAX), MAX_BACK_OFF);
        assert_eq!(
            target_of("https://Discord.com/api/webhooks/1/abc"),
            "https://discord.com:443"
        );
        assert_eq!(target_of("http://127.0.0.1:9/x"), "http://127.0.0.1:9");
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
