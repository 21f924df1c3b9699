//! What follows a move, whoever made it: a member's shot (`/fire`), the Ready that began a
//! battle, or the computer's turn. The session has played and stored the move; here its
//! end is announced, or the message that showed it is noted (a daily match's reminders
//! link to it) and the computer moves when it is its turn (see
//! [`crate::session::Session::computer_turn`]). One step, [`after_move`], serves all
//! three.

use poise::serenity_prelude as serenity;
use serenity::Http;

use super::play;
use crate::bot::kit::Data;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::context::lang_of;
use crate::bot::kit::deliver::Post;
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::venue::Venue;
use crate::game::Next;
use crate::session::{ComputerTurn, Ended, Fired, MatchId, Pace};

/// What a move leaves for its follow-up ([`after_move`]).
pub struct Moved {
    /// The match.
    pub id: MatchId,
    /// The match's pace.
    pub pace: Pace,
    /// The end, if this move ended the match (only the call that ended it has it, so an
    /// end is announced once).
    pub ended: Option<Ended>,
    /// The computer is to move next.
    pub computer_next: bool,
    /// The message that showed the move, when known.
    pub message: Option<serenity::MessageId>,
}

impl Moved {
    /// What a member's `shot` leaves to follow up, shown in `message` when known.
    #[must_use]
    pub fn shot(shot: Fired, message: Option<serenity::MessageId>) -> Self {
        Moved {
            id: shot.id,
            pace: shot.pace,
            ended: shot.ended,
            computer_next: shot.computer_next,
            message,
        }
    }
}

/// The follow-up of a move that was shown: announces the end if it ended the match;
/// otherwise notes the message that showed it and, when the computer is to move, plays
/// (and stores) its moves, announces them and follows them up in turn. `answer` is the
/// interaction that made the move, if any: where the bot can only answer, what follows
/// goes as further public answers to it. Failures are logged: the match goes on (or has
/// ended) either way.
pub async fn after_move(answer: Option<&Answer<'_>>, http: &Http, data: &Data, moved: Moved) {
    let mut moved = moved;
    loop {
        if let Some(end) = moved.ended {
            match answer {
                Some(answer) => play::announce_answering(answer, http, data, &end).await,
                None => play::announce(http, data, &end).await,
            }
            return;
        }
        play::shown(data, moved.id, moved.pace, moved.message).await;
        if !moved.computer_next {
            return;
        }
        let Some(turn) = data.session.matches().computer_turn(moved.id).await else {
            return;
        };
        moved = computer_moved(answer, http, data, turn).await;
    }
}

/// If the computer is to move in match `id`, plays (and stores) its moves, then
/// announces them, and the end if they ended the match (the sweep's and the restore's
/// way to wake a computer turn, without an interaction).
pub async fn computer_turn(http: &Http, data: &Data, id: MatchId) {
    let Some(turn) = data.session.matches().computer_turn(id).await else {
        return;
    };
    let moved = computer_moved(None, http, data, turn).await;
    after_move(None, http, data, moved).await;
}

/// Announces the computer's `turn` ([`announce`]); what it leaves to follow up (its
/// moves end on the member's turn, or on the match's end).
async fn computer_moved(
    answer: Option<&Answer<'_>>,
    http: &Http,
    data: &Data,
    mut turn: ComputerTurn,
) -> Moved {
    let ended = turn.ended.take();
    let message = announce(answer, http, data, &turn).await;
    Moved {
        id: turn.id,
        pace: turn.pace,
        ended,
        computer_next: false,
        message,
    }
}

/// Shows the computer's move in the match's venue, in the style of a member's (by DM if
/// the channel refuses; where the bot can only answer, as a follow-up of `answer`); the
/// message's id when known.
async fn announce(
    answer: Option<&Answer<'_>>,
    http: &Http,
    data: &Data,
    turn: &ComputerTurn,
) -> Option<serenity::MessageId> {
    let lang = lang_of(turn.guild_locale.as_ref());
    let (content, files) = play::shot_announcement(
        &data.renderer,
        lang,
        turn.variant,
        &turn.outcomes,
        &turn.view,
        turn.deadline,
    );
    // The member moves next unless the computer's move ended the match: their Fire.
    let over = matches!(turn.outcomes.last().map(|o| o.next), Some(Next::Over(_)));
    let post = Post {
        content,
        files,
        ping: vec![serenity::UserId::new(turn.member.0)],
        components: if over {
            Vec::new()
        } else {
            play::fire_row(lang, turn.id)
        },
        about: Some(turn.id),
    };
    // Outside servers the bot cannot post in the channel (a turn woken by the sweep has
    // no interaction to answer): the member hears of it by DM, and `/board` or their next
    // `/fire` there shows it.
    let here = answer.map(Answer::audience);
    let venue = Venue::decide(
        http,
        turn.guild,
        turn.channel,
        None,
        std::slice::from_ref(&turn.member),
        here.as_ref(),
    )
    .await;
    Outbox::new(http, data)
        .show(venue, &post, &[turn.member.0], answer)
        .await
}
