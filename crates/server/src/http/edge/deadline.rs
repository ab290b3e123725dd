//! A request body that must arrive whole within a time limit of its head.
//!
//! The header and idle timeouts ([`super::activity`]) never cut a request in
//! flight (the application is answering it), so without this a client could
//! send a whole head and then trickle its body a byte at a time for as long
//! as it liked, holding its connection and handler. [`DeadlineBody`] fails
//! the body once the limit has passed: the handler reading it answers 408
//! (see [`BodyLate`]) and the connection closes, its body unread.

use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::time::Sleep;

/// The body did not arrive whole within the limit (the request's head
/// arrived this long before).
#[derive(Copy, Clone, Debug, thiserror::Error)]
#[error("the request body did not arrive within {0:?} of its head")]
pub struct BodyLate(pub Duration);

/// Why a [`DeadlineBody`] failed.
#[derive(Debug, thiserror::Error)]
pub(super) enum BodyError {
    /// Reading the connection failed.
    #[error(transparent)]
    Read(#[from] hyper::Error),
    /// Too late.
    #[error(transparent)]
    Late(#[from] BodyLate),
}

/// A request's body, failing with [`BodyLate`] once `limit` has passed
/// since the request was handed over before it ended.
pub(super) struct DeadlineBody {
    inner: Incoming,
    deadline: Pin<Box<Sleep>>,
    limit: Duration,
}

/// `body` as the application reads it: as it is when it has nothing to
/// read (a GET), else under a deadline `limit` from now.
pub(super) fn within(body: Incoming, limit: Duration) -> axum::body::Body {
    if body.is_end_stream() {
        return axum::body::Body::new(body);
    }
    axum::body::Body::new(DeadlineBody {
        inner: body,
        deadline: Box::pin(tokio::time::sleep(limit)),
        limit,
    })
}

impl Body for DeadlineBody {
    type Data = Bytes;
    type Error = BodyError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BodyError>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(BodyError::from)));
        }
        match this.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(BodyLate(this.limit).into()))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The [`BodyLate`] somewhere in `error`'s chain of sources, if any: what a
/// handler finds when its body extractor failed because the body was late.
pub fn late(error: &(dyn std::error::Error + 'static)) -> Option<BodyLate> {
    let mut next = Some(error);
    while let Some(e) = next {
        if let Some(late) = e.downcast_ref::<BodyLate>() {
            return Some(*late);
        }
        // `BodyError` is transparent: its source is the late one's (none).
        if let Some(BodyError::Late(late)) = e.downcast_ref::<BodyError>() {
            return Some(*late);
        }
        next = e.source();
    }
    None
}
