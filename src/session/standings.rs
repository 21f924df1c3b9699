//! Ratings, statistics and leaderboards, read from the store. The figures are written
//! when a match ends (see the store); here they are only read, ranked and paged.

use crate::game::{PlayerId, Variant};
use crate::ids::GuildId;
use crate::rating::{Rating, Record, Summary, summarise};
use crate::store::{Places, StoreError};

use super::services::Standings;

/// Places on one leaderboard page.
pub const PAGE: u32 = 10;

/// A member's card in one rule set.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// Their rating and rated record, once they have played a rated match.
    pub rating: Option<(Rating, Record)>,
    /// Everything computed from their results.
    pub summary: Summary,
}

/// A member's standing in one rule set, as a leaderboard (or a season's table) shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The member.
    pub player: PlayerId,
    /// Their last known display name.
    pub name: String,
    /// Their rating.
    pub rating: Rating,
    /// Their rated record.
    pub record: Record,
}

impl From<crate::store::Standing> for Standing {
    fn from(row: crate::store::Standing) -> Self {
        Standing {
            player: row.player,
            name: row.name,
            rating: row.rating,
            record: row.record,
        }
    }
}

/// A leaderboard line with its rank.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// 1-based competition rank (equal ratings as shown share one); `None` for a
    /// provisional rating, listed apart after the established ones.
    pub rank: Option<u32>,
    /// The member and their figures.
    pub standing: Standing,
}

/// One page of a server's leaderboard, as a member asked for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    /// The page's lines (at most [`PAGE`]).
    pub rows: Vec<Ranked>,
    /// The page shown, 0-based (a page past the end shows the last one).
    pub page: u32,
    /// Pages in all (at least 1).
    pub pages: u32,
    /// The asking member's line, when they are listed but not on this page.
    pub you: Option<Ranked>,
}

impl Standings<'_> {
    /// `player`'s card in `variant`.
    pub async fn card(self, player: PlayerId, variant: Variant) -> Result<Card, StoreError> {
        let rating = self
            .session
            .store
            .finished()
            .rating(player, variant.key())
            .await?;
        let results = self
            .session
            .store
            .finished()
            .results(player, variant.key())
            .await?;
        Ok(Card {
            rating: rating.map(|r| (r.rating, r.record)),
            summary: summarise(&results, variant == Variant::Game2000),
        })
    }

    /// Page `page` (0-based) of the leaderboard of `guild` in `variant`, as `caller` sees
    /// it; with [`crate::store::GLOBAL_BOARD`] the global one (the members who opted in).
    pub async fn leaderboard(
        self,
        guild: GuildId,
        variant: Variant,
        page: u32,
        caller: PlayerId,
    ) -> Result<Leaderboard, StoreError> {
        let (board, key) = (guild, variant.key());
        // The page asked for, and its count of places with it; a page past the end is
        // asked again as the last one.
        let mut listed = self
            .session
            .store
            .finished()
            .leaderboard(board, key, Places::page(page, PAGE))
            .await?;
        let pages = listed.total.div_ceil(PAGE).max(1);
        let page = if page < pages {
            page
        } else {
            listed = self
                .session
                .store
                .finished()
                .leaderboard(board, key, Places::page(pages - 1, PAGE))
                .await?;
            pages - 1
        };
        let mut rows: Vec<Ranked> = Vec::with_capacity(listed.rows.len());
        for (i, standing) in listed.rows.into_iter().map(Standing::from).enumerate() {
            let rank = if standing.rating.is_provisional() {
                None
            } else {
                match rows.last() {
                    Some(prev) if prev.standing.rating.shown() == standing.rating.shown() => {
                        prev.rank
                    }
                    Some(_) => Some(page * PAGE + u32::try_from(i).unwrap_or(0) + 1),
                    // The page's first line may tie with the one before the page.
                    None => self
                        .session
                        .store
                        .finished()
                        .place(board, key, standing.player)
                        .await?
                        .and_then(|p| p.rank),
                }
            };
            rows.push(Ranked { rank, standing });
        }
        let you = if rows.iter().any(|r| r.standing.player == caller) {
            None
        } else {
            match self
                .session
                .store
                .finished()
                .place(board, key, caller)
                .await?
            {
                Some(place) => self
                    .session
                    .store
                    .finished()
                    .leaderboard(board, key, Places::one(place.position))
                    .await?
                    .rows
                    .into_iter()
                    .next()
                    .map(|standing| Ranked {
                        rank: place.rank,
                        standing: standing.into(),
                    }),
                None => None,
            }
        };
        Ok(Leaderboard {
            rows,
            page,
            pages,
            you,
        })
    }

    /// A page of the global leaderboard: the members anywhere who chose to be listed
    /// ([`Privacy::set_leaderboard_visible`](crate::session::services::Privacy::set_leaderboard_visible)), by their rating in `variant`; `caller`'s own
    /// line as on a server's board (only when they are listed).
    pub async fn global_leaderboard(
        self,
        variant: Variant,
        page: u32,
        caller: PlayerId,
    ) -> Result<Leaderboard, StoreError> {
        self.leaderboard(crate::store::GLOBAL_BOARD, variant, page, caller)
            .await
    }
}
