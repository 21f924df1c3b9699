//! What waits where the bot can only answer, shown: an end (or a note after a restart)
//! kept for the next interaction of a player in its channel, by DM where Discord lets the
//! bot, and handed over with that interaction (see [`crate::bot::kit::answer`]).

use poise::serenity_prelude::Http;

use crate::bot::kit::answer::Answer;
use crate::bot::kit::context::Data;
use crate::bot::kit::deliver::Post;
use crate::bot::kit::held::{NOTES_AT_ONCE, Note};
use crate::bot::kit::outbox::Outbox;
use crate::session::{ChannelKey, Ended, MatchId};

/// Announces `end`, which happened without an interaction in a match outside servers: by
/// DM to its members where Discord lets the bot (the first time only), and kept for the next
/// interaction of either of them in its channel. Not marked announced until shown.
pub async fn later(http: &Http, data: &Data, end: &Ended, dm: bool) {
    let outbox = Outbox::new(http, data);
    let fresh = outbox.wait(end.channel.0, Note::End(Box::new(end.clone())));
    if dm && fresh {
        let post = super::ending::end_post(data, end);
        for p in &end.members {
            outbox.dm(p.0, &post).await;
        }
    }
}

/// Keeps a note about live match `id` (after a restart) for the next interaction of one
/// of `members` in `channel` (at once, before any command is taken), and returns the DMs
/// that tell them too where Discord lets the bot, to be sent in the background.
pub fn note_later(
    http: std::sync::Arc<Http>,
    data: &Data,
    id: MatchId,
    channel: u64,
    members: Vec<u64>,
    text: String,
) -> impl std::future::Future<Output = ()> + Send + 'static {
    let post = Post::text(text.clone()).about(id);
    let _ = Outbox::new(&http, data).wait(
        channel,
        Note::Text {
            id,
            members: members.clone(),
            text,
        },
    );
    let data = data.clone();
    async move {
        let outbox = Outbox::new(&http, &data);
        for &p in &members {
            outbox.dm(p, &post).await;
        }
    }
}

/// Keeps `end` (stored but never shown, found at a restart) for the next interaction of
/// either player in its channel, at once; it went by DM before the restart, if it could.
pub fn keep_end(data: &Data, end: &Ended) {
    data.waiting
        .keep(end.channel.0, Note::End(Box::new(end.clone())));
}

/// Announces `end` through `answer`, the interaction that ended it, publicly (then it is
/// marked announced); if Discord refuses, as [`later`].
pub async fn now(answer: &Answer<'_>, http: &Http, data: &Data, end: &Ended) {
    let post = super::ending::end_post(data, end);
    if Outbox::new(http, data).answer(answer, &post).await {
        data.session.matches().mark_announced(end).await;
    } else {
        // Kept for the next interaction (and told by DM).
        later(http, data, end, true).await;
    }
}

/// Shows what waits in `answer`'s channel for its member, publicly, as further answers;
/// ends shown are marked announced, and what Discord refuses waits on. Outside servers
/// the ends come from the store (another process may have ended the match); the notes kept
/// in memory are the way when the store cannot be read.
pub async fn hand_over(answer: &Answer<'_>, data: &Data) {
    let (channel, member) = (answer.channel(), answer.member());
    let outbox = Outbox::new(answer.http(), data);
    let mut notes = if data.waiting.is_empty() {
        Vec::new()
    } else {
        data.waiting.take(channel, member)
    };
    let audience = answer.audience();
    // Ends wait only where the bot can only answer: in its own DM (a DM-only venue) an
    // end is posted, and marked announced once it was, so the store is not read there.
    if audience.outside_servers() && !audience.in_bot_dm() {
        match data
            .session
            .matches()
            .waiting_ends_in(ChannelKey(channel))
            .await
        {
            Ok(ends) => {
                // Every end kept in memory is among these, unless it was shown since.
                notes.retain(|n| matches!(n, Note::Text { .. }));
                let room = NOTES_AT_ONCE.saturating_sub(notes.len());
                notes.extend(
                    ends.into_iter()
                        .filter(|e| e.members.iter().any(|p| p.0 == member))
                        .take(room)
                        .map(|e| Note::End(Box::new(e))),
                );
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not read the ends waiting in a channel; showing those kept here");
            }
        }
    }
    for note in notes {
        let showing = match &note {
            Note::End(end) => Some(end.id),
            Note::Text { .. } => None,
        };
        if let Note::End(end) = &note {
            if !data.waiting.start_showing(end.id) {
                continue; // another interaction of this process is showing it
            }
            if !data.session.matches().still_unannounced(end).await {
                // Shown since the channel was read (by another interaction or process).
                data.waiting.done_showing(end.id);
                continue;
            }
        }
        let post = match &note {
            Note::End(end) => super::ending::end_post(data, end),
            Note::Text { id, text, .. } => Post::text(text.clone()).about(*id),
        };
        if outbox.answer(answer, &post).await {
            if let Note::End(end) = &note {
                data.session.matches().mark_announced(end).await;
            }
        } else {
            // Kept for the next interaction.
            let _ = outbox.wait(channel, note);
        }
        if let Some(id) = showing {
            data.waiting.done_showing(id);
        }
    }
}
