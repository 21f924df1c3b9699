//! `broadside migrate-store`: a SQLite database moved to PostgreSQL keeps every match (live
//! and finished), every move, every rating and result, and the bot goes on from it.
//! Skipped (and says so) without a PostgreSQL test server.

use crate::pg;
use crate::store::fixtures::{self, TIMEOUTS};

use std::sync::Arc;
use std::time::SystemTime;

use broadside::ai::Difficulty;
use broadside::game::PlayerId;
use broadside::ids::GuildId;
use broadside::session::{ChannelKey, Locate, MatchId, NewMatch, Seeds, Session, millis};
use broadside::store::{self, Places, Store};

/// The leaderboard places compared before and after a move.
const TOP: Places = Places::first(10);

const ALICE: PlayerId = PlayerId(1001);
const BOB: PlayerId = PlayerId(1002);
const CAROL: PlayerId = PlayerId(1003);
const BOT: PlayerId = PlayerId(9999);
const GUILD: GuildId = GuildId(5);

fn new_match(channel: u64, a: PlayerId, b: PlayerId) -> NewMatch {
    let names = [format!("P{}", a.0), format!("P{}", b.0)];
    fixtures::new_match(ChannelKey(channel), GUILD, [a, b], [&names[0], &names[1]])
}

/// Runs the binary's `migrate-store`; its exit code and its output.
fn migrate(from: &str, to: &str) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(["migrate-store", "--from", from, "--to", to])
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("run broadside");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// The global leaderboard's first page in classic (issue 38).
async fn global(store: &dyn Store) -> store::LeaderPage {
    let board = store
        .finished()
        .leaderboard(store::GLOBAL_BOARD, "classic", TOP);
    board.await.unwrap()
}

/// On SQLite at `from`: a rated match played out, a computer match, and a live one in
/// placement. Returns the ids of the first and the last.
async fn fill(from: &str) -> (MatchId, MatchId) {
    let s = Session::new(
        store::open(from).await.unwrap(),
        TIMEOUTS,
        Seeds::new(Some(3)),
    );
    let id = fixtures::open(&s, new_match(1, ALICE, BOB)).await;
    s.matches().accept(id, BOB, None).await.unwrap();
    for p in [ALICE, BOB] {
        let preview = s.matches().place(p, None).await.unwrap();
        s.matches().ready(id, p, &preview.tag()).await.unwrap();
    }
    let first = s
        .read(Locate::Id(id), |e| e.game.to_move())
        .await
        .unwrap()
        .unwrap();
    s.matches().fire(ChannelKey(1), first, "E5").await.unwrap();
    s.matches().forfeit(first).await.unwrap();
    // Bob shows his name on the global leaderboard (issue 38).
    s.privacy()
        .set_leaderboard_visible(BOB, true)
        .await
        .unwrap();
    s.matches()
        .challenge(NewMatch {
            pace: broadside::session::Pace::Standard,
            rated: true,
            thread: false,
            opponent: BOT,
            computer: Some(Difficulty::Easy),
            ..new_match(2, CAROL, BOT)
        })
        .await
        .unwrap();
    s.matches().forfeit(CAROL).await.unwrap();
    let live = fixtures::open(&s, new_match(3, CAROL, ALICE)).await;
    s.matches().accept(live, ALICE, None).await.unwrap();
    (id, live)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_database_moves_to_postgres_whole() {
    let Some(target) = pg::PgDb::create("migrate").await else {
        return;
    };
    let dir = std::env::temp_dir().join(format!(
        "broadside-migrate-{}-{}",
        std::process::id(),
        millis(SystemTime::now())
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let from = format!("sqlite://{}", dir.join("m.db").display());

    let (finished, live) = fill(&from).await;
    let source = store::open(&from).await.unwrap().store();
    let past = source.finished();
    let before_rating = past.rating(BOB, "classic").await.unwrap();
    let before_results = past.results(CAROL, "classic").await.unwrap();
    let before_board = past.leaderboard(GUILD, "classic", TOP).await.unwrap();
    let before_history = past.history(ALICE, None, 10).await.unwrap();
    let before_global = global(source.as_ref()).await;
    assert_eq!(before_global.rows.len(), 1, "{before_global:?}");
    let stored = [
        past.get(finished).await.unwrap(),
        past.get(live).await.unwrap(),
    ];
    let moves = past.moves(finished).await.unwrap();
    // While a bot holds the file, nothing moves.
    let (code, text) = migrate(&from, &target.url);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("in use"), "{text}");
    drop(source);

    let (code, text) = migrate(&from, &target.url);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("matches: 3") && text.contains("moves: 1"),
        "{text}"
    );

    let target_store: Arc<dyn Store> = store::open(&target.url).await.unwrap().store();
    let chose = target_store.settings();
    let target_past = target_store.finished();
    assert_eq!(target_past.get(finished).await.unwrap(), stored[0]);
    assert_eq!(target_past.get(live).await.unwrap(), stored[1]);
    assert_eq!(target_past.moves(finished).await.unwrap(), moves);
    assert_eq!(
        target_past.rating(BOB, "classic").await.unwrap(),
        before_rating
    );
    assert_eq!(
        target_past.results(CAROL, "classic").await.unwrap(),
        before_results
    );
    assert_eq!(
        target_past
            .leaderboard(GUILD, "classic", TOP)
            .await
            .unwrap(),
        before_board
    );
    assert_eq!(
        target_past.history(ALICE, None, 10).await.unwrap(),
        before_history
    );
    assert_eq!(global(target_store.as_ref()).await, before_global);
    assert!(chose.leaderboard_visible(BOB).await.unwrap());
    assert!(!chose.leaderboard_visible(ALICE).await.unwrap());

    // A second run finds the target full and leaves it alone.
    drop(target_store);
    let (code, text) = migrate(&from, &target.url);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("already holds 3 rows in matches"), "{text}");

    // The bot goes on from PostgreSQL: the live match is back, in placement.
    let (s, resumed, _) = Session::restore(
        store::open(&target.url).await.unwrap(),
        TIMEOUTS,
        Seeds::new(None),
    )
    .await
    .unwrap();
    assert_eq!(resumed.len(), 1);
    assert_eq!(resumed[0].id, live);
    let preview = s.matches().place(CAROL, None).await.unwrap();
    s.matches()
        .ready(live, CAROL, &preview.tag())
        .await
        .unwrap();
    // Its members are bound to it in the shared schema too.
    let busy = s.matches().challenge(new_match(4, ALICE, BOB)).await;
    assert!(
        matches!(
            busy,
            Err(broadside::session::SessionError::Busy {
                reason: broadside::session::OpenError::PlayerBusy(ALICE),
                at: Some(broadside::session::Place {
                    channel: ChannelKey(3),
                    ..
                }),
            })
        ),
        "{busy:?}"
    );

    // The wrong direction is refused with the usage.
    let (code, text) = migrate(&target.url, &from);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("--from sqlite://FILE"), "{text}");
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
