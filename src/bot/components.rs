//! Button clicks, routed by custom id (see [`super::buttons`]) in the framework's global
//! event handler. Routing by a stable id (instead of collectors) means no click is missed
//! and buttons keep working after a restart, as long as the match is live. Clicks on ids
//! without our prefix are not ours and are left alone.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage};

use super::answer::Answer;
use super::buttons::{ButtonId, PREFIX};
use super::deliver::{self, Post};
use super::i18n::errors::{Asker, forget_error, rematch_error, replay_refusal, session_error};
use super::i18n::names::{variant_name, variant_title};
use super::i18n::{Lang, tr};
use super::moves::{self, Moved};
use super::play::{self, lang_of, player};
use super::{Data, Error, pictures, text};
use crate::game::Confirmed;
use crate::session::MatchId;

/// What players see when they click a button of a game that is gone, in `lang`.
#[must_use]
pub fn stale_button(lang: Lang) -> Error {
    Error::user(tr!(lang, "err-stale-button"))
}

/// Handles a component interaction if its custom id carries our prefix.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
) -> Result<(), Error> {
    let custom_id = click.data.custom_id.as_str();
    if !custom_id.starts_with(PREFIX) {
        tracing::debug!(custom_id, "ignoring a component that is not ours");
        return Ok(());
    }
    // Answers to the clicking user are in their language.
    let lang = Lang::from_discord(&click.locale);
    let c = Click {
        ctx,
        data,
        interaction: click,
        lang,
    };
    let started = std::time::Instant::now();
    if let Some(which) = super::commands::tournament::Button::parse(custom_id) {
        let outcome = super::commands::tournament::button(ctx, data, click, which).await;
        return finish_click(
            ctx,
            data,
            click,
            custom_id,
            "button:tournament",
            started,
            outcome,
        )
        .await;
    }
    let parsed = custom_id.parse::<ButtonId>();
    let name = match &parsed {
        Ok(ButtonId::Accept(_)) => "button:accept",
        Ok(ButtonId::Decline(_)) => "button:decline",
        Ok(ButtonId::Shuffle(_)) => "button:shuffle",
        Ok(ButtonId::Ready(..)) => "button:ready",
        Ok(ButtonId::Replay(_)) => "button:replay",
        Ok(ButtonId::Rematch(_)) => "button:rematch",
        Ok(ButtonId::LastFleet(_)) => "button:last-fleet",
        Ok(ButtonId::Board { .. }) => "button:leaderboard",
        Ok(ButtonId::Forget(_)) => "button:forget",
        Ok(ButtonId::Reminders(..)) => "button:reminders",
        Ok(ButtonId::ResetSettings(_)) => "button:settings-reset",
        Ok(ButtonId::Matches { .. }) => "button:matches",
        Ok(ButtonId::Editor(..)) => "button:editor",
        Err(_) => "button:unknown",
    };
    let outcome = match parsed {
        Err(_) => {
            tracing::warn!(custom_id, user = %click.user.id, "malformed component id");
            Err(stale_button(lang))
        }
        Ok(ButtonId::Accept(id)) => accept(&c, id).await,
        Ok(ButtonId::Decline(id)) => decline(&c, id).await,
        Ok(ButtonId::Shuffle(id)) => shuffle(&c, id).await,
        Ok(ButtonId::Ready(id, tag)) => ready(&c, id, &tag).await,
        Ok(ButtonId::Replay(id)) => replay(&c, id).await,
        Ok(ButtonId::Rematch(id)) => rematch(&c, id).await,
        Ok(ButtonId::LastFleet(id)) => last_fleet(&c, id).await,
        Ok(ButtonId::Board {
            variant,
            page,
            asker,
            table,
        }) => board_page(&c, variant, page, asker, table).await,
        Ok(ButtonId::Forget(p)) => forget(&c, p).await,
        Ok(ButtonId::Reminders(p, on)) => reminders(&c, p, on).await,
        Ok(ButtonId::ResetSettings(p)) => reset_settings(&c, p).await,
        Ok(ButtonId::Matches { page }) => matches_page(&c, page).await,
        Ok(ButtonId::Editor(id, control)) => {
            super::editor::click(ctx, data, click, lang, id, control).await
        }
    };
    finish_click(ctx, data, click, custom_id, name, started, outcome).await
}

/// Counts a click and answers a refused or failed one privately.
async fn finish_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    custom_id: &str,
    name: &str,
    started: std::time::Instant,
    outcome: Result<(), Error>,
) -> Result<(), Error> {
    let lang = Lang::from_discord(&click.locale);
    let result = match &outcome {
        Ok(()) => "ok",
        Err(Error::User(_)) => "refused",
        Err(_) => "failed",
    };
    super::metrics::command_done(name, result, Some(started.elapsed().as_secs_f64()));
    if let Err(error) = outcome {
        match &error {
            Error::User(_) => {}
            other => tracing::error!(custom_id, error = %other, "button handler failed"),
        }
        if let Error::Discord(e) = &error {
            super::metrics::discord_error(e);
        }
        let reply = CreateInteractionResponseMessage::new()
            .content(error.player_message(lang))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        click
            .create_response(ctx, CreateInteractionResponse::Message(reply))
            .await?;
    }
    // What waits for this player where the bot can only answer goes with this click.
    super::answer::hand_over(&Answer::Click(&ctx.http, click), data).await;
    Ok(())
}

/// One click on one of our buttons, with what every action needs.
struct Click<'a> {
    ctx: &'a serenity::Context,
    data: &'a Data,
    interaction: &'a ComponentInteraction,
    /// The clicking user's language.
    lang: Lang,
}

impl Click<'_> {
    /// The member who clicked, as the words of an answer see them.
    fn asker(&self) -> Asker {
        Asker {
            lang: self.lang,
            player: player(&self.interaction.user),
            guild: self.interaction.guild_id.map(serenity::GuildId::get),
        }
    }

    /// The language of the server's public texts (its setting, else its locale; in a DM,
    /// the clicker's).
    async fn public_lang(&self) -> Lang {
        let click = self.interaction;
        let guild = click.guild_id.map(serenity::GuildId::get);
        let chosen = self.data.session.language(guild).await;
        chosen
            .as_deref()
            .or(click.guild_locale.as_deref())
            .map_or(self.lang, Lang::from_discord)
    }

    /// A refused session operation, in the clicker's words.
    fn refusal(&self, error: &crate::session::SessionError) -> Error {
        session_error(&self.asker(), error)
    }
}

/// The replay of a finished match, privately to whoever clicked (anyone who may watch it:
/// see [`crate::session::Session::replay`]).
async fn replay(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let (ctx, click, lang) = (c.ctx, c.interaction, c.lang);
    // "Thinking" (privately) first: whether the clicker may watch it is asked of Discord,
    // which may be slow, and drawing takes a moment.
    click
        .create_response(
            ctx,
            CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(true),
            ),
        )
        .await?;
    let viewer = crate::session::Viewer {
        player: player(&click.user),
        guild: click.guild_id.map(serenity::GuildId::get),
        channel: click.channel_id.get(),
    };
    // The deferred answer is filled in (it stays private); a refusal is said there too.
    let shown = match super::commands::replay::watch(&ctx.http, c.data, id, &viewer, lang).await {
        Ok(done) => c
            .data
            .replays
            .replay(done, lang, viewer.player)
            .await
            .map_err(|refused| replay_refusal(lang, refused)),
        Err(e) => Err(e),
    };
    let edit = match shown {
        Ok(post) => serenity::EditInteractionResponse::new()
            .content(post.caption)
            .new_attachment(post.file),
        Err(e) => {
            if !matches!(e, Error::User(_)) {
                tracing::error!(match_id = %id, error = %e, "could not show a replay");
            }
            serenity::EditInteractionResponse::new().content(e.player_message(lang))
        }
    };
    if let Err(e) = click.edit_response(ctx, edit).await {
        tracing::warn!(match_id = %id, error = %e, "could not send a replay");
    }
    Ok(())
}

/// Replaces the message the button sits on.
async fn update(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    message: CreateInteractionResponseMessage,
) -> Result<(), Error> {
    click
        .create_response(ctx, CreateInteractionResponse::UpdateMessage(message))
        .await?;
    Ok(())
}

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
        let delivered = play::dm_preview(http, *p, preview, private)
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

/// Rematch under a match's end: recorded until both players (against the computer, the
/// member) have pressed it, then the new match starts in placement.
async fn rematch(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
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
        .map(serenity::ChannelId::get);
    let outcome = c
        .data
        .session
        .rematch_in(id, me, Some(click.locale.clone()), parent)
        .await
        .map_err(|e| rematch_error(&c.asker(), &c.data.commands, &e))?;
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
                    CreateInteractionResponse::Message(
                        CreateInteractionResponseMessage::new()
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
    let public = play::lang_of(started.accepted.guild_locale.as_ref());
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
    content.push_str(&super::standings::series_line(
        public,
        &started.names,
        &started.series,
    ));
    let humans: Vec<u64> = started.accepted.previews.iter().map(|p| p.0.0).collect();
    let answered = click
        .create_response(
            ctx,
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
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

/// Takes the last match's fleet again (a rematch's preview).
async fn last_fleet(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    let preview = c
        .data
        .session
        .last_fleet(id, me)
        .await
        .map_err(|e| c.refusal(&e))?;
    show_preview(c, &preview).await
}

/// Replaces the clicked preview with `preview` (after Shuffle or Last fleet).
async fn show_preview(c: &Click<'_>, preview: &crate::session::Preview) -> Result<(), Error> {
    let lang = c.lang;
    let picture = pictures::own_board(&preview.view, lang)?;
    update(
        c.ctx,
        c.interaction,
        CreateInteractionResponseMessage::new()
            .content(play::preview_text(lang, preview))
            .files([picture])
            .components(play::preview_buttons(lang, preview)),
    )
    .await
}

/// Another page of a leaderboard: the message shows it, for everyone.
async fn board_page(
    c: &Click<'_>,
    variant: crate::game::Variant,
    page: u32,
    asker: crate::game::PlayerId,
    table: super::buttons::BoardTable,
) -> Result<(), Error> {
    use super::commands::leaderboard::{Page, draw, server_name};
    let click = c.interaction;
    let public = c.public_lang().await;
    // A server's board is the message's server's; the global board belongs to none.
    let (guild, name) = if table == super::buttons::BoardTable::Global {
        (None, tr!(public, "board-global"))
    } else {
        let Some(guild) = click.guild_id else {
            return Err(stale_button(c.lang));
        };
        (Some(guild.get()), server_name(c.ctx, guild, public))
    };
    let page = Page {
        guild,
        variant,
        page,
        asker,
        lang: public,
        table,
    };
    let (picture, buttons) = draw(&c.data.session, &name, &page, c.lang).await?;
    update(
        c.ctx,
        click,
        CreateInteractionResponseMessage::new()
            .files([picture])
            .components(buttons),
    )
    .await
}

/// Confirms `/privacy delete`: forgets the member who asked (and only them).
async fn forget(c: &Click<'_>, who: crate::game::PlayerId) -> Result<(), Error> {
    let lang = c.lang;
    let me = player(&c.interaction.user);
    if me != who {
        return Err(Error::user(
            c.data
                .commands
                .clickable(lang, &tr!(lang, "err-privacy-not-yours")),
        ));
    }
    // Deleting reads and rewrites every finished match of the member, which may take
    // longer than Discord waits for an answer: acknowledge first, then fill it in.
    c.interaction
        .create_response(c.ctx, CreateInteractionResponse::Acknowledge)
        .await?;
    // Done: the button goes. Refused or failed: it stays, to press again later.
    let edit = match c.data.session.forget(me).await {
        Ok(renamed) => {
            // What was drawn of those matches shows the old names.
            c.data.replays.forget(&renamed);
            serenity::EditInteractionResponse::new()
                .content(tr!(lang, "privacy-done", n = renamed.len()))
                .components(vec![])
        }
        Err(e) => serenity::EditInteractionResponse::new().content(forget_error(lang, &e)),
    };
    c.interaction.edit_response(c.ctx, edit).await?;
    Ok(())
}

async fn accept(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let (ctx, click) = (c.ctx, c.interaction);
    let me = player(&click.user);
    let accepted = c
        .data
        .session
        .accept(id, me, Some(click.locale.clone()))
        .await
        .map_err(|e| c.refusal(&e))?;
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
        CreateInteractionResponseMessage::new()
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
        let picture = match pictures::own_board(&preview.view, lang) {
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
                Some(token) => super::answer::private_follow_up(http, token, &post).await,
                None => false,
            }
        };
        if !shown {
            let delivered = play::dm_preview(http, *p, preview, lang)
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
            super::metrics::discord_error(&e);
            tracing::warn!(match_id = %id, error = %e, "could not open a match's thread");
            (None, super::discord::may_have_arrived(&e))
        }
        Err(_) => {
            tracing::warn!(match_id = %id, "opening a match's thread took too long");
            (None, true)
        }
    };
    let home = match c.data.session.settle_home(id, thread).await {
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

async fn decline(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let lang = c.lang;
    let me = player(&c.interaction.user);
    let ended = c
        .data
        .session
        .decline(id, me)
        .await
        .map_err(|e| c.refusal(&e))?;
    // Whoever ended the match announces its end (the sweeper may have, just now).
    let Some(end) = ended else {
        return Err(stale_button(lang));
    };
    let updated = update(
        c.ctx,
        c.interaction,
        CreateInteractionResponseMessage::new()
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
        c.data.session.announced(&end).await;
    } else {
        // The challenge message could not be changed: say it in the channel instead.
        play::announce(&c.ctx.http, c.data, &end).await;
    }
    updated
}

async fn shuffle(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    let preview = c
        .data
        .session
        .shuffle(id, me)
        .await
        .map_err(|e| c.refusal(&e))?;
    show_preview(c, &preview).await
}

async fn ready(c: &Click<'_>, id: MatchId, tag: &str) -> Result<(), Error> {
    let (ctx, click, lang) = (c.ctx, c.interaction, c.lang);
    let me = player(&click.user);
    let readied = c
        .data
        .session
        .ready(id, me, tag)
        .await
        .map_err(|e| c.refusal(&e))?;
    let preview = &readied.preview;
    let waiting_for = match readied.confirmed {
        Confirmed::Waiting => readied.players.into_iter().find(|&p| p != me),
        Confirmed::BattleStarts { .. } => None,
    };
    let confirmed_reply = async {
        update(
            ctx,
            click,
            CreateInteractionResponseMessage::new()
                .content(text::fleet_final(
                    lang,
                    &preview.fleet.to_string(),
                    waiting_for,
                ))
                .files([pictures::own_board(&preview.view, lang)?])
                .components(vec![])
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        )
        .await
    }
    .await;
    if let Confirmed::BattleStarts { first } = readied.confirmed {
        let public = lang_of(readied.guild_locale.as_ref());
        let start = Post {
            content: format!(
                "{}\n{}",
                text::battle_starts(
                    public,
                    &c.data.commands,
                    readied.players,
                    first,
                    preview.variant,
                    readied.deadline,
                ),
                text::pace_line(public, readied.pace, readied.turn)
            ),
            files: Vec::new(),
            ping: readied.players.map(|p| serenity::UserId::new(p.0)).to_vec(),
            about: Some(id),
            ..Post::default()
        };
        // In the channel, or else to the players by DM: the first player must know.
        // Where the bot can only answer, a public follow-up of this click says it.
        let answer = Answer::Click(&ctx.http, click);
        let humans = play::user_ids(&readied.members);
        let answered = if answer.bot_is_there() {
            None
        } else {
            answer.follow_up(&start, false).await.ok()
        };
        let message = match answered {
            Some(message) => message,
            None => {
                deliver::post_or_dm(&ctx.http, &c.data.notes, preview.channel.0, &start, &humans)
                    .await
            }
        };
        // Against the computer, it may fire first (whatever got through above).
        let moved = Moved {
            id,
            pace: readied.pace,
            ended: None,
            computer_next: readied.computer_next,
            message,
        };
        moves::after_move(Some(&answer), &ctx.http, c.data, moved).await;
    }
    confirmed_reply
}

/// Turns the clicker's reminders on or off (the button under a reminder DM).
async fn reminders(c: &Click<'_>, who: crate::game::PlayerId, on: bool) -> Result<(), Error> {
    let lang = c.lang;
    if player(&c.interaction.user) != who {
        return Err(Error::user(tr!(lang, "err-not-your-button")));
    }
    c.data.session.set_reminders(who, on).await.map_err(|e| {
        tracing::error!(error = %e, "could not store a member's reminders");
        Error::Failed(super::error::UserError(tr!(lang, "err-storage")))
    })?;
    let done = if on {
        "reminders-on-done"
    } else {
        "reminders-off-done"
    };
    let next = !on;
    let again = serenity::CreateButton::new(ButtonId::Reminders(who, next).to_string())
        .label(tr!(
            lang,
            if next {
                "button-reminders-on"
            } else {
                "button-reminders-off"
            }
        ))
        .style(serenity::ButtonStyle::Secondary);
    update(
        c.ctx,
        c.interaction,
        CreateInteractionResponseMessage::new()
            .content(c.data.commands.clickable(lang, &tr!(lang, done)))
            .components(vec![serenity::CreateActionRow::Buttons(vec![again])]),
    )
    .await
}

/// Confirms `/settings reset`: only the member who asked, who must still manage the
/// server.
async fn reset_settings(c: &Click<'_>, who: crate::game::PlayerId) -> Result<(), Error> {
    let (lang, click) = (c.lang, c.interaction);
    if player(&click.user) != who {
        return Err(Error::user(tr!(lang, "err-not-your-button")));
    }
    let manages = click
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    let (Some(guild), true) = (click.guild_id, manages) else {
        return Err(Error::user(tr!(lang, "err-settings-permission")));
    };
    c.data
        .session
        .reset_settings(guild.get())
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "could not reset the settings");
            Error::Failed(super::error::UserError(tr!(lang, "err-storage")))
        })?;
    update(
        c.ctx,
        click,
        CreateInteractionResponseMessage::new()
            .content(tr!(lang, "settings-reset-done"))
            .components(vec![]),
    )
    .await
}

/// Another page of `/matches` (a private answer, so the clicker is the member who asked):
/// only the matches they can see.
async fn matches_page(c: &Click<'_>, page: u32) -> Result<(), Error> {
    let click = c.interaction;
    let Some(guild) = click.guild_id else {
        return Err(stale_button(c.lang));
    };
    // Reading who sees what may take a while: acknowledge first, then change the page.
    click
        .create_response(c.ctx, CreateInteractionResponse::Acknowledge)
        .await?;
    let asker = super::commands::matches::Asker {
        http: &c.ctx.http,
        member: click.user.id.get(),
        lang: c.lang,
    };
    match super::commands::matches::page(&c.data.session, guild.get(), page, &asker).await {
        Ok((content, buttons)) => {
            let edit = serenity::EditInteractionResponse::new()
                .content(content)
                .components(buttons)
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            click.edit_response(c.ctx, edit).await?;
        }
        Err(e) => {
            // The page stays; the reason comes beside it, privately.
            let note = serenity::CreateInteractionResponseFollowup::new()
                .content(e.player_message(c.lang))
                .ephemeral(true);
            click.create_followup(c.ctx, note).await?;
        }
    }
    Ok(())
}
