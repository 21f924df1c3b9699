//! The stored document's types: plain data (numbers, text, flags, lists), the store's own,
//! with the field names, spellings and nesting that version 1 was written with.
//!
//! Each type says what the JSON of it is; none follows a type of the rules or the session,
//! so those may change freely. Changing one of these changes what is stored: only with a
//! new [`super::CURRENT`] version and a reader for the old one (see [`super`]).

use serde::{Deserialize, Serialize};

/// One match, live or finished: everything the session keeps about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// The stored format's version: absent in version 1, written from version 2 on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<u32>,
    /// The match's id.
    pub id: u64,
    /// Bumped by every accepted change.
    pub version: u64,
    /// Moves played so far.
    pub moves: u32,
    /// The channel (or thread) it is played in.
    pub channel: u64,
    /// The server it is played in.
    pub guild: Option<u64>,
    /// When the challenge was made.
    pub created: Time,
    /// The rules state.
    pub game: Game,
    /// Display names of `[challenger, opponent]`.
    pub names: [String; 2],
    /// When the current phase runs out.
    pub deadline: Time,
    /// The server's Discord locale.
    pub guild_locale: Option<String>,
    /// The players' Discord locales.
    pub player_locales: [Option<String>; 2],
    /// The computer in the opponent's seat.
    pub computer: Option<Computer>,
    /// In a rematch: the series score before it (absent before rematches).
    #[serde(default)]
    pub series: Option<Series>,
    /// In a rematch: each seat's previous fleet (absent before rematches).
    #[serde(default)]
    pub last_fleets: [Option<Fleet>; 2],
    /// Its pace (absent before paces: standard).
    #[serde(default)]
    pub pace: Pace,
    /// Its pace's limits (absent before paces: the running bot's standard ones).
    #[serde(default)]
    pub limits: Option<Limits>,
    /// Whether it counts for ratings (absent before paces: it does).
    #[serde(default = "yes")]
    pub rated: bool,
    /// Where it lives (absent before threads: in its channel).
    #[serde(default)]
    pub home: Home,
    /// The reminders of this turn (absent before paces: none).
    #[serde(default)]
    pub reminded: Reminded,
    /// The last message shown about it (absent before last messages).
    #[serde(default)]
    pub last_message: Option<u64>,
    /// The placement editor's drafts of `[challenger, opponent]`; left out when neither
    /// edits (and absent before the editor).
    #[serde(default, skip_serializing_if = "no_drafts")]
    pub drafts: [Option<Draft>; 2],
    /// The tournament round it is a match of; left out in every other match (and absent
    /// before tournament matches kept it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<Tournament>,
}

/// The tournament round a match is played in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// The tournament's id.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// The round.
    pub round: u32,
}

/// Whether neither seat has a draft (so none is written).
fn no_drafts(drafts: &[Option<Draft>; 2]) -> bool {
    drafts.iter().all(Option::is_none)
}

/// `true`, for a field that was added later and defaults to it.
const fn yes() -> bool {
    true
}

/// A moment: seconds and nanoseconds since the Unix epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Time {
    /// Whole seconds.
    pub secs_since_epoch: u64,
    /// Nanoseconds past them.
    pub nanos_since_epoch: u32,
}

/// A length of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    /// Whole seconds.
    pub secs: u64,
    /// Nanoseconds past them.
    pub nanos: u32,
}

/// A pace's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// For an answer to the challenge.
    pub challenge: Span,
    /// For placing both fleets.
    pub placement: Span,
    /// For one turn.
    pub turn: Span,
}

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// `classic`.
    Classic,
    /// `game2000`.
    Game2000,
}

/// A match's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Shots at cells fired at before are refused.
    pub repeats_forbidden: bool,
}

/// A seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// The challenger's.
    Challenger,
    /// The opponent's.
    Opponent,
}

/// Where a stream of random numbers is (a `ChaCha8` generator's seed, stream and word).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    /// The seed.
    pub seed: [u8; 32],
    /// The stream.
    pub stream: u64,
    /// The next word's position.
    pub word_pos: u128,
}

/// The rules state of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The rule set.
    pub variant: Variant,
    /// Its options.
    pub options: Options,
    /// `[challenger, opponent]`'s member ids.
    pub players: [u64; 2],
    /// The phase, with everything in it.
    pub phase: Phase,
    /// The match's random numbers.
    pub rng: Rng,
    /// Who moves first, when decided before the battle (absent before rematches).
    #[serde(default)]
    pub first: Option<Side>,
}

/// A phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Waiting for an answer.
    Challenge,
    /// Placing fleets.
    Placement(Setup),
    /// Firing.
    Battle(Battle),
    /// Over.
    Finished {
        /// How it ended.
        ending: Ending,
        /// The final position, if the battle had begun.
        battle: Option<Battle>,
    },
}

/// Placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The seats of `[challenger, opponent]`.
    pub seats: [Seat; 2],
}

/// One seat in placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    /// No fleet yet.
    Empty,
    /// A fleet that may change.
    Placed(Fleet),
    /// The final fleet.
    Ready(Fleet),
}

/// A fleet: its rule set and its ships as text (`A1-A4`, `J10`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    /// The rule set.
    pub variant: Variant,
    /// The ships.
    pub ships: Vec<String>,
}

/// A battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The seas of `[challenger, opponent]`.
    pub seas: [Sea; 2],
    /// Who fired first.
    pub first: Side,
    /// Who is to move.
    pub to_move: Side,
    /// Turns begun by each side.
    pub turns: [u32; 2],
    /// Game 2000: the first player destroyed everything this round.
    pub first_done: bool,
}

/// One player's waters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sea {
    /// Their fleet.
    pub fleet: Fleet,
    /// The cells fired at: bit `row * 10 + column`.
    pub fired: u128,
    /// Every shot at it, in the order processed.
    pub log: Vec<Shot>,
}

/// One shot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    /// The shooter's turn, from 1.
    pub turn: u32,
    /// The cell, as text (`C4`).
    pub cell: String,
    /// What the shooter was told.
    pub report: Report,
    /// A repeat (Game 2000).
    pub repeat: bool,
}

/// What a shot did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Report {
    /// Nothing hit.
    Water,
    /// A hit.
    Hit {
        /// The ship's length, where told.
        len: Option<u8>,
    },
    /// A ship sunk.
    Sunk {
        /// Its length.
        len: u8,
    },
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// Won.
    Won {
        /// The winner's id.
        winner: u64,
        /// The loser's id.
        loser: u64,
        /// Why.
        reason: WinReason,
    },
    /// Both fleets destroyed in one round.
    Draw,
    /// The turn limit.
    TurnLimit,
    /// Declined.
    Declined,
    /// Not answered in time.
    Expired,
    /// Not placed in time.
    Abandoned,
    /// Called off.
    Cancelled {
        /// By whom.
        by: u64,
    },
}

/// Why a match was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinReason {
    /// Every ship sunk.
    FleetDestroyed,
    /// The other gave up.
    Forfeit,
    /// The other ran out of time.
    Timeout,
}

/// The computer in the opponent's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computer {
    /// Its level.
    pub difficulty: Difficulty,
    /// Its random numbers.
    pub rng: Rng,
}

/// A computer's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Difficulty {
    /// Easy.
    Easy,
    /// Normal.
    Normal,
    /// Hard.
    Hard,
}

/// A rematch series' score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Series {
    /// Wins of `[challenger, opponent]`.
    pub wins: [u32; 2],
    /// Draws.
    pub draws: u32,
}

/// A pace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// Blitz.
    Blitz,
    /// Standard.
    #[default]
    Standard,
    /// Daily.
    Daily,
}

/// Where a match lives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Home {
    /// In its channel.
    #[default]
    Channel,
    /// A challenge waiting for its thread, posted in `parent`.
    Pending {
        /// The channel.
        parent: u64,
    },
    /// In a thread under `parent`.
    Thread {
        /// The channel.
        parent: u64,
    },
}

/// The reminders of one turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reminded {
    /// The turn: the moves played when it began.
    pub moves: u32,
    /// Half of the turn left.
    pub half: bool,
    /// An hour left.
    pub hour: bool,
}

/// A placement editor's fleet so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The rule set.
    pub variant: Variant,
    /// Each slot's ship as text, if placed.
    pub ships: Vec<Option<String>>,
    /// The selected slot and bow (absent: the first, on A1).
    #[serde(default)]
    pub cursor: Cursor,
}

/// The editor's selection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cursor {
    /// The slot.
    pub ship: u8,
    /// The bow's cell, as text.
    pub bow: String,
}

impl Default for Cursor {
    fn default() -> Self {
        Cursor {
            ship: 0,
            bow: "A1".to_owned(),
        }
    }
}
