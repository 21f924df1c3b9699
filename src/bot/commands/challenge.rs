//! `/challenge`: open a match in this channel.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::ai::{self, Difficulty};
use crate::bot::error::{guild_lang, private_reply, user_lang};
use crate::bot::i18n::errors::Explain;
use crate::bot::i18n::{Lang, tr};
use crate::bot::play::{self, Preview, player};
use crate::bot::{Context, Error, pictures, text};
use crate::game::{Match, MatchOptions, Variant};
use crate::registry::{ChannelKey, Computer, Entry, OpenError};

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

/// How strong the computer plays, as offered in the command. The names shown come from
/// the catalogues (`choice-difficulty-*`).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum DifficultyChoice {
    /// Beginner: mostly random shots.
    #[name = "easy"]
    Easy,
    /// Solid: aims where ships are most likely.
    #[name = "normal"]
    Normal,
    /// Strong: reasons about every fleet that fits what it has seen.
    #[name = "hard"]
    Hard,
}

impl From<DifficultyChoice> for Difficulty {
    fn from(d: DifficultyChoice) -> Self {
        match d {
            DifficultyChoice::Easy => Difficulty::Easy,
            DifficultyChoice::Normal => Difficulty::Normal,
            DifficultyChoice::Hard => Difficulty::Hard,
        }
    }
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
/// Challenge a member (or me, the computer) to a sea battle in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "The member you want to play against"] opponent: serenity::User,
    #[description = "Rule set"] variant: Option<VariantChoice>,
    #[description = "Game 2000 house rule"] forbid_repeats: Option<bool>,
    #[description = "Against the computer"] difficulty: Option<DifficultyChoice>,
) -> Result<(), Error> {
    let me = ctx.author();
    let (lang, public) = (user_lang(ctx), guild_lang(ctx));
    let variant: Variant = variant.map_or(Variant::Classic, Into::into);
    if opponent.id == me.id {
        return Err(Error::user(tr!(lang, "err-challenge-self")));
    }
    if opponent.id == ctx.framework().bot_id() {
        let level = difficulty.map_or(Difficulty::Normal, Into::into);
        let options = MatchOptions {
            repeats_forbidden: forbid_repeats.unwrap_or(false),
        };
        return versus_computer(ctx, &opponent, variant, options, level).await;
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
        channel: ChannelKey(ctx.channel_id().get()),
        game,
        names: [
            me.display_name().to_owned(),
            opponent.display_name().to_owned(),
        ],
        deadline,
        guild_locale: guild_locale(ctx),
        player_locales: [ctx.locale().map(str::to_owned), None],
        computer: None,
    };
    let id = data.registry.open(entry).map_err(|e| busy(ctx, lang, &e))?;
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
        data.registry.close(ChannelKey(ctx.channel_id().get()), id);
        return Err(e.into());
    }
    Ok(())
}

/// The refusal for a busy channel or player, in `lang`.
fn busy(ctx: Context<'_>, lang: Lang, error: &OpenError) -> Error {
    let text = match error {
        OpenError::ChannelBusy => tr!(lang, "err-channel-busy"),
        OpenError::PlayerBusy(p) => {
            let p = *p;
            let where_ = ctx
                .data()
                .registry
                .channel_of(p)
                .map(|c| text::channel(c.0));
            match (p == player(ctx.author()), where_) {
                (true, None) => tr!(lang, "err-you-busy"),
                (true, Some(channel)) => tr!(lang, "err-you-busy-in", channel = channel),
                (false, None) => tr!(lang, "err-other-busy", player = text::mention(p)),
                (false, Some(channel)) => tr!(
                    lang,
                    "err-other-busy-in",
                    player = text::mention(p),
                    channel = channel
                ),
            }
        }
    };
    Error::user(text)
}

/// The guild's locale of an application command.
fn guild_locale(ctx: Context<'_>) -> Option<String> {
    match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.clone(),
        poise::Context::Prefix(_) => None,
    }
}

/// Starts a match against the computer: its fleet is placed and final at once, and the
/// member gets a private preview to place theirs.
async fn versus_computer(
    ctx: Context<'_>,
    bot: &serenity::User,
    variant: Variant,
    options: MatchOptions,
    level: Difficulty,
) -> Result<(), Error> {
    let (lang, public) = (user_lang(ctx), guild_lang(ctx));
    let data = ctx.data();
    let me = player(ctx.author());
    let bot_id = player(bot);
    let seed = data.seeds.next();
    let mut game = Match::challenge(me, bot_id, variant, options, seed)
        .map_err(|e| Error::user(e.explain(lang, variant)))?;
    // A stream of its own, so the computer's choices do not shift the match's
    // random numbers (who starts, salvo order).
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c0de_0000_0001);
    let ready = game.accept(bot_id).is_ok()
        && game
            .set_fleet(bot_id, ai::place_fleet(variant, level, &mut rng))
            .is_ok()
        && game.confirm(bot_id).is_ok()
        && game.shuffle_fleet(me).is_ok();
    if !ready {
        return Err(Error::Internal(anyhow::anyhow!(
            "could not set up a match against the computer"
        )));
    }
    let deadline = play::now() + data.config.placement_timeout;
    let channel = ChannelKey(ctx.channel_id().get());
    let entry = Entry {
        id: data.registry.next_id(),
        channel,
        game,
        names: [
            ctx.author().display_name().to_owned(),
            format!(
                "{} ({})",
                bot.display_name(),
                tr!(lang, &format!("choice-difficulty-{}", level.key()))
            ),
        ],
        deadline,
        guild_locale: guild_locale(ctx),
        player_locales: [ctx.locale().map(str::to_owned), None],
        computer: Some(Computer {
            difficulty: level,
            rng,
        }),
    };
    let preview = Preview::of(&entry, me);
    let id = data.registry.open(entry).map_err(|e| busy(ctx, lang, &e))?;
    let Some(preview) = preview else {
        data.registry.close(channel, id);
        return Err(Error::Internal(anyhow::anyhow!(
            "no preview in a fresh match against the computer"
        )));
    };
    let announcement = poise::CreateReply::default()
        .content(text::versus_computer(
            public, me, bot_id, level, variant, deadline,
        ))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(e) = ctx.send(announcement).await {
        data.registry.close(channel, id);
        return Err(e.into());
    }
    // A followup: it must be marked ephemeral explicitly, or it would be public.
    let private = private_reply(preview.text(lang))
        .attachment(pictures::own_board(&preview.view, lang)?)
        .components(preview.buttons(lang));
    ctx.send(private).await?;
    Ok(())
}
