//! The server's policy for where a match may be played: its settings (channels and paces
//! allowed), the thread a command was used in, and what the bot may do there (open
//! threads, the permissions it lacks), read from the interaction.

use poise::serenity_prelude as serenity;

use crate::bot::kit::context::Context;
use crate::bot::kit::context::channel_key;
use crate::bot::kit::error::Error;
use crate::bot::kit::error::{Arg, says};
use crate::bot::kit::markup;
use crate::session::{ChannelKey, GuildId, Pace, Settings};

/// The server's settings, once they allow a match here at this pace (the pace asked for or
/// the server's default); otherwise the private error that says what is allowed.
pub async fn allowed_here(
    ctx: Context<'_>,
    guild: Option<GuildId>,
    (channel, parent): (ChannelKey, Option<ChannelKey>),
    pace: Option<Pace>,
) -> Result<(Settings, Pace), Error> {
    let settings = match guild {
        Some(g) => ctx.data().session.settings().of(g).await?,
        None => Settings::default(),
    };
    if !settings.allows(channel, parent) {
        let channels: Vec<String> = settings
            .channels
            .iter()
            .map(|&c| markup::channel(c.0))
            .collect();
        return Err(Error::user(says!(
            "err-channel-not-allowed",
            channels = channels.join(", ")
        )));
    }
    let pace: Pace = pace.unwrap_or(settings.pace);
    if !settings.paces.contains(&pace) {
        return Err(Error::user(says!(
            "err-pace-not-allowed",
            pace = pace,
            paces = Arg::Paces(settings.paces.clone())
        )));
    }
    Ok((settings, pace))
}

/// The channel the command was used in and, when it is a thread, the channel the thread
/// hangs under.
pub fn where_asked(ctx: Context<'_>) -> (ChannelKey, Option<ChannelKey>) {
    let here = channel_key(ctx.channel_id());
    let poise::Context::Application(a) = ctx else {
        return (here, None);
    };
    let parent = a
        .interaction
        .channel
        .as_ref()
        .filter(|c| is_thread(c.kind))
        .and_then(|c| c.parent_id)
        .map(channel_key);
    (here, parent)
}

/// Whether a channel of `kind` is a thread.
#[must_use]
pub fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    )
}

/// Whether the bot may open a public thread here and post in it (the interaction's
/// `app_permissions`).
#[must_use]
pub fn may_open_threads(ctx: Context<'_>) -> bool {
    let poise::Context::Application(a) = ctx else {
        return false;
    };
    a.interaction.app_permissions.is_some_and(|p| {
        p.contains(
            serenity::Permissions::CREATE_PUBLIC_THREADS
                | serenity::Permissions::SEND_MESSAGES_IN_THREADS,
        )
    })
}

/// The permissions the bot lacks in this channel (the keys of their names: "Attach Files,
/// Embed Links"), read from the interaction's `app_permissions`; `None` when nothing is
/// missing (or Discord did not say).
#[must_use]
pub fn missing_permissions(ctx: Context<'_>) -> Option<Vec<&'static str>> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    let have = a.interaction.app_permissions?;
    let thread = a
        .interaction
        .channel
        .as_ref()
        .is_some_and(|c| is_thread(c.kind));
    let missing: Vec<&'static str> = crate::bot::kit::permissions::needed(thread)
        .into_iter()
        .filter(|(p, _)| !have.contains(*p))
        .map(|(_, key)| key)
        .collect();
    (!missing.is_empty()).then_some(missing)
}
