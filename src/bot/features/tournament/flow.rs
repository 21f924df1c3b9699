//! What follows a step of a tournament: the posts in its channel (pairings, standings,
//! the winner), its matches opened in threads of their own (all at once, each bounded in
//! time), the ends of stragglers, and the sweep that starts tournaments on time and picks
//! up what a stopped process left.

use std::sync::Arc;
use std::time::SystemTime;

use poise::serenity_prelude::{self as serenity, Http};

use super::words;
use crate::bot::features::r#match::play;
use crate::bot::kit::Data;
use crate::bot::kit::context::lang_of;
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::{mention, plain};
use crate::session::ChannelKey;
use crate::session::tournament::{
    Event, OpenedMatch, Progress, ToOpen, TournamentId, TournamentInfo,
};

/// How often the sweep looks for tournaments due (every this many sweeps of matches).
pub const SWEEP_EVERY_NTH: u64 = 4;

/// Carries out a step: announces what happened, opens the matches it handed out, and
/// announces the matches it ended.
pub async fn carry_out(http: &Http, data: &Data, progress: Progress) {
    let Some(info) = progress.info.clone() else {
        return;
    };
    let lang = lang_of(info.locale.as_ref());
    if progress.closed.is_some()
        || progress
            .events
            .iter()
            .any(|e| matches!(e, Event::Finished { .. }))
    {
        post_standings(http, data, &info).await;
    }
    for event in &progress.events {
        match event {
            Event::CalledOff => {
                refresh_signup(http, &info).await;
                let note = Post::text(tr!(
                    lang,
                    "tournament-called-off",
                    name = plain(&info.name),
                    least = crate::session::tournament::MIN_PLAYERS
                ));
                deliver::post_quietly(http, info.channel.0, &note).await;
            }
            Event::Paired { round, pairings } => {
                if *round == 1 {
                    refresh_signup(http, &info).await;
                }
                // In order, one part after the other. The part that names the bye pings
                // them; if the channel refuses it, they are told by DM (or at their next
                // command).
                for part in words::round_post(lang, &info, *round, pairings) {
                    if part.ping.is_empty() {
                        deliver::post_quietly(http, info.channel.0, &part).await;
                    } else {
                        let bye: Vec<u64> = part.ping.iter().map(|u| u.get()).collect();
                        deliver::post_or_dm(http, &data.notes, info.channel.0, &part, &bye).await;
                    }
                }
            }
            Event::Finished { winner } => {
                if let Some(w) = winner {
                    let post = Post {
                        content: words::winner(lang, &info, *w),
                        ping: vec![serenity::UserId::new(w.0)],
                        ..Post::default()
                    };
                    deliver::post_quietly(http, info.channel.0, &post).await;
                }
            }
            Event::Paused => {
                let note = Post::text(tr!(
                    lang,
                    "tournament-paused",
                    name = plain(&info.name),
                    creator = mention(info.creator)
                ));
                deliver::post_quietly(http, info.channel.0, &note).await;
                let creator_lang = lang;
                let dm = Post::text(tr!(
                    creator_lang,
                    "tournament-paused-creator",
                    name = plain(&info.name)
                ));
                deliver::dm(http, info.creator.0, &dm).await;
            }
        }
    }
    // Every match at once: a slow thread holds up no other. A player still busy in
    // another match is told so once, when the round is paired.
    let paired_now = progress.events.iter().find_map(|e| match e {
        Event::Paired { round, .. } => Some(*round),
        _ => None,
    });
    let opening = progress
        .to_open
        .iter()
        .map(|m| open_one(http, data, &info, m, paired_now == Some(m.round)));
    futures_util::future::join_all(opening).await;
    // Announcing an end may take the tournament's next step: boxed, as it comes back here.
    let ends = progress
        .ended
        .iter()
        .map(|end| Box::pin(play::announce(http, data, end)));
    futures_util::future::join_all(ends).await;
}

/// Posts the standings (the picture when there is one; text until then).
async fn post_standings(http: &Http, data: &Data, info: &TournamentInfo) {
    let standings = match data
        .session
        .tournaments()
        .tournament_standings(info.id)
        .await
    {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(tournament = %info.id, error = %e, "could not read standings to post");
            return;
        }
    };
    let lang = lang_of(info.locale.as_ref());
    let pages = standings.lines.len().div_ceil(words::PAGE).max(1);
    for page in 1..=pages {
        let post = words::standings_post(&data.renderer, lang, &standings, page as u32);
        deliver::post_quietly(http, info.channel.0, &post).await;
    }
}

/// Opens one match of a round: the match (straight into placement), its thread under
/// the tournament's channel, a greeting there that pings both players, and each player's
/// fleet preview by DM. A player busy in another match: the claim goes back and the
/// sweep tries again (on the `first` try, the channel is told who and until when).
async fn open_one(http: &Http, data: &Data, info: &TournamentInfo, m: &ToOpen, first: bool) {
    let opened = match data.session.tournaments().open_tournament_match(m).await {
        Ok(o) => o,
        Err(crate::session::SessionError::Busy { reason, .. }) => {
            tracing::info!(match_id = %m.match_id, "a tournament match waits for a busy player");
            if let (true, crate::session::OpenError::PlayerBusy(busy)) = (first, reason) {
                busy_note(http, info, m, busy).await;
            }
            return;
        }
        Err(e) => {
            tracing::warn!(match_id = %m.match_id, error = %e, "could not open a tournament match");
            return;
        }
    };
    let lang = lang_of(info.locale.as_ref());
    let home = match opened.accepted.wants_thread {
        Some(parent) => thread_for(http, data, info, m, &opened, parent, lang).await,
        None => None,
    };
    data.session.tournaments().tournament_match_opened(m).await;
    let Some(home) = home else {
        return;
    };
    let mut previews = opened.accepted.previews.clone();
    for (_, preview, _) in &mut previews {
        preview.channel = home;
    }
    crate::bot::features::r#match::previews::send_previews(http, data, opened.id, &previews, lang)
        .await;
}

/// Tells the tournament's channel that `busy` still plays another match, so their match
/// of this round waits (and is lost by forfeit if it never opens before the deadline).
async fn busy_note(http: &Http, info: &TournamentInfo, m: &ToOpen, busy: crate::game::PlayerId) {
    let lang = lang_of(info.locale.as_ref());
    let other = if busy == m.white.0 {
        m.black.0
    } else {
        m.white.0
    };
    let deadline = info
        .round_deadline
        .map_or_else(String::new, crate::bot::kit::markup::relative);
    let note = Post {
        content: tr!(
            lang,
            "tournament-busy",
            player = mention(busy),
            board = m.board,
            other = mention(other),
            deadline = deadline
        ),
        ping: vec![
            serenity::UserId::new(busy.0),
            serenity::UserId::new(other.0),
        ],
        ..Post::default()
    };
    deliver::post_quietly(http, info.channel.0, &note).await;
}

/// Makes the match's thread and moves the match there (or, when Discord refuses, leaves
/// it in the tournament's channel); greets the players where it is played. Returns
/// where that is (`None`: it was moved by another process already).
async fn thread_for(
    http: &Http,
    data: &Data,
    info: &TournamentInfo,
    m: &ToOpen,
    opened: &OpenedMatch,
    parent: ChannelKey,
    lang: Lang,
) -> Option<ChannelKey> {
    use serenity::{AutoArchiveDuration, ChannelType, CreateThread};
    let name: String = tr!(
        lang,
        "tournament-thread-name",
        name = info.name.as_str(),
        round = m.round,
        a = m.white.1.as_str(),
        b = m.black.1.as_str()
    )
    .chars()
    .take(100)
    .collect();
    let made = tokio::time::timeout(
        deliver::ATTEMPT,
        serenity::ChannelId::new(parent.0).create_thread(
            http,
            CreateThread::new(name)
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek),
        ),
    )
    .await;
    let thread = match made {
        Ok(Ok(thread)) => Some(ChannelKey(thread.id.get())),
        Ok(Err(e)) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::warn!(match_id = %m.match_id, error = %e, "could not open a tournament match's thread");
            None
        }
        Err(_) => {
            tracing::warn!(match_id = %m.match_id, "opening a tournament match's thread took too long");
            None
        }
    };
    let home = match data.session.matches().settle_home(opened.id, thread).await {
        Ok(home) => home,
        Err(e) => {
            tracing::warn!(match_id = %m.match_id, error = %e, "could not move a tournament match into its thread");
            parent
        }
    };
    if let Some(t) = thread
        && t != home
    {
        // Another try got there first: no empty thread is left.
        let gone = serenity::ChannelId::new(t.0).delete(http);
        let _ = tokio::time::timeout(deliver::ATTEMPT, gone).await;
        if opened.again {
            return None;
        }
    }
    let players = [m.white.0, m.black.0];
    let mut greeting = crate::bot::kit::words::tournament_header(lang, &m.name, m.round);
    greeting.push('\n');
    greeting.push_str(&tr!(
        lang,
        "tournament-match-start",
        white = mention(m.white.0),
        black = mention(m.black.0),
        deadline = crate::bot::kit::markup::relative(opened.accepted.deadline)
    ));
    if thread.is_none() {
        greeting.push('\n');
        greeting.push_str(&tr!(lang, "thread-failed"));
    }
    let post = Post {
        content: data.commands.clickable(lang, &greeting),
        ping: players.iter().map(|p| serenity::UserId::new(p.0)).collect(),
        about: Some(opened.id),
        ..Post::default()
    };
    let ids: Vec<u64> = players.iter().map(|p| p.0).collect();
    deliver::post_or_dm(http, &data.notes, home.0, &post, &ids).await;
    Some(home)
}

/// One step of tournament `id`, carried out.
pub async fn step(http: &Http, data: &Data, id: TournamentId) {
    match data
        .session
        .tournaments()
        .advance_tournament(id, false)
        .await
    {
        Ok(progress) => carry_out(http, data, progress).await,
        Err(e) => tracing::warn!(tournament = %id, error = %e, "a tournament step failed"),
    }
}

/// [`step`], boxed: what [`Data::tournament_step`] holds.
pub fn step_boxed<'a>(
    http: &'a Http,
    data: &'a Data,
    id: TournamentId,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'a>> {
    Box::pin(step(http, data, id))
}

/// The sweep's look at tournaments: each one due gets its step, on a task of its own.
pub async fn sweep(http: &Arc<Http>, data: &Data) {
    for id in data
        .session
        .tournaments()
        .tournaments_due(SystemTime::now())
        .await
    {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(async move { step(&http, &data, id).await });
    }
}

/// Shows the tournament as it is now on its sign-up message (one try, bounded).
pub async fn refresh_signup(http: &Http, info: &TournamentInfo) {
    let Some(message) = info.signup_message else {
        return;
    };
    let lang = lang_of(info.locale.as_ref());
    let edit = serenity::EditMessage::new()
        .content(words::signup(lang, info))
        .components(words::signup_buttons(lang, info));
    let done = tokio::time::timeout(
        deliver::ATTEMPT,
        serenity::ChannelId::new(info.channel.0).edit_message(
            http,
            serenity::MessageId::new(message.0),
            edit,
        ),
    )
    .await;
    if !matches!(done, Ok(Ok(_))) {
        tracing::info!(tournament = %info.id, "could not update a sign-up message");
    }
}
