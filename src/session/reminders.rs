//! The reminders of daily matches: the sweep that takes each one due ([`Session::reminders`]),
//! the mark once its DM went out ([`Daily::mark_reminded`](crate::session::services::Daily::mark_reminded)), the message they link to
//! ([`Session::mark_shown`]) and the members who turned them off.

use crate::game::{PlayerId, Variant};
use crate::store::StoreError;

use super::engine::Change;
use super::engine::Step;
use super::entry::{Entry, Reminder};
use super::error::SessionError;
use super::ids::{ChannelKey, GuildId, Locate, MatchId, MessageId};
use super::services::Daily;
use crate::store::{ReminderKey, ReminderKind, Timestamp};

/// A reminder to send: the player to move of a daily match has half of their turn left,
/// or an hour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reminding {
    /// The match.
    pub id: MatchId,
    /// Who is to move.
    pub player: PlayerId,
    /// Against whom.
    pub opponent: PlayerId,
    /// The rule set.
    pub variant: Variant,
    /// Which reminder.
    pub which: Reminder,
    /// When the turn ends.
    pub deadline: std::time::SystemTime,
    /// Where the match is played.
    pub channel: ChannelKey,
    /// Its server.
    pub guild: Option<GuildId>,
    /// The player's locale as last seen.
    pub locale: Option<String>,
    /// The last message shown about the match, if one was noted.
    pub message: Option<MessageId>,
    /// The turn it is for: the moves played when that turn began.
    pub moves: u32,
}

impl Daily<'_> {
    /// Whether `player` gets the reminders of their daily matches.
    pub async fn reminders_on(self, player: PlayerId) -> Result<bool, StoreError> {
        Ok(!self.session.store.settings().reminders_off(player).await?)
    }

    /// Turns `player`'s reminders on or off.
    pub async fn set_reminders(self, player: PlayerId, on: bool) -> Result<(), StoreError> {
        self.session
            .store
            .settings()
            .set_reminders(player, on, Timestamp::of(std::time::SystemTime::now()))
            .await
    }

    /// The reminders due at `now`, each taken from the outbox for this process: the player
    /// to move of a daily match is told when half of their turn is left, and again an hour
    /// before its end. A reminder is marked as sent in its match only by
    /// [`Daily::mark_reminded`](crate::session::services::Daily::mark_reminded), after its DM went out; until then the outbox row (one per
    /// match) keeps another sweep, process or restart from sending it too, for
    /// [`REMINDER_LEASE`]. A reminder whose DM failed, or whose sender stopped between the
    /// DM and the mark, is taken again once that lease ran out (while the turn lasts), so
    /// none is lost, and a stop between the DM and the mark sends that one reminder twice.
    /// A member who turned reminders off is left out (theirs are marked all the same).
    pub async fn reminders(self, now: std::time::SystemTime) -> Vec<Reminding> {
        let due = match self
            .session
            .store
            .outbox()
            .reminders_due(Timestamp::of(now), REMINDERS_AT_ONCE)
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for reminders");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for id in due {
            let read = self
                .session
                .engine
                .read(Locate::Id(id), |e| self.reminder_of(e, now))
                .await;
            let (reminding, lease) = match read {
                Ok(Some(Some(due))) => due,
                Ok(_) => continue,
                Err(e) => {
                    tracing::warn!(match_id = %id, error = %e, "could not read a match to remind");
                    continue;
                }
            };
            let stale_before = Timestamp::of(now).before(lease);
            match self
                .session
                .store
                .outbox()
                .take_reminder(
                    ReminderKey {
                        match_id: id,
                        moves: reminding.moves,
                        which: which_key(reminding.which),
                    },
                    Timestamp::of(now),
                    stale_before,
                )
                .await
            {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(match_id = %id, error = %e, "could not take a reminder");
                    continue;
                }
            }
            match self
                .session
                .store
                .settings()
                .reminders_off(reminding.player)
                .await
            {
                // Passed over, not kept for later.
                Ok(true) => self.mark_reminded(&reminding).await,
                Ok(false) => out.push(reminding),
                // Left taken: tried again once the lease runs out.
                Err(e) => tracing::warn!(error = %e, "could not read a member's reminders"),
            }
        }
        out
    }

    /// The reminder `e` is due at `now`, if one is, and how long it is leased to the
    /// process that takes it.
    fn reminder_of(
        self,
        e: &Entry,
        now: std::time::SystemTime,
    ) -> Option<(Reminding, std::time::Duration)> {
        let (which, at) = e.next_reminder()?;
        let player = e.member_to_move()?;
        if at > now || e.deadline <= now {
            return None;
        }
        let turn = e.timeouts(self.session.standard()).turn;
        // Late (the bot was down at half time): only the hour's reminder is left.
        let hour_at = e.deadline.checked_sub(turn / 24).unwrap_or(e.deadline);
        let which = if now >= hour_at {
            Reminder::Hour
        } else {
            which
        };
        let seat = e.game.side_of(player).map_or(0, crate::game::Side::index);
        let opponent = e
            .game
            .players()
            .into_iter()
            .find(|&p| p != player)
            .unwrap_or(player);
        // Never longer than half of the hour's window (a paced-up test's turn is short).
        let lease = REMINDER_LEASE.min(turn / 48);
        Some((
            Reminding {
                id: e.id,
                player,
                opponent,
                variant: e.game.variant(),
                which,
                deadline: e.deadline,
                channel: e.post_channel(),
                guild: e.guild,
                locale: e.player_locales[seat].clone(),
                message: e.last_message,
                moves: e.moves,
            },
            lease,
        ))
    }

    /// `r`'s DM went out (or Discord refused it for good, or its member turned reminders
    /// off): marks it as sent in its match, then in the outbox, whose row then refuses that
    /// reminder to every later take (a sweep that read the match before the mark would
    /// otherwise send it again). Where the mark cannot be written, the outbox keeps it
    /// leased, and it is sent again after the lease.
    pub async fn mark_reminded(self, r: &Reminding) {
        let mark = |e: &mut Entry, _: &mut Change| {
            // The turn went on meanwhile: nothing left to mark.
            if e.moves != r.moves {
                return Err(SessionError::Stale);
            }
            e.remind(r.which);
            Ok(())
        };
        match self
            .session
            .engine
            .act(Locate::Id(r.id), SessionError::Stale, false, mark)
            .await
        {
            Ok(_) | Err(SessionError::Stale) => {}
            Err(e) => {
                tracing::warn!(match_id = %r.id, error = %e, "could not mark a reminder as sent");
                return;
            }
        }
        if let Err(e) = self
            .session
            .store
            .outbox()
            .reminder_sent(ReminderKey {
                match_id: r.id,
                moves: r.moves,
                which: which_key(r.which),
            })
            .await
        {
            tracing::warn!(match_id = %r.id, error = %e, "could not mark a reminder as sent in the outbox");
        }
    }

    /// Remembers `message` as the last one shown about match `id` where it is played, for
    /// the reminders of a daily match to link to. Other paces keep nothing (callers need
    /// not ask).
    pub async fn mark_shown(self, id: MatchId, message: MessageId) -> Result<(), SessionError> {
        self.session
            .step(Locate::Id(id), SessionError::Stale, |e, _| {
                if !e.pace.reminds() || e.last_message == Some(message) {
                    return Ok(Step::Unchanged(()));
                }
                e.last_message = Some(message);
                Ok(Step::Changed(()))
            })
            .await
            .map(|((), _)| ())
    }
}

/// How a reminder is named in the outbox.
fn which_key(which: Reminder) -> ReminderKind {
    match which {
        Reminder::Half => ReminderKind::Half,
        Reminder::Hour => ReminderKind::Hour,
    }
}

/// How long a reminder taken from the outbox is left to the process that took it (its DM
/// may take up to 30 s) before another sweep may send it.
pub const REMINDER_LEASE: std::time::Duration = std::time::Duration::from_secs(120);

/// How many reminders one sweep takes at most; the next takes the rest.
const REMINDERS_AT_ONCE: u32 = 200;
