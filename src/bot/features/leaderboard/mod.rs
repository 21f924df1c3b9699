//! `/leaderboard`: the best players by rating, ten per page. In a server, its own board:
//! while rating seasons are on, the current season's table by default; `season:all` the
//! lifetime ranking, `season:<n>` a past season's final table. `scope:global` (the default
//! where the bot is not in a server: DMs, group DMs, servers without the bot) ranks the
//! members anywhere who chose to be listed with `/privacy set leaderboard:visible`.

pub mod words;

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton, CreateInteractionResponseMessage};

use crate::bot::kit::audience::{Audience, public_lang, user_lang};
use crate::bot::kit::buttons::{BoardPage, BoardTable, ButtonId};
use crate::bot::kit::choices::VariantChoice;
use crate::bot::kit::click::{Click, stale_button, update};
use crate::bot::kit::context::guild_key;
use crate::bot::kit::context::player;
use crate::bot::kit::error::says;
use crate::bot::kit::i18n::keywords::{Keyword, keyword};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::{Context, Data, Error, pictures};
use crate::game::{PlayerId, Variant};
use crate::session::GuildId;

/// Which board `/leaderboard` shows, as offered in the command. The names shown come from
/// the catalogues (`choice-scope-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ScopeChoice {
    /// This server's members (the default in a server that added the bot).
    #[name = "server"]
    Server,
    /// The members anywhere who chose to be listed (the default elsewhere).
    #[name = "global"]
    Global,
}

// Descriptions, names in other languages and help: `cmd-leaderboard-*` in the catalogues.
/// Show the best players by rating: this server's, or everyone's who chose to be listed.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Rule set"] variant: Option<VariantChoice>,
    #[description = "Which season: current, all (lifetime), or a past season's number"]
    #[autocomplete = "autocomplete_season"]
    season: Option<String>,
    #[description = "This server's board, or the global one"] scope: Option<ScopeChoice>,
) -> Result<(), Error> {
    // A server's board is kept only where the server added the bot: a match in a server
    // without it belongs to no server's board.
    let here = ctx
        .guild_id()
        .filter(|_| Audience::of_command(ctx).bot_is_there());
    let scope = scope.unwrap_or(if here.is_some() {
        ScopeChoice::Server
    } else {
        ScopeChoice::Global
    });
    let variant: Variant = variant.map_or(Variant::Classic, Into::into);
    let (guild, table) = match scope {
        ScopeChoice::Global => {
            // The global board is the lifetime ranking: seasons are a server's.
            let typed = season.as_deref().map(str::trim).unwrap_or_default();
            if !typed.is_empty() && keyword(typed) != Some(Keyword::All) {
                return Err(Error::user(says!(
                    "err-leaderboard-global-season",
                    given = crate::bot::kit::error::tidy(typed)
                )));
            }
            (None, BoardTable::Global)
        }
        ScopeChoice::Server => {
            let Some(guild) = here else {
                return Err(Error::user(says!("err-leaderboard-dm")));
            };
            let table = match which_season(ctx, guild_key(guild), season.as_deref()).await? {
                Some(number) => BoardTable::Season(number),
                None => BoardTable::Lifetime,
            };
            (Some(guild), table)
        }
    };
    let lang = public_lang(ctx).await;
    let board_name = match guild {
        Some(guild) => server_name(ctx.serenity_context(), guild, lang),
        None => tr!(lang, "board-global"),
    };
    let page = Page {
        guild: guild.map(guild_key),
        variant,
        page: 0,
        asker: player(ctx.author()),
        lang,
        table,
    };
    let (picture, buttons) = draw(ctx.data(), &board_name, &page).await?;
    let mut reply = poise::CreateReply::default()
        .attachment(picture)
        .components(buttons)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if table == BoardTable::Global {
        reply = reply.content(
            ctx.data()
                .commands
                .clickable(lang, &tr!(lang, "board-global-note")),
        );
    }
    ctx.send(reply).await?;
    Ok(())
}

/// The server's name from the cache, or "this server".
pub(crate) fn server_name(ctx: &serenity::Context, guild: serenity::GuildId, lang: Lang) -> String {
    guild
        .name(ctx)
        .unwrap_or_else(|| tr!(lang, "board-this-server"))
}

/// One page to draw.
// `page` is the page's number; renaming it would read worse.
#[expect(clippy::struct_field_names)]
pub(crate) struct Page {
    /// The server whose board it is; `None` for the global board.
    pub guild: Option<GuildId>,
    /// The rule set.
    pub variant: Variant,
    /// The page, 0-based.
    pub page: u32,
    /// Whose line is highlighted (and shown below the page when not on it).
    pub asker: PlayerId,
    /// The picture's language (the server's).
    pub lang: Lang,
    /// Which table.
    pub table: BoardTable,
}

/// The table `/leaderboard` shows for `season:` as typed: the current season while seasons
/// are on and nothing (or `current`) is given, `all` the lifetime ranking, a number that
/// season's. Refused privately, in the asker's language, when there is no such season.
async fn which_season(
    ctx: Context<'_>,
    guild: GuildId,
    typed: Option<&str>,
) -> Result<Option<u32>, Error> {
    let session = &ctx.data().session;
    let typed = typed.map(str::trim).unwrap_or_default().to_lowercase();
    let current = || async {
        let settings = session.settings().of(guild).await?;
        Ok::<_, Error>(session.seasons().current_season(guild, &settings).await?)
    };
    if typed.is_empty() {
        return Ok(current().await?.map(|s| s.number));
    }
    match keyword(&typed) {
        Some(Keyword::All) => Ok(None),
        Some(Keyword::Current) => match current().await? {
            Some(s) => Ok(Some(s.number)),
            None => Err(Error::user(says!("err-leaderboard-season-off"))),
        },
        _ => {
            let number = typed
                .trim_start_matches('#')
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| *n > 0);
            let found = match number {
                Some(n) => session.seasons().season(guild, n).await?,
                None => None,
            };
            match found {
                Some(s) => Ok(Some(s.number)),
                None => Err(Error::user(says!(
                    "err-leaderboard-season-unknown",
                    given = crate::bot::kit::error::tidy(&typed)
                ))),
            }
        }
    }
}

/// Offers `current` (while seasons are on), `all`, then the past seasons, the newest first,
/// by number and name, in the asker's language.
pub(crate) async fn autocomplete_season(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let session = &ctx.data().session;
    let mut choices = Vec::new();
    if let Some(guild) = ctx.guild_id().map(guild_key) {
        let on = session
            .settings()
            .of(guild)
            .await
            .is_ok_and(|s| s.season.is_some());
        let past = session.seasons().list(guild, 24).await.unwrap_or_default();
        let lang = user_lang(ctx);
        if on {
            choices.push((tr!(lang, "season-choice-current"), "current".to_owned()));
        }
        choices.push((tr!(lang, "season-choice-all"), "all".to_owned()));
        for s in past.iter().filter(|s| s.closed_ms.is_some()) {
            choices.push((
                tr!(
                    lang,
                    "season-choice-past",
                    number = s.number,
                    season = crate::bot::kit::words::season_name(lang, s)
                ),
                s.number.to_string(),
            ));
        }
    }
    let typed = partial.trim().to_lowercase();
    let choices = choices
        .into_iter()
        .filter(|(name, value)| {
            typed.is_empty()
                || name.to_lowercase().contains(&typed)
                || value.starts_with(&typed)
                || keyword(&typed).is_some_and(|k| keyword(value) == Some(k))
        })
        .take(25)
        .map(|(name, value)| serenity::AutocompleteChoice::new(name, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The picture of `page` and its Previous / Next buttons.
pub(crate) async fn draw(
    data: &Data,
    server: &str,
    page: &Page,
) -> Result<(serenity::CreateAttachment, Vec<CreateActionRow>), Error> {
    let session = &data.session;
    let server_board = || {
        page.guild
            .ok_or_else(|| Error::user(says!("err-leaderboard-dm")))
    };
    let (view, alt, shown, pages) = match page.table {
        BoardTable::Lifetime => {
            let board = session
                .standings()
                .leaderboard(server_board()?, page.variant, page.page, page.asker)
                .await?;
            let (view, alt) =
                words::board_view(page.lang, server, page.variant, &board, page.asker);
            (view, alt, board.page, board.pages)
        }
        BoardTable::Global => {
            let board = session
                .standings()
                .global_leaderboard(page.variant, page.page, page.asker)
                .await?;
            let (view, alt) =
                words::global_view(page.lang, server, page.variant, &board, page.asker);
            (view, alt, board.page, board.pages)
        }
        BoardTable::Season(number) => {
            let guild = server_board()?;
            let Some(season) = session.seasons().season(guild, number).await? else {
                return Err(Error::user(says!(
                    "err-leaderboard-season-unknown",
                    given = number.to_string()
                )));
            };
            let board = session
                .seasons()
                .season_board(season, page.variant, page.page, page.asker)
                .await?;
            let (view, alt) =
                words::season_view(page.lang, server, page.variant, &board, page.asker);
            (view, alt, board.page, board.pages)
        }
    };
    let picture = pictures::leaderboard(&data.renderer, &view, &alt)?;
    let board = Shown { page: shown, pages };
    let buttons = if board.pages > 1 {
        let to = |p: u32| {
            ButtonId::Board(BoardPage {
                variant: page.variant,
                page: p,
                asker: page.asker,
                table: page.table,
            })
            .to_string()
        };
        vec![CreateActionRow::Buttons(vec![
            CreateButton::new(to(board.page.saturating_sub(1)))
                .label(tr!(page.lang, "button-previous"))
                .emoji('◀')
                .style(serenity::ButtonStyle::Secondary)
                .disabled(board.page == 0),
            CreateButton::new(to(board.page + 1))
                .label(tr!(page.lang, "button-next"))
                .emoji('▶')
                .style(serenity::ButtonStyle::Secondary)
                .disabled(board.page + 1 >= board.pages),
        ])]
    } else {
        Vec::new()
    };
    Ok((picture, buttons))
}

/// The page a picture shows, of how many.
struct Shown {
    page: u32,
    pages: u32,
}

/// Another page of a leaderboard: the message shows it, for everyone.
pub async fn page_button(c: &Click<'_>, button: BoardPage) -> Result<(), Error> {
    let BoardPage {
        variant,
        page,
        asker,
        table,
    } = button;
    let click = c.interaction;
    let public = c.public_lang().await;
    // A server's board is the message's server's; the global board belongs to none.
    let (guild, name) = if table == BoardTable::Global {
        (None, tr!(public, "board-global"))
    } else {
        let Some(guild) = click.guild_id else {
            return Err(stale_button());
        };
        (
            Some(crate::bot::kit::context::guild_key(guild)),
            server_name(c.ctx, guild, public),
        )
    };
    let page = Page {
        guild,
        variant,
        page,
        asker,
        lang: public,
        table,
    };
    let (picture, buttons) = draw(c.data, &name, &page).await?;
    update(
        c.ctx,
        click,
        CreateInteractionResponseMessage::new()
            .files([picture])
            .components(buttons),
    )
    .await
}
