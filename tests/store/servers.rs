//! Issue 25 in the session, on both stores: a server's settings (checked, stored, shared),
//! paces fixed in the match, and the reminders of daily matches (each once per turn, at
//! half time and an hour before the end, never for other paces, not for members who
//! turned them off, once across a restart and across two processes).

use crate::store::db::{Db, on_both_stores};
use crate::store::fixtures;

use std::time::{Duration, SystemTime};

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use broadside::game::{Confirmed, PlayerId, Variant};
use broadside::session::{
    ChannelKey, Locate, MatchId, NewMatch, Pace, Paces, REMINDER_LEASE, Reminder, Reminding, Seeds,
    Session, Settings, SettingsChange, SettingsError, Timeouts,
};
use broadside::store::{ReminderKey, ReminderKind, Timestamp};

const ALICE: PlayerId = PlayerId(2001);
const BOB: PlayerId = PlayerId(2002);
const GUILD: broadside::ids::GuildId = broadside::ids::GuildId(25);
const STANDARD: Timeouts = Timeouts::STANDARD;
const DAY: Duration = Duration::from_secs(24 * 3600);

fn session(opened: broadside::store::Opened, seed: u64) -> Session {
    Session::new(opened, Paces::new(STANDARD, 1), Seeds::new(Some(seed)))
}

/// A session after a restart: every live match brought back from the store.
async fn restarted(db: &Db, seed: u64) -> Session {
    let (s, _, _) = Session::restore(
        db.open().await,
        Paces::new(STANDARD, 1),
        Seeds::new(Some(seed)),
    )
    .await
    .expect("restore");
    s
}

fn new_match(channel: u64, pace: Pace) -> NewMatch {
    between(channel, pace, [ALICE, BOB])
}

fn between(channel: u64, pace: Pace, players: [PlayerId; 2]) -> NewMatch {
    NewMatch {
        challenger_locale: Some("da".into()),
        pace,
        ..fixtures::new_match(ChannelKey(channel), GUILD, players, ["Alice", "Bob"])
    }
}

/// A battle of Alice and Bob at `pace`; its id, who fires first and when it began.
async fn battle(s: &Session, channel: u64, pace: Pace) -> (MatchId, PlayerId, SystemTime) {
    battle_of(s, channel, pace, [ALICE, BOB]).await
}

/// A battle of `players` at `pace`.
async fn battle_of(
    s: &Session,
    channel: u64,
    pace: Pace,
    players: [PlayerId; 2],
) -> (MatchId, PlayerId, SystemTime) {
    let id = fixtures::open(s, between(channel, pace, players)).await;
    s.matches()
        .accept(id, players[1], Some("sv-SE".into()))
        .await
        .unwrap();
    let mut first = None;
    for (p, fleet) in [(players[0], CLASSIC_A), (players[1], CLASSIC_B)] {
        let preview = s.matches().place(p, Some(fleet)).await.unwrap();
        let readied = s.matches().ready(id, p, &preview.tag()).await.unwrap();
        if let Confirmed::BattleStarts { first: f } = readied.confirmed {
            first = Some(f);
        }
    }
    (id, first.expect("the battle began"), SystemTime::now())
}

/// The reminders a sweep finds due at `now`, where some are expected. A sweep whose store
/// calls fail (a busy database on a loaded machine) logs it and finds none, and the bot's
/// next sweep looks again half a second later; so does this, up to five sweeps, before it
/// takes "none" for the answer. Where none are expected, the tests ask once.
async fn found(s: &Session, now: SystemTime) -> Vec<Reminding> {
    for _ in 0..4 {
        let due = s.daily().reminders(now).await;
        if !due.is_empty() {
            return due;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    s.daily().reminders(now).await
}

async fn settings_are_checked_stored_and_reset(db: Db) {
    let s = session(db.open().await, 1);
    assert_eq!(s.settings().of(GUILD).await.unwrap(), Settings::default());
    // Nothing named, no pace left, a default pace that is not allowed: refused, unchanged.
    assert!(matches!(
        s.settings()
            .change_settings(GUILD, &SettingsChange::default())
            .await,
        Err(SettingsError::Nothing)
    ));
    let none = SettingsChange {
        paces: Some(vec![]),
        ..SettingsChange::default()
    };
    assert!(s.settings().change_settings(GUILD, &none).await.is_err());
    let clash = SettingsChange {
        pace: Some(Pace::Daily),
        paces: Some(vec![Pace::Blitz, Pace::Standard]),
        ..SettingsChange::default()
    };
    assert!(s.settings().change_settings(GUILD, &clash).await.is_err());
    assert_eq!(s.settings().of(GUILD).await.unwrap(), Settings::default());

    let change = SettingsChange {
        default_rules: Some(Variant::Game2000),
        threads: Some(true),
        channels: Some(vec![
            broadside::ids::ChannelKey(10),
            broadside::ids::ChannelKey(11),
        ]),
        paces: Some(vec![Pace::Blitz, Pace::Standard]),
        rated: Some(false),
        language: Some(Some("nl".into())),
        ..SettingsChange::default()
    };
    let saved = s.settings().change_settings(GUILD, &change).await.unwrap();
    assert_eq!(saved.default_rules, Variant::Game2000);
    assert!(saved.threads && !saved.rated);
    assert!(
        saved.allows(broadside::ids::ChannelKey(10), None)
            && !saved.allows(broadside::ids::ChannelKey(12), None)
    );
    // A thread counts as its parent channel.
    assert!(saved.allows(
        broadside::ids::ChannelKey(99),
        Some(broadside::ids::ChannelKey(11))
    ));
    // Another server keeps the defaults; after a restart (on PostgreSQL: in another
    // process at once) the change is there.
    assert_eq!(
        s.settings()
            .of(broadside::ids::GuildId(GUILD.0 + 1))
            .await
            .unwrap(),
        Settings::default()
    );
    let first = db.is_shared().then_some(s);
    let again = restarted(&db, 2).await;
    assert_eq!(again.settings().of(GUILD).await.unwrap(), saved);
    // One setting at a time leaves the others.
    let one = SettingsChange {
        threads: Some(false),
        ..SettingsChange::default()
    };
    let after = again.settings().change_settings(GUILD, &one).await.unwrap();
    assert!(!after.threads);
    assert_eq!(after.default_rules, Variant::Game2000);
    again.settings().reset_settings(GUILD).await.unwrap();
    assert_eq!(
        again.settings().of(GUILD).await.unwrap(),
        Settings::default()
    );
    if let Some(first) = first {
        assert_eq!(
            first.settings().of(GUILD).await.unwrap(),
            Settings::default()
        );
    }
}

async fn a_match_keeps_its_pace_and_its_limits(db: Db) {
    let s = session(db.open().await, 3);
    let before = SystemTime::now();
    let blitz = s
        .matches()
        .challenge(new_match(1, Pace::Blitz))
        .await
        .unwrap();
    let left = blitz.deadline.duration_since(before).unwrap();
    assert!(
        left <= Duration::from_secs(121) && left > Duration::from_secs(115),
        "{left:?}"
    );
    assert_eq!(blitz.pace, Pace::Blitz);
    assert_eq!(blitz.turn, Duration::from_secs(60));
    s.matches()
        .cancel(ChannelKey(1), ALICE, false)
        .await
        .unwrap();
    let (_, _, started) = battle(&s, 2, Pace::Daily).await;
    // Stored with the match: a restarted session reads the same pace and deadline.
    drop(s);
    let s = restarted(&db, 30).await;
    let (pace, deadline) = s
        .read(Locate::Channel(ChannelKey(2)), |e| (e.pace, e.deadline))
        .await
        .expect("the match");
    assert_eq!(pace, Pace::Daily);
    let left = deadline.duration_since(started).unwrap_or_default();
    let slack = Duration::from_secs(5);
    assert!(left + slack > DAY && left <= DAY + slack, "{left:?}");
}

async fn a_daily_turn_reminds_at_half_and_an_hour_before_once_each(db: Db) {
    let s = session(db.open().await, 4);
    let (id, first, started) = battle(&s, 3, Pace::Daily).await;
    assert!(
        s.daily().reminders(started).await.is_empty(),
        "nothing due yet"
    );
    let at_half = started + DAY / 2 + Duration::from_secs(1);
    let half = found(&s, at_half).await;
    assert_eq!(half.len(), 1, "{half:?}");
    assert_eq!(
        (half[0].id, half[0].player, half[0].which),
        (id, first, Reminder::Half)
    );
    // The player's own locale (Alice's from her challenge, Bob's from his Accept).
    let locale = if first == ALICE { "da" } else { "sv-SE" };
    assert_eq!(half[0].locale.as_deref(), Some(locale));
    assert!(s.daily().reminders(at_half).await.is_empty(), "sent once");
    // A restart: the new session knows the half one went out.
    drop(s);
    let s = restarted(&db, 5).await;
    assert!(
        s.daily()
            .reminders(at_half + Duration::from_secs(60))
            .await
            .is_empty()
    );
    let at_hour = started + DAY - Duration::from_secs(3599);
    let hour = found(&s, at_hour).await;
    assert_eq!(hour.len(), 1, "{hour:?}");
    assert_eq!(hour[0].which, Reminder::Hour);
    assert!(
        s.daily()
            .reminders(at_hour + Duration::from_secs(1))
            .await
            .is_empty()
    );
    // A new turn reminds the other player afresh; the link follows the last message.
    s.daily()
        .mark_shown(id, broadside::ids::MessageId(4242))
        .await
        .unwrap();
    let target = if first == ALICE { "J10" } else { "A10" };
    let shot = s
        .matches()
        .fire(ChannelKey(3), first, target)
        .await
        .unwrap();
    let next = shot.deadline;
    let other = if first == ALICE { BOB } else { ALICE };
    let later = next - DAY / 2 + Duration::from_secs(1);
    let half = found(&s, later).await;
    assert_eq!(half.len(), 1, "{half:?}");
    assert_eq!((half[0].player, half[0].which), (other, Reminder::Half));
    assert_eq!(half[0].message, Some(broadside::ids::MessageId(4242)));
}

async fn a_reminder_missed_while_down_is_the_hours(db: Db) {
    let s = session(db.open().await, 6);
    let (_, _, started) = battle(&s, 4, Pace::Daily).await;
    // Down from before half time until within the last hour: one reminder, the hour's.
    let late = started + DAY - Duration::from_secs(600);
    let sent = found(&s, late).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].which, Reminder::Hour);
    assert!(s.daily().reminders(late).await.is_empty());
}

async fn other_paces_and_members_who_said_no_get_none(db: Db) {
    let s = session(db.open().await, 7);
    let (_, _, started) = battle(&s, 5, Pace::Standard).await;
    assert!(
        s.daily().reminders(started + DAY).await.is_empty(),
        "standard never reminds"
    );
    s.matches().forfeit(ALICE).await.unwrap();
    let (_, first, started) = battle(&s, 6, Pace::Daily).await;
    assert!(s.daily().reminders_on(first).await.unwrap());
    s.daily().set_reminders(first, false).await.unwrap();
    assert!(!s.daily().reminders_on(first).await.unwrap());
    assert!(
        s.daily()
            .reminders(started + DAY / 2 + Duration::from_secs(1))
            .await
            .is_empty()
    );
    // Turned on again: the hour's reminder comes (the half one was passed over, not kept).
    s.daily().set_reminders(first, true).await.unwrap();
    let hour = found(&s, started + DAY - Duration::from_secs(3000)).await;
    assert_eq!(hour.len(), 1, "{hour:?}");
    assert_eq!(hour[0].which, Reminder::Hour);
}

/// Issue 36, item 10: a reminder is marked as sent only once its DM went out. One that was
/// taken but never marked (the bot stopped before or while sending it, or the DM failed) is
/// left to its sender for the lease, then sent again instead of being lost; one marked is
/// never sent again, also after a restart.
async fn a_reminder_is_marked_only_once_its_dm_went_out(db: Db) {
    let s = session(db.open().await, 8);
    let (id, first, started) = battle(&s, 7, Pace::Daily).await;
    let at_half = started + DAY / 2 + Duration::from_secs(1);
    let half = found(&s, at_half).await;
    assert_eq!(half.len(), 1, "{half:?}");
    // Stopped before its mark: a restarted bot leaves it to the lease...
    drop(s);
    let s = restarted(&db, 9).await;
    assert!(
        s.daily()
            .reminders(at_half + Duration::from_secs(60))
            .await
            .is_empty(),
        "taken by the first sweep"
    );
    // ...then sends it.
    let again = found(&s, at_half + REMINDER_LEASE + Duration::from_secs(1)).await;
    assert_eq!(again.len(), 1, "{again:?}");
    assert_eq!(
        (again[0].id, again[0].player, again[0].which),
        (id, first, Reminder::Half)
    );
    // Sent and marked: never again, whatever the time and after a restart.
    s.daily().mark_reminded(&again[0]).await;
    assert!(
        s.daily()
            .reminders(at_half + REMINDER_LEASE * 3)
            .await
            .is_empty()
    );
    drop(s);
    let s = restarted(&db, 10).await;
    assert!(
        s.daily()
            .reminders(at_half + REMINDER_LEASE * 4)
            .await
            .is_empty(),
        "the mark is in the stored match"
    );
    // The hour's reminder comes in its time, once.
    let at_hour = started + DAY - Duration::from_secs(3599);
    let hour = found(&s, at_hour).await;
    assert_eq!(hour.len(), 1, "{hour:?}");
    assert_eq!(hour[0].which, Reminder::Hour);
    s.daily().mark_reminded(&hour[0]).await;
    assert!(
        s.daily()
            .reminders(at_hour + REMINDER_LEASE * 2)
            .await
            .is_empty()
    );
}

/// A sweep runs every half second: one that read the match just before the DM task marked
/// it comes to take the same reminder just after. The outbox refuses it, however late it
/// comes, while the match's next reminder is still taken.
async fn a_reminder_sent_is_refused_to_a_sweep_that_read_before_its_mark(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let s = session(opened, 11);
    let (id, _, started) = battle(&s, 8, Pace::Daily).await;
    let at_half = started + DAY / 2 + Duration::from_secs(1);
    let half = found(&s, at_half).await;
    assert_eq!(half.len(), 1, "{half:?}");
    s.daily().mark_reminded(&half[0]).await;
    let ms = |t: SystemTime| {
        i64::try_from(
            t.duration_since(SystemTime::UNIX_EPOCH)
                .unwrap()
                .as_millis(),
        )
        .unwrap()
    };
    for late in [Duration::from_millis(500), REMINDER_LEASE * 10] {
        let at = ms(at_half + late);
        assert!(
            !store
                .outbox()
                .take_reminder(
                    ReminderKey {
                        match_id: id,
                        moves: half[0].moves,
                        which: ReminderKind::Half,
                    },
                    Timestamp(at),
                    Timestamp(at),
                )
                .await
                .unwrap(),
            "the half reminder taken again {late:?} after it was sent"
        );
    }
    let at_hour = ms(started + DAY - Duration::from_secs(3599));
    assert!(
        store
            .outbox()
            .take_reminder(
                ReminderKey {
                    match_id: id,
                    moves: half[0].moves,
                    which: ReminderKind::Hour,
                },
                Timestamp(at_hour),
                Timestamp(at_hour - 1),
            )
            .await
            .unwrap(),
        "the hour's reminder takes the row"
    );
}

on_both_stores!(
    a_reminder_sent_is_refused_to_a_sweep_that_read_before_its_mark,
    a_reminder_is_marked_only_once_its_dm_went_out,
    settings_are_checked_stored_and_reset,
    a_match_keeps_its_pace_and_its_limits,
    a_daily_turn_reminds_at_half_and_an_hour_before_once_each,
    a_reminder_missed_while_down_is_the_hours,
    other_paces_and_members_who_said_no_get_none,
);

/// Two processes on one PostgreSQL database ask for the same reminders at once: each is
/// handed out once.
#[tokio::test]
async fn two_processes_send_each_reminder_once() {
    let Some(db) = Db::postgres("two_processes_send_each_reminder_once").await else {
        return;
    };
    let a = session(db.open().await, 8);
    let b = session(db.open().await, 9);
    let mut starts = Vec::new();
    for channel in 0..6 {
        let players = [PlayerId(3000 + 2 * channel), PlayerId(3001 + 2 * channel)];
        let (_, _, started) = battle_of(&a, 100 + channel, Pace::Daily, players).await;
        starts.push(started);
    }
    let at = *starts.iter().max().unwrap() + DAY / 2 + Duration::from_secs(1);
    let (x, y) = tokio::join!(a.daily().reminders(at), b.daily().reminders(at));
    let mut ids: Vec<u64> = x.iter().chain(&y).map(|r| r.id.0).collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(before, 6, "{x:?} {y:?}");
    assert_eq!(ids.len(), 6);
}
