//! The permissions the bot needs in a match channel: one list, used both to check a
//! channel at `/challenge` and to build the invite link (`broadside invite-url`).

use poise::serenity_prelude as serenity;
use serenity::Permissions as P;

/// Every permission the bot uses, in a text channel or a thread: what the invite asks for.
pub const INVITE: P = P::VIEW_CHANNEL
    .union(P::SEND_MESSAGES)
    .union(P::SEND_MESSAGES_IN_THREADS)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_asks_for_exactly_what_the_channels_need() {
        // Discord's documented bits: View Channel 10, Send Messages 11, Embed Links 14,
        // Attach Files 15, Send Messages in Threads 38.
        let expected: u64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 38);
        assert_eq!(INVITE.bits(), expected);
        assert_eq!(expected, 274_877_959_168);
        let mut everything = P::empty();
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
        assert!(url.ends_with("permissions=274877959168"), "{url}");
    }
}
