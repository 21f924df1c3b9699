//! The public words and picture of a match's end: its text (result, statistics, series,
//! pace) and its post (the reveal, Replay and Rematch buttons), wherever they are shown (the
//! channel, a thread's summary, an answer where the bot can only answer).

use poise::serenity_prelude as serenity;
use serenity::CreateButton;

use super::words;
use crate::bot::kit::buttons::{ButtonId, MatchButton};
use crate::bot::kit::context::lang_of;
use crate::bot::kit::deliver::Post;
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Data, pictures};
use crate::session::Ended;

/// The public text of a match's end, in the server's language.
#[must_use]
pub fn end_text(end: &Ended) -> String {
    let lang = lang_of(end.guild_locale.as_ref());
    let mut t = words::ending(lang, end.ending, end.players, end.reveal.is_some());
    if let Some(r) = &end.reveal {
        t.push('\n');
        t.push_str(&words::stats_lines(lang, end.players, r.stats));
    }
    if let Some(series) = &end.series {
        t.push('\n');
        t.push_str(&super::words::series_line(lang, &end.names, series));
    }
    if let Some(turn) = end.turn {
        t.push('\n');
        t.push_str(&words::pace_line(lang, end.pace, turn));
    }
    t
}

/// The public post of a match's end (text, reveal, Replay and Rematch buttons).
pub fn end_post(data: &Data, end: &Ended) -> Post {
    let lang = lang_of(end.guild_locale.as_ref());
    // A tournament's match says so first (the end carries its round), and offers no
    // rematch outside it.
    let tournament = &end.tournament;
    let mut text = end_text(end);
    if let Some(t) = tournament {
        let header = tr!(
            lang,
            "tournament-header",
            name = crate::bot::kit::markup::plain(&t.name),
            round = t.round
        );
        text = format!("{header}\n{text}");
    }
    let mut post = Post::text(text).about(end.id);
    let mut buttons = Vec::new();
    if let Some(reveal) = &end.reveal {
        match pictures::reveal(&data.renderer, reveal, &end.names, lang) {
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
    if end.rematch && tournament.is_none() {
        buttons.push(
            CreateButton::new(ButtonId::Match(MatchButton::Rematch(end.id)).to_string())
                .label(tr!(lang, "button-rematch"))
                .emoji('🔁')
                .style(serenity::ButtonStyle::Primary),
        );
    }
    if !buttons.is_empty() {
        post.components = vec![serenity::CreateActionRow::Buttons(buttons)];
    }
    post
}
