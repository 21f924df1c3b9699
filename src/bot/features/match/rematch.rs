//! The Rematch button under a match's end: both players ask, and the next match begins.

use poise::serenity_prelude as serenity;

use super::previews::{answer_previews, send_previews};
use crate::bot::kit::Error;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::click::Click;
use crate::bot::kit::context::channel_key;
use crate::bot::kit::context::player;
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::i18n::names::variant_title;
use crate::bot::kit::i18n::tr;
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::venue::Venue;
use crate::session::MatchId;

/// Rematch under a match's end: recorded until both players (against the computer, the
/// member) have pressed it, then the new match starts in placement.
pub(crate) async fn rematch_button(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    use crate::session::Rematch;
    let (ctx, click, lang) = (c.ctx, c.interaction, c.lang);
    let me = player(&click.user);
    // Clicked in a thread the bot did not open: the server's channels count its parent.
    let parent = click
        .channel
        .as_ref()
        .filter(|ch| {
            matches!(
                ch.kind,
                serenity::ChannelType::PublicThread
                    | serenity::ChannelType::PrivateThread
                    | serenity::ChannelType::NewsThread
            )
        })
        .and_then(|ch| ch.parent_id)
        .map(channel_key);
    let outcome = c
        .data
        .session
        .matches()
        .rematch_in(id, me, Some(click.locale.clone()), parent)
        .await?;
    // The end message is public, and so is the answer: the other player must see it.
    let public = c.public_lang().await;
    match outcome {
        Rematch::Waiting {
            other,
            until,
            again,
        } => {
            // The first click tells the other player (a ping); a repeated one only
            // reminds the clicker, privately.
            let speak = if again { lang } else { public };
            let content = tr!(
                speak,
                "rematch-waiting",
                player = crate::bot::kit::markup::mention(me),
                other = crate::bot::kit::markup::mention(other),
                deadline = crate::bot::kit::markup::relative(until)
            );
            let pings: Vec<serenity::UserId> = if again {
                Vec::new()
            } else {
                vec![serenity::UserId::new(other.0)]
            };
            click
                .create_response(
                    ctx,
                    serenity::CreateInteractionResponse::Message(
                        serenity::CreateInteractionResponseMessage::new()
                            .content(content)
                            .ephemeral(again)
                            .allowed_mentions(serenity::CreateAllowedMentions::new().users(pings)),
                    ),
                )
                .await?;
            Ok(())
        }
        Rematch::Started(started) => rematch_started(c, &started).await,
    }
}

/// Says that a rematch began (in the channel if the answer fails) and sends the previews.
async fn rematch_started(c: &Click<'_>, started: &crate::session::Restarted) -> Result<(), Error> {
    let (ctx, click) = (c.ctx, c.interaction);
    let public = crate::bot::kit::context::lang_of(started.accepted.guild_locale.as_ref());
    let [challenger, opponent] = started.accepted.players;
    let mut content = c.data.commands.clickable(
        public,
        &tr!(
            public,
            if started.computer {
                "rematch-started-computer"
            } else {
                "rematch-started"
            },
            challenger = crate::bot::kit::markup::mention(challenger),
            opponent = crate::bot::kit::markup::mention(opponent),
            variant = variant_title(public, started.accepted.variant),
            deadline = crate::bot::kit::markup::relative(started.accepted.deadline)
        ),
    );
    if let Some(first) = started.first {
        content.push(' ');
        content.push_str(&tr!(
            public,
            "rematch-first",
            player = crate::bot::kit::markup::mention(first)
        ));
    }
    content.push('\n');
    content.push_str(&super::words::series_line(
        public,
        &started.names,
        &started.series,
    ));
    let humans: Vec<u64> = started.accepted.previews.iter().map(|p| p.0.0).collect();
    let outbox = Outbox::new(&ctx.http, c.data);
    let venue = Venue::here(&c.audience(), started.channel, None);
    let answered = click
        .create_response(
            ctx,
            serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(content.clone())
                    .allowed_mentions(
                        serenity::CreateAllowedMentions::new()
                            .users(humans.iter().map(|&u| serenity::UserId::new(u))),
                    ),
            ),
        )
        .await;
    if let Err(failed) = answered {
        let error = Error::from(failed);
        // A timeout may have delivered it after all: look before saying it twice.
        let arrived = deliver::updated(&ctx.http, click, &error, &content).await;
        if !arrived {
            tracing::warn!(match_id = %started.id, %error, "could not answer a rematch click; posting instead");
            let post = Post {
                content,
                ping: humans.iter().map(|&u| serenity::UserId::new(u)).collect(),
                about: Some(started.id),
                ..Post::default()
            };
            outbox.show(venue, &post, &humans, None).await;
        }
    }
    // The rematch has begun and was said somewhere: the click is done. Where the bot can
    // only answer, the previews are private answers (the clicker's to this click).
    if venue.answers_only() {
        let answer = Answer::Click(&ctx.http, click);
        answer_previews(
            &answer,
            c.data,
            started.id,
            &started.accepted.previews,
            public,
        )
        .await;
        return Ok(());
    }
    send_previews(
        &ctx.http,
        c.data,
        started.id,
        &started.accepted.previews,
        public,
    )
    .await;
    Ok(())
}
