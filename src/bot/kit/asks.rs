//! How often one member may ask for something that costs the bot Discord requests: a
//! window per member, shared by every feature that needs one (replays, `/matches`).

use std::time::{Duration, Instant};

use dashmap::DashMap;

/// At most `limit` asks per member in a window of `span`, which begins with the first ask
/// after the last window ended. Members whose window ended are forgotten at the next ask.
#[derive(Debug)]
pub struct Asks {
    limit: u32,
    span: Duration,
    /// Per member: when their window began, and how many asks it has had.
    seen: DashMap<u64, (Instant, u32)>,
}

impl Asks {
    /// `limit` asks per member in each window of `span`.
    #[must_use]
    pub fn new(limit: u32, span: Duration) -> Self {
        Self {
            limit,
            span,
            seen: DashMap::new(),
        }
    }

    /// Counts one ask by `member` now; `Err` holds how long until they may ask again.
    pub fn ask(&self, member: u64) -> Result<(), Duration> {
        self.ask_at(member, Instant::now())
    }

    /// [`Self::ask`] at `now`.
    fn ask_at(&self, member: u64, now: Instant) -> Result<(), Duration> {
        let refused = match self.seen.entry(member) {
            dashmap::Entry::Occupied(mut seen) => {
                let (since, asked) = *seen.get();
                let gone = now.saturating_duration_since(since);
                if gone >= self.span {
                    seen.insert((now, 1));
                    None
                } else if asked >= self.limit {
                    Some(self.span.saturating_sub(gone))
                } else {
                    seen.insert((since, asked + 1));
                    None
                }
            }
            dashmap::Entry::Vacant(v) => {
                v.insert((now, 1));
                None
            }
        };
        self.seen
            .retain(|_, (since, _)| now.saturating_duration_since(*since) < self.span);
        refused.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_past_the_limit_waits_for_the_window_and_others_do_not() {
        let asks = Asks::new(3, Duration::from_secs(10));
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        for s in 0..3 {
            assert_eq!(asks.ask_at(1, at(s)), Ok(()), "ask {s} is within the limit");
        }
        // The fourth, 4 s into the window, waits the 6 s left of it.
        assert_eq!(asks.ask_at(1, at(4)), Err(Duration::from_secs(6)));
        assert_eq!(asks.ask_at(1, at(9)), Err(Duration::from_secs(1)));
        // Another member is served meanwhile.
        assert_eq!(asks.ask_at(2, at(9)), Ok(()));
        // Once the window is over, a new one begins with this ask.
        assert_eq!(asks.ask_at(1, at(10)), Ok(()));
        assert_eq!(asks.ask_at(1, at(11)), Ok(()));
        assert_eq!(asks.ask_at(1, at(12)), Ok(()));
        assert_eq!(asks.ask_at(1, at(13)), Err(Duration::from_secs(7)));
        // Members whose window ended are forgotten.
        assert_eq!(asks.ask_at(3, at(30)), Ok(()));
        assert_eq!(asks.seen.len(), 1, "only member 3's window is kept");
    }
}
