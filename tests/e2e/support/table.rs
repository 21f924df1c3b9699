//! A table for end-to-end tests: a fake Discord, the real bot, two members (Alice and Bob)
//! and a channel, with the actions most tests take.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};

use super::fake::{Channel, FakeDiscord, Sent, SentKind, User};
use super::process::BotProcess;
use super::read::{button, first_mention};

/// How long the bot may take to start.
pub const START: Duration = Duration::from_secs(30);
/// How long an answer may take.
pub const REPLY: Duration = Duration::from_secs(10);
/// Permissions of a plain member (view channel, send messages, use commands).
pub const MEMBER: &str = "2147486720";

/// The fake, the bot and two members at a channel.
pub struct Table {
    /// The fake Discord.
    pub fake: FakeDiscord,
    /// The running bot.
    pub bot: BotProcess,
    /// The bot's environment (for a restart).
    pub env: BTreeMap<String, String>,
    /// Bot processes started so far.
    pub starts: usize,
    /// The challenger in most tests.
    pub alice: User,
    /// The challenged member.
    pub bob: User,
    /// Where they play.
    pub channel: Channel,
}

impl Table {
    /// Starts the fake and the bot with `BROADSIDE_SEED=seed` and `extra_env`.
    pub async fn new(seed: &str, extra_env: &[(&str, &str)]) -> Self {
        let (fake, bot, env) = Self::start(seed, extra_env, false).await;
        let (alice, bob, channel) = (fake.user("alice"), fake.user("bob"), fake.channel());
        Self::seated(fake, bot, env, [alice, bob], channel)
    }

    /// As [`Self::new`], but where the bot can only answer (issue 38): the commands are
    /// registered globally (no `DEV_GUILD_ID`), Alice and Bob installed the app to their
    /// accounts, and the table's channel is a group DM of the two, without the bot.
    pub async fn anywhere(seed: &str, extra_env: &[(&str, &str)]) -> Self {
        let (fake, bot, env) = Self::start(seed, extra_env, true).await;
        let (alice, bob) = (fake.user("alice"), fake.user("bob"));
        fake.set_app_installed(&alice, true);
        fake.set_app_installed(&bob, true);
        let channel = fake.group_dm(&[&alice, &bob]);
        Self::seated(fake, bot, env, [alice, bob], channel)
    }

    /// The table of a bot started once, with `players` (Alice, Bob) at `channel`.
    pub fn seated(
        fake: FakeDiscord,
        bot: BotProcess,
        env: BTreeMap<String, String>,
        [alice, bob]: [User; 2],
        channel: Channel,
    ) -> Self {
        Self {
            fake,
            bot,
            env,
            starts: 1,
            alice,
            bob,
            channel,
        }
    }

    /// The fake and the bot, ready (`global`: registered globally, without `DEV_GUILD_ID`).
    async fn start(
        seed: &str,
        extra_env: &[(&str, &str)],
        global: bool,
    ) -> (FakeDiscord, BotProcess, BTreeMap<String, String>) {
        let fake = FakeDiscord::start().await;
        let mut env = fake.bot_env();
        if global {
            env.remove("DEV_GUILD_ID");
        }
        env.insert("BROADSIDE_SEED".into(), seed.into());
        for (k, v) in extra_env {
            env.insert((*k).into(), (*v).into());
        }
        let bot = BotProcess::spawn(&env);
        fake.wait_ready(START).await;
        (fake, bot, env)
    }

    /// A slash command by `user` in `channel`; its first answer.
    pub async fn slash_in(
        &self,
        user: &User,
        channel: Channel,
        name: &str,
        options: Value,
    ) -> Sent {
        slash_in(&self.fake, user, channel, name, options).await
    }

    /// A slash command by `user` in the table's channel.
    pub async fn slash(&self, user: &User, name: &str, options: Value) -> Sent {
        self.slash_in(user, self.channel, name, options).await
    }

    /// A click on the button with `custom_id` (on a message the fake has not seen).
    pub async fn click(&self, user: &User, custom_id: &str) -> Sent {
        let id = self.fake.click(user, self.channel, 1, custom_id);
        self.fake.wait_reply(id, REPLY).await
    }

    /// A click on the `action` button of the message `on` (so the fake knows whether the
    /// message it updates was private).
    pub async fn click_on(&self, user: &User, on: &Sent, action: &str) -> Sent {
        let message = on.message_id.unwrap_or(1);
        let id = self
            .fake
            .click(user, self.channel, message, &button(on, action));
        self.fake.wait_reply(id, REPLY).await
    }

    /// `/challenge` from `from` to `to` in `channel`, of `variant` (0 classic, 1 Game 2000).
    pub async fn challenge(&self, from: &User, to: &User, channel: Channel, variant: u64) -> Sent {
        self.slash_in(
            from,
            channel,
            "challenge",
            json!([
                {"name": "opponent", "type": 6, "value": to.id.to_string()},
                {"name": "variant", "type": 4, "value": variant},
            ]),
        )
        .await
    }

    /// `/challenge` of the computer by Alice in the table's channel, of `variant` (0
    /// classic, 1 Game 2000) at `difficulty` (0 easy); the public answer.
    pub async fn challenge_computer(&self, variant: u64, difficulty: u64) -> Sent {
        let bot = super::payloads::BOT_USER_ID;
        let reply = self
            .slash(
                &self.alice,
                "challenge",
                json!([
                    {"name": "opponent", "type": 6, "value": bot.to_string()},
                    {"name": "variant", "type": 4, "value": variant},
                    {"name": "difficulty", "type": 4, "value": difficulty},
                ]),
            )
            .await;
        assert!(!reply.ephemeral, "{reply:?}");
        reply
    }

    /// Alice challenges Bob to `variant`, he accepts, both place `fleets` and make them
    /// final; returns who fires first.
    pub async fn battle(&self, variant: u64, fleets: [&str; 2]) -> u64 {
        let challenge = self
            .challenge(&self.alice, &self.bob, self.channel, variant)
            .await;
        self.click_on(&self.bob, &challenge, "accept").await;
        for (user, fleet) in [(&self.alice, fleets[0]), (&self.bob, fleets[1])] {
            let preview = self.place(user, fleet).await;
            self.click_on(user, &preview, "ready").await;
        }
        self.first_player().await
    }

    /// A short classic match: Alice and Bob place the tests' `CLASSIC_A` and `CLASSIC_B`
    /// (`fleets`), the one to move first hits twice and misses (a hit shoots again), then
    /// the other forfeits. Who moved first, the answers to the three shots, and the end
    /// message.
    pub async fn short_match(&self, fleets: [&str; 2]) -> (u64, Vec<Sent>, Sent) {
        let first = self.battle(0, fleets).await;
        let cells = if first == self.alice.id {
            ["J1", "J2", "B5"]
        } else {
            ["A1", "A2", "J5"]
        };
        let mut shots = Vec::new();
        for cell in cells {
            shots.push(self.fire(self.user(first), cell).await);
        }
        self.slash(self.other(first), "forfeit", json!([])).await;
        (first, shots, self.posted(self.channel, "forfeits").await)
    }

    /// `/place fleet:…` by `user`: the private preview.
    pub async fn place(&self, user: &User, fleet: &str) -> Sent {
        self.slash(
            user,
            "place",
            json!([{"name": "fleet", "type": 3, "value": fleet}]),
        )
        .await
    }

    /// `/fire targets:…` by `user`: the first answer.
    pub async fn fire(&self, user: &User, cells: &str) -> Sent {
        self.slash(
            user,
            "fire",
            json!([{"name": "targets", "type": 3, "value": cells}]),
        )
        .await
    }

    /// Who fires first, from the battle's start message.
    pub async fn first_player(&self) -> u64 {
        first_mention(self.wait_text("fires first").await.text())
    }

    /// The first thing the bot sent whose text contains `needle`.
    pub async fn wait_text(&self, needle: &str) -> Sent {
        self.fake
            .first_sent(|s| s.text().contains(needle), REPLY)
            .await
    }

    /// The first channel message the bot posted in `channel` containing `needle`.
    pub async fn posted(&self, channel: Channel, needle: &str) -> Sent {
        posted_in(&self.fake, channel, needle).await
    }

    /// Waits until the bot has sent `user` a DM.
    pub async fn wait_dm(&self, user: &User) {
        self.fake
            .wait_sent(|s| s.kind == SentKind::Dm(user.id), REPLY)
            .await;
    }

    /// Kills the bot (SIGKILL, mid-whatever) and starts it again on the same database.
    pub async fn restart(&mut self) {
        self.bot.signal("KILL");
        self.bot.wait_exit(START).await;
        self.bot = self.bot.restart_in_same_dir(&self.env);
        self.starts += 1;
        self.fake.wait_ready_again(self.starts, START).await;
    }

    /// `/place fleet:…` by `user` in `channel`, then Ready there.
    pub async fn place_and_ready(&self, user: &User, channel: Channel, fleet: &str) {
        place_and_ready_in(&self.fake, user, channel, fleet).await;
    }

    /// Alice or Bob, by id.
    pub fn user(&self, id: u64) -> &User {
        if id == self.alice.id {
            &self.alice
        } else {
            &self.bob
        }
    }

    /// The other one of Alice and Bob.
    pub fn other(&self, id: u64) -> &User {
        if id == self.alice.id {
            &self.bob
        } else {
            &self.alice
        }
    }
}

/// The first channel message the bot posted in `channel` containing `needle` (waits for it).
pub async fn posted_in(fake: &FakeDiscord, channel: Channel, needle: &str) -> Sent {
    let wanted = |s: &Sent| {
        s.kind == SentKind::ChannelMessage
            && s.channel == Some(channel.id)
            && s.text().contains(needle)
    };
    fake.first_sent(wanted, REPLY).await
}

/// A slash command by `user` (a plain member) in `channel`; its first answer.
pub async fn slash_in(
    fake: &FakeDiscord,
    user: &User,
    channel: Channel,
    name: &str,
    options: Value,
) -> Sent {
    let id = fake
        .interaction(user, channel)
        .permissions(MEMBER)
        .slash(name, options);
    fake.wait_reply(id, REPLY).await
}

/// `/place fleet:…` by `user` in `channel` (a DM or the match's): the private preview.
pub async fn place_in(fake: &FakeDiscord, user: &User, channel: Channel, fleet: &str) -> Sent {
    let preview = slash_in(
        fake,
        user,
        channel,
        "place",
        json!([{"name": "fleet", "type": 3, "value": fleet}]),
    )
    .await;
    assert!(preview.ephemeral, "{preview:?}");
    preview
}

/// A click by `user` in `channel` on the `action` button of `on`; its first answer.
pub async fn click_in(
    fake: &FakeDiscord,
    user: &User,
    channel: Channel,
    on: &Sent,
    action: &str,
) -> Sent {
    let message = on.message_id.unwrap_or(1);
    let click = fake.click(user, channel, message, &button(on, action));
    fake.wait_reply(click, REPLY).await
}

/// [`place_in`], then Ready on the preview.
pub async fn place_and_ready_in(fake: &FakeDiscord, user: &User, channel: Channel, fleet: &str) {
    let preview = place_in(fake, user, channel, fleet).await;
    click_in(fake, user, channel, &preview, "ready").await;
}

/// The latest DM to `user` with a button whose custom id ends with `suffix` (waits for it).
pub async fn dm_with_button(fake: &FakeDiscord, user: &User, suffix: &str) -> Sent {
    let wanted = |s: &Sent| {
        s.kind == SentKind::Dm(user.id) && s.custom_ids().iter().any(|i| i.ends_with(suffix))
    };
    fake.last_sent(wanted, REPLY).await
}
