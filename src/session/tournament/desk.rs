//! What this process keeps about tournaments beside the store: the sign-up changes under
//! way ([`SignUps`]), the steps running here (one at a time per tournament), the
//! tournaments woken by a match's end for the bot to step, and which servers' timed
//! starts are this process's to make.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use tokio::sync::mpsc;

use super::{GuildId, SignUps, TournamentId};

/// The tournaments' desk of one process (held by the session).
#[derive(Debug)]
pub struct Desk {
    /// Joins and leaves under way.
    pub(super) signups: SignUps,
    /// The steps running here: per tournament, whether another was asked for meanwhile
    /// (and whether that one is a start); and the last turn's number.
    stepping: Mutex<(HashMap<TournamentId, Again>, u64)>,
    /// Where a match's end wakes its tournament.
    woken: mpsc::UnboundedSender<TournamentId>,
    /// What the bot takes the woken tournaments from (taken once).
    wakes: Mutex<Option<mpsc::UnboundedReceiver<TournamentId>>>,
    /// The shards this process runs (unset: all of them).
    shards: OnceLock<Shards>,
}

/// A step running here, and whether another was asked for meanwhile.
#[derive(Clone, Copy, Debug, Default)]
struct Again {
    /// Which turn runs (a turn removes only its own).
    turn: u64,
    asked: bool,
    start: bool,
}

/// Which of the gateway's shards this process runs: a server's sign-up clicks reach the
/// process of its shard only, so only that one makes its timed start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard run here.
    pub first: u64,
    /// The last shard run here.
    pub last: u64,
    /// The shards in all.
    pub total: u64,
}

impl Shards {
    /// Whether `guild`'s shard is run here (Discord's rule: the id's timestamp bits
    /// modulo the count).
    #[must_use]
    pub fn hold(self, guild: GuildId) -> bool {
        let shard = (guild.0 >> 22) % self.total.max(1);
        (self.first..=self.last).contains(&shard)
    }
}

impl Default for Desk {
    fn default() -> Self {
        let (woken, wakes) = mpsc::unbounded_channel();
        Self {
            signups: SignUps::default(),
            stepping: Mutex::default(),
            woken,
            wakes: Mutex::new(Some(wakes)),
            shards: OnceLock::new(),
        }
    }
}

/// The right to step a tournament in this process; dropping it gives it back.
#[derive(Debug)]
pub(super) struct StepTurn<'a> {
    desk: &'a Desk,
    id: TournamentId,
    number: u64,
}

impl Desk {
    /// The turn to step `id`, or `None` when a step of it runs here already: that one is
    /// asked to run once more (as a start, if this was one) and reports for both.
    pub(super) fn turn(&self, id: TournamentId, start: bool) -> Option<StepTurn<'_>> {
        let mut stepping = self.stepping.lock().unwrap_or_else(PoisonError::into_inner);
        let (running, last) = &mut *stepping;
        if let Some(again) = running.get_mut(&id) {
            again.asked = true;
            again.start |= start;
            return None;
        }
        *last += 1;
        let number = *last;
        running.insert(
            id,
            Again {
                turn: number,
                ..Again::default()
            },
        );
        Some(StepTurn {
            desk: self,
            id,
            number,
        })
    }

    /// Tells the bot that `id` is to be stepped (a match of it ended).
    pub(super) fn wake(&self, id: TournamentId) {
        // Nobody listens only where no bot runs (tests): the step is then asked directly.
        let _ = self.woken.send(id);
    }

    /// The woken tournaments, for the one task that steps them (`None` once taken).
    pub fn take_wakes(&self) -> Option<mpsc::UnboundedReceiver<TournamentId>> {
        self.wakes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// Runs only `shards` here.
    pub fn set_shards(&self, shards: Shards) {
        let _ = self.shards.set(shards);
    }

    /// Whether `guild`'s timed starts are made here.
    #[must_use]
    pub fn holds(&self, guild: GuildId) -> bool {
        self.shards.get().is_none_or(|s| s.hold(guild))
    }

    /// How many steps run here (for tests).
    #[must_use]
    pub fn stepping(&self) -> usize {
        self.stepping
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .0
            .len()
    }
}

impl StepTurn<'_> {
    /// Whether another step was asked for meanwhile (then the turn is kept, and whether
    /// it is a start); else the turn ends here, at once, so that a step asked for from now
    /// on runs itself.
    pub(super) fn again(&self) -> Option<bool> {
        let mut stepping = self
            .desk
            .stepping
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let again = stepping.0.get_mut(&self.id)?;
        if again.turn != self.number {
            return None;
        }
        if again.asked {
            let start = again.start;
            again.asked = false;
            again.start = false;
            Some(start)
        } else {
            stepping.0.remove(&self.id);
            None
        }
    }
}

impl Drop for StepTurn<'_> {
    fn drop(&mut self) {
        let mut stepping = self
            .desk
            .stepping
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if stepping
            .0
            .get(&self.id)
            .is_some_and(|a| a.turn == self.number)
        {
            stepping.0.remove(&self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_step_of_one_tournament_waits_for_the_first_to_run_again() {
        let desk = Desk::default();
        let (a, b) = (TournamentId(1), TournamentId(2));
        let turn = desk.turn(a, false).expect("the first step runs");
        assert!(
            desk.turn(b, false).is_some(),
            "another tournament is not held up"
        );
        assert!(
            desk.turn(a, true).is_none(),
            "no second step of one tournament"
        );
        assert!(desk.turn(a, false).is_none());
        assert_eq!(turn.again(), Some(true), "asked again, and once as a start");
        assert_eq!(turn.again(), None, "not asked since: the turn ends");
        let next = desk
            .turn(a, false)
            .expect("a step asked for now runs itself");
        drop(turn);
        assert!(
            desk.turn(a, false).is_none(),
            "the old turn leaves the new one alone"
        );
        drop(next);
        assert!(
            desk.turn(a, false).is_some(),
            "free again once the turn is dropped"
        );
    }

    #[test]
    fn a_timed_start_is_made_by_the_process_of_its_servers_shard() {
        let desk = Desk::default();
        let guild = GuildId(5 << 22);
        assert!(desk.holds(guild), "all shards run here unless told");
        desk.set_shards(Shards {
            first: 0,
            last: 1,
            total: 4,
        });
        assert!(desk.holds(guild), "5 mod 4 is shard 1: run here");
        assert!(desk.holds(GuildId(4 << 22)), "shard 0");
        assert!(!desk.holds(GuildId(6 << 22)), "shard 2: another process");
        assert!(
            !desk.holds(GuildId((7 << 22) | 0x3039)),
            "shard 3: another process"
        );
    }
}
