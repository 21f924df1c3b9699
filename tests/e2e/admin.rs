//! What an admin who runs the bot meets: health and metrics while matches are played, the
//! invite link, a rejected token, and the systemd unit.

use crate::e2e::support;

use std::time::Duration;

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use serde_json::json;
use support::payloads::APP_ID;
use support::{BotProcess, Channel, FakeDiscord, Sent, User, button, first_mention};

const START: Duration = Duration::from_secs(30);
const REPLY: Duration = Duration::from_secs(10);

/// A free loopback port (bound and released).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `GET http://127.0.0.1:port/path`: the status and the body.
async fn get(port: u16, path: &str) -> (u16, String) {
    let response = reqwest::get(format!("http://127.0.0.1:{port}{path}"))
        .await
        .expect("the metrics server answers");
    let status = response.status().as_u16();
    (status, response.text().await.unwrap_or_default())
}

/// The value of the metric line that starts with `series` (name and labels), as a whole
/// number (counts and gauges of matches); 0 if absent.
#[expect(clippy::cast_sign_loss)] // small counts
fn value(metrics: &str, series: &str) -> u64 {
    metrics
        .lines()
        .find(|l| l.starts_with(series))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse::<f64>().ok())
        .map_or(0, |v| v.round() as u64)
}

/// Waits until `check` holds for a scrape of `/metrics` (polling; the scrape is cheap).
async fn scrape_until(port: u16, what: &str, check: impl Fn(&str) -> bool) -> String {
    let deadline = tokio::time::Instant::now() + REPLY;
    loop {
        let (_, body) = get(port, "/metrics").await;
        if check(&body) {
            return body;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: not seen in\n{body}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn click(fake: &FakeDiscord, user: &User, channel: Channel, on: &Sent, action: &str) {
    let id = fake.click(user, channel, 1, &button(on, action));
    fake.wait_reply(id, REPLY).await;
}

#[tokio::test]
async fn health_and_metrics_follow_a_match() {
    let fake = FakeDiscord::start().await;
    let port = free_port();
    let mut env = fake.bot_env();
    env.insert("METRICS_ADDR".into(), format!("127.0.0.1:{port}"));
    let _bot = BotProcess::spawn(&env);
    fake.wait_ready(START).await;
    // Healthy once connected and restored.
    let deadline = tokio::time::Instant::now() + REPLY;
    while get(port, "/healthz").await.0 != 200 {
        assert!(tokio::time::Instant::now() < deadline, "never healthy");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(get(port, "/healthz").await.1.trim(), "ok");

    let (alice, bob, channel) = (fake.user("alice"), fake.user("bob"), fake.channel());
    let first = battle(&fake, port, &alice, &bob, channel).await;
    let shooter = if first == alice.id { &alice } else { &bob };
    let fire = |cells: &'static str| {
        support::table::slash_in(
            &fake,
            shooter,
            channel,
            "fire",
            json!([{"name": "targets", "type": 3, "value": cells}]),
        )
    };
    assert!(fire("K1").await.ephemeral, "off the board: refused");
    assert!(!fire("E8").await.ephemeral, "a miss");
    let metrics = scrape_until(port, "the shots", |m| {
        value(m, r#"broadside_commands_total{command="fire",result="ok"}"#) == 1
            && value(
                m,
                r#"broadside_commands_total{command="fire",result="refused"}"#,
            ) == 1
            && value(
                m,
                r#"broadside_commands_total{command="button:ready",result="ok"}"#,
            ) == 2
    })
    .await;
    assert_eq!(
        value(
            &metrics,
            r#"broadside_commands_total{command="fire",result="refused"}"#
        ),
        1
    );
    assert_eq!(
        value(
            &metrics,
            r#"broadside_commands_total{command="button:ready",result="ok"}"#
        ),
        2
    );
    assert_eq!(
        value(
            &metrics,
            r#"broadside_live_matches{phase="battle",variant="classic"}"#
        ),
        1
    );
    assert_eq!(
        value(
            &metrics,
            r#"broadside_live_matches{phase="challenge",variant="classic"}"#
        ),
        0
    );
    // challenge, accept, 2 × place, 2 × ready, 1 shot: at least 7 writes.
    assert!(
        value(&metrics, "broadside_store_write_seconds_count") >= 7,
        "{metrics}"
    );
    assert!(
        value(
            &metrics,
            r#"broadside_command_seconds_count{command="fire"}"#
        ) >= 2
    );

    gateway_outage(&fake, port).await;
}

/// Alice challenges Bob; the challenge shows in the metrics; both place and make their
/// fleets final. Returns who fires first.
async fn battle(fake: &FakeDiscord, port: u16, alice: &User, bob: &User, channel: Channel) -> u64 {
    let challenge = support::table::slash_in(
        fake,
        alice,
        channel,
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": bob.id.to_string()}]),
    )
    .await;
    // The counter moves once the command is done (just after its answer).
    scrape_until(port, "a challenge", |m| {
        value(
            m,
            r#"broadside_live_matches{phase="challenge",variant="classic"}"#,
        ) == 1
            && value(
                m,
                r#"broadside_commands_total{command="challenge",result="ok"}"#,
            ) == 1
    })
    .await;
    click(fake, bob, channel, &challenge, "accept").await;
    for (user, fleet) in [(alice, CLASSIC_A), (bob, CLASSIC_B)] {
        support::table::place_and_ready_in(fake, user, channel, fleet).await;
    }
    let start = fake
        .first_sent(|s| s.text().contains("fires first"), REPLY)
        .await;
    first_mention(start.text())
}

/// The gateway goes down and stays down for a while: unhealthy, with the reason; then it
/// comes back: healthy again, and the reconnect is counted.
async fn gateway_outage(fake: &FakeDiscord, port: u16) {
    // The gateway goes down and stays down for a while: unhealthy, with the reason.
    fake.refuse_gateway(true);
    fake.drop_gateway();
    let deadline = tokio::time::Instant::now() + REPLY;
    let (status, body) = loop {
        let (status, body) = get(port, "/healthz").await;
        if status != 200 {
            break (status, body);
        }
        assert!(tokio::time::Instant::now() < deadline, "still healthy");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status, 503);
    assert!(body.contains("gateway"), "{body}");
    // Back: healthy again, and the reconnect is counted.
    fake.refuse_gateway(false);
    let metrics = scrape_until(port, "the reconnect", |m| {
        value(m, "broadside_gateway_reconnects_total") >= 1
    })
    .await;
    assert!(value(&metrics, "broadside_gateway_reconnects_total") >= 1);
    let deadline = tokio::time::Instant::now() + START;
    while get(port, "/healthz").await.0 != 200 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never healthy again"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Runs the binary with `args` against `fake` and returns its exit code and outputs.
fn run_binary(fake: &FakeDiscord, args: &[&str]) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!(
        "broadside-admin-{}-{}",
        std::process::id(),
        args.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(args)
        .env_clear()
        .envs(fake.bot_env())
        .current_dir(&dir)
        .output()
        .expect("run the binary");
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn invite_url_names_the_application_and_the_permissions() {
    let fake = FakeDiscord::start().await;
    let f = fake.clone();
    let (code, stdout, stderr) =
        tokio::task::spawn_blocking(move || run_binary(&f, &["invite-url"]))
            .await
            .unwrap();
    assert_eq!(code, Some(0), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let url = lines[0]
        .strip_prefix("Add to a server: ")
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        url.starts_with("https://discord.com/oauth2/authorize?"),
        "{url}"
    );
    assert!(url.ends_with("&integration_type=0"), "{url}");
    let mine = lines[1]
        .strip_prefix("Add to my apps:")
        .unwrap_or_else(|| panic!("{stdout}"))
        .trim();
    assert_eq!(
        mine,
        format!(
            "https://discord.com/oauth2/authorize?client_id={APP_ID}&scope=applications.commands&integration_type=1"
        )
    );
    assert!(url.contains(&format!("client_id={APP_ID}")), "{url}");
    assert!(url.contains("scope=bot%20applications.commands"), "{url}");
    // View Channel, Send Messages, Embed Links, Attach Files, Create Public Threads, Send
    // Messages in Threads.
    assert!(url.contains("permissions=309237697536"), "{url}");
}

#[tokio::test]
async fn a_rejected_token_stops_the_bot_with_exit_code_2() {
    let fake = FakeDiscord::start().await;
    fake.fail_route(None, "applications/@me", 401, 0, None);
    let f = fake.clone();
    let (code, _, stderr) = tokio::task::spawn_blocking(move || run_binary(&f, &[]))
        .await
        .unwrap();
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("rejected DISCORD_TOKEN"), "{stderr}");
    assert!(
        !stderr.contains("fake-token"),
        "the token is never printed: {stderr}"
    );
}

#[test]
fn the_systemd_unit_verifies() {
    let Ok(status) = std::process::Command::new("systemd-analyze")
        .arg("--version")
        .output()
    else {
        // The project's machines (and so CI) have it; elsewhere the unit cannot be checked.
        assert!(
            std::env::var_os("CI").is_none(),
            "systemd-analyze is missing on a CI machine"
        );
        println!("skipped: systemd-analyze is not installed here");
        return;
    };
    assert!(status.status.success());
    // The unit as shipped, pointing at the binary just built.
    let unit = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/deploy/broadside.service"
    ))
    .expect("deploy/broadside.service");
    assert!(unit.contains("ExecStart=/usr/local/bin/broadside"));
    for needed in [
        "DynamicUser=yes",
        "StateDirectory=broadside",
        "Restart=on-failure",
        "EnvironmentFile=",
    ] {
        assert!(unit.contains(needed), "{needed}");
    }
    let dir = std::env::temp_dir().join(format!("broadside-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broadside.service");
    std::fs::write(
        &path,
        unit.replace(
            "ExecStart=/usr/local/bin/broadside",
            &format!("ExecStart={}", env!("CARGO_BIN_EXE_broadside")),
        ),
    )
    .unwrap();
    let out = std::process::Command::new("systemd-analyze")
        .arg("verify")
        .arg(&path)
        .output()
        .expect("run systemd-analyze");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "systemd-analyze verify: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test]
async fn a_second_bot_on_the_same_database_refuses_to_start() {
    let fake = FakeDiscord::start().await;
    let env = fake.bot_env();
    let first = BotProcess::spawn(&env);
    fake.wait_ready(START).await;
    let mut second = BotProcess::spawn_in(first.dir(), &env);
    let status = second.wait_exit(START).await;
    assert!(!status.success());
    let stderr = second.stderr();
    assert!(
        stderr.contains("in use by another Broadside process"),
        "{stderr}"
    );
}
