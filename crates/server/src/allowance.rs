//! [`Allowance`]: a token bucket per key (a client address, a seat, a
//! writer), refusing with a 429 that says when to come back. Every rate
//! limit of the server is one of these, so a refusal reads alike wherever
//! it comes from.

use crate::error::ApiError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::hash::Hash;

/// A token bucket per key.
pub struct Allowance<K: Hash + Eq + Clone> {
    /// The buckets.
    buckets: DefaultKeyedRateLimiter<K>,
}

impl<K: Hash + Eq + Clone> Allowance<K> {
    /// An allowance of `quota` per key.
    pub fn new(quota: Quota) -> Allowance<K> {
        Allowance {
            buckets: RateLimiter::keyed(quota),
        }
    }

    /// Takes one from `key`'s bucket; refused (429, with the whole seconds
    /// to wait, rounded up, and `why()` as its message) when it is empty.
    pub fn take(&self, key: &K, why: impl FnOnce() -> String) -> Result<(), ApiError> {
        self.buckets.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::TooManyRequests {
                message: why(),
                retry_after: wait.as_secs() + 1,
            }
        })
    }

    /// Forgets the keys whose buckets are full again (run now and then, so
    /// the table does not keep every key ever seen).
    pub fn forget_idle(&self) {
        self.buckets.retain_recent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::num::NonZeroU32;

    #[test]
    fn an_empty_bucket_refuses_with_a_429_and_the_seconds_to_wait() {
        let a: Allowance<u8> = Allowance::new(Quota::per_hour(NonZeroU32::MIN));
        a.take(&1, || "no".into()).expect("the first one");
        match a.take(&1, || "one an hour".into()) {
            Err(ApiError::TooManyRequests {
                message,
                retry_after,
            }) => {
                assert_eq!(message, "one an hour");
                assert!((3590..=3601).contains(&retry_after), "{retry_after}");
            }
            other => panic!("expected a 429, got {other:?}"),
        }
        a.take(&2, || "no".into())
            .expect("another key has its own bucket");
    }
}
