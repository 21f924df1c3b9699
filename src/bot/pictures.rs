//! Turns engine views into Discord attachments (PNG with alt text).
//!
//! Called only after the registry guard is dropped: the views are owned snapshots. The
//! words inside each picture and its alt text are in the [`Lang`] passed in: the viewer's
//! for private pictures, the server's for public ones.

use std::sync::Arc;

use poise::serenity_prelude::CreateAttachment;

use crate::game::{OwnBoardView, RevealView, SalvoView, TargetView};
use crate::render::{Renderer, alt};

use super::Error;
use super::i18n::Lang;

fn attach(png: Vec<u8>, filename: &str, alt_text: &str) -> CreateAttachment {
    // Discord limits attachment descriptions to 1024 characters.
    let alt_text: String = alt_text.chars().take(1000).collect();
    CreateAttachment::bytes(png, filename).description(alt_text)
}

fn encode(picture: &crate::render::Picture) -> Result<Vec<u8>, Error> {
    picture
        .to_png()
        .map_err(|e| Error::Internal(anyhow::anyhow!("could not encode a picture: {e}")))
}

/// A player's own board (also the placement preview), with words in `lang`.
pub fn own_board(view: &OwnBoardView, lang: Lang) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&Renderer::shared().own_board(view, labels))?;
    Ok(attach(png, "your-fleet.png", &alt::own_board(view, labels)))
}

/// The shooter's knowledge of the enemy sea, with words in `lang`.
pub fn target_board(view: &TargetView, lang: Lang) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&Renderer::shared().target_board(view, labels))?;
    Ok(attach(png, "target.png", &alt::target_board(view, labels)))
}

/// The report icons of one Game 2000 salvo, with words in `lang`.
pub fn salvo_report(salvo: &SalvoView, lang: Lang) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&Renderer::shared().salvo_report(salvo, labels))?;
    Ok(attach(png, "report.png", &alt::salvo_report(salvo, labels)))
}

/// Both fleets and every shot, with the result, with words in `lang`.
pub fn reveal(
    view: &RevealView,
    names: &[String; 2],
    lang: Lang,
) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&Renderer::shared().reveal(view, names, labels))?;
    Ok(attach(png, "reveal.png", &alt::reveal(view, names, labels)))
}

/// Replays drawn at once; more wait (a long replay takes a tenth of a second of CPU).
const REPLAYS_AT_ONCE: usize = 2;
/// How long a replay waits for its turn before the player is told to try again.
const REPLAY_QUEUE: std::time::Duration = std::time::Duration::from_secs(10);

static REPLAY_SLOTS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(REPLAYS_AT_ONCE);

/// A replay ready to send: the animated picture and its caption, in one language.
pub struct ReplayPost {
    /// The caption: players, rule set, moves and match id (and a note when frames were
    /// left out of a long match).
    pub caption: String,
    /// The GIF with its alt text.
    pub file: CreateAttachment,
}

/// Replays kept drawn (a finished match never changes, and a Replay button under a
/// popular end is clicked by many): the most recent ones, by match and language.
const KEPT_REPLAYS: usize = 16;

/// A drawn replay: the GIF, its alt text, its caption.
type Drawn = Arc<(Vec<u8>, String, String)>;

/// A replay being drawn: the first request draws it, the others wait for the same cell.
type Drawing = Arc<tokio::sync::OnceCell<Drawn>>;

/// Replays being drawn, by match and language.
static DRAWING: std::sync::LazyLock<dashmap::DashMap<(u64, Lang), Drawing>> =
    std::sync::LazyLock::new(dashmap::DashMap::new);

static KEPT: std::sync::Mutex<std::collections::VecDeque<((u64, Lang), Drawn)>> =
    std::sync::Mutex::new(std::collections::VecDeque::new());

fn kept(key: (u64, Lang)) -> Option<Drawn> {
    let kept = KEPT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    kept.iter()
        .find(|(k, _)| *k == key)
        .map(|(_, d)| Arc::clone(d))
}

fn keep(key: (u64, Lang), drawn: &Drawn) {
    let mut kept = KEPT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    kept.retain(|(k, _)| *k != key);
    if kept.len() >= KEPT_REPLAYS {
        kept.pop_front();
    }
    kept.push_back((key, Arc::clone(drawn)));
}

/// Draws the replay of `done` with words in `lang`, off the async threads, at most
/// [`REPLAYS_AT_ONCE`] at a time (the last [`KEPT_REPLAYS`] are kept drawn).
pub async fn replay(done: crate::session::Finished, lang: Lang) -> Result<ReplayPost, Error> {
    let key = (done.id.0, lang);
    let drawn = if let Some(drawn) = kept(key) {
        drawn
    } else {
        // One draw per replay at a time: a burst of clicks on one Replay button waits for
        // the first click's draw instead of queueing draws of its own.
        let cell = Arc::clone(&DRAWING.entry(key).or_default());
        let result = cell
            .get_or_try_init(|| draw_replay(done, lang))
            .await
            .cloned();
        DRAWING.remove_if(&key, |_, c| Arc::ptr_eq(c, &cell));
        let drawn = result?;
        keep(key, &drawn);
        drawn
    };
    let (bytes, alt_text, caption) = &*drawn;
    Ok(ReplayPost {
        caption: caption.clone(),
        file: attach(bytes.clone(), &format!("replay-{}.gif", key.0), alt_text),
    })
}

async fn draw_replay(done: crate::session::Finished, lang: Lang) -> Result<Drawn, Error> {
    use super::i18n::{errors::variant_title, tr};
    let Some(replay) = done.replay else {
        return Err(Error::user(tr!(lang, "err-replay-no-battle")));
    };
    let Ok(Ok(_slot)) = tokio::time::timeout(REPLAY_QUEUE, REPLAY_SLOTS.acquire()).await else {
        return Err(Error::user(tr!(lang, "err-replay-busy")));
    };
    let names = done.names.clone();
    let drawn = tokio::task::spawn_blocking(move || {
        let labels = lang.labels();
        let gif = Renderer::shared().replay(&replay, &names, labels);
        (gif, alt::replay(&replay, &names, labels))
    })
    .await
    .map_err(|e| Error::Internal(anyhow::anyhow!("the replay task failed: {e}")))?;
    let (gif, alt_text) = drawn;
    let gif =
        gif.map_err(|e| Error::Internal(anyhow::anyhow!("could not encode a replay: {e}")))?;
    let mut caption = tr!(
        lang,
        "replay-caption",
        a = done.names[0].as_str(),
        b = done.names[1].as_str(),
        variant = variant_title(lang, done.variant),
        moves = gif.moves,
        id = done.id.to_string()
    );
    if gif.every > 1 {
        caption.push('\n');
        caption.push_str(&tr!(lang, "replay-sampled", k = gif.every));
    }
    Ok(Arc::new((gif.bytes, alt_text, caption)))
}

/// A member's statistics card, with `alt` as its text for screen readers.
pub fn stats_card(view: &crate::render::StatsCard, alt: &str) -> Result<CreateAttachment, Error> {
    let png = encode(&Renderer::shared().stats_card(view))?;
    Ok(attach(png, "stats.png", alt))
}

/// A page of a leaderboard, with `alt` as its text for screen readers.
pub fn leaderboard(
    view: &crate::render::LeaderboardView,
    alt: &str,
) -> Result<CreateAttachment, Error> {
    let png = encode(&Renderer::shared().leaderboard(view))?;
    Ok(attach(png, "leaderboard.png", alt))
}
