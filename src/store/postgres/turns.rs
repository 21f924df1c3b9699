//! Changes of one live match from several processes take turns at its row lock without
//! holding a pooled connection while they wait (issue 53 item 5): see
//! `PgStore::change_in`.

use std::time::{Duration, Instant};

use crate::store::StoreError;

/// The longest a change of a live match waits for its turn at the match's row, across its
/// tries; then it fails as contention (the member is told to try again).
pub(super) const TURN_WAIT: Duration = Duration::from_secs(10);

/// The longest a try after the first queues at the row, holding its connection: long
/// enough to be next after the change that holds the row (a few milliseconds), short
/// enough that a burst on one match holds one connection per process, briefly.
pub(super) const QUEUE_AT_ROW: Duration = Duration::from_millis(100);

/// The first pause after a try that did not get the row.
pub(super) const FIRST_PAUSE: Duration = Duration::from_millis(2);

/// The longest pause between tries.
pub(super) const MAX_PAUSE: Duration = Duration::from_millis(50);

/// [`QUEUE_AT_ROW`] for the rest of a transaction.
pub(super) fn queue_at_row_sql() -> String {
    format!("SET LOCAL lock_timeout = '{}ms'", QUEUE_AT_ROW.as_millis())
}

/// Every connection's lock timeout again, for the rest of a transaction.
pub(super) fn lock_timeout_sql() -> String {
    format!("SET LOCAL lock_timeout = '{}'", super::LOCK_TIMEOUT)
}

/// How a try waits for the match's row lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wait {
    /// Not at all: the row now, or an error (`NOWAIT`).
    Now,
    /// At most [`QUEUE_AT_ROW`].
    Briefly,
    /// Not at all, and a held row is skipped as if it were not there (the sweep's way).
    Skip,
}

/// The tries of one change: when it began, and the next pause.
#[derive(Debug)]
pub(super) struct Turn {
    until: Instant,
    pause: Duration,
    /// Drawn once per change, so two processes' pauses drift apart.
    jitter: u64,
}

impl Turn {
    /// The tries of a change that begins at `now`.
    pub(super) fn new(now: Instant) -> Self {
        Self {
            until: now + TURN_WAIT,
            pause: FIRST_PAUSE,
            jitter: rand::random::<u64>(),
        }
    }

    /// The pause before the next try, or `None` once [`TURN_WAIT`] has passed.
    pub(super) fn pause(&mut self, now: Instant) -> Option<Duration> {
        let left = self.until.checked_duration_since(now)?;
        if left.is_zero() {
            return None;
        }
        // Between half the pause and the whole of it.
        let half = self.pause / 2;
        let spread = u64::try_from(half.as_micros()).unwrap_or(u64::MAX).max(1);
        self.jitter = self
            .jitter
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pause = half + Duration::from_micros((self.jitter >> 33) % spread);
        self.pause = (self.pause * 2).min(MAX_PAUSE);
        Some(pause.min(left))
    }
}

/// Whether `e` says the row's lock was not had (`NOWAIT`, or the lock timeout): 55P03.
pub(super) fn lock_unavailable(e: &StoreError) -> bool {
    match e {
        StoreError::Query(sqlx::Error::Database(db)) => db.code().as_deref() == Some("55P03"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_grow_to_their_cap_and_stop_at_the_turns_end() {
        let start = Instant::now();
        let mut turn = Turn::new(start);
        let mut waited = Duration::ZERO;
        let mut tries = 0;
        while let Some(pause) = turn.pause(start + waited) {
            assert!(pause <= MAX_PAUSE, "{pause:?}");
            assert!(pause >= FIRST_PAUSE / 2 || waited + pause >= TURN_WAIT);
            // Each try also queues at the row for up to QUEUE_AT_ROW.
            waited += pause + QUEUE_AT_ROW;
            tries += 1;
        }
        assert!(waited >= TURN_WAIT, "{waited:?}");
        assert!(tries > 10, "{tries}");
        assert!(turn.pause(start + TURN_WAIT).is_none());
    }
}
