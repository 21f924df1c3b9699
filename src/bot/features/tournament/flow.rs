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
use crate::bot::kit::outbox::Outbox;
use crate::session::ChannelKey;
use crate::session::tournament::{
    Announcement, Event, OpenMatchError, OpenedMatch, Progress, Standings, ToOpen, TournamentId,
    TournamentInfo,
};

/// How often the sweep looks for tournaments due (every this many sweeps of matches).
pub const SWEEP_EVERY_NTH: u64 = 4;

/// Carries out a step: posts its announcements (from the store's outbox: see
/// [`post_announcements`]), opens the matches it handed out, and announces the matches it
/// ended.
pub async fn carry_out(http: &Http, data: &Data, progress: Progress) {
    let Some(info) = progress.info.clone() else {
        return;
    };
    if !progress.posted.is_empty() {
        post_announcements(http, data, info.id, &progress.posted).await;
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
    // Their ends wake the tournament again (`Tournaments::match_ended`).
    let ends = progress
        .ended
        .iter()
        .map(|end| play::announce(http, data, end));
    futures_util::future::join_all(ends).await;
}

/// Posts tournament `id`'s announcements, in order, each marked posted once it went out
/// (or could go nowhere): those its steps at `posted` wrote, or with none those a stopped
/// process left (the sweep's).
pub async fn post_announcements(http: &Http, data: &Data, id: TournamentId, posted: &[SystemTime]) {
    let tournaments = data.session.tournaments();
    let all = match tournaments
        .announcements(id, posted, SystemTime::now())
        .await
    {
        Ok(all) => all,
        Err(e) => {
            tracing::warn!(tournament = %id, error = %e, "could not read a tournament's announcements");
            return;
        }
    };
    let info = &all.info;
    let lang = lang_of(info.locale.as_ref());
    for (seq, post) in &all.posts {
        match post {
            Announcement::CalledOff => {
                refresh_signup(http, info).await;
                let note = Post::text(tr!(
                    lang,
                    "tournament-called-off",
                    name = plain(&info.name),
                    least = crate::session::tournament::MIN_PLAYERS
                ));
                deliver::post_quietly(http, info.channel.0, &note).await;
            }
            Announcement::Paired { round, pairings } => {
                if *round == 1 {
                    refresh_signup(http, info).await;
                }
                // In order, one part after the other. The part that names the bye pings
                // them; if the channel refuses it, they are told by DM (or at their next
                // command).
                for part in words::round_post(lang, info, *round, pairings) {
                    if part.ping.is_empty() {
                        deliver::post_quietly(http, info.channel.0, &part).await;
                    } else {
                        let bye: Vec<u64> = part.ping.iter().map(|u| u.get()).collect();
                        Outbox::new(http, data)
                            .post(info.channel, &part, &bye)
                            .await;
                    }
                }
            }
            Announcement::Standings(standings) => post_standings(http, data, standings).await,
            Announcement::Winner(w) => {
                let post = Post {
                    content: words::winner(lang, info, *w),
                    ping: vec![serenity::UserId::new(w.0)],
                    ..Post::default()
                };
                deliver::post_quietly(http, info.channel.0, &post).await;
            }
            Announcement::Paused => {
                let note = Post::text(tr!(
                    lang,
                    "tournament-paused",
                    name = plain(&info.name),
                    creator = mention(info.creator)
                ));
                deliver::post_quietly(http, info.channel.0, &note).await;
                let dm = Post::text(tr!(
                    lang,
                    "tournament-paused-creator",
                    name = plain(&info.name)
                ));
                deliver::dm(http, info.creator.0, &dm).await;
            }
        }
        tournaments.announced(id, *seq).await;
    }
}

/// Posts the standings (the picture when there is one; text until then), page by page.
async fn post_standings(http: &Http, data: &Data, standings: &Standings) {
    let info = &standings.info;
    let lang = lang_of(info.locale.as_ref());
    let pages = standings.lines.len().div_ceil(words::PAGE).max(1);
    for page in 1..=pages {
        let post = words::standings_post(&data.renderer, lang, standings, page as u32);
        deliver::post_quietly(http, info.channel.0, &post).await;
    }
}

/// Opens one match of a round: the match (straight into placement), its thread under
/// the tournament's channel, a greeting there that pings both players, and each player's
/// fleet preview by DM; the claim on the pairing is kept fresh meanwhile, so that no
/// other process opens it again while Discord is slow. A player busy in another match:
/// the claim goes back and the sweep tries again (on the `first` try, the channel is told
/// who and until when).
async fn open_one(http: &Http, data: &Data, info: &TournamentInfo, m: &ToOpen, first: bool) {
    let opened = match data.session.tournaments().open_tournament_match(m).await {
        Ok(o) => o,
        Err(OpenMatchError::Busy(crate::session::SessionError::Busy { reason, .. })) => {
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
    let greet = async {
        let lang = lang_of(info.locale.as_ref());
        let (home, late) = if let Some(parent) = opened.accepted.wants_thread {
            thread_for(http, data, info, m, &opened, parent, lang).await
        } else {
            // Settled by an earlier try that stopped before its greeting: sent again.
            greet(http, data, m, &opened, opened.home, true, lang).await;
            (opened.home, None)
        };
        let mut previews = opened.accepted.previews.clone();
        for (_, preview, _) in &mut previews {
            preview.channel = home;
        }
        let previews = crate::bot::features::r#match::previews::send_previews(
            http, data, opened.id, &previews, lang,
        );
        let late = async {
            if let Some((parent, name)) = late {
                look_for_late_thread(http, info.guild, m, parent, &name, home, lang).await;
            }
        };
        tokio::join!(previews, late);
    };
    let renew = async {
        let every = crate::session::tournament::STALE_CLAIM / 3;
        loop {
            tokio::time::sleep(every).await;
            if !data.session.tournaments().renew_claim(m).await {
                break;
            }
        }
        // The claim is gone: the greeting goes on, renewing nothing.
        std::future::pending::<()>().await;
    };
    tokio::select! {
        () = greet => {}
        () = renew => {}
    }
    data.session.tournaments().tournament_match_opened(m).await;
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
/// it in the tournament's channel), and greets the players where it is played. Returns
/// where that is, and, when the thread's making timed out (it may land later), the
/// parent and name to look for it by. A thread the match does not use (another try got
/// there first) is retired, never deleted.
async fn thread_for(
    http: &Http,
    data: &Data,
    info: &TournamentInfo,
    m: &ToOpen,
    opened: &OpenedMatch,
    parent: ChannelKey,
    lang: Lang,
) -> (ChannelKey, Option<(ChannelKey, String)>) {
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
            CreateThread::new(name.as_str())
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek),
        ),
    )
    .await;
    // A refusal made no thread; no answer, or a server error, may hide one that was made
    // (or is made later).
    let (thread, maybe_made) = match made {
        Ok(Ok(thread)) => (Some(ChannelKey(thread.id.get())), false),
        Ok(Err(e)) => {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::warn!(match_id = %m.match_id, error = %e, "could not open a tournament match's thread");
            (None, crate::bot::kit::discord::may_have_arrived(&e))
        }
        Err(_) => {
            tracing::warn!(match_id = %m.match_id, "opening a tournament match's thread took too long");
            (None, true)
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
        // Another try got there first: this one is left with a pointer, archived.
        retire_thread(http, m, t, home, lang).await;
    }
    greet(
        http,
        data,
        m,
        opened,
        home,
        thread.is_some() || home != parent,
        lang,
    )
    .await;
    (home, maybe_made.then_some((parent, name)))
}

/// Looks for match `m`'s thread whose making timed out, now and once more after the
/// longest a request may take, and retires it if Discord made it after all.
async fn look_for_late_thread(
    http: &Http,
    guild: crate::session::GuildId,
    m: &ToOpen,
    parent: ChannelKey,
    name: &str,
    home: ChannelKey,
    lang: Lang,
) {
    for wait in [std::time::Duration::ZERO, deliver::ATTEMPT] {
        tokio::time::sleep(wait).await;
        if let Some(late) = landed_late(http, guild, parent, name, home).await {
            retire_thread(http, m, late, home, lang).await;
            return;
        }
    }
}

/// Posts the match's greeting where it is played, pinging both players (by DM where the
/// channel refuses); `in_thread`: false when the thread failed and it is played in the
/// tournament's channel.
async fn greet(
    http: &Http,
    data: &Data,
    m: &ToOpen,
    opened: &OpenedMatch,
    home: ChannelKey,
    in_thread: bool,
    lang: Lang,
) {
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
    if !in_thread {
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
    Outbox::new(http, data).post(home, &post, &ids).await;
}

/// A thread made for match `m` that it does not use: a line in it says where the match
/// is played, and it is archived (deleting it would need Manage Threads, which the bot
/// does not ask for).
async fn retire_thread(http: &Http, m: &ToOpen, thread: ChannelKey, home: ChannelKey, lang: Lang) {
    let pointer = Post::text(tr!(
        lang,
        "thread-unused",
        challenger = mention(m.white.0),
        opponent = mention(m.black.0),
        channel = crate::bot::kit::markup::channel(home.0)
    ))
    .about(m.match_id);
    deliver::post_quietly(http, thread.0, &pointer).await;
    deliver::archive(http, thread.0).await;
}

/// A thread named `name` under `parent` that is not `home`: one whose making timed out
/// and that Discord made after all.
async fn landed_late(
    http: &Http,
    guild: crate::session::GuildId,
    parent: ChannelKey,
    name: &str,
    home: ChannelKey,
) -> Option<ChannelKey> {
    let read = tokio::time::timeout(
        deliver::ATTEMPT,
        serenity::GuildId::new(guild.0).get_active_threads(http),
    )
    .await;
    let threads = read.ok()?.ok()?;
    threads
        .threads
        .iter()
        .find(|t| {
            t.parent_id.map(serenity::ChannelId::get) == Some(parent.0)
                && t.name == name
                && t.id.get() != home.0
        })
        .map(|t| ChannelKey(t.id.get()))
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

/// Steps each tournament a match's end wakes (`Tournaments::match_ended`), on a task of
/// its own, for as long as the bot runs. (The session runs one step of a tournament at a
/// time here; one woken meanwhile is stepped again once that step is done.)
pub fn spawn_stepper(http: Arc<Http>, data: Data) {
    let Some(mut woken) = data.session.tournaments().take_wakes() else {
        return;
    };
    tokio::spawn(async move {
        while let Some(id) = woken.recv().await {
            let (http, data) = (Arc::clone(&http), data.clone());
            tokio::spawn(async move { step(&http, &data, id).await });
        }
    });
}

/// The sweep's look at tournaments: each one due (read by its due time: an idle one
/// costs nothing) gets its step, and the announcements a stopped process left are
/// posted, each on a task of its own.
pub async fn sweep(http: &Arc<Http>, data: &Data) {
    let tournaments = data.session.tournaments();
    for id in tournaments.tournaments_due(SystemTime::now()).await {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(async move { step(&http, &data, id).await });
    }
    for id in tournaments.stale_announcements(SystemTime::now()).await {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(async move { post_announcements(&http, &data, id, &[]).await });
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
