//! `/challenge`: open a match in this channel.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use super::play;
use super::words;
use crate::ai::Difficulty;
use crate::bot::kit::audience::{Audience, public_locale};
use crate::bot::kit::buttons::{ButtonId, MatchButton};
use crate::bot::kit::choices::{DifficultyChoice, PaceChoice, VariantChoice};
use crate::bot::kit::context::{lang_of, player};
use crate::bot::kit::error::{Arg, private_reply, says};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::policy::{allowed_here, may_open_threads, missing_permissions, where_asked};
use crate::bot::kit::{Context, Error, pictures};
use crate::game::{MatchOptions, Variant};
use crate::session::{Challenged, NewMatch};

// Descriptions, names in other languages and help: `cmd-challenge-*` in the catalogues.
/// Challenge a member (or me, the computer) to a sea battle in this channel.
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "The member you want to play against"] opponent: serenity::User,
    #[description = "Rule set"] variant: Option<VariantChoice>,
    #[description = "Game 2000 house rule"] forbid_repeats: Option<bool>,
    #[description = "Against the computer"] difficulty: Option<DifficultyChoice>,
    #[description = "How fast"] pace: Option<PaceChoice>,
) -> Result<(), Error> {
    let me = ctx.author();
    // Where the bot is no member it cannot post, so it needs no permission there: the
    // match is played in the answers to the players' interactions.
    let audience = Audience::of_command(ctx);
    let here = audience.bot_is_there();
    if audience.answers_forced_private() {
        // Discord would show every answer to the challenger alone: nobody could follow.
        return Err(Error::user(says!("err-challenge-private-answers")));
    }
    if let Some(missing) = missing_permissions(ctx).filter(|_| here) {
        return Err(Error::user(says!(
            "err-missing-permissions",
            missing = Arg::Keys(missing)
        )));
    }
    let guild = audience.match_guild();
    let (channel, parent) = where_asked(ctx);
    let (settings, pace) =
        allowed_here(ctx, guild, (channel, parent), pace.map(Into::into)).await?;
    let variant: Variant = variant.map_or(settings.default_rules, Into::into);
    if opponent.id == me.id {
        return Err(Error::user(says!("err-challenge-self")));
    }
    let options = MatchOptions {
        repeats_forbidden: forbid_repeats.unwrap_or(settings.forbid_repeats),
    };
    let versus_bot = opponent.id == ctx.framework().bot_id();
    if opponent.bot && !versus_bot {
        return Err(Error::user(says!("err-challenge-bots")));
    }
    if !versus_bot && audience.in_bot_dm() {
        // Only the challenger sees this DM: the challenged member could never accept.
        return Err(Error::user(says!("err-challenge-bot-dm")));
    }
    let level = versus_bot.then(|| difficulty.map_or(Difficulty::Normal, Into::into));
    // The computer's name says its level, in the challenger's language.
    let lang = audience.user_lang();
    let opponent_name = match level {
        Some(level) => format!(
            "{} ({})",
            opponent.display_name(),
            crate::bot::kit::i18n::names::difficulty(lang, level)
        ),
        None => opponent.display_name().to_owned(),
    };
    // A thread of its own, where the server wants it and the bot may make one (in a thread
    // already, the match is played there).
    let wants_thread = settings.threads && level.is_none() && parent.is_none();
    let thread = wants_thread && here && may_open_threads(ctx);
    // The server's language for public texts, unless it chose another.
    let guild_locale = public_locale(settings.language.clone(), audience.guild_locale.clone());
    let new = NewMatch {
        channel,
        guild,
        challenger: player(me),
        opponent: player(&opponent),
        names: [me.display_name().to_owned(), opponent_name],
        variant,
        options,
        guild_locale: guild_locale.clone(),
        challenger_locale: ctx.locale().map(str::to_owned),
        computer: level,
        pace,
        rated: settings.rated,
        thread,
    };
    let opened = ctx.data().session.matches().challenge(new).await?;
    let public = lang_of(guild_locale.as_ref());
    if let Some(level) = level {
        return announce_versus_computer(ctx, public, &opponent, variant, level, opened).await;
    }
    if !here && let poise::Context::Application(a) = ctx {
        // The challenger's private preview will follow this command's answer (kept before
        // the challenge shows, which may be accepted at once).
        ctx.data().tokens.keep(opened.id, &a.interaction.token);
    }
    announce_challenge(ctx, here, public, &opponent, variant, options, opened).await?;
    if wants_thread && !thread {
        // Said once, to the challenger alone: why this match is not in a thread.
        ctx.send(private_reply(tr!(lang, "challenge-no-thread")))
            .await?;
    }
    Ok(())
}

/// Posts the public challenge with its Accept and Decline buttons.
async fn announce_challenge(
    ctx: Context<'_>,
    here: bool,
    public: Lang,
    opponent: &serenity::User,
    variant: Variant,
    options: MatchOptions,
    opened: Challenged,
) -> Result<(), Error> {
    let id = opened.id;
    let [accept, decline] = words::answer_buttons(public);
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::Match(MatchButton::Accept(id)).to_string())
            .label(accept)
            .style(serenity::ButtonStyle::Success),
        CreateButton::new(ButtonId::Match(MatchButton::Decline(id)).to_string())
            .label(decline)
            .style(serenity::ButtonStyle::Danger),
    ])];
    let mut content = format!(
        "{}\n{}",
        words::challenge(
            public,
            player(ctx.author()),
            player(opponent),
            variant,
            options.repeats_forbidden,
            opened.deadline,
        ),
        words::pace_line(public, opened.pace, opened.turn)
    );
    if !here {
        // Only members who added the app can use its commands here: say how.
        let app = ctx.http().application_id().map_or_else(
            || ctx.framework().bot_id().get(),
            serenity::ApplicationId::get,
        );
        content.push('\n');
        content.push_str(&tr!(
            public,
            "challenge-install-hint",
            opponent = crate::bot::kit::markup::mention(player(opponent)),
            link = crate::bot::kit::permissions::user_install_url(app)
        ));
    }
    let reply = poise::CreateReply::default()
        .content(content)
        .components(buttons)
        .allowed_mentions(serenity::CreateAllowedMentions::new().users([opponent.id]));
    if let Err(e) = ctx.send(reply).await {
        // Nobody saw the challenge: call it off again.
        withdraw(ctx, id).await;
        return Err(e.into());
    }
    Ok(())
}

/// Calls off a match nobody was told about.
async fn withdraw(ctx: Context<'_>, id: crate::session::MatchId) {
    if let Err(e) = ctx.data().session.matches().withdraw(id).await {
        tracing::warn!(match_id = %id, error = %e, "could not withdraw an unseen challenge");
    }
}

/// Announces a match against the computer (its fleet is already placed) and sends the
/// member a private preview to place theirs.
async fn announce_versus_computer(
    ctx: Context<'_>,
    public: Lang,
    bot: &serenity::User,
    variant: Variant,
    level: Difficulty,
    opened: Challenged,
) -> Result<(), Error> {
    let lang = Audience::of_command(ctx).user_lang();
    let Some(preview) = opened.preview else {
        withdraw(ctx, opened.id).await;
        return Err(Error::Internal(anyhow::anyhow!(
            "no preview in a fresh match against the computer"
        )));
    };
    let announcement = poise::CreateReply::default()
        .content(format!(
            "{}\n{}",
            words::versus_computer(
                public,
                player(ctx.author()),
                player(bot),
                level,
                variant,
                opened.deadline,
            ),
            words::pace_line(public, opened.pace, opened.turn)
        ))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(e) = ctx.send(announcement).await {
        withdraw(ctx, opened.id).await;
        return Err(e.into());
    }
    // A followup: it must be marked ephemeral explicitly, or it would be public.
    let private = private_reply(play::preview_text(lang, &preview))
        .attachment(pictures::own_board(
            &ctx.data().renderer,
            &preview.view,
            lang,
        )?)
        .components(play::preview_buttons(lang, &preview));
    ctx.send(private).await?;
    Ok(())
}

// The buttons that start a match: Accept and Decline under a challenge, Rematch under
// an end; and the fleet previews they send.
