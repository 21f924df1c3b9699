//! A tournament's life before and beside its rounds: creating it, sign-up, start and
//! cancel, what a member or a server has, and the sweep's list of tournaments due.

use std::time::{Duration, SystemTime};

use crate::game::PlayerId as Member;
use crate::store::{
    EntrantChange, Joined, Left, Timestamp, TournamentRow, TournamentSnapshot, TournamentStep,
    TournamentStore,
};

use super::{
    GuildId, MessageId, NewTournament, Progress, SignUpTicket, Standings, TournamentError,
    TournamentId, TournamentInfo, TournamentOf, TournamentState, Tournaments, score,
};
use crate::session::ids::{ChannelKey, MatchId};

impl<'a> Tournaments<'a> {
    /// The tournaments of this store, or [`TournamentError::Unavailable`].
    pub(super) fn tournament_store(self) -> Result<&'a dyn TournamentStore, TournamentError> {
        self.session
            .store
            .tournaments()
            .ok_or(TournamentError::Unavailable)
    }

    /// Creates a tournament, taking entrants from now on.
    pub async fn create_tournament(
        self,
        new: NewTournament,
    ) -> Result<TournamentInfo, TournamentError> {
        let name = new.check()?;
        // The top seed's colour in round 1, drawn once and kept (from the match seeds:
        // fixed by `BROADSIDE_SEED`, so a test's tournament pairs the same each run).
        let top_white = self.session.seeds.next() & 1 == 1;
        let row = new_row(new, name, top_white, Timestamp::of(SystemTime::now()));
        self.tournament_store()?.create_tournament(&row).await?;
        Ok(TournamentInfo::of(&row)?)
    }

    /// One tournament.
    pub async fn tournament(self, id: TournamentId) -> Result<TournamentInfo, TournamentError> {
        let snap = self.snapshot(id).await?;
        Ok(TournamentInfo::of(&snap.row)?)
    }

    pub(super) async fn snapshot(
        self,
        id: TournamentId,
    ) -> Result<TournamentSnapshot, TournamentError> {
        self.tournament_store()?
            .tournament(id)
            .await?
            .ok_or(TournamentError::Unknown)
    }

    /// The tournaments of `channel`, newest first (`open`: only those not over).
    pub async fn tournaments_in(
        self,
        channel: ChannelKey,
        open: bool,
    ) -> Result<Vec<TournamentInfo>, TournamentError> {
        let rows = self
            .tournament_store()?
            .tournaments_in(channel, open)
            .await?;
        Ok(rows
            .iter()
            .filter_map(|r| TournamentInfo::of(r).ok())
            .collect())
    }

    /// The tournament a member means in `channel`: `asked` (which must be this channel's),
    /// or the only one there that is not over (or, with `any`, the newest of any).
    pub async fn which_tournament(
        self,
        channel: ChannelKey,
        asked: Option<TournamentId>,
        any: bool,
    ) -> Result<TournamentInfo, TournamentError> {
        if let Some(id) = asked {
            let info = self.tournament(id).await?;
            if info.channel != channel {
                return Err(TournamentError::Unknown);
            }
            return Ok(info);
        }
        let open = self.tournaments_in(channel, true).await?;
        match open.as_slice() {
            [one] => Ok(one.clone()),
            [] if any => self
                .tournaments_in(channel, false)
                .await?
                .into_iter()
                .next()
                .ok_or(TournamentError::NoneHere),
            [] => Err(TournamentError::NoneHere),
            several => Err(TournamentError::Several(
                several.iter().map(|t| (t.id, t.name.clone())).collect(),
            )),
        }
    }

    /// Remembers the public sign-up message of a tournament.
    pub async fn set_signup_message(
        self,
        id: TournamentId,
        message: MessageId,
    ) -> Result<(), TournamentError> {
        Ok(self
            .tournament_store()?
            .set_signup_message(id, message)
            .await?)
    }

    /// A join or leave in `guild` is under way: hold the ticket from before the member's
    /// click or command is acknowledged until they have been answered. A start in that
    /// server waits for the tickets taken before it (at most [`SIGN_UP_SETTLE`](super::SIGN_UP_SETTLE)), so that
    /// what a member saw acknowledged counts for it.
    pub fn signing_up(self, guild: GuildId) -> SignUpTicket<'a> {
        self.desk.signups.ticket(guild)
    }

    /// `player` joins (as `name`); returns the tournament with the new count.
    pub async fn join_tournament(
        self,
        id: TournamentId,
        player: Member,
        name: &str,
    ) -> Result<TournamentInfo, TournamentError> {
        let store = self.tournament_store()?;
        let info = self.tournament(id).await?;
        let joined = store.join_tournament(entrant(id, player), name).await?;
        match joined {
            Joined::Done(n) => Ok(TournamentInfo {
                entrants: n,
                ..info
            }),
            Joined::Twice => Err(TournamentError::AlreadyJoined),
            Joined::Full(n) => Err(TournamentError::Full(n)),
            // Closed meanwhile, perhaps: said as it is now (started, or called off).
            Joined::Closed => match self.tournament(id).await {
                Ok(now) if now.state.is_over() => Err(TournamentError::Over),
                Ok(_) => Err(TournamentError::Started),
                Err(e) => Err(e),
            },
        }
    }

    /// `player` leaves: before the start they are no longer an entrant; after it they
    /// are withdrawn from the next round still to be paired when the leave is written (a
    /// match being played goes on; a pairing worked out meanwhile is worked out again
    /// without them). Returns the tournament and, after the start, the round they are out
    /// from.
    pub async fn leave_tournament(
        self,
        id: TournamentId,
        player: Member,
    ) -> Result<(TournamentInfo, Option<u32>), TournamentError> {
        let store = self.tournament_store()?;
        let info = self.tournament(id).await?;
        let left = store.leave_tournament(entrant(id, player)).await?;
        match left {
            Left::Removed(n) => Ok((
                TournamentInfo {
                    entrants: n,
                    ..info
                },
                None,
            )),
            Left::Withdrawn(from) => Ok((info, Some(from))),
            Left::NotIn => Err(TournamentError::NotJoined),
            Left::Closed => Err(TournamentError::Over),
        }
    }

    /// Calls a tournament off (its creator, or a moderator). Matches being played go on
    /// as normal matches; no further round is paired.
    pub async fn cancel_tournament(
        self,
        id: TournamentId,
        by: Member,
        moderator: bool,
    ) -> Result<TournamentInfo, TournamentError> {
        let snap = self.snapshot(id).await?;
        let info = TournamentInfo::of(&snap.row)?;
        if info.state.is_over() {
            return Err(TournamentError::Over);
        }
        if info.creator != by && !moderator {
            return Err(TournamentError::NotCreator);
        }
        let step = TournamentStep {
            expected: snap.row.version,
            state: TournamentState::Cancelled.key().to_owned(),
            round: snap.row.round,
            note: Some("cancelled".into()),
            at: Timestamp::of(SystemTime::now()),
            ..TournamentStep::default()
        };
        if !self
            .tournament_store()?
            .advance_tournament(id, &step)
            .await?
        {
            // Changed meanwhile (a round paired): try once more on what is there now.
            return Box::pin(self.cancel_tournament(id, by, moderator)).await;
        }
        self.tournament(id).await
    }

    /// `/tournament start` by `by`: only the creator, only before the start time it was
    /// given (or a paused tournament, again). Pairs round 1 (or the round it paused at).
    pub async fn start_tournament(
        self,
        id: TournamentId,
        by: Member,
    ) -> Result<Progress, TournamentError> {
        let info = self.tournament(id).await?;
        if info.creator != by {
            return Err(TournamentError::NotCreator);
        }
        match info.state {
            TournamentState::SignUp => {
                if info.starts.is_some_and(|s| s <= SystemTime::now()) {
                    return Err(TournamentError::StartPassed);
                }
            }
            TournamentState::Paused => {}
            TournamentState::Running => return Err(TournamentError::Started),
            TournamentState::Finished | TournamentState::Cancelled => {
                return Err(TournamentError::Over);
            }
        }
        self.advance_tournament(id, true).await
    }

    /// The standings of a tournament (also while it runs, after the rounds closed).
    pub async fn tournament_standings(
        self,
        id: TournamentId,
    ) -> Result<Standings, TournamentError> {
        let snap = self.snapshot(id).await?;
        let info = TournamentInfo::of(&snap.row)?;
        let lines = score::standings(&snap)?;
        let closed = snap
            .pairings
            .iter()
            .filter(|p| p.result.is_some())
            .map(|p| p.round)
            .max()
            .unwrap_or(0);
        Ok(Standings {
            info,
            lines,
            closed,
        })
    }

    /// The tournament and round of match `id`, if it is a tournament's.
    pub async fn tournament_of(self, id: MatchId) -> Option<TournamentOf> {
        let store = self.session.store.tournaments()?;
        match store.tournament_of_match(id).await {
            Ok(found) => found.map(|t| TournamentOf {
                id: t.id,
                name: t.name,
                round: t.round,
            }),
            Err(e) => {
                tracing::warn!(match_id = %id, error = %e, "could not look up a match's tournament");
                None
            }
        }
    }

    /// Tournaments `player` played that are over, and how many of them they won (none
    /// where the store keeps no tournaments).
    pub async fn tournament_record(self, player: Member) -> Result<(u32, u32), TournamentError> {
        match self.session.store.tournaments() {
            Some(t) => {
                let record = t.tournament_record(player).await?;
                Ok((record.played, record.won))
            }
            None => Ok((0, 0)),
        }
    }

    /// After a restart: running tournaments get their round deadlines moved by the time
    /// the bot was down (since `last_seen`, its last heartbeat before it stopped).
    pub async fn give_tournaments_time_back(self, last_seen: SystemTime) {
        let Some(store) = self.session.store.tournaments() else {
            return;
        };
        // Changed less than this before the last heartbeat: still counts as not changed
        // since (a second process starting after a short gap gives nothing twice).
        let slack = Duration::from_secs(10);
        let now = Timestamp::of(SystemTime::now());
        match store
            .give_tournaments_time_back(Timestamp::of(last_seen).after(slack), now)
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::info!(tournaments = n, "round deadlines given back the downtime"),
            Err(e) => tracing::warn!(error = %e, "could not give tournaments their time back"),
        }
    }
}

/// `player` joining or leaving tournament `id` now.
fn entrant(id: TournamentId, player: Member) -> EntrantChange {
    EntrantChange {
        tournament: id,
        player,
        at: Timestamp::of(SystemTime::now()),
    }
}

/// The row of tournament `new`, named `name` (as [`NewTournament::check`] keeps it),
/// created at `now`: taking entrants, with a new id and none yet.
pub(super) fn new_row(
    new: NewTournament,
    name: String,
    top_white: bool,
    now: Timestamp,
) -> TournamentRow {
    TournamentRow {
        id: TournamentId::random(),
        guild: new.guild,
        channel: new.channel,
        creator: new.creator,
        name,
        variant: new.variant.key().to_owned(),
        pace: new.pace.key().to_owned(),
        rounds: new.rounds,
        max_players: new.max_players,
        starts: new.starts.map(Timestamp::of),
        state: TournamentState::SignUp.key().to_owned(),
        round: 0,
        round_deadline: None,
        top_white,
        locale: new.locale,
        signup_message: None,
        note: None,
        check: None,
        legacy_round: None,
        winner: None,
        version: 1,
        created: now,
        updated: now,
        entrants: 0,
    }
}
