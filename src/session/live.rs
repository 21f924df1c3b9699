//! Live matches in memory, one per channel, with lookups by player and by match id. Only
//! the session layer changes them (see [`super`]). Used with a store of this process's
//! own (SQLite); a shared store keeps them instead.
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

use super::pace::Pace;
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
    /// How fast it goes.
    #[serde(default)]
    pub pace: Pace,
    /// Its pace's time limits, fixed when it was made (`None` in matches stored before
    /// paces: the standard ones of the running bot).
    #[serde(default)]
    pub limits: Option<super::Timeouts>,
    /// Whether it counts for ratings where it is played (a server may turn that off).
    #[serde(default = "yes")]
    pub rated: bool,
    /// Whether it lives in a thread of its own.
    #[serde(default)]
    pub home: Home,
    /// Which reminders the player to move has had this turn.
    #[serde(default)]
    pub reminded: Reminded,
    /// The last message shown about it where it is played (kept for daily matches only,
    /// whose reminders link to it).
    #[serde(default)]
    pub last_message: Option<u64>,
    /// The placement editor's fleet so far of `[challenger, opponent]`, while they place it
    /// ship by ship (stored, so that an editor keeps working after a restart). Absent in
    /// states stored before the editor, and left out when neither player edits.
    #[serde(default, skip_serializing_if = "no_drafts")]
    pub drafts: [Option<Box<crate::game::editor::Draft>>; 2],
}

/// Whether neither seat has an editor's draft (so none is stored).
fn no_drafts(drafts: &[Option<Box<crate::game::editor::Draft>>; 2]) -> bool {
    drafts.iter().all(Option::is_none)
}

/// `true`, for fields that were added later and default to it.
const fn yes() -> bool {
    true
}

/// Where a match lives: in the channel it was started in, or in a thread of its own under
/// it (a server's `threads` setting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Home {
    /// In its channel.
    #[default]
    Channel,
    /// A challenge whose thread opens when it is accepted: its messages go to `parent`,
    /// and it is found by its own id (so one channel may hold many challenges).
    Pending {
        /// The channel the challenge was made in.
        parent: ChannelKey,
    },
    /// In a thread (the match's channel) under `parent`.
    Thread {
        /// The channel the thread hangs under.
        parent: ChannelKey,
    },
}

/// Reminders the player to move has had in one turn (daily matches).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reminded {
    /// The turn they count for: the moves played when it began.
    pub moves: u32,
    /// Half of the turn left.
    pub half: bool,
    /// An hour left.
    pub hour: bool,
}

/// Which reminder is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reminder {
    /// Half of the turn is left.
    Half,
    /// An hour is left.
    Hour,
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

    /// The match's time limits: its pace's, or `standard` for a match stored before paces.
    #[must_use]
    pub fn timeouts(&self, standard: super::Timeouts) -> super::Timeouts {
        self.limits.unwrap_or(standard)
    }

    /// Where messages about the match go: its channel, or while a challenge waits for
    /// its thread, the channel it was made in.
    #[must_use]
    pub fn post_channel(&self) -> ChannelKey {
        match self.home {
            Home::Pending { parent } => parent,
            Home::Channel | Home::Thread { .. } => self.channel,
        }
    }

    /// The channel a thread of this match hangs under, if it lives in one.
    #[must_use]
    pub fn thread_parent(&self) -> Option<ChannelKey> {
        match self.home {
            Home::Thread { parent } => Some(parent),
            Home::Channel | Home::Pending { .. } => None,
        }
    }

    /// The member to move in battle, if a member (not the computer) is.
    #[must_use]
    pub fn member_to_move(&self) -> Option<PlayerId> {
        let p = self.game.to_move()?;
        let computer =
            self.computer.is_some() && self.game.side_of(p) == Some(crate::game::Side::Opponent);
        (!computer).then_some(p)
    }

    /// The next reminder due for this turn and when, for a daily match in battle whose
    /// player to move has not had it: half of the turn left (`turn` long), then an hour
    /// left (a twenty-fourth of the turn: an hour of a day's turn).
    ///
    /// The turn's length is the one of the match's pace (`limits`).
    #[must_use]
    pub fn next_reminder(&self) -> Option<(Reminder, SystemTime)> {
        let turn = self.limits?.turn;
        if !self.pace.reminds() || self.member_to_move().is_none() {
            return None;
        }
        let sent = if self.reminded.moves == self.moves {
            self.reminded
        } else {
            Reminded::default()
        };
        if !sent.half {
            Some((Reminder::Half, self.deadline.checked_sub(turn / 2)?))
        } else if !sent.hour {
            Some((Reminder::Hour, self.deadline.checked_sub(turn / 24)?))
        } else {
            None
        }
    }

    /// Records that `which` was sent (or handled) in this turn.
    pub fn remind(&mut self, which: Reminder) {
        if self.reminded.moves != self.moves {
            self.reminded = Reminded {
                moves: self.moves,
                half: false,
                hour: false,
            };
        }
        match which {
            Reminder::Half => self.reminded.half = true,
            Reminder::Hour => {
                // A late hour reminder makes the half one moot.
                self.reminded.half = true;
                self.reminded.hour = true;
            }
        }
    }

    /// Refuses an action once the current phase's deadline has passed: the sweep ends
    /// the match by the deadline rules, and a slow sweep must not let a late move count.
    pub fn in_time(&self, now: SystemTime) -> Result<(), super::SessionError> {
        if self.deadline <= now && !self.game.is_finished() {
            Err(super::SessionError::TimeUp)
        } else {
            Ok(())
        }
    }

    /// The members bound to this match while it is live: the challenger from the
    /// challenge on, both members once the challenge is accepted (never the computer).
    #[must_use]
    pub fn claims(&self) -> Vec<PlayerId> {
        match self.game.phase_kind() {
            crate::game::PhaseKind::Finished => Vec::new(),
            crate::game::PhaseKind::Challenge => {
                vec![self.game.player(crate::game::Side::Challenger)]
            }
            crate::game::PhaseKind::Placement | crate::game::PhaseKind::Battle => self.members(),
        }
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
            Some(crate::game::Ending::Draw | crate::game::Ending::TurnLimit) => next.draws += 1,
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

/// Where a live match is played: its channel (or thread) and server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The channel or thread.
    pub channel: ChannelKey,
    /// The server, if any.
    pub guild: Option<u64>,
}

/// How an operation finds its match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locate {
    /// By id (buttons).
    Id(MatchId),
    /// The match in a channel.
    Channel(ChannelKey),
    /// A member's match, wherever it is.
    Player(PlayerId),
}

/// A match's turn to be changed: a change holds it from before it applies the rule until
/// its write is done, so the changes of one match are applied and written one at a time,
/// in order. Waiting for it is waiting for the previous write, without polling.
pub(crate) type Turn = std::sync::Arc<tokio::sync::Mutex<()>>;

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
    pub fn new() -> Self {
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
    pub(crate) fn open(
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
    pub(crate) fn claim_all(
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
    pub(crate) fn release_all(&self, players: &[PlayerId], channel: ChannelKey) {
        for p in players {
            self.by_player.remove_if(p, |_, c| *c == channel);
        }
    }

    /// The id and turn of the located match.
    pub(crate) fn turn(&self, at: Locate) -> Option<(MatchId, Turn)> {
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
    pub(crate) fn with<R>(&self, at: Locate, f: impl FnOnce(&mut Entry) -> R) -> Option<R> {
        let channel = self.channel(at)?;
        let mut slot = self.by_channel.get_mut(&channel)?;
        fits(&slot.entry, at).then(|| f(&mut slot.entry))
    }

    /// Where `player`'s match is played, if they are bound to one.
    #[must_use]
    pub fn place_of(&self, player: PlayerId) -> Option<Place> {
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
    pub fn channel_of(&self, player: PlayerId) -> Option<ChannelKey> {
        self.by_player.get(&player).map(|c| *c)
    }

    /// Moves match `id` from channel `from` to `to` (into its thread), with the members
    /// bound to it; `false` (and nothing moved) when `to` has a match.
    pub(crate) fn rekey(&self, id: MatchId, from: ChannelKey, to: ChannelKey) -> bool {
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
    pub(crate) fn close(&self, channel: ChannelKey, id: MatchId) -> Option<Entry> {
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
    pub fn census(&self) -> Vec<((crate::game::PhaseKind, crate::game::Variant), usize)> {
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

/// Every phase of a live match and variant, each counted 0.
#[must_use]
pub fn empty_census() -> Vec<((crate::game::PhaseKind, crate::game::Variant), usize)> {
    use crate::game::{PhaseKind, Variant};
    [
        PhaseKind::Challenge,
        PhaseKind::Placement,
        PhaseKind::Battle,
    ]
    .into_iter()
    .flat_map(|p| [Variant::Classic, Variant::Game2000].map(|v| ((p, v), 0)))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MatchOptions, Variant};
    use std::time::Duration;

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
