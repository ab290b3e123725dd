//! The WebSocket of a game (`GET /api/games/{id}/ws`): the seat's snapshot
//! (or a spectator's) on connect and after every change.
//!
//! **The token.** A seat's token travels in the `Sec-WebSocket-Protocol`
//! header, never in the URL (proxies and servers log URLs): the client offers
//! the subprotocols [`PROTOCOL`] and [`TOKEN_PROTOCOL_PREFIX`]`TOKEN`, as a
//! browser does with `new WebSocket(url, ["eons", "eons.token." + token])`,
//! and the server answers with the protocol [`PROTOCOL`]. A spectator offers
//! only [`PROTOCOL`], or no protocol at all. `Authorization: Bearer TOKEN`
//! also works for clients that can set headers. A URL with `?token=` is
//! refused (400) with a message saying how to pass the token.
//!
//! **Caps.** Every socket holds a [`SocketPermit`](crate::services::live::SocketPermit) while it is open: the
//! client address, the server and the game each hold at most so many
//! (see [`crate::config::limits::TrafficLimits`] and [`Sockets::open`](crate::services::live::sockets::Sockets::open)); a seat's
//! own socket may use a whole cap, a spectator's three quarters.
//!
//! **Liveness.** The server pings every socket each
//! [`TrafficLimits::ws_ping`](crate::config::limits::TrafficLimits::ws_ping) (20 s by
//! default), each ping carrying its number, and closes one that answered
//! none of its pings for two of those, or that takes as long to accept what
//! is sent to it; closing frees its permit. Only a pong that echoes one of
//! the two latest pings counts as hearing from the client (browsers and
//! WebSocket libraries echo by themselves): the client's own pings, pongs
//! nobody asked for and messages do not, since a client can send them
//! without ever reading.
//!
//! **What a client may send.** Nothing but control frames is expected (the
//! socket only pushes). A client may send [`WS_INBOUND_BURST`] frames at once,
//! then [`WS_INBOUND_PER_SECOND`] a second; beyond, the socket is closed
//! (code 1008, policy). Each ping a client sends makes the server queue a
//! pong, so this also bounds what a client that never reads can make the
//! server queue: the outgoing queue holds one push at a time (the next waits
//! until it is taken) and the latest pong; [`WS_MAX_OUTBOUND`] caps it
//! whatever happens.

use crate::error::ApiError;
use crate::http::access::{bearer_token, load, seat_for};
use crate::services::live::{Audience, GameHandle};
use crate::services::Services;
use axum::body::Bytes;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use eons_core::Seat;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::{Instant, MissedTickBehavior};

/// The subprotocol every client offers and the server answers.
pub const PROTOCOL: &str = "eons";

/// The subprotocol that carries a seat's token: this prefix, then the token.
pub const TOKEN_PROTOCOL_PREFIX: &str = "eons.token.";

/// The largest message a client may send on the WebSocket. The socket only
/// pushes; clients send nothing but control frames (choices go by POST), so a
/// larger message closes the connection instead of being buffered.
pub const WS_MAX_INBOUND: usize = 4096;

/// The most bytes queued to send on one socket (tungstenite's write
/// buffer). A push waits until the one before is taken, so the queue
/// holds one push and a pong; this cap, far above any push, only stops a
/// queue that grows for another reason.
pub const WS_MAX_OUTBOUND: usize = 16 * 1024 * 1024;

/// Frames a client may send at once (pings, pongs, anything).
pub const WS_INBOUND_BURST: u32 = 64;

/// Frames a client may send per second after a burst.
pub const WS_INBOUND_PER_SECOND: u32 = 8;

/// What the client offered in `Sec-WebSocket-Protocol`.
struct Offered {
    /// [`PROTOCOL`] is among the subprotocols.
    eons: bool,
    /// The token of a [`TOKEN_PROTOCOL_PREFIX`] subprotocol.
    token: Option<String>,
}

fn offered(upgrade: &WebSocketUpgrade) -> Offered {
    let mut out = Offered {
        eons: false,
        token: None,
    };
    for p in upgrade.requested_protocols() {
        let Ok(p) = p.to_str() else { continue };
        if p == PROTOCOL {
            out.eons = true;
        } else if let Some(t) = p.strip_prefix(TOKEN_PROTOCOL_PREFIX) {
            out.token = Some(t.to_string()).filter(|t| !t.is_empty());
        }
    }
    out
}

/// True when the query string has a `token` parameter.
fn token_in_query(query: Option<&str>) -> bool {
    query.is_some_and(|q| {
        q.split('&')
            .any(|pair| pair.split('=').next() == Some("token"))
    })
}

/// `GET /api/games/{id}/ws`: checks the token and the caps, then upgrades to
/// a socket that [`push_updates`].
pub async fn ws(
    State(services): State<Arc<Services>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    if token_in_query(query.as_deref()) {
        return Err(ApiError::BadRequest(format!(
            "a WebSocket takes no token in its URL (URLs are logged): offer it as the subprotocol \
             `{TOKEN_PROTOCOL_PREFIX}TOKEN` beside `{PROTOCOL}`, as in \
             new WebSocket(url, [\"{PROTOCOL}\", \"{TOKEN_PROTOCOL_PREFIX}\" + token])"
        )));
    }
    let upgrade = match upgrade {
        Ok(u) => u,
        Err(rejection) => return Ok(rejection.into_response()),
    };
    let offer = offered(&upgrade);
    if offer.token.is_some() && !offer.eons {
        return Err(ApiError::BadRequest(format!(
            "offer the subprotocol `{PROTOCOL}` beside `{TOKEN_PROTOCOL_PREFIX}TOKEN`: \
             it is the one the server answers"
        )));
    }
    let h = load(&services, &id).await?;
    let token = offer.token.or_else(|| bearer_token(&headers));
    let seat = seat_for(&h, token.as_deref()).await?;
    let hash = token.as_deref().map(crate::services::live::token_hash);
    let audience = if seat.is_some() {
        Audience::Seat
    } else {
        Audience::Spectator
    };
    let permit =
        services
            .sockets
            .open(&h, services.newcomers.client(peer.ip(), &headers), audience)?;
    let ping = services.sockets.limits().ws_ping;
    Ok(upgrade
        .protocols([PROTOCOL])
        .max_message_size(WS_MAX_INBOUND)
        .max_frame_size(WS_MAX_INBOUND)
        .max_write_buffer_size(WS_MAX_OUTBOUND)
        .on_upgrade(move |socket| async move {
            let here = seat.map(|seat| Here::arrive(&services, &h, seat));
            push_updates(socket, h, seat, hash, ping).await;
            drop(here);
            drop(permit);
        }))
}

/// A seat's socket, counted in its game's presence (see
/// [`crate::services::live::presence`]) until dropped, however the socket ends.
struct Here {
    services: Arc<Services>,
    h: Arc<GameHandle>,
    seat: Seat,
}

impl Here {
    fn arrive(services: &Arc<Services>, h: &Arc<GameHandle>, seat: Seat) -> Here {
        if h.presence.connect(seat) {
            services.presence_changed(h);
        }
        Here {
            services: services.clone(),
            h: h.clone(),
            seat,
        }
    }
}

impl Drop for Here {
    fn drop(&mut self) {
        if self
            .h
            .presence
            .disconnect(self.seat, crate::services::live::now_ms())
        {
            self.services.presence_changed(&self.h);
        }
    }
}

/// Sends `message`, giving up (false) when it fails or is not taken within
/// `patience` (a client that stopped reading).
async fn send_within(
    out: &mut SplitSink<WebSocket, Message>,
    message: Message,
    patience: Duration,
) -> bool {
    matches!(
        tokio::time::timeout(patience, out.send(message)).await,
        Ok(Ok(()))
    )
}

/// How many frames a client may still send: [`WS_INBOUND_BURST`] at once,
/// then [`WS_INBOUND_PER_SECOND`] a second (a token bucket).
struct Allowance {
    /// Frames it may send now (fractions accrue).
    frames: f64,
    /// When `frames` was last brought up to date.
    at: Instant,
}

impl Allowance {
    /// A full allowance.
    fn new() -> Allowance {
        Allowance {
            frames: f64::from(WS_INBOUND_BURST),
            at: Instant::now(),
        }
    }

    /// Takes one frame from the allowance; false when none is left.
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.at).as_secs_f64() * f64::from(WS_INBOUND_PER_SECOND);
        self.frames = (self.frames + earned).min(f64::from(WS_INBOUND_BURST));
        self.at = now;
        if self.frames >= 1.0 {
            self.frames -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The payload of the server's ping number `n`.
fn ping_payload(n: u64) -> Bytes {
    Bytes::copy_from_slice(&n.to_be_bytes())
}

/// Whether a pong with `payload` answers one of the server's two latest
/// pings, the latest being number `latest` (0: none sent yet).
fn answers_a_ping(payload: &[u8], latest: u64) -> bool {
    let Ok(bytes) = <[u8; 8]>::try_from(payload) else {
        return false;
    };
    let n = u64::from_be_bytes(bytes);
    latest > 0 && (n == latest || n + 1 == latest)
}

/// The close frame for a client that sent more frames than it may.
fn too_many_frames() -> Message {
    Message::Close(Some(CloseFrame {
        code: close_code::POLICY,
        reason: Utf8Bytes::from_static("too many frames: this socket only pushes"),
    }))
}

/// `{"type": "cancelled", "message"}` once game `h` is cancelled, else None.
async fn cancelled_push(h: &GameHandle) -> Option<String> {
    let g = h.inner.lock().await;
    g.cancelled().then(|| {
        serde_json::json!({
            "type": "cancelled",
            "message": crate::services::live::cancelled_message(&g.row.id),
        })
        .to_string()
    })
}

/// Sends the seat's snapshot (and the new log lines it may read) on connect and
/// after every change. Each connection builds its own seat's view: nothing
/// another seat may not see is ever serialised for it. A seat's connection
/// closes once its token no longer opens the seat (an invite token whose seat
/// was claimed). Pings every `ping`, and closes once nothing came from the
/// client for two of those: only a pong that echoes one of the two latest
/// pings counts (see the module's words). Closes a client that sends more
/// frames than its [`Allowance`].
async fn push_updates(
    socket: WebSocket,
    h: Arc<GameHandle>,
    seat: Option<Seat>,
    token_hash: Option<String>,
    ping: Duration,
) {
    let mut rx = h.tx.subscribe();
    let mut chat = h.chat.subscribe();
    let (mut out, mut inp) = socket.split();
    let silence = ping.saturating_mul(2);
    let mut heard = Instant::now();
    let mut latest_ping = 0u64;
    let mut allowance = Allowance::new();
    let mut pings = tokio::time::interval_at(Instant::now() + ping, ping);
    pings.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut sent_log = 0usize;
    loop {
        // A cancelled game: the table hears it once, and the socket closes.
        if let Some(message) = cancelled_push(&h).await {
            let _ = send_within(&mut out, Message::Text(message.into()), silence).await;
            let _ = send_within(&mut out, Message::Close(None), silence).await;
            return;
        }
        // Built once per change for each seat and shared between its sockets
        // (crate::services::live::views); None once the token no longer opens the seat.
        let Some(message) =
            crate::services::live::views::next_push(&h, seat, token_hash.as_deref(), &mut sent_log)
                .await
        else {
            let _ = send_within(&mut out, Message::Close(None), silence).await;
            return;
        };
        if !send_within(&mut out, Message::Text(message.as_ref().into()), silence).await {
            return;
        }
        loop {
            tokio::select! {
                r = rx.recv() => match r {
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        // Drain what else is queued: one snapshot covers it all.
                        while rx.try_recv().is_ok() {}
                        break;
                    }
                    Err(RecvError::Closed) => return,
                },
                c = chat.recv() => match c {
                    Ok(text) => {
                        if !send_within(&mut out, Message::Text(text.as_ref().into()), silence).await {
                            return;
                        }
                    }
                    // Missed messages: the client reads the chat again on reconnect.
                    Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return,
                },
                m = inp.next() => match m {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                    Some(Ok(frame)) => {
                        if !allowance.take() {
                            tracing::debug!(game = %h.kind.id(), "closing a WebSocket that sends too many frames");
                            let _ = send_within(&mut out, too_many_frames(), ping).await;
                            return;
                        }
                        if let Message::Pong(payload) = frame {
                            if answers_a_ping(&payload, latest_ping) {
                                heard = Instant::now();
                            }
                        }
                    }
                },
                _ = pings.tick() => {
                    if heard.elapsed() >= silence {
                        tracing::debug!(game = %h.kind.id(), "closing a WebSocket that stopped answering pings");
                        let _ = send_within(&mut out, Message::Close(None), ping).await;
                        return;
                    }
                    latest_ping += 1;
                    if !send_within(&mut out, Message::Ping(ping_payload(latest_ping)), silence).await {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_echo_of_one_of_the_two_latest_pings_answers() {
        assert!(!answers_a_ping(&ping_payload(0), 0), "no ping sent yet");
        assert!(!answers_a_ping(b"", 3), "an empty pong");
        assert!(!answers_a_ping(b"still here", 3), "a pong nobody asked for");
        assert!(answers_a_ping(&ping_payload(3), 3));
        assert!(answers_a_ping(&ping_payload(2), 3), "a late answer");
        assert!(!answers_a_ping(&ping_payload(1), 3), "too late");
        assert!(!answers_a_ping(&ping_payload(4), 3), "a ping not sent yet");
    }

    #[test]
    fn a_client_may_send_a_burst_of_frames_then_no_more_at_once() {
        let mut allowance = Allowance::new();
        for k in 0..WS_INBOUND_BURST {
            assert!(allowance.take(), "frame {k}");
        }
        assert!(!allowance.take(), "over the burst");
    }

    #[test]
    fn a_token_parameter_is_found_in_any_place_of_the_query() {
        for q in ["token=abc", "a=1&token=abc", "token", "token=", "x&token&y"] {
            assert!(token_in_query(Some(q)), "{q}");
        }
        for q in ["", "tokens=abc", "a=token", "mytoken=1"] {
            assert!(!token_in_query(Some(q)), "{q}");
        }
        assert!(!token_in_query(None));
    }
}
