//! Match flows shared by commands, buttons and the background tasks: wording and sending
//! what the session layer returns.
//!
//! The session has already changed the match and written it by the time anything here
//! runs; no lock is held. Every send may fail: failures are logged and the match goes on.

use std::time::SystemTime;

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateAttachment, CreateButton, Http};

use super::words;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::buttons::{ButtonId, MatchButton};
use crate::bot::kit::context::{lang_of, user_ids};
use crate::bot::kit::deliver::Post;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::venue::Venue;
use crate::bot::kit::{Data, Error, pictures};
use crate::game::{FireOutcome, PlayerId, TargetView, Variant};
use crate::render::Renderer;
use crate::session::{Ended, MatchId, Preview};

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

/// The Fire button under a turn's public message, labelled in `lang`: it opens the aim
/// panel for the player to move in match `id` ([`super::aim`]). One row of one button,
/// the message's only.
#[must_use]
pub fn fire_row(lang: Lang, id: MatchId) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::Match(MatchButton::Fire(id)).to_string())
            .label(tr!(lang, "button-fire"))
            .emoji('🎯')
            .style(serenity::ButtonStyle::Danger),
    ])]
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

/// Sends the placement preview to `player` by DM, in `lang` (through `outbox`: one try,
/// bounded in time). Returns `false` when the DM could not be delivered (closed DMs), so
/// the caller can fall back to a public hint.
pub async fn dm_preview(
    outbox: &Outbox<'_>,
    renderer: &Renderer,
    player: PlayerId,
    preview: &Preview,
    lang: Lang,
) -> Result<bool, Error> {
    let post = Post {
        content: preview_text(lang, preview),
        files: vec![pictures::own_board(renderer, &preview.view, lang)?],
        components: preview_buttons(lang, preview),
        about: Some(preview.id),
        ..Post::default()
    };
    Ok(outbox.dm(player.0, &post).await)
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

/// Announces `end`, which `answer`'s interaction brought about (see [`announce_in`]).
pub async fn announce_answering(answer: &Answer<'_>, http: &Http, data: &Data, end: &Ended) {
    announce_in(Some(answer), http, data, end).await;
}

/// Announces the end of a match that no interaction brought about (the sweep, a restart,
/// a tournament's round; see [`announce_in`]).
pub async fn announce(http: &Http, data: &Data, end: &Ended) {
    announce_in(None, http, data, end).await;
}

/// Announces `end` in its match's venue, decided here once: in its channel (or, if the
/// channel refuses, to the players by DM; a thread gets its summary in the channel it
/// hangs under, and is archived), or in the bot's own DM. Where the bot can only answer,
/// as a public follow-up of `answer` in that conversation (see [`super::waiting::now`]);
/// without one, it waits for the next interaction of a player there and goes to them by
/// DM ([`super::waiting::later`]). A failure is logged: the match is over and stored
/// either way.
async fn announce_in(answer: Option<&Answer<'_>>, http: &Http, data: &Data, end: &Ended) {
    let here = answer.map(Answer::audience);
    let venue = Venue::decide(
        http,
        end.guild,
        end.channel,
        end.parent,
        &end.members,
        here.as_ref(),
    )
    .await;
    if let Venue::AnswersOnly { channel } = venue {
        match answer.filter(|a| a.channel() == channel.0) {
            Some(answer) => super::waiting::now(answer, http, data, end).await,
            None => super::waiting::later(http, data, end, true).await,
        }
        return;
    }
    let outbox = Outbox::new(http, data);
    let post = super::ending::end_post(data, end);
    outbox
        .show(venue, &post, &user_ids(&end.members), None)
        .await;
    data.session.matches().mark_announced(end).await;
    if let Venue::Channel {
        channel,
        parent: Some(parent),
    } = venue
    {
        // The result in the thread first (a post unarchives a thread), then one line in
        // the channel it hangs under, then the thread is archived.
        let summary = Post::text(thread_summary(end)).about(end.id);
        outbox.post(parent, &summary, &[]).await;
        outbox.archive(channel.0).await;
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
