//! Where a match's words go, decided once per match from what the session keeps of it:
//! a channel (or a thread, with the channel it hangs under) where the bot is a member and
//! posts, or only the answers to its players' interactions where the bot is not (a match
//! without a server: a group DM, a DM between members, a server that has not added the
//! bot; see [`crate::bot::kit::answer`]).

use crate::session::{ChannelKey, GuildId};

/// Where a match's words go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Venue {
    /// The bot posts in the match's channel; `parent` is the channel a thread hangs under.
    Channel {
        /// The match's channel or thread.
        channel: ChannelKey,
        /// The channel the match's thread hangs under, when it has one.
        parent: Option<ChannelKey>,
    },
    /// The bot can only answer its players' interactions in `channel`; what happens
    /// without one waits for the next, and goes by DM where Discord lets the bot.
    AnswersOnly {
        /// The conversation the match is played in.
        channel: ChannelKey,
    },
}

impl Venue {
    /// The venue of a match of server `guild` (`None`: a match without a server, played
    /// in answers) in `channel`, a thread of `parent` where it has one.
    #[must_use]
    pub fn of(guild: Option<GuildId>, channel: ChannelKey, parent: Option<ChannelKey>) -> Self {
        match guild {
            Some(_) => Venue::Channel { channel, parent },
            None => Venue::AnswersOnly { channel },
        }
    }

    /// Whether the bot can only answer there.
    #[must_use]
    pub fn answers_only(self) -> bool {
        matches!(self, Venue::AnswersOnly { .. })
    }
}
