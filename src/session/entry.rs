//! One live match and what is kept beside it ([`Entry`]): the value the store keeps and
//! the session changes, with the rematch score ([`Series`]), where the match lives
//! ([`Home`]) and the reminders of daily matches.

use std::time::SystemTime;

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::error::SessionError;
use super::ids::{ChannelKey, GuildId, MatchId, MessageId};
use super::pace::{Pace, Timeouts};
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
    pub guild: Option<GuildId>,
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
    pub limits: Option<Timeouts>,
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
    pub last_message: Option<MessageId>,
    /// The placement editor's fleet so far of `[challenger, opponent]`, while they place it
    /// ship by ship (stored, so that an editor keeps working after a restart). Absent in
    /// states stored before the editor, and left out when neither player edits.
    #[serde(default, skip_serializing_if = "no_drafts")]
    pub drafts: [Option<Box<crate::game::editor::Draft>>; 2],
    /// The tournament round it is a match of (set when a pairing opens it), so that its
    /// end says so without a read. Absent in every other match, and in tournament
    /// matches opened before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentOf>,
}

/// The tournament and round a match belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentOf {
    /// The tournament.
    pub id: super::ids::TournamentId,
    /// Its name.
    pub name: String,
    /// The round.
    pub round: u32,
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

/// What a new match is opened with: everything [`Entry::open`] does not start the same
/// way for every match (version 1, no moves, no reminders, no last message, no drafts).
#[derive(Debug)]
pub struct NewEntry {
    /// The match's id.
    pub id: MatchId,
    /// Where it is played (its own id while a challenge waits for its thread).
    pub channel: ChannelKey,
    /// Whether it lives in a thread of its own.
    pub home: Home,
    /// The server it is played in.
    pub guild: Option<GuildId>,
    /// When it was made.
    pub created: SystemTime,
    /// The rules state.
    pub game: Match,
    /// Display names of `[challenger, opponent]`.
    pub names: [String; 2],
    /// When the first phase runs out.
    pub deadline: SystemTime,
    /// The server's Discord locale.
    pub guild_locale: Option<String>,
    /// The players' Discord locales as last seen.
    pub player_locales: [Option<String>; 2],
    /// Set when the opponent's seat is the computer.
    pub computer: Option<Computer>,
    /// In a rematch: the series score before this match.
    pub series: Option<Series>,
    /// In a rematch: each seat's fleet from the previous match.
    pub last_fleets: [Option<crate::game::Fleet>; 2],
    /// How fast it goes.
    pub pace: Pace,
    /// Its pace's time limits.
    pub limits: Option<Timeouts>,
    /// Whether it counts for ratings.
    pub rated: bool,
}

impl Entry {
    /// A match opened now, at version 1, as `new` describes it: the one way the session
    /// makes a live match (a restored one is read back from its stored state).
    #[must_use]
    pub fn open(new: NewEntry) -> Self {
        let NewEntry {
            id,
            channel,
            home,
            guild,
            created,
            game,
            names,
            deadline,
            guild_locale,
            player_locales,
            computer,
            series,
            last_fleets,
            pace,
            limits,
            rated,
        } = new;
        Entry {
            id,
            version: 1,
            moves: 0,
            channel,
            guild,
            created,
            game,
            names,
            deadline,
            guild_locale,
            player_locales,
            computer,
            series,
            last_fleets,
            pace,
            limits,
            rated,
            home,
            reminded: Reminded::default(),
            last_message: None,
            drafts: [None, None],
            tournament: None,
        }
    }

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
    pub fn timeouts(&self, standard: Timeouts) -> Timeouts {
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
    pub fn in_time(&self, now: SystemTime) -> Result<(), SessionError> {
        if self.deadline <= now && !self.game.is_finished() {
            Err(SessionError::TimeUp)
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
