//! `/reminders`: the DMs of daily matches, on or off for yourself.

use poise::serenity_prelude as serenity;

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::buttons::ButtonId;
use crate::bot::kit::click::{Click, update};
use crate::bot::kit::context::player;
use crate::bot::kit::error::{private_reply, says};
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Error};

// Descriptions, names in other languages and help: `cmd-reminders-*` in the catalogues.
/// Turn the reminders of your daily matches on or off.
#[poise::command(slash_command, ephemeral)]
pub async fn reminders(
    ctx: Context<'_>,
    #[description = "Reminders on (True) or off (False)"] on: bool,
) -> Result<(), Error> {
    ctx.data()
        .session
        .daily()
        .set_reminders(player(ctx.author()), on)
        .await
        .map_err(|e| Error::unsaved(&e))?;
    let lang = user_lang(ctx);
    let done = if on {
        "reminders-on-done"
    } else {
        "reminders-off-done"
    };
    ctx.send(private_reply(
        ctx.data().commands.clickable(lang, &tr!(lang, done)),
    ))
    .await?;
    Ok(())
}

// The button under a reminder DM.

/// Turns the clicker's reminders on or off (the button under a reminder DM).
pub(crate) async fn reminders_button(
    c: &Click<'_>,
    who: crate::game::PlayerId,
    on: bool,
) -> Result<(), Error> {
    if player(&c.interaction.user) != who {
        return Err(Error::user(says!("err-not-your-button")));
    }
    c.data
        .session
        .daily()
        .set_reminders(who, on)
        .await
        .map_err(|e| Error::unsaved(&e))?;
    let lang = c.lang;
    let done = if on {
        "reminders-on-done"
    } else {
        "reminders-off-done"
    };
    let next = !on;
    let again = serenity::CreateButton::new(ButtonId::Reminders(who, next).to_string())
        .label(tr!(
            lang,
            if next {
                "button-reminders-on"
            } else {
                "button-reminders-off"
            }
        ))
        .style(serenity::ButtonStyle::Secondary);
    update(
        c.ctx,
        c.interaction,
        serenity::CreateInteractionResponseMessage::new()
            .content(c.data.commands.clickable(lang, &tr!(lang, done)))
            .components(vec![serenity::CreateActionRow::Buttons(vec![again])]),
    )
    .await
}
