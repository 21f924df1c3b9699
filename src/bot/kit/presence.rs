//! Where the bot is, seen from an interaction: a member of the place (its own DM, a server
//! that installed it), or only an app a member brought along (a group DM, a DM between two
//! users, a server reached through a member's own install), where it can only answer; and
//! whether Discord shows every answer privately there.

use crate::bot::kit::context::{Context, guild_key};
use crate::session::GuildId;

/// Whether the bot itself is where an interaction happened, from the interaction's
/// `context` and `authorizing_integration_owners`: in its own DM, or in a server that
/// installed it (the owners hold `GUILD_INSTALL`). Elsewhere (a group DM, a DM between two
/// users, a server that has not added the bot, reached through a member's own install) it
/// is no member: it cannot post or read there and can only answer interactions. An
/// interaction without owners (as before user installs) counts as the bot being there.
#[must_use]
pub fn bot_is_there(
    context: Option<poise::serenity_prelude::InteractionContext>,
    owners: &poise::serenity_prelude::AuthorizingIntegrationOwners,
) -> bool {
    use poise::serenity_prelude::{AuthorizingIntegrationOwner, InteractionContext};
    owners.0.is_empty()
        || context == Some(InteractionContext::BotDm)
        || owners
            .0
            .iter()
            .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(_)))
}

/// Whether Discord shows every answer to this interaction privately: in a server that has
/// not added the bot, where the member lacks Use External Apps (`USE_EXTERNAL_APPS`, bit
/// 50: "When disabled, users will still be allowed to use their apps but the responses will
/// be ephemeral. This only applies to apps not also installed to the server",
/// `topics/permissions`). The interaction tells it only by the member's permissions.
#[must_use]
pub fn answers_forced_private(
    context: Option<poise::serenity_prelude::InteractionContext>,
    owners: &poise::serenity_prelude::AuthorizingIntegrationOwners,
    member_permissions: Option<poise::serenity_prelude::Permissions>,
) -> bool {
    context == Some(poise::serenity_prelude::InteractionContext::Guild)
        && !bot_is_there(context, owners)
        && member_permissions.is_some_and(|p| !p.use_external_apps())
}

/// [`answers_forced_private`] for a command's context.
#[must_use]
pub fn answers_private_here(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => answers_forced_private(
            a.interaction.context,
            &a.interaction.authorizing_integration_owners,
            a.interaction.member.as_ref().and_then(|m| m.permissions),
        ),
        poise::Context::Prefix(_) => false,
    }
}

/// [`bot_is_there`] for a command's context (prefix commands: always).
#[must_use]
pub fn bot_is_here(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => bot_is_there(
            a.interaction.context,
            &a.interaction.authorizing_integration_owners,
        ),
        poise::Context::Prefix(_) => true,
    }
}

/// Whether a command was run in the member's own DM with the bot, where nobody else can
/// see what the bot answers.
#[must_use]
pub fn in_bot_dm(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => {
            a.interaction.context == Some(poise::serenity_prelude::InteractionContext::BotDm)
        }
        poise::Context::Prefix(_) => false,
    }
}

/// The server a command counts for: the interaction's, where the server installed the bot;
/// `None` in DMs and group DMs, and in a server reached only through a member's own install
/// (whose settings the bot cannot know: nobody there could run `/settings`). A match there
/// is keyed by its channel and, having no server, is answered only through interactions.
#[must_use]
pub fn match_guild(ctx: Context<'_>) -> Option<GuildId> {
    if bot_is_here(ctx) {
        ctx.guild_id().map(guild_key)
    } else {
        None
    }
}
