//! The permissions the bot needs in a match channel: one list, used both to check a
//! channel at `/challenge` and to build the invite link (`broadside invite-url`).

use poise::serenity_prelude as serenity;
use serenity::Permissions as P;

/// Every permission the bot uses, in a text channel or a thread: what the invite asks for
/// (Create Public Threads for a server that plays each match in a thread of its own).
pub const INVITE: P = P::VIEW_CHANNEL
    .union(P::SEND_MESSAGES)
    .union(P::SEND_MESSAGES_IN_THREADS)
    .union(P::CREATE_PUBLIC_THREADS)
    .union(P::EMBED_LINKS)
    .union(P::ATTACH_FILES);

/// What the bot needs in one match channel (a thread or not), each with the catalogue
/// key of its name.
#[must_use]
pub fn needed(thread: bool) -> [(P, &'static str); 4] {
    [
        (P::VIEW_CHANNEL, "perm-view-channel"),
        if thread {
            (P::SEND_MESSAGES_IN_THREADS, "perm-send-messages-in-threads")
        } else {
            (P::SEND_MESSAGES, "perm-send-messages")
        },
        (P::ATTACH_FILES, "perm-attach-files"),
        (P::EMBED_LINKS, "perm-embed-links"),
    ]
}

/// The OAuth2 link that adds the bot (application `app_id`) to a server with the slash
/// commands and exactly the permissions it uses.
#[must_use]
pub fn invite_url(app_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={app_id}&scope=bot%20applications.commands&permissions={}",
        INVITE.bits()
    )
}

/// Whether `member` may see `channel` of `guild`, by Discord's rules (the server's
/// roles, the member's roles and the channel's overwrites), read from Discord. A thread is
/// seen where its parent is; a private thread only by those in it, which a stranger is not
/// taken to be. Anything that cannot be read counts as not seen.
pub async fn can_view(http: &serenity::Http, guild: u64, channel: u64, member: u64) -> bool {
    let guild_id = serenity::GuildId::new(guild);
    let read = async {
        let server = http.get_guild(guild_id).await?;
        let member = http
            .get_member(guild_id, serenity::UserId::new(member))
            .await?;
        let mut seen = http.get_channel(serenity::ChannelId::new(channel)).await?;
        let mut kind = seen.clone().guild().map(|c| c.kind);
        if kind == Some(serenity::ChannelType::PrivateThread) {
            return Ok(false);
        }
        if kind == Some(serenity::ChannelType::PublicThread)
            || kind == Some(serenity::ChannelType::NewsThread)
        {
            let parent = seen.clone().guild().and_then(|c| c.parent_id);
            match parent {
                Some(parent) => {
                    seen = http.get_channel(parent).await?;
                    kind = seen.clone().guild().map(|c| c.kind);
                }
                None => return Ok(false),
            }
        }
        let Some(seen) = seen.guild().filter(|_| kind.is_some()) else {
            return Ok(false);
        };
        if seen.guild_id != guild_id {
            return Ok(false);
        }
        Ok::<_, serenity::Error>(server.user_permissions_in(&seen, &member).view_channel())
    };
    match read.await {
        Ok(seen) => seen,
        Err(e) => {
            super::metrics::discord_error(&e);
            tracing::info!(guild, channel, member, error = %e, "could not tell whether a member sees a channel");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_asks_for_exactly_what_the_channels_need() {
        // Discord's documented bits: View Channel 10, Send Messages 11, Embed Links 14,
        // Attach Files 15, Create Public Threads 35, Send Messages in Threads 38.
        let expected: u64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 35) | (1 << 38);
        assert_eq!(INVITE.bits(), expected);
        assert_eq!(expected, 309_237_697_536);
        // Threads are the one permission no channel needs to play in.
        let mut everything = P::CREATE_PUBLIC_THREADS;
        for thread in [false, true] {
            for (p, _) in needed(thread) {
                everything |= p;
            }
        }
        assert_eq!(
            everything, INVITE,
            "the invite covers every channel check, no more"
        );
        let url = invite_url(42);
        assert!(url.contains("client_id=42"), "{url}");
        assert!(url.contains("scope=bot%20applications.commands"), "{url}");
        assert!(url.ends_with("permissions=309237697536"), "{url}");
    }
}
