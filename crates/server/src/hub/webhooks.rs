//! Webhooks: "your turn" for players who are not at the table.
//!
//! Off unless the server is started with `--webhooks public` (URLs whose
//! host resolves only to public addresses) or `--webhooks any` (loopback
//! and private networks too: a LAN, a test). A human seat's player may then
//! give a URL (`POST /api/games/{id}/webhook {url}` with the seat's token);
//! when the turn passes to that seat, the process that committed the move
//! POSTs to it a small JSON that Discord and Slack webhooks both accept
//! (`content` is Discord's text, `text` Slack's; the other fields are for
//! any other receiver):
//!
//! ```json
//! {"content": "Your move in Dominant Species (game 3f2a…): …", "text": "…",
//!  "game": "3f2a…", "game_name": "Dominant Species", "seat": 0,
//!  "player": "Ann", "link": "https://eons.example.org/play/3f2a…"}
//! ```
//!
//! A delivery never holds up a move: it is queued (the queue holds
//! [`QUEUE`]; beyond, a delivery is dropped and logged) and sent by a task
//! of its own, each attempt within [`ATTEMPT_TIMEOUT`], tried again after 1,
//! 2, 4 and 8 s when it fails (an error or a status other than 2xx), then
//! given up with a warning. The URL is a secret of its seat: no view shows
//! it to anyone else, and logs never print it.

use super::Hub;
use crate::error::ApiError;
use std::net::IpAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::mpsc;

/// Deliveries waiting to be sent, at most.
pub const QUEUE: usize = 10_000;
/// The longest one attempt may take.
pub const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);
/// Attempts per delivery (the first and its retries).
pub const ATTEMPTS: u32 = 5;
/// The longest webhook URL taken.
const MAX_URL_BYTES: usize = 2048;

/// Which webhook URLs the server POSTs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WebhookMode {
    /// None: players cannot set webhooks.
    #[default]
    Off,
    /// URLs whose host resolves to public addresses only (not loopback,
    /// private, link-local, unique-local or unspecified).
    Public,
    /// Any http(s) URL, loopback and private networks included.
    Any,
}

impl WebhookMode {
    /// `off`, `public` or `any`.
    pub fn parse(text: &str) -> Result<WebhookMode, String> {
        match text.trim() {
            "off" | "" => Ok(WebhookMode::Off),
            "public" => Ok(WebhookMode::Public),
            "any" => Ok(WebhookMode::Any),
            other => Err(format!(
                "webhooks `{}`: off, public (URLs on public addresses only) or any",
                crate::error::echoed(other)
            )),
        }
    }

    /// `EONS_WEBHOOKS`, when set.
    pub fn from_env() -> Result<WebhookMode, String> {
        match std::env::var("EONS_WEBHOOKS") {
            Ok(v) => WebhookMode::parse(&v),
            Err(_) => Ok(WebhookMode::Off),
        }
    }
}

/// Whether `ip` is an address anyone on the internet could be: not
/// loopback, private, link-local, unique-local, shared or unspecified.
fn public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || (o[0] == 100 && (64..128).contains(&o[1])))
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return public(IpAddr::V4(v4));
            }
            let s = v6.segments();
            !(v6.is_loopback()
                || v6.is_unspecified()
                || (s[0] & 0xfe00) == 0xfc00
                || (s[0] & 0xffc0) == 0xfe80)
        }
    }
}

/// A URL checked: http(s), a host, at most [`MAX_URL_BYTES`]; in
/// [`WebhookMode::Public`], a host that resolves to public addresses only.
pub async fn check_url(mode: WebhookMode, url: &str) -> Result<reqwest::Url, ApiError> {
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
    /// The queue to the sending task (started on first use).
    queue: OnceLock<mpsc::Sender<Delivery>>,
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

    /// Queues `d`; never waits (a full queue drops it, with a warning).
    pub fn send(&self, d: Delivery) {
        let mode = self.mode();
        if mode == WebhookMode::Off {
            return;
        }
        let queue = self.queue.get_or_init(|| {
            let (tx, rx) = mpsc::channel(QUEUE);
            tokio::spawn(deliver_all(rx, mode));
            tx
        });
        if let Err(e) = queue.try_send(d) {
            tracing::warn!("webhook dropped: the queue is full or closed ({e})");
        }
    }
}

/// Sends every queued delivery, each in a task of its own (so a slow
/// receiver holds up no other).
async fn deliver_all(mut rx: mpsc::Receiver<Delivery>, mode: WebhookMode) {
    let client = match reqwest::Client::builder()
        .timeout(ATTEMPT_TIMEOUT)
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
    while let Some(d) = rx.recv().await {
        let client = client.clone();
        tokio::spawn(async move { deliver(&client, mode, d).await });
    }
}

/// Sends one delivery, trying again after 1, 2, 4 and 8 s.
async fn deliver(client: &reqwest::Client, mode: WebhookMode, d: Delivery) {
    let mut wait = Duration::from_secs(1);
    for attempt in 1..=ATTEMPTS {
        // Checked again at each attempt: a name may resolve elsewhere now.
        let why = match check_url(mode, &d.url).await {
            Err(e) => {
                tracing::warn!(game = %d.game, error = %e, "webhook not sent");
                return;
            }
            Ok(url) => match client.post(url).json(&d.body).send().await {
                Ok(r) if r.status().is_success() => {
                    tracing::debug!(game = %d.game, attempt, "webhook delivered");
                    return;
                }
                Ok(r) => format!("status {}", r.status()),
                Err(e) => format!("{}", e.without_url()),
            },
        };
        if attempt == ATTEMPTS {
            tracing::warn!(game = %d.game, attempt, why = %why, "webhook given up");
            return;
        }
        tracing::info!(game = %d.game, attempt, why = %why, "webhook failed; trying again");
        tokio::time::sleep(wait).await;
        wait *= 2;
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

    #[test]
    fn only_public_addresses_are_public() {
        for ip in [
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
            assert!(!public(ip.parse().expect("ip")), "{ip}");
        }
        for ip in ["8.8.8.8", "1.1.1.1", "2606:4700::1111"] {
            assert!(public(ip.parse().expect("ip")), "{ip}");
        }
    }

    #[test]
    fn webhook_modes_read() {
        assert_eq!(WebhookMode::parse("public"), Ok(WebhookMode::Public));
        assert_eq!(WebhookMode::parse("any"), Ok(WebhookMode::Any));
        assert_eq!(WebhookMode::parse("off"), Ok(WebhookMode::Off));
        assert!(WebhookMode::parse("yes").is_err());
    }

    #[tokio::test]
    async fn urls_are_checked_against_the_mode() {
        assert!(check_url(WebhookMode::Off, "https://example.org/x")
            .await
            .is_err());
        assert!(check_url(WebhookMode::Public, "http://127.0.0.1:9/x")
            .await
            .is_err());
        assert!(check_url(WebhookMode::Public, "http://10.0.0.1/x")
            .await
            .is_err());
        assert!(check_url(WebhookMode::Any, "http://127.0.0.1:9/x")
            .await
            .is_ok());
        assert!(check_url(WebhookMode::Any, "ftp://example.org/x")
            .await
            .is_err());
        assert!(check_url(WebhookMode::Any, "not a url").await.is_err());
    }
}
