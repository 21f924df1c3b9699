//! A match in memory ([`Entry`]) as the store's document ([`Document`](crate::store::format::Document)), and back: the one
//! place where the session's and the rules' types meet the stored format
//! (`store::format`). Every field is converted by hand, so a change of a type in memory
//! does not change what is stored (the compiler points here instead).

use std::time::{Duration, SystemTime};

use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

use crate::ai::Difficulty;
use crate::game::editor::{Cursor, Draft};
use crate::game::state::{Battle, Setup};
use crate::game::{
    BattleParts, CellSet, Coord, Ending, Fleet, Match, MatchOptions, MatchParts, Phase, PlayerId,
    Report, Sea, Seat, Ship, ShotRecord, Side, Variant, WinReason,
};
use crate::store::format::{self, CURRENT, FormatError, document as doc};

use super::entry::{Computer, Entry, Home, Reminded, Series, TournamentOf};
use super::ids::{ChannelKey, GuildId, MatchId, MessageId, TournamentId};
use super::pace::{Pace, Timeouts};

/// The document of `entry` as it is now, in the current version.
#[must_use]
pub fn document_of(entry: &Entry) -> doc::Document {
    doc::Document {
        format: Some(CURRENT),
        id: entry.id.0,
        version: entry.version,
        moves: entry.moves,
        channel: entry.channel.0,
        guild: entry.guild.map(u64::from),
        created: time_doc(entry.created),
        game: game_doc(&entry.game),
        names: entry.names.clone(),
        deadline: time_doc(entry.deadline),
        guild_locale: entry.guild_locale.clone(),
        player_locales: entry.player_locales.clone(),
        computer: entry.computer.as_ref().map(|c| doc::Computer {
            difficulty: match c.difficulty {
                Difficulty::Easy => doc::Difficulty::Easy,
                Difficulty::Normal => doc::Difficulty::Normal,
                Difficulty::Hard => doc::Difficulty::Hard,
            },
            rng: rng_doc(&c.rng),
        }),
        series: entry.series.map(|s| doc::Series {
            wins: s.wins,
            draws: s.draws,
        }),
        last_fleets: entry
            .last_fleets
            .each_ref()
            .map(|f| f.as_ref().map(fleet_doc)),
        pace: match entry.pace {
            Pace::Blitz => doc::Pace::Blitz,
            Pace::Standard => doc::Pace::Standard,
            Pace::Daily => doc::Pace::Daily,
        },
        limits: entry.limits.map(|l| doc::Limits {
            challenge: span_doc(l.challenge),
            placement: span_doc(l.placement),
            turn: span_doc(l.turn),
        }),
        rated: entry.rated,
        home: match entry.home {
            Home::Channel => doc::Home::Channel,
            Home::Pending { parent } => doc::Home::Pending { parent: parent.0 },
            Home::Thread { parent } => doc::Home::Thread { parent: parent.0 },
        },
        reminded: doc::Reminded {
            moves: entry.reminded.moves,
            half: entry.reminded.half,
            hour: entry.reminded.hour,
        },
        last_message: entry.last_message.map(u64::from),
        drafts: entry.drafts.each_ref().map(|d| d.as_deref().map(draft_doc)),
        tournament: entry.tournament.as_ref().map(|t| doc::Tournament {
            id: t.id.0,
            name: t.name.clone(),
            round: t.round,
        }),
    }
}

/// The bytes `entry` is stored as.
pub fn encode(entry: &Entry) -> Result<Vec<u8>, FormatError> {
    format::write(document_of(entry))
}

/// A stored match read back, whatever version it was written in.
pub fn decode(state: &[u8]) -> Result<Entry, FormatError> {
    let d = format::read(state)?;
    entry_of(d)
}

/// The entry a document (of the current version) describes.
pub fn entry_of(d: doc::Document) -> Result<Entry, FormatError> {
    let version = d.format.unwrap_or(1);
    let bad = |what: String| FormatError::Invalid { version, what };
    let game = match_of(d.game).map_err(bad)?;
    let variant = game.variant();
    let fleet_in = |f: doc::Fleet| -> Result<Fleet, FormatError> {
        let f = fleet_of(&f).map_err(bad)?;
        if f.variant() == variant {
            Ok(f)
        } else {
            Err(bad(format!(
                "a fleet of {} in a match of {variant}",
                f.variant()
            )))
        }
    };
    let [a, b] = d.last_fleets;
    let last_fleets = [a.map(fleet_in).transpose()?, b.map(fleet_in).transpose()?];
    let [a, b] = d.drafts;
    let drafts = [
        a.as_ref()
            .map(draft_of)
            .transpose()
            .map_err(bad)?
            .map(Box::new),
        b.as_ref()
            .map(draft_of)
            .transpose()
            .map_err(bad)?
            .map(Box::new),
    ];
    Ok(Entry {
        id: MatchId(d.id),
        version: d.version,
        moves: d.moves,
        channel: ChannelKey(d.channel),
        guild: d.guild.map(GuildId),
        created: time_of(d.created),
        game,
        names: d.names,
        deadline: time_of(d.deadline),
        guild_locale: d.guild_locale,
        player_locales: d.player_locales,
        computer: d.computer.map(|c| Computer {
            difficulty: match c.difficulty {
                doc::Difficulty::Easy => Difficulty::Easy,
                doc::Difficulty::Normal => Difficulty::Normal,
                doc::Difficulty::Hard => Difficulty::Hard,
            },
            rng: rng_of(c.rng),
        }),
        series: d.series.map(|s| Series {
            wins: s.wins,
            draws: s.draws,
        }),
        last_fleets,
        pace: match d.pace {
            doc::Pace::Blitz => Pace::Blitz,
            doc::Pace::Standard => Pace::Standard,
            doc::Pace::Daily => Pace::Daily,
        },
        limits: d.limits.map(|l| Timeouts {
            challenge: span_of(l.challenge),
            placement: span_of(l.placement),
            turn: span_of(l.turn),
        }),
        rated: d.rated,
        home: match d.home {
            doc::Home::Channel => Home::Channel,
            doc::Home::Pending { parent } => Home::Pending {
                parent: ChannelKey(parent),
            },
            doc::Home::Thread { parent } => Home::Thread {
                parent: ChannelKey(parent),
            },
        },
        reminded: Reminded {
            moves: d.reminded.moves,
            half: d.reminded.half,
            hour: d.reminded.hour,
        },
        last_message: d.last_message.map(MessageId),
        drafts,
        tournament: d.tournament.map(|t| TournamentOf {
            id: TournamentId(t.id),
            name: t.name,
            round: t.round,
        }),
    })
}

fn time_doc(t: SystemTime) -> doc::Time {
    // Every time of a match is after 1970; one before it is stored as the epoch.
    let d = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or(Duration::ZERO);
    doc::Time {
        secs_since_epoch: d.as_secs(),
        nanos_since_epoch: d.subsec_nanos(),
    }
}

fn time_of(t: doc::Time) -> SystemTime {
    SystemTime::UNIX_EPOCH
        + span_of(doc::Span {
            secs: t.secs_since_epoch,
            nanos: t.nanos_since_epoch,
        })
}

fn span_doc(d: Duration) -> doc::Span {
    doc::Span {
        secs: d.as_secs(),
        nanos: d.subsec_nanos(),
    }
}

fn span_of(s: doc::Span) -> Duration {
    // Nanoseconds past a second carry into it, as `Duration::new` does, without its panic.
    Duration::from_secs(s.secs).saturating_add(Duration::from_nanos(u64::from(s.nanos)))
}

fn rng_doc(r: &ChaCha8Rng) -> doc::Rng {
    doc::Rng {
        seed: r.get_seed(),
        stream: r.get_stream(),
        word_pos: r.get_word_pos(),
    }
}

fn rng_of(r: doc::Rng) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::from_seed(r.seed);
    rng.set_stream(r.stream);
    rng.set_word_pos(r.word_pos);
    rng
}

const fn variant_doc(v: Variant) -> doc::Variant {
    match v {
        Variant::Classic => doc::Variant::Classic,
        Variant::Game2000 => doc::Variant::Game2000,
    }
}

const fn variant_of(v: doc::Variant) -> Variant {
    match v {
        doc::Variant::Classic => Variant::Classic,
        doc::Variant::Game2000 => Variant::Game2000,
    }
}

const fn side_doc(s: Side) -> doc::Side {
    match s {
        Side::Challenger => doc::Side::Challenger,
        Side::Opponent => doc::Side::Opponent,
    }
}

const fn side_of(s: doc::Side) -> Side {
    match s {
        doc::Side::Challenger => Side::Challenger,
        doc::Side::Opponent => Side::Opponent,
    }
}

fn fleet_doc(f: &Fleet) -> doc::Fleet {
    doc::Fleet {
        variant: variant_doc(f.variant()),
        ships: f.ships().iter().map(ToString::to_string).collect(),
    }
}

fn ship_of(text: &str) -> Result<Ship, String> {
    text.parse()
        .map_err(|e| format!("a ship {text:?} that is not one ({e})"))
}

fn fleet_of(f: &doc::Fleet) -> Result<Fleet, String> {
    let ships = f
        .ships
        .iter()
        .map(|s| ship_of(s))
        .collect::<Result<Vec<_>, _>>()?;
    Fleet::new(variant_of(f.variant), ships)
        .map_err(|e| format!("a fleet that breaks a rule ({e})"))
}

fn cell_of(text: &str) -> Result<Coord, String> {
    text.parse()
        .map_err(|e| format!("a cell {text:?} that is not one ({e})"))
}

fn draft_doc(d: &Draft) -> doc::Draft {
    let cursor = d.cursor();
    doc::Draft {
        variant: variant_doc(d.variant()),
        ships: d
            .slots()
            .iter()
            .map(|s| s.as_ref().map(ToString::to_string))
            .collect(),
        cursor: doc::Cursor {
            ship: cursor.ship,
            bow: cursor.bow.to_string(),
        },
    }
}

fn draft_of(d: &doc::Draft) -> Result<Draft, String> {
    let ships = d
        .ships
        .iter()
        .map(|s| s.as_deref().map(ship_of).transpose())
        .collect::<Result<Vec<_>, _>>()?;
    let cursor = Cursor {
        ship: d.cursor.ship,
        bow: cell_of(&d.cursor.bow)?,
    };
    Ok(Draft::restored(variant_of(d.variant), ships, cursor))
}

fn game_doc(m: &Match) -> doc::Game {
    let options = m.options();
    doc::Game {
        variant: variant_doc(m.variant()),
        options: doc::Options {
            repeats_forbidden: options.repeats_forbidden,
        },
        players: m.players().map(|p| p.0),
        phase: match m.phase() {
            Phase::Challenge => doc::Phase::Challenge,
            Phase::Placement(setup) => doc::Phase::Placement(doc::Setup {
                seats: setup.seats().each_ref().map(|seat| match seat {
                    Seat::Empty => doc::Seat::Empty,
                    Seat::Placed(f) => doc::Seat::Placed(fleet_doc(f)),
                    Seat::Ready(f) => doc::Seat::Ready(fleet_doc(f)),
                }),
            }),
            Phase::Battle(b) => doc::Phase::Battle(battle_doc(b)),
            Phase::Finished { ending, battle } => doc::Phase::Finished {
                ending: ending_doc(*ending),
                battle: battle.as_ref().map(battle_doc),
            },
        },
        rng: rng_doc(m.rng()),
        first: m.decided_first().map(side_doc),
    }
}

fn match_of(g: doc::Game) -> Result<Match, String> {
    let variant = variant_of(g.variant);
    let fleet_in = |f: doc::Fleet| -> Result<Fleet, String> {
        let f = fleet_of(&f)?;
        if f.variant() == variant {
            Ok(f)
        } else {
            Err(format!(
                "a fleet of {} in a match of {variant}",
                f.variant()
            ))
        }
    };
    let battle_of = |b: doc::Battle| -> Result<Battle, String> {
        let [s0, s1] = b.seas;
        let sea = |s: doc::Sea| -> Result<Sea, String> {
            let log = s
                .log
                .iter()
                .map(|shot| {
                    Ok(ShotRecord {
                        turn: shot.turn,
                        cell: cell_of(&shot.cell)?,
                        report: report_of(shot.report),
                        repeat: shot.repeat,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok(Sea::from_parts(
                fleet_in(s.fleet)?,
                CellSet::from_bits(s.fired),
                log,
            ))
        };
        Ok(Battle::from_parts(BattleParts {
            seas: [sea(s0)?, sea(s1)?],
            first: side_of(b.first),
            to_move: side_of(b.to_move),
            turns: b.turns,
            first_done: b.first_done,
        }))
    };
    let phase = match g.phase {
        doc::Phase::Challenge => Phase::Challenge,
        doc::Phase::Placement(setup) => {
            let [a, b] = setup.seats;
            let seat = |s: doc::Seat| -> Result<Seat, String> {
                Ok(match s {
                    doc::Seat::Empty => Seat::Empty,
                    doc::Seat::Placed(f) => Seat::Placed(fleet_in(f)?),
                    doc::Seat::Ready(f) => Seat::Ready(fleet_in(f)?),
                })
            };
            Phase::Placement(Setup::from_seats([seat(a)?, seat(b)?]))
        }
        doc::Phase::Battle(b) => Phase::Battle(battle_of(b)?),
        doc::Phase::Finished { ending, battle } => Phase::Finished {
            ending: ending_of(ending),
            battle: battle.map(battle_of).transpose()?,
        },
    };
    Ok(Match::from_parts(MatchParts {
        variant,
        options: MatchOptions {
            repeats_forbidden: g.options.repeats_forbidden,
        },
        players: g.players.map(PlayerId),
        phase,
        rng: rng_of(g.rng),
        first: g.first.map(side_of),
    }))
}

fn battle_doc(b: &Battle) -> doc::Battle {
    let sea = |side: Side| {
        let s = b.sea(side);
        doc::Sea {
            fleet: fleet_doc(s.fleet()),
            fired: s.fired().bits(),
            log: s
                .log()
                .iter()
                .map(|shot| doc::Shot {
                    turn: shot.turn,
                    cell: shot.cell.to_string(),
                    report: report_doc(shot.report),
                    repeat: shot.repeat,
                })
                .collect(),
        }
    };
    doc::Battle {
        seas: [sea(Side::Challenger), sea(Side::Opponent)],
        first: side_doc(b.first()),
        to_move: side_doc(b.to_move()),
        turns: [b.turns(Side::Challenger), b.turns(Side::Opponent)],
        first_done: b.first_done(),
    }
}

const fn report_doc(r: Report) -> doc::Report {
    match r {
        Report::Water => doc::Report::Water,
        Report::Hit { len } => doc::Report::Hit { len },
        Report::Sunk { len } => doc::Report::Sunk { len },
    }
}

const fn report_of(r: doc::Report) -> Report {
    match r {
        doc::Report::Water => Report::Water,
        doc::Report::Hit { len } => Report::Hit { len },
        doc::Report::Sunk { len } => Report::Sunk { len },
    }
}

const fn ending_doc(e: Ending) -> doc::Ending {
    match e {
        Ending::Won {
            winner,
            loser,
            reason,
        } => doc::Ending::Won {
            winner: winner.0,
            loser: loser.0,
            reason: match reason {
                WinReason::FleetDestroyed => doc::WinReason::FleetDestroyed,
                WinReason::Forfeit => doc::WinReason::Forfeit,
                WinReason::Timeout => doc::WinReason::Timeout,
            },
        },
        Ending::Draw => doc::Ending::Draw,
        Ending::TurnLimit => doc::Ending::TurnLimit,
        Ending::Declined => doc::Ending::Declined,
        Ending::Expired => doc::Ending::Expired,
        Ending::Abandoned => doc::Ending::Abandoned,
        Ending::Cancelled { by } => doc::Ending::Cancelled { by: by.0 },
    }
}

const fn ending_of(e: doc::Ending) -> Ending {
    match e {
        doc::Ending::Won {
            winner,
            loser,
            reason,
        } => Ending::Won {
            winner: PlayerId(winner),
            loser: PlayerId(loser),
            reason: match reason {
                doc::WinReason::FleetDestroyed => WinReason::FleetDestroyed,
                doc::WinReason::Forfeit => WinReason::Forfeit,
                doc::WinReason::Timeout => WinReason::Timeout,
            },
        },
        doc::Ending::Draw => Ending::Draw,
        doc::Ending::TurnLimit => Ending::TurnLimit,
        doc::Ending::Declined => Ending::Declined,
        doc::Ending::Expired => Ending::Expired,
        doc::Ending::Abandoned => Ending::Abandoned,
        doc::Ending::Cancelled { by } => Ending::Cancelled { by: PlayerId(by) },
    }
}
