//! JSON shapes of Discord objects as the fake sends them. Each builder produces what Discord
//! would, with every field serenity insists on; `validate` checks them against serenity's model.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::fake::{Channel, User};
use super::world::{ChannelInfo, Role, overwrite_json};

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

/// Permission bits (topics/permissions, "Bitwise Permission Flags").
pub mod perm {
    /// `ADMINISTRATOR`.
    pub const ADMINISTRATOR: u64 = 1 << 3;
    /// `MANAGE_GUILD` (Manage Server).
    pub const MANAGE_GUILD: u64 = 1 << 5;
    /// `VIEW_CHANNEL`.
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    /// `SEND_MESSAGES`.
    pub const SEND_MESSAGES: u64 = 1 << 11;
    /// `EMBED_LINKS`.
    pub const EMBED_LINKS: u64 = 1 << 14;
    /// `ATTACH_FILES`.
    pub const ATTACH_FILES: u64 = 1 << 15;
    /// `MENTION_EVERYONE`.
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    /// `USE_EXTERNAL_EMOJIS`.
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    /// `USE_APPLICATION_COMMANDS`.
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    /// `MANAGE_THREADS`.
    pub const MANAGE_THREADS: u64 = 1 << 34;
    /// `CREATE_PUBLIC_THREADS`.
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    /// `CREATE_PRIVATE_THREADS`.
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    /// `SEND_MESSAGES_IN_THREADS`.
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    /// `USE_EXTERNAL_APPS`: without it (and with the app not installed to the server) a
    /// user-installed app's responses are ephemeral.
    pub const USE_EXTERNAL_APPS: u64 = 1 << 50;
    /// Every bit Discord documents, 0 to 52 but the retired 47 (what an owner or an
    /// administrator has).
    pub const ALL: u64 = ((1 << 53) - 1) & !(1 << 47);
    /// `app_permissions` in (G)DMs with other users (interactions docs, footnote on
    /// `app_permissions`).
    pub const PRIVATE_CHANNEL_APP: u64 = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE;
}

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

/// Checks a gateway dispatch `name` with data `data` as serenity reads it: the event's own
/// type first (a loud error), then the whole frame, which must not fall back to serenity's
/// `Unknown` event (an event name serenity does not know, or a field it misses, is dropped
/// silently).
pub fn validate_dispatch(name: &str, data: &Value) {
    use serenity::all::{
        ChannelCreateEvent, ChannelUpdateEvent, GuildCreateEvent, GuildDeleteEvent,
        GuildRoleCreateEvent, GuildRoleUpdateEvent, ThreadCreateEvent, ThreadDeleteEvent,
        ThreadUpdateEvent,
    };
    match name {
        "GUILD_CREATE" => drop(validate::<GuildCreateEvent>(name, data)),
        "GUILD_DELETE" => drop(validate::<GuildDeleteEvent>(name, data)),
        "CHANNEL_CREATE" => drop(validate::<ChannelCreateEvent>(name, data)),
        "CHANNEL_UPDATE" => drop(validate::<ChannelUpdateEvent>(name, data)),
        "GUILD_ROLE_CREATE" => drop(validate::<GuildRoleCreateEvent>(name, data)),
        "GUILD_ROLE_UPDATE" => drop(validate::<GuildRoleUpdateEvent>(name, data)),
        "THREAD_CREATE" => drop(validate::<ThreadCreateEvent>(name, data)),
        "THREAD_UPDATE" => drop(validate::<ThreadUpdateEvent>(name, data)),
        "THREAD_DELETE" => drop(validate::<ThreadDeleteEvent>(name, data)),
        other => panic!("the fake has no model of the {other} event"),
    }
    let frame = json!({"op": 0, "s": 2, "t": name, "d": data});
    if let serenity::all::GatewayEvent::Dispatch(_, serenity::all::Event::Unknown(_)) =
        validate::<serenity::all::GatewayEvent>(name, &frame)
    {
        panic!("serenity reads the fake's {name} as an unknown event and would drop it: {frame}");
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

/// A guild member as sent inside an interaction (with `permissions`) or by
/// `GET /guilds/{id}/members/{user}` (`permissions: None`).
pub fn member(u: &User, permissions: Option<&str>, roles: &[u64]) -> Value {
    let roles: Vec<String> = roles.iter().map(u64::to_string).collect();
    let mut m = json!({
        "user": user(u),
        "nick": null,
        "avatar": null,
        "roles": roles,
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
    });
    if let Some(p) = permissions {
        m["permissions"] = json!(p);
    }
    m
}

/// The bot as a member of a server (in `GUILD_CREATE`'s `members`).
pub fn bot_member() -> Value {
    let mut m = member(
        &User {
            id: BOT_USER_ID,
            name: BOT_NAME.to_owned(),
        },
        None,
        &[],
    );
    m["user"] = bot_user();
    m
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

/// Adds the button of a click's `data` to `message` (a message object) unless a component
/// of it has that custom id already.
pub fn carry_component(message: &mut Value, data: &Value) {
    let Some(custom_id) = data["custom_id"].as_str() else {
        return;
    };
    let carried = message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .any(|c| c["custom_id"].as_str() == Some(custom_id));
    if carried {
        return;
    }
    let row = json!({
        "type": 1,
        "components": [{"type": 2, "style": 2, "label": "…", "custom_id": custom_id}],
    });
    match message["components"].as_array_mut() {
        Some(rows) => rows.push(row),
        None => message["components"] = json!([row]),
    }
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

/// A guild channel (text channel or thread) as `GET /channels/{id}` and the thread routes
/// answer.
pub(super) fn guild_channel(id: u64, info: &ChannelInfo) -> Value {
    let guild = info.guild_id.unwrap_or(GUILD_ID);
    let mut c = json!({
        "id": id.to_string(),
        "type": info.kind,
        "guild_id": guild.to_string(),
        "name": info.name,
        "parent_id": info.parent_id.map(|p| p.to_string()),
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "nsfw": false,
        "flags": 0,
    });
    match &info.thread {
        None => {
            c["position"] = json!(0);
            c["topic"] = Value::Null;
            c["permission_overwrites"] =
                Value::Array(info.overwrites.iter().map(overwrite_json).collect());
        }
        Some(t) => {
            c["owner_id"] = json!(t.owner_id.to_string());
            c["message_count"] = json!(t.message_count);
            c["total_message_sent"] = json!(t.message_count);
            c["member_count"] = json!(1);
            let mut meta = json!({
                "archived": t.archived,
                "auto_archive_duration": t.auto_archive_duration,
                "archive_timestamp": TIMESTAMP,
                "locked": t.locked,
                "create_timestamp": TIMESTAMP,
            });
            if info.kind == super::world::kind::PRIVATE_THREAD {
                meta["invitable"] = json!(t.invitable);
            }
            c["thread_metadata"] = meta;
            if t.by_bot {
                // The creator is a member; Get Channel includes the caller's thread member.
                c["member"] = json!({
                    "id": id.to_string(),
                    "user_id": BOT_USER_ID.to_string(),
                    "join_timestamp": TIMESTAMP,
                    "flags": 0,
                });
            }
        }
    }
    c
}

/// The partial channel inside an interaction (`channel`), with the invoking member's
/// `permissions` in guilds.
pub(super) fn interaction_channel(id: u64, info: &ChannelInfo, permissions: &str) -> Value {
    let mut c = json!({ "id": id.to_string(), "type": info.kind });
    if let Some(g) = info.guild_id {
        c["guild_id"] = json!(g.to_string());
        c["name"] = json!(info.name);
        c["permissions"] = json!(permissions);
        c["nsfw"] = json!(false);
        if let Some(p) = info.parent_id {
            c["parent_id"] = json!(p.to_string());
        }
        if info.thread.is_some() {
            let full = guild_channel(id, info);
            c["thread_metadata"] = full["thread_metadata"].clone();
        }
    } else if info.kind == super::world::kind::GROUP_DM {
        c["name"] = Value::Null;
        c["recipients"] = json!([]);
    }
    c
}

/// A role object.
pub fn role(r: &Role, position: usize) -> Value {
    json!({
        "id": r.id.to_string(),
        "name": r.name,
        "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": position,
        "permissions": r.permissions.to_string(),
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

/// `GUILD_CREATE`'s data (gateway-events, Guild Create and its Extra Fields): the guild
/// of [`guild`] with `channels` (no threads), the active `threads`, and `members` (with
/// only the `GUILDS` intent, the bot asks for neither `GUILD_PRESENCES` nor
/// `GUILD_MEMBERS`, so Discord sends the bot's own member and those in voice channels:
/// none here); `member_count` counts everyone.
pub fn guild_create(
    id: u64,
    name: &str,
    owner_id: u64,
    roles: &[Role],
    channels: Vec<Value>,
    threads: Vec<Value>,
    member_count: usize,
) -> Value {
    let mut g = guild(id, name, owner_id, roles);
    g["joined_at"] = json!(TIMESTAMP);
    g["large"] = json!(false);
    g["unavailable"] = json!(false);
    g["member_count"] = json!(member_count);
    g["voice_states"] = json!([]);
    g["members"] = json!([bot_member()]);
    g["channels"] = Value::Array(channels);
    g["threads"] = Value::Array(threads);
    g["presences"] = json!([]);
    g["stage_instances"] = json!([]);
    g["guild_scheduled_events"] = json!([]);
    g["soundboard_sounds"] = json!([]);
    g
}

/// `GET /guilds/{id}`: the guild with its owner and roles.
pub fn guild(id: u64, name: &str, owner_id: u64, roles: &[Role]) -> Value {
    let roles: Vec<Value> = roles.iter().enumerate().map(|(i, r)| role(r, i)).collect();
    json!({
        "id": id.to_string(),
        "name": name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": owner_id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": roles,
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500_000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
    })
}
