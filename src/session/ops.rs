//! The typed operations on matches and their owned outcomes.

use std::time::SystemTime;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::ai::Difficulty;
use crate::game::{
    Confirmed, Ending, FireOutcome, Fleet, Match, MatchOptions, Next, OwnBoardView, PlayerId,
    RevealView, Side, TargetView, Variant, parse_cells,
};

use super::entry::{Computer, Entry, Home, Reminded};
use super::ids::{ChannelKey, MatchId};
use super::pace::Pace;
use super::{Locate, Session, SessionError, record};

/// A short fingerprint of a fleet, carried by the Ready button so that a stale
/// preview cannot confirm a fleet the player no longer has.
#[must_use]
pub fn fleet_tag(fleet: &Fleet) -> String {
    // FNV-1a over the canonical fleet text.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in fleet.to_string().bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", hash & 0xffff_ffff)
}

/// A new match as asked for by `/challenge`.
#[derive(Clone, Debug)]
pub struct NewMatch {
    /// Where it is played.
    pub channel: ChannelKey,
    /// The server.
    pub guild: Option<u64>,
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

/// A private placement preview: the fleet and its picture's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The match.
    pub id: MatchId,
    /// Whose fleet it is.
    pub player: PlayerId,
    /// Its channel.
    pub channel: ChannelKey,
    /// Its rules.
    pub variant: Variant,
    /// The fleet shown.
    pub fleet: Fleet,
    /// The picture's view.
    pub view: OwnBoardView,
    /// A rematch: the player's fleet of the last match can be taken again.
    pub offers_last: bool,
}

impl Preview {
    /// The preview of `player`'s current fleet in `entry`, if they have one.
    #[must_use]
    pub fn of(entry: &Entry, player: PlayerId) -> Option<Self> {
        let (fleet, _) = entry.game.placed_fleet(player)?;
        Some(Preview {
            id: entry.id,
            player,
            channel: entry.post_channel(),
            variant: entry.game.variant(),
            fleet: fleet.clone(),
            view: OwnBoardView::preview(fleet),
            offers_last: entry
                .game
                .side_of(player)
                .is_some_and(|s| entry.last_fleets[s.index()].is_some()),
        })
    }

    /// The fingerprint the Ready button carries.
    #[must_use]
    pub fn tag(&self) -> String {
        fleet_tag(&self.fleet)
    }
}

/// The end of a match, to announce once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The match.
    pub id: MatchId,
    /// Where to announce.
    pub channel: ChannelKey,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// Display names, for the picture.
    pub names: [String; 2],
    /// How it ended.
    pub ending: Ending,
    /// The full reveal, when a battle took place.
    pub reveal: Option<RevealView>,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// The members who played (not the computer).
    pub members: Vec<PlayerId>,
    /// In a rematch series: the score with this match counted.
    pub series: Option<super::entry::Series>,
    /// Whether the players may ask for a rematch (the match was played out).
    pub rematch: bool,
    /// When it was played in a thread: the channel the thread hangs under (a one-line
    /// result goes there, and the thread is archived).
    pub parent: Option<ChannelKey>,
    /// Its pace.
    pub pace: Pace,
    /// How long a turn took at that pace (`None` for a match from before paces).
    pub turn: Option<std::time::Duration>,
    /// The server it was played in; `None` outside servers, where the bot can only answer
    /// the players' interactions (an end nobody asked for waits for the next one).
    pub guild: Option<u64>,
}

impl Ended {
    /// The ends of the finished matches among stored `states` (a state that does not
    /// read is logged and left out).
    pub(crate) fn all_of(states: &[Vec<u8>]) -> Vec<Self> {
        states
            .iter()
            .filter_map(|state| match record::entry_of(state) {
                Ok(entry) if entry.game.is_finished() => Some(Ended::of(&entry)),
                Ok(_) => None,
                Err(e) => {
                    tracing::error!(error = %e, "an unannounced end cannot be read");
                    None
                }
            })
            .collect()
    }

    /// The end of `entry`'s match. Call only once it is finished.
    pub(crate) fn of(entry: &Entry) -> Self {
        Ended {
            id: entry.id,
            channel: entry.post_channel(),
            parent: entry.thread_parent(),
            pace: entry.pace,
            turn: entry.limits.map(|l| l.turn),
            players: entry.game.players(),
            names: entry.names.clone(),
            // Callers check `is_finished` first; `Expired` is never shown for a battle.
            ending: entry.game.ending().unwrap_or(Ending::Expired),
            reveal: entry.game.reveal(),
            guild_locale: entry.guild_locale.clone(),
            members: entry.members(),
            series: entry.series.map(|s| s.after(&entry.game)),
            rematch: entry.game.ending().is_some_and(Ending::played_out),
            guild: entry.guild,
        }
    }
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

/// A player, their fleet preview, and the locale they last used (for private words).
pub type PlayerPreview = (PlayerId, Preview, Option<String>);

/// A challenge was accepted: placement begins with a random fleet for each player.
#[derive(Clone, Debug)]
pub struct Accepted {
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// The rules.
    pub variant: Variant,
    /// The end of placement.
    pub deadline: SystemTime,
    /// Each player's preview and their last known locale.
    pub previews: Vec<PlayerPreview>,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// Display names of `[challenger, opponent]`.
    pub names: [String; 2],
    /// Set when the match waits for a thread of its own under this channel (then
    /// [`Session::settle_home`] moves it there).
    pub wants_thread: Option<ChannelKey>,
}

/// A fleet was made final.
#[derive(Clone, Debug)]
pub struct Readied {
    /// The final fleet.
    pub preview: Preview,
    /// Whether the battle began.
    pub confirmed: Confirmed,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// The deadline now running (the first turn's, if the battle began).
    pub deadline: SystemTime,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// The computer moves first.
    pub computer_next: bool,
    /// The members who play (not the computer).
    pub members: Vec<PlayerId>,
    /// The match's pace.
    pub pace: Pace,
    /// How long a turn takes at that pace.
    pub turn: std::time::Duration,
}

/// A shot or salvo was fired.
#[derive(Clone, Debug)]
pub struct Fired {
    /// The match.
    pub id: MatchId,
    /// The rules.
    pub variant: Variant,
    /// What happened.
    pub outcome: FireOutcome,
    /// The shooter's picture of the enemy sea afterwards.
    pub view: TargetView,
    /// The next turn's deadline.
    pub deadline: SystemTime,
    /// The end, if this shot ended the match (and this call freed it).
    pub ended: Option<Ended>,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// The computer is to move next.
    pub computer_next: bool,
    /// The members of the match (not the computer).
    pub members: Vec<PlayerId>,
    /// The match's pace.
    pub pace: Pace,
}

/// Whether the computer plays `entry`'s opponent seat and is to move.
fn computer_to_move(entry: &Entry) -> bool {
    entry.computer.is_some() && entry.game.to_move() == Some(entry.game.player(Side::Opponent))
}

impl Session {
    /// Opens a match (a challenge, or at once a placement against the computer) and
    /// writes it.
    pub async fn challenge(&self, new: NewMatch) -> Result<Challenged, SessionError> {
        let variant = new.variant;
        let seed = self.seeds.next();
        let mut game = Match::challenge(new.challenger, new.opponent, variant, new.options, seed)
            .map_err(|e| SessionError::rules(variant, e))?;
        let now = SystemTime::now();
        let limits = self.paces.of(new.pace);
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
                return Err(SessionError::Internal(
                    "could not set up a match against the computer".into(),
                ));
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
        let entry = Entry {
            id,
            version: 1,
            moves: 0,
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
            reminded: Reminded::default(),
            last_message: None,
            drafts: [None, None],
        };
        let preview = entry
            .computer
            .is_some()
            .then(|| Preview::of(&entry, new.challenger))
            .flatten();
        let record = record::of(&entry, now, Vec::new())
            .map_err(|e| SessionError::Internal(format!("cannot serialise a new match: {e}")))?;
        // Not while either member is being forgotten; a member who already plays cannot
        // be challenged (one who is only challenged elsewhere can).
        let _held = self.members.hold(&entry.members()).await?;
        let unclaimed = if entry.computer.is_none() {
            vec![new.opponent]
        } else {
            Vec::new()
        };
        let id = self.engine.open(entry, &record, &unclaimed).await?;
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
    pub async fn withdraw(&self, id: MatchId) -> Result<(), SessionError> {
        self.act(Locate::Id(id), SessionError::Stale, |e, _| {
            let challenger = e.game.player(Side::Challenger);
            let variant = e.game.variant();
            e.game
                .cancel(challenger, true)
                .map_err(|err| SessionError::rules(variant, err))
        })
        .await?;
        // Nobody saw it, so nobody is told it ended, now or after a restart.
        self.mark_announced(id).await;
        Ok(())
    }

    /// The challenged player accepts: placement begins, each player with a random fleet.
    pub async fn accept(
        &self,
        id: MatchId,
        by: PlayerId,
        locale: Option<String>,
    ) -> Result<Accepted, SessionError> {
        let standard = self.standard();
        // Not while the member is being forgotten. The change binds them to this match
        // (its record's claims): the first Accept wins.
        let _held = self.members.hold(&[by]).await?;
        let accepted = self
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
    /// through the channel, [`Session::here`]). Returns where it is played now.
    pub async fn settle_home(
        &self,
        id: MatchId,
        thread: Option<ChannelKey>,
    ) -> Result<ChannelKey, SessionError> {
        let settled = self
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
                reason: super::OpenError::ChannelBusy,
                ..
            }) if thread.is_none() => self
                .read(Locate::Id(id), Entry::post_channel)
                .await
                .ok_or(SessionError::Stale),
            Err(e) => Err(e),
        }
    }

    /// Remembers `message` as the last one shown about match `id` where it is played, for
    /// the reminders of a daily match to link to. Other paces keep nothing (callers need
    /// not ask).
    pub async fn shown(&self, id: MatchId, message: u64) -> Result<(), SessionError> {
        self.act(Locate::Id(id), SessionError::Stale, |e, _| {
            if !e.pace.reminds() || e.last_message == Some(message) {
                return Err(SessionError::Stale);
            }
            e.last_message = Some(message);
            Ok(())
        })
        .await
        .map(|((), _)| ())
    }

    /// The challenged player declines. `Ok(None)` when the match was ended meanwhile by
    /// someone else (who announces it).
    pub async fn decline(&self, id: MatchId, by: PlayerId) -> Result<Option<Ended>, SessionError> {
        let ((), ended) = self
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

    /// A new random fleet for `by` in match `id` (the Shuffle button).
    pub async fn shuffle(&self, id: MatchId, by: PlayerId) -> Result<Preview, SessionError> {
        self.act(Locate::Id(id), SessionError::Stale, |e, change| {
            e.in_time(change.now)?;
            let variant = e.game.variant();
            e.game
                .shuffle_fleet(by)
                .map_err(|err| SessionError::rules(variant, err))?;
            // A new fleet replaces what the editor had (its Edit starts from this one).
            if let Some(side) = e.game.side_of(by) {
                e.drafts[side.index()] = None;
            }
            Preview::of(e, by).ok_or(SessionError::NotYourButton)
        })
        .await
        .map(|(p, _)| p)
    }

    /// `/place`: `by` sets the fleet written in `fleet`, or a random one, in their match.
    pub async fn place(&self, by: PlayerId, fleet: Option<&str>) -> Result<Preview, SessionError> {
        self.act(Locate::Player(by), SessionError::NoMatch, |e, change| {
            e.in_time(change.now)?;
            let variant = e.game.variant();
            match fleet {
                Some(text) => {
                    let fleet = Fleet::parse(variant, text)
                        .map_err(|err| SessionError::rules(variant, err))?;
                    e.game
                        .set_fleet(by, fleet)
                        .map_err(|err| SessionError::rules(variant, err))?;
                }
                None => {
                    e.game
                        .shuffle_fleet(by)
                        .map_err(|err| SessionError::rules(variant, err))?;
                }
            }
            // A typed or random fleet replaces what the editor had.
            if let Some(side) = e.game.side_of(by) {
                e.drafts[side.index()] = None;
            }
            Preview::of(e, by)
                .ok_or_else(|| SessionError::Internal("no fleet after placing".into()))
        })
        .await
        .map(|(p, _)| p)
    }

    /// The Ready button: `by` makes the fleet with fingerprint `tag` final. When both
    /// fleets are final the battle begins and the first turn's deadline runs.
    pub async fn ready(
        &self,
        id: MatchId,
        by: PlayerId,
        tag: &str,
    ) -> Result<Readied, SessionError> {
        let standard = self.standard();
        self.act(Locate::Id(id), SessionError::Stale, |e, change| {
            e.in_time(change.now)?;
            let preview = match Preview::of(e, by) {
                Some(p) => p,
                None if e.game.side_of(by).is_none() => return Err(SessionError::NotYourButton),
                None => return Err(SessionError::BattleBegun),
            };
            if preview.tag() != tag {
                return Err(SessionError::StaleFleet);
            }
            let confirmed = e
                .game
                .confirm(by)
                .map_err(|err| SessionError::rules(preview.variant, err))?;
            // A final fleet has nothing left to edit.
            if let Some(side) = e.game.side_of(by) {
                e.drafts[side.index()] = None;
            }
            if matches!(confirmed, Confirmed::BattleStarts { .. }) {
                e.deadline = change.now + e.timeouts(standard).turn;
            }
            Ok(Readied {
                preview,
                confirmed,
                players: e.game.players(),
                deadline: e.deadline,
                guild_locale: e.guild_locale.clone(),
                computer_next: computer_to_move(e),
                members: e.members(),
                pace: e.pace,
                turn: e.timeouts(standard).turn,
            })
        })
        .await
        .map(|(r, _)| r)
    }

    /// `/fire`: `by` fires at the cells written in `targets`, in `channel`'s match.
    pub async fn fire(
        &self,
        channel: ChannelKey,
        by: PlayerId,
        targets: &str,
    ) -> Result<Fired, SessionError> {
        let standard = self.standard();
        // The shooter's own match, wherever its key (a challenge waiting for its thread
        // is found by its id), if it is played here.
        let shot = self
            .act(Locate::Player(by), SessionError::NoMatch, |e, change| {
                if e.post_channel() != channel && e.channel != channel {
                    return Err(SessionError::NotInThisMatch);
                }
                e.in_time(change.now)?;
                let variant = e.game.variant();
                let cells = parse_cells(targets, variant)
                    .map_err(|err| SessionError::rules(variant, err))?;
                let outcome = e
                    .game
                    .fire(by, &cells)
                    .map_err(|err| SessionError::rules(variant, err))?;
                e.moves += 1;
                change
                    .moves
                    .push(record::move_of(e.moves, &outcome, change.now));
                e.deadline = change.now + e.timeouts(standard).turn;
                let view = e
                    .game
                    .target_view(by)
                    .ok_or_else(|| SessionError::Internal("no target view after a shot".into()))?;
                Ok(Fired {
                    id: e.id,
                    variant,
                    computer_next: computer_to_move(e),
                    view,
                    deadline: e.deadline,
                    ended: None,
                    guild_locale: e.guild_locale.clone(),
                    members: e.members(),
                    pace: e.pace,
                    outcome,
                })
            })
            .await;
        let (mut fired, ended) = match shot {
            Err(SessionError::NoMatch) => {
                let here = self.read(Locate::Channel(channel), |_| ()).await.is_some();
                return Err(if here {
                    SessionError::NotInThisMatch
                } else {
                    SessionError::NoMatchHere
                });
            }
            other => other?,
        };
        fired.ended = ended;
        // A shot that ends the match hands the turn to nobody.
        if matches!(fired.outcome.next, Next::Over(_)) {
            fired.computer_next = false;
        }
        Ok(fired)
    }

    /// `/forfeit`: `by` gives up their match. `Ok(None)` if someone else ended it first.
    pub async fn forfeit(&self, by: PlayerId) -> Result<Option<Ended>, SessionError> {
        self.act(Locate::Player(by), SessionError::NoMatch, |e, change| {
            e.in_time(change.now)?;
            let variant = e.game.variant();
            e.game
                .forfeit(by)
                .map(|_| ())
                .map_err(|err| SessionError::rules(variant, err))
        })
        .await
        .map(|((), ended)| ended)
    }

    /// `/cancel`: `by` calls off `channel`'s match (`moderator`: may always).
    pub async fn cancel(
        &self,
        channel: ChannelKey,
        by: PlayerId,
        moderator: bool,
    ) -> Result<Option<Ended>, SessionError> {
        let here = self.here(channel, by).await?;
        self.act(here, SessionError::NoMatchHere, |e, _| {
            if e.post_channel() != channel && e.channel != channel {
                return Err(SessionError::NoMatchHere);
            }
            let variant = e.game.variant();
            e.game
                .cancel(by, moderator)
                .map(|_| ())
                .map_err(|err| SessionError::rules(variant, err))
        })
        .await
        .map(|((), ended)| ended)
    }

    /// The sweep: ends every match whose deadline is at or before `now` (a challenge
    /// expires, an unfinished placement loses or is abandoned, a skipped turn loses).
    /// Returns the ends to announce. A match whose deadline moved meanwhile is left alone.
    pub async fn expire(&self, now: SystemTime) -> Vec<Ended> {
        // The store has every live match's deadline as last written, whichever engine
        // runs; each is checked again under the match's lock before it ends.
        let due = match self.store.due(record::millis(now), DUE_AT_ONCE).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for matches out of time");
                return Vec::new();
            }
        };
        let mut ends = Vec::new();
        for id in due.into_iter().map(MatchId) {
            let time_out = |e: &mut Entry, _: &mut super::Change| {
                if e.deadline > now || e.game.is_finished() {
                    return Err(SessionError::Stale);
                }
                let variant = e.game.variant();
                e.game
                    .timeout()
                    .map(|_| ())
                    .map_err(|err| SessionError::rules(variant, err))
            };
            // Every process sweeps a shared store: a match another one is ending (or
            // changing) right now is skipped, and one it has ended is no longer live.
            let result = self
                .engine
                .act(Locate::Id(id), SessionError::Stale, true, time_out)
                .await;
            match result {
                Ok(((), Some(end))) => {
                    tracing::info!(match_id = %end.id, ending = ?end.ending, "match ended by its deadline");
                    ends.push(end);
                }
                Ok(((), None)) | Err(SessionError::Stale | SessionError::Pending) => {}
                Err(err) => {
                    tracing::warn!(match_id = %id, error = %err, "could not end a match on time");
                }
            }
        }
        ends
    }

    /// Ends that were written a while ago and never sent, because the process that wrote
    /// them stopped first (with several processes; one process sends its own at restart).
    /// Each is handed to one process.
    pub async fn unannounced_ends(&self, now: SystemTime) -> Vec<Ended> {
        self.engine.orphaned_ends(now).await
    }

    /// The ends outside servers in `channel` not shown yet (ended by any process): there
    /// the bot can only answer, so each waits for the next interaction of one of its
    /// players there, which may reach any process. Nothing is taken or marked.
    pub async fn waiting_ends_in(
        &self,
        channel: ChannelKey,
    ) -> Result<Vec<Ended>, crate::store::StoreError> {
        let states = self.store.waiting_ends_in(channel.0).await?;
        Ok(Ended::all_of(&states))
    }

    /// Whether `end` still waits to be shown: another process may have shown it since this
    /// one kept it. When the store cannot tell, it is shown (twice rather than never).
    pub async fn still_unannounced(&self, end: &Ended) -> bool {
        match self.store.is_announced(end.id.0).await {
            Ok(announced) => !announced,
            Err(e) => {
                tracing::warn!(match_id = %end.id, error = %e, "could not check whether an end was shown");
                true
            }
        }
    }
}

/// How many due matches one sweep takes at most; the next takes the rest.
const DUE_AT_ONCE: u32 = 500;
