//! `/status`: a public summary of a match.

use poise::serenity_prelude as serenity;

use super::words;
use crate::bot::kit::audience::public_lang;
use crate::bot::kit::error::says;
use crate::bot::kit::i18n::names::variant_title;
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Error};
use crate::game::PhaseKind;
use crate::session::ChannelKey;

/// Show this channel's match: players, rules, turn, shots and deadline.
///
/// Public when there is a match here; otherwise a private note (matches elsewhere are
/// never named in public).
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let channel = ChannelKey(ctx.channel_id().get());
    let standard = data.session.standard();
    let me = crate::bot::kit::context::player(ctx.author());
    let here = here(ctx, channel, me).await?;
    // Refusals are private (worded by the hook); the summary is public (the server's
    // language).
    let public = public_lang(ctx).await;
    let summary = data
        .session
        .try_read(here, |e| {
            let [a, b] = e.game.players();
            let (challenger, opponent) = (
                crate::bot::kit::markup::mention(a),
                crate::bot::kit::markup::mention(b),
            );
            let deadline = crate::bot::kit::markup::relative(e.deadline);
            let mut lines = vec![
                String::new(),
                tr!(
                    public,
                    "status-head",
                    variant = variant_title(public, e.game.variant()),
                    challenger = challenger.as_str(),
                    opponent = opponent.as_str(),
                    channel = crate::bot::kit::markup::channel(channel.0)
                ),
            ];
            if e.game.options().repeats_forbidden {
                lines.push(tr!(public, "status-house-rule"));
            }
            lines.push(words::pace_line(public, e.pace, e.timeouts(standard).turn));
            match e.game.phase_kind() {
                PhaseKind::Challenge => lines.push(tr!(
                    public,
                    "status-challenge",
                    opponent = opponent.as_str(),
                    deadline = deadline.as_str()
                )),
                PhaseKind::Placement => {
                    let ready = e.game.ready().unwrap_or_default();
                    let word =
                        |r: bool| tr!(public, if r { "status-ready" } else { "status-placing" });
                    lines.push(tr!(
                        public,
                        "status-placement",
                        challenger = challenger.as_str(),
                        challenger_state = word(ready[0]),
                        opponent = opponent.as_str(),
                        opponent_state = word(ready[1]),
                        deadline = deadline.as_str()
                    ));
                }
                PhaseKind::Battle => {
                    if let (Some(to_move), Some(turn)) = (e.game.to_move(), e.game.turn_number()) {
                        lines.push(tr!(
                            public,
                            "status-turn",
                            turn = turn,
                            player = crate::bot::kit::markup::mention(to_move),
                            deadline = deadline.as_str()
                        ));
                    }
                    lines.push(words::stats_lines(
                        public,
                        [a, b],
                        [e.game.stats(a), e.game.stats(b)],
                    ));
                }
                PhaseKind::Finished => lines.push(tr!(public, "status-over")),
            }
            (e.id, lines)
        })
        .await?
        .ok_or_else(|| Error::user(says!("err-no-match-here")))?;
    // A tournament's match says so first.
    let (id, mut lines) = summary;
    match data.session.tournaments().tournament_of(id).await {
        Some(t) => {
            lines[0] = crate::bot::kit::words::tournament_header(public, &t.name, t.round);
        }
        None => {
            lines.remove(0);
        }
    }
    let summary = lines.join("\n");
    ctx.send(
        poise::CreateReply::default()
            .content(summary)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// The match `/status` is about: `me`'s in `channel`, or the one there; else why there is
/// none (also when the one there was set aside, unreadable).
async fn here(
    ctx: Context<'_>,
    channel: ChannelKey,
    me: crate::game::PlayerId,
) -> Result<crate::session::Locate, Error> {
    let session = &ctx.data().session;
    let found = session.here(channel, me).await;
    // Nothing live here: perhaps one set aside, unreadable.
    if let Ok(crate::session::Locate::Channel(_)) = found
        && session
            .read(crate::session::Locate::Channel(channel), |_| ())
            .await
            .is_none()
        && let Ok(Some(id)) = session.set_aside_in(channel).await
    {
        return Err(Error::user(says!("status-set-aside", id = id.to_string())));
    }
    // Finding it only reads: a store that fails says so, not that nothing was saved.
    found.map_err(|e| match e {
        crate::session::SessionError::Storage(e) => Error::from(e),
        e => Error::from(e),
    })
}
