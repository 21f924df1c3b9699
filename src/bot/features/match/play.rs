//! Match flows shared by commands, buttons and the background tasks: wording and sending
//! what the session layer returns.
//!
//! The session has already changed the match and written it by the time anything here
//! runs; no lock is held. Every send may fail: failures are logged and the match goes on.

use std::time::SystemTime;

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateAttachment, CreateButton, CreateMessage, Http};

use super::words;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::buttons::{ButtonId, MatchButton};
use crate::bot::kit::context::{lang_of, user_ids};
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::venue::Venue;
use crate::bot::kit::{Data, Error, pictures};
use crate::game::{FireOutcome, PlayerId, TargetView, Variant};
use crate::render::Renderer;
use crate::session::{Ended, Preview};

/// Shuffle, Edit and Ready buttons of a placement preview, labelled in `lang`.
#[must_use]
pub fn preview_buttons(lang: Lang, preview: &Preview) -> Vec<CreateActionRow> {
    let [shuffle, ready] = words::placement_buttons(lang);
    let mut buttons = vec![
        CreateButton::new(ButtonId::Match(MatchButton::Shuffle(preview.id)).to_string())
            .label(shuffle)
            .emoji('🔀')
            .style(serenity::ButtonStyle::Secondary),
    ];
    // A rematch offers the last match's fleet beside the new random one.
    if preview.offers_last {
        buttons.push(
            CreateButton::new(ButtonId::Match(MatchButton::LastFleet(preview.id)).to_string())
                .label(tr!(lang, "button-last-fleet"))
                .emoji('↩')
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    buttons.push(crate::bot::kit::buttons::edit_button(
        lang,
        preview.id,
        preview.player,
    ));
    buttons.push(
        CreateButton::new(
            ButtonId::Match(MatchButton::Ready(preview.id, preview.tag())).to_string(),
        )
        .label(ready)
        .emoji('✅')
        .style(serenity::ButtonStyle::Success),
    );
    vec![CreateActionRow::Buttons(buttons)]
}

/// The placement prompt of a preview, in `lang`.
#[must_use]
pub fn preview_text(lang: Lang, preview: &Preview) -> String {
    words::placement_prompt(
        lang,
        preview.variant,
        &preview.fleet.to_string(),
        preview.channel.0,
    )
}

/// Sends the placement preview to `player` by DM, in `lang`. Returns `false` when the DM
/// could not be delivered (closed DMs), so the caller can fall back to a public hint.
pub async fn dm_preview(
    http: &Http,
    renderer: &Renderer,
    player: PlayerId,
    preview: &Preview,
    lang: Lang,
) -> Result<bool, Error> {
    let picture = pictures::own_board(renderer, &preview.view, lang)?;
    let message = CreateMessage::new()
        .content(preview_text(lang, preview))
        .add_file(picture)
        .components(preview_buttons(lang, preview));
    let user = serenity::UserId::new(player.0);
    let sent = match user.create_dm_channel(http).await {
        Ok(dm) => dm.id.send_message(http, message).await.map(|_| ()),
        Err(e) => Err(e),
    };
    match sent {
        Ok(()) => Ok(true),
        Err(e) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::info!(match_id = %preview.id, player = player.0, error = %e, "could not DM a placement prompt");
            Ok(false)
        }
    }
}

/// The public announcement of shots by one shooter (a member's `/fire`, or the computer's
/// whole streak): one line per shot or salvo, then who moves next and until when; the
/// shooter's picture of the enemy sea and, in Game 2000, the last salvo's report. A
/// picture that cannot be drawn is logged and left out: the move is announced anyway.
pub fn shot_announcement(
    renderer: &Renderer,
    lang: Lang,
    variant: Variant,
    outcomes: &[FireOutcome],
    view: &TargetView,
    deadline: SystemTime,
) -> (String, Vec<CreateAttachment>) {
    let mut lines: Vec<String> = outcomes
        .iter()
        .map(|o| words::shot_line(lang, variant, o))
        .collect();
    if let Some(last) = outcomes.last() {
        let next = words::next_line(lang, last, deadline);
        if !next.is_empty() {
            lines.push(next);
        }
    }
    let mut files = Vec::new();
    let mut keep = |picture: Result<CreateAttachment, Error>| match picture {
        Ok(p) => files.push(p),
        Err(e) => tracing::error!(error = %e, "could not draw a picture; announcing without it"),
    };
    keep(pictures::target_board(renderer, view, lang));
    if variant == Variant::Game2000
        && let Some(salvo) = view.salvos.last()
    {
        keep(pictures::salvo_report(renderer, salvo, lang));
    }
    (lines.join("\n"), files)
}

/// The one-line result posted under a thread's parent channel when its match ends.
#[must_use]
pub fn thread_summary(end: &Ended) -> String {
    let lang = lang_of(end.guild_locale.as_ref());
    let thread = crate::bot::kit::markup::channel(end.channel.0);
    let [a, b] = end.players.map(crate::bot::kit::markup::mention);
    match end.ending {
        crate::game::Ending::Won { winner, loser, .. } => tr!(
            lang,
            "thread-summary-won",
            winner = crate::bot::kit::markup::mention(winner),
            loser = crate::bot::kit::markup::mention(loser),
            thread = thread
        ),
        crate::game::Ending::Draw | crate::game::Ending::TurnLimit => tr!(
            lang,
            "thread-summary-draw",
            challenger = a,
            opponent = b,
            thread = thread
        ),
        _ => tr!(
            lang,
            "thread-summary-over",
            challenger = a,
            opponent = b,
            thread = thread
        ),
    }
}

/// For a member who ended a match (`/forfeit`, `/cancel`): tells them `confirmation`
/// privately, then announces the end to everyone (if this call ended it; where the bot
/// can only answer, as a further public answer to the command). The end is announced even
/// if the private answer fails, whose error is returned.
pub async fn end_by_command(
    ctx: crate::bot::kit::Context<'_>,
    end: Option<Ended>,
    confirmation: String,
) -> Result<(), Error> {
    let sent = ctx
        .send(crate::bot::kit::error::private_reply(confirmation))
        .await
        .map(|_| ());
    if let Some(end) = end {
        announce_answering(&Answer::Command(ctx), ctx.http(), ctx.data(), &end).await;
    }
    Ok(sent?)
}

/// Announces `end`, which `answer`'s interaction brought about: where the bot can only
/// answer, as a public follow-up of it (see [`super::waiting::now`]); elsewhere in the
/// channel ([`announce`]).
pub async fn announce_answering(answer: &Answer<'_>, http: &Http, data: &Data, end: &Ended) {
    if answer.bot_is_there() {
        announce(http, data, end).await;
    } else {
        super::waiting::now(answer, http, data, end).await;
    }
}

/// Announces the end of a match in its channel (or, if the channel refuses, to the
/// players by DM); a failure is logged (the match is over and stored either way). An end
/// outside servers, where the bot can only answer, waits for the next interaction of a
/// player there and goes to them by DM ([`super::waiting::later`]).
pub async fn announce(http: &Http, data: &Data, end: &Ended) {
    let Venue::Channel { channel, parent } = Venue::of(end.guild, end.channel, end.parent) else {
        super::waiting::later(http, data, end, true).await;
        return;
    };
    let post = super::ending::end_post(data, end);
    deliver::post_or_dm(http, &data.notes, channel.0, &post, &user_ids(&end.members)).await;
    data.session.matches().mark_announced(end).await;
    if let Some(parent) = parent {
        // The result in the thread first (a post unarchives a thread), then one line in
        // the channel it hangs under, then the thread is archived.
        let summary = Post::text(thread_summary(end)).about(end.id);
        deliver::post_quietly(http, parent.0, &summary).await;
        deliver::archive(http, channel.0).await;
    }
}

/// Notes `message` as the last one shown about daily match `id`, for its reminders to
/// link to (other paces keep nothing, and are not asked). A failure only makes the link
/// point at the channel.
pub async fn shown(
    data: &Data,
    id: crate::session::MatchId,
    pace: crate::session::Pace,
    message: Option<serenity::MessageId>,
) {
    let Some(message) = message.filter(|_| pace.reminds()) else {
        return;
    };
    if let Err(e) = data
        .session
        .daily()
        .mark_shown(id, crate::session::MessageId(message.get()))
        .await
    {
        tracing::debug!(match_id = %id, error = %e, "could not note the last message");
    }
}
