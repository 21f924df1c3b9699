//! `/challenge`: open a match in this channel.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::ai::Difficulty;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::buttons::ButtonId;
use crate::bot::kit::choices::{DifficultyChoice, PaceChoice, VariantChoice};
use crate::bot::kit::click::{Click, stale_button, update};
use crate::bot::kit::context::{channel_key, guild_locale, user_lang};
use crate::bot::kit::context::{lang_of, player};
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::error::{Arg, private_reply, says};
use crate::bot::kit::i18n::names::{variant_name, variant_title};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::policy::{allowed_here, may_open_threads, missing_permissions, where_asked};
use crate::bot::kit::presence::match_guild;
use crate::bot::kit::presence::{answers_private_here, bot_is_here, in_bot_dm};
use crate::bot::kit::{Context, Data, Error, pictures};
use crate::bot::play;
use crate::bot::text;
use crate::game::{MatchOptions, Variant};
use crate::session::{Challenged, MatchId, NewMatch};

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
    let here = bot_is_here(ctx);
    if answers_private_here(ctx) {
        // Discord would show every answer to the challenger alone: nobody could follow.
        return Err(Error::user(says!("err-challenge-private-answers")));
    }
    if let Some(missing) = missing_permissions(ctx).filter(|_| here) {
        return Err(Error::user(says!(
            "err-missing-permissions",
            missing = Arg::Keys(missing)
        )));
    }
    let guild = match_guild(ctx);
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
    if !versus_bot && in_bot_dm(ctx) {
        // Only the challenger sees this DM: the challenged member could never accept.
        return Err(Error::user(says!("err-challenge-bot-dm")));
    }
    let level = versus_bot.then(|| difficulty.map_or(Difficulty::Normal, Into::into));
    // The computer's name says its level, in the challenger's language.
    let lang = user_lang(ctx);
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
    let guild_locale = settings.language.clone().or_else(|| guild_locale(ctx));
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

/// Sends each member's fleet preview by DM (a hint in the channel when their DMs are
/// closed). One player's failed DM never costs the other theirs.
pub(crate) async fn send_previews(
    http: &serenity::Http,
    data: &Data,
    id: MatchId,
    previews: &[crate::session::PlayerPreview],
    public: Lang,
) {
    for (p, preview, locale) in previews {
        let private = locale.as_deref().map_or(public, Lang::from_discord);
        let delivered = play::dm_preview(http, &data.renderer, *p, preview, private)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(match_id = %id, error = %e, "could not send a fleet preview by DM");
                false
            });
        if !delivered {
            let hint = Post {
                content: text::dm_closed_hint(public, &data.commands, *p),
                files: Vec::new(),
                ping: vec![serenity::UserId::new(p.0)],
                about: Some(preview.id),
                ..Post::default()
            };
            deliver::post_or_dm(http, &data.notes, preview.channel.0, &hint, &[p.0]).await;
        }
    }
}

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
    let accepted_text = text::accepted(
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
        deliver::post_quietly(&ctx.http, click.channel_id.get(), &post).await;
    }
    let answer = Answer::Click(&ctx.http, click);
    if updated.is_ok() && !answer.bot_is_there() {
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

/// Where the bot can only answer: the fleet previews of a match just accepted by
/// `answer`'s click, each private: the clicker's as a follow-up of the click, the
/// challenger's as a follow-up of their `/challenge` while its token lasts, else by DM
/// (and `/place` shows it there at any time, as the accepted challenge says).
async fn answer_previews(
    answer: &Answer<'_>,
    data: &Data,
    id: MatchId,
    previews: &[crate::session::PlayerPreview],
    public: Lang,
) {
    let Answer::Click(http, _) = *answer else {
        return;
    };
    let token = data.tokens.take(id);
    for (p, preview, locale) in previews {
        let lang = locale.as_deref().map_or(public, Lang::from_discord);
        let picture = match pictures::own_board(&data.renderer, &preview.view, lang) {
            Ok(picture) => picture,
            Err(e) => {
                tracing::error!(match_id = %id, error = %e, "could not draw a fleet preview");
                continue;
            }
        };
        let post = Post {
            content: play::preview_text(lang, preview),
            files: vec![picture],
            components: play::preview_buttons(lang, preview),
            about: Some(id),
            ..Post::default()
        };
        let shown = if p.0 == answer.member() {
            answer.follow_up(&post, true).await.is_ok()
        } else {
            match &token {
                Some(token) => crate::bot::kit::answer::private_follow_up(http, token, &post).await,
                None => false,
            }
        };
        if !shown {
            let delivered = play::dm_preview(http, &data.renderer, *p, preview, lang)
                .await
                .unwrap_or(false);
            tracing::info!(match_id = %id, player = p.0, delivered, "a fleet preview went by DM");
        }
    }
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
        retire_thread(http, id, orphan, home, names, public).await;
    } else if maybe_made {
        // Look for it now and once more after the longest a request may take.
        let (http, message) = (std::sync::Arc::clone(&c.ctx.http), c.interaction.message.id);
        tokio::spawn(async move {
            for wait in [std::time::Duration::ZERO, deliver::ATTEMPT] {
                tokio::time::sleep(wait).await;
                if let Some(orphan) = made_after_all(&http, message, parent).await {
                    retire_thread(&http, id, orphan, home, names, public).await;
                    return;
                }
            }
        });
    }
    let players: Vec<u64> = accepted.players.iter().map(|p| p.0).collect();
    let greeting = if thread.is_some() && home != parent {
        text::accepted(
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
    deliver::post_or_dm(http, &c.data.notes, home.0, &post, &players).await;
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
    http: &serenity::Http,
    id: MatchId,
    thread: crate::session::ChannelKey,
    home: crate::session::ChannelKey,
    [challenger, opponent]: [crate::game::PlayerId; 2],
    public: Lang,
) {
    let pointer = Post::text(tr!(
        public,
        "thread-unused",
        challenger = text::mention(challenger),
        opponent = text::mention(opponent),
        channel = text::channel(home.0)
    ))
    .about(id);
    deliver::post_quietly(http, thread.0, &pointer).await;
    deliver::archive(http, thread.0).await;
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
            .content(crate::bot::ending::end_text(&end))
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
                &crate::bot::ending::end_text(&end),
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

/// Rematch under a match's end: recorded until both players (against the computer, the
/// member) have pressed it, then the new match starts in placement.
pub(crate) async fn rematch_button(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    use crate::session::Rematch;
    let (ctx, click, lang) = (c.ctx, c.interaction, c.lang);
    let me = player(&click.user);
    // Clicked in a thread the bot did not open: the server's channels count its parent.
    let parent = click
        .channel
        .as_ref()
        .filter(|ch| {
            matches!(
                ch.kind,
                serenity::ChannelType::PublicThread
                    | serenity::ChannelType::PrivateThread
                    | serenity::ChannelType::NewsThread
            )
        })
        .and_then(|ch| ch.parent_id)
        .map(channel_key);
    let outcome = c
        .data
        .session
        .matches()
        .rematch_in(id, me, Some(click.locale.clone()), parent)
        .await?;
    // The end message is public, and so is the answer: the other player must see it.
    let public = c.public_lang().await;
    match outcome {
        Rematch::Waiting {
            other,
            until,
            again,
        } => {
            // The first click tells the other player (a ping); a repeated one only
            // reminds the clicker, privately.
            let speak = if again { lang } else { public };
            let content = tr!(
                speak,
                "rematch-waiting",
                player = text::mention(me),
                other = text::mention(other),
                deadline = text::relative(until)
            );
            let pings: Vec<serenity::UserId> = if again {
                Vec::new()
            } else {
                vec![serenity::UserId::new(other.0)]
            };
            click
                .create_response(
                    ctx,
                    serenity::CreateInteractionResponse::Message(
                        serenity::CreateInteractionResponseMessage::new()
                            .content(content)
                            .ephemeral(again)
                            .allowed_mentions(serenity::CreateAllowedMentions::new().users(pings)),
                    ),
                )
                .await?;
            Ok(())
        }
        Rematch::Started(started) => rematch_started(c, &started).await,
    }
}

/// Says that a rematch began (in the channel if the answer fails) and sends the previews.
async fn rematch_started(c: &Click<'_>, started: &crate::session::Restarted) -> Result<(), Error> {
    let (ctx, click) = (c.ctx, c.interaction);
    let public = crate::bot::kit::context::lang_of(started.accepted.guild_locale.as_ref());
    let [challenger, opponent] = started.accepted.players;
    let mut content = c.data.commands.clickable(
        public,
        &tr!(
            public,
            if started.computer {
                "rematch-started-computer"
            } else {
                "rematch-started"
            },
            challenger = text::mention(challenger),
            opponent = text::mention(opponent),
            variant = variant_title(public, started.accepted.variant),
            deadline = text::relative(started.accepted.deadline)
        ),
    );
    if let Some(first) = started.first {
        content.push(' ');
        content.push_str(&tr!(public, "rematch-first", player = text::mention(first)));
    }
    content.push('\n');
    content.push_str(&crate::bot::standings::series_line(
        public,
        &started.names,
        &started.series,
    ));
    let humans: Vec<u64> = started.accepted.previews.iter().map(|p| p.0.0).collect();
    let answered = click
        .create_response(
            ctx,
            serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(content.clone())
                    .allowed_mentions(
                        serenity::CreateAllowedMentions::new()
                            .users(humans.iter().map(|&u| serenity::UserId::new(u))),
                    ),
            ),
        )
        .await;
    if let Err(failed) = answered {
        let error = Error::from(failed);
        // A timeout may have delivered it after all: look before saying it twice.
        let arrived = deliver::updated(&ctx.http, click, &error, &content).await;
        if !arrived {
            tracing::warn!(match_id = %started.id, %error, "could not answer a rematch click; posting instead");
            let post = Post {
                content,
                ping: humans.iter().map(|&u| serenity::UserId::new(u)).collect(),
                about: Some(started.id),
                ..Post::default()
            };
            deliver::post_or_dm(&ctx.http, &c.data.notes, started.channel.0, &post, &humans).await;
        }
    }
    // The rematch has begun and was said somewhere: the click is done. Where the bot can
    // only answer, the previews are private answers (the clicker's to this click).
    let answer = Answer::Click(&ctx.http, click);
    if !answer.bot_is_there() {
        answer_previews(
            &answer,
            c.data,
            started.id,
            &started.accepted.previews,
            public,
        )
        .await;
        return Ok(());
    }
    send_previews(
        &ctx.http,
        c.data,
        started.id,
        &started.accepted.previews,
        public,
    )
    .await;
    Ok(())
}
