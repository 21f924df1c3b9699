//! A tournament's step: start it, close a round, pair the next, finish, end the
//! stragglers at the round deadline, and hand the pairings out to be opened.

use std::time::{Duration, SystemTime};

use crate::game::PlayerId as Member;
use crate::store::{
    BoardKey, Claim, NewPairing, NewPost, PairingRow, Timestamp, TournamentSnapshot, TournamentStep,
};
use crate::tournament::PlayerId;

use super::{
    CHECK_EVERY, Event, MIN_PLAYERS, PAIRING_LIMIT, PairResult, Pairing, Progress, SIGN_UP_SETTLE,
    STALE_CLAIM, STEP_TRIES, ToOpen, TournamentError, TournamentId, TournamentInfo,
    TournamentState, Tournaments, round_length, score,
};
use crate::session::ends::Ended;
use crate::session::entry::Entry;
use crate::session::error::SessionError;
use crate::session::ids::{Locate, MatchId};

impl Tournaments<'_> {
    /// One step of tournament `id` (see the module's doc): starts it when due (`start`:
    /// now, asked by its creator), closes a round whose matches have all ended and pairs
    /// the next (or finishes), ends the stragglers of a round past its deadline, and
    /// hands out the current round's matches still to open; then sets when the sweep
    /// looks at it next. One step of a tournament runs at a time in this process: a step
    /// asked for meanwhile makes the running one go once more (and reports nothing
    /// itself, [`Progress::default`]); the store's version keeps processes apart.
    pub async fn advance_tournament(
        self,
        id: TournamentId,
        start: bool,
    ) -> Result<Progress, TournamentError> {
        let Some(turn) = self.desk.turn(id, start) else {
            return Ok(Progress::default());
        };
        let mut progress = Progress::default();
        let mut start = start;
        loop {
            let since = SystemTime::now();
            let (more, snap) = self.step_through(id, start).await?;
            progress.absorb(more);
            if let Some(snap) = snap {
                self.set_next_due(&snap, since).await;
            }
            match turn.again() {
                Some(again) => start = again,
                None => return Ok(progress),
            }
        }
    }

    /// Sets when the sweep looks at the tournament next, from `snap` as the step left it:
    /// sign-up at its start time; a running round at its deadline, or in
    /// [`CHECK_EVERY`] while a match of it is still to open (or the round was paired
    /// before its matches knew their tournament); never once it is over or paused.
    async fn set_next_due(self, snap: &TournamentSnapshot, since: SystemTime) {
        let Ok(store) = self.tournament_store() else {
            return;
        };
        let now = Timestamp::of(SystemTime::now());
        let soon = now.after(CHECK_EVERY);
        let row = &snap.row;
        let due = match TournamentState::from_key(&row.state) {
            Some(TournamentState::SignUp) => row.starts,
            Some(TournamentState::Running) => {
                let unopened = snap.pairings.iter().any(|p| {
                    p.round == row.round && p.black.is_some() && !p.opened && p.result.is_none()
                });
                let legacy = row.legacy_round == Some(row.round);
                let deadline = row.round_deadline.unwrap_or(soon);
                Some(if unopened || legacy || deadline <= now {
                    deadline.min(soon).max(now.after(Duration::from_secs(1)))
                } else {
                    deadline
                })
            }
            _ => None,
        };
        if let Err(e) = store
            .set_tournament_due(row.id, due, Timestamp::of(since)..=now)
            .await
        {
            tracing::warn!(tournament = %row.id, error = %e, "could not set when a tournament is due");
        }
    }

    /// A match of tournament `id` ended: it is due now (in the store, so that a stop
    /// before its step leaves it to the sweep), and the bot is woken to step it.
    pub async fn match_ended(self, id: TournamentId) {
        if let Ok(store) = self.tournament_store()
            && let Err(e) = store
                .tournament_due_now(id, Timestamp::of(SystemTime::now()))
                .await
        {
            tracing::warn!(tournament = %id, error = %e, "could not mark a tournament due");
        }
        self.desk.wake(id);
    }

    /// The steps of one turn (see [`Self::advance_tournament`]), and the tournament as
    /// last read.
    async fn step_through(
        self,
        id: TournamentId,
        start: bool,
    ) -> Result<(Progress, Option<TournamentSnapshot>), TournamentError> {
        let mut progress = Progress::default();
        let mut settled = false;
        let mut last = None;
        // A step may lead straight to another (stragglers ended → the round closes), and a
        // step overtaken by a change of the entrants is worked out again.
        for _ in 0..STEP_TRIES {
            let snap = self.snapshot(id).await?;
            let now = SystemTime::now();
            let info = TournamentInfo::of(&snap.row)?;
            progress.info = Some(info.clone());
            let step = match info.state {
                TournamentState::SignUp | TournamentState::Paused => {
                    let due = start || info.starts.is_some_and(|s| s <= now);
                    if !due || (info.state == TournamentState::Paused && !start) {
                        return Ok((progress, Some(snap)));
                    }
                    if info.state == TournamentState::SignUp && !settled {
                        // Joins and leaves this process acknowledged before now count for
                        // the start: it waits for them (bounded), then reads the entrants.
                        settled = true;
                        self.desk.signups.settle(info.guild, SIGN_UP_SETTLE).await;
                        continue;
                    }
                    self.first_or_next_round(&snap, &info, now, &mut progress)
                        .await?
                }
                TournamentState::Running => {
                    let round: Vec<&PairingRow> = snap
                        .pairings
                        .iter()
                        .filter(|p| p.round == info.round)
                        .collect();
                    let all_done = round.iter().all(|p| score::decided(p).is_some());
                    let late = info.round_deadline.is_some_and(|d| d <= now);
                    let playing = round
                        .iter()
                        .any(|p| p.game.as_ref().is_some_and(|g| g.live));
                    if all_done || (late && !playing) {
                        self.first_or_next_round(&snap, &info, now, &mut progress)
                            .await?
                    } else if late {
                        let ended = self.end_stragglers(&snap, &info).await?;
                        if ended.is_empty() {
                            return Ok((progress, Some(snap)));
                        }
                        progress.ended.extend(ended);
                        last = Some(snap);
                        continue;
                    } else {
                        self.hand_out(&snap, &info, now, &mut progress).await?;
                        return Ok((progress, Some(snap)));
                    }
                }
                TournamentState::Finished | TournamentState::Cancelled => {
                    return Ok((progress, Some(snap)));
                }
            };
            let Some(step) = step else {
                return Ok((progress, Some(snap)));
            };
            let written = self
                .tournament_store()?
                .advance_tournament(id, &step)
                .await?;
            if !written {
                // Another change came first: a join, a leave or a forget (the step is
                // worked out again from the entrants as they are now), or another step
                // (another process), which announces what it did.
                progress.events.clear();
                progress.closed = None;
                continue;
            }
            progress.posted.push(step.at.to_system_time());
            let snap = self.snapshot(id).await?;
            let info = TournamentInfo::of(&snap.row)?;
            progress.info = Some(info.clone());
            if info.state == TournamentState::Running {
                self.hand_out(&snap, &info, SystemTime::now(), &mut progress)
                    .await?;
            }
            return Ok((progress, Some(snap)));
        }
        Ok((progress, last))
    }

    /// The step that closes the current round (if any) and pairs the next, or finishes;
    /// at the start, the one that pairs round 1 (or calls it off).
    #[expect(clippy::too_many_lines, reason = "one step, in the order it is taken")]
    async fn first_or_next_round(
        self,
        snap: &TournamentSnapshot,
        info: &TournamentInfo,
        now: SystemTime,
        progress: &mut Progress,
    ) -> Result<Option<TournamentStep>, TournamentError> {
        let mut step = TournamentStep {
            expected: snap.row.version,
            state: TournamentState::Running.key().to_owned(),
            round: info.round,
            round_deadline: snap.row.round_deadline,
            at: Timestamp::of(now),
            check: Some(Timestamp::of(now).after(CHECK_EVERY)),
            ..TournamentStep::default()
        };
        let mut snap = snap.clone();
        let starting = info.round == 0;
        if starting {
            if info.entrants < MIN_PLAYERS {
                TournamentState::Cancelled.key().clone_into(&mut step.state);
                step.note = Some("too-few".into());
                step.check = None;
                step.posts.push(post("called-off", 0));
                progress.events.push(Event::CalledOff);
                return Ok(Some(step));
            }
            // The initial order: by rating in the rule set, then by name.
            for e in &mut snap.entrants {
                let rating = match self
                    .session
                    .store
                    .finished()
                    .rating(e.player, info.variant.key())
                    .await?
                {
                    Some(r) => r.rating.shown(),
                    None => crate::rating::Rating::default().shown(),
                };
                e.rating = u32::try_from(rating.max(0)).unwrap_or(0);
                step.ratings.push(crate::store::StartRating {
                    player: e.player,
                    rating: e.rating,
                });
            }
        } else if snap.row.state == TournamentState::Running.key() {
            // Close the current round: results and no-shows.
            let round = info.round;
            for p in snap.pairings.iter_mut().filter(|p| p.round == round) {
                let decided = match score::decided(p) {
                    Some(d) => d,
                    // Never opened by the deadline: whoever was busy in another match
                    // did not show.
                    None if p.game.is_none() => self.unopened(p).await,
                    None => return Ok(None),
                };
                let (result, no_shows) = decided;
                if p.result.is_none() {
                    step.results.push(crate::store::BoardResult {
                        round,
                        board: p.board,
                        result: result.key().to_owned(),
                    });
                    p.result = Some(result.key().to_owned());
                }
                for player in no_shows {
                    step.withdrawals.push(crate::store::Withdrawal {
                        player,
                        from: round + 1,
                        reason: "no-show".to_owned(),
                    });
                    if let Some(e) = snap.entrants.iter_mut().find(|e| e.player == player) {
                        e.withdrawn = Some(round + 1);
                    }
                }
            }
            progress.closed = Some(round);
            step.posts.push(post("standings", round));
        }
        let next = if snap.row.state == TournamentState::Paused.key() {
            // Paused at pairing this round: pair it again.
            info.round.max(1)
        } else {
            info.round + 1
        };
        let active: Vec<PlayerId> = snap
            .entrants
            .iter()
            .filter(|e| e.withdrawn.is_none_or(|w| w > next))
            .map(|e| PlayerId(e.player.0))
            .collect();
        if next > info.rounds || active.len() < 2 {
            let lines = score::standings(&snap)?;
            TournamentState::Finished.key().clone_into(&mut step.state);
            step.round_deadline = None;
            step.check = None;
            // The winner is written with the last step, so `/stats` counts it once it is
            // finished.
            step.winner = lines.first().map(|l| l.player);
            if step.posts.is_empty() {
                step.posts.push(post("standings", info.round));
            }
            if step.winner.is_some() {
                step.posts.push(post("winner", info.round));
            }
            progress.events.push(Event::Finished {
                winner: step.winner,
            });
            return Ok(Some(step));
        }
        let core = score::core(&snap)?;
        let paired = tokio::time::timeout(
            PAIRING_LIMIT,
            tokio::task::spawn_blocking(move || score::pair(&core, &active)),
        )
        .await;
        let round = match paired {
            Ok(Ok(Ok(round))) => round,
            failed => {
                let why = match failed {
                    Err(_) => "ran out of time".to_owned(),
                    Ok(Err(e)) => format!("stopped: {e}"),
                    Ok(Ok(Err(e))) => e.to_string(),
                    Ok(Ok(Ok(_))) => String::new(),
                };
                tracing::error!(tournament = %info.id, round = next, why, "a pairing failed; the tournament is paused");
                TournamentState::Paused.key().clone_into(&mut step.state);
                step.round = next;
                step.note = Some("pairing".into());
                step.check = None;
                step.posts.push(post("paused", next));
                progress.events.push(Event::Paused);
                return Ok(Some(step));
            }
        };
        let limits = self.session.paces.of(info.pace);
        step.round = next;
        step.round_deadline = Some(Timestamp::of(now).after(round_length(info.variant, limits)));
        let mut pairings = Vec::new();
        for (i, &(white, black)) in round.pairs.iter().enumerate() {
            let board = i as u32 + 1;
            let match_id = MatchId::random();
            step.pairings.push(NewPairing {
                round: next,
                board,
                white: Member(white.0),
                black: Some(Member(black.0)),
                match_id: Some(match_id),
            });
            pairings.push(Pairing {
                board,
                white: Member(white.0),
                black: Some(Member(black.0)),
                match_id: Some(match_id),
            });
        }
        if let Some(bye) = round.bye {
            let board = round.pairs.len() as u32 + 1;
            step.pairings.push(NewPairing {
                round: next,
                board,
                white: Member(bye.0),
                black: None,
                match_id: None,
            });
            pairings.push(Pairing {
                board,
                white: Member(bye.0),
                black: None,
                match_id: None,
            });
        }
        step.posts.push(post("paired", next));
        progress.events.push(Event::Paired {
            round: next,
            pairings,
        });
        Ok(Some(step))
    }

    /// Claims the current round's pairings whose matches are not opened yet (and not
    /// being opened by another process) and hands them to the caller; when any is left
    /// unopened (a player busy elsewhere), the sweep looks again soon.
    async fn hand_out(
        self,
        snap: &TournamentSnapshot,
        info: &TournamentInfo,
        now: SystemTime,
        progress: &mut Progress,
    ) -> Result<(), TournamentError> {
        let store = self.tournament_store()?;
        let name_of = |p: Member| {
            snap.entrants
                .iter()
                .find(|e| e.player == p)
                .map_or_else(|| p.0.to_string(), |e| e.name.clone())
        };
        let now = Timestamp::of(now);
        let claim = Claim {
            at: now,
            stale: now.before(STALE_CLAIM),
        };
        for p in snap
            .pairings
            .iter()
            .filter(|p| p.round == info.round && !p.opened && p.result.is_none())
        {
            let (Some(black), Some(match_id)) = (p.black, p.match_id) else {
                continue;
            };
            let board = BoardKey {
                tournament: info.id,
                round: p.round,
                board: p.board,
            };
            if !store.claim_pairing(board, claim).await? {
                continue;
            }
            progress.to_open.push(ToOpen {
                tournament: info.id,
                name: info.name.clone(),
                round: p.round,
                board: p.board,
                match_id,
                white: (p.white, name_of(p.white)),
                black: (black, name_of(black)),
            });
        }
        Ok(())
    }

    /// The result of a pairing whose match could not open before the round's deadline:
    /// a player bound to another match all along did not show (the other wins by
    /// forfeit); when neither or both were, neither scores and both are out.
    async fn unopened(self, p: &PairingRow) -> (PairResult, Vec<Member>) {
        let Some(black) = p.black else {
            return (PairResult::Bye, Vec::new());
        };
        let busy =
            |m: Member| async move { self.session.read(Locate::Player(m), |_| ()).await.is_some() };
        match (busy(p.white).await, busy(black).await) {
            (true, false) => (PairResult::BlackForfeit, vec![p.white]),
            (false, true) => (PairResult::WhiteForfeit, vec![black]),
            _ => (PairResult::Neither, vec![p.white, black]),
        }
    }

    /// Ends the current round's matches still being played, as timeouts (the round's
    /// deadline passed). Returns the ends to announce.
    async fn end_stragglers(
        self,
        snap: &TournamentSnapshot,
        info: &TournamentInfo,
    ) -> Result<Vec<Ended>, TournamentError> {
        let mut ends = Vec::new();
        for p in snap.pairings.iter().filter(|p| p.round == info.round) {
            let (Some(_), Some(id)) = (p.black, p.match_id) else {
                continue;
            };
            if !p.game.as_ref().is_some_and(|g| g.live) {
                continue;
            }
            let time_out = |e: &mut Entry, _: &mut crate::session::engine::Change| {
                crate::session::ends::time_out(e, None)
            };
            match self
                .session
                .engine
                .act(Locate::Id(id), SessionError::Stale, false, time_out)
                .await
            {
                Ok(((), Some(end))) => ends.push(end),
                Ok(((), None)) | Err(SessionError::Stale) => {}
                Err(e) => {
                    tracing::warn!(match_id = %id, error = %e, "could not end a match at its round's deadline");
                }
            }
        }
        Ok(ends)
    }
}

/// An announcement of a step.
fn post(kind: &str, round: u32) -> NewPost {
    NewPost {
        kind: kind.to_owned(),
        round,
    }
}
