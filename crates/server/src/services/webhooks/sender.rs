//! The webhook sender: one task that takes the queued deliveries and sends
//! them within the caps of the module above (all targets together, one
//! target, the waiting line of one target), with each target's back-off.

use super::{
    check_url_on, Delivery, WebhookMode, WebhookPorts, ATTEMPTS, ATTEMPT_TIMEOUT, CONCURRENCY,
    MAX_BACK_OFF, PER_TARGET, QUEUE, TARGET_QUEUE,
};
use crate::error::ApiError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{mpsc, Semaphore};
use tokio::time::Instant;

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
pub(super) async fn deliver_all(
    mut rx: mpsc::Receiver<Delivery>,
    mode: WebhookMode,
    ports: WebhookPorts,
) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
