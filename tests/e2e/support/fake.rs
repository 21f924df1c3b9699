//! A fake Discord on one loopback port: REST under `/api/v10` and the gateway at `/gateway`.
//!
//! Tests drive it through [`FakeDiscord`]: send slash commands and clicks as any user, then
//! wait (with a time-out, never a fixed sleep) for what the bot sent back.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};

/// How much longer than its stated bound a wait may last. The bounds in the tests say how
/// long a step takes on a quiet machine; they guard against waiting forever, never time
/// anything. On a loaded 2-core machine (the whole suite's 16 threads, rustdoc beside them,
/// other builds) a debug bot took over 10 s for a step that takes 1 s when quiet, so every
/// wait gets this much slack. A wait that is met returns at once, so passing tests are no
/// slower; only a failure is reported later.
pub const SLACK: u32 = 4;

/// `bound` with the [`SLACK`] that a loaded machine needs.
pub fn loaded(bound: Duration) -> Duration {
    bound * SLACK
}

use super::payloads::{
    self, APP_ID, APP_PERMISSIONS, GUILD_ID, MEMBER_PERMISSIONS, perm, validate,
};
use super::world::{ChannelInfo, GuildInfo, kind};

/// The pseudo-event that tells a gateway session to close its socket.
pub(super) const CLOSE: &str = "__close__";

/// An interaction id as handed out by the fake.
pub type InteractionId = u64;

/// A user the fake can act as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Snowflake.
    pub id: u64,
    /// User name (also used as global name).
    pub name: String,
}

/// Where an interaction happens: a guild text channel or a DM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Channel {
    /// Snowflake of the channel.
    pub id: u64,
    /// The guild, or `None` for a DM.
    pub guild_id: Option<u64>,
}

impl Channel {
    /// A text channel in the default guild.
    pub fn guild(id: u64) -> Self {
        Self {
            id,
            guild_id: Some(GUILD_ID),
        }
    }

    /// A text channel in another guild.
    pub fn in_guild(guild_id: u64, id: u64) -> Self {
        Self {
            id,
            guild_id: Some(guild_id),
        }
    }
}

/// What kind of request carried something the bot sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SentKind {
    /// `POST /interactions/{id}/{token}/callback` with this response type
    /// (4 reply, 5 deferred reply, 6 deferred update, 7 update message, 8 autocomplete, 9 modal).
    Callback(u64),
    /// `POST /webhooks/{app}/{token}`.
    Followup,
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`.
    EditFollowup,
    /// `DELETE /webhooks/{app}/{token}/messages/...`.
    DeleteInteractionMessage,
    /// `POST /channels/{id}/messages` in a guild channel.
    ChannelMessage,
    /// `POST /channels/{id}/messages` in a DM channel with this user.
    Dm(u64),
    /// `POST /channels/{id}/messages` in a thread whose parent channel is this.
    ThreadMessage(u64),
    /// `POST /channels/{id}/threads` or `POST /channels/{id}/messages/{id}/threads`: the
    /// `channel` is the parent, `message_id` the new thread's id.
    CreateThread,
    /// `PATCH /channels/{id}` (a thread archived, locked, renamed…); `body` says what.
    EditChannel,
    /// `DELETE /channels/{id}` (a thread deleted).
    DeleteChannel,
    /// `PATCH /channels/{id}/messages/{id}`.
    EditChannelMessage,
    /// `DELETE /channels/{id}/messages/{id}`.
    DeleteChannelMessage,
}

/// A file the bot uploaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// File name as sent.
    pub filename: String,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// One thing the bot sent that players could see (or a deferral / deletion).
#[derive(Clone, Debug)]
pub struct Sent {
    /// The request kind.
    pub kind: SentKind,
    /// The interaction it answers, if any.
    pub interaction: Option<InteractionId>,
    /// The channel it shows up in.
    pub channel: Option<u64>,
    /// The message created or changed, if any.
    pub message_id: Option<u64>,
    /// Whether only the invoking user sees it (as Discord would show it: the first followup
    /// after an ephemeral deferral is ephemeral even if its own flags say otherwise).
    pub ephemeral: bool,
    /// The `flags` field as sent.
    pub flags: u64,
    /// `content`, if present.
    pub content: Option<String>,
    /// `embeds` as raw JSON.
    pub embeds: Vec<Value>,
    /// `components` as raw JSON.
    pub components: Vec<Value>,
    /// Uploaded files.
    pub attachments: Vec<Attachment>,
    /// The JSON body (for multipart: `payload_json`).
    pub body: Value,
    /// For answers to an interaction: how long after the fake dispatched it this arrived
    /// (including any [`FakeDiscord::age_token`]).
    pub elapsed: Option<Duration>,
}

impl Sent {
    /// Content, or an empty string.
    pub fn text(&self) -> &str {
        self.content.as_deref().unwrap_or("")
    }

    /// Whether this carries a message a player reads (not a bare deferral or deletion).
    pub fn is_message(&self) -> bool {
        matches!(
            self.kind,
            SentKind::Callback(4 | 7)
                | SentKind::Followup
                | SentKind::EditOriginal
                | SentKind::EditFollowup
                | SentKind::ChannelMessage
                | SentKind::Dm(_)
                | SentKind::ThreadMessage(_)
                | SentKind::EditChannelMessage
        )
    }

    /// Every `custom_id` in the components.
    pub fn custom_ids(&self) -> Vec<String> {
        fn walk(v: &Value, out: &mut Vec<String>) {
            if let Some(id) = v.get("custom_id").and_then(Value::as_str) {
                out.push(id.to_owned());
            }
            if let Some(children) = v.get("components").and_then(Value::as_array) {
                for c in children {
                    walk(c, out);
                }
            }
        }
        let mut out = Vec::new();
        self.components.iter().for_each(|c| walk(c, &mut out));
        out
    }
}

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Request {
    /// HTTP method.
    pub method: String,
    /// Path without `/api/v10` and without the query.
    pub path: String,
    /// JSON body (`payload_json` for multipart), `Null` if none.
    pub body: Value,
    /// The status the fake answered with.
    pub status: u16,
}

/// Where commands were registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// `PUT /applications/{app}/commands`.
    Global,
    /// `PUT /applications/{app}/guilds/{guild}/commands`.
    Guild(u64),
}

/// One command registration call.
#[derive(Clone, Debug)]
pub struct Registration {
    /// Global or one guild.
    pub scope: Scope,
    /// The commands as sent (a JSON array).
    pub commands: Value,
}

impl Registration {
    /// Names of the registered commands.
    pub fn names(&self) -> Vec<String> {
        self.commands
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["name"].as_str().map(str::to_owned))
            .collect()
    }

    /// The registered command called `name`.
    pub fn command(&self, name: &str) -> Option<&Value> {
        self.commands.as_array()?.iter().find(|c| c["name"] == name)
    }

    /// The `integration_types` command `name` was registered with (0 guild install, 1 user
    /// install); `None` if the field was not sent (Discord then uses the app's defaults).
    pub fn integration_types(&self, name: &str) -> Option<Vec<u64>> {
        numbers(&self.command(name)?["integration_types"])
    }

    /// The `contexts` command `name` was registered with (0 guild, 1 bot DM, 2 private
    /// channel); `None` if not sent.
    pub fn contexts(&self, name: &str) -> Option<Vec<u64>> {
        numbers(&self.command(name)?["contexts"])
    }
}

fn numbers(v: &Value) -> Option<Vec<u64>> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
}

/// Everything the fake saw. Read it in [`FakeDiscord::wait_for`] or through the helpers.
#[derive(Debug, Default)]
pub struct Recording {
    /// Every REST request, in order.
    pub requests: Vec<Request>,
    /// Requests to routes the fake does not know (answered 404).
    pub unexpected: Vec<Request>,
    /// What the bot sent, in order.
    pub sent: Vec<Sent>,
    /// Command registrations, in order.
    pub registrations: Vec<Registration>,
    /// IDENTIFY payloads (`d`), one per gateway session.
    pub identifies: Vec<Value>,
    /// Heartbeats received.
    pub heartbeats: usize,
    /// RESUME requests (op 6) after a dropped connection.
    pub resumes: usize,
    /// Interactions dispatched, in order.
    pub interactions: Vec<InteractionId>,
    /// The `INTERACTION_CREATE` payload of each interaction (as validated and sent).
    pub interaction_payloads: HashMap<InteractionId, Value>,
    /// The server events the fake dispatched ([`FakeDiscord::send_guild_create`]):
    /// `GUILD_CREATE`, `CHANNEL_CREATE`, `THREAD_CREATE`… with their data, in order.
    pub guild_events: Vec<(String, Value)>,
}

impl Recording {
    /// What was sent for one interaction.
    pub fn replies_to(&self, id: InteractionId) -> Vec<Sent> {
        self.sent
            .iter()
            .filter(|s| s.interaction == Some(id))
            .cloned()
            .collect()
    }
}

/// State of an interaction the fake dispatched.
#[derive(Debug)]
pub(super) struct Pending {
    pub id: InteractionId,
    pub created: Instant,
    pub channel: Channel,
    pub acknowledged: bool,
    /// `Some(ephemeral)` after a deferred reply (type 5).
    pub deferred: Option<bool>,
    pub followups: usize,
    pub original: Option<u64>,
    /// For clicks: the message the component is on.
    pub source_message: Option<u64>,
    /// Added to the real age by [`FakeDiscord::age_token`].
    pub aged: Duration,
    /// `authorizing_integration_owners` had only `USER_INSTALL` (follow-ups are limited).
    pub user_install_only: bool,
    /// Use External Apps is off for the member and the app is only user-installed: every
    /// response is ephemeral whatever its flags.
    pub forced_ephemeral: bool,
    /// The interaction's `authorizing_integration_owners`, which the messages its answers
    /// create keep (a click on them carries these owners, whoever clicks).
    pub owners: serde_json::Map<String, Value>,
}

impl Pending {
    /// Time since dispatch, as the token's expiry sees it.
    pub fn age(&self) -> Duration {
        self.created.elapsed() + self.aged
    }
}

/// Mutable state behind one lock.
#[derive(Debug, Default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches a test flips, not states of one thing"
)]
pub(super) struct State {
    pub rec: Recording,
    pub next_id: u64,
    pub users: HashMap<u64, User>,
    /// Interactions by token.
    pub pending: HashMap<String, Pending>,
    /// Messages by id (full message objects).
    pub messages: HashMap<u64, Value>,
    /// Channel of each message.
    pub message_channel: HashMap<u64, Channel>,
    pub dm_by_user: HashMap<u64, u64>,
    pub user_by_dm: HashMap<u64, u64>,
    pub closed_dms: HashSet<u64>,
    pub command_ids: HashMap<String, u64>,
    pub fail_registration: bool,
    /// Interaction callbacks fail like late ones (404, code 10062) while set.
    pub fail_callbacks: bool,
    pub gateway: Option<mpsc::UnboundedSender<(String, Value)>>,
    /// Each connected shard's session by shard id, with the shard count it identified with.
    pub shard_gateways: HashMap<u64, (u64, mpsc::UnboundedSender<(String, Value)>)>,
    /// The shard count `GET /gateway/bot` recommends (0 counts as 1).
    pub recommended_shards: u64,
    /// Each session's shard `(id, count)`, so that a RESUME takes its shard back.
    pub session_shards: HashMap<String, (u64, u64)>,
    pub sessions: usize,
    /// Injected failures, checked in order before a request is routed.
    pub faults: Vec<Fault>,
    /// New gateway connections are refused (503) while set.
    pub refuse_gateway: bool,
    /// Channel messages by nonce (`enforce_nonce` deduplication), per channel.
    pub nonces: HashMap<(u64, String), Value>,
    /// Channels described beyond their id ([`super::world`]).
    pub channels: HashMap<u64, ChannelInfo>,
    /// Guilds the fake knows ([`super::world`]).
    pub guilds: HashMap<u64, GuildInfo>,
    /// The bot has Manage Threads.
    pub manage_threads: bool,
    /// Users who share no server with the bot.
    pub no_mutual_guild: HashSet<u64>,
    /// Users who installed the app to their account.
    pub app_installed: HashSet<u64>,
    /// DMs to users without a mutual server fail even when they installed the app.
    pub refuse_dms_to_app_users: bool,
    /// No bot is meant to connect: dispatches are only recorded.
    pub without_bot: bool,
    /// The `authorizing_integration_owners` of the interaction whose answer created each
    /// message (by message id).
    pub message_owners: HashMap<u64, serde_json::Map<String, Value>>,
    /// Every REST call is answered this much later (none by default): see
    /// [`FakeDiscord::set_latency`].
    pub latency: Duration,
    /// The gateway sends `GUILD_CREATE` after READY, and the server events that keep the
    /// bot's cache true ([`FakeDiscord::send_guild_create`]).
    pub guild_create: bool,
    /// Guilds in an outage: `GUILD_DELETE` (unavailable) instead of `GUILD_CREATE`.
    pub outages: HashSet<u64>,
}

/// What an injected fault does to a matching request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultAction {
    /// Answer with this HTTP status and JSON error code.
    Status(u16, u64),
    /// Never answer (the bot's own timeout has to end the call).
    Hang,
    /// Carry the request out, then answer with this HTTP status anyway (as when Discord
    /// did the work but the answer was lost).
    StatusAfter(u16),
    /// Carry the request out and answer, but only after this long (as when Discord's rate
    /// limit holds a request back).
    Delay(Duration),
}

/// A failure injected into the fake's REST API for matching requests.
#[derive(Clone, Debug)]
pub struct Fault {
    /// `GET`, `POST`, … or `None` for any method.
    pub method: Option<String>,
    /// A text the request path (after `/api/v10/`) must contain.
    pub path_contains: String,
    /// What happens.
    pub action: FaultAction,
    /// How many more requests it applies to (`None`: all).
    pub remaining: Option<usize>,
    /// Applies only to requests that upload files (a missing Attach Files permission).
    pub files_only: bool,
}

impl State {
    /// The message object a click on message `id` in `channel` comes with (`data`: the
    /// click's): as stored; a message the fake never made (a test that names none) carries
    /// the clicked component, as any message Discord sends with a click does.
    pub fn clicked(&self, id: u64, channel: &Channel, data: &Value) -> Value {
        let mut object = self
            .messages
            .get(&id)
            .cloned()
            .unwrap_or_else(|| payloads::message(id, channel, 0));
        if !self.message_channel.contains_key(&id) {
            payloads::carry_component(&mut object, data);
        }
        object
    }

    pub fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        1_300_000_000_000_000_000 + self.next_id
    }

    /// The shard a server's events go to, and the shard count (as Discord routes: a
    /// server's events to shard `(guild_id >> 22) % shards`, DMs to 0).
    pub fn shard_of(&self, guild: Option<u64>) -> (u64, u64) {
        let total = self
            .shard_gateways
            .values()
            .map(|(total, _)| *total)
            .max()
            .unwrap_or(1)
            .max(1);
        (guild.map_or(0, |g| (g >> 22) % total), total)
    }

    /// Sends server event `event` of `guild` to the bot, as Discord does to a bot with the
    /// `GUILDS` intent, when [`FakeDiscord::send_guild_create`] is on (otherwise the bot has
    /// no cache of the server to keep true), and not during the server's outage. Validated
    /// with serenity's types; a bot not connected (or its shard) misses it, and learns the
    /// state from its next `GUILD_CREATE`.
    pub fn announce(&mut self, event: &str, guild: u64, data: Value) {
        // A server in an outage sends nothing until it is back.
        if !self.guild_create || self.outages.contains(&guild) {
            return;
        }
        payloads::validate_dispatch(event, &data);
        let (shard, total) = self.shard_of(Some(guild));
        let gateway = if total > 1 {
            self.shard_gateways.get(&shard).map(|(_, tx)| tx)
        } else {
            self.gateway.as_ref()
        };
        let sent = gateway.is_some_and(|tx| tx.send((event.to_owned(), data.clone())).is_ok());
        // Recorded when sent (or, in tests of the fake without a bot, when it would be).
        if sent || self.without_bot {
            self.rec.guild_events.push((event.to_owned(), data));
        }
    }
}

pub(super) struct Inner {
    pub state: Mutex<State>,
    pub changed: watch::Sender<u64>,
    pub addr: SocketAddr,
    /// Callbacks later than this after dispatch fail like Discord's (404, code 10062).
    pub callback_deadline: Duration,
}

impl Inner {
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Wakes everyone waiting in [`FakeDiscord::wait_for`].
    pub fn bump(&self) {
        self.changed.send_modify(|n| *n += 1);
    }

    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// Every REST call: after the latency the fake is set to ([`FakeDiscord::set_latency`]),
/// routed as usual.
async fn latent(
    fake: axum::extract::State<FakeDiscord>,
    req: axum::extract::Request,
) -> axum::response::Response {
    let by = fake.inner.lock().latency;
    if !by.is_zero() {
        tokio::time::sleep(by).await;
    }
    super::rest::handle(fake, req).await
}

/// A running fake Discord. Cheap to clone; the server stops when the test's runtime ends.
#[derive(Clone)]
pub struct FakeDiscord {
    pub(super) inner: Arc<Inner>,
}

impl FakeDiscord {
    /// Starts a fake on a fresh loopback port.
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind a loopback port");
        let addr = listener.local_addr().expect("local address");
        let (changed, _) = watch::channel(0);
        let fake = Self {
            inner: Arc::new(Inner {
                state: Mutex::new(State::default()),
                changed,
                addr,
                // Discord's window is 3 s. A debug bot on a loaded machine can need more
                // for an answer that takes milliseconds in release, so the fake allows the
                // same slack as every wait; tests of a late answer use `fail_callbacks`.
                callback_deadline: loaded(Duration::from_secs(3)),
            }),
        };
        let app = axum::Router::new()
            .route("/gateway", axum::routing::get(super::gateway::upgrade))
            .fallback(latent)
            .with_state(fake.clone());
        tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake Discord server");
        });
        fake
    }

    /// Makes every REST call take `by` longer (its request is carried out, and answered,
    /// only after `by`), as calls to the real Discord take some 50-150 ms each; zero (the
    /// default) turns it off. The gateway is not delayed. For measurements
    /// (`benches/tournament_round.rs`); a test that needs one slow route uses
    /// [`Self::slow_route`].
    pub fn set_latency(&self, by: Duration) {
        self.inner.lock().latency = by;
    }

    /// `http://127.0.0.1:PORT`, the value for `DISCORD_API_BASE`.
    pub fn base_url(&self) -> String {
        self.inner.base_url()
    }

    /// Environment for a bot process that talks to this fake (token, base URL, dev guild,
    /// log filter). Change it freely before spawning.
    pub fn bot_env(&self) -> BTreeMap<String, String> {
        [
            ("DISCORD_TOKEN", "fake-token"),
            ("DISCORD_API_BASE", &self.base_url()),
            ("DEV_GUILD_ID", &GUILD_ID.to_string()),
            ("RUST_LOG", "info,broadside=debug"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
    }

    /// A user with a fresh id, known to the fake (so user options resolve).
    pub fn user(&self, name: &str) -> User {
        let mut st = self.inner.lock();
        let user = User {
            id: st.new_id(),
            name: name.to_owned(),
        };
        st.users.insert(user.id, user.clone());
        user
    }

    /// A fresh text channel in the default guild.
    pub fn channel(&self) -> Channel {
        let mut st = self.inner.lock();
        let channel = Channel::guild(st.new_id());
        st.know_channel(channel);
        channel
    }

    /// The DM channel between the bot and `user` (created on first use).
    pub fn dm(&self, user: &User) -> Channel {
        let id = super::rest::dm_channel_id(&mut self.inner.lock(), user.id);
        Channel { id, guild_id: None }
    }

    /// Makes sending DMs to `user` fail with 403 / code 50007, as when they closed their DMs.
    pub fn set_dms_closed(&self, user: &User, closed: bool) {
        let mut st = self.inner.lock();
        if closed {
            st.closed_dms.insert(user.id);
        } else {
            st.closed_dms.remove(&user.id);
        }
    }

    /// Makes every interaction callback fail like a late one (404, code 10062),
    /// as when Discord or the network is slow.
    pub fn fail_callbacks(&self, fail: bool) {
        self.inner.lock().fail_callbacks = fail;
    }

    /// Makes command registration fail with 400 (to test start-up failure).
    pub fn fail_registration(&self, fail: bool) {
        self.inner.lock().fail_registration = fail;
    }

    /// Starts building an interaction by `user` in `channel` (to set locales or permissions).
    pub fn interaction(&self, user: &User, channel: Channel) -> InteractionBuilder<'_> {
        InteractionBuilder {
            fake: self,
            user: user.clone(),
            channel,
            locale: "en-US".to_owned(),
            guild_locale: "en-US".to_owned(),
            permissions: MEMBER_PERMISSIONS.to_owned(),
            app_permissions: None,
            kind: None,
            install: None,
            external_apps_denied: false,
        }
    }

    /// Sends a slash command; `options` is the JSON array of `data.options`.
    pub fn slash(
        &self,
        user: &User,
        channel: Channel,
        name: &str,
        options: Value,
    ) -> InteractionId {
        self.interaction(user, channel).slash(name, options)
    }

    /// Sends a slash command, or says why Discord would not deliver it
    /// ([`InteractionBuilder::try_slash`]).
    pub fn try_slash(
        &self,
        user: &User,
        channel: Channel,
        name: &str,
        options: Value,
    ) -> Result<InteractionId, Undelivered> {
        self.interaction(user, channel).try_slash(name, options)
    }

    /// Clicks the button `custom_id` on message `message` (which need not be known).
    pub fn click(
        &self,
        user: &User,
        channel: Channel,
        message: u64,
        custom_id: &str,
    ) -> InteractionId {
        self.interaction(user, channel).click(message, custom_id)
    }

    /// Locks the recording for a look.
    pub fn recording(&self) -> RecordingGuard<'_> {
        RecordingGuard(self.inner.lock())
    }

    /// Takes what the bot sent so far out of the recording, and forgets the requests, so
    /// that a long measurement (`benches/fire_load.rs`) reads each answer once and the
    /// recording does not grow without end. Waits no longer see what was taken.
    pub fn take_sent(&self) -> Vec<Sent> {
        let mut st = self.inner.lock();
        st.rec.requests.clear();
        std::mem::take(&mut st.rec.sent)
    }

    /// What was sent in answer to one interaction, in order.
    pub fn replies_to(&self, id: InteractionId) -> Vec<Sent> {
        self.inner.lock().rec.replies_to(id)
    }

    /// Messages posted to a channel (through the channel endpoint or as interaction replies).
    pub fn channel_messages(&self, channel: Channel) -> Vec<Sent> {
        self.inner
            .lock()
            .rec
            .sent
            .iter()
            .filter(|s| s.channel == Some(channel.id) && s.is_message())
            .cloned()
            .collect()
    }

    /// DMs the bot sent to `user` (successfully).
    pub fn dms_to(&self, user: &User) -> Vec<Sent> {
        self.inner
            .lock()
            .rec
            .sent
            .iter()
            .filter(|s| s.kind == SentKind::Dm(user.id))
            .cloned()
            .collect()
    }

    /// Requests to routes the fake does not know.
    pub fn unexpected_requests(&self) -> Vec<Request> {
        self.inner.lock().rec.unexpected.clone()
    }

    /// Requests the fake answered with an error status (unknown routes included).
    pub fn failed_requests(&self) -> Vec<Request> {
        let st = self.inner.lock();
        st.rec
            .requests
            .iter()
            .filter(|r| r.status >= 400)
            .cloned()
            .collect()
    }

    /// The id the fake gave command `name` when it was registered.
    pub fn command_id(&self, name: &str) -> Option<u64> {
        self.inner.lock().command_ids.get(name).copied()
    }

    /// The stored message object with this id (as Discord would return it).
    pub fn message(&self, id: u64) -> Option<Value> {
        self.inner.lock().messages.get(&id).cloned()
    }

    /// The first thing the bot sent that `wanted` accepts (waits up to `timeout` for it).
    pub async fn first_sent(&self, wanted: impl Fn(&Sent) -> bool, timeout: Duration) -> Sent {
        self.wait_for(|rec| rec.sent.iter().find(|s| wanted(s)).cloned(), timeout)
            .await
    }

    /// The latest thing the bot sent that `wanted` accepts (waits up to `timeout` for one).
    pub async fn last_sent(&self, wanted: impl Fn(&Sent) -> bool, timeout: Duration) -> Sent {
        self.wait_for(
            |rec| rec.sent.iter().rev().find(|s| wanted(s)).cloned(),
            timeout,
        )
        .await
    }

    /// The first answer to interaction `id` that `wanted` accepts (waits up to `timeout`).
    pub async fn first_reply(
        &self,
        id: InteractionId,
        wanted: impl Fn(&Sent) -> bool,
        timeout: Duration,
    ) -> Sent {
        self.wait_for(
            |rec| rec.replies_to(id).into_iter().find(|s| wanted(s)),
            timeout,
        )
        .await
    }

    /// Waits up to `timeout` until the bot has sent something that `wanted` accepts.
    pub async fn wait_sent(&self, wanted: impl Fn(&Sent) -> bool, timeout: Duration) {
        self.wait_for(|rec| rec.sent.iter().any(&wanted).then_some(()), timeout)
            .await;
    }

    /// Waits until `check` returns `Some`, re-checking whenever the fake records something.
    /// Panics after `timeout` with a summary of the recording.
    pub async fn wait_for<T>(
        &self,
        mut check: impl FnMut(&Recording) -> Option<T>,
        timeout: Duration,
    ) -> T {
        let mut changes = self.inner.changed.subscribe();
        let timeout = loaded(timeout);
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changes.borrow_and_update();
            if let Some(found) = check(&self.inner.lock().rec) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changes.changed())
                .await
                .is_err()
            {
                panic!(
                    "fake Discord: condition not met within {timeout:?}\n{}",
                    self.summary()
                );
            }
        }
    }

    /// Waits until the bot connected, identified and registered its commands.
    pub async fn wait_ready(&self, timeout: Duration) -> Registration {
        self.wait_for(
            |rec| {
                (!rec.identifies.is_empty())
                    .then(|| rec.registrations.last().cloned())
                    .flatten()
            },
            timeout,
        )
        .await
    }

    /// Makes requests whose path contains `path` (and whose method is `method`, if given)
    /// fail with `status` and the JSON error `code`, for the next `times` requests (or all).
    pub fn fail_route(
        &self,
        method: Option<&str>,
        path: &str,
        status: u16,
        code: u64,
        times: Option<usize>,
    ) {
        self.inner.lock().faults.push(Fault {
            method: method.map(str::to_owned),
            path_contains: path.to_owned(),
            action: FaultAction::Status(status, code),
            remaining: times,
            files_only: false,
        });
    }

    /// Makes requests whose path contains `path` never get an answer.
    pub fn hang_route(&self, method: Option<&str>, path: &str) {
        self.inner.lock().faults.push(Fault {
            method: method.map(str::to_owned),
            path_contains: path.to_owned(),
            action: FaultAction::Hang,
            remaining: None,
            files_only: false,
        });
    }

    /// Makes requests whose path contains `path` (and whose method is `method`, if given)
    /// answer only after `by`, as when they wait behind a rate limit.
    pub fn slow_route(&self, method: Option<&str>, path: &str, by: Duration) {
        self.inner.lock().faults.push(Fault {
            method: method.map(str::to_owned),
            path_contains: path.to_owned(),
            action: FaultAction::Delay(by),
            remaining: None,
            files_only: false,
        });
    }

    /// Refuses uploads to `channel` (403, code 50013), as when the bot lost Attach Files.
    pub fn refuse_files(&self, channel: Channel) {
        self.inner.lock().faults.push(Fault {
            method: Some("POST".to_owned()),
            path_contains: format!("channels/{}/messages", channel.id),
            action: FaultAction::Status(403, 50013),
            remaining: None,
            files_only: true,
        });
    }

    /// The next `times` requests whose path contains `path` are carried out but answered
    /// with `status` (the answer is lost; a careless retry would repeat the effect).
    pub fn lose_answers(&self, path: &str, status: u16, times: usize) {
        self.inner.lock().faults.push(Fault {
            method: None,
            path_contains: path.to_owned(),
            action: FaultAction::StatusAfter(status),
            remaining: Some(times),
            files_only: false,
        });
    }

    /// Removes every injected fault.
    pub fn clear_faults(&self) {
        self.inner.lock().faults.clear();
    }

    /// Closes the bot's gateway connection (as a network drop or a Discord restart would).
    pub fn drop_gateway(&self) {
        let gateway = {
            let mut st = self.inner.lock();
            st.shard_gateways.remove(&0);
            st.gateway.take()
        };
        if let Some(tx) = gateway {
            let _ = tx.send((CLOSE.to_owned(), Value::Null));
        }
    }

    /// Makes `GET /gateway/bot` recommend `n` shards (for `SHARD_COUNT=auto`).
    pub fn recommend_shards(&self, n: u64) {
        self.inner.lock().recommended_shards = n;
    }

    /// Waits until exactly `n` shards have a session (more or fewer fail the test after
    /// `timeout`).
    pub async fn wait_shards(&self, n: usize, timeout: Duration) {
        let deadline = std::time::Instant::now() + loaded(timeout);
        while self.connected_shards() != n {
            assert!(
                std::time::Instant::now() < deadline,
                "{} shards connected, not {n}",
                self.connected_shards()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// How many shards have a session now.
    pub fn connected_shards(&self) -> usize {
        self.inner.lock().shard_gateways.len()
    }

    /// The `shard` field of every IDENTIFY so far (`[id, count]`), in order.
    pub fn identified_shards(&self) -> Vec<Value> {
        self.inner
            .lock()
            .rec
            .identifies
            .iter()
            .map(|d| d["shard"].clone())
            .collect()
    }

    /// Refuses (or again accepts) new gateway connections, as during an outage.
    pub fn refuse_gateway(&self, refuse: bool) {
        self.inner.lock().refuse_gateway = refuse;
    }

    /// How many gateway sessions (IDENTIFY) and resumes the bot has made.
    pub fn gateway_connections(&self) -> (usize, usize) {
        let st = self.inner.lock();
        (st.rec.identifies.len(), st.rec.resumes)
    }

    /// Waits until `n` bot processes in all have connected and registered their commands
    /// (a restarted bot is the second).
    pub async fn wait_ready_again(&self, n: usize, timeout: Duration) -> Registration {
        self.wait_for(
            |rec| {
                (rec.identifies.len() >= n && rec.registrations.len() >= n)
                    .then(|| rec.registrations.last().cloned())
                    .flatten()
            },
            timeout,
        )
        .await
    }

    /// Waits for the first answer to an interaction that carries a picture (a preview
    /// that follows a public reply).
    pub async fn wait_picture_reply(&self, id: Option<InteractionId>, timeout: Duration) -> Sent {
        self.wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .find(|s| s.interaction == id && !s.attachments.is_empty())
                    .cloned()
            },
            timeout,
        )
        .await
    }

    /// Waits for the first message-carrying answer to an interaction (skipping deferrals).
    pub async fn wait_reply(&self, id: InteractionId, timeout: Duration) -> Sent {
        self.wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .find(|s| s.interaction == Some(id) && s.is_message())
                    .cloned()
            },
            timeout,
        )
        .await
    }

    /// Sends an autocomplete request (type 4) by `user` in `channel` for command `name`
    /// (`options` as typed so far, the one being typed with `"focused": true`) and waits for
    /// the bot's choices.
    pub async fn autocomplete(
        &self,
        user: &User,
        channel: Channel,
        name: &str,
        options: Value,
        timeout: Duration,
    ) -> Autocompleted {
        let id = self.interaction(user, channel).autocomplete(name, options);
        self.wait_choices(id, timeout).await
    }

    /// Waits for the answer (type 8) to the autocomplete request `id`.
    pub async fn wait_choices(&self, id: InteractionId, timeout: Duration) -> Autocompleted {
        let sent = self
            .wait_for(
                |rec| {
                    rec.replies_to(id)
                        .into_iter()
                        .find(|s| s.kind == SentKind::Callback(8))
                },
                timeout,
            )
            .await;
        Autocompleted {
            choices: sent.body["data"]["choices"]
                .as_array()
                .cloned()
                .unwrap_or_default(),
            took: sent.elapsed.unwrap_or_default(),
            sent,
        }
    }

    /// A readable dump of what happened, for failure messages.
    pub fn summary(&self) -> String {
        use std::fmt::Write as _;
        let st = self.inner.lock();
        let mut out = format!(
            "gateway sessions: {}, identifies: {}, heartbeats: {}, interactions: {:?}\nrequests:\n",
            st.sessions,
            st.rec.identifies.len(),
            st.rec.heartbeats,
            st.rec.interactions
        );
        for r in &st.rec.requests {
            let body = r.body.to_string();
            let body: String = body.chars().take(300).collect();
            let _ = writeln!(out, "  {} {} -> {}  {body}", r.method, r.path, r.status);
        }
        out
    }

    /// For tests of the fake itself, with no bot: interactions are built, validated and
    /// recorded ([`Self::interaction_payload`]) but sent nowhere, and answered with serenity's
    /// HTTP client and [`Self::token_of`].
    pub fn without_bot(&self) {
        self.inner.lock().without_bot = true;
    }

    /// The `INTERACTION_CREATE` payload the fake built for interaction `id`.
    pub fn interaction_payload(&self, id: InteractionId) -> Value {
        self.inner.lock().rec.interaction_payloads[&id].clone()
    }

    /// The token of interaction `id` (for answering it by hand).
    pub fn token_of(&self, id: InteractionId) -> String {
        let st = self.inner.lock();
        let (token, _) = st
            .pending
            .iter()
            .find(|(_, p)| p.id == id)
            .unwrap_or_else(|| panic!("the fake issued no interaction {id}"));
        token.clone()
    }

    pub(super) fn dispatch(&self, event: &str, data: Value) {
        let st = self.inner.lock();
        if st.without_bot {
            return;
        }
        let guild = data["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok());
        let (shard, total) = st.shard_of(guild);
        let gateway = if total > 1 {
            let (_, tx) = st.shard_gateways.get(&shard).unwrap_or_else(|| {
                panic!("shard {shard} of {total} is not connected to the fake gateway")
            });
            tx
        } else {
            st.gateway
                .as_ref()
                .expect("the bot is not connected to the fake gateway; call wait_ready first")
        };
        gateway
            .send((event.to_owned(), data))
            .expect("the gateway session ended");
    }
}

/// The bot's answer to an autocomplete request.
#[derive(Clone, Debug)]
pub struct Autocompleted {
    /// `data.choices` as sent (each `{"name", "value"}`, maybe `name_localizations`).
    pub choices: Vec<Value>,
    /// How long after the request the answer arrived.
    pub took: Duration,
    /// The whole callback.
    pub sent: Sent,
}

impl Autocompleted {
    /// The choices' `value`s.
    pub fn values(&self) -> Vec<Value> {
        self.choices.iter().map(|c| c["value"].clone()).collect()
    }

    /// The choices' `name`s (the labels shown).
    pub fn names(&self) -> Vec<String> {
        self.choices
            .iter()
            .filter_map(|c| c["name"].as_str().map(str::to_owned))
            .collect()
    }
}

/// Read access to the [`Recording`] while holding the fake's lock; do not hold it across an
/// `.await`.
pub struct RecordingGuard<'a>(MutexGuard<'a, State>);

impl std::ops::Deref for RecordingGuard<'_> {
    type Target = Recording;
    fn deref(&self) -> &Recording {
        &self.0.rec
    }
}

/// How the app is installed, as an interaction's `authorizing_integration_owners` tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Install {
    /// Installed to the server (key `"0"`: the guild's id, or `"0"` in the bot's DM).
    Guild,
    /// Installed to the invoking user's account only (key `"1"`: the user's id). Follow-ups
    /// are limited to 5, and where the member lacks Use External Apps every response is
    /// ephemeral.
    User,
    /// Both keys.
    Both,
}

/// An interaction's install, permissions and context, as [`InteractionBuilder::placement`]
/// decides them.
struct Where {
    install: Install,
    permissions: String,
    app_permissions: String,
    owners: serde_json::Map<String, Value>,
    context: u64,
    forced_ephemeral: bool,
}

/// Builds and sends one interaction. See [`FakeDiscord::interaction`].
pub struct InteractionBuilder<'a> {
    fake: &'a FakeDiscord,
    user: User,
    channel: Channel,
    locale: String,
    guild_locale: String,
    permissions: String,
    app_permissions: Option<String>,
    kind: Option<u64>,
    install: Option<Install>,
    external_apps_denied: bool,
}

impl InteractionBuilder<'_> {
    /// The user's client locale, e.g. `da` or `sv-SE`.
    pub fn locale(mut self, locale: &str) -> Self {
        locale.clone_into(&mut self.locale);
        self
    }

    /// The guild's preferred locale.
    pub fn guild_locale(mut self, locale: &str) -> Self {
        locale.clone_into(&mut self.guild_locale);
        self
    }

    /// The bot's own permissions in the channel (decimal string), as Discord reports them.
    /// Without it: [`APP_PERMISSIONS`] where the app is installed to the server or in the
    /// bot's DM, the member's permissions where it is only user-installed, and Attach Files,
    /// Embed Links and Mention Everyone in (group) DMs between users.
    pub fn app_permissions(mut self, permissions: &str) -> Self {
        self.app_permissions = Some(permissions.to_owned());
        self
    }

    /// The channel's type (0 text, 11 public thread, …) whatever the fake knows of it.
    pub fn channel_kind(mut self, kind: u64) -> Self {
        self.kind = Some(kind);
        self
    }

    /// The member's permissions in the channel (decimal string).
    pub fn permissions(mut self, permissions: &str) -> Self {
        permissions.clone_into(&mut self.permissions);
        self
    }

    /// The member has (or lacks) Manage Server: sets or clears that bit in the permissions
    /// given so far (for `/settings`).
    pub fn manage_guild(mut self, has: bool) -> Self {
        let bits: u64 = self.permissions.parse().unwrap_or(0);
        let bits = if has {
            bits | perm::MANAGE_GUILD
        } else {
            bits & !perm::MANAGE_GUILD
        };
        self.permissions = bits.to_string();
        self
    }

    /// How the app is installed for this interaction (default: to the server where the bot
    /// is a member or in its DM, to the user elsewhere).
    pub fn install(mut self, install: Install) -> Self {
        self.install = Some(install);
        self
    }

    /// Shorthand for `install(Install::User)`.
    pub fn user_install(self) -> Self {
        self.install(Install::User)
    }

    /// The server turned off Use External Apps for this member: their permissions lack
    /// `USE_EXTERNAL_APPS` (bit 50), the app counts as user-installed only, and in a guild every
    /// response to this interaction is ephemeral whatever its flags (as Discord's clients
    /// show it; the API reports no error).
    pub fn external_apps_denied(mut self) -> Self {
        self.external_apps_denied = true;
        self.install = Some(Install::User);
        self
    }

    /// Sends a slash command (type 2) with the given `data.options` array. Panics where
    /// Discord would not deliver it ([`Self::try_slash`]).
    pub fn slash(self, name: &str, options: Value) -> InteractionId {
        self.try_slash(name, options)
            .unwrap_or_else(|why| panic!("Discord would not deliver /{name}: {why}"))
    }

    /// Sends a slash command (type 2), or says why Discord would not deliver it: the user has
    /// not installed the app where only a user install reaches ([`Undelivered::NotInstalled`]),
    /// or the command's global registration excludes this place
    /// ([`Undelivered::NotAvailableHere`]).
    pub fn try_slash(self, name: &str, options: Value) -> Result<InteractionId, Undelivered> {
        let (command_id, resolved) = {
            let mut st = self.fake.inner.lock();
            let command_id = match st.command_ids.get(name) {
                Some(id) => *id,
                None => st.new_id(),
            };
            (command_id, self.resolve(&st, &options))
        };
        let mut data = json!({
            "id": command_id.to_string(),
            "name": name,
            "type": 1,
        });
        data["options"] = options;
        if !resolved.as_object().is_some_and(serde_json::Map::is_empty) {
            data["resolved"] = resolved;
        }
        if let Some(g) = self.channel.guild_id {
            data["guild_id"] = json!(g.to_string());
        }
        self.try_send(2, data, None)
    }

    /// Sends an autocomplete request (type 4) for `name`: `options` as typed so far, the
    /// one being typed marked `"focused": true`. Delivered where [`Self::slash`] would be.
    pub fn autocomplete(self, name: &str, options: Value) -> InteractionId {
        let command_id = {
            let mut st = self.fake.inner.lock();
            match st.command_ids.get(name) {
                Some(id) => *id,
                None => st.new_id(),
            }
        };
        let mut data = json!({
            "id": command_id.to_string(),
            "name": name,
            "type": 1,
        });
        data["options"] = options;
        if let Some(g) = self.channel.guild_id {
            data["guild_id"] = json!(g.to_string());
        }
        self.try_send(4, data, None).unwrap_or_else(|why| {
            panic!("Discord would not deliver autocomplete of /{name}: {why}")
        })
    }

    /// Sends a button click (type 3) on `message` with `custom_id`.
    pub fn click(self, message: u64, custom_id: &str) -> InteractionId {
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.send(3, data, Some(message))
    }

    /// Builds `data.resolved` for user options (type 6).
    fn resolve(&self, st: &State, options: &Value) -> Value {
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        for option in options.as_array().into_iter().flatten() {
            if option["type"] != 6 {
                continue;
            }
            let Some(id) = option["value"]
                .as_str()
                .and_then(|v| v.parse::<u64>().ok())
                .or_else(|| option["value"].as_u64())
            else {
                continue;
            };
            let user = st.users.get(&id).cloned().unwrap_or_else(|| User {
                id,
                name: format!("user{id}"),
            });
            users.insert(id.to_string(), payloads::user(&user));
            if self.channel.guild_id.is_some() {
                members.insert(
                    id.to_string(),
                    payloads::resolved_member(MEMBER_PERMISSIONS),
                );
            }
        }
        let mut resolved = serde_json::Map::new();
        if !users.is_empty() {
            resolved.insert("users".into(), Value::Object(users));
        }
        if !members.is_empty() {
            resolved.insert("members".into(), Value::Object(members));
        }
        Value::Object(resolved)
    }

    /// What Discord would say about the install and permissions of this interaction in the
    /// channel `info`. `owners` (for a click on a message an interaction answer created) are
    /// that interaction's: a click carries the installation of the message's interaction,
    /// whoever clicks (`receiving-and-responding.mdx`, Authorizing Integration Owners Object:
    /// "the authorizing user and the user that triggered an interaction (like a message
    /// component)" may differ).
    fn placement(
        &self,
        info: &ChannelInfo,
        owners: Option<serde_json::Map<String, Value>>,
    ) -> Where {
        let in_guild = info.guild_id.is_some();
        // A (group) DM between users: only a user-installed app can be used there.
        let private = !in_guild && !info.bot_member;
        let default_install = if info.bot_member {
            Install::Guild
        } else {
            Install::User
        };
        let install = match &owners {
            Some(o) => match (o.contains_key("0"), o.contains_key("1")) {
                (true, true) => Install::Both,
                (false, true) => Install::User,
                _ => Install::Guild,
            },
            None if private => Install::User,
            None => self.install.unwrap_or(default_install),
        };
        let mut bits: u64 = self.permissions.parse().unwrap_or(0);
        if self.external_apps_denied {
            bits &= !perm::USE_EXTERNAL_APPS;
        }
        let permissions = bits.to_string();
        let app_permissions = self.app_permissions.clone().unwrap_or_else(|| {
            if private {
                perm::PRIVATE_CHANNEL_APP.to_string()
            } else if in_guild && install == Install::User {
                // Reported as the member's own (discord-api-docs issue 7251).
                permissions.clone()
            } else {
                APP_PERMISSIONS.to_owned()
            }
        });
        let owners = owners.unwrap_or_else(|| {
            let mut owners = serde_json::Map::new();
            if install != Install::User {
                let guild = info
                    .guild_id
                    .map_or_else(|| "0".to_owned(), |g| g.to_string());
                owners.insert("0".into(), json!(guild));
            }
            if install != Install::Guild {
                owners.insert("1".into(), json!(self.user.id.to_string()));
            }
            owners
        });
        let context = match (in_guild, private) {
            (true, _) => 0,
            (false, false) => 1,
            (false, true) => 2,
        };
        Where {
            install,
            permissions,
            app_permissions,
            owners,
            context,
            forced_ephemeral: in_guild
                && install == Install::User
                && bits & perm::USE_EXTERNAL_APPS == 0,
        }
    }

    /// Sends an interaction that Discord always delivers (a click or a select: anyone in the
    /// conversation may click an app's buttons, installed or not).
    pub(super) fn send(self, kind: u64, data: Value, message: Option<u64>) -> InteractionId {
        self.try_send(kind, data, message)
            .unwrap_or_else(|why| panic!("Discord would not deliver this interaction: {why}"))
    }

    /// Builds, validates, records and dispatches one interaction, or says why Discord would
    /// not deliver it (slash commands and autocomplete only).
    pub(super) fn try_send(
        self,
        kind: u64,
        data: Value,
        message: Option<u64>,
    ) -> Result<InteractionId, Undelivered> {
        let inner = &self.fake.inner;
        let (id, payload) = {
            let mut st = inner.lock();
            st.know_channel(self.channel);
            let mut info = st.channel_info(self.channel.id);
            if let Some(k) = self.kind {
                info.kind = k;
            }
            let inherited = message.and_then(|m| st.message_owners.get(&m).cloned());
            let Where {
                install,
                permissions,
                app_permissions,
                mut owners,
                context,
                forced_ephemeral,
            } = self.placement(&info, inherited);
            if matches!(kind, 2 | 4) {
                // Only a member who installed the app sees its commands where only a user
                // install reaches (a group DM, a DM between users, a server without the bot);
                // `install(..)` says the test's user did.
                let only_user_install = !info.bot_member;
                if only_user_install
                    && self.install.is_none()
                    && !st.app_installed.contains(&self.user.id)
                {
                    return Err(Undelivered::NotInstalled);
                }
                if install != Install::Guild {
                    st.app_installed.insert(self.user.id);
                }
                let name = data["name"].as_str().unwrap_or_default();
                owners = available(&st, name, context, owners)?;
            }
            let id = st.new_id();
            let token = format!("itoken{id}");
            let mut payload = json!({
                "id": id.to_string(),
                "application_id": APP_ID.to_string(),
                "type": kind,
                "channel_id": self.channel.id.to_string(),
                "token": token,
                "version": 1,
                "locale": self.locale,
                "entitlements": [],
                "attachment_size_limit": payloads::ATTACHMENT_SIZE_LIMIT,
                "authorizing_integration_owners": owners.clone(),
                "context": context,
                "app_permissions": app_permissions,
            });
            payload["data"] = data;
            if let Some(g) = info.guild_id {
                let roles = st.guild_mut(g).roles_of(self.user.id);
                payload["guild_id"] = json!(g.to_string());
                payload["guild_locale"] = json!(self.guild_locale);
                payload["member"] = payloads::member(&self.user, Some(&permissions), &roles);
                payload["channel"] =
                    payloads::interaction_channel(self.channel.id, &info, &permissions);
            } else {
                payload["user"] = payloads::user(&self.user);
                payload["channel"] =
                    payloads::interaction_channel(self.channel.id, &info, &permissions);
            }
            let channel = Channel {
                id: self.channel.id,
                guild_id: info.guild_id,
            };
            if let Some(message) = message {
                payload["message"] = st.clicked(message, &channel, &payload["data"]);
            }
            validate::<serenity::all::Interaction>("interaction", &payload);
            let user_only = owners.contains_key("1") && !owners.contains_key("0");
            st.pending.insert(
                token,
                Pending {
                    id,
                    created: Instant::now(),
                    channel,
                    acknowledged: false,
                    deferred: None,
                    followups: 0,
                    original: None,
                    source_message: message,
                    aged: Duration::ZERO,
                    user_install_only: user_only,
                    forced_ephemeral: forced_ephemeral && user_only,
                    owners,
                },
            );
            st.rec.interactions.push(id);
            st.rec.interaction_payloads.insert(id, payload.clone());
            (id, payload)
        };
        self.fake.dispatch("INTERACTION_CREATE", payload);
        inner.bump();
        Ok(id)
    }
}

/// Why Discord would not deliver a slash command (or its autocomplete).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undelivered {
    /// Where only a user install reaches (a group DM, a DM between users, a server without
    /// the bot), the user has not installed the app: its commands are not offered to them.
    NotInstalled,
    /// The commands are registered globally and this one's `contexts` or
    /// `integration_types` leave this place out (or it is not registered at all).
    NotAvailableHere,
}

impl std::fmt::Display for Undelivered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::NotInstalled => {
                "the user has not installed the app, and only a user install reaches here"
            }
            Self::NotAvailableHere => {
                "the command's global registration leaves this context or installation out"
            }
        })
    }
}

/// The owners a command invocation carries, checked against the latest global
/// registration (when the bot registered globally): the command must list `context` in
/// `contexts` (absent or null: guild and bot DM, as Discord does, discord-api-docs issue
/// 7583) and keeps only the owners of its `integration_types` (absent: guild install only),
/// at least one ("A key will only be present if … the command must be supported in the
/// installation context"). Guild registrations (`DEV_GUILD_ID`) are not checked: those
/// fields only apply to global commands.
fn available(
    st: &State,
    name: &str,
    context: u64,
    owners: serde_json::Map<String, Value>,
) -> Result<serde_json::Map<String, Value>, Undelivered> {
    let Some(global) = st
        .rec
        .registrations
        .iter()
        .rev()
        .find(|r| r.scope == Scope::Global)
    else {
        return Ok(owners);
    };
    let command = global.command(name).ok_or(Undelivered::NotAvailableHere)?;
    let contexts = numbers(&command["contexts"]).unwrap_or_else(|| vec![0, 1]);
    if !contexts.contains(&context) {
        return Err(Undelivered::NotAvailableHere);
    }
    let types = numbers(&command["integration_types"]).unwrap_or_else(|| vec![0]);
    let kept: serde_json::Map<String, Value> = owners
        .into_iter()
        .filter(|(k, _)| k.parse::<u64>().is_ok_and(|t| types.contains(&t)))
        .collect();
    if kept.is_empty() {
        return Err(Undelivered::NotAvailableHere);
    }
    Ok(kept)
}

/// The latency knob ([`FakeDiscord::set_latency`]): off by default, each call answered
/// no sooner than it says once on, calls still carried out side by side.
#[cfg(test)]
mod latency {
    use std::time::{Duration, Instant};

    use serenity::all::{ChannelId, CreateMessage, HttpBuilder};

    use super::FakeDiscord;

    fn http(fake: &FakeDiscord) -> serenity::all::Http {
        HttpBuilder::new("fake-token")
            .proxy(fake.base_url())
            .ratelimiter_disabled(true)
            .build()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn each_rest_call_waits_the_latency_and_calls_overlap() {
        let fake = FakeDiscord::start().await;
        fake.without_bot();
        assert_eq!(fake.inner.lock().latency, Duration::ZERO, "off by default");
        let http = http(&fake);
        let place = fake.channel();
        let channel = ChannelId::new(place.id);
        let post = |text: &'static str| {
            let http = &http;
            async move {
                channel
                    .send_message(http, CreateMessage::new().content(text))
                    .await
                    .expect("posted")
            }
        };
        let by = Duration::from_secs(1);
        fake.set_latency(by);
        let start = Instant::now();
        post("one").await;
        assert!(start.elapsed() >= by, "{:?}", start.elapsed());
        // Four at once take one latency, not four.
        let start = Instant::now();
        futures_util::future::join_all(["a", "b", "c", "d"].map(post)).await;
        let took = start.elapsed();
        assert!(took >= by && took < 4 * by, "{took:?}");
        fake.set_latency(Duration::ZERO);
        post("off").await;
        assert_eq!(fake.channel_messages(place).len(), 6);
    }
}
