//! `/challenge`: open a match in this channel.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::ai::Difficulty;
use crate::bot::buttons::ButtonId;
use crate::bot::context::{asker, guild_locale, match_guild, user_lang};
use crate::bot::error::UserError;
use crate::bot::error::private_reply;
use crate::bot::i18n::errors::session_error;
use crate::bot::i18n::names;
use crate::bot::i18n::{Lang, tr};
use crate::bot::play::{self, player};
use crate::bot::presence::{answers_private_here, bot_is_here, in_bot_dm};
use crate::bot::{Context, Error, pictures, text};
use crate::game::{MatchOptions, Variant};
use crate::session::{Challenged, ChannelKey, NewMatch, Pace, Settings};

/// The rule set, as offered in the command. The names shown in Discord come from the
/// catalogues (`choice-variant-classic`, `choice-variant-game2000`).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    /// Søslag / Sjöslag: 10×10, one shot, a hit fires again.
    #[name = "classic"]
    Classic,
    /// Zeeslag "Game 2000": 9×9, salvos of three, length-only reports.
    #[name = "game2000"]
    Game2000,
}

/// How strong the computer plays, as offered in the command. The names shown come from
/// the catalogues (`choice-difficulty-*`).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum DifficultyChoice {
    /// Beginner: mostly random shots.
    #[name = "easy"]
    Easy,
    /// Solid: aims where ships are most likely.
    #[name = "normal"]
    Normal,
    /// Strong: reasons about every fleet that fits what it has seen.
    #[name = "hard"]
    Hard,
}

/// How fast the match goes, as offered in the command (and in `/settings`). The names
/// shown come from the catalogues (`choice-pace-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PaceChoice {
    /// 60 s a turn.
    #[name = "blitz"]
    Blitz,
    /// 5 minutes a turn.
    #[name = "standard"]
    Standard,
    /// A day a turn, with reminders.
    #[name = "daily"]
    Daily,
}

impl From<PaceChoice> for Pace {
    fn from(p: PaceChoice) -> Self {
        match p {
            PaceChoice::Blitz => Pace::Blitz,
            PaceChoice::Standard => Pace::Standard,
            PaceChoice::Daily => Pace::Daily,
        }
    }
}

impl From<DifficultyChoice> for Difficulty {
    fn from(d: DifficultyChoice) -> Self {
        match d {
            DifficultyChoice::Easy => Difficulty::Easy,
            DifficultyChoice::Normal => Difficulty::Normal,
            DifficultyChoice::Hard => Difficulty::Hard,
        }
    }
}

impl From<VariantChoice> for Variant {
    fn from(v: VariantChoice) -> Self {
        match v {
            VariantChoice::Classic => Variant::Classic,
            VariantChoice::Game2000 => Variant::Game2000,
        }
    }
}

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
    let lang = user_lang(ctx);
    // Where the bot is no member it cannot post, so it needs no permission there: the
    // match is played in the answers to the players' interactions.
    let here = bot_is_here(ctx);
    if answers_private_here(ctx) {
        // Discord would show every answer to the challenger alone: nobody could follow.
        return Err(Error::user(tr!(lang, "err-challenge-private-answers")));
    }
    if let Some(missing) = missing_permissions(ctx, lang).filter(|_| here) {
        return Err(Error::user(tr!(
            lang,
            "err-missing-permissions",
            missing = missing
        )));
    }
    let guild = match_guild(ctx);
    let (channel, parent) = where_asked(ctx);
    let (settings, pace) =
        allowed_here(ctx, lang, guild, (channel, parent), pace.map(Into::into)).await?;
    let variant: Variant = variant.map_or(settings.default_rules, Into::into);
    if opponent.id == me.id {
        return Err(Error::user(tr!(lang, "err-challenge-self")));
    }
    let options = MatchOptions {
        repeats_forbidden: forbid_repeats.unwrap_or(settings.forbid_repeats),
    };
    let versus_bot = opponent.id == ctx.framework().bot_id();
    if opponent.bot && !versus_bot {
        return Err(Error::user(tr!(lang, "err-challenge-bots")));
    }
    if !versus_bot && in_bot_dm(ctx) {
        // Only the challenger sees this DM: the challenged member could never accept.
        return Err(Error::user(tr!(lang, "err-challenge-bot-dm")));
    }
    let level = versus_bot.then(|| difficulty.map_or(Difficulty::Normal, Into::into));
    let opponent_name = match level {
        Some(level) => format!(
            "{} ({})",
            opponent.display_name(),
            crate::bot::i18n::names::difficulty(lang, level)
        ),
        None => opponent.display_name().to_owned(),
    };
    // A thread of its own, where the server wants it and the bot may make one (in a thread
    // already, the match is played there).
    let wants_thread = settings.threads && level.is_none() && parent.is_none();
    let thread = wants_thread && here && may_open_threads(ctx);
    // The server's language for public texts, unless it chose another.
    let guild_locale = settings.language.clone().or_else(|| guild_locale(ctx));
    let new = NewMatch {
        channel: ChannelKey(channel),
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
    let opened = ctx
        .data()
        .session
        .challenge(new)
        .await
        .map_err(|e| session_error(&asker(ctx), &e))?;
    let public = Lang::from_opt(guild_locale.as_deref());
    if let Some(level) = level {
        return announce_versus_computer(ctx, public, &opponent, variant, level, opened).await;
    }
    if !here && let poise::Context::Application(a) = ctx {
        // The challenger's private preview will follow this command's answer (kept before
        // the challenge shows, which may be accepted at once).
        ctx.data().tokens.keep(opened.id, &a.interaction.token);
    }
    announce_challenge(ctx, public, &opponent, variant, options, opened).await?;
    if wants_thread && !thread {
        // Said once, to the challenger alone: why this match is not in a thread.
        ctx.send(private_reply(tr!(lang, "challenge-no-thread")))
            .await?;
    }
    Ok(())
}

/// The server's settings, once they allow a match here at this pace (the pace asked for or
/// the server's default); otherwise the private error that says what is allowed.
async fn allowed_here(
    ctx: Context<'_>,
    lang: Lang,
    guild: Option<u64>,
    (channel, parent): (u64, Option<u64>),
    pace: Option<Pace>,
) -> Result<(Settings, Pace), Error> {
    let settings = match guild {
        Some(g) => ctx.data().session.settings(g).await.map_err(|e| {
            tracing::error!(error = %e, "could not read the settings");
            Error::Failed(UserError(tr!(lang, "err-storage-read")))
        })?,
        None => Settings::default(),
    };
    if !settings.allows(channel, parent) {
        let channels: Vec<String> = settings
            .channels
            .iter()
            .map(|&c| text::channel(c))
            .collect();
        return Err(Error::user(tr!(
            lang,
            "err-channel-not-allowed",
            channels = channels.join(", ")
        )));
    }
    let pace: Pace = pace.unwrap_or(settings.pace);
    if !settings.paces.contains(&pace) {
        let paces: Vec<String> = settings
            .paces
            .iter()
            .map(|&p| names::pace(lang, p))
            .collect();
        return Err(Error::user(tr!(
            lang,
            "err-pace-not-allowed",
            pace = names::pace(lang, pace),
            paces = paces.join(", ")
        )));
    }
    Ok((settings, pace))
}

/// The channel the command was used in and, when it is a thread, the channel the thread
/// hangs under.
fn where_asked(ctx: Context<'_>) -> (u64, Option<u64>) {
    let here = ctx.channel_id().get();
    let poise::Context::Application(a) = ctx else {
        return (here, None);
    };
    let parent = a
        .interaction
        .channel
        .as_ref()
        .filter(|c| is_thread(c.kind))
        .and_then(|c| c.parent_id)
        .map(serenity::ChannelId::get);
    (here, parent)
}

fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    )
}

/// Whether the bot may open a public thread here and post in it (the interaction's
/// `app_permissions`).
pub(crate) fn may_open_threads(ctx: Context<'_>) -> bool {
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

/// The permissions the bot lacks in this channel, named in `lang` ("Attach Files, Embed
/// Links"), read from the interaction's `app_permissions`; `None` when nothing is missing
/// (or Discord did not say).
fn missing_permissions(ctx: Context<'_>, lang: Lang) -> Option<String> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    let have = a.interaction.app_permissions?;
    let thread = a
        .interaction
        .channel
        .as_ref()
        .is_some_and(|c| is_thread(c.kind));
    let missing: Vec<String> = crate::bot::permissions::needed(thread)
        .into_iter()
        .filter(|(p, _)| !have.contains(*p))
        .map(|(_, key)| tr!(lang, key))
        .collect();
    (!missing.is_empty()).then(|| missing.join(", "))
}

/// Posts the public challenge with its Accept and Decline buttons.
async fn announce_challenge(
    ctx: Context<'_>,
    public: Lang,
    opponent: &serenity::User,
    variant: Variant,
    options: MatchOptions,
    opened: Challenged,
) -> Result<(), Error> {
    let id = opened.id;
    let [accept, decline] = text::answer_buttons(public);
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::Accept(id).to_string())
            .label(accept)
            .style(serenity::ButtonStyle::Success),
        CreateButton::new(ButtonId::Decline(id).to_string())
            .label(decline)
            .style(serenity::ButtonStyle::Danger),
    ])];
    let mut content = format!(
        "{}\n{}",
        text::challenge(
            public,
            player(ctx.author()),
            player(opponent),
            variant,
            options.repeats_forbidden,
            opened.deadline,
        ),
        text::pace_line(public, opened.pace, opened.turn)
    );
    if !bot_is_here(ctx) {
        // Only members who added the app can use its commands here: say how.
        let app = ctx.http().application_id().map_or_else(
            || ctx.framework().bot_id().get(),
            serenity::ApplicationId::get,
        );
        content.push('\n');
        content.push_str(&tr!(
            public,
            "challenge-install-hint",
            opponent = text::mention(player(opponent)),
            link = crate::bot::permissions::user_install_url(app)
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
    if let Err(e) = ctx.data().session.withdraw(id).await {
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
    let lang = user_lang(ctx);
    let Some(preview) = opened.preview else {
        withdraw(ctx, opened.id).await;
        return Err(Error::Internal(anyhow::anyhow!(
            "no preview in a fresh match against the computer"
        )));
    };
    let announcement = poise::CreateReply::default()
        .content(format!(
            "{}\n{}",
            text::versus_computer(
                public,
                player(ctx.author()),
                player(bot),
                level,
                variant,
                opened.deadline,
            ),
            text::pace_line(public, opened.pace, opened.turn)
        ))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(e) = ctx.send(announcement).await {
        withdraw(ctx, opened.id).await;
        return Err(e.into());
    }
    // A followup: it must be marked ephemeral explicitly, or it would be public.
    let private = private_reply(play::preview_text(lang, &preview))
        .attachment(pictures::own_board(&preview.view, lang)?)
        .components(play::preview_buttons(lang, &preview));
    ctx.send(private).await?;
    Ok(())
}
