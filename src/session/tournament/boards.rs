//! A pairing's match: opened once, as a normal match of the tournament's rules and pace,
//! straight into placement.

use std::time::SystemTime;

use crate::game::{Match, MatchOptions, PlayerId as Member};
use crate::store::{PairingRow, Timestamp, TournamentSnapshot};

use super::{
    OpenMatchError, OpenedMatch, ToOpen, TournamentError, TournamentInfo, TournamentOf, Tournaments,
};
use crate::session::entry::{Entry, Home, NewEntry};
use crate::session::error::SessionError;
use crate::session::ids::{ChannelKey, MatchId};
use crate::session::preview::Accepted;
use crate::session::preview::Preview;
use crate::session::record::{self};

impl Tournaments<'_> {
    /// Opens the match of a pairing this process claimed ([`Progress::to_open`](super::Progress::to_open)): a
    /// normal match of the tournament's rules and pace, straight into placement, waiting
    /// for its thread under the tournament's channel. A match stored already (an earlier
    /// try) is not opened again. Refused with [`OpenMatchError::Busy`] while a player plays
    /// another match (the claim is given back; the sweep tries again).
    pub async fn open_tournament_match(self, m: &ToOpen) -> Result<OpenedMatch, OpenMatchError> {
        let snap = self.snapshot(m.tournament).await?;
        let info = TournamentInfo::of(&snap.row).map_err(TournamentError::from)?;
        let p = snap
            .pairings
            .iter()
            .find(|p| p.round == m.round && p.board == m.board)
            .ok_or(OpenMatchError::Gone)?;
        if p.result.is_some() && !p.opened {
            // Scored without a match meanwhile (an entrant's data was deleted): nothing
            // to open.
            return Err(OpenMatchError::Gone);
        }
        let opened = self.open_match(&info, &snap, p, m.match_id).await;
        if opened.is_err()
            && let Some(store) = self.session.store.tournaments()
            && let Err(e) = store.release_pairing(m.key(), false).await
        {
            tracing::warn!(match_id = %m.match_id, error = %e, "could not give a pairing's claim back");
        }
        opened
    }

    /// Keeps this process's claim on opening `m` fresh (while its greeting is posted, so
    /// that no other process takes the pairing meanwhile); `false` when it is gone.
    pub async fn renew_claim(self, m: &ToOpen) -> bool {
        let Ok(store) = self.tournament_store() else {
            return false;
        };
        match store
            .renew_pairing_claim(m.key(), Timestamp::of(SystemTime::now()))
            .await
        {
            Ok(renewed) => renewed,
            Err(e) => {
                tracing::warn!(match_id = %m.match_id, error = %e, "could not renew a pairing's claim");
                true
            }
        }
    }

    /// Records that the match of a pairing has its home (its thread, or the channel).
    pub async fn tournament_match_opened(self, m: &ToOpen) {
        if let Some(store) = self.session.store.tournaments()
            && let Err(e) = store.release_pairing(m.key(), true).await
        {
            tracing::warn!(match_id = %m.match_id, error = %e, "could not record an opened pairing");
        }
    }

    /// Opens (or finds) the match of pairing `p`.
    async fn open_match(
        self,
        info: &TournamentInfo,
        snap: &TournamentSnapshot,
        p: &PairingRow,
        id: MatchId,
    ) -> Result<OpenedMatch, OpenMatchError> {
        let black = p.black.ok_or(OpenMatchError::Gone)?;
        let white = p.white;
        let name = |m: Member| {
            snap.entrants
                .iter()
                .find(|e| e.player == m)
                .map_or_else(|| m.0.to_string(), |e| e.name.clone())
        };
        let names = [name(white), name(black)];
        if let Some(stored) = self.session.store.finished().get(id).await? {
            let entry = record::entry_of(&stored.state).map_err(OpenMatchError::Format)?;
            return Ok(OpenedMatch {
                id,
                accepted: accepted_of(&entry, info.channel),
                again: true,
                home: entry.post_channel(),
            });
        }
        let variant = info.variant;
        let refused = |e| SessionError::rules(variant, e);
        let seed = self.session.seeds.next();
        let mut game = Match::challenge(white, black, variant, MatchOptions::default(), seed)
            .map_err(refused)?;
        game.accept(black)
            .map_err(|e| SessionError::rules(variant, e))?;
        game.set_first(white);
        for player in [white, black] {
            game.shuffle_fleet(player)
                .map_err(|e| SessionError::rules(variant, e))?;
        }
        let now = SystemTime::now();
        let limits = self.session.paces.of(info.pace);
        let rated = match self.session.settings().of(info.guild).await {
            Ok(s) => s.rated,
            Err(_) => true,
        };
        let mut entry = Entry::open(NewEntry {
            id,
            channel: ChannelKey(id.0),
            guild: Some(info.guild),
            created: now,
            game,
            names,
            deadline: now + limits.placement,
            guild_locale: info.locale.clone(),
            player_locales: [None, None],
            computer: None,
            series: None,
            last_fleets: [None, None],
            pace: info.pace,
            limits: Some(limits),
            rated,
            home: Home::Pending {
                parent: info.channel,
            },
        });
        // Its end says which round it was, and steps the tournament, without a read.
        entry.tournament = Some(TournamentOf {
            id: info.id,
            name: info.name.clone(),
            round: p.round,
        });
        let record = record::of(&entry, now, Vec::new()).map_err(OpenMatchError::Format)?;
        let accepted = accepted_of(&entry, info.channel);
        let home = entry.post_channel();
        let _held = self.session.members.hold(&entry.members()).await?;
        self.session.engine.open(entry, &record, &[]).await?;
        Ok(OpenedMatch {
            id,
            accepted,
            again: false,
            home,
        })
    }
}

/// Placement of `entry` as an Accept would have begun it.
fn accepted_of(entry: &Entry, parent: ChannelKey) -> Accepted {
    let players = entry.game.players();
    let previews = players
        .iter()
        .enumerate()
        .filter_map(|(i, &p)| {
            Preview::of(entry, p).map(|preview| (p, preview, entry.player_locales[i].clone()))
        })
        .collect();
    Accepted {
        players,
        variant: entry.game.variant(),
        deadline: entry.deadline,
        previews,
        guild_locale: entry.guild_locale.clone(),
        names: entry.names.clone(),
        wants_thread: matches!(entry.home, Home::Pending { .. }).then_some(parent),
    }
}
