//! `/replay`: a finished match again, shot by shot, as an animated picture.

use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::click::Click;
use crate::bot::kit::context::player;
use crate::bot::kit::context::{channel_key, guild_key};
use crate::bot::kit::error::says;
use crate::bot::kit::i18n::errors::replay_error;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::permissions::can_view;
use crate::bot::kit::{Context, Data, Error};
use crate::session::{ChannelKey, Finished, MatchId, Viewer};

/// Matches offered while typing.
const CHOICES: u32 = 10;

/// Watch a finished match again, shot by shot, as an animated picture (shown to you alone).
///
/// Its players can watch it anywhere, and anyone who can see the channel it was played
/// in can watch it in that server. Start typing to pick one of your last ten matches, or
/// give a match id.
#[poise::command(slash_command, ephemeral)]
pub async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "your_matches"]
    game: String,
) -> Result<(), Error> {
    let id: MatchId = game
        .trim()
        .parse()
        .map_err(|_| Error::user(says!("err-replay-id", given = game.trim())))?;
    // Answer "thinking" (privately) before anything else: whether the member may watch
    // it is asked of Discord, whose answers can wait behind a rate limit, and drawing
    // takes a moment. The answer stays private: the channel it is asked in may be seen by
    // members who cannot see the one the match was played in.
    ctx.defer_ephemeral().await?;
    let viewer = Viewer {
        player: player(ctx.author()),
        guild: ctx.guild_id().map(guild_key),
        channel: channel_key(ctx.channel_id()),
    };
    let done = watch(ctx.http(), ctx.data(), id, &viewer).await?;
    let lang = user_lang(ctx);
    let data = ctx.data();
    let post = data
        .replays
        .replay(&data.renderer, named(done, lang), lang, viewer.player)
        .await?;
    ctx.send(
        poise::CreateReply::default()
            .content(post.caption)
            .attachment(post.file)
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// How long Discord may take to tell whether a member sees a match's channel.
const CHECK_TIME: Duration = Duration::from_secs(8);

/// The finished match `id` if `viewer` may watch it (the session decides; Discord tells
/// whether they see its channel); else the one refusal a stranger gets, or a player's
/// reason (for the command and the Replay button, each after its private "thinking"
/// answer). A member asks at most [`crate::bot::kit::pictures::REPLAY_CHECKS`] times in a
/// short while, and Discord's answers are awaited for at most [`CHECK_TIME`].
pub(crate) async fn watch(
    http: &serenity::Http,
    data: &Data,
    id: MatchId,
    viewer: &Viewer,
) -> Result<Finished, Error> {
    data.replays.may_check(viewer.player)?;
    let can_see = async |channel: ChannelKey| match viewer.guild {
        Some(guild) => can_view(http, guild.0, channel.0, viewer.player.0).await,
        None => false,
    };
    let done = tokio::time::timeout(
        CHECK_TIME,
        data.session.played().replay(id, viewer, can_see),
    )
    .await
    .map_err(|_| {
        tracing::warn!(match_id = %id, "Discord took too long to say who sees a replay's channel");
        Error::Failed(says!("err-replay-slow"))
    })?
    .map_err(|e| replay_error(id, e))?;
    Ok(done)
}

/// `done` with its forgotten members named in `lang`.
fn named(mut done: Finished, lang: Lang) -> Finished {
    for (name, &p) in done.names.iter_mut().zip(&done.players) {
        *name = crate::bot::kit::words::shown_name(lang, p, name);
    }
    done
}

/// The caller's last ten finished matches, newest first, filtered by what was typed.
async fn your_matches(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let me = player(ctx.author());
    let recent = match ctx.data().session.played().recent(me, CHOICES).await {
        Ok(recent) => recent,
        Err(e) => {
            tracing::warn!(error = %e, "could not list recent matches");
            Vec::new()
        }
    };
    let lang = user_lang(ctx);
    let now = SystemTime::now();
    let typed = partial.trim().to_lowercase();
    let mut choices: Vec<serenity::AutocompleteChoice> = recent
        .iter()
        .map(|done| (choice_name(lang, done, now), done.id.to_string()))
        .filter(|(name, id)| {
            typed.is_empty() || name.to_lowercase().contains(&typed) || id.starts_with(&typed)
        })
        .map(|(name, id)| serenity::AutocompleteChoice::new(name, id))
        .collect();
    if choices.is_empty() && typed.parse::<MatchId>().is_ok() {
        choices.push(serenity::AutocompleteChoice::new(typed.clone(), typed));
    }
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// "Ann vs Bjørn · classic · 3 days ago", cut to Discord's 100 characters.
fn choice_name(lang: Lang, done: &Finished, now: SystemTime) -> String {
    let name = tr!(
        lang,
        "replay-choice",
        a = done.names[0].as_str(),
        b = done.names[1].as_str(),
        variant = match done.variant {
            crate::game::Variant::Classic => tr!(lang, "variant-classic-short"),
            crate::game::Variant::Game2000 => tr!(lang, "variant-game2000-short"),
        },
        ago = ago(lang, now, done.ended)
    );
    if name.chars().count() > 100 {
        name.chars().take(99).chain(['…']).collect()
    } else {
        name
    }
}

/// "3 days ago" in `lang`.
fn ago(lang: Lang, now: SystemTime, then: SystemTime) -> String {
    let secs = now.duration_since(then).map_or(0, |d| d.as_secs());
    match secs {
        0..60 => tr!(lang, "ago-now"),
        60..3600 => tr!(lang, "ago-minutes", n = secs / 60),
        3600..86_400 => tr!(lang, "ago-hours", n = secs / 3600),
        _ => tr!(lang, "ago-days", n = secs / 86_400),
    }
}

// The Replay button under a match's end.

/// The replay of a finished match, privately to whoever clicked (anyone who may watch it:
/// see [`crate::session::Session::replay`]).
pub(crate) async fn replay_button(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let (ctx, click, lang) = (c.ctx, c.interaction, c.lang);
    // "Thinking" (privately) first: whether the clicker may watch it is asked of Discord,
    // which may be slow, and drawing takes a moment. A refusal takes its place.
    c.defer_private().await?;
    let viewer = crate::session::Viewer {
        player: player(&click.user),
        guild: click.guild_id.map(guild_key),
        channel: channel_key(click.channel_id),
    };
    // The deferred answer is filled in (it stays private).
    let done = watch(&ctx.http, c.data, id, &viewer).await?;
    let post = c
        .data
        .replays
        .replay(&c.data.renderer, named(done, lang), lang, viewer.player)
        .await?;
    let edit = serenity::EditInteractionResponse::new()
        .content(post.caption)
        .new_attachment(post.file);
    if let Err(e) = click.edit_response(ctx, edit).await {
        tracing::warn!(match_id = %id, error = %e, "could not send a replay");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_are_worded_with_their_unit_and_number() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(10_000_000);
        let at = |secs| now - Duration::from_secs(secs);
        let en = Lang::EnUs;
        assert_eq!(ago(en, now, at(59)), "just now");
        assert_eq!(ago(en, now, at(60)), "1 minute ago");
        assert_eq!(ago(en, now, at(7_199)), "1 hour ago");
        assert_eq!(ago(en, now, at(7_200)), "2 hours ago");
        assert_eq!(ago(en, now, at(3 * 86_400 + 5)), "3 days ago");
        // A clock that went backwards reads as now.
        assert_eq!(ago(en, now, now + Duration::from_secs(30)), "just now");
        assert_eq!(ago(Lang::Nl, now, at(86_400)), "1 dag geleden");
        assert_eq!(ago(Lang::Da, now, at(2 * 86_400)), "for 2 dage siden");
        assert_eq!(ago(Lang::SvSe, now, at(120)), "för 2 minuter sedan");
    }
}
