//! End-to-end: the bot speaks English, Dutch, Danish and Swedish. Private answers follow
//! the user's Discord language, public messages the server's, and the registered commands
//! carry their localised names and descriptions.

use crate::e2e::support;
use crate::e2e::support::says;

use std::time::Duration;

use serde_json::{Value, json};
use support::{BotProcess, FakeDiscord, SentKind};

const START: Duration = Duration::from_secs(30);
const REPLY: Duration = Duration::from_secs(10);

async fn started(
    extra_env: &[(&str, &str)],
) -> (FakeDiscord, BotProcess, support::fake::Registration) {
    let fake = FakeDiscord::start().await;
    let mut env = fake.bot_env();
    for (k, v) in extra_env {
        env.insert((*k).into(), (*v).into());
    }
    let bot = BotProcess::spawn(&env);
    let registration = fake.wait_ready(START).await;
    (fake, bot, registration)
}

fn localized<'a>(value: &'a Value, field: &str, locale: &str) -> &'a str {
    value[field][locale]
        .as_str()
        .unwrap_or_else(|| panic!("no {field}.{locale} in {value}"))
}

#[tokio::test]
async fn the_registered_commands_carry_their_localisations() {
    let (_fake, _bot, registration) = started(&[]).await;

    let challenge = registration.command("challenge").expect("challenge");
    assert_eq!(localized(challenge, "name_localizations", "da"), "udfordr");
    assert_eq!(localized(challenge, "name_localizations", "nl"), "uitdagen");
    assert_eq!(
        localized(challenge, "name_localizations", "sv-SE"),
        "utmana"
    );
    assert!(localized(challenge, "description_localizations", "nl").contains("zeeslag"));
    assert!(
        challenge
            .get("name_localizations")
            .and_then(|l| l.get("en-US"))
            .is_none(),
        "English is the default name, not a localisation"
    );

    let options = challenge["options"].as_array().expect("options");
    let variant = options
        .iter()
        .find(|o| o["name"] == "variant")
        .expect("variant");
    assert_eq!(localized(variant, "name_localizations", "da"), "variant");
    assert!(!localized(variant, "description_localizations", "sv-SE").is_empty());
    let choices = variant["choices"].as_array().expect("choices");
    assert_eq!(choices[0]["value"], 0, "choices stay integer indexes");
    assert_eq!(choices[1]["value"], 1);
    assert!(localized(&choices[0], "name_localizations", "da").contains("Søslag"));
    assert!(localized(&choices[0], "name_localizations", "sv-SE").contains("Sjöslag"));
    assert!(localized(&choices[1], "name_localizations", "nl").contains("Zeeslag"));

    // Every command: lowercase localised names, descriptions within Discord's limits.
    for command in registration.commands.as_array().expect("an array") {
        let mut named = vec![command];
        named.extend(command["options"].as_array().into_iter().flatten());
        for item in named {
            for locale in ["nl", "da", "sv-SE"] {
                let name = localized(item, "name_localizations", locale);
                assert!(
                    name.chars().count() <= 32 && !name.chars().any(char::is_uppercase),
                    "{name}"
                );
                let description = localized(item, "description_localizations", locale);
                assert!(
                    (1..=100).contains(&description.chars().count()),
                    "{description}"
                );
            }
        }
    }
}

#[tokio::test]
async fn rules_answer_privately_in_the_users_language() {
    let (fake, _bot, _) = started(&[]).await;
    let user = fake.user("frida");
    let channel = fake.channel();
    for (locale, expected) in [
        ("da", "slagskib"),
        ("sv-SE", "slagskepp"),
        ("nl", "slagschip"),
        ("en-GB", "battleship"),
    ] {
        let id = fake
            .interaction(&user, channel)
            .locale(locale)
            .guild_locale("nl")
            .slash("rules", json!([{"name": "variant", "type": 4, "value": 0}]));
        let reply = fake.wait_reply(id, REPLY).await;
        assert!(reply.ephemeral, "{reply:?}");
        assert!(
            reply.text().contains(expected),
            "{locale}: {}",
            reply.text()
        );
    }
}

#[tokio::test]
async fn a_public_challenge_speaks_the_servers_language_and_errors_the_users() {
    // The default timeout: nothing here may race with the challenge running out.
    let (fake, _bot, _) = started(&[]).await;
    let (sven, nils) = (fake.user("sven"), fake.user("nils"));
    let channel = fake.channel();
    let challenge = |locale: &str| {
        fake.interaction(&sven, channel)
            .locale(locale)
            .guild_locale("nl")
            .slash(
                "challenge",
                json!([
                    {"name": "opponent", "type": 6, "value": nils.id.to_string()},
                    {"name": "variant", "type": 4, "value": 1},
                ]),
            )
    };

    // Public: Dutch, the server's language, with Dutch buttons.
    let public = fake.wait_reply(challenge("sv-SE"), REPLY).await;
    assert!(!public.ephemeral);
    says(&public, "daagt");
    says(&public, "Zeeslag Game 2000");
    assert!(public.text().contains(&format!("<@{}>", nils.id)));
    let buttons = Value::Array(public.components.clone()).to_string();
    assert!(
        buttons.contains("Accepteren") && buttons.contains("Weigeren"),
        "{buttons}"
    );

    // Private: the same user's error is Swedish.
    let busy = fake.wait_reply(challenge("sv-SE"), REPLY).await;
    assert!(busy.ephemeral, "{busy:?}");
    says(&busy, "redan ett parti");

    // A button error goes to the clicking user in their language (Danish).
    let click = fake
        .interaction(&sven, channel)
        .locale("da")
        .click(1, &button_id(&public, "accept"));
    let refused = fake.wait_reply(click, REPLY).await;
    assert!(refused.ephemeral);
    says(&refused, "udfordrede");
}

#[tokio::test]
async fn an_expiry_is_announced_in_the_servers_language() {
    // A challenge that runs out at once; the test sends nothing else meanwhile.
    let (fake, _bot, _) = started(&[("CHALLENGE_TIMEOUT_SECS", "1")]).await;
    let (sven, nils) = (fake.user("sven"), fake.user("nils"));
    let channel = fake.channel();
    let id = fake
        .interaction(&sven, channel)
        .locale("sv-SE")
        .guild_locale("nl")
        .slash(
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": nils.id.to_string()}]),
        );
    let public = fake.wait_reply(id, REPLY).await;
    assert!(!public.ephemeral, "{public:?}");
    // The sweeper announces the expiry, in the server's language.
    let end = fake
        .first_sent(
            |s| s.kind == SentKind::ChannelMessage && s.text().contains("verlopen"),
            REPLY,
        )
        .await;
    says(&end, &format!("<@{}>", sven.id));
}

fn button_id(sent: &support::Sent, action: &str) -> String {
    sent.custom_ids()
        .into_iter()
        .find(|id| id.split(':').nth(2) == Some(action))
        .unwrap_or_else(|| panic!("no {action} button in {sent:?}"))
}

#[tokio::test]
async fn commands_in_texts_carry_the_readers_names_and_public_ones_are_clickable() {
    use support::table::Table;
    // Privately, a Dutch reader is told the Dutch names: `/hulp`, `/schieten doelen:`.
    let t = Table::new("51", &[]).await;
    let id = t
        .fake
        .interaction(&t.alice, t.channel)
        .locale("nl")
        .slash("rules", json!([{"name": "variant", "type": 4, "value": 0}]));
    let rules = t.fake.wait_reply(id, REPLY).await;
    assert!(rules.ephemeral);
    says(&rules, "`/schieten doelen:C4`");
    assert!(!rules.text().contains("/fire"), "{}", rules.text());
    let id = t
        .fake
        .interaction(&t.alice, t.channel)
        .locale("nl")
        .slash("help", json!([]));
    let help = t.fake.wait_reply(id, REPLY).await;
    says(&help, "/hulp");
    says(&help, "`/hulp commando:<naam>`");
    // In public, the commands are Discord's clickable mentions with the registered ids.
    let fire = t.fake.command_id("fire").expect("registered");
    let board = t.fake.command_id("board").expect("registered");
    t.battle(
        0,
        [
            "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
            "J1-J4 H1-H3 A10-C10 A1-A2 C1-D1 F1 E5-E6 G8 I7 I10",
        ],
    )
    .await;
    let start = t.wait_text("fires first").await;
    assert!(
        start
            .text()
            .contains(&format!("</fire:{fire}> `targets:C4`")),
        "{}",
        start.text()
    );
    says(&start, &format!("</board:{board}>"));
}
