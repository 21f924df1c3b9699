//! The words of tournaments: the sign-up message, rounds, standings, refusals.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::bot::kit::Error;
use crate::bot::kit::buttons::TournamentButton;
use crate::bot::kit::deliver::Post;
use crate::bot::kit::error::{says, tidy};
use crate::bot::kit::i18n::names::{pace, variant_title};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::{mention, plain, relative};
use crate::bot::kit::split::{MESSAGE_LIMIT, ROOM, chars, split_lines};
use crate::render::Renderer;
use crate::session::tournament::{
    Cell, Line, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, Pairing, Standings, TournamentError,
    TournamentInfo, TournamentState, WhenError,
};
use crate::tournament::Score;

/// Players on one page of the standings.
pub const PAGE: usize = 32;

/// The most characters of tournament names that a refusal lists (a name, escaped, may be
/// 200; the sentence around them stays far under Discord's 2 000).
const SEVERAL_ROOM: usize = 1200;

/// The public sign-up message: rules, pace, rounds, start, the count, the no-show rule.
#[must_use]
pub fn signup(lang: Lang, t: &TournamentInfo) -> String {
    let mut lines = vec![
        tr!(lang, "tournament-signup-title", name = plain(&t.name)),
        tr!(
            lang,
            "tournament-signup-rules",
            variant = variant_title(lang, t.variant),
            pace = pace(lang, t.pace),
            rounds = t.rounds
        ),
        if let Some(at) = t.starts {
            tr!(lang, "tournament-signup-starts", start = relative(at))
        } else {
            tr!(
                lang,
                "tournament-signup-starts-creator",
                creator = mention(t.creator)
            )
        },
        tr!(
            lang,
            "tournament-signup-count",
            count = t.entrants,
            max = t.max_players
        ),
        tr!(lang, "tournament-signup-no-show"),
    ];
    lines.push(match t.state {
        TournamentState::SignUp => tr!(lang, "tournament-signup-open"),
        TournamentState::Running | TournamentState::Paused => {
            tr!(lang, "tournament-signup-closed")
        }
        TournamentState::Finished => tr!(lang, "tournament-signup-finished"),
        TournamentState::Cancelled if t.note.as_deref() == Some("too-few") => {
            tr!(lang, "tournament-signup-too-few", least = MIN_PLAYERS)
        }
        TournamentState::Cancelled => tr!(lang, "tournament-signup-cancelled"),
    });
    lines.join("\n")
}

/// Join and Leave, while sign-up is open.
#[must_use]
pub fn signup_buttons(lang: Lang, t: &TournamentInfo) -> Vec<CreateActionRow> {
    if t.state != TournamentState::SignUp {
        return Vec::new();
    }
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(TournamentButton::Join(t.id).to_string())
            .label(tr!(lang, "button-tournament-join"))
            .style(serenity::ButtonStyle::Success),
        CreateButton::new(TournamentButton::Leave(t.id).to_string())
            .label(tr!(lang, "button-tournament-leave"))
            .style(serenity::ButtonStyle::Secondary),
    ])]
}

/// The private answer to leaving.
#[must_use]
pub fn left(lang: Lang, t: &TournamentInfo, from: Option<u32>) -> String {
    match from {
        None => tr!(lang, "tournament-left", name = plain(&t.name)),
        Some(round) => tr!(
            lang,
            "tournament-withdrawn",
            name = plain(&t.name),
            round = round
        ),
    }
}

/// A refused or failed tournament operation (worded privately, by the hooks).
impl From<TournamentError> for Error {
    fn from(e: TournamentError) -> Self {
        let says = match &e {
            TournamentError::Unknown => says!("err-tournament-unknown"),
            TournamentError::NoneHere => says!("err-tournament-none-here"),
            TournamentError::Several(list) => {
                // As many names as fit in a few hundred characters; the rest are counted.
                let mut names = String::new();
                let mut shown = 0;
                for (_, n) in list {
                    let name = format!("**{}**", plain(n));
                    if shown > 0 && chars(&names) + chars(&name) + 2 > SEVERAL_ROOM {
                        break;
                    }
                    if shown > 0 {
                        names.push_str(", ");
                    }
                    names.push_str(&name);
                    shown += 1;
                }
                let more = list.len() - shown;
                if more == 0 {
                    says!("err-tournament-several", names = names)
                } else {
                    says!("err-tournament-several-more", names = names, more = more)
                }
            }
            TournamentError::BadName => says!("err-tournament-name", most = 100_u32),
            TournamentError::BadRounds(n) => {
                says!("err-tournament-rounds", given = *n, most = MAX_ROUNDS)
            }
            TournamentError::BadMaxPlayers(n) => says!(
                "err-tournament-max-players",
                given = *n,
                least = MIN_PLAYERS,
                most = MAX_PLAYERS
            ),
            TournamentError::Full(n) => says!("err-tournament-full", max = *n),
            TournamentError::AlreadyJoined => says!("err-tournament-joined"),
            TournamentError::NotJoined => says!("err-tournament-not-joined"),
            TournamentError::Started => says!("err-tournament-started"),
            TournamentError::Over => says!("err-tournament-over"),
            TournamentError::NotCreator => says!("err-tournament-not-creator"),
            TournamentError::StartPassed => says!("err-tournament-start-passed"),
            TournamentError::Unavailable
            | TournamentError::Store(_)
            | TournamentError::Inconsistent(_)
            | TournamentError::Unreadable(_) => {
                tracing::error!(error = %e, "a tournament operation failed");
                return Error::Failed(says!("err-storage"));
            }
        };
        Error::user(says)
    }
}

/// A start time that could not be read (`given`, in the server's `zone`), with examples.
#[must_use]
pub fn when_error(e: &WhenError, given: &str, zone: Option<&str>) -> Error {
    let key = match e {
        WhenError::Unreadable => "err-tournament-when",
        WhenError::Past => "err-tournament-when-past",
        WhenError::TooFar => "err-tournament-when-far",
    };
    Error::user(says!(
        key,
        given = tidy(given),
        zone = zone.unwrap_or("UTC")
    ))
}

/// The public post of a round's pairings: one message, or as many as it takes to keep
/// each under Discord's limit (any number of boards, 19-digit ids), cut between boards,
/// in order, each headed with the tournament and the round (and which part it is). The
/// member with the bye is named and pinged in the message that names them.
#[must_use]
pub fn round_post(lang: Lang, t: &TournamentInfo, round: u32, pairings: &[Pairing]) -> Vec<Post> {
    let mut lines: Vec<String> = pairings
        .iter()
        .map(|p| {
            if let Some(black) = p.black {
                tr!(
                    lang,
                    "tournament-board",
                    board = p.board,
                    white = mention(p.white),
                    black = mention(black)
                )
            } else {
                tr!(lang, "tournament-bye", player = mention(p.white))
            }
        })
        .collect();
    if let Some(deadline) = t.round_deadline {
        lines.push(tr!(
            lang,
            "tournament-round-deadline",
            deadline = relative(deadline)
        ));
    }
    let head = |part: usize, parts: usize| {
        let head = tr!(
            lang,
            "tournament-round-paired",
            name = plain(&t.name),
            round = round,
            rounds = t.rounds
        );
        with_page(lang, head, part, parts)
    };
    split_lines(&lines, ROOM, head)
        .into_iter()
        .map(|part| Post {
            // The deadline's line, past the boards, pings nobody.
            ping: pairings
                [part.lines.start.min(pairings.len())..part.lines.end.min(pairings.len())]
                .iter()
                .filter(|p| p.black.is_none())
                .map(|p| serenity::UserId::new(p.white.0))
                .collect(),
            ..Post::text(part.text)
        })
        .collect()
}

/// Points in tenths as the crosstable writes them: `2½`, `3`, `½`.
#[must_use]
pub fn points(tenths: u32) -> String {
    let whole = tenths / 10;
    match (whole, tenths % 10) {
        (0, 5) => "½".to_owned(),
        (w, 5) => format!("{w}½"),
        (w, 0) => w.to_string(),
        (w, r) => format!("{w}.{r}"),
    }
}

/// Hundredths as a decimal: `2.25`.
fn hundredths(h: u32) -> String {
    format!("{}.{:02}", h / 100, h % 100)
}

/// One crosstable cell as text: `3w+` (won against the 3rd, fired first), `5b=`, `2b-`,
/// `4+F` (forfeit), `bye`, `·` (absent), `7w…` (being played).
#[must_use]
pub fn cell(lang: Lang, c: Cell) -> String {
    match c {
        Cell::Game {
            opponent,
            white,
            score,
        } => format!(
            "{opponent}{}{}",
            if white { "w" } else { "b" },
            match score {
                Score::Win => "+",
                Score::Draw => "=",
                Score::Loss => "-",
            }
        ),
        Cell::ForfeitWin(o) => format!("{o}+F"),
        Cell::ForfeitLoss(o) => format!("{o}-F"),
        Cell::Bye => tr!(lang, "tournament-cell-bye"),
        Cell::Absent => "·".to_owned(),
        Cell::Playing(o) => format!("{o}…"),
    }
}

/// An entrant's name as shown: an entrant who deleted their data is stored as
/// [`DELETED_NAME`](crate::session::DELETED_NAME), shown as "deleted player" in `lang`.
#[must_use]
pub fn entrant_name(lang: Lang, name: &str) -> String {
    if name == crate::session::DELETED_NAME {
        tr!(lang, "deleted-player")
    } else {
        name.to_owned()
    }
}

/// One player's line of the standings' text table (with the round cells, or without).
fn table_line(lang: Lang, l: &Line, with_cells: bool) -> String {
    let name: String = entrant_name(lang, &l.name).chars().take(20).collect();
    let cells = if with_cells {
        l.cells
            .iter()
            .map(|&c| cell(lang, c))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        String::new()
    };
    let out = if l.withdrawn {
        format!(" {}", tr!(lang, "tournament-out"))
    } else {
        String::new()
    };
    let line = format!(
        "{:>3} {:<20} {:>4} {:>5} {:>6} {}-{}-{} {}{}",
        l.rank,
        name.replace('`', "'"),
        points(l.points),
        points(l.buchholz_cut1),
        hundredths(l.sonneborn_berger),
        l.wins,
        l.draws,
        l.losses,
        cells,
        out
    );
    format!("{}\n", line.trim_end())
}

/// The text table of `lines` in at most `room` characters: every line with its round
/// cells where they fit, else without them (the picture has them), else as many lines as
/// fit and "…" (the picture and its text for screen readers have every player).
fn table(lang: Lang, lines: &[&Line], room: usize) -> String {
    let full: String = lines.iter().map(|l| table_line(lang, l, true)).collect();
    if chars(&full) <= room {
        return full;
    }
    let mut out = String::new();
    for l in lines {
        let line = table_line(lang, l, false);
        if chars(&out) + chars(&line) + chars("…\n") > room {
            out.push_str("…\n");
            return out;
        }
        out.push_str(&line);
    }
    out
}

/// Page `page` (1-based, clamped) of the standings, [`PAGE`] players a page: its lines, its
/// number and the count of pages.
fn standings_page(s: &Standings, page: u32) -> (Vec<&Line>, usize, usize) {
    let pages = s.lines.len().div_ceil(PAGE).max(1);
    let page = (page as usize).clamp(1, pages);
    let lines = s.lines.iter().skip((page - 1) * PAGE).take(PAGE).collect();
    (lines, page, pages)
}

/// `text` with " (page `page` of `pages`)" after it where there are several pages.
fn with_page(lang: Lang, mut text: String, page: usize, pages: usize) -> String {
    if pages > 1 {
        text.push(' ');
        text.push_str(&tr!(
            lang,
            "tournament-standings-page",
            page = page,
            pages = pages
        ));
    }
    text
}

/// The standings as a message: a title, one line per player of page `page` (1-based,
/// [`PAGE`] players a page), and the key to the columns; and the crosstable, drawn by
/// `renderer`.
#[must_use]
pub fn standings_post(renderer: &Renderer, lang: Lang, s: &Standings, page: u32) -> Post {
    let (on_page, page, pages) = standings_page(s, page);
    let title_key = if s.info.state == TournamentState::Finished {
        "tournament-standings-final"
    } else {
        "tournament-standings-title"
    };
    let title = tr!(
        lang,
        title_key,
        name = plain(&s.info.name),
        round = s.closed,
        rounds = s.info.rounds
    );
    let mut out = with_page(lang, title, page, pages);
    out.push_str("\n```\n");
    let foot = format!("```\n{}", tr!(lang, "tournament-standings-key"));
    out.push_str(&table(
        lang,
        &on_page,
        MESSAGE_LIMIT.saturating_sub(chars(&out) + chars(&foot)),
    ));
    out.push_str(&foot);
    let mut post = Post::text(out);
    let (view, alt) = crosstable_view(lang, s, page as u32);
    match renderer.crosstable(&view).to_png() {
        Ok(png) => {
            let alt: String = alt.chars().take(1000).collect();
            post.files
                .push(serenity::CreateAttachment::bytes(png, "standings.png").description(alt));
        }
        Err(e) => {
            tracing::error!(tournament = %s.info.id, error = %e, "could not draw the standings");
        }
    }
    post
}

/// The crosstable picture of page `page` (1-based, [`PAGE`] players a page) and its text
/// One player's line of the crosstable's text for screen readers: rank, name, points (the
/// words agree with the number: "1 point", "2½ points").
fn alt_line(lang: Lang, l: &Line) -> String {
    tr!(
        lang,
        "tournament-standings-alt-line",
        rank = l.rank,
        player = entrant_name(lang, &l.name),
        points = points(l.points),
        count = f64::from(l.points) / 10.0
    )
}

/// for screen readers (every player of the page with place and points).
#[must_use]
pub fn crosstable_view(
    lang: Lang,
    s: &Standings,
    page: u32,
) -> (crate::render::CrosstableView, String) {
    use crate::render::{CellTone, CrossCell, CrossLine, CrosstableView};
    let (shown, page, pages) = standings_page(s, page);
    let rounds = s.lines.iter().map(|l| l.cells.len()).max().unwrap_or(0);
    let subtitle = if s.info.state == TournamentState::Finished {
        tr!(
            lang,
            "tournament-standings-subtitle-final",
            round = s.closed,
            rounds = s.info.rounds
        )
    } else {
        tr!(
            lang,
            "tournament-standings-subtitle",
            round = s.closed,
            rounds = s.info.rounds
        )
    };
    let subtitle = with_page(lang, subtitle, page, pages);
    let lines = shown
        .iter()
        .map(|l| CrossLine {
            rank: l.rank.to_string(),
            name: entrant_name(lang, &l.name),
            points: points(l.points),
            cut1: points(l.buchholz_cut1),
            sb: hundredths(l.sonneborn_berger),
            record: format!("{}-{}-{}", l.wins, l.draws, l.losses),
            cells: l
                .cells
                .iter()
                .map(|&c| CrossCell {
                    text: cell(lang, c),
                    tone: match c {
                        Cell::Game {
                            score: Score::Win, ..
                        }
                        | Cell::ForfeitWin(_)
                        | Cell::Bye => CellTone::Won,
                        Cell::Game {
                            score: Score::Draw, ..
                        } => CellTone::Drew,
                        Cell::Game {
                            score: Score::Loss, ..
                        }
                        | Cell::ForfeitLoss(_) => CellTone::Lost,
                        Cell::Absent => CellTone::Absent,
                        Cell::Playing(_) => CellTone::Playing,
                    },
                })
                .collect(),
            out: l.withdrawn,
        })
        .collect();
    let view = CrosstableView {
        title: s.info.name.clone(),
        subtitle,
        columns: [
            "#".to_owned(),
            tr!(lang, "tournament-col-name"),
            tr!(lang, "tournament-col-points"),
            tr!(lang, "tournament-col-cut1"),
            tr!(lang, "tournament-col-sb"),
            tr!(lang, "tournament-col-record"),
        ],
        rounds: (1..=rounds)
            .map(|r| tr!(lang, "tournament-col-round", round = r))
            .collect(),
        lines,
    };
    let said: Vec<String> = shown.iter().map(|l| alt_line(lang, l)).collect();
    let alt = tr!(
        lang,
        "tournament-standings-alt",
        name = s.info.name.as_str(),
        round = s.closed,
        lines = said.join("; ")
    );
    (view, alt)
}

/// The winner's line under the final standings.
#[must_use]
pub fn winner(lang: Lang, t: &TournamentInfo, winner: crate::game::PlayerId) -> String {
    tr!(
        lang,
        "tournament-winner",
        name = plain(&t.name),
        player = mention(winner)
    )
}

#[cfg(test)]
mod tests;
