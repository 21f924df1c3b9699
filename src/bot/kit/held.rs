//! What the bot holds in memory for where it can only answer (see
//! [`crate::bot::kit::answer`]): the tokens of challenges, for the challenger's private
//! preview, and the notes waiting for the next interaction of a player in a channel.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::session::{Ended, MatchId};

/// How long a challenge's interaction token is used for the challenger's private preview
/// (Discord keeps it 15 minutes; a minute is left for slow answers).
const TOKEN_USE: Duration = Duration::from_secs(14 * 60);

/// The tokens of challenges made where the bot can only answer, by match: the challenger's
/// private placement preview goes out as a follow-up of their own `/challenge` when it is
/// accepted (in memory: after a restart or 14 minutes, by DM, and `/place` works there).
/// Tokens no longer usable (of challenges never accepted) are dropped as more are kept.
#[derive(Debug, Default)]
pub struct Tokens(dashmap::DashMap<MatchId, (String, Instant)>, AtomicUsize);

impl Tokens {
    /// Keeps the token of match `id`'s challenge.
    pub fn keep(&self, id: MatchId, token: &str) {
        if due_for_pruning(&self.1, self.0.len()) {
            self.0.retain(|_, (_, at)| at.elapsed() < TOKEN_USE);
        }
        self.0.insert(id, (token.to_owned(), Instant::now()));
    }

    /// How many tokens are held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
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

/// How long a note waits in memory for a player to come back (as an end outside servers
/// waits in the store: [`crate::session::WAITING_KEPT`]).
pub const NOTE_KEPT: Duration = crate::session::WAITING_KEPT;

/// Whether a map of `len` entries is pruned at this keep: at one keep in `len` (at least
/// one in 64), so that a keep costs a constant on average however large the map grew.
fn due_for_pruning(keeps: &AtomicUsize, len: usize) -> bool {
    keeps
        .fetch_add(1, Ordering::Relaxed)
        .is_multiple_of(len.max(64))
}

/// Notes waiting for the next interaction of a player, by channel (in memory; ends are
/// also unannounced in the store, which brings them back after a restart). A channel
/// whose notes are all taken is dropped, and notes kept longer than [`NOTE_KEPT`] are
/// dropped as more are kept.
#[derive(Debug, Default)]
pub struct Waiting(
    dashmap::DashMap<u64, Vec<(Note, Instant)>>,
    /// The ends an interaction of this process is showing right now.
    dashmap::DashSet<MatchId>,
    /// Keeps so far (for [`due_for_pruning`]).
    AtomicUsize,
);

impl Waiting {
    /// Keeps `note` for channel `channel`; `false` when a note about the same match was
    /// there already (it is replaced).
    pub fn keep(&self, channel: u64, note: Note) -> bool {
        if due_for_pruning(&self.2, self.0.len()) {
            self.0.retain(|_, notes| {
                notes.retain(|(_, at)| at.elapsed() < NOTE_KEPT);
                !notes.is_empty()
            });
        }
        let mut notes = self.0.entry(channel).or_default();
        let before = notes.len();
        notes.retain(|(n, _)| n.id() != note.id());
        let fresh = notes.len() == before;
        notes.push((note, Instant::now()));
        fresh
    }

    /// Up to [`NOTES_AT_ONCE`] notes of `channel` for `member`, removed (and the channel
    /// with them when none is left).
    #[must_use]
    pub fn take(&self, channel: u64, member: u64) -> Vec<Note> {
        let taken = {
            let Some(mut notes) = self.0.get_mut(&channel) else {
                return Vec::new();
            };
            let mut taken = Vec::new();
            let mut i = 0;
            while i < notes.len() && taken.len() < NOTES_AT_ONCE {
                if notes[i].0.for_member(member) {
                    taken.push(notes.remove(i).0);
                } else {
                    i += 1;
                }
            }
            taken
        };
        self.0.remove_if(&channel, |_, notes| notes.is_empty());
        taken
    }

    /// How many channels hold notes.
    #[must_use]
    pub fn channels(&self) -> usize {
        self.0.len()
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

    /// Whether nothing waits anywhere (one look: a channel left empty is dropped).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(id: u64, member: u64) -> Note {
        Note::Text {
            id: MatchId(id),
            members: vec![member],
            text: String::new(),
        }
    }

    /// 10 000 notes in 10 000 channels: each taken leaves nothing behind, so the map is
    /// empty again (an interaction's look at it is one check).
    #[test]
    fn waiting_drops_a_channel_once_its_notes_are_taken() {
        let waiting = Waiting::default();
        for c in 0..10_000 {
            assert!(waiting.keep(c, text(c, 7)));
        }
        assert_eq!(waiting.channels(), 10_000);
        assert!(waiting.take(3, 8).is_empty(), "not for another member");
        for c in 0..10_000 {
            assert_eq!(waiting.take(c, 7).len(), 1);
        }
        assert_eq!(waiting.channels(), 0);
        assert!(waiting.is_empty());
    }

    /// Notes older than [`NOTE_KEPT`] and tokens past their use are dropped as more are
    /// kept: the maps hold at most what is still of use, plus one pruning's worth.
    #[test]
    fn old_notes_and_tokens_are_dropped_as_more_are_kept() {
        let waiting = Waiting::default();
        let long_ago = Instant::now().checked_sub(NOTE_KEPT + Duration::from_secs(1));
        let Some(long_ago) = long_ago else {
            return; // a machine up for less than 14 days cannot say "14 days ago"
        };
        for c in 0..10_000 {
            waiting.0.insert(c, vec![(text(c, 7), long_ago)]);
        }
        for c in 10_000..10_200 {
            waiting.keep(c, text(c, 7));
        }
        assert!(waiting.channels() <= 200, "{}", waiting.channels());
        assert_eq!(waiting.take(10_100, 7).len(), 1, "a fresh note stays");

        let tokens = Tokens::default();
        let Some(expired) = Instant::now().checked_sub(TOKEN_USE) else {
            return;
        };
        for id in 0..10_000 {
            tokens.0.insert(MatchId(id), (String::new(), expired));
        }
        for id in 10_000..10_200 {
            tokens.keep(MatchId(id), "token");
        }
        assert!(tokens.len() <= 200, "{}", tokens.len());
        assert_eq!(tokens.take(MatchId(10_100)).as_deref(), Some("token"));
    }
}
