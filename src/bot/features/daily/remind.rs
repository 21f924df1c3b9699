//! The daily sea's reminder DM (`/daily remind on:true`): three hours before the day ends,
//! to each member who asked, whose streak is 3 or more and who has not played today.
//!
//! Sent at least once, as match reminders are: the session hands out the reminders due
//! at each sweep, and one is marked sent only once its DM went out (or Discord refused it
//! for good, closed DMs); one that failed for a while is due again at the next sweep.
//! Each DM goes out on a task of its own, bounded in time, so one slow DM delays no other.

use std::sync::Arc;
use std::time::SystemTime;

use poise::serenity_prelude as serenity;
use serenity::Http;

use crate::bot::kit::Data;
use crate::bot::kit::deliver;
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::session::DailyReminder;

/// Takes the reminders due now and sends each on a task of its own.
pub async fn sweep(http: &Arc<Http>, data: &Data) {
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let due = match data.session.daily_sea().reminders_due(now).await {
        Ok(due) => due,
        Err(e) => {
            tracing::warn!(error = %e, "could not read the daily reminders due");
            return;
        }
    };
    for reminder in due {
        let (http, data) = (Arc::clone(http), data.clone());
        tokio::spawn(async move {
            if send(&http, &reminder).await
                && let Err(e) = data.session.daily_sea().reminded(&reminder).await
            {
                // Not marked: it goes out again (at least once).
                tracing::warn!(error = %e, player = reminder.player.0, "could not mark a daily reminder");
            }
        });
    }
}

/// The reminder's words in `lang`: the streaks at stake and when the day ends.
#[must_use]
pub fn text(lang: Lang, r: &DailyReminder) -> String {
    let streaks = r
        .streaks
        .iter()
        .map(|&(variant, n)| {
            tr!(
                lang,
                "daily-reminder-streak",
                variant = variant_name(lang, variant),
                streak = n
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    tr!(
        lang,
        "daily-reminder",
        streaks = streaks,
        ends = format!("<t:{}:R>", r.ends_at)
    )
}

/// The language of `r`'s DM: the locale its member turned reminders on in, else English
/// (an opt-in from before the locale was kept).
#[must_use]
pub fn lang(r: &DailyReminder) -> Lang {
    Lang::from_opt(r.locale.as_deref())
}

/// Sends one reminder DM, bounded in time: `true` when it went out or was refused for
/// good (then it is marked sent), `false` when it may work later.
async fn send(http: &Http, r: &DailyReminder) -> bool {
    let message = serenity::CreateMessage::new()
        .content(text(lang(r), r))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    deliver::reminder(http, r.player.0, message, "the daily sea").await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::daily::Day;
    use crate::game::{PlayerId, Variant};

    fn reminder(locale: Option<&str>) -> DailyReminder {
        DailyReminder {
            player: PlayerId(1),
            day: Day(20_000),
            ends_at: 1_728_086_400,
            streaks: vec![(Variant::Classic, 3)],
            locale: locale.map(str::to_owned),
        }
    }

    #[test]
    fn the_dm_is_in_the_language_reminders_were_turned_on_in() {
        let dutch = reminder(Some("nl"));
        assert_eq!(lang(&dutch), Lang::from_discord("nl"));
        assert_ne!(lang(&dutch), Lang::EnUs);
        assert_ne!(text(lang(&dutch), &dutch), text(Lang::EnUs, &dutch));
        // An opt-in from before the locale was kept: English.
        assert_eq!(lang(&reminder(None)), Lang::EnUs);
    }
}
