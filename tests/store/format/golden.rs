//! The bytes written: today's writer is version 1's serde JSON byte for byte, with the
//! version in front; a document written today reads back as the same match; a document
//! of a newer build or a broken one is refused, never guessed at.

use broadside::game::editor::Draft;
use broadside::game::{Fleet, Variant};
use broadside::session::live::{ChannelKey, Home};
use broadside::session::stored::{decode, encode};
use broadside::store::format::{self, FormatError};

use super::fixture;

/// Every fixture file.
const FILES: [&str; 4] = [
    "v1-243e353.json",
    "v1-2cc46e8.json",
    "v1-36258d6.json",
    "v1-bb9b7cb.json",
];

/// The state column of a fixture row, as stored.
fn state(row: &fixture::Stored) -> Vec<u8> {
    row.matches["state"]["blob"]
        .as_str()
        .expect("a state")
        .as_bytes()
        .to_vec()
}

/// bb9b7cb wrote every field of format 1 with the serde JSON of its own structs: today's
/// writer writes the same bytes after its version, for every row (each phase, both rule
/// sets, the computer, a rematch, a thread, a daily match with its reminder). The expected
/// bytes are that build's, not this one's, so a change of a type in memory that would
/// change what is stored fails here.
#[test]
fn todays_writer_is_format_1_with_its_version_in_front() {
    let fixture = fixture::load("v1-bb9b7cb.json");
    assert!(fixture.rows.len() >= 15, "{}", fixture.rows.len());
    for row in &fixture.rows {
        let old = state(row);
        assert_eq!(format::version_of(&old), Some(1), "{}", row.name);
        let entry = decode(&old).unwrap_or_else(|e| panic!("{}: {e}", row.name));
        let written = encode(&entry).expect("written");
        let mut expected = br#"{"format":2,"#.to_vec();
        expected.extend_from_slice(&old[1..]);
        assert_eq!(
            String::from_utf8_lossy(&written),
            String::from_utf8_lossy(&expected),
            "{}",
            row.name
        );
        assert_eq!(format::version_of(&written), Some(format::CURRENT));
    }
}

/// Rows of builds before some fields existed read with those fields' defaults, and what
/// today's writer makes of them reads back as the same match.
#[test]
fn every_fixture_reads_and_reads_back_identical() {
    let mut rows = 0;
    for file in FILES {
        let fixture = fixture::load(file);
        for row in &fixture.rows {
            let what = format!("{} {}", fixture.build, row.name);
            let entry = decode(&state(row)).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(entry.id, row.id(), "{what}");
            let again = decode(&encode(&entry).expect("written")).expect("read back");
            assert_eq!(again, entry, "{what}");
            rows += 1;
        }
    }
    assert!(rows >= 50, "{rows} rows");
}

/// Fields that no fixture holds (an editor's drafts, a challenge waiting for its thread)
/// read back identical too, and the drafts are stored in the words written here by hand.
#[test]
fn drafts_and_homes_read_back_identical() {
    let fixture = fixture::load("v1-bb9b7cb.json");
    let row = fixture
        .rows
        .iter()
        .find(|r| r.name == "classic-placement")
        .expect("a placement");
    let mut entry = decode(&state(row)).expect("read");
    let fleet = Fleet::parse(
        Variant::Classic,
        "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
    )
    .expect("a fleet");
    let mut draft = Draft::from_fleet(&fleet);
    draft.remove().expect("the first ship comes off");
    entry.drafts = [None, Some(Box::new(draft))];
    entry.home = Home::Pending {
        parent: ChannelKey(77),
    };
    let written = encode(&entry).expect("written");
    assert_eq!(decode(&written).expect("read back"), entry);
    let v: serde_json::Value = serde_json::from_slice(&written).expect("JSON");
    assert_eq!(v["home"], serde_json::json!({"Pending": {"parent": 77}}));
    assert_eq!(
        v["drafts"],
        serde_json::json!([null, {
            "variant": "classic",
            "ships": [null, "C1-C3", "E1-E3", "G1-G2", "I1-I2", "A6-B6", "D6", "F6", "H6", "J10"],
            "cursor": {"ship": 0, "bow": "A1"},
        }])
    );
}

/// A document of a version this build does not know is refused as newer; a broken one, or
/// one whose ship is not a ship, as unreadable; neither is read as something else.
#[test]
fn newer_and_broken_documents_are_refused() {
    let fixture = fixture::load("v1-bb9b7cb.json");
    let row = fixture
        .rows
        .iter()
        .find(|r| r.name == "classic-placement")
        .expect("a placement");
    let old = state(row);
    let mut newer = br#"{"format":3,"#.to_vec();
    newer.extend_from_slice(&old[1..]);
    assert!(
        matches!(decode(&newer), Err(FormatError::Newer(3))),
        "{:?}",
        decode(&newer)
    );
    // A newer build may have changed a field's kind: still newer, not broken.
    let changed = br#"{"format":7,"id":"abc"}"#;
    assert!(matches!(decode(changed), Err(FormatError::Newer(7))));
    assert!(matches!(
        decode(b"{\"id\":"),
        Err(FormatError::Syntax { version: 1, .. })
    ));
    let text = String::from_utf8(old).expect("UTF-8");
    let bad = text.replacen("\"A1-A4\"", "\"A1-Z9\"", 1);
    assert_ne!(bad, text, "the fixture has the ship A1-A4");
    assert!(
        matches!(
            decode(bad.as_bytes()),
            Err(FormatError::Invalid { version: 1, .. })
        ),
        "{:?}",
        decode(bad.as_bytes())
    );
}
