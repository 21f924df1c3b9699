//! A live match whose state this build cannot read (written by a newer build, or broken)
//! is set aside at the restore: kept byte for byte, never ended, its channel told once;
//! the others come back; once it reads again it comes back too.

use broadside::game::{MatchOptions, PlayerId, Variant};
use broadside::session::{ChannelKey, Locate, MatchId, NewMatch, Pace, Seeds, Session};
use broadside::store::{StoredMatch, StoredState, Timestamp, format};

use super::TIMEOUTS;
use crate::store::db::{Db, on_both_stores};

/// A challenge in `channel` between `players`.
fn challenge(channel: u64, players: [u64; 2]) -> NewMatch {
    NewMatch {
        pace: Pace::Standard,
        rated: true,
        thread: false,
        channel: ChannelKey(channel),
        guild: Some(broadside::ids::GuildId(5)),
        challenger: PlayerId(players[0]),
        opponent: PlayerId(players[1]),
        names: ["One".into(), "Two".into()],
        variant: Variant::Classic,
        options: MatchOptions::default(),
        guild_locale: None,
        challenger_locale: None,
        computer: None,
    }
}

/// Runs the update of a stored state on `$pool` (either back-end's pool) and closes it.
macro_rules! update_state {
    ($pool:expr, $state:expr, $id:expr) => {{
        let pool = $pool.await.expect("connect");
        sqlx::query("UPDATE matches SET state = $1 WHERE id = $2")
            .bind($state)
            .bind($id)
            .execute(&pool)
            .await
            .expect("written");
        pool.close().await;
    }};
}

/// Replaces match `id`'s stored state with `state`, as another build would have written it.
async fn put_state(db: &Db, id: MatchId, state: &[u8]) {
    let id = i64::try_from(id.0).expect("an id");
    if db.is_shared() {
        update_state!(sqlx::PgPool::connect(&db.url()), state, id);
    } else {
        update_state!(sqlx::SqlitePool::connect(&db.url()), state, id);
    }
}

/// The challenge in `channel` between `players` opened by `s`, `why` its failure's words.
async fn open(s: &Session, channel: u64, players: [u64; 2], why: &str) -> MatchId {
    s.matches()
        .challenge(challenge(channel, players))
        .await
        .expect(why)
        .id
}

/// Match `id` as stored, `why` the words if it is not.
async fn stored_row(s: &Session, id: MatchId, why: &str) -> StoredMatch {
    s.store()
        .finished()
        .get(id)
        .await
        .expect("read")
        .expect(why)
}

/// A start of the bot: the session restored from `db`.
async fn start(db: &Db) -> (Session, Vec<MatchId>) {
    let (s, resumed, _) = Session::restore(db.open().await, TIMEOUTS, Seeds::new(Some(3)))
        .await
        .expect("restore");
    (s, resumed.iter().map(|r| r.id).collect())
}

async fn an_unreadable_live_match_is_set_aside_kept_and_told_once(db: Db) {
    let (s, _) = start(&db).await;
    let kept = open(&s, 301, [31, 32], "a challenge").await;
    let fine = open(&s, 302, [33, 34], "a challenge").await;
    let before = stored_row(&s, kept, "stored").await;
    drop(s);
    // Written by a newer build, in a format this one does not know.
    let text = String::from_utf8(before.state.clone().into_bytes()).expect("UTF-8");
    let newer = text.replacen("\"format\":2", "\"format\":9", 1);
    assert_ne!(newer, text);
    put_state(&db, kept, newer.as_bytes()).await;

    let (s, resumed) = start(&db).await;
    assert_eq!(
        resumed,
        [fine],
        "the readable match comes back, the other does not"
    );
    let row = stored_row(&s, kept, "kept").await;
    assert!(!row.live, "no longer live");
    assert_eq!(row.phase, format::SET_ASIDE);
    assert_eq!(row.how, None, "never ended");
    assert_eq!(row.ended_ms, None);
    assert_eq!(row.state.as_bytes(), newer.as_bytes(), "kept byte for byte");
    let told = s.take_set_aside();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!((told[0].id, told[0].channel), (kept, ChannelKey(301)));
    assert!(told[0].why.contains("format 9"), "{}", told[0].why);
    assert!(s.take_set_aside().is_empty(), "handed out once");
    assert_eq!(
        s.set_aside_in(ChannelKey(301)).await.expect("read"),
        Some(kept)
    );
    assert_eq!(s.set_aside_in(ChannelKey(302)).await.expect("read"), None);
    assert!(
        s.read(Locate::Id(kept), |_| ()).await.is_none(),
        "not a live match"
    );
    // Its channel and its members are free.
    let again = open(&s, 301, [31, 32], "the channel and members are free").await;
    s.matches()
        .decline(again, PlayerId(32))
        .await
        .expect("declined");
    drop(s);

    // The next start tells nobody again, and still keeps it.
    let (s, resumed) = start(&db).await;
    assert_eq!(resumed, [fine]);
    assert!(s.take_set_aside().is_empty(), "told once");
    let row = stored_row(&s, kept, "kept").await;
    assert_eq!(
        (row.live, row.phase.as_str(), row.state.as_bytes()),
        (false, format::SET_ASIDE, newer.as_bytes())
    );
}

on_both_stores!(an_unreadable_live_match_is_set_aside_kept_and_told_once);

/// A build that reads it (here: its state put back as this build wrote it) brings it back
/// at its start, where it was.
#[tokio::test]
async fn a_match_set_aside_comes_back_once_it_reads() {
    let db = Db::new("set_aside_back");
    let (id, state) = set_aside_one(&db, 401, [41, 42]).await;
    put_state(&db, id, &state).await;
    let (s, resumed) = start(&db).await;
    assert_eq!(resumed, [id], "back");
    let row = stored_row(&s, id, "kept").await;
    assert!(row.live);
    assert_eq!(row.phase, "challenge");
    s.matches()
        .accept(id, PlayerId(42), None)
        .await
        .expect("played on");
    assert_eq!(s.set_aside_in(ChannelKey(401)).await.expect("read"), None);
}

/// A match set aside, its challenge, and its state as stored (SQLite: the session opened).
async fn set_aside_one(db: &Db, channel: u64, players: [u64; 2]) -> (MatchId, StoredState) {
    let (s, _) = start(db).await;
    let id = open(&s, channel, players, "a challenge").await;
    let state = stored_row(&s, id, "stored").await.state;
    drop(s);
    put_state(db, id, b"{\"format\":9}").await;
    let (s, resumed) = start(db).await;
    assert!(resumed.is_empty());
    assert_eq!(s.take_set_aside().len(), 1, "set aside");
    drop(s);
    (id, state)
}

/// The builds that ran while a match was set aside kept the heartbeat going, so what was
/// left of its deadline at the last beat is nothing: it comes back with a whole phase to
/// play, not with a minute before a loss on time.
#[tokio::test]
async fn a_match_brought_back_gets_a_whole_phase() {
    let db = Db::new("set_aside_phase");
    let (id, state) = set_aside_one(&db, 411, [61, 62]).await;
    // A day of other builds' beats.
    let day_later = std::time::SystemTime::now() + std::time::Duration::from_secs(86_400);
    db.store()
        .await
        .presence()
        .beat(Timestamp::of(day_later))
        .await
        .expect("beat");
    put_state(&db, id, &state).await;
    let (s, resumed) = start(&db).await;
    assert_eq!(resumed, [id], "back");
    let deadline = s.read(Locate::Id(id), |e| e.deadline).await.expect("live");
    let left = deadline
        .duration_since(std::time::SystemTime::now())
        .unwrap_or_default();
    assert!(left > std::time::Duration::from_secs(290), "{left:?}");
}

/// While a match was set aside its channel and players were free; a new match took them.
/// Once it reads, it stays aside (never ended) while they are taken, and the new match
/// goes on; it comes back at a start that finds them free.
#[tokio::test]
async fn a_match_brought_back_into_a_taken_channel_stays_aside() {
    let db = Db::new("set_aside_clash");
    let (id, state) = set_aside_one(&db, 421, [63, 64]).await;
    let (s, _) = start(&db).await;
    let newer = open(&s, 421, [63, 65], "the channel and 63 are free").await;
    drop(s);
    put_state(&db, id, &state).await;
    let (s, resumed) = start(&db).await;
    assert_eq!(resumed, [newer], "the newer match goes on");
    let row = stored_row(&s, id, "kept").await;
    assert!(!row.live);
    assert_eq!(row.phase, format::SET_ASIDE, "kept aside, not ended");
    assert!(
        s.take_set_aside().is_empty(),
        "its channel was told already"
    );
    s.matches()
        .cancel(ChannelKey(421), PlayerId(63), false)
        .await
        .expect("the newer challenge called off");
    drop(s);
    let (_, resumed) = start(&db).await;
    assert_eq!(resumed, [id], "back once they are free");
}

/// `/privacy delete` of a member of a match set aside: this build cannot rename its state,
/// so the state is dropped, and the match never comes back, also for a build that could
/// read what it held.
#[tokio::test]
async fn a_match_set_aside_forgets_a_member_who_deleted_their_data() {
    let db = Db::new("set_aside_forget");
    let (id, state) = set_aside_one(&db, 431, [66, 67]).await;
    let (s, _) = start(&db).await;
    s.privacy().forget(PlayerId(66)).await.expect("forgotten");
    let row = stored_row(&s, id, "kept").await;
    assert!(!row.live);
    assert_eq!(row.phase, format::FORGOTTEN);
    assert!(row.state.is_empty(), "nothing of the member is kept in it");
    assert!(!row.players.contains(&PlayerId(66)), "{:?}", row.players);
    drop(s);
    put_state(&db, id, &state).await;
    let (s, resumed) = start(&db).await;
    assert!(resumed.is_empty(), "never brought back: {resumed:?}");
    assert!(!stored_row(&s, id, "kept").await.live);
}

/// `migrate-store` moves a match whose state this build cannot read as it is, and names it;
/// one set aside too.
#[tokio::test]
async fn migrate_store_reports_the_matches_it_cannot_read() {
    let Some(target) = crate::pg::PgDb::create("migrate_unreadable").await else {
        return;
    };
    let db = Db::new("migrate_unreadable");
    let (s, _) = start(&db).await;
    let broken = open(&s, 501, [51, 52], "a challenge").await;
    let aside = open(&s, 502, [53, 54], "a challenge").await;
    let fine = open(&s, 503, [55, 56], "a challenge").await;
    drop(s);
    put_state(&db, aside, b"{\"format\":9}").await;
    let (s, resumed) = start(&db).await;
    assert_eq!(resumed.len(), 2);
    drop(s);
    put_state(&db, broken, b"{\"id\":").await;
    let moved = broadside::store::migrate::sqlite_to_postgres(&db.url(), &target.url)
        .await
        .expect("moved");
    let mut expected = vec![broken, aside];
    expected.sort_unstable();
    assert_eq!(moved.unreadable, expected, "not {fine}");
    let text = moved.to_string();
    assert!(
        text.contains("2 matches whose state this build cannot read")
            && text.contains(&broken.to_string())
            && text.contains(&aside.to_string()),
        "{text}"
    );
}
