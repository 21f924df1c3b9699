//! The end of a rating season in Discord (issue 39): the announcement in the server's
//! `season_channel` (the champion named and pinged, the final top ten and the figures per
//! rule set), and the champion's title on the `/stats` card.

use std::fmt::Write as _;
use std::sync::Arc;

use poise::serenity_prelude::{Http, UserId};

use crate::bot::kit::Data;
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::plain;
use crate::bot::kit::words::{season_name, shown_name};
use crate::game::Variant;
use crate::session::SeasonEnd;

/// The announcement of `end` in `lang`, and the champions to ping.
#[must_use]
pub fn end_text(lang: Lang, end: &SeasonEnd) -> (String, Vec<u64>) {
    let season = &end.season;
    let mut text = tr!(
        lang,
        "season-end-title",
        number = season.number,
        season = season_name(lang, season)
    );
    let mut champions = Vec::new();
    if end.tables.is_empty() {
        text.push('\n');
        text.push_str(&tr!(lang, "season-end-empty"));
    }
    for (figures, top) in &end.tables {
        let variant = figures.variant.parse().unwrap_or(Variant::Classic);
        let variant = variant_name(lang, variant);
        let champion = top
            .first()
            .filter(|p| p.rank == Some(1))
            .and_then(|p| p.standing.as_ref());
        text.push_str("\n\n");
        match champion {
            Some(st) => {
                champions.push(st.player.0);
                text.push_str(&tr!(
                    lang,
                    "season-end-champion",
                    variant = variant.clone(),
                    champion = format!("<@{}>", st.player.0),
                    rating = st.rating.shown().to_string()
                ));
            }
            None => text.push_str(&tr!(
                lang,
                "season-end-no-champion",
                variant = variant.clone()
            )),
        }
        for place in top {
            let line = if let Some(st) = &place.standing {
                tr!(
                    lang,
                    "season-end-line",
                    rank = place.rank.map_or_else(|| "–".to_owned(), |r| r.to_string()),
                    name = plain(&shown_name(lang, st.player, &st.name)),
                    rating = st.rating.shown().to_string(),
                    won = st.record.wins,
                    lost = st.record.losses,
                    drawn = st.record.draws
                )
            } else {
                tr!(
                    lang,
                    "season-end-gap",
                    rank = place.rank.map_or_else(|| "–".to_owned(), |r| r.to_string())
                )
            };
            let _ = write!(text, "\n{line}");
        }
        let active = match &figures.active {
            Some((_, name)) => tr!(
                lang,
                "season-end-active",
                name = plain(name),
                games = figures.active_games
            ),
            None => tr!(lang, "season-end-active-none"),
        };
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "season-end-figures",
            matches = figures.matches,
            players = figures.places,
            active = active
        ));
    }
    text.push_str("\n\n");
    text.push_str(&tr!(lang, "season-end-more", number = season.number));
    (text, champions)
}

/// Posts the end of `end.season` in its channel, in the server's language, then marks it
/// announced (also when it could not be posted, which is logged: it is not tried again).
pub async fn announce(http: &Arc<Http>, data: &Data, end: &SeasonEnd) {
    let season = &end.season;
    let home = match season.channel {
        Some(channel) => {
            let of = tokio::time::timeout(
                CHECK_LIMIT,
                poise::serenity_prelude::ChannelId::new(channel.0).to_channel(http),
            )
            .await;
            let whose = match of {
                Ok(Ok(c)) => match c.guild() {
                    Some(g) => Whose::Server(g.guild_id.get()),
                    None => Whose::Outside,
                },
                // Discord slow or failing: the post itself will tell.
                _ => Whose::Unknown,
            };
            ours(channel.0, whose, season.guild.0)
        }
        None => None,
    };
    if season.channel.is_some() && home.is_none() {
        tracing::warn!(
            guild = %season.guild,
            number = season.number,
            "the season channel is not a channel of the season's server: its end is not posted there"
        );
    }
    if let Some(channel) = home {
        // No interaction: the server's setting, else English.
        let chosen = data.session.settings().language(Some(season.guild)).await;
        let lang = crate::bot::kit::audience::public_lang_of(chosen.as_deref(), None, Lang::EnUs);
        let (content, champions) = end_text(lang, end);
        let post = Post {
            content,
            ping: champions.into_iter().map(UserId::new).collect(),
            ..Post::default()
        };
        if let Err(e) = deliver::post(http, channel, &post).await {
            tracing::warn!(
                guild = %season.guild,
                number = season.number,
                error = %e,
                "a season's end could not be announced"
            );
        }
    }
    if let Err(e) = data.session.seasons().season_announced(season).await {
        tracing::warn!(error = %e, "could not mark a season's end announced");
    }
}

/// How long the check of the season channel's server may take.
const CHECK_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Whose channel Discord says a channel is.
#[derive(Clone, Copy, Debug)]
enum Whose {
    /// A channel of that server.
    Server(u64),
    /// A DM or group DM.
    Outside,
    /// Discord could not be asked.
    Unknown,
}

/// `channel` where a season of `guild` may be announced: unless Discord said that it is
/// not a channel of that server. A season's final table, with names and a ping, never
/// goes to another server.
fn ours(channel: u64, whose: Whose, guild: u64) -> Option<u64> {
    match whose {
        Whose::Server(g) if g == guild => Some(channel),
        Whose::Unknown => Some(channel),
        Whose::Server(_) | Whose::Outside => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::kit::words::a_season as row;

    #[test]
    fn a_season_is_announced_only_in_a_channel_of_its_server() {
        assert_eq!(ours(7, Whose::Server(1), 1), Some(7));
        assert_eq!(ours(7, Whose::Server(2), 1), None, "another server's");
        assert_eq!(ours(7, Whose::Outside, 1), None, "a DM or group DM");
        assert_eq!(
            ours(7, Whose::Unknown, 1),
            Some(7),
            "not known: the post tells"
        );
    }
    use crate::game::PlayerId;
    use crate::rating::{Rating, Record};
    use crate::session::Standing;
    use crate::session::{SeasonLine, SeasonTally};

    #[test]
    fn the_end_names_the_champion_the_table_and_the_figures() {
        let standing = |player: u64, name: &str, games: u32| Standing {
            player: PlayerId(player),
            name: name.into(),
            rating: Rating {
                rating: 1700.0,
                games,
                ..Rating::default()
            },
            record: Record {
                wins: games,
                losses: 0,
                draws: 0,
            },
        };
        let end = SeasonEnd {
            season: row("2027-03"),
            tables: vec![(
                SeasonTally {
                    variant: "classic".into(),
                    places: 3,
                    established: 1,
                    matches: 6,
                    active: Some((PlayerId(7), "**Ann**".into())),
                    active_games: 6,
                },
                vec![
                    SeasonLine {
                        position: 0,
                        rank: Some(1),
                        standing: Some(standing(7, "**Ann**", 6)),
                    },
                    SeasonLine {
                        position: 1,
                        rank: None,
                        standing: None,
                    },
                ],
            )],
        };
        let (text, pinged) = end_text(Lang::EnUs, &end);
        assert_eq!(pinged, vec![7]);
        assert!(text.contains("Season 4 · March 2027"), "{text}");
        assert!(text.contains("<@7>") && text.contains("1700"), "{text}");
        assert!(
            text.contains("6 matches") && text.contains("(removed)"),
            "{text}"
        );
        assert!(!text.contains("**Ann**"), "names are shown plainly: {text}");
        // The record says what each number counts, in every language (no bare W–L–D).
        assert!(text.contains("6 won, 0 lost, 0 drawn"), "{text}");
        for (lang, record) in [
            (Lang::Nl, "6 gewonnen, 0 verloren, 0 gelijk"),
            (Lang::Da, "6 sejre, 0 nederlag, 0 uafgjorte"),
            (Lang::SvSe, "6 vinster, 0 förluster, 0 oavgjorda"),
        ] {
            let (text, _) = end_text(lang, &end);
            assert!(text.contains(record), "{lang}: {text}");
        }
        for lang in Lang::ALL {
            let (text, _) = end_text(lang, &end);
            assert!(
                text.contains("<@7>") && text.contains('4'),
                "{lang}: {text}"
            );
        }
        // No established member: nobody is champion, nobody is pinged.
        let mut none = end.clone();
        none.tables[0].1.remove(0);
        assert!(end_text(Lang::EnUs, &none).1.is_empty());
    }
}
