//! Checks of the fake Discord itself, driven by serenity's own HTTP client, for the parts the
//! bot does not exercise yet (DMs, files, edits, deferrals, Discord's error codes).

use crate::e2e::support;

use super::fake_more::http;
use serde_json::json;
use serenity::all::{ChannelId, CreateAttachment, CreateMessage, UserId};
use support::{FakeDiscord, SentKind};

#[tokio::test]
async fn dms_fail_with_50007_when_closed() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let open = fake.user("open");
    let closed = fake.user("closed");
    fake.set_dms_closed(&closed, true);

    let dm = UserId::new(open.id).create_dm_channel(&http).await.unwrap();
    dm.send_message(&http, CreateMessage::new().content("ahoy"))
        .await
        .unwrap();
    let dms = fake.dms_to(&open);
    assert_eq!(dms.len(), 1);
    assert_eq!(dms[0].text(), "ahoy");

    let dm = UserId::new(closed.id)
        .create_dm_channel(&http)
        .await
        .unwrap();
    let err = dm
        .send_message(&http, CreateMessage::new().content("ahoy"))
        .await
        .unwrap_err();
    match err {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            assert_eq!(r.status_code.as_u16(), 403);
            assert_eq!(r.error.code, 50007);
        }
        other => panic!("expected a 403, got {other:?}"),
    }
    assert!(fake.dms_to(&closed).is_empty());
}

#[tokio::test]
async fn channel_messages_with_files_are_recorded() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let channel = fake.channel();
    let png = vec![0x89, b'P', b'N', b'G', 1, 2, 3];
    let message = ChannelId::new(channel.id)
        .send_message(
            &http,
            CreateMessage::new()
                .content("board")
                .add_file(CreateAttachment::bytes(png.clone(), "board.png")),
        )
        .await
        .unwrap();
    assert_eq!(message.attachments[0].filename, "board.png");
    let sent = fake.channel_messages(channel);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].kind, SentKind::ChannelMessage);
    assert_eq!(sent[0].attachments[0].filename, "board.png");
    assert_eq!(sent[0].attachments[0].bytes, png);
    assert!(fake.unexpected_requests().is_empty());
}

/// A callback for an interaction the fake never issued, and a route it does not know.
#[tokio::test]
async fn unknown_interactions_and_routes_are_refused_and_recorded() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let err = http
        .create_interaction_response(
            1.into(),
            "no-such-token",
            &json!({"type": 4, "data": {"content": "hi"}}),
            vec![],
        )
        .await
        .unwrap_err();
    assert!(err.to_string().contains("Unknown interaction"), "{err}");
    let _ = http.get_guild(1.into()).await.unwrap_err();
    let unexpected = fake.unexpected_requests();
    assert_eq!(unexpected.len(), 1);
    assert!(unexpected[0].path.starts_with("guilds/1"), "{unexpected:?}");
}
