//! `/tournament`: Swiss tournaments in this channel: create, join, leave, start,
//! standings, cancel; the sign-up message's Join and Leave buttons (see [`button`]).
//!
//! The flow after a step of a tournament (announcing, opening the matches in threads,
//! the sweep) is in [`flow`]; the words are in [`words`].

use std::time::SystemTime;

use poise::serenity_prelude as serenity;

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::buttons::TournamentButton;
use crate::bot::kit::choices::{PaceChoice, VariantChoice};
use crate::bot::kit::click::{Click, Refusal};
use crate::bot::kit::context::{lang_of, player};
use crate::bot::kit::error::{private_reply, says};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::{Context, Data, Error};
use crate::session::tournament::{
    DEFAULT_PLAYERS, Event, GuildId, MessageId, NewTournament, SignUpTicket, TournamentError,
    TournamentId, TournamentInfo, TournamentState, parse_start, zone,
};
use crate::session::{ChannelKey, Settings};

pub mod flow;
pub mod words;

// Descriptions, names in other languages and help: `cmd-tournament-*` in the catalogues.
/// Swiss tournaments in this channel.
#[expect(
    clippy::unused_async,
    reason = "Discord never runs a command that has subcommands"
)]
#[poise::command(
    slash_command,
    guild_only,
    subcommands("create", "join", "leave", "start", "standings", "cancel"),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The member's permissions and roles in the interaction.
fn member_of(ctx: Context<'_>) -> (bool, Vec<u64>) {
    let poise::Context::Application(a) = ctx else {
        return (false, Vec::new());
    };
    let Some(m) = a.interaction.member.as_ref() else {
        return (false, Vec::new());
    };
    let manages = m
        .permissions
        .is_some_and(|p| p.manage_guild() || p.administrator());
    (manages, m.roles.iter().map(|r| r.get()).collect())
}

/// The server's settings (a read failure is the member's private error).
async fn settings_of(ctx: Context<'_>, guild: GuildId) -> Result<Settings, Error> {
    Ok(ctx.data().session.settings().of(guild).await?)
}

/// `error`, after the public "thinking" of a deferred answer is taken back, so that the
/// error hook's private word to the member is a message of its own (the first message
/// after a deferral would take the deferral's place, and be public).
async fn unsay(ctx: Context<'_>, error: Error) -> Error {
    if let poise::Context::Application(a) = ctx
        && let Err(e) = a.interaction.delete_response(ctx.http()).await
    {
        tracing::warn!(error = %e, "could not take back a deferred answer");
    }
    error
}

/// Create a Swiss tournament in this channel (Manage Server, or the tournament role).
#[poise::command(slash_command, guild_only)]
pub async fn create(
    ctx: Context<'_>,
    #[description = "The tournament's name"] name: String,
    #[description = "Rule set"] rules: VariantChoice,
    #[description = "Rounds (1-15)"]
    #[min = 1]
    #[max = 15]
    rounds: u32,
    #[description = "How fast its matches go"] pace: PaceChoice,
    #[description = "When it starts: <t:…>, in 2h, in 30m, tomorrow 20:00"] starts: Option<String>,
    #[description = "The most players (4-256, 64 unless told)"]
    #[min = 4]
    #[max = 256]
    max_players: Option<u32>,
) -> Result<(), Error> {
    let guild = ctx
        .guild_id()
        .ok_or_else(|| Error::user(says!("err-tournament-permission")))
        .map(crate::bot::kit::context::guild_key)?;
    let settings = settings_of(ctx, guild).await?;
    let (manages, member_roles) = member_of(ctx);
    let has_role = settings
        .tournament_role
        .is_some_and(|r| member_roles.contains(&r));
    if !manages && !has_role {
        return Err(Error::user(says!("err-tournament-permission")));
    }
    if !crate::bot::kit::policy::may_open_threads(ctx) {
        return Err(Error::user(says!("err-tournament-threads")));
    }
    let zone = settings
        .timezone
        .as_deref()
        .and_then(zone)
        .unwrap_or(jiff::tz::TimeZone::UTC);
    let starts = starts
        .as_deref()
        .map(|s| {
            // The start time in any of the bot's languages ("morgen 20:00", "om 2 timer").
            let english = crate::bot::kit::i18n::keywords::start_in_english(s);
            parse_start(&english, SystemTime::now(), &zone)
                .map_err(|e| words::when_error(&e, s, settings.timezone.as_deref()))
        })
        .transpose()?;
    let locale = crate::bot::kit::audience::public_locale(
        settings.language.clone(),
        crate::bot::kit::audience::guild_locale(ctx),
    );
    let new = NewTournament {
        guild,
        channel: ChannelKey(ctx.channel_id().get()),
        creator: player(ctx.author()),
        name,
        variant: rules.into(),
        rounds,
        pace: pace.into(),
        starts,
        max_players: max_players.unwrap_or(DEFAULT_PLAYERS),
        locale,
    };
    // Every refusal before the public answer (refusals are private); then "thinking"
    // (publicly, as the sign-up message will be) before the store's write, which may take
    // longer than Discord waits for an answer when the machine is busy.
    new.check()?;
    ctx.defer().await?;
    let info = match ctx
        .data()
        .session
        .tournaments()
        .create_tournament(new)
        .await
    {
        Ok(info) => info,
        Err(e) => return Err(unsay(ctx, e.into()).await),
    };
    let public = lang_of(info.locale.as_ref());
    let reply = poise::CreateReply::default()
        .content(
            ctx.data()
                .commands
                .clickable(public, &words::signup(public, &info)),
        )
        .components(words::signup_buttons(public, &info))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    let sent = ctx.send(reply).await?;
    match sent.message().await {
        Ok(m) => {
            if let Err(e) = ctx
                .data()
                .session
                .tournaments()
                .set_signup_message(info.id, MessageId(m.id.get()))
                .await
            {
                tracing::warn!(tournament = %info.id, error = ?e, "could not keep the sign-up message");
            }
        }
        Err(e) => {
            tracing::warn!(tournament = %info.id, error = %e, "could not read the sign-up message back");
        }
    }
    Ok(())
}

/// The tournament the member means (the option, or the channel's only one).
async fn which(ctx: Context<'_>, asked: Option<&str>, any: bool) -> Result<TournamentInfo, Error> {
    let asked = asked
        .map(|a| {
            a.parse::<TournamentId>()
                .map_err(|_| TournamentError::Unknown)
        })
        .transpose()?;
    Ok(ctx
        .data()
        .session
        .tournaments()
        .which_tournament(ChannelKey(ctx.channel_id().get()), asked, any)
        .await?)
}

/// The tournaments of this channel while typing (`tournament:`).
async fn autocomplete_tournament(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let channel = ChannelKey(ctx.channel_id().get());
    let found = ctx
        .data()
        .session
        .tournaments()
        .tournaments_in(channel, false)
        .await
        .unwrap_or_default();
    let typed = partial.trim().to_lowercase();
    let choices: Vec<serenity::AutocompleteChoice> = found
        .iter()
        .filter(|t| typed.is_empty() || t.name.to_lowercase().contains(&typed))
        .take(25)
        .map(|t| {
            let name: String = t.name.chars().take(100).collect();
            serenity::AutocompleteChoice::new(name, t.id.to_string())
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The start of `/tournament join` and `leave`: the server's sign-up ticket, held until the
/// member is answered (a start waits for what was acknowledged before it), then "thinking"
/// privately (the store's write and the sign-up message's update can take longer than
/// Discord waits on a busy machine), then the tournament meant.
async fn sign_up_begins<'a>(
    ctx: Context<'a>,
    tournament: Option<&str>,
) -> Result<(Option<SignUpTicket<'a>>, TournamentInfo), Error> {
    let ticket = ctx.guild_id().map(|g| {
        ctx.data()
            .session
            .tournaments()
            .signing_up(crate::bot::kit::context::guild_key(g))
    });
    ctx.defer_ephemeral().await?;
    let info = which(ctx, tournament, false).await?;
    Ok((ticket, info))
}

/// Join a tournament of this channel.
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn join(
    ctx: Context<'_>,
    #[description = "Which tournament (where the channel has several)"]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<String>,
) -> Result<(), Error> {
    let (_signing, info) = sign_up_begins(ctx, tournament.as_deref()).await?;
    let me = ctx.author();
    let info = ctx
        .data()
        .session
        .tournaments()
        .join_tournament(info.id, player(me), me.display_name())
        .await?;
    let lang = user_lang(ctx);
    flow::refresh_signup(ctx.http(), &info).await;
    ctx.send(private_reply(tr!(
        lang,
        "tournament-joined",
        name = crate::bot::kit::markup::plain(&info.name)
    )))
    .await?;
    Ok(())
}

/// Leave a tournament of this channel (after its start: from the next round on).
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn leave(
    ctx: Context<'_>,
    #[description = "Which tournament (where the channel has several)"]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<String>,
) -> Result<(), Error> {
    let (_signing, info) = sign_up_begins(ctx, tournament.as_deref()).await?;
    let (info, from) = ctx
        .data()
        .session
        .tournaments()
        .leave_tournament(info.id, player(ctx.author()))
        .await?;
    let lang = user_lang(ctx);
    flow::refresh_signup(ctx.http(), &info).await;
    ctx.send(private_reply(words::left(lang, &info, from)))
        .await?;
    Ok(())
}

/// Start a tournament you created now (before its start time).
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn start(
    ctx: Context<'_>,
    #[description = "Which tournament (where the channel has several)"]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<String>,
) -> Result<(), Error> {
    let info = which(ctx, tournament.as_deref(), false).await?;
    // Pairing and opening take a moment: answer first.
    ctx.defer_ephemeral().await?;
    let progress = ctx
        .data()
        .session
        .tournaments()
        .start_tournament(info.id, player(ctx.author()))
        .await?;
    let lang = user_lang(ctx);
    let name = crate::bot::kit::markup::plain(&info.name);
    // Said as it went: a start may call the tournament off (too few joined) or pause it
    // (the pairing failed); a start already under way here reports nothing itself.
    let outcome = progress.events.iter().find_map(|e| match e {
        Event::CalledOff => Some(TournamentState::Cancelled),
        Event::Paused => Some(TournamentState::Paused),
        Event::Paired { .. } => Some(TournamentState::Running),
        Event::Finished { .. } => None,
    });
    let text = match outcome {
        Some(TournamentState::Cancelled) => tr!(
            lang,
            "tournament-called-off-you",
            name = name,
            least = crate::session::tournament::MIN_PLAYERS
        ),
        Some(TournamentState::Paused) => tr!(lang, "tournament-paused-you", name = name),
        Some(_) => tr!(lang, "tournament-started-you", name = name),
        None => tr!(lang, "tournament-starting-you", name = name),
    };
    ctx.send(private_reply(text)).await?;
    flow::carry_out(ctx.http(), ctx.data(), progress).await;
    Ok(())
}

/// Show the standings of a tournament of this channel.
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Context<'_>,
    #[description = "Which tournament (where the channel has several)"]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<String>,
    #[description = "Which page (32 players a page)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    let info = which(ctx, tournament.as_deref(), true).await?;
    // Reading every round and drawing the picture take a moment: "thinking" (publicly,
    // as the standings will be) first; a refusal from here on is still private.
    ctx.defer().await?;
    let standings = match ctx
        .data()
        .session
        .tournaments()
        .tournament_standings(info.id)
        .await
    {
        Ok(s) => s,
        Err(e) => return Err(unsay(ctx, e.into()).await),
    };
    let public = lang_of(info.locale.as_ref());
    let post = words::standings_post(&ctx.data().renderer, public, &standings, page.unwrap_or(1));
    let mut reply = poise::CreateReply::default()
        .content(post.content)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    for f in post.files {
        reply = reply.attachment(f);
    }
    ctx.send(reply).await?;
    Ok(())
}

/// Call off a tournament (its creator, or a member who may manage the server).
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn cancel(
    ctx: Context<'_>,
    #[description = "Which tournament (where the channel has several)"]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<String>,
) -> Result<(), Error> {
    // As in `join`: the write and the posts may take longer than Discord waits.
    ctx.defer_ephemeral().await?;
    let info = which(ctx, tournament.as_deref(), false).await?;
    let (manages, _) = member_of(ctx);
    let info = ctx
        .data()
        .session
        .tournaments()
        .cancel_tournament(info.id, player(ctx.author()), manages)
        .await?;
    let lang = user_lang(ctx);
    flow::refresh_signup(ctx.http(), &info).await;
    let public = lang_of(info.locale.as_ref());
    let note = crate::bot::kit::deliver::Post::text(tr!(
        public,
        "tournament-cancelled",
        name = crate::bot::kit::markup::plain(&info.name)
    ));
    crate::bot::kit::deliver::post_quietly(ctx.http(), info.channel.0, &note).await;
    ctx.send(private_reply(tr!(
        lang,
        "tournament-cancelled-you",
        name = crate::bot::kit::markup::plain(&info.name)
    )))
    .await?;
    Ok(())
}

/// A click on a sign-up message's Join or Leave: the message shows the new count, and
/// the member is told privately (also when refused: the click is acknowledged first, so
/// the refusal comes as a private message of its own, and the click counts as answered).
pub async fn button(c: &Click<'_>, which: TournamentButton) -> Result<(), Error> {
    use serenity::CreateInteractionResponseFollowup;
    let (ctx, data, click, lang) = (c.ctx, c.data, c.interaction, c.lang);
    // The store's write may take longer than Discord waits for an answer when the machine
    // is busy: acknowledge first (a deferred update of the sign-up message), then fill in.
    // A refusal comes as a private message of its own; the sign-up message stays.
    // A start waits for what was acknowledged before it (until the member is answered).
    let _signing = click.guild_id.map(|g| {
        data.session
            .tournaments()
            .signing_up(crate::bot::kit::context::guild_key(g))
    });
    c.acknowledge(Refusal::Beside).await?;
    let (info, said) = signup_click(data, click, which, lang).await?;
    let public = lang_of(info.locale.as_ref());
    click
        .edit_response(
            ctx,
            serenity::EditInteractionResponse::new()
                .content(
                    data.commands
                        .clickable(public, &words::signup(public, &info)),
                )
                .components(words::signup_buttons(public, &info))
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        )
        .await?;
    if let Err(e) = click
        .create_followup(
            ctx,
            CreateInteractionResponseFollowup::new()
                .content(said)
                .ephemeral(true),
        )
        .await
    {
        tracing::debug!(error = %e, "could not confirm a sign-up click privately");
    }
    Ok(())
}

/// What a sign-up click does: the tournament as it is now, and the clicker's private word.
async fn signup_click(
    data: &Data,
    click: &serenity::ComponentInteraction,
    which: TournamentButton,
    lang: Lang,
) -> Result<(TournamentInfo, String), Error> {
    let me = &click.user;
    // The button says which tournament; only a click in that tournament's own channel and
    // server counts (a forged id from elsewhere is refused, and nothing changes).
    let (TournamentButton::Join(id) | TournamentButton::Leave(id)) = which;
    let at = data.session.tournaments().tournament(id).await?;
    if click.guild_id.map(serenity::GuildId::get) != Some(at.guild.0)
        || click.channel_id.get() != at.channel.0
    {
        return Err(TournamentError::Unknown.into());
    }
    match which {
        TournamentButton::Join(id) => {
            let name = click
                .member
                .as_ref()
                .and_then(|m| m.nick.clone())
                .unwrap_or_else(|| me.display_name().to_owned());
            let info = data
                .session
                .tournaments()
                .join_tournament(id, player(me), &name)
                .await?;
            let said = tr!(
                lang,
                "tournament-joined",
                name = crate::bot::kit::markup::plain(&info.name)
            );
            Ok((info, said))
        }
        TournamentButton::Leave(id) => {
            let (info, from) = data
                .session
                .tournaments()
                .leave_tournament(id, player(me))
                .await?;
            let said = words::left(lang, &info, from);
            Ok((info, said))
        }
    }
}
