//! A live match whose state this build cannot read (here: one stored by a newer build) is
//! not ended at the restart: its channel is told once, and `/status` there says so.

use crate::e2e::support;
use crate::e2e::support::says;

use serde_json::json;
use support::SentKind;
use support::table::{START, Table};

/// The channel messages in the table's channel that contain `needle`, so far.
fn count(t: &Table, needle: &str) -> usize {
    t.fake
        .channel_messages(t.channel)
        .iter()
        .filter(|s| s.kind == SentKind::ChannelMessage && s.text().contains(needle))
        .count()
}

/// Stops the bot cleanly and starts it again on the same database.
async fn restart(t: &mut Table) {
    t.bot.signal("TERM");
    t.bot.wait_exit(START).await;
    t.bot = t.bot.restart_in_same_dir(&t.env);
    t.starts += 1;
    t.fake.wait_ready_again(t.starts, START).await;
}

const NOTE: &str = "I cannot read the match in this channel";

#[tokio::test]
async fn an_unreadable_match_is_told_once_and_status_says_so() {
    let mut t = Table::new("37", &[]).await;
    t.challenge(&t.alice, &t.bob, t.channel, 1).await;
    t.bot.signal("TERM");
    t.bot.wait_exit(START).await;
    // A newer build stored it, in a format this one does not know.
    let url = t.bot.database_url();
    let pool = sqlx::SqlitePool::connect(&url).await.expect("the database");
    let changed = sqlx::query("UPDATE matches SET state = $1 WHERE live")
        .bind(br#"{"format":9,"id":1}"#.to_vec())
        .execute(&pool)
        .await
        .expect("written")
        .rows_affected();
    pool.close().await;
    assert_eq!(changed, 1);
    t.bot = t.bot.restart_in_same_dir(&t.env);
    t.starts += 1;
    t.fake.wait_ready_again(t.starts, START).await;

    let note = t.posted(t.channel, NOTE).await;
    says(&note, "kept exactly as it was");
    let status = t.slash(&t.alice, "status", json!([])).await;
    assert!(status.ephemeral, "{status:?}");
    says(&status, "could not be read after an upgrade");
    // A further restart says nothing more.
    restart(&mut t).await;
    let again = t.slash(&t.alice, "status", json!([])).await;
    says(&again, "could not be read");
    assert_eq!(count(&t, NOTE), 1, "told once");
}
