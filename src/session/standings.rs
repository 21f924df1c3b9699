//! Ratings, statistics, leaderboards, history and forgetting a member, read from and
//! written to the store. The figures are written when a match ends (see the store);
//! here they are only read, ranked and paged.

use crate::game::{PlayerId, Variant};
use crate::rating::{Rating, Record, Summary, summarise};
use crate::store::{Forgot, HistoryRow, Renamed, Standing, StoreError};

use super::entry::Entry;
use super::ids::MatchId;
use super::record::entry_of;
use super::{Session, SessionError};

/// Places on one leaderboard page.
pub const PAGE: u32 = 10;

/// A member's card in one rule set.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// Their rating and rated record, once they have played a rated match.
    pub rating: Option<(Rating, Record)>,
    /// Everything computed from their results.
    pub summary: Summary,
}

/// A leaderboard line with its rank.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// 1-based competition rank (equal ratings as shown share one); `None` for a
    /// provisional rating, listed apart after the established ones.
    pub rank: Option<u32>,
    /// The member and their figures.
    pub standing: Standing,
}

/// One page of a server's leaderboard, as a member asked for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    /// The page's lines (at most [`PAGE`]).
    pub rows: Vec<Ranked>,
    /// The page shown, 0-based (a page past the end shows the last one).
    pub page: u32,
    /// Pages in all (at least 1).
    pub pages: u32,
    /// The asking member's line, when they are listed but not on this page.
    pub you: Option<Ranked>,
}

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

impl Session {
    /// `player`'s card in `variant`.
    pub async fn card(&self, player: PlayerId, variant: Variant) -> Result<Card, StoreError> {
        let rating = self.store.rating(player.0, variant.key()).await?;
        let results = self.store.results(player.0, variant.key()).await?;
        Ok(Card {
            rating,
            summary: summarise(&results, variant == Variant::Game2000),
        })
    }

    /// Page `page` (0-based) of the leaderboard of `guild` in `variant`, as `caller` sees
    /// it; with [`crate::store::GLOBAL_BOARD`] the global one (the members who opted in).
    pub async fn leaderboard(
        &self,
        guild: u64,
        variant: Variant,
        page: u32,
        caller: PlayerId,
    ) -> Result<Leaderboard, StoreError> {
        let key = variant.key();
        let first = self.store.leaderboard(guild, key, 0, 0).await?;
        let pages = first.total.div_ceil(PAGE).max(1);
        let page = page.min(pages - 1);
        let listed = self
            .store
            .leaderboard(guild, key, page * PAGE, PAGE)
            .await?;
        let mut rows: Vec<Ranked> = Vec::with_capacity(listed.rows.len());
        for (i, standing) in listed.rows.into_iter().enumerate() {
            let rank = if standing.rating.is_provisional() {
                None
            } else {
                match rows.last() {
                    Some(prev) if prev.standing.rating.shown() == standing.rating.shown() => {
                        prev.rank
                    }
                    Some(_) => Some(page * PAGE + u32::try_from(i).unwrap_or(0) + 1),
                    // The page's first line may tie with the one before the page.
                    None => self
                        .store
                        .place(guild, key, standing.player)
                        .await?
                        .and_then(|p| p.rank),
                }
            };
            rows.push(Ranked { rank, standing });
        }
        let you = if rows.iter().any(|r| r.standing.player == caller.0) {
            None
        } else {
            match self.store.place(guild, key, caller.0).await? {
                Some(place) => self
                    .store
                    .leaderboard(guild, key, place.position, 1)
                    .await?
                    .rows
                    .into_iter()
                    .next()
                    .map(|standing| Ranked {
                        rank: place.rank,
                        standing,
                    }),
                None => None,
            }
        };
        Ok(Leaderboard {
            rows,
            page,
            pages,
            you,
        })
    }

    /// A page of the global leaderboard: the members anywhere who chose to be listed
    /// ([`Session::set_leaderboard_visible`]), by their rating in `variant`; `caller`'s own
    /// line as on a server's board (only when they are listed).
    pub async fn global_leaderboard(
        &self,
        variant: Variant,
        page: u32,
        caller: PlayerId,
    ) -> Result<Leaderboard, StoreError> {
        self.leaderboard(crate::store::GLOBAL_BOARD, variant, page, caller)
            .await
    }

    /// Whether `player` let their name be shown on the global leaderboard
    /// ([`crate::store::GLOBAL_BOARD`]; hidden until they ask).
    pub async fn leaderboard_visible(&self, player: PlayerId) -> Result<bool, StoreError> {
        self.store.leaderboard_visible(player.0).await
    }

    /// Shows (`visible`) or hides `player` on the global leaderboard, at once in every
    /// rule set they have a rating in. Hiding also takes their name off it.
    pub async fn set_leaderboard_visible(
        &self,
        player: PlayerId,
        visible: bool,
    ) -> Result<(), StoreError> {
        let now = super::record::millis(std::time::SystemTime::now());
        self.store
            .set_leaderboard_visible(player.0, visible, now)
            .await
    }

    /// The last `limit` matches `player` played out, newest first; only those played in
    /// `guild` when one is given.
    pub async fn history(
        &self,
        player: PlayerId,
        guild: Option<u64>,
        limit: u32,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        self.store.history(player.0, guild, limit).await
    }

    /// Forgets `player`: their ratings, statistics and name are deleted, and in every
    /// finished match they played they become "deleted player" (a placeholder per seat),
    /// as in every match they called off as a moderator. Returns the matches rewritten
    /// (whatever was drawn of them, such as replays, is out of date). Refused while they
    /// play a live match: the store checks that in the transaction that forgets, and no
    /// challenge, Accept or rematch of theirs runs meanwhile in this process.
    pub async fn forget(&self, player: PlayerId) -> Result<Vec<MatchId>, ForgetError> {
        let _held = self.members.hold(&[player]).await?;
        for _ in 0..FORGET_TRIES {
            let renamed = self.renamed(player).await?;
            match self.store.forget(player.0, &renamed).await? {
                Forgot::Done => {
                    // No model of their own outlives them.
                    self.habits.forget_players(&[player]);
                    return Ok(renamed.iter().map(|r| MatchId(r.id)).collect());
                }
                Forgot::Playing => return Err(ForgetError::Playing),
                // A match of theirs ended meanwhile: look again.
                Forgot::Changed => {}
            }
        }
        Err(ForgetError::Session(SessionError::Pending))
    }

    /// Every stored match that names `player`, rewritten without them.
    async fn renamed(&self, player: PlayerId) -> Result<Vec<Renamed>, StoreError> {
        let mut renamed = Vec::new();
        let encode = |entry: &Entry| {
            super::stored::encode(entry).map_err(|e| StoreError::Data(e.to_string()))
        };
        for (id, state) in self.store.matches_of(player.0).await? {
            let Ok(mut entry) = entry_of(&state) else {
                // This build cannot rename it: its columns lose the member's id, and the
                // store drops its state (a match set aside is then never brought back).
                tracing::warn!(
                    match_id = id,
                    "an unreadable match of a deleted member: its state is dropped"
                );
                renamed.push(Renamed {
                    id,
                    state: None,
                    placeholder: PlayerId::DELETED_OTHER.0,
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
                placeholder: placeholder.0,
            });
        }
        // Matches they called off as a moderator, without playing.
        for (id, state) in self.store.cancelled().await? {
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
                    placeholder: PlayerId::DELETED_OTHER.0,
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
