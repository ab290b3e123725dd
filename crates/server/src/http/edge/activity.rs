//! What one connection is doing, for its header and idle timeouts: whether a
//! request is in flight (handed to the application, its response not yet
//! written whole), and whether the bytes of a new request head have begun
//! to arrive. [`TrackedStream`] notes the bytes, [`Activity::begin`] and
//! [`InFlight`] the requests, and [`Activity::watch`] turns them into the
//! moment the connection is closed.

use super::per_address::ConnectionSlot;
use axum::body::Body;
use hyper::body::{Bytes, Frame, SizeHint};
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Notify;
use tokio::time::Instant;

/// The state of one connection, shared by its stream, its requests and its
/// watchdog.
#[derive(Debug, Default)]
pub(super) struct Activity {
    /// Requests handed to the application whose responses are not yet
    /// written whole.
    in_flight: AtomicUsize,
    /// Bytes arrived while no request was in flight: a request head has begun.
    head_begun: AtomicBool,
    /// How many requests have been handed to the application so far: the
    /// watchdog may see a whole request (its head, its answer) in one change,
    /// and this tells it that its clock must start again.
    begun: AtomicU64,
    /// Told of each change above.
    changed: Notify,
}

/// Why a connection's watchdog closed it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Expiry {
    /// No whole request head within the header timeout.
    Head,
    /// No request within the idle timeout.
    Idle,
}

/// What the watchdog is timing. `Head` and `Idle` hold the instant their
/// clock started and the number of requests begun by then.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Waiting for a request head, since this instant (the connection opened,
    /// or the first byte of the next request arrived).
    Head(Instant, u64),
    /// Idle between requests since this instant.
    Idle(Instant, u64),
    /// A request is in flight: no timeout (the application answers it).
    Busy,
}

impl Phase {
    /// When and why the connection is closed unless something changes first;
    /// `None` while a request is in flight.
    fn deadline(
        self,
        header_timeout: Duration,
        idle_timeout: Duration,
    ) -> Option<(Instant, Expiry)> {
        match self {
            Phase::Head(since, _) => Some((since + header_timeout, Expiry::Head)),
            Phase::Idle(since, _) => Some((since + idle_timeout, Expiry::Idle)),
            Phase::Busy => None,
        }
    }
}

impl Activity {
    /// A new connection's activity: nothing read yet.
    pub(super) fn new() -> Arc<Activity> {
        Arc::new(Activity::default())
    }

    /// A request head was read whole and is handed to the application; the
    /// request is in flight until the returned value is dropped.
    pub(super) fn begin(self: &Arc<Self>) -> InFlight {
        self.head_begun.store(false, Ordering::SeqCst);
        self.begun.fetch_add(1, Ordering::SeqCst);
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        self.changed.notify_one();
        InFlight(self.clone())
    }

    /// Bytes arrived from the client.
    fn bytes_arrived(&self) {
        if self.in_flight.load(Ordering::SeqCst) == 0
            && !self.head_begun.swap(true, Ordering::SeqCst)
        {
            self.changed.notify_one();
        }
    }

    /// The phase after a change, coming from `phase`. A clock keeps running
    /// only while no request has begun since it started: a request begun and
    /// answered between two looks of the watchdog starts it again.
    fn next(&self, phase: Phase, now: Instant) -> Phase {
        if self.in_flight.load(Ordering::SeqCst) > 0 {
            return Phase::Busy;
        }
        let begun = self.begun.load(Ordering::SeqCst);
        if self.head_begun.load(Ordering::SeqCst) {
            match phase {
                Phase::Head(since, seen) if seen == begun => Phase::Head(since, seen),
                _ => Phase::Head(now, begun),
            }
        } else {
            match phase {
                Phase::Idle(since, seen) if seen == begun => Phase::Idle(since, seen),
                _ => Phase::Idle(now, begun),
            }
        }
    }

    /// Completes when the connection should be closed: `header_timeout`
    /// after it opened (or after a new request's first byte) without a whole
    /// request head, or `idle_timeout` after its last response without a new
    /// request. Never while a request is in flight.
    pub(super) async fn watch(&self, header_timeout: Duration, idle_timeout: Duration) -> Expiry {
        let mut phase = Phase::Head(Instant::now(), 0);
        loop {
            let deadline = phase.deadline(header_timeout, idle_timeout);
            let expired = async {
                match deadline {
                    Some((at, expiry)) => {
                        tokio::time::sleep_until(at).await;
                        expiry
                    }
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                expiry = expired => return expiry,
                () = self.changed.notified() => phase = self.next(phase, Instant::now()),
            }
        }
    }
}

/// A request in flight: dropped when its response has been written whole
/// (it travels with the response body, see [`InFlight::around`]).
#[derive(Debug)]
pub(super) struct InFlight(Arc<Activity>);

impl InFlight {
    /// `body`, keeping the request in flight until hyper has written (or
    /// dropped) it.
    pub(super) fn around(self, body: Body) -> TrackedBody {
        TrackedBody {
            inner: body,
            _in_flight: self,
        }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.changed.notify_one();
        }
    }
}

/// A response body that keeps its request in flight while it is written.
#[derive(Debug)]
pub(super) struct TrackedBody {
    inner: Body,
    _in_flight: InFlight,
}

impl hyper::body::Body for TrackedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// A client's TCP stream that tells its [`Activity`] when bytes arrive, and
/// holds the connection's place in its address's count for as long as it is
/// open (through an upgrade to a WebSocket too).
#[derive(Debug)]
pub(super) struct TrackedStream {
    stream: TcpStream,
    activity: Arc<Activity>,
    _slot: ConnectionSlot,
}

impl TrackedStream {
    /// `stream`, reporting to `activity`, holding `slot`.
    pub(super) fn new(stream: TcpStream, activity: Arc<Activity>, slot: ConnectionSlot) -> Self {
        TrackedStream {
            stream,
            activity,
            _slot: slot,
        }
    }
}

impl AsyncRead for TrackedStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.bytes_arrived();
        }
        read
    }
}

impl AsyncWrite for TrackedStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: Duration = Duration::from_secs(10);
    const IDLE: Duration = Duration::from_secs(60);

    /// Walks a connection's life through `next`, as the watchdog sees it
    /// after each change, at made-up instants (no timer runs).
    #[test]
    fn the_watchdog_times_heads_idleness_and_never_a_request_in_flight() {
        let a = Activity::new();
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        // Opened: a head is due within the header timeout, even before a byte.
        let opened = Phase::Head(t0, 0);
        assert_eq!(opened.deadline(HEAD, IDLE), Some((at(10), Expiry::Head)));
        // The first bytes do not restart the clock (one line every few seconds).
        a.bytes_arrived();
        let reading = a.next(opened, at(3));
        assert_eq!(reading, Phase::Head(t0, 0));
        a.bytes_arrived();
        assert_eq!(a.next(reading, at(9)), Phase::Head(t0, 0));
        // A whole head: in flight, no deadline however long it takes.
        let request = a.begin();
        let busy = a.next(reading, at(9));
        assert_eq!(busy, Phase::Busy);
        assert_eq!(busy.deadline(HEAD, IDLE), None);
        // Bytes of a body while in flight change nothing.
        a.bytes_arrived();
        assert_eq!(a.next(busy, at(500)), Phase::Busy);
        // Answered: idle from then, with the idle timeout.
        drop(request);
        let idle = a.next(busy, at(600));
        assert_eq!(idle, Phase::Idle(at(600), 1));
        assert_eq!(idle.deadline(HEAD, IDLE), Some((at(660), Expiry::Idle)));
        assert_eq!(a.next(idle, at(610)), Phase::Idle(at(600), 1), "kept");
        // A new request begins: its head is due within the header timeout.
        a.bytes_arrived();
        let next_head = a.next(idle, at(630));
        assert_eq!(next_head, Phase::Head(at(630), 1));
        assert_eq!(
            next_head.deadline(HEAD, IDLE),
            Some((at(640), Expiry::Head))
        );
    }

    #[test]
    fn two_requests_in_flight_are_busy_until_both_are_answered() {
        let a = Activity::new();
        let t0 = Instant::now();
        let first = a.begin();
        let second = a.begin();
        drop(first);
        assert_eq!(a.next(Phase::Busy, t0), Phase::Busy);
        drop(second);
        assert_eq!(a.next(Phase::Busy, t0), Phase::Idle(t0, 2));
    }

    /// A request whose head arrives and is answered between two looks of the
    /// watchdog (a fast answer, all in one turn of the connection's task)
    /// still starts the idle clock again.
    #[test]
    fn a_request_seen_whole_in_one_change_restarts_the_idle_clock() {
        let a = Activity::new();
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        let idle = a.next(Phase::Head(t0, 0), at(1));
        assert_eq!(idle, Phase::Idle(at(1), 0));
        a.bytes_arrived();
        drop(a.begin());
        assert_eq!(a.next(idle, at(50)), Phase::Idle(at(50), 1));
        // The same while a head was being timed: the next head's clock starts anew.
        let head = Phase::Head(at(50), 1);
        drop(a.begin());
        a.bytes_arrived();
        assert_eq!(a.next(head, at(55)), Phase::Head(at(55), 2));
    }
}
