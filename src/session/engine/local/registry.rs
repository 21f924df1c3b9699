//! Live matches in memory, one per channel, with lookups by player and by match id.
//! Only the local engine (the parent module) changes them; a session with a store of this
//! process's own (SQLite) runs on it, and a shared store keeps the live matches instead.
//! Outside the engine the registry can only be counted ([`Registry::len`]).
//!
//! Every access goes through a closure that runs while the entry is locked, so a
//! guard can never be held across an `.await`: callers mutate and take a snapshot
//! inside the closure, then render and talk to Discord after it returns. A closure
//! must not call back into the registry (that could lock the same shard twice).

use dashmap::DashMap;
use dashmap::mapref::entry::Entry as MapEntry;

use crate::game::PlayerId;
use crate::session::engine::empty_census;
use crate::session::entry::Entry;
use crate::session::error::OpenError;
use crate::session::ids::{ChannelKey, Locate, MatchId, Place};

/// A match's turn to be changed: a change holds it from before it applies the rule until
/// its write is done, so the changes of one match are applied and written one at a time,
/// in order. Waiting for it is waiting for the previous write, without polling.
pub(super) type Turn = std::sync::Arc<tokio::sync::Mutex<()>>;

/// One live match and its turn.
#[derive(Debug)]
struct Slot {
    entry: Entry,
    turn: Turn,
}

/// All running matches of this process (a store of its own; see the module's doc).
// `by_channel`, `by_player`, `by_id`: the prefix says what each map is keyed by.
#[expect(clippy::struct_field_names, reason = "each map is named by its key")]
#[derive(Debug, Default)]
pub struct Registry {
    /// Boxed: an entry is about a kilobyte, and the map's spare slots would otherwise
    /// each hold that much (measured: 2.6 KB per live match unboxed, see `store_bench`).
    by_channel: DashMap<ChannelKey, Box<Slot>>,
    by_player: DashMap<PlayerId, ChannelKey>,
    by_id: DashMap<MatchId, ChannelKey>,
}

impl Registry {
    /// An empty registry.
    #[must_use]
    pub(super) fn new() -> Self {
        Self::default()
    }

    /// Registers `entry` in its channel and binds the members of `claims` to it, if the
    /// channel is free, no claim is bound elsewhere and no member of `unclaimed` (a
    /// challenged member, who must not be playing) is bound at all.
    ///
    /// The computer is never bound, and a challenged member is bound only when they
    /// accept (the claims of the next change): until then they may be challenged
    /// elsewhere, and the first Accept wins.
    ///
    /// Returns the new match's turn, held: nobody changes it before its first write.
    pub(super) fn open(
        &self,
        entry: Entry,
        claims: &[PlayerId],
        unclaimed: &[PlayerId],
    ) -> Result<tokio::sync::OwnedMutexGuard<()>, OpenError> {
        let (id, channel) = (entry.id, entry.channel);
        let MapEntry::Vacant(slot) = self.by_channel.entry(channel) else {
            return Err(OpenError::ChannelBusy);
        };
        if let Some(&p) = unclaimed.iter().find(|p| self.by_player.contains_key(p)) {
            return Err(OpenError::PlayerBusy(p));
        }
        self.claim_all(claims, channel)?;
        self.by_id.insert(id, channel);
        let turn = Turn::default();
        let held = std::sync::Arc::clone(&turn)
            .try_lock_owned()
            .map_err(|_| OpenError::ChannelBusy)?;
        slot.insert(Box::new(Slot { entry, turn }));
        Ok(held)
    }

    /// Binds every member of `players` to the match in `channel`, or none of them: `Ok`
    /// if each was free or already plays there.
    pub(super) fn claim_all(
        &self,
        players: &[PlayerId],
        channel: ChannelKey,
    ) -> Result<(), OpenError> {
        let mut claimed = Vec::new();
        for &p in players {
            // The entry guard locks a shard of `by_player`: drop it before rolling back, or
            // removing a player of the same shard would wait for ever.
            let taken = match self.by_player.entry(p) {
                MapEntry::Occupied(o) => *o.get() != channel,
                MapEntry::Vacant(v) => {
                    v.insert(channel);
                    claimed.push(p);
                    false
                }
            };
            if taken {
                self.release_all(&claimed, channel);
                return Err(OpenError::PlayerBusy(p));
            }
        }
        Ok(())
    }

    /// Undoes a [`Registry::claim_all`] of `players` for `channel`.
    pub(super) fn release_all(&self, players: &[PlayerId], channel: ChannelKey) {
        for p in players {
            self.by_player.remove_if(p, |_, c| *c == channel);
        }
    }

    /// The id and turn of the located match.
    pub(super) fn turn(&self, at: Locate) -> Option<(MatchId, Turn)> {
        let channel = self.channel(at)?;
        let slot = self.by_channel.get(&channel)?;
        fits(&slot.entry, at).then(|| (slot.entry.id, std::sync::Arc::clone(&slot.turn)))
    }

    /// The channel of the located match.
    fn channel(&self, at: Locate) -> Option<ChannelKey> {
        match at {
            Locate::Id(id) => self.by_id.get(&id).map(|c| *c),
            Locate::Channel(c) => Some(c),
            Locate::Player(p) => self.channel_of(p),
        }
    }

    /// Runs `f` on the located match while it is locked (a member's match only if they
    /// play in it; a match by id only if it is that one).
    pub(super) fn with<R>(&self, at: Locate, f: impl FnOnce(&mut Entry) -> R) -> Option<R> {
        let channel = self.channel(at)?;
        let mut slot = self.by_channel.get_mut(&channel)?;
        fits(&slot.entry, at).then(|| f(&mut slot.entry))
    }

    /// Where `player`'s match is played, if they are bound to one.
    #[must_use]
    pub(super) fn place_of(&self, player: PlayerId) -> Option<Place> {
        let key = self.channel_of(player)?;
        // Where its messages go (a challenge waiting for its thread is keyed by its id).
        let slot = self.by_channel.get(&key)?;
        Some(Place {
            channel: slot.entry.post_channel(),
            guild: slot.entry.guild,
        })
    }

    /// The channel of `player`'s match, if they are bound to one.
    #[must_use]
    pub(super) fn channel_of(&self, player: PlayerId) -> Option<ChannelKey> {
        self.by_player.get(&player).map(|c| *c)
    }

    /// Moves match `id` from channel `from` to `to` (into its thread), with the members
    /// bound to it; `false` (and nothing moved) when `to` has a match.
    pub(super) fn rekey(&self, id: MatchId, from: ChannelKey, to: ChannelKey) -> bool {
        let Some((_, slot)) = self.by_channel.remove_if(&from, |_, s| s.entry.id == id) else {
            return false;
        };
        let players = slot.entry.game.players();
        // The entry's guard is gone by the time a refused slot goes back (the two keys may
        // share a shard).
        let refused = match self.by_channel.entry(to) {
            MapEntry::Vacant(v) => {
                self.by_id.insert(id, to);
                v.insert(slot);
                None
            }
            MapEntry::Occupied(_) => Some(slot),
        };
        if let Some(slot) = refused {
            self.by_channel.insert(from, slot);
            return false;
        }
        for p in players {
            if let Some(mut c) = self.by_player.get_mut(&p)
                && *c == from
            {
                *c = to;
            }
        }
        true
    }

    /// Removes the match in `channel` (if it is `id`), freeing the channel and its players.
    #[must_use]
    pub(super) fn close(&self, channel: ChannelKey, id: MatchId) -> Option<Entry> {
        let (_, slot) = self
            .by_channel
            .remove_if(&channel, |_, s| s.entry.id == id)?;
        self.by_id.remove(&id);
        for p in slot.entry.game.players() {
            self.by_player.remove_if(&p, |_, c| *c == channel);
        }
        Some(slot.entry)
    }

    /// How many live matches there are of each phase and variant (zeros included).
    #[must_use]
    pub(super) fn census(&self) -> Vec<((crate::game::PhaseKind, crate::game::Variant), usize)> {
        let mut counts = empty_census();
        for s in &self.by_channel {
            let key = (s.entry.game.phase_kind(), s.entry.game.variant());
            if let Some((_, n)) = counts.iter_mut().find(|(k, _)| *k == key) {
                *n += 1;
            }
        }
        counts
    }

    /// Number of running matches.
    #[must_use]
    pub fn len(&self) -> usize {
        self.by_channel.len()
    }

    /// Whether no match is running.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.by_channel.is_empty()
    }
}

/// Whether `entry` is the match `at` asks for (a member's match only if they play in it).
fn fits(entry: &Entry, at: Locate) -> bool {
    match at {
        Locate::Id(id) => entry.id == id,
        Locate::Channel(_) => true,
        Locate::Player(p) => entry.has_player(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Difficulty;
    use crate::game::{Match, MatchOptions, Variant};
    use crate::session::entry::{Computer, Home, Reminded};
    use crate::session::pace::Pace;
    use rand_chacha::ChaCha8Rng;
    use std::time::{Duration, SystemTime};

    /// A challenge of `a` to `b` in `channel`, not yet answered.
    fn challenge(channel: u64, a: u64, b: u64) -> Entry {
        Entry {
            id: MatchId::random(),
            version: 0,
            moves: 0,
            channel: ChannelKey(channel),
            guild: None,
            created: SystemTime::UNIX_EPOCH,
            game: Match::challenge(
                PlayerId(a),
                PlayerId(b),
                Variant::Classic,
                MatchOptions::default(),
                1,
            )
            .unwrap(),
            names: ["a".into(), "b".into()],
            deadline: SystemTime::UNIX_EPOCH + Duration::from_secs(100),
            guild_locale: None,
            player_locales: [None, None],
            computer: None,
            series: None,
            last_fleets: [None, None],
            pace: Pace::Standard,
            limits: None,
            rated: true,
            home: Home::Channel,
            reminded: Reminded::default(),
            last_message: None,
            drafts: [None, None],
            tournament: None,
        }
    }

    /// Opens `e` binding whom its state binds (as a change's record would).
    fn open(reg: &Registry, e: Entry) -> Result<MatchId, OpenError> {
        let (id, claims) = (e.id, e.claims());
        reg.open(e, &claims, &[]).map(|_| id)
    }

    /// An accepted match (both players are bound to it).
    fn accepted(channel: u64, a: u64, b: u64) -> Entry {
        let mut e = challenge(channel, a, b);
        e.game.accept(PlayerId(b)).unwrap();
        e
    }

    #[test]
    fn one_match_per_channel_and_per_player() {
        let reg = Registry::new();
        let id = open(&reg, accepted(10, 1, 2)).unwrap();
        assert_eq!(open(&reg, accepted(10, 3, 4)), Err(OpenError::ChannelBusy));
        assert_eq!(
            open(&reg, accepted(11, 3, 2)),
            Err(OpenError::PlayerBusy(PlayerId(2)))
        );
        // The failed attempt did not leave player 3 claimed.
        assert_eq!(reg.channel_of(PlayerId(3)), None);
        assert_eq!(reg.channel_of(PlayerId(2)), Some(ChannelKey(10)));
        assert_eq!(
            reg.with(Locate::Id(id), |e| e.channel),
            Some(ChannelKey(10))
        );
        assert_eq!(reg.with(Locate::Player(PlayerId(2)), |e| e.id), Some(id));
        assert_eq!(reg.with(Locate::Id(MatchId(1)), |e| e.id), None);
        reg.close(ChannelKey(10), id).unwrap();
        assert!(reg.is_empty());
        assert_eq!(reg.channel_of(PlayerId(1)), None);
        assert!(open(&reg, accepted(11, 3, 2)).is_ok());
    }

    #[test]
    fn a_challenged_member_is_bound_only_by_accepting() {
        let reg = Registry::new();
        open(&reg, challenge(10, 1, 2)).unwrap();
        // Member 2 may be challenged elsewhere meanwhile …
        open(&reg, challenge(11, 3, 2)).unwrap();
        assert_eq!(reg.channel_of(PlayerId(2)), None);
        // … and the first Accept wins.
        reg.claim_all(&[PlayerId(2)], ChannelKey(11)).unwrap();
        assert_eq!(
            reg.claim_all(&[PlayerId(2)], ChannelKey(10)),
            Err(OpenError::PlayerBusy(PlayerId(2)))
        );
        assert_eq!(reg.claim_all(&[PlayerId(2)], ChannelKey(11)), Ok(()));
        reg.release_all(&[PlayerId(2)], ChannelKey(10));
        assert_eq!(reg.channel_of(PlayerId(2)), Some(ChannelKey(11)));
        reg.release_all(&[PlayerId(2)], ChannelKey(11));
        assert_eq!(reg.channel_of(PlayerId(2)), None);
    }

    #[test]
    fn a_member_who_plays_cannot_be_challenged_unless_restored() {
        let reg = Registry::new();
        open(&reg, accepted(10, 1, 2)).unwrap();
        let late = challenge(11, 3, 2);
        let claims = late.claims();
        assert_eq!(
            reg.open(late.clone(), &claims, &[PlayerId(2)]).err(),
            Some(OpenError::PlayerBusy(PlayerId(2)))
        );
        // A challenge made before member 2 began to play comes back after a restart.
        assert!(reg.open(late, &claims, &[]).is_ok());
        assert_eq!(reg.channel_of(PlayerId(3)), Some(ChannelKey(11)));
    }

    #[test]
    fn claims_are_all_or_nothing() {
        let reg = Registry::new();
        open(&reg, accepted(10, 1, 2)).unwrap();
        assert_eq!(
            reg.claim_all(&[PlayerId(5), PlayerId(2)], ChannelKey(11)),
            Err(OpenError::PlayerBusy(PlayerId(2)))
        );
        assert_eq!(reg.channel_of(PlayerId(5)), None);
    }

    #[test]
    fn the_computer_plays_many_matches_at_once() {
        use rand::SeedableRng;
        let reg = Registry::new();
        let computer = Computer {
            difficulty: Difficulty::Easy,
            rng: ChaCha8Rng::seed_from_u64(1),
        };
        let mut a = accepted(10, 1, 99);
        a.computer = Some(computer.clone());
        let mut b = accepted(11, 2, 99);
        b.computer = Some(computer);
        open(&reg, a).unwrap();
        open(&reg, b).unwrap();
        assert_eq!(reg.channel_of(PlayerId(99)), None);
        // Without the computer flag, player 99 is a person and may only play once.
        open(&reg, accepted(12, 3, 99)).unwrap();
        assert_eq!(
            open(&reg, accepted(13, 4, 99)),
            Err(OpenError::PlayerBusy(PlayerId(99)))
        );
    }

    #[test]
    fn close_only_removes_the_named_match() {
        let reg = Registry::new();
        let id = open(&reg, accepted(10, 1, 2)).unwrap();
        assert!(reg.close(ChannelKey(10), MatchId(999)).is_none());
        assert_eq!(reg.len(), 1);
        assert!(reg.close(ChannelKey(10), id).is_some());
    }

    #[test]
    fn one_turn_per_match() {
        let reg = Registry::new();
        let id = open(&reg, accepted(10, 1, 2)).unwrap();
        let (found, turn) = reg.turn(Locate::Channel(ChannelKey(10))).unwrap();
        assert_eq!(found, id);
        let (_, same) = reg.turn(Locate::Player(PlayerId(1))).unwrap();
        assert!(std::sync::Arc::ptr_eq(&turn, &same));
        let held = turn.try_lock().unwrap();
        assert!(
            same.try_lock().is_err(),
            "a second change waits for the first"
        );
        drop(held);
        assert!(reg.turn(Locate::Player(PlayerId(7))).is_none());
    }
}
