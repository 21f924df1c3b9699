//! Playing where the bot can only answer (issue 38): a group DM, a DM between two members,
//! a server that has not added the bot (reached through a member's own install). There the
//! bot cannot post or read; all a match shows goes in the answers to the players'
//! interactions: the response, then follow-ups (at most five per interaction where only a
//! user install authorises it, within its 15 minutes).
//!
//! What happens there without an interaction (an end by timeout, the note after a
//! restart) waits in [`Waiting`] for the next interaction of either player in that channel,
//! which shows it once, and goes to the players by DM where Discord lets the bot DM them.
//! An end stays unannounced in the store until it is shown, so a restart brings it back
//! into [`Waiting`] (without a second DM). With several processes on one database, the
//! next interaction may reach another process than the one that ended the match: the
//! store is the truth for ends. Each interaction outside servers reads its channel's
//! unshown ends ([`crate::session::Session::waiting_ends_in`]), shows those of its
//! member, one interaction at a time per end in a process, and marks them shown; another
//! process's sweep never takes such an end as orphaned.

use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponseFollowup, Http};

use super::deliver::{self, Post};
use super::{Context, Data, Error};
use crate::session::{ChannelKey, Ended, MatchId};

/// The interaction a flow answers through.
#[derive(Clone, Copy)]
pub enum Answer<'a> {
    /// A slash command.
    Command(Context<'a>),
    /// A button click (already responded to).
    Click(&'a Http, &'a ComponentInteraction),
}

impl Answer<'_> {
    /// Whether the bot itself is where this interaction happened (see
    /// [`super::presence::bot_is_there`]); where it is not, only answers reach the players.
    #[must_use]
    pub fn bot_is_there(&self) -> bool {
        match self {
            Answer::Command(ctx) => super::presence::bot_is_here(*ctx),
            Answer::Click(_, click) => {
                super::presence::bot_is_there(click.context, &click.authorizing_integration_owners)
            }
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

    /// Whether the interaction is outside servers the bot is in (a DM, a group DM, a
    /// server without the bot): where matches have no server and their ends wait for an
    /// interaction.
    #[must_use]
    pub fn outside_servers(&self) -> bool {
        let guild = match self {
            Answer::Command(ctx) => ctx.guild_id(),
            Answer::Click(_, click) => click.guild_id,
        };
        guild.is_none() || !self.bot_is_there()
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
    /// only to the member when `private`. The message's id when Discord said it.
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
                let handle = ctx.send(reply).await?;
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
                let sent = click.create_followup(http, followup).await?;
                Ok(Some(sent.id))
            }
        }
    }
}

/// How long a challenge's interaction token is used for the challenger's private preview
/// (Discord keeps it 15 minutes; a minute is left for slow answers).
const TOKEN_USE: Duration = Duration::from_secs(14 * 60);

/// The tokens of challenges made where the bot can only answer, by match: the challenger's
/// private placement preview goes out as a follow-up of their own `/challenge` when it is
/// accepted (in memory: after a restart or 14 minutes, by DM, and `/place` works there).
#[derive(Debug, Default)]
pub struct Tokens(dashmap::DashMap<MatchId, (String, Instant)>);

impl Tokens {
    /// Keeps the token of match `id`'s challenge.
    pub fn keep(&self, id: MatchId, token: &str) {
        self.0.insert(id, (token.to_owned(), Instant::now()));
    }

    /// The token of match `id`'s challenge, removed, while it may still be used.
    #[must_use]
    pub fn take(&self, id: MatchId) -> Option<String> {
        let (_, (token, at)) = self.0.remove(&id)?;
        (at.elapsed() < TOKEN_USE).then_some(token)
    }
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
            super::metrics::discord_error(&e);
            tracing::info!(match_id = %post.about.map_or_else(String::new, |id| id.to_string()), error = %e, "a follow-up of a challenge was refused");
            false
        }
        Err(_) => false,
    }
}

/// What waits for the next interaction in a channel where the bot can only answer.
#[derive(Clone, Debug)]
pub enum Note {
    /// A match's end (marked announced once shown).
    End(Box<Ended>),
    /// A text about a live match (the note after a restart).
    Text {
        /// The match.
        id: MatchId,
        /// Its members (either of them gets it).
        members: Vec<u64>,
        /// What it says.
        text: String,
    },
}

impl Note {
    fn id(&self) -> MatchId {
        match self {
            Note::End(end) => end.id,
            Note::Text { id, .. } => *id,
        }
    }

    fn for_member(&self, member: u64) -> bool {
        match self {
            Note::End(end) => end.members.iter().any(|p| p.0 == member),
            Note::Text { members, .. } => members.contains(&member),
        }
    }
}

/// At most this many notes go out with one interaction (it has five follow-ups at most,
/// and the command's own answers need some).
const NOTES_AT_ONCE: usize = 2;

/// Notes waiting for the next interaction of a player, by channel (in memory; ends are
/// also unannounced in the store, which brings them back after a restart).
#[derive(Debug, Default)]
pub struct Waiting(
    dashmap::DashMap<u64, Vec<Note>>,
    /// The ends an interaction of this process is showing right now.
    dashmap::DashSet<MatchId>,
);

impl Waiting {
    /// Keeps `note` for channel `channel`; `false` when a note about the same match was
    /// there already (it is replaced).
    pub fn keep(&self, channel: u64, note: Note) -> bool {
        let mut notes = self.0.entry(channel).or_default();
        let before = notes.len();
        notes.retain(|n| n.id() != note.id());
        let fresh = notes.len() == before;
        notes.push(note);
        fresh
    }

    /// Up to [`NOTES_AT_ONCE`] notes of `channel` for `member`, removed.
    fn take(&self, channel: u64, member: u64) -> Vec<Note> {
        let Some(mut notes) = self.0.get_mut(&channel) else {
            return Vec::new();
        };
        let mut taken = Vec::new();
        let mut i = 0;
        while i < notes.len() && taken.len() < NOTES_AT_ONCE {
            if notes[i].for_member(member) {
                taken.push(notes.remove(i));
            } else {
                i += 1;
            }
        }
        taken
    }

    /// `false` if another interaction is showing end `id` already; else it is this one's
    /// until [`Waiting::done_showing`].
    fn start_showing(&self, id: MatchId) -> bool {
        self.1.insert(id)
    }

    /// The interaction showing end `id` is done with it (shown or not).
    fn done_showing(&self, id: MatchId) {
        self.1.remove(&id);
    }

    /// Whether nothing waits anywhere (the common case: one cheap look).
    fn is_empty(&self) -> bool {
        self.0.is_empty() || self.0.iter().all(|e| e.value().is_empty())
    }
}

/// Announces `end`, which happened without an interaction in a match outside servers: by
/// DM to its members where Discord lets the bot (the first time only), and kept for the next
/// interaction of either of them in its channel. Not marked announced until shown.
pub async fn later(http: &Http, data: &Data, end: &Ended, dm: bool) {
    let fresh = data
        .waiting
        .keep(end.channel.0, Note::End(Box::new(end.clone())));
    if dm && fresh {
        let (post, _) = super::ending::end_post(data, end).await;
        for p in &end.members {
            deliver::dm(http, p.0, &post).await;
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
    data.waiting.keep(
        channel,
        Note::Text {
            id,
            members: members.clone(),
            text,
        },
    );
    async move {
        for &p in &members {
            deliver::dm(&http, p, &post).await;
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
    let (post, tournament) = super::ending::end_post(data, end).await;
    match answer.follow_up(&post, false).await {
        Ok(_) => data.session.mark_announced(end).await,
        Err(e) => {
            tracing::warn!(match_id = %end.id, error = %e, "could not show an end in the answer; kept for the next one");
            later(http, data, end, true).await;
        }
    }
    if let Some(t) = tournament {
        (data.tournament_step)(http, data, t).await;
    }
}

/// Shows what waits in `answer`'s channel for its member, publicly, as further answers;
/// ends shown are marked announced, and what Discord refuses waits on. Outside servers
/// the ends come from the store (another process may have ended the match); the notes kept
/// in memory are the way when the store cannot be read.
pub async fn hand_over(answer: &Answer<'_>, data: &Data) {
    let (channel, member) = (answer.channel(), answer.member());
    let mut notes = if data.waiting.is_empty() {
        Vec::new()
    } else {
        data.waiting.take(channel, member)
    };
    if answer.outside_servers() {
        match data.session.waiting_ends_in(ChannelKey(channel)).await {
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
            if !data.session.still_unannounced(end).await {
                // Shown since the channel was read (by another interaction or process).
                data.waiting.done_showing(end.id);
                continue;
            }
        }
        let post = match &note {
            Note::End(end) => super::ending::end_post(data, end).await.0,
            Note::Text { id, text, .. } => Post::text(text.clone()).about(*id),
        };
        match answer.follow_up(&post, false).await {
            Ok(_) => {
                if let Note::End(end) = &note {
                    data.session.mark_announced(end).await;
                }
            }
            Err(e) => {
                tracing::info!(match_id = %post.about.map_or_else(String::new, |id| id.to_string()), error = %e, "could not hand over a note; kept");
                data.waiting.keep(channel, note);
            }
        }
        if let Some(id) = showing {
            data.waiting.done_showing(id);
        }
    }
}
