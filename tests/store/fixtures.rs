//! What the store tests start from: the timeouts of a standard match, and a new match
//! between two players that each test changes where its own differs.

use broadside::ai::Difficulty;
use broadside::game::{Confirmed, MatchOptions, PlayerId, Variant};
use broadside::session::{ChannelKey, MatchId, NewMatch, Pace, Session, Timeouts};
use broadside::store::{MatchRecord, MatchResult, Played, StoredMatch, Timestamp};

/// The standard pace's limits: five minutes to accept, ten to place, five a turn.
pub const TIMEOUTS: Timeouts = Timeouts::STANDARD;

/// The challenger of the session and standings tests.
pub const ALICE: PlayerId = PlayerId(1001);
/// The member she challenges.
pub const BOB: PlayerId = PlayerId(1002);
/// The computer's player id in those tests.
pub const BOT: PlayerId = PlayerId(9999);
/// Where they play.
pub const CHANNEL: ChannelKey = ChannelKey(77);

/// A rated classic match at the standard pace in `channel` of server `guild`, between
/// `players` (the challenger first) named `names`: default options, no thread, no
/// computer, and neither the server's nor the challenger's language given.
pub fn new_match(
    channel: ChannelKey,
    guild: broadside::ids::GuildId,
    [challenger, opponent]: [PlayerId; 2],
    names: [&str; 2],
) -> NewMatch {
    NewMatch {
        channel,
        guild: Some(guild),
        challenger,
        opponent,
        names: names.map(str::to_owned),
        variant: Variant::Classic,
        options: MatchOptions::default(),
        guild_locale: None,
        challenger_locale: None,
        computer: None,
        pace: Pace::Standard,
        rated: true,
        thread: false,
    }
}

/// `new` against the computer `bot` (named Broadside) at `level`: rated, at the standard
/// pace, without a thread.
pub fn versus(new: NewMatch, bot: PlayerId, level: Difficulty) -> NewMatch {
    let challenger = new.names[0].clone();
    NewMatch {
        pace: Pace::Standard,
        rated: true,
        thread: false,
        opponent: bot,
        names: [challenger, "Broadside".into()],
        computer: Some(level),
        ..new
    }
}

/// The id of the challenge `new` that `s` opens (the test fails where it is refused).
pub async fn open(s: &Session, new: NewMatch) -> MatchId {
    s.matches()
        .challenge(new)
        .await
        .expect("the challenge is opened")
        .id
}

/// Match `id` as `s`'s store holds it (the test fails where it is not stored).
pub async fn row(s: &Session, id: MatchId) -> StoredMatch {
    s.store()
        .finished()
        .get(id)
        .await
        .expect("read")
        .expect("stored")
}

/// The result of a match `a` won against `b` by sinking every ship.
pub fn sunk(a: u64, b: u64) -> MatchResult {
    MatchResult {
        how: "sunk",
        winner: Some(PlayerId(a)),
        loser: Some(PlayerId(b)),
    }
}

/// The final record of a rated classic match `id` between `a` and `b` in channel 1 of
/// `guild` (`None`: outside servers) that ended with `result` at `at` (milliseconds), as
/// written directly: version 1, an empty state, no moves, named `P<id>`.
pub fn finished_record(
    id: u64,
    [a, b]: [u64; 2],
    guild: Option<broadside::ids::GuildId>,
    result: MatchResult,
    at: i64,
) -> MatchRecord {
    MatchRecord {
        id: MatchId(id),
        version: 1,
        channel: ChannelKey(1),
        guild,
        players: [PlayerId(a), PlayerId(b)],
        variant: "classic",
        options: "{}".into(),
        computer: None,
        phase: "finished",
        deadline_ms: Timestamp(0),
        state: b"{}".to_vec().into(),
        result: Some(result),
        created_ms: Timestamp(at),
        updated_ms: Timestamp(at),
        moves: Vec::new(),
        claims: Vec::new(),
        computer_next: false,
        remind_ms: None,
        post_channel: None,
        played: Some(Played {
            names: [format!("P{a}"), format!("P{b}")],
            stats: Default::default(),
            rated: true,
        }),
        rematch_of: None,
    }
}

/// Places each seat's fleet in accepted match `id` and makes it final; who fires first.
pub async fn ready_both(s: &Session, id: MatchId, seats: [(PlayerId, &str); 2]) -> PlayerId {
    let mut first = None;
    for (p, fleet) in seats {
        let preview = s.matches().place(p, Some(fleet)).await.unwrap();
        let readied = s.matches().ready(id, p, &preview.tag()).await.unwrap();
        if let Confirmed::BattleStarts { first: f } = readied.confirmed {
            first = Some(f);
        }
    }
    first.expect("the battle began")
}
