//! A challenge's Accept and Decline buttons: the match begins (in a thread of its own
//! where the server wants one) or is declined.

use poise::serenity_prelude as serenity;

use super::play;
use super::previews::{answer_previews, send_previews};
use super::words;
use crate::bot::kit::Error;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::click::{Click, stale_button, update};
use crate::bot::kit::context::{channel_key, lang_of, player};
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::venue::Venue;
use crate::session::MatchId;

/// Accept under a challenge: the match begins in placement (in a thread of its own where
/// the server wants one) and each player gets their fleet preview.
pub(crate) async fn accept_button(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let (ctx, click) = (c.ctx, c.interaction);
    let me = player(&click.user);
    let accepted = c
        .data
        .session
        .matches()
        .accept(id, me, Some(click.locale.clone()))
        .await?;
    let public = lang_of(accepted.guild_locale.as_ref());
    let accepted_text = words::accepted(
        public,
        &c.data.commands,
        accepted.players,
        accepted.variant,
        accepted.deadline,
    );
    let updated = update(
        ctx,
        click,
        serenity::CreateInteractionResponseMessage::new()
            .content(accepted_text.clone())
            .components(vec![]),
    )
    .await;
    let outbox = Outbox::new(&ctx.http, c.data);
    // The challenge's channel is the match's, until it moves into a thread.
    let venue = Venue::here(&c.audience(), channel_key(click.channel_id), None);
    if let Err(e) = &updated
        && !deliver::updated(&ctx.http, click, e, &accepted_text).await
    {
        // The challenge message could not be changed: say it in the channel instead.
        let post = Post {
            content: accepted_text,
            files: Vec::new(),
            ping: accepted
                .players
                .map(|p| serenity::UserId::new(p.0))
                .to_vec(),
            about: Some(id),
            ..Post::default()
        };
        outbox.show(venue, &post, &[], None).await;
    }
    if updated.is_ok() && venue.answers_only() {
        let answer = Answer::Click(&ctx.http, click);
        // Nobody needs DMs here: the previews are private answers.
        answer_previews(&answer, c.data, id, &accepted.previews, public).await;
        return updated;
    }
    let mut previews = accepted.previews.clone();
    if let Some(parent) = accepted.wants_thread {
        let home = open_thread(c, id, parent, &accepted, public).await;
        for (_, preview, _) in &mut previews {
            preview.channel = home;
        }
    }
    // The match has begun whatever happened to the update: previews go out regardless.
    send_previews(&ctx.http, c.data, id, &previews, public).await;
    updated
}

/// Opens the thread of an accepted match from its challenge message and moves the match
/// into it; greets the players there (which adds them to it). Without a thread (Discord
/// refused), the match is played in `parent`, and the channel is told why. Returns where
/// the match is played.
async fn open_thread(
    c: &Click<'_>,
    id: MatchId,
    parent: crate::session::ChannelKey,
    accepted: &crate::session::Accepted,
    public: Lang,
) -> crate::session::ChannelKey {
    use serenity::{AutoArchiveDuration, ChannelType, CreateThread};
    let http = &c.ctx.http;
    let name: String = tr!(
        public,
        "thread-name",
        a = accepted.names[0].as_str(),
        b = accepted.names[1].as_str(),
        variant = variant_name(public, accepted.variant)
    )
    .chars()
    .take(100)
    .collect();
    // Bounded like every call: thread creation is rate-limited hard, and the previews
    // wait for this.
    let made = tokio::time::timeout(
        deliver::ATTEMPT,
        serenity::ChannelId::new(parent.0).create_thread_from_message(
            http,
            c.interaction.message.id,
            CreateThread::new(name)
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek),
        ),
    )
    .await;
    // A refusal made no thread; no answer, or a server error, may hide one that was made
    // (or is made later), under the challenge message's id.
    let (thread, maybe_made) = match made {
        Ok(Ok(thread)) => (Some(crate::session::ChannelKey(thread.id.get())), false),
        Ok(Err(e)) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::warn!(match_id = %id, error = %e, "could not open a match's thread");
            (None, crate::bot::kit::discord::may_have_arrived(&e))
        }
        Err(_) => {
            tracing::warn!(match_id = %id, "opening a match's thread took too long");
            (None, true)
        }
    };
    let home = match c.data.session.matches().settle_home(id, thread).await {
        Ok(home) => home,
        Err(e) => {
            tracing::warn!(match_id = %id, error = %e, "could not move a match into its thread");
            parent
        }
    };
    let unused = match thread {
        Some(made) if home != made => Some(made),
        _ => None,
    };
    let names = accepted.players;
    if let Some(orphan) = unused {
        retire_thread(&Outbox::new(http, c.data), id, orphan, home, names, public).await;
    } else if maybe_made {
        // Look for it now and once more after the longest a request may take.
        let (http, message) = (std::sync::Arc::clone(&c.ctx.http), c.interaction.message.id);
        let data = c.data.clone();
        tokio::spawn(async move {
            for wait in [std::time::Duration::ZERO, deliver::ATTEMPT] {
                tokio::time::sleep(wait).await;
                if let Some(orphan) = made_after_all(&http, message, parent).await {
                    let outbox = Outbox::new(&http, &data);
                    retire_thread(&outbox, id, orphan, home, names, public).await;
                    return;
                }
            }
        });
    }
    let players: Vec<u64> = accepted.players.iter().map(|p| p.0).collect();
    let greeting = if thread.is_some() && home != parent {
        words::accepted(
            public,
            &c.data.commands,
            accepted.players,
            accepted.variant,
            accepted.deadline,
        )
    } else {
        tr!(public, "thread-failed")
    };
    let post = Post {
        content: greeting,
        ping: players.iter().map(|&u| serenity::UserId::new(u)).collect(),
        about: Some(id),
        ..Post::default()
    };
    Outbox::new(http, c.data).post(home, &post, &players).await;
    home
}

/// The thread of the challenge message `message` under `parent`, if Discord made it
/// (a thread started from a message takes the message's id).
async fn made_after_all(
    http: &serenity::Http,
    message: serenity::MessageId,
    parent: crate::session::ChannelKey,
) -> Option<crate::session::ChannelKey> {
    let read = tokio::time::timeout(
        deliver::ATTEMPT,
        serenity::ChannelId::new(message.get()).to_channel(http),
    )
    .await;
    let channel = read.ok()?.ok()?.guild()?;
    (channel.thread_metadata.is_some()
        && channel.parent_id.map(serenity::ChannelId::get) == Some(parent.0))
    .then_some(crate::session::ChannelKey(channel.id.get()))
}

/// A thread the bot made for match `id` that the match does not use: a line in it says
/// where the match is played (`home`), and it is archived. (Deleting it would need Manage
/// Threads, which the bot does not ask for; the bot may archive a thread it made.)
async fn retire_thread(
    outbox: &Outbox<'_>,
    id: MatchId,
    thread: crate::session::ChannelKey,
    home: crate::session::ChannelKey,
    [challenger, opponent]: [crate::game::PlayerId; 2],
    public: Lang,
) {
    let pointer = Post::text(tr!(
        public,
        "thread-unused",
        challenger = crate::bot::kit::markup::mention(challenger),
        opponent = crate::bot::kit::markup::mention(opponent),
        channel = crate::bot::kit::markup::channel(home.0)
    ))
    .about(id);
    outbox.post(thread, &pointer, &[]).await;
    outbox.archive(thread.0).await;
}

/// Decline under a challenge: the challenge ends, and its message says so.
pub(crate) async fn decline_button(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    let ended = c.data.session.matches().decline(id, me).await?;
    // Whoever ended the match announces its end (the sweeper may have, just now).
    let Some(end) = ended else {
        return Err(stale_button());
    };
    let updated = update(
        c.ctx,
        c.interaction,
        serenity::CreateInteractionResponseMessage::new()
            .content(super::ending::end_text(&end))
            .components(vec![])
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await;
    let shown = match &updated {
        Ok(()) => true,
        Err(e) => {
            deliver::updated(
                &c.ctx.http,
                c.interaction,
                e,
                &super::ending::end_text(&end),
            )
            .await
        }
    };
    if shown {
        c.data.session.matches().mark_announced(&end).await;
    } else {
        // The challenge message could not be changed: say it in the channel instead.
        play::announce(&c.ctx.http, c.data, &end).await;
    }
    updated
}
