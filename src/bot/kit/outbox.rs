//! The one way a match's public words go out: [`Outbox`] shows a post in a match's
//! [`Venue`], whatever happens to Discord on the way.
//!
//! - In a channel (or thread): posted there (bounded tries, see [`deliver::post`]); if
//!   the channel refuses for good, to each member by DM; if that fails too, kept in
//!   [`Notes`] for the member's next command. What happened in a match is always shown
//!   somewhere.
//! - In the bot's own DM with the member: posted there; else kept in [`Notes`].
//! - Where the bot can only answer: as a public follow-up of the interaction at hand in
//!   that conversation; without one (or if Discord refuses it), by DM, else in [`Notes`].
//!   An end there waits in [`Waiting`] for the next interaction of a player in that
//!   channel ([`Outbox::wait`]), and is handed over with it ([`Outbox::answer`]).
//!
//! Every call is bounded in time and logged when it fails; each announcement is awaited by
//! its own task or interaction, so a slow channel holds up no other.

use poise::serenity_prelude as serenity;
use serenity::Http;

use crate::bot::kit::answer::Answer;
use crate::bot::kit::context::Data;
use crate::bot::kit::deliver::{self, Notes, Post};
use crate::bot::kit::held::{Note, Waiting};
use crate::bot::kit::venue::Venue;
use crate::session::ChannelKey;

/// Where a match's public words go out (cheap: two borrows).
#[derive(Clone, Copy)]
pub struct Outbox<'a> {
    http: &'a Http,
    notes: &'a Notes,
    waiting: &'a Waiting,
}

impl<'a> Outbox<'a> {
    /// The outbox of the bot whose state is `data`, talking to Discord through `http`.
    #[must_use]
    pub fn new(http: &'a Http, data: &'a Data) -> Self {
        Self {
            http,
            notes: &data.notes,
            waiting: &data.waiting,
        }
    }

    /// The connection to Discord it talks through.
    #[must_use]
    pub fn http(&self) -> &'a Http {
        self.http
    }

    /// Shows `post` publicly in `venue`, for `members` (Discord user ids; they get it by
    /// DM or as a note when it cannot be shown there); `answer` is the interaction that
    /// brought it about, if any (used only where the bot can only answer, in that
    /// conversation). The message's id when it is known.
    pub async fn show(
        &self,
        venue: Venue,
        post: &Post,
        members: &[u64],
        answer: Option<&Answer<'_>>,
    ) -> Option<serenity::MessageId> {
        match venue {
            Venue::Channel { channel, .. } => {
                if let Some(message) = deliver::post_quietly(self.http, channel.0, post).await {
                    return Some(message);
                }
                self.dm_or_keep(post, members).await;
                None
            }
            Venue::DmOnly { channel } => {
                let shown = deliver::post_quietly(self.http, channel.0, post).await;
                if shown.is_none() {
                    self.keep(post, members);
                }
                shown
            }
            Venue::AnswersOnly { channel } => {
                let here = answer.filter(|a| a.channel() == channel.0);
                if let Some(answer) = here {
                    match answer.follow_up(post, false).await {
                        Ok(message) => return message,
                        Err(e) => {
                            tracing::warn!(match_id = %match_of(post), error = %e, "could not show a post in the answer; by DM instead");
                        }
                    }
                }
                // Outside servers the bot cannot post in the channel: the members hear of
                // it by DM, and their next command there shows the match.
                self.dm_or_keep(post, members).await;
                None
            }
        }
    }

    /// Shows `post` in `channel`, a channel (or thread) where the bot posts: there, else
    /// to `members` by DM, else as a note (see [`Outbox::show`]).
    pub async fn post(
        &self,
        channel: ChannelKey,
        post: &Post,
        members: &[u64],
    ) -> Option<serenity::MessageId> {
        let venue = Venue::Channel {
            channel,
            parent: None,
        };
        self.show(venue, post, members, None).await
    }

    /// Shows `post` as a public further answer to `answer`; `false` (logged) if Discord
    /// refused it or took too long.
    pub async fn answer(&self, answer: &Answer<'_>, post: &Post) -> bool {
        follow_up(answer, post, false).await
    }

    /// Shows `post` privately to the member of `answer`, as a further answer only they see;
    /// `false` (logged) if Discord refused it or took too long.
    pub async fn answer_privately(&self, answer: &Answer<'_>, post: &Post) -> bool {
        follow_up(answer, post, true).await
    }

    /// Shows `post` privately to the member whose earlier interaction had `token` (a
    /// follow-up of it, while Discord keeps it); `false` if Discord refused it.
    pub async fn answer_token(&self, token: &str, post: &Post) -> bool {
        crate::bot::kit::answer::private_follow_up(self.http, token, post).await
    }

    /// Keeps `note` for the next interaction of one of its members in `channel`, where the
    /// bot can only answer; `false` when a note about the same match was waiting already
    /// (it is replaced), so that whatever tells the members by DM is done once.
    #[must_use]
    pub fn wait(&self, channel: u64, note: Note) -> bool {
        self.waiting.keep(channel, note)
    }

    /// Sends `post` to each of `members` by DM; what cannot be delivered is kept for
    /// their next command.
    pub async fn dm_or_keep(&self, post: &Post, members: &[u64]) {
        for &member in members {
            if !deliver::dm(self.http, member, post).await {
                self.notes.keep(member, &post.content);
            }
        }
    }

    /// Sends `post` to `member` by DM; `false` if it could not be delivered.
    pub async fn dm(&self, member: u64, post: &Post) -> bool {
        deliver::dm(self.http, member, post).await
    }

    /// After an interaction's answer (token `token`) that showed `post` failed with
    /// `error`, although the change it shows counted: unless it arrived after all, `post`
    /// is shown in `venue` (see [`Outbox::show`], without the answer). A move that counted
    /// is always shown somewhere.
    pub async fn answer_failed(
        &self,
        token: Option<&str>,
        error: &serenity::Error,
        venue: Venue,
        post: &Post,
        members: &[u64],
    ) {
        let arrived = match token {
            Some(token) => deliver::answered(self.http, token, error).await,
            None => false,
        };
        if !arrived {
            self.show(venue, post, members, None).await;
        }
    }

    /// Archives thread `thread` (one try, bounded in time; a failure is logged).
    pub async fn archive(&self, thread: u64) {
        deliver::archive(self.http, thread).await;
    }

    /// Keeps `post`'s text for each of `members`' next command.
    fn keep(&self, post: &Post, members: &[u64]) {
        for &member in members {
            self.notes.keep(member, &post.content);
        }
    }
}

/// Shows `post` as a further answer to `answer`, public or `private`; `false` (logged)
/// if Discord refused it or took too long.
async fn follow_up(answer: &Answer<'_>, post: &Post, private: bool) -> bool {
    match answer.follow_up(post, private).await {
        Ok(_) => true,
        Err(e) => {
            tracing::info!(match_id = %match_of(post), private, error = %e, "could not show a post in an answer");
            false
        }
    }
}

/// The match `post` is about, for the logs.
fn match_of(post: &Post) -> String {
    post.about.map_or_else(String::new, |id| id.to_string())
}
