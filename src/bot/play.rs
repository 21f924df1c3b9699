//! Match flows shared by commands, buttons and the background tasks: wording and sending
//! what the session layer returns.
//!
//! The session has already changed the match and written it by the time anything here
//! runs; no lock is held. Every send may fail: failures are logged and the match goes on.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateAttachment, CreateButton, CreateMessage, Http};

use super::buttons::ButtonId;
use super::deliver::{self, Post};
use super::i18n::{Lang, tr};
use super::{Error, pictures, text};
use crate::game::{FireOutcome, PhaseKind, PlayerId, TargetView, Variant};
use crate::session::{Ended, Preview, Resumed, Session, SessionError};

/// The current time.
#[must_use]
pub fn now() -> SystemTime {
    SystemTime::now()
}

/// The engine's id for a Discord user.
#[must_use]
pub fn player(user: &serenity::User) -> PlayerId {
    PlayerId(user.id.get())
}

/// The language of a server, from its locale (for public messages).
#[must_use]
pub fn lang_of(locale: Option<&String>) -> Lang {
    Lang::from_opt(locale.map(String::as_str))
}

/// Shuffle and Ready buttons of a placement preview, labelled in `lang`.
#[must_use]
pub fn preview_buttons(lang: Lang, preview: &Preview) -> Vec<CreateActionRow> {
    let [shuffle, ready] = text::placement_buttons(lang);
    let mut buttons = vec![
        CreateButton::new(ButtonId::Shuffle(preview.id).to_string())
            .label(shuffle)
            .emoji('🔀')
            .style(serenity::ButtonStyle::Secondary),
    ];
    // A rematch offers the last match's fleet beside the new random one.
    if preview.offers_last {
        buttons.push(
            CreateButton::new(ButtonId::LastFleet(preview.id).to_string())
                .label(tr!(lang, "button-last-fleet"))
                .emoji('↩')
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    buttons.push(
        CreateButton::new(ButtonId::Ready(preview.id, preview.tag()).to_string())
            .label(ready)
            .emoji('✅')
            .style(serenity::ButtonStyle::Success),
    );
    vec![CreateActionRow::Buttons(buttons)]
}

/// The placement prompt of a preview, in `lang`.
#[must_use]
pub fn preview_text(lang: Lang, preview: &Preview) -> String {
    text::placement_prompt(
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
    player: PlayerId,
    preview: &Preview,
    lang: Lang,
) -> Result<bool, Error> {
    let picture = pictures::own_board(&preview.view, lang)?;
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
            super::health::discord_error(&e);
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
    lang: Lang,
    variant: Variant,
    outcomes: &[FireOutcome],
    view: &TargetView,
    deadline: SystemTime,
) -> (String, Vec<CreateAttachment>) {
    let mut lines: Vec<String> = outcomes
        .iter()
        .map(|o| text::shot_line(lang, variant, o))
        .collect();
    if let Some(last) = outcomes.last() {
        let next = text::next_line(lang, last, deadline);
        if !next.is_empty() {
            lines.push(next);
        }
    }
    let mut files = Vec::new();
    let mut keep = |picture: Result<CreateAttachment, Error>| match picture {
        Ok(p) => files.push(p),
        Err(e) => tracing::error!(error = %e, "could not draw a picture; announcing without it"),
    };
    keep(pictures::target_board(view, lang));
    if variant == Variant::Game2000
        && let Some(salvo) = view.salvos.last()
    {
        keep(pictures::salvo_report(salvo, lang));
    }
    (lines.join("\n"), files)
}

/// The public text of a match's end, in the server's language.
#[must_use]
pub fn end_text(end: &Ended) -> String {
    let lang = lang_of(end.guild_locale.as_ref());
    let mut t = text::ending(lang, end.ending, end.players, end.reveal.is_some());
    if let Some(r) = &end.reveal {
        t.push('\n');
        t.push_str(&text::stats_lines(lang, end.players, r.stats));
    }
    if let Some(series) = &end.series {
        t.push('\n');
        t.push_str(&super::standings::series_line(lang, &end.names, series));
    }
    t
}

/// For a member who ended a match (`/forfeit`, `/cancel`): tells them `confirmation`
/// privately, then announces the end to everyone (if this call ended it). The end is
/// announced even if the private answer fails, whose error is returned.
pub async fn end_by_command(
    ctx: super::Context<'_>,
    end: Option<Ended>,
    confirmation: String,
) -> Result<(), Error> {
    let sent = ctx
        .send(super::error::private_reply(confirmation))
        .await
        .map(|_| ());
    if let Some(end) = end {
        announce(ctx.http(), &ctx.data().session, &end).await;
    }
    Ok(sent?)
}

/// Announces the end of a match in its channel (or, if the channel refuses, to the
/// players by DM); a failure is logged (the match is over and stored either way).
pub async fn announce(http: &Http, session: &Session, end: &Ended) {
    let lang = lang_of(end.guild_locale.as_ref());
    let mut post = Post::text(end_text(end)).about(end.id);
    let mut buttons = Vec::new();
    if let Some(reveal) = &end.reveal {
        match pictures::reveal(reveal, &end.names, lang) {
            Ok(picture) => post.files.push(picture),
            Err(e) => tracing::error!(match_id = %end.id, error = %e, "could not draw the reveal"),
        }
        if reveal.stats.iter().any(|s| s.shots > 0) {
            buttons.push(
                CreateButton::new(ButtonId::Replay(end.id).to_string())
                    .label(tr!(lang, "button-replay"))
                    .emoji('🎞')
                    .style(serenity::ButtonStyle::Secondary),
            );
        }
    }
    if end.rematch {
        buttons.push(
            CreateButton::new(ButtonId::Rematch(end.id).to_string())
                .label(tr!(lang, "button-rematch"))
                .emoji('🔁')
                .style(serenity::ButtonStyle::Primary),
        );
    }
    if !buttons.is_empty() {
        post.components = vec![serenity::CreateActionRow::Buttons(buttons)];
    }
    deliver::post_or_dm(http, end.channel.0, &post, &user_ids(&end.members)).await;
    session.announced(end.id).await;
}

/// Discord user ids of `members`.
#[must_use]
pub fn user_ids(members: &[PlayerId]) -> Vec<u64> {
    members.iter().map(|p| p.0).collect()
}

/// Ends every match whose deadline has passed, every `tick`, for ever. Each end is
/// announced on a task of its own, so a slow channel never holds up the next deadline.
/// The sweep is supervised: if it ever stops (a panic), it is started again. It also
/// wakes the computer where its turn has waited longer than [`COMPUTER_STALLED`] (its
/// move failed, or the bot restarted in the middle of it).
pub fn spawn_sweeper(http: Arc<Http>, session: Arc<Session>, tick: Duration) {
    tokio::spawn(async move {
        loop {
            let (http, session) = (Arc::clone(&http), Arc::clone(&session));
            let sweep = tokio::spawn(async move {
                let mut interval = tokio::time::interval(tick);
                interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                loop {
                    interval.tick().await;
                    sweep_once(&http, &session).await;
                }
            });
            match sweep.await {
                Err(e) if e.is_panic() => {
                    tracing::error!("the deadline sweep panicked; restarting it");
                }
                _ => tracing::error!("the deadline sweep stopped; restarting it"),
            }
            tokio::time::sleep(tick).await;
        }
    });
}

/// How long the computer's turn may wait before the sweep wakes it again.
const COMPUTER_STALLED: Duration = Duration::from_secs(5);

/// One pass of the sweep.
async fn sweep_once(http: &Arc<Http>, session: &Arc<Session>) {
    let mut ends = session.expire(now()).await;
    ends.extend(session.unannounced_ends(now()).await);
    for end in ends {
        let (http, session) = (Arc::clone(http), Arc::clone(session));
        tokio::spawn(async move { announce(&http, &session, &end).await });
    }
    for id in session
        .stalled_computer_turns(now(), COMPUTER_STALLED)
        .await
    {
        let (http, session) = (Arc::clone(http), Arc::clone(session));
        tokio::spawn(async move { super::computer::take_turn(&http, &session, id).await });
    }
}

/// Records every `every` that the bot is running, so that time it is down is given back
/// to the players after a restart.
pub fn spawn_heartbeat(session: Arc<Session>, every: Duration) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(every);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            interval.tick().await;
            if let Err(e) = session.beat().await {
                tracing::warn!(error = %e, "could not record the heartbeat");
            }
        }
    });
}

/// The short public note that a match goes on after a restart, in the server's language.
#[must_use]
pub fn resumed_text(r: &Resumed) -> String {
    let lang = lang_of(r.guild_locale.as_ref());
    let deadline = text::relative(r.deadline);
    let [challenger, opponent] = r.players.map(text::mention);
    match (r.phase, r.to_move) {
        (PhaseKind::Challenge, _) => tr!(
            lang,
            "resumed-challenge",
            challenger = challenger,
            opponent = opponent,
            deadline = deadline
        ),
        (PhaseKind::Battle, Some(p)) => tr!(
            lang,
            "resumed-battle",
            player = text::mention(p),
            deadline = deadline
        ),
        _ => tr!(
            lang,
            "resumed-placement",
            challenger = challenger,
            opponent = opponent,
            deadline = deadline
        ),
    }
}

/// After a restart: lets the computer move at once where it is its turn, announces the
/// ends that were stored but never sent, and posts one note in each restored match's
/// channel, `pace` apart so the notes never crowd out answers to commands. Runs in the
/// background.
pub fn spawn_resume_notes(
    http: &Arc<Http>,
    session: &Arc<Session>,
    resumed: Vec<Resumed>,
    unsent: Vec<Ended>,
    pace: Duration,
) {
    for r in resumed.iter().filter(|r| r.computer_next) {
        let (http, session, id) = (Arc::clone(http), Arc::clone(session), r.id);
        tokio::spawn(async move { super::computer::take_turn(&http, &session, id).await });
    }
    if resumed.is_empty() && unsent.is_empty() {
        return;
    }
    // One task each, started `pace` apart: a channel that hangs holds up no other.
    let mut start = Duration::ZERO;
    for end in unsent {
        let (http, session) = (Arc::clone(http), Arc::clone(session));
        tokio::spawn(async move {
            tokio::time::sleep(start).await;
            announce(&http, &session, &end).await;
        });
        start += pace;
    }
    for r in resumed {
        let http = Arc::clone(http);
        tokio::spawn(async move {
            tokio::time::sleep(start).await;
            let note = Post::text(resumed_text(&r)).about(r.id);
            deliver::post_quietly(&http, r.channel.0, &note).await;
        });
        start += pace;
    }
}

/// Hands `ctx`'s member, privately, what could not be delivered to them earlier (the
/// channel refused the post and their DMs are closed). Runs after every command.
pub async fn hand_over_undelivered(ctx: super::Context<'_>) {
    let notes = deliver::take_undelivered(ctx.author().id.get());
    if notes.is_empty() {
        return;
    }
    let text = notes.join("\n\n");
    if let Err(e) = ctx.send(super::error::private_reply(text)).await {
        tracing::warn!(error = %e, "could not hand over undelivered notes; keeping them");
        super::health::discord_error(&e);
        for note in notes {
            deliver::remember(ctx.author().id.get(), &note);
        }
    }
}

/// A session error for the user who caused it, in their language.
#[must_use]
pub fn refusal(lang: Lang, error: &SessionError) -> Error {
    super::i18n::errors::session_error(lang, error)
}
