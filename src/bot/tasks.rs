//! The bot's background tasks: the deadline sweep (which also announces ends nobody sent,
//! closes and announces rating seasons that ended, and wakes stalled computer turns), the heartbeat, and the notes after a restart. Each
//! announcement runs on a task of its own, so a slow channel holds up no other match.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use poise::serenity_prelude::{self as serenity, Http};

use crate::bot::features::r#match::{moves, play};
use crate::bot::kit::Data;
use crate::bot::kit::buttons::ButtonId;
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::venue::Venue;
use crate::game::PhaseKind;
use crate::session::{Ended, Reminder, Reminding, Resumed, Session, SetAsideNote};

/// Ends every match whose deadline has passed, every `tick`, for ever. Each end is
/// announced on a task of its own, so a slow channel never holds up the next deadline.
/// The sweep is supervised: if it ever stops (a panic), it is started again. It also
/// wakes the computer where its turn has waited longer than [`COMPUTER_STALLED`] (its
/// move failed, or the bot restarted in the middle of it).
pub fn spawn_sweeper(http: Arc<Http>, data: Data, tick: Duration) {
    tokio::spawn(async move {
        loop {
            let (http, data) = (Arc::clone(&http), data.clone());
            let sweep = tokio::spawn(async move {
                let mut interval = tokio::time::interval(tick);
                interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                let mut sweeps = 0_u64;
                loop {
                    interval.tick().await;
                    sweep_once(&http, &data).await;
                    sweeps += 1;
                    if sweeps
                        .is_multiple_of(crate::bot::features::tournament::flow::SWEEP_EVERY_NTH)
                    {
                        crate::bot::features::tournament::flow::sweep(&http, &data).await;
                    }
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
async fn sweep_once(http: &Arc<Http>, data: &Data) {
    let session = &data.session;
    let mut ends = session.matches().expire(SystemTime::now()).await;
    ends.extend(session.matches().unannounced_ends(SystemTime::now()).await);
    for end in ends {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(async move { play::announce(&http, &data, &end).await });
    }
    // Seasons that ended: each closed once (by whichever process gets there first) and
    // announced once, each on a task of its own.
    session.seasons().close_due_seasons(SystemTime::now()).await;
    for end in session
        .seasons()
        .season_announcements(SystemTime::now())
        .await
    {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(
            async move { crate::bot::features::seasons::announce(&http, &data, &end).await },
        );
    }
    for reminder in session.daily().reminders(SystemTime::now()).await {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(async move {
            // Marked only once its DM went out (or never can); otherwise it is taken again
            // after its lease.
            if remind(&http, &reminder).await {
                data.session.daily().mark_reminded(&reminder).await;
            }
        });
    }
    crate::bot::features::daily::remind::sweep(http, data).await;
    for id in session
        .matches()
        .stalled_computer_turns(SystemTime::now(), COMPUTER_STALLED)
        .await
    {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(async move { moves::computer_turn(&http, &data, id).await });
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
    let lang = crate::bot::kit::context::lang_of(r.guild_locale.as_ref());
    let deadline = crate::bot::kit::markup::relative(r.deadline);
    let [challenger, opponent] = r.players.map(crate::bot::kit::markup::mention);
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
            player = crate::bot::kit::markup::mention(p),
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

/// After a restart: one note in the channel of each match set aside because its state
/// could not be read (each is handed out once, so each channel hears it once), `pace`
/// apart. Runs in the background.
pub fn spawn_set_aside_notes(
    http: &Arc<Http>,
    data: &Data,
    notes: Vec<SetAsideNote>,
    pace: Duration,
) {
    let mut start = Duration::ZERO;
    for n in notes {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(async move {
            tokio::time::sleep(start).await;
            // The server's language is in the state that cannot be read.
            let text = tr!(Lang::EnUs, "set-aside-note", id = n.id.to_string());
            let note = Post::text(text).about(n.id);
            Outbox::new(&http, &data).post(n.channel, &note, &[]).await;
        });
        start += pace;
    }
}

/// After a restart: lets the computer move at once where it is its turn, announces the
/// ends that were stored but never sent, and posts one note in each restored match's
/// channel, `pace` apart so the notes never crowd out answers to commands. Runs in the
/// background.
pub fn spawn_resume_notes(
    http: &Arc<Http>,
    data: &Data,
    resumed: Vec<Resumed>,
    unsent: Vec<Ended>,
    pace: Duration,
) {
    for r in resumed.iter().filter(|r| r.computer_next) {
        let (http, data, id) = (Arc::clone(http), data.clone(), r.id);
        tokio::spawn(async move { moves::computer_turn(&http, &data, id).await });
    }
    if resumed.is_empty() && unsent.is_empty() {
        return;
    }
    // One task each, started `pace` apart: a channel that hangs holds up no other.
    let mut start = Duration::ZERO;
    for end in unsent {
        let (http, data) = (Arc::clone(http), data.clone());
        if Venue::of(end.guild, end.channel, end.parent).answers_only() {
            // Where the bot can only answer: it waits for a player's next interaction (it
            // went by DM before the restart, if it could).
            crate::bot::features::r#match::waiting::keep_end(&data, &end);
            continue;
        }
        tokio::spawn(async move {
            tokio::time::sleep(start).await;
            play::announce(&http, &data, &end).await;
        });
        start += pace;
    }
    for r in resumed {
        let (http, data) = (Arc::clone(http), data.clone());
        if Venue::of(r.guild, r.channel, None).answers_only() {
            let members = r.players.iter().map(|p| p.0).collect();
            let text = resumed_text(&r);
            tokio::spawn(crate::bot::features::r#match::waiting::note_later(
                http,
                &data,
                r.id,
                r.channel.0,
                members,
                text,
            ));
            continue;
        }
        tokio::spawn(async move {
            tokio::time::sleep(start).await;
            let note = Post::text(resumed_text(&r)).about(r.id);
            Outbox::new(&http, &data).post(r.channel, &note, &[]).await;
        });
        start += pace;
    }
}

/// The reminder DM of a daily match: whose turn, until when, and a link to the match.
#[must_use]
pub fn reminder_text(r: &Reminding) -> String {
    let lang = Lang::from_opt(r.locale.as_deref());
    // To the last message shown about the match when one was noted, else its channel.
    let link = format!(
        "https://discord.com/channels/{}/{}{}",
        r.guild.map_or_else(|| "@me".to_owned(), |g| g.to_string()),
        r.channel.0,
        r.message.map_or_else(String::new, |m| format!("/{m}"))
    );
    tr!(
        lang,
        match r.which {
            Reminder::Half => "reminder-half",
            Reminder::Hour => "reminder-hour",
        },
        opponent = crate::bot::kit::markup::mention(r.opponent),
        variant = variant_name(lang, r.variant),
        deadline = crate::bot::kit::markup::relative(r.deadline),
        link = link
    )
}

/// Sends a reminder by DM, with a button to turn reminders off, in one try bounded in
/// time: `true` when it went out, or when Discord refused it for good (the member's DMs
/// are closed), so that it is marked as sent; `false` when it may work later (no answer,
/// a server error, a rate limit).
async fn remind(http: &Http, r: &Reminding) -> bool {
    let lang = Lang::from_opt(r.locale.as_deref());
    let off = serenity::CreateButton::new(ButtonId::Reminders(r.player, false).to_string())
        .label(tr!(lang, "button-reminders-off"))
        .style(serenity::ButtonStyle::Secondary);
    let message = serenity::CreateMessage::new()
        .content(reminder_text(r))
        .components(vec![serenity::CreateActionRow::Buttons(vec![off])])
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    deliver::reminder(http, r.player.0, message, &format!("match {}", r.id)).await
}
