//! What the bot holds in memory for where it can only answer (see
//! [`crate::bot::kit::answer`]): the tokens of challenges, for the challenger's private
//! preview, and the notes waiting for the next interaction of a player in a channel.

use std::time::{Duration, Instant};

use crate::session::{Ended, MatchId};

/// How long a challenge's interaction token is used for the challenger's private preview
/// (Discord keeps it 15 minutes; a minute is left for slow answers).
const TOKEN_USE: Duration = Duration::from_secs(14 * 60);

/// The tokens of challenges made where the bot can only answer, by match: the challenger's
/// private placement preview goes out as a follow-up of their own `/challenge` when it is
/// accepted (in memory: after a restart or 14 minutes, by DM, and `/place` works there).
#[derive(Debug, Default)]
pub struct Tokens(dashmap::DashMap<MatchId, (String, Instant)>);

impl Tokens {
    /// Keeps the token of match `id`'s challenge.
    pub fn keep(&self, id: MatchId, token: &str) {
        self.0.insert(id, (token.to_owned(), Instant::now()));
    }

    /// The token of match `id`'s challenge, removed, while it may still be used.
    #[must_use]
    pub fn take(&self, id: MatchId) -> Option<String> {
        let (_, (token, at)) = self.0.remove(&id)?;
        (at.elapsed() < TOKEN_USE).then_some(token)
    }
}

/// What waits for the next interaction in a channel where the bot can only answer.
#[derive(Clone, Debug)]
pub enum Note {
    /// A match's end (marked announced once shown).
    End(Box<Ended>),
    /// A text about a live match (the note after a restart).
    Text {
        /// The match.
        id: MatchId,
        /// Its members (either of them gets it).
        members: Vec<u64>,
        /// What it says.
        text: String,
    },
}

impl Note {
    /// The match the note is about.
    #[must_use]
    pub fn id(&self) -> MatchId {
        match self {
            Note::End(end) => end.id,
            Note::Text { id, .. } => *id,
        }
    }

    /// Whether `member` (a Discord user id) is one it is for.
    #[must_use]
    pub fn for_member(&self, member: u64) -> bool {
        match self {
            Note::End(end) => end.members.iter().any(|p| p.0 == member),
            Note::Text { members, .. } => members.contains(&member),
        }
    }
}

/// At most this many notes go out with one interaction (it has five follow-ups at most,
/// and the command's own answers need some).
pub const NOTES_AT_ONCE: usize = 2;

/// Notes waiting for the next interaction of a player, by channel (in memory; ends are
/// also unannounced in the store, which brings them back after a restart).
#[derive(Debug, Default)]
pub struct Waiting(
    dashmap::DashMap<u64, Vec<Note>>,
    /// The ends an interaction of this process is showing right now.
    dashmap::DashSet<MatchId>,
);

impl Waiting {
    /// Keeps `note` for channel `channel`; `false` when a note about the same match was
    /// there already (it is replaced).
    #[expect(
        clippy::must_use_candidate,
        reason = "most callers keep a note whether or not one was there"
    )]
    pub fn keep(&self, channel: u64, note: Note) -> bool {
        let mut notes = self.0.entry(channel).or_default();
        let before = notes.len();
        notes.retain(|n| n.id() != note.id());
        let fresh = notes.len() == before;
        notes.push(note);
        fresh
    }

    /// Up to [`NOTES_AT_ONCE`] notes of `channel` for `member`, removed.
    #[must_use]
    pub fn take(&self, channel: u64, member: u64) -> Vec<Note> {
        let Some(mut notes) = self.0.get_mut(&channel) else {
            return Vec::new();
        };
        let mut taken = Vec::new();
        let mut i = 0;
        while i < notes.len() && taken.len() < NOTES_AT_ONCE {
            if notes[i].for_member(member) {
                taken.push(notes.remove(i));
            } else {
                i += 1;
            }
        }
        taken
    }

    /// `false` if another interaction is showing end `id` already; else it is this one's
    /// until [`Waiting::done_showing`].
    #[must_use]
    pub fn start_showing(&self, id: MatchId) -> bool {
        self.1.insert(id)
    }

    /// The interaction showing end `id` is done with it (shown or not).
    pub fn done_showing(&self, id: MatchId) {
        self.1.remove(&id);
    }

    /// Whether nothing waits anywhere (the common case: one cheap look).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty() || self.0.iter().all(|e| e.value().is_empty())
    }
}
