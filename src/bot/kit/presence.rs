//! Where the bot is, seen from an interaction: a member of the place (its own DM, a server
//! that installed it), or only an app a member brought along (a group DM, a DM between two
//! users, a server reached through a member's own install), where it can only answer; and
//! whether Discord shows every answer privately there. The rule is written here once;
//! the bot reads it through [`crate::bot::kit::audience::Audience`].

use poise::serenity_prelude::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, InteractionContext, Permissions,
};

/// Where the bot is, as one interaction tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Presence {
    /// Whether the bot itself is where the interaction happened, from the interaction's
    /// `context` and `authorizing_integration_owners`: in its own DM, or in a server that
    /// installed it (the owners hold `GUILD_INSTALL`). Elsewhere (a group DM, a DM between
    /// two users, a server that has not added the bot, reached through a member's own
    /// install) it is no member: it cannot post or read there and can only answer
    /// interactions. An interaction without owners (as before user installs) counts as the
    /// bot being there.
    pub bot_is_there: bool,
    /// Whether the interaction happened in the member's own DM with the bot.
    pub in_bot_dm: bool,
    /// Whether Discord shows every answer to the interaction privately: in a server that
    /// has not added the bot, where the member lacks Use External Apps
    /// (`USE_EXTERNAL_APPS`, bit 50: "When disabled, users will still be allowed to use
    /// their apps but the responses will be ephemeral. This only applies to apps not also
    /// installed to the server", `topics/permissions`). The interaction tells it only by
    /// the member's permissions.
    pub answers_forced_private: bool,
}

impl Presence {
    /// Where the bot is for a prefix command (read from a channel it is in).
    pub const MEMBER: Self = Self {
        bot_is_there: true,
        in_bot_dm: false,
        answers_forced_private: false,
    };

    /// Where the bot is for an interaction of `context`, authorised by `owners`, by a
    /// member with `member_permissions` (`None` outside servers).
    #[must_use]
    pub fn of(
        context: Option<InteractionContext>,
        owners: &AuthorizingIntegrationOwners,
        member_permissions: Option<Permissions>,
    ) -> Self {
        let in_bot_dm = context == Some(InteractionContext::BotDm);
        let bot_is_there = owners.0.is_empty()
            || in_bot_dm
            || owners
                .0
                .iter()
                .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(_)));
        Self {
            bot_is_there,
            in_bot_dm,
            answers_forced_private: context == Some(InteractionContext::Guild)
                && !bot_is_there
                && member_permissions.is_some_and(|p| !p.use_external_apps()),
        }
    }
}
