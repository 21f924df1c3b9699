//! Playing where the bot can only answer (issue 38): a group DM, a DM between two members,
//! a server that has not added the bot (reached through a member's own install). There the
//! bot cannot post or read; all a match shows goes in the answers to the players'
//! interactions: the response, then follow-ups (at most five per interaction where only a
//! user install authorises it, within its 15 minutes).
//!
//! What happens there without an interaction (an end by timeout, the note after a
//! restart) waits in [`Waiting`](super::held::Waiting) for the next interaction of either player in that channel,
//! which shows it once, and goes to the players by DM where Discord lets the bot DM them.
//! An end stays unannounced in the store until it is shown, so a restart brings it back
//! into [`Waiting`](super::held::Waiting) (without a second DM). With several processes on one database, the
//! next interaction may reach another process than the one that ended the match: the
//! store is the truth for ends. Each interaction outside servers reads its channel's
//! unshown ends ([`crate::session::services::Matches::waiting_ends_in`]), shows those of its
//! member, one interaction at a time per end in a process, and marks them shown; another
//! process's sweep never takes such an end as orphaned.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponseFollowup, Http};

use crate::bot::kit::audience::Audience;
use crate::bot::kit::context::Context;
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::error::Error;

/// The interaction a flow answers through.
#[derive(Clone, Copy)]
pub enum Answer<'a> {
    /// A slash command.
    Command(Context<'a>),
    /// A button click (already responded to).
    Click(&'a Http, &'a ComponentInteraction),
}

impl Answer<'_> {
    /// Who the interaction speaks to, and where the bot is there.
    #[must_use]
    pub fn audience(&self) -> Audience {
        match self {
            Answer::Command(ctx) => Audience::of_command(*ctx),
            Answer::Click(_, click) => Audience::of_click(click),
        }
    }

    /// The connection to Discord it answers through.
    #[must_use]
    pub fn http(&self) -> &Http {
        match self {
            Answer::Command(ctx) => ctx.http(),
            Answer::Click(http, _) => http,
        }
    }

    /// The member who interacted.
    #[must_use]
    pub fn member(&self) -> u64 {
        match self {
            Answer::Command(ctx) => ctx.author().id.get(),
            Answer::Click(_, click) => click.user.id.get(),
        }
    }

    /// The channel of the interaction.
    #[must_use]
    pub fn channel(&self) -> u64 {
        match self {
            Answer::Command(ctx) => ctx.channel_id().get(),
            Answer::Click(_, click) => click.channel_id.get(),
        }
    }

    /// Sends `post` as a further answer to the interaction: public to the conversation, or
    /// only to the member when `private` (one try, bounded in time). The message's id when
    /// Discord said it.
    pub async fn follow_up(
        &self,
        post: &Post,
        private: bool,
    ) -> Result<Option<serenity::MessageId>, Error> {
        let mentions = serenity::CreateAllowedMentions::new().users(post.ping.clone());
        match self {
            Answer::Command(ctx) => {
                let mut reply = poise::CreateReply::default()
                    .content(post.content.clone())
                    .ephemeral(private)
                    .allowed_mentions(mentions);
                for file in &post.files {
                    reply = reply.attachment(file.clone());
                }
                if !post.components.is_empty() {
                    reply = reply.components(post.components.clone());
                }
                let handle = tokio::time::timeout(deliver::ATTEMPT, ctx.send(reply))
                    .await
                    .map_err(|_| too_long())??;
                Ok(tokio::time::timeout(deliver::ATTEMPT, handle.message())
                    .await
                    .ok()
                    .and_then(Result::ok)
                    .map(|m| m.id))
            }
            Answer::Click(http, click) => {
                let mut followup = CreateInteractionResponseFollowup::new()
                    .content(post.content.clone())
                    .ephemeral(private)
                    .allowed_mentions(mentions)
                    .add_files(post.files.clone());
                if !post.components.is_empty() {
                    followup = followup.components(post.components.clone());
                }
                let sent =
                    tokio::time::timeout(deliver::ATTEMPT, click.create_followup(http, followup))
                        .await
                        .map_err(|_| too_long())??;
                Ok(Some(sent.id))
            }
        }
    }
}

/// The failure of an answer that took longer than [`deliver::ATTEMPT`].
fn too_long() -> Error {
    Error::Internal(anyhow::anyhow!("an answer took too long"))
}

/// Sends `post` privately to the member whose interaction had `token` (a follow-up of
/// it, which only they see). `false` if Discord refused it.
pub async fn private_follow_up(http: &Http, token: &str, post: &Post) -> bool {
    let followup = CreateInteractionResponseFollowup::new()
        .content(post.content.clone())
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .add_files(post.files.clone())
        .components(post.components.clone());
    let sent = tokio::time::timeout(deliver::ATTEMPT, async {
        serenity::Builder::execute(followup, http, (None, token)).await
    })
    .await;
    match sent {
        Ok(Ok(_)) => true,
        Ok(Err(e)) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::info!(match_id = %post.about.map_or_else(String::new, |id| id.to_string()), error = %e, "a follow-up of a challenge was refused");
            false
        }
        Err(_) => false,
    }
}
