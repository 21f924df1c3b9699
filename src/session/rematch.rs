//! Rematches: under a played-out match, both players click Rematch (against the computer,
//! the member alone) within the challenge timeout, and a new match with the same rules
//! starts in the same channel, straight into placement. The player who did not move
//! first moves first this time, each player may take their last fleet again, and the
//! series score runs on for as long as they keep rematching.

use std::time::SystemTime;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::game::{Ending, Match, PlayerId, Side};
use crate::store::StoreError;

use super::entry::{Computer, Entry, Home, NewEntry, Series};
use super::error::SessionError;
use super::ids::Locate;
use super::ids::{ChannelKey, MatchId};
use super::pace::Pace;
use super::preview::{Accepted, Preview};
use super::record::{self, entry_of, millis};
use super::services::Matches;
use crate::store::{RematchClaim, Timestamp, Votes};

/// A claim on a rematch's start older than this, whose match was never stored, was left
/// by a bot that stopped in between.
const STALE_CLAIM_MS: i64 = 30_000;

/// What a Rematch click did.
#[derive(Clone, Debug)]
pub enum Rematch {
    /// Recorded; the other player has not clicked yet.
    Waiting {
        /// Who is still to click.
        other: PlayerId,
        /// Until when they may.
        until: SystemTime,
        /// The clicker had asked before (say it again only to them).
        again: bool,
    },
    /// Both clicked: the new match is in placement.
    Started(Box<Restarted>),
}

/// A rematch that began.
#[derive(Clone, Debug)]
pub struct Restarted {
    /// The new match.
    pub id: MatchId,
    /// Its channel.
    pub channel: ChannelKey,
    /// Display names, challenger first.
    pub names: [String; 2],
    /// Placement as after an Accept: previews, deadline, locales.
    pub accepted: Accepted,
    /// Who will move first (the one who did not last time), when known.
    pub first: Option<PlayerId>,
    /// The series score before this match.
    pub series: Series,
    /// Against the computer.
    pub computer: bool,
}

/// Why a Rematch click was refused.
#[derive(Debug, thiserror::Error)]
pub enum RematchError {
    /// The match is unknown, not over, or was not played out.
    #[error("there is no rematch for this match")]
    Unavailable,
    /// The clicker did not play in it.
    #[error("only its players can ask for a rematch")]
    NotAPlayer,
    /// The time to ask has run out.
    #[error("the time for a rematch has run out")]
    Expired,
    /// The rematch has already begun.
    #[error("the rematch has already begun")]
    AlreadyStarted,
    /// The server's settings no longer allow matches where this one was played (an
    /// admin changed `channels` since): the channels they allow.
    #[error("matches are no longer started in this channel")]
    ChannelNotAllowed(Vec<ChannelKey>),
    /// The server's settings no longer allow this match's pace: the paces they allow.
    #[error("the pace {0} is no longer allowed")]
    PaceNotAllowed(Pace, Vec<Pace>),
    /// The channel or a player is busy with another match.
    #[error(transparent)]
    Session(#[from] SessionError),
}

impl Matches<'_> {
    /// `by` clicks Rematch under match `id`'s end (see [`Matches::rematch_in`](crate::session::services::Matches::rematch_in); the
    /// click's channel is taken to hang under no other).
    pub async fn rematch(
        self,
        id: MatchId,
        by: PlayerId,
        locale: Option<String>,
    ) -> Result<Rematch, RematchError> {
        self.rematch_in(id, by, locale, None).await
    }

    /// `by` clicks Rematch under match `id`'s end; `parent` is the channel the match's
    /// channel hangs under when it is a thread the bot did not open (Discord tells it with
    /// the click). The server's current settings must still allow a match there at its
    /// pace, as for a `/challenge`: each click is checked, so an admin who removes the
    /// channel or the pace ends a chain of rematches. The new match counts for ratings
    /// as the server's settings say now.
    pub async fn rematch_in(
        self,
        id: MatchId,
        by: PlayerId,
        locale: Option<String>,
        parent: Option<ChannelKey>,
    ) -> Result<Rematch, RematchError> {
        let (_, old) = self.played_out(id, by).await?;
        self.allowed_again(&old, parent).await?;
        // Not while a member is being forgotten: read again once both are held (a member
        // forgotten meanwhile is renamed in it).
        let members = old.members();
        let _held = self.session.members.hold(&members).await?;
        let (stored, old) = self.played_out(id, by).await?;
        let rated = self.allowed_again(&old, parent).await?;
        let now = SystemTime::now();
        let ended = stored
            .ended_ms
            .unwrap_or(stored.created_ms)
            .to_system_time();
        let until = ended + old.timeouts(self.session.standard()).challenge;
        if now > until {
            return Err(RematchError::Expired);
        }
        let Votes { voters, new } = self
            .session
            .store
            .rematches()
            .vote_rematch(id, by, Timestamp::of(now))
            .await
            .map_err(SessionError::Storage)?;
        if let Some(&other) = members.iter().find(|m| !voters.contains(m)) {
            return Ok(Rematch::Waiting {
                other,
                until,
                again: !new,
            });
        }
        // The claim names the new match: a claim whose match was never stored (the bot
        // stopped in between) is taken over.
        let new_id = MatchId::random();
        let RematchClaim {
            started: claimed,
            at: claimed_at,
        } = self
            .session
            .store
            .rematches()
            .claim_rematch(id, new_id, Timestamp::of(now))
            .await
            .map_err(SessionError::Storage)?;
        if claimed != new_id {
            // A fresh claim's match may be being written right now: only an old claim
            // whose match never came is taken over.
            let stale = millis(now).saturating_sub(claimed_at.millis()) > STALE_CLAIM_MS;
            let stored = self
                .session
                .store
                .finished()
                .get(claimed)
                .await
                .map_err(SessionError::Storage)?;
            let taken_over = stale
                && stored.is_none()
                && self
                    .session
                    .store
                    .rematches()
                    .reclaim_rematch(id, claimed, new_id)
                    .await
                    .map_err(SessionError::Storage)?;
            if !taken_over {
                return Err(RematchError::AlreadyStarted);
            }
        }
        match self
            .start_rematch(&old, new_id, by, locale, rated, now)
            .await
        {
            Ok(started) => Ok(Rematch::Started(Box::new(started))),
            Err(e) => {
                if let Err(err) = self.session.store.rematches().release_rematch(id).await {
                    tracing::warn!(match_id = %id, error = %err, "could not give a rematch claim back");
                }
                Err(match e {
                    SessionError::Storage(StoreError::Forgotten) => RematchError::Unavailable,
                    e => e.into(),
                })
            }
        }
    }

    /// The finished match `id` as stored, if `by` played it and it was played out by
    /// members who were not forgotten since.
    async fn played_out(
        self,
        id: MatchId,
        by: PlayerId,
    ) -> Result<(crate::store::StoredMatch, Entry), RematchError> {
        let stored = self
            .session
            .store
            .finished()
            .get(id)
            .await
            .map_err(SessionError::Storage)?
            .ok_or(RematchError::Unavailable)?;
        if stored.live {
            return Err(RematchError::Unavailable);
        }
        let old = entry_of(&stored.state).map_err(|_| RematchError::Unavailable)?;
        if !old.game.ending().is_some_and(Ending::played_out) {
            return Err(RematchError::Unavailable);
        }
        if !old.members().contains(&by) {
            return Err(RematchError::NotAPlayer);
        }
        // A member who was forgotten cannot be asked to play again.
        if old.game.players().iter().any(|p| p.is_deleted()) {
            return Err(RematchError::Unavailable);
        }
        Ok((stored, old))
    }

    /// Whether the server's settings, as they are now, allow `old`'s rematch where it
    /// would be played (see [`rematch_home`]) and at its pace; then whether it is rated.
    async fn allowed_again(
        self,
        old: &Entry,
        parent: Option<ChannelKey>,
    ) -> Result<bool, RematchError> {
        let Some(guild) = old.guild else {
            return Ok(old.rated);
        };
        let settings = self
            .session
            .settings()
            .of(guild)
            .await
            .map_err(SessionError::Storage)?;
        let (channel, home) = rematch_home(old);
        let parent = match home {
            Home::Thread { parent } => Some(parent),
            Home::Channel | Home::Pending { .. } => parent,
        };
        if !settings.allows(channel, parent) {
            return Err(RematchError::ChannelNotAllowed(settings.channels));
        }
        if !settings.paces.contains(&old.pace) {
            return Err(RematchError::PaceNotAllowed(old.pace, settings.paces));
        }
        Ok(settings.rated)
    }

    // Building the new match step by step, like `challenge` and `accept` together.
    async fn start_rematch(
        self,
        old: &Entry,
        new_id: MatchId,
        by: PlayerId,
        locale: Option<String>,
        rated: bool,
        now: SystemTime,
    ) -> Result<Restarted, SessionError> {
        let players = old.game.players();
        let variant = old.game.variant();
        let seed = self.session.seeds.next();
        let bot_fleet = match &old.computer {
            Some(c) => {
                let rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c0de_0000_0001);
                Some(super::habits::computer_fleet(variant, c.difficulty, rng).await)
            }
            None => None,
        };
        let (game, computer, first) = rematch_game(old, seed, bot_fleet)?;
        let fleet_of = |side: Side| match old.game.phase() {
            crate::game::Phase::Finished {
                battle: Some(b), ..
            } => Some(b.sea(side).fleet().clone()),
            _ => None,
        };
        // The computer's seat never needs its fleet offered again.
        let last_fleets = [
            fleet_of(Side::Challenger),
            fleet_of(Side::Opponent).filter(|_| computer.is_none()),
        ];
        let mut player_locales = old.player_locales.clone();
        if let Some(seat) = old.game.side_of(by)
            && locale.is_some()
        {
            player_locales[seat.index()] = locale;
        }
        let (channel, home) = rematch_home(old);
        let mut entry = Entry::open(NewEntry {
            id: new_id,
            channel,
            guild: old.guild,
            created: now,
            game,
            names: old.names.clone(),
            deadline: now + old.timeouts(self.session.standard()).placement,
            guild_locale: old.guild_locale.clone(),
            player_locales,
            computer,
            series: Some(old.series.unwrap_or_default().after(&old.game)),
            last_fleets,
            pace: old.pace,
            limits: old.limits,
            rated,
            home,
        });
        let mut previews = Vec::new();
        for (i, p) in entry.members().into_iter().enumerate() {
            entry
                .game
                .shuffle_fleet(p)
                .map_err(|e| SessionError::rules(variant, e))?;
            if let Some(preview) = Preview::of(&entry, p) {
                previews.push((p, preview, entry.player_locales[i].clone()));
            }
        }
        let mut record = record::of(&entry, now, Vec::new())
            .map_err(|e| SessionError::unwritable(entry.id, e))?;
        // Written only while the old match still names both members.
        record.rematch_of = Some(crate::store::RematchOf {
            id: old.id,
            players,
        });
        let restarted = Restarted {
            id: entry.id,
            channel: entry.channel,
            names: entry.names.clone(),
            accepted: Accepted {
                players,
                variant,
                deadline: entry.deadline,
                previews,
                guild_locale: entry.guild_locale.clone(),
                names: entry.names.clone(),
                wants_thread: None,
            },
            first,
            series: entry.series.unwrap_or_default(),
            computer: entry.computer.is_some(),
        };
        self.session.engine.open(entry, &record, &[]).await?;
        Ok(restarted)
    }

    /// `by` takes their fleet from the previous match of the series again (the button on
    /// a rematch's preview).
    pub async fn last_fleet(self, id: MatchId, by: PlayerId) -> Result<Preview, SessionError> {
        self.session
            .act(Locate::Id(id), SessionError::Stale, |e, change| {
                e.in_time(change.now)?;
                let variant = e.game.variant();
                let side = e.game.side_of(by).ok_or(SessionError::NotYourButton)?;
                let fleet = e.last_fleets[side.index()]
                    .clone()
                    .ok_or(SessionError::NoLastFleet)?;
                e.game
                    .set_fleet(by, fleet)
                    .map_err(|err| SessionError::rules(variant, err))?;
                // The last fleet replaces what the editor had.
                e.drafts[side.index()] = None;
                Preview::of(e, by).ok_or(SessionError::BattleBegun)
            })
            .await
            .map(|(p, _)| p)
    }
}

/// Where `old`'s rematch is played: where `old` was, its thread or its channel (a match
/// whose thread could not be opened was keyed by its id, which is no channel).
fn rematch_home(old: &Entry) -> (ChannelKey, Home) {
    match old.home {
        Home::Pending { .. } => (old.post_channel(), Home::Channel),
        Home::Channel | Home::Thread { .. } => (old.channel, old.home),
    }
}

/// The new match between the same two players, accepted, with the other one to open this
/// time (when the old one got as far as the reveal) and the computer's fleet placed.
fn rematch_game(
    old: &Entry,
    seed: u64,
    bot_fleet: Option<(crate::game::Fleet, ChaCha8Rng)>,
) -> Result<(Match, Option<Computer>, Option<PlayerId>), SessionError> {
    let players = old.game.players();
    let variant = old.game.variant();
    let mut game = Match::challenge(players[0], players[1], variant, old.game.options(), seed)
        .map_err(|e| SessionError::rules(variant, e))?;
    game.accept(players[1])
        .map_err(|e| SessionError::rules(variant, e))?;
    let first = old.game.reveal().map(|r| {
        if r.first == players[0] {
            players[1]
        } else {
            players[0]
        }
    });
    if let Some(first) = first {
        game.set_first(first);
    }
    let mut computer = None;
    if let (Some(c), Some((fleet, rng))) = (&old.computer, bot_fleet) {
        let bot = players[1];
        game.set_fleet(bot, fleet)
            .map_err(|e| SessionError::rules(variant, e))?;
        game.confirm(bot)
            .map_err(|e| SessionError::rules(variant, e))?;
        computer = Some(Computer {
            difficulty: c.difficulty,
            rng,
        });
    }
    Ok((game, computer, first))
}
