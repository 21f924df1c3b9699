//! `/challenge`: open a match in this channel.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::ai::{self, Difficulty};
use crate::bot::error::private_reply;
use crate::bot::play::{self, Preview, player};
use crate::bot::{Context, Error, pictures, text};
use crate::game::{Match, MatchOptions, Variant};
use crate::registry::{ChannelKey, Computer, Entry, OpenError};

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

/// How strong the computer plays, as offered in the command.
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

/// Challenge a member (or me, the computer) to a sea battle in this channel.
///
/// The challenged member gets Accept and Decline buttons; a game against the computer
/// starts at once. One match per channel (start a thread to play several at once); each
/// member plays one match at a time.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "The member you want to play against"] opponent: serenity::User,
    #[description = "Rule set: classic (default) or game2000"] variant: Option<VariantChoice>,
    #[description = "Game 2000 house rule: refuse shots at cells fired at before (default: no)"]
    forbid_repeats: Option<bool>,
    #[description = "Against the computer: easy, normal (default) or hard"] difficulty: Option<
        DifficultyChoice,
    >,
) -> Result<(), Error> {
    let me = ctx.author();
    let variant: Variant = variant.map_or(Variant::Classic, Into::into);
    if opponent.id == me.id {
        return Err(Error::user(
            "You cannot challenge yourself. Name another member of this server.",
        ));
    }
    if opponent.id == ctx.framework().bot_id() {
        let level = difficulty.map_or(Difficulty::Normal, Into::into);
        let options = MatchOptions {
            repeats_forbidden: forbid_repeats.unwrap_or(false),
        };
        return versus_computer(ctx, &opponent, variant, options, level).await;
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
        channel: ChannelKey(ctx.channel_id().get()),
        game,
        names: [
            me.display_name().to_owned(),
            opponent.display_name().to_owned(),
        ],
        deadline,
        guild_locale: None,
        computer: None,
    };
    let id = data.registry.open(entry).map_err(|e| busy(ctx, &e))?;
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

/// The refusal for a busy channel or player.
fn busy(ctx: Context<'_>, error: &OpenError) -> Error {
    match error {
        OpenError::ChannelBusy => Error::user(
            "This channel already has a match. Start a thread (or use another channel) \
             to play at the same time.",
        ),
        OpenError::PlayerBusy(p) => {
            let where_ = ctx
                .data()
                .registry
                .channel_of(*p)
                .map_or_else(String::new, |c| format!(" in {}", text::channel(c.0)));
            let who = if *p == player(ctx.author()) {
                "You are".to_owned()
            } else {
                format!("{} is", text::mention(*p))
            };
            Error::user(format!(
                "{who} already playing a match{where_}. A member plays one match at a time."
            ))
        }
    }
}

/// Starts a match against the computer: its fleet is placed and final at once, the
/// member gets a private preview to place theirs.
async fn versus_computer(
    ctx: Context<'_>,
    bot: &serenity::User,
    variant: Variant,
    options: MatchOptions,
    level: Difficulty,
) -> Result<(), Error> {
    let data = ctx.data();
    let me = player(ctx.author());
    let bot_id = player(bot);
    let seed = data.seeds.next();
    let mut game = Match::challenge(me, bot_id, variant, options, seed)
        .map_err(|e| Error::user(text::sentence(&e.to_string())))?;
    // A different stream than the match's own, so the computer's choices do not
    // shift the salvo order or who starts.
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c0de_0000_0001);
    let setup = (|| {
        game.accept(bot_id).ok()?;
        game.set_fleet(bot_id, ai::place_fleet(variant, level, &mut rng))
            .ok()?;
        game.confirm(bot_id).ok()?;
        game.shuffle_fleet(me).ok()?;
        Some(())
    })();
    if setup.is_none() {
        return Err(Error::Internal(anyhow::anyhow!(
            "could not set up a computer match"
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
            format!("{} ({level})", bot.display_name()),
        ],
        deadline,
        guild_locale: None,
        computer: Some(Computer {
            difficulty: level,
            rng,
        }),
    };
    let preview = Preview::of(&entry, me);
    let id = data.registry.open(entry).map_err(|e| busy(ctx, &e))?;
    let Some(preview) = preview else {
        data.registry.close(channel, id);
        return Err(Error::Internal(anyhow::anyhow!(
            "no preview for a fresh computer match"
        )));
    };
    let public = poise::CreateReply::default()
        .content(text::versus_computer(
            me,
            bot_id,
            level.key(),
            variant,
            deadline,
        ))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(e) = ctx.send(public).await {
        data.registry.close(channel, id);
        return Err(e.into());
    }
    // A followup: ephemeral must be set explicitly or it would be public.
    let private = private_reply(preview.text())
        .attachment(pictures::own_board(&preview.view)?)
        .components(play::placement_buttons(preview.id, &preview.fleet));
    ctx.send(private).await?;
    Ok(())
}
