//! Talking to Discord when Discord misbehaves: every call is bounded in time, channel
//! posts are retried only where a retry cannot show a message twice, and a post that
//! cannot carry its pictures goes out as text. This is the transport; where a match's
//! post goes, and what happens when it cannot, is the outbox's
//! ([`crate::bot::kit::outbox`]).
//!
//! Channel posts carry a random nonce with `enforce_nonce`, so Discord returns the first
//! message instead of creating a second one when a retry repeats a post that did arrive.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use rand::RngExt as _;
use serenity::{
    ChannelId, CreateAllowedMentions, CreateAttachment, CreateMessage, Http, Nonce, UserId,
};

use crate::bot::kit::discord::{MISSING_PERMISSIONS, is_transient, may_have_arrived, status_of};
use crate::bot::kit::error::Error;

/// How many times a post is tried in all.
const TRIES: usize = 3;
/// The most one try may take, whatever serenity does inside it (with its own rate
/// limiter on, it would wait out any number of 429s).
pub const ATTEMPT: Duration = Duration::from_secs(30);
/// The pause before the second and third try.
const BACKOFF: [Duration; 2] = [Duration::from_millis(500), Duration::from_millis(1500)];

/// A public message for a channel, built anew for each try.
#[derive(Clone, Debug, Default)]
pub struct Post {
    /// The text.
    pub content: String,
    /// Pictures; left out if the bot may not attach files there.
    pub files: Vec<CreateAttachment>,
    /// Members who are pinged (nobody else is).
    pub ping: Vec<UserId>,
    /// Buttons under the message.
    pub components: Vec<serenity::CreateActionRow>,
    /// The match it is about, for the logs.
    pub about: Option<crate::session::MatchId>,
}

impl Post {
    /// The same post, marked as being about match `id` (every log line about it says so).
    #[must_use]
    pub fn about(mut self, id: crate::session::MatchId) -> Self {
        self.about = Some(id);
        self
    }

    fn match_id(&self) -> String {
        self.about.map_or_else(String::new, |id| id.to_string())
    }

    /// A text message that pings nobody.
    #[must_use]
    pub fn text(content: impl Into<String>) -> Self {
        Self {
            content: content.into(),
            ..Self::default()
        }
    }

    fn message(&self, nonce: &str, with_files: bool) -> CreateMessage {
        let mut m = CreateMessage::new()
            .content(self.content.clone())
            .allowed_mentions(CreateAllowedMentions::new().users(self.ping.clone()))
            .nonce(Nonce::String(nonce.to_owned()))
            .enforce_nonce(true);
        if with_files {
            m = m.add_files(self.files.clone());
        }
        if !self.components.is_empty() {
            m = m.components(self.components.clone());
        }
        m
    }
}

/// Posts `post` in `channel`: up to three tries for transient failures (the nonce makes a
/// repeated post show once), and once more without pictures if the bot may not attach
/// files there. Each failure is logged once with its route and status. Returns the
/// message's id.
pub async fn post(http: &Http, channel: u64, post: &Post) -> Result<serenity::MessageId, Error> {
    let nonce = format!("bs{:x}", rand::rng().random::<u64>());
    let channel_id = ChannelId::new(channel);
    let mut with_files = !post.files.is_empty();
    let mut tries = 0;
    loop {
        tries += 1;
        let sent = tokio::time::timeout(
            ATTEMPT,
            channel_id.send_message(http, post.message(&nonce, with_files)),
        )
        .await;
        let e = match sent {
            Ok(Ok(message)) => return Ok(message.id),
            Ok(Err(e)) => e,
            Err(_) => {
                tracing::warn!(channel, match_id = %post.match_id(), try_number = tries, "a channel post took too long");
                if tries >= TRIES {
                    return Err(Error::Internal(anyhow::anyhow!(
                        "a channel post took too long"
                    )));
                }
                continue;
            }
        };
        crate::bot::kit::metrics::discord_error(&e);
        tracing::warn!(
            route = "POST /channels/{id}/messages",
            channel,
            match_id = %post.match_id(),
            status = ?status_of(&e),
            try_number = tries,
            error = %e,
            "a channel post failed"
        );
        if with_files && matches!(status_of(&e), Some((_, MISSING_PERMISSIONS))) {
            // Perhaps only Attach Files is missing: the text alone may still go through.
            with_files = false;
            continue;
        }
        if tries >= TRIES || !is_transient(&e) {
            return Err(e.into());
        }
        tokio::time::sleep(BACKOFF[(tries - 1).min(BACKOFF.len() - 1)]).await;
    }
}

/// The DM channel of the bot with `user` (one try, bounded in time); `None` if Discord
/// would not say.
pub async fn dm_channel(http: &Http, user: u64) -> Option<u64> {
    match tokio::time::timeout(ATTEMPT, UserId::new(user).create_dm_channel(http)).await {
        Ok(Ok(dm)) => Some(dm.id.get()),
        Ok(Err(e)) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::info!(user, status = ?status_of(&e), error = %e, "could not open a DM channel");
            None
        }
        Err(_) => {
            tracing::info!(user, "opening a DM channel took too long");
            None
        }
    }
}

/// Sends `post` to `user` by DM (one try, bounded in time); `false` if it could not be
/// delivered.
pub async fn dm(http: &Http, user: u64, post: &Post) -> bool {
    let sent = tokio::time::timeout(ATTEMPT, async {
        let dm = UserId::new(user).create_dm_channel(http).await?;
        let mut message = CreateMessage::new()
            .content(post.content.clone())
            .add_files(post.files.clone())
            .allowed_mentions(CreateAllowedMentions::new());
        if !post.components.is_empty() {
            message = message.components(post.components.clone());
        }
        dm.id.send_message(http, message).await
    })
    .await;
    match sent {
        Ok(Ok(_)) => true,
        Err(_) => {
            tracing::info!(user, match_id = %post.match_id(), "a DM took too long");
            false
        }
        Ok(Err(e)) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::info!(user, match_id = %post.match_id(), status = ?status_of(&e), error = %e, "a DM could not be delivered");
            false
        }
    }
}

/// Sends a reminder `message` to `user` by DM in one try bounded in time, for reminders
/// sent at least once: `true` when it went out, or when Discord refused it for good (the
/// member's DMs are closed), so that it is marked as sent; `false` when it may work later
/// (no answer in time, a server error, a rate limit). `about` names it in the logs.
pub async fn reminder(http: &Http, user: u64, message: CreateMessage, about: &str) -> bool {
    let sent = tokio::time::timeout(ATTEMPT, async {
        let dm = UserId::new(user).create_dm_channel(http).await?;
        dm.id.send_message(http, message).await
    })
    .await;
    match sent {
        Ok(Ok(_)) => true,
        Ok(Err(e)) if !is_transient(&e) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::info!(user, about, error = %e, "a reminder was refused; not tried again");
            true
        }
        Ok(Err(e)) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::info!(user, about, error = %e, "a reminder could not be sent yet; tried again later");
            false
        }
        Err(_) => {
            tracing::info!(user, about, "a reminder took too long; tried again later");
            false
        }
    }
}

/// At most this many undelivered notes are kept per member (the oldest go first).
const NOTES_PER_MEMBER: usize = 5;

/// Notes about members' matches that could be delivered neither in the channel nor by
/// DM, kept (in memory) until their next command.
#[derive(Debug, Default)]
pub struct Notes(dashmap::DashMap<u64, Vec<String>>);

impl Notes {
    /// Keeps `text` for `member`'s next command.
    pub fn keep(&self, member: u64, text: &str) {
        let mut notes = self.0.entry(member).or_default();
        notes.push(text.to_owned());
        let excess = notes.len().saturating_sub(NOTES_PER_MEMBER);
        notes.drain(..excess);
    }

    /// The notes kept for `member`, removed.
    #[must_use]
    pub fn take(&self, member: u64) -> Vec<String> {
        self.0.remove(&member).map(|(_, v)| v).unwrap_or_default()
    }
}

/// After a failed interaction answer (token `token`): whether it reached Discord anyway.
/// A refusal (4xx) means it did not; after a server error, a timeout or a broken
/// connection, Discord is asked for the answer (bounded in time: no answer counts as not
/// arrived).
pub async fn answered(http: &Http, token: &str, error: &serenity::Error) -> bool {
    may_have_arrived(error)
        && tokio::time::timeout(ATTEMPT, http.get_original_interaction_response(token))
            .await
            .is_ok_and(|asked| asked.is_ok())
}

/// After a failed update of the message a button sits on (see [`answered`]): whether
/// it arrived, judged by the message's text.
pub async fn updated(
    http: &Http,
    click: &serenity::ComponentInteraction,
    error: &Error,
    content: &str,
) -> bool {
    let Error::Discord(e) = error else {
        return false;
    };
    may_have_arrived(e)
        && tokio::time::timeout(ATTEMPT, click.get_response(http))
            .await
            .is_ok_and(|asked| asked.is_ok_and(|m| m.content == content))
}

/// Archives the thread `thread` (one try, bounded in time); a failure is logged.
pub async fn archive(http: &Http, thread: u64) {
    let edit = serenity::EditThread::new().archived(true);
    let done = tokio::time::timeout(ATTEMPT, ChannelId::new(thread).edit_thread(http, edit)).await;
    match done {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::warn!(thread, status = ?status_of(&e), error = %e, "could not archive a thread");
        }
        Err(_) => tracing::warn!(thread, "archiving a thread took too long"),
    }
}

/// [`post`], logging instead of returning the failure; the message's id when it went out.
pub async fn post_quietly(http: &Http, channel: u64, post: &Post) -> Option<serenity::MessageId> {
    match self::post(http, channel, post).await {
        Ok(message) => Some(message),
        Err(e) => {
            tracing::warn!(channel, match_id = %post.match_id(), error = %e, "gave up on a channel post");
            None
        }
    }
}
