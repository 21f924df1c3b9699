//! `/place`: set your fleet in secret.

use crate::bot::play::{self, Preview, player};
use crate::bot::{Context, Error, pictures, text};
use crate::game::Fleet;

/// Place your fleet in secret (a fleet string, or a random one).
///
/// Without a fleet you get a random valid one. The answer is private: a preview picture
/// with Shuffle and Ready buttons. Works in the match channel and in a DM with the bot.
/// Example: `A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10`.
#[poise::command(slash_command)]
pub async fn place(
    ctx: Context<'_>,
    #[description = "Your ships, e.g. A1-A4 C1-C3 E1-E3 … (leave empty for a random fleet)"]
    fleet: Option<String>,
) -> Result<(), Error> {
    let me = player(ctx.author());
    let data = ctx.data();
    let channel = data.registry.channel_of(me).ok_or_else(|| {
        Error::user("You have no match to place a fleet for. Start one with `/challenge`.")
    })?;
    let preview = data
        .registry
        .with_channel(channel, |e| -> Result<Preview, Error> {
            match &fleet {
                Some(text) => {
                    let fleet = Fleet::parse(e.game.variant(), text)
                        .map_err(|err| Error::user(format!("That fleet does not work: {err}.")))?;
                    e.game
                        .set_fleet(me, fleet)
                        .map_err(|err| Error::user(text::sentence(&err.to_string())))?;
                }
                None => {
                    e.game
                        .shuffle_fleet(me)
                        .map_err(|err| Error::user(text::sentence(&err.to_string())))?;
                }
            }
            Preview::of(e, me).ok_or_else(|| Error::user("You have no fleet yet."))
        })
        .ok_or_else(|| Error::user("Your match is over."))??;
    let picture = pictures::own_board(&preview.view)?;
    let reply = crate::bot::error::private_reply(preview.text())
        .attachment(picture)
        .components(play::placement_buttons(preview.id, &preview.fleet));
    ctx.send(reply).await?;
    Ok(())
}
