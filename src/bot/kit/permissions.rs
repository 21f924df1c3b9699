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
/// commands and exactly the permissions it uses (`integration_type=0`, a server install).
#[must_use]
pub fn invite_url(app_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={app_id}&scope=bot%20applications.commands&permissions={}&integration_type=0",
        INVITE.bits()
    )
}

/// The OAuth2 link that adds the app (application `app_id`) to a member's own account
/// ("Add to My Apps", `integration_type=1`): the slash commands only, no bot user and no
/// permissions, since the bot joins no server that way. Its commands then work in any
/// server, DM and group DM the member is in. The application must allow User Install
/// (developer portal, Installation).
#[must_use]
pub fn user_install_url(app_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={app_id}&scope=applications.commands&integration_type=1"
    )
}

/// Whether `member` may see `channel` of `guild`, by Discord's rules (the server's
/// roles, the member's roles and the channel's overwrites), read from Discord. A thread is
/// seen where its parent is; a private thread only by those in it, which a stranger is not
/// taken to be. Anything that cannot be read counts as not seen.
pub async fn can_view(http: &serenity::Http, guild: u64, channel: u64, member: u64) -> bool {
    Sight::new(http, guild, member).sees(channel).await
}

/// What one member can see of one server, read from Discord as it is asked (the server
/// and the member once, each channel once), for one answer that asks about many channels.
/// The rules are [`can_view`]'s. With [`Sight::cached`], the server and its channels come
/// from the gateway's cache where it holds them, and from Discord only where it does not.
pub struct Sight<'a> {
    http: &'a serenity::Http,
    /// The gateway's cache, if it may be read.
    cache: Option<&'a serenity::Cache>,
    /// The member as an interaction carries it (their roles), if known.
    known: Option<serenity::Member>,
    guild: serenity::GuildId,
    member: serenity::UserId,
    /// The server and the member, once read.
    who: Who,
    /// The channels read so far (`None`: could not be read).
    channels: std::collections::HashMap<u64, Option<serenity::GuildChannel>>,
    /// The answers so far.
    seen: std::collections::HashMap<u64, bool>,
}

/// The server and the member of a [`Sight`].
enum Who {
    /// Not read yet.
    Unread,
    /// Read.
    Read(Box<serenity::PartialGuild>, Box<serenity::Member>),
    /// Could not be read (nothing is seen).
    Unreadable,
}

impl<'a> Sight<'a> {
    /// Nothing read yet of what `member` sees in `guild`.
    #[must_use]
    pub fn new(http: &'a serenity::Http, guild: u64, member: u64) -> Self {
        Self {
            http,
            cache: None,
            known: None,
            guild: serenity::GuildId::new(guild),
            member: serenity::UserId::new(member),
            who: Who::Unread,
            channels: std::collections::HashMap::new(),
            seen: std::collections::HashMap::new(),
        }
    }

    /// Reads the server and its channels from `cache` where it holds them, and takes the
    /// member as `member` says (an interaction's, with their roles) instead of asking Discord.
    #[must_use]
    pub fn cached(mut self, cache: &'a serenity::Cache, member: Option<serenity::Member>) -> Self {
        self.cache = Some(cache);
        self.known = member;
        self
    }

    /// Whether the member sees `channel` (see [`can_view`]).
    pub async fn sees(&mut self, channel: u64) -> bool {
        if let Some(&seen) = self.seen.get(&channel) {
            return seen;
        }
        let seen = self.read(channel).await.unwrap_or_else(|e| {
            crate::bot::kit::metrics::discord_error(&e);
            tracing::info!(guild = self.guild.get(), channel, member = self.member.get(), error = %e, "could not tell whether a member sees a channel");
            false
        });
        self.seen.insert(channel, seen);
        seen
    }

    async fn read(&mut self, channel: u64) -> Result<bool, serenity::Error> {
        let Some(mut seen) = self.channel(channel).await? else {
            return Ok(false);
        };
        match seen.kind {
            serenity::ChannelType::PrivateThread => return Ok(false),
            serenity::ChannelType::PublicThread | serenity::ChannelType::NewsThread => {
                let parent = seen.parent_id.map(serenity::ChannelId::get);
                match parent {
                    Some(parent) => match self.channel(parent).await? {
                        Some(p) => seen = p,
                        None => return Ok(false),
                    },
                    None => return Ok(false),
                }
            }
            _ => {}
        }
        if seen.guild_id != self.guild {
            return Ok(false);
        }
        if let (Some(cache), Some(member)) = (self.cache, &self.known)
            && let Some(server) = cache.guild(self.guild)
        {
            return Ok(server.user_permissions_in(&seen, member).view_channel());
        }
        if matches!(self.who, Who::Unread) {
            let known = self.known.clone();
            let read = async {
                let server = self.http.get_guild(self.guild).await?;
                let member = match known {
                    Some(member) => member,
                    None => self.http.get_member(self.guild, self.member).await?,
                };
                Ok::<_, serenity::Error>((server, member))
            };
            match read.await {
                Ok((server, member)) => self.who = Who::Read(Box::new(server), Box::new(member)),
                Err(e) => {
                    self.who = Who::Unreadable;
                    return Err(e);
                }
            }
        }
        Ok(match &self.who {
            Who::Read(server, member) => server.user_permissions_in(&seen, member).view_channel(),
            Who::Unread | Who::Unreadable => false,
        })
    }

    /// The server channel `id` (`None`: not one).
    async fn channel(
        &mut self,
        id: u64,
    ) -> Result<Option<serenity::GuildChannel>, serenity::Error> {
        if let Some(known) = self.channels.get(&id) {
            return Ok(known.clone());
        }
        let wanted = serenity::ChannelId::new(id);
        let cached = self.cache.and_then(|cache| {
            let server = cache.guild(self.guild)?;
            server
                .channels
                .get(&wanted)
                .or_else(|| server.threads.iter().find(|t| t.id == wanted))
                .cloned()
        });
        if let Some(cached) = cached {
            self.channels.insert(id, Some(cached.clone()));
            return Ok(Some(cached));
        }
        let read = self
            .http
            .get_channel(serenity::ChannelId::new(id))
            .await?
            .guild();
        self.channels.insert(id, read.clone());
        Ok(read)
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
        assert!(
            url.ends_with("permissions=309237697536&integration_type=0"),
            "{url}"
        );
        let mine = user_install_url(42);
        assert!(mine.contains("client_id=42"), "{mine}");
        assert!(mine.contains("scope=applications.commands&"), "{mine}");
        assert!(
            !mine.contains("bot") && !mine.contains("permissions"),
            "{mine}"
        );
        assert!(mine.ends_with("integration_type=1"), "{mine}");
    }
}
