//! `/place`: set your fleet in secret.

use crate::bot::error::user_lang;
use crate::bot::i18n::errors::Explain;
use crate::bot::i18n::tr;
use crate::bot::play::{Preview, player};
use crate::bot::{Context, Error, pictures};
use crate::game::Fleet;

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
    let data = ctx.data();
    let preview = data
        .registry
        .with_player(me, |e| -> Result<Preview, Error> {
            let variant = e.game.variant();
            let refused = |err: &dyn Explain| Error::user(err.explain(lang, variant));
            match &fleet {
                Some(text) => {
                    let fleet = Fleet::parse(variant, text).map_err(|err| refused(&err))?;
                    e.game.set_fleet(me, fleet).map_err(|err| refused(&err))?;
                }
                None => {
                    e.game.shuffle_fleet(me).map_err(|err| refused(&err))?;
                }
            }
            Preview::of(e, me).ok_or_else(|| Error::user(tr!(lang, "err-no-fleet-yet")))
        })
        .ok_or_else(|| Error::user(tr!(lang, "err-place-no-match")))??;
    let picture = pictures::own_board(&preview.view, lang)?;
    let reply = crate::bot::error::private_reply(preview.text(lang))
        .attachment(picture)
        .components(preview.buttons(lang));
    ctx.send(reply).await?;
    Ok(())
}
