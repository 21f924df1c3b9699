//! `/place`: set your fleet in secret.

use poise::serenity_prelude as serenity;

use super::moves::{self, Moved};
use super::play;
use super::words;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::audience::user_lang;
use crate::bot::kit::click::{Click, update};
use crate::bot::kit::context::{lang_of, player};
use crate::bot::kit::deliver::Post;
use crate::bot::kit::error::{private_reply, says};
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::venue::Venue;
use crate::bot::kit::{Context, Error, pictures};
use crate::game::Confirmed;
use crate::session::{MatchId, SessionError};

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
    let preview = match ctx
        .data()
        .session
        .matches()
        .place(me, fleet.as_deref())
        .await
    {
        Ok(preview) => preview,
        Err(SessionError::NoMatch) => return Err(Error::user(says!("err-place-no-match"))),
        Err(e) => return Err(e.into()),
    };
    let lang = user_lang(ctx);
    let picture = pictures::own_board(&ctx.data().renderer, &preview.view, lang)?;
    let reply = private_reply(play::preview_text(lang, &preview))
        .attachment(picture)
        .components(play::preview_buttons(lang, &preview));
    ctx.send(reply).await?;
    Ok(())
}

// The buttons of a fleet preview: Shuffle, Last fleet and Ready (Edit is the editor's).

/// A new random fleet in the clicked preview.
pub(crate) async fn shuffle_button(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    let preview = c.data.session.matches().shuffle(id, me).await?;
    show_preview(c, &preview).await
}

/// Takes the last match's fleet again (a rematch's preview).
pub(crate) async fn last_fleet_button(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    let preview = c.data.session.matches().last_fleet(id, me).await?;
    show_preview(c, &preview).await
}

/// Replaces the clicked preview with `preview` (after Shuffle or Last fleet).
async fn show_preview(c: &Click<'_>, preview: &crate::session::Preview) -> Result<(), Error> {
    let lang = c.lang;
    let picture = pictures::own_board(&c.data.renderer, &preview.view, lang)?;
    update(
        c.ctx,
        c.interaction,
        serenity::CreateInteractionResponseMessage::new()
            .content(play::preview_text(lang, preview))
            .files([picture])
            .components(play::preview_buttons(lang, preview)),
    )
    .await
}

/// Makes the previewed fleet final (`tag`: the fingerprint of the fleet the preview
/// shows); when both fleets are final the battle begins, and against the computer it may
/// move first.
pub(crate) async fn ready_button(c: &Click<'_>, id: MatchId, tag: &str) -> Result<(), Error> {
    let (ctx, click, lang) = (c.ctx, c.interaction, c.lang);
    let me = player(&click.user);
    let readied = c.data.session.matches().ready(id, me, tag).await?;
    let preview = &readied.preview;
    let waiting_for = match readied.confirmed {
        Confirmed::Waiting => readied.players.into_iter().find(|&p| p != me),
        Confirmed::BattleStarts { .. } => None,
    };
    let confirmed_reply = async {
        update(
            ctx,
            click,
            serenity::CreateInteractionResponseMessage::new()
                .content(words::fleet_final(
                    lang,
                    &preview.fleet.to_string(),
                    waiting_for,
                ))
                .files([pictures::own_board(&c.data.renderer, &preview.view, lang)?])
                .components(vec![])
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        )
        .await
    }
    .await;
    if let Confirmed::BattleStarts { first } = readied.confirmed {
        let public = lang_of(readied.guild_locale.as_ref());
        let start = Post {
            content: format!(
                "{}\n{}",
                words::battle_starts(
                    public,
                    &c.data.commands,
                    readied.players,
                    first,
                    preview.variant,
                    readied.deadline,
                ),
                words::pace_line(public, readied.pace, readied.turn)
            ),
            files: Vec::new(),
            ping: readied.players.map(|p| serenity::UserId::new(p.0)).to_vec(),
            // The first player's Fire (the computer's first move shows its own).
            components: if readied.computer_next {
                Vec::new()
            } else {
                play::fire_row(public, id)
            },
            about: Some(id),
        };
        // In the match's venue (the channel, or else to the players by DM): the first
        // player must know. Where the bot can only answer, a public follow-up of this
        // click says it.
        let answer = Answer::Click(&ctx.http, click);
        let humans = crate::bot::kit::context::user_ids(&readied.members);
        let venue = Venue::here(&c.audience(), preview.channel, None);
        let message = Outbox::new(&ctx.http, c.data)
            .show(venue, &start, &humans, Some(&answer))
            .await;
        // Against the computer, it may fire first (whatever got through above).
        let moved = Moved {
            id,
            pace: readied.pace,
            ended: None,
            computer_next: readied.computer_next,
            message,
        };
        moves::after_move(Some(&answer), &ctx.http, c.data, moved).await;
    }
    confirmed_reply
}
