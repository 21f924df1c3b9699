//! What the fake knows about places: channels (threads, group DMs, channels where the bot is
//! not a member), guilds (owner, roles, members' roles) and Discord's permission arithmetic.
//!
//! A channel id the fake has never heard of is a text channel of the default guild where the
//! bot is a member, as before this module existed; helpers here describe everything else.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{Value, json};

use super::fake::{Channel, FakeDiscord, InteractionId, Sent, SentKind, User};
use super::payloads::{self, GUILD_ID, MEMBER_PERMISSIONS, perm};

/// Owner of every guild the fake makes up, unless a test names another
/// ([`FakeDiscord::set_guild_owner`]); the application owner of `GET /oauth2/applications/@me`.
pub const GUILD_OWNER_ID: u64 = 1_000_000_000_000_000_001;

/// Channel types (Discord's numbers).
pub mod kind {
    /// `GUILD_TEXT`.
    pub const TEXT: u64 = 0;
    /// `DM`.
    pub const DM: u64 = 1;
    /// `GROUP_DM`.
    pub const GROUP_DM: u64 = 3;
    /// `PUBLIC_THREAD`.
    pub const PUBLIC_THREAD: u64 = 11;
    /// `PRIVATE_THREAD`.
    pub const PRIVATE_THREAD: u64 = 12;
}

/// Who a permission overwrite is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A role (`type: 0`); the guild's id is the `@everyone` role.
    Role(u64),
    /// One member (`type: 1`).
    Member(u64),
}

impl Target {
    fn id(self) -> u64 {
        match self {
            Self::Role(id) | Self::Member(id) => id,
        }
    }

    fn type_number(self) -> u64 {
        match self {
            Self::Role(_) => 0,
            Self::Member(_) => 1,
        }
    }
}

/// One permission overwrite of a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overwrite {
    /// Role or member.
    pub target: Target,
    /// Permission bits allowed.
    pub allow: u64,
    /// Permission bits denied.
    pub deny: u64,
}

/// A role of a guild.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Role {
    /// Snowflake (the guild's id for `@everyone`).
    pub id: u64,
    /// Name.
    pub name: String,
    /// Permission bits.
    pub permissions: u64,
}

/// A thread as the fake holds it now (see [`FakeDiscord::threads`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    /// The thread's id (for a thread started from a message, the message's id).
    pub id: u64,
    /// Its guild.
    pub guild_id: u64,
    /// The channel it belongs to.
    pub parent: u64,
    /// Name as given at creation.
    pub name: String,
    /// 11 public or 12 private.
    pub kind: u64,
    /// Whether it is archived now.
    pub archived: bool,
    /// Whether it is locked now.
    pub locked: bool,
    /// `auto_archive_duration` in minutes.
    pub auto_archive_duration: u64,
    /// The message it was started from, if any.
    pub starter_message: Option<u64>,
    /// Whether the bot created it (otherwise a test did, as a user).
    pub by_bot: bool,
    /// The `type` field of the creation request as sent (`None`: absent, or started from a
    /// message, which takes no type).
    pub type_requested: Option<u64>,
}

impl Thread {
    /// The thread as a place for interactions and channel helpers.
    pub fn channel(&self) -> Channel {
        Channel::in_guild(self.guild_id, self.id)
    }
}

/// Thread-only state of a channel.
#[derive(Clone, Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "the thread fields Discord has, each on its own"
)]
pub(super) struct ThreadState {
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    pub invitable: bool,
    pub starter: Option<u64>,
    pub owner_id: u64,
    pub by_bot: bool,
    pub type_requested: Option<u64>,
    pub message_count: u64,
}

/// A channel the fake knows more about than its id.
#[derive(Clone, Debug)]
pub(super) struct ChannelInfo {
    pub guild_id: Option<u64>,
    pub kind: u64,
    pub name: String,
    /// For a thread: the channel it is in.
    pub parent_id: Option<u64>,
    pub overwrites: Vec<Overwrite>,
    /// Whether the bot can see and post here (false for group DMs, DMs between two users and
    /// channels of guilds the bot is not in).
    pub bot_member: bool,
    /// Thread creation here fails with 403 / 50013.
    pub refuse_threads: bool,
    pub thread: Option<ThreadState>,
    /// For DMs and group DMs: the users in it.
    pub recipients: Vec<u64>,
}

impl ChannelInfo {
    /// A text channel of `guild` where the bot is a member.
    pub fn text(guild: u64) -> Self {
        Self {
            guild_id: Some(guild),
            kind: kind::TEXT,
            name: "sea".to_owned(),
            parent_id: None,
            overwrites: Vec::new(),
            bot_member: true,
            refuse_threads: false,
            thread: None,
            recipients: Vec::new(),
        }
    }

    /// A DM or group DM without the bot (or the bot's own DM when `bot_member`).
    pub fn private(kind: u64, recipients: Vec<u64>, bot_member: bool) -> Self {
        Self {
            guild_id: None,
            kind,
            name: String::new(),
            parent_id: None,
            overwrites: Vec::new(),
            bot_member,
            refuse_threads: false,
            thread: None,
            recipients,
        }
    }

    pub fn is_thread(&self) -> bool {
        self.thread.is_some()
    }
}

/// A guild the fake knows.
#[derive(Clone, Debug)]
pub(super) struct GuildInfo {
    pub name: String,
    pub owner_id: u64,
    /// `@everyone` (id = guild id) first.
    pub roles: Vec<Role>,
    pub member_roles: HashMap<u64, Vec<u64>>,
    /// Whether the bot is in it (false: only a user-installed app reaches it).
    pub bot_member: bool,
}

impl GuildInfo {
    pub fn new(id: u64, bot_member: bool) -> Self {
        Self {
            name: format!("guild {id}"),
            owner_id: GUILD_OWNER_ID,
            roles: vec![Role {
                id,
                name: "@everyone".to_owned(),
                permissions: MEMBER_PERMISSIONS.parse().expect("a bitfield"),
            }],
            member_roles: HashMap::new(),
            bot_member,
        }
    }

    pub fn roles_of(&self, user: u64) -> Vec<u64> {
        self.member_roles.get(&user).cloned().unwrap_or_default()
    }
}

/// Discord's base permissions of a member: everything for the owner or an administrator,
/// else `@everyone`'s bits with each of the member's roles' (topics/permissions, "Permission
/// Overwrites").
pub(super) fn base_permissions(guild_id: u64, guild: &GuildInfo, user: u64) -> u64 {
    if guild.owner_id == user {
        return perm::ALL;
    }
    let roles = guild.roles_of(user);
    let mut bits = 0;
    for role in &guild.roles {
        if role.id == guild_id || roles.contains(&role.id) {
            bits |= role.permissions;
        }
    }
    if bits & perm::ADMINISTRATOR != 0 {
        return perm::ALL;
    }
    bits
}

/// The channel-level step: `@everyone`'s overwrite, then the member's roles' overwrites
/// together, then the member's own, each denying before allowing.
pub(super) fn apply_overwrites(
    base: u64,
    guild_id: u64,
    roles: &[u64],
    user: u64,
    overwrites: &[Overwrite],
) -> u64 {
    if base & perm::ADMINISTRATOR != 0 {
        return perm::ALL;
    }
    let mut bits = base;
    if let Some(o) = overwrites
        .iter()
        .find(|o| o.target == Target::Role(guild_id))
    {
        bits &= !o.deny;
        bits |= o.allow;
    }
    let (mut allow, mut deny) = (0, 0);
    for o in overwrites {
        if let Target::Role(id) = o.target
            && id != guild_id
            && roles.contains(&id)
        {
            allow |= o.allow;
            deny |= o.deny;
        }
    }
    bits &= !deny;
    bits |= allow;
    if let Some(o) = overwrites.iter().find(|o| o.target == Target::Member(user)) {
        bits &= !o.deny;
        bits |= o.allow;
    }
    bits
}

impl super::fake::State {
    /// The guild `id`, made up (the bot a member) on first use.
    ///
    /// A guild made up after the bot connected is one the bot just joined: with
    /// [`FakeDiscord::send_guild_create`] on, it gets a `GUILD_CREATE` (scenario 3 of
    /// gateway-events, Guild Create).
    pub fn guild_mut(&mut self, id: u64) -> &mut GuildInfo {
        if let std::collections::hash_map::Entry::Vacant(new) = self.guilds.entry(id) {
            new.insert(GuildInfo::new(id, true));
            // The default server is in every READY: it is no new one.
            if id != GUILD_ID {
                let event = self.guild_create_event(id);
                self.announce("GUILD_CREATE", id, event);
            }
        }
        self.guilds.get_mut(&id).expect("inserted above")
    }

    /// The guilds the bot is in, the default one first (READY's `guilds`).
    pub fn bot_guilds(&self) -> Vec<u64> {
        let mut others: Vec<u64> = self
            .guilds
            .iter()
            .filter(|(id, g)| **id != GUILD_ID && g.bot_member)
            .map(|(id, _)| *id)
            .collect();
        others.sort_unstable();
        std::iter::once(GUILD_ID).chain(others).collect()
    }

    /// `GUILD_CREATE`'s data for guild `id` as it is now: its roles, the text channels the
    /// fake knows in it (with their overwrites), its active threads (each with the bot's
    /// thread member, without `id` and `user_id` as the docs say, where the bot is in it),
    /// and the bot as the one member sent.
    pub fn guild_create_event(&self, id: u64) -> Value {
        let guild = self
            .guilds
            .get(&id)
            .cloned()
            .unwrap_or_else(|| GuildInfo::new(id, true));
        let mut ids: Vec<u64> = self
            .channels
            .iter()
            .filter(|(_, c)| c.guild_id == Some(id) && c.bot_member)
            .map(|(cid, _)| *cid)
            .collect();
        ids.sort_unstable();
        let (mut channels, mut threads) = (Vec::new(), Vec::new());
        for cid in ids {
            let info = &self.channels[&cid];
            let mut object = payloads::guild_channel(cid, info);
            match &info.thread {
                None => channels.push(object),
                Some(t) if !t.archived => {
                    if let Some(member) = object["member"].as_object_mut() {
                        member.remove("id");
                        member.remove("user_id");
                    }
                    threads.push(object);
                }
                Some(_) => {}
            }
        }
        payloads::guild_create(
            id,
            &guild.name,
            guild.owner_id,
            &guild.roles,
            channels,
            threads,
            self.users.len() + 1,
        )
    }

    /// Tells the bot (with [`FakeDiscord::send_guild_create`] on) that channel `id` was made
    /// (`CHANNEL_CREATE`, or `THREAD_CREATE` with `newly_created` for a thread) or changed
    /// (`CHANNEL_UPDATE`, `THREAD_UPDATE`).
    pub fn announce_channel(&mut self, id: u64, created: bool) {
        let info = self.channel_info(id);
        let Some(guild) = info.guild_id else {
            return;
        };
        if !info.bot_member {
            return;
        }
        let mut object = payloads::guild_channel(id, &info);
        let event = match (info.is_thread(), created) {
            (false, true) => "CHANNEL_CREATE",
            (false, false) => "CHANNEL_UPDATE",
            (true, true) => {
                object["newly_created"] = json!(true);
                "THREAD_CREATE"
            }
            (true, false) => "THREAD_UPDATE",
        };
        self.announce(event, guild, object);
    }

    /// The channel `id` as the fake models it: a text channel of the default guild unless
    /// described otherwise (a DM made by `POST /users/@me/channels` is the bot's DM).
    pub fn channel_info(&self, id: u64) -> ChannelInfo {
        if let Some(info) = self.channels.get(&id) {
            return info.clone();
        }
        if let Some(user) = self.user_by_dm.get(&id) {
            return ChannelInfo::private(kind::DM, vec![*user], true);
        }
        ChannelInfo::text(GUILD_ID)
    }

    /// The [`Channel`] (id and guild) of `id`.
    pub fn channel_of(&self, id: u64) -> Channel {
        Channel {
            id,
            guild_id: self.channel_info(id).guild_id,
        }
    }

    /// Remembers `channel` (a place an interaction happened) if the fake had no description.
    pub fn know_channel(&mut self, channel: Channel) {
        if self.channels.contains_key(&channel.id) || self.user_by_dm.contains_key(&channel.id) {
            return;
        }
        let info = match channel.guild_id {
            Some(g) => {
                self.guild_mut(g);
                ChannelInfo::text(g)
            }
            // A DM the fake did not open: the bot's DM with someone.
            None => ChannelInfo::private(kind::DM, Vec::new(), true),
        };
        let in_guild = info.guild_id.is_some() && info.bot_member;
        self.channels.insert(channel.id, info);
        if in_guild {
            // A channel the bot can see: its cache learns of it.
            self.announce_channel(channel.id, true);
        }
    }

    /// The permissions of `user` in channel `id` (a thread: in its parent), computed as Discord
    /// documents; 0 outside guilds.
    pub fn permissions_in(&mut self, user: u64, id: u64) -> u64 {
        let info = self.channel_info(id);
        let Some(guild_id) = info.guild_id else {
            return 0;
        };
        let overwrites = match info.parent_id {
            Some(parent) => self.channel_info(parent).overwrites,
            None => info.overwrites,
        };
        let guild = self.guild_mut(guild_id).clone();
        let base = base_permissions(guild_id, &guild, user);
        apply_overwrites(base, guild_id, &guild.roles_of(user), user, &overwrites)
    }

    /// A snapshot of the thread `id`.
    pub fn thread(&self, id: u64) -> Option<Thread> {
        let info = self.channels.get(&id)?;
        let t = info.thread.as_ref()?;
        Some(Thread {
            id,
            guild_id: info.guild_id.unwrap_or(GUILD_ID),
            parent: info.parent_id.unwrap_or_default(),
            name: info.name.clone(),
            kind: info.kind,
            archived: t.archived,
            locked: t.locked,
            auto_archive_duration: t.auto_archive_duration,
            starter_message: t.starter,
            by_bot: t.by_bot,
            type_requested: t.type_requested,
        })
    }

    /// Creates the thread `id` in `parent` and returns its channel object.
    #[expect(
        clippy::too_many_arguments,
        reason = "one flat call mirrors the request's fields"
    )]
    pub fn create_thread(
        &mut self,
        id: u64,
        parent: Channel,
        name: &str,
        thread_kind: u64,
        starter: Option<u64>,
        auto_archive_duration: u64,
        by_bot: bool,
        type_requested: Option<u64>,
    ) -> Value {
        let guild = parent.guild_id.unwrap_or(GUILD_ID);
        self.guild_mut(guild);
        let owner_id = if by_bot {
            payloads::BOT_USER_ID
        } else {
            GUILD_OWNER_ID
        };
        self.channels.insert(
            id,
            ChannelInfo {
                guild_id: Some(guild),
                kind: thread_kind,
                name: name.to_owned(),
                parent_id: Some(parent.id),
                overwrites: Vec::new(),
                bot_member: true,
                refuse_threads: false,
                thread: Some(ThreadState {
                    archived: false,
                    locked: false,
                    auto_archive_duration,
                    invitable: thread_kind == kind::PRIVATE_THREAD,
                    starter,
                    owner_id,
                    by_bot,
                    type_requested,
                    message_count: 0,
                }),
                recipients: Vec::new(),
            },
        );
        self.channel_object(id)
    }

    /// `GET /channels/{id}`'s answer for a channel the bot can see.
    pub fn channel_object(&self, id: u64) -> Value {
        let info = self.channel_info(id);
        if info.guild_id.is_none() {
            let user = info.recipients.first().copied().unwrap_or_default();
            let user = self.users.get(&user).cloned().unwrap_or_else(|| User {
                id: user,
                name: format!("user{user}"),
            });
            return payloads::dm_channel(id, &user);
        }
        payloads::guild_channel(id, &info)
    }
}

impl FakeDiscord {
    /// Describes channel `id` (replacing what the fake assumed).
    pub(super) fn set_channel_info(&self, id: u64, info: ChannelInfo) {
        self.inner.lock().channels.insert(id, info);
    }

    fn change_channel(&self, channel: Channel, change: impl FnOnce(&mut ChannelInfo)) {
        let mut st = self.inner.lock();
        let mut info = st.channel_info(channel.id);
        if info.guild_id.is_none() && channel.guild_id.is_some() {
            info.guild_id = channel.guild_id;
        }
        change(&mut info);
        st.channels.insert(channel.id, info);
    }

    /// A thread in `parent` made by a user (not the bot), e.g. to send interactions from inside
    /// it: `kind` 11 public or 12 private. Interactions there carry a channel of that type with
    /// `parent_id` and `thread_metadata`.
    pub fn thread(&self, parent: Channel, name: &str, kind: u64) -> Channel {
        let mut st = self.inner.lock();
        let id = st.new_id();
        st.create_thread(id, parent, name, kind, None, 1440, false, Some(kind));
        st.announce_channel(id, true);
        Channel::in_guild(parent.guild_id.unwrap_or(GUILD_ID), id)
    }

    /// Every thread the fake knows (the bot's and the tests'), oldest first.
    pub fn threads(&self) -> Vec<Thread> {
        let st = self.inner.lock();
        let mut out: Vec<Thread> = st.channels.keys().filter_map(|id| st.thread(*id)).collect();
        out.sort_by_key(|t| t.id);
        out
    }

    /// The threads the bot created, oldest first.
    pub fn threads_by_bot(&self) -> Vec<Thread> {
        self.threads().into_iter().filter(|t| t.by_bot).collect()
    }

    /// The thread `channel` as it is now, if it is one.
    pub fn thread_state(&self, channel: Channel) -> Option<Thread> {
        self.inner.lock().thread(channel.id)
    }

    /// Waits until the bot has created a thread in `parent`; returns the first (as it is when
    /// found).
    pub async fn wait_thread(&self, parent: Channel, timeout: Duration) -> Thread {
        let id = self
            .wait_for(
                |rec| {
                    rec.sent
                        .iter()
                        .find(|s| s.kind == SentKind::CreateThread && s.channel == Some(parent.id))
                        .and_then(|s| s.message_id)
                },
                timeout,
            )
            .await;
        self.inner
            .lock()
            .thread(id)
            .expect("a created thread is known")
    }

    /// Messages in the thread `thread` (channel posts, interaction replies there), in order.
    pub fn thread_messages(&self, thread: Channel) -> Vec<Sent> {
        self.channel_messages(thread)
    }

    /// Makes thread creation in `channel` fail with 403 / 50013 (Missing Permissions), as when
    /// the bot lacks Create Public/Private Threads there.
    pub fn refuse_threads(&self, channel: Channel) {
        self.change_channel(channel, |info| info.refuse_threads = true);
    }

    /// A moderator archives or locks (or reopens) `thread`.
    pub fn set_thread_state(&self, thread: Channel, archived: bool, locked: bool) {
        self.change_channel(thread, |info| {
            if let Some(t) = &mut info.thread {
                t.archived = archived;
                t.locked = locked;
            }
        });
        self.inner.lock().announce_channel(thread.id, false);
    }

    /// Gives (or takes) the bot Manage Threads: without it (the default, as in
    /// [`payloads::APP_PERMISSIONS`]) locking a thread answers 403 / 50013 and a locked thread
    /// refuses the bot's posts.
    pub fn grant_manage_threads(&self, granted: bool) {
        self.inner.lock().manage_threads = granted;
    }

    /// A group DM (channel type 3) of `users`, without the bot: posts there answer 403 / 50001;
    /// interactions there are user-installed, `context` 2.
    pub fn group_dm(&self, users: &[&User]) -> Channel {
        let mut st = self.inner.lock();
        let id = st.new_id();
        let recipients = users.iter().map(|u| u.id).collect();
        st.channels
            .insert(id, ChannelInfo::private(kind::GROUP_DM, recipients, false));
        Channel { id, guild_id: None }
    }

    /// The DM between two users (channel type 1, not the bot's): as [`Self::group_dm`].
    pub fn dm_between(&self, a: &User, b: &User) -> Channel {
        let mut st = self.inner.lock();
        let id = st.new_id();
        st.channels
            .insert(id, ChannelInfo::private(kind::DM, vec![a.id, b.id], false));
        Channel { id, guild_id: None }
    }

    /// Makes the gateway send, after READY, a `GUILD_CREATE` for every server the bot is in
    /// (READY then lists them all as unavailable), and from then on the server events that
    /// keep a cache true: `CHANNEL_CREATE` / `CHANNEL_UPDATE` for channels the fake learns
    /// of or changes, `THREAD_CREATE` / `THREAD_UPDATE` / `THREAD_DELETE`,
    /// `GUILD_ROLE_CREATE` / `GUILD_ROLE_UPDATE`, and `GUILD_CREATE` for a server made up
    /// later (one the bot joins). Takes effect at the next gateway session: call it before
    /// the bot connects. Off by default (the older tests change places without telling a
    /// cache).
    pub fn send_guild_create(&self, on: bool) {
        self.inner.lock().guild_create = on;
    }

    /// Puts `guild` in an outage (or ends it): at the next READY it gets a `GUILD_DELETE`
    /// with `unavailable: true` instead of its `GUILD_CREATE`, so it is not in the bot's
    /// cache (REST still answers for it).
    pub fn guild_outage(&self, guild: u64, out: bool) {
        let mut st = self.inner.lock();
        if out {
            st.outages.insert(guild);
        } else {
            st.outages.remove(&guild);
        }
    }

    /// `GUILD_CREATE`'s data for `guild` as the fake would send it now (validated).
    pub fn guild_create_payload(&self, guild: u64) -> Value {
        let st = self.inner.lock();
        let data = st.guild_create_event(guild);
        payloads::validate_dispatch("GUILD_CREATE", &data);
        data
    }

    /// The server events dispatched so far (with [`Self::send_guild_create`] on), in order.
    pub fn guild_events(&self) -> Vec<(String, Value)> {
        self.inner.lock().rec.guild_events.clone()
    }

    /// A fresh server the bot is in (with [`Self::send_guild_create`] on and the bot
    /// connected, it gets that server's `GUILD_CREATE`, as when it joins one).
    pub fn server(&self) -> u64 {
        let mut st = self.inner.lock();
        let id = st.new_id();
        st.guild_mut(id);
        id
    }

    /// A fresh text channel in `guild`.
    pub fn channel_in(&self, guild: u64) -> Channel {
        let mut st = self.inner.lock();
        let channel = Channel::in_guild(guild, st.new_id());
        st.know_channel(channel);
        channel
    }

    /// A text channel of a fresh guild the bot is not in (reached only through a
    /// user-installed app): posts and reads there answer 403 / 50001.
    pub fn foreign_channel(&self) -> Channel {
        let mut st = self.inner.lock();
        let guild = st.new_id();
        let id = st.new_id();
        st.guilds.insert(guild, GuildInfo::new(guild, false));
        let mut info = ChannelInfo::text(guild);
        info.bot_member = false;
        st.channels.insert(id, info);
        Channel::in_guild(guild, id)
    }

    /// Makes interaction tokens of `interaction` look `minutes` older than they are: past 15
    /// minutes, follow-ups and edits through the token answer 401 / 50027 (Invalid Webhook
    /// Token), as Discord does with expired tokens.
    pub fn age_token(&self, interaction: InteractionId, minutes: u64) {
        let mut st = self.inner.lock();
        if let Some(p) = st.pending.values_mut().find(|p| p.id == interaction) {
            p.aged += Duration::from_secs(minutes * 60);
        }
    }

    /// Marks `user` as sharing no server with the bot: the bot's DMs to them fail with 403 /
    /// 50278 unless they installed the app (see [`Self::allow_dms_to_app_users`]).
    pub fn set_no_mutual_guild(&self, user: &User, none: bool) {
        let mut st = self.inner.lock();
        if none {
            st.no_mutual_guild.insert(user.id);
        } else {
            st.no_mutual_guild.remove(&user.id);
        }
    }

    /// Marks `user` as having installed the app to their account (a user-installed interaction
    /// by them does so too).
    pub fn set_app_installed(&self, user: &User, installed: bool) {
        let mut st = self.inner.lock();
        if installed {
            st.app_installed.insert(user.id);
        } else {
            st.app_installed.remove(&user.id);
        }
    }

    /// Whether the bot may DM a user who installed the app but shares no server with it
    /// (default `true`; `false` makes those DMs fail with 403 / 50278 too).
    pub fn allow_dms_to_app_users(&self, allowed: bool) {
        self.inner.lock().refuse_dms_to_app_users = !allowed;
    }

    /// Adds a role to `guild` with `permissions` bits.
    pub fn role(&self, guild: u64, name: &str, permissions: u64) -> Role {
        let mut st = self.inner.lock();
        let id = st.new_id();
        let role = Role {
            id,
            name: name.to_owned(),
            permissions,
        };
        let roles = &mut st.guild_mut(guild).roles;
        roles.push(role.clone());
        let object = payloads::role(&role, roles.len() - 1);
        st.announce(
            "GUILD_ROLE_CREATE",
            guild,
            json!({"guild_id": guild.to_string(), "role": object}),
        );
        role
    }

    /// Sets `@everyone`'s permission bits in `guild`.
    pub fn set_everyone_permissions(&self, guild: u64, permissions: u64) {
        let mut st = self.inner.lock();
        if let Some(r) = st.guild_mut(guild).roles.iter_mut().find(|r| r.id == guild) {
            r.permissions = permissions;
            let object = payloads::role(r, 0);
            st.announce(
                "GUILD_ROLE_UPDATE",
                guild,
                json!({"guild_id": guild.to_string(), "role": object}),
            );
        }
    }

    /// Gives `user` the role `role` in `guild` (shown in `GET …/members/{user}` and in the
    /// `member.roles` of their interactions there).
    pub fn give_role(&self, guild: u64, user: &User, role: &Role) {
        let mut st = self.inner.lock();
        let roles = st.guild_mut(guild).member_roles.entry(user.id).or_default();
        if !roles.contains(&role.id) {
            roles.push(role.id);
        }
    }

    /// Makes `user` the owner of `guild` (`GET /guilds/{id}`'s `owner_id`).
    pub fn set_guild_owner(&self, guild: u64, user: &User) {
        self.inner.lock().guild_mut(guild).owner_id = user.id;
    }

    /// Adds (or replaces) the overwrite for `target` on `channel`.
    pub fn set_overwrite(&self, channel: Channel, target: Target, allow: u64, deny: u64) {
        self.change_channel(channel, |info| {
            info.overwrites.retain(|o| o.target != target);
            info.overwrites.push(Overwrite {
                target,
                allow,
                deny,
            });
        });
        self.inner.lock().announce_channel(channel.id, false);
    }

    /// Makes `channel` private: `@everyone` is denied View Channel, each of `allowed` (roles
    /// or members) is allowed it.
    pub fn make_private(&self, channel: Channel, allowed: &[Target]) {
        let guild = channel.guild_id.unwrap_or(GUILD_ID);
        self.set_overwrite(channel, Target::Role(guild), 0, perm::VIEW_CHANNEL);
        for target in allowed {
            self.set_overwrite(channel, *target, perm::VIEW_CHANNEL, 0);
        }
    }

    /// The permissions Discord would compute for `user` in `channel` (a thread: its parent's).
    pub fn permissions_of(&self, user: &User, channel: Channel) -> u64 {
        let mut st = self.inner.lock();
        st.know_channel(channel);
        st.permissions_in(user.id, channel.id)
    }

    /// Whether `user` can see `channel` (View Channel), by Discord's rules.
    pub fn can_view(&self, user: &User, channel: Channel) -> bool {
        self.permissions_of(user, channel) & perm::VIEW_CHANNEL != 0
    }
}

/// The overwrite as Discord sends it in a channel object.
pub(super) fn overwrite_json(o: &Overwrite) -> Value {
    json!({
        "id": o.target.id().to_string(),
        "type": o.target.type_number(),
        "allow": o.allow.to_string(),
        "deny": o.deny.to_string(),
    })
}
