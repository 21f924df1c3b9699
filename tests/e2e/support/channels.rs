//! REST routes about places: threads (start, edit), `GET /channels/{id}`, and the guild
//! reads a bot needs to work out who can see a channel (guild, roles, member).

use serde_json::{Value, json};

use super::fake::{SentKind, State as FakeState};
use super::payloads::{self, GUILD_ID, validate};
use super::rest::{Body, Outcome, error, record};
use super::world::kind;

/// The auto-archive durations Discord accepts, in minutes.
const ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];

/// `POST /channels/{id}/messages/{id}/threads` (with `message`) or `POST /channels/{id}/threads`.
pub fn start_thread(
    st: &mut FakeState,
    channel: u64,
    message: Option<u64>,
    body: &Body,
) -> Outcome {
    let info = st.channel_info(channel);
    if !info.bot_member {
        return error(403, 50001, "Missing Access");
    }
    if info.guild_id.is_none() || info.is_thread() {
        return error(400, 50024, "Cannot execute action on this channel type");
    }
    if info.refuse_threads {
        return error(403, 50013, "Missing Permissions");
    }
    let request = &body.json;
    let name = request["name"].as_str().unwrap_or_default();
    if !(1..=100).contains(&name.chars().count()) {
        return error(400, 50035, "Invalid Form Body: name");
    }
    let duration = match request["auto_archive_duration"].as_u64() {
        None => 1440,
        Some(d) if ARCHIVE_DURATIONS.contains(&d) => d,
        Some(_) => return error(400, 50035, "Invalid Form Body: auto_archive_duration"),
    };
    let parent = st.channel_of(channel);
    let (id, thread_kind, type_requested) = if let Some(message) = message {
        if st.message_channel.get(&message).map(|c| c.id) != Some(channel)
            || !st.messages.contains_key(&message)
        {
            return error(404, 10008, "Unknown Message");
        }
        if st.channels.contains_key(&message) {
            return error(
                400,
                160_004,
                "A thread has already been created for this message",
            );
        }
        // The thread takes the message's id; from a text channel it is public.
        (message, kind::PUBLIC_THREAD, None)
    } else {
        let requested = request["type"].as_u64();
        // Without `type`, Discord makes a private thread (channel docs, Start Thread
        // without Message).
        let thread_kind = requested.unwrap_or(kind::PRIVATE_THREAD);
        if ![kind::PUBLIC_THREAD, kind::PRIVATE_THREAD].contains(&thread_kind) {
            return error(400, 50035, "Invalid Form Body: type");
        }
        (st.new_id(), thread_kind, requested)
    };
    let mut object = st.create_thread(
        id,
        parent,
        name,
        thread_kind,
        message,
        duration,
        true,
        type_requested,
    );
    if thread_kind == kind::PRIVATE_THREAD
        && let Some(invitable) = request["invitable"].as_bool()
    {
        if let Some(t) = st.channels.get_mut(&id).and_then(|c| c.thread.as_mut()) {
            t.invitable = invitable;
        }
        object = st.channel_object(id);
    }
    validate::<serenity::all::GuildChannel>("thread", &object);
    st.announce_channel(id, true);
    if let Some(message) = message
        && let Some(stored) = st.messages.get_mut(&message)
    {
        // The starter message now names its thread.
        stored["thread"] = object.clone();
        validate::<serenity::all::Message>("message", stored);
    }
    record(
        st,
        SentKind::CreateThread,
        None,
        Some(channel),
        Some(id),
        false,
        &Value::Null,
        body,
    );
    (201, Some(object))
}

/// `GET /channels/{id}`: a channel the fake knows (one made by a helper, one an interaction
/// came from, a thread, the bot's DM); 404 / 10003 for others, 403 / 50001 where the bot is
/// not a member.
pub fn get_channel(st: &mut FakeState, channel: u64) -> Outcome {
    if !st.channels.contains_key(&channel) && !st.user_by_dm.contains_key(&channel) {
        return error(404, 10003, "Unknown Channel");
    }
    if !st.channel_info(channel).bot_member {
        return error(403, 50001, "Missing Access");
    }
    let object = st.channel_object(channel);
    validate::<serenity::all::Channel>("channel", &object);
    (200, Some(object))
}

/// `PATCH /channels/{id}` on a thread (`archived`, `locked`, `name`,
/// `auto_archive_duration`); `None` for other channels (not modelled).
pub fn edit_thread(st: &mut FakeState, channel: u64, body: &Body) -> Option<Outcome> {
    let info = st.channels.get(&channel)?.clone();
    let thread = info.thread.clone()?;
    if !info.bot_member {
        return Some(error(403, 50001, "Missing Access"));
    }
    let request = &body.json;
    let archived = request["archived"].as_bool();
    let locked = request["locked"].as_bool();
    let manage = st.manage_threads;
    // Changes to an archived thread need the same request to unarchive it.
    if thread.archived && archived != Some(false) && request_changes_more_than_archived(request) {
        return Some(error(400, 50083, "Thread is archived"));
    }
    if locked.is_some_and(|l| l != thread.locked) && !manage {
        return Some(error(403, 50013, "Missing Permissions"));
    }
    let will_lock = locked.unwrap_or(thread.locked);
    match archived {
        Some(true) if !(thread.by_bot || manage) => {
            return Some(error(403, 50013, "Missing Permissions"));
        }
        Some(false) if will_lock && !manage => {
            return Some(error(403, 50013, "Missing Permissions"));
        }
        _ => {}
    }
    if let Some(d) = request["auto_archive_duration"].as_u64()
        && !ARCHIVE_DURATIONS.contains(&d)
    {
        return Some(error(
            400,
            50035,
            "Invalid Form Body: auto_archive_duration",
        ));
    }
    let stored = st.channels.get_mut(&channel)?;
    if let Some(name) = request["name"].as_str() {
        name.clone_into(&mut stored.name);
    }
    let t = stored.thread.as_mut()?;
    if let Some(a) = archived {
        t.archived = a;
    }
    t.locked = will_lock;
    if let Some(d) = request["auto_archive_duration"].as_u64() {
        t.auto_archive_duration = d;
    }
    let object = st.channel_object(channel);
    validate::<serenity::all::GuildChannel>("thread", &object);
    st.announce_channel(channel, false);
    record(
        st,
        SentKind::EditChannel,
        None,
        Some(channel),
        None,
        false,
        &Value::Null,
        body,
    );
    Some((200, Some(object)))
}

/// `DELETE /channels/{id}` (Delete/Close Channel, `resources/channel.mdx`): a thread needs
/// Manage Threads, which the bot lacks unless [`super::fake::FakeDiscord::grant_manage_threads`];
/// any other server channel needs Manage Channels, which the bot never has here (ours:
/// the invite does not ask for it). Answers the channel as it was; the thread is gone.
pub fn delete_channel(st: &mut FakeState, channel: u64, body: &Body) -> Outcome {
    let Some(info) = st.channels.get(&channel).cloned() else {
        return error(404, 10003, "Unknown Channel");
    };
    if !info.bot_member {
        return error(403, 50001, "Missing Access");
    }
    if info.guild_id.is_none() || !info.is_thread() || !st.manage_threads {
        return error(403, 50013, "Missing Permissions");
    }
    let object = st.channel_object(channel);
    validate::<serenity::all::GuildChannel>("thread", &object);
    st.channels.remove(&channel);
    if let (Some(guild), Some(parent)) = (info.guild_id, info.parent_id) {
        st.announce(
            "THREAD_DELETE",
            guild,
            json!({
                "id": channel.to_string(),
                "guild_id": guild.to_string(),
                "parent_id": parent.to_string(),
                "type": info.kind,
            }),
        );
    }
    record(
        st,
        SentKind::DeleteChannel,
        None,
        Some(channel),
        None,
        false,
        &Value::Null,
        body,
    );
    (200, Some(object))
}

fn request_changes_more_than_archived(request: &Value) -> bool {
    request
        .as_object()
        .is_some_and(|m| m.keys().any(|k| k != "archived"))
}

/// Whether the fake knows guild `id` (the default guild always; others once a helper or an
/// interaction named them). Other ids stay unknown routes, recorded as unexpected.
fn known_guild(st: &FakeState, id: u64) -> bool {
    id == GUILD_ID || st.guilds.contains_key(&id)
}

/// `GET /guilds/{id}`.
pub fn get_guild(st: &mut FakeState, id: u64) -> Option<Outcome> {
    if !known_guild(st, id) {
        return None;
    }
    let guild = st.guild_mut(id).clone();
    if !guild.bot_member {
        return Some(error(403, 50001, "Missing Access"));
    }
    let object = payloads::guild(id, &guild.name, guild.owner_id, &guild.roles);
    validate::<serenity::all::PartialGuild>("guild", &object);
    Some((200, Some(object)))
}

/// `GET /guilds/{id}/roles`.
pub fn get_roles(st: &mut FakeState, id: u64) -> Option<Outcome> {
    if !known_guild(st, id) {
        return None;
    }
    let guild = st.guild_mut(id).clone();
    if !guild.bot_member {
        return Some(error(403, 50001, "Missing Access"));
    }
    let roles = Value::Array(
        guild
            .roles
            .iter()
            .enumerate()
            .map(|(i, r)| payloads::role(r, i))
            .collect(),
    );
    validate::<Vec<serenity::all::Role>>("role list", &roles);
    Some((200, Some(roles)))
}

/// `GET /guilds/{id}/members/{user}`: every user the fake made is a member of every guild it
/// knows.
pub fn get_member(st: &mut FakeState, id: u64, user: u64) -> Option<Outcome> {
    if !known_guild(st, id) {
        return None;
    }
    let guild = st.guild_mut(id).clone();
    if !guild.bot_member {
        return Some(error(403, 50001, "Missing Access"));
    }
    let Some(u) = st.users.get(&user).cloned() else {
        return Some(error(404, 10007, "Unknown Member"));
    };
    let mut object = payloads::member(&u, None, &guild.roles_of(user));
    object["guild_id"] = json!(id.to_string());
    validate::<serenity::all::Member>("member", &object);
    Some((200, Some(object)))
}

/// `GET /guilds/{id}/threads/active` (List Active Guild Threads, `resources/guild.mdx`):
/// every thread of the guild that is not archived, public and private, ordered by id,
/// descending, and a thread member for each one the bot has joined (here: made).
pub fn active_threads(st: &mut FakeState, id: u64) -> Option<Outcome> {
    if !known_guild(st, id) {
        return None;
    }
    if !st.guild_mut(id).bot_member {
        return Some(error(403, 50001, "Missing Access"));
    }
    let mut ids: Vec<u64> = st
        .channels
        .iter()
        .filter(|(_, c)| c.guild_id == Some(id) && c.thread.as_ref().is_some_and(|t| !t.archived))
        .map(|(cid, _)| *cid)
        .collect();
    ids.sort_unstable_by(|a, b| b.cmp(a));
    let mut threads = Vec::new();
    let mut members = Vec::new();
    for cid in ids {
        let mut object = st.channel_object(cid);
        // The bot's thread members come apart, in `members`.
        if let Some(member) = object.as_object_mut().and_then(|o| o.remove("member")) {
            members.push(member);
        }
        threads.push(object);
    }
    let answer = json!({ "threads": threads, "members": members });
    validate::<serenity::all::ThreadsData>("active thread list", &answer);
    Some((200, Some(answer)))
}
