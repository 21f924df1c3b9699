//! `/replay`: a finished match again, shot by shot, as an animated picture.

use std::time::SystemTime;

use poise::serenity_prelude as serenity;

use crate::bot::context::user_lang;
use crate::bot::error::UserError;
use crate::bot::i18n::{Lang, tr};
use crate::bot::play::player;
use crate::bot::{Context, Error, pictures};
use crate::game::PlayerId;
use crate::session::{Finished, MatchId, ReplayError};

/// Matches offered while typing.
const CHOICES: u32 = 10;

/// Watch a finished match again, shot by shot, as an animated picture.
///
/// Anyone in the server where the match was played can watch it. Start typing to pick
/// one of your last ten matches, or give a match id.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "your_matches"]
    game: String,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let id: MatchId = game
        .trim()
        .parse()
        .map_err(|_| Error::user(tr!(lang, "err-replay-id", given = game.trim())))?;
    let done = find(&ctx.data().session, lang, id).await?;
    let me = player(ctx.author());
    allowed(&done, ctx.guild_id().map(serenity::GuildId::get), me, lang)?;
    // Checked: from here on the answer is the public replay (drawing takes a moment).
    ctx.defer().await?;
    let post = match pictures::replay(done, crate::bot::context::guild_lang(ctx)).await {
        Ok(post) => post,
        Err(e) => {
            // The deferred answer would show the refusal to everyone: take it back, so
            // that the error hook's answer comes as a private follow-up.
            if let poise::Context::Application(a) = ctx
                && let Err(d) = a.interaction.delete_response(ctx.http()).await
            {
                tracing::warn!(match_id = %id, error = %d, "could not take back a deferred answer");
            }
            return Err(e);
        }
    };
    ctx.send(
        poise::CreateReply::default()
            .content(post.caption)
            .attachment(post.file)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// The finished match `id`, or the reason there is no replay of it, in `lang` (for the
/// command and the Replay button).
pub(crate) async fn find(
    session: &crate::session::Session,
    lang: Lang,
    id: MatchId,
) -> Result<Finished, Error> {
    let mut done = session.finished(id).await.map_err(|e| match e {
        ReplayError::Unknown => Error::user(tr!(lang, "err-replay-unknown", id = id.to_string())),
        ReplayError::StillPlaying => Error::user(tr!(lang, "err-replay-live")),
        ReplayError::NoBattle => Error::user(tr!(lang, "err-replay-no-battle")),
        ReplayError::Unreadable(why) => {
            Error::Internal(anyhow::anyhow!("match {id} is unreadable: {why}"))
        }
        ReplayError::Store(e) => {
            tracing::error!(match_id = %id, error = %e, "could not read a finished match");
            Error::Failed(UserError(tr!(lang, "err-storage-read")))
        }
    })?;
    // A forgotten member is named in the reader's language.
    for (name, &p) in done.names.iter_mut().zip(&done.players) {
        *name = crate::bot::standings::shown_name(lang, p, name);
    }
    Ok(done)
}

/// A finished match hides nothing, but it is shown only in the server where it was
/// played, and to its players anywhere (a match without a known server, to its players
/// only).
pub(crate) fn allowed(
    done: &Finished,
    here: Option<u64>,
    me: PlayerId,
    lang: Lang,
) -> Result<(), Error> {
    if done.players.contains(&me) || (done.guild.is_some() && done.guild == here) {
        Ok(())
    } else {
        Err(Error::user(tr!(lang, "err-replay-elsewhere")))
    }
}

/// The caller's last ten finished matches, newest first, filtered by what was typed.
async fn your_matches(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx);
    let me = player(ctx.author());
    let recent = match ctx.data().session.recent(me, CHOICES).await {
        Ok(recent) => recent,
        Err(e) => {
            tracing::warn!(error = %e, "could not list recent matches");
            Vec::new()
        }
    };
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_replay_is_for_its_server_and_its_players() {
        let done = |guild| Finished {
            id: MatchId(9),
            guild,
            players: [PlayerId(1), PlayerId(2)],
            names: ["Ann".into(), "Bo".into()],
            variant: crate::game::Variant::Classic,
            ended: SystemTime::UNIX_EPOCH,
            replay: None,
        };
        let (ann, stranger, en) = (PlayerId(1), PlayerId(3), Lang::EnUs);
        assert!(allowed(&done(Some(5)), Some(5), stranger, en).is_ok());
        assert!(allowed(&done(Some(5)), Some(6), stranger, en).is_err());
        assert!(allowed(&done(Some(5)), None, stranger, en).is_err());
        assert!(allowed(&done(Some(5)), Some(6), ann, en).is_ok());
        // Without a known server: its players only, wherever they ask.
        assert!(allowed(&done(None), None, stranger, en).is_err());
        assert!(allowed(&done(None), Some(5), stranger, en).is_err());
        assert!(allowed(&done(None), None, ann, en).is_ok());
    }

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
