//! Match flows shared by commands, buttons and the deadline sweeper.
//!
//! The pattern everywhere: change the match inside a registry closure and take an
//! owned snapshot of what must be shown; the guard is dropped when the closure
//! returns; only then render and talk to Discord.

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serenity::{CreateActionRow, CreateButton, CreateMessage, Http};

use super::i18n::Lang;
use super::{Error, pictures, text};
use crate::game::{Ending, Fleet, OwnBoardView, PlayerId, RevealView, Variant};
use crate::registry::{ChannelKey, Entry, MatchId, Registry};

/// The bot's source of match seeds: fixed by `BROADSIDE_SEED` for replays, else random.
#[derive(Debug)]
pub struct Seeds(Mutex<ChaCha8Rng>);

impl Seeds {
    /// Seeds drawn from `seed`, or from the operating system when `None`.
    #[must_use]
    pub fn new(seed: Option<u64>) -> Self {
        let rng = match seed {
            Some(s) => ChaCha8Rng::seed_from_u64(s),
            None => ChaCha8Rng::from_rng(&mut rand::rng()),
        };
        Seeds(Mutex::new(rng))
    }

    /// The next match seed.
    pub fn next(&self) -> u64 {
        // A poisoned lock only means another thread panicked mid-draw; the RNG is still usable.
        let mut rng = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        rng.next_u64()
    }
}

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

/// A short fingerprint of a fleet, carried by the Ready button so that a stale
/// preview cannot confirm a fleet the player no longer has.
#[must_use]
pub fn fleet_tag(fleet: &Fleet) -> String {
    // FNV-1a over the canonical fleet text.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in fleet.to_string().bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", hash & 0xffff_ffff)
}

/// The language of the server a match is played in (for public messages).
#[must_use]
pub fn public_lang(entry: &Entry) -> Lang {
    Lang::from_opt(entry.guild_locale.as_deref())
}

/// The language `player` last used with the bot in this match (for DMs the bot sends
/// unasked); the server's language if the player's is unknown.
#[must_use]
pub fn player_lang(entry: &Entry, player: PlayerId) -> Lang {
    entry
        .game
        .players()
        .iter()
        .position(|&p| p == player)
        .and_then(|i| entry.player_locales[i].as_deref())
        .map_or_else(|| public_lang(entry), Lang::from_discord)
}

/// Shuffle and Ready buttons of a placement preview, labelled in `lang`.
#[must_use]
pub fn placement_buttons(lang: Lang, id: MatchId, fleet: &Fleet) -> Vec<CreateActionRow> {
    let [shuffle, ready] = text::placement_buttons(lang);
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(format!("bs:{id}:shuffle"))
            .label(shuffle)
            .emoji('🔀')
            .style(serenity::ButtonStyle::Secondary),
        CreateButton::new(format!("bs:{id}:ready:{}", fleet_tag(fleet)))
            .label(ready)
            .emoji('✅')
            .style(serenity::ButtonStyle::Success),
    ])]
}

/// What a private placement preview needs.
#[derive(Clone, Debug)]
pub struct Preview {
    /// The match.
    pub id: MatchId,
    /// Its channel.
    pub channel: ChannelKey,
    /// Its rules.
    pub variant: Variant,
    /// The fleet shown.
    pub fleet: Fleet,
    /// The picture's view.
    pub view: OwnBoardView,
}

impl Preview {
    /// The preview of `player`'s current fleet in `entry`, if they have one.
    #[must_use]
    pub fn of(entry: &Entry, player: PlayerId) -> Option<Self> {
        let (fleet, _) = entry.game.placed_fleet(player)?;
        Some(Preview {
            id: entry.id,
            channel: entry.channel,
            variant: entry.game.variant(),
            fleet: fleet.clone(),
            view: OwnBoardView::preview(fleet),
        })
    }

    /// The prompt text in `lang`.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        text::placement_prompt(lang, self.variant, &self.fleet.to_string(), self.channel.0)
    }

    /// The Shuffle and Ready buttons for this preview, in `lang`.
    #[must_use]
    pub fn buttons(&self, lang: Lang) -> Vec<CreateActionRow> {
        placement_buttons(lang, self.id, &self.fleet)
    }
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
        .content(preview.text(lang))
        .add_file(picture)
        .components(preview.buttons(lang));
    let user = serenity::UserId::new(player.0);
    let sent = match user.create_dm_channel(http).await {
        Ok(dm) => dm.id.send_message(http, message).await.map(|_| ()),
        Err(e) => Err(e),
    };
    match sent {
        Ok(()) => Ok(true),
        Err(e) => {
            tracing::info!(player = player.0, error = %e, "could not DM a placement prompt");
            Ok(false)
        }
    }
}

/// Everything the public end message shows, taken while the match was locked.
#[derive(Clone, Debug)]
pub struct EndSnapshot {
    /// The match.
    pub id: MatchId,
    /// Where to announce.
    pub channel: ChannelKey,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// Display names, for the picture.
    pub names: [String; 2],
    /// How it ended.
    pub ending: Ending,
    /// The full reveal, when a battle took place.
    pub reveal: Option<RevealView>,
    /// The server's language, in which the end is announced.
    pub lang: Lang,
}

impl EndSnapshot {
    /// The end of `entry`'s match, if it is over.
    #[must_use]
    pub fn of(entry: &Entry) -> Option<Self> {
        Some(EndSnapshot {
            id: entry.id,
            channel: entry.channel,
            players: entry.game.players(),
            names: entry.names.clone(),
            ending: entry.game.ending()?,
            reveal: entry.game.reveal(),
            lang: public_lang(entry),
        })
    }

    /// The message text.
    #[must_use]
    pub fn text(&self) -> String {
        let mut t = text::ending(self.lang, self.ending, self.players, self.reveal.is_some());
        if let Some(r) = &self.reveal {
            t.push('\n');
            t.push_str(&text::stats_lines(self.lang, self.players, r.stats));
        }
        t
    }
}

/// Frees the channel and its players and, if this call was the one that freed
/// them, posts the end message there (see [`close`] and [`announce`]).
pub async fn finish(http: &Http, registry: &Registry, end: EndSnapshot) {
    if let Some(end) = close(registry, end) {
        announce(http, &end).await;
    }
}

/// Frees the channel and the players of an ended match, at once and before
/// anything is sent, so that no failed message can leave it behind. Returns the
/// snapshot only to the one caller that removed the match: only that caller
/// announces the end, so an ending is announced exactly once.
#[must_use]
pub fn close(registry: &Registry, end: EndSnapshot) -> Option<EndSnapshot> {
    registry.close(end.channel, end.id).map(|_| end)
}

/// For a member who ended a match (`/forfeit`, `/cancel`): frees it, tells them
/// `confirmation` privately, then announces the end to everyone. The end is
/// announced even if the private answer fails, whose error is returned.
pub async fn end_by_command(
    ctx: super::Context<'_>,
    end: EndSnapshot,
    confirmation: String,
) -> Result<(), Error> {
    let end = close(&ctx.data().registry, end);
    let sent = ctx
        .send(super::error::private_reply(confirmation))
        .await
        .map(|_| ());
    if let Some(end) = end {
        announce(ctx.http(), &end).await;
    }
    Ok(sent?)
}

/// Announces the end of a closed match in its channel; a failure is logged
/// (the match is over either way).
pub async fn announce(http: &Http, end: &EndSnapshot) {
    let sent = async {
        let mut message = CreateMessage::new().content(end.text());
        if let Some(reveal) = &end.reveal {
            message = message.add_file(pictures::reveal(reveal, &end.names, end.lang)?);
        }
        serenity::ChannelId::new(end.channel.0)
            .send_message(http, message)
            .await?;
        Ok::<(), Error>(())
    }
    .await;
    if let Err(e) = sent {
        tracing::warn!(match_id = %end.id, error = %e, "could not announce the end of a match");
    }
}

/// Ends every match whose deadline has passed, every `tick`, for ever.
pub fn spawn_sweeper(http: Arc<Http>, registry: Arc<Registry>, tick: Duration) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(tick);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            interval.tick().await;
            sweep(&http, &registry).await;
        }
    });
}

/// One pass of the sweeper.
pub async fn sweep(http: &Http, registry: &Registry) {
    let now = now();
    for (_, id) in registry.due(now) {
        // Re-check under the lock: a move may have pushed the deadline back meanwhile.
        let end = registry
            .with_id(id, |e| {
                if e.game.ending().is_some() {
                    // Ended, but still registered: free it now.
                    return EndSnapshot::of(e);
                }
                if e.deadline > now || e.game.timeout().is_err() {
                    return None;
                }
                EndSnapshot::of(e)
            })
            .flatten();
        if let Some(end) = end {
            tracing::info!(match_id = %end.id, ending = ?end.ending, "match ended by the sweeper");
            finish(http, registry, end).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fleet_tags_tell_fleets_apart() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let a = Fleet::random(Variant::Classic, &mut rng);
        let b = Fleet::random(Variant::Classic, &mut rng);
        assert_eq!(fleet_tag(&a), fleet_tag(&a.clone()));
        assert_ne!(fleet_tag(&a), fleet_tag(&b));
        assert_eq!(fleet_tag(&a).len(), 8);
    }

    #[test]
    fn fixed_seeds_repeat() {
        let a = Seeds::new(Some(5));
        let b = Seeds::new(Some(5));
        assert_eq!(a.next(), b.next());
        assert_eq!(a.next(), b.next());
    }
}
