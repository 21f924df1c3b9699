//! The fake REST API under `/api/v10`.

use std::time::Duration;

use axum::extract::{FromRequest, Multipart, Request as HttpRequest, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::fake::{
    Attachment, Channel, FakeDiscord, FaultAction, Request, Scope, Sent, SentKind,
    State as FakeState, User,
};
use super::payloads::{self, APP_ID, validate};

const PREFIX: &str = "/api/v10/";

/// A parsed request body.
pub(super) struct Body {
    pub json: Value,
    pub files: Vec<Attachment>,
}

/// What a route handler produces: status and JSON body (`None` → 204).
pub(super) type Outcome = (u16, Option<Value>);

pub(super) fn error(status: u16, code: u64, message: &str) -> Outcome {
    (status, Some(json!({ "code": code, "message": message })))
}

async fn read_body(req: HttpRequest) -> Result<Body, String> {
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if is_multipart {
        let mut form = Multipart::from_request(req, &())
            .await
            .map_err(|e| format!("bad multipart: {e}"))?;
        let mut json = Value::Null;
        let mut files = Vec::new();
        while let Some(field) = form.next_field().await.map_err(|e| e.to_string())? {
            let name = field.name().unwrap_or_default().to_owned();
            let filename = field.file_name().map(str::to_owned);
            let bytes = field.bytes().await.map_err(|e| e.to_string())?;
            if name == "payload_json" {
                json = serde_json::from_slice(&bytes).map_err(|e| format!("payload_json: {e}"))?;
            } else if name.starts_with("files[") {
                files.push(Attachment {
                    filename: filename.unwrap_or(name),
                    bytes: bytes.to_vec(),
                });
            } else {
                return Err(format!("unexpected multipart field {name:?}"));
            }
        }
        Ok(Body { json, files })
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), usize::MAX)
            .await
            .map_err(|e| e.to_string())?;
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).map_err(|e| format!("bad JSON body: {e}"))?
        };
        Ok(Body {
            json,
            files: Vec::new(),
        })
    }
}

pub async fn handle(State(fake): State<FakeDiscord>, req: HttpRequest) -> Response {
    let method = req.method().as_str().to_owned();
    let full_path = req.uri().path().to_owned();
    let body = match read_body(req).await {
        Ok(b) => b,
        Err(e) => {
            eprintln!("fake Discord: {method} {full_path}: {e}");
            Body {
                json: json!({ "unreadable": e }),
                files: Vec::new(),
            }
        }
    };
    let path = full_path.strip_prefix(PREFIX).map(str::to_owned);
    let fault = injected_fault(
        &fake,
        &method,
        path.as_deref().unwrap_or(&full_path),
        !body.files.is_empty(),
    );
    let lost_answer = match fault {
        Some(FaultAction::StatusAfter(status)) => Some(status),
        _ => None,
    };
    if let Some(FaultAction::Delay(by)) = &fault {
        tokio::time::sleep(*by).await;
    }
    if let Some(action) =
        fault.filter(|a| !matches!(a, FaultAction::StatusAfter(_) | FaultAction::Delay(_)))
    {
        {
            let mut st = fake.inner.lock();
            let status = match action {
                FaultAction::Status(status, _) | FaultAction::StatusAfter(status) => status,
                FaultAction::Hang | FaultAction::Delay(_) => 0,
            };
            st.rec.requests.push(Request {
                method: method.clone(),
                path: path.clone().unwrap_or_else(|| full_path.clone()),
                body: body.json.clone(),
                status,
            });
        }
        fake.inner.bump();
        match action {
            FaultAction::Status(status, code) => {
                let (s, reply) = error(status, code, "injected failure");
                let status = StatusCode::from_u16(s).expect("valid status");
                return (status, axum::Json(reply)).into_response();
            }
            FaultAction::Hang => {
                // Never answer: the bot's own timeout has to give up.
                std::future::pending::<()>().await;
            }
            FaultAction::StatusAfter(_) | FaultAction::Delay(_) => {}
        }
    }
    let (status, reply, known) = {
        let mut st = fake.inner.lock();
        if let Some((status, reply)) = path
            .as_deref()
            .and_then(|p| route(&fake, &mut st, &method, p, &body))
        {
            (status, reply, true)
        } else {
            eprintln!("fake Discord: unknown route {method} {full_path}");
            let (s, r) = error(404, 0, "404: Not Found (unknown route in the fake)");
            (s, r, false)
        }
    };
    {
        let mut st = fake.inner.lock();
        let request = Request {
            method,
            path: path.unwrap_or(full_path),
            body: body.json,
            status,
        };
        if !known {
            st.rec.unexpected.push(request.clone());
        }
        st.rec.requests.push(request);
    }
    fake.inner.bump();
    if let Some(lost) = lost_answer {
        let (s, reply) = error(lost, 0, "injected failure after the work was done");
        let status = StatusCode::from_u16(s).expect("valid status");
        return (status, axum::Json(reply)).into_response();
    }
    let status = StatusCode::from_u16(status).expect("valid status");
    match reply {
        Some(v) => (status, axum::Json(v)).into_response(),
        None => status.into_response(),
    }
}

/// The injected fault for this request, if one matches (and counts it down).
fn injected_fault(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    has_files: bool,
) -> Option<FaultAction> {
    let mut st = fake.inner.lock();
    let i = st.faults.iter().position(|f| {
        f.method.as_deref().is_none_or(|m| m == method)
            && path.contains(&f.path_contains)
            && f.remaining != Some(0)
            && (has_files || !f.files_only)
    })?;
    let fault = &mut st.faults[i];
    if let Some(n) = &mut fault.remaining {
        *n -= 1;
    }
    Some(fault.action.clone())
}

/// Routes one request; `None` for unknown routes.
fn route(
    fake: &FakeDiscord,
    st: &mut FakeState,
    method: &str,
    path: &str,
    body: &Body,
) -> Option<Outcome> {
    let segments: Vec<&str> = path.split('/').collect();
    let base = fake.base_url();
    let outcome = match (method, segments.as_slice()) {
        ("GET", ["gateway"] | ["gateway", "bot"]) => (
            200,
            Some(json!({
                "url": format!("ws://{}/gateway", fake.inner.addr),
                "shards": st.recommended_shards.max(1),
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                },
            })),
        ),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            let info = payloads::application_info();
            validate::<serenity::all::CurrentApplicationInfo>("application info", &info);
            (200, Some(info))
        }
        ("PUT", ["applications", app, "commands"]) => register(st, app, Scope::Global, &body.json),
        ("PUT", ["applications", app, "guilds", guild, "commands"]) => {
            let guild = guild.parse().ok()?;
            register(st, app, Scope::Guild(guild), &body.json)
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(st, fake.inner.callback_deadline, id, token, body, &base)
        }
        ("POST", ["webhooks", app, token]) if *app == APP_ID.to_string() => {
            followup(st, token, body, &base)
        }
        ("GET" | "PATCH" | "DELETE", ["webhooks", app, token, "messages", message])
            if *app == APP_ID.to_string() =>
        {
            interaction_message(st, method, token, message, body, &base)
        }
        ("POST", ["users", "@me", "channels"]) => {
            let Some(user_id) = body.json["recipient_id"]
                .as_str()
                .and_then(|s| s.parse::<u64>().ok())
                .or_else(|| body.json["recipient_id"].as_u64())
            else {
                return Some(error(400, 50035, "Invalid Form Body: recipient_id"));
            };
            let id = dm_channel_id(st, user_id);
            let user = st.users.get(&user_id).cloned().unwrap_or_else(|| User {
                id: user_id,
                name: format!("user{user_id}"),
            });
            let channel = payloads::dm_channel(id, &user);
            validate::<serenity::all::PrivateChannel>("DM channel", &channel);
            (200, Some(channel))
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().ok()?;
            channel_message(st, channel, body, &base)
        }
        ("POST", ["channels", channel, "messages", message, "threads"]) => {
            let channel: u64 = channel.parse().ok()?;
            let message: u64 = message.parse().ok()?;
            super::channels::start_thread(st, channel, Some(message), body)
        }
        ("POST", ["channels", channel, "threads"]) => {
            let channel: u64 = channel.parse().ok()?;
            super::channels::start_thread(st, channel, None, body)
        }
        ("GET", ["channels", channel]) => {
            let channel: u64 = channel.parse().ok()?;
            super::channels::get_channel(st, channel)
        }
        ("PATCH", ["channels", channel]) => {
            let channel: u64 = channel.parse().ok()?;
            super::channels::edit_thread(st, channel, body)?
        }
        ("DELETE", ["channels", channel]) => {
            let channel: u64 = channel.parse().ok()?;
            super::channels::delete_channel(st, channel, body)
        }
        ("GET", ["guilds", guild]) => super::channels::get_guild(st, guild.parse().ok()?)?,
        ("GET", ["guilds", guild, "threads", "active"]) => {
            super::channels::active_threads(st, guild.parse().ok()?)?
        }
        ("GET", ["guilds", guild, "roles"]) => super::channels::get_roles(st, guild.parse().ok()?)?,
        ("GET", ["guilds", guild, "members", user]) => {
            super::channels::get_member(st, guild.parse().ok()?, user.parse().ok()?)?
        }
        ("PATCH" | "DELETE", ["channels", channel, "messages", message]) => {
            let channel: u64 = channel.parse().ok()?;
            let message: u64 = message.parse().ok()?;
            edit_channel_message(st, method, channel, message, body, &base)
        }
        _ => return None,
    };
    Some(outcome)
}

fn register(st: &mut FakeState, app: &str, scope: Scope, commands: &Value) -> Outcome {
    if app != APP_ID.to_string() {
        return error(404, 10002, "Unknown Application");
    }
    if st.fail_registration {
        return error(400, 50035, "Invalid Form Body (the fake was told to fail)");
    }
    let Some(list) = commands.as_array() else {
        return error(400, 50035, "Invalid Form Body: expected an array");
    };
    let mut echoed = Vec::new();
    for command in list {
        let name = command["name"].as_str().unwrap_or_default().to_owned();
        let id = if let Some(id) = st.command_ids.get(&name) {
            *id
        } else {
            let id = st.new_id();
            st.command_ids.insert(name, id);
            id
        };
        let mut c = command.clone();
        c["id"] = json!(id.to_string());
        c["application_id"] = json!(APP_ID.to_string());
        c["version"] = json!(id.to_string());
        if c.get("type").is_none_or(Value::is_null) {
            c["type"] = json!(1);
        }
        if let Scope::Guild(g) = scope {
            c["guild_id"] = json!(g.to_string());
        }
        echoed.push(c);
    }
    let echoed = Value::Array(echoed);
    validate::<Vec<serenity::all::Command>>("command list", &echoed);
    st.rec.registrations.push(super::fake::Registration {
        scope,
        commands: commands.clone(),
    });
    (200, Some(echoed))
}

/// Creates (or reuses) the DM channel id for a user.
pub fn dm_channel_id(st: &mut FakeState, user: u64) -> u64 {
    if let Some(id) = st.dm_by_user.get(&user) {
        return *id;
    }
    let id = st.new_id();
    st.dm_by_user.insert(user, id);
    st.user_by_dm.insert(id, user);
    id
}

fn flags_of(data: &Value) -> u64 {
    data["flags"].as_u64().unwrap_or(0)
}

/// Applies the message fields of `data` (content, embeds, components, files) to `message`.
fn apply(st: &mut FakeState, message: &mut Value, data: &Value, files: &[Attachment], base: &str) {
    for field in ["content", "embeds", "components"] {
        if let Some(v) = data.get(field).filter(|v| !v.is_null()) {
            message[field] = v.clone();
        }
    }
    if !files.is_empty() {
        let list: Vec<Value> = files
            .iter()
            .map(|f| payloads::attachment(st.new_id(), &f.filename, f.bytes.len(), base))
            .collect();
        message["attachments"] = Value::Array(list);
    } else if let Some(kept) = data.get("attachments").and_then(Value::as_array) {
        // Edits list the attachments to keep by id; an empty list removes all.
        if kept.is_empty() {
            message["attachments"] = json!([]);
        }
    }
}

/// Stores a new message in `channel` and returns its id and object.
pub(super) fn create_message(
    st: &mut FakeState,
    channel: Channel,
    data: &Value,
    files: &[Attachment],
    base: &str,
) -> (u64, Value) {
    let id = st.new_id();
    let mut message = payloads::message(id, &channel, flags_of(data) & 64);
    apply(st, &mut message, data, files, base);
    validate::<serenity::all::Message>("message", &message);
    st.messages.insert(id, message.clone());
    st.message_channel.insert(id, channel);
    (id, message)
}

fn edit_message(
    st: &mut FakeState,
    id: u64,
    data: &Value,
    files: &[Attachment],
    base: &str,
) -> Option<Value> {
    let mut message = st.messages.get(&id)?.clone();
    apply(st, &mut message, data, files, base);
    message["edited_timestamp"] = json!(payloads::TIMESTAMP);
    validate::<serenity::all::Message>("message", &message);
    st.messages.insert(id, message.clone());
    Some(message)
}

#[expect(
    clippy::too_many_arguments,
    reason = "one flat call per route reads best here"
)]
pub(super) fn record(
    st: &mut FakeState,
    kind: SentKind,
    interaction: Option<u64>,
    channel: Option<u64>,
    message_id: Option<u64>,
    ephemeral: bool,
    data: &Value,
    body: &Body,
) {
    let list = |field: &str| data[field].as_array().cloned().unwrap_or_default();
    let elapsed = interaction
        .and_then(|id| st.pending.values().find(|p| p.id == id))
        .map(super::fake::Pending::age);
    st.rec.sent.push(Sent {
        kind,
        interaction,
        channel,
        message_id,
        ephemeral,
        flags: flags_of(data),
        content: data["content"].as_str().map(str::to_owned),
        embeds: list("embeds"),
        components: list("components"),
        attachments: body.files.clone(),
        body: body.json.clone(),
        elapsed,
    });
}

/// How long an interaction token lasts for follow-ups and edits.
const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// Follow-ups an interaction may have when the app is only user-installed.
const USER_INSTALL_FOLLOWUPS: usize = 5;

/// Checks that a message may be created (`posting`) or changed in `channel` if it is a
/// thread: an archived thread is unarchived by a post (as Discord does) but refuses edits
/// (400 / 50083); a locked one refuses the bot unless it has Manage Threads.
pub(super) fn thread_write(st: &mut FakeState, channel: u64, posting: bool) -> Result<(), Outcome> {
    let manage = st.manage_threads;
    let Some(t) = st
        .channels
        .get_mut(&channel)
        .and_then(|c| c.thread.as_mut())
    else {
        return Ok(());
    };
    if t.locked && !manage {
        return Err(if t.archived {
            error(400, 50083, "Thread is archived")
        } else {
            error(403, 50013, "Missing Permissions")
        });
    }
    if t.archived {
        if !posting {
            return Err(error(400, 50083, "Thread is archived"));
        }
        t.archived = false;
    }
    if posting {
        t.message_count += 1;
    }
    Ok(())
}

/// Refuses autocomplete choices Discord would refuse (more than 25; names or string values
/// outside 1–100 characters).
fn check_choices(data: &Value) -> Result<(), Outcome> {
    let invalid = |what: &str| Err(error(400, 50035, &format!("Invalid Form Body: {what}")));
    let Some(choices) = data["choices"].as_array() else {
        return invalid("data.choices is required");
    };
    if choices.len() > 25 {
        return invalid("data.choices: must be 25 or fewer in length");
    }
    for c in choices {
        let name = c["name"].as_str().map_or(0, |n| n.chars().count());
        if !(1..=100).contains(&name) {
            return invalid("data.choices.name: must be between 1 and 100 in length");
        }
        if let Some(v) = c["value"].as_str()
            && v.chars().count() > 100
        {
            return invalid("data.choices.value: must be 100 or fewer in length");
        }
    }
    Ok(())
}

fn callback(
    st: &mut FakeState,
    deadline: Duration,
    id: &str,
    token: &str,
    body: &Body,
    base: &str,
) -> Outcome {
    let Some(pending) = st.pending.get(token) else {
        return error(404, 10062, "Unknown interaction");
    };
    if pending.id.to_string() != id {
        return error(404, 10062, "Unknown interaction");
    }
    if pending.acknowledged {
        return error(400, 40060, "Interaction has already been acknowledged.");
    }
    if pending.age() > deadline || st.fail_callbacks {
        return error(404, 10062, "Unknown interaction (answered too late)");
    }
    let (interaction, channel, source, forced, owners) = (
        pending.id,
        pending.channel,
        pending.source_message,
        pending.forced_ephemeral,
        pending.owners.clone(),
    );
    let kind = body.json["type"].as_u64().unwrap_or(0);
    let data = body.json.get("data").cloned().unwrap_or(Value::Null);
    // Where Use External Apps is off, Discord shows every response as ephemeral.
    let stored = forced_flags(&data, forced && matches!(kind, 4 | 5));
    let ephemeral = flags_of(&stored) & 64 != 0;
    let mut message_id = None;
    if matches!(kind, 4 | 5)
        && let Err(refused) = thread_write(st, channel.id, true)
    {
        return refused;
    }
    match kind {
        4 => {
            let (mid, _) = create_message(st, channel, &stored, &body.files, base);
            message_id = Some(mid);
        }
        5 => {
            let (mid, _) = create_message(
                st,
                channel,
                &json!({ "flags": flags_of(&stored) }),
                &[],
                base,
            );
            message_id = Some(mid);
        }
        7 => {
            if let Some(source) = source {
                // A click on a message the fake never saw: start from an empty one.
                st.messages
                    .entry(source)
                    .or_insert_with(|| payloads::message(source, &channel, 0));
                edit_message(st, source, &data, &body.files, base);
                message_id = Some(source);
            }
        }
        6 => {
            // A deferred update: the message the component is on becomes the original
            // response, to be edited later (as Discord does).
            if let Some(source) = source {
                st.messages
                    .entry(source)
                    .or_insert_with(|| payloads::message(source, &channel, 0));
                message_id = Some(source);
            }
        }
        8 => {
            if let Err(refused) = check_choices(&data) {
                return refused;
            }
        }
        9 | 10 => {}
        _ => {
            return error(
                400,
                50035,
                "Invalid Form Body: unknown interaction response type",
            );
        }
    }
    let ephemeral_now = if matches!(kind, 6 | 7) {
        is_ephemeral(st, source)
    } else {
        ephemeral
    };
    let pending = st.pending.get_mut(token).expect("still there");
    pending.acknowledged = true;
    // The original response: the message created, or for an update the message the
    // component is on.
    if matches!(kind, 4..=7) {
        pending.original = message_id;
    }
    if kind == 5 {
        pending.deferred = Some(ephemeral);
    }
    keep_owners(st, kind, message_id, owners);
    record(
        st,
        SentKind::Callback(kind),
        Some(interaction),
        Some(channel.id),
        message_id,
        ephemeral_now,
        &data,
        body,
    );
    (204, None)
}

/// Whether the stored message `id` is ephemeral.
fn is_ephemeral(st: &FakeState, id: Option<u64>) -> bool {
    id.and_then(|s| st.messages.get(&s))
        .is_some_and(|m| flags_of(m) & 64 != 0)
}

/// A message a reply (type 4 or 5) created keeps its interaction's owners, for clicks on it.
fn keep_owners(
    st: &mut FakeState,
    kind: u64,
    message: Option<u64>,
    owners: serde_json::Map<String, Value>,
) {
    if let (4 | 5, Some(id)) = (kind, message) {
        st.message_owners.insert(id, owners);
    }
}

/// `data` with the ephemeral flag set when `forced`.
fn forced_flags(data: &Value, forced: bool) -> Value {
    let mut data = if data.is_object() {
        data.clone()
    } else {
        json!({})
    };
    if forced {
        data["flags"] = json!(flags_of(&data) | 64);
    }
    data
}

fn followup(st: &mut FakeState, token: &str, body: &Body, base: &str) -> Outcome {
    let Some(pending) = st.pending.get(token) else {
        return error(404, 10015, "Unknown Webhook");
    };
    if pending.age() > TOKEN_LIFETIME {
        return error(401, 50027, "Invalid Webhook Token");
    }
    if pending.user_install_only && pending.followups >= USER_INSTALL_FOLLOWUPS {
        return error(
            400,
            40094,
            "This interaction has hit the maximum number of follow up messages",
        );
    }
    if !pending.acknowledged {
        return error(
            404,
            10015,
            "Unknown Webhook (interaction not acknowledged yet)",
        );
    }
    let (interaction, channel, deferred, followups, original, forced, owners) = (
        pending.id,
        pending.channel,
        pending.deferred,
        pending.followups,
        pending.original,
        pending.forced_ephemeral,
        pending.owners.clone(),
    );
    if let Err(refused) = thread_write(st, channel.id, true) {
        return refused;
    }
    let data = &body.json;
    let stored = forced_flags(data, forced);
    // Discord turns the first followup after a deferral into the deferred message, which
    // keeps the deferral's visibility (unless that message was deleted: then the followup
    // is a message of its own).
    let original = original.filter(|id| st.messages.contains_key(id));
    let (message_id, message, ephemeral) =
        if let (Some(deferred_ephemeral), 0, Some(original)) = (deferred, followups, original) {
            let Some(m) = edit_message(st, original, data, &body.files, base) else {
                return error(404, 10008, "Unknown Message");
            };
            (original, m, deferred_ephemeral)
        } else {
            let (id, m) = create_message(st, channel, &stored, &body.files, base);
            st.message_owners.insert(id, owners);
            (id, m, flags_of(&stored) & 64 != 0)
        };
    st.pending.get_mut(token).expect("still there").followups += 1;
    record(
        st,
        SentKind::Followup,
        Some(interaction),
        Some(channel.id),
        Some(message_id),
        ephemeral,
        data,
        body,
    );
    (200, Some(message))
}

fn interaction_message(
    st: &mut FakeState,
    method: &str,
    token: &str,
    message: &str,
    body: &Body,
    base: &str,
) -> Outcome {
    let Some(pending) = st.pending.get(token) else {
        return error(404, 10015, "Unknown Webhook");
    };
    if pending.age() > TOKEN_LIFETIME {
        return error(401, 50027, "Invalid Webhook Token");
    }
    let (interaction, channel, original) = (pending.id, pending.channel, pending.original);
    let (message_id, kind) = if message == "@original" {
        match original {
            Some(id) => (id, SentKind::EditOriginal),
            None => return error(404, 10008, "Unknown Message"),
        }
    } else {
        match message.parse::<u64>() {
            Ok(id) if st.messages.contains_key(&id) => (id, SentKind::EditFollowup),
            _ => return error(404, 10008, "Unknown Message"),
        }
    };
    let ephemeral = st
        .messages
        .get(&message_id)
        .is_some_and(|m| flags_of(m) & 64 != 0);
    match method {
        "GET" => (200, st.messages.get(&message_id).cloned()),
        "DELETE" => {
            st.messages.remove(&message_id);
            record(
                st,
                SentKind::DeleteInteractionMessage,
                Some(interaction),
                Some(channel.id),
                Some(message_id),
                ephemeral,
                &Value::Null,
                body,
            );
            (204, None)
        }
        _ => {
            if let Err(refused) = thread_write(st, channel.id, false) {
                return refused;
            }
            let Some(m) = edit_message(st, message_id, &body.json, &body.files, base) else {
                return error(404, 10008, "Unknown Message");
            };
            record(
                st,
                kind,
                Some(interaction),
                Some(channel.id),
                Some(message_id),
                ephemeral,
                &body.json,
                body,
            );
            (200, Some(m))
        }
    }
}

fn channel_message(st: &mut FakeState, channel: u64, body: &Body, base: &str) -> Outcome {
    let info = st.channel_info(channel);
    if !info.bot_member {
        return error(403, 50001, "Missing Access");
    }
    let dm_user = st.user_by_dm.get(&channel).copied();
    if let Some(user) = dm_user {
        if st.closed_dms.contains(&user) {
            return error(403, 50007, "Cannot send messages to this user");
        }
        let installed = st.app_installed.contains(&user) && !st.refuse_dms_to_app_users;
        if st.no_mutual_guild.contains(&user) && !installed {
            return error(
                403,
                50278,
                "Cannot send messages to this user due to having no mutual guilds",
            );
        }
    }
    if let Err(refused) = thread_write(st, channel, true) {
        return refused;
    }
    let target = Channel {
        id: channel,
        guild_id: if dm_user.is_some() {
            None
        } else {
            info.guild_id.or(Some(payloads::GUILD_ID))
        },
    };
    // `enforce_nonce`: a repeated post with the same nonce returns the first message.
    let nonce = match &body.json["nonce"] {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
    .filter(|_| body.json["enforce_nonce"] == json!(true));
    if let Some(nonce) = &nonce
        && let Some(existing) = st.nonces.get(&(channel, nonce.clone()))
    {
        return (200, Some(existing.clone()));
    }
    let (id, message) = create_message(st, target, &body.json, &body.files, base);
    if let Some(nonce) = nonce {
        st.nonces.insert((channel, nonce), message.clone());
    }
    let kind = match (dm_user, info.parent_id.filter(|_| info.is_thread())) {
        (Some(user), _) => SentKind::Dm(user),
        (None, Some(parent)) => SentKind::ThreadMessage(parent),
        (None, None) => SentKind::ChannelMessage,
    };
    record(
        st,
        kind,
        None,
        Some(channel),
        Some(id),
        false,
        &body.json,
        body,
    );
    (200, Some(message))
}

fn edit_channel_message(
    st: &mut FakeState,
    method: &str,
    channel: u64,
    message: u64,
    body: &Body,
    base: &str,
) -> Outcome {
    if !st.channel_info(channel).bot_member {
        return error(403, 50001, "Missing Access");
    }
    if st.message_channel.get(&message).map(|c| c.id) != Some(channel) {
        return error(404, 10008, "Unknown Message");
    }
    if flags_of(&st.messages[&message]) & 64 != 0 {
        // Ephemeral messages cannot be reached through the channel endpoints.
        return error(404, 10008, "Unknown Message");
    }
    if method == "DELETE" {
        st.messages.remove(&message);
        record(
            st,
            SentKind::DeleteChannelMessage,
            None,
            Some(channel),
            Some(message),
            false,
            &Value::Null,
            body,
        );
        return (204, None);
    }
    if let Err(refused) = thread_write(st, channel, false) {
        return refused;
    }
    let Some(m) = edit_message(st, message, &body.json, &body.files, base) else {
        return error(404, 10008, "Unknown Message");
    };
    record(
        st,
        SentKind::EditChannelMessage,
        None,
        Some(channel),
        Some(message),
        false,
        &body.json,
        body,
    );
    (200, Some(m))
}
