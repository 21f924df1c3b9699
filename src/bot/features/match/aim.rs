//! A match played by clicks (issue 52): the **Fire** button under a turn's public message
//! opens the aim panel ([`crate::bot::kit::aim`]) privately for the player to move: their
//! picture of the enemy sea, a column and a row select that offer only the cells not
//! fired at, and Fire (in Game 2000, Add and Clear too, and Fire once the salvo has three
//! different cells). `/fire` stays; this is the same shot.
//!
//! Every control carries the match, its owner and what the panel showed (see
//! [`crate::bot::kit::buttons::matches::AimControl`]): a picker move reads the match and
//! writes nothing. Fire goes through the session's `/fire` path (the same checks, written
//! before it is shown); the panel then shows the shot (and aims on if the same player
//! fires again), and the shot is announced publicly as `/fire`'s answer is, with its
//! follow-up ([`super::moves::after_move`]). Anyone but the player to move is refused
//! privately, on the public Fire and on a panel whose turn has passed alike.

use std::time::SystemTime;

use poise::serenity_prelude as serenity;
use serenity::{CreateInteractionResponse, CreateInteractionResponseMessage};

use super::moves::{self, Moved};
use super::words;
use crate::bot::kit::aim::{self, Offer, Refusal};
use crate::bot::kit::answer::Answer;
use crate::bot::kit::buttons::aim::{Aim, SALVO, Sight};
use crate::bot::kit::buttons::matches::AimControl;
use crate::bot::kit::buttons::{ButtonId, MatchButton};
use crate::bot::kit::click::{Click, stale_button, update};
use crate::bot::kit::context::{Data, player, user_ids};
use crate::bot::kit::error::{Error, says};
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::{mention, relative};
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::venue::Venue;
use crate::game::{FireError, Next, PhaseKind, PlayerId, TargetView, Variant};
use crate::session::{ChannelKey, Locate, MatchId, SessionError};

/// What the panel needs of a match whose turn is its owner's.
struct Turn {
    /// Where the match is played (where its shots are announced).
    channel: ChannelKey,
    /// The owner's picture of the enemy sea.
    view: TargetView,
    /// When the turn runs out.
    deadline: SystemTime,
}

/// What a panel says besides where it aims.
#[derive(Default)]
struct Said {
    /// What the last shot did.
    told: Option<String>,
    /// Why the last click changed nothing.
    refused: Option<String>,
    /// Once the turn has passed: to whom (the panel then has no controls).
    over: Option<String>,
}

/// The public Fire: the aim panel, privately, for the player to move in match `id`.
pub(crate) async fn fire_button(c: &Click<'_>, id: MatchId) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    let turn = your_turn(c.data, id, me).await?;
    let sight = Sight {
        cursor: aim::aim_at(&turn.view, None)?,
        picked: Vec::new(),
    };
    let panel = panel(
        c,
        id,
        me,
        &turn.view,
        turn.deadline,
        Some(&sight),
        &Said::default(),
    )?;
    c.interaction
        .create_response(
            c.ctx,
            CreateInteractionResponse::Message(panel.ephemeral(true)),
        )
        .await?;
    Ok(())
}

/// A click on a control of a panel: a select, Add or Clear moves the aim (its own
/// message, type 7); Fire shoots.
pub(crate) async fn aim_button(
    c: &Click<'_>,
    id: MatchId,
    control: AimControl,
) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    if me != control.owner {
        return Err(Error::user(says!("err-not-your-button")));
    }
    let turn = your_turn(c.data, id, me).await?;
    let mut sight = control.sight;
    if control.action == Aim::Fire {
        return fire(c, id, me, turn, sight).await;
    }
    let mut said = Said::default();
    let value = aim::picked_value(c.interaction);
    if let Err(refusal) = aim::step(&turn.view, Offer::Open, control.action, value, &mut sight) {
        said.refused = Some(refusal_words(c.lang, refusal));
    }
    let panel = panel(c, id, me, &turn.view, turn.deadline, Some(&sight), &said)?;
    update(c.ctx, c.interaction, panel).await
}

/// Fire on the panel: the cell aimed at (classic) or the salvo (Game 2000), through the
/// session's `/fire`; then the panel and everyone see it.
async fn fire(
    c: &Click<'_>,
    id: MatchId,
    me: PlayerId,
    turn: Turn,
    mut sight: Sight,
) -> Result<(), Error> {
    let lang = c.lang;
    let cells = match turn.view.variant {
        Variant::Classic => vec![sight.cursor],
        Variant::Game2000 => sight.picked.clone(),
    };
    // The panel enables Fire only at a whole salvo of different cells; a panel that says
    // otherwise was not made by this bot.
    let salvo = match turn.view.variant {
        Variant::Classic => 1,
        Variant::Game2000 => SALVO,
    };
    let mut distinct = cells.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != cells.len() || cells.len() != salvo {
        return Err(stale_button());
    }
    // A panel from before a shot typed since may aim at a cell fired at: said in the
    // panel, which aims anew; nothing is fired.
    if let Some(&fired) = cells.iter().find(|&&c| !aim::is_open(&turn.view, c)) {
        sight.picked.retain(|&c| aim::is_open(&turn.view, c));
        if !aim::is_open(&turn.view, sight.cursor) {
            sight.cursor = aim::aim_at(&turn.view, None)?;
        }
        let said = Said {
            refused: Some(refusal_words(lang, Refusal::Fired(fired))),
            ..Said::default()
        };
        let panel = panel(c, id, me, &turn.view, turn.deadline, Some(&sight), &said)?;
        return update(c.ctx, c.interaction, panel).await;
    }
    let targets: Vec<String> = cells.iter().map(ToString::to_string).collect();
    // The shot is played and stored here; everything below only shows it.
    let shot = c
        .data
        .session
        .matches()
        .fire_in(id, turn.channel, me, &targets.join(" "))
        .await?;
    let (next, over) = match shot.outcome.next {
        // A hit in classic: the same player fires again, aiming on at the next open cell.
        Next::Again(p) if p == me => (
            aim::next_open(&shot.view, sight.cursor, &[]).map(|cursor| Sight {
                cursor,
                picked: Vec::new(),
            }),
            None,
        ),
        Next::Again(p) | Next::Turn { player: p, .. } => (
            None,
            Some(tr!(lang, "aim-match-turn-over", player = mention(p))),
        ),
        Next::Over(_) => (None, Some(tr!(lang, "aim-match-over"))),
    };
    let said = Said {
        told: Some(words::shot_line(lang, shot.variant, &shot.outcome)),
        refused: None,
        over,
    };
    // The panel first (the click's own answer); whether or not it arrives, the shot is
    // announced and followed up.
    let shown = async {
        let panel = panel(c, id, me, &shot.view, shot.deadline, next.as_ref(), &said)?;
        update(c.ctx, c.interaction, panel).await
    }
    .await;
    let post = super::fire::shot_post(&c.data.renderer, &shot);
    let http = &c.ctx.http;
    let answer = Answer::Click(http, c.interaction);
    let venue = Venue::here(&c.audience(), turn.channel, None);
    let message = Outbox::new(http, c.data)
        .show(venue, &post, &user_ids(&shot.members), Some(&answer))
        .await;
    let moved = Moved::shot(shot, message);
    moves::after_move(Some(&answer), http, c.data, moved).await;
    shown
}

/// Match `id` as `me` may aim in it: refused unless it is in battle and `me` is to move
/// in time.
async fn your_turn(data: &Data, id: MatchId, me: PlayerId) -> Result<Turn, Error> {
    let now = SystemTime::now();
    let read = data
        .session
        .try_read(Locate::Id(id), |e| {
            if e.game.phase_kind() != PhaseKind::Battle {
                return Err(stale_button());
            }
            let refuse =
                |error: FireError| Error::from(SessionError::rules(e.game.variant(), error));
            if e.game.side_of(me).is_none() {
                return Err(refuse(FireError::NotAPlayer));
            }
            match e.game.to_move() {
                Some(p) if p == me => {}
                Some(p) => return Err(refuse(FireError::NotYourTurn(p))),
                None => return Err(stale_button()),
            }
            if e.deadline <= now {
                return Err(SessionError::TimeUp.into());
            }
            let view = e.game.target_view(me).ok_or_else(stale_button)?;
            Ok(Turn {
                channel: e.channel,
                view,
                deadline: e.deadline,
            })
        })
        .await?;
    read.unwrap_or_else(|| Err(stale_button()))
}

/// The panel of `me` in match `id`: their picture of `view` and, while it is their turn
/// (`sight`), where they aim and the controls; words in the clicker's language.
fn panel(
    c: &Click<'_>,
    id: MatchId,
    me: PlayerId,
    view: &TargetView,
    deadline: SystemTime,
    sight: Option<&Sight>,
    said: &Said,
) -> Result<CreateInteractionResponseMessage, Error> {
    let lang = c.lang;
    let variant = view.variant;
    let mut lines = Vec::new();
    if sight.is_some() {
        lines.push(tr!(
            lang,
            "aim-match-heading",
            variant = variant_name(lang, variant),
            deadline = relative(deadline)
        ));
    }
    lines.extend(said.told.clone());
    lines.extend(said.over.clone());
    if let Some(sight) = sight {
        lines.push(aim::aim_line(lang, variant, sight));
    }
    if let Some(refused) = &said.refused {
        lines.push(format!("⚠️ {refused}"));
    }
    let (picked, cursor) = sight.map_or((&[][..], None), |s| (&s.picked[..], Some(s.cursor)));
    let file = aim::picture(&c.data.renderer, lang, view, picked, cursor, "aim.png")?;
    let rows = sight.map_or_else(Vec::new, |sight| {
        let id = |action| {
            let control = AimControl {
                action,
                owner: me,
                sight: sight.clone(),
            };
            ButtonId::Match(MatchButton::Aim(id, control)).to_string()
        };
        aim::controls(lang, view, sight, Offer::Open, id)
    });
    Ok(CreateInteractionResponseMessage::new()
        .content(lines.join("\n"))
        .files([file])
        .components(rows)
        .allowed_mentions(serenity::CreateAllowedMentions::new()))
}

/// Why a click on the panel changed nothing, in `lang`.
fn refusal_words(lang: Lang, refusal: Refusal) -> String {
    match refusal {
        Refusal::Fired(cell) => tr!(lang, "err-aim-fired", cell = cell.to_string()),
        Refusal::Full => tr!(lang, "err-aim-salvo-full"),
    }
}
