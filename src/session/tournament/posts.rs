//! The sweep's side of tournaments: which are due (by their due time, taken with a lease,
//! a timed start only by the process of its server's shard), and the announcements of
//! their steps, posted from the store's outbox so that a stop loses none.

use std::time::{Duration, SystemTime};

use crate::game::PlayerId as Member;
use crate::store::{Claim, PostsToTake, Timestamp};

use super::{
    Pairing, Standings, TournamentError, TournamentId, TournamentInfo, Tournaments, score,
};

/// How long a step taken by the sweep is this process's: another process takes it after
/// that (this one stopped), as the pairing's own limit and the sign-up's wait fit in it.
pub const STEP_LEASE: Duration = Duration::from_secs(120);
/// How long an announcement taken to post is this process's: after that (it stopped
/// before posting it), the sweep of any process posts it.
pub const POST_LEASE: Duration = Duration::from_secs(120);

/// One announcement of a tournament, as the bot words it.
#[derive(Clone, Debug)]
pub enum Announcement {
    /// Fewer than four entrants at the start: called off (the sign-up message closes).
    CalledOff,
    /// A round was paired (round 1: the sign-up message closes).
    Paired {
        /// The round.
        round: u32,
        /// Its pairings, board 1 first, the bye last.
        pairings: Vec<Pairing>,
    },
    /// The standings after a round (the final ones after the last).
    Standings(Box<Standings>),
    /// The winner.
    Winner(Member),
    /// The pairing failed: paused.
    Paused,
}

/// A tournament's announcements to post now, in order.
#[derive(Clone, Debug)]
pub struct Announcements {
    /// The tournament as it is now.
    pub info: TournamentInfo,
    /// Each with its number, to mark it posted ([`Tournaments::announced`]).
    pub posts: Vec<(u64, Announcement)>,
}

impl Tournaments<'_> {
    /// The tournaments due now, earliest first, each taken for this process (its due time
    /// moved on by [`STEP_LEASE`]; its step sets the next): one read of the due index,
    /// whatever the number of tournaments idle. A timed start is taken only by the
    /// process that runs its server's shard, which holds the sign-up clicks' tickets.
    pub async fn tournaments_due(self, now: SystemTime) -> Vec<TournamentId> {
        let Ok(store) = self.tournament_store() else {
            return Vec::new();
        };
        let due = match store.tournaments_due(Timestamp::of(now)).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for tournaments due");
                return Vec::new();
            }
        };
        let lease = Timestamp::of(now).after(STEP_LEASE);
        let mut taken = Vec::new();
        for t in due {
            if t.signup && !self.desk.holds(t.guild) {
                continue;
            }
            match store.take_due_tournament(t, lease).await {
                Ok(true) => taken.push(t.id),
                Ok(false) => {}
                Err(e) => {
                    tracing::warn!(tournament = %t.id, error = %e, "could not take a tournament due");
                }
            }
        }
        taken
    }

    /// The tournaments with announcements that a stopped process took and never posted.
    pub async fn stale_announcements(self, now: SystemTime) -> Vec<TournamentId> {
        let Ok(store) = self.tournament_store() else {
            return Vec::new();
        };
        store
            .tournaments_with_stale_posts(Timestamp::of(now).before(POST_LEASE))
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "could not look for tournament posts left");
                Vec::new()
            })
    }

    /// Tournament `id`'s announcements to post: those of this caller's steps (`posted`,
    /// [`super::Progress::posted`]), or with none those a stopped process left before
    /// `now` less [`POST_LEASE`] (taken for this one now). Mark each one
    /// [`Self::announced`] once posted.
    pub async fn announcements(
        self,
        id: TournamentId,
        posted: &[SystemTime],
        now: SystemTime,
    ) -> Result<Announcements, TournamentError> {
        let store = self.tournament_store()?;
        let mut rows = Vec::new();
        if posted.is_empty() {
            let now = Timestamp::of(now);
            let claim = Claim {
                at: now,
                stale: now.before(POST_LEASE),
            };
            rows = store
                .take_tournament_posts(id, PostsToTake::Left(claim))
                .await?;
        } else {
            for &at in posted {
                let step = PostsToTake::OfStep(Timestamp::of(at));
                rows.extend(store.take_tournament_posts(id, step).await?);
            }
        }
        let snap = self.snapshot(id).await?;
        let info = TournamentInfo::of(&snap.row)?;
        let mut posts = Vec::with_capacity(rows.len());
        for row in rows {
            let post = match row.kind.as_str() {
                "called-off" => Announcement::CalledOff,
                "paused" => Announcement::Paused,
                "paired" => Announcement::Paired {
                    round: row.round,
                    pairings: snap
                        .pairings
                        .iter()
                        .filter(|p| p.round == row.round)
                        .map(|p| Pairing {
                            board: p.board,
                            white: p.white,
                            black: p.black,
                            match_id: p.match_id,
                        })
                        .collect(),
                },
                "standings" => {
                    let lines = score::standings(&snap)?;
                    Announcement::Standings(Box::new(Standings {
                        info: info.clone(),
                        lines,
                        closed: row.round,
                    }))
                }
                "winner" => {
                    let Some(w) = snap.row.winner else {
                        self.announced(id, row.seq).await;
                        continue;
                    };
                    Announcement::Winner(w)
                }
                other => {
                    // Written by a newer build: left for it.
                    tracing::warn!(tournament = %id, kind = other, "an announcement of an unknown kind");
                    continue;
                }
            };
            posts.push((row.seq, post));
        }
        Ok(Announcements { info, posts })
    }

    /// Announcement `seq` of tournament `id` was posted (or never can be).
    pub async fn announced(self, id: TournamentId, seq: u64) {
        if let Ok(store) = self.tournament_store()
            && let Err(e) = store.tournament_post_done(id, seq).await
        {
            tracing::warn!(tournament = %id, error = %e, "could not mark a tournament post done");
        }
    }
}

impl Tournaments<'_> {
    /// The tournaments a match's end wakes, for the one task that steps them (`None` once
    /// taken).
    #[must_use]
    pub fn take_wakes(self) -> Option<tokio::sync::mpsc::UnboundedReceiver<TournamentId>> {
        self.desk.take_wakes()
    }

    /// This process runs only `shards` of the gateway (see [`super::Shards`]).
    pub fn run_shards(self, shards: super::Shards) {
        self.desk.set_shards(shards);
    }
}
