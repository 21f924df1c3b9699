//! Live matches in memory, one per channel, with lookups by player and by match id and
//! deadlines for the expiry sweep. Only the session layer changes them (see [`super`]).
//! Used with a store of this process's own (SQLite); a shared store keeps them instead.
//!
//! Every access goes through a closure that runs while the entry is locked, so a
//! guard can never be held across an `.await`: callers mutate and take a snapshot
//! inside the closure, then render and talk to Discord after it returns. A closure
//! must not call back into the registry (that could lock the same shard twice).

use std::time::SystemTime;

use dashmap::DashMap;
use dashmap::mapref::entry::Entry as MapEntry;

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::game::{Match, PlayerId};

/// The computer playing the opponent's seat: its level and its own random numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computer {
    /// How strong it plays.
    pub difficulty: Difficulty,
    /// Its random numbers (seeded from the match, so replays repeat its moves).
    pub rng: ChaCha8Rng,
}

/// A Discord channel or thread id: the place a match lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChannelKey(pub u64);

/// A match's own id, used in button ids so a button can only act on its own match.
/// Drawn at random (63 bits), so ids never repeat across restarts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MatchId(pub u64);

impl MatchId {
    /// A fresh random id in `1..2^63` (it fits a signed 64-bit database integer).
    #[must_use]
    pub fn random() -> Self {
        use rand::RngExt as _;
        MatchId(rand::rng().random_range(1..=(1_u64 << 63) - 1))
    }
}

impl std::str::FromStr for MatchId {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(MatchId)
    }
}

impl std::fmt::Display for MatchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One running match and what is kept beside it. This whole value is what the store
/// keeps, so a restored match is exactly the one that was running.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The match's id.
    pub id: MatchId,
    /// Bumped by every accepted change; the store never replaces a newer version.
    pub version: u64,
    /// Moves played so far (the sequence number of the last stored move).
    pub moves: u32,
    /// Where it is played.
    pub channel: ChannelKey,
    /// The server it is played in.
    pub guild: Option<u64>,
    /// When the challenge was made.
    pub created: SystemTime,
    /// The rules state.
    pub game: Match,
    /// Display names of `[challenger, opponent]`, for pictures.
    pub names: [String; 2],
    /// When the current phase (challenge, placement, turn) runs out.
    pub deadline: SystemTime,
    /// The Discord locale of the server (e.g. `nl`), taken at challenge time, for public
    /// messages about the match, also the sweeper's.
    pub guild_locale: Option<String>,
    /// The Discord locales of `[challenger, opponent]` as last seen (the opponent's from the
    /// Accept click), for private messages the bot sends unasked, like the placement DMs.
    pub player_locales: [Option<String>; 2],
    /// Set when the opponent's seat is the computer.
    pub computer: Option<Computer>,
    /// In a rematch: the series score before this match.
    #[serde(default)]
    pub series: Option<Series>,
    /// In a rematch: each seat's fleet from the previous match, offered again.
    #[serde(default)]
    pub last_fleets: [Option<crate::game::Fleet>; 2],
    /// A change of this match is being written: other changes wait for it, so the
    /// changes of one match are written one at a time, in order. Never stored.
    #[serde(skip)]
    pub pending: bool,
}

impl Entry {
    /// The members who play (the computer's seat left out).
    #[must_use]
    pub fn members(&self) -> Vec<PlayerId> {
        let [challenger, opponent] = self.game.players();
        if self.computer.is_some() {
            vec![challenger]
        } else {
            vec![challenger, opponent]
        }
    }

    /// Whether `player` takes part.
    #[must_use]
    pub fn has_player(&self, player: PlayerId) -> bool {
        self.game.side_of(player).is_some()
    }
}

/// The score of two players who keep rematching, by seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Series {
    /// Wins of `[challenger, opponent]`.
    pub wins: [u32; 2],
    /// Draws.
    pub draws: u32,
}

impl Series {
    /// The score once `game` (finished) is counted.
    #[must_use]
    pub fn after(self, game: &Match) -> Self {
        let mut next = self;
        match game.ending() {
            Some(crate::game::Ending::Won { winner, .. }) => {
                if let Some(side) = game.side_of(winner) {
                    next.wins[side.index()] += 1;
                }
            }
            Some(crate::game::Ending::Draw) => next.draws += 1,
            _ => {}
        }
        next
    }
}

/// Why a match could not be opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// The channel already has a match.
    #[error("this channel already has a match")]
    ChannelBusy,
    /// One of the players is already in a match (somewhere).
    #[error("a player is already in a match")]
    PlayerBusy(PlayerId),
}

/// All running matches.
// `by_channel`, `by_player`, `by_id`: the prefix says what each map is keyed by.
#[allow(clippy::struct_field_names)]
#[derive(Debug, Default)]
pub struct Registry {
    /// Boxed: an entry is about a kilobyte, and the map's spare slots would otherwise
    /// each hold that much (measured: 2.6 KB per live match unboxed, see `store_bench`).
    by_channel: DashMap<ChannelKey, Box<Entry>>,
    by_player: DashMap<PlayerId, ChannelKey>,
    by_id: DashMap<MatchId, ChannelKey>,
}

impl Registry {
    /// An empty registry.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers `entry` in its channel, if the channel and both players are free.
    ///
    /// The computer is not bound to one match at a time, and a challenged member is
    /// claimed only when they accept (see [`Registry::claim`]): until then they may be
    /// challenged elsewhere, and the first Accept wins.
    pub(crate) fn open(&self, entry: Entry) -> Result<MatchId, OpenError> {
        let [challenger, opponent] = entry.game.players();
        let answered = entry.game.phase_kind() != crate::game::PhaseKind::Challenge;
        let humans = if answered {
            entry.members()
        } else {
            vec![challenger]
        };
        let (id, channel) = (entry.id, entry.channel);
        let MapEntry::Vacant(slot) = self.by_channel.entry(channel) else {
            return Err(OpenError::ChannelBusy);
        };
        // A member who already plays cannot be challenged (but one who is only
        // challenged elsewhere can).
        if entry.computer.is_none() && !answered && self.by_player.contains_key(&opponent) {
            return Err(OpenError::PlayerBusy(opponent));
        }
        // Claim the players one by one, rolling back if one is taken.
        let mut claimed = Vec::new();
        for &p in &humans {
            // The entry guard locks a shard of `by_player`: drop it before rolling back, or
            // removing a player of the same shard would wait for ever.
            let taken = match self.by_player.entry(p) {
                MapEntry::Occupied(_) => true,
                MapEntry::Vacant(v) => {
                    v.insert(channel);
                    false
                }
            };
            if taken {
                for c in claimed {
                    self.by_player.remove(&c);
                }
                return Err(OpenError::PlayerBusy(p));
            }
            claimed.push(p);
        }
        self.by_id.insert(id, channel);
        slot.insert(Box::new(entry));
        Ok(id)
    }

    /// Whether `player` sits in any live match, also one they were only challenged to
    /// (which [`Registry::channel_of`] does not know until they accept).
    #[must_use]
    pub fn involves(&self, player: PlayerId) -> bool {
        self.by_channel.iter().any(|e| e.has_player(player))
    }

    /// Claims `player` for the match in `channel` (a challenged member who accepts).
    /// `Ok` if they were free or already play there.
    pub(crate) fn claim(&self, player: PlayerId, channel: ChannelKey) -> Result<(), OpenError> {
        match self.by_player.entry(player) {
            MapEntry::Occupied(o) if *o.get() == channel => Ok(()),
            MapEntry::Occupied(_) => Err(OpenError::PlayerBusy(player)),
            MapEntry::Vacant(v) => {
                v.insert(channel);
                Ok(())
            }
        }
    }

    /// Undoes a [`Registry::claim`] of `player` for `channel`.
    pub(crate) fn release(&self, player: PlayerId, channel: ChannelKey) {
        self.by_player.remove_if(&player, |_, c| *c == channel);
    }

    /// Runs `f` on the match in `channel` while it is locked.
    pub(crate) fn with_channel<R>(
        &self,
        channel: ChannelKey,
        f: impl FnOnce(&mut Entry) -> R,
    ) -> Option<R> {
        self.by_channel.get_mut(&channel).map(|mut e| f(&mut e))
    }

    /// Runs `f` on the match with this id while it is locked.
    pub(crate) fn with_id<R>(&self, id: MatchId, f: impl FnOnce(&mut Entry) -> R) -> Option<R> {
        let channel = *self.by_id.get(&id)?;
        self.by_channel
            .get_mut(&channel)
            .filter(|e| e.id == id)
            .map(|mut e| f(&mut e))
    }

    /// Runs `f` on `player`'s match (wherever it is) while it is locked.
    pub(crate) fn with_player<R>(
        &self,
        player: PlayerId,
        f: impl FnOnce(&mut Entry) -> R,
    ) -> Option<R> {
        let channel = self.channel_of(player)?;
        self.with_channel(channel, |e| e.has_player(player).then(|| f(e)))
            .flatten()
    }

    /// The channel of `player`'s match, if they are in one.
    #[must_use]
    pub fn channel_of(&self, player: PlayerId) -> Option<ChannelKey> {
        self.by_player.get(&player).map(|c| *c)
    }

    /// Removes the match in `channel` (if it is `id`), freeing the channel and its players.
    #[must_use]
    pub(crate) fn close(&self, channel: ChannelKey, id: MatchId) -> Option<Entry> {
        let (_, entry) = self.by_channel.remove_if(&channel, |_, e| e.id == id)?;
        self.by_id.remove(&entry.id);
        for p in entry.game.players() {
            self.by_player.remove_if(&p, |_, c| *c == channel);
        }
        Some(*entry)
    }

    /// Channels whose match deadline is at or before `now`.
    #[must_use]
    pub fn due(&self, now: SystemTime) -> Vec<(ChannelKey, MatchId)> {
        self.by_channel
            .iter()
            .filter(|e| e.deadline <= now)
            .map(|e| (e.channel, e.id))
            .collect()
    }

    /// The ids of the matches for which `f` holds.
    pub(crate) fn matching(&self, f: impl Fn(&Entry) -> bool) -> Vec<MatchId> {
        self.by_channel
            .iter()
            .filter(|e| f(e))
            .map(|e| e.id)
            .collect()
    }

    /// How many live matches there are of each phase and variant (zeros included).
    #[must_use]
    pub fn census(&self) -> Vec<((crate::game::PhaseKind, crate::game::Variant), usize)> {
        use crate::game::{PhaseKind, Variant};
        let mut counts: Vec<((PhaseKind, Variant), usize)> = [
            PhaseKind::Challenge,
            PhaseKind::Placement,
            PhaseKind::Battle,
        ]
        .into_iter()
        .flat_map(|p| [Variant::Classic, Variant::Game2000].map(|v| ((p, v), 0)))
        .collect();
        for e in &self.by_channel {
            let key = (e.game.phase_kind(), e.game.variant());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MatchOptions, Variant};
    use std::time::Duration;

    /// An accepted match (both players are bound to it).
    fn entry(reg: &Registry, channel: u64, a: u64, b: u64) -> Entry {
        let mut e = challenge(reg, channel, a, b);
        e.game.accept(PlayerId(b)).unwrap();
        e
    }

    /// A challenge not yet answered.
    fn challenge(_: &Registry, channel: u64, a: u64, b: u64) -> Entry {
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
            pending: false,
        }
    }

    #[test]
    fn one_match_per_channel_and_per_player() {
        let reg = Registry::new();
        let id = reg.open(entry(&reg, 10, 1, 2)).unwrap();
        assert_eq!(reg.open(entry(&reg, 10, 3, 4)), Err(OpenError::ChannelBusy));
        assert_eq!(
            reg.open(entry(&reg, 11, 3, 2)),
            Err(OpenError::PlayerBusy(PlayerId(2)))
        );
        // The failed attempt did not leave player 3 claimed.
        assert_eq!(reg.channel_of(PlayerId(3)), None);
        assert_eq!(reg.channel_of(PlayerId(2)), Some(ChannelKey(10)));
        assert!(reg.with_id(id, |e| e.channel).is_some());
        reg.close(ChannelKey(10), id).unwrap();
        assert!(reg.is_empty());
        assert_eq!(reg.channel_of(PlayerId(1)), None);
        assert!(reg.open(entry(&reg, 11, 3, 2)).is_ok());
    }

    #[test]
    fn a_challenged_member_is_bound_only_by_accepting() {
        let reg = Registry::new();
        reg.open(challenge(&reg, 10, 1, 2)).unwrap();
        // Member 2 may be challenged elsewhere meanwhile …
        reg.open(challenge(&reg, 11, 3, 2)).unwrap();
        assert_eq!(reg.channel_of(PlayerId(2)), None);
        // … and the first Accept wins.
        reg.claim(PlayerId(2), ChannelKey(11)).unwrap();
        assert_eq!(
            reg.claim(PlayerId(2), ChannelKey(10)),
            Err(OpenError::PlayerBusy(PlayerId(2)))
        );
        assert_eq!(reg.claim(PlayerId(2), ChannelKey(11)), Ok(()));
        reg.release(PlayerId(2), ChannelKey(10));
        assert_eq!(reg.channel_of(PlayerId(2)), Some(ChannelKey(11)));
        reg.release(PlayerId(2), ChannelKey(11));
        assert_eq!(reg.channel_of(PlayerId(2)), None);
    }

    #[test]
    fn the_computer_plays_many_matches_at_once() {
        use rand::SeedableRng;
        let reg = Registry::new();
        let computer = Computer {
            difficulty: Difficulty::Easy,
            rng: ChaCha8Rng::seed_from_u64(1),
        };
        let mut a = entry(&reg, 10, 1, 99);
        a.computer = Some(computer.clone());
        let mut b = entry(&reg, 11, 2, 99);
        b.computer = Some(computer);
        reg.open(a).unwrap();
        reg.open(b).unwrap();
        assert_eq!(reg.channel_of(PlayerId(99)), None);
        // Without the computer flag, player 99 is a person and may only play once.
        reg.open(entry(&reg, 12, 3, 99)).unwrap();
        assert_eq!(
            reg.open(entry(&reg, 13, 4, 99)),
            Err(OpenError::PlayerBusy(PlayerId(99)))
        );
    }

    #[test]
    fn close_only_removes_the_named_match() {
        let reg = Registry::new();
        let id = reg.open(entry(&reg, 10, 1, 2)).unwrap();
        assert!(reg.close(ChannelKey(10), MatchId(999)).is_none());
        assert_eq!(reg.len(), 1);
        assert!(reg.close(ChannelKey(10), id).is_some());
    }

    #[test]
    fn due_lists_matches_past_their_deadline() {
        let reg = Registry::new();
        reg.open(entry(&reg, 10, 1, 2)).unwrap();
        let before = SystemTime::UNIX_EPOCH + Duration::from_secs(99);
        let after = SystemTime::UNIX_EPOCH + Duration::from_secs(100);
        assert!(reg.due(before).is_empty());
        assert_eq!(reg.due(after).len(), 1);
    }
}
