//! `/challenge`: open a match in this channel.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::bot::error::{guild_lang, user_lang};
use crate::bot::i18n::errors::Explain;
use crate::bot::i18n::tr;
use crate::bot::play::{self, player};
use crate::bot::{Context, Error, text};
use crate::game::{Match, MatchOptions, Variant};
use crate::registry::{Entry, OpenError};

/// The rule set, as offered in the command. The names shown in Discord come from the
/// catalogues (`choice-variant-classic`, `choice-variant-game2000`).
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

// Descriptions, names in other languages and help: `cmd-challenge-*` in the catalogues.
/// Challenge a member to a sea battle in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "The member you want to play against"] opponent: serenity::User,
    #[description = "Rule set"] variant: Option<VariantChoice>,
    #[description = "Game 2000 house rule"] forbid_repeats: Option<bool>,
) -> Result<(), Error> {
    let me = ctx.author();
    let (lang, public) = (user_lang(ctx), guild_lang(ctx));
    let variant: Variant = variant.map_or(Variant::Classic, Into::into);
    if opponent.id == me.id {
        return Err(Error::user(tr!(lang, "err-challenge-self")));
    }
    if opponent.id == ctx.framework().bot_id() {
        return Err(Error::user(tr!(lang, "err-challenge-vs-bot")));
    }
    if opponent.bot {
        return Err(Error::user(tr!(lang, "err-challenge-bots")));
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
    .map_err(|e| Error::user(e.explain(lang, variant)))?;
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
        guild_locale: match ctx {
            poise::Context::Application(a) => a.interaction.guild_locale.clone(),
            poise::Context::Prefix(_) => None,
        },
        player_locales: [ctx.locale().map(str::to_owned), None],
    };
    let id = match data.registry.open(entry) {
        Ok(id) => id,
        Err(OpenError::ChannelBusy) => {
            return Err(Error::user(tr!(lang, "err-channel-busy")));
        }
        Err(OpenError::PlayerBusy(p)) => {
            let where_ = data.registry.channel_of(p).map(|c| text::channel(c.0));
            let text = match (p == player(me), where_) {
                (true, None) => tr!(lang, "err-you-busy"),
                (true, Some(channel)) => tr!(lang, "err-you-busy-in", channel = channel),
                (false, None) => tr!(lang, "err-other-busy", player = text::mention(p)),
                (false, Some(channel)) => tr!(
                    lang,
                    "err-other-busy-in",
                    player = text::mention(p),
                    channel = channel
                ),
            };
            return Err(Error::user(text));
        }
    };
    let [accept, decline] = text::answer_buttons(public);
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(format!("bs:{id}:accept"))
            .label(accept)
            .style(serenity::ButtonStyle::Success),
        CreateButton::new(format!("bs:{id}:decline"))
            .label(decline)
            .style(serenity::ButtonStyle::Danger),
    ])];
    let reply = poise::CreateReply::default()
        .content(text::challenge(
            public,
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
