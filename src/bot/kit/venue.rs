//! Where a match's words go, decided in one place from what the session keeps of the
//! match (its server, channel and thread) and, where there is one, the interaction at
//! hand: a channel (or a thread, with the channel it hangs under) where the bot is a member
//! and posts; only the answers to its players' interactions where the bot is not (a match
//! without a server: a group DM, a DM between members, a server that has not added the
//! bot; see [`crate::bot::kit::answer`]); or the bot's own DM with the match's one member
//! (a match against the computer played there), where every post goes to that DM and
//! nothing waits for a next interaction.
//!
//! The session keeps no Discord types, so the venue is not carried on its events: the bot
//! decides it here, for every event, from the fields the events carry.

use poise::serenity_prelude::Http;

use crate::bot::kit::audience::Audience;
use crate::bot::kit::deliver;
use crate::game::PlayerId;
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
    /// The match is played in the bot's own DM with its member: every post goes there,
    /// as a DM, whether or not an interaction is at hand.
    DmOnly {
        /// The DM channel.
        channel: ChannelKey,
    },
}

impl Venue {
    /// The venue of a match of server `guild` (`None`: a match without a server) in
    /// `channel`, a thread of `parent` where it has one, as far as the match alone tells
    /// it: a match without a server is taken as played in answers ([`Venue::decide`] tells
    /// the bot's own DM apart).
    #[must_use]
    pub fn of(guild: Option<GuildId>, channel: ChannelKey, parent: Option<ChannelKey>) -> Self {
        match guild {
            Some(_) => Venue::Channel { channel, parent },
            None => Venue::AnswersOnly { channel },
        }
    }

    /// The venue of a match in `channel` (a thread of `parent` where it has one), seen
    /// from the interaction of `here` (which knows where the bot is): where the
    /// interaction happened in the match's channel, its presence says it; an interaction
    /// elsewhere (a click on a preview sent by DM) tells nothing of the match's place, and
    /// the channel is tried first, then DMs, as for any match in a server.
    #[must_use]
    pub fn here(here: &Audience, channel: ChannelKey, parent: Option<ChannelKey>) -> Self {
        if here.channel != channel || here.match_guild().is_some() {
            Venue::Channel { channel, parent }
        } else if here.in_bot_dm() {
            Venue::DmOnly { channel }
        } else {
            Venue::AnswersOnly { channel }
        }
    }

    /// The venue of a match of server `guild` in `channel` (a thread of `parent`), played
    /// by `members`, seen from the interaction of `here` where there is one. A match
    /// without a server and with one member, seen from no interaction in its channel, is
    /// played in the bot's own DM when that member's DM with the bot is its channel: Discord
    /// is asked once (bounded in time; the same call a DM to them makes).
    pub async fn decide(
        http: &Http,
        guild: Option<GuildId>,
        channel: ChannelKey,
        parent: Option<ChannelKey>,
        members: &[PlayerId],
        here: Option<&Audience>,
    ) -> Self {
        if let Some(here) = here.filter(|a| a.channel == channel) {
            return Self::here(here, channel, parent);
        }
        let venue = Self::of(guild, channel, parent);
        match (venue, members) {
            (Venue::AnswersOnly { channel }, [member])
                if deliver::dm_channel(http, member.0).await == Some(channel.0) =>
            {
                Venue::DmOnly { channel }
            }
            _ => venue,
        }
    }

    /// Whether the bot can only answer there.
    #[must_use]
    pub fn answers_only(self) -> bool {
        matches!(self, Venue::AnswersOnly { .. })
    }

    /// The match's channel (or thread, or DM).
    #[must_use]
    pub fn channel(self) -> ChannelKey {
        match self {
            Venue::Channel { channel, .. }
            | Venue::AnswersOnly { channel }
            | Venue::DmOnly { channel } => channel,
        }
    }
}
