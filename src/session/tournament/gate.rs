//! Sign-up changes under way in this process, so that a start counts the joins and leaves
//! that were acknowledged before it.
//!
//! The bot acknowledges a Join or Leave click before it writes it (the write may take
//! longer than Discord waits), so a member can see their click taken while the store has
//! not seen it yet. A [`SignUpTicket`] is taken before the acknowledgement and dropped once
//! the member has been answered; a start waits for the tickets of its server taken before
//! it ([`SignUps::settle`], bounded), then reads the entrants. (A click and a start in one
//! server reach the same process: both come through the server's shard.) A change that
//! comes later still lands before the start's write, which then runs again, or is refused
//! (see the store's `TournamentStore::advance_tournament`).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;

use crate::ids::GuildId;

/// The sign-up changes under way, per server.
#[derive(Debug, Default)]
pub struct SignUps {
    /// The tickets, numbered and held under one lock (never held across an `.await`).
    tickets: Mutex<Tickets>,
    /// Woken whenever a ticket is dropped.
    dropped: Notify,
}

/// The tickets of [`SignUps`].
#[derive(Debug, Default)]
struct Tickets {
    /// The last ticket's number (one sequence for every server).
    last: u64,
    /// Per server, the numbers of the tickets still held (a server is removed with its last).
    held: HashMap<GuildId, BTreeSet<u64>>,
}

/// A join or leave under way (see the module's doc); dropping it ends it.
#[derive(Debug)]
#[must_use = "a ticket counts only while it is held"]
pub struct SignUpTicket<'a> {
    signups: &'a SignUps,
    guild: GuildId,
    number: u64,
}

impl SignUps {
    /// A ticket for a join or leave in `guild`.
    pub fn ticket(&self, guild: GuildId) -> SignUpTicket<'_> {
        let number = {
            let mut tickets = self.lock();
            tickets.last += 1;
            let number = tickets.last;
            tickets.held.entry(guild).or_default().insert(number);
            number
        };
        SignUpTicket {
            signups: self,
            guild,
            number,
        }
    }

    /// Waits until every ticket of `guild` taken before this call is dropped, or `limit`
    /// has passed (tickets taken meanwhile are not waited for). Returns whether they were.
    pub async fn settle(&self, guild: GuildId, limit: Duration) -> bool {
        let before = self.lock().last;
        let waited = tokio::time::timeout(limit, async {
            loop {
                // Asked for before the look, so a drop between the look and the wait wakes it.
                let dropped = self.dropped.notified();
                tokio::pin!(dropped);
                dropped.as_mut().enable();
                if !self.any_before(guild, before) {
                    return;
                }
                dropped.await;
            }
        })
        .await;
        waited.is_ok()
    }

    /// The tickets (a panic elsewhere while they were locked leaves them usable).
    fn lock(&self) -> std::sync::MutexGuard<'_, Tickets> {
        self.tickets.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `guild` holds a ticket numbered `before` or lower.
    fn any_before(&self, guild: GuildId, before: u64) -> bool {
        self.lock()
            .held
            .get(&guild)
            .and_then(|held| held.first())
            .is_some_and(|&first| first <= before)
    }

    /// How many tickets are held in all (for tests).
    #[must_use]
    pub fn held(&self) -> usize {
        self.lock().held.values().map(BTreeSet::len).sum()
    }
}

impl Drop for SignUpTicket<'_> {
    fn drop(&mut self) {
        {
            let mut tickets = self.signups.lock();
            if let Some(held) = tickets.held.get_mut(&self.guild) {
                held.remove(&self.number);
                if held.is_empty() {
                    tickets.held.remove(&self.guild);
                }
            }
        }
        self.signups.dropped.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_start_waits_for_the_tickets_before_it_and_not_for_later_ones() {
        let signups = SignUps::default();
        let (here, there) = (GuildId(1), GuildId(2));
        let early = signups.ticket(here);
        let _elsewhere = signups.ticket(there);
        let waiting = signups.settle(here, Duration::from_secs(30));
        tokio::pin!(waiting);
        // Held: the start waits.
        assert!(
            tokio::time::timeout(Duration::from_millis(50), waiting.as_mut())
                .await
                .is_err()
        );
        // A later ticket, and one of another server, are not waited for.
        let _late = signups.ticket(here);
        drop(early);
        assert!(
            tokio::time::timeout(Duration::from_secs(30), waiting)
                .await
                .expect("settled once the early ticket is dropped")
        );
        assert_eq!(signups.held(), 2);
    }

    #[tokio::test]
    async fn a_start_waits_no_longer_than_its_limit() {
        let signups = SignUps::default();
        let _held = signups.ticket(GuildId(1));
        assert!(!signups.settle(GuildId(1), Duration::from_millis(20)).await);
        assert!(signups.settle(GuildId(2), Duration::from_millis(20)).await);
    }
}
