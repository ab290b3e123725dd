//! The HTTP edge: the accept loop in front of the application, and the
//! checks every request and response goes through.
//!
//! [`serve`] accepts TCP connections and serves each with hyper's HTTP/1
//! connection (upgrades on, so WebSockets work), under the
//! [`ConnectionLimits`]:
//! - a client address (its [`limit_key`]) holds at most
//!   `max_connections_per_address` connections open at once; one more is
//!   closed as soon as it is accepted, before anything is read from it, and
//!   costs the server nothing else;
//! - the server holds at most [`crate::open_files::connection_cap`] client
//!   connections (its open-file limit less a reserve), an address holding
//!   many of them only three quarters (the module `per_address` says how); one more is
//!   answered `503` with `Retry-After` and closed at once, so the server
//!   never runs out of files and keeps accepting;
//! - a connection must send a whole request head within `header_timeout` of
//!   opening, or of the first byte of its next request (a client sending one
//!   header line every few seconds is closed);
//! - a request's body must arrive whole within `header_timeout` of its head
//!   ([`BodyLate`], answered 408; see the `deadline` module);
//! - a keep-alive connection with no request in flight is closed after
//!   `idle_timeout`. A connection upgraded to a WebSocket has left HTTP: these
//!   timeouts no longer apply to it (the socket's own pings do), though it
//!   still counts against its address's connections while open.
//!
//! Each request carries its TCP peer as [`ConnectInfo<SocketAddr>`] for the
//! handlers (the new-games limit, with [`crate::config::proxies`]). [`protect`] adds
//! the security headers to every response, refuses a request for a host name
//! that is not allowed ([`AllowedHosts`]) with 421, and one whose declared
//! body is over [`MAX_BODY_BYTES`] with 413.
//!
//! [`ConnectionLimits`]: crate::config::limits::ConnectionLimits
//! [`limit_key`]: crate::config::limits::limit_key

mod activity;
mod deadline;
mod guard;
mod per_address;

pub use deadline::{late as late_body, BodyLate};
pub use guard::{protect, AllowedHosts, CONTENT_SECURITY_POLICY, MAX_BODY_BYTES};

use crate::config::limits::ConnectionLimits;
use activity::{Activity, Expiry, TrackedStream};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
pub use per_address::LIGHT_USE;
use per_address::{ConnectionSlot, PerAddress, Refused};
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::pin;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::Service;

/// How long [`serve`] waits, once told to stop, for open requests to finish.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` under `limits` until `shutdown` completes, then
/// stops accepting, lets requests in flight finish (closing idle
/// connections) for up to 10 s, and returns.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let per_address = PerAddress::new(
        limits.max_connections_per_address,
        crate::open_files::current_connection_cap(),
    );
    // Every connection holds a receiver: a message asks them to finish, and
    // the sender sees them all gone when every connection has closed.
    let (stop, stopping) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let slot = match per_address.open(peer.ip()) {
            Ok(slot) => slot,
            Err(Refused::Address) => {
                tracing::debug!(%peer, "connection closed: too many open connections from its address");
                drop(stream);
                continue;
            }
            Err(Refused::Server) => {
                tracing::debug!(%peer, "connection refused: the server holds as many as it may");
                // Never waits: a client that does not read gets nothing.
                let _ = stream.try_write(FULL.as_bytes());
                drop(stream);
                continue;
            }
        };
        tokio::spawn(connection(
            stream,
            peer,
            slot,
            app.clone(),
            limits,
            stopping.clone(),
        ));
    }
    drop(listener);
    drop(stopping);
    let _ = stop.send(());
    if tokio::time::timeout(SHUTDOWN_GRACE, stop.closed())
        .await
        .is_err()
    {
        tracing::warn!("stopping with requests still in flight after {SHUTDOWN_GRACE:?}");
    }
}

/// What a connection over the server's cap gets before it is closed: `503`
/// `busy`, as the application's refusals read, with `Retry-After`.
const FULL: &str = "HTTP/1.1 503 Service Unavailable\r\n\
    content-type: application/json\r\n\
    retry-after: 5\r\n\
    connection: close\r\n\
    content-length: 108\r\n\
    \r\n\
    {\"error\":{\"code\":\"busy\",\"message\":\"this server has as many connections open as it allows; try again later\"}}";

/// After an accept error: an error of one connection (reset before it was
/// accepted) is nothing; any other (out of file descriptors) is logged and
/// accepting pauses a moment rather than spinning.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset | ErrorKind::ConnectionRefused
    ) {
        return;
    }
    tracing::warn!(error = %e, "accepting a connection failed; pausing for a second");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// Serves one connection until it closes, upgrades, breaks a timeout, or the
/// server stops.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    slot: ConnectionSlot,
    app: Router,
    limits: ConnectionLimits,
    mut stopping: watch::Receiver<()>,
) {
    let _ = stream.set_nodelay(true);
    let activity = Activity::new();
    let io = TokioIo::new(TrackedStream::new(stream, activity.clone(), slot));
    let requests = activity.clone();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let in_flight = requests.begin();
        let mut app = app.clone();
        async move {
            let request = request.map(|body| deadline::within(body, limits.header_timeout));
            let response = app.call(request).await?;
            Ok::<_, Infallible>(response.map(|body| Body::new(in_flight.around(body))))
        }
    });
    let mut builder = http1::Builder::new();
    // The watchdog below times request heads (hyper's own header timer would
    // also cut idle keep-alive connections at the header timeout).
    builder.timer(TokioTimer::new()).header_read_timeout(None);
    let mut conn = pin!(builder.serve_connection(io, service).with_upgrades());
    let mut watchdog = pin!(activity.watch(limits.header_timeout, limits.idle_timeout));
    let mut finishing = false;
    loop {
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(%peer, error = %e, "connection ended with an error");
                }
                return;
            }
            expiry = watchdog.as_mut() => {
                match expiry {
                    Expiry::Head => tracing::debug!(%peer, "connection closed: no whole request head in time"),
                    Expiry::Idle => tracing::debug!(%peer, "connection closed: idle"),
                }
                return;
            }
            _ = stopping.changed(), if !finishing => {
                finishing = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FULL;

    #[test]
    fn the_refusal_of_a_full_server_is_whole_http_with_its_json_body() {
        let (head, body) = FULL.split_once("\r\n\r\n").expect("a head and a body");
        assert!(head.starts_with("HTTP/1.1 503 "));
        let length = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .and_then(|n| n.parse::<usize>().ok());
        assert_eq!(length, Some(body.len()));
        let json: serde_json::Value = serde_json::from_str(body).expect("JSON");
        assert_eq!(json["error"]["code"], "busy");
    }
}
