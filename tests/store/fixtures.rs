//! What the store tests start from: the timeouts of a standard match, and a new match
//! between two players that each test changes where its own differs.

use broadside::game::{MatchOptions, PlayerId, Variant};
use broadside::session::{ChannelKey, NewMatch, Pace, Timeouts};

/// The standard pace's limits: five minutes to accept, ten to place, five a turn.
pub const TIMEOUTS: Timeouts = Timeouts::STANDARD;

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
