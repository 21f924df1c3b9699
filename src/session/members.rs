//! Operations that must not overlap for one member: forgetting them (`/privacy delete`)
//! against a challenge, an Accept or a rematch that would name them again. Each takes the
//! members it concerns, in id order (so two never wait on each other crosswise), for as
//! long as it runs. Between processes the store's transactions do the same (see
//! `PrivacyStore::forget`).

use std::sync::Arc;
use std::time::Duration;

use dashmap::DashMap;
use tokio::sync::{Mutex, OwnedMutexGuard};

use crate::game::PlayerId;

use super::error::SessionError;

/// How long an operation waits for another one of the same member.
const WAIT: Duration = Duration::from_secs(10);

/// The members that operations hold right now.
#[derive(Debug, Default)]
pub(super) struct Members(DashMap<PlayerId, Arc<Mutex<()>>>);

/// Members held by one operation, given back when dropped.
pub(super) struct Held<'a> {
    members: &'a Members,
    held: Vec<(PlayerId, OwnedMutexGuard<()>)>,
}

impl Members {
    /// Holds every member of `players` (pass members only, never the computer), waiting
    /// for operations that hold one; [`SessionError::Pending`] after a while.
    pub(super) async fn hold(&self, players: &[PlayerId]) -> Result<Held<'_>, SessionError> {
        let mut ids: Vec<PlayerId> = players.to_vec();
        ids.sort_unstable();
        ids.dedup();
        let mut held = Held {
            members: self,
            held: Vec::with_capacity(ids.len()),
        };
        for p in ids {
            let lock = Arc::clone(&self.0.entry(p).or_default());
            let Ok(guard) = tokio::time::timeout(WAIT, lock.lock_owned()).await else {
                return Err(SessionError::Pending);
            };
            held.held.push((p, guard));
        }
        Ok(held)
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        for (p, guard) in self.held.drain(..) {
            drop(guard);
            // Forget the lock once nobody holds or waits for it (the map's copy is the
            // last one).
            self.members
                .0
                .remove_if(&p, |_, lock| Arc::strong_count(lock) == 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_operation_per_member_at_a_time() {
        let members = Members::default();
        let first = members.hold(&[PlayerId(2), PlayerId(1)]).await.unwrap();
        let waiting = members.hold(&[PlayerId(1)]);
        tokio::pin!(waiting);
        assert!(
            tokio::time::timeout(Duration::from_millis(50), &mut waiting)
                .await
                .is_err(),
            "member 1 is held"
        );
        // Another member goes on.
        drop(members.hold(&[PlayerId(3)]).await.unwrap());
        drop(first);
        drop(waiting.await.unwrap());
        assert!(members.0.is_empty(), "nothing is kept once given back");
    }
}
