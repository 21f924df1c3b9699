//! Reading stored rows back, once for both databases (the queries are in each role's `sql.rs`).

use sqlx::Row as _;

use super::{
    FinishedMatch, HistoryRow, MoveRecord, SetAside, Standing, StoreError, StoredMatch,
    StoredState, Timestamp, from_sql,
};
use crate::game::PlayerId;
use crate::ids::{ChannelKey, GuildId, MatchId};
use crate::rating::{Outcome, Rating, Record, ResultRow};

/// The leaderboard's order: established members first, then by rating as shown (rounded),
/// best first; equal ratings by member id so that pages never overlap. It is the order of
/// the index `guild_players_order`.
pub(super) const ORDER: &str = "g.provisional, g.shown DESC, g.player_id";

/// The columns a store reads, by name, whatever the database.
pub(super) trait Columns {
    /// A 64-bit integer.
    fn int(&self, name: &str) -> Result<i64, sqlx::Error>;
    /// A nullable 64-bit integer.
    fn opt_int(&self, name: &str) -> Result<Option<i64>, sqlx::Error>;
    /// A float.
    fn real(&self, name: &str) -> Result<f64, sqlx::Error>;
    /// A nullable float.
    fn opt_real(&self, name: &str) -> Result<Option<f64>, sqlx::Error>;
    /// Text.
    fn text(&self, name: &str) -> Result<String, sqlx::Error>;
    /// Nullable text.
    fn opt_text(&self, name: &str) -> Result<Option<String>, sqlx::Error>;
    /// Bytes.
    fn blob(&self, name: &str) -> Result<Vec<u8>, sqlx::Error>;
    /// A flag (SQLite 0/1, PostgreSQL BOOLEAN).
    fn flag(&self, name: &str) -> Result<bool, sqlx::Error>;
}

macro_rules! columns_of {
    ($row:ty) => {
        impl Columns for $row {
            fn int(&self, name: &str) -> Result<i64, sqlx::Error> {
                self.try_get(name)
            }
            fn opt_int(&self, name: &str) -> Result<Option<i64>, sqlx::Error> {
                self.try_get(name)
            }
            fn real(&self, name: &str) -> Result<f64, sqlx::Error> {
                self.try_get(name)
            }
            fn opt_real(&self, name: &str) -> Result<Option<f64>, sqlx::Error> {
                self.try_get(name)
            }
            fn text(&self, name: &str) -> Result<String, sqlx::Error> {
                self.try_get(name)
            }
            fn opt_text(&self, name: &str) -> Result<Option<String>, sqlx::Error> {
                self.try_get(name)
            }
            fn blob(&self, name: &str) -> Result<Vec<u8>, sqlx::Error> {
                self.try_get(name)
            }
            fn flag(&self, name: &str) -> Result<bool, sqlx::Error> {
                self.try_get(name)
            }
        }
    };
}

columns_of!(sqlx::sqlite::SqliteRow);
columns_of!(sqlx::postgres::PgRow);

/// A count column (never negative, and far below 2^32).
pub(super) fn count(row: &impl Columns, name: &str) -> Result<u32, StoreError> {
    let n = row.int(name)?;
    u32::try_from(n).map_err(|e| StoreError::Data(format!("{name}: {e}")))
}

/// A match row (`SELECT *` of `matches`).
pub(super) fn stored(row: &impl Columns) -> Result<StoredMatch, StoreError> {
    let number = |name: &str| -> Result<u64, StoreError> { Ok(from_sql(row.int(name)?)) };
    let member = |name: &str| -> Result<PlayerId, StoreError> { Ok(PlayerId(number(name)?)) };
    Ok(StoredMatch {
        id: MatchId(number("id")?),
        version: number("version")?,
        live: row.flag("live")?,
        phase: row.text("phase")?,
        channel: ChannelKey(number("channel_id")?),
        guild: row.opt_int("guild_id")?.map(|g| GuildId(from_sql(g))),
        players: [member("challenger_id")?, member("opponent_id")?],
        variant: row.text("variant")?,
        how: row.opt_text("how")?,
        winner: row.opt_int("winner_id")?.map(|w| PlayerId(from_sql(w))),
        created_ms: Timestamp(row.int("created_ms")?),
        ended_ms: row.opt_int("ended_ms")?.map(Timestamp),
        state: StoredState::new(row.blob("state")?),
    })
}

/// A row of a match set aside (`id`, `channel`, `guild_id`, `state`).
pub(super) fn set_aside(row: &impl Columns) -> Result<SetAside, StoreError> {
    Ok(SetAside {
        id: MatchId(from_sql(row.int("id")?)),
        channel: ChannelKey(from_sql(row.int("channel")?)),
        guild: row.opt_int("guild_id")?.map(|g| GuildId(from_sql(g))),
        state: StoredState::new(row.blob("state")?),
    })
}

/// A finished match row (`SELECT *` of `matches`), for the hard computer to learn from. A
/// live row is refused with an error, never returned: the queries select `NOT live`, and
/// this holds even if one did not (issue 40).
pub(super) fn finished(row: &impl Columns) -> Result<FinishedMatch, StoreError> {
    let id = MatchId(from_sql(row.int("id")?));
    if row.flag("live")? {
        return Err(StoreError::Data(format!(
            "match {id} is being played: it is not a finished match"
        )));
    }
    Ok(FinishedMatch {
        id,
        state: StoredState::new(row.blob("state")?),
    })
}

/// A move row.
pub(super) fn move_of(row: &impl Columns) -> Result<MoveRecord, StoreError> {
    Ok(MoveRecord {
        seq: count(row, "seq")?,
        player: PlayerId(from_sql(row.int("player_id")?)),
        turn: count(row, "turn")?,
        cells: row.text("cells")?,
        reports: row.text("reports")?,
        at_ms: Timestamp(row.int("at_ms")?),
    })
}

/// A `ratings` row.
pub(super) fn rating_of(row: &impl Columns) -> Result<(Rating, Record), StoreError> {
    Ok((
        Rating {
            rating: row.real("rating")?,
            deviation: row.real("deviation")?,
            volatility: row.real("volatility")?,
            games: count(row, "games")?,
        },
        Record {
            wins: count(row, "wins")?,
            losses: count(row, "losses")?,
            draws: count(row, "draws")?,
        },
    ))
}

/// A leaderboard row: a `ratings` row with the member's id and `name`.
pub(super) fn standing(row: &impl Columns) -> Result<Standing, StoreError> {
    let (rating, record) = rating_of(row)?;
    Ok(Standing {
        player: PlayerId(from_sql(row.int("player_id")?)),
        name: row.text("name")?,
        rating,
        record,
    })
}

/// A `results` row.
pub(super) fn result_of(row: &impl Columns) -> Result<ResultRow, StoreError> {
    let outcome = row.text("outcome")?;
    Ok(ResultRow {
        match_id: from_sql(row.int("match_id")?),
        ended_ms: row.int("ended_ms")?,
        outcome: Outcome::from_key(&outcome)
            .ok_or_else(|| StoreError::Data(format!("unknown outcome {outcome:?}")))?,
        how: row.text("how")?,
        computer: row.opt_text("computer")?,
        opponent: from_sql(row.int("opponent_id")?),
        shots: count(row, "shots")?,
        hits: count(row, "hits")?,
        turns: count(row, "turns")?,
        rating: row
            .opt_real("rating_before")?
            .zip(row.opt_real("rating_after")?),
    })
}

/// A history row: a `results` row of `player` with its match's `state`.
pub(super) fn history_of(row: &impl Columns, player: PlayerId) -> Result<HistoryRow, StoreError> {
    Ok(HistoryRow {
        result: result_of(row)?,
        variant: row.text("variant")?,
        opponent_name: opponent_name(&row.blob("state")?, player),
    })
}

/// The other seat's name in a stored state, read without the session layer's types: the
/// state is JSON with `names` and the match's `players` in every version of the stored
/// format (`format::document`).
fn opponent_name(state: &[u8], player: PlayerId) -> Option<String> {
    let v: serde_json::Value = serde_json::from_slice(state).ok()?;
    let players = v.get("game")?.get("players")?.as_array()?;
    let seat = players.iter().position(|p| p.as_u64() == Some(player.0))?;
    let names = v.get("names")?.as_array()?;
    names.get(1 - seat)?.as_str().map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `matches` row with only what [`finished`] reads.
    struct Row {
        live: bool,
    }

    impl Columns for Row {
        fn int(&self, name: &str) -> Result<i64, sqlx::Error> {
            match name {
                "id" => Ok(41),
                _ => Err(sqlx::Error::ColumnNotFound(name.into())),
            }
        }
        fn opt_int(&self, name: &str) -> Result<Option<i64>, sqlx::Error> {
            Err(sqlx::Error::ColumnNotFound(name.into()))
        }
        fn real(&self, name: &str) -> Result<f64, sqlx::Error> {
            Err(sqlx::Error::ColumnNotFound(name.into()))
        }
        fn opt_real(&self, name: &str) -> Result<Option<f64>, sqlx::Error> {
            Err(sqlx::Error::ColumnNotFound(name.into()))
        }
        fn text(&self, name: &str) -> Result<String, sqlx::Error> {
            Err(sqlx::Error::ColumnNotFound(name.into()))
        }
        fn opt_text(&self, name: &str) -> Result<Option<String>, sqlx::Error> {
            Err(sqlx::Error::ColumnNotFound(name.into()))
        }
        fn blob(&self, name: &str) -> Result<Vec<u8>, sqlx::Error> {
            match name {
                "state" => Ok(b"{}".to_vec()),
                _ => Err(sqlx::Error::ColumnNotFound(name.into())),
            }
        }
        fn flag(&self, name: &str) -> Result<bool, sqlx::Error> {
            match name {
                "live" => Ok(self.live),
                _ => Err(sqlx::Error::ColumnNotFound(name.into())),
            }
        }
    }

    /// Issue 40: the reader makes a finished match of a row that is not live, and refuses
    /// a live one whatever the query selected.
    #[test]
    fn a_live_row_is_never_a_finished_match() {
        let done = finished(&Row { live: false }).expect("a finished match");
        assert_eq!(
            (done.id(), done.state().as_bytes()),
            (MatchId(41), &b"{}"[..])
        );
        let refused = finished(&Row { live: true });
        assert!(
            matches!(&refused, Err(StoreError::Data(why)) if why.contains("41")),
            "{refused:?}"
        );
    }
}
