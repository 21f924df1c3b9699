//! The session's services, one per job, as the store has its roles: each borrows the
//! session and holds the operations of its job ([`Session::matches`],
//! [`Session::daily`], [`Session::seasons`], [`Session::standings`],
//! [`Session::played`], [`Session::settings`], [`Session::privacy`]). Their methods are
//! written in the files of their jobs; this file only names them.

use super::Session;

/// Declares a service: a borrow of the session, and the session's accessor for it.
macro_rules! services {
    ($($(#[$doc:meta])* $name:ident => $accessor:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug)]
            pub struct $name<'a> {
                pub(super) session: &'a Session,
            }
        )*

        impl Session {
            $(
                #[doc = concat!("The [`", stringify!($name), "`] service of this session.")]
                #[must_use]
                pub const fn $accessor(&self) -> $name<'_> {
                    $name { session: self }
                }
            )*
        }
    };
}

services! {
    /// A match from its challenge to its end: challenge, accept, place, edit, fire,
    /// forfeit, rematch, the computer's turns and the ends of matches.
    Matches => matches;
    /// Daily matches' reminders: who wants them, which are due, and the message they link to.
    Daily => daily;
    /// The daily sea: today's fleet per rule set, a member's attempt, tables and streaks.
    DailySea => daily_sea;
    /// Rating seasons: their windows, boards, ends and titles.
    Seasons => seasons;
    /// The ratings' standings: a member's card and the leaderboards.
    Standings => standings;
    /// Finished and live matches to look at: a member's history, replays, a server's live
    /// matches.
    Played => played;
    /// A server's settings and its language.
    Settings => settings;
    /// A member's privacy: the leaderboard's visibility and being forgotten.
    Privacy => privacy;
    /// Swiss tournaments: sign-up, rounds, standings and their matches.
    Tournaments => tournaments;
}
