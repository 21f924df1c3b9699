//! Turns engine views into Discord attachments (PNG with alt text).
//!
//! Called only after the registry guard is dropped: the views are owned snapshots. The
//! words inside each picture and its alt text are in the [`Lang`] passed in: the viewer's
//! for private pictures, the server's for public ones.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dashmap::DashMap;
use poise::serenity_prelude::CreateAttachment;

use crate::bot::kit::markup::plain;
use crate::game::{OwnBoardView, PlayerId, RevealView, SalvoView, TargetView};
use crate::render::{Renderer, alt};
use crate::session::{Finished, MatchId};

use crate::bot::kit::asks::Asks;
use crate::bot::kit::error::Error;
use crate::bot::kit::i18n::Lang;

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
pub fn own_board(
    renderer: &Renderer,
    view: &OwnBoardView,
    lang: Lang,
) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&renderer.own_board(view, labels))?;
    Ok(attach(png, "your-fleet.png", &alt::own_board(view, labels)))
}

/// The shooter's knowledge of the enemy sea, with words in `lang`.
pub fn target_board(
    renderer: &Renderer,
    view: &TargetView,
    lang: Lang,
) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&renderer.target_board(view, labels))?;
    Ok(attach(png, "target.png", &alt::target_board(view, labels)))
}

/// The report icons of one Game 2000 salvo, with words in `lang`.
pub fn salvo_report(
    renderer: &Renderer,
    salvo: &SalvoView,
    lang: Lang,
) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&renderer.salvo_report(salvo, labels))?;
    Ok(attach(png, "report.png", &alt::salvo_report(salvo, labels)))
}

/// Both fleets and every shot, with the result, with words in `lang`.
pub fn reveal(
    renderer: &Renderer,
    view: &RevealView,
    names: &[String; 2],
    lang: Lang,
) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&renderer.reveal(view, names, labels))?;
    Ok(attach(png, "reveal.png", &alt::reveal(view, names, labels)))
}

/// Replays drawn at once; more wait (a long replay takes a tenth of a second of CPU).
const REPLAYS_AT_ONCE: usize = 2;
/// How long a replay waits for its turn before the player is told to try again.
const REPLAY_QUEUE: Duration = Duration::from_secs(10);
/// The bytes of drawn replays kept (a finished match never changes, and a Replay button
/// under a popular end is clicked by many); the least recently shown go first.
const KEPT_BYTES: usize = 32 << 20;
/// How long a member waits between two replays that must be drawn (one kept drawn is
/// shown at once): one member cannot keep both cores busy for everyone else.
pub const REPLAY_COOLDOWN: Duration = Duration::from_secs(8);
/// How many replays one member may ask for within [`REPLAY_CHECKS_WINDOW`]: each one asks
/// Discord (up to 3 requests) whether they see the match's channel, before anything is
/// drawn or kept, so a member who keeps asking cannot use up the bot's rate limits.
pub const REPLAY_CHECKS: u32 = 3;
/// See [`REPLAY_CHECKS`].
pub const REPLAY_CHECKS_WINDOW: Duration = Duration::from_secs(10);

/// A replay ready to send: the animated picture and its caption, in one language.
pub struct ReplayPost {
    /// The caption: players, rule set, moves and match id (and a note when frames were
    /// left out of a long match).
    pub caption: String,
    /// The GIF with its alt text.
    pub file: CreateAttachment,
}

/// A drawn replay: the GIF, its alt text, its caption.
type Drawn = Arc<(Vec<u8>, String, String)>;

/// A replay being drawn: the first request draws it, the others wait for the same cell.
type Drawing = Arc<tokio::sync::OnceCell<Drawn>>;

/// Replays by match and language.
type Key = (u64, Lang);

/// The replays kept drawn, least recently shown first, and their bytes.
#[derive(Debug, Default)]
struct Kept {
    entries: std::collections::VecDeque<(Key, Drawn)>,
    bytes: usize,
}

impl Kept {
    fn size(drawn: &Drawn) -> usize {
        drawn.0.len() + drawn.1.len() + drawn.2.len()
    }

    /// The replay `key`, now the most recently shown.
    fn get(&mut self, key: Key) -> Option<Drawn> {
        let at = self.entries.iter().position(|(k, _)| *k == key)?;
        let entry = self.entries.remove(at)?;
        let drawn = Arc::clone(&entry.1);
        self.entries.push_back(entry);
        Some(drawn)
    }

    /// Keeps `drawn`, letting the least recently shown go beyond `limit` bytes.
    fn keep(&mut self, key: Key, drawn: &Drawn, limit: usize) {
        self.forget(|k| *k == key);
        self.bytes += Self::size(drawn);
        self.entries.push_back((key, Arc::clone(drawn)));
        while self.bytes > limit && self.entries.len() > 1 {
            if let Some((_, gone)) = self.entries.pop_front() {
                self.bytes -= Self::size(&gone);
            }
        }
    }

    /// Drops the replays whose key `gone` names.
    fn forget(&mut self, gone: impl Fn(&Key) -> bool) {
        let bytes = &mut self.bytes;
        self.entries.retain(|(k, d)| {
            let keep = !gone(k);
            if !keep {
                *bytes -= Self::size(d);
            }
            keep
        });
    }
}

/// Replays drawn and being drawn, and when each member last had one drawn.
#[derive(Debug)]
pub struct Replays {
    slots: tokio::sync::Semaphore,
    drawing: DashMap<Key, Drawing>,
    kept: Mutex<Kept>,
    limit: usize,
    cooldown: Duration,
    last_drawn: DashMap<u64, Instant>,
    /// How often each member asked lately.
    checks: Asks,
}

impl Default for Replays {
    fn default() -> Self {
        Self::new(KEPT_BYTES, REPLAY_COOLDOWN)
    }
}

/// Why a replay is not shown now.
#[derive(Debug, thiserror::Error)]
pub enum ReplayRefusal {
    /// The member had a replay drawn a moment ago: the next one in this long.
    #[error("wait {0:?}")]
    Cooldown(Duration),
    /// The member asked for [`REPLAY_CHECKS`] replays just now: the next one in this long.
    #[error("asked too often; wait {0:?}")]
    TooOften(Duration),
    /// Too many replays are being drawn.
    #[error("busy")]
    Busy,
    /// Drawing failed.
    #[error(transparent)]
    Failed(#[from] Error),
}

impl Replays {
    /// Keeps up to `limit` bytes drawn; a member waits `cooldown` between draws.
    #[must_use]
    pub fn new(limit: usize, cooldown: Duration) -> Self {
        Self {
            slots: tokio::sync::Semaphore::new(REPLAYS_AT_ONCE),
            drawing: DashMap::new(),
            kept: Mutex::default(),
            limit,
            cooldown,
            last_drawn: DashMap::new(),
            checks: Asks::new(REPLAY_CHECKS, REPLAY_CHECKS_WINDOW),
        }
    }

    /// Counts one ask for a replay by `member`, before Discord is asked whether they may
    /// watch it: refused once they asked [`REPLAY_CHECKS`] times in [`REPLAY_CHECKS_WINDOW`].
    pub fn may_check(&self, member: PlayerId) -> Result<(), ReplayRefusal> {
        self.checks.ask(member.0).map_err(ReplayRefusal::TooOften)
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Forgets what was drawn of `matches` (their names changed: `/privacy delete`).
    pub fn forget(&self, matches: &[MatchId]) {
        self.kept()
            .forget(|(id, _)| matches.iter().any(|m| m.0 == *id));
    }

    /// The replay of `done` with words in `lang` for `member`: kept drawn, or drawn by
    /// `renderer` off the async threads, at most two at a time and once
    /// per [`REPLAY_COOLDOWN`] for each member.
    pub async fn replay(
        &self,
        renderer: &Arc<Renderer>,
        done: Finished,
        lang: Lang,
        member: PlayerId,
    ) -> Result<ReplayPost, ReplayRefusal> {
        let key = (done.id.0, lang);
        let kept = self.kept().get(key);
        let drawn = if let Some(drawn) = kept {
            drawn
        } else {
            let now = Instant::now();
            // One draw per member at a time, and a pause between them.
            match self.last_drawn.entry(member.0) {
                dashmap::Entry::Occupied(mut last) => {
                    let since = now.saturating_duration_since(*last.get());
                    if since < self.cooldown {
                        return Err(ReplayRefusal::Cooldown(self.cooldown.saturating_sub(since)));
                    }
                    last.insert(now);
                }
                dashmap::Entry::Vacant(v) => {
                    v.insert(now);
                }
            }
            self.last_drawn
                .retain(|_, at| now.saturating_duration_since(*at) < self.cooldown);
            // One draw per replay at a time: a burst of clicks on one Replay button
            // waits for the first click's draw instead of queueing draws of its own.
            let cell = Arc::clone(&self.drawing.entry(key).or_default());
            let result = cell
                .get_or_try_init(|| self.draw(Arc::clone(renderer), done, lang))
                .await
                .cloned();
            self.drawing.remove_if(&key, |_, c| Arc::ptr_eq(c, &cell));
            let drawn = result?;
            self.kept().keep(key, &drawn, self.limit);
            drawn
        };
        let (bytes, alt_text, caption) = &*drawn;
        Ok(ReplayPost {
            caption: caption.clone(),
            file: attach(bytes.clone(), &format!("replay-{}.gif", key.0), alt_text),
        })
    }

    async fn draw(
        &self,
        renderer: Arc<Renderer>,
        done: Finished,
        lang: Lang,
    ) -> Result<Drawn, ReplayRefusal> {
        let Ok(Ok(_slot)) = tokio::time::timeout(REPLAY_QUEUE, self.slots.acquire()).await else {
            return Err(ReplayRefusal::Busy);
        };
        Ok(draw_replay(renderer, done, lang).await?)
    }
}

async fn draw_replay(renderer: Arc<Renderer>, done: Finished, lang: Lang) -> Result<Drawn, Error> {
    let Some(replay) = done.replay.clone() else {
        return Err(Error::Internal(anyhow::anyhow!(
            "a replay without a battle"
        )));
    };
    let names = done.names.clone();
    let drawn = tokio::task::spawn_blocking(move || {
        let labels = lang.labels();
        let gif = renderer.replay(&replay, &names, labels);
        (gif, alt::replay(&replay, &names, labels))
    })
    .await
    .map_err(|e| Error::Internal(anyhow::anyhow!("the replay task failed: {e}")))?;
    let (gif, alt_text) = drawn;
    let gif =
        gif.map_err(|e| Error::Internal(anyhow::anyhow!("could not encode a replay: {e}")))?;
    let caption = replay_caption(lang, &done, gif.moves, gif.every);
    Ok(Arc::new((gif.bytes, alt_text, caption)))
}

/// The caption of a replay of `done` in `lang`: players, rule set, `moves` and the match
/// id, and a note when only one frame per `every` moves is shown.
#[must_use]
pub fn replay_caption(lang: Lang, done: &Finished, moves: usize, every: usize) -> String {
    use crate::bot::kit::i18n::{names::variant_title, tr};
    let mut caption = tr!(
        lang,
        "replay-caption",
        a = plain(&done.names[0]),
        b = plain(&done.names[1]),
        variant = variant_title(lang, done.variant),
        moves = moves,
        id = done.id.to_string()
    );
    if every > 1 {
        caption.push('\n');
        caption.push_str(&tr!(lang, "replay-sampled", k = every));
    }
    caption
}

/// A member's statistics card, with `alt` as its text for screen readers.
pub fn stats_card(
    renderer: &Renderer,
    view: &crate::render::StatsCard,
    alt: &str,
) -> Result<CreateAttachment, Error> {
    let png = encode(&renderer.stats_card(view))?;
    Ok(attach(png, "stats.png", alt))
}

/// A page of a leaderboard, with `alt` as its text for screen readers.
pub fn leaderboard(
    renderer: &Renderer,
    view: &crate::render::LeaderboardView,
    alt: &str,
) -> Result<CreateAttachment, Error> {
    let png = encode(&renderer.leaderboard(view))?;
    Ok(attach(png, "leaderboard.png", alt))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(bytes: usize) -> Drawn {
        Arc::new((vec![0; bytes], String::new(), String::new()))
    }

    /// Issue 30, 5: the replays kept are bounded by their bytes, and the least recently
    /// shown go first.
    #[test]
    fn kept_replays_are_bounded_by_bytes_least_recently_shown_first() {
        let mut kept = Kept::default();
        let key = |id| (id, Lang::EnUs);
        for id in 1..=3 {
            kept.keep(key(id), &drawn(400), 1000);
        }
        // 1200 bytes do not fit 1000: the oldest went.
        assert!(kept.get(key(1)).is_none());
        assert_eq!(kept.bytes, 800);
        // Showing 2 makes 3 the least recently shown.
        assert!(kept.get(key(2)).is_some());
        kept.keep(key(4), &drawn(400), 1000);
        assert!(kept.get(key(3)).is_none());
        assert!(kept.get(key(2)).is_some() && kept.get(key(4)).is_some());
        // One larger than the limit is still kept, alone.
        kept.keep(key(5), &drawn(5000), 1000);
        assert_eq!(kept.entries.len(), 1);
        assert_eq!(kept.bytes, 5000);
    }

    #[test]
    fn forgotten_matches_are_dropped_in_every_language() {
        let replays = Replays::new(1 << 20, Duration::ZERO);
        for lang in [Lang::EnUs, Lang::Nl] {
            replays.kept().keep((7, lang), &drawn(10), 1 << 20);
        }
        replays.kept().keep((8, Lang::Da), &drawn(10), 1 << 20);
        replays.forget(&[MatchId(7)]);
        let left: Vec<Key> = replays.kept().entries.iter().map(|(k, _)| *k).collect();
        assert_eq!(left, vec![(8, Lang::Da)]);
        assert_eq!(replays.kept().bytes, 10);
    }
}
