//! Matches read back from the store: finished ones for replays, the list to pick one from
//! and a member's history; and the live matches of a server.

use std::time::SystemTime;

use crate::game::{PlayerId, Replay, Variant};
use crate::ids::{ChannelKey, GuildId};
use crate::rating::ResultRow;
use crate::store::{StoreError, StoredMatch};

use super::ids::MatchId;
use super::pace::Pace;
use super::record::entry_of;
use super::services::Played;
use crate::store::LivePage;

/// A finished match as stored, with what a replay needs.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The match.
    pub id: MatchId,
    /// The server it was played in, if any.
    pub guild: Option<GuildId>,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// Display names, challenger first.
    pub names: [String; 2],
    /// The rule set.
    pub variant: Variant,
    /// When it ended.
    pub ended: SystemTime,
    /// Move by move, if a battle took place.
    pub replay: Option<Replay>,
}

/// Why a match cannot be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// No replay this member may watch has this id: none is stored, or (to anyone who did
    /// not play it) it is live, has no shot, or was played where they cannot see. One
    /// answer for all of these, so a stranger learns nothing from it.
    #[error("no replay you can watch has this id")]
    Hidden,
    /// The match is still being played (a replay would show its fleets); said only to
    /// its players.
    #[error("the match is still being played")]
    StillPlaying,
    /// The match ended before a shot was fired; said only to its players.
    #[error("no shot was fired in this match")]
    NoBattle,
    /// The stored state cannot be read.
    #[error("the stored match is unreadable: {0}")]
    Unreadable(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Who asks to watch a match, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewer {
    /// The member.
    pub player: PlayerId,
    /// The server they ask in (`None` in a DM).
    pub guild: Option<GuildId>,
    /// The channel they ask in.
    pub channel: ChannelKey,
}

fn finished(stored: &StoredMatch) -> Result<Finished, ReplayError> {
    let entry = entry_of(&stored.state).map_err(|e| ReplayError::Unreadable(e.to_string()))?;
    Ok(Finished {
        id: stored.id,
        guild: stored.guild,
        players: entry.game.players(),
        names: entry.names.clone(),
        variant: entry.game.variant(),
        ended: stored
            .ended_ms
            .unwrap_or(stored.created_ms)
            .to_system_time(),
        replay: entry.game.replay(),
    })
}

/// One match a member played out, for `/history`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMatch {
    /// The member's side of it.
    pub result: ResultRow,
    /// `classic` or `game2000`.
    pub variant: String,
    /// The opponent's display name as stored in the match.
    pub opponent_name: Option<String>,
}

impl Played<'_> {
    /// The finished match `id` with its replay, if `viewer` may watch it: its players
    /// anywhere; anyone else only in its server, and only if they can see the channel it
    /// was played in (`can_see` answers that for another channel of the same server, from
    /// Discord). Who may watch is decided before anything else is looked at, and every
    /// refusal to a stranger is [`ReplayError::Hidden`].
    pub async fn replay(
        self,
        id: MatchId,
        viewer: &Viewer,
        can_see: impl AsyncFnOnce(ChannelKey) -> bool,
    ) -> Result<Finished, ReplayError> {
        let stored = self
            .session
            .store
            .finished()
            .get(id)
            .await?
            .ok_or(ReplayError::Hidden)?;
        let played = stored.players.contains(&viewer.player) && !viewer.player.is_deleted();
        if !played {
            let here = stored.guild.is_some() && stored.guild == viewer.guild;
            if !here {
                return Err(ReplayError::Hidden);
            }
            if stored.channel != viewer.channel && !can_see(stored.channel).await {
                return Err(ReplayError::Hidden);
            }
        }
        let hidden = |own| if played { own } else { ReplayError::Hidden };
        if stored.live {
            return Err(hidden(ReplayError::StillPlaying));
        }
        let done = finished(&stored)?;
        // A battle given up before the first shot has nothing to show either.
        if done.replay.as_ref().is_none_or(Replay::is_empty) {
            return Err(hidden(ReplayError::NoBattle));
        }
        Ok(done)
    }

    /// The last `limit` matches `player` played out, newest first; only those played in
    /// `guild` when one is given.
    pub async fn history(
        self,
        player: PlayerId,
        guild: Option<GuildId>,
        limit: u32,
    ) -> Result<Vec<PlayedMatch>, StoreError> {
        let rows = (self.session.store.finished())
            .history(player, guild, limit)
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| PlayedMatch {
                result: row.result,
                variant: row.variant,
                opponent_name: row.opponent_name,
            })
            .collect())
    }

    /// `player`'s last `limit` finished matches in which shots were fired, newest first
    /// (unreadable ones are left out).
    pub async fn recent(self, player: PlayerId, limit: u32) -> Result<Vec<Finished>, StoreError> {
        let rows = self.session.store.finished().recent(player, limit).await?;
        Ok(rows
            .iter()
            .filter_map(|row| match finished(row) {
                Ok(done) => Some(done),
                Err(e) => {
                    tracing::warn!(match_id = row.id.0, error = %e, "a finished match is unreadable");
                    None
                }
            })
            .collect())
    }
}

/// Live matches shown on one page of `/matches`.
pub const MATCHES_PAGE: u32 = 10;

/// A live match as spectators see it: nothing hidden is in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRow {
    /// The match.
    pub id: MatchId,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// The rule set.
    pub variant: Variant,
    /// Its pace.
    pub pace: Pace,
    /// What it is doing.
    pub phase: crate::game::PhaseKind,
    /// In battle: who is to move.
    pub to_move: Option<PlayerId>,
    /// When the current phase or turn runs out.
    pub deadline: SystemTime,
    /// Where to watch it.
    pub channel: ChannelKey,
    /// The channel whose members may see it: for a match in a thread of its own, the
    /// channel the thread hangs under; else where it is played (which may be a thread).
    pub seen_in: ChannelKey,
}

/// One page of a server's live matches, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LiveMatches {
    /// The page's matches (at most [`MATCHES_PAGE`]).
    pub rows: Vec<LiveRow>,
    /// Live matches listed in all.
    pub total: u32,
    /// The page shown, 0-based (a page past the end shows the last).
    pub page: u32,
    /// Pages in all (at least 1).
    pub pages: u32,
}

impl Played<'_> {
    /// Every live match of `guild` (of every process, as stored), oldest first, for
    /// [`LiveMatches::page`] once the asker's view is applied (see [`LiveRow::seen_in`]).
    pub async fn live_in(self, guild: GuildId) -> Result<Vec<LiveRow>, StoreError> {
        let mut rows = Vec::new();
        let mut offset = 0;
        loop {
            let LivePage { states, total } = (self.session.store.live())
                .live_in(guild, offset, LIVE_SCAN)
                .await?;
            let read = u32::try_from(states.len()).unwrap_or(u32::MAX);
            rows.extend(states.iter().filter_map(|state| match entry_of(state) {
                Ok(e) => Some(LiveRow {
                    id: e.id,
                    players: e.game.players(),
                    variant: e.game.variant(),
                    pace: e.pace,
                    phase: e.game.phase_kind(),
                    to_move: e.game.to_move(),
                    deadline: e.deadline,
                    channel: e.post_channel(),
                    seen_in: e.thread_parent().unwrap_or_else(|| e.post_channel()),
                }),
                Err(err) => {
                    tracing::warn!(error = %err, "a live match is unreadable");
                    None
                }
            }));
            offset = offset.saturating_add(read);
            if read < LIVE_SCAN || offset >= total {
                return Ok(rows);
            }
        }
    }
}

impl LiveMatches {
    /// Page `page` of `rows` (a page past the end shows the last).
    #[must_use]
    pub fn page(rows: Vec<LiveRow>, page: u32) -> Self {
        let total = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let pages = total.div_ceil(MATCHES_PAGE).max(1);
        let page = page.min(pages - 1);
        let from = usize::try_from(page * MATCHES_PAGE).unwrap_or(usize::MAX);
        let rows = rows
            .into_iter()
            .skip(from)
            .take(MATCHES_PAGE as usize)
            .collect();
        Self {
            rows,
            total,
            page,
            pages,
        }
    }
}

/// How many live matches are read from the store at a time.
const LIVE_SCAN: u32 = 200;
