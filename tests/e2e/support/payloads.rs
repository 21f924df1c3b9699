//! JSON shapes of Discord objects as the fake sends them. Each builder produces what Discord
//! would, with every field serenity insists on; `validate` checks them against serenity's model.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::fake::{Channel, User};

/// Application id the fake reports in READY (Discord uses the bot user's id).
pub const APP_ID: u64 = 1_100_000_000_000_000_001;
/// The bot user's id.
pub const BOT_USER_ID: u64 = APP_ID;
/// The bot user's name.
pub const BOT_NAME: &str = "Broadside";
/// Default guild id, passed to the bot as `DEV_GUILD_ID`.
pub const GUILD_ID: u64 = 1_200_000_000_000_000_001;
/// A fixed time stamp for every object.
pub const TIMESTAMP: &str = "2025-01-01T12:00:00.000000+00:00";
/// Permissions of ordinary members (view, send, read history, use application commands...).
pub const MEMBER_PERMISSIONS: &str = "2248473465835073";
/// What the fake reports as the bot's permissions in a guild channel.
pub const APP_PERMISSIONS: &str = "2248473465835073";
/// Upload limit reported in interactions (10 MiB).
pub const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

/// Deserializes `value` as `T`, panicking loudly with the payload if serenity rejects it.
pub fn validate<T: DeserializeOwned>(what: &str, value: &Value) -> T {
    match serde_json::from_value::<T>(value.clone()) {
        Ok(v) => v,
        Err(e) => panic!(
            "the fake built a {what} that serenity cannot read ({e}); serenity would drop it \
             silently:\n{}",
            serde_json::to_string_pretty(value).unwrap_or_default()
        ),
    }
}

/// A user object.
pub fn user(u: &User) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": null,
        "bot": false,
        "public_flags": 0,
    })
}

/// The bot's own user object.
pub fn bot_user() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": BOT_NAME,
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
    })
}

/// A guild member as sent inside an interaction.
pub fn member(u: &User, permissions: &str) -> Value {
    json!({
        "user": user(u),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions,
    })
}

/// A partial member as found in `data.resolved.members` (without the user).
pub fn resolved_member(permissions: &str) -> Value {
    json!({
        "nick": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions,
    })
}

/// The gateway READY event data.
pub fn ready(session: &str, resume_url: &str) -> Value {
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": [{ "id": GUILD_ID.to_string(), "unavailable": true }],
        "session_id": session,
        "resume_gateway_url": resume_url,
        "shard": [0, 1],
        "application": { "id": APP_ID.to_string(), "flags": 0 },
        "private_channels": [],
    })
}

/// `GET /oauth2/applications/@me`.
pub fn application_info() -> Value {
    json!({
        "id": APP_ID.to_string(),
        "name": BOT_NAME,
        "icon": null,
        "description": "A fake application on loopback",
        "bot_public": false,
        "bot_require_code_grant": false,
        "owner": {
            "id": "1000000000000000001", "username": "owner", "discriminator": "0",
            "global_name": "Owner", "avatar": null,
        },
        "verify_key": "00",
        "team": null,
        "flags": 0,
    })
}

/// A DM channel with `recipient`.
pub fn dm_channel(id: u64, recipient: &User) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [user(recipient)],
    })
}

/// A message by the bot.
pub fn message(id: u64, channel: &Channel, flags: u64) -> Value {
    let mut m = json!({
        "id": id.to_string(),
        "channel_id": channel.id.to_string(),
        "author": bot_user(),
        "content": "",
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": false,
        "type": 0,
        "flags": flags,
    });
    if let Some(g) = channel.guild_id {
        m["guild_id"] = json!(g.to_string());
    }
    m
}

/// An attachment object for a stored file.
pub fn attachment(id: u64, filename: &str, size: usize, base: &str) -> Value {
    let url = format!("{base}/attachments/{id}/{filename}");
    json!({
        "id": id.to_string(),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
    })
}
