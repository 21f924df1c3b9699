//! `/leaderboard`: this server's best players by rating, ten per page.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use super::challenge::VariantChoice;
use crate::bot::buttons::ButtonId;
use crate::bot::context::{public_lang, user_lang};
use crate::bot::error::UserError;
use crate::bot::i18n::{Lang, tr};
use crate::bot::play::player;
use crate::bot::{Context, Error, pictures, standings};
use crate::game::{PlayerId, Variant};
use crate::session::Session;

// Descriptions, names in other languages and help: `cmd-leaderboard-*` in the catalogues.
/// Show this server's best players by rating.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Rule set"] variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return Err(Error::user(tr!(user_lang(ctx), "err-leaderboard-dm")));
    };
    let variant: Variant = variant.map_or(Variant::Classic, Into::into);
    let lang = public_lang(ctx).await;
    let server = server_name(ctx.serenity_context(), guild, lang);
    let page = Page {
        guild: guild.get(),
        variant,
        page: 0,
        asker: player(ctx.author()),
        lang,
    };
    let (picture, buttons) = draw(&ctx.data().session, &server, &page, user_lang(ctx)).await?;
    ctx.send(
        poise::CreateReply::default()
            .attachment(picture)
            .components(buttons)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
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
    /// The server.
    pub guild: u64,
    /// The rule set.
    pub variant: Variant,
    /// The page, 0-based.
    pub page: u32,
    /// Whose line is highlighted (and shown below the page when not on it).
    pub asker: PlayerId,
    /// The picture's language (the server's).
    pub lang: Lang,
}

/// The picture of `page` and its Previous / Next buttons; errors are worded in
/// `reader`'s language.
pub(crate) async fn draw(
    session: &Session,
    server: &str,
    page: &Page,
    reader: Lang,
) -> Result<(serenity::CreateAttachment, Vec<CreateActionRow>), Error> {
    let board = session
        .leaderboard(page.guild, page.variant, page.page, page.asker)
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "could not read a leaderboard");
            Error::Failed(UserError(tr!(reader, "err-storage-read")))
        })?;
    let (view, alt) = standings::board_view(page.lang, server, page.variant, &board, page.asker);
    let picture = pictures::leaderboard(&view, &alt)?;
    let buttons = if board.pages > 1 {
        let to = |p: u32| {
            ButtonId::Board {
                variant: page.variant,
                page: p,
                asker: page.asker,
            }
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
