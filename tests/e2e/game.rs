//! End-to-end matches: the real binary against the fake Discord, from challenge to reveal.

use crate::e2e::support;
use crate::e2e::support::says;

use std::time::Duration;

use crate::fleets::{CLASSIC_A, CLASSIC_B, G2000_A, G2000_B};
use serde_json::{Value, json};
use support::{BotProcess, Channel, FakeDiscord, Sent, SentKind, User, button, first_mention};

const START: Duration = Duration::from_secs(30);
const REPLY: Duration = Duration::from_secs(10);

/// Permissions of a plain member (view channel, send messages, use commands).
const MEMBER: &str = "2147486720";
/// Permissions of a moderator (adds Manage Messages).
const MODERATOR: &str = "2147494912";

struct Table {
    fake: FakeDiscord,
    _bot: BotProcess,
    alice: User,
    bob: User,
    channel: Channel,
}

async fn table(extra_env: &[(&str, &str)]) -> Table {
    let fake = FakeDiscord::start().await;
    let mut env = fake.bot_env();
    env.insert("BROADSIDE_SEED".into(), "2026".into());
    for (k, v) in extra_env {
        env.insert((*k).into(), (*v).into());
    }
    let bot = BotProcess::spawn(&env);
    fake.wait_ready(START).await;
    let alice = fake.user("alice");
    let bob = fake.user("bob");
    let channel = fake.channel();
    Table {
        fake,
        _bot: bot,
        alice,
        bob,
        channel,
    }
}

fn text_opt(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// The `variant` option: poise registers the choices as integers (their index).
fn variant_opt(variant: &str) -> Value {
    let index = match variant {
        "classic" => 0,
        "game2000" => 1,
        other => panic!("unknown variant {other}"),
    };
    json!({"name": "variant", "type": 4, "value": index})
}

impl Table {
    async fn slash(&self, user: &User, channel: Channel, name: &str, options: Value) -> Sent {
        let id = self
            .fake
            .interaction(user, channel)
            .permissions(MEMBER)
            .slash(name, options);
        self.fake.wait_reply(id, REPLY).await
    }

    async fn click(&self, user: &User, channel: Channel, custom_id: &str) -> Sent {
        let id = self.fake.click(user, channel, 1, custom_id);
        self.fake.wait_reply(id, REPLY).await
    }

    async fn challenge(&self, variant: &str) -> Sent {
        let reply = self
            .slash(
                &self.alice,
                self.channel,
                "challenge",
                json!([
                    {"name": "opponent", "type": 6, "value": self.bob.id.to_string()},
                    variant_opt(variant),
                ]),
            )
            .await;
        assert!(!reply.ephemeral, "a challenge is public: {reply:?}");
        reply
    }

    /// Challenge, accept, both place `fleets` by `/place` and click Ready; returns who
    /// fires first.
    async fn battle(&self, variant: &str, fleets: [&str; 2]) -> u64 {
        let challenge = self.challenge(variant).await;
        let accept = button(&challenge, "accept");
        let accepted = self.click(&self.bob, self.channel, &accept).await;
        assert_eq!(
            accepted.kind,
            SentKind::Callback(7),
            "accept updates the challenge"
        );
        for (user, fleet) in [(&self.alice, fleets[0]), (&self.bob, fleets[1])] {
            let preview = self
                .slash(
                    user,
                    self.channel,
                    "place",
                    json!([text_opt("fleet", fleet)]),
                )
                .await;
            assert!(
                preview.ephemeral,
                "the fleet preview is private: {preview:?}"
            );
            assert_png(&preview.attachments[0].bytes);
            let ready = button(&preview, "ready");
            let done = self.click(user, self.channel, &ready).await;
            says(&done, "final");
        }
        let start = self.wait_text("fires first").await;
        assert!(!start.ephemeral);
        first_mention(start.text())
    }

    /// `/challenge` by `user` in `channel` against the user with id `opponent`
    /// (default variant).
    async fn challenge_by(&self, user: &User, channel: Channel, opponent: u64) -> Sent {
        self.slash(
            user,
            channel,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": opponent.to_string()}]),
        )
        .await
    }

    /// The first message the bot sent whose text contains `needle`.
    async fn wait_text(&self, needle: &str) -> Sent {
        self.fake
            .first_sent(|s| s.text().contains(needle), REPLY)
            .await
    }

    async fn fire(&self, user: &User, cells: &str) -> Sent {
        self.slash(
            user,
            self.channel,
            "fire",
            json!([text_opt("targets", cells)]),
        )
        .await
    }

    fn user(&self, id: u64) -> &User {
        if id == self.alice.id {
            &self.alice
        } else {
            &self.bob
        }
    }

    fn other(&self, id: u64) -> &User {
        if id == self.alice.id {
            &self.bob
        } else {
            &self.alice
        }
    }

    async fn end_message(&self) -> Sent {
        self.fake
            .first_sent(
                |s| {
                    s.kind == SentKind::ChannelMessage
                        && (s.text().contains("wins")
                            || s.text().contains("draw")
                            || s.text().contains("expired")
                            || s.text().contains("cancelled")
                            || s.text().contains("called off"))
                },
                REPLY,
            )
            .await
    }
}

fn assert_png(bytes: &[u8]) {
    let img = image::load_from_memory(bytes).expect("a PNG the image crate can read");
    assert!(img.width() > 100 && img.height() > 100);
}

fn fleet_cells(fleet: &str, variant: broadside::game::Variant) -> Vec<String> {
    broadside::game::Fleet::parse(variant, fleet)
        .unwrap()
        .cells()
        .iter()
        .map(|c| c.to_string())
        .collect()
}

#[tokio::test]
async fn a_full_classic_match_from_challenge_to_reveal() {
    let t = table(&[]).await;
    let first = t.battle("classic", [CLASSIC_A, CLASSIC_B]).await;
    let shooter = t.user(first);
    let other = t.other(first);
    let other_fleet = if other.id == t.alice.id {
        CLASSIC_A
    } else {
        CLASSIC_B
    };

    // Out of turn, not a player, bad cells: private errors, nothing changes.
    let err = t.fire(other, "E8").await;
    assert!(
        err.ephemeral && err.text().contains("not your turn"),
        "{err:?}"
    );
    let carol = t.fake.user("carol");
    let err = t.fire(&carol, "E8").await;
    assert!(
        err.ephemeral && err.text().contains("not playing"),
        "{err:?}"
    );
    let err = t.fire(shooter, "E 8").await;
    assert!(err.ephemeral && err.text().contains("like E8"), "{err:?}");
    let err = t.fire(shooter, "E8 E9").await;
    assert!(
        err.ephemeral && err.text().contains("exactly 1 cell"),
        "{err:?}"
    );
    let err = t.fire(shooter, "K1").await;
    assert!(
        err.ephemeral && err.text().contains("off the board"),
        "{err:?}"
    );

    // The first player misses (E8 is water in both fleets): the turn passes.
    let miss = t.fire(shooter, "E8").await;
    assert!(!miss.ephemeral);
    says(&miss, "miss");
    says(&miss, &format!("<@{}> to move", other.id));
    assert_png(&miss.attachments[0].bytes);

    // /board is private and carries both pictures.
    let board = t.slash(shooter, t.channel, "board", json!([])).await;
    assert!(board.ephemeral);
    assert_eq!(board.attachments.len(), 2);

    // The other player sinks everything without missing.
    let me_fleet = if shooter.id == t.alice.id {
        CLASSIC_A
    } else {
        CLASSIC_B
    };
    let targets = fleet_cells(me_fleet, broadside::game::Variant::Classic);
    let _ = other_fleet;
    let mut saw_sunk = false;
    for (i, cell) in targets.iter().enumerate() {
        let out = t.fire(other, cell).await;
        assert!(!out.ephemeral, "{out:?}");
        assert!(
            out.text().contains("hit") || out.text().contains("sunk"),
            "{}",
            out.text()
        );
        saw_sunk |= out.text().contains("sunk");
        if i + 1 < targets.len() {
            says(&out, "fires again");
        }
        if i == 0 {
            // Classic refuses a repeat shot, privately, and the turn stays.
            let again = t.fire(other, cell).await;
            assert!(
                again.ephemeral && again.text().contains("already fired"),
                "{again:?}"
            );
        }
    }
    assert!(saw_sunk);
    // After the end the match is gone: another shot finds no match.
    let after = t.fire(other, &targets[0]).await;
    assert!(after.ephemeral, "{after:?}");
    let end = t.end_message().await;
    assert!(
        end.text()
            .contains(&format!("<@{}> destroyed every ship", other.id)),
        "{}",
        end.text()
    );
    assert_eq!(end.attachments.len(), 1, "the reveal picture");
    assert_png(&end.attachments[0].bytes);
    let status = t.slash(&t.alice, t.channel, "status", json!([])).await;
    assert!(status.ephemeral, "no match any more: {status:?}");
}

#[tokio::test]
async fn a_game2000_match_ends_in_a_draw() {
    let t = table(&[]).await;
    let first = t.battle("game2000", [G2000_A, G2000_B]).await;
    let first_user = t.user(first);
    let second_user = t.other(first);
    let (fleet_of_second, fleet_of_first) = if first == t.alice.id {
        (G2000_B, G2000_A)
    } else {
        (G2000_A, G2000_B)
    };
    let err = t.fire(first_user, "A2 B2").await;
    assert!(
        err.ephemeral && err.text().contains("exactly 3 cells"),
        "{err:?}"
    );

    let salvos = |fleet: &str| {
        let mut cells = fleet_cells(fleet, broadside::game::Variant::Game2000);
        cells.push("A9".into());
        cells.chunks(3).map(|c| c.join(" ")).collect::<Vec<_>>()
    };
    let (first_salvos, second_salvos) = (salvos(fleet_of_second), salvos(fleet_of_first));
    for round in 0..5 {
        let out = t.fire(first_user, &first_salvos[round]).await;
        assert!(!out.ephemeral);
        assert_eq!(out.attachments.len(), 2, "target board and salvo report");
        assert!(
            out.text().contains(&format!("(turn {})", round + 1)),
            "{}",
            out.text()
        );
        if round == 4 {
            says(&out, "last one");
        }
        // The second player's salvo is answered in public too, with its own report.
        let reply = t.fire(second_user, &second_salvos[round]).await;
        assert!(!reply.ephemeral, "{reply:?}");
        assert_eq!(reply.attachments.len(), 2, "target board and salvo report");
        assert!(
            reply.text().contains(&format!("(turn {})", round + 1)),
            "{}",
            reply.text()
        );
        // Every cell but the spare A9 is a ship cell: count the reports that say so.
        let misses = second_salvos[round]
            .split(' ')
            .filter(|c| *c == "A9")
            .count();
        assert_eq!(
            reply.text().matches("water").count(),
            misses,
            "{}",
            reply.text()
        );
    }
    let end = t.end_message().await;
    says(&end, "draw");
    assert_png(&end.attachments[0].bytes);
}

#[tokio::test]
async fn placement_by_dm_with_shuffle_and_ready_buttons() {
    let t = table(&[]).await;
    let challenge = t.challenge("classic").await;
    // Only the challenged member may accept.
    let err = t
        .click(&t.alice, t.channel, &button(&challenge, "accept"))
        .await;
    assert!(
        err.ephemeral && err.text().contains("challenged player"),
        "{err:?}"
    );
    t.click(&t.bob, t.channel, &button(&challenge, "accept"))
        .await;
    let dm = t
        .fake
        .first_sent(|s| s.kind == SentKind::Dm(t.bob.id), REPLY)
        .await;
    assert_png(&dm.attachments[0].bytes);
    let bob_dm = t.fake.dm(&t.bob);
    let shuffled = t.click(&t.bob, bob_dm, &button(&dm, "shuffle")).await;
    assert_eq!(shuffled.kind, SentKind::Callback(7));
    assert_ne!(
        shuffled.attachments[0].bytes, dm.attachments[0].bytes,
        "a new fleet"
    );
    // The old preview's Ready no longer matches the fleet.
    let stale = t.click(&t.bob, bob_dm, &button(&dm, "ready")).await;
    assert!(
        stale.ephemeral && stale.text().contains("out of date"),
        "{stale:?}"
    );
    let ready = t.click(&t.bob, bob_dm, &button(&shuffled, "ready")).await;
    says(&ready, "Waiting for");
    // Alice places with /place in the DM, without a fleet: a random one.
    let alice_dm = t.fake.dm(&t.alice);
    let preview = t.slash(&t.alice, alice_dm, "place", json!([])).await;
    assert_png(&preview.attachments[0].bytes);
    let bad = t
        .slash(
            &t.alice,
            t.channel,
            "place",
            json!([text_opt("fleet", "A1-A4 B1-B3")]),
        )
        .await;
    assert!(bad.ephemeral && bad.text().contains("touches"), "{bad:?}");
    t.click(&t.alice, alice_dm, &button(&preview, "ready"))
        .await;
    let start = t.wait_text("fires first").await;
    assert_eq!(start.kind, SentKind::ChannelMessage);
    assert_eq!(start.channel, Some(t.channel.id));
}

#[tokio::test]
async fn closed_dms_fall_back_to_a_hint_in_the_channel() {
    let t = table(&[]).await;
    t.fake.set_dms_closed(&t.bob, true);
    let challenge = t.challenge("game2000").await;
    t.click(&t.bob, t.channel, &button(&challenge, "accept"))
        .await;
    let hint = t
        .fake
        .first_sent(
            |s| s.kind == SentKind::ChannelMessage && s.text().contains("direct messages"),
            REPLY,
        )
        .await;
    assert!(hint.text().contains(&format!("<@{}>", t.bob.id)));
    assert!(hint.attachments.is_empty(), "the hint never shows a fleet");
    // Alice still got her DM.
    assert_eq!(t.fake.dms_to(&t.alice).len(), 1);
    let preview = t.slash(&t.bob, t.channel, "place", json!([])).await;
    assert!(preview.ephemeral);
}

#[tokio::test]
async fn challenges_are_refused_when_they_cannot_be_played() {
    let t = table(&[]).await;
    let me = t.challenge_by(&t.alice, t.channel, t.alice.id).await;
    assert!(me.ephemeral && me.text().contains("yourself"), "{me:?}");
    t.challenge("classic").await;
    // Same channel: busy, with a hint to use a thread.
    let carol = t.fake.user("carol");
    let dave = t.fake.user("dave");
    let busy = t.challenge_by(&carol, t.channel, dave.id).await;
    assert!(busy.ephemeral && busy.text().contains("thread"), "{busy:?}");
    // Another channel: Bob has only been challenged, so Carol may challenge him too …
    let other = t.fake.channel();
    let carols = t.challenge_by(&carol, other, t.bob.id).await;
    assert!(!carols.ephemeral, "{carols:?}");
    // … and the first Accept binds him: Alice's challenge can then only be declined.
    let accepted = t.click(&t.bob, other, &button(&carols, "accept")).await;
    assert_eq!(accepted.kind, SentKind::Callback(7), "{accepted:?}");
    let challenge = t
        .fake
        .channel_messages(t.channel)
        .into_iter()
        .find(|s| s.text().contains("challenges"))
        .unwrap();
    let refused = t
        .click(&t.bob, t.channel, &button(&challenge, "accept"))
        .await;
    assert!(
        refused.ephemeral && refused.text().contains(&format!("<#{}>", other.id)),
        "{refused:?}"
    );
    // Now that he plays, nobody else can challenge him.
    let erin = t.fake.user("erin");
    let taken = t.challenge_by(&erin, t.fake.channel(), t.bob.id).await;
    assert!(
        taken.ephemeral && taken.text().contains("one match at a time"),
        "{taken:?}"
    );
    // Decline frees the channel.
    let declined = t
        .click(&t.bob, t.channel, &button(&challenge, "decline"))
        .await;
    says(&declined, "declined");
    let again = t.challenge_by(&erin, t.channel, dave.id).await;
    assert!(!again.ephemeral, "{again:?}");
}

#[tokio::test]
async fn a_skipped_turn_loses_the_game() {
    let t = table(&[("TURN_TIMEOUT_SECS", "1")]).await;
    let first = t.battle("classic", [CLASSIC_A, CLASSIC_B]).await;
    let end = t.end_message().await;
    says(&end, "skipped turn loses");
    assert!(
        end.text()
            .contains(&format!("<@{first}> let the turn run out")),
        "{}",
        end.text()
    );
    assert_eq!(end.attachments.len(), 1, "the reveal picture");
}

#[tokio::test]
async fn an_unanswered_challenge_expires() {
    let t = table(&[("CHALLENGE_TIMEOUT_SECS", "1")]).await;
    t.challenge("classic").await;
    let end = t.end_message().await;
    says(&end, "expired");
    assert!(end.attachments.is_empty());
}

#[tokio::test]
async fn forfeit_and_moderator_cancel() {
    let t = table(&[]).await;
    t.battle("classic", [CLASSIC_A, CLASSIC_B]).await;
    let carol = t.fake.user("carol");
    let refused = t.slash(&carol, t.channel, "cancel", json!([])).await;
    assert!(
        refused.ephemeral && refused.text().contains("moderator"),
        "{refused:?}"
    );
    let forfeit = t.slash(&t.alice, t.channel, "forfeit", json!([])).await;
    assert!(forfeit.ephemeral);
    let end = t.end_message().await;
    says(&end, "forfeits");

    // A new match, called off by a moderator.
    t.challenge("game2000").await;
    let id = t
        .fake
        .interaction(&carol, t.channel)
        .permissions(MODERATOR)
        .slash("cancel", json!([]));
    let ok = t.fake.wait_reply(id, REPLY).await;
    assert!(ok.ephemeral && ok.text().contains("cancelled"), "{ok:?}");
}

/// A reply that does not get through (Discord too slow, say) never leaves an
/// ended match behind: the end is still announced, and the channel and both
/// players are free again at once.
#[tokio::test]
async fn an_ended_match_is_freed_even_when_the_reply_fails() {
    let t = table(&[]).await;
    t.battle("classic", [CLASSIC_A, CLASSIC_B]).await;
    t.fake.fail_callbacks(true);
    let id = t
        .fake
        .interaction(&t.alice, t.channel)
        .permissions(MEMBER)
        .slash("forfeit", json!([]));
    let end = t.end_message().await;
    says(&end, "forfeits");
    let callback = format!("interactions/{id}/");
    assert!(
        t.fake
            .failed_requests()
            .iter()
            .any(|r| r.path.starts_with(&callback) && r.status == 404),
        "the private reply failed: {}",
        t.fake.summary()
    );
    t.fake.fail_callbacks(false);
    // Neither the channel nor the players are still busy.
    let again = t.challenge("classic").await;
    says(&again, "challenges");
}

/// Discord refuses messages over 2000 characters: an error about a very long
/// input must quote only a short part of it, or the player would see nothing.
#[tokio::test]
async fn errors_about_very_long_input_stay_short() {
    let t = table(&[]).await;
    let first = t.battle("classic", [CLASSIC_A, CLASSIC_B]).await;
    let shooter = t.user(first);
    let long = "Z9".repeat(2500);
    let refused = t
        .slash(
            shooter,
            t.channel,
            "fire",
            json!([text_opt("targets", &long)]),
        )
        .await;
    assert!(refused.ephemeral, "{refused:?}");
    says(&refused, "like");
    assert!(refused.text().chars().count() < 300, "{}", refused.text());
    // One enormous token that is not a ship.
    let fleet = format!("A1-{}", "B".repeat(5000));
    let refused = t
        .slash(
            shooter,
            t.channel,
            "place",
            json!([text_opt("fleet", &fleet)]),
        )
        .await;
    assert!(refused.ephemeral, "{refused:?}");
    says(&refused, "is not a ship");
    assert!(refused.text().chars().count() < 400, "{}", refused.text());
}

/// Challenges the computer to Game 2000 and clicks Ready on the private preview.
async fn start_computer_match(t: &Table, bot: u64) {
    let reply = t
        .slash(
            &t.alice,
            t.channel,
            "challenge",
            json!([
                {"name": "opponent", "type": 6, "value": bot.to_string()},
                variant_opt("game2000"),
                // Easy: the strong level is slow in an unoptimised test build; its
                // strength is measured by `examples/ai_bench` in release mode.
                {"name": "difficulty", "type": 4, "value": 0},
            ]),
        )
        .await;
    assert!(!reply.ephemeral, "{reply:?}");
    says(&reply, "takes on");
    assert!(
        reply.attachments.is_empty(),
        "the public message shows no fleet"
    );
    // The private preview follows the public message.
    let preview = t.fake.wait_picture_reply(reply.interaction, REPLY).await;
    assert!(
        preview.ephemeral,
        "the preview must be private: {preview:?}"
    );
    // A known fleet, so that the computer's reports can be checked.
    let placed = t
        .slash(
            &t.alice,
            t.channel,
            "place",
            json!([text_opt("fleet", G2000_A)]),
        )
        .await;
    t.click(&t.alice, t.channel, &button(&placed, "ready"))
        .await;
}

/// Checks a finished match of Alice (fleet `G2000_A`) against the computer: every salvo
/// of the computer's names three cells of the board and is reported exactly as Alice's
/// fleet says, and the end names the winner the reports imply.
fn check_computer_match(t: &Table, bot: u64, end: &Sent) {
    // Every salvo of the computer's: three cells of the board, reported exactly as
    // Alice's fleet says.
    let mut ships: Vec<(u8, Vec<String>)> =
        broadside::game::Fleet::parse(broadside::game::Variant::Game2000, G2000_A)
            .unwrap()
            .ships()
            .iter()
            .map(|s| (s.len(), s.cells().map(|c| c.to_string()).collect()))
            .collect();
    let mut fired = Vec::new();
    let salvos: Vec<String> = t
        .fake
        .recording()
        .sent
        .iter()
        .filter(|s| s.kind == SentKind::ChannelMessage)
        .map(|s| s.text().to_owned())
        .filter(|s| s.contains(&format!("<@{bot}> fires at")))
        .collect();
    for text in &salvos {
        let (cells, reports) = parse_salvo(text);
        assert_eq!(cells.len(), 3, "{text}");
        for cell in &cells {
            assert!(
                cell.parse::<broadside::game::Coord>()
                    .is_ok_and(|c| c.row() < 9 && c.col() < 9),
                "{cell} is on the board"
            );
        }
        assert_eq!(
            reports,
            expected_salvo(&mut ships, &mut fired, &cells),
            "{text}"
        );
    }
    // Who won follows from the reports: a fleet is gone once all its ships are.
    let computer_won = ships.iter().all(|(_, intact)| intact.is_empty());
    let alice_destroyed = t
        .fake
        .recording()
        .sent
        .iter()
        .filter(|s| s.text().contains(&format!("<@{}> fires at", t.alice.id)) && !s.ephemeral)
        .map(|s| {
            parse_salvo(s.text())
                .1
                .iter()
                .filter(|r| r.ends_with("destroyed"))
                .count()
        })
        .sum::<usize>();
    let expected = match (computer_won, alice_destroyed == 7) {
        (true, true) => "draw".to_owned(),
        (true, false) => format!("<@{bot}> destroyed every ship"),
        (false, true) => format!("<@{}> destroyed every ship", t.alice.id),
        (false, false) => panic!("the match ended with both fleets afloat: {}", end.text()),
    };
    assert!(end.text().contains(&expected), "{expected}: {}", end.text());
}

/// What a Game 2000 salvo at `cells` must report (sorted words), from what is left of the
/// fleet's ships (`(length, intact cells)`), which it updates; `fired` are the cells
/// fired at before (a repeat is water).
fn expected_salvo(
    ships: &mut [(u8, Vec<String>)],
    fired: &mut Vec<String>,
    cells: &[String],
) -> Vec<String> {
    let mut words = Vec::new();
    let fresh: Vec<&String> = cells.iter().filter(|c| !fired.contains(c)).collect();
    for (len, intact) in ships.iter_mut() {
        let hit = fresh.iter().filter(|c| intact.contains(c)).count();
        if hit == 0 {
            continue;
        }
        intact.retain(|c| !fresh.contains(&c));
        let destroyed = intact.is_empty();
        for _ in 0..(if destroyed { hit - 1 } else { hit }) {
            words.push(format!("length {len} hit"));
        }
        if destroyed {
            words.push(format!("length {len} destroyed"));
        }
    }
    while words.len() < cells.len() {
        words.push("water".to_owned());
    }
    fired.extend(cells.iter().cloned());
    words.sort();
    words
}

/// The cells and the reports (sorted) of a public salvo answer.
fn parse_salvo(text: &str) -> (Vec<String>, Vec<String>) {
    let cells = text.split("**").nth(1).expect("cells in bold");
    let reports = text
        .split("): ")
        .nth(1)
        .expect("the reports")
        .split('.')
        .next()
        .unwrap_or_default();
    let mut reports: Vec<String> = reports.split(", ").map(str::to_owned).collect();
    reports.sort();
    (cells.split(' ').map(str::to_owned).collect(), reports)
}

#[tokio::test]
async fn a_game_against_the_computer() {
    let t = table(&[]).await;
    let bot = support::payloads::BOT_USER_ID;
    start_computer_match(&t, bot).await;
    // Both read a recording passed in: `wait_for` already holds the fake's lock.
    let computer_moves = |rec: &support::fake::Recording| {
        rec.sent
            .iter()
            .filter(|s| {
                s.kind == SentKind::ChannelMessage
                    && s.text().contains(&format!("<@{bot}> fires at"))
            })
            .count()
    };
    let over = |rec: &support::fake::Recording| {
        rec.sent.iter().any(|s| {
            s.kind == SentKind::ChannelMessage
                && (s.text().contains("wins") || s.text().contains("draw"))
        })
    };
    let first = t.wait_text("fires first").await;
    let computer_first = usize::from(first_mention(first.text()) == bot);
    let cells: Vec<String> = (1..=9)
        .flat_map(|row| ('A'..='I').map(move |col| format!("{col}{row}")))
        .collect();
    for (turn, salvo) in cells.chunks(3).enumerate() {
        // Before our turn, the computer has moved once per earlier turn of ours
        // (plus once more if it started).
        let expected = turn + computer_first;
        t.fake
            .wait_for(
                |rec| (computer_moves(rec) >= expected || over(rec)).then_some(()),
                REPLY,
            )
            .await;
        if over(&t.fake.recording()) {
            break;
        }
        let out = t.fire(&t.alice, &salvo.join(" ")).await;
        if out.ephemeral && (out.text().contains("no match") || out.text().contains("is over")) {
            // The computer's last move ended the match; its end message is on its way.
            break;
        }
        assert!(!out.ephemeral, "{out:?}");
    }
    let end = t.end_message().await;
    assert!(
        computer_moves(&t.fake.recording()) >= 5,
        "the computer played its turns"
    );
    check_computer_match(&t, bot, &end);
    let computer_move = t
        .fake
        .recording()
        .sent
        .iter()
        .find(|s| s.text().contains(&format!("<@{bot}> fires at")))
        .cloned()
        .unwrap();
    assert_eq!(
        computer_move.attachments.len(),
        2,
        "board and salvo report, like a human's move"
    );
}

#[tokio::test]
async fn a_moderator_calls_off_a_running_battle_and_a_challenger_their_challenge() {
    let t = table(&[]).await;
    t.battle("classic", [CLASSIC_A, CLASSIC_B]).await;
    let carol = t.fake.user("carol");
    let id = t
        .fake
        .interaction(&carol, t.channel)
        .permissions(MODERATOR)
        .slash("cancel", json!([]));
    let ok = t.fake.wait_reply(id, REPLY).await;
    assert!(ok.ephemeral, "{ok:?}");
    let end = t.end_message().await;
    says(&end, &format!("<@{}> cancelled", carol.id));
    assert_eq!(end.attachments.len(), 1, "a battle was fought: the reveal");
    // The challenger may call off their own challenge before it is answered …
    let challenge = t.challenge("classic").await;
    let mine = t.slash(&t.alice, t.channel, "cancel", json!([])).await;
    assert!(mine.ephemeral, "{mine:?}");
    // … after which its buttons do nothing.
    let late = t
        .click(&t.bob, t.channel, &button(&challenge, "accept"))
        .await;
    assert!(
        late.ephemeral && late.text().contains("no longer"),
        "{late:?}"
    );
}

#[tokio::test]
async fn a_placement_that_runs_out_goes_to_the_player_who_was_ready() {
    let t = table(&[("PLACEMENT_TIMEOUT_SECS", "2")]).await;
    let challenge = t.challenge("classic").await;
    t.click(&t.bob, t.channel, &button(&challenge, "accept"))
        .await;
    let preview = t
        .slash(
            &t.alice,
            t.channel,
            "place",
            json!([text_opt("fleet", CLASSIC_A)]),
        )
        .await;
    t.click(&t.alice, t.channel, &button(&preview, "ready"))
        .await;
    // Bob never makes his fleet final.
    let end = t.end_message().await;
    assert!(
        end.text()
            .contains(&format!("<@{}> did not finish placing", t.bob.id)),
        "{}",
        end.text()
    );
    says(&end, &format!("<@{}> **wins**", t.alice.id));
}

#[tokio::test]
async fn forbid_repeats_refuses_a_repeated_cell_through_the_bot() {
    let t = table(&[]).await;
    let challenge = t
        .slash(
            &t.alice,
            t.channel,
            "challenge",
            json!([
                {"name": "opponent", "type": 6, "value": t.bob.id.to_string()},
                variant_opt("game2000"),
                {"name": "forbid_repeats", "type": 5, "value": true},
            ]),
        )
        .await;
    says(&challenge, "House rule");
    t.click(&t.bob, t.channel, &button(&challenge, "accept"))
        .await;
    for (user, fleet) in [(&t.alice, G2000_A), (&t.bob, G2000_B)] {
        let preview = t
            .slash(user, t.channel, "place", json!([text_opt("fleet", fleet)]))
            .await;
        t.click(user, t.channel, &button(&preview, "ready")).await;
    }
    let first = first_mention(t.wait_text("fires first").await.text());
    let (shooter, other) = (t.user(first), t.other(first));
    // The same cell twice in one salvo is refused, privately, and nothing is spent.
    let twice = t.fire(shooter, "A2 A2 A3").await;
    assert!(twice.ephemeral && twice.text().contains("A2"), "{twice:?}");
    let ok = t.fire(shooter, "A2 A3 A4").await;
    assert!(!ok.ephemeral, "{ok:?}");
    t.fire(other, "A2 A3 A4").await;
    // So is a cell fired at in an earlier turn.
    let again = t.fire(shooter, "A4 A5 A6").await;
    assert!(again.ephemeral && again.text().contains("A4"), "{again:?}");
}
