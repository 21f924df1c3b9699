//! The words of `/settings show`: every setting of a server and its value.

use crate::bot::kit::i18n::names::variant_title;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::channel;

/// Every setting of a server and its value, in `lang` (`/settings show`). `threads_ok`:
/// whether the bot may open threads where it was asked; `server_locale`: the server's own.
#[must_use]
pub fn settings(
    lang: Lang,
    s: &crate::session::Settings,
    threads_ok: bool,
    server_locale: Option<&str>,
) -> String {
    use crate::bot::kit::i18n::names::pace;
    let language_name = |code: &str| tr!(Lang::from_discord(code), "language-name");
    let paces: Vec<String> = s.paces.iter().map(|&p| pace(lang, p)).collect();
    let mut lines = vec![
        tr!(lang, "settings-title"),
        tr!(
            lang,
            "settings-rules",
            rules = variant_title(lang, s.default_rules),
            repeats = tr!(
                lang,
                if s.forbid_repeats {
                    "settings-repeats-forbidden"
                } else {
                    "settings-repeats-allowed"
                }
            )
        ),
        tr!(
            lang,
            "settings-pace",
            pace = pace(lang, s.pace),
            paces = paces.join(", ")
        ),
        tr!(
            lang,
            if s.threads {
                "settings-threads-on"
            } else {
                "settings-threads-off"
            }
        ),
    ];
    if s.threads && !threads_ok {
        lines.push(tr!(lang, "settings-threads-missing"));
    }
    lines.push(if s.channels.is_empty() {
        tr!(lang, "settings-channels-all")
    } else {
        let channels: Vec<String> = s.channels.iter().map(|&c| channel(c.0)).collect();
        tr!(lang, "settings-channels", channels = channels.join(", "))
    });
    lines.push(if let Some(code) = &s.language {
        tr!(lang, "settings-language", language = language_name(code))
    } else {
        tr!(
            lang,
            "settings-language-server",
            language = language_name(server_locale.unwrap_or("en-US"))
        )
    });
    lines.push(tr!(
        lang,
        if s.rated {
            "settings-rated-on"
        } else {
            "settings-rated-off"
        }
    ));
    lines.push(match &s.timezone {
        Some(zone) => tr!(lang, "settings-timezone", zone = zone.as_str()),
        None => tr!(lang, "settings-timezone-utc"),
    });
    lines.push(match s.tournament_role {
        Some(role) => tr!(
            lang,
            "settings-tournament-role",
            role = format!("<@&{role}>")
        ),
        None => tr!(lang, "settings-tournament-role-none"),
    });
    lines.push(match s.season {
        Some(cadence) => tr!(
            lang,
            "settings-season-on",
            cadence = match cadence {
                crate::session::Cadence::Monthly => tr!(lang, "choice-season-monthly"),
                crate::session::Cadence::Quarterly => tr!(lang, "choice-season-quarterly"),
            },
            channel = s
                .season_channel
                .map_or_else(|| tr!(lang, "settings-season-nowhere"), |c| channel(c.0))
        ),
        None => tr!(lang, "settings-season-off"),
    });
    lines.push(tr!(lang, "settings-how"));
    lines.join("\n")
}
