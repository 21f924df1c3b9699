//! A match from its challenge until placement begins: the challenge, its withdrawal, the
//! answer (Accept or Decline), and moving an accepted match into a thread of its own.

use std::time::SystemTime;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::ai::Difficulty;
use crate::game::{Match, MatchOptions, PlayerId, Side, Variant};

use super::ends::Ended;
use super::entry::{Computer, Entry, Home, NewEntry};
use super::error::{Broken, OpenError, SessionError};
use super::ids::Locate;
use super::ids::{ChannelKey, GuildId, MatchId};
use super::pace::Pace;
use super::preview::{Accepted, Preview};
use super::record;
use super::services::Matches;

/// A new match as asked for by `/challenge`.
#[derive(Clone, Debug)]
pub struct NewMatch {
    /// Where it is played.
    pub channel: ChannelKey,
    /// The server.
    pub guild: Option<GuildId>,
    /// Who challenges.
    pub challenger: PlayerId,
    /// Who is challenged (the computer's user id when `computer` is set).
    pub opponent: PlayerId,
    /// Display names of `[challenger, opponent]`, for pictures.
    pub names: [String; 2],
    /// The rule set.
    pub variant: Variant,
    /// The options.
    pub options: MatchOptions,
    /// The server's locale, for public messages.
    pub guild_locale: Option<String>,
    /// The challenger's locale, for private messages sent unasked.
    pub challenger_locale: Option<String>,
    /// Set to play against the computer at this level.
    pub computer: Option<Difficulty>,
    /// How fast it goes.
    pub pace: Pace,
    /// Whether it counts for ratings (the server's setting).
    pub rated: bool,
    /// Whether it moves into a thread of its own under `channel` when it is accepted.
    pub thread: bool,
}

/// A challenge was opened.
#[derive(Clone, Debug)]
pub struct Challenged {
    /// The new match.
    pub id: MatchId,
    /// Its pace.
    pub pace: Pace,
    /// How long a turn takes at that pace.
    pub turn: std::time::Duration,
    /// When the challenge (or, against the computer, the placement) runs out.
    pub deadline: SystemTime,
    /// Against the computer: the member's fleet preview (placement starts at once).
    pub preview: Option<Preview>,
}

impl Matches<'_> {
    /// Opens a match (a challenge, or at once a placement against the computer) and
    /// writes it.
    pub async fn challenge(self, new: NewMatch) -> Result<Challenged, SessionError> {
        let variant = new.variant;
        let seed = self.session.seeds.next();
        let mut game = Match::challenge(new.challenger, new.opponent, variant, new.options, seed)
            .map_err(|e| SessionError::rules(variant, e))?;
        let now = SystemTime::now();
        let limits = self.session.paces.of(new.pace);
        let mut computer = None;
        let deadline = if let Some(level) = new.computer {
            // A stream of its own, so the computer's choices do not shift the match's
            // random numbers (who starts, salvo order).
            let rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c0de_0000_0001);
            let (fleet, rng) = super::habits::computer_fleet(variant, level, rng).await;
            let bot = new.opponent;
            let ready = game.accept(bot).is_ok()
                && game.set_fleet(bot, fleet).is_ok()
                && game.confirm(bot).is_ok()
                && game.shuffle_fleet(new.challenger).is_ok();
            if !ready {
                return Err(Broken::ComputerSetUp.into());
            }
            computer = Some(Computer {
                difficulty: level,
                rng,
            });
            now + limits.placement
        } else {
            now + limits.challenge
        };
        let id = MatchId::random();
        // A challenge that will have a thread is found by its own id until then, so one
        // channel may hold several.
        let (channel, home) = if new.thread && new.computer.is_none() {
            (
                ChannelKey(id.0),
                Home::Pending {
                    parent: new.channel,
                },
            )
        } else {
            (new.channel, Home::Channel)
        };
        let entry = Entry::open(NewEntry {
            id,
            channel,
            guild: new.guild,
            created: now,
            game,
            names: new.names,
            deadline,
            guild_locale: new.guild_locale,
            player_locales: [new.challenger_locale, None],
            computer,
            series: None,
            last_fleets: [None, None],
            pace: new.pace,
            limits: Some(limits),
            rated: new.rated,
            home,
        });
        let preview = entry
            .computer
            .is_some()
            .then(|| Preview::of(&entry, new.challenger))
            .flatten();
        let record = record::of(&entry, now, Vec::new())
            .map_err(|e| SessionError::unwritable(entry.id, e))?;
        // Not while either member is being forgotten; a member who already plays cannot
        // be challenged (one who is only challenged elsewhere can).
        let _held = self.session.members.hold(&entry.members()).await?;
        let unclaimed = if entry.computer.is_none() {
            vec![new.opponent]
        } else {
            Vec::new()
        };
        let id = self.session.engine.open(entry, &record, &unclaimed).await?;
        Ok(Challenged {
            id,
            pace: new.pace,
            turn: limits.turn,
            deadline,
            preview,
        })
    }

    /// Calls off a challenge nobody has seen (its announcement failed): it ends as
    /// cancelled by the challenger, and nothing is announced.
    pub async fn withdraw(self, id: MatchId) -> Result<(), SessionError> {
        self.session
            .act(Locate::Id(id), SessionError::Stale, |e, _| {
                let challenger = e.game.player(Side::Challenger);
                let variant = e.game.variant();
                e.game
                    .cancel(challenger, true)
                    .map_err(|err| SessionError::rules(variant, err))
            })
            .await?;
        // Nobody saw it, so nobody is told it ended, now or after a restart.
        self.mark_announced_id(id).await;
        Ok(())
    }

    /// The challenged player accepts: placement begins, each player with a random fleet.
    pub async fn accept(
        self,
        id: MatchId,
        by: PlayerId,
        locale: Option<String>,
    ) -> Result<Accepted, SessionError> {
        let standard = self.session.standard();
        // Not while the member is being forgotten. The change binds them to this match
        // (its record's claims): the first Accept wins.
        let _held = self.session.members.hold(&[by]).await?;
        let accepted = self
            .session
            .act(Locate::Id(id), SessionError::Stale, |e, change| {
                e.in_time(change.now)?;
                let variant = e.game.variant();
                let refused = |err| SessionError::rules(variant, err);
                e.game.accept(by).map_err(refused)?;
                e.player_locales[1] = locale;
                e.deadline = change.now + e.timeouts(standard).placement;
                let players = e.game.players();
                let mut previews = Vec::new();
                for (i, p) in players.into_iter().enumerate() {
                    e.game
                        .shuffle_fleet(p)
                        .map_err(|err| SessionError::rules(variant, err))?;
                    if let Some(preview) = Preview::of(e, p) {
                        previews.push((p, preview, e.player_locales[i].clone()));
                    }
                }
                Ok(Accepted {
                    players,
                    variant,
                    deadline: e.deadline,
                    previews,
                    guild_locale: e.guild_locale.clone(),
                    names: e.names.clone(),
                    wants_thread: match e.home {
                        Home::Pending { parent } => Some(parent),
                        Home::Channel | Home::Thread { .. } => None,
                    },
                })
            })
            .await;
        accepted.map(|(accepted, _)| accepted)
    }

    /// Moves an accepted match that waits for its thread into it (`Some(thread)`), or, when
    /// no thread could be made, into the channel it was made in (where it is played from
    /// now on; if that channel has a match of its own, this one stays found by its id and
    /// through the channel, [`Session::here`](crate::session::Session::here)). Returns where it is played now.
    pub async fn settle_home(
        self,
        id: MatchId,
        thread: Option<ChannelKey>,
    ) -> Result<ChannelKey, SessionError> {
        let settled = self
            .session
            .act(Locate::Id(id), SessionError::Stale, |e, _| {
                let Home::Pending { parent } = e.home else {
                    return Ok(e.post_channel());
                };
                if let Some(thread) = thread {
                    e.channel = thread;
                    e.home = Home::Thread { parent };
                } else {
                    e.channel = parent;
                    e.home = Home::Channel;
                }
                Ok(e.post_channel())
            })
            .await;
        match settled {
            Ok((at, _)) => Ok(at),
            Err(SessionError::Busy {
                reason: OpenError::ChannelBusy,
                ..
            }) if thread.is_none() => self
                .session
                .read(Locate::Id(id), Entry::post_channel)
                .await
                .ok_or(SessionError::Stale),
            Err(e) => Err(e),
        }
    }

    /// The challenged player declines. `Ok(None)` when the match was ended meanwhile by
    /// someone else (who announces it).
    pub async fn decline(self, id: MatchId, by: PlayerId) -> Result<Option<Ended>, SessionError> {
        let ((), ended) = self
            .session
            .act(Locate::Id(id), SessionError::Stale, |e, change| {
                e.in_time(change.now)?;
                let variant = e.game.variant();
                e.game
                    .decline(by)
                    .map(|_| ())
                    .map_err(|err| SessionError::rules(variant, err))
            })
            .await?;
        Ok(ended)
    }
}
