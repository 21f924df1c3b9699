//! The private placement previews of a match that just began: by DM, or as answers where
//! the bot can only answer.

use poise::serenity_prelude as serenity;

use super::play;
use super::words;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::deliver::Post;
use crate::bot::kit::i18n::Lang;
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::{Data, pictures};
use crate::session::MatchId;

/// Sends each member's fleet preview by DM (a hint in the channel when their DMs are
/// closed). One player's failed DM never costs the other theirs.
pub(crate) async fn send_previews(
    http: &serenity::Http,
    data: &Data,
    id: MatchId,
    previews: &[crate::session::PlayerPreview],
    public: Lang,
) {
    let outbox = Outbox::new(http, data);
    for (p, preview, locale) in previews {
        let private = locale.as_deref().map_or(public, Lang::from_discord);
        let delivered = play::dm_preview(&outbox, &data.renderer, *p, preview, private)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(match_id = %id, error = %e, "could not send a fleet preview by DM");
                false
            });
        if !delivered {
            let hint = Post {
                content: words::dm_closed_hint(public, &data.commands, *p),
                files: Vec::new(),
                ping: vec![serenity::UserId::new(p.0)],
                about: Some(preview.id),
                ..Post::default()
            };
            outbox.post(preview.channel, &hint, &[p.0]).await;
        }
    }
}

/// Where the bot can only answer: the fleet previews of a match just accepted by
/// `answer`'s click, each private: the clicker's as a follow-up of the click, the
/// challenger's as a follow-up of their `/challenge` while its token lasts, else by DM
/// (and `/place` shows it there at any time, as the accepted challenge says).
pub(crate) async fn answer_previews(
    answer: &Answer<'_>,
    data: &Data,
    id: MatchId,
    previews: &[crate::session::PlayerPreview],
    public: Lang,
) {
    let Answer::Click(http, _) = *answer else {
        return;
    };
    let token = data.tokens.take(id);
    let outbox = Outbox::new(http, data);
    for (p, preview, locale) in previews {
        let lang = locale.as_deref().map_or(public, Lang::from_discord);
        let picture = match pictures::own_board(&data.renderer, &preview.view, lang) {
            Ok(picture) => picture,
            Err(e) => {
                tracing::error!(match_id = %id, error = %e, "could not draw a fleet preview");
                continue;
            }
        };
        let post = Post {
            content: play::preview_text(lang, preview),
            files: vec![picture],
            components: play::preview_buttons(lang, preview),
            about: Some(id),
            ..Post::default()
        };
        let shown = if p.0 == answer.member() {
            outbox.answer_privately(answer, &post).await
        } else {
            match &token {
                Some(token) => outbox.answer_token(token, &post).await,
                None => false,
            }
        };
        if !shown {
            let delivered = play::dm_preview(&outbox, &data.renderer, *p, preview, lang)
                .await
                .unwrap_or(false);
            tracing::info!(match_id = %id, player = p.0, delivered, "a fleet preview went by DM");
        }
    }
}
