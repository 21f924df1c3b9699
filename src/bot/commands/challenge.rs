//! `/challenge`: open a match in this channel.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::bot::play::{self, player};
use crate::bot::{Context, Error, text};
use crate::game::{Match, MatchOptions, Variant};
use crate::registry::{Entry, OpenError};

/// The rule set, as offered in the command.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    /// Søslag / Sjöslag: 10×10, one shot, a hit fires again.
    #[name = "classic"]
    Classic,
    /// Zeeslag "Game 2000": 9×9, salvos of three, length-only reports.
    #[name = "game2000"]
    Game2000,
}

impl From<VariantChoice> for Variant {
    fn from(v: VariantChoice) -> Self {
        match v {
            VariantChoice::Classic => Variant::Classic,
            VariantChoice::Game2000 => Variant::Game2000,
        }
    }
}

/// Challenge a member to a sea battle in this channel.
///
/// The challenged member gets Accept and Decline buttons. One match per channel (start a
/// thread to play several at once); each member plays one match at a time.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "The member you want to play against"] opponent: serenity::User,
    #[description = "Rule set: classic (default) or game2000"] variant: Option<VariantChoice>,
    #[description = "Game 2000 house rule: refuse shots at cells fired at before (default: no)"]
    forbid_repeats: Option<bool>,
) -> Result<(), Error> {
    let me = ctx.author();
    let variant: Variant = variant.map_or(Variant::Classic, Into::into);
    if opponent.id == me.id {
        return Err(Error::user(
            "You cannot challenge yourself. Name another member of this server.",
        ));
    }
    if opponent.id == ctx.framework().bot_id() {
        return Err(Error::user(
            "A game against me is not available yet. Challenge another member for now.",
        ));
    }
    if opponent.bot {
        return Err(Error::user(
            "Bots cannot play. Challenge a member of this server.",
        ));
    }
    let data = ctx.data();
    let options = MatchOptions {
        repeats_forbidden: forbid_repeats.unwrap_or(false),
    };
    let game = Match::challenge(
        player(me),
        player(&opponent),
        variant,
        options,
        data.seeds.next(),
    )
    .map_err(|e| Error::user(e.to_string()))?;
    let deadline = play::now() + data.config.challenge_timeout;
    let entry = Entry {
        id: data.registry.next_id(),
        channel: crate::registry::ChannelKey(ctx.channel_id().get()),
        game,
        names: [
            me.display_name().to_owned(),
            opponent.display_name().to_owned(),
        ],
        deadline,
        guild_locale: None,
    };
    let id = match data.registry.open(entry) {
        Ok(id) => id,
        Err(OpenError::ChannelBusy) => {
            return Err(Error::user(
                "This channel already has a match. Start a thread (or use another channel) \
                 to play at the same time.",
            ));
        }
        Err(OpenError::PlayerBusy(p)) => {
            let where_ = data
                .registry
                .channel_of(p)
                .map_or_else(String::new, |c| format!(" in {}", text::channel(c.0)));
            let who = if p == player(me) {
                "You are".to_owned()
            } else {
                format!("{} is", text::mention(p))
            };
            return Err(Error::user(format!(
                "{who} already playing a match{where_}. A member plays one match at a time."
            )));
        }
    };
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(format!("bs:{id}:accept"))
            .label("Accept")
            .style(serenity::ButtonStyle::Success),
        CreateButton::new(format!("bs:{id}:decline"))
            .label("Decline")
            .style(serenity::ButtonStyle::Danger),
    ])];
    let reply = poise::CreateReply::default()
        .content(text::challenge(
            player(me),
            player(&opponent),
            variant,
            options.repeats_forbidden,
            deadline,
        ))
        .components(buttons)
        .allowed_mentions(serenity::CreateAllowedMentions::new().users([opponent.id]));
    if let Err(e) = ctx.send(reply).await {
        // Nobody saw the challenge: free the channel again.
        data.registry
            .close(crate::registry::ChannelKey(ctx.channel_id().get()), id);
        return Err(e.into());
    }
    Ok(())
}
