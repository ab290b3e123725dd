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
//! **Caps.** Every socket holds a [`SocketPermit`] while it is open: the
//! client address, the server and the game each hold at most so many
//! (see [`crate::limits::TrafficLimits`] and [`Hub::open_socket`]); a seat's
//! own socket may use a whole cap, a spectator's three quarters.
//!
//! **Liveness.** The server pings every socket each
//! [`TrafficLimits::ws_ping`](crate::limits::TrafficLimits::ws_ping) (20 s by
//! default) and closes one from which nothing (no pong, no other frame) came
//! for two of those, or that takes as long to accept what is sent to it;
//! closing frees its permit.

use crate::access::{bearer_token, load, seat_for};
use crate::error::ApiError;
use crate::hub::{Audience, GameHandle, Hub};
use axum::body::Bytes;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
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
    State(hub): State<Arc<Hub>>,
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
    let h = load(&hub, &id).await?;
    let token = offer.token.or_else(|| bearer_token(&headers));
    let seat = seat_for(&h, token.as_deref()).await?;
    let hash = token.as_deref().map(crate::hub::token_hash);
    let audience = if seat.is_some() {
        Audience::Seat
    } else {
        Audience::Spectator
    };
    let permit = hub.open_socket(&h, hub.proxies.client(peer.ip(), &headers), audience)?;
    let ping = hub.traffic.ws_ping;
    Ok(upgrade
        .protocols([PROTOCOL])
        .max_message_size(WS_MAX_INBOUND)
        .max_frame_size(WS_MAX_INBOUND)
        .on_upgrade(move |socket| async move {
            push_updates(socket, h, seat, hash, ping).await;
            drop(permit);
        }))
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

/// Sends the seat's snapshot (and the new log lines it may read) on connect and
/// after every change. Each connection builds its own seat's view: nothing
/// another seat may not see is ever serialised for it. A seat's connection
/// closes once its token no longer opens the seat (an invite token whose seat
/// was claimed). Pings every `ping`, and closes once nothing came from the
/// client for two of those.
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
    let mut pings = tokio::time::interval_at(Instant::now() + ping, ping);
    pings.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut sent_log = 0usize;
    loop {
        // Built once per change for each seat and shared between its sockets
        // (crate::hub::views); None once the token no longer opens the seat.
        let Some(message) =
            crate::hub::views::next_push(&h, seat, token_hash.as_deref(), &mut sent_log).await
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
                    Some(Ok(_)) => heard = Instant::now(),
                },
                _ = pings.tick() => {
                    if heard.elapsed() >= silence {
                        tracing::debug!(game = %h.kind.id(), "closing a WebSocket that stopped answering pings");
                        let _ = send_within(&mut out, Message::Close(None), ping).await;
                        return;
                    }
                    if !send_within(&mut out, Message::Ping(Bytes::new()), silence).await {
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
