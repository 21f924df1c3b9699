//! The words of `/history`: a member's last matches, one line each.

use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::plain;
use crate::bot::kit::words::{level_name, shown_name};
use crate::game::{PlayerId, Variant};
use crate::rating::Outcome;
use crate::session::PlayedMatch;

/// The private `/history` answer for the member called `name`.
#[cfg(test)]
#[must_use]
pub fn history_text(lang: Lang, name: &str, rows: &[PlayedMatch]) -> String {
    history_text_tagged(lang, name, rows, &[])
}

/// [`history_text`] with a tag after each line (`tags[i]` for `rows[i]`, such as the
/// tournament and round the match was played in).
#[must_use]
pub fn history_text_tagged(
    lang: Lang,
    name: &str,
    rows: &[PlayedMatch],
    tags: &[Option<String>],
) -> String {
    if rows.is_empty() {
        return tr!(lang, "history-empty", name = plain(name));
    }
    let mut text = tr!(lang, "history-title", name = plain(name));
    for (i, row) in rows.iter().enumerate() {
        let r = &row.result;
        let variant = row.variant.parse().unwrap_or(Variant::Classic);
        let opponent = match &r.computer {
            Some(level) => tr!(lang, "history-computer", level = level_name(lang, level)),
            None => plain(&shown_name(
                lang,
                PlayerId(r.opponent),
                row.opponent_name.as_deref().unwrap_or_default(),
            )),
        };
        let result = match r.outcome {
            Outcome::Win => tr!(lang, "history-win"),
            Outcome::Loss => tr!(lang, "history-loss"),
            Outcome::Draw => tr!(lang, "history-draw"),
        };
        let how = match r.how.as_str() {
            "sunk" => tr!(lang, "history-how-sunk"),
            "draw" => tr!(lang, "history-how-draw"),
            "forfeit" => tr!(lang, "history-how-forfeit"),
            _ => tr!(lang, "history-how-timeout"),
        };
        let count = if variant == Variant::Game2000 {
            tr!(lang, "history-turns", n = r.turns)
        } else {
            tr!(lang, "history-shots", n = r.shots)
        };
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "history-line",
            date = format!("<t:{}:d>", r.ended_ms.max(0) / 1000),
            variant = variant_name(lang, variant),
            opponent = opponent,
            result = result,
            how = how,
            count = count,
            id = r.match_id.to_string()
        ));
        if let Some(Some(tag)) = tags.get(i) {
            text.push_str(" · ");
            text.push_str(tag);
        }
    }
    text
}
