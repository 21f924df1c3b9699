//! The session's services, one per job, as the store has its roles: each borrows what
//! the services share (the session's base: the store, the engine, the paces and the
//! rest) and holds the operations of its job
//! ([`Session::matches`](super::Session::matches),
//! [`Session::daily`](super::Session::daily),
//! [`Session::seasons`](super::Session::seasons) and the others). Their methods are
//! written in the files of their jobs; this file only names them. [`Matches`] also holds
//! the tournaments' desk, which a match's end wakes. The two services that keep
//! something of their own beside the base are declared in their own rooms:
//! [`DailySea`](super::DailySea) (its cache of the day's seas) and
//! [`Tournaments`](super::tournament::Tournaments) (the sign-ups under way).

use super::base::Base;
use super::tournament::Desk;

/// Declares a service: a borrow of the session's base, and the base's accessor for it.
macro_rules! services {
    ($($(#[$doc:meta])* $name:ident => $accessor:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug)]
            pub struct $name<'a> {
                pub(super) session: &'a Base,
            }
        )*

        impl Base {
            $(
                #[doc = concat!("The [`", stringify!($name), "`] service on this base.")]
                pub(super) const fn $accessor(&self) -> $name<'_> {
                    $name { session: self }
                }
            )*
        }
    };
}

services! {
    /// Daily matches' reminders: who wants them, which are due, and the message they link to.
    Daily => daily;
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
}

/// A match from its challenge to its end: challenge, accept, place, edit, fire,
/// forfeit, rematch, the computer's turns and the ends of matches. A match's end reaches
/// its tournament through the tournaments' `desk`.
#[derive(Clone, Copy, Debug)]
pub struct Matches<'a> {
    pub(super) session: &'a Base,
    pub(super) desk: &'a Desk,
}

impl<'a> Matches<'a> {
    /// The service on `session`'s base, whose ends wake their tournaments in `desk`.
    pub(super) const fn new(session: &'a Base, desk: &'a Desk) -> Self {
        Self { session, desk }
    }
}
