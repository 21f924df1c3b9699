//! What a member decides about their own data: whether the global leaderboard shows
//! their name, and `/privacy delete`, which forgets them.

use crate::game::PlayerId;
use crate::store::{Forgot, Renamed, StoreError};

use super::entry::Entry;
use super::error::SessionError;
use super::ids::MatchId;
use super::record::entry_of;
use super::services::Privacy;
use crate::store::{MatchState, StoredState, Timestamp};

/// Why a member could not be forgotten.
#[derive(Debug, thiserror::Error)]
pub enum ForgetError {
    /// They play a live match: it must end first.
    #[error("you are playing a match; finish or forfeit it first")]
    Playing,
    /// The store failed; nothing was deleted.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Another operation of the member's took too long; nothing was deleted.
    #[error(transparent)]
    Session(#[from] SessionError),
}

impl Privacy<'_> {
    /// Whether `player` let their name be shown on the global leaderboard
    /// ([`crate::store::GLOBAL_BOARD`]; hidden until they ask).
    pub async fn leaderboard_visible(self, player: PlayerId) -> Result<bool, StoreError> {
        self.session
            .store
            .settings()
            .leaderboard_visible(player)
            .await
    }

    /// Shows (`visible`) or hides `player` on the global leaderboard, at once in every
    /// rule set they have a rating in. Hiding also takes their name off it.
    pub async fn set_leaderboard_visible(
        self,
        player: PlayerId,
        visible: bool,
    ) -> Result<(), StoreError> {
        let now = Timestamp::of(std::time::SystemTime::now());
        self.session
            .store
            .settings()
            .set_leaderboard_visible(player, visible, now)
            .await
    }

    /// Forgets `player`: their ratings, statistics and name are deleted, and in every
    /// finished match they played they become "deleted player" (a placeholder per seat),
    /// as in every match they called off as a moderator. Returns the matches rewritten
    /// (whatever was drawn of them, such as replays, is out of date). Refused while they
    /// play a live match: the store checks that in the transaction that forgets, and no
    /// challenge, Accept or rematch of theirs runs meanwhile in this process.
    pub async fn forget(self, player: PlayerId) -> Result<Vec<MatchId>, ForgetError> {
        let _held = self.session.members.hold(&[player]).await?;
        for _ in 0..FORGET_TRIES {
            let renamed = self.renamed(player).await?;
            match self
                .session
                .store
                .privacy()
                .forget(player, &renamed)
                .await?
            {
                Forgot::Done => {
                    // No model of their own outlives them.
                    self.session.drop_habits(&[player]);
                    return Ok(renamed.iter().map(|r| r.id).collect());
                }
                Forgot::Playing => return Err(ForgetError::Playing),
                // A match of theirs ended meanwhile: look again.
                Forgot::Changed => {}
            }
        }
        Err(ForgetError::Session(SessionError::Pending))
    }

    /// Every stored match that names `player`, rewritten without them.
    async fn renamed(self, player: PlayerId) -> Result<Vec<Renamed>, StoreError> {
        let mut renamed = Vec::new();
        let encode = |entry: &Entry| {
            super::stored::encode(entry)
                .map(StoredState::from)
                .map_err(|e| StoreError::Data(e.to_string()))
        };
        for MatchState { id, state } in self.session.store.privacy().matches_of(player).await? {
            let Ok(mut entry) = entry_of(&state) else {
                // This build cannot rename it: its columns lose the member's id, and the
                // store drops its state (a match set aside is then never brought back).
                tracing::warn!(
                    match_id = id.0,
                    "an unreadable match of a deleted member: its state is dropped"
                );
                renamed.push(Renamed {
                    id,
                    state: None,
                    placeholder: PlayerId::DELETED_OTHER,
                });
                continue;
            };
            let Some(side) = entry.game.side_of(player) else {
                continue;
            };
            let seat = side.index();
            let placeholder = PlayerId::DELETED[seat];
            if !entry.game.replace_player(player, placeholder) {
                continue;
            }
            DELETED_NAME.clone_into(&mut entry.names[seat]);
            entry.player_locales[seat] = None;
            renamed.push(Renamed {
                id,
                state: Some(encode(&entry)?),
                placeholder,
            });
        }
        // Matches they called off as a moderator, without playing.
        for MatchState { id, state } in self.session.store.privacy().cancelled().await? {
            let Ok(mut entry) = entry_of(&state) else {
                continue;
            };
            if entry
                .game
                .replace_canceller(player, PlayerId::DELETED_OTHER)
            {
                renamed.push(Renamed {
                    id,
                    state: Some(encode(&entry)?),
                    placeholder: PlayerId::DELETED_OTHER,
                });
            }
        }
        Ok(renamed)
    }
}

/// How often forgetting looks again when a match of the member ended meanwhile.
const FORGET_TRIES: usize = 3;

/// The name kept in a finished match for a member who was forgotten (pictures and texts
/// show it in the reader's language when they can tell, by [`PlayerId::is_deleted`]).
pub const DELETED_NAME: &str = "deleted player";
