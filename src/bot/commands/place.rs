//! `/place`: set your fleet in secret.

use crate::bot::context::{asker, user_lang};
use crate::bot::error::private_reply;
use crate::bot::i18n::errors::session_error;
use crate::bot::i18n::tr;
use crate::bot::play::{self, player};
use crate::bot::{Context, Error, pictures};
use crate::session::SessionError;

/// Place your fleet in secret (a fleet string, or a random one).
///
/// Without a fleet you get a random valid one. The answer is private: a preview picture
/// with Shuffle and Ready buttons. Works in the match channel and in a DM with the bot.
/// Example: `A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10`.
#[poise::command(slash_command)]
pub async fn place(
    ctx: Context<'_>,
    #[description = "Your ships"] fleet: Option<String>,
) -> Result<(), Error> {
    let me = player(ctx.author());
    let lang = user_lang(ctx);
    let preview = match ctx.data().session.place(me, fleet.as_deref()).await {
        Ok(preview) => preview,
        Err(SessionError::NoMatch) => return Err(Error::user(tr!(lang, "err-place-no-match"))),
        Err(e) => return Err(session_error(&asker(ctx), &e)),
    };
    let picture = pictures::own_board(&preview.view, lang)?;
    let reply = private_reply(play::preview_text(lang, &preview))
        .attachment(picture)
        .components(play::preview_buttons(lang, &preview));
    ctx.send(reply).await?;
    Ok(())
}
