//! What the write of an end played out adds, compiled as a module of each back-end (see
//! `roles/sql.rs`): the ratings and results, the leaderboards' order, and the server's
//! current season's table.
//!
//! A member's rating stands in two kinds of table, read and written by one implementation
//! ([`Table`]): the lifetime one (`ratings`, settled by [`settle::settle`]) and a season's
//! (`season_players`, updated from the rating the member had at the season's start).

use super::{Conn, Db};
use crate::game::PlayerId;
use crate::ids::GuildId;
use crate::rating::settle::{self, Settlement};
use crate::rating::{Outcome, Rating, Record};
use crate::store::{GLOBAL_BOARD, MatchRecord, StoreError, Timestamp, rows, to_sql};

/// A query being bound.
type Query<'q> = sqlx::query::Query<'q, Db, <Db as sqlx::Database>::Arguments<'q>>;

/// Where a member's rating and record in a rule set stand.
#[derive(Clone, Copy, Debug)]
pub(super) enum Table {
    /// Their lifetime rating (`ratings`).
    Lifetime,
    /// Their rating in season `number` of `guild` (`season_players`, which keeps the
    /// table's order beside it).
    Season {
        /// The server.
        guild: GuildId,
        /// The season.
        number: i64,
    },
}

impl Table {
    /// `player`'s rating and record in `variant` here, if they have one.
    pub(super) async fn stood(
        self,
        tx: &mut Conn,
        player: PlayerId,
        variant: &str,
    ) -> Result<Option<(Rating, Record)>, StoreError> {
        let row = match self {
            Table::Lifetime => {
                sqlx::query("SELECT * FROM ratings WHERE player_id = $1 AND variant = $2")
                    .bind(to_sql(player))
                    .bind(variant)
            }
            Table::Season { guild, number } => sqlx::query(
                "SELECT rating, deviation, volatility, games, wins, losses, draws FROM season_players \
                 WHERE guild_id = $1 AND number = $2 AND variant = $3 AND player_id = $4",
            )
            .bind(to_sql(guild))
            .bind(number)
            .bind(variant)
            .bind(to_sql(player)),
        }
        .fetch_optional(&mut *tx)
        .await?;
        row.as_ref().map(rows::rating_of).transpose()
    }

    /// Writes `player`'s `rating` and `record` in `variant` here, as of `at` (the lifetime
    /// table keeps when; a season's does not).
    async fn keep(
        self,
        tx: &mut Conn,
        player: PlayerId,
        variant: &str,
        (rating, record): (Rating, Record),
        at: Timestamp,
    ) -> Result<(), StoreError> {
        let query = match self {
            Table::Lifetime => bind_rating(
                sqlx::query(
                    "INSERT INTO ratings (player_id, variant, rating, deviation, volatility, games, wins, \
                     losses, draws, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                     ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, \
                     deviation = excluded.deviation, volatility = excluded.volatility, \
                     games = excluded.games, wins = excluded.wins, losses = excluded.losses, \
                     draws = excluded.draws, updated_ms = excluded.updated_ms",
                )
                .bind(to_sql(player))
                .bind(variant),
                &rating,
                &record,
            )
            .bind(at),
            Table::Season { guild, number } => bind_rating(
                sqlx::query(
                    "INSERT INTO season_players (guild_id, number, variant, player_id, rating, deviation, \
                     volatility, games, wins, losses, draws, provisional, shown) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
                     ON CONFLICT (guild_id, number, variant, player_id) DO UPDATE SET \
                     rating = excluded.rating, deviation = excluded.deviation, \
                     volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, \
                     losses = excluded.losses, draws = excluded.draws, \
                     provisional = excluded.provisional, shown = excluded.shown",
                )
                .bind(to_sql(guild))
                .bind(number)
                .bind(variant)
                .bind(to_sql(player)),
                &rating,
                &record,
            )
            .bind(rating.is_provisional())
            .bind(rating.shown()),
        };
        query.execute(&mut *tx).await?;
        Ok(())
    }
}

/// Binds a rating and record as the next seven parameters, in the order both tables keep
/// them: rating, deviation, volatility, games, wins, losses, draws.
fn bind_rating<'q>(query: Query<'q>, rating: &Rating, record: &Record) -> Query<'q> {
    query
        .bind(rating.rating)
        .bind(rating.deviation)
        .bind(rating.volatility)
        .bind(i64::from(rating.games))
        .bind(i64::from(record.wins))
        .bind(i64::from(record.losses))
        .bind(i64::from(record.draws))
}

/// Records the end of `r` in ratings and statistics, once: a second write of the same end
/// (a retried write that had landed after all) finds its results and does nothing. The
/// settlement itself is [`settle::settle`]; this only loads and writes.
pub(super) async fn settle_in(tx: &mut Conn, r: &MatchRecord) -> Result<(), StoreError> {
    let Some(end) = r.end() else {
        return Ok(());
    };
    if !settle::PLAYED_OUT.contains(&end.how) {
        return Ok(());
    }
    let done: Option<i64> =
        sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM results WHERE match_id = $1 LIMIT 1")
            .bind(to_sql(r.id))
            .fetch_optional(&mut *tx)
            .await?;
    if done.is_some() {
        return Ok(());
    }
    let rated = end.rated && end.computer.is_none();
    let stored = if rated {
        // Two ends of the same member's matches never read the same old rating.
        super::lock_ratings(tx, r.players).await?;
        [
            Table::Lifetime.stood(tx, r.players[0], r.variant).await?,
            Table::Lifetime.stood(tx, r.players[1], r.variant).await?,
        ]
    } else {
        [None, None]
    };
    let Some(Settlement { ratings, results }) = settle::settle(&end, stored) else {
        return Ok(());
    };
    for new in &ratings {
        let player = PlayerId(new.player);
        Table::Lifetime
            .keep(
                tx,
                player,
                r.variant,
                (new.rating, new.record),
                r.updated_ms,
            )
            .await?;
        place_on_boards(tx, r, player, &new.rating).await?;
    }
    for settled in &results {
        sqlx::query(
            "INSERT INTO players (player_id, name, updated_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, \
             updated_ms = excluded.updated_ms WHERE players.updated_ms <= excluded.updated_ms",
        )
        .bind(to_sql(settled.player))
        .bind(&settled.name)
        .bind(r.updated_ms)
        .execute(&mut *tx)
        .await?;
        let row = &settled.row;
        // The whole rating after the match, so a season can start from it.
        let after = ratings
            .iter()
            .find(|n| n.player == settled.player)
            .map(|n| n.rating);
        sqlx::query(
            "INSERT INTO results (match_id, player_id, variant, guild_id, opponent_id, computer, \
             outcome, how, shots, hits, turns, rating_before, rating_after, ended_ms, \
             deviation_after, volatility_after) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
        )
        .bind(to_sql(row.match_id))
        .bind(to_sql(settled.player))
        .bind(r.variant)
        .bind(r.guild.map(to_sql))
        .bind(to_sql(row.opponent))
        .bind(row.computer.as_deref())
        .bind(row.outcome.key())
        .bind(&row.how)
        .bind(i64::from(row.shots))
        .bind(i64::from(row.hits))
        .bind(i64::from(row.turns))
        .bind(row.rating.map(|a| a.0))
        .bind(row.rating.map(|a| a.1))
        .bind(row.ended_ms)
        .bind(after.map(|a| a.deviation))
        .bind(after.map(|a| a.volatility))
        .execute(&mut *tx)
        .await?;
    }
    if rated {
        season_in(tx, r).await?;
    }
    Ok(())
}

/// Puts `player`'s new `rating` in the order of every leaderboard they are on, and adds
/// them to the leaderboard of `r`'s server.
async fn place_on_boards(
    tx: &mut Conn,
    r: &MatchRecord,
    p: PlayerId,
    rating: &Rating,
) -> Result<(), StoreError> {
    let (provisional, shown) = (rating.is_provisional(), rating.shown());
    sqlx::query(
        "UPDATE guild_players SET provisional = $3, shown = $4 \
         WHERE player_id = $1 AND variant = $2",
    )
    .bind(to_sql(p))
    .bind(r.variant)
    .bind(provisional)
    .bind(shown)
    .execute(&mut *tx)
    .await?;
    // The leaderboard of `r`'s server, and the global board for a member who opted in
    // (the ratings lock is held: an opt-in meanwhile reads the rating after this end).
    let server = r.guild.map(|guild| {
        let sql = "INSERT INTO guild_players (guild_id, variant, player_id, provisional, shown) \
                   VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING";
        (sql, guild)
    });
    let global = "INSERT INTO guild_players (guild_id, variant, player_id, provisional, shown) \
                  SELECT $1, $2, player_id, $4, $5 FROM leaderboard_optins WHERE player_id = $3 \
                  ON CONFLICT DO NOTHING";
    for (sql, board) in server.into_iter().chain([(global, GLOBAL_BOARD)]) {
        sqlx::query(sql)
            .bind(to_sql(board))
            .bind(r.variant)
            .bind(to_sql(p))
            .bind(provisional)
            .bind(shown)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Counts the end of `r` (a rated match) in the season of its server whose span holds
/// its end time (`seasons/sql.rs`, `count_end`).
async fn season_in(tx: &mut Conn, r: &MatchRecord) -> Result<(), StoreError> {
    let (Some(guild), Some(result)) = (r.guild, r.result.as_ref()) else {
        return Ok(());
    };
    let outcome = match result.winner {
        None => Outcome::Draw,
        Some(w) if w == r.players[0] => Outcome::Win,
        Some(_) => Outcome::Loss,
    };
    super::seasons::count_end(tx, guild, r.updated_ms, r.variant, r.players, outcome).await
}

/// One rated match of a season: both members' season ratings (each from their rating at
/// the season's `start`, the first time) updated against each other.
pub(super) async fn season_match(
    tx: &mut Conn,
    season: Table,
    start: Timestamp,
    variant: &str,
    players: [PlayerId; 2],
    outcome: Outcome,
) -> Result<(), StoreError> {
    let mut stood = [(Rating::default(), Record::default()); 2];
    for (seat, &p) in players.iter().enumerate() {
        stood[seat] = match season.stood(tx, p, variant).await? {
            Some(rating) => rating,
            None => (season_seed(tx, p, variant, start).await?, Record::default()),
        };
    }
    let (a, b) = crate::rating::update(stood[0].0, stood[1].0, outcome);
    for (seat, (rating, result)) in [(a, outcome), (b, outcome.flipped())]
        .into_iter()
        .enumerate()
    {
        let mut record = stood[seat].1;
        record.add(result);
        season
            .keep(tx, players[seat], variant, (rating, record), start)
            .await?;
    }
    Ok(())
}

/// `player`'s rating in `variant` as it stood at `start`, with no games counted: the
/// rating after their last rated match that ended before then (the default rating when
/// there was none). A result stored before seasons existed carries only the rating's
/// value; its deviation and volatility are then today's.
async fn season_seed(
    tx: &mut Conn,
    player: PlayerId,
    variant: &str,
    start: Timestamp,
) -> Result<Rating, StoreError> {
    let row: Option<(f64, Option<f64>, Option<f64>)> = sqlx::query_as(
        "SELECT rating_after, deviation_after, volatility_after FROM results \
         WHERE player_id = $1 AND variant = $2 AND ended_ms < $3 AND rating_after IS NOT NULL \
         ORDER BY ended_ms DESC, match_id DESC LIMIT 1",
    )
    .bind(to_sql(player))
    .bind(variant)
    .bind(start)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((rating, deviation, volatility)) = row else {
        return Ok(Rating::default());
    };
    let today = Table::Lifetime
        .stood(tx, player, variant)
        .await?
        .map(|(r, _)| r)
        .unwrap_or_default();
    Ok(Rating {
        rating,
        deviation: deviation.unwrap_or(today.deviation),
        volatility: volatility.unwrap_or(today.volatility),
        games: 0,
    })
}
